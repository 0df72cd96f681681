"""How players look: one rule for the HTML board, the pictures and the tutor."""

import itertools
import re
from pathlib import Path

import pytest

from scorer.board_layer.players import (
    FIGURE_OUTLINE,
    FIGURE_RING,
    PATTERNS,
    PLAYER_COLOURS,
    contrast,
    hex_of,
    ink_on,
    looks_of,
    marks_for,
    players_css,
)
from scorer.engine import COLORS, Player
from scorer.render import palette

ROOT = Path(__file__).resolve().parents[2]


def test_the_stylesheet_is_written_from_the_python_colours():
    # Edit scorer/board_layer/players.py, then run `manage.py css`.
    assert (ROOT / "static" / "css" / "players.css").read_text(encoding="utf-8") == players_css()


def test_the_pictures_use_the_same_colours():
    assert palette.PLAYER_COLOURS is PLAYER_COLOURS


@pytest.mark.parametrize("color", COLORS)
def test_every_colour_has_its_own_pattern_and_a_readable_mark(color):
    assert "gradient" in PATTERNS[color].css
    assert contrast(ink_on(PLAYER_COLOURS[color]), PLAYER_COLOURS[color]) >= 4.5


def test_no_two_colours_share_a_pattern():
    assert len({(p.shape, p.angle) for p in PATTERNS.values()}) == len(PATTERNS)


_OVERLAY = re.compile(r"rgb\((\d+) (\d+) (\d+) / (\d+)%\) 0 (\d+(?:\.\d+)?)(px|%)")


@pytest.mark.parametrize("color", COLORS)
def test_every_pattern_is_strong_enough_to_see_on_a_small_figure(color):
    # Opaque enough to tell from the plain colour, its marks at least 1.5 px: the green's old
    # 1.2-pixel dots at 55% were gone on a phone's board.
    overlays = _OVERLAY.findall(PATTERNS[color].css)
    assert overlays, PATTERNS[color].css
    for *_, alpha, size, unit in overlays:
        assert int(alpha) >= 30
        assert float(size) >= (1.5 if unit == "px" else 20)


@pytest.mark.parametrize("color", COLORS)
def test_the_mark_has_a_halo_of_its_own_colour_over_the_pattern(color):
    rule = next(line for line in players_css().splitlines() if line.startswith(f".c-{color} "))
    assert f"text-shadow: 0 0 1px var(--player-{color})" in rule


# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
SIMULATIONS = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.01182, 0.04294, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}


def _simulate(colour, matrix):
    def linear(v):
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def encoded(c):
        c = min(max(c, 0.0), 1.0)
        return round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))

    rgb = [linear(v) for v in colour]
    return tuple(encoded(sum(m * c for m, c in zip(row, rgb, strict=True))) for row in matrix)


@pytest.mark.parametrize("simulation", SIMULATIONS)
def test_under_red_green_blindness_no_two_players_look_alike(simulation):
    seen = {name: _simulate(rgb, SIMULATIONS[simulation]) for name, rgb in PLAYER_COLOURS.items()}
    assert seen["red"] != PLAYER_COLOURS["red"]  # the simulation does change colours
    alike = []
    for a, b in itertools.combinations(COLORS, 2):
        by_lightness = contrast(seen[a], seen[b]) >= 1.5
        by_shape = PATTERNS[a].shape != PATTERNS[b].shape
        if not (by_lightness or by_shape):
            alike.append((a, b))
    assert not alike
    if simulation == "deuteranopia":  # red and green, the pair this is about: only the pattern tells
        assert contrast(seen["red"], seen["green"]) < 1.5


@pytest.mark.parametrize("color", COLORS)
@pytest.mark.parametrize(
    "art", ["FIELD", "FIELD_DARK", "CITY", "CITY_ROOF_EDGE", "ROAD", "RIVER", "YARD", "HEDGE"]
)
def test_a_figure_stands_out_from_any_tile_art(color, art):
    # WCAG 1.4.11: a graphic needs 3:1 against what is next to it; the ring or its outline does it.
    under = getattr(palette, art)
    assert max(contrast(FIGURE_RING, under), contrast(FIGURE_OUTLINE, under)) >= 3
    assert (
        max(contrast(PLAYER_COLOURS[color], FIGURE_RING), contrast(PLAYER_COLOURS[color], FIGURE_OUTLINE))
        >= 3
    )
    assert f"box-shadow: 0 0 0 1.5px {hex_of(FIGURE_OUTLINE)}" in players_css()


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
