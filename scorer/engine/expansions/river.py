"""The River: its twelve tiles are laid first, from the spring, each continuing the river, never
turning the same way twice in a row, the lake last.

Its rules are rules of laying tiles, so the board asks them (the laying hooks of
:class:`RuleModule`), and its state, the river's open end, is kept in the board's journal:

- the spring is the start tile instead of D (:meth:`River.opening`);
- while the river can go on, only a river tile may be laid, and only at its mouth, continuing it
  (:meth:`River.barred`, :meth:`River.laying_problem`); the lake only once nothing else can
  continue it; the first ordinary tile ends the river phase for good (:meth:`River.laid`);
- on a finished board, where tiles come in any order, the one fault a board in one piece can
  still have: a bend turning the same way as the one before it (:meth:`River.final_problem`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import Problem, Rule
from ..places import Side, Square
from ..tiles import Expansion, Orientation, TileType
from ..tilesets import RIVER_LAKE, RIVER_SPRING, TILES
from . import RuleModule

if TYPE_CHECKING:
    from ..board import Board, PlacedTile
    from ..errors import IllegalPlacementError
    from ..game import Game

STRAIGHT = 0
RIVER_NAMES = frozenset(name for name, tile in TILES.items() if tile.is_river)
"""How the river turns on a tile: 0 straight on, 1 to the right (clockwise), 3 to the left."""


@dataclass(frozen=True, slots=True)
class RiverEnd:
    """Where the river is open: the tile it last flowed through and the side it leaves by."""

    square: Square
    side: Side
    last_turn: int
    """How it turned on that tile (``STRAIGHT`` on the spring)."""

    @property
    def mouth(self) -> Square:
        """The square the next river tile goes on."""
        return self.side.neighbour(self.square)


@dataclass(frozen=True, slots=True)
class Flow:
    """The River's state on a board being played: ``end`` is ``None`` before the spring and
    after the river has ended (in its lake, or at the first ordinary tile)."""

    end: RiverEnd | None = None
    started: bool = False


def turn_onto(end: RiverEnd, orientation: Orientation, square: Square) -> int | None:
    """How the river turns on ``orientation`` laid on ``square`` if that continues it from ``end``,
    else ``None``."""
    heading = end.side
    if end.mouth != square or heading.opposite not in orientation.river_sides:
        return None
    out = [s for s in orientation.river_sides if s != heading.opposite]
    if not out:  # the lake: the river ends here
        return STRAIGHT
    return (out[0] - heading) % 4


class River(RuleModule):
    expansion = Expansion.RIVER

    # -- laying tiles ------------------------------------------------------------------------

    def opening(self) -> tuple[TileType, ...]:
        return (RIVER_SPRING,)

    def laying_start(self) -> Flow:
        return Flow()

    def constrains(self, board: Board, state: Flow, tile: TileType) -> bool:
        return tile.is_river or state.end is not None

    def tiles_constrained(self, board: Board, state: Flow) -> frozenset[str] | None:
        return None if state.end is not None or not state.started else RIVER_NAMES

    def barred(self, board: Board, state: Flow, tile: TileType) -> Problem | None:
        if not tile.is_river and self.can_continue(board, state):
            return Problem(Rule.RIVER_FIRST)
        return None

    def laying_problem(
        self, board: Board, state: Flow, orientation: Orientation, square: Square
    ) -> Problem | None:
        tile = orientation.tile
        if not tile.is_river:
            return self.barred(board, state, tile)
        if tile is RIVER_SPRING:
            # The board's opening says when it comes (first, or after the City of Carcassonne).
            return Problem(Rule.SPRING_FIRST) if state.started else None
        end = state.end
        if end is None:
            return Problem(Rule.RIVER_CLOSED)
        turn = turn_onto(end, orientation, square)
        if turn is None:
            return Problem(Rule.RIVER_NOT_CONTINUED)
        if turn != STRAIGHT and turn == end.last_turn:
            return Problem(Rule.RIVER_SAME_TURN)
        if tile is RIVER_LAKE and self.can_continue(board, state, exclude_lake=True):
            return Problem(Rule.LAKE_TOO_EARLY)
        return None

    def laid(self, board: Board, state: Flow, orientation: Orientation, square: Square) -> Flow:
        if not orientation.tile.is_river:
            return Flow(None, state.started) if state.end is not None else state
        if not state.started:
            return Flow(RiverEnd(square, orientation.river_sides[0], STRAIGHT), True)
        end = state.end
        if end is None:
            return state
        out = [s for s in orientation.river_sides if s != end.side.opposite]
        if not out:
            return Flow(None, True)
        return Flow(RiverEnd(square, out[0], (out[0] - end.side) % 4), True)

    def laying_over(self, board: Board, state: Flow) -> bool:
        """Once the river has ended (its lake, or the first ordinary tile) and no river tile is
        left to refuse."""
        if not state.started or state.end is not None:
            return False
        return not any(board.supply.get(name) for name in RIVER_NAMES)

    def absent(self, tile: TileType) -> Problem | None:
        return Problem(Rule.RIVER_NOT_IN_PLAY)

    def bound_square(self, board: Board, state: Flow) -> Square | None:
        """The river's mouth while the river is being laid: the one square a tile may go on."""
        end = state.end
        return end.mouth if end is not None and self.can_continue(board, state) else None

    def can_continue(self, board: Board, state: Flow, *, exclude_lake: bool = False) -> bool:
        """Whether some river tile still in the supply could be laid now."""
        end = state.end
        if end is None:
            return False
        square = end.mouth
        if square in board.tiles:
            return False
        for name, left in board.supply.items():
            tile = TILES[name]
            if left <= 0 or not tile.is_river or tile is RIVER_SPRING:
                continue
            if exclude_lake and tile is RIVER_LAKE:
                continue
            for orientation in tile.orientations:
                if board.edge_problem(orientation, square) is not None:
                    continue
                turn = turn_onto(end, orientation, square)
                if turn is None or (turn != STRAIGHT and turn == end.last_turn):
                    continue
                if tile is RIVER_LAKE and self.can_continue(board, state, exclude_lake=True):
                    continue
                return True
        return False

    # -- a finished board -----------------------------------------------------------------------

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        loose = same_turn_twice(game.board)
        if loose is None:
            return None
        return loose.refused(Rule.RIVER_SAME_TURN)


def same_turn_twice(board: Board) -> PlacedTile | None:
    """On a finished board: the first river tile that turns the same way as the one before it.

    Follows the river from the spring; ``None`` when there is no spring or no such fault.
    """
    spring = next((p for p in board.tiles.values() if p.tile is RIVER_SPRING), None)
    if spring is None:
        return None
    end = RiverEnd(spring.square, spring.orientation.river_sides[0], STRAIGHT)
    while True:
        placed = board.tiles.get(end.mouth)
        if placed is None:
            return None
        turn = turn_onto(end, placed.orientation, end.mouth)
        if turn is None:
            return None
        out = [s for s in placed.orientation.river_sides if s != end.side.opposite]
        if not out:
            return None
        if turn != STRAIGHT and turn == end.last_turn:
            return placed
        end = RiverEnd(end.mouth, out[0], turn)


RIVER = River()
