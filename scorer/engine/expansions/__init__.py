"""What each expansion adds to the turn and the end of the game, as small rule modules.

Most of an expansion is data: its tiles (:mod:`..tilesets`), its figures and their rules
(:mod:`..figures`), its features' attributes (inns, cathedrals, goods). What is left is a rule
module: hooks the game calls at fixed steps of a turn, in the order of board-format.md's "More
expansions" section, and a state of the module's own that the game keeps in its journal. The
game never asks which expansions are in play, only which modules are, and calls a hook only on
the modules that override it (a game without expansions pays nothing for them).

The steps of a turn (:meth:`Game.push`), each a hook:

1. before the tile: :meth:`RuleModule.before_tile` (the fairy's point, a ransom);
2. the tile: its squares are the board's; :meth:`RuleModule.earns_extra_tile` (the builder);
3. the action: :meth:`RuleModule.check_action` for an action the module owns (the abbot's recall);
4. what follows it: :meth:`RuleModule.after_action` (the dragon's steps);
5. scoring: :meth:`RuleModule.completed` for each road or city the tile completes (goods);
6. after scoring: :meth:`RuleModule.after_scoring` (the recalled abbot's points, a quarter);
7. the end: :meth:`RuleModule.end_events` (the goods majorities), after the farms.

A finished board is judged whole by :meth:`RuleModule.final_problem` (the River's turns).

A module's state is any immutable value (:meth:`RuleModule.start` gives the first one): a hook
that changes it calls :meth:`Game.set_state` with a new value, never edits the old one, so that
keeping a reference in the journal is the snapshot and :meth:`Game.pop` restores it exactly.
Modules read the board through the game's named queries (:meth:`Game.group_of`,
:meth:`Game.goods_on`, :meth:`Game.standing`, ...), never its private feature graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..tiles import Expansion

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..errors import IllegalPlacementError
    from ..game import Game
    from ..placement import Placement
    from ..queries import RecallOption
    from ..scoring import ScoreEvent
    from ..tiles import Good


class RuleModule:
    """Hooks of one expansion; each does nothing unless overridden."""

    expansion: Expansion

    def start(self, game: Game) -> object:
        """The module's state when the game begins (``None``: it keeps none)."""
        return None

    def before_tile(self, game: Game, placement: Placement, layer: int | None) -> list[ScoreEvent]:
        """Step 1: what happens before ``layer`` lays ``placement``'s tile; the points it gives,
        first among the turn's. Asked once the tile and its figure have been checked and put
        down (so that a refused turn changes nothing), in a game being played."""
        return []

    def earns_extra_tile(self, game: Game, placed: PlacedTile, layer: int | None) -> bool:
        """Step 2: whether laying ``placed`` lets ``layer`` lay another tile at once."""
        return False

    def check_action(self, game: Game, placement: Placement, where: dict) -> None:
        """Step 3: raise :class:`IllegalPlacementError` if ``placement`` carries an action of this
        module's that the rules refuse now (before anything of the turn is scored)."""

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        """Step 4: what the rules make happen once the tile and its action are down."""

    def completed(self, game: Game, root: int, layer: int | None) -> None:
        """Step 5: a road or city (group ``root``) was completed during play by a tile ``layer`` laid."""

    def after_scoring(self, game: Game, placement: Placement, where: dict) -> list[ScoreEvent]:
        """Step 6: after the tile's own scoring; the points it gives (raise to refuse the turn)."""
        return []

    def end_events(self, game: Game) -> list[ScoreEvent]:
        """Step 7: points this expansion adds at the very end, after the farms."""
        return []

    def recall_options(self, game: Game, bare: Placement, player: int) -> list[RecallOption]:
        """Figures ``player`` could take back instead of placing one, with the tile just laid
        (``bare``: that tile without its figure; the game has taken it back meanwhile)."""
        return []

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        """On a finished board: why it breaks this expansion's rules as a whole, if it does."""
        return None

    def goods_held(self, state: object) -> Sequence[dict[Good, int]] | None:
        """The trade goods each player holds in this module's ``state``, if it keeps any."""
        return None


HOOKS = (
    "before_tile",
    "earns_extra_tile",
    "check_action",
    "after_action",
    "completed",
    "after_scoring",
    "end_events",
    "recall_options",
    "final_problem",
    "goods_held",
)
"""The hooks a game calls only on the modules that override them."""


def overriding(modules: Sequence[RuleModule], hook: str) -> tuple[RuleModule, ...]:
    """The modules among ``modules`` that override ``hook``, in their order."""
    default = getattr(RuleModule, hook)
    return tuple(m for m in modules if getattr(type(m), hook) is not default)


def modules_for(expansions: frozenset[Expansion]) -> tuple[RuleModule, ...]:
    """The rule modules of the expansions in play, in a fixed order."""
    from .abbot import ABBOT
    from .river import RIVER
    from .traders_builders import TRADERS_BUILDERS

    registry: dict[Expansion, RuleModule] = {m.expansion: m for m in (RIVER, ABBOT, TRADERS_BUILDERS)}
    return tuple(registry[e] for e in Expansion if e in expansions and e in registry)
