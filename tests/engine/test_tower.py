"""The Tower, on small boards worked by hand (board-format.md, "More expansions"; tiles.md, "The Tower").

Every board is built tile by tile and each line says why the tile fits, so a reader can check it
against tiles.md. x grows east and y south (the tile above (0, 0) is (0, -1)); rotation is
clockwise. Mina is player 0 and Wei player 1. ``N>TILE@...`` says who lays a tile; without it the
figure's owner lays it, else the next player in turn.

The Tower's text forms, after the tile: ``tower=X,Y`` (a floor), ``;capture=P@X,Y/PLACE[+KIND]``
(``/tower``: the figure on top of the tower there), ``;exchange=KIND``; ``top=P@X,Y[+KIND]`` (a
follower onto a tower); ``ransom=JAILER/KIND`` (paid before the tile).

Tiles used: D (C R F R: city N, road W–E), E (C F F F), N (C F F C: city N+W), F (F C F C: city
W–E, pennant), U (F R F R: road W–E), B (F F F F: cloister); to-field (all field), to-cloister (all
field, a cloister), to-crossroads (R R R R: four roads ending at the middle), each with a tower
foundation.
"""

from __future__ import annotations

import json

import pytest

from scorer.engine import (
    BoardFileError,
    Category,
    FigureKind,
    Game,
    IllegalPlacementError,
    NotationError,
    Phase,
    Placement,
    Rule,
    build_game,
    read_board,
    report_to_dict,
    write_board,
)
from scorer.engine.actions import parse_action
from scorer.engine.expansions.tower import TOWER, FigureRef, Floor, Prisoner, Ransom, Tower, TowerTop, reach
from scorer.engine.places import Place

from .conftest import each_push_undoes

M, BIG, ABBOT = FigureKind.MEEPLE, FigureKind.BIG, FigureKind.ABBOT
NAMES = ["Mina", "Wei"]


def tower_game(*texts: str, boxes: tuple[str, ...] = (), players: int | list = NAMES) -> Game:
    """A game with The Tower (and ``boxes``), the placements pushed in order, every rule checked."""
    game = Game(players, expansions=["tower", *boxes])
    for text in texts:
        game.push(Placement.parse(text))
    return game


def towers_of(game: Game):
    return game.state_of(TOWER)


def refused(game: Game, text: str) -> IllegalPlacementError:
    """Push ``text``, which must be refused, and check that the refusal changed nothing."""
    before = game.state()
    with pytest.raises(IllegalPlacementError) as caught:
        game.push(Placement.parse(text))
    assert game.state() == before
    error = caught.value
    assert error.index == len(game.turns)  # the refusal names the placement
    return error


def supplies(game: Game) -> list[dict[FigureKind, int]]:
    return [game.supply(player) for player in range(len(game.players))]


# -- a city whose majority a capture decides ---------------------------------------------------------

CITY_GAP = [
    "D@0,0/0",  # start: city N, road W–E
    "N@0,-1/180:0S",  # Mina: N turned 180 is F C C F, city S+E on D's city; Mina's knight
    "U@1,0/0",  # Wei: the road on east of D
    "U@2,0/0",  # Mina
    "E@2,-1/270:1W",  # Wei: E turned 270 is F F F C, a city piece opening west; Wei's knight
    "to-field@-1,-1/0",  # Mina: foundation West, 1 square west of Mina's knight (its east edge field)
    "to-cloister@3,-1/0",  # Wei: foundation East, 1 square east of Wei's knight
]
CLOSE_THE_GAP = "F@1,-1/0"  # F: city W–E with a pennant on (1, -1): D + N + F + E, 4 tiles + 1 = 10


@pytest.mark.parametrize(
    ("turn", "scores", "prisoners", "meeples_in_supply"),
    [
        # U@-1,0: its road meets D's, its north field West's south edge
        pytest.param("0>U@-1,0/0", [10, 10], (), [7, 7], id="no-capture-tie"),
        pytest.param(
            "1>U@-1,0/0:tower=-1,-1;capture=0@0,-1/S",
            [0, 10],
            (Prisoner(1, 0, M),),
            [6, 7],
            id="wei-takes-minas-knight",
        ),
        pytest.param(
            "0>U@-1,0/0:tower=3,-1;capture=1@2,-1/W",
            [10, 0],
            (Prisoner(0, 1, M),),
            [7, 6],
            id="mina-takes-weis-knight",
        ),
        pytest.param(
            "1>U@-1,0/0:tower=3,-1;capture=1@2,-1/W", [10, 0], (), [7, 7], id="wei-takes-his-own-home"
        ),
        pytest.param(
            "0>U@-1,0/0:tower=-1,-1;capture=0@0,-1/S", [0, 10], (), [7, 7], id="mina-takes-her-own-home"
        ),
    ],
)
def test_a_capture_decides_who_wins_the_city_completed_later(turn, scores, prisoners, meeples_in_supply):
    """Each knight stands alone in its piece of city; F joins and closes them. A tower of height 1
    reaches the knight next to it only: whoever is taken scores nothing, a tie becomes one winner."""
    game = tower_game(*CITY_GAP, turn)
    assert game.scores == [0, 0]
    events = game.push(Placement.parse(CLOSE_THE_GAP))
    assert [(e.feature.value, e.points, len(e.tiles), e.pennants) for e in events] == [("city", 10, 4, 1)]
    assert game.scores == scores
    assert towers_of(game).prisoners == prisoners
    assert game.meeples_in_supply == meeples_in_supply
    assert game.figures == ()  # the knights left went home with the scoring


# -- reach: h squares each way, over gaps and other towers ------------------------------------------


@pytest.mark.parametrize(
    ("square", "height", "inside", "outside"),
    [
        ((0, 0), 1, [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)], [(1, 1), (2, 0), (0, -2)]),
        ((2, 3), 2, [(4, 3), (0, 3), (2, 5), (2, 1), (3, 3)], [(5, 3), (2, 6), (3, 4), (0, 1)]),
        ((-1, -1), 3, [(2, -1), (-4, -1), (-1, 2), (-1, -4)], [(3, -1), (-1, -5), (0, 0)]),
    ],
)
def test_reach_is_a_cross_of_h_squares_each_way(square, height, inside, outside):
    reached = reach(square, height)
    assert len(reached) == 1 + 4 * height
    assert all(s in reached for s in inside)
    assert not any(s in reached for s in outside)


REACH = [
    "D@0,0/0",  # start: its south edge is field
    "U@1,0/0",  # Mina: U's road on east of D's; its south edge field
    "U@2,0/0",  # Wei
    "U@3,0/0",  # Mina
    "U@4,0/0",  # Wei
    "to-field@0,1/0",  # Mina: foundation A under D
    "to-cloister@1,1/0",  # Wei: foundation B east of A
    "B@4,1/0:0C",  # Mina: her monk under U@4,0, 4 squares east of A
    "B@3,1/0:1C",  # Wei: his monk under U@3,0, 3 squares east of A; (2, 1) stays empty
    "U@5,0/0:tower=1,1",  # Mina: a floor on B: between A and the monks stand a tower and a gap
]
FLOORS_ON_A = ["U@6,0/0:tower=0,1", "U@7,0/0:tower=0,1", "U@-1,0/0:tower=0,1"]  # U on east, or west of D


@pytest.mark.parametrize(
    ("floors_before", "target", "problem", "prisoners", "meeples_in_supply"),
    [
        pytest.param(0, "1@3,1/C", ("out_of_reach", 1), None, None, id="height-1-misses-3-away"),
        pytest.param(1, "1@3,1/C", ("out_of_reach", 2), None, None, id="height-2-misses-3-away"),
        pytest.param(2, "1@3,1/C", None, (Prisoner(0, 1, M),), [6, 6], id="height-3-over-tower-and-gap"),
        pytest.param(2, "0@4,1/C", ("out_of_reach", 3), None, None, id="height-3-misses-4-away"),
        pytest.param(3, "0@4,1/C", None, (), [7, 6], id="height-4-takes-own-monk-home"),
    ],
)
def test_a_tower_reaches_its_height_each_way_and_no_further(
    floors_before, target, problem, prisoners, meeples_in_supply
):
    game = tower_game(*REACH, *FLOORS_ON_A[:floors_before])
    assert towers_of(game).tower_at((1, 1)) == Tower((1, 1), 1)
    attempt = f"0>B@3,2/0:tower=0,1;capture={target}"  # B under Wei's monk; Mina captures
    if problem is not None:
        error = refused(game, attempt)
        assert error.rule is Rule.BAD_CAPTURE
        assert error.facts == {"problem": problem[0], "at_x": 0, "at_y": 1, "height": problem[1]}
        return
    game.push(Placement.parse(attempt))
    assert towers_of(game).tower_at((0, 1)) == Tower((0, 1), floors_before + 1)
    assert towers_of(game).prisoners == prisoners
    assert game.meeples_in_supply == meeples_in_supply


# -- a follower on top of a tower ----------------------------------------------------------------------

ON_TOP = [*REACH, "U@6,0/0:top=1@1,1"]  # Wei's meeple onto B (height 1): Wei lays the tile


def test_a_follower_on_top_closes_the_tower_and_scores_nothing():
    game = tower_game(*ON_TOP)
    assert game.layer_of(10) == 1
    assert towers_of(game).tower_at((1, 1)) == Tower((1, 1), 1, (1, M))
    assert game.meeples_in_supply == [6, 5]  # Wei: his monk and the one on top
    assert not any(f.square == (1, 1) for f in game.figures)  # on the tower, not on the tile
    # at the end only the monks score, each its cloister and 4 tiles around it; the top nothing
    report = game.report()
    assert [p.by_category[Category.CLOISTER] for p in report.players] == [5, 5]
    assert sum(e.points for e in report.events if 1 in e.winners) == 5


@pytest.mark.parametrize(
    ("text", "rule", "facts"),
    [
        pytest.param(
            "U@7,0/0:tower=1,1",
            Rule.BAD_TOWER,
            {"problem": "closed", "at_x": 1, "at_y": 1},
            id="floor-closed",
        ),
        pytest.param(
            "U@7,0/0:top=0@1,1", Rule.BAD_TOWER, {"problem": "closed", "at_x": 1, "at_y": 1}, id="top-closed"
        ),
        pytest.param(
            "U@7,0/0:top=0@0,1",
            Rule.BAD_TOWER,
            {"problem": "no_floor_yet", "at_x": 0, "at_y": 1},
            id="top-of-a-bare-foundation",
        ),
        pytest.param(
            "U@7,0/0:tower=0,0",
            Rule.BAD_TOWER,
            {"problem": "no_foundation", "at_x": 0, "at_y": 0},
            id="floor-on-D",
        ),
        pytest.param(
            "U@7,0/0:tower=2,1",
            Rule.BAD_TOWER,
            {"problem": "no_foundation", "at_x": 2, "at_y": 1},
            id="floor-on-an-empty-square",
        ),
        pytest.param(
            "U@7,0/0:tower=0,1;capture=0@1,1/tower",
            Rule.BAD_CAPTURE,
            {"problem": "no_figure", "player_name": "Mina", "figure": "meeple"},
            id="capture-of-nobody-on-top",
        ),
        pytest.param(
            "U@7,0/0:top=0@0,0",
            Rule.BAD_TOWER,
            {"problem": "no_floor_yet", "at_x": 0, "at_y": 0},
            id="top-of-D",
        ),
        pytest.param(
            "U@7,0/0:top=0@4,1+abbot",
            Rule.BAD_TOWER,
            {"problem": "no_floor_yet", "at_x": 4, "at_y": 1},
            id="abbot-onto-no-tower",
        ),
        pytest.param(
            "U@7,0/0:top=0@1,1+big",
            Rule.BAD_TOWER,
            {"problem": "closed", "at_x": 1, "at_y": 1},
            id="big-closed",
        ),
    ],
)
def test_what_a_closed_tower_and_bare_squares_refuse(text, rule, facts):
    game = tower_game(*ON_TOP)
    error = refused(game, text)
    assert error.rule is rule
    assert error.facts == facts


def test_the_tower_opens_again_when_the_figure_on_top_is_captured():
    game = tower_game(*ON_TOP)
    # Mina: A's first floor reaches B's top, 1 square east
    game.push(Placement.parse("U@7,0/0:tower=0,1;capture=1@1,1/tower"))
    assert towers_of(game).towers == (Tower((0, 1), 1), Tower((1, 1), 1))
    assert towers_of(game).prisoners == (Prisoner(0, 1, M),)
    assert game.meeples_in_supply == [6, 5]  # Wei's meeple is Mina's prisoner, not back home
    game.push(Placement.parse("U@-1,0/0:tower=1,1"))  # Wei: B takes a floor again
    assert towers_of(game).tower_at((1, 1)) == Tower((1, 1), 2)
    assert towers_of(game).floors == (8, 9)


def test_a_figure_on_top_of_another_tower_is_taken_by_a_shorter_tower():
    """B is 2 floors high with Wei on top; A, 1 floor, takes him (allowed: "Where JCZ differs")."""
    game = tower_game(*REACH, "U@6,0/0:tower=1,1", "U@7,0/0:top=1@1,1")
    assert towers_of(game).tower_at((1, 1)) == Tower((1, 1), 2, (1, M))
    game.push(Placement.parse("0>U@-1,0/0:tower=0,1;capture=1@1,1/tower"))
    assert towers_of(game).towers == (Tower((0, 1), 1), Tower((1, 1), 2))


def test_a_figure_onto_a_tower_needs_one_in_supply_and_of_a_kind_the_game_has():
    # Mina: 7 meeples on 7 features (a road, two fields, four cloisters), a floor on to-field
    game = tower_game(
        "D@0,0/0",
        "0>to-field@0,1/0:tower=0,1",
        "0>U@1,0/0:0E",  # the road
        "0>U@2,0/0:0N",  # the field north of the road
        "0>U@3,0/0:0S",  # the field south of the road
        "0>U@4,0/0",
        *(f"0>B@{x},1/0:0C" for x in (1, 2, 3, 4)),  # four cloisters under the road
    )
    assert game.meeples_in_supply == [0, 7]
    error = refused(game, "U@-1,0/0:top=0@0,1")
    assert (error.rule, error.facts) == (Rule.NO_MEEPLE_LEFT, {"player_name": "Mina", "figure": "meeple"})
    error = refused(game, "U@-1,0/0:top=1@0,1+big")  # no Inns & Cathedrals: no big meeple
    assert (error.rule, error.facts) == (Rule.FIGURE_NOT_IN_GAME, {"figure": "big"})
    game.push(Placement.parse("U@-1,0/0:top=1@0,1"))
    assert towers_of(game).tower_at((0, 1)) == Tower((0, 1), 1, (1, M))


def test_only_a_meeple_or_big_meeple_goes_on_top():
    game = tower_game("D@0,0/0", "to-cloister@0,1/0:tower=0,1", boxes=("abbot", "inns-cathedrals"))
    error = refused(game, "U@1,0/0:top=1@0,1+abbot")
    assert (error.rule, error.facts["problem"]) == (Rule.BAD_TOWER, "kind")
    game.push(Placement.parse("U@1,0/0:top=1@0,1+big"))
    assert towers_of(game).tower_at((0, 1)) == Tower((0, 1), 1, (1, BIG))
    assert game.supply(1) == {M: 7, BIG: 0, ABBOT: 1}


# -- prisoners, the exchange and the ransom -------------------------------------------------------------

ARENA = [  # with Inns & Cathedrals (big meeples)
    "D@0,0/0",  # start: city N (open), road W–E, field S
    "to-field@0,1/0",  # Mina: foundation T under D
    "B@1,1/0:1C+big",  # Wei: his big meeple on a cloister east of T
    "B@-1,1/0:0C",  # Mina: her monk on a cloister west of T
    "B@0,2/0:1C",  # Wei: his monk on a cloister south of T
    "U@1,0/0:tower=0,1;capture=1@1,1/C+big",  # Mina: T height 1 takes Wei's big meeple, east
    "E@0,-1/180:1S",  # Wei: E turned 180 (city S) closes D's city: 2 tiles, 4 points for Wei
    "U@2,0/0:tower=0,1;capture=1@0,2/C",  # Mina: T height 2 takes Wei's monk, south
]
# From here Wei (4 points) lays U@-1,0 (road meets D's, south edge over Mina's cloister): Mina
# holds his big meeple and a meeple; T's third floor reaches Mina's monk 1 square west.


def test_the_arena():
    game = tower_game(*ARENA, boxes=("inns-cathedrals",))
    assert game.scores == [0, 4]
    assert towers_of(game).towers == (Tower((0, 1), 2),)
    assert towers_of(game).floors == (8, 10)
    assert towers_of(game).prisoners == (Prisoner(0, 1, BIG), Prisoner(0, 1, M))
    assert supplies(game) == [{M: 6, BIG: 1}, {M: 6, BIG: 0}]
    assert game.to_move == 1


@pytest.mark.parametrize(
    ("prefix", "turn", "prisoners", "supply"),
    [
        pytest.param(
            8,
            "U@-1,0/0:tower=0,1;capture=0@-1,1/C",
            (Prisoner(0, 1, BIG),),
            [{M: 7, BIG: 1}, {M: 7, BIG: 0}],
            id="two-kinds-held-default-meeple",
        ),
        pytest.param(
            8,
            "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=meeple",
            (Prisoner(0, 1, BIG),),
            [{M: 7, BIG: 1}, {M: 7, BIG: 0}],
            id="two-kinds-held-meeple-named",
        ),
        pytest.param(
            8,
            "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=big",
            (Prisoner(0, 1, M),),
            [{M: 7, BIG: 1}, {M: 6, BIG: 1}],
            id="two-kinds-held-big-named",
        ),
        # Before Mina's second capture she holds only Wei's big meeple: it is the one given back
        pytest.param(
            7,
            "1>U@2,0/0:tower=0,1;capture=0@-1,1/C",
            (),
            [{M: 7, BIG: 1}, {M: 6, BIG: 1}],
            id="one-kind-held-it-comes-back",
        ),
        # Wei takes Mina's monk while she holds none of his: a prisoner
        pytest.param(
            5,
            "1>U@1,0/0:tower=0,1;capture=0@-1,1/C",
            (Prisoner(1, 0, M),),
            [{M: 6, BIG: 1}, {M: 6, BIG: 0}],
            id="nothing-held-a-prisoner",
        ),
    ],
)
def test_a_capture_exchanges_prisoners_at_once(prefix, turn, prisoners, supply):
    game = tower_game(*ARENA[:prefix], turn, boxes=("inns-cathedrals",))
    assert game.layer_of(prefix) == 1
    assert towers_of(game).prisoners == prisoners
    assert supplies(game) == supply
    assert not any(f.square == (-1, 1) for f in game.figures)  # Mina's monk left its cloister


@pytest.mark.parametrize(
    ("prefix", "turn"),
    [
        pytest.param(8, "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=abbot", id="kind-not-held"),
        pytest.param(7, "1>U@2,0/0:tower=0,1;capture=0@-1,1/C;exchange=meeple", id="only-a-big-held"),
        pytest.param(7, "0>U@2,0/0:tower=0,1;capture=1@0,2/C;exchange=meeple", id="nothing-held"),
        pytest.param(7, "1>U@2,0/0:tower=0,1;capture=1@0,2/C;exchange=big", id="own-figure"),
        pytest.param(7, "0>U@2,0/0:tower=0,1;exchange=big", id="no-capture"),
    ],
)
def test_an_exchange_that_cannot_happen_is_refused(prefix, turn):
    game = tower_game(*ARENA[:prefix], boxes=("inns-cathedrals",))
    error = refused(game, turn)
    assert (error.rule, error.facts["problem"]) == (Rule.BAD_CAPTURE, "exchange")


def ransom_events(jailer: int, payer: int, index: int) -> list[dict]:
    common = {"when": "ransom", "placement": index, "feature": "ransom", "complete": False, "tiles": []}
    return [
        {**common, "pennants": 0, "meeples": {}, "winners": [jailer], "points": 3},
        {**common, "pennants": 0, "meeples": {}, "winners": [payer], "points": -3},
    ]


@pytest.mark.parametrize(
    ("turn", "prisoners", "wei_supply", "wei_on_board"),
    [
        pytest.param("U@-1,0/0:ransom=0/meeple", (Prisoner(0, 1, BIG),), {M: 7, BIG: 0}, [], id="meeple"),
        pytest.param("U@-1,0/0:ransom=0/big", (Prisoner(0, 1, M),), {M: 6, BIG: 1}, [], id="big"),
        # the big meeple comes home before the tile and goes straight onto its north field
        pytest.param(
            "U@-1,0/0:ransom=0/big:1N+big", (Prisoner(0, 1, M),), {M: 6, BIG: 0}, [BIG], id="big-used-at-once"
        ),
    ],
)
def test_a_ransom_moves_3_points_and_frees_the_figure(turn, prisoners, wei_supply, wei_on_board):
    game = tower_game(*ARENA, boxes=("inns-cathedrals",))
    events = game.push(Placement.parse(turn))
    assert game.scores == [3, 1]
    assert [(e.when, e.winners, e.points, e.placement) for e in events] == [
        (Phase.RANSOM, (0,), 3, 8),
        (Phase.RANSOM, (1,), -3, 8),
    ]
    assert towers_of(game).prisoners == prisoners
    assert game.supply(1) == wei_supply
    assert [f.kind for f in game.figures if f.player == 1] == wei_on_board
    data = report_to_dict(game.report())
    assert [e for e in data["events"] if e["when"] == "ransom"] == ransom_events(0, 1, 8)
    assert [p["by_category"]["ransom"] for p in data["players"]] == [3, -3]
    assert [p["by_category"]["fairy"] for p in data["players"]] == [0, 0]
    for i, player in enumerate(data["players"]):
        assert player["total"] == sum(e["points"] for e in data["events"] if i in e["winners"])


def test_without_the_ransom_the_big_meeple_is_not_in_supply():
    game = tower_game(*ARENA, boxes=("inns-cathedrals",))
    error = refused(game, "U@-1,0/0:1N+big")
    assert error.rule is Rule.NO_MEEPLE_LEFT


@pytest.mark.parametrize(
    ("prefix", "turn", "rule", "facts"),
    [
        pytest.param(
            8, "U@-1,0/0:ransom=0/meeple:ransom=0/big", Rule.BAD_RANSOM, {"problem": "once"}, id="twice"
        ),
        pytest.param(8, "U@-1,0/0:ransom=1/meeple", Rule.BAD_RANSOM, {"problem": "self"}, id="to-oneself"),
        pytest.param(
            8,
            "U@-1,0/0:ransom=0/abbot",
            Rule.BAD_RANSOM,
            {"problem": "no_prisoner", "player_name": "Mina", "figure": "abbot"},
            id="no-such-kind-held",
        ),
        pytest.param(
            8,
            "0>U@-1,0/0:ransom=1/meeple",
            Rule.BAD_RANSOM,
            {"problem": "no_prisoner", "player_name": "Wei", "figure": "meeple"},
            id="nobody-held",
        ),
        # Wei before his city: 0 points
        pytest.param(
            6,
            "1>E@0,-1/180:ransom=0/big",
            Rule.BAD_RANSOM,
            {"problem": "points", "player_name": "Wei"},
            id="fewer-than-3-points",
        ),
        pytest.param(8, "U@-1,0/0:ransom=2/meeple", Rule.UNKNOWN_PLAYER, {"player": 2}, id="no-such-player"),
    ],
)
def test_a_ransom_that_cannot_be_paid_is_refused(prefix, turn, rule, facts):
    game = tower_game(*ARENA[:prefix], boxes=("inns-cathedrals",))
    error = refused(game, turn)
    assert (error.rule, error.facts) == (rule, facts)


def test_after_one_ransom_1_point_pays_no_other():
    game = tower_game(*ARENA, "U@-1,0/0:ransom=0/meeple", "U@3,0/0", boxes=("inns-cathedrals",))
    assert game.scores == [3, 1] and game.to_move == 1
    error = refused(game, "U@4,0/0:ransom=0/big")
    assert (error.rule, error.facts["problem"]) == (Rule.BAD_RANSOM, "points")


# -- builders and pigs ---------------------------------------------------------------------------------


def builder_board(follower: str, helper: str) -> list[str]:
    """Mina's follower on U@1,0 and her builder or pig on the same feature of to-crossroads@3,0,
    which is a foundation T; Wei puts T's first floor on with B@1,1."""
    return [
        "D@0,0/0",  # start: city N, road W–E
        f"U@1,0/0:0{follower}",  # Mina: E is the road D–U, N the field north of it
        "U@2,0/0",  # Wei
        f"to-crossroads@3,0/0:0{helper}",  # Mina: its west road ends the road D–U–U–X; its NW
        #   field (WNW, NNW) meets U@2,0's north field
        "B@1,1/0:tower=3,0",  # Wei: B under U@1,0; T height 1 reaches (2..4, 0) and (3, ±1)
        "B@2,1/0",  # Mina: B under U@2,0 touches no road (no extra tile)
    ]


ROAD = ("E", "W+builder", "0@1,0/E", "0@3,0/W+builder", FigureKind.BUILDER)
FIELD = ("N", "NNW+pig", "0@1,0/N", "0@3,0/NNW+pig", FigureKind.PIG)


@pytest.mark.parametrize("case", [ROAD, FIELD], ids=["builder", "pig"])
@pytest.mark.parametrize(
    ("capture", "left"),
    [pytest.param(True, 0, id="follower-captured"), pytest.param(False, 2, id="no-capture")],
)
def test_a_builder_or_pig_goes_home_with_its_players_last_follower(case, capture, left):
    follower, helper, follower_ref, _, helper_kind = case
    game = tower_game(*builder_board(follower, helper), boxes=("traders-builders",))
    assert game.to_move == 1
    assert [f.kind for f in game.figures if f.player == 0] == [M, helper_kind]
    # Wei: E turned 180 closes D's city (nobody's); T's second floor reaches (1, 0)
    turn = "E@0,-1/180:tower=3,0" + (f";capture={follower_ref}" if capture else "")
    game.push(Placement.parse(turn))
    assert len([f for f in game.figures if f.player == 0]) == left
    if capture:
        assert game.supply(0) == {M: 6, FigureKind.BUILDER: 1, FigureKind.PIG: 1}
        assert towers_of(game).prisoners == (Prisoner(1, 0, M),)


@pytest.mark.parametrize("case", [ROAD, FIELD], ids=["builder", "pig"])
def test_a_builder_or_pig_is_never_captured(case):
    follower, helper, follower_ref, helper_ref, helper_kind = case
    game = tower_game(*builder_board(follower, helper)[:4], boxes=("traders-builders",))
    # Wei's floor makes T height 1: the builder or pig stands on T's own square
    error = refused(game, f"B@1,1/0:tower=3,0;capture={helper_ref}")
    assert error.rule is Rule.BAD_CAPTURE
    assert error.facts == {"problem": "kind", "figure": helper_kind.value}
    error = refused(game, f"B@1,1/0:tower=3,0;capture={follower_ref}")  # 2 squares west: too far
    assert error.facts["problem"] == "out_of_reach"


# -- floors by number of players ---------------------------------------------------------------------

FLOOR_TILES = [
    *(f"U@{x},0/0" for x in (1, 2, 3, 4, 5, 6, 7, -1)),  # the road through D, east and west
    *(f"B@{x},1/0" for x in (1, -1, 2, -2)),  # cloisters beside the foundation, under the road
]


@pytest.mark.parametrize(("players", "floors"), [(2, 10), (3, 9), (4, 7), (5, 6), (6, 5)])
def test_each_player_has_floors_by_the_number_of_players(players, floors):
    boxes = ("inns-cathedrals",) if players == 6 else ()
    game = tower_game("D@0,0/0", "0>to-field@0,1/0", players=players, boxes=boxes)  # T under D
    assert towers_of(game).floors == (floors,) * players
    for tile in FLOOR_TILES[:floors]:  # Mina lays every tile, each with a floor on T
        game.push(Placement.parse(f"0>{tile}:tower=0,1"))
    assert towers_of(game).towers == (Tower((0, 1), floors),)
    assert towers_of(game).floors == (0,) + (floors,) * (players - 1)
    error = refused(game, f"0>{FLOOR_TILES[floors]}:tower=0,1")
    assert error.rule is Rule.BAD_TOWER
    assert error.facts == {"problem": "no_floor", "at_x": 0, "at_y": 1}
    game.push(Placement.parse(f"1>{FLOOR_TILES[floors]}:tower=0,1"))  # floors are neutral: anyone's
    assert towers_of(game).towers == (Tower((0, 1), floors + 1),)


# -- undo -------------------------------------------------------------------------------------------------

UNDONE = [
    pytest.param([*CITY_GAP, "1>U@-1,0/0:tower=-1,-1;capture=0@0,-1/S", CLOSE_THE_GAP], (), id="capture"),
    pytest.param([*ON_TOP, "U@7,0/0:tower=0,1;capture=1@1,1/tower", "U@-1,0/0:tower=1,1"], (), id="top"),
    pytest.param(
        [*ARENA, "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=big"], ("inns-cathedrals",), id="exchange"
    ),
    pytest.param([*ARENA, "U@-1,0/0:ransom=0/big:1N+big"], ("inns-cathedrals",), id="ransom"),
    pytest.param(
        [*builder_board("E", "W+builder"), "E@0,-1/180:tower=3,0;capture=0@1,0/E"],
        ("traders-builders",),
        id="builder",
    ),
]


@pytest.mark.parametrize(("texts", "boxes"), UNDONE)
def test_every_turn_undoes_exactly(texts, boxes):
    each_push_undoes(tower_game(*texts, boxes=boxes))


@pytest.mark.parametrize(("texts", "boxes"), UNDONE)
def test_pop_gives_back_the_very_state_the_last_turn_found(texts, boxes):
    game = tower_game(*texts[:-1], boxes=boxes)
    before, towers, scores = game.state(), towers_of(game), list(game.scores)
    events = game.push(Placement.parse(texts[-1]))
    assert game.state() != before
    assert game.pop() == Placement.parse(texts[-1])
    assert game.state() == before
    assert towers_of(game) is towers  # the journal keeps the value itself
    assert game.scores == scores
    assert game.push(Placement.parse(texts[-1])) == events


# -- a finished board: towers and prisoners ------------------------------------------------------------


def final_document(prisoners=(), towers=(), *, banked=(3, 1), boxes=(), figures=True) -> dict:
    """D, a foundation under it and Wei's monk on a cloister beside: his monk scores 3 (the cloister,
    D and to-field); Mina's banked 3 include a ransom received, Wei's 1 his city minus it."""
    placements = [
        {"tile": "D", "x": 0, "y": 0, "rotation": 0},
        {"tile": "to-field", "x": 0, "y": 1, "rotation": 0},
        {"tile": "B", "x": 1, "y": 1, "rotation": 0},
    ]
    if figures:
        placements[2]["meeple"] = {"player": 1, "at": "C"}
    return {
        "format": "carcassonne-board/1",
        "players": [{"name": name} for name in NAMES],
        "expansions": ["tower", *boxes],
        "mode": "final",
        "banked": list(banked),
        "placements": placements,
        "towers": list(towers),
        "prisoners": list(prisoners),
    }


def jailed(count: int, kind: str = "meeple") -> list[dict]:
    return [{"jailer": 0, "player": 1, "kind": kind}] * count


WEI_ON_TOP = {"x": 0, "y": 1, "height": 3, "top": {"player": 1, "kind": "meeple"}}


def test_a_finished_board_with_towers_and_prisoners():
    game = build_game(read_board(final_document(jailed(1), [WEI_ON_TOP])))
    assert towers_of(game).towers == (Tower((0, 1), 3, (1, M)),)
    assert towers_of(game).prisoners == (Prisoner(0, 1, M),)
    assert game.meeples_in_supply == [7, 4]  # Wei: the monk, the top, the prisoner
    data = report_to_dict(game.report())
    assert [p["total"] for p in data["players"]] == [3, 4]  # the top and the prisoner score nothing
    assert data["players"][1]["by_category"] == {
        "road": 0,
        "city": 0,
        "cloister": 3,
        "garden": 0,
        "farm": 0,
        "goods": 0,
        "banked": 1,
        "fairy": 0,
        "ransom": 0,
    }
    assert [e["winners"] for e in data["events"]] == [[1]]


@pytest.mark.parametrize(
    ("prisoners", "towers", "rule", "index"),
    [
        pytest.param(jailed(5), [WEI_ON_TOP], None, None, id="top-5-prisoners-monk-is-7"),
        pytest.param(jailed(6), [WEI_ON_TOP], Rule.TOO_MANY_MEEPLES, 2, id="top-6-prisoners-monk-is-8"),
        pytest.param(jailed(7), [], Rule.TOO_MANY_MEEPLES, 2, id="7-prisoners-and-the-monk"),
        pytest.param(jailed(8), [], Rule.TOO_MANY_MEEPLES, None, id="8-prisoners"),
        pytest.param(jailed(1, "big"), [], Rule.FIGURE_NOT_IN_GAME, None, id="big-prisoner-no-big"),
    ],
)
def test_prisoners_and_figures_on_top_count_against_the_supply(prisoners, towers, rule, index):
    document = final_document(prisoners, towers)
    if rule is None:
        assert build_game(read_board(document)).meeples_in_supply == [7, 0]
        return
    with pytest.raises(IllegalPlacementError) as caught:
        build_game(read_board(document))
    assert (caught.value.rule, caught.value.index) == (rule, index)


@pytest.mark.parametrize(
    ("towers", "players", "facts"),
    [
        pytest.param([{"x": 0, "y": 1, "height": 20}], 2, None, id="20-of-20"),
        pytest.param(
            [{"x": 0, "y": 1, "height": 12}, {"x": 2, "y": 1, "height": 9}],
            2,
            {"problem": "too_many_floors", "most": 20},
            id="21-of-20",
        ),
        pytest.param([{"x": 0, "y": 1, "height": 27}], 3, None, id="27-of-27"),
        pytest.param(
            [{"x": 0, "y": 1, "height": 28}], 3, {"problem": "too_many_floors", "most": 27}, id="28-of-27"
        ),
        pytest.param(
            [{"x": 1, "y": 1, "height": 1}],
            2,
            {"problem": "no_foundation", "at_x": 1, "at_y": 1},
            id="on-a-cloister",
        ),
        pytest.param(
            [{"x": 5, "y": 5, "height": 1}],
            2,
            {"problem": "no_foundation", "at_x": 5, "at_y": 5},
            id="on-no-tile",
        ),
    ],
)
def test_a_finished_boards_floors(towers, players, facts):
    document = final_document(towers=towers, banked=(0,) * players)
    document["players"] = [{"name": f"P{i}"} for i in range(players)]
    # a second foundation at (2, 1): to-cloister east of B
    document["placements"].append({"tile": "to-cloister", "x": 2, "y": 1, "rotation": 0})
    if facts is None:
        assert build_game(read_board(document)).final_problem() is None
        return
    with pytest.raises(IllegalPlacementError) as caught:
        build_game(read_board(document))
    assert (caught.value.rule, caught.value.facts) == (Rule.BAD_TOWER, facts)


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        pytest.param({"mode": "replay", "banked": None}, Rule.FIELD_NOT_IN_GAME, id="replay-mode"),
        pytest.param({"expansions": []}, Rule.FIELD_NOT_IN_GAME, id="without-the-tower"),
        pytest.param({"prisoners": [{"jailer": 1, "player": 1}]}, Rule.BAD_FILE, id="own-prisoner"),
        pytest.param({"prisoners": jailed(1, "pig")}, Rule.BAD_FILE, id="pig-prisoner"),
        pytest.param({"prisoners": [{"jailer": 0, "player": 2}]}, Rule.UNKNOWN_PLAYER, id="no-such-player"),
        pytest.param(
            {"towers": [{"x": 0, "y": 1, "height": 1}, {"x": 0, "y": 1, "height": 2}]},
            Rule.BAD_FILE,
            id="two-towers-one-square",
        ),
        pytest.param({"towers": [{"x": 0, "y": 1, "height": 0}]}, Rule.BAD_FILE, id="height-0"),
        pytest.param(
            {"towers": [{"x": 0, "y": 1, "height": 1, "top": {"player": 1, "kind": "abbot"}}]},
            Rule.UNKNOWN_FIGURE,
            id="abbot-on-top",
        ),
        pytest.param({"towers": {"x": 0}}, Rule.BAD_FILE, id="not-a-list"),
    ],
)
def test_a_finished_boards_towers_and_prisoners_are_read_with_care(change, rule):
    document = final_document(jailed(1), [WEI_ON_TOP])
    document.update(change)
    document = {k: v for k, v in document.items() if v is not None}
    with pytest.raises(BoardFileError) as caught:
        read_board(document)
    assert caught.value.rule is rule


@pytest.mark.parametrize(
    "action",
    [
        {"tower": {"x": 0, "y": 1}},
        {"meeple": {"player": 1, "at": "tower", "x": 0, "y": 1}},
        {"ransom": {"jailer": 0, "kind": "meeple"}},
    ],
    ids=["floor", "top", "ransom"],
)
def test_no_tower_action_on_a_finished_board(action):
    document = final_document(figures=False)
    document["placements"][2].update(action)
    with pytest.raises(IllegalPlacementError) as caught:
        build_game(read_board(document))
    assert (caught.value.rule, caught.value.index) == (Rule.ACTION_IN_FINAL, 2)


def test_a_replay_report_has_ransom_and_fairy_at_0():
    game = tower_game(*CITY_GAP)
    report = game.report()
    assert game.report_columns[-2:] == (Category.FAIRY, Category.RANSOM)
    for player in report.players:
        assert (player.by_category[Category.FAIRY], player.by_category[Category.RANSOM]) == (0, 0)


# -- text and board-file forms of every action ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "actions"),
    [
        ("to-city@1,0/0:tower=1,0", (Floor(1, 0),)),
        (
            "to-city@1,0/0:ransom=1/meeple:tower=1,0;capture=1@0,0/N",
            (Ransom(1, M), Floor(1, 0, FigureRef(1, 0, 0, Place.N))),
        ),
        (
            "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=big",
            (Floor(0, 1, FigureRef(0, -1, 1, Place.C), BIG),),
        ),
        ("U@7,0/0:tower=0,1;capture=1@1,1/tower", (Floor(0, 1, FigureRef(1, 1, 1, "tower")),)),
        ("U@7,0/0:tower=0,1;capture=1@1,1/tower+big", (Floor(0, 1, FigureRef(1, 1, 1, "tower", BIG)),)),
        (
            "B@1,1/0:tower=-3,-2;capture=0@-3,-4/C+abbot",
            (Floor(-3, -2, FigureRef(0, -3, -4, Place.C, ABBOT)),),
        ),
        ("U@6,0/0:top=1@1,1", (TowerTop(1, 1, 1),)),
        ("U@6,0/0:top=1@1,1+big", (TowerTop(1, 1, 1, BIG),)),
        ("2>U@-1,0/0:ransom=0/big:2N+big", (Ransom(0, BIG), Placement.parse("U@0,0/0:2N+big").meeple)),
    ],
)
def test_every_action_round_trips_as_text(text, actions):
    placement = Placement.parse(text)
    assert placement.actions == actions
    assert str(placement) == text
    assert Placement.parse(str(placement)) == placement


@pytest.mark.parametrize(
    ("token", "detail"),
    [
        ("tower=a,b", "a floor is tower=X,Y[;capture=...][;exchange=KIND]"),
        ("tower=0,1;capture=0@0,0/Q", "there is no place 'Q'"),
        ("tower=0,1;capture=zz", "a figure is PLAYER@X,Y/PLACE"),
        ("tower=0,1;capture=0@0,0/N;exchange=dragon", "there is no figure 'dragon'"),
        ("top=1@1", "a figure onto a tower is top=PLAYER@X,Y[+KIND]"),
        ("ransom=0", "a ransom is ransom=JAILER/KIND"),
        ("ransom=0/dragon", "there is no figure 'dragon'"),
    ],
)
def test_a_malformed_tower_action_says_what_is_wrong(token, detail):
    with pytest.raises(NotationError) as caught:
        parse_action(token)
    assert caught.value.facts["detail"] == detail


ROUND_TRIPS = [
    pytest.param([*CITY_GAP, "1>U@-1,0/0:tower=-1,-1;capture=0@0,-1/S"], (), id="capture"),
    pytest.param([*ON_TOP, "U@7,0/0:tower=0,1;capture=1@1,1/tower"], (), id="top-and-capture-from-top"),
    pytest.param(
        [*ARENA, "U@-1,0/0:tower=0,1;capture=0@-1,1/C;exchange=big"], ("inns-cathedrals",), id="exchange"
    ),
    pytest.param([*ARENA, "U@-1,0/0:ransom=0/big:1N+big"], ("inns-cathedrals",), id="ransom"),
    pytest.param(
        ["D@0,0/0", "to-field@0,1/0:tower=0,1", "U@1,0/0:top=1@0,1+big"],
        ("inns-cathedrals",),
        id="big-on-top",
    ),
]


@pytest.mark.parametrize(("texts", "boxes"), ROUND_TRIPS)
def test_every_action_round_trips_through_the_board_file(texts, boxes):
    game = tower_game(*texts, boxes=boxes)
    document = json.loads(json.dumps(write_board(game)))
    board = read_board(document)
    assert board.placements == tuple(game.placements)
    again = build_game(board)
    assert again.state() == game.state()
    assert again.report() == game.report()


def test_the_board_file_writes_each_action_as_board_format_says():
    game = tower_game(*ON_TOP, "U@7,0/0:tower=0,1;capture=1@1,1/tower")
    written = write_board(game)["placements"]
    assert written[9]["tower"] == {"x": 1, "y": 1}
    assert written[10]["meeple"] == {"player": 1, "at": "tower", "x": 1, "y": 1}
    assert written[11]["tower"] == {"x": 0, "y": 1, "capture": {"x": 1, "y": 1, "at": "tower", "player": 1}}
    game = tower_game(*ARENA, "U@-1,0/0:ransom=0/big:1N+big", boxes=("inns-cathedrals",))
    written = write_board(game)["placements"]
    assert written[5]["tower"]["capture"] == {"x": 1, "y": 1, "at": "C", "player": 1, "kind": "big"}
    assert written[8]["ransom"] == {"jailer": 0, "kind": "big"}
    assert written[8]["meeple"] == {"player": 1, "at": "N", "kind": "big"}


def test_a_finished_board_round_trips_with_its_towers_and_prisoners():
    document = final_document(jailed(2), [WEI_ON_TOP])
    game = build_game(read_board(document))
    written = json.loads(json.dumps(write_board(game)))
    assert written["towers"] == [WEI_ON_TOP]
    assert written["prisoners"] == jailed(2)
    assert written["banked"] == [3, 1]
    again = build_game(read_board(written))
    assert again.state() == game.state()
    assert again.report() == game.report()


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ({"tower": {"x": "a", "y": 1}}, Rule.BAD_POSITION),
        ({"tower": [0, 1]}, Rule.BAD_PLACEMENT),
        (
            {"tower": {"x": 0, "y": 1, "capture": {"x": 0, "y": 0, "at": "Q", "player": 0}}},
            Rule.UNKNOWN_PLACE,
        ),
        ({"tower": {"x": 0, "y": 1, "exchange": "dragon"}}, Rule.UNKNOWN_FIGURE),
        ({"meeple": {"player": 5, "at": "tower", "x": 0, "y": 1}}, Rule.UNKNOWN_PLAYER),
        ({"ransom": {"jailer": 5}}, Rule.UNKNOWN_PLAYER),
        ({"ransom": "Wei"}, Rule.BAD_PLACEMENT),
    ],
)
def test_a_malformed_tower_action_in_a_board_file_is_named(action, rule):
    document = {
        "format": "carcassonne-board/1",
        "players": [{"name": name} for name in NAMES],
        "expansions": ["tower"],
        "placements": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}, {"tile": "U", "x": 1, "y": 0, **action}],
    }
    with pytest.raises(BoardFileError) as caught:
        read_board(document)
    assert (caught.value.rule, caught.value.index) == (rule, 1)
