"""Drawing in unit coordinates on a supersampled canvas, so edges come out anti-aliased."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path as FilePath

from PIL import Image, ImageDraw, ImageFont

from .geometry import Path, Point

WORK_PIXELS = 420
"""Tiles are drawn at least this big, then shrunk: small tiles get more supersampling."""

_FONT_DIRS = (FilePath("/usr/share/fonts/truetype/noto"), FilePath("/usr/share/fonts/truetype/dejavu"))
_FONT_FILES = ("NotoSans-Bold.ttf", "DejaVuSans-Bold.ttf")


@dataclass(frozen=True)
class Canvas:
    """A square tile ``size`` pixels wide, drawn ``scale`` times bigger."""

    size: int
    scale: int

    @classmethod
    def for_size(cls, size: int) -> Canvas:
        return cls(size, max(2, math.ceil(WORK_PIXELS / size)))

    @property
    def work(self) -> int:
        return self.size * self.scale

    def xy(self, point: Point) -> tuple[float, float]:
        return (point[0] * self.work, point[1] * self.work)

    def path(self, path: Path) -> list[tuple[float, float]]:
        return [self.xy(p) for p in path]

    def width(self, fraction: float, minimum: float = 1.0) -> int:
        """A stroke width in working pixels: ``fraction`` of the tile, never under ``minimum``
        output pixels, so that thin lines survive at 48 px.

        Always odd: Pillow fills every pixel a polygon touches, so a band whose sides fall on whole
        pixels would grow by one on one side only; a band centred on the middle of an edge
        with a half-integer half-width covers the same pixels on both sides of it.
        """
        return 2 * round((max(fraction * self.size, minimum) * self.scale - 1) / 2) + 1

    def box(self, centre: Point, half_w: float, half_h: float) -> tuple[float, float, float, float]:
        x, y = self.xy(centre)
        return (
            x - half_w * self.work,
            y - half_h * self.work,
            x + half_w * self.work,
            y + half_h * self.work,
        )

    def new(self, mode: str, colour: int | tuple[int, ...] = 0) -> Image.Image:
        return Image.new(mode, (self.work, self.work), colour)

    def shrink(self, image: Image.Image) -> Image.Image:
        return image.resize((self.size, self.size), Image.Resampling.BOX)


def _tangent(points: list[tuple[float, float]], i: int) -> tuple[float, float]:
    a = points[max(0, i - 1)]
    b = points[min(len(points) - 1, i + 1)]
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def stroke(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], width: int, fill: object) -> None:
    """A thick polyline with round ends, filled as one polygon.

    Pillow's own wide lines round differently depending on their direction; a polygon offset
    evenly to both sides keeps a road exactly centred on the middle of the edge it crosses.
    """
    half = width / 2
    left, right = [], []
    for i, (x, y) in enumerate(points):
        tx, ty = _tangent(points, i)
        left.append((x - ty * half, y + tx * half))
        right.append((x + ty * half, y - tx * half))
    draw.polygon(left + right[::-1], fill=fill)
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - half, y - half, x + half, y + half), fill=fill)


def walk(points: Path, spacing: float, offset: float = 0.0) -> list[tuple[Point, Point]]:
    """Points every ``spacing`` along a polyline (starting ``offset`` in), each with its unit tangent."""
    out: list[tuple[Point, Point]] = []
    travelled = 0.0
    target = offset
    for (x1, y1), (x2, y2) in pairwise(points):
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        tangent = ((x2 - x1) / length, (y2 - y1) / length)
        while target <= travelled + length:
            t = (target - travelled) / length
            out.append(((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t), tangent))
            target += spacing
        travelled += length
    return out


def sub_path(points: Path, start: float, end: float) -> Path:
    """The part of a polyline between two distances along it."""
    out: list[Point] = []
    travelled = 0.0
    for a, b in pairwise(points):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            continue
        for t in (max(0.0, (start - travelled) / length), min(1.0, (end - travelled) / length)):
            if 0.0 <= t <= 1.0 and start <= travelled + t * length <= end:
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        travelled += length
    return tuple(out)


def path_length(points: Path) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points))


def clip_to_tile(points: Path) -> Path:
    """Drop the part of a path that runs past the tile edge (kept only for seamless fills)."""
    return tuple((min(1.0, max(0.0, x)), min(1.0, max(0.0, y))) for x, y in points)


@cache
def font(pixels: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for directory in _FONT_DIRS:
        for name in _FONT_FILES:
            candidate = directory / name
            if candidate.exists():
                return ImageFont.truetype(str(candidate), pixels)
    return ImageFont.load_default(pixels)
