"""The Count of Carcassonne in the independent reference (reference.py) alone, on small hand boards.

Each board is a short board file written out so that it can be checked by eye against
board-format.md ("More expansions": "Start with the Count", steps 6 and 7, the end's `market`,
final mode's `quarters` and `count`, the City of Carcassonne in the farms) and tiles.md ("The Count
of Carcassonne"); the expected points and refusals were worked out by hand from those two
documents. Squares are (x, y), x to the east, y to the south.

The City's 12 tiles always lie so (placements 0-11, rotation 0); only their outer edges meet other
tiles: count-1's west edge and count-4's north edge are roads, count-9's south edge and count-12's
east edge are cities (each a one-edge city piece), count-11's south edge a road, the rest fields.

    x:      -2        -1        0         1
          count-1   count-2   count-3   count-4      (y = -1)   roads W of count-1, N of count-4
          count-5   count-6   count-7   count-8      (y = 0)
          count-9   count-10  count-11  count-12     (y = 1)    city S of count-9, E of count-12

Three fields run round the City, cut by the three roads: WEST-SOUTH (count-1 {SSW, WSW}, count-5,
count-9, count-10, count-11 {SSW, WSW}), EAST (count-11 {ESE, SSE}, count-12, count-8, count-4
{NNE ...}) and NORTH (count-4 {WNW, NNW}, count-3, count-2, count-1 {WNW ...}); each touches the
City, for the farms one more completed city.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from .reference import (
    CITY_SQUARES,
    MORE_CATEGORIES,
    RefGame,
    RefIllegal,
    final_document,
    random_document,
    replay_document,
    score_document,
)

CO = "count"
IC = "inns-cathedrals"
TB = "traders-builders"


def lay(tile: str, x: int, y: int, rotation: int = 0, player: int | None = None, **more) -> dict:
    """One placement; ``player`` is the layer (named on every placement after the City)."""
    out = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if player is not None:
        out["player"] = player
    return {**out, **more}


def meeple(player: int, at: str, kind: str = "meeple") -> dict:
    out = {"player": player, "at": at}
    return out if kind == "meeple" else {**out, "kind": kind}


def ref(x: int, y: int, at: str, player: int, kind: str = "meeple") -> dict:
    """A figure reference (a from_city entry, a market entry)."""
    out = {"x": x, "y": y, "at": at, "player": player}
    return out if kind == "meeple" else {**out, "kind": kind}


def quarter(to: str, kind: str = "meeple", count: str | None = None) -> dict:
    out = {"to": to} if kind == "meeple" else {"kind": kind, "to": to}
    return out if count is None else {**out, "count": count}


def board(placements: list[dict], expansions=(CO,), players: int = 2, **top) -> dict:
    return {
        "format": "carcassonne-board/1",
        "players": [{"name": f"P{i}"} for i in range(players)],
        "expansions": list(expansions),
        "placements": placements,
        **top,
    }


CITY = [lay(name, *square) for name, square in CITY_SQUARES.items()]
"""Placements 0-11: the City of Carcassonne, laid by nobody."""


# -- boards ------------------------------------------------------------------------------------
#
# EAST_CITY: p0's knight on G east of count-12, whose city G joins (G: city west-east); p1's E
# turned 270 (city west) closes it: count-12 + G + E, 3 tiles, no pennant, 6 points to p0 alone.
# p1, the layer, scored nothing while another player did: p1 may send a follower into a quarter.
#
#     x:   1         2       3
#       count-12   G*p0    E           (y = 1)


def east_city(into: dict | None = None) -> list[dict]:
    return [
        *CITY,
        lay("G", 2, 1, 0, 0, meeple=meeple(0, "E")),
        lay("E", 3, 1, 270, 1, **({"quarter": into} if into else {})),
    ]


# SOUTH_CITY, after EAST_CITY: F turned 90 (city north-south, a pennant) south of count-9, whose
# city it joins, then E (city north) closes it: count-9 + F + E, 3 tiles and a pennant, 8 points.
#
#     x:  -2
#       count-9     (y = 1)
#       F           (y = 2)
#       E           (y = 3)


def south_city_opened(knight: bool = True, **more) -> dict:
    return lay("F", -2, 2, 90, 0, **({"meeple": meeple(0, "N")} if knight else {}), **more)


def south_city_closed(player: int = 1, **more) -> dict:
    return lay("E", -2, 3, 0, player, **more)


# The cathedral's cloister: B north of count-2 with p0's monk, closed on all sides by count-1,
# count-2, count-3, two more B and three E (cities facing north, away).
#
#     x:  -2   -1   0
#         E    E    E         (y = -3)
#         B   B*p0  B         (y = -2)
#       count-1..count-3      (y = -1)


def cloister_board(into: dict) -> list[dict]:
    return [
        *east_city(into),
        lay("B", -1, -2, 0, 0, meeple=meeple(0, "C")),
        lay("B", -2, -2, 0, 1),
        lay("B", 0, -2, 0, 0),
        lay("E", -2, -3, 0, 1),
        lay("E", 0, -3, 0, 0),
    ]


# Farmers round the City: U turned 90 (road north-south) west of count-5 puts its east field
# into WEST-SOUTH; U turned 90 east of count-4 its west field into EAST; U unturned north of
# count-2 its south field into NORTH; U turned 90 west of count-9 its east field into WEST-SOUTH.


def west_farmer(player: int = 0, kind: str = "meeple", layer: int = 0) -> dict:
    return lay("U", -3, 0, 90, layer, meeple=meeple(player, "E", kind))


def east_farmer(player: int = 1) -> dict:
    return lay("U", 2, -1, 90, player, meeple=meeple(player, "W"))


def north_farmer(player: int = 0) -> dict:
    return lay("U", -1, -2, 0, player, meeple=meeple(player, "S"))


def fields_board() -> list[dict]:
    """p0 farms WEST-SOUTH and NORTH, p1 EAST; no city is completed: each field touches the City
    only."""
    return [*CITY, west_farmer(0), east_farmer(1), north_farmer(0)]


def fields_board_with_pig() -> list[dict]:
    """As fields_board, and p0's pig beside its farmer in WEST-SOUTH (U west of count-9, joined
    to the U west of count-5 by its road); p1 lays a B north of the northern U in between."""
    return [
        *fields_board(),
        lay("B", -1, -3, 0, 1),
        lay("U", -3, 1, 90, 0, meeple=meeple(0, "E", "pig")),
    ]


MARKET_BOARD = [*east_city(quarter("market")), west_farmer(0)]
"""p1's meeple goes into the market after EAST_CITY (the Count stays in the castle); p0 then
farms WEST-SOUTH."""
TO_THE_WEST_FIELD = [ref(-3, 0, "E", 1)]
"""p1's meeple from the market onto WEST-SOUTH, on the very field piece of p0's farmer."""


@dataclass
class Case:
    """A board and what the reference must make of it."""

    id: str
    placements: list[dict]
    totals: list[int]
    expansions: tuple = (CO,)
    players: int = 2
    rules: dict = field(default_factory=dict)
    top: dict = field(default_factory=dict)  # top-level fields (market)
    categories: dict = field(default_factory=dict)  # player -> {category: points}
    log: dict = field(default_factory=dict)  # count_log entries expected (exact counts)
    quarters: dict | None = None  # quarter -> sorted [(player, kind)] once the replay is done
    count: str | None = None  # where the Count ends


def rules(farmers: str) -> dict:
    return {"farmers": farmers}


CASES = [
    Case(
        # EAST_CITY: p0 6. No figure is left on the board; p1's meeple waits in the castle and
        # scores nothing at the end.
        "a_follower_into_the_castle_after_another_players_city",
        east_city(quarter("castle", count="market")),
        totals=[6, 0],
        log={"quarter": 1, "into the castle": 1, "count moves": 1},
        quarters={"castle": [(1, "meeple")]},
        count="market",
    ),
    Case(
        # The Count may move to the quarter it stands in (it stays).
        "the_count_moved_to_where_it_stands",
        east_city(quarter("blacksmith", count="castle")),
        totals=[6, 0],
        log={"quarter": 1, "count moves": 0},
        quarters={"blacksmith": [(1, "meeple")]},
        count="castle",
    ),
    Case(
        # SOUTH_CITY closed by p1, whose meeple comes out of the castle (the Count went to the
        # market) onto count-9's city piece: p0 1, p1 1, both score the 8. Placement 13: p0 6.
        # p0 6 + 8 = 14, p1 8.
        "a_meeple_out_of_the_castle_shares_a_city",
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 1)]),
        ],
        totals=[14, 8],
        categories={0: {"city": 14}, 1: {"city": 8}},
        log={"from city": 1, "from the castle": 1, "from city onto an empty feature": 0},
        quarters={},
    ),
    Case(
        # The same with the meeple named on F's city piece, where p0's knight stands: two figures
        # on one piece of one tile, the same 8 each.
        "a_meeple_out_of_the_castle_onto_the_knights_own_piece",
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 2, "S", 1)]),
        ],
        totals=[14, 8],
        quarters={},
    ),
    Case(
        # The same with p1's big meeple (Inns & Cathedrals) in the castle: 2 against p0's 1, p1
        # takes the 8 alone. p0 6, p1 8.
        "the_big_meeple_out_of_the_castle_takes_a_city",
        [
            *east_city(quarter("castle", "big", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 1, "big")]),
        ],
        totals=[6, 8],
        expansions=(CO, IC),
        categories={0: {"city": 6}, 1: {"city": 8}},
        log={"from city": 1},
        quarters={},
    ),
    Case(
        # Without it p0 alone scores SOUTH_CITY: 6 + 8 = 14; p1's big meeple stays in the castle.
        "the_big_meeple_stays_in_the_castle",
        [*east_city(quarter("castle", "big", count="market")), south_city_opened(), south_city_closed()],
        totals=[14, 0],
        expansions=(CO, IC),
        quarters={"castle": [(1, "big")]},
    ),
    Case(
        # Onto a completed city holding no knight: p1's meeple from the castle scores it alone
        # (8). p0 laid the closing tile and scored nothing while p1 scored: p0 may send a meeple
        # into the blacksmith. p0 6, p1 8.
        "out_of_the_castle_onto_an_empty_city_then_the_layer_into_a_quarter",
        [
            *east_city(quarter("castle", count="cathedral")),
            south_city_opened(knight=False),
            south_city_closed(0, from_city=[ref(-2, 3, "N", 1)], quarter=quarter("blacksmith")),
        ],
        totals=[6, 8],
        log={"from city onto an empty feature": 1, "quarter": 2, "into the blacksmith": 1},
        quarters={"blacksmith": [(0, "meeple")]},
        count="cathedral",
    ),
    Case(
        # The cathedral's cloister: p1 into the cathedral after EAST_CITY (the Count in the castle
        # does not bar it); p1 lays the last E round p0's cloister and a meeple comes out of the
        # cathedral onto it: a monk each, both score 9. p0 6 + 9 = 15, p1 9.
        "out_of_the_cathedral_onto_a_cloister",
        [*cloister_board(quarter("cathedral")), lay("E", -1, -3, 0, 1, from_city=[ref(-1, -2, "C", 1)])],
        totals=[15, 9],
        categories={0: {"city": 6, "cloister": 9}, 1: {"cloister": 9}},
        log={"from the cathedral": 1},
        quarters={},
    ),
    Case(
        # The market: p1's meeple leaves it at the end onto p0's field piece west of count-5:
        # one farmer each in WEST-SOUTH, which touches the City only: 3 each. p0 6 + 3 = 9.
        "market_follower_shares_a_field",
        MARKET_BOARD,
        totals=[9, 3],
        top={"market": TO_THE_WEST_FIELD},
        categories={0: {"farm": 3}, 1: {"farm": 3}},
        log={"market": 1},
        quarters={},
    ),
    Case(
        # "2nd": the same (one city, one field each).
        "market_follower_shares_a_field_2nd",
        MARKET_BOARD,
        totals=[9, 3],
        rules=rules("2nd"),
        top={"market": TO_THE_WEST_FIELD},
    ),
    Case(
        # "1st": the City is scored once, 4, for the majority over all its fields: 1 each, 4 each.
        "market_follower_shares_a_field_1st",
        MARKET_BOARD,
        totals=[10, 4],
        rules=rules("1st"),
        top={"market": TO_THE_WEST_FIELD},
    ),
    Case(
        # Nobody leaves the market: p1's meeple stays there and scores nothing; p0 6 + 3.
        "followers_left_in_the_market_score_nothing",
        MARKET_BOARD,
        totals=[9, 0],
        top={"market": []},
        quarters={"market": [(1, "meeple")]},
    ),
    Case(
        # "3rd": WEST-SOUTH 3 and NORTH 3 to p0, EAST 3 to p1.
        "the_city_in_the_farms_3rd",
        fields_board(),
        totals=[6, 3],
        categories={0: {"farm": 6}, 1: {"farm": 3}},
    ),
    Case(
        # "2nd": p0 wins two fields touching the City and scores it once: 3; p1 3.
        "the_city_in_the_farms_2nd",
        fields_board(),
        totals=[3, 3],
        rules=rules("2nd"),
    ),
    Case(
        # "1st": the City once, 4, for the majority over WEST-SOUTH, EAST and NORTH together:
        # p0 2 farmers, p1 1: p0 4.
        "the_city_in_the_farms_1st",
        fields_board(),
        totals=[4, 0],
        rules=rules("1st"),
    ),
    Case(
        # With p0's pig in WEST-SOUTH: "3rd" 4 + 3 to p0, p1 3.
        "the_city_and_a_pig_3rd",
        fields_board_with_pig(),
        totals=[7, 3],
        expansions=(CO, TB),
    ),
    Case(
        # "2nd": the City once, 4 (the pig stands in one of p0's winning fields touching it).
        "the_city_and_a_pig_2nd",
        fields_board_with_pig(),
        totals=[4, 3],
        expansions=(CO, TB),
        rules=rules("2nd"),
    ),
    Case(
        # "1st": the City once for the majority, 5 with the pig in a field touching it.
        "the_city_and_a_pig_1st",
        fields_board_with_pig(),
        totals=[5, 0],
        expansions=(CO, TB),
        rules=rules("1st"),
    ),
    Case(
        # EAST_CITY, then p0 farms EAST (U east of count-4): that field touches count-12's city,
        # completed at placement 13, and the City: 2 cities, 6 under "3rd". p0 6 + 6.
        "a_field_touching_the_city_and_a_city_of_a_city_tile",
        [*east_city(), east_farmer(0)],
        totals=[12, 0],
    ),
    Case(
        # The River: the spring is placement 12, laid by nobody, west of count-5 turned 180 (its
        # river runs west); placement 13 is player 0's (no player named). The straight's field
        # joins the spring's, which joins WEST-SOUTH: p0's farmer scores the City, 3.
        "with_the_river_the_spring_follows_the_city",
        [*CITY, lay("river-spring", -3, 0, 180), lay("river-straight", -4, 0, 0, meeple=meeple(0, "N"))],
        totals=[3, 0],
        expansions=(CO, "river"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hand_written_boards(case: Case):
    document = board(case.placements, case.expansions, case.players, rules=case.rules, **case.top)
    report = score_document(document)
    assert [p["total"] for p in report["players"]] == case.totals
    for p in report["players"]:
        assert list(p["by_category"]) == list(MORE_CATEGORIES)  # fairy and ransom always there
        assert sum(p["by_category"].values()) == p["total"]
    for player, categories in case.categories.items():
        got = report["players"][player]["by_category"]
        assert {k: got[k] for k in categories} == categories
    _, game = replay_document(document)
    for key, count in case.log.items():
        assert game.count_log[key] == count, (key, game.count_log)
    if case.quarters is not None:
        left = {q: sorted((f.player, f.kind) for f in figs) for q, figs in game.quarters.items() if figs}
        assert left == case.quarters
    if case.count is not None:
        assert game.count_at == case.count
    assert_figures_accounted_for(game)
    # The same end state as a final board scores the same totals (banked play points).
    final = score_document(final_document(document, random.Random(0)))
    assert [p["total"] for p in final["players"]] == case.totals


def assert_figures_accounted_for(game: RefGame) -> None:
    """Every meeple and big meeple is in supply, on a tile, on a tower, held as a prisoner or in a
    quarter (7 and 1 each)."""
    for player in range(game.players):
        for kind, each in (("meeple", 7), ("big", 1)):
            if kind not in game.stock[player]:
                continue
            on_board = sum(f.player == player and f.kind == kind for _, f in game.all_figures())
            in_city = sum(
                f.player == player and f.kind == kind for figs in game.quarters.values() for f in figs
            )
            elsewhere = sum(f.player == player and f.kind == kind for f in game.tops.values())
            elsewhere += sum(f.player == player and f.kind == kind for _, f in game.prisoners)
            assert game.stock[player][kind] + on_board + in_city + elsewhere == each, (player, kind)


def test_the_layers_of_the_start():
    """The City's tiles and the River's spring are laid by nobody; then player 0, player 1, ..."""
    placements = [
        *CITY,
        lay("river-spring", -3, 0, 180),
        lay("river-straight", -4, 0, 0),
        lay("river-straight", -5, 0, 0),
    ]
    _, game = replay_document(board(placements, (CO, "river")))
    assert game.layers == [None] * 13 + [0, 1]
    _, game = replay_document(board([*CITY, lay("U", -3, 0, 90), lay("U", -3, 1, 90)]))
    assert game.layers == [None] * 12 + [0, 1]


def test_the_fields_round_the_city():
    """tiles.md: a field along the outer edge goes round onto the next City tile; the three roads
    cut the ring into three fields (the module docstring's WEST-SOUTH, EAST and NORTH)."""
    _, game = replay_document(board(CITY))

    def field_of(name: str, place: str) -> set:
        square = CITY_SQUARES[name]
        group = game.group(square, game.feature_at(square, place))
        return {(game.tiles[sq][0], tuple(sorted(game.tiles[sq][2][i].places))) for sq, i in group}

    west_south = field_of("count-1", "SSW")
    assert {name for name, _ in west_south} == {"count-1", "count-5", "count-9", "count-10", "count-11"}
    assert ("count-11", ("SSW", "WSW")) in west_south and ("count-1", ("SSW", "WSW")) in west_south
    east = field_of("count-11", "SSE")
    assert {name for name, _ in east} == {"count-11", "count-12", "count-8", "count-4"}
    north = field_of("count-4", "NNW")
    assert {name for name, _ in north} == {"count-4", "count-3", "count-2", "count-1"}
    assert all(not game.tiles[CITY_SQUARES[n]][2] for n in ("count-6", "count-7"))  # the City itself


def test_the_city_counts_once_in_a_field_event():
    """The farms' event of a field touching the City lists the City (its 12 squares) as a city."""
    farms = [e for e in score_document(board(fields_board()))["events"] if e["when"] == "farms"]
    city = sorted([x, y] for x, y in CITY_SQUARES.values())
    assert [e["cities"] for e in farms] == [[city]] * 3


# -- refusals ----------------------------------------------------------------------------------

START = [lay("D", 0, 0)]
REFUSALS = [
    # (id, expansions, placements, code, top-level fields); code None: refused by the River's or
    # the laying rules, which give it no code of their own in this model
    ("the_start_is_not_the_city", (CO,), [lay("D", 0, 0)], "bad_start", {}),
    ("city_tiles_out_of_order", (CO,), [CITY[1]], "bad_start", {}),
    ("a_city_tile_turned", (CO,), [*CITY[:3], lay("count-4", 1, -1, 90)], "bad_start", {}),
    ("a_city_tile_on_another_square", (CO,), [*CITY[:6], lay("count-7", 0, 1)], "bad_start", {}),
    ("a_figure_on_a_city_tile", (CO,), [lay("count-1", -2, -1, meeple=meeple(0, "W"))], "bad_start", {}),
    ("a_normal_tile_before_the_city_is_laid", (CO,), [*CITY[:11], lay("U", 2, 1, 90)], "bad_start", {}),
    (
        "from_city_on_a_city_tile",
        (CO,),
        [*CITY[:11], lay("count-12", 1, 1, from_city=[ref(1, 1, "E", 0)])],
        "bad_from_city",
        {},
    ),
    (
        "a_quarter_on_a_city_tile",
        (CO,),
        [*CITY[:11], lay("count-12", 1, 1, quarter=quarter("castle"))],
        "bad_quarter",
        {},
    ),
    (
        "with_the_river_the_spring_comes_next",
        (CO, "river"),
        [*CITY, lay("river-straight", -3, 0)],
        None,
        {},
    ),
    (
        "the_spring_away_from_the_city",
        (CO, "river"),
        [*CITY, lay("river-spring", -5, 0, 180)],
        None,
        {},
    ),
    (
        # turned 0 its river runs east, into count-5's field edge
        "the_spring_touching_the_city_with_its_river",
        (CO, "river"),
        [*CITY, lay("river-spring", -3, 0, 0)],
        None,
        {},
    ),
    (
        "out_of_the_castle_while_the_count_is_there",
        (CO,),
        [
            *east_city(quarter("castle")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 1)]),
        ],
        "bad_from_city",
        {},
    ),
    (
        # p1's meeple is in the market: a city takes followers from the castle only
        "out_of_the_wrong_quarter",
        (CO,),
        [
            *east_city(quarter("market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 1)]),
        ],
        "bad_from_city",
        {},
    ),
    (
        "out_of_the_castle_without_a_follower_there",
        (CO,),
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 0)]),
        ],
        "bad_from_city",
        {},
    ),
    (
        # the city on count-12 was completed at placement 13, not in this turn
        "out_of_the_castle_onto_a_city_not_completed_this_turn",
        (CO,),
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(1, 1, "E", 1)]),
        ],
        "bad_from_city",
        {},
    ),
    (
        "out_of_the_castle_onto_an_unfinished_city",
        (CO,),
        [*east_city(quarter("castle", count="market")), south_city_opened(from_city=[ref(-2, 2, "N", 1)])],
        "bad_from_city",
        {},
    ),
    (
        # B's N is its field, not the cloister the tile completes
        "out_of_the_cathedral_onto_a_field",
        (CO,),
        [*cloister_board(quarter("cathedral")), lay("E", -1, -3, 0, 1, from_city=[ref(-1, -2, "N", 1)])],
        "bad_from_city",
        {},
    ),
    (
        # p1 has two meeples in the castle after two turns; both onto one city is refused
        "two_followers_of_one_player_onto_one_city",
        (CO,),
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(quarter=quarter("castle")),
            lay("E", 4, 1, 90, 0),
            lay("E", 5, 1, 270, 1, from_city=[ref(4, 1, "E", 1), ref(5, 1, "W", 1)]),
        ],
        "bad_from_city",
        {},
    ),
    (
        # p1 scores SOUTH_CITY with p0 (a meeple out of the castle): the layer scored
        "no_quarter_when_the_layer_also_scored",
        (CO,),
        [
            *east_city(quarter("castle", count="market")),
            south_city_opened(),
            south_city_closed(from_city=[ref(-2, 1, "S", 1)], quarter=quarter("market")),
        ],
        "bad_quarter",
        {},
    ),
    (
        # p1 closes a city with no knight: nobody scored
        "no_quarter_when_nobody_else_scored",
        (CO,),
        [*CITY, lay("G", 2, 1, 0, 0), lay("E", 3, 1, 270, 1, quarter=quarter("castle"))],
        "bad_quarter",
        {},
    ),
    (
        "no_quarter_without_any_scoring",
        (CO,),
        [*CITY, lay("G", 2, 1, 0, 0, quarter=quarter("castle"))],
        "bad_quarter",
        {},
    ),
    ("no_such_quarter", (CO,), east_city({"to": "garden"}), "bad_quarter", {}),
    ("the_count_to_no_such_quarter", (CO,), east_city({"to": "castle", "count": "tower"}), "bad_quarter", {}),
    (
        "an_abbot_into_a_quarter",
        (CO, "abbot"),
        east_city({"kind": "abbot", "to": "castle"}),
        "bad_quarter",
        {},
    ),
    (
        "the_market_while_the_count_is_there",
        (CO,),
        [*east_city(quarter("market", count="market")), west_farmer(0)],
        "bad_market",
        {"market": TO_THE_WEST_FIELD},
    ),
    ("the_market_onto_a_road", (CO,), MARKET_BOARD, "bad_market", {"market": [ref(-3, 0, "N", 1)]}),
    (
        "the_market_without_a_follower_there",
        (CO,),
        MARKET_BOARD,
        "bad_market",
        {"market": [ref(-3, 0, "E", 0)]},
    ),
    (
        "from_city_without_the_count",
        (),
        [*START, lay("E", 0, -1, 180, 0, from_city=[ref(0, 0, "N", 1)])],
        "action_not_in_game",
        {},
    ),
    (
        "quarter_without_the_count",
        (),
        [*START, lay("E", 0, -1, 180, 0, quarter=quarter("castle"))],
        "action_not_in_game",
        {},
    ),
    ("market_without_the_count", (), START, "field_not_in_game", {"market": []}),
    ("quarters_in_a_replay", (CO,), CITY, "field_not_in_game", {"quarters": []}),
    ("the_count_in_a_replay", (CO,), CITY, "field_not_in_game", {"count": "castle"}),
]


@pytest.mark.parametrize(
    ("expansions", "placements", "code", "top"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_refusals(expansions, placements, code, top):
    document = board(placements, expansions, **top)
    with pytest.raises(RefIllegal) as caught:
        score_document(document)
    assert caught.value.code == code, str(caught.value)
    # the same file cut before its last placement (and without the top-level field) is legal
    if len(placements) > 1 or top:
        score_document(board(placements[:-1] if not top else placements, expansions))


# -- final mode ----------------------------------------------------------------------------------

#     x:  -3
#         U*p0       (y = 0)   west of count-5: p0's farmer in WEST-SOUTH
#         U*p1       (y = 1)   west of count-9: p1's farmer (from the market), the same field
# The City's tiles come last, in reverse order; p1 still has a meeple in the castle and p0 its big
# meeple in the cathedral; the Count stands in the blacksmith.
FINAL_BOARD = {
    **board(
        [
            lay("U", -3, 0, 90, meeple=meeple(0, "E")),
            lay("U", -3, 1, 90, meeple=meeple(1, "E")),
            *reversed(CITY),
        ],
        (CO, IC),
    ),
    "mode": "final",
    "banked": [6, 0],
    "quarters": [{"player": 1, "quarter": "castle"}, {"player": 0, "quarter": "cathedral", "kind": "big"}],
    "count": "blacksmith",
}
FINAL_CASES = [
    # (id, changes to FINAL_BOARD, totals)
    # p0: banked 6 + 3 (WEST-SOUTH, the City); p1: 3 (the same field: tied). The followers in the
    # quarters score nothing.
    ("farmers_round_the_city_followers_in_quarters", {}, [9, 3]),
    # 1st-edition farmers: the City 4 to each (tied over all its fields).
    ("farmers_round_the_city_1st", {"rules": {"farmers": "1st"}}, [10, 4]),
    # No quarters listed, the Count where it starts.
    ("nobody_in_the_city", {"quarters": None, "count": None}, [9, 3]),
    # Both farmers on the one field piece of the U west of count-5 (the market's follower came
    # onto p0's piece): the same 9 and 3 ("a tile may end with more than one figure").
    (
        "two_farmers_on_one_field_piece",
        {"placements": [lay("U", -3, 0, 90, meeples=[meeple(0, "E"), meeple(1, "ESE")]), *reversed(CITY)]},
        [9, 3],
    ),
]
FINAL_REFUSALS = [
    ("a_city_tile_missing", {"placements": FINAL_BOARD["placements"][:-1]}, "bad_start"),
    (
        "a_city_tile_on_another_square",
        {"placements": [*FINAL_BOARD["placements"][:-1], lay("count-1", -2, -2)]},
        "bad_start",
    ),
    (
        "a_city_tile_turned",
        {"placements": [*FINAL_BOARD["placements"][:-1], lay("count-1", -2, -1, 180)]},
        "bad_start",
    ),
    (
        "an_abbot_in_a_quarter",
        {"quarters": [{"player": 0, "quarter": "castle", "kind": "abbot"}]},
        "bad_quarter",
    ),
    ("no_such_quarter", {"quarters": [{"player": 0, "quarter": "garden"}]}, "bad_quarter"),
    ("the_count_in_no_such_quarter", {"count": "garden"}, "bad_quarter"),
    (
        "quarters_without_the_count",
        {"expansions": [IC], "count": None, "placements": [lay("U", 0, 0, 90)]},
        "field_not_in_game",
    ),
    ("the_market_on_a_final_board", {"market": []}, "field_not_in_game"),
    (
        "from_city_on_a_final_board",
        {
            "placements": [
                *FINAL_BOARD["placements"][:-1],
                lay("count-1", -2, -1, from_city=[ref(-2, -1, "W", 0)]),
            ]
        },
        "action_in_final",
    ),
]


def final_board(changes: dict) -> dict:
    """FINAL_BOARD with ``changes`` (a None value takes the field away)."""
    out = {**FINAL_BOARD, **changes}
    return {k: v for k, v in out.items() if v is not None}


@pytest.mark.parametrize(("changes", "totals"), [c[1:] for c in FINAL_CASES], ids=[c[0] for c in FINAL_CASES])
def test_final_boards(changes, totals):
    report = score_document(final_board(changes))
    assert [p["total"] for p in report["players"]] == totals


def test_final_board_counts_the_followers_in_quarters():
    """7 meeples each, wherever they are: six more of p1's in the castle make eight."""
    more = [{"player": 1, "quarter": "castle"}] * 6
    score_document(final_board({"quarters": [*FINAL_BOARD["quarters"], *more[:5]]}))  # 7: legal
    with pytest.raises(RefIllegal):
        score_document(final_board({"quarters": [*FINAL_BOARD["quarters"], *more]}))


@pytest.mark.parametrize(
    ("changes", "code"), [c[1:] for c in FINAL_REFUSALS], ids=[c[0] for c in FINAL_REFUSALS]
)
def test_final_board_refusals(changes, code):
    with pytest.raises(RefIllegal) as caught:
        score_document(final_board(changes))
    assert caught.value.code == code, str(caught.value)


# -- random games, by the reference's own rules -------------------------------------------------

EVERY_COUNT_RULE = (
    "quarter",
    "count moves",
    "from the castle",
    "from the blacksmith",
    "from the cathedral",
    "from city onto an empty feature",
    "market",
)
COMBINATIONS = [
    (CO,),
    (CO, "river"),
    (CO, "princess-dragon", "tower", "abbot"),
    (CO, IC, TB),
    (CO, "river", "abbot", IC, TB, "tower", "princess-dragon"),
]


def test_random_games_exercise_every_rule_and_score_the_same_as_final_boards():
    seen: Counter = Counter()
    joined = 0  # followers out of the City onto a feature that held another figure
    for seed in range(40):
        if seed >= len(COMBINATIONS) and all(seen[k] > 0 for k in EVERY_COUNT_RULE) and joined:
            break  # (every rule seen: enough)
        rng = random.Random(seed)
        expansions = COMBINATIONS[seed % len(COMBINATIONS)]
        farmers = ("3rd", "2nd", "1st")[seed % 3]
        document = random_document(rng, 2 + seed % 4, expansions, farmers=farmers)
        _, game = replay_document(document)
        seen += game.count_log
        joined += game.count_log["from city"] - game.count_log["from city onto an empty feature"]
        assert_figures_accounted_for(game)
        written = Counter()
        for p in document["placements"]:
            written["from city"] += len(p.get("from_city", []))
            written["quarter"] += "quarter" in p
        written["market"] = len(document.get("market", []))
        assert written == Counter({k: game.count_log[k] for k in written}), seed
        report = score_document(document)
        final = score_document(final_document(document, rng))
        assert [p["total"] for p in final["players"]] == [p["total"] for p in report["players"]], seed
    assert all(seen[k] > 0 for k in EVERY_COUNT_RULE), seen
    assert joined > 0, seen
