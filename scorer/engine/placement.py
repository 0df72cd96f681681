"""A placement: one tile laid on one square, turned, perhaps with a meeple on it.

Placements have a compact text form that round-trips::

    >>> Placement.parse("E@0,-1/180:1S")
    Placement('E', 0, -1, 180, Meeple(1, Place.S))
    >>> str(Placement("V", 1, 0, 90))
    'V@1,0/90'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .places import ROTATIONS, Place, Square


@dataclass(frozen=True)
class Meeple:
    """A player's meeple on a place of the tile, named in board orientation."""

    player: int
    at: Place

    def __repr__(self) -> str:
        return f"Meeple({self.player}, Place.{self.at.name})"


@dataclass(frozen=True)
class Placement:
    tile: str
    x: int
    y: int
    rotation: int = 0
    meeple: Meeple | None = None

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {self.rotation!r}")

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    def without_meeple(self) -> Placement:
        return Placement(self.tile, self.x, self.y, self.rotation)

    def with_meeple(self, player: int, at: Place) -> Placement:
        return Placement(self.tile, self.x, self.y, self.rotation, Meeple(player, at))

    def __str__(self) -> str:
        text = f"{self.tile}@{self.x},{self.y}/{self.rotation}"
        if self.meeple is not None:
            text += f":{self.meeple.player}{self.meeple.at.name}"
        return text

    def __repr__(self) -> str:
        meeple = f", {self.meeple!r}" if self.meeple else ""
        return f"Placement({self.tile!r}, {self.x}, {self.y}, {self.rotation}{meeple})"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read the text form (``TILE@X,Y/ROTATION`` with an optional ``:PLAYERPLACE``)."""
        match = _TEXT.fullmatch(text.strip())
        if match is None:
            raise ValueError(f"not a placement: {text!r}")
        meeple = None
        if match["player"] is not None:
            meeple = Meeple(int(match["player"]), Place.parse(match["place"]))
        return cls(match["tile"], int(match["x"]), int(match["y"]), int(match["rot"]), meeple)


_TEXT = re.compile(
    r"(?P<tile>[A-Za-z][\w-]*)@(?P<x>-?\d+),(?P<y>-?\d+)/(?P<rot>\d+)"
    r"(?::(?P<player>\d)(?P<place>[NESWC]{1,3}))?"
)
