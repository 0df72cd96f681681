"""A placement: one tile laid on one square, turned, with the actions of its turn in order.

Placements have a compact text form that round-trips::

    >>> Placement.parse("E@0,-1/180:1S")
    Placement('E', 0, -1, 180, Meeple(1, Place.S))
    >>> str(Placement("V", 1, 0, 90))
    'V@1,0/90'

The full form is ``[LAYER>]TILE@X,Y/ROTATION[:ACTION]...``: ``LAYER>`` names who laid the tile
(``2>U@1,0/0``) when it is not the turn order's default, and each ``:ACTION`` is one action of
the turn in its own text form (see :mod:`.actions`): a figure ``PLAYER PLACE [+KIND]`` (``:1C+abbot``,
``:0S+big``), an abbot's recall ``PLAYER^X,Y`` (``:0^2,3``: player 0 takes their abbot back from
square (2, 3)), and what the expansions register.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from .actions import ActionKind, ReadContext, Step, kind_of, parse_action, register
from .errors import BoardFileError, NotationError, Rule
from .figures import FigureKind
from .places import ROTATIONS, Place, Square


class Meeple(NamedTuple):
    """A player's figure on a place of the tile just laid, named in board orientation.

    The board file calls every figure a meeple; ``kind`` says which figure it is.
    """

    player: int
    at: Place
    kind: FigureKind = FigureKind.MEEPLE

    field = "meeple"  # (not annotated: a class attribute, not a field of the tuple)

    def __repr__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f", FigureKind.{self.kind.name}"
        return f"Meeple({self.player}, Place.{self.at.name}{kind})"

    def __str__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        return f"{self.player}{self.at.name}{kind}"


_MEEPLE_TEXT = re.compile(r"(?P<player>[0-9])(?P<place>[A-Z]{1,3})(?:\+(?P<kind>[a-z]+))?", re.ASCII)
_FIGURES = {k.value: k for k in FigureKind}
_PLACES = {p.name: p for p in Place}


def _parse_meeple(token: str) -> Meeple | None:
    match = _MEEPLE_TEXT.fullmatch(token)
    if match is None:
        return None
    place = _PLACES.get(match["place"])
    if place is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail=f"there is no place {match['place']!r}")
    kind = FigureKind.MEEPLE
    if match["kind"] is not None:
        kind = _FIGURES.get(match["kind"])
        if kind is None:
            raise NotationError(Rule.BAD_NOTATION, text=token, detail=f"there is no figure {match['kind']!r}")
    return Meeple(int(match["player"]), place, kind)


def _read_meeple(raw: Any, context: ReadContext) -> Meeple | None:
    where = context.where
    if type(raw) is not dict and not isinstance(raw, dict):
        raise BoardFileError(Rule.BAD_PLACEMENT, **where, detail="meeple must be an object")
    if "x" in raw or "y" in raw:
        return None  # a figure on another square (a tower's top): an expansion's kind
    player, at, kind = raw.get("player"), raw.get("at"), raw.get("kind", "meeple")
    if type(player) is not int or not 0 <= player < context.players:
        raise BoardFileError(Rule.UNKNOWN_PLAYER, **where, player=str(player)[:10])
    place = _PLACES.get(at) if type(at) is str else None
    if place is None:
        raise BoardFileError(Rule.UNKNOWN_PLACE, **where, place_name=str(at)[:10])
    figure = _FIGURES.get(kind) if type(kind) is str else None
    if figure is None:
        raise BoardFileError(Rule.UNKNOWN_FIGURE, **where, figure=str(kind)[:20])
    return Meeple(player, place, figure)


def _write_meeple(meeple: Meeple) -> dict[str, Any]:
    written: dict[str, Any] = {"player": meeple.player, "at": meeple.at.name}
    if meeple.kind is not FigureKind.MEEPLE:
        written["kind"] = meeple.kind.value
    return written


MEEPLE: ActionKind = register(
    ActionKind("meeple", Step.ACTION, True, _parse_meeple, _read_meeple, _write_meeple)
)
"""A figure on the tile just laid: the base game's action, whatever the figure's kind."""


class Figures(NamedTuple):
    """On a finished board, every figure standing on one tile, when there are more than one (a
    magic portal's figure beside the layer's, a follower from Carcassonne, ...): the board
    file's ``meeples`` list."""

    figures: tuple[Meeple, ...]

    field = "meeples"

    def __str__(self) -> str:
        return "meeples=" + ",".join(str(m) for m in self.figures)


def _parse_figures(token: str) -> Figures | None:
    if not token.startswith("meeples="):
        return None
    figures = [_parse_meeple(part) for part in token[len("meeples=") :].split(",")]
    if not figures or any(f is None for f in figures):
        raise NotationError(Rule.BAD_NOTATION, text=token[:60], detail="figures are meeples=0N,1S+big,...")
    return Figures(tuple(figures))  # type: ignore[arg-type]


def _read_figures(raw: Any, context: ReadContext) -> Figures:
    if not isinstance(raw, list) or not raw or len(raw) > 12:
        detail = "meeples must be a list of 1 to 12 figures"
        raise BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail=detail)
    figures = [_read_meeple(item, context) for item in raw]
    if any(f is None for f in figures):
        raise BoardFileError(
            Rule.BAD_PLACEMENT, **context.where, detail="a figure of meeples stands on its tile"
        )
    return Figures(tuple(figures))  # type: ignore[arg-type]


FIGURES: ActionKind = register(
    ActionKind(
        "meeples", Step.ACTION, True, _parse_figures, _read_figures,
        lambda figures: [_write_meeple(m) for m in figures.figures],
    )
)  # fmt: skip
"""Several figures on one tile of a finished board."""


class _Fields(NamedTuple):
    tile: str
    x: int
    y: int
    rotation: int = 0
    actions: tuple[Any, ...] = ()
    """The turn's actions besides laying the tile, in order (see :mod:`.actions`)."""
    player: int | None = None
    """Who laid the tile, when the placement says so; otherwise the game works it out."""


class Placement(_Fields):
    """One tile laid: immutable, hashable, compared by value. (A named tuple underneath, because a
    game reads thousands of them and a tuple is the cheapest immutable value Python makes.)

    ``meeple`` and ``recall`` may be given as before there were other actions; they come first.
    """

    __slots__ = ()

    def __new__(
        cls,
        tile: str,
        x: int,
        y: int,
        rotation: int = 0,
        meeple: Meeple | None = None,
        recall: Any = None,
        player: int | None = None,
        *,
        actions: tuple[Any, ...] = (),
    ) -> Placement:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
        if meeple is not None or recall is not None:
            actions = (*(a for a in (meeple, recall) if a is not None), *actions)
        return super().__new__(cls, tile, x, y, rotation, tuple(actions), player)

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def meeple(self) -> Meeple | None:
        """The figure put on the tile just laid, if any."""
        for action in self.actions:
            if type(action) is Meeple:
                return action
        return None

    @property
    def recall(self) -> Any:
        """The abbot taken back (the Abbot's :class:`~.expansions.abbot.Recall`), if any."""
        for action in self.actions:
            if action.field == "recall":
                return action
        return None

    @property
    def choice(self) -> Any:
        """The layer's one action of the turn (a figure, a recall, ...), if any."""
        for action in self.actions:
            if kind_of(action).choice:
                return action
        return None

    @property
    def figure_owner(self) -> int | None:
        """The player whose figure or recall this placement carries, if any."""
        choice = self.choice
        return getattr(choice, "player", None) if choice is not None else None

    def without_meeple(self) -> Placement:
        """The same placement without the layer's action (no figure, no recall; what the rules
        recorded around it stays)."""
        kept = tuple(a for a in self.actions if not kind_of(a).choice)
        return _Fields.__new__(Placement, self.tile, self.x, self.y, self.rotation, kept, self.player)

    def without_field(self, field: str) -> Placement:
        """The same placement without its actions written in board-file field ``field`` (its
        ransom, say), the others kept in order."""
        kept = tuple(a for a in self.actions if kind_of(a).field != field)
        return _Fields.__new__(Placement, self.tile, self.x, self.y, self.rotation, kept, self.player)

    def bare(self) -> Placement:
        """The tile alone, on its square, turned, without any action."""
        return _Fields.__new__(Placement, self.tile, self.x, self.y, self.rotation, (), self.player)

    def with_action(self, action: Any) -> Placement:
        """The same placement with ``action`` added in its step's place among the others."""
        step = kind_of(action).step
        before = tuple(a for a in self.actions if kind_of(a).step <= step)
        after = self.actions[len(before) :]
        actions = (*before, action, *after)
        return _Fields.__new__(Placement, self.tile, self.x, self.y, self.rotation, actions, self.player)

    def with_meeple(self, player: int, at: Place, kind: FigureKind = FigureKind.MEEPLE) -> Placement:
        return self.without_meeple().with_action(Meeple(player, at, kind))

    def laid_by(self, player: int | None) -> Placement:
        """The same placement, saying who laid it."""
        return _Fields.__new__(Placement, self.tile, self.x, self.y, self.rotation, self.actions, player)

    def __str__(self) -> str:
        text = f"{self.tile}@{self.x},{self.y}/{self.rotation}"
        if self.player is not None:
            text = f"{self.player}>{text}"
        for action in self.actions:
            text += f":{action}"
        return text

    def __repr__(self) -> str:
        extra = ""
        rest = list(self.actions)
        if rest and type(rest[0]) is Meeple:
            extra += f", {rest.pop(0)!r}"
        if rest:
            extra += f", actions=({', '.join(repr(a) for a in rest)},)"
        if self.player is not None:
            extra += f", player={self.player}"
        return f"Placement({self.tile!r}, {self.x}, {self.y}, {self.rotation}{extra})"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read the text form; raises :class:`NotationError` (a ``ValueError``) if it does not parse."""
        if not isinstance(text, str):
            raise NotationError(Rule.BAD_NOTATION, text=str(text)[:60], detail="expected TILE@X,Y/ROTATION")
        return _parse(text.strip())


_TEXT = re.compile(
    r"(?:(?P<layer>[0-9])>)?"
    r"(?P<tile>[A-Za-z][A-Za-z0-9-]*)@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)/(?P<rot>[0-9]+)"
    r"(?P<actions>(?::[^:]+)*)",
    re.ASCII,
)


@lru_cache(maxsize=8192)
def _parse(text: str) -> Placement:
    """Placements are immutable, and a saved game's moves are read as text on every request."""
    match = _TEXT.fullmatch(text)
    if match is None:
        raise NotationError(Rule.BAD_NOTATION, text=text[:60], detail="expected TILE@X,Y/ROTATION")
    rotation = int(match["rot"])
    if rotation not in ROTATIONS:
        raise NotationError(Rule.BAD_NOTATION, text=text, detail="the rotation must be 0, 90, 180 or 270")
    actions = tuple(_action(token, text) for token in match["actions"].split(":")[1:])
    layer = int(match["layer"]) if match["layer"] is not None else None
    x, y = int(match["x"]), int(match["y"])
    return _Fields.__new__(Placement, match["tile"], x, y, rotation, actions, layer)


def _action(token: str, text: str) -> Any:
    try:
        return parse_action(token)
    except NotationError as error:
        detail = error.facts.get("detail", "")
        if detail == "not an action":
            detail = f"{token[:20]!r} is not an action"
        raise NotationError(Rule.BAD_NOTATION, text=text[:60], detail=detail) from None
