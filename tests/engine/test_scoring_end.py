"""The end of the game: unfinished roads, cities and cloisters (farms are in test_farms.py)."""

from __future__ import annotations

import pytest

from scorer.engine import Category, Placement

from .boards import (
    CITY_AND_ROAD_TOGETHER,
    CITY_AROUND_C,
    CITY_THROUGH_I_TWICE,
    CLOISTER_RING,
    MERGED_CITIES,
    ROAD_TWO_AGAINST_ONE,
)
from .conftest import events_of, game_of, ref_of


def end_view(game):
    return sorted(
        (e.feature.value, e.complete, len(e.tiles), e.pennants, dict(e.meeples), e.winners, e.points)
        for e in events_of(game, "end")
    )


@pytest.mark.parametrize(
    ("texts", "expected", "totals"),
    [
        pytest.param(
            ["D@0,0/0", "U@1,0/0:0W"],
            [("road", False, 2, 0, {0: 1}, (0,), 2)],
            (2, 0),
            id="unfinished-road-1-per-tile",
        ),
        pytest.param(
            ["D@0,0/0", "U@1,0/0", "U@2,0/0:1E", "U@-1,0/0"],
            [("road", False, 4, 0, {1: 1}, (1,), 4)],
            (0, 4),
            id="unfinished-road-4",
        ),
        pytest.param(
            # M turned 180: city S+E with a pennant, open to the east: 2 tiles + 1 pennant
            ["D@0,0/0", "M@0,-1/180:0S"],
            [("city", False, 2, 1, {0: 1}, (0,), 3)],
            (3, 0),
            id="unfinished-city-pennant-1+1",
        ),
        pytest.param(
            # two pennants: M and then F east of it, still open to the east
            ["D@0,0/0", "M@0,-1/180:0S", "F@1,-1/0"],
            [("city", False, 3, 2, {0: 1}, (0,), 5)],
            (5, 0),
            id="unfinished-city-two-pennants",
        ),
        pytest.param(
            ["D@0,0/0", "C@0,-1/0:1N"],
            [("city", False, 2, 1, {1: 1}, (1,), 3)],
            (0, 3),
            id="tile-C-unfinished",
        ),
        pytest.param(
            # cloister under D at the board's edge: itself + D + U = 3
            ["D@0,0/0", "U@1,0/0", "B@0,1/0:0C"],
            [("cloister", False, 3, 0, {0: 1}, (0,), 3)],
            (3, 0),
            id="cloister-edge-3",
        ),
        pytest.param(
            CLOISTER_RING[:-1],  # eight of nine: the monk's cloister lacks one neighbour
            [("cloister", False, 8, 0, {0: 1}, (0,), 8)],
            (8, 0),
            id="cloister-7-neighbours",
        ),
        pytest.param(
            # A's road ends at its cloister and is open at the other end; the cloister has only D
            # beside it (U is two squares away): 1 + 1
            ["D@0,0/0", "A@1,0/90:1C", "U@-1,0/0:0W"],
            [("cloister", False, 2, 0, {1: 1}, (1,), 2), ("road", False, 3, 0, {0: 1}, (0,), 3)],
            (3, 2),
            id="cloister-and-road",
        ),
        pytest.param(
            # two cities each with a knight, not joined: each scores its own
            MERGED_CITIES[:-1],
            [("city", False, 1, 0, {1: 1}, (1,), 1), ("city", False, 2, 0, {0: 1}, (0,), 2)],
            (2, 1),
            id="two-separate-unfinished-cities",
        ),
        pytest.param(
            CITY_THROUGH_I_TWICE[:-1],  # the ring without I: 3 tiles open at two ends
            [("city", False, 3, 0, {0: 1}, (0,), 3)],
            (3, 0),
            id="city-ring-open",
        ),
        pytest.param(
            CITY_AROUND_C[:-1],  # C with three of its four sides closed
            [("city", False, 4, 1, {0: 1}, (0,), 5)],
            (5, 0),
            id="tile-C-nearly-closed",
        ),
    ],
)
def test_unfinished_features(texts, expected, totals):
    game = game_of(*texts)
    assert game.events == []
    assert end_view(game) == expected
    assert game.report().totals == totals
    assert list(totals) == ref_of(*texts).totals()


@pytest.mark.parametrize("small_city", [2, 4])
def test_small_city_rule_does_not_touch_unfinished_cities(small_city):
    # N turned 180 (city S+E) on D: a two-tile city still open to the east
    game = game_of("D@0,0/0", "N@0,-1/180:0S", small_city=small_city)
    assert game.report().totals == (2, 0)


def test_unfinished_features_without_meeples_score_nothing():
    game = game_of("D@0,0/0", "U@1,0/0", "M@0,-1/180", "B@0,1/0")
    assert game.report().events == ()
    assert game.report().totals == (0, 0)


def test_majority_at_the_end_two_against_one():
    # thieves on three road pieces joined but left open (see ROAD_TWO_AGAINST_ONE)
    game = game_of(*ROAD_TWO_AGAINST_ONE[:-1])  # the east end stays open
    assert end_view(game) == [("road", False, 7, 0, {0: 2, 1: 1}, (0,), 7)]
    assert game.report().totals == (7, 0)


def test_projected_scores_add_end_points_to_play_points():
    game = game_of(*CITY_AND_ROAD_TOGETHER, "U@2,0/0:0W")  # an open road east of L
    assert game.scores == [3, 4]
    assert game.projected_scores() == (3 + 2, 4)
    assert game.report().players[0].by_category[Category.ROAD] == 5


def test_end_scoring_changes_nothing():
    game = game_of("D@0,0/0", "U@1,0/0:0W")
    before = game.state()
    game.report()
    game.end_events()
    assert game.state() == before
    assert game.is_legal(Placement.parse("U@2,0/0"))
