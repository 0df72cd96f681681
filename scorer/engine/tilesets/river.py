"""River I's 12 tiles (tiles.md, "River I"). The river is no feature: it only divides fields."""

from __future__ import annotations

from ..tiles import Expansion, TileType, city, cloister, farm, road, tile
from .base import ALL_BUT

_R = Expansion.RIVER

RIVER_TILES: tuple[TileType, ...] = (
    tile("river-spring", 1, "F ~ F F",
         farm(ALL_BUT["E"], (0.3, 0.3)), expansion=_R),
    tile("river-lake", 1, "F F F ~",
         farm(ALL_BUT["W"], (0.7, 0.3)), expansion=_R),
    tile("river-straight", 2, "F ~ F ~",
         farm("WNW NNW N NNE ENE", (0.5, 0.2)),
         farm("ESE SSE S SSW WSW", (0.5, 0.8)), expansion=_R),
    tile("river-curve", 2, "F F ~ ~",
         farm("WNW NNW N NNE ENE E ESE SSE", (0.68, 0.32)),
         farm("SSW WSW", (0.12, 0.88)), expansion=_R, abbot_count=1),
    tile("river-bridge", 1, "~ R ~ R",
         road("W E", (0.25, 0.5)),
         farm("WNW NNW", (0.15, 0.15)),
         farm("NNE ENE", (0.85, 0.15)),
         farm("ESE SSE", (0.85, 0.85)),
         farm("SSW WSW", (0.15, 0.85)), expansion=_R),
    tile("river-cities", 1, "C ~ C ~",
         city("N", (0.5, 0.12)),
         city("S", (0.5, 0.88)),
         farm("ENE WNW", (0.2, 0.32), cities=(0,)),
         farm("ESE WSW", (0.8, 0.68), cities=(1,)), expansion=_R),
    tile("river-city-road", 1, "C ~ R ~",
         city("N", (0.5, 0.15)),
         road("S", (0.5, 0.82)),
         farm("ENE", (0.88, 0.36), cities=(0,)),
         farm("WNW", (0.12, 0.36), cities=(0,)),
         farm("ESE SSE", (0.82, 0.82)),
         farm("SSW WSW", (0.18, 0.82)), expansion=_R),
    tile("river-cloister", 1, "F ~ R ~",
         cloister((0.5, 0.7)),
         road("S", (0.5, 0.93)),
         farm("WNW NNW N NNE ENE", (0.5, 0.18)),
         farm("ESE SSE", (0.88, 0.88)),
         farm("SSW WSW", (0.12, 0.88)), expansion=_R),
    tile("river-city-corner", 1, "C ~ ~ C",
         city("N W", (0.25, 0.25)),
         farm("ENE SSW", (0.55, 0.55), cities=(0,)),
         farm("ESE SSE", (0.9, 0.9)), expansion=_R),
    tile("river-road-curve", 1, "R R ~ ~",
         road("N E", (0.72, 0.28)),
         farm("WNW NNW ESE SSE", (0.42, 0.5)),
         farm("NNE ENE", (0.9, 0.1)),
         farm("SSW WSW", (0.1, 0.9)), expansion=_R),
)  # fmt: skip
