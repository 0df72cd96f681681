"""Where everything lies on one tile, in unit coordinates (x east, y south, 0..1), at rotation 0.

Every shape is derived from the engine's tile data (edges, features, places, anchors, river
sides), never drawn per tile name: a city's shape follows from which edges it covers and what lies
beyond its corners, a road's path from its edges and what its ends run into, a field from the places
it touches. Shapes that reach an edge run a little past it so that the edge pixels are fully covered
and neighbouring tiles join without a seam.

Separate cities on one tile each own the part of the tile nearer to their edges than to the other
cities' edges; where two of them reach that dividing line they meet along a wall. Inns, cathedrals,
gardens and trade goods are drawn only where a feature says so, at spots found from the shapes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from scorer.engine import Edge, FeatureKind, FeatureSpec, Good, TileType
from scorer.engine.places import SIDES, Place, Side, rotate_point
from scorer.engine.tilesets import RIVER_LAKE

Point = tuple[float, float]
Path = tuple[Point, ...]

CENTRE: Point = (0.5, 0.5)
OUTSIDE = 0.04
"""How far shapes that reach an edge run past it."""

CAP_DEPTH = 0.3
DEEP_CAP_DEPTH = 0.53
"""A one-edge city that must split the fields on its two flanks reaches past the centre."""
ENCLOSED_CAP_DEPTH = 0.24
"""A one-edge city with other cities on both flanks stays shallow, leaving the middle open."""
MEET_DEPTH = 0.36
"""Where a cap meets another city across a corner, its wall runs this deep there: past the line
that divides the two, so that the wall between them follows that line."""
MEET_REACH = 0.3
"""How far a corner city's wall or a lens bulges past its corner where it meets another city."""
LENS_DEPTH = 0.31
"""Depth of the field left on a side a bigger city does not cover."""
DEEP_LENS_DEPTH = 0.45
"""A lens that holds another city's cap is deeper, leaving a small field between the two."""
CORNER_PULL = 0.44
"""Control point of a corner city's wall; below 0.5 the wall bows toward the corner."""
ENCLOSED_CORNER_PULL = 0.36
"""A corner city walled in by other cities bows further back, leaving a field between them."""

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
GARDEN_RADIUS = 0.12
INN_HALF = (0.1, 0.1)
GOOD_HALF = (0.11, 0.11)
CATHEDRAL_HALF = (0.3, 0.33)
HEDGE_WIDTH = 0.04
"""Width of the hedge row that cuts apart two fields meeting at a corner."""
HEDGE_DEPTH = 0.3
"""How far from its edge a hedge runs that keeps a field along that edge apart from a middle field."""
GATE_AIM = 0.3
"""A road that ends at a city heads for the point of its wall nearest this far inside its edge."""


@dataclass(frozen=True)
class CityShape:
    feature: int
    outline: Path
    """The city's shape before other cities on the tile take their share of it."""
    walls: tuple[Path, ...]
    """The parts of the outline that face a field."""
    sides: tuple[Side, ...] = ()
    meetings: tuple[Path, ...] = ()
    """The lines where it meets another city: one wall between the two, each city drawing its half."""
    cuts: tuple[Path, ...] = ()
    """Parts of the outline that cities drawn before this one keep: they are nearer to those
    cities' edges. Cities are drawn in feature order; a later one covers an earlier one where it
    is the nearer, so these are all that need cutting out."""
    rivals: tuple[tuple[Path, tuple[Side, ...]], ...] = ()
    """The other cities' outlines and edges."""

    def contains(self, point: Point) -> bool:
        return point_in_polygon(point, self.outline) and self.visible(point)

    def visible(self, point: Point) -> bool:
        """Whether no other city covers ``point`` (for a point of the outline: whether it is still
        this city's edge)."""
        return not any(
            point_in_polygon(point, outline) and _nearer(point, sides, self.sides)
            for outline, sides in self.rivals
        )


@dataclass(frozen=True)
class RoadShape:
    feature: int
    path: Path
    bridge: bool = False
    under: Path | None = None
    """For a bridge: the centre line of what it crosses (the river or another road)."""
    under_width: float = 0.0


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
    """Points of each field, on the rim or at its anchor, to flood-fill its area from."""
    gardens: tuple[tuple[int, Point], ...] = ()
    inns: tuple[tuple[int, Point], ...] = ()
    """The centre of each inn's house, by road feature."""
    goods: tuple[tuple[int, Good, Point], ...] = ()
    """Where each trade-goods symbol is drawn, by city feature."""
    cathedrals: tuple[tuple[int, Point], ...] = ()
    hedges: tuple[Path, ...] = ()
    """Hedge rows that cut fields apart where two of them meet at a corner of the tile."""


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


def corner_point(side: Side) -> Point:
    """The corner at the clockwise end of ``side``."""
    return rotate_point((1.0, 0.0), side)


def _cap_wall(depth: float, met_before: bool, met_after: bool, steps: int = 48) -> Path:
    """A wall from the north-west to the north-east corner, dipping ``depth`` into the tile.

    The 1.5 power flattens it near the corners, so two caps on adjacent sides never overlap;
    toward a corner where another city meets this one it is held at :data:`MEET_DEPTH` instead.
    """
    out: list[Point] = []
    for i in range(steps + 1):
        x = i / steps
        if met_before if 2 * i < steps else met_after:
            y = depth + (MEET_DEPTH - depth) * (1 + math.cos(2 * math.pi * x)) / 2
        else:
            y = depth * (4 * x * (1 - x)) ** 1.5
        out.append((x, y))
    if met_before:
        out.insert(0, (-OUTSIDE, MEET_DEPTH))
    if met_after:
        out.append((1 + OUTSIDE, MEET_DEPTH))
    return tuple(out)


def _lens_wall(depth: float, met_before: bool, met_after: bool, steps: int = 48) -> Path:
    """The cap's wall as the edge of a lens; toward a corner where another city meets this one it
    bulges out past the edge, so that this city reaches the line dividing it from the other."""
    out: list[Point] = []
    for i in range(steps + 1):
        x = i / steps
        y = depth * (4 * x * (1 - x)) ** 1.5
        if met_before if 2 * i < steps else met_after:
            y -= MEET_REACH * (1 - 2 * x) ** 2
        out.append((x, y))
    return tuple(out)


def _outer_corners(side: Side) -> Path:
    """The two corners of ``side`` (clockwise), pushed outside the tile."""
    return rotated(((-OUTSIDE, -OUTSIDE), (1 + OUTSIDE, -OUTSIDE)), side)


def _arc(centre: Point, radius: float, start: float, end: float, steps: int = 32) -> Path:
    return tuple(
        (
            centre[0] + radius * math.cos(start + (end - start) * i / steps),
            centre[1] + radius * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    )


def _bezier(a: Point, control: Point, b: Point, steps: int = 24) -> Path:
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


def point_in_polygon(point: Point, polygon: Path) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def distance_to_path(point: Point, path: Path) -> float:
    """The shortest distance from ``point`` to the polyline ``path``."""
    px, py = point
    best = math.inf
    for (x1, y1), (x2, y2) in pairwise(path):
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
        best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return best


def _paths_cross(a: Path, b: Path) -> bool:
    def turn(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    for p1, p2 in pairwise(a):
        for q1, q2 in pairwise(b):
            if turn(p1, p2, q1) * turn(p1, p2, q2) < 0 and turn(q1, q2, p1) * turn(q1, q2, p2) < 0:
                return True
    return False


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return (dx / length, dy / length)


def _adjacent(a: Side, b: Side) -> bool:
    return (a - b) % 2 == 1


def _inward(side: Side) -> Point:
    """The unit step from ``side`` into the tile."""
    x, y = edge_middle(side)
    return (2 * (0.5 - x), 2 * (0.5 - y))


# -- which city owns which part of the tile ----------------------------------------------------

_SIDE_DISTANCE: dict[Side, tuple[float, float, float]] = {
    Side.N: (0.0, 1.0, 0.0),
    Side.E: (-1.0, 0.0, 1.0),
    Side.S: (0.0, -1.0, 1.0),
    Side.W: (1.0, 0.0, 0.0),
}
"""The distance from a point to each side as ``a*x + b*y + c``."""


def _side_distance(side: Side, point: Point) -> float:
    a, b, c = _SIDE_DISTANCE[side]
    return a * point[0] + b * point[1] + c


def _nearer(point: Point, sides: tuple[Side, ...], than: tuple[Side, ...]) -> bool:
    """Whether ``point`` is nearer to one of ``sides`` than to any of ``than``."""
    return min(_side_distance(s, point) for s in sides) < min(_side_distance(t, point) for t in than)


def _clip(polygon: Path, a: float, b: float, c: float) -> Path:
    """The part of ``polygon`` where ``a*x + b*y + c >= 0`` (Sutherland-Hodgman, one edge)."""
    out: list[Point] = []
    for p, q in zip(polygon, polygon[1:] + polygon[:1]):
        fp, fq = a * p[0] + b * p[1] + c, a * q[0] + b * q[1] + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return tuple(out)


def _claim(outline: Path, sides: tuple[Side, ...], over: tuple[Side, ...]) -> tuple[Path, ...]:
    """The part of ``outline`` nearer to ``sides`` than to any of ``over``, as convex cuts of it."""
    out = []
    for side in sides:
        a, b, c = _SIDE_DISTANCE[side]
        piece = outline
        for other in over:
            oa, ob, oc = _SIDE_DISTANCE[other]
            piece = _clip(piece, oa - a, ob - b, oc - c)
            if len(piece) < 3:
                break
        if len(piece) >= 3:
            out.append(piece)
    return tuple(out)


def _meeting_walls(
    mine: tuple[Side, ...], my_outline: Path, theirs: tuple[Side, ...], their_outline: Path
) -> list[Path]:
    """Where two cities' outlines both reach the line that divides them: the wall between them."""
    walls = []
    for s in mine:
        for t in theirs:
            a1, b1, c1 = _SIDE_DISTANCE[s]
            a2, b2, c2 = _SIDE_DISTANCE[t]
            a, b, c = a1 - a2, b1 - b2, c1 - c2  # the dividing line: a*x + b*y + c = 0
            norm = math.hypot(a, b)
            direction = (-b / norm, a / norm)
            # The point of the line nearest the centre, then samples along it across the tile.
            offset = (a * 0.5 + b * 0.5 + c) / norm
            base = (0.5 - a / norm * offset, 0.5 - b / norm * offset)
            run: list[Point] = []
            for i in range(-150, 151):
                p = (base[0] + direction[0] * i / 200, base[1] + direction[1] * i / 200)
                # On the line, and s and t are the nearest edges of their cities there.
                d = _side_distance(s, p)
                on_line = all(_side_distance(u, p) >= d - 1e-9 for u in (*mine, *theirs))
                if (
                    -0.01 <= p[0] <= 1.01
                    and -0.01 <= p[1] <= 1.01
                    and on_line
                    and point_in_polygon(p, my_outline)
                    and point_in_polygon(p, their_outline)
                ):
                    run.append(p)
                    continue
                if len(run) >= 4:
                    walls.append(_lengthened(tuple(run), 0.02))
                run = []
            if len(run) >= 4:
                walls.append(_lengthened(tuple(run), 0.02))
    return walls


def _lengthened(path: Path, by: float) -> Path:
    (x0, y0), (x1, y1) = path[0], path[1]
    (xa, ya), (xb, yb) = path[-2], path[-1]
    start, end = _unit(x0 - x1, y0 - y1), _unit(xb - xa, yb - ya)
    return ((x0 + start[0] * by, y0 + start[1] * by), *path, (xb + end[0] * by, yb + end[1] * by))


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


class _Corners:
    """What meets at each corner of a tile: the features on the rim places either side of it."""

    def __init__(self, tile: TileType) -> None:
        self.tile = tile
        self.at = tile.orientations[0].feature_at

    def _city_at(self, place: int) -> int | None:
        index = self.at[place % 12]
        if index is None or self.tile.features[index].kind is not FeatureKind.CITY:
            return None
        return index

    def cities(self, side: Side) -> tuple[int | None, int | None]:
        """The cities on either side of the corner at the clockwise end of ``side``."""
        return self._city_at(side * 3 + 2), self._city_at(side * 3 + 3)

    def between_cities(self, side: Side) -> bool:
        before, after = self.cities(side)
        return before is not None and after is not None and before != after

    def _ends(self, index: int) -> list[Side]:
        """The corners (by the side they end) where city ``index`` stops covering the rim."""
        return [s for s in SIDES if self.cities(s).count(index) == 1]

    def walled_in(self, index: int) -> bool:
        """Whether every corner where city ``index`` ends has another city beyond it."""
        ends = self._ends(index)
        return bool(ends) and all(self.between_cities(s) for s in ends)

    def met(self, side: Side) -> bool:
        """Whether two cities meet along a wall at the corner at the clockwise end of ``side``.

        They do where one of them has other cities beyond all its corners: it is walled in, and a
        field between them would be cut off; elsewhere separate cities touch only at the corner.
        """
        if not self.between_cities(side):
            return False
        before, after = self.cities(side)
        assert before is not None and after is not None
        return self.walled_in(before) or self.walled_in(after) or self.middle_field_between(before, after)

    def middle_field_between(self, a: int, b: int) -> bool:
        """Whether a field in the middle of the tile (no rim place) lies between cities ``a`` and
        ``b``: where they come together at a corner they meet along a wall, or it would reach the rim."""
        return any(
            f.kind is FeatureKind.FIELD and f.places == (Place.C,) and {a, b} <= set(f.cities)
            for f in self.tile.features
        )


def _flank_fields_differ(tile: TileType, side: Side) -> bool:
    """Whether the rim places just beyond both ends of ``side`` are two different fields."""
    at = tile.orientations[0].feature_at
    before, after = at[(side * 3 - 1) % 12], at[(side * 3 + 3) % 12]
    if before is None or after is None or before == after:
        return False
    kinds = tile.features[before].kind, tile.features[after].kind
    return kinds == (FeatureKind.FIELD, FeatureKind.FIELD)


def _city_outline(tile: TileType, index: int, corners: _Corners) -> tuple[Path, tuple[Path, ...]]:
    sides = tile.features[index].edges
    if len(sides) == 1:
        return _cap(tile, index, sides[0], corners)
    if len(sides) == 2 and _adjacent(*sides):
        return _corner(index, sides, corners)
    return _all_but_lenses(tile, sides, corners)


def _cap(tile: TileType, index: int, side: Side, corners: _Corners) -> tuple[Path, tuple[Path, ...]]:
    met_before, met_after = corners.met(Side((side - 1) % 4)), corners.met(side)
    if corners.walled_in(index):
        depth = ENCLOSED_CAP_DEPTH
    elif _flank_fields_differ(tile, side):
        # A cap whose two flanks are different fields must reach the river or road that divides them.
        depth = DEEP_CAP_DEPTH
    else:
        depth = CAP_DEPTH
    wall = rotated(_cap_wall(depth, met_before, met_after), side)
    outer = _outer_corners(side)
    return (*wall, outer[1], outer[0]), (wall,)


def _corner(index: int, sides: tuple[Side, ...], corners: _Corners) -> tuple[Path, tuple[Path, ...]]:
    a, b = sides
    # Canonical corner city covers W and N; turning it by q covers sides q-1 and q.
    q = b if (b - 1) % 4 == a else a
    met_ne, met_sw = corners.met(Side(q)), corners.met(Side((q + 2) % 4))
    pull = ENCLOSED_CORNER_PULL if corners.walled_in(index) else CORNER_PULL
    wall = []
    steps = 40
    for i in range(steps + 1):
        u = i / steps
        # How far the wall lies from the diagonal toward the city's corner: the quadratic Bézier
        # through (pull, pull) is exactly this bow.
        bow = math.sqrt(2) * u * (1 - u) * (1 - 2 * pull)
        if met_ne if 2 * i < steps else met_sw:
            bow -= MEET_REACH * (1 - 2 * u) ** 2
        d = bow / math.sqrt(2)
        wall.append((1 - u - d, u - d))
    first, last = wall[0], wall[-1]
    outline = (*wall, (-OUTSIDE, max(1.0, last[1])), (-OUTSIDE, -OUTSIDE), (max(1.0, first[0]), -OUTSIDE))
    return rotated(outline, q), (rotated(tuple(wall), q),)


def _all_but_lenses(
    tile: TileType, sides: tuple[Side, ...], corners: _Corners
) -> tuple[Path, tuple[Path, ...]]:
    outline: list[Point] = []
    walls: list[Path] = []
    for side in SIDES:
        if side in sides:
            outline += _outer_corners(side)
            continue
        # A lens holding another city's cap is deeper, so a field fits between the two.
        held = tile.edges[side] is Edge.CITY
        depth = DEEP_LENS_DEPTH if held else LENS_DEPTH
        curve = rotated(_lens_wall(depth, corners.met(Side((side - 1) % 4)), corners.met(side)), side)
        outline += curve
        walls.append(curve)
    return tuple(outline), tuple(walls)


def _city_shapes(tile: TileType) -> tuple[CityShape, ...]:
    corners = _Corners(tile)
    indices = [i for i, f in enumerate(tile.features) if f.kind is FeatureKind.CITY]
    outlines = {i: _city_outline(tile, i, corners) for i in indices}
    sides = {i: tile.features[i].edges for i in indices}
    shapes = []
    for i in indices:
        outline, walls = outlines[i]
        others = [j for j in indices if j != i]
        meeting = [
            wall for j in others for wall in _meeting_walls(sides[i], outline, sides[j], outlines[j][0])
        ]
        cuts = tuple(cut for j in indices if j < i for cut in _claim(outlines[j][0], sides[j], sides[i]))
        rivals = tuple((outlines[j][0], sides[j]) for j in others)
        shapes.append(CityShape(i, outline, walls, sides[i], tuple(meeting), cuts, rivals))
    return tuple(shapes)


def _visible_wall_points(city: CityShape) -> list[Point]:
    """Points along the city's walls that lie on the tile and that no other city covers."""
    return [
        p
        for wall in (*city.walls, *city.meetings)
        for p in wall
        if 0.02 <= p[0] <= 0.98 and 0.02 <= p[1] <= 0.98 and city.visible(p)
    ]


def _nearest_wall_point(cities: list[CityShape], target: Point) -> Point | None:
    points = [p for city in cities for p in _visible_wall_points(city)]
    return min(points, key=lambda p: math.dist(p, target)) if points else None


def _centroid(city: CityShape) -> Point:
    """The centre of the city's outline, cut to the tile (a cathedral stands in a city of its own)."""
    area = cx = cy = 0.0
    piece = city.outline
    for bound in ((1, 0, 0), (-1, 0, 1), (0, 1, 0), (0, -1, 1)):
        piece = _clip(piece, *bound)
    if piece:
        for (x1, y1), (x2, y2) in zip(piece, piece[1:] + piece[:1]):
            cross = x1 * y2 - x2 * y1
            area += cross
            cx += (x1 + x2) * cross
            cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        return CENTRE
    return (cx / (3 * area), cy / (3 * area))


# -- spots for pennants and goods ----------------------------------------------------------------


def _fits_in_city(centre: Point, city: CityShape, half: tuple[float, float], margin: float = 0.02) -> bool:
    """A badge of ``half`` size lies on the tile, ``margin`` from its edges, and inside the city,
    clear of the walls."""
    hx, hy = half
    cx, cy = centre
    if not (margin + hx <= cx <= 1 - margin - hx and margin + hy <= cy <= 1 - margin - hy):
        return False
    reach = [(dx * (hx + WALL_WIDTH), dy * (hy + WALL_WIDTH)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return all(city.contains((cx + dx, cy + dy)) for dx, dy in reach)


def _badge_spot(
    anchor: Point,
    city: CityShape,
    half: tuple[float, float],
    distances: tuple[float, ...],
    avoid: tuple[tuple[Point, float], ...] = (),
    margin: float = 0.02,
) -> Point:
    """A spot for a badge at one of ``distances`` from ``anchor``, inside the city."""
    for ring, distance in enumerate(distances):
        # The first rings in sixteenths, the rest (a wider search) in thirty-seconds.
        steps = 16 if ring < 4 else 32
        for step in range(steps):
            # Start up and to the right, where the eye looks for a badge, then sweep round.
            angle = -math.pi / 4 + step * 2 * math.pi / steps
            spot = (anchor[0] + distance * math.cos(angle), anchor[1] + distance * math.sin(angle))
            if _fits_in_city(spot, city, half, margin) and all(math.dist(spot, p) >= r for p, r in avoid):
                return spot
    return anchor


def pennant_spot(anchor: Point, city: CityShape) -> Point:
    """A spot for the shield near ``anchor``, inside the city and clear of a meeple there."""
    # Far enough that the highlight rings round a meeple and round its pennant do not meet.
    clear = MEEPLE_RADIUS + max(SHIELD_HALF) + 0.09
    return _badge_spot(anchor, city, SHIELD_HALF, (clear, clear + 0.04, clear - 0.04, clear - 0.08))


def goods_spot(anchor: Point, city: CityShape, avoid: tuple[tuple[Point, float], ...] = ()) -> Point:
    """A spot for a goods token in the city, clear of a meeple at ``anchor`` and of ``avoid``."""
    clear = MEEPLE_RADIUS + max(GOOD_HALF) + 0.01
    return _badge_spot(anchor, city, GOOD_HALF, tuple(clear + 0.02 * k for k in range(25)), avoid, 0.05)


# -- roads --------------------------------------------------------------------------------------


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


def _flank_cities(tile: TileType, side: Side) -> list[set[int]]:
    """For the two half-edges beside a road's end: the cities each one's field touches."""
    at = tile.orientations[0].feature_at
    out = []
    for half in side.halves:
        index = at[half]
        spec = tile.features[index] if index is not None else None
        out.append(set(spec.cities) if spec is not None and spec.kind is FeatureKind.FIELD else set())
    return out


def _ends_at_city(tile: TileType, spec: FeatureSpec) -> bool:
    """A road end whose fields on both hands touch a city runs into that city, not to a junction."""
    return len(spec.edges) == 1 and all(_flank_cities(tile, spec.edges[0]))


def _road_into_city(tile: TileType, side: Side, cities: tuple[CityShape, ...]) -> Path:
    """A road from ``side`` that ends at the wall of a city: straight on when the city covers the
    middle of the tile right across the road, else curving to the nearest point of the wall."""
    start = edge_middle(side, OUTSIDE)
    nx, ny = _inward(side)
    half = ROAD_WIDTH / 2
    across = [(0.5 - ny * half, 0.5 + nx * half), CENTRE, (0.5 + ny * half, 0.5 - nx * half)]
    if all(any(c.contains(p) for c in cities) for p in across):
        return (start, CENTRE)
    flanks = _flank_cities(tile, side)
    wanted = (flanks[0] & flanks[1]) or (flanks[0] | flanks[1])
    targets = [c for c in cities if c.feature in wanted]
    edge = edge_middle(side)
    aim = (edge[0] + nx * GATE_AIM, edge[1] + ny * GATE_AIM)
    gate = _nearest_wall_point(targets, aim)
    if gate is None:
        return (start, CENTRE)
    straight = (edge[0] + nx * 0.1, edge[1] + ny * 0.1)
    control = (edge[0] + nx * 0.22, edge[1] + ny * 0.22)
    dx, dy = _unit(gate[0] - control[0], gate[1] - control[1])
    beyond = (gate[0] + dx * 0.1, gate[1] + dy * 0.1)
    return (start, *_bezier(straight, control, gate), beyond)


def _roads(
    tile: TileType, stop: Point, cities: tuple[CityShape, ...], river: Path | None, at_junction: bool
) -> tuple[RoadShape, ...]:
    shapes: list[RoadShape] = []
    for i, f in enumerate(tile.features):
        if f.kind is not FeatureKind.ROAD:
            continue
        if len(f.edges) == 1 and not at_junction and _ends_at_city(tile, f) and not _centre_is_taken(tile):
            shapes.append(RoadShape(i, _road_into_city(tile, f.edges[0], cities)))
            continue
        path = side_path(f.edges, stop)
        if river is not None and _crosses_river(tile, f):
            shapes.append(RoadShape(i, path, True, river, RIVER_WIDTH))
            continue
        # A through road that crosses one already laid goes over it on a bridge: no junction.
        crossed = next(
            (r for r in shapes if len(f.edges) == 2 and not r.bridge and _paths_cross(path, r.path)), None
        )
        if crossed is not None:
            shapes.append(RoadShape(i, path, True, crossed.path, ROAD_WIDTH))
        else:
            shapes.append(RoadShape(i, path))
    return tuple(shapes)


# -- hedges, gardens, inns ------------------------------------------------------------------------


def _hedges(tile: TileType, cities: tuple[CityShape, ...]) -> tuple[Path, ...]:
    """A hedge from each corner where two different fields meet to the city both of them touch."""
    at = tile.orientations[0].feature_at
    out = []
    for side in SIDES:
        before, after = at[side * 3 + 2], at[(side * 3 + 3) % 12]
        if before is None or after is None or before == after:
            continue
        a, b = tile.features[before], tile.features[after]
        if a.kind is not FeatureKind.FIELD or b.kind is not FeatureKind.FIELD:
            continue
        corner = corner_point(side)
        shared = set(a.cities) & set(b.cities)
        end = _nearest_wall_point([c for c in cities if c.feature in shared], corner) or CENTRE
        dx, dy = _unit(end[0] - corner[0], end[1] - corner[1])
        # Run on past the corner in line, so that the hedge leaves the tile at the very corner.
        start = (corner[0] - dx * OUTSIDE, corner[1] - dy * OUTSIDE)
        out.append((start, end, (end[0] + dx * 0.06, end[1] + dy * 0.06)))
    return (*out, *_middle_hedges(tile, cities))


def _middle_hedges(tile: TileType, cities: tuple[CityShape, ...]) -> tuple[Path, ...]:
    """A hedge that keeps a field in the middle of the tile apart from a field along one edge.

    Where a field covers a whole edge between two different cities, and a field in the middle
    touches both of those cities, nothing drawn divides the two fields: a hedge runs from the one
    city's wall to the other's, parallel to the edge at :data:`HEDGE_DEPTH`.
    """
    corners = _Corners(tile)
    middles = [f for f in tile.features if f.kind is FeatureKind.FIELD and f.places == (Place.C,)]
    out = []
    for spec in tile.features:
        if spec.kind is not FeatureKind.FIELD or len(spec.edges) != 1:
            continue
        side = spec.edges[0]
        # The rim places just beyond the edge's two corners.
        before = corners._city_at(side * 3 - 1)
        after = corners._city_at(side * 3 + 3)
        if before is None or after is None or before == after:
            continue
        if not any({before, after} <= set(m.cities) for m in middles):
            continue
        # Along the line at HEDGE_DEPTH from the edge, the open stretch between the two cities.
        line = [rotate_point((1 - i / 200, HEDGE_DEPTH), side) for i in range(201)]
        open_points = [p for p in line if not any(c.contains(p) for c in cities)]
        if len(open_points) < 2:
            continue
        first, last = open_points[0], open_points[-1]
        dx, dy = _unit(last[0] - first[0], last[1] - first[1])
        reach = 0.04
        out.append(
            ((first[0] - dx * reach, first[1] - dy * reach), (last[0] + dx * reach, last[1] + dy * reach))
        )
    return tuple(out)


class _OpenGround:
    """Which points of the tile are bare field: no city, road, river, yard, garden or hedge."""

    def __init__(self, layout: TileLayout, yard_half: float = YARD_HALF) -> None:
        self.layout = layout
        self.yard_half = yard_half

    def clear(self, point: Point, margin: float = 0.0, ignore_road: int | None = None) -> bool:
        x, y = point
        if not (0.03 <= x <= 0.97 and 0.03 <= y <= 0.97):
            return False
        layout = self.layout
        if any(c.contains(point) for c in layout.cities):
            return False
        for road in layout.roads:
            if road.feature != ignore_road and distance_to_path(point, road.path) < ROAD_WIDTH / 2 + margin:
                return False
        if layout.junction is not None and math.dist(point, layout.junction) < JUNCTION_RADIUS + margin:
            return False
        if layout.river is not None and distance_to_path(point, layout.river) < RIVER_WIDTH / 2 + margin:
            return False
        if layout.pool is not None and math.dist(point, layout.pool.centre) < layout.pool.radius + margin:
            return False
        for _, (cx, cy) in layout.cloisters:
            if abs(x - cx) < self.yard_half + margin and abs(y - cy) < self.yard_half + margin:
                return False
        if any(math.dist(point, g) < GARDEN_RADIUS + margin for _, g in layout.gardens):
            return False
        return all(distance_to_path(point, h) >= HEDGE_WIDTH / 2 + margin for h in layout.hedges)


def _point_along(path: Path, distance: float) -> tuple[Point, Point] | None:
    """The point ``distance`` along ``path`` and the unit tangent there."""
    travelled = 0.0
    for a, b in pairwise(path):
        length = math.dist(a, b)
        if length and travelled + length >= distance:
            t = (distance - travelled) / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), _unit(b[0] - a[0], b[1] - a[1])
        travelled += length
    return None


def _distance_along(path: Path, point: Point) -> float:
    """How far along ``path`` the point of it nearest to ``point`` lies."""
    best, where, travelled = math.inf, 0.0, 0.0
    for (x1, y1), (x2, y2) in pairwise(path):
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        if length:
            t = max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy) / (length * length)))
            gap = math.hypot(point[0] - x1 - t * dx, point[1] - y1 - t * dy)
            if gap < best:
                best, where = gap, travelled + t * length
        travelled += length
    return where


def _inn_spot(road: RoadShape, anchor: Point, ground: _OpenGround) -> Point | None:
    """Beside the inn's road, a little along it from where its thief stands, on open field."""
    path = road.path
    here = _distance_along(path, anchor)
    hx, hy = INN_HALF
    touching = ROAD_WIDTH / 2 - 0.025
    # Nearest first to a comfortable step from the thief, ahead of him before behind.
    steps = sorted((k * 0.03 for k in range(-30, 31)), key=lambda a: (abs(abs(a) - 0.24), -a))
    for along in steps:
        found = _point_along(path, here + along)
        if found is None or here + along < 0:
            continue
        (px, py), (tx, ty) = found
        # The side facing up first: a house stands on the far side of the road as one looks at it.
        for nx, ny in sorted(((ty, -tx), (-ty, tx)), key=lambda n: n[1]):
            reach = ROAD_WIDTH / 2 + hx * abs(nx) + hy * abs(ny) - 0.01
            spot = (px + nx * reach, py + ny * reach)
            if math.dist(spot, anchor) < MEEPLE_RADIUS + 0.04:
                continue
            box = [(spot[0] + dx * hx, spot[1] + dy * hy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            # The house may overlap its own road's verge a little, nothing else.
            if all(
                ground.clear(p, 0.012, road.feature) and distance_to_path(p, path) >= touching for p in box
            ):
                return spot
    return None


# -- the whole tile ---------------------------------------------------------------------------


def _cloisters(tile: TileType) -> tuple[tuple[int, Point], ...]:
    return tuple((i, f.anchor) for i, f in enumerate(tile.features) if f.kind is FeatureKind.CLOISTER)


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
    # A field in the middle of the tile has no rim place: it is filled from its anchor.
    return tuple(
        (i, tuple(f.anchor if p is Place.C else place_point(p, 0.015) for p in f.places))
        for i, f in enumerate(tile.features)
        if f.kind is FeatureKind.FIELD
    )


@cache
def tile_layout(tile: TileType) -> TileLayout:
    """Every shape of ``tile`` at rotation 0."""
    cloisters = _cloisters(tile)
    ends = _road_ends(tile)
    road_ends = [f for f in tile.features if f.kind is FeatureKind.ROAD and len(f.edges) == 1]
    city_ends = all(_ends_at_city(tile, f) for f in road_ends)
    junction = None
    if not cloisters and (ends >= 3 or (ends and not _centre_is_taken(tile) and not city_ends)):
        junction = CENTRE
    stop = cloisters[0][1] if cloisters else CENTRE
    cities = _city_shapes(tile)
    by_index = {c.feature: c for c in cities}
    pennants = tuple(
        (i, pennant_spot(f.anchor, by_index[i])) for i, f in enumerate(tile.features) if f.pennant
    )
    cathedrals = tuple(
        (i, _centroid(by_index[i]))
        for i, f in enumerate(tile.features)
        if f.kind is FeatureKind.CITY and f.cathedral
    )
    taken = tuple((spot, max(SHIELD_HALF) + max(GOOD_HALF)) for _, spot in pennants)
    goods = tuple(
        (i, f.good, goods_spot(f.anchor, by_index[i], taken))
        for i, f in enumerate(tile.features)
        if f.good is not None
    )
    river, pool = _river(tile)
    roads = _roads(tile, stop, cities, river, junction is not None)
    layout = TileLayout(
        cities=cities,
        roads=roads,
        river=river,
        pool=pool,
        cloisters=cloisters,
        junction=junction,
        pennants=pennants,
        field_seeds=_field_seeds(tile),
        gardens=tuple((i, f.anchor) for i, f in enumerate(tile.features) if f.kind is FeatureKind.GARDEN),
        goods=goods,
        cathedrals=cathedrals,
        hedges=_hedges(tile, cities),
    )
    ground = _OpenGround(layout)
    inns = []
    for road in roads:
        spec = tile.features[road.feature]
        if spec.inn:
            spot = _inn_spot(road, spec.anchor, ground)
            if spot is None:
                raise ValueError(f"no room beside the inn's road on tile {tile.name}")
            inns.append((road.feature, spot))
    return TileLayout(**{**layout.__dict__, "inns": tuple(inns)})


def four_pointed_star(centre: Point, r: float, waist: float) -> Path:
    """A star of four points ``r`` from ``centre``, its waist ``waist`` of that between them."""
    x, y = centre
    w = r * waist
    return (
        (x, y - r),
        (x + w, y - w),
        (x + r, y),
        (x + w, y + w),
        (x, y + r),
        (x - w, y + w),
        (x - r, y),
        (x - w, y - w),
    )
