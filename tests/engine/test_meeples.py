"""Meeples: where one may stand, the supply of seven, and when they come home."""

from __future__ import annotations

import pytest

from scorer.engine import FeatureKind, FigureKind, IllegalPlacementError, Placement, Rule

from .boards import MERGED_CITIES, ROAD_BETWEEN_JUNCTIONS, SEVEN_OUT
from .conftest import game_of, meeples_on_board


@pytest.mark.parametrize(
    ("texts", "bad", "rule"),
    [
        # the road X–D is claimed at X, two tiles away
        (["D@0,0/0", "X@-1,0/0:0E"], "W@1,0/0:1W", Rule.FEATURE_OCCUPIED),
        (["D@0,0/0", "X@-1,0/0:0E"], "W@1,0/0:0W", Rule.FEATURE_OCCUPIED),  # even by the same player
        (["D@0,0/0", "X@-1,0/0:0E", "U@1,0/0"], "U@2,0/0:1W", Rule.FEATURE_OCCUPIED),  # three tiles away
        # the city D + N has blue's knight; F joins it to red's: two knights already on the joined city
        (MERGED_CITIES[:-1], "F@1,-1/0:0E", Rule.FEATURE_OCCUPIED),
        # a knight in D's city, then a farmer is fine but a second knight is not
        (["D@0,0/0", "N@0,-1/180:0S"], "E@1,-1/270:1W", Rule.FEATURE_OCCUPIED),
        # places with no feature
        (["D@0,0/0"], "X@-1,0/0:0C", Rule.NO_FEATURE_THERE),  # the crossroads' centre
        (["D@0,0/0"], "U@1,0/0:0C", Rule.NO_FEATURE_THERE),
        (["D@0,0/0"], "E@0,-1/180:0C", Rule.NO_FEATURE_THERE),
        # a player who does not exist
        (["D@0,0/0"], "U@1,0/0:2N", Rule.UNKNOWN_PLAYER),
        # the eighth meeple
        (SEVEN_OUT, "U@-1,0/0:0W", Rule.NO_MEEPLE_LEFT),
    ],
)
def test_meeple_refused(texts, bad, rule):
    game = game_of(*texts)
    before = game.state()
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse(bad))
    assert err.value.rule is rule
    assert err.value.index == len(texts)
    assert game.state() == before  # nothing changed
    game.push(Placement.parse(bad.split(":")[0]))  # the same tile without the meeple is legal


@pytest.mark.parametrize(
    ("texts", "good"),
    [
        # a separate feature of the same tile: W's south road, its fields
        (["D@0,0/0", "X@-1,0/0:0E"], "W@1,0/0:1S"),
        (["D@0,0/0", "X@-1,0/0:0E"], "W@1,0/0:0N"),
        # a farmer on the tile that joins two knights' cities
        (MERGED_CITIES[:-1], "F@1,-1/0:0N"),
        # the other player's field south of the road
        (["D@0,0/0", "U@1,0/0:0N"], "U@2,0/0:1S"),
        # a monk beside an occupied city
        (["D@0,0/0", "N@0,-1/180:0S"], "B@-1,-1/0:1C"),
        # a thief on L's south road while its west road (joined to D's) is taken
        (["D@0,0/0", "U@-1,0/0:0W"], "L@1,0/0:1S"),
    ],
)
def test_meeple_allowed(texts, good):
    game = game_of(*texts)
    game.push(Placement.parse(good))
    assert sum(meeples_on_board(game).values()) + sum(game.meeples_in_supply) == 14


def test_seven_meeples_then_none_then_one_back():
    game = game_of(*SEVEN_OUT)
    assert game.meeples_in_supply == [0, 7]
    assert meeples_on_board(game) == {0: 7}
    # player 1 may still place
    game.push(Placement.parse("U@-1,0/0:1W"))
    assert game.meeples_in_supply == [0, 6]


def test_a_meeple_that_scored_can_be_used_again():
    game = game_of(*SEVEN_OUT)
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("E@0,-1/180:0S"))  # player 0 has none left
    assert err.value.rule is Rule.NO_MEEPLE_LEFT
    game.push(Placement.parse("E@0,-1/180:1S"))  # player 1's knight scores and comes home at once
    game.push(Placement.parse("E@-1,-1/180:1S"))  # and goes out again
    assert game.meeples_in_supply == [0, 6]
    assert game.scores == [0, 4]


def test_farmers_stay_until_the_end():
    game = game_of("D@0,0/0", "U@1,0/0:0N", "E@0,-1/180")
    assert game.meeples_in_supply == [6, 7]
    assert game.report().totals == (3, 0)


def test_figure_spots_say_which_features_are_free():
    game = game_of(*ROAD_BETWEEN_JUNCTIONS[:2])  # the road X–D is claimed
    before = game.state()
    spots = game.figure_spots(Placement.parse("W@1,0/0"))
    by_place = {s.place.name: (s.feature, s.legal) for s in spots}
    assert by_place["W"] == (FeatureKind.ROAD, False)
    assert by_place["E"] == (FeatureKind.ROAD, True)
    assert by_place["S"] == (FeatureKind.ROAD, True)
    assert {s.kind for s in spots} == {FigureKind.MEEPLE}  # the base game has only meeples
    assert len(spots) == len(game.tile_type("W").features)
    assert next(s for s in spots if s.place.name == "W").problem.rule is Rule.FEATURE_OCCUPIED
    # every free spot can take a meeple, every taken one cannot
    for spot in spots:
        p = Placement.parse("W@1,0/0").with_meeple(1, spot.place)
        assert game.is_legal(p) is spot.legal
    assert game.state() == before  # asking changed nothing


def test_figure_spots_of_the_tile_just_laid_ignore_its_own_figure():
    game = game_of(*ROAD_BETWEEN_JUNCTIONS[:2], "W@1,0/0:1E")
    before = game.state()
    spots = {s.place.name: s.legal for s in game.figure_spots()}
    assert spots["E"] is True  # its own thief does not make the road taken
    assert spots["W"] is False
    assert game.state() == before


def test_meeple_on_any_place_of_the_feature():
    # a knight in E turned 180 may be written S, SSE or SSW
    for place in ("S", "SSE", "SSW"):
        game = game_of("D@0,0/0", f"E@0,-1/180:1{place}")
        assert game.scores == [0, 4]
