"""Which feature each pixel of a tile belongs to: the label map behind the art and the masks.

The map is drawn with the same shapes and widths as the art. Hedges, roads (with their inns), cities,
cloister yards and the river are painted first; each field is then flood-filled from the rim points
of its places, so a field is exactly the tile area left between the other shapes that its places
reach. A garden is left out: it lies inside its field and divides nothing.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from scorer.engine import TILES, FeatureKind, TileType

from .geometry import (
    HEDGE_WIDTH,
    INN_HALF,
    JUNCTION_RADIUS,
    OUTSIDE,
    RIVER_WIDTH,
    ROAD_WIDTH,
    YARD_HALF,
    CityShape,
    Path,
    Point,
    RoadShape,
    TileLayout,
    tile_layout,
)
from .raster import Canvas, path_length, stroke, sub_path, walk

EMPTY = 0
RIVER = 200
JUNCTION = 201
HEDGE = 202
_COARSE = 140
"""Roughly how many cells across the grid that fields are filled on."""
TUNNEL_MOUTH = 0.45
"""How far from the edge to the city wall a tunnelled road goes underground (a share of the way)."""


def label(feature: int) -> int:
    return feature + 1


def road_width(canvas: Canvas) -> int:
    return canvas.width(ROAD_WIDTH, 4.0)


def river_width(canvas: Canvas) -> int:
    return canvas.width(RIVER_WIDTH, 5.0)


def yard_box(canvas: Canvas, centre: Point) -> tuple[float, float, float, float]:
    return canvas.box(centre, YARD_HALF, YARD_HALF)


def city_mask(canvas: Canvas, city: CityShape) -> Image.Image:
    """Where ``city`` is painted, over the cities before it: its outline less what they keep."""
    mask = canvas.new("L", 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon(canvas.path(city.outline), fill=255)
    for cut in city.cuts:
        draw.polygon(canvas.path(cut), fill=0)
    return mask


def hedge_width(canvas: Canvas) -> int:
    return canvas.width(HEDGE_WIDTH, 2.0)


def inn_box(canvas: Canvas, centre: Point) -> tuple[float, float, float, float]:
    return canvas.box(centre, *INN_HALF)


# -- Princess & Dragon's tunnel ------------------------------------------------------------------


def _tunnels(tile: TileType, layout: TileLayout) -> dict[int, tuple[float, float]]:
    at = tile.orientations[0].feature_at
    out: dict[int, tuple[float, float]] = {}
    for road in layout.roads:
        spec = tile.features[road.feature]
        if road.bridge or len(spec.edges) != 2:
            continue
        steps = walk(road.path, 0.005)
        inside = [i for i, (p, _) in enumerate(steps) if any(c.contains(p) for c in layout.cities)]
        if not inside:
            continue
        length = path_length(road.path)
        mouths = []
        for side, wall in ((spec.edges[0], inside[0] * 0.005), (spec.edges[1], length - inside[-1] * 0.005)):
            first, second = side.halves
            field = at[first]
            if field is None or at[second] != field or tile.features[field].kind is not FeatureKind.FIELD:
                break
            mouths.append(OUTSIDE + TUNNEL_MOUTH * (wall - OUTSIDE))
        else:
            out[road.feature] = (mouths[0], length - mouths[1])
    return out


@cache
def tunnel_mouths(tile_name: str) -> dict[int, tuple[float, float]]:
    """For each road that runs under a city without dividing the fields either side of it (Princess
    & Dragon's tunnel): how far along its path it goes underground and comes up again."""
    tile = TILES[tile_name]
    return _tunnels(tile, tile_layout(tile))


def open_air(road: RoadShape, mouths: tuple[float, ...]) -> list[Path]:
    """The parts of a road's path above ground."""
    if not mouths:
        return [road.path]
    down, up = mouths
    return [sub_path(road.path, 0.0, down), sub_path(road.path, up, path_length(road.path))]


def mouth_spots(path: Path, mouths: tuple[float, ...]) -> list[tuple[Point, Point]]:
    """Where a tunnelled road goes down and comes up, each with the way into the tunnel."""
    out = []
    for distance, inward in zip(mouths, (1, -1)):
        found = walk(path, 1.0, distance)
        if found:
            (x, y), (tx, ty) = found[0]
            out.append(((x, y), (tx * inward, ty * inward)))
    return out


def half_ellipse(centre: Point, into: Point, half: float, reach: float) -> Path:
    """Half an ellipse ``half`` wide either side of ``centre``, bulging ``reach`` towards ``into``;
    its flat side lies across the road."""
    x, y = centre
    tx, ty = into
    nx, ny = -ty, tx
    return tuple(
        (
            x + nx * half * math.cos(a) + tx * reach * math.sin(a),
            y + ny * half * math.cos(a) + ty * reach * math.sin(a),
        )
        for a in (k * math.pi / 16 for k in range(17))
    )


def mouth_arch(mouth: Point, into: Point) -> Path:
    """The stone arch round a tunnel's mouth: the road's own, in the art and in its mask."""
    return half_ellipse(mouth, into, ROAD_WIDTH / 2 + 0.02, 0.075)


@dataclass(frozen=True)
class LabelMap:
    image: Image.Image
    """Mode ``L`` at the canvas's working size, rotation 0: ``label(feature)``, RIVER, JUNCTION."""
    hedges: tuple[tuple[int, int], ...]
    """Pairs of fields whose places share one open area; the art draws a hedge between them."""


@lru_cache(maxsize=160)
def label_map(tile_name: str, size: int) -> LabelMap:
    canvas = Canvas.for_size(size)
    layout = tile_layout(TILES[tile_name])
    image = _paint_shapes(canvas, layout, tile_name)
    hedges = _fill_fields(image, canvas, layout)
    return LabelMap(image, hedges)


def _paint_shapes(canvas: Canvas, layout: TileLayout, tile_name: str) -> Image.Image:
    image = canvas.new("L", EMPTY)
    draw = ImageDraw.Draw(image)
    for hedge in layout.hedges:
        stroke(draw, canvas.path(hedge), hedge_width(canvas), HEDGE)
    tunnels = tunnel_mouths(tile_name)
    for road in layout.roads:
        if road.bridge:
            continue
        # A tunnelled road's area stops at its mouths: the field runs on over it.
        mouths = tunnels.get(road.feature, ())
        for piece in open_air(road, mouths):
            stroke(draw, canvas.path(piece), road_width(canvas), label(road.feature))
        for mouth, into in mouth_spots(road.path, mouths):
            draw.polygon(canvas.path(mouth_arch(mouth, into)), fill=label(road.feature))
    if layout.junction is not None:
        draw.ellipse(canvas.box(layout.junction, JUNCTION_RADIUS, JUNCTION_RADIUS), fill=JUNCTION)
    for city in layout.cities:
        image.paste(label(city.feature), (0, 0), city_mask(canvas, city))
    # An inn belongs to its road: lighting the road up lights the inn that scores with it.
    for feature, spot in layout.inns:
        draw.rectangle(inn_box(canvas, spot), fill=label(feature))
    for feature, centre in layout.cloisters:
        draw.rounded_rectangle(yard_box(canvas, centre), radius=canvas.work * 0.05, fill=label(feature))
    if layout.river is not None:
        stroke(draw, canvas.path(layout.river), river_width(canvas), RIVER)
    if layout.pool is not None:
        r = layout.pool.radius
        draw.ellipse(canvas.box(layout.pool.centre, r, r), fill=RIVER)
    for road in layout.roads:
        if road.bridge:
            stroke(draw, canvas.path(road.path), road_width(canvas), label(road.feature))
    return image


def _coarse_factor(work: int) -> int:
    """How many working pixels one cell of the field grid spans: a divisor of ``work``."""
    factor = max(1, round(work / _COARSE))
    while work % factor:
        factor -= 1
    return factor


class _FieldGrid:
    """The open (field) area on a coarse grid, filled from every field's places at once.

    A breadth-first fill from all seeds together gives each field the area its places reach;
    where the data names two fields but nothing drawn divides them, the area is shared out by
    distance and the pair is reported, so the art can draw a hedge between them. Cells are kept
    in flat row-major lists: the fill runs for every tile drawn, and tuples and dicts cost
    several times as much.
    """

    def __init__(self, image: Image.Image, factor: int) -> None:
        self.cells = n = image.width // factor
        empty = image.point(lambda v: 255 if v == EMPTY else 0)
        self.open = empty.resize((n, n), Image.Resampling.BOX).tobytes()
        # Fields do not flow across a hedge, but each takes the half of it on its own side.
        soft = image.point(lambda v: 255 if v in (EMPTY, HEDGE) else 0)
        self.soft = soft.resize((n, n), Image.Resampling.BOX).tobytes()
        self.owner = [0] * (n * n)
        self.touching: set[tuple[int, int]] = set()

    def _neighbours(self, cell: int) -> list[int]:
        n = self.cells
        x = cell % n
        out = []
        if x + 1 < n:
            out.append(cell + 1)
        if x > 0:
            out.append(cell - 1)
        if cell + n < n * n:
            out.append(cell + n)
        if cell >= n:
            out.append(cell - n)
        return out

    def seed_cell(self, point: Point) -> int | None:
        """The fully open cell nearest ``point`` (a few cells around it are tried)."""
        n = self.cells
        x0, y0 = min(n - 1, int(point[0] * n)), min(n - 1, int(point[1] * n))
        for radius in range(4):
            for dx in range(-radius, radius + 1):
                for dy in range(-radius, radius + 1):
                    x, y = x0 + dx, y0 + dy
                    if 0 <= x < n and 0 <= y < n and self.open[y * n + x] == 255:
                        return y * n + x
        return None

    def fill(self, seeds: dict[int, list[int]]) -> None:
        owner, is_open = self.owner, self.open
        queue: deque[int] = deque()
        for value, cells in seeds.items():
            for cell in cells:
                if not owner[cell]:
                    owner[cell] = value
                    queue.append(cell)
        while queue:
            cell = queue.popleft()
            mine = owner[cell]
            for near in self._neighbours(cell):
                theirs = owner[near]
                if not theirs:
                    if is_open[near] == 255:
                        owner[near] = mine
                        queue.append(near)
                elif theirs != mine:
                    self.touching.add((min(mine, theirs), max(mine, theirs)))

    def grow_into_edges(self, rounds: int = 2) -> None:
        """Give the partly open cells along every border, and hedges, to the field beside them."""
        owner, is_open = self.owner, self.soft
        for _ in range(rounds):
            grown = {}
            for cell in range(len(owner)):
                if owner[cell] or not is_open[cell]:
                    continue
                for near in self._neighbours(cell):
                    if owner[near]:
                        grown[cell] = owner[near]
                        break
            for cell, value in grown.items():
                owner[cell] = value

    def image(self, size: int) -> Image.Image:
        grid = Image.frombytes("L", (self.cells, self.cells), bytes(self.owner))
        return grid.resize((size, size), Image.Resampling.NEAREST)


def _fill_fields(image: Image.Image, canvas: Canvas, layout: TileLayout) -> tuple[tuple[int, int], ...]:
    grid = _FieldGrid(image, _coarse_factor(canvas.work))
    seeds: dict[int, list[int]] = {}
    for feature, points in layout.field_seeds:
        found = (grid.seed_cell(p) for p in points)
        seeds[label(feature)] = [cell for cell in found if cell is not None]
    grid.fill(seeds)
    # Where there are hedges, enough rounds to reach the middle of one from either side.
    grid.grow_into_edges(math.ceil(HEDGE_WIDTH * grid.cells / 2) + 1 if layout.hedges else 2)
    open_ground = image.point(lambda v: 255 if v in (EMPTY, HEDGE) else 0)
    image.paste(grid.image(image.width), (0, 0), open_ground)
    return tuple((a - 1, b - 1) for a, b in sorted(grid.touching))
