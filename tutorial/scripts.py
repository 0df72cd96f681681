"""Scripted examples and quizzes, run by the real engine.

An :class:`Example` is a starting position (``setup``) and a few :class:`Step` s, each a placement
in the engine's text notation (``"E@0,-1/180:1S"``: tile E on square (0, -1) turned 180°, with
player 1's meeple on the south place) or the end of the game. :func:`run` plays it through the
engine and records, for every step, the board and everything scored. ``expect`` states in the
script what the rules say must happen; the tests hold the engine to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.engine import Game, Placement, Rules, ScoreEvent
from scorer.engine.tiles import FeatureKind

COLOURS = ("blue", "red", "green", "yellow", "black")


@dataclass(frozen=True)
class Step:
    move: str | None = None
    """A placement in text notation, or ``None`` for the end of the game (``end=True``)."""
    end: bool = False
    """Score the game's end now: unfinished features, then farms."""


@dataclass(frozen=True)
class Expect:
    """What the rules say a step scores: one event."""

    step: int
    """1 for the first step."""
    feature: str
    points: int
    winners: tuple[str, ...]
    complete: bool | None = None


@dataclass(frozen=True)
class Example:
    slug: str
    chapter: str
    players: tuple[str, ...]
    """Colour keys in player order; a meeple's player number indexes this."""
    setup: tuple[str, ...]
    steps: tuple[Step, ...]
    expect: tuple[Expect, ...]
    rules: Rules = field(default_factory=Rules)
    expansions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quiz:
    """ "How many points does <player> score here?", answered by the engine."""

    slug: str
    chapter: str
    players: tuple[str, ...]
    setup: tuple[str, ...]
    player: str
    """The colour key of the player the question is about."""
    move: str | None = None
    """If given: the question is what ``player`` scores when this tile is laid. Otherwise: what
    ``player`` would score in total if the game ended with the board as it is."""
    answer: int = 0
    """The answer the rules give, checked against the engine by the tests."""
    rules: Rules = field(default_factory=Rules)
    expansions: tuple[str, ...] = ()


@dataclass(frozen=True)
class StepResult:
    game: Game
    events: tuple[ScoreEvent, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    meeples: tuple[int, ...]
    placement: Placement | None
    goods: tuple[int, ...] = ()
    """Trade-goods tokens each player holds (Traders & Builders)."""


def new_game(
    players: tuple[str, ...], rules: Rules, expansions: tuple[str, ...], setup: tuple[str, ...]
) -> Game:
    game = Game(list(players), rules=rules, expansions=expansions)
    for text in setup:
        game.push(Placement.parse(text))
    return game


def run(example: Example) -> list[StepResult]:
    """The starting position and every step, each with its own copy of the game."""
    results = []
    moves: list[str] = list(example.setup)
    game = new_game(example.players, example.rules, example.expansions, example.setup)
    results.append(_result(game, (), None))
    for step in example.steps:
        if step.end:
            report = game.report()
            end_events = report.events[len(game.events) :]
            results.append(_result(game, tuple(end_events), None, totals=report.totals, final=True))
            continue
        assert step.move is not None
        moves.append(step.move)
        game = new_game(example.players, example.rules, example.expansions, tuple(moves))
        results.append(_result(game, game.turns[-1].events, game.turns[-1].placement))
    return results


def _result(game: Game, events, placement, *, totals=None, final: bool = False) -> StepResult:
    totals = totals if totals is not None else game.projected_scores()
    scores = totals if final else tuple(game.scores)
    goods = tuple(sum(held.values()) for held in game.goods)
    return StepResult(
        game, tuple(events), tuple(scores), tuple(totals), tuple(game.meeples_in_supply), placement, goods
    )


def quiz_answer(quiz: Quiz) -> tuple[int, tuple[ScoreEvent, ...]]:
    """What the engine says the answer is, with the events that make it up."""
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    player = quiz.players.index(quiz.player)
    events = game.push(Placement.parse(quiz.move)) if quiz.move is not None else tuple(game.report().events)
    mine = tuple(e for e in events if player in e.winners)
    return sum(e.points for e in mine), tuple(events)


def caption_values(example: Example, result: StepResult) -> dict[str, object]:
    """The numbers a caption may use, by placeholder name (see docs/tutorial-content.md)."""
    values: dict[str, object] = {}
    first = result.events[0] if result.events else None
    second = result.events[1] if len(result.events) > 1 else None
    values["points"] = first.points if first else 0
    values["points2"] = second.points if second else 0
    values["tiles"] = len(first.tiles) if first and first.feature is not FeatureKind.FIELD else 0
    values["pennants"] = first.pennants if first else 0
    values["cities"] = len(first.cities) if first else 0
    for i, colour in enumerate(example.players):
        values[colour] = result.scores[i]
        values[f"{colour}_total"] = result.totals[i]
        values[f"meeples_{colour}"] = result.meeples[i]
        values[f"goods_{colour}"] = result.goods[i] if result.goods else 0
    return values
