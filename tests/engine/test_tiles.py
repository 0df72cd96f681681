"""The tile catalogue against the tables of tiles.md (typed independently in reference.py)."""

from __future__ import annotations

import pytest

from scorer.engine import BASE_TILES, RIVER_TILES, TILES, Edge, Expansion, FeatureKind, tile_counts
from scorer.engine.places import Place, Side
from scorer.engine.tiles import TileMark

from . import reference
from .reference import ALL_TILES, SIDE_PLACES, oriented_edges, oriented_features, rotate_place

ALL_NAMES = sorted(ALL_TILES)
ROTATIONS = (0, 90, 180, 270)
EXPANSION_SETS = [
    frozenset(chosen)
    for chosen in (
        (),
        ("river",),
        ("abbot",),
        ("river", "abbot"),
        ("inns-cathedrals",),
        ("inns-cathedrals", "abbot"),
        ("traders-builders",),
        ("traders-builders", "abbot"),
        ("river", "abbot", "inns-cathedrals", "traders-builders"),
        ("princess-dragon",),
        ("princess-dragon", "abbot"),
        ("princess-dragon", "tower", "river", "abbot"),
        ("river", "abbot", "inns-cathedrals", "traders-builders", "tower", "princess-dragon"),
    )
]


def places(names) -> frozenset[str]:
    return frozenset(p.name for p in names)


def engine_features(name: str, rotation: int = 0) -> set:
    """(kind, places without the centre of a city, pennant, touched city place-sets, inn,
    cathedral, good, princess) for each feature."""
    tile = TILES[name]
    o = tile.oriented(rotation)
    out = set()
    for spec, ps in zip(tile.features, o.feature_places):
        ps = places(ps)
        if spec.kind is FeatureKind.CITY:
            ps = ps - {"C"}
        cities = frozenset(places(o.feature_places[c]) - {"C"} for c in spec.cities)
        good = spec.good.value if spec.good else None
        out.add((spec.kind.value, ps, spec.pennant, cities, spec.inn, spec.cathedral, good, spec.princess))
    return out


def reference_features(name: str, rotation: int = 0) -> set:
    feats = oriented_features(name, rotation)
    return {
        (
            f.kind,
            f.places,
            f.pennant,
            frozenset(feats[c].places for c in f.cities),
            f.inn,
            f.cathedral,
            f.goods,
            f.princess,
        )
        for f in feats
    }


def test_base_game_has_72_tiles_and_river_12():
    assert sum(t.count for t in BASE_TILES) == 72
    assert sum(t.count for t in RIVER_TILES) == 12
    assert TILES["D"].count == 4
    assert sum(tile_counts().values()) == 72
    assert sum(tile_counts(frozenset({"river"})).values()) == 84


@pytest.mark.parametrize(
    ("chosen", "total", "gardens"),
    [
        ((), 72, 0),
        (("abbot",), 72, 8),
        (("river", "abbot"), 84, 9),
        (("inns-cathedrals",), 90, 0),
        (("inns-cathedrals", "abbot"), 90, 10),
        (("traders-builders",), 96, 0),
        (("traders-builders", "abbot"), 96, 10),
        (("river", "abbot", "inns-cathedrals", "traders-builders"), 126, 13),
        (("princess-dragon",), 102, 0),
        (("princess-dragon", "abbot"), 102, 10),
        (("river", "abbot", "inns-cathedrals", "traders-builders", "tower", "princess-dragon"), 174, 17),
    ],
)
def test_each_box_holds_the_tiles_of_tiles_md(chosen, total, gardens):
    counts = tile_counts(frozenset(Expansion(e) for e in chosen))
    assert sum(counts.values()) == total
    assert sum(n for name, n in counts.items() if TILES[name].garden is not None) == gardens


def test_catalogue_names_are_exactly_those_of_tiles_md():
    assert sorted(TILES) == ALL_NAMES
    assert sorted(t.name for t in RIVER_TILES) == sorted(n for n, t in reference.REF_TILES.items() if t.river)


@pytest.mark.parametrize("chosen", EXPANSION_SETS, ids=lambda c: "+".join(sorted(c)) or "base")
def test_counts_in_every_edition(chosen):
    theirs = {name: n for name, n in reference.tile_counts(chosen).items() if n}
    assert tile_counts(frozenset(Expansion(e) for e in chosen)) == theirs


@pytest.mark.parametrize("name", ALL_NAMES)
def test_edges(name):
    assert tuple(e.value for e in TILES[name].edges) == ALL_TILES[name].edges


@pytest.mark.parametrize("name", ALL_NAMES)
def test_features_places_pennants_and_field_cities(name):
    assert engine_features(name) == reference_features(name)
    assert len(TILES[name].features) == len(ALL_TILES[name].features)


PENNANTS = {"C", "F", "M", "O", "Q", "S", "M-garden", "ic-corner-and-city", "ic-across-two-roads"}
PENNANTS |= {"ic-corner-curve-inn", "to-three-sided-and-city"}
PENNANTS |= {"pd-across-dragon", "pd-three-sided-portal", "pd-city-and-corner-princess"}


@pytest.mark.parametrize(("name", "pennant"), [(n, n in PENNANTS) for n in ALL_NAMES])
def test_pennants_are_on_c_f_m_o_q_s_only(name, pennant):
    assert any(f.pennant for f in TILES[name].features) is pennant
    assert sum(f.pennant for f in TILES[name].features) <= 1


@pytest.mark.parametrize("name", ALL_NAMES)
def test_cloister_only_where_the_table_says_and_only_at_the_centre(name):
    tile = TILES[name]
    expected = name in {
        "A",
        "B",
        "river-cloister",
        "ic-cloister-two-roads",
        "tb-cloister-three-roads",
        "to-cloister",
        "pd-cloister-three-roads-dragon",
        "pd-three-sided-cloister-dragon",
    }
    assert tile.has_cloister is expected
    for spec in tile.features:
        if spec.kind is FeatureKind.CLOISTER:
            assert places(spec.places) == {"C"}


@pytest.mark.parametrize("name", ALL_NAMES)
def test_each_place_in_at_most_one_feature(name):
    # A garden shares place C with whatever lies there (an abbot at C takes the garden).
    seen: list[str] = []
    for spec in TILES[name].features:
        if spec.kind is not FeatureKind.GARDEN:
            seen += [p.name for p in spec.places]
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize("name", ALL_NAMES)
def test_edge_places_belong_to_the_right_kind(name):
    tile = TILES[name]
    kind_at = {p.name: spec.kind.value for spec in tile.features for p in spec.places}
    for side, edge in zip("NESW", tile.edges):
        half_a, middle, half_b = SIDE_PLACES[side]
        if tile.city_of_carcassonne and edge is Edge.FIELD:
            # The City's wall faces its other tiles: a half-edge there lies in a field only
            # where an outer field turns the corner (count-1's ENE).
            assert {kind_at.get(p) for p in (half_a, middle, half_b)} <= {"field", None}
            continue
        if edge is Edge.CITY:
            assert kind_at.get(half_a) == kind_at.get(middle) == kind_at.get(half_b) == "city"
            continue
        # every half-edge place of a non-city edge lies in exactly one field
        assert kind_at.get(half_a) == "field", (side, half_a)
        assert kind_at.get(half_b) == "field", (side, half_b)
        expected_middle = {Edge.FIELD: "field", Edge.ROAD: "road", Edge.RIVER: None}[edge]
        assert kind_at.get(middle) == expected_middle, (side, middle)


@pytest.mark.parametrize("name", ALL_NAMES)
def test_fields_touch_only_cities_of_their_own_tile(name):
    tile = TILES[name]
    for spec in tile.features:
        for c in spec.cities:
            assert spec.kind is FeatureKind.FIELD
            assert tile.features[c].kind is FeatureKind.CITY


@pytest.mark.parametrize(
    ("name", "field_place", "city_places"),
    [
        ("D", "ENE", [{"NNW", "N", "NNE"}]),
        ("D", "S", []),
        ("H", "E", [{"NNW", "N", "NNE"}, {"SSE", "S", "SSW"}]),
        ("I", "S", [{"NNW", "N", "NNE"}, {"WSW", "W", "WNW"}]),
        ("J", "ENE", [{"NNW", "N", "NNE"}]),
        ("J", "SSW", [{"NNW", "N", "NNE"}]),
        ("J", "ESE", []),
        ("K", "SSE", [{"NNW", "N", "NNE"}]),
        ("K", "WSW", []),
        ("L", "WNW", [{"NNW", "N", "NNE"}]),
        ("O", "SSW", [{"NNW", "N", "NNE", "WSW", "W", "WNW"}]),
        ("O", "SSE", []),
        ("S", "SSE", [{"NNW", "N", "NNE", "ENE", "E", "ESE", "WSW", "W", "WNW"}]),
        ("F", "N", [{"ENE", "E", "ESE", "WSW", "W", "WNW"}]),
        ("F", "S", [{"ENE", "E", "ESE", "WSW", "W", "WNW"}]),
        ("U", "N", []),
        ("river-cities", "WNW", [{"NNW", "N", "NNE"}]),
        ("river-cities", "WSW", [{"SSE", "S", "SSW"}]),
        ("river-city-road", "ENE", [{"NNW", "N", "NNE"}]),
        ("river-city-road", "ESE", []),
        ("river-city-corner", "SSW", [{"NNW", "N", "NNE", "WSW", "W", "WNW"}]),
        ("river-city-corner", "SSE", []),
    ],
)
def test_field_to_city_adjacency_as_in_the_table(name, field_place, city_places):
    tile = TILES[name]
    o = tile.oriented(0)
    spec = tile.features[o.feature_at[Place[field_place]]]
    assert spec.kind is FeatureKind.FIELD
    got = [places(o.feature_places[c]) - {"C"} for c in spec.cities]
    assert sorted(map(sorted, got)) == sorted(map(sorted, city_places))


@pytest.mark.parametrize(
    ("name", "a", "b", "same"),
    [
        ("S", "SSE", "SSW", False),  # the road splits S's field in two
        ("river-city-road", "ENE", "WNW", False),  # two fields by the table
        ("H", "E", "W", True),  # one field between H's two cities
        ("H", "N", "S", False),  # two separate cities
        ("I", "N", "W", False),
        ("X", "NNW", "NNE", False),
        ("river-road-curve", "WNW", "SSE", True),  # the field between road and river
        ("river-bridge", "NNW", "NNE", False),  # the river divides like a road
        ("L", "E", "W", False),  # three roads ending at L's junction
        ("U", "W", "E", True),
    ],
)
def test_which_places_share_a_feature(name, a, b, same):
    o = TILES[name].oriented(0)
    assert (o.feature_at[Place[a]] == o.feature_at[Place[b]]) is same


@pytest.mark.parametrize(
    ("name", "place"),
    [
        ("X", "C"),
        ("river-straight", "E"),
        ("river-spring", "E"),
        ("river-lake", "W"),
        ("U", "C"),
        ("river-bridge", "N"),
    ],
)
def test_places_with_no_feature(name, place):
    assert TILES[name].oriented(0).feature_at[Place[place]] is None


@pytest.mark.parametrize("name", ALL_NAMES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_rotation_turns_edges_and_places(name, rotation):
    o = TILES[name].oriented(rotation)
    assert o.rotation == rotation
    assert {s: o.edges[Side[s]].value for s in "NESW"} == oriented_edges(name, rotation)
    assert engine_features(name, rotation) == reference_features(name, rotation)
    assert {s.name for s in o.river_sides} == {s for s in "NESW" if oriented_edges(name, rotation)[s] == "~"}


@pytest.mark.parametrize(
    ("name", "rotation", "edges"),
    [
        ("E", 90, "F C F F"),  # 90° moves N to E
        ("E", 180, "F F C F"),
        ("E", 270, "F F F C"),
        ("D", 90, "R C R F"),
        ("V", 270, "F R R F"),
        ("J", 180, "R F C R"),
        ("river-spring", 90, "F F ~ F"),
        ("river-city-corner", 270, "~ ~ C C"),
    ],
)
def test_rotated_edges_by_hand(name, rotation, edges):
    o = TILES[name].oriented(rotation)
    assert " ".join(e.value for e in o.edges) == edges


@pytest.mark.parametrize(
    ("name", "rotation", "place", "kind", "feature_places"),
    [
        ("E", 90, "E", "city", {"ENE", "E", "ESE"}),
        ("E", 180, "S", "city", {"SSE", "S", "SSW"}),
        ("V", 90, "N", "road", {"N", "W"}),  # the curve W–S turned a quarter becomes N–W
        ("V", 90, "SSE", "field", {"NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW"}),
        ("K", 180, "E", "road", {"N", "E"}),
        ("M", 270, "SSW", "city", {"WSW", "W", "WNW", "SSE", "S", "SSW"}),
    ],
)
def test_rotated_features_by_hand(name, rotation, place, kind, feature_places):
    o = TILES[name].oriented(rotation)
    index = o.feature_at[Place[place]]
    assert TILES[name].features[index].kind.value == kind
    got = places(o.feature_places[index]) - {"C"}
    assert got == feature_places


@pytest.mark.parametrize("name", ALL_NAMES)
def test_place_of_a_feature_is_one_of_its_places(name):
    for rotation in ROTATIONS:
        o = TILES[name].oriented(rotation)
        for i, spec in enumerate(TILES[name].features):
            if spec.kind is FeatureKind.GARDEN:
                assert o.place_of(i) is Place.C and TILES[name].garden == i
            else:
                assert o.feature_at[o.place_of(i)] == i


# -- Princess & Dragon ---------------------------------------------------------------------------

PD_NAMES = sorted(n for n, t in ALL_TILES.items() if t.expansion == "princess-dragon")
VOLCANOES = {
    "pd-volcano",
    "pd-road-end-volcano",
    "pd-city-volcano",
    "pd-two-cities-volcano",
    "pd-curve-volcano",
    "pd-straight-volcano",
}
DRAGONS = {
    "pd-city-dragon",
    "pd-city-dragon-garden",
    "pd-cloister-three-roads-dragon",
    "pd-junction-dragon",
    "pd-three-sided-cloister-dragon",
    "pd-curve-dragon",
    "pd-straight-dragon",
    "pd-corner-dragon",
    "pd-across-dragon",
    "pd-across-tunnel-dragon",
    "pd-city-curve-west-dragon",
    "pd-city-curve-east-dragon",
}
PORTALS = {
    "pd-two-curves-portal",
    "pd-junction-portal",
    "pd-three-sided-portal",
    "pd-corner-curve-portal",
    "pd-city-curve-west-portal",
    "pd-city-curve-east-portal",
}
PRINCESSES = {
    "pd-city-junction-princess",
    "pd-city-and-corner-princess",
    "pd-three-sided-princess",
    "pd-corner-princess",
    "pd-corner-princess-garden",
    "pd-corner-split-princess",
    "pd-corner-curve-princess",
}


def pd_box(counts: dict[str, int]) -> dict[str, int]:
    return {name: n for name, n in counts.items() if name.startswith("pd-") and n}


@pytest.mark.parametrize(("abbot", "gardens"), [(False, 0), (True, 2)])
def test_princess_dragon_has_30_tiles_in_both_editions(abbot, gardens):
    chosen = frozenset({"princess-dragon"} | ({"abbot"} if abbot else set()))
    ours = pd_box(tile_counts(frozenset(Expansion(e) for e in chosen)))
    assert sum(ours.values()) == 30
    assert sum(n for name, n in ours.items() if TILES[name].garden is not None) == gardens
    assert ours == pd_box(reference.tile_counts(chosen))
    assert ours["pd-curve-dragon"] == 2
    assert len(ours) == 29  # 29 types in either edition: a garden tile replaces its twin
    marks = {mark: sum(n for name, n in ours.items() if TILES[name].mark == mark) for mark in TileMark}
    assert marks == {TileMark.VOLCANO: 6, TileMark.DRAGON: 12, TileMark.PORTAL: 6}
    assert sum(n for name, n in ours.items() if any(f.princess for f in TILES[name].features)) == 6


def test_the_four_kinds_of_mark_name_every_tile_of_the_box_once():
    assert sorted(VOLCANOES | DRAGONS | PORTALS | PRINCESSES) == PD_NAMES
    assert len(VOLCANOES) + len(DRAGONS) + len(PORTALS) + len(PRINCESSES) == len(PD_NAMES) == 31


@pytest.mark.parametrize("name", ALL_NAMES)
def test_mark_and_princess_of_every_tile(name):
    expected = (
        "volcano"
        if name in VOLCANOES
        else "dragon"
        if name in DRAGONS
        else "portal"
        if name in PORTALS
        else None
    )
    assert ALL_TILES[name].mark == expected
    engine_mark = TILES[name].mark
    assert (engine_mark.value if engine_mark is not None else None) == expected
    assert isinstance(engine_mark, TileMark | None)
    ours = [spec.princess for spec in TILES[name].features]
    theirs = [f.princess for f in ALL_TILES[name].features]
    assert sorted(ours) == sorted(theirs)
    assert sum(ours) == (name in PRINCESSES)  # one princess, on a city, on a princess tile only
    for spec in TILES[name].features:
        if spec.princess:
            assert spec.kind is FeatureKind.CITY


@pytest.mark.parametrize(
    ("name", "a", "b", "same"),
    [
        ("pd-across-tunnel-dragon", "NNW", "NNE", True),  # the tunnel's road divides no field
        ("pd-across-tunnel-dragon", "SSE", "SSW", True),
        ("pd-across-tunnel-dragon", "NNW", "SSW", False),  # the city lies between
        ("pd-across-tunnel-dragon", "N", "S", True),  # one road under the city
        ("pd-across-tunnel-dragon", "N", "E", False),  # the road is not the city
        ("pd-three-sided-cloister-dragon", "C", "N", False),  # the cloister is not the city
        ("pd-city-and-corner-princess", "N", "E", False),  # two cities
        ("pd-city-and-corner-princess", "C", "W", False),  # the small field between them
        ("pd-corner-split-princess", "E", "S", False),
        ("pd-road-end-volcano", "SSE", "SSW", True),  # one field round the road's end
    ],
)
def test_which_places_share_a_feature_on_princess_dragon_tiles(name, a, b, same):
    o = TILES[name].oriented(0)
    assert (o.feature_at[Place[a]] == o.feature_at[Place[b]]) is same
    ref = {p: i for i, f in enumerate(oriented_features(name, 0)) for p in f.places if f.kind != "garden"}
    assert (ref[a] == ref[b]) is same


def test_the_cloister_in_the_city_is_a_feature_of_its_own():
    tile = TILES["pd-three-sided-cloister-dragon"]
    o = tile.oriented(0)
    assert tile.features[o.feature_at[Place.C]].kind is FeatureKind.CLOISTER
    assert tile.features[o.feature_at[Place.N]].kind is FeatureKind.CITY


def test_reference_rotation_agrees_with_the_picture():
    # sanity of the independent model itself: NNW goes to ENE, the centre stays
    assert rotate_place("NNW", 1) == "ENE"
    assert rotate_place("WNW", 1) == "NNE"
    assert rotate_place("C", 3) == "C"
