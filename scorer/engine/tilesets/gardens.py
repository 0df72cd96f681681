"""The garden edition's garden tiles (tiles.md, "Garden edition" and the expansions' gardens).

Each is its twin with a garden at place ``C`` that divides nothing. They are used only with the
Abbot (their ``count`` is 0, their ``abbot_count`` 1); their twins hold one tile fewer then.
Anchors move where a figure would otherwise be drawn on the garden.
"""

from __future__ import annotations

from ..tiles import TileType, with_garden
from .base import BASE_TILES
from .inns_cathedrals import INNS_CATHEDRALS_TILES
from .princess_dragon import PRINCESS_DRAGON_TILES
from .river import RIVER_TILES
from .tower import TOWER_TILES
from .traders_builders import TRADERS_BUILDERS_TILES

_TWINS = {
    t.name: t
    for t in BASE_TILES
    + RIVER_TILES
    + INNS_CATHEDRALS_TILES
    + TRADERS_BUILDERS_TILES
    + TOWER_TILES
    + PRINCESS_DRAGON_TILES
}

BASE_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["E"], (0.52, 0.6), f1=(0.2, 0.82)),
    with_garden(_TWINS["H"], (0.5, 0.5), f2=(0.86, 0.5)),
    with_garden(_TWINS["I"], (0.58, 0.58), f2=(0.86, 0.86)),
    with_garden(_TWINS["M"], (0.66, 0.66), f1=(0.88, 0.4)),
    with_garden(_TWINS["N"], (0.66, 0.66), f1=(0.88, 0.4)),
    with_garden(_TWINS["R"], (0.56, 0.84), f1=(0.2, 0.9)),
    with_garden(_TWINS["U"], (0.3, 0.22), f1=(0.74, 0.18)),
    with_garden(_TWINS["V"], (0.64, 0.36), f1=(0.38, 0.14)),
)

RIVER_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["river-curve"], (0.62, 0.38), f0=(0.88, 0.12)),
)

INNS_CATHEDRALS_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["ic-four-cities"], (0.58, 0.58), f4=(0.38, 0.38)),
    with_garden(_TWINS["ic-straight-inn"], (0.28, 0.22), f1=(0.72, 0.18)),
)

TRADERS_BUILDERS_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["tb-corner-two-roads-wine"], (0.76, 0.76), f4=(0.93, 0.93)),
    with_garden(_TWINS["tb-corner-road-cloth"], (0.64, 0.72), f3=(0.36, 0.88)),
)

TOWER_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["to-field"], (0.3, 0.68)),
    with_garden(_TWINS["to-two-roads"], (0.74, 0.4), f2=(0.62, 0.12)),
)

PRINCESS_DRAGON_GARDEN_TILES: tuple[TileType, ...] = (
    with_garden(_TWINS["pd-city-dragon"], (0.4, 0.5), f1=(0.2, 0.85)),
    with_garden(_TWINS["pd-corner-princess"], (0.66, 0.66), f1=(0.88, 0.4)),
)
