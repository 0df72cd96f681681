"""Where everything lies on one tile, in unit coordinates (x east, y south, 0..1), at rotation 0.

Every shape is derived from the engine's tile data (edges, features, places, anchors, river
sides), never drawn per tile name: a city's shape follows from which edges it covers, a road's
path from its edges, a field from the places it touches. Shapes that reach an edge run a little
past it so that the edge pixels are fully covered and neighbouring tiles join without a seam.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from scorer.engine.places import SIDES, Place, Side, rotate_point
from scorer.engine.tiles import FeatureKind, FeatureSpec, TileType
from scorer.engine.tilesets import RIVER_LAKE

Point = tuple[float, float]
Path = tuple[Point, ...]

CENTRE: Point = (0.5, 0.5)
OUTSIDE = 0.04
"""How far shapes that reach an edge run past it."""

CAP_DEPTH = 0.3
DEEP_CAP_DEPTH = 0.53
"""A one-edge city that must split the fields on its two flanks reaches past the centre."""
LENS_DEPTH = 0.31
"""Depth of the field left on a side a bigger city does not cover."""
CORNER_PULL = 0.44
"""Control point of a corner city's wall; below 0.5 the wall bows toward the corner."""

ROAD_WIDTH = 0.13
RIVER_WIDTH = 0.17
JUNCTION_RADIUS = 0.08
YARD_HALF = 0.19
SPRING_RADIUS = 0.12
LAKE_RADIUS = 0.27
WALL_WIDTH = 0.06
SHIELD_HALF = (0.075, 0.09)
MEEPLE_RADIUS = 0.13
"""Radius of a meeple disc on the board: the pennant is kept clear of it."""


@dataclass(frozen=True)
class CityShape:
    feature: int
    outline: Path
    walls: tuple[Path, ...]
    """The parts of the outline that face a field: only these get a wall."""


@dataclass(frozen=True)
class RoadShape:
    feature: int
    path: Path
    bridge: bool = False


@dataclass(frozen=True)
class Pool:
    centre: Point
    radius: float
    lake: bool


@dataclass(frozen=True)
class TileLayout:
    cities: tuple[CityShape, ...]
    roads: tuple[RoadShape, ...]
    river: Path | None
    pool: Pool | None
    cloisters: tuple[tuple[int, Point], ...]
    junction: Point | None
    pennants: tuple[tuple[int, Point], ...]
    """Where each pennant's shield is drawn, by city feature."""
    field_seeds: tuple[tuple[int, tuple[Point, ...]], ...]
    """Rim points of each field, to flood-fill its area from."""


# -- small geometry ---------------------------------------------------------------------------


def rotated(path: Path, quarter_turns: int) -> Path:
    return tuple(rotate_point(p, quarter_turns) for p in path)


def edge_middle(side: Side, out: float = 0.0) -> Point:
    """The middle of ``side``, pushed ``out`` past the edge."""
    return rotate_point((0.5, -out), side)


def place_point(place: Place, inset: float = 0.0) -> Point:
    """Where ``place`` lies on the rim, ``inset`` inside the tile."""
    if place is Place.C:
        return CENTRE
    side = place.side
    assert side is not None
    return rotate_point(((place % 3 + 1) * 0.25, inset), side)


def _dome(depth: float, steps: int = 48) -> Path:
    """A wall from the north-west to the north-east corner, dipping ``depth`` into the tile.

    The 1.5 power flattens it near the corners, so two caps on adjacent sides never overlap.
    """
    out = []
    for i in range(steps + 1):
        x = i / steps
        out.append((x, depth * (4 * x * (1 - x)) ** 1.5))
    return tuple(out)


def lens_curve(side: Side, depth: float) -> Path:
    """:func:`_dome` turned onto ``side``, running clockwise."""
    return rotated(_dome(depth), side)


def _outer_corners(side: Side) -> Path:
    """The two corners of ``side`` (clockwise), pushed outside the tile."""
    return rotated(((-OUTSIDE, -OUTSIDE), (1 + OUTSIDE, -OUTSIDE)), side)


def _bezier(a: Point, control: Point, b: Point, steps: int = 40) -> Path:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * control[1] + t * t * b[1],
            )
        )
    return tuple(out)


def _arc(centre: Point, radius: float, start: float, end: float, steps: int = 32) -> Path:
    return tuple(
        (
            centre[0] + radius * math.cos(start + (end - start) * i / steps),
            centre[1] + radius * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    )


def point_in_polygon(point: Point, polygon: Path) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _adjacent(a: Side, b: Side) -> bool:
    return (a - b) % 2 == 1


# -- paths between edges ----------------------------------------------------------------------


def side_path(sides: tuple[Side, ...], stop: Point = CENTRE) -> Path:
    """A centre line through the middles of ``sides``: straight, a quarter circle, or to ``stop``."""
    if len(sides) == 1:
        return (edge_middle(sides[0], OUTSIDE), stop)
    a, b = sides
    if not _adjacent(a, b):
        return (edge_middle(a, OUTSIDE), edge_middle(b, OUTSIDE))
    # Canonical quarter circle joins N and E around the north-east corner.
    first = a if (a + 1) % 4 == b else b
    arc = _arc((1.0, 0.0), 0.5, math.pi, math.pi / 2)
    canonical = ((0.5, -OUTSIDE), *arc, (1 + OUTSIDE, 0.5))
    return rotated(canonical, first)


# -- cities -----------------------------------------------------------------------------------


def _flank_fields_differ(tile: TileType, side: Side) -> bool:
    """Whether the rim places just beyond both ends of ``side`` are two different fields."""
    at = tile.orientations[0].feature_at
    before, after = at[(side * 3 - 1) % 12], at[(side * 3 + 3) % 12]
    if before is None or after is None or before == after:
        return False
    kinds = tile.features[before].kind, tile.features[after].kind
    return kinds == (FeatureKind.FIELD, FeatureKind.FIELD)


def city_shape(tile: TileType, index: int) -> CityShape:
    sides = tile.features[index].edges
    if len(sides) == 1:
        return _cap(tile, index, sides[0])
    if len(sides) == 2 and _adjacent(*sides):
        return _corner(index, sides)
    return _all_but_lenses(index, sides)


def _cap(tile: TileType, index: int, side: Side) -> CityShape:
    # A cap whose two flanks are different fields must reach the river or road that divides them.
    depth = DEEP_CAP_DEPTH if _flank_fields_differ(tile, side) else CAP_DEPTH
    wall = lens_curve(side, depth)
    corners = _outer_corners(side)
    return CityShape(index, (*wall, corners[1], corners[0]), (wall,))


def _corner(index: int, sides: tuple[Side, ...]) -> CityShape:
    a, b = sides
    # Canonical corner city covers W and N; turning it by q covers sides q-1 and q.
    q = b if (b - 1) % 4 == a else a
    wall = _bezier((1.0, 0.0), (CORNER_PULL, CORNER_PULL), (0.0, 1.0))
    outline = (
        *wall,
        (-OUTSIDE, 1.0),
        (-OUTSIDE, -OUTSIDE),
        (1.0, -OUTSIDE),
    )
    return CityShape(index, rotated(outline, q), (rotated(wall, q),))


def _all_but_lenses(index: int, sides: tuple[Side, ...]) -> CityShape:
    outline: list[Point] = []
    walls: list[Path] = []
    for side in SIDES:
        if side in sides:
            outline += _outer_corners(side)
        else:
            curve = lens_curve(side, LENS_DEPTH)
            outline += curve
            walls.append(curve)
    return CityShape(index, tuple(outline), tuple(walls))


# -- pennants ---------------------------------------------------------------------------------


def _shield_fits(centre: Point, city: CityShape) -> bool:
    """The shield lies on the tile and inside the city, clear of the walls."""
    hx, hy = SHIELD_HALF
    cx, cy = centre
    if not (0.02 + hx <= cx <= 0.98 - hx and 0.02 + hy <= cy <= 0.98 - hy):
        return False
    reach = [(dx * (hx + WALL_WIDTH), dy * (hy + WALL_WIDTH)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return all(point_in_polygon((cx + dx, cy + dy), city.outline) for dx, dy in reach)


def pennant_spot(anchor: Point, city: CityShape) -> Point:
    """A spot for the shield near ``anchor``, inside the city and clear of a meeple there."""
    # Far enough that the highlight rings round a meeple and round its pennant do not meet.
    clear = MEEPLE_RADIUS + max(SHIELD_HALF) + 0.09
    for distance in (clear, clear + 0.04, clear - 0.04, clear - 0.08):
        for step in range(16):
            # Start up and to the right, where the eye looks for a badge, then sweep round.
            angle = -math.pi / 4 + step * math.pi / 8
            spot = (anchor[0] + distance * math.cos(angle), anchor[1] + distance * math.sin(angle))
            if _shield_fits(spot, city):
                return spot
    return anchor


# -- the whole tile ---------------------------------------------------------------------------


def _road_ends(tile: TileType) -> int:
    return sum(1 for f in tile.features if f.kind is FeatureKind.ROAD and len(f.edges) == 1)


def _centre_is_taken(tile: TileType) -> bool:
    """Whether something on the tile already stops a road that ends in the middle."""
    if any(f.kind is FeatureKind.CITY and Place.C in f.places for f in tile.features):
        return True
    river = tile.river_sides
    return len(river) == 2 and not _adjacent(*river)


def _crosses_river(tile: TileType, spec: FeatureSpec) -> bool:
    """A two-edge road whose edges separate the river's two edges must bridge it."""
    river = tile.river_sides
    if len(spec.edges) != 2 or len(river) != 2:
        return False
    low, high = sorted(spec.edges)
    return sum(1 for s in river if low < s < high) == 1


def _cloisters(tile: TileType) -> tuple[tuple[int, Point], ...]:
    return tuple((i, f.anchor) for i, f in enumerate(tile.features) if f.kind is FeatureKind.CLOISTER)


def _roads(tile: TileType, stop: Point) -> tuple[RoadShape, ...]:
    return tuple(
        RoadShape(i, side_path(f.edges, stop), _crosses_river(tile, f))
        for i, f in enumerate(tile.features)
        if f.kind is FeatureKind.ROAD
    )


def _river(tile: TileType) -> tuple[Path | None, Pool | None]:
    sides = tile.river_sides
    if not sides:
        return None, None
    path = side_path(sides)
    if len(sides) != 1:
        return path, None
    lake = tile is RIVER_LAKE
    return path, Pool(CENTRE, LAKE_RADIUS if lake else SPRING_RADIUS, lake)


def _field_seeds(tile: TileType) -> tuple[tuple[int, tuple[Point, ...]], ...]:
    return tuple(
        (i, tuple(place_point(p, 0.015) for p in f.places))
        for i, f in enumerate(tile.features)
        if f.kind is FeatureKind.FIELD
    )


@cache
def tile_layout(tile: TileType) -> TileLayout:
    """Every shape of ``tile`` at rotation 0."""
    cloisters = _cloisters(tile)
    ends = _road_ends(tile)
    junction = None
    if not cloisters and (ends >= 3 or (ends and not _centre_is_taken(tile))):
        junction = CENTRE
    stop = cloisters[0][1] if cloisters else CENTRE
    cities = tuple(city_shape(tile, i) for i, f in enumerate(tile.features) if f.kind is FeatureKind.CITY)
    by_index = {c.feature: c for c in cities}
    pennants = tuple(
        (i, pennant_spot(f.anchor, by_index[i])) for i, f in enumerate(tile.features) if f.pennant
    )
    river, pool = _river(tile)
    return TileLayout(
        cities=cities,
        roads=_roads(tile, stop),
        river=river,
        pool=pool,
        cloisters=cloisters,
        junction=junction,
        pennants=pennants,
        field_seeds=_field_seeds(tile),
    )
