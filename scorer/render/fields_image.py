"""The fields view: every farmed field shaded in its owner's colour, with the completed cities it
feeds outlined, so a table can see at a glance who gets which farm points."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from scorer.board_layer.players import marks_for
from scorer.engine import FeatureKind, Game

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
from .encoding import encode
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
    edge_width = max(2, tile_size // 14)
    farms = game.farms()
    # Each field and city is worked on inside its own bounding box: on a whole-board canvas every
    # one of them would cost as much as the board.
    for farm in farms:
        if farm.winners:
            area = _area(image, frame, board, farm.segments)
            box = area.getbbox()
            if box is not None:
                shaded = _shade(image.crop(box), area.crop(box), [colours[w] for w in farm.winners], box)
                image.paste(shaded, box[:2])
    # After all the shading, so that no field's tint covers a ring; a city fed by several farms once.
    cities = {frozenset(city): city for farm in farms for city in farm.cities}
    for city in cities.values():
        _outline(image, _area(image, frame, board, city), edge_width)
    for spot in standing_figures(game):
        if board.tiles[spot.square].tile.features[spot.index].kind is FeatureKind.FIELD:
            _put_figure(image, frame, board, spot, colours[spot.player], marks[spot.player])
    return image


def _outline(image: Image.Image, area: Image.Image, width: int) -> None:
    """Draw a band ``width`` wide around ``area`` (a city) on ``image``."""
    found = area.getbbox()
    if found is None:
        return
    margin = 3 * width  # room for the ring's blur on every side
    box = (
        max(0, found[0] - margin),
        max(0, found[1] - margin),
        min(image.width, found[2] + margin),
        min(image.height, found[3] + margin),
    )
    image.paste((*_CITY_EDGE, 255), box, _ring(area.crop(box), width))


def _shade(
    image: Image.Image,
    area: Image.Image,
    colours: list[tuple[int, int, int]],
    box: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> Image.Image:
    """Tint ``area`` with the owner's colour; shared fields get diagonal stripes of each owner,
    so a tie reads without telling colours apart. ``image`` is the part of the board at ``box``:
    the stripes lie where they would on the whole board, so that two pieces of them line up."""
    tint = Image.new("RGBA", image.size, (*colours[0], 255))
    if len(colours) > 1:
        draw = ImageDraw.Draw(tint)
        width, height = image.size
        # Stripe i runs along x + y = i * _STRIPE in board pixels.
        shift = box[0] + box[1]
        for i in range(shift // _STRIPE - 1, (shift + width + height) // _STRIPE + 2):
            along = i * _STRIPE - shift
            colour = colours[i % len(colours)]
            draw.line([(along - height, height), (along, 0)], fill=(*colour, 255), width=_STRIPE)
    strength = area.point(lambda v: v * 150 // 255)
    return Image.composite(tint, image, strength)


def fields_png(game: Game, **kw: object) -> bytes:
    """:func:`render_fields` as palette PNG bytes; takes the same keyword arguments."""
    return encode(render_fields(game, **kw))  # type: ignore[arg-type]
