"""The River: its twelve tiles are laid first, from the spring, each continuing the river, never
turning the same way twice in a row, the lake last.

Where a river tile may go is still the board's own rule (``Board``: the river's open end is
part of the board's journal, and the squares a tile fits are worked out there, quickly); this
module holds what the game asks of the River: on a finished board, the one fault a board in
one piece can still have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Rule
from ..tiles import Expansion
from . import RuleModule

if TYPE_CHECKING:
    from ..errors import IllegalPlacementError
    from ..game import Game


class River(RuleModule):
    expansion = Expansion.RIVER

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        loose = game.board.river_problem_on_board()
        if loose is None:
            return None
        return loose.refused(Rule.RIVER_SAME_TURN)


RIVER = River()
