"""Our own flat tile art, drawn from the engine's tile data: fields, cities, roads, cloisters, river.

A tile is painted at rotation 0 on a supersampled canvas in the same order as its label map
(roads, cities, cloister yards, river, bridges), so the art and :func:`feature_mask` agree pixel
for pixel; other rotations are the rotation-0 image turned, exactly as a tile turns on the table.
"""

from __future__ import annotations

import io
import math
import random
import zlib
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from scorer.engine.places import ROTATIONS
from scorer.engine.tiles import TileType
from scorer.engine.tilesets import TILES

from . import palette as P
from .geometry import (
    JUNCTION_RADIUS,
    RIVER_WIDTH,
    ROAD_WIDTH,
    SHIELD_HALF,
    CityShape,
    Path,
    Point,
    Pool,
    RoadShape,
    TileLayout,
    point_in_polygon,
    tile_layout,
)
from .labels import LabelMap, label, label_map, river_width, road_width, yard_box
from .raster import Canvas, clip_to_tile, path_length, stroke, walk

_TURN = {
    90: Image.Transpose.ROTATE_270,
    180: Image.Transpose.ROTATE_180,
    270: Image.Transpose.ROTATE_90,
}
"""PIL turns counter-clockwise; a tile's rotation is clockwise."""

DETAIL_SIZE = 64
"""From this size up, the finer marks (dashes, battlements, roofs) are drawn."""


def turn(image: Image.Image, rotation: int) -> Image.Image:
    """``image`` turned clockwise by ``rotation`` degrees (0, 90, 180, 270)."""
    return image if rotation == 0 else image.transpose(_TURN[rotation])


def _check(size: int, rotation: int) -> None:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
    if size < 8:
        raise ValueError(f"a tile must be at least 8 pixels wide, not {size!r}")


# -- public API ---------------------------------------------------------------------------------


def render_tile(tile: TileType, size: int = 128, rotation: int = 0) -> Image.Image:
    """The art of ``tile`` as an RGBA image ``size`` pixels square, turned ``rotation`` clockwise."""
    _check(size, rotation)
    return tile_image(tile.name, size, rotation).copy()


def feature_mask(tile: TileType, feature_index: int, size: int = 128, rotation: int = 0) -> Image.Image:
    """The area of one feature of ``tile`` (mode ``L``, 255 inside), matching :func:`render_tile`."""
    _check(size, rotation)
    if not 0 <= feature_index < len(tile.features):
        raise IndexError(f"tile {tile.name} has no feature {feature_index}")
    return mask_image(tile.name, feature_index, size, rotation).copy()


def tile_sprites(size: int = 64) -> dict[str, bytes]:
    """PNG bytes of every tile type at rotation 0, by name (the page turns them with CSS)."""
    return dict(_sprites(size))


@lru_cache(maxsize=8)
def _sprites(size: int) -> tuple[tuple[str, bytes], ...]:
    # Encoding 34 PNGs costs far more than drawing them once; pages ask for them on every load.
    out = []
    for name in TILES:
        buffer = io.BytesIO()
        tile_image(name, size, 0).save(buffer, format="PNG", optimize=True)
        out.append((name, buffer.getvalue()))
    return tuple(out)


@lru_cache(maxsize=512)
def feature_mask_png(name: str, feature: int, size: int = 128, rotation: int = 0) -> bytes:
    """One feature's area of the tile type called ``name`` as a PNG: white, with the mask as its
    alpha, so a page can use it directly as a CSS ``mask`` or lay it over the sprite."""
    mask = feature_mask(TILES[name], feature, size, rotation)
    image = Image.new("RGBA", mask.size, (255, 255, 255, 0))
    image.putalpha(mask)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


@lru_cache(maxsize=600)
def tile_image(name: str, size: int, rotation: int) -> Image.Image:
    """The cached image behind :func:`render_tile`; callers must not draw on it."""
    if rotation:
        return turn(tile_image(name, size, 0), rotation)
    return _paint(TILES[name], Canvas.for_size(size))


@lru_cache(maxsize=2048)
def mask_image(name: str, feature: int, size: int, rotation: int) -> Image.Image:
    """The cached image behind :func:`feature_mask`; callers must not draw on it."""
    if rotation:
        return turn(mask_image(name, feature, size, 0), rotation)
    labels = label_map(name, size).image
    value = label(feature)
    mask = labels.point(lambda v: 255 if v == value else 0)
    return Canvas.for_size(size).shrink(mask)


# -- painting -----------------------------------------------------------------------------------


def _paint(tile: TileType, canvas: Canvas) -> Image.Image:
    layout = tile_layout(tile)
    labels = label_map(tile.name, canvas.size)
    rng = random.Random(zlib.crc32(tile.name.encode()))
    image = canvas.new("RGB", P.FIELD)
    draw = ImageDraw.Draw(image)
    _grass(draw, canvas, rng)
    for road in layout.roads:
        if not road.bridge:
            _road(draw, canvas, road.path)
    if layout.junction is not None:
        _junction(draw, canvas, layout.junction)
    for city in layout.cities:
        _city(image, canvas, city, rng)
    for _, centre in layout.cloisters:
        _yard(draw, canvas, centre)
    if layout.river is not None:
        _river(draw, canvas, layout.river, layout.pool)
    for road in layout.roads:
        if road.bridge:
            _bridge(draw, canvas, road, layout)
    for _, centre in layout.cloisters:
        _cloister(draw, canvas, centre)
    for _, spot in layout.pennants:
        draw_shield(draw, canvas.xy(spot), canvas.work)
    _hedges(image, canvas, labels)
    return canvas.shrink(image).convert("RGBA")


def _grass(draw: ImageDraw.ImageDraw, canvas: Canvas, rng: random.Random) -> None:
    """Scattered tufts and light patches: a texture that says "field" without colour."""
    width = canvas.width(0.007, 0.6)
    for _ in range(14):
        x, y = rng.uniform(0.03, 0.97), rng.uniform(0.03, 0.97)
        r = rng.uniform(0.025, 0.05)
        draw.ellipse(canvas.box((x, y), r, r * 0.6), fill=P.FIELD_LIGHT)
    for _ in range(30):
        x, y = rng.uniform(0.04, 0.96), rng.uniform(0.04, 0.96)
        h = rng.uniform(0.014, 0.022)
        tuft = [(x - h * 0.7, y - h), (x, y), (x + h * 0.7, y - h)]
        draw.line(canvas.path(tuple(tuft)), fill=P.FIELD_DARK, width=width, joint="curve")


def _sub_path(points: Path, start: float, end: float) -> Path:
    """The part of a polyline between two distances along it."""
    out: list[Point] = []
    travelled = 0.0
    for a, b in pairwise(points):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            continue
        for t in (max(0.0, (start - travelled) / length), min(1.0, (end - travelled) / length)):
            if 0.0 <= t <= 1.0 and start <= travelled + t * length <= end:
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        travelled += length
    return tuple(out)


def _dashes(points: Path, period: float) -> list[Path]:
    """Dashes half a period long, spaced so that a road's dashes run on across tile edges."""
    inside = clip_to_tile(points)
    length = path_length(inside)
    count = max(1, round(length / period))
    step = length / count
    return [_sub_path(inside, i * step + step / 4, i * step + 3 * step / 4) for i in range(count)]


def _road(draw: ImageDraw.ImageDraw, canvas: Canvas, path: Path) -> None:
    width = road_width(canvas)
    edge = canvas.width(0.022, 1.0)
    points = canvas.path(path)
    stroke(draw, points, width, P.ROAD_EDGE)
    stroke(draw, points, width - 2 * edge, P.ROAD)
    if canvas.size < DETAIL_SIZE:
        return
    dash = canvas.width(0.016, 1.0)
    for piece in _dashes(path, 0.11):
        if len(piece) >= 2:
            draw.line(canvas.path(piece), fill=P.ROAD_DASH, width=dash, joint="curve")


def _junction(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    r = JUNCTION_RADIUS
    edge = canvas.width(0.022, 1.0) / canvas.work
    draw.ellipse(canvas.box(centre, r, r), fill=P.ROAD_EDGE)
    draw.ellipse(canvas.box(centre, r - edge, r - edge), fill=P.JUNCTION)
    inner = r * 0.4
    draw.ellipse(canvas.box(centre, inner, inner), fill=P.ROAD_EDGE)


# -- cities -------------------------------------------------------------------------------------


def _inward(wall: Path, city: CityShape) -> float:
    """+1 if the city lies to the left of the wall's direction of travel, else -1."""
    (x1, y1), (x2, y2) = wall[len(wall) // 2 - 1], wall[len(wall) // 2]
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = (y2 - y1) / length, -(x2 - x1) / length
    probe = ((x1 + x2) / 2 + nx * 0.02, (y1 + y2) / 2 + ny * 0.02)
    return 1.0 if point_in_polygon(probe, city.outline) else -1.0


def _roofs(draw: ImageDraw.ImageDraw, canvas: Canvas, city: CityShape, rng: random.Random) -> None:
    """House roofs on a loose grid inside the walls: the city's texture."""
    line = canvas.width(0.008, 0.5)
    spacing = 0.125
    steps = round(1 / spacing)
    for row in range(steps):
        for column in range(steps):
            if rng.random() < 0.35:
                continue
            x = (column + 0.5) * spacing + rng.uniform(-0.02, 0.02)
            y = (row + 0.5) * spacing + rng.uniform(-0.02, 0.02)
            long, short = rng.uniform(0.03, 0.042), rng.uniform(0.02, 0.026)
            w, h = (long, short) if rng.random() < 0.5 else (short, long)
            clear = 0.075
            corners = [(x + dx * (w + clear), y + dy * (h + clear)) for dx in (-1, 1) for dy in (-1, 1)]
            if all(point_in_polygon(c, city.outline) for c in corners):
                _house(draw, canvas.box((x, y), w, h), rng.choice(P.CITY_ROOFS), line)


def _house(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], roof: P.RGB, line: int) -> None:
    left, top, right, bottom = box
    draw.rectangle(box, fill=roof, outline=P.CITY_ROOF_EDGE, width=line)
    if right - left > bottom - top:
        middle = (top + bottom) / 2
        draw.line([(left, middle), (right, middle)], fill=P.CITY_ROOF_EDGE, width=line)
    else:
        middle = (left + right) / 2
        draw.line([(middle, top), (middle, bottom)], fill=P.CITY_ROOF_EDGE, width=line)


def _battlements(draw: ImageDraw.ImageDraw, canvas: Canvas, wall: Path, side: float, depth: float) -> None:
    """Dark notches along the inner face of a wall, like merlons seen from above."""
    size = 0.022
    for (x, y), (tx, ty) in walk(clip_to_tile(wall), 0.06, 0.03):
        nx, ny = ty * side, -tx * side
        centre = (x + nx * (depth + size * 0.5), y + ny * (depth + size * 0.5))
        draw.rectangle(canvas.box(centre, size / 2, size / 2), fill=P.WALL_OUTLINE)


def _city(image: Image.Image, canvas: Canvas, city: CityShape, rng: random.Random) -> None:
    mask = canvas.new("L", 0)
    ImageDraw.Draw(mask).polygon(canvas.path(city.outline), fill=255)
    layer = canvas.new("RGB", P.CITY)
    draw = ImageDraw.Draw(layer)
    detailed = canvas.size >= DETAIL_SIZE
    if detailed:
        _roofs(draw, canvas, city, rng)
    outline = canvas.width(0.02, 1.0)
    stone = canvas.width(0.035, 1.0)
    # Strokes are centred on the outline and clipped by the mask: only their inner half shows.
    for wall in city.walls:
        points = canvas.path(wall)
        draw.line(points, fill=P.WALL, width=2 * (outline + stone), joint="curve")
        draw.line(points, fill=P.WALL_OUTLINE, width=2 * outline, joint="curve")
        if detailed:
            _battlements(draw, canvas, wall, _inward(wall, city), (outline + stone) / canvas.work)
    image.paste(layer, (0, 0), mask)


# -- cloisters ----------------------------------------------------------------------------------


def _yard(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    edge = canvas.width(0.016, 1.0)
    draw.rounded_rectangle(
        yard_box(canvas, centre), radius=canvas.work * 0.05, fill=P.YARD, outline=P.YARD_EDGE, width=edge
    )


def _cloister(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """A chapel seen from the front: white walls, red roof, dark door, a cross on top."""
    cx, cy = centre
    line = canvas.width(0.014, 1.0)
    ink = P.CLOISTER_OUTLINE
    body = canvas.box((cx, cy + 0.05), 0.11, 0.07)
    draw.rectangle(body, fill=P.CLOISTER_WALL, outline=ink, width=line)
    roof = ((cx - 0.14, cy - 0.015), (cx, cy - 0.125), (cx + 0.14, cy - 0.015))
    draw.polygon(canvas.path(roof), fill=P.CLOISTER_ROOF, outline=ink, width=line)
    door = canvas.box((cx, cy + 0.085), 0.028, 0.035)
    draw.rounded_rectangle(door, radius=canvas.work * 0.02, fill=ink)
    cross = canvas.width(0.016, 1.0)
    draw.line(canvas.path(((cx, cy - 0.125), (cx, cy - 0.18))), fill=ink, width=cross)
    draw.line(canvas.path(((cx - 0.02, cy - 0.16), (cx + 0.02, cy - 0.16))), fill=ink, width=cross)


# -- river --------------------------------------------------------------------------------------


def _wave(draw: ImageDraw.ImageDraw, canvas: Canvas, at: Point, tangent: Point, width: int) -> None:
    """A small "~" along the flow."""
    tx, ty = tangent
    nx, ny = -ty, tx
    points = []
    for i in range(9):
        s = (i / 8 - 0.5) * 0.07
        lift = 0.008 * math.sin(i / 8 * 2 * math.pi)
        points.append((at[0] + tx * s + nx * lift, at[1] + ty * s + ny * lift))
    draw.line(canvas.path(tuple(points)), fill=P.RIVER_WAVE, width=width, joint="curve")


def _river(draw: ImageDraw.ImageDraw, canvas: Canvas, path: Path, pool: Pool | None) -> None:
    width = river_width(canvas)
    bank = canvas.width(0.022, 1.0)
    points = canvas.path(path)
    stroke(draw, points, width, P.RIVER_BANK)
    stroke(draw, points, width - 2 * bank, P.RIVER)
    if pool is not None:
        r = pool.radius
        draw.ellipse(canvas.box(pool.centre, r, r), fill=P.RIVER_BANK)
        inner = r - bank / canvas.work
        draw.ellipse(canvas.box(pool.centre, inner, inner), fill=P.RIVER)
    wave = canvas.width(0.014, 0.8)
    inside = clip_to_tile(path)
    offset = RIVER_WIDTH * 0.18
    marks = walk(inside, 0.14, 0.07)
    if pool is not None:
        marks = [m for m in marks if math.dist(m[0], pool.centre) > pool.radius + 0.05]
    for i, ((x, y), (tx, ty)) in enumerate(marks):
        side = offset if i % 2 else -offset
        _wave(draw, canvas, (x - ty * side, y + tx * side), (tx, ty), wave)
    if pool is not None:
        _pool_marks(draw, canvas, pool, wave)


def _pool_marks(draw: ImageDraw.ImageDraw, canvas: Canvas, pool: Pool, width: int) -> None:
    cx, cy = pool.centre
    if pool.lake:
        for dx, dy in ((-0.09, -0.08), (0.07, -0.02), (-0.04, 0.09), (0.1, 0.11)):
            _wave(draw, canvas, (cx + dx, cy + dy), (1.0, 0.0), width)
        return
    # The spring: rings welling up from the source.
    for r in (pool.radius * 0.3, pool.radius * 0.62):
        draw.ellipse(canvas.box(pool.centre, r, r), outline=P.RIVER_WAVE, width=width)


def _bridge(draw: ImageDraw.ImageDraw, canvas: Canvas, road: RoadShape, layout: TileLayout) -> None:
    """The road drawn over the river, with a parapet on each side of the crossing."""
    _road(draw, canvas, road.path)
    assert layout.river is not None
    reach = RIVER_WIDTH / 2 + 0.07
    river = walk(clip_to_tile(layout.river), 0.005)
    span = [
        (p, t)
        for p, t in walk(clip_to_tile(road.path), 0.005)
        if min(math.dist(p, q) for q, _ in river) <= reach
    ]
    if len(span) < 2:
        return
    parapet = canvas.width(0.035, 1.5)
    half = ROAD_WIDTH / 2 + 0.015
    for side in (-1, 1):
        points = [(x - ty * half * side, y + tx * half * side) for (x, y), (tx, ty) in span]
        stroke(draw, canvas.path(tuple(points)), parapet + 2 * canvas.width(0.01, 0.5), P.ROAD_EDGE)
        stroke(draw, canvas.path(tuple(points)), parapet, P.BRIDGE)


# -- marks --------------------------------------------------------------------------------------


def draw_shield(draw: ImageDraw.ImageDraw, centre: tuple[float, float], tile_pixels: float) -> None:
    """A pennant: a small blue shield with a white border and a white chevron."""
    hx, hy = SHIELD_HALF[0] * tile_pixels, SHIELD_HALF[1] * tile_pixels
    x, y = centre

    def shape(scale: float) -> list[tuple[float, float]]:
        w, h = hx * scale, hy * scale
        return [
            (x - w, y - h),
            (x + w, y - h),
            (x + w, y + h * 0.15),
            (x + w * 0.55, y + h * 0.7),
            (x, y + h),
            (x - w * 0.55, y + h * 0.7),
            (x - w, y + h * 0.15),
        ]

    draw.polygon(shape(1.0), fill=P.SHIELD_OUTLINE)
    draw.polygon(shape(0.84), fill=P.SHIELD_WHITE)
    draw.polygon(shape(0.62), fill=P.SHIELD_BLUE)
    chevron = [(x - hx * 0.45, y - hy * 0.05), (x, y + hy * 0.35), (x + hx * 0.45, y - hy * 0.05)]
    draw.line(chevron, fill=P.SHIELD_WHITE, width=max(1, round(hx * 0.28)), joint="curve")


def _hedges(image: Image.Image, canvas: Canvas, labels: LabelMap) -> None:
    """A hedge wherever two fields meet with nothing drawn between them."""
    if not labels.hedges:
        return
    grow = canvas.width(0.015, 0.7) * 2 + 1
    for a, b in labels.hedges:
        mine = labels.image.point(lambda v, a=a: 255 if v == label(a) else 0)
        theirs = labels.image.point(lambda v, b=b: 255 if v == label(b) else 0)
        near = theirs.filter(ImageFilter.MaxFilter(grow))
        line = ImageChops.multiply(mine, near)
        image.paste(P.HEDGE, (0, 0), line)
