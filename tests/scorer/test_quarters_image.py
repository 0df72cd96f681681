"""The City of Carcassonne's quarters on the board pictures (The Count of Carcassonne): a band under
the board with the four quarters, each follower in its quarter in its player's colour and mark, the
Count where he stands, and the followers who came out of the City for a lit event marked on the
board with an arrow from their quarter; a game without the Count is drawn without any of it."""

from __future__ import annotations

import io
import math
import random

import pytest
from PIL import Image, ImageChops

from scorer import services
from scorer.board_layer.players import PLAYER_COLOURS
from scorer.engine import FeatureKind, FigureKind, Game, Placement, read_board, write_board
from scorer.engine.actions import parse_action
from scorer.engine.expansions.count import COUNT, Quarter, Resident
from scorer.engine.simulate import random_game
from scorer.engine.tilesets.count import CITY_SQUARES, COUNT_TILES
from scorer.render import board_image
from scorer.render import quarters_image as Q
from scorer.render.board_image import render_board
from scorer.render.sizing import MAX_PIXELS, MAX_SIDE, square_size

CITY = [Placement(t.name, *CITY_SQUARES[t.name], 0) for t in COUNT_TILES]
# The road west of the City (tests/engine/test_count.py): Mina's cloister tile ends Wei's road,
# and Mina's big meeple goes into the castle while the Count moves to the market.
ROAD_FOR_WEI = ["0>U@-3,-1/0", "1>U@-4,-1/0:1W", "0>A@-5,-1/270:quarter=castle+big,count=market"]
COLOURS = ["red", "blue", "green", "yellow"]
TILE = 96


def city_game(*more: str, players: int = 2) -> Game:
    game = Game(players, expansions=("count", "inns-cathedrals"))
    game.extend(CITY)
    for text in more:
        game.push(Placement.parse(text))
    return game


def final_city(residents: tuple[Resident, ...], count: Quarter, players: int = 4) -> Game:
    """The City alone on a finished board, with followers in its quarters and the Count."""
    extras = {"quarters": tuple(sorted(residents)), "count": count}
    game = Game(players, expansions=["count", "inns-cathedrals"], mode="final", extras=extras)
    game.extend(CITY)
    return game


def band_top(game: Game, tile: int = TILE) -> int:
    return game.board.extent.rows * tile


def cells(game: Game, tile: int = TILE) -> dict[Quarter, tuple[int, int, int, int]]:
    panel = Q.quarters_panel(game, game.board.extent.columns)
    assert panel is not None
    return {q: tuple(round(v) for v in box) for q, box in panel.cells(tile, band_top(game, tile)).items()}


def pixels_of(image: Image.Image, box, colour: tuple[int, int, int]) -> int:
    """How many pixels in ``box`` are exactly ``colour``."""
    crop = image.convert("RGB").crop(box)
    return sum(n for n, c in crop.getcolors(crop.width * crop.height) if c == colour)


# -- with the Count, and only with it ----------------------------------------------------------------


def test_a_game_without_the_count_has_no_band_and_never_reaches_the_quarters_code(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("the quarters are drawn only with the Count")

    monkeypatch.setattr(board_image, "put_quarters", never)
    game = random_game(random.Random(1), 3, expansions=("inns-cathedrals",), max_tiles=30)
    events = game.report().events
    extent = game.board.extent
    assert Q.quarters_panel(game, extent.columns) is None and Q.quarters_rows(game, extent.columns) == 0
    for kw in ({}, {"highlight": events[0]}, {"highlights": events[:3]}):
        assert render_board(game, tile_size=48, **kw).size == (extent.columns * 48, extent.rows * 48)


def test_with_the_count_a_band_of_whole_squares_lies_under_the_board():
    game = city_game(*ROAD_FOR_WEI)
    extent = game.board.extent
    rows = Q.quarters_rows(game, extent.columns)
    assert rows >= 1
    image = render_board(game, tile_size=TILE)
    assert image.size == (extent.columns * TILE, (extent.rows + rows) * TILE)
    # The board's squares are where they were (a City tile no figure stands on), the band is
    # under them, the quarters on it.
    bare = board_image.tiles_image(game.board, TILE)[0]
    x, y = ((1 - extent.west) * TILE, (1 - extent.north) * TILE)
    square = (x, y, x + TILE, y + TILE)
    assert image.crop(square).tobytes() == bare.crop(square).tobytes()
    top = band_top(game)
    assert pixels_of(image, (0, top, image.width, image.height), Q._BAND[:3]) > 1000
    assert pixels_of(image, (0, 0, image.width, top), Q._BAND[:3]) == 0
    for box in cells(game).values():
        assert box[1] >= top and box[3] <= image.height


def test_without_figures_shown_there_is_no_band():
    game = city_game(*ROAD_FOR_WEI)
    extent = game.board.extent
    image = render_board(game, tile_size=48, show_meeples=False)
    assert image.size == (extent.columns * 48, extent.rows * 48)


def test_each_quarter_shows_its_own_picture():
    game = final_city((), Quarter.CASTLE)
    image = render_board(game, tile_size=TILE)
    for quarter, (x0, y0, x1, y1) in cells(game).items():
        side = round(Q._ICON * Q.quarters_panel(game, game.board.extent.columns).unit * TILE)
        icon = Q.quarter_icon(quarter, side)
        found = image.crop((x0, y0, x1, y1)).convert("RGB")
        # The icon's own colours are in its quarter's square: the castle's stone, the market's
        # awning, the blacksmith's anvil, the cathedral's stone.
        colours = {c for _, c in icon.convert("RGB").getcolors(1 << 16) if c != (0, 0, 0)}
        here = {c for _, c in found.getcolors(1 << 20)}
        assert len(colours & here) > 20, quarter


# -- the followers and the Count -------------------------------------------------------------------


RESIDENTS = (
    Resident(0, Quarter.CASTLE),
    Resident(1, Quarter.MARKET),
    Resident(1, Quarter.MARKET, FigureKind.BIG),
    Resident(2, Quarter.BLACKSMITH),
    Resident(3, Quarter.CATHEDRAL),
)


@pytest.mark.parametrize("count", list(Quarter))
def test_each_follower_is_drawn_in_its_quarter_in_its_player_s_colour(count):
    game = final_city(RESIDENTS, count)
    assert COUNT.count_quarter(game) is count
    image = render_board(game, tile_size=TILE, colors=COLOURS)
    boxes = cells(game)
    for player, colour in enumerate(COLOURS):
        rgb = PLAYER_COLOURS[colour]
        quarters = {r.quarter for r in RESIDENTS if r.player == player}
        for quarter, box in boxes.items():
            found = pixels_of(image, box, rgb)
            if quarter in quarters:
                assert found > 100, (colour, quarter)
            else:
                assert found < 5, (colour, quarter)


def test_the_market_s_big_meeple_is_bigger_than_the_same_player_s_meeple():
    one = final_city((Resident(1, Quarter.MARKET),), Quarter.CASTLE)
    two = final_city((Resident(1, Quarter.MARKET, FigureKind.BIG),), Quarter.CASTLE)
    blue = PLAYER_COLOURS["blue"]
    small = pixels_of(render_board(one, tile_size=TILE, colors=COLOURS), cells(one)[Quarter.MARKET], blue)
    big = pixels_of(render_board(two, tile_size=TILE, colors=COLOURS), cells(two)[Quarter.MARKET], blue)
    assert big > small * 1.5


def test_the_players_marks_are_on_their_followers():
    game = final_city((Resident(1, Quarter.MARKET),), Quarter.CASTLE)
    box = cells(game)[Quarter.MARKET]
    marked = render_board(game, tile_size=TILE, colors=COLOURS, marks=["A", "B", "C", "D"])
    other = render_board(game, tile_size=TILE, colors=COLOURS, marks=["A", "Z", "C", "D"])
    assert marked.crop(box).tobytes() != other.crop(box).tobytes()


@pytest.mark.parametrize("count", list(Quarter))
def test_the_count_stands_in_his_quarter_and_nowhere_else(count):
    game = final_city(RESIDENTS, count)
    image = render_board(game, tile_size=TILE, colors=COLOURS)
    for quarter, box in cells(game).items():
        found = pixels_of(image, box, Q._COUNT_STONE)
        assert (found > 100) if quarter is count else (found < 5), quarter


def test_many_followers_wrap_and_stay_inside_their_quarter():
    crowd = tuple(Resident(p, Quarter.CASTLE) for p in range(4) for _ in range(3))
    game = final_city(crowd, Quarter.CASTLE)
    image = render_board(game, tile_size=TILE, colors=COLOURS)
    x0, y0, x1, y1 = cells(game)[Quarter.CASTLE]
    for colour in COLOURS:
        rgb = PLAYER_COLOURS[colour]
        inside = pixels_of(image, (x0, y0, x1, y1), rgb)
        assert inside > 200 and pixels_of(image, (0, 0, image.width, image.height), rgb) == inside


# -- the followers who came out of the City for an event -------------------------------------------


def step_out_game() -> Game:
    # Wei closes count-9's city with E and a knight; Mina's big meeple steps out of the castle.
    return city_game(*ROAD_FOR_WEI, "1>E@-2,2/0:1N:from_city=0@-2,2/N+big")


def _figure_point(game: Game, spot, tile: int = TILE) -> tuple[float, float]:
    placed = game.board.tiles[spot.square]
    extent = game.board.extent
    ux, uy = placed.orientation.anchors[spot.index]
    return ((spot.square[0] - extent.west + ux) * tile, (spot.square[1] - extent.north + uy) * tile)


def _ring_colours(image: Image.Image, centre: tuple[float, float], low: float, high: float) -> set:
    x, y = centre
    found = set()
    rgb = image.convert("RGB")
    for r in range(round(low), round(high) + 1):
        for k in range(72):
            a = k * math.tau / 72
            px, py = round(x + r * math.cos(a)), round(y + r * math.sin(a))
            if 0 <= px < rgb.width and 0 <= py < rgb.height:
                found.add(rgb.getpixel((px, py)))
    return found


def test_a_follower_out_of_the_castle_is_ringed_on_the_board_with_an_arrow_from_the_castle():
    game = step_out_game()
    city = next(e for e in game.report().events if e.visitors)
    assert city.feature is FeatureKind.CITY and Q.visitor_quarter(city) is Quarter.CASTLE
    lit = render_board(game, tile_size=TILE, highlight=city)
    plain = render_board(game, tile_size=TILE, highlight=city._replace(visitors=()))
    assert lit.size == plain.size == render_board(game, tile_size=TILE).size
    boxes = cells(game)
    # The castle is outlined as the lit feature is, and no other quarter.
    glow = Q._GLOW
    for quarter, box in boxes.items():
        changed = ImageChops.difference(lit.crop(box).convert("RGB"), plain.crop(box).convert("RGB"))
        assert (changed.getbbox() is not None) is (quarter is Quarter.CASTLE), quarter
    x0, y0, x1, y1 = boxes[Quarter.CASTLE]
    assert pixels_of(lit, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), glow) > 100
    assert pixels_of(plain, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), glow) == 0
    # A dashed ring, white on black, round the follower: plain lit events have none.
    spot = city.visitors[0]
    centre = _figure_point(game, spot)
    sprite = board_image.meeple_sprite(PLAYER_COLOURS["red"], "1", False, TILE, True, False, FigureKind.BIG)
    reach = max(sprite.size) / 2
    ring = _ring_colours(lit, centre, reach + 1, reach + 8)
    assert (255, 255, 255) in ring and (20, 20, 20) in ring
    assert (20, 20, 20) not in _ring_colours(plain, centre, reach + 1, reach + 8)
    # The arrow: glow between the castle and the follower, where the plain picture has none.
    castle = boxes[Quarter.CASTLE]
    between = (0, round(centre[1] + reach + 12), lit.width, castle[1] - 14)
    assert between[3] > between[1]
    assert pixels_of(lit, between, glow) > 5 and pixels_of(plain, between, glow) == 0
    changed = ImageChops.difference(lit.crop(between).convert("L"), plain.crop(between).convert("L"))
    assert sum(changed.point(lambda v: 255 if v > 40 else 0).histogram()[255:]) > 100


def test_the_market_s_followers_on_a_field_are_marked_and_shown_leaving_the_market():
    game = city_game(*ROAD_FOR_WEI[:2], "0>A@-5,-1/270:quarter=market")
    game.extras = {"market": (parse_action("fairy=0@-1,1/S").follower,)}
    farm = next(e for e in game.report().events if e.visitors)
    assert farm.feature is FeatureKind.FIELD and Q.visitor_quarter(farm) is Quarter.MARKET
    lit = render_board(game, tile_size=TILE, highlight=farm)
    plain = render_board(game, tile_size=TILE)
    market = cells(game)[Quarter.MARKET]
    red = PLAYER_COLOURS["red"]
    # Mina's follower is still listed in the market: there, faded, in the picture of the farm.
    assert pixels_of(plain, market, red) > 100
    assert pixels_of(lit, market, red) < 5
    x0, y0, x1, y1 = market
    assert pixels_of(lit, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), Q._GLOW) > 100
    assert pixels_of(plain, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), Q._GLOW) == 0


def test_every_picture_of_a_count_game_is_the_same_size():
    game = step_out_game()
    sizes = {render_board(game, tile_size=64, highlight=e).size for e in game.report().events}
    sizes.add(render_board(game, tile_size=64).size)
    assert len(sizes) == 1


def test_tile_numbers_keep_clear_of_a_visitor_s_ring():
    game = step_out_game()
    city = next(e for e in game.report().events if e.visitors)
    lit = render_board(game, tile_size=TILE, highlight=city)
    numbered = render_board(game, tile_size=TILE, highlight=city, numbered=False)
    spot = city.visitors[0]
    x, y = _figure_point(game, spot)
    # Within the ring nothing changes when the tiles are numbered.
    sprite = board_image.meeple_sprite(PLAYER_COLOURS["red"], "1", False, TILE, True, False, FigureKind.BIG)
    radius = max(sprite.size) / 2 + 2 * max(2, round(TILE * 0.03))
    changed = ImageChops.difference(lit.convert("RGB"), numbered.convert("RGB")).convert("L")
    inside = [
        changed.getpixel((round(x + r * math.cos(a)), round(y + r * math.sin(a))))
        for r in range(0, round(radius))
        for a in (k * math.tau / 90 for k in range(90))
    ]
    assert changed.getbbox() is not None and max(inside) == 0


# -- size limits and the served picture ------------------------------------------------------------


@pytest.mark.parametrize("far", [(60, 40), (3, 90), (200, 3)])
def test_a_far_flung_board_with_its_band_keeps_within_the_size_limits(far):
    game = Game(2, expansions=["count"], mode="final")
    game.extend([*CITY, Placement("U", *far, 0)])
    extent = game.board.extent
    image = render_board(game, tile_size=square_size(extent, 96))
    assert max(image.size) <= MAX_SIDE and image.width * image.height <= MAX_PIXELS
    tile = image.width // extent.columns
    assert image.height == (extent.rows + Q.quarters_rows(game, extent.columns)) * tile


@pytest.mark.django_db
def test_the_served_board_picture_of_a_count_game_has_the_quarters(client):
    game = step_out_game()
    saved = services.import_board(read_board(write_board(game)))
    extent = game.board.extent
    rows = Q.quarters_rows(game, extent.columns)
    tile = square_size(extent, 96)
    for query in ("", "?event=1"):
        response = client.get(f"/en/play/{saved.code}/board.png{query}")
        assert response.status_code == 200
        picture = Image.open(io.BytesIO(response.content))
        assert picture.size == (extent.columns * tile, (extent.rows + rows) * tile)
