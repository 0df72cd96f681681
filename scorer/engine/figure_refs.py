"""A figure named by where it stands, as board-format.md's "More expansions" names one: a
**figure reference** ``{"x", "y", "at", "player", "kind"}`` (``at`` a place, or ``"tower"`` for
the top of the tower on that square), in its board-file and text forms (``1@0,-1/N+big``). The
Tower's captures and the fairy's and princess's choices all name figures this way."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .actions import ReadContext
from .errors import BoardFileError, NotationError, Rule
from .figures import FigureKind
from .places import Place, Square

TOP = "tower"
"""A figure reference's ``at`` for the top of the tower on its square."""

_FIGURES = {k.value: k for k in FigureKind}


class FigureRef(NamedTuple):
    """A figure on the board, named as the board file does: its square, its place (or ``"tower"``
    for the top of the tower there), its owner and its kind."""

    player: int
    x: int
    y: int
    at: Place | str
    kind: FigureKind = FigureKind.MEEPLE

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def on_top(self) -> bool:
        return self.at == TOP

    def __str__(self) -> str:
        at = TOP if self.on_top else self.at.name  # type: ignore[union-attr]
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        return f"{self.player}@{self.x},{self.y}/{at}{kind}"

    def as_json(self) -> dict[str, Any]:
        at = TOP if self.on_top else self.at.name  # type: ignore[union-attr]
        written: dict[str, Any] = {"x": self.x, "y": self.y, "at": at, "player": self.player}
        if self.kind is not FigureKind.MEEPLE:
            written["kind"] = self.kind.value
        return written


REF_TEXT = r"(?P<player>[0-9])@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)/(?P<at>[A-Za-z]+)(?:\+(?P<kind>[a-z]+))?"


def figure_kind(name: str | None, token: str) -> FigureKind:
    if name is None:
        return FigureKind.MEEPLE
    kind = _FIGURES.get(name)
    if kind is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail=f"there is no figure {name!r}")
    return kind


def parse_ref(text: str, token: str) -> FigureRef:
    match = re.fullmatch(REF_TEXT, text)
    if match is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail="a figure is PLAYER@X,Y/PLACE")
    at: Place | str | None = TOP if match["at"] == TOP else Place.__members__.get(match["at"])
    if at is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail=f"there is no place {match['at']!r}")
    return FigureRef(
        int(match["player"]), int(match["x"]), int(match["y"]), at, figure_kind(match["kind"], token)
    )


def read_player(raw: Any, context: ReadContext, name: str = "player") -> int:
    value = raw.get(name)
    if type(value) is not int or not 0 <= value < context.players:
        raise BoardFileError(Rule.UNKNOWN_PLAYER, **context.where, player=str(value)[:10])
    return value


def read_square(raw: Any, context: ReadContext) -> tuple[int, int]:
    x, y = raw.get("x"), raw.get("y")
    if type(x) is not int or type(y) is not int or abs(x) > context.limit or abs(y) > context.limit:
        raise BoardFileError(Rule.BAD_POSITION, **context.where, limit=context.limit)
    return x, y


def read_kind(raw: Any, context: ReadContext, name: str = "kind") -> FigureKind:
    value = raw.get(name, "meeple")
    kind = _FIGURES.get(value) if type(value) is str else None
    if kind is None:
        raise BoardFileError(Rule.UNKNOWN_FIGURE, **context.where, figure=str(value)[:20])
    return kind


def read_ref(raw: Any, context: ReadContext) -> FigureRef:
    """A figure reference ``{"x", "y", "at", "player", "kind"}`` from a board file."""
    if not isinstance(raw, dict):
        raise BoardFileError(
            Rule.BAD_PLACEMENT,
            **context.where,
            detail="a figure must be an object with x, y, at, player and kind",
        )
    x, y = read_square(raw, context)
    at_name = raw.get("at")
    at: Place | str | None = (
        TOP if at_name == TOP else (Place.__members__.get(at_name) if type(at_name) is str else None)
    )
    if at is None:
        raise BoardFileError(Rule.UNKNOWN_PLACE, **context.where, place_name=str(at_name)[:10])
    return FigureRef(read_player(raw, context), x, y, at, read_kind(raw, context))
