"""An example as an animated GIF for a chat group: one frame per step, caption underneath."""

from __future__ import annotations

import io
import textwrap
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorer.render.board_image import render_board
from tutorial.examples import EXAMPLES
from tutorial.presenters import example_step, results

TILE = 72
CAPTION_HEIGHT = 120
PADDING = 16
BACKGROUND = (251, 248, 241)
INK = (31, 42, 28)
FRAME_MS = 2600
LAST_FRAME_MS = 5000

_FONTS = {
    "zh-hant": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3),
    "zh-hans": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    "fa": ("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", 0),
    "en": ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0),
}


@lru_cache(maxsize=8)
def _font(language: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path, index = _FONTS.get(language, _FONTS["en"])
    if not Path(path).is_file():
        return ImageFont.load_default(size)
    # Raqm shapes Persian letters and orders right-to-left text correctly.
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.RAQM)


def _wrap(text: str, language: str, width_px: int, font) -> list[str]:
    if language.startswith("zh"):
        per_line = max(8, width_px // font.size)
        return [text[i : i + per_line] for i in range(0, len(text), per_line)]
    average = max(6, int(font.size * 0.52))
    return textwrap.wrap(text, width=max(12, width_px // average))


def _caption(image: Image.Image, text: str, language: str, top: int) -> None:
    draw = ImageDraw.Draw(image)
    font = _font(language, 20)
    width = image.width - 2 * PADDING
    rtl = language == "fa"
    y = top
    for line in _wrap(text, language, width, font)[:4]:
        if rtl:
            box = draw.textbbox((0, 0), line, font=font, direction="rtl", language="fa")
            x = image.width - PADDING - (box[2] - box[0])
            draw.text((x, y), line, font=font, fill=INK, direction="rtl", language="fa")
        else:
            draw.text((PADDING, y), line, font=font, fill=INK)
        y += int(font.size * 1.45)


def example_animation(slug: str, language: str) -> bytes:
    steps = results(slug)
    final = steps[-1].game
    extent = final.board.extent
    west, north, columns, rows = extent.west, extent.north, extent.columns, extent.rows
    width = max(columns * TILE + 2 * PADDING, 480)
    height = rows * TILE + 2 * PADDING + CAPTION_HEIGHT
    left = (width - columns * TILE) // 2
    frames = []
    for number, result in enumerate(steps):
        view = example_step(slug, language, number)
        highlight = result.events[0] if result.events else None
        board = render_board(
            result.game, tile_size=TILE, colors=list(EXAMPLES[slug].players), highlight=highlight
        )
        w, n = result.game.board.extent.west, result.game.board.extent.north
        frame = Image.new("RGB", (width, height), BACKGROUND)
        frame.paste(board, (left + (w - west) * TILE, PADDING + (n - north) * TILE), board)
        _caption(frame, view["caption"], language, rows * TILE + 2 * PADDING)
        frames.append(frame.convert("P", palette=Image.Palette.ADAPTIVE, colors=255))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()
