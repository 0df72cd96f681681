"""Rule options: the points that changed between editions of the rulebook, and how a board is entered."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .tiles import Expansion


class FarmerEdition(StrEnum):
    """How farms are scored at the end of the game."""

    THIRD = "3rd"
    """Each field scores 3 per completed city it touches for its majority farmer(s)."""
    SECOND = "2nd"
    """As the 3rd edition, but a player scores each city at most once over all their fields."""
    FIRST = "1st"
    """Each completed city scores 4, once, for the majority over all the fields touching it."""


class Mode(StrEnum):
    """How a board is entered."""

    REPLAY = "replay"
    """Tile by tile as played: every rule of laying tiles applies and features score as they close."""
    FINAL = "final"
    """The board as it lies at the end: any order, scored only at the end."""


@dataclass(frozen=True, kw_only=True)
class Rules:
    """The rule options of a game; the defaults are the current rules."""

    small_city: int = 4
    """4: a completed two-tile city scores 2 per tile like any other; 2: the old rule, 2 in all."""
    farmers: FarmerEdition = FarmerEdition.THIRD

    def __post_init__(self) -> None:
        if self.small_city not in (2, 4):
            raise ValueError("small_city must be 4 or 2")
        object.__setattr__(self, "farmers", FarmerEdition(self.farmers))


MIN_PLAYERS = 2
MAX_PLAYERS = 5
_BOX_MAX_PLAYERS = {Expansion.INNS_CATHEDRALS: 6}


def max_players(expansions: Iterable[Expansion] = ()) -> int:
    """How many can play with ``expansions``: 5, or 6 with Inns & Cathedrals."""
    return max([MAX_PLAYERS, *(_BOX_MAX_PLAYERS.get(e, MAX_PLAYERS) for e in expansions)])
