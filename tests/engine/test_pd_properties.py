"""Properties of random legal games with Princess & Dragon (hypothesis), alone or with the other
boxes, The Tower included.

The games come from :func:`scorer.engine.simulate.random_game`, whose turns now and then take an
action the module offers (the fairy next to a follower, the princess sending a knight home, a
figure through a portal) and always give a dragon tile one of the moves the dragon can make.
Whatever the game: undo is exact, every figure is somewhere, every point is an event, the dragon
only ever moves as the rules let it, and the end state entered as a finished board (the dragon,
the fairy and tiles holding several figures included) scores what the replay does.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import Game, Phase, Placement, Rules, build_game, read_board, report_to_dict, write_board
from scorer.engine.expansions.princess_dragon import (
    DRAGON_STEPS,
    FLIGHTLESS,
    PRINCESS_DRAGON,
    DragonMove,
)
from scorer.engine.placement import Meeple
from scorer.engine.simulate import final_board_of, random_game
from scorer.engine.tiles import TileMark
from scorer.engine.tilesets import TILES

from .conftest import each_push_undoes

FEW = settings(max_examples=10, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(FEW, max_examples=6)
"""For undo, which compares the whole game's state three times a turn."""

BOXES = ("river", "abbot", "inns-cathedrals", "traders-builders", "tower")


@st.composite
def pd_games(draw) -> Game:
    """A random legal game with Princess & Dragon: 2–5 players (6 with Inns & Cathedrals), any of
    the other boxes, any rule options; sometimes cut short."""
    seed = draw(st.integers(0, 2**32 - 1))
    chosen = [box for box in BOXES if draw(st.booleans())]
    players = draw(st.integers(2, 6 if "inns-cathedrals" in chosen else 5))
    rules = Rules(
        small_city=draw(st.sampled_from([4, 2])), farmers=draw(st.sampled_from(["3rd", "2nd", "1st"]))
    )
    chance = draw(st.sampled_from([0.2, 0.6, 1.0]))
    max_tiles = draw(st.integers(2, 80)) if draw(st.integers(0, 3)) == 0 else None
    return random_game(
        random.Random(seed),
        players,
        expansions=["princess-dragon", *chosen],
        rules=rules,
        meeple_chance=chance,
        max_tiles=max_tiles,
    )


def blank_like(game: Game) -> Game:
    return Game(game.players, rules=game.rules, expansions=game.expansions)


def whereabouts(game: Game, player: int) -> Counter:
    """Each kind of ``player``'s figures outside their supply: on tiles, tower tops, in jail."""
    found = Counter(f.kind for f in game.figures if f.player == player)
    found.update(
        p.figure[1]
        for p in game.pieces()
        if p.figure is not None and p.figure[0] == player and p.kind == "tower"
    )
    found.update(h.kind for h in game.held() if h.player == player)
    return found


@FEWER
@given(pd_games())
def test_undo_of_every_turn_is_exact(game):
    each_push_undoes(game)


@FEW
@given(pd_games())
def test_every_figure_is_accounted_for_and_the_creatures_stand_on_tiles(game):
    fresh = blank_like(game)
    players = range(len(game.players))
    start = [fresh.supply(player) for player in players]
    for placement in game.placements:
        fresh.push(placement)
        for player in players:
            away = whereabouts(fresh, player)
            for kind, count in start[player].items():
                assert fresh.supply(player)[kind] >= 0
                assert fresh.supply(player)[kind] + away[kind] == count, (player, kind)
        state = fresh.state_of(PRINCESS_DRAGON)
        assert state.dragon is None or state.dragon in fresh.board.tiles
        assert state.fairy is None or state.fairy in fresh.board.tiles
        assert (
            state.dragon is None
            or state.dragon != state.fairy
            or not any(type(a) is DragonMove and a.steps for a in placement.actions)
        )
        if state.follower is not None:
            assert PRINCESS_DRAGON.stands(fresh, state.follower)
            assert state.follower.square == state.fairy
        assert fresh.unfinished() is None  # every dragon tile was given its move


@FEW
@given(pd_games())
def test_the_dragon_moves_only_as_the_rules_let_it(game):
    fresh = blank_like(game)
    for placement in game.placements:
        tile = TILES[placement.tile]
        before = fresh.state_of(PRINCESS_DRAGON)
        fresh.push(placement)
        after = fresh.state_of(PRINCESS_DRAGON)
        moves = [a for a in placement.actions if type(a) is DragonMove and a.steps]
        if tile.mark is TileMark.VOLCANO:
            assert after.dragon == placement.square
            assert not any(type(a) is Meeple for a in placement.actions)
            continue
        if not moves:
            assert after.dragon == before.dragon
            continue
        assert tile.mark is TileMark.DRAGON
        steps = moves[0].steps
        path = [before.dragon, *steps]
        assert len(steps) <= DRAGON_STEPS and len(set(path)) == len(path)
        for (x, y), (nx, ny) in itertools.pairwise(path):
            assert abs(x - nx) + abs(y - ny) == 1
        assert all(fresh.board.tiles[s].tile.name not in FLIGHTLESS for s in steps)
        assert after.fairy not in steps
        assert after.dragon == steps[-1]
        # no figure is left on a square the dragon entered
        assert not any(f.square in steps for f in fresh.figures)


def points_by_player(events, players: int) -> list[int]:
    points = [0] * players
    for event in events:
        for winner in event.winners:
            points[winner] += event.points
    return points


@FEW
@given(pd_games())
def test_every_point_is_an_event_the_fairys_included(game):
    count = len(game.players)
    report = game.report()
    assert list(report.totals) == points_by_player(report.events, count)
    assert game.scores == points_by_player(game.events, count)
    fairy = [e for e in report.events if e.fairy]
    data = report_to_dict(report)
    assert [p["by_category"]["fairy"] for p in data["players"]] == points_by_player(fairy, count)
    for p in data["players"]:
        assert p["total"] == sum(p["by_category"].values())
    for index, turn in enumerate(game.turns):
        points = [e for e in turn.events if e.fairy and e.when is Phase.FAIRY]
        assert len(points) <= 1
        assert all(e.winners == (turn.layer,) and e.points == 1 and e.placement == index for e in points)
    assert all(e.points == 3 and len(e.winners) == 1 for e in fairy if e.when is not Phase.FAIRY)


@FEW
@given(pd_games())
def test_the_end_state_as_a_finished_board_scores_the_same(game):
    final = final_board_of(game)
    assert final.final_problem() is None
    assert final.report().totals == game.report().totals
    ours, theirs = game.state_of(PRINCESS_DRAGON), final.state_of(PRINCESS_DRAGON)
    assert (theirs.dragon, theirs.fairy, theirs.follower) == (ours.dragon, ours.fairy, ours.follower)
    document = json.loads(json.dumps(write_board(final)))
    again = build_game(read_board(document))
    assert again.state() == final.state()
    assert again.report() == final.report()


@FEW
@given(pd_games())
def test_every_turn_round_trips_as_text_and_through_the_board_file(game):
    for placement in game.placements:
        assert Placement.parse(str(placement)) == placement
    document = json.loads(json.dumps(write_board(game)))
    again = build_game(read_board(document))
    assert again.placements == game.placements
    assert again.state() == game.state()


RULES_SEEN = (
    "DragonMove",
    "FairyMove",
    "PrincessVisit",
    "PortalFigure",
    "fairy fairy",
    "play fairy",
    "eaten",
)


def test_random_games_take_every_princess_and_dragon_rule():
    """The games above do meet the rules under test: within a bounded handful of seeds (the
    princess needs knights where her city joins, which few games give), every rule comes up."""
    seen: Counter = Counter()
    for seed in range(30):
        game = random_game(
            random.Random(seed),
            3,
            expansions=["princess-dragon", "tower", "traders-builders"],
            meeple_chance=1.0,
        )
        for turn in game.turns:
            for action in turn.placement.actions:
                seen[type(action).__name__] += 1
            seen.update(f"{e.when.value} fairy" for e in turn.events if e.fairy)
        fresh = blank_like(game)
        for placement in game.placements:
            on_board = len(fresh.figures)
            fresh.push(placement)
            moved = any(type(a) is DragonMove and a.steps for a in placement.actions)
            if moved and len(fresh.figures) < on_board:
                seen["eaten"] += 1
        if all(seen[rule] for rule in RULES_SEEN):
            break
    assert {rule: seen[rule] for rule in RULES_SEEN if not seen[rule]} == {}
