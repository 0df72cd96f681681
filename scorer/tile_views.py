"""Tile pictures for every board in HTML: the assistant's and the tutor's alike."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from scorer.engine import TILES
from scorer.render.tile_art import feature_mask_png, tile_sprites

SPRITE_SIZE = 128


@require_safe
def tile_image(request: HttpRequest, name: str, encoding: str = "webp") -> HttpResponse:
    """One tile's picture: WebP for the pages (a quarter of the PNG's bytes), PNG for the rest."""
    picture = tile_sprites(SPRITE_SIZE, encoding).get(name)
    if picture is None:
        raise Http404
    response = HttpResponse(picture, content_type=f"image/{encoding}")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def tile_mask(request: HttpRequest, name: str, feature: int) -> HttpResponse:
    """Where one feature of a tile lies, as an alpha mask for highlighting it in the browser."""
    if name not in TILES or feature >= len(TILES[name].features):
        raise Http404
    response = HttpResponse(feature_mask_png(name, feature, SPRITE_SIZE), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
