"""How players look: one rule for the HTML board, the pictures and the tutor."""

from pathlib import Path

import pytest

from scorer.engine import COLORS, Player
from scorer.players import PATTERNS, PLAYER_COLOURS, contrast, ink_on, looks_of, marks_for, players_css
from scorer.render import palette

ROOT = Path(__file__).resolve().parents[2]


def test_the_stylesheet_is_written_from_the_python_colours():
    # Edit scorer/players.py, then run `manage.py css`.
    assert (ROOT / "static" / "css" / "players.css").read_text(encoding="utf-8") == players_css()


def test_the_pictures_use_the_same_colours():
    assert palette.PLAYER_COLOURS is PLAYER_COLOURS


@pytest.mark.parametrize("color", COLORS)
def test_every_colour_has_its_own_pattern_and_a_readable_mark(color):
    assert PATTERNS[color] != "none"
    assert contrast(ink_on(PLAYER_COLOURS[color]), PLAYER_COLOURS[color]) >= 4.5


def test_no_two_colours_share_a_pattern():
    assert len(set(PATTERNS.values())) == len(PATTERNS)


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (["Mina", "Wei"], ["M", "W"]),
        (["Mina", "Max"], ["1", "2"]),  # the same initial: numbers instead
        (["مینا", "سارا"], ["م", "س"]),
        (["王小明", "李"], ["王", "李"]),
        (["7up", "Wei"], ["1", "2"]),  # a digit is no initial
    ],
)
def test_marks_are_initials_when_they_tell_players_apart(names, marks):
    assert marks_for(names) == marks


def test_players_without_a_colour_get_the_free_ones_in_order():
    looks = looks_of([Player("A", "blue"), Player("B"), Player("C", "red"), Player("D")])
    assert [look.color for look in looks] == ["blue", "green", "red", "yellow"]
