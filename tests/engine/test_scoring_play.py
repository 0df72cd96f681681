"""Features completed during play: the worked examples of the rules article and the tricky cases.

Every board is built tile by tile in replay mode, so each placement is also checked for legality.
Rotations are worked out from tiles.md: turning 90° moves the north edge to the east edge.
"""

from __future__ import annotations

import pytest

from scorer.engine import IllegalPlacementError, Placement, Rule

from .boards import (
    BUTTERFLY,
    CITY_AND_ROAD_TOGETHER,
    CITY_AROUND_C,
    CITY_THROUGH_H_TWICE,
    CITY_THROUGH_I_TWICE,
    CLOISTER_AND_ROAD_TOGETHER,
    CLOISTER_RING,
    LONG_CITY,
    MERGED_CITIES,
    ROAD_BETWEEN_JUNCTIONS,
    ROAD_CITY_TO_CLOISTER,
    ROAD_LOOP,
    ROAD_THROUGH_W_TWICE,
    ROAD_THROUGH_X_TWICE,
    ROAD_TWO_AGAINST_ONE,
    SMALL_CITY,
    TWO_CLOISTERS_AT_ONCE,
)
from .conftest import game_of, play_points, ref_of

# -- the worked examples of zh-TW-rules-article.txt -------------------------------------------------


def last_events(texts, **kw):
    game = game_of(*texts, **kw)
    return game, game.turns[-1].events


def describe(event):
    return (
        event.feature.value,
        event.complete,
        len(event.tiles),
        event.pennants,
        dict(event.meeples),
        event.winners,
        event.points,
    )


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        pytest.param(ROAD_LOOP, [("road", True, 4, 0, {0: 1}, (0,), 4)], id="road-loop-4"),
        pytest.param(ROAD_BETWEEN_JUNCTIONS, [("road", True, 3, 0, {0: 1}, (0,), 3)], id="road-junctions-3"),
        pytest.param(ROAD_CITY_TO_CLOISTER, [("road", True, 3, 0, {0: 1}, (0,), 3)], id="road-city-cloister"),
        pytest.param(LONG_CITY, [("city", True, 3, 0, {1: 1}, (1,), 6)], id="city-3-tiles-6"),
        pytest.param(BUTTERFLY, [("city", True, 4, 1, {0: 1}, (0,), 10)], id="butterfly-8+2"),
        pytest.param(SMALL_CITY, [("city", True, 2, 0, {1: 1}, (1,), 4)], id="small-city-4"),
        pytest.param(MERGED_CITIES, [("city", True, 4, 1, {0: 1, 1: 1}, (0, 1), 10)], id="merged-10-each"),
        pytest.param(CLOISTER_RING, [("cloister", True, 9, 0, {0: 1}, (0,), 9)], id="cloister-9"),
    ],
)
def test_worked_examples(texts, expected):
    game, events = last_events(texts)
    assert [describe(e) for e in events] == expected
    assert all(e.placement == len(texts) - 1 for e in events)
    # the meeples that scored are back: every player has all 7 again
    assert game.meeples_in_supply == [7, 7]
    assert list(game.scores) == play_points(events, 2)


def test_nothing_scores_before_the_last_tile_of_each_example():
    for texts in (ROAD_LOOP, LONG_CITY, BUTTERFLY, MERGED_CITIES, CLOISTER_RING):
        game = game_of(*texts[:-1])
        assert game.events == []
        assert game.scores == [0, 0]


def test_small_city_old_rule_scores_two():
    game, events = last_events(SMALL_CITY, small_city=2)
    assert [e.points for e in events] == [2]
    assert game.scores == [0, 2]


@pytest.mark.parametrize(
    ("texts", "small_city", "scores"),
    [
        (LONG_CITY, 2, [0, 6]),  # three tiles: the old rule does not apply
        (BUTTERFLY, 2, [10, 0]),
        (MERGED_CITIES, 2, [10, 10]),
        (SMALL_CITY, 4, [0, 4]),
        (SMALL_CITY, 2, [0, 2]),
    ],
)
def test_small_city_rule_only_touches_two_tile_cities(texts, small_city, scores):
    assert game_of(*texts, small_city=small_city).scores == scores


# -- majorities ----------------------------------------------------------------------------------


def test_two_against_one_the_majority_takes_all():
    game, events = last_events(ROAD_TWO_AGAINST_ONE)
    assert [describe(e) for e in events] == [("road", True, 8, 0, {0: 2, 1: 1}, (0,), 8)]
    assert game.scores == [8, 0]
    assert game.meeples_in_supply == [7, 7]


def test_joined_road_cannot_take_a_fourth_thief():
    game = game_of(*ROAD_TWO_AGAINST_ONE[:-2])
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("W@-2,0/180:1E"))
    assert err.value.rule is Rule.FEATURE_OCCUPIED


# -- one turn, several things -----------------------------------------------------------------------


def test_a_tile_closing_a_city_and_a_road_scores_both():
    game, events = last_events(CITY_AND_ROAD_TOGETHER)
    assert sorted((describe(e) for e in events), key=repr) == [
        ("city", True, 2, 0, {1: 1}, (1,), 4),
        ("road", True, 3, 0, {0: 1}, (0,), 3),
    ]
    assert game.scores == [3, 4]
    assert game_of(*CITY_AND_ROAD_TOGETHER[:3]).events == []  # D's city closed with no knight


def test_a_tile_completing_a_cloister_and_a_road_scores_both():
    game, events = last_events(CLOISTER_AND_ROAD_TOGETHER)
    assert sorted((describe(e) for e in events), key=repr) == [
        ("cloister", True, 9, 0, {0: 1}, (0,), 9),
        ("road", True, 3, 0, {1: 1}, (1,), 3),
    ]
    assert game.scores == [9, 3]
    assert game.meeples_in_supply == [7, 7]


def test_a_meeple_placed_this_turn_scores_and_comes_back():
    game = game_of("D@0,0/0")
    assert game.meeples_in_supply == [7, 7]
    events = game.push(Placement.parse("E@0,-1/180:1S"))
    assert [e.points for e in events] == [4]
    assert game.meeples_in_supply == [7, 7]
    assert game.figures == ()


def test_one_tile_completes_two_cloisters():
    game, events = last_events(TWO_CLOISTERS_AT_ONCE)
    assert sorted((describe(e) for e in events), key=repr) == [
        ("cloister", True, 9, 0, {0: 1}, (0,), 9),
        ("cloister", True, 9, 0, {1: 1}, (1,), 9),
    ]
    assert game.scores == [9, 9]
    assert game_of(*TWO_CLOISTERS_AT_ONCE[:-1]).scores == [0, 0]


def test_a_monk_laid_into_a_full_hole_scores_nine_at_once():
    ring = [t for t in CLOISTER_RING if not t.startswith("B@")]
    game, events = last_events([*ring, "B@0,1/0:1C"])
    assert [describe(e) for e in events] == [("cloister", True, 9, 0, {1: 1}, (1,), 9)]
    assert game.meeples_in_supply == [7, 7]
    assert game.scores == [0, 9]


# -- a tile counts once per feature --------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        pytest.param(CITY_THROUGH_I_TWICE, ("city", True, 4, 0, {0: 1}, (0,), 8), id="city-I"),
        pytest.param(CITY_THROUGH_H_TWICE, ("city", True, 6, 1, {0: 1}, (0,), 14), id="city-H"),
        pytest.param(ROAD_THROUGH_W_TWICE, ("road", True, 4, 0, {0: 1}, (0,), 4), id="road-W"),
        pytest.param(ROAD_THROUGH_X_TWICE, ("road", True, 4, 0, {1: 1}, (1,), 4), id="road-X"),
    ],
)
def test_a_tile_crossed_twice_counts_once(texts, expected):
    _, events = last_events(texts)
    assert [describe(e) for e in events] == [expected]


def test_a_road_leaving_and_reentering_a_junction_does_not_close_the_other_roads():
    game = game_of(*ROAD_THROUGH_W_TWICE)
    # W's west road is still open and unclaimed: a thief may stand on it
    assert game.is_legal(Placement.parse("U@-1,1/0:1E"))


# -- the all-city tile C --------------------------------------------------------------------------


def test_tile_c_city():
    _, events = last_events(CITY_AROUND_C)
    assert [describe(e) for e in events] == [("city", True, 5, 1, {0: 1}, (0,), 12)]


# -- completed without meeples -------------------------------------------------------------------


@pytest.mark.parametrize(
    "texts",
    [
        [t.split(":")[0] for t in ROAD_LOOP],
        [t.split(":")[0] for t in BUTTERFLY],
        [t.split(":")[0] for t in CLOISTER_RING],
        [t.split(":")[0] for t in MERGED_CITIES],
    ],
)
def test_completed_features_without_meeples_score_nothing(texts):
    game = game_of(*texts)
    assert game.events == []
    assert game.report().totals == (0, 0)


# -- against the independent model ---------------------------------------------------------------


@pytest.mark.parametrize(
    "texts",
    [
        ROAD_LOOP,
        ROAD_BETWEEN_JUNCTIONS,
        ROAD_CITY_TO_CLOISTER,
        LONG_CITY,
        BUTTERFLY,
        SMALL_CITY,
        MERGED_CITIES,
        CLOISTER_RING,
        ROAD_TWO_AGAINST_ONE,
        CITY_AND_ROAD_TOGETHER,
        CLOISTER_AND_ROAD_TOGETHER,
        CITY_THROUGH_I_TWICE,
        CITY_THROUGH_H_TWICE,
        ROAD_THROUGH_W_TWICE,
        ROAD_THROUGH_X_TWICE,
        CITY_AROUND_C,
        TWO_CLOISTERS_AT_ONCE,
    ],
)
def test_hand_boards_agree_with_the_reference_model(texts):
    game = game_of(*texts)
    ref = ref_of(*texts)
    ref_play = [0, 0]
    for e in ref.events:
        for p in e.winners:
            ref_play[p] += e.points
    assert list(game.scores) == ref_play
    assert list(game.report().totals) == ref.totals()
