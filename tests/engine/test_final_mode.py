"""Final mode: a finished board copied in any order, meeples where they stand, banked points."""

from __future__ import annotations

import random

import pytest

from scorer.engine import (
    IllegalPlacementError,
    Placement,
    Rule,
    WarningCode,
    build_game,
    read_board,
    report_to_dict,
)

from .boards import CLOISTER_RING, MERGED_CITIES, ROAD_TWO_AGAINST_ONE, SMALL_CITY
from .conftest import doc_of, game_of, ref_of


def final_of(texts, *, players=2, banked=None, farmers="3rd", shuffle=None):
    texts = list(texts)
    if shuffle is not None:
        random.Random(shuffle).shuffle(texts)
    doc = doc_of(texts, mode="final", rules={"farmers": farmers})
    doc["players"] = [{"name": f"P{i}"} for i in range(players)]
    if banked is not None:
        doc["banked"] = banked
    return build_game(read_board(doc))


# Road with thieves 2–2–1 (players 0, 1, 2), open at the east end: 6 tiles.
ROAD_221 = [
    "D@0,0/0:2E",
    "U@-1,0/0:0W",
    "U@-2,0/0:0W",
    "U@1,0/0:1W",
    "U@2,0/0:1W",
    "W@-3,0/180",  # W turned 180: roads N, E, W; its east road ends the road's west end
]
# Farmers 2–2–1 in the field north of that road; E closes D's city, which the field touches.
FIELD_221 = [
    "D@0,0/0",
    "E@0,-1/180",
    "U@-1,0/0:0N",
    "U@-2,0/0:0N",
    "U@1,0/0:1N",
    "U@2,0/0:1N",
    "W@-3,0/180:2NNE",  # W turned 180: its field NNE/ENE meets U's WNW, north of the road
]


@pytest.mark.parametrize(
    ("texts", "players", "farmers", "totals"),
    [
        pytest.param(ROAD_221, 3, "3rd", (6, 6, 0), id="road-2-2-1"),
        pytest.param(FIELD_221, 3, "3rd", (3, 3, 0), id="field-2-2-1"),
        pytest.param(FIELD_221, 3, "2nd", (3, 3, 0), id="field-2-2-1-2nd"),
        pytest.param(FIELD_221, 3, "1st", (4, 4, 0), id="field-2-2-1-1st"),
        # the joined city with both knights: complete, 10 each, but with a warning
        pytest.param(MERGED_CITIES, 2, "3rd", (10, 10), id="completed-city-still-held"),
        pytest.param(SMALL_CITY, 2, "3rd", (0, 4), id="small-city-still-held"),
        pytest.param(CLOISTER_RING, 2, "3rd", (9, 0), id="completed-cloister-still-held"),
        # the two-against-one road, closed, still holding its three thieves
        pytest.param(ROAD_TWO_AGAINST_ONE, 2, "3rd", (8, 0), id="completed-road-2-1"),
    ],
)
@pytest.mark.parametrize("shuffle", [None, 1, 2])
def test_final_boards(texts, players, farmers, totals, shuffle):
    game = final_of(texts, players=players, farmers=farmers, shuffle=shuffle)
    assert game.events == []  # nothing scores during entry
    assert game.report().totals == totals
    ref = ref_of(*texts, players=players, farmers=farmers, final=True)
    assert list(totals) == ref.totals()
    assert len(game.report().warnings) == ref.warnings


def test_completed_features_holding_meeples_are_warned_about():
    game = final_of(MERGED_CITIES)
    report = game.report()
    assert [(w.code, w.feature.value) for w in report.warnings] == [
        (WarningCode.COMPLETED_WITH_MEEPLES, "city")
    ]
    assert sorted(report.warnings[0].tiles) == [(0, -1), (0, 0), (1, -1), (2, -1)]
    (event,) = [e for e in report.events if e.feature.value == "city"]
    assert (event.when.value, event.complete, event.points, event.winners) == ("end", True, 10, (0, 1))
    data = report_to_dict(report)
    assert data["warnings"][0]["code"] == "completed_with_meeples"
    assert data["warnings"][0]["message"]


def test_unfinished_features_give_no_warning():
    assert final_of(ROAD_221, players=3).report().warnings == ()


def test_banked_points_are_added():
    game = final_of(ROAD_221, players=3, banked=[10, 0, 7])
    assert game.report().totals == (16, 6, 7)
    assert [p.by_category["banked"] for p in game.report().players] == [10, 0, 7]


def test_tiles_need_not_touch_until_the_end():
    # the cloister ring laid from the outside in, its first tiles far apart
    order = [
        "U@1,2/0",
        "U@-1,0/0",
        "B@0,1/0:0C",
        "E@1,1/90",
        "D@0,0/0",
        "U@-1,2/0",
        "E@-1,1/270",
        "U@0,2/0",
        "U@1,0/0",
    ]
    game = final_of(order)
    assert game.report().totals == (9, 0)


def test_a_loose_tile_is_refused_at_the_end():
    texts = [*SMALL_CITY, "U@5,5/0"]
    with pytest.raises(IllegalPlacementError) as err:
        final_of(texts)
    e = err.value
    assert (e.rule, e.index, e.tile, e.x, e.y) == (Rule.NOT_CONNECTED, 2, "U", 5, 5)
    assert e.message.startswith("Tile 3 (U at (5, 5)): ")


def test_two_loose_pieces_are_refused():
    texts = ["D@0,0/0", "U@1,0/0", "U@5,0/0", "U@6,0/0"]
    with pytest.raises(IllegalPlacementError) as err:
        final_of(texts)
    assert err.value.rule is Rule.NOT_CONNECTED
    assert err.value.index in (2, 3)


@pytest.mark.parametrize(
    ("texts", "rule", "index"),
    [
        (["D@0,0/0", "E@0,1/0"], Rule.EDGE_MISMATCH, 1),  # edges still have to match
        (["D@0,0/0", "U@2,0/0", "E@1,0/0"], Rule.EDGE_MISMATCH, 2),  # including those met later
        (["D@0,0/0", "D@1,0/0", "D@2,0/0", "D@3,0/0", "D@4,0/0"], Rule.NO_TILE_LEFT, 4),
        (["D@0,0/0", "U@0,0/0"], Rule.SQUARE_TAKEN, 1),
        (["D@0,0/0", "U@1,0/0:0C"], Rule.NO_FEATURE_THERE, 1),
    ],
)
def test_final_mode_still_checks_edges_counts_and_places(texts, rule, index):
    with pytest.raises(IllegalPlacementError) as err:
        final_of(texts)
    assert (err.value.rule, err.value.index) == (rule, index)


def test_the_start_tile_need_not_come_first():
    game = final_of(["E@0,-1/180:1S", "D@0,0/0"])
    assert game.report().totals == (0, 4)


def test_several_meeples_on_one_feature_are_allowed():
    game = game_of("D@0,0/0:0E", "U@1,0/0:0W", "U@2,0/0:1W", mode="final")
    (event,) = game.report().events
    assert dict(event.meeples) == {0: 2, 1: 1}
    assert event.winners == (0,)
    assert event.points == 3


def test_more_than_seven_meeples_of_one_player_are_refused():
    texts = ["D@0,0/0"] + [f"U@{x},0/0:0N" for x in range(1, 8)]  # seven farmers: allowed
    game = game_of(*texts, mode="final")
    assert game.meeples_in_supply == [0, 7]
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("U@-1,0/0:0S"))
    assert err.value.rule is Rule.TOO_MANY_MEEPLES
    assert err.value.index == 8
    game.push(Placement.parse("U@-1,0/0:1S"))


def test_final_mode_accepts_what_replay_refuses_for_occupation():
    # in replay the second farmer on the joined field is refused
    with pytest.raises(IllegalPlacementError):
        game_of("D@0,0/0", "U@1,0/0:0N", "U@2,0/0:1N")
    game = game_of("D@0,0/0", "U@1,0/0:0N", "U@2,0/0:1N", "E@0,-1/180", mode="final")
    assert game.report().totals == (3, 3)


# -- copying a finished board: a skipped square, figures on any tile ---------------------------


def empty_final(players=2):
    doc = doc_of([], mode="final")
    doc["players"] = [{"name": f"P{i}"} for i in range(players)]
    return build_game(read_board(doc))


def test_the_first_tile_copied_need_not_be_the_start_tile():
    game = empty_final()
    assert Placement("U", 0, 0) in game.legal_placements("U")
    game.push(Placement("U", 0, 0))
    assert len(game.board) == 1


@pytest.mark.parametrize(
    ("square", "offered"),
    [
        pytest.param((2, 0), True, id="one-square-gap-east"),
        pytest.param((1, 1), True, id="diagonal"),
        pytest.param((3, 0), False, id="two-square-gap"),
        pytest.param((1, 0), True, id="beside"),
    ],
)
def test_a_final_board_offers_squares_one_step_beyond_the_open_ones(square, offered):
    game = empty_final()
    game.push(Placement("U", 0, 0))
    squares = game.legal_placements("U").squares()
    assert (square in squares) is offered


def test_a_game_being_played_offers_only_squares_beside_the_board():
    game = game_of("D@0,0/0")
    assert (2, 0) not in game.legal_placements("U").squares()
    assert game.board.gap_squares() == set()


def test_a_skipped_square_filled_later_joins_the_board():
    game = empty_final()
    game.extend(Placement.parse(t) for t in ("U@0,0/90", "U@2,0/90"))
    assert game.final_problem() is not None  # two pieces
    game.push(Placement.parse("U@1,0/90"))
    assert game.final_problem() is None


def test_figures_can_change_on_any_tile_of_a_final_board():
    game = empty_final()
    game.extend(Placement.parse(t) for t in ("D@0,0/0", "U@1,0/0", "U@2,0/0"))
    spots = game.figure_spots_at((0, 0), player=1)
    kinds = {(s.kind.value, s.feature.value) for s in spots}
    assert ("meeple", "city") in kinds and ("meeple", "road") in kinds and ("meeple", "field") in kinds
    assert all(s.legal for s in spots)
    assert game.figure_spots_at((5, 5)) == []


def test_a_player_with_no_figure_left_is_told_why_on_a_final_board():
    game = empty_final()
    placements = [
        Placement("U", x, 0, 0).with_meeple(0, Placement.parse("U@0,0/0:0N").meeple.at) for x in range(7)
    ]
    game.extend(placements)
    game.push(Placement("U", 7, 0, 0))
    refused = [s for s in game.figure_spots_at((7, 0), player=0) if s.kind.value == "meeple"]
    assert refused and all(s.problem.rule is Rule.TOO_MANY_MEEPLES for s in refused)
    # The figure already on a tile may move within it: it would come off first.
    assert all(s.legal for s in game.figure_spots_at((0, 0), player=0) if s.kind.value == "meeple")
    assert all(s.legal for s in game.figure_spots_at((7, 0), player=1))


def test_in_a_game_being_played_only_the_last_tile_offers_spots():
    game = game_of("D@0,0/0", "U@1,0/0")
    assert game.figure_spots_at((0, 0)) == []
    assert game.figure_spots_at((1, 0)) == game.figure_spots()


# Four cloisters round the square (1, 1), joined at the corners by city tiles facing out.
RING_ROUND_A_HOLE = [
    "E@0,0/0", "B@1,0/0", "E@2,0/0", "B@0,1/0", "B@2,1/0", "E@0,2/180", "B@1,2/0", "E@2,2/180",
]  # fmt: skip


def test_a_square_shut_in_by_tiles_is_a_hole():
    game = empty_final()
    game.extend(Placement.parse(t) for t in RING_ROUND_A_HOLE)
    assert game.final_problem() is None
    assert game.board.holes() == {(1, 1)}


def test_a_square_open_to_the_outside_is_no_hole():
    game = empty_final()
    game.extend(Placement.parse(t) for t in RING_ROUND_A_HOLE if t != "B@1,2/0")
    assert game.board.holes() == set()
    assert empty_final().board.holes() == set()
