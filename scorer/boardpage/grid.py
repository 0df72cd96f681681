"""The board of the board page: the shared tile cells plus the open squares a tile can go on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from carcassonne_site.languages import localize_digits as d
from scorer.boardview import Grid, PreviewCell, tile_cells
from scorer.engine import Extent, Game, Placement, Square
from scorer.players import Look

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
    label: str
    href: str


def empty_squares(game: Game) -> set[Square]:
    """Where the next tile could go: the squares beside the board, or the centre of an empty one."""
    return set(game.board.open_squares) if game.board.tiles else {(0, 0)}


def open_label(square: Square, legal: bool, dead: bool) -> str:
    x, y = d(square[0]), d(square[1])
    if legal:
        return _("Square {x}, {y}: the tile fits here").format(x=x, y=y)
    if dead:
        return _("Square {x}, {y}: no tile left can fill it").format(x=x, y=y)
    return _("Empty square {x}, {y}").format(x=x, y=y)


def open_cells(
    extent: Extent,
    squares: set[Square],
    selection: Selection,
    legal: Mapping[Square, list[int]],
    dead: set[Square],
) -> list[OpenCell]:
    cells = []
    for square in sorted(squares, key=lambda s: (s[1], s[0])):
        is_legal, is_dead = square in legal, square in dead
        cells.append(
            OpenCell(
                x=square[0],
                y=square[1],
                col=extent.column(square[0]),
                row=extent.row(square[1]),
                legal=is_legal,
                dead=is_dead,
                selected=square == selection.square,
                label=open_label(square, is_legal, is_dead),
                href=selection.href(square=square, rotation=None, spots=False, last=False, scored=False),
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
) -> Grid:
    """Tiles, figures and highlights, and unless the game is over the squares beside the board."""
    squares = set() if finished else empty_squares(game)
    extent = Extent.of([*game.board.tiles, *squares])
    show_scored = selection.spots or selection.last or selection.scored
    events = game.turns[-1].events if game.turns and show_scored else ()
    grid = Grid(
        extent.columns, extent.rows, tile_cells(game, extent, looks, events=events), extent.west, extent.north
    )
    if not finished:
        dead = game.board.dead_squares()
        shown = squares - {preview.square} if preview else squares
        grid.open_cells = open_cells(extent, shown, selection, legal, dead)
    if preview is not None:
        grid.preview = PreviewCell(
            preview.x,
            preview.y,
            extent.column(preview.x),
            extent.row(preview.y),
            preview.tile,
            preview.rotation,
            _("Tile {tile} about to be laid, turned {rotation}°").format(
                tile=preview.tile, rotation=d(preview.rotation)
            ),
        )
    return grid
