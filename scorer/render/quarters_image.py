"""The City of Carcassonne's quarters under a board picture (The Count of Carcassonne).

A band under the board, as wide as it, holds the four quarters side by side (two by two on a
narrow board): each a paved square like the quarters on the City's middle tiles, the quarter's own
picture from the City's art (the castle's keep, the market's stall, the blacksmith's anvil, the
cathedral) and the followers standing in it, each drawn as the board draws figures (the player's
colour, the white-and-black rim and the player's mark), and the Count, a dark grey rook, in his.
The picture writes no words, so the quarters are told apart by their pictures alone.

The band is a whole number of squares tall (:func:`quarters_rows`), which depends on the board's
width and on who is in the City, never on which event a picture lights: every picture of a game is
the same size, and a grid of the board's squares laid over the picture needs only those rows more.
Everything is laid out in squares and scaled to the board's square at drawing time, so a board the
size limits shrink (:mod:`.sizing`) shrinks its band with it.

When a lit event's figures came out of the City (:attr:`ScoreEvent.visitors`: followers who
stepped out of a quarter onto the feature, or market followers moved onto a field at the end), the
quarter they left is outlined as the feature is, and a curved arrow runs from the quarter's picture
to each of them on the board, where a dashed ring sets them apart from the feature's other figures.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from scorer.engine import FeatureKind, FigureKind, Game, ScoreEvent, Spot
from scorer.engine.expansions.count import COUNT, QUARTER_FOR, QUARTERS, Quarter

from . import city_art
from .raster import Canvas

Box = tuple[float, float, float, float]
FigureSprite = Callable[[int, FigureKind, int], Image.Image]
"""A figure as the board draws it: ``(player, kind, square size in pixels)`` to a sprite."""

# -- the layout, in squares -----------------------------------------------------------------------

_UNIT_OF_WIDTH = 0.1
"""The quarters' unit (an icon's side) as a share of the board's width: a phone shows the picture
390 pixels wide whatever its size, and this keeps a figure in the band some 15 of them across."""
_LEAST_UNIT = 0.8
"""The unit in squares on a narrow board, so the band is never smaller than the board's figures."""
_ICON = 0.8
"""An icon's side, in units."""
_FIGURE = 1.3
"""A follower in a quarter is drawn as on a square this many units wide."""
_STEP = 0.6
"""Room for one figure (the big meeple is the widest, 0.59), in units."""
_MARGIN = 0.1
"""Inside a quarter's square, around its picture and its figures, in units."""
_GAP = 0.12
"""Between the quarters, round the band and above it, in units."""
_COUNT_HEIGHT = 0.46
"""The Count's rook is about as tall as a big meeple is wide, in units."""

_BAND = (206, 198, 178, 255)
_RULE = (150, 136, 110, 255)
_GLOW = (255, 214, 10)
_GLOW_EDGE = (30, 24, 0)
_DASH_LIGHT = (255, 255, 255)
_DASH_DARK = (20, 20, 20)
_COUNT_STONE = (66, 68, 76)
_COUNT_LIGHT = (118, 122, 134)
_ART_QUARTER = {q: city_art.Quarter(q.value) for q in QUARTERS}


@dataclass(frozen=True)
class Item:
    """One thing standing in a quarter: the Count (``player`` ``None``) or a player's follower."""

    player: int | None
    kind: FigureKind = FigureKind.MEEPLE


@dataclass(frozen=True)
class Panel:
    """Where the quarters go in the band under a board ``columns`` squares wide, in squares."""

    columns: int
    rows: int
    """How many squares tall the band is."""
    across: int
    """Quarters side by side: 4, or 2 (two rows of two) on a narrow board."""
    unit: float
    per_row: int
    """Figures side by side in a quarter."""
    items: dict[Quarter, tuple[Item, ...]]
    """What stands in each quarter: the Count first, then the followers by player."""

    lines: tuple[float, ...]
    """How tall each line of quarters needs to be, in units (one line, or two of two)."""

    def cells(self, tile: int, top: int) -> dict[Quarter, Box]:
        """Each quarter's square, in pixels, for a band ``top`` pixels down a picture with squares
        ``tile`` pixels wide; what the band has over is shared among the lines."""
        unit = self.unit * tile
        gap = _GAP * unit
        width = (self.columns * tile - gap * (self.across + 1)) / self.across
        spare = self.rows * tile - gap * (len(self.lines) + 1) - sum(self.lines) * unit
        heights = [line * unit + spare / len(self.lines) for line in self.lines]
        out = {}
        for at, quarter in enumerate(QUARTERS):
            column, line = at % self.across, at // self.across
            x0 = gap + column * (width + gap)
            y0 = top + gap * (line + 1) + sum(heights[:line])
            out[quarter] = (x0, y0, x0 + width, y0 + heights[line])
        return out


def has_quarters(game: Game) -> bool:
    """Whether ``game`` is played with the Count, whose City's quarters its pictures show."""
    return COUNT in game.board.modules


def quarters_panel(game: Game, columns: int) -> Panel | None:
    """The quarters' band for ``game`` under a board ``columns`` squares wide; ``None`` without the
    Count."""
    if not has_quarters(game):
        return None
    residents = COUNT.residents(game)
    count = COUNT.count_quarter(game)
    items = {
        quarter: (
            *((Item(None),) if quarter is count else ()),
            *(Item(r.player, r.kind) for r in sorted(residents) if r.quarter is quarter),
        )
        for quarter in QUARTERS
    }
    unit = max(_LEAST_UNIT, _UNIT_OF_WIDTH * columns)
    # The narrowest a quarter may be: its picture and two figures beside it.
    across = 4 if columns >= 4 * unit * (_ICON + 2 * _STEP + 3 * _MARGIN + _GAP) else 2
    height = _layout(columns, across, unit, items)[0]
    rows = math.ceil(height - 1e-9)
    # The band is a whole number of squares: what rounding leaves over goes to a bigger unit, as
    # long as the quarters still fit.
    low, high = unit, unit * rows / height
    for _ in range(24):
        middle = (low + high) / 2
        if _layout(columns, across, middle, items)[0] <= rows:
            low = middle
        else:
            high = middle
    _, per_row, lines = _layout(columns, across, low, items)
    return Panel(columns, rows, across, low, per_row, items, lines)


def _layout(
    columns: int, across: int, unit: float, items: dict[Quarter, tuple[Item, ...]]
) -> tuple[float, int, tuple[float, ...]]:
    """How tall the band is, in squares, with ``across`` quarters side by side; how many figures
    stand side by side in a quarter; how tall each line of quarters is, in units."""
    width = (columns - unit * _GAP * (across + 1)) / across
    per_row = max(1, math.floor((width - unit * (_ICON + 3 * _MARGIN)) / (unit * _STEP)))
    lines = tuple(
        2 * _MARGIN
        + max(_ICON, *(math.ceil(len(items[q]) / per_row) * _STEP for q in QUARTERS[at : at + across]))
        for at in range(0, len(QUARTERS), across)
    )
    return unit * (sum(lines) + (len(lines) + 1) * _GAP), per_row, lines


def quarters_rows(game: Game, columns: int) -> int:
    """How many squares the quarters' band adds under the board's (none without the Count)."""
    panel = quarters_panel(game, columns)
    return panel.rows if panel is not None else 0


# -- drawing ----------------------------------------------------------------------------------------


def draw_panel(
    image: Image.Image,
    panel: Panel,
    tile: int,
    top: int,
    figure: FigureSprite,
    leaving: Sequence[tuple[Quarter, Item]] = (),
) -> dict[Quarter, Box]:
    """Draw the band at ``top`` pixels down ``image``; returns where each quarter's picture is.

    ``leaving`` are followers still listed in a quarter who left it for a lit event (the market's,
    moved onto a field at the end): they are drawn faded, in the dashed ring their figure on the
    board has."""
    draw = ImageDraw.Draw(image)
    width = image.width
    draw.rectangle((0, top, width, image.height), fill=_BAND)
    draw.rectangle((0, top, width, top + max(1, round(tile * 0.03)) - 1), fill=_RULE)
    unit = panel.unit * tile
    margin = _MARGIN * unit
    gone = Counter(leaving)
    icons = {}
    for quarter, (x0, y0, x1, y1) in panel.cells(tile, top).items():
        draw.rounded_rectangle(
            (round(x0), round(y0), round(x1), round(y1)),
            radius=max(2, round(unit * 0.12)),
            fill=city_art.STREET,
            outline=city_art.SQUARE_EDGE,
            width=max(1, round(unit * 0.025)),
        )
        side = round(_ICON * unit)
        icon = quarter_icon(quarter, side)
        ix, iy = round(x0 + margin), round((y0 + y1) / 2 - side / 2)
        image.alpha_composite(icon, (ix, iy))
        icons[quarter] = (ix, iy, ix + side, iy + side)
        items = panel.items[quarter]
        rows = max(1, math.ceil(len(items) / panel.per_row))
        step = _STEP * unit
        left = ix + side + margin + step / 2
        first = (y0 + y1) / 2 - (rows - 1) * step / 2
        for at, item in enumerate(items):
            cx = left + (at % panel.per_row) * step
            cy = first + (at // panel.per_row) * step
            if item.player is None:
                sprite = count_sprite(round(_COUNT_HEIGHT * unit))
            else:
                sprite = figure(item.player, item.kind, round(_FIGURE * unit))
                if gone[quarter, item] > 0:
                    gone[quarter, item] -= 1
                    sprite = _faded(sprite)
                    reach = max(sprite.width, sprite.height) / 2 - unit * 0.04
                    _dashed_ring(draw, (cx, cy), reach, max(2, round(unit * 0.035)))
            image.alpha_composite(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)))
    return icons


def _faded(sprite: Image.Image) -> Image.Image:
    """A figure that is no longer there: a third as opaque."""
    faded = sprite.copy()
    faded.putalpha(sprite.getchannel("A").point(lambda a: a * 35 // 100))
    return faded


@lru_cache(maxsize=64)
def quarter_icon(quarter: Quarter, side: int) -> Image.Image:
    """The quarter's picture from the City's middle tiles, ``side`` pixels square, on nothing."""
    reach = 1.06  # the castle's flag and the market's awning reach just past the quarter's square
    size = max(8, round(side / (2 * city_art.QUARTER_HALF * reach)))
    canvas = Canvas.for_size(size)
    layer = canvas.new("RGBA", (0, 0, 0, 0))
    city_art._QUARTER_ART[_ART_QUARTER[quarter]](ImageDraw.Draw(layer), canvas, (0.5, 0.5))
    half = city_art.QUARTER_HALF * reach * canvas.work
    middle = canvas.work / 2
    box = (round(middle - half), round(middle - half), round(middle + half), round(middle + half))
    return layer.crop(box).resize((side, side), Image.Resampling.LANCZOS)


_ROOK = (
    (0.06, 0.0), (0.3, 0.0), (0.3, 0.15), (0.4, 0.15), (0.4, 0.0), (0.6, 0.0), (0.6, 0.15),
    (0.7, 0.15), (0.7, 0.0), (0.94, 0.0), (0.94, 0.34), (0.8, 0.42), (0.86, 0.9), (1.0, 0.96),
    (1.0, 1.14), (0.0, 1.14), (0.0, 0.96), (0.14, 0.9), (0.2, 0.42), (0.06, 0.34),
)  # fmt: skip
"""The Count's rook, as wide as 1 and 1.14 tall: battlements, a waist, a broad foot."""


@lru_cache(maxsize=32)
def count_sprite(height: int) -> Image.Image:
    """The Count: a dark grey rook ringed in white and black like the figures, so that it shows on
    any ground and is nobody's colour."""
    s = 4
    height = max(height, 12)
    scale = height / 1.14
    edge = max(1.0, height * 0.045)
    pad = math.ceil(edge * 2.5)
    w, h = math.ceil(scale) + 2 * pad, height + 2 * pad
    shape = Image.new("L", (w * s, h * s), 0)
    points = [((pad + x * scale) * s, (pad + y * scale) * s) for x, y in _ROOK]
    ImageDraw.Draw(shape).polygon(points, fill=255)
    white = _grown(shape, edge * s)
    black = _grown(shape, 2 * edge * s)
    big = Image.new("RGBA", shape.size, (0, 0, 0, 0))
    big.paste((*_DASH_DARK, 255), (0, 0), black)
    big.paste((255, 255, 255, 255), (0, 0), white)
    big.paste((*_COUNT_STONE, 255), (0, 0), shape)
    # Lighter bands under the battlements and over the foot: a piece of turned stone.
    bands = Image.new("L", shape.size, 0)
    for top, bottom in ((0.34, 0.42), (0.9, 0.96)):
        box = (0, (pad + top * scale) * s, w * s, (pad + bottom * scale) * s)
        ImageDraw.Draw(bands).rectangle(box, fill=255)
    big.paste((*_COUNT_LIGHT, 255), (0, 0), ImageChops.darker(bands, shape))
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _grown(mask: Image.Image, by: float) -> Image.Image:
    size = 2 * max(1, round(by)) + 1
    return mask.filter(ImageFilter.MaxFilter(size))


# -- the followers who came out of the City for a lit event -----------------------------------------


def visitor_quarter(event: ScoreEvent) -> Quarter | None:
    """The quarter the event's visitors came from: the market for a field (at the end), else the
    quarter whose followers step out onto the feature's kind."""
    if not event.visitors or event.feature is None:
        return None
    if event.feature is FeatureKind.FIELD:
        return Quarter.MARKET
    return QUARTER_FOR.get(event.feature)


def _outline_width(tile: int, unit: float) -> int:
    return max(2, round(unit * tile * 0.05))


def outline_quarter(image: Image.Image, box: Box, tile: int, unit: float) -> None:
    """Outline a quarter as a lit feature is outlined: a yellow band with a dark rim each side."""
    draw = ImageDraw.Draw(image)
    width = _outline_width(tile, unit)
    x0, y0, x1, y1 = box
    radius = max(2, round(unit * tile * 0.12))
    for grow, colour, w in ((width * 1.5, _GLOW_EDGE, width * 2), (width, _GLOW, width)):
        draw.rounded_rectangle(
            (round(x0 - grow), round(y0 - grow), round(x1 + grow), round(y1 + grow)),
            radius=radius + round(grow),
            outline=colour,
            width=round(w),
        )


def quarter_exit(cell: Box, icon: Box, tile: int, unit: float) -> tuple[float, float]:
    """Where an arrow out of a quarter starts: over its picture, just outside its outline."""
    return ((icon[0] + icon[2]) / 2, cell[1] - 1.5 * _outline_width(tile, unit))


def _dashed_ring(draw: ImageDraw.ImageDraw, at: tuple[float, float], inside: float, line: int) -> float:
    """A ring of white dashes on black, ``line`` pixels each, round a circle of radius ``inside``;
    returns its outer radius."""
    x, y = at
    radius = inside + 2 * line
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=_DASH_DARK, width=line * 2)
    middle = radius - line / 2
    dashes = 12
    for k in range(dashes):
        first = k * 360 / dashes
        draw.arc(
            (x - middle, y - middle, x + middle, y + middle),
            first,
            first + 360 / dashes / 2,
            fill=_DASH_LIGHT,
            width=line,
        )
    return radius


def mark_visitor(
    image: Image.Image,
    start: tuple[float, float],
    at: tuple[float, float],
    reach: float,
    line: float,
    width: float,
) -> tuple[float, float, float]:
    """A dashed ring ``line`` pixels thick round the figure at ``at`` whose sprite reaches
    ``reach`` pixels from its middle (the figure and the feature's ring stay whole inside it), and
    an arrow ``width`` pixels thick to it from ``start``; returns the circle the ring covers."""
    radius = _dashed_ring(ImageDraw.Draw(image), at, reach, max(2, round(line)))
    _arrow(image, start, at, radius + width, width)
    return (at[0], at[1], radius)


def put_quarters(
    image: Image.Image,
    panel: Panel,
    tile: int,
    top: int,
    lit: Sequence[ScoreEvent],
    figure: FigureSprite,
    place: Callable[[Spot], tuple[float, float, float] | None],
) -> list[tuple[float, float, float]]:
    """The band at ``top`` pixels down ``image``, and, for the ``lit`` events, the followers who
    came out of the City: their quarter outlined, a dashed ring round each on the board
    (``place``: where a figure's middle is and how far its sprite reaches, ``None`` off the board)
    and an arrow to it from the quarter. Returns the circles the rings cover."""
    sources = [(q, e) for e in lit if (q := visitor_quarter(e)) is not None]
    # The market's followers moved onto fields are still listed in the market.
    still = {q: list(items) for q, items in panel.items.items()}
    leaving = []
    for quarter, event in sources:
        for spot in event.visitors:
            item = Item(spot.player, spot.kind)
            if item in still[quarter]:
                still[quarter].remove(item)
                leaving.append((quarter, item))
    icons = draw_panel(image, panel, tile, top, figure, leaving)
    cells = panel.cells(tile, top)
    for quarter in dict.fromkeys(q for q, _ in sources):
        outline_quarter(image, cells[quarter], tile, panel.unit)
    rings = []
    line, width = max(2.0, tile * 0.03), max(2.0, tile * 0.035, panel.unit * tile * 0.045)
    for quarter, event in sources:
        start = quarter_exit(cells[quarter], icons[quarter], tile, panel.unit)
        for spot in event.visitors:
            found = place(spot)
            if found is not None:
                rings.append(mark_visitor(image, start, found[:2], found[2], line, width))
    return rings


def _curve(start: tuple[float, float], end: tuple[float, float], stop: float) -> list[tuple[float, float]]:
    """The arrow's path from ``start`` to ``stop`` pixels short of ``end``: it bows to one side by
    a fifth of its length, so that it does not run along a road."""
    (x0, y0), (x2, y2) = start, end
    length = math.dist(start, end)
    nx, ny = -(y2 - y0) / length, (x2 - x0) / length
    x1, y1 = (x0 + x2) / 2 + nx * length * 0.2, (y0 + y2) / 2 + ny * length * 0.2
    points = []
    steps = max(16, round(length / 8))
    for k in range(steps + 1):
        t = k / steps
        p = (
            (1 - t) ** 2 * x0 + 2 * (1 - t) * t * x1 + t * t * x2,
            (1 - t) ** 2 * y0 + 2 * (1 - t) * t * y1 + t * t * y2,
        )
        if math.dist(p, end) < stop:
            break
        points.append(p)
    return points


def _arrow(
    image: Image.Image, start: tuple[float, float], end: tuple[float, float], stop: float, width: float
) -> None:
    """A curved arrow from ``start`` to ``stop`` pixels short of ``end``, yellow edged in dark."""
    length = math.dist(start, end)
    head = max(width * 3.2, 6)
    if length - stop < head * 2.5:  # too short to read as an arrow: the outlined quarter says it
        return
    points = _curve(start, end, stop)
    if len(points) < 2:
        return
    (ax, ay), (bx, by) = points[-2], points[-1]
    d = math.dist((ax, ay), (bx, by)) or 1
    ux, uy = (bx - ax) / d, (by - ay) / d
    tip = (bx, by)
    base = (bx - ux * head, by - uy * head)
    # The shaft stops inside the head so that its round end does not poke out of the tip.
    while len(points) > 2 and math.dist(points[-1], tip) < head * 0.6:
        points.pop()
    wing = (
        (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6),
        (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6),
    )
    xs = [p[0] for p in points] + [tip[0], *(w[0] for w in wing)]
    ys = [p[1] for p in points] + [tip[1], *(w[1] for w in wing)]
    pad = head + width * 2
    left, top = max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad))
    right, bottom = min(image.width, math.ceil(max(xs) + pad)), min(image.height, math.ceil(max(ys) + pad))
    if right <= left or bottom <= top:
        return
    s = 2 if (right - left) * (bottom - top) * 4 <= 24_000_000 else 1
    layer = Image.new("RGBA", ((right - left) * s, (bottom - top) * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)

    def local(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - left) * s, (p[1] - top) * s)

    shaft = [local(p) for p in points]
    edge = max(1.0, width * 0.35)
    triangle = [local(tip), local(wing[0]), local(wing[1])]
    for colour, grow in ((_GLOW_EDGE, edge), (_GLOW, 0.0)):
        w = round((width + 2 * grow) * s)
        draw.line(shaft, fill=(*colour, 255), width=w, joint="curve")
        for px, py in (shaft[0],):
            r = w / 2
            draw.ellipse((px - r, py - r, px + r, py + r), fill=(*colour, 255))
        if grow:
            draw.polygon(triangle, fill=(*colour, 255), outline=(*colour, 255), width=round(2 * grow * s))
        else:
            draw.polygon(triangle, fill=(*colour, 255))
    if s > 1:
        layer = layer.resize((right - left, bottom - top), Image.Resampling.LANCZOS)
    image.alpha_composite(layer, (left, top))
