"""The tiles to choose from: how many are left, and with a square chosen, which fit it and how."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from carcassonne_site.languages import localize_digits as d
from scorer.engine import TILES, Game, Square, TileType
from scorer.messages import tile_name

from .selection import Selection


@dataclass
class PaletteEntry:
    tile: TileType
    remaining: int
    total: int
    selected: bool
    key: str
    """The letter that chooses it from the keyboard (base tiles only)."""
    label: str
    href: str
    options: list[int] = field(default_factory=list)
    """With a square chosen: the rotations at which this tile fits there."""


def fitting_rotations(game: Game, square: Square) -> dict[str, list[int]]:
    """For every tile left: the distinct rotations at which it may go on ``square`` now."""
    fits: dict[str, list[int]] = {}
    board = game.board
    for name, left in board.supply.items():
        if left <= 0:
            continue
        rotations = [r for r in TILES[name].distinct_rotations if board.is_legal(name, square, r)]
        if rotations:
            fits[name] = rotations
    return fits


def entry_label(name: str, remaining: int) -> str:
    if remaining:
        return _("Tile {tile}, {n} left").format(tile=tile_name(name), n=d(remaining))
    return _("Tile {tile}, none left").format(tile=tile_name(name))


def palette(game: Game, selection: Selection, *, finished: bool) -> list[PaletteEntry]:
    """Every tile of the game in catalogue order; with a square chosen, the fitting rotations."""
    board = game.board
    fits: dict[str, list[int]] = {}
    if selection.square is not None and not finished and selection.square not in board.tiles:
        fits = fitting_rotations(game, selection.square)
    return [
        PaletteEntry(
            tile=TILES[name],
            remaining=left,
            total=board.counts[name],
            selected=name == selection.tile,
            key=name if len(name) == 1 else "",
            label=entry_label(name, left),
            href=Selection(tile=name).href(),
            options=fits.get(name, []),
        )
        for name, left in board.supply.items()
    ]
