"""PNG bytes of tile art and feature masks for the browser, made once per process."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from scorer.engine import TILES
from scorer.render.tile_art import feature_mask, tile_sprites


def sprite_png(name: str, size: int) -> bytes | None:
    return tile_sprites(size).get(name)


@lru_cache(maxsize=512)
def mask_png(name: str, feature: int, size: int) -> bytes:
    """Where ``feature`` lies on tile ``name`` (rotation 0), as white with that shape for alpha,
    so the browser can use it as a CSS mask."""
    mask = feature_mask(TILES[name], feature, size, 0)
    image = Image.new("RGBA", mask.size, (255, 255, 255, 0))
    image.putalpha(mask)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
