"""Stylesheets written from the code, so the pages need no inline styles (the Content-Security-Policy
allows none): where a tile sits on a board's grid, where a figure stands on its tile, which mask
lights a feature up, and the players' colours. ``manage.py css`` writes them into ``static/css/``;
a test checks they are up to date.
"""

from __future__ import annotations

from scorer.engine import TILES
from scorer.players import players_css

GRID_LINES = 256
"""More rows or columns than any board reaches (126 tiles in a line, and the squares around)."""
DELAYS = 12


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


GENERATED = {"players.css": players_css, "board-positions.css": positions_css, "tile-masks.css": masks_css}
"""File name in ``static/css/`` -> the function that writes it."""
