"""Our own flat tile art, drawn from the engine's tile data: fields, cities, roads, cloisters, river,
and the expansions' inns, cathedrals, gardens, trade goods, hedges, tower foundations, and
Princess & Dragon's volcanoes, dragons, magic portals, princesses and tunnel; the Count's City of
Carcassonne is laid over its tiles by :mod:`.city_art`.

A tile is painted at rotation 0 on a supersampled canvas in the same order as its label map
(hedges, roads, cities, inns, cloister yards, river, bridges), so the art and :func:`feature_mask`
agree pixel for pixel; other rotations are the rotation-0 image turned, exactly as a tile turns on
the table. A garden tile is drawn exactly as its twin, with the garden added on top.
"""

from __future__ import annotations

import io
import math
import random
import zlib
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from scorer.engine import TILES, FeatureKind, Good, TileType
from scorer.engine.places import ROTATIONS
from scorer.engine.tiles import TileMark

from . import palette as P
from .city_art import city_label_map, city_layout, paint_city
from .geometry import (
    CATHEDRAL_HALF,
    GARDEN_RADIUS,
    GOOD_HALF,
    HEDGE_WIDTH,
    INN_HALF,
    JUNCTION_RADIUS,
    MEEPLE_RADIUS,
    RIVER_WIDTH,
    ROAD_WIDTH,
    SHIELD_HALF,
    CityShape,
    Path,
    Point,
    Pool,
    RoadShape,
    four_pointed_star,
    tile_layout,
)
from .labels import (
    LabelMap,
    city_mask,
    half_ellipse,
    hedge_width,
    label,
    label_map,
    mouth_arch,
    mouth_spots,
    open_air,
    river_width,
    road_width,
    tunnel_mouths,
    yard_box,
)
from .raster import Canvas, clip_to_tile, path_length, stroke, sub_path, walk

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


ENCODINGS = {
    "png": {"format": "PNG", "optimize": True},
    "webp": {"format": "WEBP", "quality": 80, "method": 6},
}
"""How :func:`tile_sprites` encodes: lossless PNG, or WebP at a quarter of its bytes for the pages."""


def tile_sprites(size: int = 64, encoding: str = "png") -> dict[str, bytes]:
    """The bytes of every tile type at rotation 0 as PNG or WebP, by name (pages turn them in CSS)."""
    return dict(_sprites(size, encoding))


@lru_cache(maxsize=8)
def _sprites(size: int, encoding: str) -> tuple[tuple[str, bytes], ...]:
    # Encoding 88 pictures costs far more than drawing them once; pages ask for them on every load.
    out = []
    for name in TILES:
        buffer = io.BytesIO()
        image = tile_image(name, size, 0)
        # The art is opaque: WebP without an alpha channel is smaller still.
        (image.convert("RGB") if encoding == "webp" else image).save(buffer, **ENCODINGS[encoding])
        out.append((name, buffer.getvalue()))
    return tuple(out)


SHEET_COLUMNS = 10
SHEET_GUTTER = 2
"""Each tile in the sheet is framed by this many pixels of its own edge, so that a browser scaling
the sheet never blends in a neighbour's edge."""


def sheet_cell(name: str) -> tuple[int, int]:
    """The column and row of the tile type called ``name`` in :func:`tile_sheet`."""
    index = list(TILES).index(name)
    return index % SHEET_COLUMNS, index // SHEET_COLUMNS


def tile_sheet(size: int = 128) -> Image.Image:
    """Every tile type at rotation 0 on one RGB sheet, in the order of ``TILES``, ten to a row,
    each ``size`` pixels square inside a gutter of :data:`SHEET_GUTTER` pixels: the pages of a
    whole board load one picture instead of one per tile type."""
    pitch = size + 2 * SHEET_GUTTER
    rows = -(-len(TILES) // SHEET_COLUMNS)
    sheet = Image.new("RGB", (SHEET_COLUMNS * pitch, rows * pitch), "white")
    for name in TILES:
        column, row = sheet_cell(name)
        framed = _framed(tile_image(name, size, 0).convert("RGB"), SHEET_GUTTER)
        sheet.paste(framed, (column * pitch, row * pitch))
    return sheet


def _framed(tile: Image.Image, gutter: int) -> Image.Image:
    """``tile`` with its outermost pixels repeated ``gutter`` times on every side."""
    size = tile.width
    framed = tile.resize((size + 2 * gutter, size + 2 * gutter), box=(0, 0, size, size))
    framed.paste(tile, (gutter, gutter))
    edges = {
        (gutter, 0): (0, 0, size, 1),
        (gutter, size + gutter): (0, size - 1, size, size),
        (0, gutter): (0, 0, 1, size),
        (size + gutter, gutter): (size - 1, 0, size, size),
    }
    for (left, top), strip in edges.items():
        edge = tile.crop(strip)
        stretched = (gutter if edge.width == 1 else size, gutter if edge.height == 1 else size)
        framed.paste(edge.resize(stretched), (left, top))
    return framed


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
    canvas = Canvas.for_size(size)
    spec = TILES[name].features[feature]
    if spec.kind is FeatureKind.GARDEN:
        # The garden lies inside its field (which keeps the garden's area too): its own disc.
        disc = canvas.new("L", 0)
        ImageDraw.Draw(disc).ellipse(canvas.box(spec.anchor, GARDEN_RADIUS, GARDEN_RADIUS), fill=255)
        return canvas.shrink(disc)
    labels = _labels(name, size).image
    value = label(feature)
    mask = labels.point(lambda v: 255 if v == value else 0)
    return canvas.shrink(mask)


# -- painting -----------------------------------------------------------------------------------


def _labels(name: str, size: int) -> LabelMap:
    """Which feature each pixel belongs to; a City of Carcassonne tile's fields stop at its wall."""
    return city_label_map(name, size) if TILES[name].city_of_carcassonne else label_map(name, size)


def _paint(tile: TileType, canvas: Canvas) -> Image.Image:
    layout = city_layout(tile) if tile.city_of_carcassonne else tile_layout(tile)
    labels = _labels(tile.name, canvas.size)
    # Seeded by the twin's name: a garden tile's grass and houses are its twin's.
    rng = random.Random(zlib.crc32((tile.twin or tile.name).encode()))
    image = canvas.new("RGB", P.FIELD)
    draw = ImageDraw.Draw(image)
    _grass(draw, canvas, rng)
    for hedge in layout.hedges:
        _hedge_row(draw, canvas, hedge)
    tunnels = tunnel_mouths(tile.name)
    for road in layout.roads:
        if not road.bridge:
            for piece in open_air(road, tunnels.get(road.feature, ())):
                _road(draw, canvas, piece)
    if layout.junction is not None:
        _junction(draw, canvas, layout.junction)
    cathedrals = dict(layout.cathedrals)
    for city in layout.cities:
        _city(image, canvas, city, rng, cathedrals.get(city.feature))
    if tile.city_of_carcassonne:
        paint_city(image, canvas, tile)
    for _, centre in layout.cloisters:
        _yard(draw, canvas, centre)
    for feature, mouths in tunnels.items():
        _tunnel(image, canvas, next(r.path for r in layout.roads if r.feature == feature), mouths)
    if layout.river is not None:
        _river(draw, canvas, layout.river, layout.pool)
    for road in layout.roads:
        if road.bridge:
            _bridge(image, draw, canvas, road)
    for _, centre in layout.cloisters:
        _cloister(draw, canvas, centre)
    for _, centre in layout.cathedrals:
        _cathedral(draw, canvas, centre)
    for _, centre in layout.inns:
        _inn(draw, canvas, centre)
    for _, spot in layout.pennants:
        draw_shield(draw, canvas.xy(spot), canvas.work)
    for _, good, spot in layout.goods:
        draw_good(draw, canvas, good, spot)
    for _, spot in princess_spots(tile):
        draw_princess(draw, canvas, spot)
    _hedges(image, canvas, labels)
    if tile.tower is not None:
        _foundation(draw, canvas, tile.tower)
    if tile.mark is not None and tile.mark_at is not None:
        draw_mark(image, canvas, tile.mark, tile.mark_at)
    # Last, so that the garden tile and its twin differ only where the garden lies.
    for _, centre in layout.gardens:
        _garden(draw, canvas, centre)
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


def _dashes(points: Path, period: float) -> list[Path]:
    """Dashes half a period long, spaced so that a road's dashes run on across tile edges."""
    inside = clip_to_tile(points)
    length = path_length(inside)
    count = max(1, round(length / period))
    step = length / count
    return [sub_path(inside, i * step + step / 4, i * step + 3 * step / 4) for i in range(count)]


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


def _foundation(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """A tower's foundation (The Tower): a square of stone seen from above, its blocks marked, over
    whatever road ends at it."""
    line = canvas.width(0.016, 1.0)
    ink = P.FOUNDATION_OUTLINE
    outer = canvas.box(centre, 0.13, 0.13)
    draw.rounded_rectangle(outer, radius=canvas.work * 0.02, fill=P.FOUNDATION_STONE, outline=ink, width=line)
    draw.rectangle(canvas.box(centre, 0.075, 0.075), fill=P.FOUNDATION_TOP, outline=ink, width=line)
    cx, cy = centre
    for dx, dy in ((-0.13, 0.0), (0.075, 0.0)):  # the joints between the blocks of the rim
        draw.line(canvas.path(((cx + dx, cy + dy), (cx + dx + 0.055, cy + dy))), fill=ink, width=line)
    for dx, dy in ((0.0, -0.13), (0.0, 0.075)):
        draw.line(canvas.path(((cx + dx, cy + dy), (cx + dx, cy + dy + 0.055))), fill=ink, width=line)


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
    return 1.0 if city.contains(probe) else -1.0


Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _roofs(
    draw: ImageDraw.ImageDraw, canvas: Canvas, city: CityShape, rng: random.Random, keep_clear: Box | None
) -> None:
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
            if keep_clear is not None and _overlaps((x - w, y - h, x + w, y + h), keep_clear):
                continue
            corners = [(x + dx * (w + clear), y + dy * (h + clear)) for dx in (-1, 1) for dy in (-1, 1)]
            if all(city.contains(c) for c in corners):
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


def _battlements(
    draw: ImageDraw.ImageDraw, canvas: Canvas, wall: Path, side: float, depth: float, city: CityShape
) -> None:
    """Dark notches along the inner face of a wall, like merlons seen from above."""
    size = 0.022
    for (x, y), (tx, ty) in walk(clip_to_tile(wall), 0.06, 0.03):
        nx, ny = ty * side, -tx * side
        centre = (x + nx * (depth + size * 0.5), y + ny * (depth + size * 0.5))
        # Walls run on past where another city takes over; no notches out there.
        if city.contains(centre):
            draw.rectangle(canvas.box(centre, size / 2, size / 2), fill=P.WALL_OUTLINE)


def _city(
    image: Image.Image, canvas: Canvas, city: CityShape, rng: random.Random, cathedral: Point | None
) -> None:
    mask = city_mask(canvas, city)
    layer = canvas.new("RGB", P.CITY)
    draw = ImageDraw.Draw(layer)
    detailed = canvas.size >= DETAIL_SIZE
    if detailed:
        keep_clear = None
        if cathedral is not None:
            hx, hy = CATHEDRAL_HALF
            keep_clear = (cathedral[0] - hx, cathedral[1] - hy, cathedral[0] + hx, cathedral[1] + hy)
        _roofs(draw, canvas, city, rng, keep_clear)
    outline = canvas.width(0.02, 1.0)
    stone = canvas.width(0.035, 1.0)
    # Strokes are centred on the outline and clipped by the mask: only their inner half shows.
    for wall in city.walls:
        points = canvas.path(wall)
        draw.line(points, fill=P.WALL, width=2 * (outline + stone), joint="curve")
        draw.line(points, fill=P.WALL_OUTLINE, width=2 * outline, joint="curve")
        if detailed:
            _battlements(draw, canvas, wall, _inward(wall, city), (outline + stone) / canvas.work, city)
    # Between two cities, one wall seen from above: each city draws its half of it.
    for wall in city.meetings:
        points = canvas.path(wall)
        draw.line(points, fill=P.WALL_OUTLINE, width=2 * (outline + stone))
        draw.line(points, fill=P.WALL, width=2 * stone)
        if detailed:
            size = 0.022
            for centre, _ in walk(clip_to_tile(wall), 0.06, 0.03):
                draw.rectangle(canvas.box(centre, size / 2, size / 2), fill=P.WALL_OUTLINE)
    image.paste(layer, (0, 0), mask)


def _cathedral(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """A cathedral seen from the front: two spired towers, a gable with a rose window, a great door."""
    cx, cy = centre
    hx, hy = CATHEDRAL_HALF
    ink = P.CATHEDRAL_OUTLINE
    line = canvas.width(0.012, 1.0)
    top, bottom = cy - hy, cy + hy
    tower_half, spire_foot = hx * 0.24, top + hy * 0.62
    for tx in (cx - hx * 0.72, cx + hx * 0.72):
        draw.rectangle(
            (*canvas.xy((tx - tower_half, spire_foot)), *canvas.xy((tx + tower_half, bottom))),
            fill=P.CATHEDRAL_SHADE,
            outline=ink,
            width=line,
        )
        spire = (
            (tx - tower_half * 1.2, spire_foot),
            (tx, top + hy * 0.14),
            (tx + tower_half * 1.2, spire_foot),
        )
        draw.polygon(canvas.path(spire), fill=P.CATHEDRAL_ROOF, outline=ink, width=line)
        _cross(draw, canvas, (tx, top + hy * 0.14), hy * 0.14, P.GOLD, ink)
        slit = canvas.box((tx, spire_foot + hy * 0.3), tower_half * 0.22, hy * 0.12)
        draw.rounded_rectangle(slit, radius=canvas.work * 0.01, fill=ink)
    nave_half, eaves = hx * 0.5, cy - hy * 0.05
    draw.rectangle(
        (*canvas.xy((cx - nave_half, eaves)), *canvas.xy((cx + nave_half, bottom))),
        fill=P.CATHEDRAL_STONE,
        outline=ink,
        width=line,
    )
    gable = (
        (cx - nave_half * 1.1, eaves + 0.005),
        (cx, top + hy * 0.36),
        (cx + nave_half * 1.1, eaves + 0.005),
    )
    draw.polygon(canvas.path(gable), fill=P.CATHEDRAL_ROOF, outline=ink, width=line)
    _cross(draw, canvas, (cx, top + hy * 0.36), hy * 0.15, P.GOLD, ink)
    rose = (cx, eaves + hy * 0.34)
    r = nave_half * 0.46
    draw.ellipse(canvas.box(rose, r, r), fill=P.ROSE_GLASS, outline=ink, width=line)
    for k in range(8):
        angle = k * math.pi / 4
        end = (rose[0] + r * math.cos(angle), rose[1] + r * math.sin(angle))
        draw.line(canvas.path((rose, end)), fill=P.CATHEDRAL_STONE, width=canvas.width(0.008, 0.5))
    draw.ellipse(canvas.box(rose, r * 0.35, r * 0.35), fill=P.ROSE_GLASS_RED, outline=ink, width=line)
    # A pointed door: a rectangle under a round top.
    door_w, door_top = nave_half * 0.32, bottom - hy * 0.32
    draw.rectangle((*canvas.xy((cx - door_w, door_top)), *canvas.xy((cx + door_w, bottom))), fill=ink)
    draw.ellipse(canvas.box((cx, door_top), door_w, door_w), fill=ink)


def _cross(
    draw: ImageDraw.ImageDraw, canvas: Canvas, foot: Point, height: float, fill: P.RGB, ink: P.RGB
) -> None:
    x, y = foot
    width = canvas.width(0.022, 1.0)
    for a, b in (
        ((x, y), (x, y - height)),
        ((x - height * 0.32, y - height * 0.66), (x + height * 0.32, y - height * 0.66)),
    ):
        draw.line(canvas.path((a, b)), fill=ink, width=width + 2 * canvas.width(0.005, 0.3))
    for a, b in (
        ((x, y), (x, y - height)),
        ((x - height * 0.32, y - height * 0.66), (x + height * 0.32, y - height * 0.66)),
    ):
        draw.line(canvas.path((a, b)), fill=fill, width=width)


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


def _bridge(image: Image.Image, draw: ImageDraw.ImageDraw, canvas: Canvas, road: RoadShape) -> None:
    """The road drawn over what it crosses (the river, or another road), with a parapet each side."""
    _road(draw, canvas, road.path)
    assert road.under is not None
    reach = road.under_width / 2 + 0.07
    under = walk(clip_to_tile(road.under), 0.005)
    span = [
        (p, t)
        for p, t in walk(clip_to_tile(road.path), 0.005)
        if min(math.dist(p, q) for q, _ in under) <= reach
    ]
    if len(span) < 2:
        return
    if road.under_width == ROAD_WIDTH:
        # Over another road: the bridge's shadow falls on the road beneath, so it reads as an
        # underpass and not as a crossroads.
        _bridge_shadow(image, draw, canvas, road, span)
    parapet = canvas.width(0.035, 1.5)
    half = ROAD_WIDTH / 2 + 0.015
    for side in (-1, 1):
        points = [(x - ty * half * side, y + tx * half * side) for (x, y), (tx, ty) in span]
        stroke(draw, canvas.path(tuple(points)), parapet + 2 * canvas.width(0.01, 0.5), P.ROAD_EDGE)
        stroke(draw, canvas.path(tuple(points)), parapet, P.BRIDGE)


def _bridge_shadow(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    canvas: Canvas,
    road: RoadShape,
    span: list[tuple[Point, Point]],
) -> None:
    assert road.under is not None
    beneath = canvas.new("L", 0)
    stroke(ImageDraw.Draw(beneath), canvas.path(road.under), road_width(canvas), 255)
    shade = canvas.new("L", 0)
    # Light from the north-west: the shadow falls to the south-east of the deck.
    shadow = tuple((x + 0.04, y + 0.06) for (x, y), _ in span)
    stroke(ImageDraw.Draw(shade), canvas.path(shadow), road_width(canvas) + canvas.width(0.05, 2.0), 255)
    image.paste(P.ROAD_EDGE, (0, 0), ImageChops.multiply(beneath, shade))
    _road(draw, canvas, road.path)


# -- hedges, gardens, inns ------------------------------------------------------------------------


def _hedge_row(draw: ImageDraw.ImageDraw, canvas: Canvas, path: Path) -> None:
    """A dark hedge of round bushes: two fields end here."""
    points = canvas.path(path)
    stroke(draw, points, hedge_width(canvas), P.HEDGE)
    if canvas.size < DETAIL_SIZE:
        return
    r = HEDGE_WIDTH * 0.22
    for i, ((x, y), (tx, ty)) in enumerate(walk(clip_to_tile(path), 0.035, 0.012)):
        side = 1 if i % 2 else -1
        spot = (x - ty * side * HEDGE_WIDTH * 0.15, y + tx * side * HEDGE_WIDTH * 0.15)
        draw.ellipse(canvas.box(spot, r, r), fill=P.HEDGE_LIGHT)


def _garden(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """A round walled garden from above: a clipped hedge, lawn, paths, four flower beds, a fountain."""
    r = GARDEN_RADIUS
    draw.ellipse(canvas.box(centre, r, r), fill=P.HEDGE)
    lawn = r * 0.76
    draw.ellipse(canvas.box(centre, lawn, lawn), fill=P.GARDEN_LAWN)
    cx, cy = centre
    path = canvas.width(0.026, 1.0)
    for a, b in (((cx - lawn, cy), (cx + lawn, cy)), ((cx, cy - lawn), (cx, cy + lawn))):
        draw.line(canvas.path((a, b)), fill=P.GARDEN_PATH, width=path)
    bed = r * 0.27
    for (dx, dy), colour in zip(((-1, -1), (1, -1), (1, 1), (-1, 1)), P.GARDEN_FLOWERS):
        spot = (cx + dx * r * 0.38, cy + dy * r * 0.38)
        draw.ellipse(canvas.box(spot, bed, bed), fill=colour)
    basin = r * 0.3
    draw.ellipse(canvas.box(centre, basin, basin), fill=P.FOUNTAIN_RIM)
    draw.ellipse(canvas.box(centre, basin * 0.68, basin * 0.68), fill=P.FOUNTAIN)


def _inn(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point) -> None:
    """An inn seen from the front: a timbered house under a slate-blue roof, lit windows, a sign."""
    cx, cy = centre
    hx, hy = INN_HALF
    ink = P.INN_TIMBER
    line = canvas.width(0.011, 1.0)
    eaves = cy - hy * 0.1
    wall_half = hx * 0.78
    chimney = (cx + hx * 0.32, cy - hy * 0.95, cx + hx * 0.56, cy - hy * 0.45)
    draw.rectangle(
        canvas.box(
            ((chimney[0] + chimney[2]) / 2, (chimney[1] + chimney[3]) / 2),
            (chimney[2] - chimney[0]) / 2,
            (chimney[3] - chimney[1]) / 2,
        ),
        fill=ink,
    )
    draw.rectangle(
        canvas.box((cx, (eaves + cy + hy) / 2), wall_half, (cy + hy - eaves) / 2),
        fill=P.INN_WALL,
        outline=ink,
        width=line,
    )
    roof = (
        (cx - hx, eaves),
        (cx - hx * 0.55, cy - hy * 0.8),
        (cx + hx * 0.55, cy - hy * 0.8),
        (cx + hx, eaves),
    )
    draw.polygon(canvas.path(roof), fill=P.INN_ROOF, outline=ink, width=line)
    window = hx * 0.2
    for dx in (-0.45, 0.45):
        draw.rectangle(
            canvas.box((cx + dx * hx, cy + hy * 0.25), window, window),
            fill=P.INN_SIGN,
            outline=ink,
            width=max(1, line // 2),
        )
    door = canvas.box((cx, cy + hy * 0.72), hx * 0.18, hy * 0.28)
    draw.rectangle(door, fill=ink)
    if canvas.size >= DETAIL_SIZE:
        # The hanging sign over the door, on its bracket.
        draw.line(
            canvas.path(((cx - hx * 0.55, eaves + hy * 0.06), (cx - hx * 0.55, eaves + hy * 0.2))),
            fill=ink,
            width=line,
        )
        sign = canvas.box((cx - hx * 0.55, eaves + hy * 0.32), hx * 0.2, hy * 0.13)
        draw.rectangle(sign, fill=P.INN_SIGN, outline=ink, width=max(1, line // 2))


# -- trade goods ---------------------------------------------------------------------------------


def draw_good(draw: ImageDraw.ImageDraw, canvas: Canvas, good: Good, centre: Point) -> None:
    """A trade-goods token: a light disc with the good drawn on it, each in its own shape:
    grapes (a bunch, wider at the top) for wine, a sheaf (tall) for wheat, a bolt (wide) for cloth."""
    r = GOOD_HALF[0]
    edge = canvas.width(0.012, 1.0)
    draw.ellipse(canvas.box(centre, r, r), fill=P.GOOD_OUTLINE)
    draw.ellipse(canvas.box(centre, r - edge / canvas.work, r - edge / canvas.work), fill=P.GOOD_BADGE)
    _GOOD_SYMBOLS[good](draw, canvas, centre, r * 0.8)


def _grapes(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, size: float) -> None:
    """A bunch of grapes under a vine leaf: a purple triangle, point down."""
    cx, cy = centre
    ink = P.GOOD_OUTLINE
    line = canvas.width(0.006, 0.5)
    leaf = (
        (cx - size * 0.1, cy - size * 0.55),
        (cx + size * 0.35, cy - size * 1.0),
        (cx + size * 0.8, cy - size * 0.75),
        (cx + size * 0.3, cy - size * 0.45),
    )
    draw.polygon(canvas.path(leaf), fill=P.VINE_LEAF, outline=ink, width=line)
    grape = size * 0.28
    rows = ((-0.3, (-0.6, 0.0, 0.6)), (0.18, (-0.3, 0.3)), (0.64, (0.0,)))
    for dy, xs in rows:
        for dx in xs:
            spot = (cx + dx * size, cy + dy * size)
            draw.ellipse(canvas.box(spot, grape, grape), fill=P.WINE, outline=ink, width=line)
    if canvas.size >= DETAIL_SIZE:
        for dy, xs in rows:
            for dx in xs:
                shine = grape * 0.3
                spot = (cx + dx * size - grape * 0.35, cy + dy * size - grape * 0.35)
                draw.ellipse(canvas.box(spot, shine, shine), fill=P.WINE_LIGHT)


def _sheaf(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, size: float) -> None:
    """A sheaf of wheat: three tall golden ears on stalks tied at the foot: taller than wide."""
    cx, cy = centre
    ink = P.GOOD_OUTLINE
    stalk = canvas.width(0.014, 1.0)
    line = canvas.width(0.006, 0.5)
    tie = cy + size * 0.55
    for lean, lift in ((-0.27, 0.14), (0.0, 0.0), (0.27, 0.14)):
        ear = (cx + lean * size, cy - size * 0.42 + lift * size)
        foot = (cx + lean * size * 0.5, cy + size * 1.0)
        draw.line(canvas.path((ear, (cx + lean * size * 0.3, tie), foot)), fill=P.WHEAT_DARK, width=stalk)
        # Outlined only where there is room: at small sizes the ears merge into one golden sheaf.
        outline = ink if canvas.size >= DETAIL_SIZE else None
        draw.ellipse(canvas.box(ear, size * 0.14, size * 0.5), fill=P.WHEAT, outline=outline, width=line)
    draw.line(
        canvas.path(((cx - size * 0.26, tie), (cx + size * 0.26, tie))),
        fill=ink,
        width=canvas.width(0.018, 1.0),
    )


def _bolt(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, size: float) -> None:
    """A bolt of cloth: a blue roll lying on its side, its loose end hanging down: wider than tall."""
    cx, cy = centre
    ink = P.GOOD_OUTLINE
    line = canvas.width(0.007, 0.5)
    roll_y = cy - size * 0.05
    tail = (
        (cx + size * 0.2, roll_y),
        (cx + size * 0.95, roll_y),
        (cx + size * 0.85, cy + size * 0.6),
        (cx + size * 0.3, cy + size * 0.6),
    )
    draw.polygon(canvas.path(tail), fill=P.CLOTH_LIGHT, outline=ink, width=line)
    body = canvas.box((cx, roll_y), size * 0.95, size * 0.3)
    draw.rounded_rectangle(body, radius=canvas.work * size * 0.18, fill=P.CLOTH, outline=ink, width=line)
    if canvas.size >= DETAIL_SIZE:
        # The turns of cloth wound round the roll.
        for dx in (-0.25, 0.15, 0.55):
            turn = (
                (cx + dx * size, roll_y - size * 0.26),
                (cx + dx * size - size * 0.1, roll_y + size * 0.26),
            )
            draw.line(canvas.path(turn), fill=P.CLOTH_LIGHT, width=line)
    end = (cx - size * 0.78, roll_y)
    draw.ellipse(canvas.box(end, size * 0.17, size * 0.3), fill=P.CLOTH_LIGHT, outline=ink, width=line)
    draw.ellipse(canvas.box(end, size * 0.06, size * 0.11), fill=ink)


_GOOD_SYMBOLS = {Good.WINE: _grapes, Good.WHEAT: _sheaf, Good.CLOTH: _bolt}


# -- Princess & Dragon ---------------------------------------------------------------------------

MARK_HALF = 0.15
"""Half the width of a volcano, dragon or portal: as big as a tower's foundation, so that each reads
at 64 pixels, and clear of the figures at the anchors around it."""
PRINCESS_HALF = (0.068, 0.118)
"""Half the size of a princess at full scale: a figure a little smaller than a meeple."""
_PRINCESS_SCALES = (1.0, 0.86, 0.74, 0.64)
_CRAMPED_SCALES = (0.74, 0.64)
"""Where no princess fits off the meeple's disc: smaller, and only clear of the anchor itself."""


def draw_mark(image: Image.Image, canvas: Canvas, mark: TileMark, centre: Point) -> None:
    """A Princess & Dragon tile's volcano, dragon or magic portal, centred on ``centre``."""
    _MARKS[mark](image, canvas, centre)


def _volcano(image: Image.Image, canvas: Canvas, centre: Point) -> None:
    """A volcano seen from the side: a dark cone, its crater aglow, lava running down, embers
    flying: the dragon lands here and no figure may stand on it."""
    draw = ImageDraw.Draw(image)
    cx, cy = centre
    u = MARK_HALF
    ink = P.VOLCANO_OUTLINE
    line = canvas.width(0.012, 1.0)
    base, rim = cy + 0.82 * u, cy - 0.34 * u
    _glow(image, canvas, (cx, rim - 0.15 * u), (0.75 * u, 0.55 * u), P.LAVA_GLOW, 0.55)
    left = _bezier_points((cx - 1.1 * u, base), (cx - 0.55 * u, base - 0.35 * u), (cx - 0.36 * u, rim))
    right = _bezier_points((cx + 0.36 * u, rim), (cx + 0.55 * u, base - 0.35 * u), (cx + 1.1 * u, base))
    cone = (*left, *right)
    draw.polygon(canvas.path(cone), fill=P.VOLCANO_ROCK)
    # The flank facing the light (north-west, as the bridges' shadows have it).
    lit = (*left, (cx - 0.12 * u, rim + 0.05 * u), (cx - 0.38 * u, base))
    draw.polygon(canvas.path(lit), fill=P.VOLCANO_ROCK_LIGHT)
    flow = canvas.width(0.024 if canvas.size >= DETAIL_SIZE else 0.03, 1.0)
    for stream in (
        (
            (cx - 0.1 * u, rim),
            (cx - 0.24 * u, cy + 0.05 * u),
            (cx - 0.16 * u, cy + 0.3 * u),
            (cx - 0.34 * u, cy + 0.6 * u),
        ),
        ((cx + 0.14 * u, rim), (cx + 0.26 * u, cy - 0.02 * u), (cx + 0.22 * u, cy + 0.25 * u)),
    ):
        draw.line(canvas.path(stream), fill=P.LAVA, width=flow, joint="curve")
        x, y = stream[-1]
        draw.ellipse(canvas.box((x, y), flow / canvas.work / 2, flow / canvas.work / 2), fill=P.LAVA)
    draw.polygon(canvas.path(cone), outline=ink, width=line)
    draw.line(canvas.path(((cx - 1.14 * u, base), (cx + 1.14 * u, base))), fill=ink, width=line)
    crater = (cx, rim)
    draw.ellipse(canvas.box(crater, 0.4 * u, 0.14 * u), fill=P.LAVA, outline=ink, width=line)
    draw.ellipse(canvas.box((cx, rim + 0.01 * u), 0.24 * u, 0.07 * u), fill=P.LAVA_GLOW)
    # Embers thrown up from the crater.
    for (dx, dy), r in (((0.0, -0.78), 0.15), ((-0.42, -0.62), 0.1), ((0.4, -0.68), 0.09)):
        spot = (cx + dx * u, cy + dy * u)
        draw.ellipse(canvas.box(spot, r * u, r * u), fill=P.LAVA_GLOW, outline=P.LAVA, width=line)


def _dragon(image: Image.Image, canvas: Canvas, centre: Point) -> None:
    """The dragon from the side: a red body, bat wings raised, a horned head breathing a flame,
    a barbed tail: it moves after the action."""
    draw = ImageDraw.Draw(image)
    cx, cy = centre
    u = MARK_HALF * 0.74
    ink = P.DRAGON_OUTLINE
    line = canvas.width(0.011, 1.0)
    detailed = canvas.size >= DETAIL_SIZE

    def at(*points: Point) -> list[tuple[float, float]]:
        return canvas.path(tuple((cx + x * u, cy + y * u) for x, y in points))

    # The far wing first, darker, behind the body.
    draw.polygon(
        at((0.25, 0.0), (0.55, -0.95), (0.78, -0.55), (1.05, -0.72), (0.95, -0.3), (0.7, 0.05)),
        fill=P.DRAGON_WING,
        outline=ink,
        width=line,
    )
    # The tail: thick at the body, thin at the barb.
    tail = at((0.55, 0.3), (0.95, 0.5), (1.28, 0.38), (1.42, 0.08))
    draw.line(tail, fill=ink, width=canvas.width(0.05, 2.0), joint="curve")
    draw.line(tail, fill=P.DRAGON, width=canvas.width(0.03, 1.0), joint="curve")
    draw.polygon(at((1.3, 0.12), (1.55, -0.14), (1.56, 0.2)), fill=P.DRAGON, outline=ink, width=line)
    for x in (-0.2, 0.45):  # the legs
        draw.polygon(
            at((x - 0.1, 0.4), (x + 0.12, 0.4), (x + 0.1, 0.82), (x + 0.2, 0.86), (x - 0.12, 0.86)),
            fill=P.DRAGON,
            outline=ink,
            width=line,
        )
    draw.ellipse((*at((-0.38, 0.02))[0], *at((0.78, 0.6))[0]), fill=P.DRAGON, outline=ink, width=line)
    # The neck up to the head, the belly light beneath.
    draw.polygon(
        at((-0.3, 0.38), (-0.75, -0.2), (-0.9, -0.5), (-0.55, -0.62), (-0.45, -0.25), (0.0, 0.1)),
        fill=P.DRAGON,
        outline=ink,
        width=line,
    )
    draw.line(
        at((-0.28, 0.42), (-0.62, 0.02), (-0.82, -0.32)), fill=P.DRAGON_BELLY, width=canvas.width(0.016, 1.0)
    )
    draw.line(at((-0.18, 0.47), (0.5, 0.52)), fill=P.DRAGON_BELLY, width=canvas.width(0.016, 1.0))
    _dragon_head(draw, at, ink, line, detailed, (cx - 0.86 * u, cy - 0.68 * u), canvas, u)


def _dragon_head(
    draw: ImageDraw.ImageDraw,
    at: Callable[..., list[tuple[float, float]]],
    ink: P.RGB,
    line: int,
    detailed: bool,
    eye: Point,
    canvas: Canvas,
    u: float,
) -> None:
    """The dragon's head, its flame and its near wing, over its body."""  # fmt: skip
    # The head, looking left: horns, snout, jaw.
    draw.polygon(
        at((-0.6, -0.72), (-0.42, -1.12), (-0.72, -0.8)), fill=P.DRAGON_BELLY, outline=ink, width=line
    )
    head = at(
        (-0.52, -0.62),
        (-0.72, -0.86),
        (-1.02, -0.82),
        (-1.4, -0.64),
        (-1.42, -0.48),
        (-1.05, -0.42),
        (-0.8, -0.36),
    )
    draw.polygon(head, fill=P.DRAGON, outline=ink, width=line)
    draw.ellipse(canvas.box(eye, 0.09 * u, 0.09 * u), fill=P.LAVA_GLOW, outline=ink, width=max(1, line // 2))
    if detailed:
        # A little flame from the jaws.
        flame = at(
            (-1.42, -0.56), (-1.72, -0.78), (-1.62, -0.56), (-1.84, -0.42), (-1.58, -0.4), (-1.42, -0.5)
        )
        draw.polygon(flame, fill=P.LAVA, outline=P.DRAGON_OUTLINE, width=max(1, line // 2))
    # The near wing, raised over the back.
    draw.polygon(
        at((-0.1, 0.1), (0.0, -1.05), (0.3, -0.62), (0.6, -0.86), (0.62, -0.42), (0.9, -0.38), (0.5, 0.12)),
        fill=P.DRAGON,
        outline=ink,
        width=line,
    )
    if detailed:
        for tip in ((0.0, -1.05), (0.6, -0.86), (0.9, -0.38)):  # the wing's bones
            draw.line(at((0.02, 0.04), tip), fill=P.DRAGON_WING, width=max(1, line))


def _portal(image: Image.Image, canvas: Canvas, centre: Point) -> None:
    """A magic portal: a stone arch seen from the front, filled with a violet swirl and ringed by
    its glow: the layer's figure may go through it onto another tile."""
    cx, cy = centre
    u = MARK_HALF * 0.9
    _glow(image, canvas, (cx, cy - 0.05 * u), (1.25 * u, 1.25 * u), P.PORTAL_GLOW, 0.85)
    draw = ImageDraw.Draw(image)
    ink = P.PORTAL_OUTLINE
    line = canvas.width(0.012, 1.0)
    spring = cy - 0.15 * u  # where the arch springs from its pillars
    foot = cy + 0.88 * u

    def arch(half: float, bottom: float) -> list[tuple[float, float]]:
        top = [
            (cx - half * math.cos(k * math.pi / 24), spring - half * 1.05 * math.sin(k * math.pi / 24))
            for k in range(25)
        ]
        return canvas.path(((cx - half, bottom), *top, (cx + half, bottom)))

    draw.polygon(arch(0.88 * u, foot), fill=P.PORTAL_STONE, outline=ink, width=line)
    draw.polygon(arch(0.56 * u, foot), fill=P.PORTAL_DEEP, outline=ink, width=line)
    # The swirl inside: rings of light brightening towards its heart.
    heart = (cx, cy + 0.12 * u)
    draw.ellipse(canvas.box(heart, 0.42 * u, 0.62 * u), fill=P.PORTAL_SWIRL)
    draw.ellipse(canvas.box(heart, 0.22 * u, 0.34 * u), fill=P.PORTAL_LIGHT)
    if canvas.size >= DETAIL_SIZE:
        _portal_details(draw, canvas, centre, heart, spring)
    keystone = (
        (cx - 0.14 * u, spring - 0.93 * u * 1.05),
        (cx + 0.14 * u, spring - 0.93 * u * 1.05),
        (cx + 0.09 * u, spring - 0.54 * u * 1.05),
        (cx - 0.09 * u, spring - 0.54 * u * 1.05),
    )
    draw.polygon(canvas.path(keystone), fill=P.PORTAL_SWIRL, outline=ink, width=line)
    draw.rectangle(
        (*canvas.xy((cx - 1.0 * u, foot)), *canvas.xy((cx + 1.0 * u, foot + 0.14 * u))),
        fill=P.PORTAL_STONE,
        outline=ink,
        width=line,
    )


def _portal_details(
    draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, heart: Point, spring: float
) -> None:
    """What a portal shows from 64 px up: its swirl's spiral, its stones' joints, its sparkles."""
    cx, cy = centre
    u = MARK_HALF * 0.9
    ink = P.PORTAL_OUTLINE
    line = canvas.width(0.012, 1.0)
    spiral = tuple(
        (
            heart[0] + 0.36 * u * (k / 40) * math.cos(k * math.pi / 8),
            heart[1] + 0.54 * u * (k / 40) * math.sin(k * math.pi / 8),
        )
        for k in range(4, 41)
    )
    draw.line(canvas.path(spiral), fill=P.PORTAL_DEEP, width=canvas.width(0.008, 0.6), joint="curve")
    # The joints of the arch's stones, and a keystone.
    for k in (4, 8, 16, 20):
        angle = k * math.pi / 24
        a = (cx - 0.56 * u * math.cos(angle), spring - 0.56 * u * 1.05 * math.sin(angle))
        b = (cx - 0.88 * u * math.cos(angle), spring - 0.88 * u * 1.05 * math.sin(angle))
        draw.line(canvas.path((a, b)), fill=ink, width=max(1, line // 2))
    for side in (-1, 1):
        for y in (0.25, 0.6):
            a = (cx + side * 0.56 * u, cy + y * u)
            draw.line(canvas.path((a, (cx + side * 0.88 * u, cy + y * u))), fill=ink, width=max(1, line // 2))
    for x, y, r in ((-1.12, -0.7, 0.16), (1.08, -0.42, 0.12), (1.02, -1.02, 0.1)):
        _sparkle(draw, canvas, (cx + x * u, cy + y * u), r * u)


def _sparkle(draw: ImageDraw.ImageDraw, canvas: Canvas, centre: Point, r: float) -> None:
    """A four-pointed star of light."""
    draw.polygon(canvas.path(four_pointed_star(centre, r, 0.28)), fill=P.PORTAL_LIGHT, outline=P.PORTAL_SWIRL)


def _glow(
    image: Image.Image,
    canvas: Canvas,
    centre: Point,
    radii: tuple[float, float],
    colour: P.RGB,
    strength: float,
) -> None:
    """A soft halo of ``colour`` round ``centre``, fading out over its radii."""
    glow = canvas.new("L", 0)
    rx, ry = radii
    ImageDraw.Draw(glow).ellipse(canvas.box(centre, rx * 0.8, ry * 0.8), fill=round(255 * strength))
    glow = glow.filter(ImageFilter.GaussianBlur(canvas.work * min(rx, ry) * 0.25))
    image.paste(colour, (0, 0), glow)


def _bezier_points(a: Point, control: Point, b: Point, steps: int = 12) -> Path:
    return tuple(
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * control[0] + t * t * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * control[1] + t * t * b[1],
        )
        for t in (i / steps for i in range(steps + 1))
    )


_MARKS = {TileMark.VOLCANO: _volcano, TileMark.DRAGON: _dragon, TileMark.PORTAL: _portal}


def draw_princess(draw: ImageDraw.ImageDraw, canvas: Canvas, spot: tuple[Point, float]) -> None:
    """A princess seen from the front, ``scale`` times :data:`PRINCESS_HALF`: a rose gown, her hair
    down, a gold crown."""
    (cx, cy), scale = spot
    k = scale * PRINCESS_HALF[1] / 0.1  # the drawing below is for a half-height of 0.1
    ink = P.PRINCESS_OUTLINE
    line = canvas.width(0.007, 0.8)

    def at(*points: Point) -> list[tuple[float, float]]:
        return canvas.path(tuple((cx + x * k, cy + y * k) for x, y in points))

    hem = [(0.058 * math.cos(a), 0.09 + 0.012 * math.sin(a)) for a in (i * math.pi / 8 for i in range(9))]
    gown = at((-0.019, -0.012), (0.019, -0.012), *hem)
    hair = at((-0.03, -0.04), (0.03, -0.04), (0.034, 0.02), (-0.034, 0.02))
    draw.polygon(hair, fill=P.PRINCESS_HAIR, outline=ink, width=line)
    draw.polygon(gown, fill=P.PRINCESS_GOWN, outline=ink, width=line)
    if canvas.size * scale >= 2 * DETAIL_SIZE:
        draw.polygon(at((-0.008, 0.0), (0.008, 0.0), (0.02, 0.08), (-0.02, 0.08)), fill=P.PRINCESS_GOWN_LIGHT)
    draw.ellipse(
        canvas.box((cx, cy - 0.04 * k), 0.025 * k, 0.026 * k), fill=P.PRINCESS_SKIN, outline=ink, width=line
    )
    # A band of gold under three points: at a few pixels it still reads as a crown.
    top, base = -0.108, -0.058
    crown = at(
        (-0.033, base),
        (-0.038, top),
        (-0.019, top + 0.02),
        (0.0, top - 0.006),
        (0.019, top + 0.02),
        (0.038, top),
        (0.033, base),
    )
    draw.polygon(crown, fill=P.GOLD, outline=ink, width=max(1, line // 2))


def princess_spots(tile: TileType) -> tuple[tuple[int, tuple[Point, float]], ...]:
    """Where each princess stands, by city feature, and at what scale: in her city near its
    anchor, clear of the figure drawn there, of the city's pennant or goods and of the tile's mark."""
    return _princess_spots(tile.name)


@lru_cache(maxsize=64)
def _princess_spots(name: str) -> tuple[tuple[int, tuple[Point, float]], ...]:
    tile = TILES[name]
    layout = tile_layout(tile)
    avoid: list[tuple[Point, float]] = [(spot, max(SHIELD_HALF)) for _, spot in layout.pennants]
    avoid += [(spot, GOOD_HALF[0]) for _, _, spot in layout.goods]
    if tile.mark_at is not None:
        avoid.append((tile.mark_at, MARK_HALF))
    cities = {c.feature: c for c in layout.cities}
    return tuple(
        (i, _princess_spot(f.anchor, cities[i], avoid))
        for i, f in enumerate(tile.features)
        if f.kind is FeatureKind.CITY and f.princess
    )


def _princess_spot(anchor: Point, city: CityShape, avoid: list[tuple[Point, float]]) -> tuple[Point, float]:
    """The spot nearest ``anchor`` where the biggest princess fits in the city, off the disc of a
    meeple standing on the anchor; where none does, the smallest princess beside the anchor."""
    grid = sorted(
        ((x / 100, y / 100) for x in range(2, 99) for y in range(2, 99)),
        key=lambda p: (math.dist(p, anchor), p),
    )
    for clear, scales in ((MEEPLE_RADIUS, _PRINCESS_SCALES), (0.03, _CRAMPED_SCALES)):
        for scale in scales:
            hx, hy = PRINCESS_HALF[0] * scale, PRINCESS_HALF[1] * scale
            for spot in grid:
                if _box_distance(anchor, spot, hx, hy) < clear:
                    continue
                if any(_box_distance(p, spot, hx, hy) < r for p, r in avoid):
                    continue
                if _fits(spot, city, hx, hy):
                    return spot, scale
    return (anchor[0] + 0.1, anchor[1]), _CRAMPED_SCALES[-1]


def _box_distance(point: Point, centre: Point, hx: float, hy: float) -> float:
    """How far ``point`` lies from the box of half size ``hx``, ``hy`` round ``centre``."""
    dx = max(0.0, abs(point[0] - centre[0]) - hx)
    dy = max(0.0, abs(point[1] - centre[1]) - hy)
    return math.hypot(dx, dy)


def _fits(centre: Point, city: CityShape, hx: float, hy: float) -> bool:
    """A box round ``centre`` lies on the tile and in the city, off its walls' stones."""
    margin, wall = 0.02, 0.045
    cx, cy = centre
    if not (margin + hx <= cx <= 1 - margin - hx and margin + hy <= cy <= 1 - margin - hy):
        return False
    if not city.contains(centre):
        return False
    reach = [(dx * (hx + wall), dy * (hy + wall)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    # Past the tile's edge the city runs on: a point out there counts where the edge is.
    return all(
        city.contains((min(0.995, max(0.005, cx + dx)), min(0.995, max(0.005, cy + dy)))) for dx, dy in reach
    )


def _tunnel(image: Image.Image, canvas: Canvas, path: Path, mouths: tuple[float, ...]) -> None:
    """Where a road goes under the field and the city: a dark arched mouth at each end, and its way
    beneath shown faintly, so that the field reads as whole above it."""
    draw = ImageDraw.Draw(image)
    down, up = mouths
    trace = canvas.new("L", 0)
    hidden = ImageDraw.Draw(trace)
    dash = canvas.width(0.014, 1.0)
    for side in (-1, 1):
        edge = tuple(
            (x - ty * side * ROAD_WIDTH * 0.42, y + tx * side * ROAD_WIDTH * 0.42)
            for (x, y), (tx, ty) in walk(sub_path(path, down, up), 0.01)
        )
        for piece in _dashes(edge, 0.06):
            if len(piece) >= 2:
                hidden.line(canvas.path(piece), fill=90, width=dash)
    image.paste(P.TUNNEL, (0, 0), trace)
    line = canvas.width(0.016, 1.0)
    for mouth, into in mouth_spots(path, mouths):
        draw.polygon(canvas.path(mouth_arch(mouth, into)), fill=P.WALL, outline=P.WALL_OUTLINE, width=line)
        draw.polygon(canvas.path(half_ellipse(mouth, into, ROAD_WIDTH / 2 - 0.008, 0.05)), fill=P.TUNNEL)


def _point_along(path: Path, distance: float) -> tuple[Point, Point] | None:
    for point, tangent in walk(path, 1.0, distance):
        return point, tangent
    return None


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
