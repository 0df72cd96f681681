"""A whole board as one picture: every tile on its square, the meeples, and an optional highlight.

Squares map to pixels with x growing east and y growing south; the picture spans exactly the
squares from the westmost to the eastmost tile and from the northmost to the southmost one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from scorer.board_layer.players import marks_for
from scorer.engine import Extent, FeatureKind, FigureKind, Game, Piece, ScoreEvent, Spot, Square
from scorer.engine.board import Board
from scorer.engine.places import rotate_point

from . import palette as P
from .encoding import encode
from .geometry import MEEPLE_RADIUS, tile_layout
from .lettering import drawable_marks, label_font
from .quarters_image import Panel, put_quarters, quarters_panel
from .sizing import square_size
from .tile_art import draw_shield, mask_image, tile_image

BACKGROUND = (222, 217, 204, 255)
_DIM_TO = (38, 40, 46)
_DIM = 0.62
"""How far everything outside a highlighted feature fades toward :data:`_DIM_TO`."""
_GLOW = (255, 214, 10)
_GLOW_EDGE = (30, 24, 0)
_SECOND = (255, 255, 255)
_SUPERSAMPLE = 4


@dataclass(frozen=True)
class _Frame:
    """Where squares land in the picture."""

    west: int
    north: int
    tile: int

    def corner(self, square: Square) -> tuple[int, int]:
        return ((square[0] - self.west) * self.tile, (square[1] - self.north) * self.tile)

    def point(self, square: Square, unit: tuple[float, float]) -> tuple[float, float]:
        x, y = self.corner(square)
        return (x + unit[0] * self.tile, y + unit[1] * self.tile)


def player_colours(colors: Sequence[str] | None, players: int) -> list[P.RGB]:
    names = list(colors) if colors is not None else list(P.DEFAULT_PLAYERS)
    unknown = [c for c in names if c not in P.PLAYER_COLOURS]
    if unknown:
        raise ValueError(f"unknown colours {unknown}; use {', '.join(P.PLAYER_COLOURS)}")
    if len(names) < players:
        raise ValueError(f"{players} players need {players} colours, not {len(names)}")
    return [P.PLAYER_COLOURS[c] for c in names[:players]]


# -- public API ---------------------------------------------------------------------------------


def render_board(
    game: Game,
    *,
    tile_size: int = 96,
    colors: Sequence[str] | None = None,
    highlight: ScoreEvent | None = None,
    highlights: Sequence[ScoreEvent] = (),
    show_meeples: bool = True,
    marks: Sequence[str] | None = None,
    digits: Callable[[object], str] = str,
    numbered: bool = True,
) -> Image.Image:
    """The board of ``game`` as an RGBA image, ``tile_size`` pixels per square.

    ``colors`` names each player's colour (scorer/board_layer/players.py). ``highlight`` dims everything but
    one scored feature, outlines it, numbers its tiles (not a field's: fields do not score per
    tile) and rings its pennants and figures; ``highlights`` does the same for several events at
    once (all those of one turn). ``marks`` are written on the figures (initials by default) and
    ``digits`` writes the tile numbers in the reader's script; marks and numbers in Persian or
    Chinese script are drawn with a font that has them (numbers for every player if no font can
    write some player's mark).

    With the Count, a band under the board shows the City's quarters, who is in each and where
    the Count stands (:mod:`.quarters_image`; not with ``show_meeples`` off): the picture grows by
    that many squares, and its squares shrink if it would pass the size limits (:mod:`.sizing`).
    """
    if tile_size < 8:
        raise ValueError(f"a tile must be at least 8 pixels wide, not {tile_size!r}")
    colours = player_colours(colors, len(game.players))
    marks = drawable_marks(marks if marks is not None else marks_for(game.names))
    board = game.board
    if not board.tiles:
        return Image.new("RGBA", (tile_size, tile_size), BACKGROUND)
    extent = board.extent
    panel = quarters_panel(game, extent.columns) if show_meeples else None
    if panel is not None:
        taller = Extent(extent.west, extent.north, extent.columns, extent.rows + panel.rows)
        tile_size = min(tile_size, square_size(taller, tile_size))
    image, frame = tiles_image(board, tile_size, below=panel.rows if panel is not None else 0)
    standing = standing_figures(game)
    # An event with nothing on the board (a goods majority) has nothing to light.
    lit = [e for e in ([highlight] if highlight is not None else []) + list(highlights) if e.segments]
    if lit:
        image = _highlight(image, frame, board, lit)
    scored = _put_figures(image, frame, board, standing, lit, colours, marks, show_meeples)
    _put_pieces(image, frame, game, colours, marks, digits, show_meeples=show_meeples, dim=bool(lit))
    rings = _put_quarters(image, frame, board, panel, lit, colours, marks) if panel is not None else []
    # Fields do not score per tile: their tiles get no numbers.
    counted = [e for e in lit if numbered and e.feature is not FeatureKind.FIELD]
    if counted:
        badges = _Badges.around(frame, board, [*standing, *scored.values()] if show_meeples else [])
        badges.taken += rings
        for style, event in enumerate(counted):
            _number_tiles(image, badges, event, digits, style)
    return image


def _put_figures(image, frame, board, standing, lit, colours, marks, show_meeples: bool) -> dict:
    """The figures on the tiles, those of the lit events ringed; returns those, by spot. They go
    on after the dimming so that none is left half dim where it overlaps the feature."""
    scored = {(s.square, s.index): s for e in lit for s in e.meeple_spots}
    if show_meeples:
        for spot in standing:
            if (spot.square, spot.index) not in scored:
                _put_figure(
                    image, frame, board, spot, colours[spot.player], marks[spot.player], dim=bool(lit)
                )
    for spot in scored.values():
        _put_figure(image, frame, board, spot, colours[spot.player], marks[spot.player], ring=True)
    return scored


def tiles_image(board: Board, tile_size: int, below: int = 0) -> tuple[Image.Image, _Frame]:
    """Every tile on its square and nothing else, with where squares land in the picture (and
    ``below`` more rows of squares of bare table under the board)."""
    extent = board.extent
    frame = _Frame(extent.west, extent.north, tile_size)
    image = Image.new("RGBA", (extent.columns * tile_size, (extent.rows + below) * tile_size), BACKGROUND)
    for square, placed in board.tiles.items():
        image.paste(tile_image(placed.tile.name, tile_size, placed.rotation), frame.corner(square))
    return image, frame


def board_png(game: Game, **kw: Any) -> bytes:
    """:func:`render_board` as palette PNG bytes; takes the same keyword arguments."""
    return encode(render_board(game, **kw))


def standing_figures(game: Game) -> list[Spot]:
    """Every figure on the board, in laying order."""
    return [Spot(f.square, f.index, f.player, f.kind) for f in game.figures]


# -- meeples ------------------------------------------------------------------------------------


_SIZE = {FigureKind.BIG: 1.35, FigureKind.BUILDER: 0.9, FigureKind.PIG: 0.9}
"""A big meeple is visibly bigger; the builder and the pig a little smaller than a meeple."""


@lru_cache(maxsize=512)
def meeple_sprite(
    colour: P.RGB,
    mark: str,
    farmer: bool,
    tile: int,
    ring: bool = False,
    dim: bool = False,
    kind: FigureKind = FigureKind.MEEPLE,
) -> Image.Image:
    """A figure as seen from above, ringed in white and black so it shows on any ground, with the
    player's mark on it: a disc for a meeple (bigger for the big meeple, a wide oval lying in a
    field), a rounded square for the builder, a diamond for the abbot, an oval with ears for the pig."""
    s = _SUPERSAMPLE
    radius = max(MEEPLE_RADIUS * tile * _SIZE.get(kind, 1.0), 6.0)  # below this the mark cannot be read
    rx = radius * (1.3 if farmer else 1.0)
    ry = radius * (0.8 if farmer else 1.0)
    pad = max(2.0, tile * 0.05) + (tile * 0.06 if ring else 0)
    w, h = round(2 * (rx + pad)), round(2 * (ry + pad))
    big = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    cx, cy = w * s / 2, h * s / 2

    def oval(grow: float, fill: tuple[int, ...]) -> None:
        box = (cx - (rx + grow) * s, cy - (ry + grow) * s, cx + (rx + grow) * s, cy + (ry + grow) * s)
        if kind is FigureKind.BUILDER:
            draw.rounded_rectangle(box, radius=(ry + grow) * s * 0.45, fill=fill)
        elif kind is FigureKind.ABBOT:
            x0, y0, x1, y1 = box
            draw.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=fill)
        else:
            if kind is FigureKind.PIG:
                ear = (ry + grow) * s * 0.45
                for side in (-1, 1):
                    ex = cx + side * (rx + grow) * s * 0.55
                    draw.ellipse((ex - ear, box[1] - ear * 0.6, ex + ear, box[1] + ear * 1.2), fill=fill)
            draw.ellipse(box, fill=fill)

    edge = max(1.0, tile * 0.012)
    if ring:
        oval(edge * 5.5, (*_GLOW_EDGE, 255))
        oval(edge * 4.2, (*_GLOW, 255))
    oval(edge * 2, (20, 20, 20, 255))
    oval(edge, (255, 255, 255, 255))
    oval(0, (*colour, 255))
    text = label_font(max(8 * s, round(ry * 1.25 * s)), mark)
    draw.text((cx, cy), mark, fill=P.ink_on(colour), font=text, anchor="mm")
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    if dim:
        faded = Image.blend(sprite, Image.new("RGBA", sprite.size, (*_DIM_TO, 255)), _DIM)
        faded.putalpha(sprite.getchannel("A"))
        sprite = faded
    return sprite


def _put_figure(
    image: Image.Image,
    frame: _Frame,
    board: Board,
    spot: Spot,
    colour: P.RGB,
    mark: str,
    ring: bool = False,
    dim: bool = False,
) -> None:
    placed = board.tiles.get(spot.square)
    if placed is None:
        return
    farmer = placed.tile.features[spot.index].kind is FeatureKind.FIELD
    sprite = meeple_sprite(colour, mark, farmer, frame.tile, ring, dim, spot.kind)
    x, y = frame.point(spot.square, placed.orientation.anchors[spot.index])
    image.alpha_composite(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)))


_KEEP = (74, 68, 64)


@lru_cache(maxsize=256)
def piece_sprite(size_text: str, tile: int, dim: bool = False) -> Image.Image:
    """A tower seen from the side: a grey keep with battlements, its floors written on it."""
    s = _SUPERSAMPLE
    w, h = max(round(tile * 0.3), 12), max(round(tile * 0.32), 13)
    pad = max(2, round(tile * 0.03))
    big = Image.new("RGBA", ((w + 2 * pad) * s, (h + 2 * pad) * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    notch = h * 0.18

    def keep(grow: float, fill: tuple[int, ...]) -> None:
        x0, y0, x1, y1 = pad - grow, pad - grow, pad + w + grow, pad + h + grow
        points = [(x0, y0)]
        for left, right in ((0.25, 0.4), (0.6, 0.75)):
            points += [(x0 + (x1 - x0) * left, y0), (x0 + (x1 - x0) * left, y0 + notch)]
            points += [(x0 + (x1 - x0) * right, y0 + notch), (x0 + (x1 - x0) * right, y0)]
        points += [(x1, y0), (x1, y1), (x0, y1)]
        draw.polygon([(x * s, y * s) for x, y in points], fill=fill)

    edge = max(1.0, tile * 0.012)
    keep(edge * 2, (20, 20, 20, 255))
    keep(edge, (255, 255, 255, 255))
    keep(0, (*_KEEP, 255))
    font = label_font(max(8 * s, round(h * 0.55 * s)), size_text)
    draw.text(
        ((pad + w / 2) * s, (pad + h * 0.58) * s),
        size_text,
        fill=(255, 255, 255, 255),
        font=font,
        anchor="mm",
    )
    sprite = big.resize((w + 2 * pad, h + 2 * pad), Image.Resampling.LANCZOS)
    if dim:
        faded = Image.blend(sprite, Image.new("RGBA", sprite.size, (*_DIM_TO, 255)), _DIM)
        faded.putalpha(sprite.getchannel("A"))
        sprite = faded
    return sprite


def _put_piece(image: Image.Image, frame: _Frame, piece: Piece, size_text: str, dim: bool) -> None:
    sprite = piece_sprite(size_text, frame.tile, dim)
    x, y = frame.point(piece.square, piece.anchor)
    image.alpha_composite(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)))


def _put_pieces(
    image: Image.Image, frame: _Frame, game: Game, colours, marks, digits, *, show_meeples: bool, dim: bool
) -> None:
    """The expansions' pieces: towers with their floors and the figure on top, the dragon, the fairy."""
    for piece in game.pieces():
        if piece.kind != "tower":
            _put_creature(image, frame, piece, dim=dim)
            continue
        _put_piece(image, frame, piece, digits(piece.size), dim=dim)
        if piece.figure is not None and show_meeples:
            player, kind = piece.figure
            sprite = meeple_sprite(colours[player], marks[player], False, frame.tile, False, dim, kind)
            x, y = frame.point(piece.square, piece.anchor)
            top = y - frame.tile * 0.16 - sprite.height * 0.8
            image.alpha_composite(sprite, (round(x - sprite.width / 2), round(top)))


CREATURE_LOOKS = {"dragon": ((178, 34, 34), 4), "fairy": ((186, 140, 255), 5)}
"""Princess & Dragon's pieces: a red diamond for the dragon, a violet star for the fairy (their
shapes tell them apart without their colours)."""


def _put_creature(image: Image.Image, frame: _Frame, piece: Piece, dim: bool) -> None:
    colour, corners = CREATURE_LOOKS.get(piece.kind, ((90, 90, 90), 4))
    x, y = frame.point(piece.square, (0.5, 0.5))
    outer, inner = frame.tile * 0.16, frame.tile * (0.16 if corners == 4 else 0.07)
    points = []
    for i in range(corners * 2 if corners != 4 else 4):
        angle = math.pi * (i / (corners if corners != 4 else 2)) - math.pi / 2
        radius = outer if corners == 4 or i % 2 == 0 else inner
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    draw = ImageDraw.Draw(image)
    fill = (*colour, 140 if dim else 255)
    draw.polygon(points, fill=fill, outline=(255, 255, 255, 255), width=max(1, round(frame.tile / 40)))


# -- the City's quarters (the Count) ------------------------------------------------------------


def _put_quarters(
    image: Image.Image,
    frame: _Frame,
    board: Board,
    panel: Panel,
    lit: Sequence[ScoreEvent],
    colours: Sequence[P.RGB],
    marks: Sequence[str],
) -> list[tuple[float, float, float]]:
    """The quarters' band under the board, and the lit events' followers who came out of the City
    (:func:`.quarters_image.put_quarters`); returns the circles the tile numbers keep clear of."""
    tile = frame.tile

    def figure(player: int, kind: FigureKind, size: int) -> Image.Image:
        return meeple_sprite(colours[player], marks[player], False, size, kind=kind)

    def place(spot: Spot) -> tuple[float, float, float] | None:
        placed = board.tiles.get(spot.square)
        if placed is None:
            return None
        farmer = placed.tile.features[spot.index].kind is FeatureKind.FIELD
        sprite = meeple_sprite(colours[spot.player], marks[spot.player], farmer, tile, True, False, spot.kind)
        x, y = frame.point(spot.square, placed.orientation.anchors[spot.index])
        return (x, y, max(sprite.width, sprite.height) / 2)

    return put_quarters(image, panel, tile, board.extent.rows * tile, lit, figure, place)


# -- highlight ----------------------------------------------------------------------------------


def _area(
    image: Image.Image, frame: _Frame, board: Board, segments: Iterable[tuple[Square, int]]
) -> Image.Image:
    """The union of some features' masks over the whole board."""
    area = Image.new("L", image.size, 0)
    for square, feature in segments:
        placed = board.tiles.get(square)
        if placed is None:
            continue
        mask = mask_image(placed.tile.name, feature, frame.tile, placed.rotation)
        x, y = frame.corner(square)
        box = (x, y, x + frame.tile, y + frame.tile)
        area.paste(ImageChops.lighter(area.crop(box), mask), box)
    return area


def _footprint(image: Image.Image, frame: _Frame, board: Board) -> Image.Image:
    """Where tiles lie: the table around them is not dimmed."""
    mask = Image.new("L", image.size, 0)
    for square in board.tiles:
        x, y = frame.corner(square)
        mask.paste(255, (x, y, x + frame.tile, y + frame.tile))
    return mask


def _grow(area: Image.Image, width: int) -> Image.Image:
    """``area`` grown by about ``width`` pixels, with a soft (anti-aliased) rim.

    A blur and a steep threshold is a rounded dilation at a fraction of a rank filter's cost.
    """
    blurred = area.filter(ImageFilter.GaussianBlur(width / 2))
    return blurred.point(lambda v: min(255, v * 255 // 12))


def _ring(area: Image.Image, width: int) -> Image.Image:
    """A band about ``width`` pixels wide just outside ``area``."""
    return ImageChops.subtract(_grow(area, width), area)


def _highlight(image: Image.Image, frame: _Frame, board: Board, events: Sequence[ScoreEvent]) -> Image.Image:
    """Dim the board but the events' features, tint and outline them, ring their pennants."""
    area = _area(image, frame, board, [seg for e in events for seg in e.segments])
    second = _area(image, frame, board, [seg for e in events for seg in e.city_segments])
    dimmed = Image.blend(image, Image.new("RGBA", image.size, (*_DIM_TO, 255)), _DIM)
    dimmed = Image.composite(dimmed, image, _footprint(image, frame, board))
    # The cities a farm scores for come back half way: part of the story, not the subject.
    out = Image.composite(image, dimmed, second.point(lambda v: v // 2))
    out = Image.composite(image, out, area)
    tint = Image.new("RGBA", image.size, (*_GLOW, 255))
    out = Image.composite(tint, out, area.point(lambda v: v * 18 // 100))
    width = max(2, frame.tile // 24)
    out.paste((*_SECOND, 255), (0, 0), _ring(second, max(1, width // 2)))
    outer = _ring(area, width + max(1, width // 2))
    out.paste((*_GLOW_EDGE, 255), (0, 0), outer)
    out.paste((*_GLOW, 255), (0, 0), _ring(area, width))
    for event in events:
        _ring_pennants(out, frame, board, event)
    return out


def _ring_pennants(image: Image.Image, frame: _Frame, board: Board, event: ScoreEvent) -> None:
    draw = ImageDraw.Draw(image)
    r = frame.tile * 0.105
    width = max(2, frame.tile // 40)
    for square, feature in event.segments:
        placed = board.tiles.get(square)
        if placed is None or not placed.tile.features[feature].pennant:
            continue
        spots = dict(tile_layout(placed.tile).pennants)
        x, y = frame.point(square, rotate_point(spots[feature], placed.orientation.quarter_turns))
        draw.ellipse(
            (x - r - width, y - r - width, x + r + width, y + r + width), outline=_GLOW_EDGE, width=width * 2
        )
        draw.ellipse((x - r, y - r, x + r, y + r), outline=_GLOW, width=width)
        draw_shield(draw, (x, y), frame.tile)


_BADGE_STYLES = (
    ((255, 255, 255), (20, 20, 20), True),
    ((20, 20, 20), (255, 255, 255), True),
    ((255, 255, 255), (20, 20, 20), False),
    ((20, 20, 20), (255, 255, 255), False),
)
"""Fill, ink and roundness of the tile numbers of each event lit at once, so that the numbers of
a road and of a cloister sharing tiles are told apart by their look, not only by where they sit."""


@dataclass
class _Badges:
    """Tile numbers of the lit events, each put where no figure and no other number is."""

    frame: _Frame
    board: Board
    size: int
    taken: list[tuple[float, float, float]]
    """Circles already covered: a centre and a radius in pixels."""

    @classmethod
    def around(cls, frame: _Frame, board: Board, figures: Iterable[Spot]) -> _Badges:
        taken = []
        for spot in figures:
            placed = board.tiles.get(spot.square)
            if placed is not None:
                x, y = frame.point(spot.square, placed.orientation.anchors[spot.index])
                taken.append((x, y, frame.tile * MEEPLE_RADIUS * 1.4))
        return cls(frame, board, max(10, round(frame.tile * 0.22)), taken)

    def spot(self, event: ScoreEvent, square: Square) -> tuple[float, float]:
        """On the feature's own piece of the tile (above or below a figure there), else the
        tile's centre, else the free spot of the tile farthest from everything."""
        placed = self.board.tiles.get(square)
        pieces = [f for sq, f in event.segments if sq == square]
        units: list[tuple[float, float]] = []
        if pieces and placed is not None:
            ax, ay = placed.orientation.anchors[pieces[0]]
            lift = MEEPLE_RADIUS + 0.2
            units += [(ax, ay), (ax, ay - lift), (ax, ay + lift)]
        units += [(0.5, 0.5), (0.5, 0.22), (0.5, 0.78), (0.22, 0.5), (0.78, 0.5)]
        units += [(0.22, 0.22), (0.78, 0.22), (0.22, 0.78), (0.78, 0.78)]
        margin = self.size / 2 / self.frame.tile
        points = [
            self.frame.point(square, (min(max(u, margin), 1 - margin), min(max(v, margin), 1 - margin)))
            for u, v in units
        ]
        radius = self.size * 0.6

        def clearance(point: tuple[float, float]) -> float:
            return min((math.dist(point, (x, y)) - r - radius for x, y, r in self.taken), default=math.inf)

        best = next((p for p in points if clearance(p) >= 0), None) or max(points, key=clearance)
        self.taken.append((best[0], best[1], radius))
        return best


def _number_tiles(
    image: Image.Image,
    badges: _Badges,
    event: ScoreEvent,
    digits: Callable[[object], str],
    style: int = 0,
) -> None:
    """Number the event's tiles 1..n with badges, so they can be counted without colour."""
    draw = ImageDraw.Draw(image)
    size = badges.size
    fill, ink, round_badge = _BADGE_STYLES[style % len(_BADGE_STYLES)]
    for number, square in enumerate(event.tiles, 1):
        cx, cy = badges.spot(event, square)
        label = digits(number)
        text = label_font(max(7, round(size * 0.7)), label)
        w = max(size, round(draw.textlength(label, font=text)) + size // 2)
        box = (round(cx - w / 2), round(cy - size / 2), round(cx + w / 2), round(cy + size / 2))
        draw.rounded_rectangle(
            box,
            radius=size // 2 if round_badge else max(1, size // 8),
            fill=fill,
            outline=(20, 20, 20),
            width=max(1, size // 12),
        )
        draw.text((cx, cy), label, fill=ink, font=text, anchor="mm")
