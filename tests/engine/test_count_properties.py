"""Properties of random legal games with the Count (hypothesis), alone or with the other boxes.

The games come from :func:`scorer.engine.simulate.random_game`, whose turns now and then send
followers out of the City onto what they complete and, when the scoring allows it, a follower
of the layer into a quarter (with the Count moved); :func:`~scorer.engine.simulate.end_of` sends
market followers onto fields. Whatever the game: undo is exact, every figure is somewhere (on a
tile, on a tower, in jail or in a quarter), every point is an event, a quarter is entered only
after a scoring that paid others and not the layer, nobody steps out of the Count's quarter,
and the end state entered as a finished board scores what the replay does.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import Game, Placement, Rules, build_game, read_board, write_board
from scorer.engine.expansions.count import COUNT, EnterQuarter, StepOut, may_enter
from scorer.engine.simulate import end_of, final_board_of, random_game
from scorer.engine.tilesets.count import CITY_SQUARES

from .conftest import each_push_undoes
from .test_pd_properties import points_by_player, whereabouts

FEW = settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(FEW, max_examples=5)

BOXES = ("river", "abbot", "inns-cathedrals", "traders-builders", "tower", "princess-dragon")


@st.composite
def count_games(draw) -> Game:
    """A random legal game with the Count: 2–5 players (6 with Inns & Cathedrals), any of the
    other boxes, any rule options; sometimes cut short; the market chosen at the end."""
    seed = draw(st.integers(0, 2**32 - 1))
    chosen = [box for box in BOXES if draw(st.integers(0, 2)) == 0]
    players = draw(st.integers(2, 6 if "inns-cathedrals" in chosen else 5))
    rules = Rules(
        small_city=draw(st.sampled_from([4, 2])), farmers=draw(st.sampled_from(["3rd", "2nd", "1st"]))
    )
    chance = draw(st.sampled_from([0.4, 0.8, 1.0]))
    max_tiles = draw(st.integers(12, 80)) if draw(st.integers(0, 3)) == 0 else None
    rng = random.Random(seed)
    game = random_game(
        rng, players, expansions=["count", *chosen], rules=rules, meeple_chance=chance, max_tiles=max_tiles
    )
    end_of(rng, game)
    return game


def blank_like(game: Game) -> Game:
    return Game(game.players, rules=game.rules, expansions=game.expansions, extras=game.extras)


@FEWER
@given(count_games())
def test_undo_of_every_turn_is_exact(game):
    each_push_undoes(game)


@FEW
@given(count_games())
def test_every_figure_is_accounted_for_quarters_included(game):
    fresh = blank_like(game)
    players = range(len(game.players))
    start = [fresh.supply(player) for player in players]
    for placement in game.placements:
        fresh.push(placement)
        for player in players:
            away = whereabouts(fresh, player)
            away.update(r.kind for r in COUNT.residents(fresh) if r.player == player)
            for kind, count in start[player].items():
                assert fresh.supply(player)[kind] >= 0
                assert fresh.supply(player)[kind] + away[kind] == count, (player, kind)


@FEW
@given(count_games())
def test_quarters_are_entered_and_left_only_as_the_rules_let_them(game):
    fresh = blank_like(game)
    for index, placement in enumerate(game.placements):
        if index < 12:
            assert (placement.x, placement.y) == CITY_SQUARES[placement.tile] and placement.rotation == 0
        before = COUNT.count_quarter(fresh)
        fresh.push(placement)
        turn = fresh.turns[-1]
        if any(type(a) is EnterQuarter for a in placement.actions):
            assert may_enter(turn.events, turn.layer)
        for action in placement.actions:
            if type(action) is StepOut:
                visitors = [s for e in turn.events for s in e.visitors]
                assert len(visitors) == len(action.followers)
                for event in turn.events:
                    if event.visitors:
                        assert COUNT.quarter_for(event.feature) is not before
                        assert len({s.player for s in event.visitors}) == len(event.visitors)


@FEW
@given(count_games())
def test_every_point_is_an_event(game):
    count = len(game.players)
    report = game.report()
    assert list(report.totals) == points_by_player(report.events, count)
    assert game.scores == points_by_player(game.events, count)


@FEW
@given(count_games())
def test_the_end_state_as_a_finished_board_scores_the_same(game):
    final = final_board_of(game)
    assert final.final_problem() is None
    assert final.report().totals == game.report().totals
    visitors = Counter((r.player, r.kind) for r in COUNT.residents(game))
    visitors.subtract((s.player, s.kind) for s in (v for _, v in COUNT.farm_visitors(game)))
    assert Counter((r.player, r.kind) for r in COUNT.residents(final)) == +visitors
    assert COUNT.count_quarter(final) is COUNT.count_quarter(game)
    document = json.loads(json.dumps(write_board(final)))
    again = build_game(read_board(document))
    assert again.state() == final.state()
    assert again.report() == final.report()


@FEW
@given(count_games())
def test_every_turn_round_trips_as_text_and_through_the_board_file(game):
    for placement in game.placements:
        assert Placement.parse(str(placement)) == placement
    document = json.loads(json.dumps(write_board(game)))
    again = build_game(read_board(document))
    assert again.placements == game.placements
    assert again.state() == game.state()
    assert again.report() == game.report()


def test_random_games_do_step_out_enter_quarters_and_use_the_market():
    """The properties above are not vacuous: over a few seeds every kind of choice comes up."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        game = random_game(rng, 3, expansions=["count", "inns-cathedrals"], meeple_chance=1.0)
        end_of(rng, game)
        seen.update(type(a).__name__ for t in game.turns for a in t.placement.actions)
        seen["market"] += len(game.extras.get("market", ()))
    assert seen["StepOut"] and seen["EnterQuarter"] and seen["market"]
