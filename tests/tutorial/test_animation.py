"""The examples as GIFs: whole captions, every event of a step lit, marks and numbers in the
reader's script, no numbers on a field's tiles. Pillow reads the frames back."""

import io
import itertools
import re

import pytest
from django.utils import translation
from PIL import Image, ImageChops, ImageStat

from scorer.engine import FeatureKind
from scorer.render import board_image
from scorer.render.board_image import label_font, render_board
from scorer.render.raster import font as latin_font
from scorer.render.tile_art import mask_image
from tutorial import animation, content
from tutorial.animation import CAPTION_SIZE, PADDING, TILE, caption_lines, example_animation
from tutorial.examples import EXAMPLES
from tutorial.presenters import example_step, results

LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
WIDTH = 448
LONG = {
    "en": "Blue lays a tile that closes the city, and every tile of it counts twice as much. " * 6,
    "zh-hant": "藍色放下一片版塊，把城堡封起來，城裡每一片版塊都算 2 分，盾徽再加 2 分。" * 6,
    "zh-hans": "蓝色放下一块板块，把城堡围起来，城里每块板块都算 2 分，盾徽再加 2 分。" * 6,
    "fa": "آبی کاشی‌ای می‌گذارد که شهر را می‌بندد و برای هر کاشی ۲ امتیاز می‌گیرد. " * 6,
}


def frames(data: bytes) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(data))
    out = []
    for index in range(gif.n_frames):
        gif.seek(index)
        out.append(gif.convert("RGB"))
    return out


def same(a: Image.Image, b: Image.Image) -> bool:
    # RGB: an RGBA difference has an opaque alpha everywhere, and getbbox reads only the alpha.
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


# -- captions ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_caption_is_wrapped_whole_and_every_line_fits(lang):
    font = animation._font(lang, CAPTION_SIZE)
    lines = caption_lines(LONG[lang], lang, WIDTH, font)
    assert len(lines) > 4  # the old GIF stopped at four
    assert squeeze("".join(lines)) == squeeze(LONG[lang])
    options = {"direction": "rtl", "language": "fa"} if lang == "fa" else {}
    assert all(font.getlength(line, **options) <= WIDTH for line in lines)


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
def test_chinese_lines_break_between_characters_but_not_before_punctuation(lang):
    font = animation._font(lang, CAPTION_SIZE)
    lines = caption_lines(LONG[lang], lang, WIDTH, font)
    assert not any(line[0] in "，。、；：" for line in lines)
    assert not any(re.search(r"\d$", a) and re.match(r"\d", b) for a, b in itertools.pairwise(lines))


def test_a_word_longer_than_the_line_is_cut_not_lost():
    font = animation._font("en", CAPTION_SIZE)
    word = "x" * 200
    lines = caption_lines(f"start {word} end", "en", 300, font)
    assert "".join(lines).replace(" ", "") == f"start{word}end"
    assert all(font.getlength(line) <= 300 for line in lines)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_every_caption_of_every_gif_has_room_for_all_its_lines(lang, slug):
    pictures = frames(example_animation(slug, lang))
    font = animation._font(lang, CAPTION_SIZE)
    rows = results(slug)[-1].game.board.extent.rows
    caption_top = rows * TILE + 2 * PADDING
    room = pictures[0].height - caption_top - PADDING
    for step in range(len(pictures)):
        text = example_step(slug, lang, step)["caption"]
        lines = caption_lines(text, lang, pictures[0].width - 2 * PADDING, font)
        assert len(lines) * round(CAPTION_SIZE * animation.LINE_HEIGHT) <= room, (step, len(lines))


def test_the_caption_area_grows_with_the_caption_and_is_written_to_the_end(monkeypatch):
    short = frames(example_animation("city-two", "fa"))
    captions = content.captions("fa", "city-two")
    monkeypatch.setattr(
        content, "captions", lambda language, slug: {**captions, "captions": [LONG["fa"]] * 2}
    )
    tall = frames(example_animation("city-two", "fa"))
    assert tall[0].height > short[0].height + 4 * CAPTION_SIZE
    line = round(CAPTION_SIZE * animation.LINE_HEIGHT)
    last_line = tall[1].crop((0, tall[1].height - PADDING - line, tall[1].width, tall[1].height - PADDING))
    assert ImageStat.Stat(last_line.convert("L")).extrema[0][0] < 100  # ink on the last line


# -- events, marks and numbers -------------------------------------------------------------------


def _brightness(image: Image.Image, area: Image.Image) -> float:
    return ImageStat.Stat(image.convert("L"), mask=area).mean[0]


def _area_of(game, event, tile: int) -> Image.Image:
    extent = game.board.extent
    area = Image.new("L", (extent.columns * tile, extent.rows * tile), 0)
    for (x, y), feature in event.segments:
        placed = game.board.tiles[(x, y)]
        mask = mask_image(placed.tile.name, feature, tile, placed.rotation)
        corner = ((x - extent.west) * tile, (y - extent.north) * tile)
        area.paste(ImageChops.lighter(area.crop((*corner, corner[0] + tile, corner[1] + tile)), mask), corner)
    return area


def test_every_event_of_a_step_is_lit_not_only_the_first():
    last = results("end-game")[-1]
    assert len(last.events) == 3

    def board(**kw):
        return render_board(last.game, tile_size=64, show_meeples=False, numbered=False, **kw)

    first_only, every = board(highlight=last.events[0]), board(highlights=last.events)
    for event in last.events[1:]:
        area = _area_of(last.game, event, 64)
        alone = _brightness(board(highlight=event), area)
        assert _brightness(first_only, area) < 0.8 * alone  # dimmed when only the first was lit
        assert _brightness(every, area) == pytest.approx(alone, rel=0.02)  # lit as if alone


def test_the_gif_lights_all_the_events_of_its_frame(monkeypatch):
    seen = []
    real = board_image.render_board

    def recording(game, **kw):
        seen.append(tuple(kw.get("highlights", ())))
        return real(game, **kw)

    monkeypatch.setattr(animation, "render_board", recording)
    example_animation("end-game", "en")
    assert seen == [r.events for r in results("end-game")]


def test_the_old_single_highlight_still_draws_the_same():
    last = results("end-game")[-1]
    old = render_board(last.game, tile_size=48, highlight=last.events[0])
    new = render_board(last.game, tile_size=48, highlights=last.events[:1])
    assert same(old, new)


@pytest.mark.parametrize("slug", ["three-farmers", "farmers-joined", "pig-farm"])
def test_a_field_s_tiles_get_no_numbers(slug):
    step = results(slug)[-1]
    farms = [e for e in step.events if e.feature is FeatureKind.FIELD]
    assert farms
    numbered = render_board(step.game, tile_size=64, highlights=farms)
    bare = render_board(step.game, tile_size=64, highlights=farms, numbered=False)
    assert same(numbered, bare)


def test_a_city_s_tiles_do_get_numbers():
    step = results("city-three")[-1]
    numbered = render_board(step.game, tile_size=64, highlights=step.events)
    bare = render_board(step.game, tile_size=64, highlights=step.events, numbered=False)
    assert not same(numbered, bare)


def _drawn(font, text: str) -> bytes:
    return bytes(font.getmask(text))


@pytest.mark.parametrize("text", ["۳", "۱۲", "آ", "ق", "藍", "蓝", "紅", "綠"])
def test_marks_and_numbers_in_persian_or_chinese_are_drawn_with_a_font_that_has_them(text):
    missing = "\ua4d0"  # Lisu: none of these fonts has it, so it draws as the missing-glyph box
    assert _drawn(latin_font(24), text) == _drawn(latin_font(24), missing * len(text))
    chosen = label_font(24, text)
    assert _drawn(chosen, text) != _drawn(chosen, missing * len(text))


def test_latin_marks_keep_the_latin_font():
    assert label_font(24, "B").path == latin_font(24).path


@pytest.mark.parametrize(
    ("lang", "marks", "three"),
    [("fa", ["آ", "ق"], "۳"), ("zh-hant", ["藍", "紅"], "3"), ("en", ["B", "R"], "3")],
)
def test_the_gif_writes_marks_and_numbers_as_the_page_does(monkeypatch, lang, marks, three):
    seen = {}
    real = board_image.render_board

    def recording(game, **kw):
        seen["marks"], seen["digits"] = kw["marks"], kw["digits"]
        return real(game, **kw)

    monkeypatch.setattr(animation, "render_board", recording)
    example_animation("city-three", lang)
    assert seen["marks"] == marks
    assert seen["digits"](3) == three
    with translation.override(lang):
        page = example_step("city-three", lang, 1)
    assert [f.mark for cell in page["board"].tiles for f in cell.figures][:1] == marks[:1]


def test_a_persian_gif_differs_from_the_english_one_in_its_marks():
    english, persian = (
        frames(example_animation("city-three", "en")),
        frames(example_animation("city-three", "fa")),
    )
    board = (0, 0, english[-1].width, english[-1].height // 2)
    assert ImageChops.difference(english[-1].crop(board), persian[-1].crop(board)).getbbox() is not None


def test_the_gif_draws_the_dragons_walk_on_the_step_it_walks():
    """The dragon tile's frame carries the walk (the diamond where it set off, a line, a numbered
    mark per step, all in the dragon's red); the frame before it has no such marks."""
    shown = frames(example_animation("dragon-eats-knight", "en"))

    def red(frame: Image.Image) -> int:
        return sum(1 for r, g, b in frame.get_flattened_data() if abs(r - 178) < 20 and g < 70 and b < 70)

    assert red(shown[3]) > red(shown[2]) + 1000


def test_the_gif_draws_the_quarters_and_the_count_moves_between_them():
    """The Count of Carcassonne: the City's quarters in a row under the board, the Count's framed
    in violet with its crown; when the Count moves the violet moves with it; other examples have
    no such row."""
    shown = frames(example_animation("count-quarter", "en"))
    rows = results("count-quarter")[-1].game.board.extent.rows
    top = rows * TILE + 2 * PADDING
    strip = (0, top, shown[0].width, top + animation.QUARTER_HEIGHT)

    def violet_columns(frame: Image.Image) -> set[int]:
        area = frame.crop(strip)
        return {
            x
            for x in range(area.width)
            for y in range(area.height)
            if (lambda p: abs(p[0] - 106) < 25 and abs(p[1] - 61) < 25 and abs(p[2] - 154) < 25)(
                area.getpixel((x, y))
            )
        }

    castle, market = violet_columns(shown[0]), violet_columns(shown[1])
    assert castle and market and max(castle) < min(market), "the Count went from the castle to the market"
    plain = frames(example_animation("city-two", "en"))
    assert plain[0].height < shown[0].height
