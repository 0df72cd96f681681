"""Shared helpers for the engine tests: building games from placement text, reading totals.

Boards in the tests are written as placement text (``"E@0,-1/180:1S"``: tile E on square
(0, -1), turned 180°, with player 1's meeple on place S). ``x`` grows to the east and ``y`` to
the south, so the tile above (0, 0) is (0, -1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest

from scorer.engine import Game, Placement, Rules
from scorer.engine.places import Place
from scorer.engine.simulate import random_game

from .reference import RefGame


def game_of(
    *texts: str,
    players: int | list[str] = 2,
    small_city: int = 4,
    farmers: str = "3rd",
    river: bool = False,
    mode: str = "replay",
    banked: list[int] | None = None,
) -> Game:
    """A game with the placements pushed in order (every rule of ``mode`` checked)."""
    game = Game(
        players,
        rules=Rules(small_city=small_city, farmers=farmers),
        expansions=["river"] if river else [],
        mode=mode,
        banked=banked,
    )
    for text in texts:
        game.push(Placement.parse(text))
    return game


def ref_of(*texts: str, players: int = 2, small_city: int = 4, farmers: str = "3rd", river: bool = False,
           final: bool = False) -> RefGame:  # fmt: skip
    """The same board in the independent reference model."""
    ref = RefGame(players=players, small_city=small_city, farmers=farmers, river=river, final=final)
    for text in texts:
        p = Placement.parse(text)
        meeple = (p.meeple.player, p.meeple.at.name) if p.meeple else None
        ref.play(p.tile, p.x, p.y, p.rotation, meeple)
    return ref


def totals(game: Game) -> tuple[int, ...]:
    """Every player's total if the game ended now."""
    return game.report().totals


def play_points(events: Iterable, players: int) -> list[int]:
    """What a list of score events gives each player."""
    points = [0] * players
    for event in events:
        for p in event.winners:
            points[p] += event.points
    return points


def meeples_on_board(game: Game) -> Counter[int]:
    graph = game.board.graph
    return Counter(graph.meeple[n] for n in graph.meeple_nodes)


def node_of(game: Game, square: tuple[int, int], place: str) -> int:
    """The feature group (graph root) at ``place`` of the tile on ``square``."""
    placed = game.board[square]
    feature = placed.orientation.feature_at[Place[place]]
    assert feature is not None, f"no feature at {place} on {square}"
    return game.board.graph.find(placed.nodes[feature])


def same_feature(game: Game, a: tuple[tuple[int, int], str], b: tuple[tuple[int, int], str]) -> bool:
    return node_of(game, *a) == node_of(game, *b)


def events_of(game: Game, when: str | None = None) -> list:
    events = list(game.report().events)
    return [e for e in events if when is None or e.when.value == when]


def translated(placement: Placement, dx: int, dy: int) -> Placement:
    return Placement(placement.tile, placement.x + dx, placement.y + dy, placement.rotation, placement.meeple)


def rotated(placement: Placement, quarter_turns: int) -> Placement:
    """The placement with the whole board turned clockwise about (0, 0)."""
    x, y = placement.x, placement.y
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    rotation = (placement.rotation + 90 * quarter_turns) % 360
    meeple = placement.meeple
    if meeple is not None:
        meeple = type(meeple)(meeple.player, meeple.at.rotated(quarter_turns))
    return Placement(placement.tile, x, y, rotation, meeple)


def replay(game: Game, placements: Iterable[Placement]) -> Game:
    fresh = Game(list(game.players), rules=game.rules, expansions=game.expansions, mode=game.mode)
    for p in placements:
        fresh.push(p)
    return fresh


RULE_OPTIONS = [
    Rules(small_city=s, farmers=f) for s in (4, 2) for f in ("3rd", "2nd", "1st")
]  # fmt: skip


def random_full_game(seed: int, players: int = 3, *, river: bool = False, rules: Rules | None = None,
                     meeple_chance: float = 0.5, max_tiles: int | None = None) -> Game:  # fmt: skip
    return random_game(
        random.Random(seed),
        players,
        expansions=["river"] if river else [],
        rules=rules,
        meeple_chance=meeple_chance,
        max_tiles=max_tiles,
    )


@pytest.fixture(scope="session")
def sample_games() -> list[Game]:
    """A handful of full random games (with and without the river), 3rd-edition farmers."""
    return [random_full_game(seed, 2 + seed % 4, river=bool(seed % 2), meeple_chance=0.6) for seed in range(8)]
