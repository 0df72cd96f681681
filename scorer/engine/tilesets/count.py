"""The City of Carcassonne's 12 tiles (tiles.md, "The Count of Carcassonne"): a block of 4 × 3
laid as the start, count-1 at the north-west corner to count-12 at the south-east. Only the
block's outer edges carry features; the rest of each tile is the City itself, with no feature, and
a half-edge listed in no field is the City's wall. A field along the outer edge continues round a
corner onto the next City tile through the half-edges it does list (count-1's ENE meets count-2's
WNW)."""

from __future__ import annotations

from ..places import Square
from ..tiles import Expansion, TileType, city, farm, road, tile

_CO = Expansion.COUNT


def _city_tile(name: str, edges: str, *features) -> TileType:
    return tile(name, 1, edges, *features, expansion=_CO, abbot_count=1, city_of_carcassonne=True)


COUNT_TILES: tuple[TileType, ...] = (
    _city_tile("count-1", "F F F R",
               road("W", (0.22, 0.5)),
               farm("WNW NNW N NNE ENE", (0.55, 0.13)),
               farm("SSW WSW", (0.13, 0.87))),
    _city_tile("count-2", "F F F F", farm("WNW NNW N NNE ENE", (0.5, 0.13))),
    _city_tile("count-3", "F F F F", farm("WNW NNW N NNE ENE", (0.5, 0.13))),
    _city_tile("count-4", "R F F F",
               road("N", (0.5, 0.22)),
               farm("WNW NNW", (0.16, 0.13)),
               farm("NNE ENE E ESE SSE", (0.87, 0.55))),
    _city_tile("count-5", "F F F F", farm("SSW WSW W WNW NNW", (0.13, 0.5))),
    _city_tile("count-6", "F F F F"),
    _city_tile("count-7", "F F F F"),
    _city_tile("count-8", "F F F F", farm("NNE ENE E ESE SSE", (0.87, 0.5))),
    _city_tile("count-9", "F F C F",
               city("S", (0.55, 0.86)),
               farm("NNW WNW W WSW ESE", (0.13, 0.45), cities=(0,))),
    _city_tile("count-10", "F F F F", farm("ESE SSE S SSW WSW", (0.5, 0.87))),
    _city_tile("count-11", "F F R F",
               road("S", (0.5, 0.78)),
               farm("ESE SSE", (0.85, 0.88)),
               farm("SSW WSW", (0.15, 0.88))),
    _city_tile("count-12", "F C F F",
               city("E", (0.86, 0.5)),
               farm("NNE SSE S SSW WSW", (0.45, 0.87), cities=(0,))),
)  # fmt: skip
"""count-1 … count-12 in reading order. Each is in the box once, with or without the Abbot (the
Count has no garden tiles)."""

CITY_SQUARES: dict[str, Square] = {t.name: (-2 + i % 4, -1 + i // 4) for i, t in enumerate(COUNT_TILES)}
"""The square each City tile is laid on, at rotation 0 (board-format.md): count-1 at (−2, −1),
count-7 at (0, 0), count-12 at (1, 1)."""
