"""Names a screen reader speaks for tiles and for the spots a figure can take on them."""

import pytest
from django.utils import translation

from scorer.board_layer.tile_names import BASE_TILE_DESCRIPTIONS, bearings, feature_bearings, tile_description
from scorer.boardpage.spots import spot_label
from scorer.engine import FigureKind, FigureSpot
from scorer.engine.tilesets import BOX_TILES

EVERY_TILE = [(box, tile) for box, tiles in BOX_TILES.items() for tile in tiles]


def _labels(tile, rotation):
    orientation = tile.orientations[rotation // 90]
    where = feature_bearings(orientation)
    with translation.override("en"):
        return [
            spot_label(
                "Mina",
                FigureKind.MEEPLE,
                FigureSpot(FigureKind.MEEPLE, orientation.place_of(i), spec.kind, i, orientation.anchors[i]),
                where[i],
            )
            for i, spec in enumerate(tile.features)
        ]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize(("box", "tile"), EVERY_TILE, ids=[t.name for _, t in EVERY_TILE])
def test_no_two_spots_on_a_tile_share_a_name(box, tile, rotation):
    labels = _labels(tile, rotation)
    assert len(set(labels)) == len(labels), labels


def test_the_compass_turns_with_the_tile():
    from scorer.engine import TILES

    # D: a city on the north edge, the road east-west; its fields lie north and south of the road.
    assert _labels(TILES["D"], 0)[2:] == [
        "Put Mina's meeple on the field to the north",
        "Put Mina's meeple on the field to the south",
    ]
    assert _labels(TILES["D"], 90)[2:] == [
        "Put Mina's meeple on the field to the east",
        "Put Mina's meeple on the field to the west",
    ]
    # L: three roads from a city; its fields north of the junction and in the two corners.
    assert _labels(TILES["L"], 0)[4:] == [
        "Put Mina's meeple on the field to the north",
        "Put Mina's meeple on the field to the south-east",
        "Put Mina's meeple on the field to the south-west",
    ]
    # H: two cities, north and south.
    assert _labels(TILES["H"], 0)[:2] == [
        "Put Mina's meeple on the city to the north",
        "Put Mina's meeple on the city to the south",
    ]


def test_the_finest_compass_only_where_a_coarser_one_cannot_tell_features_apart():
    assert bearings([(0.9, 0.2), (0.8, 0.8)]) == ["NE", "SE"]
    # Two fields both to the south-east: sixteen points it takes.
    assert bearings([(0.9, 0.32), (0.92, 0.7), (0.7, 0.92)]) == ["ENE", "ESE", "SSE"]
    assert bearings([(0.5, 0.1), (0.5, 0.5)]) == ["N", "C"]


def test_every_base_tile_has_a_description():
    from scorer.engine import TILES

    base = [name for name in TILES if len(name) == 1]
    assert sorted(base) == sorted(BASE_TILE_DESCRIPTIONS)
    with translation.override("en"):
        assert tile_description("E") == "E: a city on one edge"
        assert tile_description("river-lake") == "lake"
        garden_twin = next(t.name for t in TILES.values() if t.twin == "E")
        assert tile_description(garden_twin) == "E with a garden: a city on one edge"
    with translation.override("zh-hant"):
        assert tile_description("E").startswith("E")
