"""The expansions' tile art: inns beside their roads, cathedrals, gardens, trade goods, cities that
meet, middle fields, hedges, a road bridging another, and Princess & Dragon's volcanoes, dragons,
portals, princesses and tunnel, each checked against the tile data; and a name for every tile."""

from __future__ import annotations

import dataclasses
import math

import pytest
from django.utils import translation
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat

from scorer.board_layer.tile_names import BASE_TILE_DESCRIPTIONS, tile_name
from scorer.engine.places import Place
from scorer.engine.tiles import FeatureKind, Good, TileMark, TileType
from scorer.engine.tilesets import TILES
from scorer.render import feature_mask, render_tile
from scorer.render import palette as P
from scorer.render.geometry import (
    GARDEN_RADIUS,
    GOOD_HALF,
    INN_HALF,
    ROAD_WIDTH,
    distance_to_path,
    tile_layout,
)
from scorer.render.raster import Canvas
from scorer.render.tile_art import MARK_HALF, PRINCESS_HALF, _paint, draw_good, princess_spots

SIZE = 128
ALL = list(TILES.values())
INNS = [t for t in ALL if any(f.inn for f in t.features)]
GOODS = [t for t in ALL if any(f.good for f in t.features)]
GARDENS = [t for t in ALL if t.twin is not None]
MIDDLE_FIELDS = [
    t for t in ALL if any(f.kind is FeatureKind.FIELD and f.places == (Place.C,) for f in t.features)
]
GOOD_COLOURS = {Good.WINE: P.WINE, Good.WHEAT: P.WHEAT, Good.CLOTH: P.CLOTH}


def ids(tiles: list[TileType]) -> list[str]:
    return [t.name for t in tiles]


def near_colour(image: Image.Image, colour: P.RGB, within: float = 10) -> Image.Image:
    """Mode ``L``: 255 where ``image`` is within ``within`` of ``colour``."""
    r, g, b = colour
    out = Image.new("L", image.size, 0)
    source, target = image.convert("RGB").load(), out.load()
    for x in range(image.width):
        for y in range(image.height):
            pr, pg, pb = source[x, y]
            if (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2 <= within * within:
                target[x, y] = 255
    return out


def count(mask: Image.Image) -> int:
    return round(ImageStat.Stat(mask).sum[0] / 255)


def share_inside(marks: Image.Image, area: Image.Image) -> float:
    """How much of ``marks`` lies where ``area`` is set."""
    inside = ImageChops.multiply(marks, area.point(lambda v: 255 if v >= 128 else 0))
    return count(inside) / max(1, count(marks))


def grown(mask: Image.Image, pixels: int) -> Image.Image:
    return mask.point(lambda v: 255 if v >= 128 else 0).filter(ImageFilter.MaxFilter(2 * pixels + 1))


def touching(a: Image.Image, b: Image.Image, pixels: int = 2) -> int:
    """How many pixels of ``b`` lie within ``pixels`` of ``a``."""
    return count(ImageChops.multiply(grown(a, pixels), b.point(lambda v: 255 if v >= 128 else 0)))


def features_of(tile: TileType, kind: FeatureKind) -> list[int]:
    return [i for i, f in enumerate(tile.features) if f.kind is kind]


# -- inns -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", INNS, ids=ids(INNS))
def test_inns_are_drawn_beside_the_inn_road(tile: TileType) -> None:
    image = render_tile(tile, SIZE)
    roof = near_colour(image, P.INN_ROOF)
    assert count(roof) > 40, "an inn's roof is drawn"
    inn_road = next(i for i, f in enumerate(tile.features) if f.inn)
    # The inn belongs to its road's area (it lights up with the road) and touches the road itself.
    assert share_inside(roof, feature_mask(tile, inn_road, SIZE)) > 0.95
    (spot,) = [centre for road, centre in tile_layout(tile).inns if road == inn_road]
    road_path = next(r.path for r in tile_layout(tile).roads if r.feature == inn_road)
    assert distance_to_path(spot, road_path) < ROAD_WIDTH / 2 + math.hypot(*INN_HALF), "beside the road"
    for other in features_of(tile, FeatureKind.ROAD):
        if other != inn_road:
            assert share_inside(roof, feature_mask(tile, other, SIZE)) == 0


def test_only_inns_have_slate_roofs() -> None:
    for tile in ALL:
        if tile not in INNS:
            # A few blended pixels (blue glass against a dark outline) may come near; no roof does.
            assert count(near_colour(render_tile(tile, 64), P.INN_ROOF)) < 6, tile.name


# -- trade goods ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", GOODS, ids=ids(GOODS))
def test_goods_are_drawn_on_their_city(tile: TileType) -> None:
    image = render_tile(tile, SIZE)
    (city,) = [i for i, f in enumerate(tile.features) if f.good is not None]
    good = tile.features[city].good
    assert good is not None
    badge = near_colour(image, P.GOOD_BADGE, 8)
    assert count(badge) > 60, "the token is drawn"
    # A stray blended pixel elsewhere (a garden's flowers) may come near the token's colour.
    assert share_inside(badge, feature_mask(tile, city, SIZE)) > 0.98
    symbol = near_colour(image, GOOD_COLOURS[good], 14)
    assert count(symbol) > 8, f"the {good} symbol is drawn"
    assert share_inside(symbol, feature_mask(tile, city, SIZE)) == 1.0
    for other, colour in GOOD_COLOURS.items():
        if other is not good:
            assert count(near_colour(image, colour, 14)) == 0, f"no {other} on a {good} tile"


def test_tiles_without_goods_show_no_token() -> None:
    for tile in ALL:
        if tile not in GOODS:
            assert not tile_layout(tile).goods
            assert count(near_colour(render_tile(tile, 64), P.GOOD_BADGE, 6)) < 4, tile.name


def _token(good: Good, size: int = 48) -> Image.Image:
    """One goods token alone, at the scale of a ``size``-pixel tile, in grey."""
    canvas = Canvas.for_size(size)
    image = canvas.new("RGB", P.CITY)
    draw_good(ImageDraw.Draw(image), canvas, good, (0.5, 0.5))
    r = GOOD_HALF[0] * size
    box = (round(size / 2 - r), round(size / 2 - r), round(size / 2 + r), round(size / 2 + r))
    return canvas.shrink(image).convert("L").crop(box)


def _silhouette(token: Image.Image) -> set[tuple[int, int]]:
    """The pixels of the symbol: those inside the token's rim well darker than its light ground."""
    ground = token.getextrema()[1]
    pixels = token.load()
    middle, rim = (token.width - 1) / 2, token.width * 0.4
    return {
        (x, y)
        for x in range(token.width)
        for y in range(token.height)
        if math.hypot(x - middle, y - middle) < rim and pixels[x, y] < ground - 60
    }


@pytest.mark.parametrize("size", [48, 128])
def test_the_three_goods_differ_in_grey_and_in_shape(size: int) -> None:
    tokens = {good: _token(good, size) for good in Good}
    shapes = {good: _silhouette(token) for good, token in tokens.items()}
    for good, shape in shapes.items():
        assert len(shape) > 0.1 * tokens[good].width ** 2, f"{good} has a symbol"
    goods = list(Good)
    for n, a in enumerate(goods):
        for b in goods[n + 1 :]:
            difference = ImageStat.Stat(ImageChops.difference(tokens[a], tokens[b])).mean[0]
            assert difference > 12, (a, b, difference)
            overlap = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
            assert overlap < 0.6, (a, b, overlap)


def test_wheat_is_tall_and_cloth_is_wide() -> None:
    def extent(good: Good) -> tuple[int, int]:
        shape = _silhouette(_token(good, 128))
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        return max(xs) - min(xs), max(ys) - min(ys)

    wheat_w, wheat_h = extent(Good.WHEAT)
    cloth_w, cloth_h = extent(Good.CLOTH)
    assert wheat_h > wheat_w and cloth_w > cloth_h


# -- gardens --------------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", GARDENS, ids=ids(GARDENS))
def test_a_garden_tile_differs_from_its_twin_only_around_the_garden(tile: TileType) -> None:
    assert tile.twin is not None
    twin = TILES[tile.twin]
    diff = ImageChops.difference(
        render_tile(tile, SIZE).convert("RGB"), render_tile(twin, SIZE).convert("RGB")
    )
    box = diff.getbbox()
    assert box is not None, "the garden is drawn"
    (garden,) = features_of(tile, FeatureKind.GARDEN)
    x, y = tile.features[garden].anchor
    reach = GARDEN_RADIUS * SIZE + 2
    left, top, right, bottom = box
    assert x * SIZE - reach <= left and right <= x * SIZE + reach
    assert y * SIZE - reach <= top and bottom <= y * SIZE + reach


@pytest.mark.parametrize("tile", GARDENS, ids=ids(GARDENS))
def test_a_garden_divides_nothing(tile: TileType) -> None:
    """Every other feature's area is its twin's, pixel for pixel: the fields run under the garden."""
    assert tile.twin is not None
    twin = TILES[tile.twin]
    for index, spec in enumerate(tile.features):
        if spec.kind is FeatureKind.GARDEN:
            continue
        difference = ImageChops.difference(feature_mask(tile, index, SIZE), feature_mask(twin, index, SIZE))
        assert difference.getbbox() is None, (index, spec.kind)


@pytest.mark.parametrize("tile", GARDENS, ids=ids(GARDENS))
def test_a_garden_is_green_and_colourful_and_no_cloister(tile: TileType) -> None:
    (garden,) = features_of(tile, FeatureKind.GARDEN)
    image = render_tile(tile, SIZE)
    x, y = tile.features[garden].anchor
    r = GARDEN_RADIUS * SIZE
    patch = image.crop((round(x * SIZE - r), round(y * SIZE - r), round(x * SIZE + r), round(y * SIZE + r)))
    assert count(near_colour(patch, P.HEDGE, 12)) > 0.15 * patch.width * patch.height
    flowers = sum(1 for colour in P.GARDEN_FLOWERS if count(near_colour(patch, colour, 20)) > 3)
    assert flowers >= 3
    # No building: none of a chapel's roof, walls or dark outline.
    for colour in (P.CLOISTER_ROOF, P.CLOISTER_WALL, P.CLOISTER_OUTLINE):
        assert count(near_colour(patch, colour, 12)) == 0


# -- cathedrals -----------------------------------------------------------------------------------


def test_the_cathedral_fills_its_city() -> None:
    tile = TILES["ic-cathedral"]
    image = render_tile(tile, SIZE)
    stone = ImageChops.lighter(
        near_colour(image, P.CATHEDRAL_STONE, 10), near_colour(image, P.CATHEDRAL_SHADE, 10)
    )
    roof = near_colour(image, P.CATHEDRAL_ROOF, 12)
    assert count(stone) + count(roof) > 0.15 * SIZE * SIZE
    assert share_inside(stone, feature_mask(tile, 0, SIZE)) == 1.0
    assert count(near_colour(image, P.ROSE_GLASS, 20)) > 10, "a rose window"
    assert count(near_colour(image, P.GOLD, 20)) > 4, "crosses"
    # The knight stands clear of it.
    x, y = tile.features[0].anchor
    assert (
        count(
            stone.crop(
                (round(x * SIZE) - 12, round(y * SIZE) - 12, round(x * SIZE) + 12, round(y * SIZE) + 12)
            )
        )
        == 0
    )


def test_only_the_cathedral_tile_has_a_cathedral() -> None:
    for tile in ALL:
        has = any(f.cathedral for f in tile.features)
        assert bool(tile_layout(tile).cathedrals) == has, tile.name


# -- cities that meet, middle fields ----------------------------------------------------------------


@pytest.mark.parametrize("tile", MIDDLE_FIELDS, ids=ids(MIDDLE_FIELDS))
def test_a_middle_field_touches_no_edge_and_every_city_it_names(tile: TileType) -> None:
    (field,) = [
        i for i, f in enumerate(tile.features) if f.kind is FeatureKind.FIELD and f.places == (Place.C,)
    ]
    mask = feature_mask(tile, field, SIZE).point(lambda v: 255 if v >= 128 else 0)
    assert count(mask) > 0.02 * SIZE * SIZE
    rim = Image.new("L", mask.size, 255)
    ImageDraw.Draw(rim).rectangle((3, 3, SIZE - 4, SIZE - 4), fill=0)
    assert count(ImageChops.multiply(mask, rim)) == 0, "the field keeps off the edges"
    for city in tile.features[field].cities:
        assert touching(mask, feature_mask(tile, city, SIZE)) > 20, city


SEPARATE = [
    t for t in ALL if len(features_of(t, FeatureKind.CITY)) > 1 and t.expansion is not None and not t.is_river
]


@pytest.mark.parametrize("tile", SEPARATE, ids=ids(SEPARATE))
def test_separate_cities_meet_along_a_wall_or_not_at_all(tile: TileType) -> None:
    """Cities that meet share a wall (drawn in wall colours where they touch); each stays one city."""
    image = render_tile(tile, SIZE).convert("RGB")
    cities = features_of(tile, FeatureKind.CITY)
    wall = ImageChops.lighter(near_colour(image, P.WALL, 14), near_colour(image, P.WALL_OUTLINE, 14))
    for n, a in enumerate(cities):
        for b in cities[n + 1 :]:
            ma, mb = feature_mask(tile, a, SIZE), feature_mask(tile, b, SIZE)
            seam = ImageChops.multiply(grown(ma, 1), grown(mb, 1))
            if count(seam) > 12:
                assert share_inside(seam, grown(wall, 1)) > 0.9, (a, b)


MEETINGS = {
    "ic-four-cities": {(0, 1), (1, 2), (2, 3), (0, 3)},
    "ic-three-cities": {(0, 1), (0, 2)},
    "ic-two-cities-two-roads": {(0, 1)},
    "tb-corner-and-two-cities-cloth": {(0, 1), (0, 2), (1, 2)},
    "tb-two-corners-wine": {(0, 1)},
    "tb-across-and-city-wine": {(0, 1)},
    "I": set(),
    "ic-corner-and-city": set(),
    "tb-corner-road-city-wheat": set(),
}
"""Which of a tile's separate cities meet along a wall; the others touch at a corner at most."""


@pytest.mark.parametrize("name", list(MEETINGS))
def test_separate_cities_meet_where_they_close_a_field_in(name: str) -> None:
    tile = TILES[name]
    cities = features_of(tile, FeatureKind.CITY)
    met = set()
    for n, a in enumerate(cities):
        for b in cities[n + 1 :]:
            if touching(feature_mask(tile, a, SIZE), feature_mask(tile, b, SIZE), 1) > 15:
                met.add((a, b))
    assert met == MEETINGS[name]


def test_two_cities_meet_in_the_middle_between_two_road_ends() -> None:
    tile = TILES["ic-two-cities-two-roads"]
    north, south = (feature_mask(tile, i, SIZE) for i in features_of(tile, FeatureKind.CITY))
    assert north.getpixel((SIZE // 2, SIZE // 2 - 3)) == 255
    assert south.getpixel((SIZE // 2, SIZE // 2 + 3)) == 255
    assert touching(north, south, 1) > 15
    for road in features_of(tile, FeatureKind.ROAD):
        assert touching(feature_mask(tile, road, SIZE), north) > 0
        assert touching(feature_mask(tile, road, SIZE), south) > 0


# -- roads ----------------------------------------------------------------------------------------


def _pieces(mask: Image.Image) -> int:
    """How many separate blobs ``mask`` has (4-connected, at half resolution)."""
    small = mask.resize((mask.width // 2, mask.height // 2)).point(lambda v: 255 if v >= 128 else 0)
    pixels = small.load()
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for x in range(small.width):
        for y in range(small.height):
            if pixels[x, y] and (x, y) not in seen:
                blobs += 1
                todo = [(x, y)]
                seen.add((x, y))
                while todo:
                    cx, cy = todo.pop()
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        inside = 0 <= nx < small.width and 0 <= ny < small.height
                        if inside and pixels[nx, ny] and (nx, ny) not in seen:
                            seen.add((nx, ny))
                            todo.append((nx, ny))
    return blobs


def test_the_crossing_roads_pass_one_over_the_other() -> None:
    tile = TILES["tb-road-crossing"]
    layout = tile_layout(tile)
    assert layout.junction is None
    bridges = [r for r in layout.roads if r.bridge]
    assert len(bridges) == 1
    over = bridges[0].feature
    (under,) = [r.feature for r in layout.roads if not r.bridge]
    assert _pieces(feature_mask(tile, over, SIZE)) == 1
    assert _pieces(feature_mask(tile, under, SIZE)) == 2, "the lower road runs on beneath the bridge"
    image = render_tile(tile, SIZE)
    parapets = near_colour(image.crop((40, 40, 88, 88)), P.BRIDGE, 10)
    assert count(parapets) > 30


def test_two_bends_stay_apart() -> None:
    tile = TILES["ic-two-curves"]
    assert tile_layout(tile).junction is None
    a, b = (feature_mask(tile, i, SIZE) for i in features_of(tile, FeatureKind.ROAD))
    assert touching(a, b, 6) == 0


@pytest.mark.parametrize(
    "name", ["tb-corner-two-roads-wine", "tb-corner-two-roads-split-cloth", "ic-corner-road", "tb-city-road"]
)
def test_roads_that_end_at_a_city_run_into_its_wall(name: str) -> None:
    tile = TILES[name]
    assert tile_layout(tile).junction is None
    roads = features_of(tile, FeatureKind.ROAD)
    (city,) = features_of(tile, FeatureKind.CITY)
    for road in roads:
        assert touching(feature_mask(tile, road, SIZE), feature_mask(tile, city, SIZE)) > 10
    if len(roads) == 2:
        # Each on its own: the field between them reaches the wall.
        a, b = (feature_mask(tile, r, SIZE) for r in roads)
        assert touching(a, b, 2) == 0


# -- hedges ---------------------------------------------------------------------------------------

SPLIT = [t for t in ALL if "split" in t.name and t.name != "to-city-straight-split"]
"""Tiles whose fields beside a corner city are cut apart at the south-east corner (the Tower's
straight split tile is cut by its road instead, as any straight road cuts a field)."""


@pytest.mark.parametrize("tile", SPLIT, ids=ids(SPLIT))
def test_split_fields_are_cut_apart_by_a_hedge_at_the_south_east_corner(tile: TileType) -> None:
    layout = tile_layout(tile)
    assert len(layout.hedges) == 1
    image = render_tile(tile, SIZE)
    hedge = near_colour(image, P.HEDGE, 14)
    corner = hedge.crop((SIZE - 12, SIZE - 12, SIZE, SIZE))
    assert count(corner) > 8, "the hedge starts at the corner"
    assert count(hedge) > 150
    at = tile.orientations[0].feature_at
    east, south = at[5], at[6]  # ESE and SSE, either side of the south-east corner
    assert east != south
    for field in (east, south):
        assert touching(hedge, feature_mask(tile, field, SIZE), 2) > 30


HEDGED_MIDDLE = [TILES["pd-city-and-corner-princess"]]
"""A field along one edge between two cities, and a middle field touching both: only a hedge parts them."""


def test_a_hedge_parts_a_field_along_an_edge_from_the_middle_field() -> None:
    (tile,) = HEDGED_MIDDLE
    (hedge,) = tile_layout(tile).hedges
    assert all(abs(x - 0.3) < 1e-9 for x, _ in hedge), "parallel to the west edge"
    west, middle = (i for i, f in enumerate(tile.features) if f.kind is FeatureKind.FIELD)
    drawn = near_colour(render_tile(tile, SIZE), P.HEDGE, 14)
    assert count(drawn) > 100
    for field in (west, middle):
        assert touching(drawn, feature_mask(tile, field, SIZE), 2) > 30


def test_no_hedge_where_no_fields_are_split() -> None:
    for tile in ALL:
        if tile not in SPLIT and tile not in HEDGED_MIDDLE:
            assert tile_layout(tile).hedges == (), tile.name


# -- Princess & Dragon -----------------------------------------------------------------------------

MARKED = [t for t in ALL if t.mark is not None]
PRINCESSES = [t for t in ALL if any(f.princess for f in t.features)]
MARK_COLOURS = {
    TileMark.VOLCANO: (P.LAVA, P.VOLCANO_ROCK),
    TileMark.DRAGON: (P.DRAGON, P.DRAGON_WING),
    TileMark.PORTAL: (P.PORTAL_SWIRL, P.PORTAL_STONE),
}
"""Two colours each mark is drawn in, and no other mark, nor anything else on a tile."""


def test_every_princess_and_dragon_tile_has_its_mark_or_its_princess() -> None:
    box = [t for t in ALL if t.name.startswith("pd-")]
    assert len(box) == 29 + 2
    for tile in box:
        assert (tile.mark is None) != (tile not in PRINCESSES), tile.name
    assert {m: sum(1 for t in box if t.mark is m and t.twin is None) for m in TileMark} == {
        TileMark.VOLCANO: 6,
        TileMark.DRAGON: 11,  # pd-curve-dragon, a type of two tiles, makes the twelfth
        TileMark.PORTAL: 6,
    }


@pytest.mark.parametrize("tile", MARKED, ids=ids(MARKED))
def test_the_mark_is_drawn_where_the_tile_says(tile: TileType) -> None:
    """The tile differs from itself painted without its mark only round the mark, and there a lot."""
    assert tile.mark is not None and tile.mark_at is not None
    bare = dataclasses.replace(tile, mark=None, mark_at=None)
    diff = ImageChops.difference(
        render_tile(tile, SIZE).convert("RGB"), _paint(bare, Canvas.for_size(SIZE)).convert("RGB")
    )
    # Left out: the faintest edge of the portal's and the crater's glow.
    changed = diff.convert("L").point(lambda v: 255 if v > 24 else 0)
    box = changed.getbbox()
    assert box is not None, "the mark is drawn"
    assert count(changed) > 0.03 * SIZE * SIZE
    x, y = tile.mark_at
    # The dragon's flame and the portal's glow reach a little past the half width.
    reach = 1.35 * MARK_HALF * SIZE + 2
    left, top, right, bottom = box
    assert x * SIZE - reach <= left and right <= x * SIZE + reach
    assert y * SIZE - reach <= top and bottom <= y * SIZE + reach
    for size in (64, SIZE):
        image = render_tile(tile, size)
        for colour in MARK_COLOURS[tile.mark]:
            assert count(near_colour(image, colour, 14)) > 0.001 * size * size, (size, colour)


def test_a_mark_shows_only_its_own_colours() -> None:
    for tile in ALL:
        image = render_tile(tile, 64)
        for mark, colours in MARK_COLOURS.items():
            if mark is not tile.mark:
                # A few blended pixels (a dark outline against red) may come near; no mark does.
                assert count(near_colour(image, colours[0], 10)) < 6, (tile.name, mark)


@pytest.mark.parametrize("tile", MARKED, ids=ids(MARKED))
def test_the_mark_leaves_the_figures_at_the_anchors_in_view(tile: TileType) -> None:
    assert tile.mark_at is not None
    for spec in tile.features:
        assert math.dist(spec.anchor, tile.mark_at) > MARK_HALF, spec


@pytest.mark.parametrize("tile", PRINCESSES, ids=ids(PRINCESSES))
def test_the_princess_stands_in_her_city_beside_its_anchor(tile: TileType) -> None:
    image = render_tile(tile, SIZE)
    (city,) = [i for i, f in enumerate(tile.features) if f.princess]
    gown = near_colour(image, P.PRINCESS_GOWN, 14)
    assert count(gown) > 12, "the princess is drawn"
    assert share_inside(gown, feature_mask(tile, city, SIZE)) > 0.97
    assert count(near_colour(image, P.GOLD, 24)) > 4, "she wears a crown"
    ((feature, ((x, y), scale)),) = princess_spots(tile)
    assert feature == city
    # Clear of the figure drawn at the anchor: she never stands on it.
    ax, ay = tile.features[city].anchor
    assert abs(x - ax) > PRINCESS_HALF[0] * scale or abs(y - ay) > PRINCESS_HALF[1] * scale
    spot = gown.crop((round(ax * SIZE) - 3, round(ay * SIZE) - 3, round(ax * SIZE) + 3, round(ay * SIZE) + 3))
    assert count(spot) == 0


def test_only_princess_cities_have_a_princess() -> None:
    for tile in ALL:
        if tile not in PRINCESSES:
            assert princess_spots(tile) == ()
            assert count(near_colour(render_tile(tile, 64), P.PRINCESS_GOWN, 10)) < 4, tile.name


def test_the_tunnel_road_goes_under_the_field_and_the_city() -> None:
    """On pd-across-tunnel-dragon the road dips into a dark mouth before the city's wall, grass
    between, so that the field it does not divide reads whole; the Tower's road through a city,
    which divides its fields, runs right up to the wall as before."""
    tile = TILES["pd-across-tunnel-dragon"]
    image = render_tile(tile, SIZE)
    mouths = near_colour(image, P.TUNNEL, 10)
    assert count(mouths.crop((0, 0, SIZE, SIZE // 2))) > 20, "the north mouth"
    assert count(mouths.crop((0, SIZE // 2, SIZE, SIZE))) > 20, "the south mouth"
    (city,) = features_of(tile, FeatureKind.CITY)
    wall = next(y for y in range(SIZE) if feature_mask(tile, city, SIZE).getpixel((SIZE // 2, y)) > 128)
    column = [image.getpixel((SIZE // 2, y))[:3] for y in range(wall)]
    grass = [y for y, pixel in enumerate(column) if math.dist(pixel, P.FIELD) < 30]
    assert grass and max(grass) >= wall - 4 and len(grass) >= 4, "grass over the tunnel by the wall"
    tower = render_tile(TILES["to-across-road-through"], SIZE)
    assert count(near_colour(tower, P.TUNNEL, 10)) < 4
    for other in ALL:
        if other is not tile:
            assert count(near_colour(render_tile(other, 64), P.TUNNEL, 8)) < 4, other.name


def test_the_tunnel_road_lights_up_only_above_ground() -> None:
    """The road's mask stops at the tunnel's mouths; over the tunnel the field's mask runs on."""
    tile = TILES["pd-across-tunnel-dragon"]
    (road,) = features_of(tile, FeatureKind.ROAD)
    (city,) = features_of(tile, FeatureKind.CITY)
    north, south = features_of(tile, FeatureKind.FIELD)
    road_mask, city_mask = feature_mask(tile, road, SIZE), feature_mask(tile, city, SIZE)
    column = SIZE // 2
    wall = next(y for y in range(SIZE) if city_mask.getpixel((column, y)) > 128)
    assert road_mask.getpixel((column, 2)) == 255, "the road at the edge"
    assert road_mask.getpixel((column, wall - 3)) == 0, "no road over the tunnel"
    assert feature_mask(tile, north, SIZE).getpixel((column, wall - 3)) == 255
    below = next(y for y in range(SIZE - 1, 0, -1) if city_mask.getpixel((column, y)) > 128)
    assert road_mask.getpixel((column, below + 3)) == 0
    assert feature_mask(tile, south, SIZE).getpixel((column, below + 3)) == 255
    assert road_mask.getpixel((column, SIZE - 3)) == 255
    assert road_mask.getpixel((column, SIZE // 2)) == 0, "under the city the city lights up"


# -- names ----------------------------------------------------------------------------------------


def test_every_tile_of_the_catalogue_has_a_page_name() -> None:
    """A name a reader knows the tile by: a base tile's letter (with its description), a garden
    twin of one ("E with a garden"), any other tile by what it shows, never its catalogue name."""
    with translation.override("en"):
        names = {}
        for tile in ALL:
            name = tile_name(tile.name)
            letter = tile.name if tile.name in BASE_TILE_DESCRIPTIONS else tile.twin
            if letter in BASE_TILE_DESCRIPTIONS:
                assert name.startswith(letter), tile.name
            else:
                assert name != tile.name, tile.name
            names[name] = tile.name
        assert len(names) == len(ALL), "no two tile types share a name"
        assert tile_name("pd-road-end-volcano") == "volcano on a road end"
        assert tile_name("pd-curve-dragon") == "road bend with the dragon"
