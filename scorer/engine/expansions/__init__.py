"""What each expansion adds to the turn and the end of the game, as small rule modules.

Most of an expansion is data: its tiles (:mod:`..tilesets`), its figures and their rules
(:mod:`..figures`), its features' attributes (inns, cathedrals, goods). What is left is a rule
module: hooks the game calls at fixed steps of a turn, in the order of board-format.md's "More
expansions" section, and a state of the module's own that the game keeps in its journal. The
game never asks which expansions are in play, only which modules are, and calls a hook only on
the modules that override it (a game without expansions pays nothing for them).

The steps of a turn (:meth:`Game.push`), each a hook:

1. the start of the turn: :meth:`RuleModule.start_turn` (the fairy's point);
   before the tile: :meth:`RuleModule.before_tile` (a ransom);
2. the tile: its squares are the board's; :meth:`RuleModule.earns_extra_tile` (the builder);
3. the action: :meth:`RuleModule.check_action` for an action the module owns (the abbot's recall);
4. what follows it: :meth:`RuleModule.after_action` (the dragon's steps);
5. scoring: :meth:`RuleModule.completed` for each road or city the tile completes (goods);
   just before each feature the tile completes is scored: :meth:`RuleModule.visitors`
   (followers out of the City of Carcassonne);
6. after scoring: :meth:`RuleModule.after_scoring` (the recalled abbot's points, a quarter);
7. the end: :meth:`RuleModule.farm_visitors` (the market's followers) before the farms,
   :meth:`RuleModule.end_events` (the goods majorities) after them.

A finished board is judged whole by :meth:`RuleModule.final_problem` (the River's turns).

Where a tile may go is the board's question, and a module may have a say in it (the laying hooks,
asked in a game being played): the tiles that start the game (:meth:`RuleModule.opening`), a
tile barred everywhere for now (:meth:`RuleModule.barred`), a square and turn refused
(:meth:`RuleModule.laying_problem`), the one square the next tile must go on
(:meth:`RuleModule.bound_square`). Their state (the River's open end) is kept in the board's own
journal: :meth:`RuleModule.laying_start` gives it, :meth:`RuleModule.laid` the next one.

A module's state is any immutable value (:meth:`RuleModule.start` gives the first one): a hook
that changes it calls :meth:`Game.set_state` with a new value, never edits the old one, so that
keeping a reference in the journal is the snapshot and :meth:`Game.pop` restores it exactly.
Modules read the board through the game's named queries (:meth:`Game.group_of`,
:meth:`Game.goods_on`, :meth:`Game.standing`, ...), never its private feature graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import Rule
from ..tiles import Expansion

if TYPE_CHECKING:
    from ..actions import ReadContext
    from ..board import Board, PlacedTile
    from ..errors import IllegalPlacementError, Problem
    from ..game import Game
    from ..placement import Placement
    from ..places import Square
    from ..queries import HeldFigure, Piece, RecallOption
    from ..scoring import Category, ScoreEvent, Spot
    from ..tiles import Good, Orientation, TileType
    from ..view import GameView


class RuleModule:
    """Hooks of one expansion; each does nothing unless overridden."""

    expansion: Expansion
    categories: tuple[Category, ...] = ()
    """Columns the module adds to every report of a game with it (present even at 0)."""
    extra_fields: tuple[str, ...] = ()
    """Top-level fields of a finished board's file that belong to the module (read with
    :meth:`read_extra`, written with :meth:`write_extras`, given to the game as ``extras``)."""
    replay_fields: tuple[str, ...] = ()
    """Top-level fields of a game being played that belong to the module (what its end says: the
    market), read with :meth:`read_extra`, written with :meth:`write_replay_extras`."""

    def start(self, game: Game) -> object:
        """The module's state when the game begins (``None``: it keeps none)."""
        return None

    def start_turn(
        self, game: Game, placement: Placement, layer: int | None, where: dict
    ) -> list[ScoreEvent]:
        """Step 1: what the start of ``layer``'s turn gives them (the fairy's point), first of all;
        asked as :meth:`before_tile` is."""
        return []

    def before_tile(
        self, game: Game, placement: Placement, layer: int | None, where: dict
    ) -> list[ScoreEvent]:
        """Step 2: what happens before ``layer`` lays ``placement``'s tile (a ransom); the
        points it gives, first among the turn's. Asked once the tile lies on the board and the
        turn's actions are screened, before the action (a figure it frees may go down this very
        turn), in a game being played; a refusal (raise) undoes the whole turn."""
        return []

    def earns_extra_tile(self, game: Game, placed: PlacedTile, layer: int | None) -> bool:
        """Step 2: whether laying ``placed`` lets ``layer`` lay another tile at once."""
        return False

    def check_action(self, game: Game, placement: Placement, layer: int | None, where: dict) -> None:
        """Step 3: raise :class:`IllegalPlacementError` if ``placement`` carries an action of this
        module's that the rules refuse now (before anything of the turn is scored)."""

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        """Step 4: what the rules make happen once the tile and its action are down."""

    def completed(self, game: Game, root: int, layer: int | None) -> None:
        """Step 5: a road or city (group ``root``) was completed during play by a tile ``layer`` laid."""

    def visitors(self, game: Game, placement: Placement, root: int, where: dict) -> tuple[Spot, ...]:
        """Step 6, just before the feature ``root`` that ``placement`` completes is scored: the
        followers that join it for its scoring (out of the City of Carcassonne), who count like
        the figures on it and go home with them; the module no longer keeps them."""
        return ()

    def after_scoring(
        self, game: Game, placement: Placement, layer: int | None, where: dict, scored: Sequence[ScoreEvent]
    ) -> list[ScoreEvent]:
        """Step 6: after the tile's own scoring (``scored``: its events); the points it gives
        (raise to refuse the turn)."""
        return []

    def end_events(self, game: Game) -> list[ScoreEvent]:
        """Step 7: points this expansion adds at the very end, after the farms."""
        return []

    def farm_visitors(self, game: GameView) -> list[tuple[int, Spot]]:
        """At the end, just before the farms are scored: followers that join fields for their
        scoring (from the market), each with the segment it joins."""
        return []

    def end_problem(self, game: GameView) -> IllegalPlacementError | None:
        """In a game being played, at its end: why what the module's :attr:`replay_fields` say
        breaks the rules, if they do."""
        return None

    def end_choices(self, game: GameView) -> dict[str, list[Any]]:
        """For each of :attr:`replay_fields`: the entries the players could choose at the end
        (for random games)."""
        return {}

    def write_replay_extras(self, game: Game) -> dict[str, Any]:
        """The module's top-level fields of a game being played (:attr:`replay_fields`)."""
        return {}

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

    # -- laying tiles: the board asks, in a game being played ---------------------------------

    opens_first: bool = False
    """Whether the module's opening tiles come before the other modules' (the City of Carcassonne
    before the River's spring)."""
    opening_rule: Rule = Rule.START_TILE
    """The refusal of another tile where one of the module's opening tiles is due."""

    def opening(self) -> tuple[TileType, ...]:
        """The tiles that start the game, in order, instead of the base game's start tile (the
        modules' openings follow one another in the modules' order)."""
        return ()

    def opening_squares(self) -> dict[str, Square]:
        """The squares some of the module's opening tiles always lie on, at rotation 0 (the City
        of Carcassonne's): a page lays them as the game is created."""
        return {}

    def laying_start(self) -> object:
        """This module's state of laying tiles on an empty board (kept in the board's journal)."""
        return None

    def constrains(self, board: Board, state: object, tile: TileType) -> bool:
        """Whether the module has a say in where ``tile`` may go now (else the board's quick
        path lays it without asking)."""
        return False

    def tiles_constrained(self, board: Board, state: object) -> frozenset[str] | None:
        """The names of the tiles the module :meth:`constrains` in ``state`` (``None``: it may
        have a say in any tile): the board lays any other without asking."""
        return None

    def barred(self, board: Board, state: object, tile: TileType) -> Problem | None:
        """Why ``tile`` may go on no square now, whatever its turn, if that is so."""
        return None

    def laying_problem(
        self, board: Board, state: object, orientation: Orientation, square: Square
    ) -> Problem | None:
        """Why ``orientation`` may not go on ``square`` (its edges already match), if it may not."""
        return None

    def laid(self, board: Board, state: object, orientation: Orientation, square: Square) -> object:
        """The module's state once ``orientation`` is laid on ``square`` (a new value, or ``state``);
        asked only for a tile the module :meth:`constrains`."""
        return state

    def bound_square(self, board: Board, state: object) -> Square | None:
        """The one square the next tile must go on, when the module says so."""
        return None

    def laying_over(self, board: Board, state: object) -> bool:
        """Whether, in ``state``, the module has no more say in laying tiles for the rest of the
        game (the board then stops asking it, and lays tiles as fast as without it)."""
        return False

    def read_extra(self, name: str, raw: Any, context: ReadContext) -> object:
        """A top-level field of :attr:`extra_fields`, read from a board file (or a
        :class:`BoardFileError` naming what is wrong)."""
        raise NotImplementedError(name)

    def final_extras(self, game: Game) -> dict[str, object]:
        """The game's end as a finished board's top-level fields say it (typed, as
        :meth:`read_extra` reads them): what entering this game as a finished board gives."""
        return {}

    def write_extras(self, game: Game) -> dict[str, Any]:
        """The module's top-level fields of a finished board's file, as the game holds them now."""
        return {}

    def options(self, game: Game, bare: Placement, layer: int) -> list[Any]:
        """The actions of this module the rules let ``layer`` take with the tile just laid
        (``bare``: that tile without its actions; the game is as it was before it), for a page to
        offer and for random games."""
        return []

    def follow_ups(self, game: Game, placement: Placement, layer: int) -> list[Any]:
        """What may follow ``placement``'s action as the rules make it happen, chosen among by the
        players (the dragon's moves): asked with ``placement`` laid, its action done and what
        follows still owed."""
        return []

    def pieces(self, game: Game) -> list[Piece]:
        """What this module stands on the board's squares now (towers, ...), for a page to draw."""
        return []

    def held(self, game: Game) -> list[HeldFigure]:
        """Figures this module keeps off the board and out of their owners' supply (prisoners)."""
        return []

    def unfinished(self, game: GameView) -> IllegalPlacementError | None:
        """In a game being played: what the last turn still owes before the next tile (the
        dragon's steps), if anything. Asked before each tile and at the end of a board file."""
        return None

    def figure_bar(self, game: GameView, placed: PlacedTile) -> Problem | None:
        """In a game being played: why no figure may stand on ``placed``, the tile just laid (a
        volcano), if none may."""
        return None

    def evict(self, game: Game, square: Square) -> None:
        """Every figure this module stands on ``square`` goes home (the dragon's meal: a follower
        on top of a tower)."""

    def absent(self, tile: TileType) -> Problem | None:
        """Why ``tile``, one of this expansion's, is in no game without it, when the module has
        more to say than that the game lacks the tile."""
        return None


HOOKS = (
    "start_turn",
    "before_tile",
    "earns_extra_tile",
    "check_action",
    "after_action",
    "completed",
    "visitors",
    "after_scoring",
    "end_events",
    "farm_visitors",
    "recall_options",
    "final_problem",
    "goods_held",
    "laying_problem",
    "unfinished",
    "figure_bar",
    "follow_ups",
)
"""The hooks a game calls only on the modules that override them."""


def overriding(modules: Sequence[RuleModule], hook: str) -> tuple[RuleModule, ...]:
    """The modules among ``modules`` that override ``hook``, in their order."""
    default = getattr(RuleModule, hook)
    return tuple(m for m in modules if getattr(type(m), hook) is not default)


def _registry() -> dict[Expansion, RuleModule]:
    """Every expansion's rule module."""
    return {m.expansion: m for m in (RIVER, ABBOT, TRADERS_BUILDERS, TOWER, PRINCESS_DRAGON, COUNT)}


def modules_for(expansions: frozenset[Expansion]) -> tuple[RuleModule, ...]:
    """The rule modules of the expansions in play, in a fixed order."""
    registry = _registry()
    return tuple(registry[e] for e in Expansion if e in expansions and e in registry)


def absent_problem(tile: TileType) -> Problem | None:
    """What its expansion's module says of ``tile`` in a game without that expansion, if anything."""
    module = _registry().get(tile.expansion) if tile.expansion is not None else None
    return module.absent(tile) if module is not None else None


# The modules last: each imports RuleModule from here, and registers its kinds of action as it is
# imported, before any placement is read.
from .abbot import ABBOT  # noqa: E402
from .count import COUNT  # noqa: E402
from .princess_dragon import PRINCESS_DRAGON  # noqa: E402
from .river import RIVER  # noqa: E402
from .tower import TOWER  # noqa: E402
from .traders_builders import TRADERS_BUILDERS  # noqa: E402
