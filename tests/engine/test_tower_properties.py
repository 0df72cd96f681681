"""Properties of random legal games with The Tower (hypothesis), alone or with the other boxes.

The games come from :func:`scorer.engine.simulate.random_game`, whose turns now and then take a
Tower action the game offers (a floor, often with a capture and the exchange it makes; a follower
onto a tower; a ransom when one can be paid). Whatever the game, undo is exact, every figure is
somewhere, every point is an event, and the end state entered as a finished board (towers and
prisoners included) scores what the replay does.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import (
    Game,
    Phase,
    Placement,
    Rules,
    build_game,
    read_board,
    report_to_dict,
    write_board,
)
from scorer.engine.expansions.tower import (
    FLOORS_PER_PLAYER,
    ON_TOP,
    TOWER,
    Floor,
    Ransom,
    TowerTop,
)
from scorer.engine.simulate import final_board_of, random_game

from .conftest import each_push_undoes

# A Tower game costs about a tenth of a second to play: few examples keep the fast tier quick.
FEW = settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(FEW, max_examples=8)
"""For undo, which compares the whole game's state three times a turn."""

BOXES = ("river", "abbot", "inns-cathedrals", "traders-builders")


@st.composite
def tower_games(draw) -> Game:
    """A random legal game with The Tower: 2–5 players (6 with Inns & Cathedrals), any of the other
    boxes, any rule options; sometimes cut short after a few tiles."""
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
        expansions=["tower", *chosen],
        rules=rules,
        meeple_chance=chance,
        max_tiles=max_tiles,
    )


def blank_like(game: Game) -> Game:
    return Game(game.players, rules=game.rules, expansions=game.expansions)


def supplies(game: Game) -> list[dict]:
    return [game.supply(player) for player in range(len(game.players))]


def whereabouts(game: Game, player: int) -> Counter:
    """Each kind of ``player``'s figures outside their supply: on tiles, on tower tops, held."""
    state = game.state_of(TOWER)
    found = Counter(f.kind for f in game.figures if f.player == player)
    found.update(t.top[1] for t in state.towers if t.top is not None and t.top[0] == player)
    found.update(p.kind for p in state.prisoners if p.player == player)
    return found


@FEWER
@given(tower_games())
def test_undo_of_every_turn_is_exact(game):
    each_push_undoes(game)


@FEW
@given(tower_games())
def test_undo_gives_back_the_tower_state_itself(game):
    """The module's state is replaced, never edited: popping a turn restores the very value."""
    fresh = blank_like(game)
    for placement in game.placements:
        towers, scores, supply = fresh.state_of(TOWER), list(fresh.scores), supplies(fresh)
        events = fresh.push(placement)
        fresh.pop()
        assert fresh.state_of(TOWER) is towers
        assert fresh.scores == scores and supplies(fresh) == supply
        assert fresh.push(placement) == events


@FEW
@given(tower_games())
def test_every_figure_and_floor_is_accounted_for_after_every_turn(game):
    fresh = blank_like(game)
    players = range(len(game.players))
    start = [fresh.supply(player) for player in players]
    floors = FLOORS_PER_PLAYER[len(game.players)]
    for placement in game.placements:
        fresh.push(placement)
        state = fresh.state_of(TOWER)
        for player in players:
            away = whereabouts(fresh, player)
            for kind, count in start[player].items():
                assert fresh.supply(player)[kind] >= 0
                assert fresh.supply(player)[kind] + away[kind] == count, (player, kind)
        # floors: the ones left and the ones in towers are every player's starting floors
        assert all(0 <= left <= floors for left in state.floors)
        assert sum(state.floors) + sum(t.height for t in state.towers) == floors * len(game.players)
        assert len({t.square for t in state.towers}) == len(state.towers)
        for tower in state.towers:
            assert tower.height >= 1
            assert fresh.board.tiles[tower.square].tile.tower is not None
            assert tower.top is None or tower.top[1] in ON_TOP
        assert all(p.jailer != p.player for p in state.prisoners)


def points_by_player(events, players: int) -> list[int]:
    points = [0] * players
    for event in events:
        for winner in event.winners:
            points[winner] += event.points
    return points


@FEW
@given(tower_games())
def test_every_point_is_an_event_ransoms_included(game):
    count = len(game.players)
    report = game.report()
    assert list(report.totals) == points_by_player(report.events, count)
    assert game.scores == points_by_player(game.events, count)  # the score track is play's events
    ransoms = [e for e in report.events if e.when is Phase.RANSOM]
    data = report_to_dict(report)
    assert [p["by_category"]["ransom"] for p in data["players"]] == points_by_player(ransoms, count)
    assert all(p["by_category"]["fairy"] == 0 for p in data["players"])
    for p in data["players"]:
        assert p["total"] == sum(p["by_category"].values())
    # a ransom is two events of its own turn: 3 to the jailer, -3 to the payer, who laid the tile
    paid = [
        (i, action.jailer, turn.layer)
        for i, turn in enumerate(game.turns)
        for action in turn.placement.actions
        if type(action) is Ransom
    ]
    assert [(e.placement, e.winners, e.points) for e in ransoms] == [
        row for i, jailer, payer in paid for row in ((i, (jailer,), 3), (i, (payer,), -3))
    ]


@FEW
@given(tower_games())
def test_the_end_state_as_a_finished_board_scores_the_same(game):
    final = final_board_of(game)
    assert final.final_problem() is None
    assert final.events == []
    assert final.report().totals == game.report().totals
    ours, theirs = game.state_of(TOWER), final.state_of(TOWER)
    assert (theirs.towers, theirs.prisoners) == (ours.towers, ours.prisoners)
    # prisoners and tower tops left the finished board's supply as they left the game's
    assert supplies(final) == supplies(game)
    # and its board file, towers and prisoners included, reads back as the same board
    document = json.loads(json.dumps(write_board(final)))
    again = build_game(read_board(document))
    assert again.state() == final.state()
    assert again.report() == final.report()


@FEW
@given(tower_games())
def test_every_turn_round_trips_as_text_and_through_the_board_file(game):
    for placement in game.placements:
        assert Placement.parse(str(placement)) == placement
    document = json.loads(json.dumps(write_board(game)))
    again = build_game(read_board(document))
    assert again.placements == game.placements
    assert again.state() == game.state()


def test_random_games_take_every_tower_action():
    """The games above do meet the rules under test (a fixed handful of seeds, three players)."""
    seen: Counter = Counter()
    for seed in range(3):
        game = random_game(random.Random(seed), 3, expansions=["tower", "inns-cathedrals"])
        for turn in game.turns:
            for action in turn.placement.actions:
                if type(action) is Floor:
                    seen["floor"] += 1
                    if action.capture is not None:
                        own = action.capture.player == turn.layer
                        seen["capture own" if own else "capture"] += 1
                        seen["capture from a top"] += action.capture.on_top
                    seen["exchange"] += action.exchange is not None
                elif type(action) is TowerTop:
                    seen["top"] += 1
                elif type(action) is Ransom:
                    seen["ransom"] += 1
        seen["prisoners at the end"] += len(game.state_of(TOWER).prisoners)
    wanted = ["floor", "capture", "capture own", "capture from a top", "exchange", "top", "ransom"]
    assert all(seen[name] > 0 for name in [*wanted, "prisoners at the end"]), seen
