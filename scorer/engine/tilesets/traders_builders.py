"""Traders & Builders' 24 tiles (tiles.md, "Traders & Builders"), each type once.

Twenty city pieces show a trade good (9 wine, 6 wheat, 5 cloth); no tile of the box has a pennant.
On the ``split`` tiles the fields beside the corner city are cut apart at the south-east corner.
"""

from __future__ import annotations

from ..tiles import Expansion, Good, TileType, city, cloister, farm, road, tile

_TB = Expansion.TRADERS_BUILDERS
WINE, WHEAT, CLOTH = Good.WINE, Good.WHEAT, Good.CLOTH


def _corner_city(good: Good) -> tuple:
    return (city("N W", (0.26, 0.34), good=good),
            farm("ENE E ESE SSE S SSW", (0.72, 0.72), cities=(0,)))  # fmt: skip


def _across_and_city(good: Good) -> tuple:
    return (city("E W", (0.18, 0.44), good=good),
            city("S", (0.5, 0.9)),
            farm("NNW N NNE", (0.5, 0.1), cities=(0,)),
            farm("C", (0.5, 0.66), cities=(0, 1)))  # fmt: skip


def _corner_road_city(good: Good) -> tuple:
    return (city("N W", (0.26, 0.34), good=good),
            city("S", (0.5, 0.9)),
            road("E", (0.8, 0.5)),
            farm("ENE", (0.9, 0.3), cities=(0,)),
            farm("ESE", (0.86, 0.68), cities=(0, 1)))  # fmt: skip


def _across_road(good: Good) -> tuple:
    return (city("E W", (0.2, 0.45), centre=True, good=good),
            road("S", (0.5, 0.84)),
            farm("NNW N NNE", (0.5, 0.1), cities=(0,)),
            farm("SSE", (0.8, 0.9), cities=(0,)),
            farm("SSW", (0.2, 0.9), cities=(0,)))  # fmt: skip


TRADERS_BUILDERS_TILES: tuple[TileType, ...] = (
    tile("tb-corner-wheat", 1, "C F F C", *_corner_city(WHEAT), expansion=_TB),
    tile("tb-corner-wine", 1, "C F F C", *_corner_city(WINE), expansion=_TB),
    tile("tb-across-and-city-cloth", 1, "F C C C", *_across_and_city(CLOTH), expansion=_TB),
    tile("tb-across-and-city-wine", 1, "F C C C", *_across_and_city(WINE), expansion=_TB),
    tile("tb-three-sided-wheat", 1, "C C F C",
         city("N E W", (0.5, 0.38), centre=True, good=WHEAT),
         farm("SSE S SSW", (0.5, 0.88), cities=(0,)), expansion=_TB),
    tile("tb-corner-and-two-cities-cloth", 1, "C C C C",
         city("N W", (0.2, 0.34), good=CLOTH),
         city("E", (0.88, 0.55)),
         city("S", (0.55, 0.88)),
         farm("C", (0.6, 0.6), cities=(0, 1, 2)), expansion=_TB),
    tile("tb-corner-two-roads-split-cloth", 1, "C R R C",
         city("N W", (0.26, 0.34), good=CLOTH),
         road("E", (0.8, 0.48)),
         road("S", (0.48, 0.8)),
         farm("ENE", (0.9, 0.32), cities=(0,)),
         farm("ESE", (0.92, 0.7), cities=(0,)),
         farm("SSE", (0.7, 0.92), cities=(0,)),
         farm("SSW", (0.32, 0.9), cities=(0,)), expansion=_TB),
    tile("tb-corner-two-roads-wine", 1, "C R R C",
         city("N W", (0.26, 0.34), good=WINE),
         road("E", (0.8, 0.48)),
         road("S", (0.48, 0.8)),
         farm("ENE", (0.9, 0.32), cities=(0,)),
         farm("ESE SSE", (0.84, 0.84), cities=(0,)),
         farm("SSW", (0.32, 0.9), cities=(0,)), expansion=_TB, abbot_count=0),
    tile("tb-corner-road-city-cloth", 1, "C R C C", *_corner_road_city(CLOTH), expansion=_TB),
    tile("tb-corner-road-city-wheat", 1, "C R C C", *_corner_road_city(WHEAT), expansion=_TB),
    tile("tb-corner-road-cloth", 1, "C R F C",
         city("N W", (0.26, 0.34), good=CLOTH),
         road("E", (0.8, 0.48)),
         farm("ENE", (0.9, 0.32), cities=(0,)),
         farm("ESE SSE S SSW", (0.62, 0.8), cities=(0,)), expansion=_TB, abbot_count=0),
    tile("tb-corner-road-split-wine", 1, "C R F C",
         city("N W", (0.26, 0.34), good=WINE),
         road("E", (0.8, 0.48)),
         farm("ENE", (0.9, 0.32), cities=(0,)),
         farm("ESE", (0.9, 0.72), cities=(0,)),
         farm("SSE S SSW", (0.5, 0.86), cities=(0,)), expansion=_TB),
    tile("tb-three-sided-road-wine", 1, "C C R C",
         city("N E W", (0.5, 0.35), centre=True, good=WINE),
         road("S", (0.5, 0.85)),
         farm("SSE", (0.78, 0.9), cities=(0,)),
         farm("SSW", (0.22, 0.9), cities=(0,)), expansion=_TB),
    tile("tb-two-corners-wine", 1, "C C C C",
         city("N W", (0.2, 0.34), good=WINE),
         city("E S", (0.75, 0.75)),
         farm("C", (0.5, 0.5), cities=(0, 1)), expansion=_TB),
    tile("tb-across-wine", 1, "F C F C",
         city("E W", (0.5, 0.5), centre=True, good=WINE),
         farm("NNW N NNE", (0.5, 0.1), cities=(0,)),
         farm("SSE S SSW", (0.5, 0.9), cities=(0,)), expansion=_TB),
    tile("tb-city-road", 1, "C R F F",
         city("N", (0.5, 0.13)),
         road("E", (0.8, 0.5)),
         farm("ENE", (0.88, 0.3), cities=(0,)),
         farm("ESE SSE S SSW WSW W WNW", (0.4, 0.66), cities=(0,)), expansion=_TB),
    tile("tb-across-road-wheat", 1, "F C R C", *_across_road(WHEAT), expansion=_TB),
    tile("tb-across-road-wine", 1, "F C R C", *_across_road(WINE), expansion=_TB),
    tile("tb-across-two-roads-wine", 1, "R C R C",
         city("E W", (0.3, 0.5), centre=True, good=WINE),
         road("N", (0.5, 0.14)),
         road("S", (0.5, 0.86)),
         farm("NNW", (0.18, 0.1), cities=(0,)),
         farm("NNE", (0.82, 0.1), cities=(0,)),
         farm("SSE", (0.82, 0.9), cities=(0,)),
         farm("SSW", (0.18, 0.9), cities=(0,)), expansion=_TB),
    tile("tb-cloister-three-roads", 1, "F R R R",
         cloister(),
         road("E", (0.85, 0.5)),
         road("S", (0.5, 0.85)),
         road("W", (0.15, 0.5)),
         farm("WNW NNW N NNE ENE", (0.5, 0.14)),
         farm("ESE SSE", (0.88, 0.88)),
         farm("SSW WSW", (0.12, 0.88)), expansion=_TB),
    tile("tb-corner-road-wheat", 1, "C F R C",
         city("N W", (0.26, 0.34), good=WHEAT),
         road("S", (0.5, 0.8)),
         farm("SSW", (0.25, 0.88), cities=(0,)),
         farm("SSE ESE E ENE", (0.78, 0.65), cities=(0,)), expansion=_TB),
    tile("tb-corner-road-split-wheat", 1, "C F R C",
         city("N W", (0.26, 0.34), good=WHEAT),
         road("S", (0.5, 0.8)),
         farm("SSW", (0.25, 0.88), cities=(0,)),
         farm("SSE", (0.72, 0.9), cities=(0,)),
         farm("ENE E ESE", (0.86, 0.5), cities=(0,)), expansion=_TB),
    tile("tb-city-two-roads", 1, "C F R R",
         city("N", (0.5, 0.13)),
         road("W", (0.22, 0.55)),
         road("S", (0.55, 0.78)),
         farm("WNW", (0.1, 0.32), cities=(0,)),
         farm("SSW WSW", (0.15, 0.85)),
         farm("ENE E ESE SSE", (0.76, 0.6), cities=(0,)), expansion=_TB),
    tile("tb-road-crossing", 1, "R R R R",
         road("N S", (0.5, 0.24)),
         road("W E", (0.24, 0.5)),
         farm("WNW NNW", (0.14, 0.14)),
         farm("NNE ENE", (0.86, 0.14)),
         farm("ESE SSE", (0.86, 0.86)),
         farm("SSW WSW", (0.14, 0.86)), expansion=_TB),
)  # fmt: skip
