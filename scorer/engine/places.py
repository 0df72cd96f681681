"""Sides, places and rotations: the geometry of a single square tile.

A tile has four sides and thirteen places (see ``docs/board-format.md``). Places are numbered
clockwise around the rim starting at ``NNW`` so that a quarter turn clockwise is ``+3`` on the
rim; ``C`` (the centre) never moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

Square = tuple[int, int]
"""A board square ``(x, y)``: ``x`` grows to the east, ``y`` grows to the south."""


class Side(IntEnum):
    """One of the four edges of a tile, clockwise from the top."""

    N = 0
    E = 1
    S = 2
    W = 3

    def rotated(self, quarter_turns: int) -> Side:
        """The side this side ends up on after turning the tile clockwise."""
        return Side((self + quarter_turns) % 4)

    @property
    def opposite(self) -> Side:
        return Side((self + 2) % 4)

    @property
    def offset(self) -> Square:
        """The step from a square to its neighbour across this side."""
        return _OFFSETS[self]

    def neighbour(self, square: Square) -> Square:
        dx, dy = _OFFSETS[self]
        return (square[0] + dx, square[1] + dy)

    @property
    def middle(self) -> Place:
        """The place in the middle of this side."""
        return Place(self * 3 + 1)

    @property
    def halves(self) -> tuple[Place, Place]:
        """The two half-edge places of this side, in clockwise order."""
        return (Place(self * 3), Place(self * 3 + 2))


_OFFSETS: dict[Side, Square] = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}

SIDES: tuple[Side, ...] = tuple(Side)


class Place(IntEnum):
    """A place on a tile where a feature can sit, named like a compass point."""

    NNW = 0
    N = 1
    NNE = 2
    ENE = 3
    E = 4
    ESE = 5
    SSE = 6
    S = 7
    SSW = 8
    WSW = 9
    W = 10
    WNW = 11
    C = 12

    def rotated(self, quarter_turns: int) -> Place:
        """The place this place ends up on after turning the tile clockwise."""
        if self is Place.C:
            return self
        return Place((self + 3 * quarter_turns) % 12)

    @property
    def side(self) -> Side | None:
        """The side this place lies on, or ``None`` for the centre."""
        return None if self is Place.C else Side(self // 3)

    @property
    def facing(self) -> Place:
        """The place on the neighbouring tile that touches this one.

        ``NNE`` meets ``SSE`` of the tile above; a middle meets the opposite middle.
        """
        if self is Place.C:
            raise ValueError("the centre of a tile touches no other tile")
        side, offset = divmod(int(self), 3)
        return Place(((side + 2) % 4) * 3 + (2 - offset))

    @classmethod
    def parse(cls, name: str) -> Place:
        """The place called ``name`` (``"NNE"``, ``"C"``...); raises ``ValueError`` otherwise."""
        try:
            return cls[name]
        except KeyError:
            raise ValueError(f"unknown place {name!r}") from None


PLACES: tuple[Place, ...] = tuple(Place)
RIM: tuple[Place, ...] = PLACES[:12]

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)


def quarter_turns(rotation: int) -> int:
    """``rotation`` in degrees (0, 90, 180, 270) as a number of clockwise quarter turns."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
    return rotation // 90


def rotate_point(point: tuple[float, float], quarter_turns: int) -> tuple[float, float]:
    """Turn a point of the unit tile (x east, y south, 0..1) clockwise about the centre."""
    x, y = point
    for _ in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return (x, y)


@dataclass(frozen=True)
class Extent:
    """The rectangle of squares from the westmost to the eastmost and the northmost to the southmost."""

    west: int
    north: int
    columns: int
    rows: int

    @classmethod
    def of(cls, squares: Iterable[Square]) -> Extent:
        squares = list(squares)
        if not squares:
            return cls(0, 0, 1, 1)
        xs = [x for x, _ in squares]
        ys = [y for _, y in squares]
        return cls(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def column(self, x: int) -> int:
        """1-based column of ``x`` (as CSS grids count)."""
        return x - self.west + 1

    def row(self, y: int) -> int:
        return y - self.north + 1

    def __contains__(self, square: object) -> bool:
        if not isinstance(square, tuple) or len(square) != 2:
            return False
        x, y = square
        return self.west <= x < self.west + self.columns and self.north <= y < self.north + self.rows
