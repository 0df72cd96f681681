"""Princess & Dragon, on small boards worked by hand (board-format.md, "More expansions";
tiles.md, "Princess & Dragon").

Every board is built tile by tile and each line says why the tile fits, so a reader can check it
against tiles.md. x grows east and y south (the tile above (0, 0) is (0, -1)); rotation is
clockwise. Mina is player 0 and Wei player 1; ``N>TILE@...`` says who lays a tile.

The module's text forms, after the tile: ``fairy=P@X,Y/PLACE[+KIND]`` (the fairy next to that
follower), ``princess=P@X,Y/PLACE`` (the knight she sends home), ``portal=P@X,Y/PLACE[+KIND]`` (a
figure through the magic portal onto another tile), ``dragon=X,Y>X,Y>...`` (the dragon's steps).

Tiles used: D (C R F R: city N, road W–E, field S), U (F R F R: road W–E), E (C F F F), N (C F F C:
city N+W), A (F F R F: cloister, road S); pd-volcano (F F F F), pd-straight-dragon (F R F R),
pd-three-sided-princess (C C F C: city N+E+W with a princess), pd-junction-portal (F R R R: roads
E, S, W ending at the middle).
"""

from __future__ import annotations

import pytest

from scorer.engine import (
    Category,
    FigureKind,
    Game,
    IllegalPlacementError,
    Phase,
    Placement,
    Rule,
    build_game,
    read_board,
    report_to_dict,
    write_board,
)
from scorer.engine.actions import parse_action
from scorer.engine.expansions.princess_dragon import (
    PRINCESS_DRAGON,
    Creatures,
    DragonMove,
    FairyMove,
    PortalFigure,
    PrincessVisit,
)
from scorer.engine.figure_refs import FigureRef
from scorer.engine.places import Place
from scorer.engine.simulate import final_board_of

from .conftest import each_push_undoes

M, BIG = FigureKind.MEEPLE, FigureKind.BIG
NAMES = ["Mina", "Wei"]


def pd_game(*texts: str, boxes: tuple[str, ...] = ()) -> Game:
    """A game with Princess & Dragon (and ``boxes``), the placements pushed in order."""
    game = Game(NAMES, expansions=["princess-dragon", *boxes])
    for text in texts:
        game.push(Placement.parse(text))
    return game


def creatures(game: Game) -> Creatures:
    return game.state_of(PRINCESS_DRAGON)  # type: ignore[return-value]


def refused(game: Game, text: str) -> IllegalPlacementError:
    """Push ``text``, which must be refused, and check that the refusal changed nothing."""
    before = game.state()
    with pytest.raises(IllegalPlacementError) as caught:
        game.push(Placement.parse(text))
    assert game.state() == before
    return caught.value


def meeples_left(game: Game) -> list[int]:
    return [game.supply(p)[M] for p in range(len(game.players))]


def fairy_events(game: Game) -> list[tuple[str, tuple[int, ...], int]]:
    """The fairy's points if the game ended now: during play, then at the end."""
    return [(e.when.value, e.winners, e.points) for e in game.report().events if e.fairy]


def played_fairy_events(game: Game) -> list[tuple[str, tuple[int, ...], int]]:
    """The fairy's points during play so far."""
    return [(e.when.value, e.winners, e.points) for t in game.turns for e in t.events if e.fairy]


# -- the dragon: a line of roads, a volcano below the start, the fairy in the way --------------------

DRAGON_LINE = [
    "D@0,0/0",  # start: city N, road W–E, field S
    "0>U@1,0/0:0E",  # Mina's thief on the road D–U
    "1>U@2,0/0:1N",  # Wei's farmer in the field north of the road
    "0>pd-volcano@0,1/0",  # all field: its N edge meets D's field S; the dragon lands on (0, 1)
    "1>U@-1,0/0:1S",  # Wei's farmer in the field south of the road
    "0>U@-2,0/0:fairy=0@1,0/E",  # the fairy next to Mina's thief on (1, 0)
]
DRAGON_TILE = "1>pd-straight-dragon@3,0/0"  # F R F R: its W road meets U's E road


def test_the_volcano_brings_the_dragon_onto_the_board_and_takes_no_figure():
    game = pd_game(*DRAGON_LINE[:3])
    assert creatures(game).dragon is None
    error = refused(game, "0>pd-volcano@0,1/0:0C")
    assert error.rule is Rule.VOLCANO
    spots = game.figure_spots(Placement.parse("0>pd-volcano@0,1/0"))
    assert spots and all(s.problem is not None and s.problem.rule is Rule.VOLCANO for s in spots)
    game.push(Placement.parse("0>pd-volcano@0,1/0"))
    assert creatures(game).dragon == (0, 1)


def test_a_dragon_tile_before_any_volcano_moves_nothing():
    game = pd_game("D@0,0/0", "0>U@1,0/0:0E")
    assert refused(game, "1>pd-straight-dragon@2,0/0:dragon=1,0").facts["problem"] == "off_board"
    game.push(Placement.parse("1>pd-straight-dragon@2,0/0"))
    assert creatures(game).dragon is None
    assert game.unfinished() is None
    game.push(Placement.parse("0>U@-1,0/0"))  # nothing owed: the next tile goes down
    assert meeples_left(game) == [6, 7]


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        pytest.param("0,0>1,0>2,0>3,0", "step", id="onto-the-fairy"),
        pytest.param("0,0>-1,0", "too_few", id="stopping-where-it-could-go-on"),
        pytest.param("0,0>-1,0>0,0", "step", id="back-onto-a-visited-square"),
        pytest.param("0,0>-1,0>-2,0>-1,0", "step", id="a-fourth-step-back"),
        pytest.param("1,1", "step", id="onto-an-empty-square"),
        pytest.param("0,0>0,-1", "step", id="over-a-gap"),
    ],
)
def test_the_dragon_never_enters_the_fairys_square_a_visited_one_or_an_empty_one(steps, problem):
    game = pd_game(*DRAGON_LINE)
    error = refused(game, f"{DRAGON_TILE}:dragon={steps}")
    assert error.rule is Rule.BAD_DRAGON
    assert error.facts["problem"] == problem


def test_fewer_than_six_steps_when_the_dragon_is_stuck_and_it_eats_what_it_enters():
    game = pd_game(*DRAGON_LINE)
    assert meeples_left(game) == [6, 5]
    # From (0, 1): D, then west (east is the fairy's square), then the end of the line: stuck.
    game.push(Placement.parse(f"{DRAGON_TILE}:dragon=0,0>-1,0>-2,0"))
    assert creatures(game).dragon == (-2, 0)
    assert meeples_left(game) == [6, 6]  # Wei's farmer on (-1, 0) eaten; Mina's thief safe
    each_push_undoes(game)


def test_a_dragon_tile_owes_its_steps_before_the_next_tile():
    game = pd_game(*DRAGON_LINE)
    game.push(Placement.parse(DRAGON_TILE))  # entered step by step: the move is owed
    owed = game.unfinished()
    assert owed is not None and owed.rule is Rule.BAD_DRAGON and owed.facts["problem"] == "missing"
    with pytest.raises(IllegalPlacementError) as caught:
        game.push(Placement.parse("0>A@-3,0/270"))
    assert caught.value.rule is Rule.BAD_DRAGON
    # A board file that ends there is refused too.
    document = write_board(game)
    with pytest.raises(IllegalPlacementError):
        build_game(read_board(document))


def test_the_fairy_gives_a_point_each_turn_and_three_when_its_followers_road_is_scored():
    game = pd_game(*DRAGON_LINE, f"{DRAGON_TILE}:dragon=0,0>-1,0>-2,0")
    # Mina's turn: the fairy stands next to her thief: 1 point before her tile.
    game.push(Placement.parse("0>A@-3,0/270"))  # A turned 270 is F R F F: its road ends at E
    assert played_fairy_events(game) == [("fairy", (0,), 1)]
    assert fairy_events(game) == [("fairy", (0,), 1), ("end", (0,), 3)]  # if the game ended now
    # Wei's turn: no point (the fairy is by Mina's); his A closes the road, 8 tiles: Mina's thief
    # scores 8 and the fairy 3 more; then the fairy stands next to nobody.
    game.push(Placement.parse("1>A@4,0/90"))  # A turned 90 is F F F R: its road ends at W
    assert played_fairy_events(game) == [("fairy", (0,), 1), ("play", (0,), 3)]
    road = [e for e in game.turns[-1].events if e.feature is not None]
    assert [(e.winners, e.points) for e in road] == [((0,), 8)]
    assert creatures(game).fairy == (1, 0) and creatures(game).follower is None
    report = game.report()
    assert report.players[0].by_category[Category.FAIRY] == 4
    assert report.players[0].by_category[Category.ROAD] == 8
    assert report.players[1].by_category[Category.FAIRY] == 0
    each_push_undoes(game)


# -- builders and pigs go home with the follower beside them ---------------------------------------

BUILDER_AND_PIG = [
    "D@0,0/0",
    "0>U@1,0/0:0E",  # Mina's thief on the road
    "1>U@-1,0/0:1S",  # Wei's farmer in the field south of the road
    "0>U@2,0/0:0E+builder",  # Mina's builder on the same road
    "1>U@-2,0/0:1S+pig",  # Wei's pig in the same field as his farmer
    "0>pd-volcano@0,1/0",  # the dragon on (0, 1)
]


@pytest.mark.parametrize(
    ("steps", "home"),
    [
        # East: Mina's thief is eaten on (1, 0); her builder on (2, 0) has no follower left: home.
        pytest.param("0,0>1,0>2,0>3,0", {(0, FigureKind.BUILDER), (0, M)}, id="east-builder"),
        # West: Wei's farmer is eaten on (-1, 0); his pig on (-2, 0), eaten there anyway.
        pytest.param("0,0>-1,0>-2,0", {(1, FigureKind.PIG), (1, M)}, id="west-pig"),
    ],
)
def test_the_dragon_eats_builders_and_pigs_or_sends_them_home(steps, home):
    game = pd_game(*BUILDER_AND_PIG, boxes=("traders-builders",))
    before = {(f.player, f.kind) for f in game.figures}
    game.push(Placement.parse(f"1>pd-straight-dragon@3,0/0:dragon={steps}"))
    after = {(f.player, f.kind) for f in game.figures}
    assert before - after == home
    each_push_undoes(game)


def test_a_builder_goes_home_when_only_its_followers_tile_is_entered():
    game = pd_game(*BUILDER_AND_PIG, boxes=("traders-builders",))
    # (1, 0) holds the thief, (2, 0) the builder: a dragon stopping at (1, 0) is impossible here,
    # so check the rule on the step that eats the thief before the builder's square is entered.
    game.push(Placement.parse("1>pd-straight-dragon@3,0/0:dragon=0,0>1,0>2,0>3,0"))
    kinds = {f.kind for f in game.figures if f.player == 0}
    assert FigureKind.BUILDER not in kinds and game.supply(0)[FigureKind.BUILDER] == 1


# -- the princess ------------------------------------------------------------------------------------

TWO_KNIGHTS = [
    "D@0,0/0",
    "0>N@0,-1/180:0S",  # N turned 180 is F C C F: city S+E on D's city; Mina's knight
    "1>U@1,0/0",
    "0>U@2,0/0",
    "1>E@2,-1/270:1W",  # E turned 270 is F F F C: a city opening west; Wei's knight
]
PRINCESS_TILE = "0>pd-three-sided-princess@1,-1/0"  # C C F C: joins both knights' cities


@pytest.mark.parametrize(
    ("knight", "left"),
    [
        pytest.param("1@2,-1/W", [6, 7], id="sends-weis-knight-home"),
        pytest.param("0@0,-1/S", [7, 6], id="sends-minas-own-home"),
        pytest.param("0@0,0/N", [7, 6], id="named-by-any-piece-of-the-city"),
    ],
)
def test_the_princess_sends_one_knight_of_the_joined_city_home(knight, left):
    game = pd_game(*TWO_KNIGHTS)
    assert meeples_left(game) == [6, 6]
    if knight == "0@0,0/N":
        # D's city piece holds no figure: only the knight's own piece names it.
        assert refused(game, f"{PRINCESS_TILE}:princess={knight}").rule is Rule.BAD_PRINCESS
        return
    game.push(Placement.parse(f"{PRINCESS_TILE}:princess={knight}"))
    assert meeples_left(game) == left
    each_push_undoes(game)


def test_the_princess_then_lets_the_other_knight_score_the_city_alone():
    game = pd_game(*TWO_KNIGHTS, f"{PRINCESS_TILE}:princess=1@2,-1/W")
    game.push(Placement.parse("1>E@1,-2/180"))  # E turned 180 is F F C F: closes the city's top
    city = [e for e in game.turns[-1].events if e.feature is not None]
    assert [(e.winners, e.points, len(e.tiles)) for e in city] == [((0,), 10, 5)]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param("0>U@-1,0/0:princess=1@2,-1/W", "no_princess", id="no-princess-on-the-tile"),
        pytest.param(f"{PRINCESS_TILE}:princess=1@1,0/E", "not_in_city", id="not-a-knight-there"),
    ],
)
def test_the_princess_refusals(text, problem):
    game = pd_game(*TWO_KNIGHTS)
    error = refused(game, text)
    assert error.rule is Rule.BAD_PRINCESS and error.facts["problem"] == problem


# -- the magic portal ---------------------------------------------------------------------------------

PORTAL_BOARD = [
    "D@0,0/0",
    "0>E@0,-1/180",  # E turned 180 is F F C F: closes D's city (2 tiles, nobody in it)
    "1>U@1,0/0:1E",  # Wei's thief on the road
]
PORTAL_TILE = "0>pd-junction-portal@2,0/0"  # F R R R: its W road ends at the middle, on Wei's


@pytest.mark.parametrize(
    ("figure", "problem"),
    [
        pytest.param("0@0,-1/S", "completed", id="onto-a-finished-city"),
        pytest.param("0@1,0/E", "occupied", id="onto-wei's-road"),
        pytest.param("0@2,0/E", "no_tile", id="onto-the-tile-just-laid"),
        pytest.param("0@5,5/N", "no_tile", id="onto-an-empty-square"),
    ],
)
def test_the_portal_refuses_finished_occupied_or_missing_features(figure, problem):
    game = pd_game(*PORTAL_BOARD)
    error = refused(game, f"{PORTAL_TILE}:portal={figure}")
    assert error.rule is Rule.BAD_PORTAL and error.facts["problem"] == problem


def test_the_portal_puts_a_figure_on_another_tile_and_only_from_a_portal_tile():
    game = pd_game(*PORTAL_BOARD)
    assert refused(game, "0>U@-1,0/0:portal=0@1,0/N").facts["problem"] == "no_portal"
    game.push(Placement.parse(f"{PORTAL_TILE}:portal=0@1,0/N"))  # the field north of Wei's road
    farmers = [(f.player, f.square) for f in game.figures if f.player == 0]
    assert farmers == [(0, (1, 0))]
    each_push_undoes(game)
    # A finished board keeps both figures on (1, 0) in one placement's ``meeples``.
    final = final_board_of(game)
    document = write_board(final)
    assert sorted(f["player"] for f in document["placements"][2]["meeples"]) == [0, 1]
    assert build_game(read_board(document)).report() == final.report()


# -- the fairy at the end -------------------------------------------------------------------------------

FAIRY_AT_THE_END = [
    "D@0,0/0",
    "0>U@1,0/0:0N",  # Mina's farmer north of the road (that field touches D's unfinished city)
    "1>U@-1,0/0:1E",  # Wei's thief on the road
]


@pytest.mark.parametrize(
    ("fairy_turn", "expected_fairy", "totals"),
    [
        # By Mina's farmer: 1 at the start of her next turn, 3 with the farms (a field that earns
        # nothing still counts as scored). Wei's road, -3 to 2: 6 tiles, 6 at the end.
        pytest.param(
            "0>U@2,0/0:fairy=0@1,0/N", [("fairy", (0,), 1), ("farms", (0,), 3)], (4, 6), id="farmer"
        ),
        # By Wei's thief: only a follower of the layer's.
        pytest.param("0>U@2,0/0:fairy=1@-1,0/E", None, None, id="not-hers"),
    ],
)
def test_the_fairys_bonus_at_the_end_and_in_a_field(fairy_turn, expected_fairy, totals):
    game = pd_game(*FAIRY_AT_THE_END)
    if expected_fairy is None:
        error = refused(game, fairy_turn)
        assert error.rule is Rule.BAD_FAIRY and error.facts["problem"] == "not_yours"
        return
    game.push(Placement.parse(fairy_turn))
    game.push(Placement.parse("1>U@-2,0/0"))  # Wei: no point, the fairy is by Mina's farmer
    game.push(Placement.parse("0>A@-3,0/270"))  # Mina: 1; the road ends here
    assert fairy_events(game) == expected_fairy
    assert game.report().totals == totals
    # Entered as a finished board, the fairy by the farmer still gives its 3 (the 1 is banked).
    final = final_board_of(game)
    assert final.report().totals == totals
    document = write_board(final)
    assert document["fairy"] == {"x": 1, "y": 0, "at": "N", "player": 0}
    assert build_game(read_board(document)).report().totals == totals


def test_the_fairys_bonus_on_a_road_scored_at_the_end():
    game = pd_game(*FAIRY_AT_THE_END, "0>U@2,0/0", "1>U@-2,0/0:fairy=1@-1,0/E", "0>A@-3,0/270")
    assert fairy_events(game) == [("end", (1,), 3)]
    assert game.report().totals == (0, 6 + 3)  # road -3..2: 6 tiles


def test_the_fairy_stays_but_gives_nothing_once_its_follower_is_sent_home():
    game = pd_game(*TWO_KNIGHTS, "0>U@-1,0/0", "1>U@-2,0/0:fairy=1@2,-1/W")
    game.push(Placement.parse(f"{PRINCESS_TILE}:princess=1@2,-1/W"))  # no scoring: no bonus
    assert creatures(game) == Creatures(None, (2, -1), None)
    game.push(Placement.parse("1>U@3,0/0"))  # Wei's turn: the fairy is by nobody, no point
    assert fairy_events(game) == []
    each_push_undoes(game)


# -- notation ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("fairy=0@1,0/E", FairyMove(FigureRef(0, 1, 0, Place.E))),
        ("fairy=1@2,3/tower+big", FairyMove(FigureRef(1, 2, 3, "tower", BIG))),
        ("princess=1@2,-1/W", PrincessVisit(FigureRef(1, 2, -1, Place.W))),
        ("portal=0@-4,2/NNE+big", PortalFigure(0, -4, 2, Place.NNE, BIG)),
        ("dragon=0,0>-1,0>-2,0", DragonMove(((0, 0), (-1, 0), (-2, 0)))),
        ("dragon=", DragonMove(())),
    ],
)
def test_text_forms_round_trip(text, action):
    assert parse_action(text) == action
    assert str(action) == text


def test_a_whole_game_round_trips_through_the_board_file():
    game = pd_game(*DRAGON_LINE, f"{DRAGON_TILE}:dragon=0,0>-1,0>-2,0", "0>A@-3,0/270", "1>A@4,0/90")
    document = write_board(game)
    placements = document["placements"]
    assert placements[5]["fairy"] == {"x": 1, "y": 0, "at": "E", "player": 0}
    assert placements[6]["dragon"] == [[0, 0], [-1, 0], [-2, 0]]
    again = build_game(read_board(document))
    assert report_to_dict(again.report()) == report_to_dict(game.report())
    events = report_to_dict(game.report())["events"]
    assert {k: v for k, v in events[0].items() if k in ("when", "feature", "points")} == {
        "when": "fairy",
        "feature": "fairy",
        "points": 1,
    } or any(e["when"] == "fairy" and e["feature"] == "fairy" for e in events)


def test_final_mode_reads_and_writes_the_dragon_and_a_fairy_by_nobody():
    game = pd_game(*DRAGON_LINE, f"{DRAGON_TILE}:dragon=0,0>-1,0>-2,0", "0>A@-3,0/270", "1>A@4,0/90")
    final = final_board_of(game)
    document = write_board(final)
    assert document["dragon"] == [-2, 0]
    assert document["fairy"] == {"x": 1, "y": 0}
    assert build_game(read_board(document)).report().totals == game.report().totals
    document["fairy"] = {"x": 9, "y": 9}
    with pytest.raises(IllegalPlacementError) as caught:
        build_game(read_board(document))
    assert caught.value.rule is Rule.BAD_FAIRY


def test_the_fairy_turn_point_is_a_phase_of_its_own():
    assert Phase.FAIRY.value == "fairy"
