"""What each expansion adds to the turn and the end of the game, as small rule modules.

Most of an expansion is data: its tiles (:mod:`..tilesets`), its figures and their rules
(:mod:`..figures`), its features' attributes (inns, cathedrals, goods). What is left is a few
hooks the game calls at fixed moments; a module overrides the ones it needs. The game never asks
which expansions are in play, only which modules are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import Expansion

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game
    from ..scoring import ScoreEvent


class RuleModule:
    """Hooks of one expansion; each does nothing unless overridden."""

    def completed(self, game: Game, root: int, layer: int | None) -> None:
        """A road or city (group ``root``) was completed during play by a tile ``layer`` laid."""

    def earns_extra_tile(self, game: Game, placed: PlacedTile, layer: int | None) -> bool:
        """Whether laying ``placed`` lets ``layer`` lay another tile at once."""
        return False

    def end_events(self, game: Game) -> list[ScoreEvent]:
        """Points this expansion adds at the very end, after the farms."""
        return []


def modules_for(expansions: frozenset[Expansion]) -> tuple[RuleModule, ...]:
    """The rule modules of the expansions in play, in a fixed order."""
    from .traders_builders import TRADERS_BUILDERS

    registry: dict[Expansion, RuleModule] = {Expansion.TRADERS_BUILDERS: TRADERS_BUILDERS}
    return tuple(registry[e] for e in Expansion if e in expansions and e in registry)
