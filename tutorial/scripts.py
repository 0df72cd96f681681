"""Scripted examples and quizzes, run by the real engine.

An :class:`Example` is a starting position (``setup``) and a few :class:`Step` s, each a placement
in the engine's text notation (``"E@0,-1/180:1S"``: tile E on square (0, -1) turned 180°, with
player 1's meeple on the south place), a placement the rules refuse, or the end of the game.
:func:`run` plays it through the engine and records, for every step, the board and everything
scored. ``expect`` states in the script what the rules say must happen; the tests hold the engine
to it.

A :class:`Quiz` asks one question about a position; :func:`solve` has the engine answer it.

The Tower's steps carry more than a figure after the tile (``:tower=1,0;capture=1@1,2/W``, a floor
that captures; ``:ransom=0/meeple``, a ransom paid before the tile). What they leave on the board
besides points (the towers' heights, the prisoners, the figures in supply) is stated in the
script with :class:`Holds`, and the tests hold the engine to that too.

Princess & Dragon's steps do the same (``:fairy=0@1,0/E``, ``:princess=1@2,-1/W``,
``:portal=0@0,1/C``, ``:dragon=-2,0>-1,0>...``); :class:`Holds` states where the dragon and the
fairy stand after them, and each step's result keeps the dragon's path, so that the page can show
it moving square by square.

The Count of Carcassonne's too (``:quarter=castle,count=market``, a follower of the layer into a
quarter and the Count moved; ``:from_city=0@2,2/N``, a follower out of the City onto a feature the
tile completes); the end of the game may send followers from the market onto fields
(``Step(end=True, market=("0@-1,1/S",))``). :class:`Holds` states who is in which quarter and
where the Count stands, and each step's result keeps them, so that the page can show the quarters
beside the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from scorer.engine import (
    Expansion,
    FeatureKind,
    Game,
    HeldFigure,
    IllegalPlacementError,
    Phase,
    Placement,
    Problem,
    Rules,
    ScoreEvent,
    Square,
)
from scorer.engine.expansions.count import COUNT, Quarter, Resident
from scorer.engine.expansions.princess_dragon import DRAGON, FAIRY
from scorer.engine.expansions.tower import TOP, FigureRef
from scorer.engine.figure_refs import parse_ref

COLOURS = ("blue", "red", "green", "yellow", "black")
ROTATIONS = (0, 90, 180, 270)
YES, NO, NOBODY = "yes", "no", "nobody"


@dataclass(frozen=True)
class Step:
    move: str | None = None
    """A placement in text notation, or ``None`` for the end of the game (``end=True``)."""
    end: bool = False
    """Score the game's end now: unfinished features, then farms."""
    refused: bool = False
    """``move`` breaks a rule: the step shows it tried where it was meant to go and the engine's
    reason, and the board stays as it was."""
    market: tuple[str, ...] = ()
    """At the end (The Count of Carcassonne): the followers that move from the market onto fields
    before the farms are scored, each the figure reference of the field place it goes to
    (``"0@-1,1/S"``)."""


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
class Holds:
    """What the rules say the board holds after a step besides its points (The Tower): every tower
    and its height, every prisoner, and, where the step moves figures otherwise than by scoring
    them, the meeples in each player's supply."""

    step: int
    """1 for the first step."""
    towers: tuple[tuple[int, int, int], ...] = ()
    """Every tower with at least one floor: ``(x, y, height)``."""
    prisoners: tuple[tuple[str, str], ...] = ()
    """Every prisoner: ``(who holds it, whose it is)``, colour keys."""
    meeples: tuple[int, ...] | None = None
    """Meeples in each player's supply, in player order."""
    dragon: tuple[int, int] | None = None
    """The dragon's square (Princess & Dragon; ``None``: off the board)."""
    fairy: tuple[int, int] | None = None
    """The fairy's square (Princess & Dragon; ``None``: off the board)."""
    quarters: tuple[tuple[str, str], ...] = ()
    """Every follower in the City's quarters (The Count of Carcassonne): ``(whose, quarter)``,
    a colour key and a quarter's name (``"castle"``); a big meeple is ``"castle+big"``."""
    count: str | None = None
    """The quarter where the Count stands (The Count of Carcassonne; ``None``: no Count in the
    game)."""


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
    holds: tuple[Holds, ...] = ()


class Ask(StrEnum):
    """What a quiz asks, and so what kind of answer it takes."""

    POINTS = "points"
    """How many points ``player`` scores with ``move`` (or would score in all if the game ended
    now): a whole number."""
    FITS = "fits"
    """May the tile of ``move`` be laid so (its figure aside)? Yes or no."""
    FIGURE = "figure"
    """May the figure of ``move`` stand where it is put, the tile being legal? Yes or no."""
    TURN = "turn"
    """Which rotation lets the tile of ``move`` go on its square? Exactly one does."""
    WHO = "who"
    """Who scores what ``move`` completes (or, without ``move``, the end of the game)? A player,
    both of two players, or nobody."""
    NEXT = "next"
    """Who lays the tile after ``move``? A player."""
    CAPTURE = "capture"
    """Whose figures could the floor of ``move`` (its tile laid, a floor put on a tower, The
    Tower) capture? A player, both of two players, or nobody."""


@dataclass(frozen=True)
class Quiz:
    """One question about a position, answered by the engine (see :class:`Ask`)."""

    slug: str
    chapter: str
    players: tuple[str, ...]
    setup: tuple[str, ...]
    player: str = ""
    """The colour key of the player a points question is about."""
    move: str | None = None
    """The tile about to be laid (shown dashed). For a points question without it: what
    ``player`` would score in total if the game ended with the board as it is."""
    answer: int | str = 0
    """The answer the rules give, checked against the engine by the tests: points, a rotation,
    ``"yes"``/``"no"``, a colour key, ``"blue+red"`` or ``"nobody"``."""
    ask: Ask = Ask.POINTS
    rules: Rules = field(default_factory=Rules)
    expansions: tuple[str, ...] = ()

    @property
    def choices(self) -> tuple[str, ...]:
        """The answers offered to choose from (none for a number)."""
        if self.ask in (Ask.FITS, Ask.FIGURE):
            return (YES, NO)
        if self.ask is Ask.TURN:
            return tuple(str(r) for r in ROTATIONS)
        if self.ask in (Ask.WHO, Ask.CAPTURE):
            return (*self.players, "+".join(self.players), NOBODY)
        if self.ask is Ask.NEXT:
            return self.players
        return ()


@dataclass(frozen=True)
class Solution:
    """A quiz's answer as the engine gives it, with what explains it."""

    answer: int | str
    events: tuple[ScoreEvent, ...] = ()
    """What the move (or the end) scores."""
    problem: Problem | None = None
    """Why the move may not be made (fits, figure)."""
    feature: FeatureKind | None = None
    """The feature the move's figure would stand on (figure)."""
    turns: Mapping[int, Problem] = field(default_factory=dict)
    """Why each of the other rotations does not fit (turn)."""
    extra_tile: bool = False
    """The move earned its layer another tile (next)."""
    captures: tuple[Capture, ...] = ()
    """Every figure on the board, and whether the move's floor may capture it (capture)."""

    @property
    def key(self) -> str:
        """The answer as a choice's value."""
        return str(self.answer)


@dataclass(frozen=True)
class Capture:
    """One figure a capture quiz's floor was tried on, and why it may not be taken (``None``: it
    may)."""

    figure: FigureRef
    feature: FeatureKind | None
    """What it stands on; ``None`` on top of a tower."""
    problem: Problem | None


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
    refused: Problem | None = None
    """Why ``placement`` was refused (a refused step: the board is the one before it)."""
    towers: tuple[tuple[Square, int], ...] = ()
    """Every tower with a floor and its height (The Tower)."""
    held: tuple[HeldFigure, ...] = ()
    """Every prisoner (The Tower)."""
    raised: int = 0
    """The height of the tower this step put a floor on (0: none)."""
    dragon: Square | None = None
    """Where the dragon stands (Princess & Dragon; ``None``: off the board)."""
    fairy: Square | None = None
    """Where the fairy stands (Princess & Dragon; ``None``: off the board)."""
    path: tuple[Square, ...] = ()
    """The dragon's move this step: the square it set off from, then every square it stepped onto,
    in order (empty: it did not move)."""
    residents: tuple[Resident, ...] = ()
    """Every follower in the City's quarters (The Count of Carcassonne)."""
    count: Quarter | None = None
    """Where the Count stands (``None``: no Count in the game)."""
    market: tuple[FigureRef, ...] = ()
    """The followers the end sent from the market onto fields (The Count of Carcassonne)."""


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
        if step.refused:
            assert step.move is not None
            attempt = Placement.parse(step.move)
            results.append(_result(game, (), attempt, refused=refusal(game, attempt)))
            continue
        if step.end:
            market = tuple(parse_ref(text, text) for text in step.market)
            if market:
                # Its own copy: the step before keeps a game whose end sends nobody anywhere.
                game = new_game(example.players, example.rules, example.expansions, tuple(moves))
                game.extras = {**game.extras, "market": market}
                problem = game.end_problem()
                if problem is not None:
                    raise problem
            report = game.report()
            end_events = report.events[len(game.events) :]
            results.append(
                _result(game, tuple(end_events), None, totals=report.totals, final=True, market=market)
            )
            continue
        assert step.move is not None
        moves.append(step.move)
        before = dict(towers_of(game))
        start = piece_square(game, DRAGON)
        game = new_game(example.players, example.rules, example.expansions, tuple(moves))
        raised = next((h for square, h in towers_of(game) if h > before.get(square, 0)), 0)
        placement = game.turns[-1].placement
        path = dragon_path(placement, start)
        results.append(_result(game, game.turns[-1].events, placement, raised=raised, path=path))
    return results


def piece_square(game: Game, kind: str) -> Square | None:
    """Where the one piece of ``kind`` stands (the dragon, the fairy), if it is on the board."""
    return next((piece.square for piece in game.pieces() if piece.kind == kind), None)


def dragon_path(placement: Placement, start: Square | None) -> tuple[Square, ...]:
    """The dragon's move a placement carries: where it set off, then each square it entered."""
    steps = next((a.steps for a in placement.actions if a.field == "dragon"), ())
    return (start, *steps) if steps and start is not None else ()


def towers_of(game: Game) -> tuple[tuple[Square, int], ...]:
    """Every tower with a floor, and its height."""
    return tuple(sorted((piece.square, piece.size) for piece in game.pieces() if piece.kind == TOP))


def refusal(game: Game, placement: Placement) -> Problem:
    """Why the engine refuses ``placement``; a script that claims a refusal the rules do not make
    is wrong, and says so."""
    try:
        game.check(placement)
    except IllegalPlacementError as error:
        return error.problem
    raise ValueError(f"{placement} is legal, but the script says it is refused")


def _result(
    game: Game,
    events,
    placement,
    *,
    totals=None,
    final: bool = False,
    refused: Problem | None = None,
    raised: int = 0,
    path: tuple[Square, ...] = (),
    market: tuple[FigureRef, ...] = (),
) -> StepResult:
    totals = totals if totals is not None else game.projected_scores()
    counted = Expansion.COUNT in game.board.expansions
    scores = totals if final else tuple(game.scores)
    goods = tuple(sum(held.values()) for held in game.goods)
    meeples = tuple(game.meeples_in_supply)
    return StepResult(
        game,
        tuple(events),
        tuple(scores),
        tuple(totals),
        meeples,
        placement,
        goods,
        refused,
        towers_of(game),
        tuple(game.held()),
        raised,
        piece_square(game, DRAGON),
        piece_square(game, FAIRY),
        path,
        COUNT.residents(game) if counted else (),
        COUNT.count_quarter(game) if counted else None,
        market,
    )


def quiz_answer(quiz: Quiz) -> tuple[int, tuple[ScoreEvent, ...]]:
    """What the engine says a points quiz's answer is, with the events that make it up."""
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    player = quiz.players.index(quiz.player)
    events = game.push(Placement.parse(quiz.move)) if quiz.move is not None else tuple(game.report().events)
    mine = tuple(e for e in events if player in e.winners)
    return sum(e.points for e in mine), tuple(events)


def who_key(players: tuple[str, ...], winners: set[int]) -> str:
    """A set of players as a choice's value: ``"red"``, ``"blue+red"`` or ``"nobody"``."""
    return "+".join(c for i, c in enumerate(players) if i in winners) or NOBODY


def solve(quiz: Quiz) -> Solution:
    """The engine's answer to ``quiz``."""
    if quiz.ask is Ask.POINTS:
        points, events = quiz_answer(quiz)
        return Solution(points, events)
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    move = Placement.parse(quiz.move) if quiz.move is not None else None
    if quiz.ask is Ask.WHO:
        events = game.push(move) if move is not None else tuple(game.report().events[len(game.events) :])
        winners = {w for e in events if e.points for w in e.winners}
        return Solution(who_key(quiz.players, winners), events)
    if move is None:
        raise ValueError(f"quiz {quiz.slug!r} asks about a move but names none")
    if quiz.ask is Ask.TURN:
        return _solve_turn(game, move)
    if quiz.ask is Ask.NEXT:
        events = game.push(move)
        return Solution(quiz.players[game.to_move], events, extra_tile=game.turns[-1].extra_tile)
    if quiz.ask is Ask.CAPTURE:
        return _solve_capture(quiz, game, move)
    if quiz.ask is Ask.FITS:
        problem = _problem(game, move.without_meeple())
        return Solution(NO if problem else YES, problem=problem)
    return _solve_figure(game, move)


def _problem(game: Game, placement: Placement) -> Problem | None:
    try:
        game.check(placement)
    except IllegalPlacementError as error:
        return error.problem
    return None


def _solve_turn(game: Game, move: Placement) -> Solution:
    problems = {r: _problem(game, Placement(move.tile, move.x, move.y, r)) for r in ROTATIONS}
    fitting = [r for r, problem in problems.items() if problem is None]
    if len(fitting) != 1:
        raise ValueError(f"{move.tile} fits on {move.square} turned {fitting}: a turn quiz needs exactly one")
    return Solution(fitting[0], turns={r: p for r, p in problems.items() if p is not None})


def _solve_figure(game: Game, move: Placement) -> Solution:
    meeple = move.meeple
    if meeple is None:
        raise ValueError(f"{move} has no figure to ask about")
    tile_problem = _problem(game, move.without_meeple())
    if tile_problem is not None:
        raise ValueError(f"{move}: the tile itself may not go there ({tile_problem.rule})")
    with game.preview(move.without_meeple()):
        feature = game.feature_at(move.square, meeple.at, figure=meeple.kind)
    problem = _problem(game, move)
    return Solution(NO if problem else YES, problem=problem, feature=feature.kind if feature else None)


def _solve_capture(quiz: Quiz, game: Game, move: Placement) -> Solution:
    """Try the move's floor on every figure on the board: the owners of those it may take."""
    floor = move.choice
    if floor is None or not hasattr(floor, "capture"):
        raise ValueError(f"{move} puts no floor on a tower")
    tile_problem = _problem(game, move.without_meeple())
    if tile_problem is not None:
        raise ValueError(f"{move}: the tile itself may not go there ({tile_problem.rule})")
    figures: list[tuple[FigureRef, FeatureKind | None]] = [
        (FigureRef(f.player, *f.square, f.place, f.kind), f.feature) for f in game.figures
    ]
    figures += [
        (FigureRef(p.figure[0], *p.square, TOP, p.figure[1]), None)
        for p in game.pieces()
        if p.kind == TOP and p.figure is not None
    ]
    captures = tuple(
        Capture(ref, feature, _problem(game, move.without_meeple().with_action(floor._replace(capture=ref))))
        for ref, feature in sorted(figures, key=lambda item: (item[0].player, item[0].y, item[0].x))
    )
    owners = {c.figure.player for c in captures if c.problem is None}
    return Solution(who_key(quiz.players, owners), captures=captures)


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
    values["height"] = result.raised
    values["ransom"] = sum(e.points for e in result.events if e.subject == "ransom" and e.points > 0)
    feature = next((e for e in result.events if e.feature is not None and not e.fairy), None)
    values["feature_points"] = feature.points if feature else 0
    values["feature_tiles"] = len(feature.tiles) if feature else 0
    values["steps"] = max(len(result.path) - 1, 0)
    values["fairy_point"] = sum(e.points for e in result.events if e.fairy and e.when is Phase.FAIRY)
    values["fairy_bonus"] = sum(e.points for e in result.events if e.fairy and e.when is not Phase.FAIRY)
    for i, colour in enumerate(example.players):
        values[colour] = result.scores[i]
        values[f"{colour}_total"] = result.totals[i]
        values[f"meeples_{colour}"] = result.meeples[i]
        values[f"goods_{colour}"] = result.goods[i] if result.goods else 0
        values[f"prisoners_{colour}"] = sum(1 for h in result.held if h.holder == i)
    return values
