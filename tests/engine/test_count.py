"""The Count of Carcassonne, on small boards worked by hand (board-format.md, "More expansions";
tiles.md, "The Count of Carcassonne").

The City lies on x −2…1, y −1…1 (count-1 at (−2, −1), count-12 at (1, 1)). Its outer features
used here: count-1's road leaving west at (−2, −1); count-9's city on its south edge at (−2, 1);
the outer fields: north (count-1 … count-4, split by count-4's road), east (count-4 … count-11)
and south-west (count-11 … count-1, round the west side). Mina is player 0 and Wei player 1.

Tiles used: U (F R F R: road W–E), A (cloister, road S; at 270° its road leaves east), E (C F F F:
city N). Text forms after the tile: ``quarter=castle[+big][,count=market]`` (a follower of the
layer into a quarter, the Count moved), ``from_city=P@X,Y/PLACE[+big]>...`` (followers out of the
City onto a feature this tile completes, named by one of its places).
"""

from __future__ import annotations

import pytest

from scorer.engine import (
    FarmerEdition,
    FigureKind,
    Game,
    IllegalPlacementError,
    Phase,
    Placement,
    Rule,
    Rules,
    build_game,
    read_board,
    write_board,
)
from scorer.engine.actions import parse_action
from scorer.engine.expansions.count import COUNT, EnterQuarter, Quarter, Resident, StepOut
from scorer.engine.farms import CITY_OF_CARCASSONNE
from scorer.engine.places import Place
from scorer.engine.tilesets.count import CITY_SQUARES, COUNT_TILES

CITY = [Placement(t.name, *CITY_SQUARES[t.name], 0) for t in COUNT_TILES]


def city_game(*more: str, expansions=("count", "inns-cathedrals"), players=2, **options) -> Game:
    game = Game(players, expansions=expansions, **options)
    game.extend(CITY)
    for text in more:
        game.push(Placement.parse(text))
    return game


# The road west of the City: count-1's end, Wei's meeple on the second straight, Mina's cloister
# tile ends it: a road of 4 tiles for Wei, laid by Mina, who scores nothing.
ROAD_FOR_WEI = ["0>U@-3,-1/0", "1>U@-4,-1/0:1W", "0>A@-5,-1/270"]


def test_the_city_is_laid_first_each_tile_on_its_square_by_nobody():
    game = city_game()
    assert [t.layer for t in game.turns] == [None] * 12
    assert game.to_move == 0
    assert game.board.tiles[(0, 0)].tile.name == "count-7"


@pytest.mark.parametrize(
    "wrong",
    [
        Placement("count-1", 0, 0, 0),  # not its square
        Placement("count-1", -2, -1, 90),  # not at rotation 0
        Placement("D", 0, 0, 0),  # the start tile is the City's
    ],
)
def test_anything_else_at_the_start_is_refused(wrong):
    game = Game(2, expansions=["count"])
    with pytest.raises(IllegalPlacementError) as refused:
        game.push(wrong)
    assert refused.value.rule is Rule.BAD_START


def test_with_the_river_the_spring_follows_the_city_and_touches_it():
    game = Game(2, expansions=["count", "river"])
    game.extend(CITY)
    squares = {square for square, _ in game.board.legal_placements("river-spring")}
    assert squares and all(game.board.neighbours_present(sq) >= 1 for sq in squares)
    square, rotation = next(iter(game.board.legal_placements("river-spring")))
    game.push(Placement("river-spring", *square, rotation))
    assert game.turns[-1].layer is None and game.to_move == 0
    with pytest.raises(IllegalPlacementError) as refused:
        Game(2, expansions=["count", "river"]).extend([*CITY[:3], Placement("river-spring", -3, -1, 0)])
    assert refused.value.rule is Rule.BAD_START


def test_a_layer_who_paid_only_others_goes_into_a_quarter_and_may_move_the_count():
    game = city_game(*ROAD_FOR_WEI[:2])
    events = game.push(Placement.parse(ROAD_FOR_WEI[2] + ":quarter=castle+big,count=market"))
    assert [(e.winners, e.points) for e in events] == [((1,), 4)]
    assert COUNT.residents(game) == (Resident(0, Quarter.CASTLE, FigureKind.BIG),)
    assert COUNT.count_quarter(game) is Quarter.MARKET
    assert game.supply(0)[FigureKind.BIG] == 0
    game.pop()
    assert COUNT.residents(game) == () and game.supply(0)[FigureKind.BIG] == 1


@pytest.mark.parametrize(
    ("turns", "problem"),
    [
        # Mina's follower out of the castle ties Wei's knight: Wei, the layer, scored too.
        (
            [
                *ROAD_FOR_WEI[:2],
                ROAD_FOR_WEI[2] + ":quarter=castle,count=market",
                "1>E@-2,2/0:1N:from_city=0@-2,2/N:quarter=cathedral",
            ],
            "no_right",
        ),
        # Nothing scored at all.
        (["0>U@-3,-1/0:quarter=castle"], "no_right"),
    ],
)
def test_no_quarter_when_the_layer_also_scored_or_nobody_did(turns, problem):
    game = city_game(*turns[:-1])
    with pytest.raises(IllegalPlacementError) as refused:
        game.push(Placement.parse(turns[-1]))
    assert refused.value.rule is Rule.BAD_QUARTER
    assert refused.value.facts["problem"] == problem


def test_a_follower_out_of_the_castle_takes_the_city():
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=castle+big,count=market")
    # Wei closes count-9's city with E and a knight; Mina's big meeple steps out of the castle.
    events = game.push(Placement.parse("1>E@-2,2/0:1N:from_city=0@-2,2/N+big"))
    city = events[0]
    assert city.meeples == {0: 2, 1: 1} and city.winners == (0,) and city.points == 4
    assert [s.player for s in city.visitors] == [0]
    assert COUNT.residents(game) == ()
    assert game.supply(0)[FigureKind.BIG] == 1  # home with the others
    assert game.scores == [4, 4]


def test_stepping_out_onto_an_empty_feature_scores_it_alone():
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=castle,count=market")
    events = game.push(Placement.parse("1>E@-2,2/0:from_city=0@-2,2/N"))
    assert [(e.winners, e.points) for e in events] == [((0,), 4)]
    # Wei laid it and scored nothing, Mina did: Wei may go into a quarter now.
    game.pop()
    game.push(Placement.parse("1>E@-2,2/0:from_city=0@-2,2/N:quarter=cathedral"))
    assert COUNT.residents(game) == (Resident(1, Quarter.CATHEDRAL),)


@pytest.mark.parametrize(
    ("count", "step_out", "problem"),
    [
        ("", "from_city=0@-2,2/N+big", "count"),  # the Count still stands in the castle
        (",count=market", "from_city=1@-2,2/N", "not_there"),  # Wei has nobody in the castle
        (",count=market", "from_city=0@-2,2/N", "not_there"),  # Mina's is a big meeple
        (",count=market", "from_city=0@-3,-1/E+big", "not_completed"),  # a road this tile does not complete
        (",count=market", "from_city=0@-5,-1/C+big", "not_completed"),  # a cloister, not completed
        (",count=market", "from_city=0@-2,2/N+big>0@-2,2/N+big", "twice_on_feature"),
    ],
)
def test_the_count_blocks_his_quarter_and_other_refusals(count, step_out, problem):
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=castle+big" + count)
    with pytest.raises(IllegalPlacementError) as refused:
        game.push(Placement.parse(f"1>E@-2,2/0:1N:{step_out}"))
    assert refused.value.rule is Rule.BAD_FROM_CITY
    assert refused.value.facts["problem"] == problem


def test_market_followers_join_a_field_before_the_farms_and_the_city_counts():
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=market")
    # Wei's farmer on count-10's field (south-west field); Mina's market follower joins it.
    report_before = game.report()
    game.extras = {"market": (parse_action("fairy=0@-1,1/S").follower,)}
    assert game.end_problem() is None
    farms = [e for e in game.report().events if e.when is Phase.FARMS]
    assert [(e.winners, e.points, len(e.cities)) for e in farms] == [((0,), 3, 1)]
    assert farms[0].cities[0] == tuple(CITY_SQUARES[t.name] for t in COUNT_TILES)
    assert report_before.totals[0] + 3 == game.report().totals[0]


def test_no_market_while_the_count_stands_there():
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=market,count=market")
    game.extras = {"market": (parse_action("fairy=0@-1,1/S").follower,)}
    problem = game.end_problem()
    assert problem is not None and problem.rule is Rule.BAD_MARKET
    assert [e for e in game.report().events if e.when is Phase.FARMS] == []


def final_city(farmers: list[tuple[int, str, str]], edition: str) -> Game:
    """A finished board: the City alone, with farmers (player, tile, place) on its fields."""
    game = Game(2, expansions=["count"], mode="final", rules=Rules(farmers=FarmerEdition(edition)))
    for placement in CITY:
        for player, tile, place in farmers:
            if tile == placement.tile:
                placement = placement.with_meeple(player, Place[place])
        game.push(placement)
    return game


# Mina farms the north and the east fields, Wei the south-west: each field touches the City.
FARMERS = [(0, "count-2", "N"), (0, "count-8", "E"), (1, "count-10", "S")]


@pytest.mark.parametrize(
    ("edition", "mina", "wei"),
    [
        ("3rd", 6, 3),  # 3 for the City from each field that wins it
        ("2nd", 3, 3),  # as any city: each player paid for it once
        ("1st", 4, 0),  # once, 4, to the majority over all its fields: Mina 2 farmers to 1
    ],
)
def test_the_city_in_the_farms_under_each_edition(edition, mina, wei):
    totals = final_city(FARMERS, edition).report().totals
    assert totals == (mina, wei)


def test_a_field_touching_the_city_lists_it_as_a_completed_city():
    game = final_city([(0, "count-2", "N")], "3rd")
    farm = next(e for e in game.report().events if e.when is Phase.FARMS)
    assert len(farm.cities) == 1 and len(farm.cities[0]) == 12
    assert CITY_OF_CARCASSONNE < 0


def test_text_forms_round_trip():
    for text in ["quarter=castle", "quarter=market+big,count=cathedral", "from_city=0@-2,2/N+big>1@0,3/S"]:
        action = parse_action(text)
        assert str(action) == text
    assert parse_action("quarter=castle") == EnterQuarter(Quarter.CASTLE)
    assert isinstance(parse_action("from_city=0@1,2/N"), StepOut)


def test_board_file_round_trip_replay_and_final():
    game = city_game(*ROAD_FOR_WEI[:2], ROAD_FOR_WEI[2] + ":quarter=market+big,count=blacksmith")
    game.push(Placement.parse("1>E@-2,2/0:1N"))
    game.extras = {"market": (parse_action("fairy=0@-1,-1/N+big").follower,)}
    document = write_board(game)
    assert document["placements"][14]["quarter"] == {"kind": "big", "to": "market", "count": "blacksmith"}
    assert document["market"] == [{"x": -1, "y": -1, "at": "N", "player": 0, "kind": "big"}]
    again = build_game(read_board(document))
    assert again.report().totals == game.report().totals
    final = final_city([], "3rd")
    final.extras = {}
    document = write_board(final)
    assert "quarters" not in document
    document["quarters"] = [{"player": 1, "quarter": "cathedral"}]
    document["count"] = "market"
    read = build_game(read_board(document))
    assert COUNT.residents(read) == (Resident(1, Quarter.CATHEDRAL),)
    assert COUNT.count_quarter(read) is Quarter.MARKET
    assert write_board(read)["quarters"] == [{"player": 1, "quarter": "cathedral"}]


def test_a_finished_board_without_the_whole_city_is_refused():
    document = write_board(final_city([], "3rd"))
    document["placements"] = document["placements"][:11]
    with pytest.raises(IllegalPlacementError) as refused:
        build_game(read_board(document))
    assert refused.value.rule is Rule.BAD_START


def test_quarters_and_market_only_in_their_mode():
    document = write_board(city_game())
    document["quarters"] = []
    document["quarters"] = [{"player": 0, "quarter": "castle"}]
    with pytest.raises(Exception) as refused:
        read_board(document)
    assert refused.value.rule is Rule.FIELD_NOT_IN_GAME
