"""The City of Carcassonne's art (The Count of Carcassonne): the 12 tiles laid as their block read as
one walled city. The wall runs on across the borders between City tiles, the outer fields keep their
strip of grass up to it and their masks stop there, roads come in through gates, the outer city
pieces lie outside the wall, and the four quarters stand on the middle tiles."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops, ImageStat

from scorer.engine.places import SIDES, Side, rotate_point
from scorer.engine.tiles import Edge, FeatureKind, TileType
from scorer.engine.tilesets import TILES
from scorer.engine.tilesets.count import CITY_SQUARES
from scorer.render import feature_mask, render_tile
from scorer.render import palette as P
from scorer.render.city_art import (
    ANVIL,
    AWNING,
    KEEP_STONE,
    STREET,
    WALL_DEPTH,
    WALL_INSET,
    CityPlan,
    city_label_map,
    city_layout,
    city_plan,
)
from scorer.render.geometry import ROAD_WIDTH, distance_to_path

CITY_TILES = [t for t in TILES.values() if t.city_of_carcassonne]
NAMES = [t.name for t in CITY_TILES]
SIZE = 128

GROUPS: dict[str, tuple[P.RGB, ...]] = {
    "field": (P.FIELD, P.FIELD_DARK, P.FIELD_LIGHT),
    "wall": (P.WALL, P.WALL_OUTLINE),
    "city": (P.CITY, STREET, *P.CITY_ROOFS),
    "road": (P.ROAD, P.ROAD_DASH, P.ROAD_EDGE),
}
KIND_GROUPS = {
    FeatureKind.FIELD: ("field",),
    FeatureKind.ROAD: ("road",),
    FeatureKind.CITY: ("city", "wall"),  # an outer city piece has its wall and merlons
}


def kind_of(pixel: tuple[int, ...]) -> str:
    """The group of reference colours nearest to ``pixel``."""
    return min(
        ((math.dist(pixel[:3], colour), name) for name, colours in GROUPS.items() for colour in colours)
    )[1]


def near(image: Image.Image, colour: P.RGB, within: float = 12) -> int:
    """How many pixels of ``image`` lie within ``within`` of ``colour``."""
    pixels = image.convert("RGB").load()
    return sum(
        1
        for x in range(image.width)
        for y in range(image.height)
        if math.dist(pixels[x, y], colour) <= within
    )


def block(size: int) -> Image.Image:
    """The 12 tiles laid as the City at rotation 0."""
    left = min(x for x, _ in CITY_SQUARES.values())
    top = min(y for _, y in CITY_SQUARES.values())
    image = Image.new("RGB", (4 * size, 3 * size))
    for tile in CITY_TILES:
        x, y = CITY_SQUARES[tile.name]
        image.paste(render_tile(tile, size).convert("RGB"), ((x - left) * size, (y - top) * size))
    return image


def test_the_city_is_twelve_tiles_in_a_block_of_four_by_three() -> None:
    assert [f"count-{n}" for n in range(1, 13)] == NAMES
    assert block(32).size == (128, 96)


@pytest.mark.parametrize("size", [48, 64, 128])
@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_every_city_tile_renders(tile: TileType, size: int) -> None:
    image = render_tile(tile, size)
    assert image.mode == "RGBA" and image.size == (size, size)
    assert image.getextrema()[3] == (255, 255)


@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_each_feature_is_drawn_where_its_mask_lies(tile: TileType) -> None:
    """Every road, outer city piece and outer field has an area, and the art there shows it."""
    image = render_tile(tile, SIZE).convert("RGB")
    for index, spec in enumerate(tile.features):
        mask = feature_mask(tile, index, SIZE)
        inside = [
            image.getpixel((x, y)) for x in range(SIZE) for y in range(SIZE) if mask.getpixel((x, y)) > 200
        ]
        assert len(inside) > 0.03 * SIZE * SIZE, (index, spec.kind)
        shown = sum(1 for pixel in inside if kind_of(pixel) in KIND_GROUPS[spec.kind])
        # Less the blended pixels along its borders.
        assert shown > 0.8 * len(inside), (index, spec.kind, shown / len(inside))


@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_the_city_itself_belongs_to_no_feature(tile: TileType) -> None:
    """Inside the wall no mask lights up; outside it the masks cover the ground, without
    overlapping."""
    total = Image.new("L", (SIZE, SIZE), 0)
    for index in range(len(tile.features)):
        mask = feature_mask(tile, index, SIZE)
        assert ImageStat.Stat(ImageChops.multiply(total, mask)).mean[0] < 0.01 * 255
        total = ImageChops.add(total, mask)
    plan = city_plan(tile.name)
    for x in range(2, SIZE, 4):
        for y in range(2, SIZE, 4):
            point = ((x + 0.5) / SIZE, (y + 0.5) / SIZE)
            if plan.inside(point, WALL_DEPTH + 0.02):
                assert total.getpixel((x, y)) == 0, point
            elif not plan.inside(point, -0.02) and _off_the_towers(plan, point):
                assert total.getpixel((x, y)) > 240, point


def _off_the_towers(plan: CityPlan, point: tuple[float, float]) -> bool:
    return all(math.dist(point, t.centre) > t.half * math.sqrt(2) + 0.02 for t in plan.towers())


@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_no_hedge_is_needed_between_the_outer_fields(tile: TileType) -> None:
    """The wall, the roads and the outer cities alone keep the fields the data names apart."""
    assert city_label_map(tile.name, 96).hedges == ()


@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_outer_edges_show_what_crosses_them_and_inner_edges_the_city(tile: TileType) -> None:
    image = render_tile(tile, SIZE).convert("RGB")
    plan = city_plan(tile.name)
    for side in SIDES:
        x, y = rotate_point((0.5, 0.02), side)
        kind = kind_of(image.getpixel((min(SIZE - 1, int(x * SIZE)), min(SIZE - 1, int(y * SIZE)))))
        if side in plan.outer:
            assert kind == {Edge.FIELD: "field", Edge.ROAD: "road", Edge.CITY: "city"}[tile.edges[side]], side
        else:
            assert tile.edges[side] is Edge.FIELD and kind == "city", side


def test_the_block_has_outer_edges_exactly_where_no_city_tile_lies_beyond() -> None:
    squares = set(CITY_SQUARES.values())
    for tile in CITY_TILES:
        square = CITY_SQUARES[tile.name]
        outer = {side for side in SIDES if side.neighbour(square) not in squares}
        assert city_plan(tile.name).outer == outer, tile.name


def _groups(pixels: list[tuple[int, ...]]) -> list[str]:
    return [kind_of(p) for p in pixels]


@pytest.mark.parametrize("size", [64, SIZE])
def test_the_wall_and_the_fields_run_on_across_the_borders_between_city_tiles(size: int) -> None:
    """Along every border inside the block, the two tiles' edge pixels show the same things: the
    outer field's grass, the wall, the City's paving and streets."""
    image = block(size)
    for column in range(1, 4):
        x = column * size
        west = _groups([image.getpixel((x - 1, y)) for y in range(3 * size)])
        east = _groups([image.getpixel((x, y)) for y in range(3 * size)])
        assert sum(a != b for a, b in zip(west, east)) <= 2, column
    for row in range(1, 3):
        y = row * size
        north = _groups([image.getpixel((x, y - 1)) for x in range(4 * size)])
        south = _groups([image.getpixel((x, y)) for x in range(4 * size)])
        assert sum(a != b for a, b in zip(north, south)) <= 2, row


@pytest.mark.parametrize("tile", CITY_TILES, ids=NAMES)
def test_the_wall_stands_inside_the_outer_field(tile: TileType) -> None:
    """Going in from an outer field edge, clear of the towers: grass, the wall, the City."""
    image = render_tile(tile, SIZE).convert("RGB")
    plan = city_plan(tile.name)
    for side in plan.outer:
        if tile.edges[side] is Edge.CITY:
            continue
        checked = 0
        for along in (0.15, 0.3, 0.5, 0.7, 0.85):
            inset = plan.inset(side, along)
            depths = (0.1, inset - 0.03, inset + WALL_DEPTH / 2, inset + WALL_DEPTH + 0.06)
            points = [rotate_point((along, d), side) for d in depths]
            if not plan.inside(points[-1]) or not all(_off_the_towers(plan, p) for p in points[1:]):
                continue
            if any(distance_to_path(p, road.path) < 0.1 for p in points for road in city_layout(tile).roads):
                continue
            kinds = [kind_of(image.getpixel(_pixel(p))) for p in points]
            assert kinds == ["field", "field", "wall", "city"], (side, along, kinds)
            checked += 1
        assert checked, side


def _pixel(point: tuple[float, float], size: int = SIZE) -> tuple[int, int]:
    return (min(size - 1, int(point[0] * size)), min(size - 1, int(point[1] * size)))


@pytest.mark.parametrize("name", ["count-1", "count-4", "count-11"])
def test_a_road_comes_in_through_a_gate(name: str) -> None:
    """The road runs from the edge through the wall, between towers, into the City, and its mask
    with it; there it stops."""
    tile = TILES[name]
    (road,) = [i for i, f in enumerate(tile.features) if f.kind is FeatureKind.ROAD]
    (side,) = tile.features[road].edges
    mask = feature_mask(tile, road, SIZE)
    image = render_tile(tile, SIZE).convert("RGB")

    def at(depth: float, along: float = 0.5) -> tuple[int, int]:
        x, y = rotate_point((along, depth), side)
        return (min(SIZE - 1, int(x * SIZE)), min(SIZE - 1, int(y * SIZE)))

    for depth in (0.02, WALL_INSET - 0.02, WALL_INSET + WALL_DEPTH / 2):
        assert mask.getpixel(at(depth)) == 255, depth
        assert kind_of(image.getpixel(at(depth))) == "road", depth
    assert mask.getpixel(at(WALL_INSET + WALL_DEPTH + 0.1)) == 0
    # A tower (a gate tower, or the corner's) flanks the gate on either side.
    for sign in (-1, 1):
        x, y = rotate_point((0.5 + sign * (ROAD_WIDTH / 2 + 0.03), WALL_INSET + WALL_DEPTH / 2), side)
        assert any(math.dist((x, y), t.centre) < t.half for t in city_plan(name).towers()), sign


@pytest.mark.parametrize(("name", "side"), [("count-9", Side.S), ("count-12", Side.E)])
def test_the_outer_city_pieces_lie_outside_the_wall_with_the_field_between(name: str, side: Side) -> None:
    tile = TILES[name]
    (city,) = [i for i, f in enumerate(tile.features) if f.kind is FeatureKind.CITY]
    (field,) = [i for i, f in enumerate(tile.features) if f.kind is FeatureKind.FIELD]
    city_mask, field_mask = feature_mask(tile, city, SIZE), feature_mask(tile, field, SIZE)
    plan = city_plan(tile.name)
    # Going in from the middle of its edge: the outer city, the field round it, the City's wall.
    seen = []
    for step in range(SIZE // 2 + 20):
        x, y = rotate_point((0.5, (step + 0.5) / SIZE), side)
        xy = (int(x * SIZE), int(y * SIZE))
        now = "city" if city_mask.getpixel(xy) > 128 else "field" if field_mask.getpixel(xy) > 128 else "City"
        if now == "City" and city_mask.getpixel(xy) + field_mask.getpixel(xy) > 64:
            continue  # where the two meet
        if not seen or seen[-1] != now:
            seen.append(now)
        if now == "City":
            assert plan.inside((x, y), -0.01)
    assert seen == ["city", "field", "City"]


def test_the_four_quarters_stand_on_the_middle_tiles() -> None:
    """Castle and market on count-6, cathedral and blacksmith on count-7, and nowhere else."""
    marks = {
        "castle": KEEP_STONE,
        "market": AWNING,
        "cathedral": P.CATHEDRAL_ROOF,
        "blacksmith": ANVIL,
    }
    where = {"castle": "count-6", "market": "count-6", "cathedral": "count-7", "blacksmith": "count-7"}
    for size in (64, SIZE):
        for tile in CITY_TILES:
            image = render_tile(tile, size)
            for quarter, colour in marks.items():
                found = near(image, colour, 10)
                if where[quarter] == tile.name:
                    assert found > 0.004 * size * size, (quarter, size)
                else:
                    assert found < 3, (quarter, tile.name, size)
