"""Stylesheets written from the code, so the pages need no inline styles (the Content-Security-Policy
allows none): where a tile sits on a board's grid, where a figure stands on its tile, which mask
lights a feature up, and the players' colours. ``manage.py css`` writes them into ``static/css/``;
a test checks they are up to date.
"""

from __future__ import annotations

import hashlib
import io
from functools import cache

from scorer.board_layer.grid import DELAYS
from scorer.board_layer.players import players_css
from scorer.engine import TILES
from scorer.render.tile_art import SHEET_COLUMNS, SHEET_GUTTER, sheet_cell, tile_sheet

GRID_LINES = 256
"""More rows or columns than any board reaches (126 tiles in a line, and the squares around)."""


def positions_css() -> str:
    """Grid rows and columns, positions in percent of a tile, animation delays, progress widths."""
    lines = ["/* Written by `manage.py css` from scorer/css.py: edit that, not this. */"]
    lines += [f".gr-{n} {{ grid-row: {n}; }}" for n in range(1, GRID_LINES + 1)]
    lines += [f".gc-{n} {{ grid-column: {n}; }}" for n in range(1, GRID_LINES + 1)]
    lines += [f".x-{n} {{ left: {n}%; }}" for n in range(101)]
    lines += [f".y-{n} {{ top: {n}%; }}" for n in range(101)]
    lines += [f".delay-{n} {{ --delay: {n}; }}" for n in range(DELAYS)]
    lines += [f".pct-{n} {{ inline-size: {n}%; }}" for n in range(101)]
    return "\n".join(lines) + "\n"


def masks_css() -> str:
    """A class per feature of every tile, naming the mask that lights it up."""
    lines = ["/* Written by `manage.py css` from scorer/css.py: edit that, not this. */"]
    for name, tile in TILES.items():
        for index in range(len(tile.features)):
            lines.append(f".mask-{name}-{index} {{ --mask: url(/tiles/{name}/{index}.png); }}")
    return "\n".join(lines) + "\n"


SHEET_TILE = 128
SHEET_FILE = "img/tile-sheet.webp"
"""In ``static/``: every tile type on one picture, for the pages that show a whole board."""
SHEET_QUALITY = 50
"""WebP quality of the sheet: at 70 the sheet with every box grew past what a phone should fetch;
at 50 the flat colours of the art look the same and it stays well under the limit."""


@cache
def _sheet():
    return tile_sheet(SHEET_TILE)


def sheet_digest() -> str:
    """A digest of the sheet's pixels as drawn (the WebP is lossy): ``tile-art.css`` names it,
    so a test sees when the drawing changed and the sheet was not written again."""
    return hashlib.sha256(_sheet().tobytes()).hexdigest()[:16]


def sheet_webp() -> bytes:
    buffer = io.BytesIO()
    _sheet().save(buffer, format="WEBP", quality=SHEET_QUALITY, method=6)
    return buffer.getvalue()


def art_css() -> str:
    """A class per tile type: its own picture (``/tiles/<name>.webp``) where a page shows a few
    tiles, and its place on the sheet inside ``.play``, the pages of a whole board. A browser
    fetches a background only for an element it shows, so neither costs a request unused.

    The board page's list of tiles (``.palette-list``) takes the sheet on its own, not only inside
    ``.play``: htmx keeps that list through a swap (``hx-preserve``) by parking it for a moment in
    a hidden element at the end of the body, and there, outside ``.play``, every tile of the box
    asked for its own picture (24 to 126 requests after each figure, and a slow first answer on a
    server that draws them on demand)."""
    pitch = SHEET_TILE + 2 * SHEET_GUTTER
    rows = -(-len(TILES) // SHEET_COLUMNS)
    width, height = SHEET_COLUMNS * pitch, rows * pitch
    lines = [
        "/* Written by `manage.py css` from scorer/css.py: edit that, not this. */",
        f"/* sheet {sheet_digest()} */",
        ".art { display: block; inline-size: 100%; block-size: 100%;"
        " background: var(--art) center / 100% 100% no-repeat; }",
        f'.play .art, .palette-list .art {{ background-image: url("../{SHEET_FILE}");'
        f" background-size: {_percent(width / SHEET_TILE)} {_percent(height / SHEET_TILE)};"
        " background-position: var(--at); }",
    ]
    for name in TILES:
        column, row = sheet_cell(name)
        # A percentage position lines up that fraction of the picture with the same fraction
        # of the box: the tile's offset over the room the picture has to move in.
        left = (column * pitch + SHEET_GUTTER) / (width - SHEET_TILE)
        top = (row * pitch + SHEET_GUTTER) / (height - SHEET_TILE)
        at = f"{_percent(left)} {_percent(top)}"
        lines.append(f".t-{name} {{ --art: url(/tiles/{name}.webp); --at: {at}; }}")
    return "\n".join(lines) + "\n"


def _percent(fraction: float) -> str:
    return f"{fraction * 100:.4f}".rstrip("0").rstrip(".") + "%"


GENERATED = {
    "players.css": players_css,
    "board-positions.css": positions_css,
    "tile-masks.css": masks_css,
    "tile-art.css": art_css,
}
"""File name in ``static/css/`` -> the function that writes it."""
