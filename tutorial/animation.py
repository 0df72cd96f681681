"""An example as an animated GIF for a chat group: one frame per step, caption underneath.

Every frame lights all the score events of its step, writes the figures' marks and the tile
numbers as the reader's page does (Persian digits in Persian), and shows its whole caption: the
caption area is as tall as the longest caption of the example needs. A figure that leaves the board
without scoring (a tower's capture, The Tower) stays in its frame as a faded ghost where it stood,
as a scored one stays ringed, so that the frame shows what was taken and from where. The dragon's
walk (Princess & Dragon) is drawn as the page shows it: a dashed diamond where it set off and each
step's number on the tile it entered. With the Count of Carcassonne the four quarters of the City
stand in a row under the board, as the page shows them beside it: each named, with its followers
(a follower that steps out this step faded where it stood; the board draws it, ringed, on the
feature it scores with) and the Count, a violet crown in a quarter framed in violet.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

from django.utils import translation
from PIL import Image, ImageDraw, ImageFont

from scorer.board_layer.languages import localize_digits
from scorer.engine import FeatureKind, FigureKind, Game, Spot
from scorer.render.board_image import meeple_sprite, render_board
from scorer.render.palette import PLAYER_COLOURS
from tutorial.examples import EXAMPLES
from tutorial.presenters import (
    example_looks,
    example_step,
    leaving,
    quarters_view,
    results,
)

TILE = 72
MIN_WIDTH = 480
PADDING = 16
CAPTION_SIZE = 20
LINE_HEIGHT = 1.45
MIN_CAPTION_LINES = 2
"""Short captions still get this many lines, so that the board does not sit on the frame's edge."""
BACKGROUND = (251, 248, 241)
INK = (31, 42, 28)
DRAGON_RED = (178, 34, 34)
GHOST = 45
"""How opaque, in percent, a figure that left the board without scoring stays in its frame."""
COUNT_VIOLET = (106, 61, 154)
QUARTER_HEIGHT = 76
"""The row of the City's quarters under the board (The Count of Carcassonne)."""
QUARTER_GAP = 8
QUARTER_NAME_SIZE = 15
FRAME_MS = 2600
LAST_FRAME_MS = 5000

_FONTS = {
    "zh-hant": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3),
    "zh-hans": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    "fa": ("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", 0),
    "en": ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0),
}

_CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_CHINESE_TOKEN = re.compile(f"[^\\s{_CJK}]+|\\s+|.")
"""A Chinese caption breaks between any two characters, but never inside a number or a Latin word."""
_NO_LINE_START = set("，。、；：？！」』）》〉…,.;:?!)%")
_NO_LINE_END = set("「『（《〈(")


@lru_cache(maxsize=8)
def _font(language: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path, index = _FONTS.get(language, _FONTS["en"])
    if not Path(path).is_file():
        return ImageFont.load_default(size)
    # Raqm shapes Persian letters and orders right-to-left text correctly.
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.RAQM)


def _text_options(language: str) -> dict[str, str]:
    return {"direction": "rtl", "language": "fa"} if language == "fa" else {}


def _tokens(text: str, language: str) -> list[str]:
    """Pieces a line may break between; punctuation stays with the character it belongs to."""
    if not language.startswith("zh"):
        return re.findall(r"\S+\s*", text)
    tokens: list[str] = []
    for piece in _CHINESE_TOKEN.findall(text):
        if tokens and (piece[0] in _NO_LINE_START or tokens[-1][-1] in _NO_LINE_END):
            tokens[-1] += piece
        else:
            tokens.append(piece)
    return tokens


def caption_lines(text: str, language: str, width: int, font) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels; nothing is left out."""
    options = _text_options(language)

    def fits(line: str) -> bool:
        return font.getlength(line.strip(), **options) <= width

    lines: list[str] = []
    current = ""
    for token in _tokens(text, language):
        if fits(current + token):
            current += token
            continue
        if current.strip():
            lines.append(current.rstrip())
        current = token.lstrip()
        # A single word wider than the line (a long number, a URL) is cut where it must be.
        while not fits(current) and len(current) > 1:
            cut = max(i for i in range(1, len(current)) if fits(current[:i]) or i == 1)
            lines.append(current[:cut])
            current = current[cut:]
    if current.strip():
        lines.append(current.rstrip())
    return lines


def _line_height(font) -> int:
    return round(font.size * LINE_HEIGHT)


def _caption(image: Image.Image, lines: list[str], language: str, top: int, font) -> None:
    draw = ImageDraw.Draw(image)
    options = _text_options(language)
    y = top
    for line in lines:
        # Right-to-left lines start at the right margin.
        x = image.width - PADDING - round(font.getlength(line, **options)) if options else PADDING
        draw.text((x, y), line, font=font, fill=INK, **options)
        y += _line_height(font)


def _ghosts(
    board: Image.Image, game: Game, spots: list[Spot], colours: tuple[str, ...], marks: list[str]
) -> None:
    """Figures that left the board at this step without scoring, faded where they stood."""
    west, north = game.board.extent.west, game.board.extent.north
    for spot in spots:
        placed = game.board.tiles[spot.square]
        farmer = placed.tile.features[spot.index].kind is FeatureKind.FIELD
        colour = PLAYER_COLOURS[colours[spot.player]]
        sprite = meeple_sprite(colour, marks[spot.player], farmer, TILE, kind=spot.kind).copy()
        sprite.putalpha(sprite.getchannel("A").point(lambda alpha: alpha * GHOST // 100))
        ax, ay = placed.orientation.anchors[spot.index]
        x = (spot.square[0] - west + ax) * TILE
        y = (spot.square[1] - north + ay) * TILE
        board.alpha_composite(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)))


def _trail(board: Image.Image, game: Game, path: tuple, language: str) -> None:
    """The dragon's walk this step: a diamond where it set off, a line through the tiles it entered,
    and each step's number in the corner of its tile."""
    if not path:
        return
    west, north = game.board.extent.west, game.board.extent.north
    draw = ImageDraw.Draw(board)
    font = _font(language, TILE // 4)
    radius = TILE // 6

    def centre(square) -> tuple[float, float]:
        return ((square[0] - west + 0.5) * TILE, (square[1] - north + 0.5) * TILE)

    draw.line([centre(square) for square in path], fill=DRAGON_RED, width=3)
    x, y = centre(path[0])
    half = TILE * 0.2
    draw.polygon([(x, y - half), (x + half, y), (x, y + half), (x - half, y)], outline=DRAGON_RED, width=3)
    for number, square in enumerate(path[1:], 1):
        x, y = centre(square)
        draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=DRAGON_RED)
        # The number in the tile's corner, clear of a figure standing in its middle.
        x, y = x - TILE * 0.28, y - TILE * 0.28
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=DRAGON_RED, outline="white", width=2
        )
        text = localize_digits(number, language)
        draw.text((x, y), text, font=font, fill="white", anchor="mm")


def _quarters(
    frame: Image.Image, quarters: list[dict], top: int, language: str, marks: dict[str, str]
) -> None:
    """The City's four quarters in a row from ``top``: each box named, its followers drawn as on the
    board (a follower stepping out faded), the Count's quarter framed in violet with its crown."""
    draw = ImageDraw.Draw(frame)
    options = _text_options(language)
    width = (frame.width - 2 * PADDING - 3 * QUARTER_GAP) / 4
    order = list(reversed(quarters)) if language == "fa" else quarters
    for n, quarter in enumerate(order):
        x0 = PADDING + n * (width + QUARTER_GAP)
        box = (round(x0), top, round(x0 + width), top + QUARTER_HEIGHT - QUARTER_GAP)
        edge = COUNT_VIOLET if quarter["count"] else (200, 192, 170)
        draw.rounded_rectangle(box, radius=6, fill="white", outline=edge, width=3 if quarter["count"] else 2)
        size = QUARTER_NAME_SIZE
        font = _font(language, size)
        while size > 9 and font.getlength(quarter["name"], **options) > width - 12:
            size -= 1
            font = _font(language, size)
        name_x = box[2] - 6 - font.getlength(quarter["name"], **options) if options else box[0] + 6
        draw.text((name_x, top + 4), quarter["name"], font=font, fill=INK, **options)
        figures = []
        for figure in quarter["figures"]:
            colour = PLAYER_COLOURS[figure["colour"]]
            sprite = meeple_sprite(
                colour, marks[figure["colour"]], False, TILE, kind=FigureKind(figure["kind"])
            )
            if figure["state"] == "leaving":
                sprite = sprite.copy()
                sprite.putalpha(sprite.getchannel("A").point(lambda alpha: alpha * GHOST // 100))
            figures.append(sprite)
        # Left to right, or right to left in Persian, from the box's starting edge.
        x = box[2] - 6 if options else box[0] + 6
        for sprite in figures:
            at = x - sprite.width if options else x
            frame.paste(sprite, (round(at), top + 26), sprite)
            x += -(sprite.width + 2) if options else sprite.width + 2
        if quarter["count"]:
            # A crown, at the far end of the box from the followers.
            cw, ch = 22, 18
            cx = box[0] + 6 if options else box[2] - 6 - cw
            cy = box[3] - 6 - ch
            draw.polygon(
                [
                    (cx, cy + ch),
                    (cx, cy + ch * 0.25),
                    (cx + cw * 0.25, cy + ch * 0.58),
                    (cx + cw * 0.5, cy),
                    (cx + cw * 0.75, cy + ch * 0.58),
                    (cx + cw, cy + ch * 0.25),
                    (cx + cw, cy + ch),
                ],
                fill=COUNT_VIOLET,
            )


def example_animation(slug: str, language: str) -> bytes:
    with translation.override(language):
        return _animation(slug, language)


def _animation(slug: str, language: str) -> bytes:
    example = EXAMPLES[slug]
    steps = results(slug)
    extent = steps[-1].game.board.extent
    west, north, columns, rows = extent.west, extent.north, extent.columns, extent.rows
    width = max(columns * TILE + 2 * PADDING, MIN_WIDTH)
    left = (width - columns * TILE) // 2
    font = _font(language, CAPTION_SIZE)
    captions = [example_step(slug, language, n)["caption"] for n in range(len(steps))]
    wrapped = [caption_lines(c, language, width - 2 * PADDING, font) for c in captions]
    lines = max(MIN_CAPTION_LINES, *(len(w) for w in wrapped))
    board_height = rows * TILE + 2 * PADDING
    counted = steps[0].count is not None
    caption_top = board_height + (QUARTER_HEIGHT if counted else 0)
    height = caption_top + lines * _line_height(font) + PADDING
    marks = [localize_digits(look.mark, language) for look in example_looks(example.players)]
    by_colour = dict(zip(example.players, marks, strict=True))
    frames = []
    previous = None
    for result, caption in zip(steps, wrapped):
        board = render_board(
            result.game,
            tile_size=TILE,
            colors=list(example.players),
            highlights=result.events,
            marks=marks,
            digits=lambda value: localize_digits(value, language),
        )
        if previous is not None:
            scored = {s for e in result.events for s in e.meeple_spots}
            taken = [s for s in leaving(previous, result) if s not in scored]
            _ghosts(board, result.game, taken, example.players, marks)
        _trail(board, result.game, result.path, language)
        w, n = result.game.board.extent.west, result.game.board.extent.north
        frame = Image.new("RGB", (width, height), BACKGROUND)
        frame.paste(board, (left + (w - west) * TILE, PADDING + (n - north) * TILE), board)
        if counted:
            _quarters(
                frame, quarters_view(example.players, previous, result), board_height, language, by_colour
            )
        previous = result
        _caption(frame, caption, language, caption_top, font)
        frames.append(frame.convert("P", palette=Image.Palette.ADAPTIVE, colors=255))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()
