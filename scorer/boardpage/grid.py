"""The board of the board page: the shared tile cells plus the open squares a tile can go on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorer.board_layer.grid import Grid, PreviewCell, tile_cells
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.players import Look
from scorer.board_layer.tile_names import tile_name
from scorer.engine import Extent, Game, Mode, Placement, Square

from .selection import Selection


@dataclass
class OpenCell:
    x: int
    y: int
    col: int
    row: int
    legal: bool
    dead: bool
    selected: bool
    gap: bool
    waiting: bool
    """The river is being laid and this square is not its mouth: nothing may go here yet."""
    label: str
    href: str
    focus: bool = False
    """The board's one Tab stop (the arrow keys move on from it)."""

    @property
    def css(self) -> str:
        """Its classes, put together here: a board has a hundred of these cells."""
        flags = ((self.legal, " legal"), (self.dead, " dead"), (self.selected, " selected"),
                 (self.gap, " gap"), (self.waiting, " waiting"))  # fmt: skip
        return f"cell open gr-{self.row} gc-{self.col}" + "".join(name for on, name in flags if on)


def empty_squares(game: Game) -> set[Square]:
    """Where the next tile could go: the squares beside the board (on a board being copied, one
    further too), or the centre of an empty one."""
    return set(game.board.reachable_squares()) if game.board.tiles else {(0, 0)}


class OpenLabels:
    """The names of empty squares, translated once per page rather than once per square."""

    def __init__(self) -> None:
        self.gap_legal = _("Square {x}, {y}, one square away from the board: the tile fits here")
        self.gap = _("Square {x}, {y}, one square away from the board (for a tile copied out of order)")
        self.legal = _("Square {x}, {y}: the tile fits here")
        self.waiting = _("Square {x}, {y}: nothing goes here until the river is finished")
        self.dead = _("Square {x}, {y}: no tile left can fill it")
        self.empty = _("Empty square {x}, {y}")
        self.persian = get_language() == "fa"

    def __call__(
        self, square: Square, legal: bool, dead: bool, gap: bool = False, waiting: bool = False
    ) -> str:
        if gap:
            text = self.gap_legal if legal else self.gap
        elif legal:
            text = self.legal
        elif waiting:
            text = self.waiting
        elif dead:
            text = self.dead
        else:
            text = self.empty
        language = "fa" if self.persian else "en"
        return text.format(x=d(square[0], language), y=d(square[1], language))


def open_cells(
    extent: Extent,
    squares: set[Square],
    selection: Selection,
    legal: Mapping[Square, list[int]],
    dead: set[Square],
    gaps: set[Square] = frozenset(),
    mouth: Square | None = None,
) -> list[OpenCell]:
    cells = []
    label = OpenLabels()
    for square in sorted(squares, key=lambda s: (s[1], s[0])):
        is_legal, is_dead, is_gap = square in legal, square in dead, square in gaps
        is_waiting = mouth is not None and square != mouth
        cells.append(
            OpenCell(
                x=square[0],
                y=square[1],
                col=extent.column(square[0]),
                row=extent.row(square[1]),
                legal=is_legal,
                dead=is_dead,
                selected=square == selection.square,
                gap=is_gap,
                waiting=is_waiting,
                label=label(square, is_legal, is_dead, is_gap, is_waiting),
                href=selection.href(
                    square=square, rotation=None, spots=False, on=None, last=False, scored=False
                ),
            )
        )
    return cells


def board_grid(
    game: Game,
    looks: Sequence[Look],
    selection: Selection,
    *,
    legal: Mapping[Square, list[int]],
    preview: Placement | None,
    finished: bool,
    only: Iterable[Square] | None = None,
) -> Grid:
    """Tiles, figures and highlights, and unless the game is over the squares beside the board;
    ``only`` limits the tiles to those squares (a placement's answer sends just what changed)."""
    squares = set() if finished else empty_squares(game)
    extent = Extent.of([*game.board.tiles, *squares])
    show_scored = selection.spots or selection.last or selection.scored
    events = game.turns[-1].events if game.turns and show_scored else ()
    grid = Grid(
        extent.columns,
        extent.rows,
        tile_cells(game, extent, looks, events=events, only=only),
        extent.west,
        extent.north,
    )
    if not finished:
        dead = game.board.dead_squares()
        # The square under the tile about to be laid stays: the page's script may take the tile off.
        grid.open_cells = open_cells(
            extent, squares, selection, legal, dead, game.board.gap_squares(), game.board.bound_square
        )
        mark_figure_tiles(game, grid, selection)
        mark_tab_stop(game, grid, selection, legal)
    if preview is not None:
        grid.preview = PreviewCell(
            preview.x,
            preview.y,
            extent.column(preview.x),
            extent.row(preview.y),
            preview.tile,
            preview.rotation,
            _("Tile {tile} about to be laid, turned {rotation}°").format(
                tile=tile_name(preview.tile), rotation=d(preview.rotation)
            ),
        )
    return grid


def mark_figure_tiles(game: Game, grid: Grid, selection: Selection) -> None:
    """Link the tiles whose figure may change to their figure choice: every tile of a board being
    copied, the tile just laid in a game being played; mark the one being chosen."""
    if not game.turns:
        return
    last = game.turns[-1].placement.square
    final = game.mode is Mode.FINAL
    chosen = selection.on if final and selection.on in game.board.tiles else last
    for cell in grid.tiles:
        square = (cell.x, cell.y)
        if not final and square != last:
            continue
        if game.mode is Mode.REPLAY and len(game.turns) == 1:
            continue  # nobody puts a figure on the start tile of a game being played
        cell.choosing = selection.spots and square == chosen
        cell.href = selection.href(
            on=square if final else None, spots=True, tile=None, square=None, rotation=None, last=False,
            scored=False, kind=None,
        )  # fmt: skip
        cell.pick_label = _("Tile {tile} at {x}, {y}: choose its figure").format(
            tile=tile_name(cell.name), x=d(cell.x), y=d(cell.y)
        )


def mark_tab_stop(game: Game, grid: Grid, selection: Selection, legal: Mapping[Square, list[int]]) -> None:
    """Make one square the board's Tab stop: the chosen square, else the square nearest the tile
    just laid where the chosen tile fits, else the nearest empty one."""
    grid.roving = True
    cells = {(c.x, c.y): c for c in grid.open_cells}
    if selection.square in cells:
        cells[selection.square].focus = True
        return
    candidates = [s for s in cells if s in legal] or list(cells)
    if not candidates:
        return
    ox, oy = game.turns[-1].placement.square if game.turns else (0, 0)
    nearest = min(candidates, key=lambda s: (abs(s[0] - ox) + abs(s[1] - oy), s[1], s[0]))
    cells[nearest].focus = True
