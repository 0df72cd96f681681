"""Figures: the wooden pieces players stand on features, what each may stand on and how much it weighs.

A figure's rules belong to its kind, not to the expansion it comes in: the big meeple weighs two
wherever majority is decided, the abbot stands only on cloisters and gardens, the builder and the
pig need a meeple of their own player beside them and never count for majority. The expansions
only decide how many of each kind a player has (:func:`supply_for`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from .places import Place, Square
from .tiles import Expansion, FeatureKind


class FigureKind(StrEnum):
    """The kinds of figure, as the board file names them."""

    MEEPLE = "meeple"
    BIG = "big"
    """The big meeple (Inns & Cathedrals): a meeple that counts twice in every majority."""
    ABBOT = "abbot"
    """The abbot (the Abbot): only on a cloister or a garden; may be recalled instead of a figure."""
    BUILDER = "builder"
    """The builder (Traders & Builders): on its player's road or city; earns an extra tile."""
    PIG = "pig"
    """The pig (Traders & Builders): in its player's field; its farm pays one more per city."""

    @property
    def weight(self) -> int:
        """How many meeples this figure counts as where majority is decided."""
        return _WEIGHTS[self]

    @property
    def stands_on(self) -> frozenset[FeatureKind]:
        """The kinds of feature this figure may stand on."""
        return _STANDS_ON[self]

    @property
    def needs_own_figure(self) -> bool:
        """A builder or pig joins a feature where one of its player's counting figures stands."""
        return self in (FigureKind.BUILDER, FigureKind.PIG)


_WEIGHTS = {
    FigureKind.MEEPLE: 1,
    FigureKind.BIG: 2,
    FigureKind.ABBOT: 1,
    FigureKind.BUILDER: 0,
    FigureKind.PIG: 0,
}

_ANYWHERE = frozenset({FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.CLOISTER, FeatureKind.FIELD})
_STANDS_ON = {
    FigureKind.MEEPLE: _ANYWHERE,
    FigureKind.BIG: _ANYWHERE,
    FigureKind.ABBOT: frozenset({FeatureKind.CLOISTER, FeatureKind.GARDEN}),
    FigureKind.BUILDER: frozenset({FeatureKind.ROAD, FeatureKind.CITY}),
    FigureKind.PIG: frozenset({FeatureKind.FIELD}),
}

MEEPLES_PER_PLAYER = 7

_BOX_FIGURES: dict[Expansion, dict[FigureKind, int]] = {
    Expansion.ABBOT: {FigureKind.ABBOT: 1},
    Expansion.INNS_CATHEDRALS: {FigureKind.BIG: 1},
    Expansion.TRADERS_BUILDERS: {FigureKind.BUILDER: 1, FigureKind.PIG: 1},
}


def supply_for(expansions: Iterable[Expansion]) -> dict[FigureKind, int]:
    """Each player's figures at the start of a game with ``expansions``, in :class:`FigureKind` order."""
    supply = {FigureKind.MEEPLE: MEEPLES_PER_PLAYER}
    for expansion in expansions:
        supply.update(_BOX_FIGURES.get(expansion, {}))
    return {kind: supply[kind] for kind in FigureKind if kind in supply}


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure standing on the board."""

    player: int
    kind: FigureKind
    square: Square
    place: Place
    """Where it stands on its tile, in board orientation (the feature's usual place name)."""
    feature: FeatureKind
    index: int
    """The feature's index on its tile type (for drawing it at the feature's anchor)."""


def strength(figures: Iterable[tuple[int, FigureKind]]) -> dict[int, int]:
    """How many meeples each player counts on a feature, the big meeple twice, builders and pigs not."""
    counts: dict[int, int] = {}
    for player, kind in figures:
        counts[player] = counts.get(player, 0) + kind.weight
    return counts


def majority(counts: Mapping[int, int]) -> tuple[int, ...]:
    """The players with the most meeples (all of them on a tie), in player order; nobody with 0."""
    most = max(counts.values(), default=0)
    if most <= 0:
        return ()
    return tuple(sorted(p for p, n in counts.items() if n == most))
