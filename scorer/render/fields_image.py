"""The fields view: every farmed field shaded in its owner's colour, with the completed cities it
feeds outlined, so a table can see at a glance who gets which farm points."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from scorer.engine import FeatureKind, Game
from scorer.players import marks_for

from .board_image import BACKGROUND as TABLE
from .board_image import (
    _area,
    _footprint,
    _put_figure,
    _ring,
    player_colours,
    standing_figures,
    tiles_image,
)
from .lettering import drawable_marks

_FADE = 0.45
"""How far the whole board fades toward grey, so the shaded fields stand out."""
_CITY_EDGE = (255, 255, 255)
_STRIPE = 10


def render_fields(
    game: Game,
    *,
    tile_size: int = 80,
    colors: Sequence[str] | None = None,
    marks: Sequence[str] | None = None,
) -> Image.Image:
    board = game.board
    if not board.tiles:
        return Image.new("RGBA", (tile_size, tile_size), TABLE)
    image, frame = tiles_image(board, tile_size)
    grey = Image.new("RGBA", image.size, (120, 120, 120, 255))
    image = Image.composite(Image.blend(image, grey, _FADE), image, _footprint(image, frame, board))

    colours = player_colours(colors, len(game.players))
    marks = drawable_marks(marks if marks is not None else marks_for(game.names))
    for farm in game.farms():
        area = _area(image, frame, board, farm.segments)
        if farm.winners:
            image = _shade(image, area, [colours[w] for w in farm.winners])
        for city in farm.cities:
            city_area = _area(image, frame, board, city)
            edge = _ring(city_area, max(2, tile_size // 14))
            image.paste(Image.new("RGBA", image.size, (*_CITY_EDGE, 255)), (0, 0), edge)
    for spot in standing_figures(game):
        if board.tiles[spot.square].tile.features[spot.index].kind is FeatureKind.FIELD:
            _put_figure(image, frame, board, spot, colours[spot.player], marks[spot.player])
    return image


def _shade(image: Image.Image, area: Image.Image, colours: list[tuple[int, int, int]]) -> Image.Image:
    """Tint ``area`` with the owner's colour; shared fields get diagonal stripes of each owner,
    so a tie reads without telling colours apart."""
    tint = Image.new("RGBA", image.size, (*colours[0], 255))
    if len(colours) > 1:
        draw = ImageDraw.Draw(tint)
        width, height = image.size
        for i, offset in enumerate(range(-height, width, _STRIPE)):
            colour = colours[i % len(colours)]
            draw.line([(offset, height), (offset + height, 0)], fill=(*colour, 255), width=_STRIPE)
    strength = area.point(lambda v: v * 150 // 255)
    return Image.composite(tint, image, strength)


def fields_png(game: Game, **kw: object) -> bytes:
    out = io.BytesIO()
    render_fields(game, **kw).save(out, format="PNG", optimize=True)  # type: ignore[arg-type]
    return out.getvalue()
