"""Geometry of one tile: sides, the thirteen places, rotation and which places face each other."""

from __future__ import annotations

import pytest

from scorer.engine import Game, Placement
from scorer.engine.places import PLACES, Place, Side, quarter_turns

from .conftest import same_feature
from .reference import facing, rotate_place


def test_thirteen_places_and_four_sides():
    assert [p.name for p in PLACES] == [
        "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "C",
    ]  # fmt: skip
    assert [s.name for s in Side] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(
    ("place", "turns", "expected"),
    [
        ("N", 1, "E"), ("E", 1, "S"), ("S", 1, "W"), ("W", 1, "N"),
        ("NNE", 1, "ESE"), ("ENE", 1, "SSE"), ("WNW", 1, "NNE"), ("NNW", 1, "ENE"),
        ("NNE", 2, "SSW"), ("ENE", 3, "NNW"), ("SSW", 4, "SSW"), ("C", 1, "C"), ("C", 3, "C"),
    ],
)  # fmt: skip
def test_rotating_places(place, turns, expected):
    assert Place[place].rotated(turns).name == expected
    assert rotate_place(place, turns) == expected


@pytest.mark.parametrize(
    ("place", "expected"),
    [
        ("NNE", "SSE"), ("N", "S"), ("NNW", "SSW"),  # NNE meets SSE of the tile above
        ("ENE", "WNW"), ("E", "W"), ("ESE", "WSW"),  # ENE meets WNW of the tile to the east
        ("SSE", "NNE"), ("S", "N"), ("SSW", "NNW"),
        ("WSW", "ESE"), ("W", "E"), ("WNW", "ENE"),
    ],
)  # fmt: skip
def test_facing_places(place, expected):
    assert Place[place].facing.name == expected
    assert facing(place)[1] == expected
    assert Place[expected].facing.name == place


def test_the_centre_faces_nothing():
    with pytest.raises(ValueError):
        _ = Place.C.facing


@pytest.mark.parametrize(
    ("side", "neighbour", "middle", "halves"),
    [
        ("N", (0, -1), "N", ("NNW", "NNE")),
        ("E", (1, 0), "E", ("ENE", "ESE")),
        ("S", (0, 1), "S", ("SSE", "SSW")),
        ("W", (-1, 0), "W", ("WSW", "WNW")),
    ],
)
def test_sides(side, neighbour, middle, halves):
    s = Side[side]
    assert s.neighbour((0, 0)) == neighbour
    assert s.middle.name == middle
    assert tuple(p.name for p in s.halves) == halves
    assert s.opposite.opposite is s
    assert s.rotated(1) is Side((s + 1) % 4)
    for p in (s.middle, *s.halves):
        assert p.side is s


@pytest.mark.parametrize(("degrees", "turns"), [(0, 0), (90, 1), (180, 2), (270, 3)])
def test_quarter_turns(degrees, turns):
    assert quarter_turns(degrees) == turns


@pytest.mark.parametrize("bad", [45, 360, -90, 1])
def test_bad_rotation(bad):
    with pytest.raises(ValueError):
        quarter_turns(bad)


@pytest.mark.parametrize("name", ["X", "c", "north", "", "NN"])
def test_unknown_place_names(name):
    with pytest.raises(ValueError):
        Place.parse(name)


# Facing places on a real board: U tiles side by side share their fields half by half.
@pytest.mark.parametrize(
    ("texts", "a", "b", "same"),
    [
        # U east of D: D's north field (ENE) meets U's WNW, D's south field (ESE) meets U's WSW
        (["D@0,0/0", "U@1,0/0"], ((0, 0), "ENE"), ((1, 0), "WNW"), True),
        (["D@0,0/0", "U@1,0/0"], ((0, 0), "ESE"), ((1, 0), "WSW"), True),
        (["D@0,0/0", "U@1,0/0"], ((0, 0), "ENE"), ((1, 0), "WSW"), False),
        # V below D (its north edge is field): D's SSE meets V's NNE
        (["D@0,0/0", "V@0,1/0"], ((0, 0), "SSE"), ((0, 1), "NNE"), True),
        # a road meets a road in the middle of the edge
        (["D@0,0/0", "U@1,0/0"], ((0, 0), "E"), ((1, 0), "W"), True),
        # a city meets a city
        (["D@0,0/0", "E@0,-1/180"], ((0, 0), "N"), ((0, -1), "SSE"), True),
    ],
)
def test_facing_places_join_features_on_the_board(texts, a, b, same):
    game = Game(2)
    for t in texts:
        game.push(Placement.parse(t))
    assert same_feature(game, a, b) is same
