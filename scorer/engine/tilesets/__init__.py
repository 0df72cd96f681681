"""The tile catalogue: which tiles each box holds, by name, and how many a game has.

The data lives in one module per box; this module gathers them. A game's tiles are the base
game's plus those of each expansion in play, garden edition when the Abbot is (tiles.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..tiles import Expansion, Good, TileType
from .base import BASE_TILES
from .count import COUNT_TILES
from .gardens import (
    BASE_GARDEN_TILES,
    INNS_CATHEDRALS_GARDEN_TILES,
    PRINCESS_DRAGON_GARDEN_TILES,
    RIVER_GARDEN_TILES,
    TOWER_GARDEN_TILES,
    TRADERS_BUILDERS_GARDEN_TILES,
)
from .inns_cathedrals import INNS_CATHEDRALS_TILES
from .princess_dragon import PRINCESS_DRAGON_TILES
from .river import RIVER_TILES
from .tower import TOWER_TILES
from .traders_builders import TRADERS_BUILDERS_TILES

BOX_TILES: dict[Expansion | None, tuple[TileType, ...]] = {
    None: BASE_TILES + BASE_GARDEN_TILES,
    Expansion.RIVER: RIVER_TILES + RIVER_GARDEN_TILES,
    Expansion.INNS_CATHEDRALS: INNS_CATHEDRALS_TILES + INNS_CATHEDRALS_GARDEN_TILES,
    Expansion.TRADERS_BUILDERS: TRADERS_BUILDERS_TILES + TRADERS_BUILDERS_GARDEN_TILES,
    Expansion.TOWER: TOWER_TILES + TOWER_GARDEN_TILES,
    Expansion.PRINCESS_DRAGON: PRINCESS_DRAGON_TILES + PRINCESS_DRAGON_GARDEN_TILES,
    Expansion.COUNT: COUNT_TILES,
}
"""Every tile type of each box (``None``: the base game), garden tiles included."""

TILES: dict[str, TileType] = {t.name: t for tiles in BOX_TILES.values() for t in tiles}
"""Every tile type by name."""

START_TILE = TILES["D"]
RIVER_SPRING = TILES["river-spring"]
RIVER_LAKE = TILES["river-lake"]


def tiles_in_play(expansions: Iterable[Expansion]) -> tuple[TileType, ...]:
    """The tile types a game with ``expansions`` can hold (some with a count of 0)."""
    chosen = set(expansions)
    return tuple(t for box, tiles in BOX_TILES.items() if box is None or box in chosen for t in tiles)


def tile_counts(expansions: Iterable[Expansion] = (), sets: int = 1) -> dict[str, int]:
    """How many tiles of each type the game holds, ``sets`` copies over; types it lacks are left out."""
    return dict(_counts(frozenset(Expansion(e) for e in expansions), sets))


@cache
def _counts(expansions: frozenset[Expansion], sets: int) -> tuple[tuple[str, int], ...]:
    abbot = Expansion.ABBOT in expansions
    # The City of Carcassonne is one, however many sets are mixed.
    counts = (
        (t.name, t.count_in(abbot) * (1 if t.city_of_carcassonne else sets))
        for t in tiles_in_play(expansions)
    )
    return tuple((name, n) for name, n in counts if n > 0)


def goods_in_box(expansions: Iterable[Expansion] = ()) -> dict[Good, int]:
    """How many tokens of each trade good a game's tiles carry (one per city piece showing it):
    the most any player, or all of them together, can hold. All 0 without Traders & Builders."""
    held = dict.fromkeys(Good, 0)
    for name, count in tile_counts(expansions).items():
        for spec in TILES[name].features:
            if spec.good is not None:
                held[spec.good] += count
    return held
