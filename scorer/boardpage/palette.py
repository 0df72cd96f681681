"""The tiles to choose from: how many are left, and with a square chosen, which fit it and how."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.tile_names import tile_name
from scorer.engine import TILES, Game, Mode, Square, TileType
from scorer.engine.tilesets import START_TILE

from .choices import finder_facts
from .selection import Selection


@dataclass
class PaletteEntry:
    tile: TileType
    remaining: int
    total: int
    selected: bool
    key: str
    """The key that chooses it from the keyboard: a base tile's letter, a digit for a river tile."""
    label: str
    href: str
    options: list[int] = field(default_factory=list)
    """With a square chosen: the rotations at which this tile fits there."""
    focus: bool = False
    """The palette's one Tab stop (the arrow keys move on from it)."""

    @property
    def count(self) -> str:
        return d(self.remaining)

    @property
    def name(self) -> str:
        """The tile as the reader calls it, shown under its picture."""
        return tile_name(self.tile.name)

    @property
    def facts(self) -> str:
        """What the tile finder narrows by (choices.finder_facts)."""
        return finder_facts(self.tile)


RIVER_KEYS = "1234567890"
"""River tiles still in the supply get the digits, in palette order."""


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


def entry_label(name: str, remaining: int, some_left: str = "", none_left: str = "") -> str:
    """ "Tile E, 3 left"; the two sentences can be given already translated (a palette's worth)."""
    if remaining:
        return (some_left or _("Tile {tile}, {n} left")).format(tile=tile_name(name), n=d(remaining))
    return (none_left or _("Tile {tile}, none left")).format(tile=tile_name(name))


def palette(game: Game, selection: Selection, *, finished: bool) -> list[PaletteEntry]:
    """Every tile of the game in catalogue order; with a square chosen, the fitting rotations."""
    board = game.board
    # On a board being copied, whose figure comes next stays chosen from tile to tile.
    keep = Selection(player=selection.player) if game.mode is Mode.FINAL else Selection()
    some_left, none_left = _("Tile {tile}, {n} left"), _("Tile {tile}, none left")
    fits: dict[str, list[int]] = {}
    if selection.square is not None and not finished and selection.square not in board.tiles:
        fits = fitting_rotations(game, selection.square)
    entries = [
        PaletteEntry(
            tile=TILES[name],
            remaining=left,
            total=board.counts[name],
            selected=name == selection.tile,
            key=name if len(name) == 1 else "",
            label=entry_label(name, left, some_left, none_left),
            href=keep.href(tile=name),
            options=fits.get(name, []),
        )
        for name, left in board.supply.items()
    ]
    # The river first while it is laid, and before anything the spring it starts from (stable:
    # catalogue order kept otherwise).
    laid = len(board.tiles)
    starting = laid < len(board.opening) and game.mode is Mode.REPLAY and board.start_tile is not START_TILE
    if board.bound_square is not None or starting:
        due = board.opening[laid] if starting else None
        entries.sort(key=lambda entry: (entry.tile is not due, not entry.tile.is_river))
    river_keys = iter(RIVER_KEYS)
    for entry in entries:
        if entry.tile.is_river and entry.remaining:
            entry.key = next(river_keys, "")
    focus = next((e for e in entries if e.selected), None) or next((e for e in entries if e.remaining), None)
    if focus is not None:
        focus.focus = True
    return entries


def palette_note(game: Game, selection: Selection) -> str:
    """Why the palette offers what it does, when that is not obvious: the river comes first, or
    nothing fits the chosen square."""
    board = game.board
    square = selection.square
    if square is not None and square not in board.tiles and not fitting_rotations(game, square):
        if board.bound_square is not None and square != board.bound_square:
            return _(
                "Nothing can go on this square yet: while the river is being laid, every tile is a "
                "river tile and continues it from its open end."
            )
        return _("No tile left fits this square, whichever way it is turned.")
    if board.bound_square is not None:
        return _(
            "The river comes first: river tiles are laid one after another from the spring until the "
            "lake, so only they fit now. The other tiles follow once the river is finished."
        )
    return ""
