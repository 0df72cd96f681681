"""A placement: one tile laid on one square, turned, perhaps with a figure on it or an abbot recalled.

Placements have a compact text form that round-trips::

    >>> Placement.parse("E@0,-1/180:1S")
    Placement('E', 0, -1, 180, Meeple(1, Place.S))
    >>> str(Placement("V", 1, 0, 90))
    'V@1,0/90'

The full form is ``[LAYER>]TILE@X,Y/ROTATION[:FIGURE]``, where the figure is
``PLAYER PLACE [+KIND]`` (``:1C+abbot``, ``:0S+big``) or a recall ``PLAYER^X,Y`` (``:0^2,3``:
player 0 takes their abbot back from square (2, 3)), and ``LAYER>`` names who laid the tile
(``2>U@1,0/0``) when it is not the turn order's default.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import NotationError, Rule
from .figures import FigureKind
from .places import ROTATIONS, Place, Square


class Meeple(NamedTuple):
    """A player's figure on a place of the tile, named in board orientation.

    The board file calls every figure a meeple; ``kind`` says which figure it is.
    """

    player: int
    at: Place
    kind: FigureKind = FigureKind.MEEPLE

    def __repr__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f", FigureKind.{self.kind.name}"
        return f"Meeple({self.player}, Place.{self.at.name}{kind})"

    def __str__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        return f"{self.player}{self.at.name}{kind}"


class Recall(NamedTuple):
    """The Abbot: instead of placing a figure, ``player`` takes their abbot back from ``square``."""

    player: int
    x: int
    y: int

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{self.player}^{self.x},{self.y}"


class _Fields(NamedTuple):
    tile: str
    x: int
    y: int
    rotation: int = 0
    meeple: Meeple | None = None
    recall: Recall | None = None
    player: int | None = None
    """Who laid the tile, when the placement says so; otherwise the game works it out."""


class Placement(_Fields):
    """One tile laid: immutable, hashable, compared by value. (A named tuple underneath, because a
    game reads thousands of them and a tuple is the cheapest immutable value Python makes.)"""

    __slots__ = ()

    def __new__(
        cls,
        tile: str,
        x: int,
        y: int,
        rotation: int = 0,
        meeple: Meeple | None = None,
        recall: Recall | None = None,
        player: int | None = None,
    ) -> Placement:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
        return super().__new__(cls, tile, x, y, rotation, meeple, recall, player)

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def figure_owner(self) -> int | None:
        """The player whose figure or recall this placement carries, if any."""
        if self.meeple is not None:
            return self.meeple.player
        if self.recall is not None:
            return self.recall.player
        return None

    def without_meeple(self) -> Placement:
        """The same tile on the same square, with no figure and no recall."""
        return Placement(self.tile, self.x, self.y, self.rotation, player=self.player)

    def with_meeple(self, player: int, at: Place, kind: FigureKind = FigureKind.MEEPLE) -> Placement:
        return Placement(
            self.tile, self.x, self.y, self.rotation, Meeple(player, at, kind), player=self.player
        )

    def with_recall(self, player: int, square: Square) -> Placement:
        return Placement(
            self.tile, self.x, self.y, self.rotation, recall=Recall(player, *square), player=self.player
        )

    def laid_by(self, player: int | None) -> Placement:
        """The same placement, saying who laid it."""
        return Placement(self.tile, self.x, self.y, self.rotation, self.meeple, self.recall, player)

    def __str__(self) -> str:
        text = f"{self.tile}@{self.x},{self.y}/{self.rotation}"
        if self.player is not None:
            text = f"{self.player}>{text}"
        if self.meeple is not None:
            text += f":{self.meeple}"
        elif self.recall is not None:
            text += f":{self.recall}"
        return text

    def __repr__(self) -> str:
        extra = f", {self.meeple!r}" if self.meeple else ""
        if self.recall is not None:
            extra += f", recall=Recall({self.recall.player}, {self.recall.x}, {self.recall.y})"
        if self.player is not None:
            extra += f", player={self.player}"
        return f"Placement({self.tile!r}, {self.x}, {self.y}, {self.rotation}{extra})"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read the text form; raises :class:`NotationError` (a ``ValueError``) if it does not parse."""
        match = _TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise NotationError(Rule.BAD_NOTATION, text=str(text)[:60], detail="expected TILE@X,Y/ROTATION")
        rotation = int(match["rot"])
        if rotation not in ROTATIONS:
            raise NotationError(Rule.BAD_NOTATION, text=text, detail="the rotation must be 0, 90, 180 or 270")
        meeple = recall = None
        if match["place"] is not None:
            kind = FigureKind.MEEPLE
            if match["kind"] is not None:
                try:
                    kind = FigureKind(match["kind"])
                except ValueError:
                    raise NotationError(
                        Rule.BAD_NOTATION, text=text, detail=f"there is no figure {match['kind']!r}"
                    ) from None
            try:
                at = Place[match["place"]]
            except KeyError:
                raise NotationError(
                    Rule.BAD_NOTATION, text=text, detail=f"there is no place {match['place']!r}"
                ) from None
            meeple = Meeple(int(match["player"]), at, kind)
        elif match["rx"] is not None:
            recall = Recall(int(match["player"]), int(match["rx"]), int(match["ry"]))
        layer = int(match["layer"]) if match["layer"] is not None else None
        return cls(match["tile"], int(match["x"]), int(match["y"]), rotation, meeple, recall, layer)


_TEXT = re.compile(
    r"(?:(?P<layer>[0-9])>)?"
    r"(?P<tile>[A-Za-z][A-Za-z0-9-]*)@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)/(?P<rot>[0-9]+)"
    r"(?::(?P<player>[0-9])(?:(?P<place>[NESWC]{1,3})(?:\+(?P<kind>[a-z]+))?|\^(?P<rx>-?[0-9]+),(?P<ry>-?[0-9]+)))?",
    re.ASCII,
)
