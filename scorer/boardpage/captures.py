"""The Tower's prisoners and what became of them, as the pages tell it: whom each player holds (the
scoreboard of the board and watching pages), what the last turn's capture did (the turn summary,
an exchange the engine made at once included), and every capture and ransom of the game, in words
and as marks over the board picture (the score page).

The engine says who holds whom (``Game.held()``). What a capture did is read from what was held
before and after its turn, on a copy of the game taken back turn by turn (``Game.pop``): the rules
of an exchange are never worked out again here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import pgettext

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.languages import sentences
from scorer.board_layer.messages import held_label
from scorer.board_layer.players import Look
from scorer.engine import Expansion, FigureKind, Game, Square
from scorer.engine.expansions.tower import Floor, Ransom
from scorer.engine.game import Turn
from scorer.engine.queries import HeldFigure
from scorer.render.quarters_image import quarters_rows

from .tower_step import describe, figure_anchor, tower_anchor, where

KIND_ORDER = {kind: at for at, kind in enumerate(FigureKind)}


@dataclass
class PrisonerChip:
    """Figures of one owner and kind that a player holds: a figure in the owner's colour, the
    owner's name, how many, and the whole of it in words."""

    owner: int
    name: str
    color: str
    mark: str
    kind: str
    count: int
    label: str


def prisoner_chips(game: Game, looks: Sequence[Look]) -> list[list[PrisonerChip]]:
    """Each player's prisoners, by owner and kind; every list empty in a game without the Tower."""
    chips: list[list[PrisonerChip]] = [[] for _look in looks]
    if Expansion.TOWER not in game.expansions:
        return chips
    counts = Counter(game.held())
    for held in sorted(counts, key=lambda h: (h.holder, h.player, KIND_ORDER[h.kind])):
        owner, count = looks[held.player], counts[held]
        label = held_label(looks[held.holder].name, owner.name, held.kind)
        if count > 1:
            label += f" (×{d(count)})"
        chips[held.holder].append(
            PrisonerChip(held.player, owner.name, owner.color, d(owner.mark), held.kind.value, count, label)
        )
    return chips


# -- what a capture did ------------------------------------------------------------------------------


def other_capture(turn: Turn) -> Floor | None:
    """The turn's floor, when it captured another player's figure (the only capture that can
    keep a prisoner or free one in exchange)."""
    for action in turn.placement.actions:
        if isinstance(action, Floor) and action.capture is not None and action.capture.player != turn.layer:
            return action
    return None


def exchanges(game: Game, since: int = 0) -> dict[int, FigureKind | None]:
    """For each turn from ``since`` on whose floor captured another player's figure: the kind of
    the layer's own figure that player gave back for it at once (an exchange), or ``None`` (the
    layer keeps the prisoner)."""
    wanted = {n for n in range(since, len(game.turns)) if other_capture(game.turns[n]) is not None}
    if not wanted:
        return {}
    found: dict[int, FigureKind | None] = {}
    back = game.copy()
    for number in range(len(game.turns) - 1, min(wanted) - 1, -1):
        after = Counter(back.held()) if number in wanted else None
        back.pop()
        if after is not None:
            found[number] = _given_back(game.turns[number], Counter(back.held()) - after)
    return found


def _given_back(turn: Turn, freed: Counter[HeldFigure]) -> FigureKind | None:
    """Of the prisoners a turn set free, the layer's own the captured player gave back (a ransom
    paid the same turn set its own free)."""
    floor = other_capture(turn)
    if floor is None or floor.capture is None:
        return None
    for action in turn.placement.actions:
        if isinstance(action, Ransom):
            freed[HeldFigure(turn.layer, action.kind, action.jailer)] -= 1  # type: ignore[arg-type]
    jailer = floor.capture.player
    return next(
        (h.kind for h, n in freed.items() if n > 0 and h.player == turn.layer and h.holder == jailer), None
    )


# -- the score page ----------------------------------------------------------------------------------


@dataclass
class StoryLine:
    """A capture or a ransom, in words, numbered as its marks on the picture are."""

    number: int
    tile: int
    """The turn's tile, counted from 1 (as the score lines count)."""
    kind: str
    text: str
    current: bool = False


@dataclass
class Mark:
    """A badge over the board picture: on a square (``column``, ``row`` from 1), at ``left``,
    ``top`` percent of it."""

    column: int
    row: int
    left: int
    top: int
    kind: str
    """ "capture" (the tower whose floor captured), "figure" (where the captured figure stood) or
    "ransom" (the tower that had captured a figure a ransom set free)."""
    numbers: list[str] = field(default_factory=list)
    color: str = ""
    current: bool = False


@dataclass
class TowerStory:
    lines: list[StoryLine]
    marks: list[Mark]
    columns: int
    rows: int
    holders: list[tuple[Look, list[PrisonerChip]]]
    """Who holds prisoners now, and whom."""
    shown: bool = True
    """The marks go over the picture (not while it lights up a feature that scored)."""

    @property
    def kinds(self) -> set[str]:
        return {mark.kind for mark in self.marks}

    @property
    def current(self) -> StoryLine | None:
        return next((line for line in self.lines if line.current), None)


@dataclass
class _Held:
    """A prisoner taken on the board: by which line, at which tower."""

    figure: HeldFigure
    line: int
    tower: Square


def tower_story(game: Game, looks: Sequence[Look], ransom_turn: int | None = None) -> TowerStory | None:
    """Every capture and ransom of a game with the Tower, in order; ``ransom_turn``: the turn of
    the ransom chosen on the page, whose line and mark stand out."""
    if Expansion.TOWER not in game.expansions:
        return None
    extent = game.board.extent
    chips = prisoner_chips(game, looks)
    # The picture's grid takes in the City's quarters under the board too (the Count).
    rows = extent.rows + quarters_rows(game, extent.columns)
    story = TowerStory([], [], extent.columns, rows, [(looks[i], c) for i, c in enumerate(chips) if c])
    swapped = exchanges(game)
    held: list[_Held] = []
    for number, turn in enumerate(game.turns):
        if turn.layer is None:
            continue
        for action in turn.placement.actions:
            if isinstance(action, Ransom):
                _ransom_line(game, looks, story, held, number, turn.layer, action, ransom_turn)
            elif isinstance(action, Floor) and action.capture is not None:
                _capture_line(game, looks, story, held, number, turn.layer, action, swapped.get(number))
    return story


def _line(story: TowerStory, number: int, kind: str, text: str, current: bool = False) -> StoryLine:
    line = StoryLine(len(story.lines) + 1, number + 1, kind, text, current)
    story.lines.append(line)
    return line


def _capture_line(
    game: Game,
    looks: Sequence[Look],
    story: TowerStory,
    held: list[_Held],
    number: int,
    layer: int,
    floor: Floor,
    exchanged: FigureKind | None,
) -> None:
    ref = floor.capture
    assert ref is not None
    line = _line(story, number, "capture", describe(looks, layer, floor, exchanged))
    extent = game.board.extent
    _mark(
        story, extent.column(floor.x), extent.row(floor.y), tower_anchor(game, floor.square), "capture", line
    )
    left, top = figure_anchor(game, ref)
    story.marks.append(
        Mark(
            extent.column(ref.x),
            extent.row(ref.y),
            left,
            top,
            "figure",
            [d(line.number)],
            looks[ref.player].color,
        )
    )
    if ref.player == layer:
        return
    if exchanged is None:
        held.append(_Held(HeldFigure(ref.player, ref.kind, layer), line.number, floor.square))
    else:
        _set_free(held, HeldFigure(layer, exchanged, ref.player))


def _ransom_line(
    game: Game,
    looks: Sequence[Look],
    story: TowerStory,
    held: list[_Held],
    number: int,
    layer: int,
    ransom: Ransom,
    chosen: int | None,
) -> None:
    text = describe(looks, layer, ransom)
    taken = _set_free(held, HeldFigure(layer, ransom.kind, ransom.jailer))
    if taken is not None:
        # Translators: after a ransom on the score page: where the figure set free had been
        # captured; {n} is the number of that capture's line in the same list.
        origin = pgettext("tower story", "It had been captured by the tower at {x}, {y} (line {n}).")
        text = sentences(text, origin.format(n=d(taken.line), **where(*taken.tower)))
    line = _line(story, number, "ransom", text, current=number == chosen)
    if taken is not None:
        extent = game.board.extent
        at = (extent.column(taken.tower[0]), extent.row(taken.tower[1]))
        _mark(story, *at, tower_anchor(game, taken.tower), "ransom", line)


def _set_free(held: list[_Held], figure: HeldFigure) -> _Held | None:
    """The earliest capture still held of ``figure`` (its owner's figures of a kind are alike),
    taken off the list: ``None`` for a prisoner the game started with."""
    taken = next((h for h in held if h.figure == figure), None)
    if taken is not None:
        held.remove(taken)
    return taken


def _mark(
    story: TowerStory, column: int, row: int, anchor: tuple[int, int], kind: str, line: StoryLine
) -> None:
    """A tower's badge of ``kind``, one per tower: each line's number added to it."""
    mark = next((m for m in story.marks if (m.column, m.row, m.kind) == (column, row, kind)), None)
    if mark is None:
        # In a corner of the tower's square away from the tower (the picture draws it and its
        # height there): a capture's badge at the top, a ransom's at the bottom.
        left = 78 if anchor[0] < 50 else 22
        mark = Mark(column, row, left, 14 if kind == "capture" else 86, kind)
        story.marks.append(mark)
    mark.numbers.append(d(line.number))
    mark.current = mark.current or line.current
