"""Practice boards in the browser: what the learner has done so far, judged by the engine, and the page.

Everything the learner has done lives in the query string (:class:`Move`): the square, the
rotation, whether they laid the tile, the figure they chose, how many tries went wrong. Every
control is a plain link to the next state, which htmx fetches as a partial when it can.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorer.board_layer.explain import sentence, title
from scorer.board_layer.grid import Grid, PreviewCell, percent, tile_cells, tile_label
from scorer.board_layer.languages import labelled
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import FEATURE_NAMES, SIDE_NAMES, explain, figure_name
from scorer.board_layer.numbers import parse_int, parse_square
from scorer.board_layer.tile_names import tile_name
from scorer.engine import (
    TILES,
    CarcassonneError,
    Extent,
    FeatureKind,
    FigureKind,
    Game,
    Place,
    PlacedTile,
    Placement,
    ScoreEvent,
    Spot,
    Square,
)
from tutorial import content
from tutorial.practice import PRACTICES, Practice, Turn, judge
from tutorial.presenters import colour_name, example_looks

ROTATIONS = (0, 90, 180, 270)
MAX_TRIES = 99
"""Tries are only counted to decide when to offer the hint; no one needs more digits."""


# -- the learner's move, in the query string ---------------------------------------------------


@dataclass(frozen=True)
class Move:
    """What the learner has done on a board so far; a fresh board is ``Move()``."""

    square: Square | None = None
    rotation: int = 0
    lay: bool = False
    """They asked to lay the tile on ``square`` turned ``rotation``."""
    figure: Place | None = None
    """The place they stood a figure on (after laying)."""
    bare: bool = False
    """They finished the turn without a figure."""
    kind: FigureKind | None = None
    """The kind of figure the spots offer (a meeple unless the game has more)."""
    tries: int = 0
    """Attempts that went wrong so far."""
    aside: bool = False
    """They said the tile fits nowhere."""

    @classmethod
    def parse(cls, params: Mapping[str, str]) -> Move:
        """Read a query string; anything malformed is simply not chosen."""
        rotation = parse_int(params.get("r"), 0, 270)
        place = params.get("fig", "")
        kind = params.get("kind")
        return cls(
            square=parse_square(params.get("at"), 200),
            rotation=rotation if rotation in ROTATIONS else 0,
            lay=params.get("lay") == "1",
            figure=Place[place] if place in Place.__members__ else None,
            bare=params.get("fig") == "none",
            kind=FigureKind(kind) if kind in FigureKind.__members__.values() else None,
            tries=parse_int(params.get("tries"), 0, MAX_TRIES) or 0,
            aside=params.get("aside") == "1",
        )

    def params(self) -> dict[str, str]:
        out: dict[str, str] = {}
        if self.square is not None:
            out["at"] = f"{self.square[0]},{self.square[1]}"
        if self.rotation:
            out["r"] = str(self.rotation)
        if self.lay:
            out["lay"] = "1"
        if self.figure is not None:
            out["fig"] = self.figure.name
        elif self.bare:
            out["fig"] = "none"
        if self.kind is not None:
            out["kind"] = self.kind.value
        if self.tries:
            out["tries"] = str(min(self.tries, MAX_TRIES))
        if self.aside:
            out["aside"] = "1"
        return out

    def then(self, **changes: object) -> Move:
        """The next state: a figure or an "aside" is only ever the last thing done."""
        return replace(self, **{"figure": None, "bare": False, "aside": False, **changes})


# -- what the page shows -----------------------------------------------------------------------


@dataclass
class OpenSquare:
    """An empty square beside the board, as the shared grid draws it: a link choosing it."""

    x: int
    y: int
    col: int
    row: int
    label: str
    href: str
    legal: bool = False
    """Never shown: finding where the tile fits is the learner's job."""
    dead: bool = False
    selected: bool = False

    @property
    def css(self) -> str:
        return f"cell open gr-{self.row} gc-{self.col}" + (" selected" if self.selected else "")


@dataclass
class Dot:
    """A feature of the tile just laid where the learner may try to stand a figure."""

    place: str
    left: int
    top: int
    lying: bool
    label: str
    href: str
    refused: bool = False


@dataclass
class KindChoice:
    label: str
    value: str
    href: str
    selected: bool


@dataclass
class Feedback:
    tone: str
    """``error`` (refused), ``success`` (solved) or ``info``."""
    headline: str
    text: str = ""
    lines: list[str] = field(default_factory=list)


@dataclass
class PracticeView:
    slug: str
    title: str
    task: str
    hint: str
    stage: str
    """``choose`` a square, ``turn`` the tile on it, place a ``figure``, or ``done``."""
    board: Grid
    tile: str
    tile_label: str
    rotation: int
    colour: str
    hrefs: dict[str, str]
    """The controls of this stage, by name (turn-left, turn-right, lay, none, back, aside, reset)."""
    turnable: bool
    columns: int
    """How many squares wide the board is (a phone fits its tiles to the screen)."""
    rows: int
    dots: list[Dot] = field(default_factory=list)
    zoom_label: str = ""
    """The tile just laid, drawn large beside the board with the dots on it."""
    kinds: list[KindChoice] = field(default_factory=list)
    feedback: Feedback | None = None
    solved: bool = False
    tries: int = 0


@dataclass(frozen=True)
class Context:
    """One board as one request sees it: the position, in the reader's language."""

    practice: Practice
    game: Game
    names: list[str]
    text: dict
    base: str
    extent: Extent

    def href(self, move: Move) -> str:
        query = urlencode(move.params())
        return f"{self.base}?{query}" if query else self.base


@cache
def _texts(language: str) -> dict:
    path = content.CONTENT / language / "practice.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def practice_text(language: str, slug: str) -> dict:
    """Task, hint and what the learner is told, in ``language``, falling back to English."""
    return _texts(language).get(slug) or _texts("en").get(slug, {})


def _fill(template: str, values: Mapping[str, object]) -> str:
    return string.Formatter().vformat(template, (), {k: d(v) for k, v in values.items()})


def _context(slug: str, language: str) -> Context:
    practice = PRACTICES[slug]
    names = {c: colour_name(c) for c in practice.players}
    game = practice.game(names)
    extent = Extent.of([*game.board.tiles, *game.board.open_squares])
    base = reverse("practice", args=[slug])
    return Context(
        practice, game, [names[c] for c in practice.players], practice_text(language, slug), base, extent
    )


def practice_view(slug: str, language: str, move: Move) -> PracticeView:
    """Everything the board shows after ``move``, every step judged by the engine."""
    ctx = _context(slug, language)
    if move.aside:
        return _aside(ctx, move)
    square = move.square if move.square in ctx.game.board.open_squares else None
    if square is None:
        return _choosing(ctx, replace(move, square=None, lay=False))
    tile = TILES[ctx.practice.tile]
    problem = ctx.game.board.problem(tile, square, move.rotation) if move.lay else None
    if not move.lay or problem is not None:
        refusal = None
        if problem is not None:
            refusal = Feedback("error", _("Not allowed."), explain(problem.error()))
        return _turning(ctx, move, refusal)
    if move.figure is None and not move.bare:
        return _figure(ctx, move, None)
    return _finish(ctx, move)


def _base_view(ctx: Context, move: Move, stage: str, board: Grid, tries: int) -> PracticeView:
    practice = ctx.practice
    tile = TILES[practice.tile]
    now = replace(move, tries=tries)
    return PracticeView(
        slug=practice.slug,
        title=ctx.text.get("title", practice.slug),
        task=ctx.text.get("task", ""),
        hint=ctx.text.get("hint", ""),
        stage=stage,
        board=board,
        tile=practice.tile,
        tile_label=tile_name(practice.tile),
        rotation=move.rotation,
        colour=practice.player,
        hrefs={"reset": ctx.base, "aside": ctx.href(now.then(aside=True, lay=False))},
        turnable=len(tile.distinct_rotations) > 1,
        columns=ctx.extent.columns,
        rows=ctx.extent.rows,
        tries=tries,
    )


def _plain_grid(ctx: Context, cells: list | None = None) -> Grid:
    """The board on the grid every board page of this practice uses (the position and the ring of
    squares around it, so that nothing moves as the learner plays)."""
    extent = ctx.extent
    if cells is None:
        cells = tile_cells(ctx.game, extent, example_looks(ctx.practice.players))
        for cell in cells:
            cell.last = False  # the position's last tile means nothing to the learner
    return Grid(extent.columns, extent.rows, cells, extent.west, extent.north, mini=True)


def _open_grid(ctx: Context, move: Move) -> Grid:
    """The position with every empty square beside it a link, and the tile held over the chosen one."""
    game, extent = ctx.game, ctx.extent
    grid = _plain_grid(ctx)
    for x, y in sorted(game.board.open_squares, key=lambda s: (s[1], s[0])):
        if (x, y) == move.square:
            continue
        label = _("Empty square {x}, {y}").format(x=d(x), y=d(y))
        href = ctx.href(move.then(square=(x, y), lay=False))
        grid.open_cells.append(OpenSquare(x, y, extent.column(x), extent.row(y), label, href))
    if move.square is not None:
        x, y = move.square
        label = tile_label(ctx.practice.tile, move.rotation, move.square)
        grid.preview = PreviewCell(
            x, y, extent.column(x), extent.row(y), ctx.practice.tile, move.rotation, label
        )
    return grid


def _turn_links(ctx: Context, move: Move) -> dict[str, str]:
    here = ROTATIONS.index(move.rotation)
    return {
        "turn-left": ctx.href(move.then(rotation=ROTATIONS[(here - 1) % 4], lay=False)),
        "turn-right": ctx.href(move.then(rotation=ROTATIONS[(here + 1) % 4], lay=False)),
    }


def _choosing(ctx: Context, move: Move, feedback: Feedback | None = None) -> PracticeView:
    view = _base_view(ctx, move, "choose", _open_grid(ctx, move), move.tries)
    view.hrefs.update(_turn_links(ctx, move))
    view.feedback = feedback
    return view


def _turning(ctx: Context, move: Move, refusal: Feedback | None) -> PracticeView:
    tries = move.tries + (1 if refusal else 0)
    now = replace(move, tries=tries)
    view = _base_view(ctx, now, "turn", _open_grid(ctx, now), tries)
    view.hrefs.update(_turn_links(ctx, now))
    view.hrefs["lay"] = ctx.href(now.then(lay=True))
    view.hrefs["back"] = ctx.href(now.then(square=None, lay=False))
    view.feedback = refusal
    return view


def _aside(ctx: Context, move: Move) -> PracticeView:
    """The learner says the tile fits nowhere: right if the engine finds no legal placement."""
    ways = len(ctx.game.legal_placements(ctx.practice.tile))
    after = move.then(lay=False)
    if ways == 0 and ctx.practice.set_aside:
        view = _base_view(ctx, after, "done", _plain_grid(ctx), move.tries)
        view.solved = True
        view.feedback = Feedback("success", _("Solved!"), ctx.text.get("solved", ""))
        return view
    feedback = Feedback(
        "info",
        _("Not yet."),
        ngettext(
            "This tile does fit: there is {n} way to lay it. Look again.",
            "This tile does fit: there are {n} ways to lay it. Look again.",
            ways,
        ).format(n=d(ways)),
    )
    retry = replace(after, tries=move.tries + 1)
    if retry.square is None or retry.square not in ctx.game.board.open_squares:
        return _choosing(ctx, replace(retry, square=None), feedback)
    view = _turning(ctx, retry, None)
    view.feedback = feedback
    return view


def _bare(ctx: Context, move: Move) -> Placement:
    assert move.square is not None
    x, y = move.square
    return Placement(ctx.practice.tile, x, y, move.rotation, player=ctx.practice.learner)


def _kind(ctx: Context, move: Move) -> FigureKind:
    kinds = ctx.game.figure_kinds
    return move.kind if move.kind in kinds else kinds[0]


def _figure(ctx: Context, move: Move, refusal: Feedback | None) -> PracticeView:
    """The tile lies where it fits: offer a dot on every feature, for the kind of figure chosen."""
    game, practice = ctx.game, ctx.practice
    tries = move.tries + (1 if refusal else 0)
    now = replace(move, tries=tries, figure=None, bare=False)
    kind = _kind(ctx, now)
    with game.preview(_bare(ctx, now)) as turn:
        placed = game.board.tiles[turn.placement.square]
        # Figures a completed feature sends home stay drawn until the turn is over.
        going = tuple(s for e in turn.events for s in e.meeple_spots)
        cells = tile_cells(
            game, ctx.extent, example_looks(practice.players), entering=placed.square, going=going
        )
        dots = _dots(ctx, now, kind, placed, refused=move.figure if refusal is not None else None)
        zoom_label = tile_label(practice.tile, now.rotation, placed.square)
    for cell in cells:
        for mark in cell.figures:
            mark.going = False
    view = _base_view(ctx, now, "figure", _plain_grid(ctx, cells), tries)
    view.dots = dots
    view.zoom_label = zoom_label
    view.hrefs["none"] = ctx.href(now.then(bare=True))
    view.hrefs["back"] = ctx.href(now.then(lay=False, kind=None))
    if len(game.figure_kinds) > 1:
        view.kinds = [
            KindChoice(figure_name(k), k.value, ctx.href(now.then(kind=k)), k is kind)
            for k in game.figure_kinds
        ]
    view.feedback = refusal or Feedback(
        "info", _("The tile fits."), _("Place a figure on it, or finish without one.")
    )
    return view


def _side_of(anchor: tuple[float, float]) -> str:
    """The edge of the tile a spot lies towards, to tell apart two fields of one tile."""
    dx, dy = anchor[0] - 0.5, anchor[1] - 0.5
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


def _dots(
    ctx: Context, move: Move, kind: FigureKind, placed: PlacedTile, *, refused: Place | None
) -> list[Dot]:
    """A dot on every feature of the tile just laid: the engine judges whatever the learner tries."""
    player, figure = ctx.names[ctx.practice.learner], figure_name(kind)
    features = placed.tile.features
    dots = []
    for index, spec in enumerate(features):
        place = placed.orientation.place_of(index)
        anchor = placed.orientation.anchors[index]
        values = {"player": player, "figure": figure, "feature": FEATURE_NAMES[spec.kind]}
        if sum(1 for f in features if f.kind is spec.kind) > 1:
            label = _("Put {player}'s {figure} on the {feature} to the {side}").format(
                side=SIDE_NAMES[_side_of(anchor)], **values
            )
        else:
            label = _("Put {player}'s {figure} on the {feature}").format(**values)
        href = ctx.href(move.then(figure=place, kind=move.kind))
        lying = spec.kind is FeatureKind.FIELD
        dots.append(
            Dot(place.name, percent(anchor[0]), percent(anchor[1]), lying, label, href, place is refused)
        )
    return dots


def _finish(ctx: Context, move: Move) -> PracticeView:
    """The whole turn: the engine takes it or says why not, then the board's task judges it."""
    game, practice = ctx.game, ctx.practice
    placement = _bare(ctx, move)
    kind = _kind(ctx, move)
    if move.figure is not None:
        placement = placement.with_meeple(practice.learner, move.figure, kind)
    try:
        events = game.push(placement)
    except CarcassonneError as error:
        return _figure(ctx, move, Feedback("error", _("Not allowed."), explain(error.problem.error())))
    turn = Turn(game, placement, events, practice.learner)
    solved = judge(practice, turn)
    tries = move.tries + (0 if solved else 1)
    standing = {Spot(f.square, f.index, f.player, f.kind) for f in game.figures}
    going = tuple(s for e in events for s in e.meeple_spots if s not in standing)
    looks = example_looks(practice.players)
    cells = tile_cells(game, ctx.extent, looks, events=events, going=going)
    view = _base_view(ctx, replace(move, tries=tries), "done", _plain_grid(ctx, cells), tries)
    view.solved = solved
    values = {"points": turn.points, "cities": turn.farmer_cities}
    if solved:
        view.feedback = Feedback("success", _("Solved!"), _fill(ctx.text.get("solved", ""), values))
    else:
        view.feedback = Feedback("info", _("Not yet."), _fill(ctx.text.get("not_yet", ""), values))
        view.hrefs["back"] = ctx.href(replace(move, tries=tries).then(lay=False, kind=None))
        view.hrefs["figure"] = ctx.href(replace(move, tries=tries).then())
    view.feedback.lines = _score_lines(ctx, turn)
    return view


def _score_lines(ctx: Context, turn: Turn) -> list[str]:
    """What the turn scored, as the score page says it, and what the learner's new figure would
    score if the game ended now."""
    rules = ctx.practice.rules
    lines = [labelled(title(e), sentence(e, ctx.names, rules)) for e in turn.events]
    if not lines:
        lines.append(_("Nothing scores this turn."))
    new = [
        Spot(f.square, f.index, f.player, f.kind)
        for f in turn.game.figures
        if f.square == turn.placement.square and f.player == turn.player
    ]
    if new:
        ending: tuple[ScoreEvent, ...] = tuple(turn.game.end_events()[0])
        for event in ending:
            if any(spot in event.meeple_spots for spot in new):
                lines.append(
                    _("If the game ended now: {title}: {sentence}").format(
                        title=title(event), sentence=sentence(event, ctx.names, rules)
                    )
                )
    return lines


# -- the page ----------------------------------------------------------------------------------


@require_safe
def practice(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in PRACTICES:
        raise Http404
    view = practice_view(slug, get_language(), Move.parse(request.GET))
    try:
        chapter = content.chapter(get_language(), PRACTICES[slug].chapter)
    except LookupError:
        raise Http404 from None
    context = {"p": view, "chapter": chapter, "nav": "learn"}
    if request.htmx:
        return render(request, "tutorial/_practice.html", context)
    return render(request, "tutorial/practice.html", context)
