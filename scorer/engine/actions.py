"""What a turn does besides laying its tile: typed actions, each kind registered with its forms.

A :class:`~.placement.Placement` carries its turn's actions in order, as small immutable values
(a :class:`~.placement.Meeple` put on the tile, an abbot's :class:`~.expansions.abbot.Recall`,
and what the next boxes add). Each kind of action is registered once, by the module whose rules
it belongs to, with everything the rest of the engine needs to know of it (:class:`ActionKind`):

- its text form after the tile in a placement's notation (``E@0,-1/180:1S``, ``:0^2,3``): the
  tokens after ``:``, one per action, none holding a ``:`` itself;
- its field in the board file (``"meeple"``, ``"recall"``), read and written;
- the step of the turn it belongs to (board-format.md, "More expansions") and whether it is the
  layer's one action of the turn (a figure, a recall, a tower floor...: two are refused).

So a new kind of action needs no new field on a placement, no database column and no form field:
a saved move is its placement's text, and a form posts an action's text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import NotationError, Rule
from .tiles import Expansion

if TYPE_CHECKING:
    from .errors import IllegalPlacementError
    from .game import Game


class Step(IntEnum):
    """When in a turn an action happens (board-format.md's numbering)."""

    BEFORE_TILE = 2
    """Before the tile is laid: a ransom."""
    ACTION = 4
    """The layer's one action: a figure, a recall, a tower floor, the fairy, the princess."""
    AFTER_ACTION = 5
    """What the rules make happen after it: the dragon's steps."""
    SCORING = 6
    """Just before a feature the turn completes is scored: followers out of the City."""
    AFTER_SCORING = 7
    """After the turn's scoring: a follower into a quarter."""


class ReadContext(NamedTuple):
    """What reading an action from a board file needs to judge its form."""

    players: int
    limit: int
    """How far from the first tile a square can be."""
    where: Mapping[str, Any]
    """The placement it belongs to (index, tile, x, y), for the error that names it."""


@dataclass(frozen=True)
class ActionKind:
    """One kind of action, as registered by its module."""

    field: str
    """Its field in the board file, and the name every action of the kind has as ``field``. Two
    kinds may share a field (a meeple on the tile, a meeple onto a tower): each reads the values
    of its own shape, and ``name`` tells them apart."""
    step: Step
    choice: bool
    """Whether it is the layer's one action of the turn (two such are refused)."""
    parse: Callable[[str], Any]
    """Its text form read back: the action, or ``None`` if the token is not of this kind (a token
    of this kind's shape that is wrong raises :class:`NotationError`)."""
    read: Callable[[Any, ReadContext], Any]
    """Its board-file value read: the action; ``None`` if the value is of another kind's shape
    (of the same field); a :class:`BoardFileError` if it is of this shape but wrong."""
    write: Callable[[Any], Any]
    """Its board-file value."""
    expansion: Expansion | None = None
    """The expansion whose rules it belongs to (``None``: the base game's)."""
    replay_only: Rule | None = None
    """The refusal of such an action on a finished board, where it has no place."""
    absent: Callable[[Game, Any, dict], IllegalPlacementError] | None = None
    """The refusal of such an action in a game without its expansion."""
    name: str = ""
    """The kind's own name when it shares its field (default: the field)."""

    @property
    def key(self) -> str:
        return self.name or self.field


_KINDS: dict[str, ActionKind] = {}


def register(kind: ActionKind) -> ActionKind:
    """Make a kind of action known (once per kind; its module does it when imported)."""
    _KINDS[kind.key] = kind
    return kind


def kinds() -> Iterable[ActionKind]:
    """Every registered kind, in the order they were registered."""
    return _KINDS.values()


_BY_FIELD: list = [(), {}]


def kinds_by_field() -> dict[str, list[ActionKind]]:
    """The registered kinds by their board-file field, each field's in the order registered (kept
    while the kinds registered stay the same: every placement of a file asks)."""
    names = tuple(_KINDS)
    if _BY_FIELD[0] != names:
        fields: dict[str, list[ActionKind]] = {}
        for kind in _KINDS.values():
            fields.setdefault(kind.field, []).append(kind)
        _BY_FIELD[:] = [names, fields]
    return _BY_FIELD[1]


def kind_of(action: Any) -> ActionKind:
    return _KINDS[getattr(action, "kind_name", action.field)]


def parse_action(token: str) -> Any:
    """An action from its text form (``1S+big``, ``0^2,3``).

    :raises NotationError: if no kind of action reads it.
    """
    for kind in _KINDS.values():
        action = kind.parse(token)
        if action is not None:
            return action
    raise NotationError(Rule.BAD_NOTATION, text=token[:60], detail="not an action")
