"""The City of Carcassonne (The Count of Carcassonne): its 12 tiles drawn as one walled city.

Only the block's outer edges carry features (tiles.md); the rest of each tile is the City. A side
of a City tile faces the outside where a road or city crosses it or a field holds its middle (a
field turns a corner onto the next City tile through a half-edge only). Along each such side a
wall runs :data:`WALL_INSET` in from the edge, leaving the outer fields their strip of grass; a road
comes in through a gate between two towers; where an outer city lies on the edge, the wall keeps
back behind it, leaving the field room to pass, and comes out to the common line again towards the
next City tile. Round towers stand at the corners of the block. Inside, streets run from the
gates to the four quarters (castle, market, blacksmith, cathedral) on the two middle tiles.

The City's paving is left open, without the other cities' roofs: on the tile sheet every tile
shares one weight budget (tests/scorer/test_generated_files.py), and roofs over twelve tiles cost
more than the rest of the City together.

The City's area is one mask, shared by the art and by the label map, so that an outer field's mask
stops at the wall exactly where its grass does. Everything is drawn at rotation 0, in unit
coordinates (x east, y south); a side's wall is laid out as the north side's and turned.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from scorer.engine import TILES, Edge, FeatureKind, TileType
from scorer.engine.places import SIDES, Side, rotate_point
from scorer.engine.tilesets.count import CITY_SQUARES

from . import palette as P
from .geometry import OUTSIDE, ROAD_WIDTH, Path, Point, RoadShape, TileLayout, four_pointed_star, tile_layout
from .labels import LabelMap, _fill_fields, _paint_shapes, label
from .raster import Canvas

WALL_INSET = 0.28
"""How far in from an outer edge the City's wall stands: the outer field's strip of grass."""
CITY_INSET = 0.5
"""Where an outer city lies on the edge, how far back the wall keeps behind it."""
EASE = 0.45
"""Over how much of the side such a wall comes out to :data:`WALL_INSET` towards the next tile."""
WALL_DEPTH = 0.075
"""The wall's thickness, inward from its line."""
WALL_OUTLINE = 0.02
CORNER_TOWER_RADIUS = 0.095
GATE_TOWER_HALF = 0.055
MERLON_PERIOD = 1 / 8
"""A whole number of merlons to a tile, so that they run on across the borders between tiles;
half as close as on the other cities' walls, which keeps the tile sheet within its weight."""
MERLON_SIZE = 0.022
CITY = 210
"""The City's value in the label map: no feature's label, so no mask lights it up."""

DETAIL_SIZE = 64
"""From this size up, merlons are drawn (as on the other tiles)."""

STREET_WIDTH = 0.09
STREETS: tuple[Path, ...] = (
    ((0.2, 0.5), (1.5, 0.5), (1.5, 1.1)),  # from the west gate to the castle
    ((3.5, 0.2), (3.5, 1.5), (0.3, 1.5)),  # from the north gate, and across between the quarters
    ((2.5, 2.8), (2.5, 1.9)),  # from the south gate to the blacksmith
    ((2.5, 1.1), (2.5, 0.3)),  # from the cathedral north
    ((0.5, 1.5), (0.5, 2.2), (1.5, 2.2), (1.5, 1.9)),  # round the south-west to the market
)
"""The City's streets, in block coordinates: tiles from the north-west corner of the block
(count-1's), so that a street runs on from one tile to the next."""

# The City's own colours: none a mark's, a trade good's, an inn's or a princess's.
STREET: P.RGB = (236, 212, 162)
SQUARE_EDGE: P.RGB = (184, 152, 104)
KEEP_STONE: P.RGB = (186, 176, 156)
KEEP_SHADE: P.RGB = (150, 140, 124)
KEEP_OUTLINE: P.RGB = (54, 50, 50)
FLAG: P.RGB = (206, 52, 52)
AWNING: P.RGB = (214, 70, 54)
AWNING_LIGHT: P.RGB = (250, 240, 222)
STALL_WOOD: P.RGB = (150, 98, 52)
STALL_OUTLINE: P.RGB = (70, 42, 24)
PRODUCE: tuple[P.RGB, ...] = ((240, 160, 40), (120, 176, 60), (226, 96, 64))
ANVIL: P.RGB = (72, 74, 84)
ANVIL_LIGHT: P.RGB = (132, 136, 150)
ANVIL_OUTLINE: P.RGB = (44, 44, 54)
STUMP: P.RGB = (128, 84, 48)
SPARK: P.RGB = (255, 200, 60)


class Quarter(Enum):
    CASTLE = "castle"
    MARKET = "market"
    BLACKSMITH = "blacksmith"
    CATHEDRAL = "cathedral"


QUARTER_HALF = 0.2
"""Half the width of a quarter's square; its picture stands inside."""
QUARTERS: dict[str, tuple[tuple[Quarter, Point], ...]] = {
    "count-6": ((Quarter.CASTLE, (0.5, 0.26)), (Quarter.MARKET, (0.5, 0.74))),
    "count-7": ((Quarter.CATHEDRAL, (0.5, 0.26)), (Quarter.BLACKSMITH, (0.5, 0.74))),
}
"""Where each quarter is drawn. The quarters belong to the City as a whole (tiles.md lists them on
count-7); the art spreads them over the two middle tiles, so that each reads at 64 px."""


# -- the plan of a tile -------------------------------------------------------------------------


@dataclass(frozen=True)
class Tower:
    centre: Point
    half: float
    round: bool = False


@dataclass(frozen=True)
class Gate:
    feature: int
    side: Side


@dataclass(frozen=True)
class CityPlan:
    """Where the City's wall runs on one tile."""

    outer: frozenset[Side]
    """The sides facing the outside of the block."""
    backed: frozenset[Side]
    """Outer sides an outer city lies on: the wall keeps back behind it."""
    gates: tuple[Gate, ...]

    def inset(self, side: Side, t: float) -> float:
        """How far in from ``side`` its wall stands, ``t`` along it (clockwise, 0..1)."""
        if side not in self.backed:
            return WALL_INSET
        ease = 1.0
        if _before(side) not in self.outer:
            ease = min(ease, _smooth(t / EASE))
        if _after(side) not in self.outer:
            ease = min(ease, _smooth((1 - t) / EASE))
        return WALL_INSET + (CITY_INSET - WALL_INSET) * ease

    def inside(self, point: Point, margin: float = 0.0) -> bool:
        """Whether ``point`` lies inside the wall's line, ``margin`` clear of it."""
        for side in self.outer:
            t, depth = _local(point, side)
            if depth < self.inset(side, t) + margin:
                return False
        return True

    def wall_line(self, side: Side) -> Path:
        """The wall's line along ``side``, run on past both ends of the tile."""
        return tuple(
            rotate_point((t, self.inset(side, t)), side) for t in (-0.2 + i * 0.025 for i in range(57))
        )

    def towers(self) -> tuple[Tower, ...]:
        """A round tower at each corner of the block, a square one either side of each gate."""
        out = []
        middle = WALL_DEPTH / 2
        for side in sorted(self.outer):
            if _before(side) in self.outer:
                corner = (self.inset(_before(side), 1.0) + middle, self.inset(side, 0.0) + middle)
                out.append(Tower(rotate_point(corner, side), CORNER_TOWER_RADIUS, round=True))
        corners = list(out)
        for gate in self.gates:
            depth = self.inset(gate.side, 0.5) + middle
            for sign in (-1, 1):
                t = 0.5 + sign * (ROAD_WIDTH / 2 + GATE_TOWER_HALF)
                tower = Tower(rotate_point((t, depth), gate.side), GATE_TOWER_HALF)
                # Beside a corner of the block, the corner's tower flanks the gate.
                if all(math.dist(tower.centre, c.centre) > c.half + tower.half for c in corners):
                    out.append(tower)
        return tuple(out)

    def passage(self, gate: Gate) -> Path:
        """The way through the wall at ``gate``: the road's, between the gate's towers."""
        inset = self.inset(gate.side, 0.5)
        half = ROAD_WIDTH / 2
        box = ((0.5 - half, inset - 0.01), (0.5 + half, inset - 0.01), (0.5 + half, inset + WALL_DEPTH))
        box += ((0.5 - half, inset + WALL_DEPTH),)
        return tuple(rotate_point(p, gate.side) for p in box)


def _before(side: Side) -> Side:
    return Side((side - 1) % 4)


def _after(side: Side) -> Side:
    return Side((side + 1) % 4)


def _smooth(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def _local(point: Point, side: Side) -> Point:
    """``point`` as seen from ``side`` turned to the north: along it, and in from it."""
    return rotate_point(point, (4 - side) % 4)


@cache
def city_plan(name: str) -> CityPlan:
    """The City's wall on the City tile called ``name``, from its tile data."""
    tile = TILES[name]
    field_places = {p for f in tile.features if f.kind is FeatureKind.FIELD for p in f.places}
    outer = frozenset(s for s in SIDES if tile.edges[s] != Edge.FIELD or s.middle in field_places)
    backed = frozenset(s for f in tile.features if f.kind is FeatureKind.CITY for s in f.edges)
    gates = tuple(
        Gate(i, s) for i, f in enumerate(tile.features) if f.kind is FeatureKind.ROAD for s in f.edges
    )
    return CityPlan(outer, backed, gates)


@cache
def city_layout(tile: TileType) -> TileLayout:
    """The tile's layout with its roads running into their gates (no junction in the middle)."""
    plan = city_plan(tile.name)
    roads = tuple(
        RoadShape(
            gate.feature,
            (
                rotate_point((0.5, -OUTSIDE), gate.side),
                rotate_point((0.5, plan.inset(gate.side, 0.5) + WALL_DEPTH), gate.side),
            ),
        )
        for gate in plan.gates
    )
    return dataclasses.replace(tile_layout(tile), roads=roads, junction=None)


# -- the City's area and the label map ---------------------------------------------------------


def area_mask(canvas: Canvas, name: str) -> Image.Image:
    """Mode ``L`` at the working size: 255 where the City is (inside its wall, and its towers)."""
    plan = city_plan(name)
    mask = canvas.new("L", 255)
    draw = ImageDraw.Draw(mask)
    for side in plan.outer:
        outside = (rotate_point((1.2, -1.0), side), rotate_point((-0.2, -1.0), side))
        draw.polygon(canvas.path(plan.wall_line(side) + outside), fill=0)
    for tower in plan.towers():
        _tower_shape(draw, canvas, tower, 255)
    return mask


def _tower_shape(
    draw: ImageDraw.ImageDraw,
    canvas: Canvas,
    tower: Tower,
    fill: object,
    outline: object = None,
    width: int = 1,
) -> None:
    box = canvas.box(tower.centre, tower.half, tower.half)
    if tower.round:
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    else:
        draw.rectangle(box, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=64)
def city_label_map(name: str, size: int) -> LabelMap:
    """The label map of a City tile: its roads (into their gates) and outer cities, the City where
    nothing lights up, and the outer fields filled in up to the wall."""
    canvas = Canvas.for_size(size)
    layout = city_layout(TILES[name])
    image = _paint_shapes(canvas, layout, name)
    image.paste(CITY, (0, 0), area_mask(canvas, name))
    draw = ImageDraw.Draw(image)
    plan = city_plan(name)
    for gate in plan.gates:
        draw.polygon(canvas.path(plan.passage(gate)), fill=label(gate.feature))
    hedges = _fill_fields(image, canvas, layout)
    return LabelMap(image, hedges)


# -- painting -----------------------------------------------------------------------------------


def paint_city(image: Image.Image, canvas: Canvas, tile: TileType) -> None:
    """Lay the City over the tile's grass and roads: paving, streets and the quarters' squares,
    the wall with its towers and gates, the quarters."""
    plan = city_plan(tile.name)
    layer = canvas.new("RGB", P.CITY)
    draw = ImageDraw.Draw(layer)
    detailed = canvas.size >= DETAIL_SIZE
    quarters = QUARTERS.get(tile.name, ())
    _streets(draw, canvas, tile.name)
    for _, centre in quarters:
        draw.rounded_rectangle(
            canvas.box(centre, QUARTER_HALF, QUARTER_HALF),
            radius=canvas.work * 0.04,
            fill=STREET,
            outline=SQUARE_EDGE,
            width=canvas.width(0.012, 1.0),
        )
    _walls(draw, canvas, plan, detailed)
    for tower in plan.towers():
        _tower(draw, canvas, tower, detailed)
    for quarter, centre in quarters:
        _QUARTER_ART[quarter](draw, canvas, centre)
    image.paste(layer, (0, 0), area_mask(canvas, tile.name))


@cache
def _local_streets(name: str) -> tuple[Path, ...]:
    """The streets in the tile's own coordinates."""
    left = min(x for x, _ in CITY_SQUARES.values())
    top = min(y for _, y in CITY_SQUARES.values())
    x0, y0 = CITY_SQUARES[name][0] - left, CITY_SQUARES[name][1] - top
    return tuple(tuple((x - x0, y - y0) for x, y in street) for street in STREETS)


def _streets(draw: ImageDraw.ImageDraw, canvas: Canvas, name: str) -> None:
    """Paved lighter than the rest, square at their corners and ends."""
    width = canvas.width(STREET_WIDTH, 2.0)
    for street in _local_streets(name):
        points = canvas.path(street)
        draw.line(points, fill=STREET, width=width)
        for x, y in points:
            draw.rectangle((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=STREET)


def _passage(draw: ImageDraw.ImageDraw, canvas: Canvas, plan: CityPlan, gate: Gate) -> None:
    """The road through the gate, edged as outside."""
    draw.polygon(canvas.path(plan.passage(gate)), fill=P.ROAD)
    edge = canvas.width(0.022, 1.0)
    half = ROAD_WIDTH / 2 - edge / canvas.work / 2
    inset = plan.inset(gate.side, 0.5)
    for t in (0.5 - half, 0.5 + half):
        ends = (rotate_point((t, inset - 0.01), gate.side), rotate_point((t, inset + WALL_DEPTH), gate.side))
        draw.line(canvas.path(ends), fill=P.ROAD_EDGE, width=edge)


def _walls(draw: ImageDraw.ImageDraw, canvas: Canvas, plan: CityPlan, detailed: bool) -> None:
    """Each outer side's wall, as the other cities' walls: a band of stone inside its line, dark
    on the outside, merlons along its inner face; broken where a gate lets a road through."""
    outline = canvas.width(WALL_OUTLINE, 1.0)
    stone = canvas.width(WALL_DEPTH - WALL_OUTLINE, 1.0)
    for side in sorted(plan.outer):
        points = canvas.path(plan.wall_line(side))
        # Centred on the line; the City's mask keeps only the inner half.
        draw.line(points, fill=P.WALL, width=2 * (outline + stone), joint="curve")
        draw.line(points, fill=P.WALL_OUTLINE, width=2 * outline, joint="curve")
    for gate in plan.gates:
        _passage(draw, canvas, plan, gate)
    if not detailed:
        return
    gates = {gate.side for gate in plan.gates}
    for side in sorted(plan.outer):
        for k in range(-1, round(1 / MERLON_PERIOD) + 1):
            t = (k + 0.5) * MERLON_PERIOD
            if side in gates and abs(t - 0.5) < ROAD_WIDTH / 2 + 2 * GATE_TOWER_HALF:
                continue
            # Just inside the wall, square to it where it bends round an outer city.
            slope = (plan.inset(side, t + 0.005) - plan.inset(side, t - 0.005)) / 0.01
            reach = (WALL_DEPTH + MERLON_SIZE / 2) / math.hypot(1.0, slope)
            centre = rotate_point((t - slope * reach, plan.inset(side, t) + reach), side)
            if plan.inside(centre, WALL_DEPTH) and all(-0.02 < v < 1.02 for v in centre):
                draw.rectangle(canvas.box(centre, MERLON_SIZE / 2, MERLON_SIZE / 2), fill=P.WALL_OUTLINE)


def _tower(draw: ImageDraw.ImageDraw, canvas: Canvas, tower: Tower, detailed: bool) -> None:
    """A tower seen from above: stone with a dark rim round its roof or its walk, and merlons."""
    line = canvas.width(0.016, 1.0)
    _tower_shape(draw, canvas, tower, P.WALL, outline=P.WALL_OUTLINE, width=line)
    inner = dataclasses.replace(tower, half=tower.half * 0.55)
    fill = P.CITY_ROOF_EDGE if tower.round else P.WALL
    _tower_shape(draw, canvas, inner, fill, outline=P.WALL_OUTLINE, width=line)
    if detailed and tower.half > GATE_TOWER_HALF:
        size = 0.016
        reach = tower.half * 0.78
        for k in range(8):
            angle = k * math.pi / 4
            if tower.round:
                at = (math.cos(angle) * reach, math.sin(angle) * reach)
            else:
                at = (round(math.cos(angle)) * reach, round(math.sin(angle)) * reach)
            centre = (tower.centre[0] + at[0], tower.centre[1] + at[1])
            draw.rectangle(canvas.box(centre, size / 2, size / 2), fill=P.WALL_OUTLINE)


# -- the quarters -------------------------------------------------------------------------------


Scaled = Callable[..., list[tuple[float, float]]]


def _scaled(canvas: Canvas, centre: Point, unit: float) -> Scaled:
    """Points given in units of ``unit`` round ``centre``, on the canvas."""
    cx, cy = centre

    def at(*points: Point) -> list[tuple[float, float]]:
        return canvas.path(tuple((cx + x * unit, cy + y * unit) for x, y in points))

    return at


def _box(at: Scaled, top_left: Point, bottom_right: Point) -> tuple[float, float, float, float]:
    (left, top), (right, bottom) = at(top_left, bottom_right)
    return (left, top, right, bottom)


def _castle(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """The castle: a keep between two towers, all crenellated, a gate, a flag on the keep."""
    at = _scaled(canvas, centre, QUARTER_HALF)
    ink, line = KEEP_OUTLINE, canvas.width(0.012, 1.0)

    def crenellated(left: float, right: float, top: float, bottom: float, fill: P.RGB) -> None:
        merlons = 3
        step = (right - left) / (2 * merlons - 1)
        outline = [(left, bottom), (left, top)]
        for k in range(merlons):
            x = left + 2 * k * step
            outline += [(x, top), (x + step, top), (x + step, top + 0.14)]
            if k < merlons - 1:
                outline += [(x + 2 * step, top + 0.14)]
        outline += [(right, top), (right, bottom)]
        draw.polygon(at(*outline), fill=fill, outline=ink, width=line)

    crenellated(-0.86, -0.42, -0.3, 0.8, KEEP_SHADE)
    crenellated(0.42, 0.86, -0.3, 0.8, KEEP_SHADE)
    crenellated(-0.46, 0.46, -0.6, 0.8, KEEP_STONE)
    # The gate, and windows.
    draw.rectangle(_box(at, (-0.17, 0.38), (0.17, 0.8)), fill=ink)
    draw.ellipse(_box(at, (-0.17, 0.21), (0.17, 0.55)), fill=ink)
    draw.rectangle(_box(at, (-0.06, -0.18), (0.06, 0.06)), fill=ink)
    for x in (-0.64, 0.64):
        draw.rectangle(_box(at, (x - 0.05, 0.02), (x + 0.05, 0.24)), fill=ink)
    # The flag on its pole.
    draw.line(at((0.0, -0.6), (0.0, -0.98)), fill=ink, width=canvas.width(0.012, 1.0))
    draw.polygon(at((0.0, -0.98), (0.42, -0.86), (0.0, -0.74)), fill=FLAG, outline=ink, width=line)


def _market(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """The market: a stall under a striped awning, its counter heaped with produce."""
    at = _scaled(canvas, centre, QUARTER_HALF)
    ink, line = STALL_OUTLINE, canvas.width(0.012, 1.0)
    # The poles, the counter, and the produce on it.
    for x in (-0.74, 0.74):
        draw.line(at((x, -0.3), (x, 0.82)), fill=ink, width=canvas.width(0.02, 1.0))
    draw.rectangle(_box(at, (-0.86, 0.3), (0.86, 0.78)), fill=STALL_WOOD, outline=ink, width=line)
    draw.line(at((-0.86, 0.52), (0.86, 0.52)), fill=ink, width=max(1, line // 2))
    for k, x in enumerate((-0.56, -0.28, 0.0, 0.28, 0.56)):
        colour = PRODUCE[k % len(PRODUCE)]
        draw.ellipse(_box(at, (x - 0.14, 0.04), (x + 0.14, 0.32)), fill=colour, outline=ink, width=line)
    # The awning: stripes, its hem scalloped.
    stripes = 6
    left, right, top, hem = -0.96, 0.96, -0.74, -0.2
    width = (right - left) / stripes
    for k in range(stripes):
        x = left + k * width
        colour = AWNING if k % 2 == 0 else AWNING_LIGHT
        draw.polygon(
            at((x, top), (x + width, top), (x + width, hem), (x, hem)),
            fill=colour,
        )
        draw.pieslice(
            _box(at, (x, hem - width / 2), (x + width, hem + width / 2)),
            0,
            180,
            fill=colour,
            outline=ink,
            width=line,
        )
    draw.polygon(at((left, top), (right, top), (right, hem), (left, hem)), outline=ink, width=line)
    draw.polygon(
        at((left - 0.06, top), (0.0, top - 0.26), (right + 0.06, top)), fill=AWNING, outline=ink, width=line
    )


def _blacksmith(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """The blacksmith: an anvil on its block, a hammer raised over it, sparks flying."""
    at = _scaled(canvas, centre, QUARTER_HALF)
    ink, line = ANVIL_OUTLINE, canvas.width(0.012, 1.0)
    # The block it stands on.
    draw.polygon(
        at((-0.36, 0.42), (0.36, 0.42), (0.46, 0.86), (-0.46, 0.86)), fill=STUMP, outline=ink, width=line
    )
    # The anvil: its face and horn, its waist, its foot.
    anvil = at(
        (-0.92, -0.14),
        (-0.36, -0.14),
        (-0.36, -0.26),
        (0.78, -0.26),
        (0.78, 0.0),
        (0.34, 0.08),
        (0.24, 0.22),
        (0.5, 0.42),
        (-0.5, 0.42),
        (-0.24, 0.22),
        (-0.34, 0.08),
        (-0.56, 0.02),
    )
    draw.polygon(anvil, fill=ANVIL, outline=ink, width=line)
    draw.line(at((-0.3, -0.2), (0.72, -0.2)), fill=ANVIL_LIGHT, width=canvas.width(0.01, 1.0))
    # The hammer, raised over the anvil's face.
    draw.line(at((0.1, -0.46), (0.86, -0.94)), fill=STUMP, width=canvas.width(0.022, 1.0))
    head = at((-0.08, -0.74), (0.12, -0.86), (0.3, -0.56), (0.1, -0.44))
    draw.polygon(head, fill=ANVIL, outline=ink, width=line)
    for x, y, r in ((-0.58, -0.5, 0.16), (-0.22, -0.62, 0.12), (0.52, -0.44, 0.12)):
        _spark(draw, canvas, (centre[0] + x * QUARTER_HALF, centre[1] + y * QUARTER_HALF), r * QUARTER_HALF)


def _spark(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, r: float) -> None:
    draw.polygon(canvas.path(four_pointed_star(centre, r, 0.3)), fill=SPARK, outline=ANVIL_OUTLINE)


def _cathedral(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """The cathedral, as Inns & Cathedrals' but smaller: two spires, a gable with a rose window,
    a great door."""
    at = _scaled(canvas, centre, QUARTER_HALF)
    ink, line = P.CATHEDRAL_OUTLINE, canvas.width(0.012, 1.0)
    for x in (-0.62, 0.62):
        draw.rectangle(
            _box(at, (x - 0.22, -0.3), (x + 0.22, 0.84)),
            fill=P.CATHEDRAL_SHADE,
            outline=ink,
            width=line,
        )
        draw.polygon(
            at((x - 0.28, -0.3), (x, -0.92), (x + 0.28, -0.3)), fill=P.CATHEDRAL_ROOF, outline=ink, width=line
        )
        draw.rectangle(_box(at, (x - 0.06, 0.0), (x + 0.06, 0.3)), fill=ink)
    draw.rectangle(_box(at, (-0.4, 0.0), (0.4, 0.84)), fill=P.CATHEDRAL_STONE, outline=ink, width=line)
    draw.polygon(
        at((-0.46, 0.02), (0.0, -0.52), (0.46, 0.02)), fill=P.CATHEDRAL_ROOF, outline=ink, width=line
    )
    draw.ellipse(_box(at, (-0.2, 0.08), (0.2, 0.48)), fill=P.ROSE_GLASS, outline=ink, width=line)
    draw.ellipse(_box(at, (-0.07, 0.21), (0.07, 0.35)), fill=P.ROSE_GLASS_RED)
    draw.rectangle(_box(at, (-0.13, 0.6), (0.13, 0.84)), fill=ink)
    draw.ellipse(_box(at, (-0.13, 0.48), (0.13, 0.72)), fill=ink)
    cross = canvas.width(0.014, 1.0)
    draw.line(at((0.0, -0.52), (0.0, -0.84)), fill=P.GOLD, width=cross)
    draw.line(at((-0.1, -0.72), (0.1, -0.72)), fill=P.GOLD, width=cross)


_QUARTER_ART: dict[Quarter, Callable[[ImageDraw.ImageDraw, Canvas, Point], None]] = {
    Quarter.CASTLE: _castle,
    Quarter.MARKET: _market,
    Quarter.BLACKSMITH: _blacksmith,
    Quarter.CATHEDRAL: _cathedral,
}
