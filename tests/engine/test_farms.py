"""Farms at the end of the game, in the three editions of the rules."""

from __future__ import annotations

import pytest

from scorer.engine import IllegalPlacementError, Placement, Rule

from .boards import THREE_FARMERS, THREE_FARMERS_AND_CLOISTER
from .conftest import events_of, game_of, ref_of, same_feature

# One player in two separate fields that both touch the same city (player 0 on the field round E
# and on the field north of the road, as in THREE_FARMERS); player 1's farmer, south of the road,
# joins player 0's northern field through the cloister tile: that field has one farmer each.
EDITIONS_DIFFER = [
    "D@0,0/0",
    "E@0,-1/180:0N",
    "U@-1,0/0:0N",
    "V@0,1/0:1N",
    "A@1,0/90",
]
# A city that touches one field along two tiles: B between E's field and U's (north of the road).
CITY_TOUCHED_TWICE = [
    "D@0,0/0",
    "E@0,-1/180",  # closes the little city
    "U@1,0/0:0N",  # farmer north of the road: its field touches the city along D
    "B@1,-1/0",  # joins it to the field round E: now along D and along E
]


@pytest.mark.parametrize(
    ("texts", "farmers", "players", "totals"),
    [
        pytest.param(THREE_FARMERS, "3rd", 3, (0, 3, 3), id="three-farmers"),
        pytest.param(THREE_FARMERS_AND_CLOISTER, "3rd", 3, (3, 3, 3), id="three-farmers+cloister"),
        pytest.param(THREE_FARMERS, "2nd", 3, (0, 3, 3), id="three-farmers-2nd"),
        pytest.param(THREE_FARMERS_AND_CLOISTER, "2nd", 3, (3, 3, 3), id="three-farmers+cloister-2nd"),
        # 1st: the city once, 4, for the majority over all its fields: red 1, blue 1 (yellow has none)
        pytest.param(THREE_FARMERS, "1st", 3, (0, 4, 4), id="three-farmers-1st"),
        pytest.param(THREE_FARMERS_AND_CLOISTER, "1st", 3, (4, 4, 4), id="three-farmers+cloister-1st"),
        # 3rd: field round E (player 0) 3; joined field (0 and 1 tie) 3 each
        pytest.param(EDITIONS_DIFFER, "3rd", 2, (6, 3), id="editions-3rd"),
        # 2nd: player 0 scores the city once over both fields
        pytest.param(EDITIONS_DIFFER, "2nd", 2, (3, 3), id="editions-2nd"),
        # 1st: over both fields player 0 has 2 farmers, player 1 has 1
        pytest.param(EDITIONS_DIFFER, "1st", 2, (4, 0), id="editions-1st"),
        pytest.param(CITY_TOUCHED_TWICE, "3rd", 2, (3, 0), id="city-touched-along-two-tiles"),
        pytest.param(CITY_TOUCHED_TWICE[:-1], "3rd", 2, (3, 0), id="city-touched-along-one-tile"),
        pytest.param(CITY_TOUCHED_TWICE, "2nd", 2, (3, 0), id="city-touched-along-two-tiles-2nd"),
        pytest.param(CITY_TOUCHED_TWICE, "1st", 2, (4, 0), id="city-touched-along-two-tiles-1st"),
    ],
)
def test_farm_totals(texts, farmers, players, totals):
    game = game_of(*texts, players=players, farmers=farmers)
    assert game.events == []  # no knight on any city: nothing scores in play
    assert game.report().totals == totals
    assert list(totals) == ref_of(*texts, players=players, farmers=farmers).totals()


def test_the_cloister_tile_joins_the_two_fields():
    before = game_of(*THREE_FARMERS, players=3)
    after = game_of(*THREE_FARMERS_AND_CLOISTER, players=3)
    yellow, red, blue = ((0, 1), "N"), ((-1, 0), "N"), ((0, -1), "N")
    assert not same_feature(before, yellow, red)
    assert same_feature(after, yellow, red)
    assert not same_feature(after, red, blue)


def test_three_farmers_events():
    game = game_of(*THREE_FARMERS, players=3)
    farms = sorted((tuple(e.winners), e.points, len(e.cities)) for e in events_of(game, "farms"))
    assert farms == [((0,), 0, 0), ((1,), 3, 1), ((2,), 3, 1)]
    for e in events_of(game, "farms"):
        if e.points:
            assert sorted(e.cities[0]) == [(0, -1), (0, 0)]  # the little city, not the open one


@pytest.mark.parametrize("farmers", ["3rd", "2nd", "1st"])
def test_a_farmer_in_a_field_with_no_completed_city_scores_nothing(farmers):
    # U's south field touches no city at all
    game = game_of("D@0,0/0", "U@1,0/0:0S", farmers=farmers)
    assert game.report().totals == (0, 0)


@pytest.mark.parametrize("farmers", ["3rd", "2nd", "1st"])
def test_unfinished_cities_feed_no_farmer(farmers):
    # N turned 180 leaves a city open east; the farmer on U touches it through D's north field
    game = game_of("D@0,0/0", "N@0,-1/180", "U@1,0/0:0N", farmers=farmers)
    assert game.report().totals == (0, 0)


# Two completed cities touched by one field: D+E above the road, and a second D east of it whose
# city is closed by a second E. The field north of the road runs under both.
TWO_CITIES_ONE_FIELD = [
    "D@0,0/0",
    "E@0,-1/180",  # closes D's city
    "D@1,0/0",  # a second D east of the first: road continues, city opens north
    "E@1,-1/180",  # closes the second little city
    "U@2,0/0:1N",  # farmer north of the road: the field runs under both cities
]


@pytest.mark.parametrize(("farmers", "totals"), [("3rd", (0, 6)), ("2nd", (0, 6)), ("1st", (0, 8))])
def test_one_field_two_cities(farmers, totals):
    game = game_of(*TWO_CITIES_ONE_FIELD, farmers=farmers)
    assert game.report().totals == totals


def test_second_edition_scores_only_new_cities_for_a_player():
    # player 0 has the field round the first E (city 1 only) and the field north of the road
    # (cities 1 and 2): 2nd edition gives city 1 once and city 2 once
    texts = [
        "D@0,0/0",
        "E@0,-1/180:0N",  # field round E: touches city 1 only
        "U@1,0/0:0N",  # field north of the road: touches city 1 through D
        "L@2,0/0",  # the road ends at L; L's field ENE/WNW (north of the road) touches L's city
        "E@2,-1/180",  # closes L's city: city 2
    ]
    assert game_of(*texts, farmers="3rd").report().totals == (3 + 6, 0)
    assert game_of(*texts, farmers="2nd").report().totals == (6, 0)
    assert game_of(*texts, farmers="1st").report().totals == (8, 0)


# -- farmers: who may stand where --------------------------------------------------------------


def test_a_farmer_may_not_join_an_occupied_field():
    game = game_of("D@0,0/0", "U@1,0/0:0N")
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("U@-1,0/0:1N"))  # north field joins D's, which joins U's
    assert err.value.rule is Rule.FEATURE_OCCUPIED
    assert err.value.index == 2
    game.push(Placement.parse("U@-1,0/0:1S"))  # the field south of the road is another field
    assert game.meeples_in_supply == [6, 6]


def test_a_farmer_beside_an_occupied_field_not_connected_to_it():
    # red's field and yellow's field of THREE_FARMERS are separate: both farmers stand
    game = game_of(*THREE_FARMERS[:4], players=3)
    assert game.meeples_in_supply == [6, 6, 6]
    # the cloister tile would join them, so a farmer on it is refused
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("A@1,0/90:0N"))
    assert err.value.rule is Rule.FEATURE_OCCUPIED
    # but a monk on the cloister is fine
    game.push(Placement.parse("A@1,0/90:0C"))


# Player 1 farms north and south of the road, joined by the cloister tile A; player 0 farms the
# field round E; B then joins that field too: 2 farmers against 1 in one field.
FARM_TWO_AGAINST_ONE = [
    "D@0,0/0",
    "E@0,-1/180:0N",
    "U@-1,0/0:1N",
    "V@0,1/0:1N",
    "A@1,0/90",
    "B@1,-1/0",  # its west edge meets the field round E, its south edge A's field
]


@pytest.mark.parametrize(
    ("texts", "farmers", "totals"),
    [
        (FARM_TWO_AGAINST_ONE, "3rd", (0, 3)),
        (FARM_TWO_AGAINST_ONE, "2nd", (0, 3)),
        (FARM_TWO_AGAINST_ONE, "1st", (0, 4)),
        (FARM_TWO_AGAINST_ONE[:-1], "3rd", (3, 3)),  # before B: two fields, each touching the city
        (FARM_TWO_AGAINST_ONE[:-1], "1st", (0, 4)),  # 1st: 2 farmers of player 1 against 1
    ],
)
def test_farm_majority_two_against_one(texts, farmers, totals):
    game = game_of(*texts, farmers=farmers)
    assert game.report().totals == totals
    assert list(totals) == ref_of(*texts, farmers=farmers).totals()
