"""Which turns of a tile the site offers: two turns are one only if nothing on the board tells
them apart, edges, features' places and all they carry (pennant, inn, cathedral, goods, garden,
cloister, the cities a field touches), for every tile of every box in every rotation."""

from __future__ import annotations

import pytest

from scorer.engine import Game, Placement, Player
from scorer.engine.scoring import Category
from scorer.engine.tiles import Good
from scorer.engine.tilesets import TILES


def as_laid(name: str, rotation: int) -> tuple:
    """What the board sees at each place of the tile turned by ``rotation``: a map from place to
    the feature there with everything it carries."""
    tile = TILES[name]
    o = tile.oriented(rotation)
    seen = set()
    for i, spec in enumerate(tile.features):
        touched = frozenset(frozenset(o.feature_places[c]) for c in spec.cities)
        for place in o.feature_places[i]:
            carried = (spec.kind, spec.pennant, spec.inn, spec.cathedral, spec.good, touched)
            seen.add((place, frozenset(o.feature_places[i]), carried))
    return o.edges, frozenset(seen)


@pytest.mark.parametrize("name", sorted(TILES))
def test_every_turn_that_differs_in_anything_is_offered_and_only_those(name):
    kept = TILES[name].distinct_rotations
    assert kept[0] == 0
    looks = {r: as_laid(name, r) for r in (0, 90, 180, 270)}
    assert len({looks[r] for r in kept}) == len(kept), "two offered turns are the same"
    for r in (0, 90, 180, 270):
        assert any(looks[k] == looks[r] for k in kept if k <= r), f"{r}° is never offered"


def test_the_two_wine_turns_of_tb_two_corners_wine_are_both_offered():
    assert TILES["tb-two-corners-wine"].distinct_rotations == (0, 90, 180, 270)


@pytest.mark.parametrize(("rotation", "wine"), [(0, 0), (180, 1)])
def test_the_two_turns_of_tb_two_corners_wine_score_differently(rotation, wine):
    """D's city goes on into the tile's south-east city; E closes it from the east. Only at 180°
    does that city carry the wine, so only then does Wei, who closes it, take a token."""
    game = Game([Player("Mina"), Player("Wei")], expansions=("traders-builders",))
    game.extend(Placement.parse(t) for t in ("D@0,0/0", f"tb-two-corners-wine@0,-1/{rotation}", "E@1,-1/270"))
    assert game.layer_of(2) == 1
    assert game.goods[1][Good.WINE] == wine
    assert [p.by_category[Category.GOODS] for p in game.report().players] == [0, 10 * wine]


@pytest.mark.parametrize(
    "tile, rotation, offered, expected",
    [
        ("U", 180, [0, 90], 0),  # a straight road turned half way round is the same road
        ("U", 270, [0, 90], 90),
        ("D", 90, [0, 90, 180, 270], 90),
        ("C", 270, [0], 0),
        ("tb-two-corners-wine", 180, [0, 90, 180, 270], 180),  # the wine is on the other city
        ("tb-two-corners-wine", 180, [0, 90], None),
    ],
)
def test_the_same_turn_among_those_offered(tile, rotation, offered, expected):
    assert TILES[tile].same_turn(rotation, offered) == expected
