"""A turn's actions: each kind registered once with its text form and board-file field, so a new
kind (a made-up one here) round-trips through the notation, the board file and a saved move with
no change anywhere else."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import pytest

from scorer.engine import Game, Meeple, Place, Placement, Recall, Rule, build_game, read_board, write_board
from scorer.engine import actions as registry
from scorer.engine.actions import ActionKind, ReadContext, Step, kind_of, parse_action
from scorer.engine.errors import BoardFileError, IllegalPlacementError, NotationError
from scorer.engine.placement import _parse


class Bell(NamedTuple):
    """A made-up action: a player rings a bell on a square after the turn's scoring."""

    player: int
    x: int
    y: int

    field = "bell"  # (not annotated: a class attribute, not a field of the tuple)

    def __str__(self) -> str:
        return f"bell={self.player}@{self.x},{self.y}"


_BELL = re.compile(r"bell=(?P<player>[0-9])@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)")


def _parse_bell(token: str) -> Bell | None:
    match = _BELL.fullmatch(token)
    return Bell(int(match["player"]), int(match["x"]), int(match["y"])) if match else None


def _read_bell(raw: Any, context: ReadContext) -> Bell:
    if not isinstance(raw, dict) or not isinstance(raw.get("player"), int):
        raise BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail="a bell is an object")
    return Bell(raw["player"], raw["x"], raw["y"])


BELL = ActionKind(
    "bell",
    Step.AFTER_SCORING,
    False,
    _parse_bell,
    _read_bell,
    lambda bell: {"player": bell.player, "x": bell.x, "y": bell.y},
)


@pytest.fixture
def bell(monkeypatch):
    """The kind registered for one test (placements read as text are kept: forget them both ways)."""
    _parse.cache_clear()
    monkeypatch.setitem(registry._KINDS, "bell", BELL)
    yield BELL
    _parse.cache_clear()


def test_a_registered_kind_round_trips_as_text(bell):
    text = "1>E@0,-1/180:1S:bell=1@2,3"
    placement = Placement.parse(text)
    assert placement.actions == (Meeple(1, Place.S), Bell(1, 2, 3))
    assert placement.meeple == Meeple(1, Place.S) and placement.choice == Meeple(1, Place.S)
    assert str(placement) == text
    assert kind_of(Bell(0, 0, 0)) is bell and parse_action("bell=0@0,0") == Bell(0, 0, 0)


def test_a_registered_kind_round_trips_through_the_board_file(bell):
    game = Game(["Mina", "Wei"])
    game.push(Placement.parse("D@0,0/0"))
    game.push(Placement.parse("E@0,-1/180:1S:bell=1@2,3"))
    document = write_board(game)
    assert document["placements"][1]["bell"] == {"player": 1, "x": 2, "y": 3}
    again = build_game(read_board(document))
    assert again.placements == game.placements


def test_without_its_registration_the_kind_is_not_read():
    with pytest.raises(NotationError, match="'bell=1@2,3' is not an action"):
        Placement.parse("E@0,-1/180:bell=1@2,3")


def test_an_action_goes_in_its_steps_place(bell):
    placement = Placement("E", 0, -1, 180).with_action(Bell(0, 1, 1)).with_action(Meeple(1, Place.S))
    assert placement.actions == (Meeple(1, Place.S), Bell(0, 1, 1))  # the figure's step comes first
    assert placement.without_meeple().actions == (Bell(0, 1, 1),)  # what the rules recorded stays


@pytest.mark.parametrize(
    "text",
    ["U@1,0/0:0^1,0", "1>U@-1,0/90:1^1,0", "ic-cathedral@0,1/270:0N+big", "2>B@3,3/0:2C+abbot"],
)
def test_the_first_two_kinds_keep_their_text_forms(text):
    placement = Placement.parse(text)
    assert str(placement) == text
    namespace = {"Placement": Placement, "Meeple": Meeple, "Place": Place, "Recall": Recall}
    namespace.update({"FigureKind": __import__("scorer.engine", fromlist=["FigureKind"]).FigureKind})
    assert eval(repr(placement), namespace) == placement


@pytest.mark.parametrize(
    ("token", "detail"),
    [
        ("1S+dragon", "there is no figure 'dragon'"),
        ("0^a,b", "a recall is PLAYER^X,Y"),
        ("zz", "not an action"),
    ],
)
def test_a_malformed_action_says_what_is_wrong(token, detail):
    with pytest.raises(NotationError) as caught:
        parse_action(token)
    assert caught.value.facts["detail"] == detail


def test_two_choices_in_one_turn_are_refused():
    game = Game(["Mina", "Wei"], expansions=["abbot"])
    game.push(Placement.parse("D@0,0/0"))
    with pytest.raises(IllegalPlacementError) as caught:
        game.push(Placement("E", 0, -1, 180, Meeple(0, Place.S), Recall(0, 0, 0)))
    assert caught.value.rule is Rule.TWO_ACTIONS
    assert len(game.turns) == 1  # nothing changed


def test_an_action_of_an_expansion_not_in_play_is_refused_by_its_kind():
    game = Game(["Mina", "Wei"])
    game.push(Placement.parse("D@0,0/0"))
    with pytest.raises(IllegalPlacementError) as caught:
        game.push(Placement.parse("E@0,-1/180:0^0,0"))
    assert caught.value.rule is Rule.RECALL_NOT_THERE
