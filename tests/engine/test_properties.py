"""Properties of random legal games (hypothesis): conservation, accounting, symmetry, undo."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import TILES, Game, IllegalPlacementError, Placement, Rules, report_to_dict, write_board
from scorer.engine.simulate import final_board_of, random_game

from .conftest import (
    check_accounting,
    check_shape,
    each_push_undoes,
    meeples_on_board,
    replay,
    rotated,
    translated,
)
from .reference import CATEGORIES, RefGame, score_document

FAST = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


BOXES = ("abbot", "inns-cathedrals", "traders-builders")


@st.composite
def games(draw, *, full: bool = False, boxes: bool = True) -> Game:
    """A random legal game: 2–5 players (6 with Inns & Cathedrals), with or without the River and
    any of the expansions, any rule options."""
    seed = draw(st.integers(0, 2**32 - 1))
    chosen = [b for b in BOXES if boxes and draw(st.booleans())]
    players = draw(st.integers(2, 6 if "inns-cathedrals" in chosen else 5))
    river = draw(st.booleans())
    rules = Rules(
        small_city=draw(st.sampled_from([4, 2])), farmers=draw(st.sampled_from(["3rd", "2nd", "1st"]))
    )
    chance = draw(st.sampled_from([0.2, 0.6, 1.0]))
    # mostly whole games; sometimes a game cut short after a few tiles
    cut = not full and draw(st.integers(0, 3)) == 0
    max_tiles = draw(st.integers(1, 126)) if cut else None
    return random_game(
        random.Random(seed),
        players,
        expansions=(["river"] if river else []) + chosen,
        rules=rules,
        meeple_chance=chance,
        max_tiles=max_tiles,
    )


def totals_and_categories(game: Game):
    report = game.report()
    return report.totals, [dict(p.by_category) for p in report.players]


def event_summary(game: Game):
    """The score events without their coordinates: what was scored, for whom, for how much."""
    return sorted(
        (
            e.when.value,
            e.subject,
            e.complete,
            len(e.tiles),
            e.pennants,
            tuple(sorted(e.meeples.items())),
            e.winners,
            e.points,
            e.placement,
        )
        for e in game.report().events
    )


@FAST
@given(games())
def test_figures_are_conserved_after_every_turn(game):
    fresh = Game(game.players, rules=game.rules, expansions=game.expansions)
    start = {player: fresh.supply(player) for player in range(len(game.players))}
    for p in game.placements:
        fresh.push(p)
        on_board = Counter((f.player, f.kind) for f in fresh.figures)
        for player, kinds in start.items():
            for kind, count in kinds.items():
                assert fresh.supply(player)[kind] >= 0
                assert fresh.supply(player)[kind] + on_board[(player, kind)] == count
    assert meeples_on_board(fresh) == Counter(f.player for f in game.figures)


@FAST
@given(games())
def test_every_point_is_accounted_for_by_events(game):
    data = report_to_dict(game.report())
    check_shape(data, list(game.names))
    check_accounting(data)


@FAST
@given(games(), st.integers(-60, 60), st.integers(-60, 60))
def test_moving_the_whole_board_changes_no_score(game, dx, dy):
    moved = replay(game, [translated(p, dx, dy) for p in game.placements])
    assert moved.scores == game.scores
    assert totals_and_categories(moved) == totals_and_categories(game)
    assert event_summary(moved) == event_summary(game)


@FAST
@given(games(), st.integers(1, 3))
def test_turning_the_whole_board_changes_no_score(game, quarter_turns):
    turned = replay(game, [rotated(p, quarter_turns) for p in game.placements])
    assert turned.scores == game.scores
    assert totals_and_categories(turned) == totals_and_categories(game)
    assert event_summary(turned) == event_summary(game)


@FAST
@given(games())
def test_a_finished_game_entered_as_a_final_board_scores_the_same(game):
    final = final_board_of(game)
    assert final.final_problem() is None
    assert final.banked == tuple(game.scores)
    report, again = game.report(), final.report()
    assert again.totals == report.totals
    # the final board scores exactly the end and farm events of the game, nothing during entry
    assert final.events == []

    def summary(events):
        return sorted(
            (
                e.when.value,
                e.subject,
                e.complete,
                e.tiles,
                e.pennants,
                tuple(sorted(e.meeples.items())),
                e.winners,
                e.points,
            )
            for e in events
        )

    during_play = ("play", "recall")
    assert summary(again.events) == summary(e for e in report.events if e.when.value not in during_play)
    assert again.warnings == ()  # meeples on completed features went home during play


@FEW
@given(games())
def test_undo_of_every_placement_restores_the_exact_prior_state(game):
    each_push_undoes(game)


@FAST
@given(games(), st.data())
def test_legal_placements_are_legal_and_is_legal_agrees_with_push(game, data):
    names = sorted(n for n, left in game.board.supply.items() if left)
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    listed = game.legal_placements(name)
    for p in listed:
        assert game.is_legal(p)
    xs = [x for x, _ in game.board.tiles] or [0]
    ys = [y for _, y in game.board.tiles] or [0]
    tried = set()
    for _ in range(40):
        p = Placement(
            data.draw(st.sampled_from(sorted(TILES))),
            data.draw(st.integers(min(xs) - 1, max(xs) + 1)),
            data.draw(st.integers(min(ys) - 1, max(ys) + 1)),
            data.draw(st.sampled_from([0, 90, 180, 270])),
        )
        before = game.state()
        legal = game.is_legal(p)
        assert game.state() == before
        try:
            game.push(p)
        except IllegalPlacementError:
            assert not legal, p
            assert game.state() == before
        else:
            assert legal, p
            game.pop()
            assert game.state() == before
        if p.tile == name:
            tried.add(((p.x, p.y), p.rotation, legal))
    listed_keys = {(p.square, p.rotation) for p in listed}
    for square, rotation, legal in tried:
        assert ((square, rotation) in listed_keys) == legal


@FAST
@given(games())
def test_projected_scores_never_below_current_and_points_never_negative(game):
    fresh = Game(list(game.players), rules=game.rules, expansions=game.expansions)
    for i, p in enumerate(game.placements):
        events = fresh.push(p)
        assert all(e.points > 0 for e in events)  # a scored feature is worth at least 1 point
        if i % 7 == 0 or i == len(game.placements) - 1:
            projected = fresh.projected_scores()
            assert all(a >= b >= 0 for a, b in zip(projected, fresh.scores))
    for e in fresh.report().events:
        assert e.points >= 0


@FAST
@given(games())
def test_the_reference_scores_every_game_the_same(game):
    document = write_board(game)
    theirs = score_document(document)
    ours = report_to_dict(game.report())
    assert [(p["total"], p["by_category"]) for p in theirs["players"]] == [
        (p["total"], p["by_category"]) for p in ours["players"]
    ]


@FAST
@given(games(boxes=False))
def test_engine_agrees_with_the_reference_model_turn_by_turn(game):
    ref = RefGame(
        players=len(game.players),
        small_city=game.rules.small_city,
        farmers=game.rules.farmers.value,
        river=bool(game.expansions),
    )
    for turn in game.turns:
        p = turn.placement
        meeple = (p.meeple.player, p.meeple.at.name) if p.meeple else None
        got = ref.play(p.tile, p.x, p.y, p.rotation, meeple)
        theirs = [0] * len(game.players)
        for e in turn.events:
            for w in e.winners:
                theirs[w] += e.points
        mine = [0] * len(game.players)
        for e in got:
            for w in e.winners:
                mine[w] += e.points
        assert mine == theirs, p
    assert ref.in_supply == game.meeples_in_supply
    assert ref.by_category(categories=CATEGORIES) == [
        {k.value: v for k, v in player.by_category.items()} for player in game.report().players
    ]
