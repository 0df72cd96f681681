"""The tile about to be laid: on the chosen square, turned one of the ways it fits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.board_layer.tile_names import tile_name
from scorer.engine import TILES, Placement, Square

from .selection import Selection


@dataclass
class Preview:
    placement: Placement
    options: list[int]
    """The distinct rotations that fit, in turning order."""
    turn_left: str
    """Links to the same tile turned to the previous and next rotation that fits."""
    turn_right: str
    name: str = ""
    """The tile as the reader calls it."""


def preview(selection: Selection, legal: Mapping[Square, list[int]]) -> Preview | None:
    """The chosen tile on the chosen square, when it fits there; ``None`` otherwise."""
    if selection.tile is None or selection.square not in legal:
        return None
    tile = TILES[selection.tile]
    fitting = legal[selection.square]
    options = [r for r in tile.distinct_rotations if r in fitting]
    if not options:
        return None
    rotation = selection.rotation if selection.rotation in options else options[0]
    here = options.index(rotation)
    square = selection.square
    placement = Placement(tile.name, square[0], square[1], rotation)
    chosen = Selection(tile=tile.name, square=square)
    return Preview(
        placement,
        options,
        chosen.href(rotation=options[(here - 1) % len(options)]),
        chosen.href(rotation=options[(here + 1) % len(options)]),
        tile_name(tile.name),
    )
