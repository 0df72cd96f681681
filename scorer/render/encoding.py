"""A drawn board as the bytes a browser fetches: a palette PNG, or a WebP where the browser takes one.

The pictures are mostly flat colours with anti-aliased edges, so 256 colours chosen for the picture
cut the bytes by about three and lose little (the faint speckle of the fields flattens a little); the
fast octree quantizer costs less time than the smaller file saves in zlib. Pillow's ``optimize``
would save another 8 % for three times the time.
"""

from __future__ import annotations

import io
from enum import Enum

from PIL import Image


class Format(Enum):
    PNG = "png"
    WEBP = "webp"

    @property
    def content_type(self) -> str:
        return f"image/{self.value}"


WEBP_QUALITY = 82
"""Lossy: the marks and numbers stay crisp at this quality, at about two thirds of the PNG's bytes."""


def encode(image: Image.Image, format: Format = Format.PNG) -> bytes:
    """``image`` (opaque: boards have no transparency) as a palette PNG or a WebP."""
    opaque = image.convert("RGB")
    out = io.BytesIO()
    if format is Format.WEBP:
        opaque.save(out, format="WEBP", quality=WEBP_QUALITY, method=3)
    else:
        opaque.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()
