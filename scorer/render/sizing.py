"""How big a board picture may be: the same board at a smaller scale, never a bigger bill.

A copied final board may spread far (every expansion's tiles in a staircase, or gaps left to fill
in later), and a picture's memory grows with the square of its width. So the picture keeps its
usual scale for the boards real tables make and shrinks its squares for the rest, so that no
picture is wider or taller than :data:`MAX_SIDE` pixels or larger than :data:`MAX_PIXELS`.
"""

from __future__ import annotations

import math

from scorer.engine import Extent

MAX_SIDE = 4096
MAX_PIXELS = 8_000_000
SMALLEST_SQUARE = 8
"""The renderers refuse smaller squares; past this a board is too large to be drawn at all."""


def square_size(extent: Extent, preferred: int) -> int:
    """Pixels per square for a picture of ``extent``: ``preferred`` unless that would be too big."""
    longest = max(extent.columns, extent.rows)
    by_side = MAX_SIDE // longest
    by_area = math.isqrt(MAX_PIXELS // (extent.columns * extent.rows))
    return max(SMALLEST_SQUARE, min(preferred, by_side, by_area))
