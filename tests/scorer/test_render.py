"""The tile art and board pictures: sizes, determinism, rotations, colours where the data says,
feature masks that partition the tile, seamless edges, and whole boards with highlights."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from scorer.engine import BOX_TILES, TILES, Edge, FeatureKind, TileType
from scorer.engine.game import Game
from scorer.engine.places import SIDES, Side, rotate_point
from scorer.engine.scoring import ScoreEvent
from scorer.engine.simulate import random_game
from scorer.render import board_png, feature_mask, feature_mask_png, render_board, render_tile, tile_sprites
from scorer.render import palette as P
from scorer.render.city_art import area_mask, city_label_map, city_plan
from scorer.render.labels import label_map
from scorer.render.raster import Canvas
from scorer.render.tile_art import mask_image, tile_image

ALL = list(TILES.values())
NAMES = [t.name for t in ALL]
SIZE = 128

GROUPS: dict[str, tuple[P.RGB, ...]] = {
    "city": (P.CITY, *P.CITY_ROOFS, P.WALL, P.WALL_OUTLINE),
    "field": (P.FIELD, P.FIELD_DARK, P.FIELD_LIGHT),
    "road": (P.ROAD, P.ROAD_DASH),
    "river": (P.RIVER, P.RIVER_WAVE),
}
EDGE_GROUP = {Edge.CITY: "city", Edge.FIELD: "field", Edge.ROAD: "road", Edge.RIVER: "river"}


def kind_of(pixel: Iterable[int]) -> str:
    """The group of reference colours nearest to ``pixel``."""
    r, g, b = list(pixel)[:3]
    best, kind = None, ""
    for name, colours in GROUPS.items():
        for cr, cg, cb in colours:
            d = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2
            if best is None or d < best:
                best, kind = d, name
    return kind


def unit_pixel(point: tuple[float, float], size: int = SIZE) -> tuple[int, int]:
    return (min(size - 1, int(point[0] * size)), min(size - 1, int(point[1] * size)))


def mean(image: Image.Image) -> float:
    """Mean value of an ``L`` image, 0..1."""
    return ImageStat.Stat(image).mean[0] / 255


def max_difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """Mean and largest channel difference between two images."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    extremes = max(high for _, high in diff.getextrema())
    return sum(ImageStat.Stat(diff).mean) / 3, extremes


# -- single tiles -------------------------------------------------------------------------------


def test_every_tile_type_of_every_box_is_drawn() -> None:
    # The catalogue grew from the base game and the River (34 types) to every box of tiles.md:
    # 24 + 10 types there, 15 garden tiles, 17 of Inns & Cathedrals, 24 of Traders & Builders,
    # 17 of The Tower, 29 of Princess & Dragon and the 2 garden twins of its tiles, and the 12 of
    # the City of Carcassonne.
    assert len(ALL) == 34 + 15 + 17 + 24 + 17 + 29 + 2 + 12
    assert {t.name for t in ALL} == {t.name for tiles in BOX_TILES.values() for t in tiles}


@pytest.mark.parametrize("size", [48, 96, 128])
@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_every_tile_renders_at_the_requested_size(tile: TileType, size: int) -> None:
    image = render_tile(tile, size)
    assert image.mode == "RGBA"
    assert image.size == (size, size)
    assert image.getextrema()[3] == (255, 255), "tiles are opaque"


def test_rendering_is_deterministic() -> None:
    some = [TILES[n] for n in ("A", "C", "F", "L", "O", "S", "river-bridge", "river-lake", "river-city-road")]
    first = {t.name: (render_tile(t, 64, 90).tobytes(), feature_mask(t, 0, 64).tobytes()) for t in some}
    tile_image.cache_clear()
    mask_image.cache_clear()
    label_map.cache_clear()
    second = {t.name: (render_tile(t, 64, 90).tobytes(), feature_mask(t, 0, 64).tobytes()) for t in some}
    assert first == second


def test_rendering_is_the_same_in_another_process() -> None:
    code = "from scorer.render import render_tile; from scorer.engine import TILES; "
    code += "import hashlib; print(hashlib.sha1(render_tile(TILES['O'], 64).tobytes()).hexdigest())"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], check=True, cwd=root, capture_output=True, text=True)
    import hashlib

    assert out.stdout.strip() == hashlib.sha1(render_tile(TILES["O"], 64).tobytes()).hexdigest()


def test_returned_images_are_copies() -> None:
    image = render_tile(TILES["D"], 64)
    image.paste((0, 0, 0, 255), (0, 0, 64, 64))
    assert render_tile(TILES["D"], 64).getpixel((32, 32)) != (0, 0, 0, 255)


@pytest.mark.parametrize("rotation", [90, 180, 270])
@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_rotation_is_the_rotation_0_image_turned_clockwise(tile: TileType, rotation: int) -> None:
    turned = render_tile(tile, 96, 0).rotate(-rotation)  # PIL turns counter-clockwise
    average, _ = max_difference(render_tile(tile, 96, rotation), turned)
    assert average < 1.0


@pytest.mark.parametrize("bad", [45, -90, 360])
def test_bad_rotations_are_refused(bad: int) -> None:
    with pytest.raises(ValueError):
        render_tile(TILES["A"], 64, bad)


def _edge_points(side: Side, inset: float, along: float = 0.5) -> tuple[float, float]:
    return rotate_point((along, inset), side)


def _inside_the_city(tile: TileType, side: Side, rotation: int = 0) -> bool:
    """A side of a City of Carcassonne tile that faces another City tile: the City runs on across
    it, with no feature (tiles.md)."""
    return tile.city_of_carcassonne and Side((side - rotation // 90) % 4) not in city_plan(tile.name).outer


@pytest.mark.parametrize("rotation", [0, 90])
@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_edge_middles_show_what_the_edge_is(tile: TileType, rotation: int) -> None:
    """City edges are city-coloured right at their middle, fields field-coloured, and so on."""
    image = render_tile(tile, SIZE, rotation)
    edges = tile.oriented(rotation).edges
    for side in SIDES:
        pixel = image.getpixel(unit_pixel(_edge_points(side, 0.02)))
        expected = "city" if _inside_the_city(tile, side, rotation) else EDGE_GROUP[edges[side]]
        assert kind_of(pixel) == expected, (side.name, edges[side])


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_city_edges_are_city_along_their_whole_length(tile: TileType) -> None:
    image = render_tile(tile, SIZE)
    for side in SIDES:
        if tile.edges[side] is Edge.CITY:
            for along in (0.08, 0.25, 0.5, 0.75, 0.92):
                pixel = image.getpixel(unit_pixel(_edge_points(side, 0.0, along)))
                assert kind_of(pixel) == "city", (side.name, along)


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_half_edges_beside_a_road_or_river_are_field(tile: TileType) -> None:
    image = render_tile(tile, SIZE)
    for side in SIDES:
        if tile.edges[side] in (Edge.ROAD, Edge.RIVER, Edge.FIELD) and not _inside_the_city(tile, side):
            for along in (0.2, 0.8):
                pixel = image.getpixel(unit_pixel(_edge_points(side, 0.01, along)))
                assert kind_of(pixel) == "field", (side.name, along)


def _profile(tile: TileType, side: Side) -> list[str]:
    """What lies along one edge, pixel by pixel, read clockwise: the kind of feature whose mask
    covers the pixel most, or "river" where no feature does."""
    masks = [feature_mask(tile, i, SIZE) for i in range(len(tile.features))]
    out = []
    for i in range(SIZE):
        xy = unit_pixel(rotate_point(((i + 0.5) / SIZE, 0.0), side))
        values = [m.getpixel(xy) for m in masks]
        best = max(range(len(values)), key=values.__getitem__)
        out.append(tile.features[best].kind.value if values[best] >= 128 else "river")
    return out


def test_edges_of_one_kind_look_the_same_on_every_tile_so_neighbours_join_seamlessly() -> None:
    """Road and river middles line up exactly, cities fill the whole edge, fields meet fields.

    The last few pixels at each end are left out: a corner is shared by four tiles, and a city
    cap's wall may run into it.
    """
    corner = 3
    profiles: dict[Edge, list[tuple[str, list[str]]]] = {}
    for tile in ALL:
        for side in SIDES:
            if _inside_the_city(tile, side):
                continue
            profiles.setdefault(tile.edges[side], []).append(
                (f"{tile.name}/{side.name}", _profile(tile, side))
            )
    for edge, seen in profiles.items():
        reference = seen[0][1][corner:-corner]
        for where, profile in seen:
            # A neighbour reads the same edge the other way round.
            for candidate in (profile, profile[::-1]):
                differ = sum(1 for a, b in zip(reference, candidate[corner:-corner]) if a != b)
                assert differ == 0, (edge, where, differ)


# -- feature masks ------------------------------------------------------------------------------


def _masks(tile: TileType, size: int = SIZE, rotation: int = 0) -> list[Image.Image]:
    return [feature_mask(tile, i, size, rotation) for i in range(len(tile.features))]


def _city_share(tile: TileType) -> float:
    if not tile.city_of_carcassonne:
        return 0.0
    canvas = Canvas.for_size(SIZE)
    return mean(canvas.shrink(area_mask(canvas, tile.name)))


def _river_share(tile: TileType) -> float:
    image = render_tile(tile, 64)
    pixels = [image.getpixel((x, y)) for x in range(64) for y in range(64)]
    return sum(1 for p in pixels if kind_of(p) == "river") / len(pixels)


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_feature_masks_cover_the_tile_without_overlapping(tile: TileType) -> None:
    masks = _masks(tile)
    for mask in masks:
        assert mask.mode == "L" and mask.size == (SIZE, SIZE)
        assert mean(mask) > 0.005, "every feature has an area"
    union = Image.new("L", (SIZE, SIZE), 0)
    for mask in masks:
        union = ImageChops.lighter(union, mask)
    # The river, a crossroads' junction and the City of Carcassonne belong to no feature.
    assert mean(union) + _river_share(tile) + _city_share(tile) > 0.96
    # A garden lies inside the field around it, which keeps the garden's area (the garden divides
    # nothing): only the garden is let overlap, and only with that one field.
    others = [(i, m) for i, m in enumerate(masks) if tile.features[i].kind is not FeatureKind.GARDEN]
    for n, (_, a) in enumerate(others):
        for _, b in others[n + 1 :]:
            assert mean(ImageChops.multiply(a, b)) < 0.01
    for garden in tile.enclosed:
        if tile.features[garden].kind is not FeatureKind.GARDEN:
            continue
        area = mean(masks[garden])
        overlaps = [i for i, m in others if mean(ImageChops.multiply(masks[garden], m)) > 0.001]
        assert len(overlaps) == 1 and tile.features[overlaps[0]].kind is FeatureKind.FIELD, overlaps
        inside = mean(ImageChops.multiply(masks[garden], masks[overlaps[0]]))
        assert inside > 0.97 * area, "the garden lies wholly inside its field"


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_each_feature_lies_at_its_anchor(tile: TileType) -> None:
    """A meeple drawn at a feature's anchor stands on (or touches) that feature."""
    for index, (spec, mask) in enumerate(zip(tile.features, _masks(tile))):
        x, y = unit_pixel(spec.anchor)
        reach = round(0.08 * SIZE)
        near = mask.crop((x - reach, y - reach, x + reach, y + reach))
        assert near.getextrema()[1] == 255, (index, spec.kind)


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_feature_masks_follow_the_places(tile: TileType) -> None:
    """Each rim place of a feature lies in that feature's area."""
    masks = _masks(tile)
    for index, spec in enumerate(tile.features):
        for place in spec.places:
            if place.side is None:
                continue
            spot = rotate_point(((place % 3 + 1) * 0.25, 0.02), place.side)
            assert masks[index].getpixel(unit_pixel(spot)) > 128, (index, place.name)


@pytest.mark.parametrize("name", NAMES)
def test_the_drawn_shapes_alone_divide_the_fields_the_data_names(name: str) -> None:
    """No two fields of a tile share an open area (which would need a hedge drawn between them)."""
    drawn = city_label_map if TILES[name].city_of_carcassonne else label_map  # the wall bounds the City's
    assert drawn(name, 96).hedges == ()


@pytest.mark.parametrize("tile", ALL, ids=NAMES)
def test_rotated_masks_are_turned_masks(tile: TileType) -> None:
    for index in range(len(tile.features)):
        turned = feature_mask(tile, index, 64, 0).rotate(-90)
        assert ImageChops.difference(feature_mask(tile, index, 64, 90), turned).getbbox() is None


@pytest.mark.parametrize("name", ["H", "I", "river-cities"])
def test_separate_cities_stay_apart(name: str) -> None:
    tile = TILES[name]
    cities = [i for i, f in enumerate(tile.features) if f.kind is FeatureKind.CITY]
    assert len(cities) == 2
    a, b = (feature_mask(tile, i, SIZE) for i in cities)
    grown = a.filter(ImageFilter.MaxFilter(5))
    touching = ImageChops.multiply(grown, b)
    # Two caps on adjacent sides may meet at the shared corner, nowhere else.
    assert mean(touching) * SIZE * SIZE < 12


def test_a_two_edge_city_is_one_piece_reaching_both_edges() -> None:
    for name in ("F", "M", "Q", "C"):
        tile = TILES[name]
        mask = feature_mask(tile, 0, SIZE)
        assert mask.getpixel((SIZE // 2, SIZE // 2)) > 0 or name == "M"
        for side in tile.features[0].edges:
            assert mask.getpixel(unit_pixel(_edge_points(side, 0.0))) == 255


def test_unknown_feature_is_refused() -> None:
    with pytest.raises(IndexError):
        feature_mask(TILES["B"], 5)


# -- sprites ------------------------------------------------------------------------------------


def test_tile_sprites_are_pngs_of_every_tile() -> None:
    sprites = tile_sprites(48)
    assert set(sprites) == set(TILES)
    for data in sprites.values():
        assert data.startswith(b"\x89PNG")
        assert Image.open(io.BytesIO(data)).size == (48, 48)


def test_the_pages_tile_pictures_are_webp_a_third_of_the_png_or_less() -> None:
    pngs, webps = tile_sprites(128), tile_sprites(128, "webp")
    assert set(webps) == set(TILES)
    for data in webps.values():
        picture = Image.open(io.BytesIO(data))
        assert (picture.format, picture.size) == ("WEBP", (128, 128))
    assert sum(map(len, webps.values())) * 3 <= sum(map(len, pngs.values()))


def test_feature_mask_png_carries_the_mask_in_its_alpha() -> None:
    data = feature_mask_png("D", 0, 64)
    image = Image.open(io.BytesIO(data))
    assert image.mode == "RGBA" and image.size == (64, 64)
    alpha = image.getchannel("A")
    assert ImageChops.difference(alpha, feature_mask(TILES["D"], 0, 64)).getbbox() is None


# -- boards -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> Game:
    return random_game(random.Random(1))


def _extent(game: Game) -> tuple[int, int]:
    xs = [x for x, _ in game.board.tiles]
    ys = [y for _, y in game.board.tiles]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


@pytest.mark.parametrize("tile_size", [48, 96])
def test_board_size_follows_the_extent_of_the_tiles(game: Game, tile_size: int) -> None:
    columns, rows = _extent(game)
    image = render_board(game, tile_size=tile_size)
    assert image.size == (columns * tile_size, rows * tile_size)
    assert image.mode == "RGBA"


def test_board_tiles_are_the_tile_art_at_their_squares(game: Game) -> None:
    xs = [x for x, _ in game.board.tiles]
    ys = [y for _, y in game.board.tiles]
    image = render_board(game, tile_size=48, show_meeples=False)
    for (x, y), placed in game.board.tiles.items():
        corner = ((x - min(xs)) * 48, (y - min(ys)) * 48)
        piece = image.crop((*corner, corner[0] + 48, corner[1] + 48))
        expected = render_tile(placed.tile, 48, placed.rotation)
        # RGB: getbbox of an RGBA difference looks at alpha alone, which is 0 wherever both are opaque.
        assert ImageChops.difference(piece.convert("RGB"), expected.convert("RGB")).getbbox() is None


def test_meeples_change_the_board(game: Game) -> None:
    assert game.figures, "the random game leaves figures on the board"
    bare = render_board(game, tile_size=48, show_meeples=False)
    with_meeples = render_board(game, tile_size=48)
    assert ImageChops.difference(bare.convert("RGB"), with_meeples.convert("RGB")).getbbox() is not None


def test_tiny_tiles_are_refused(game: Game) -> None:
    with pytest.raises(ValueError):
        render_board(game, tile_size=4)


def test_empty_board_is_one_blank_square() -> None:
    assert render_board(Game(2), tile_size=64).size == (64, 64)


def test_colours_are_checked(game: Game) -> None:
    with pytest.raises(ValueError):
        render_board(game, tile_size=32, colors=["red", "purple", "blue"])
    with pytest.raises(ValueError):
        render_board(game, tile_size=32, colors=["red"])
    render_board(game, tile_size=32, colors=["yellow", "black", "green"])


def _biggest(game: Game, kind: FeatureKind) -> ScoreEvent:
    events = [e for e in game.report().events if e.feature is kind]
    return max(events, key=lambda e: len(e.segments))


@pytest.mark.parametrize("kind", [FeatureKind.CITY, FeatureKind.FIELD, FeatureKind.ROAD])
def test_highlight_brightens_the_feature_and_dims_the_rest(game: Game, kind: FeatureKind) -> None:
    event = _biggest(game, kind)
    plain = render_board(game, tile_size=64).convert("L")
    lit = render_board(game, tile_size=64, highlight=event).convert("L")
    assert ImageChops.difference(plain, lit).getbbox() is not None
    xs = [x for x, _ in game.board.tiles]
    ys = [y for _, y in game.board.tiles]
    featured = {sq for sq, _ in event.segments + event.city_segments}
    others = [sq for sq in game.board.tiles if sq not in event.tiles and sq not in featured]
    assert others
    for x, y in others[:5]:
        box = ((x - min(xs)) * 64, (y - min(ys)) * 64, (x - min(xs) + 1) * 64, (y - min(ys) + 1) * 64)
        assert mean(lit.crop(box)) < mean(plain.crop(box)) * 0.7, "the rest is dimmed"


def test_board_png_is_a_png_of_the_board(game: Game) -> None:
    data = board_png(game, tile_size=32)
    assert data.startswith(b"\x89PNG")
    columns, rows = _extent(game)
    assert Image.open(io.BytesIO(data)).size == (columns * 32, rows * 32)


def test_river_game_renders() -> None:
    river = random_game(random.Random(3), 2, expansions=("river",), max_tiles=20)
    image = render_board(river, tile_size=40)
    columns, rows = _extent(river)
    assert image.size == (columns * 40, rows * 40)


def test_render_package_does_not_pull_in_django() -> None:
    code = "import sys, scorer.render; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
