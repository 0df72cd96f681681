"""The Abbot (the current base box): an abbot per player, and gardens.

- The abbot stands only on a cloister or a garden (its figure's rule, :mod:`..figures`); a garden
  is scored as a cloister is, by the abbot alone.
- Instead of placing a figure, the layer may take their abbot back from the board (the *recall*,
  the turn's action): after the tile's own scoring, its cloister or garden is scored as if the
  game had ended. An abbot whose feature that very tile completed has already gone home with its
  points: the recall is refused then. Not on a finished board (nothing is laid turn by turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalPlacementError, Rule
from ..figures import FigureKind
from ..queries import RecallOption
from ..rules import Mode
from ..scoring import Phase, ScoreEvent
from ..tiles import Expansion
from . import RuleModule

if TYPE_CHECKING:
    from ..game import Game
    from ..placement import Placement


class Abbot(RuleModule):
    expansion = Expansion.ABBOT

    def check_action(self, game: Game, placement: Placement, where: dict) -> None:
        """The abbot must stand there (the game has checked the rest: one action, its player)."""
        recall = placement.recall
        if recall is None:
            return
        if game.node_of(recall.square, recall.player, FigureKind.ABBOT) is None:
            raise IllegalPlacementError(
                Rule.RECALL_NOT_THERE,
                **where,
                player_name=game.players[recall.player].name,
                at_x=recall.x,
                at_y=recall.y,
            )

    def after_scoring(self, game: Game, placement: Placement, where: dict) -> list[ScoreEvent]:
        """Take the abbot back and score its feature as unfinished."""
        recall = placement.recall
        if recall is None:
            return []
        node = game.node_of(recall.square, recall.player, FigureKind.ABBOT)
        if node is None:  # the tile completed its cloister or garden, which sent it home
            kind = game.enclosed_kind_on(recall.square)
            raise IllegalPlacementError(
                Rule.RECALL_COMPLETED, **where, feature=kind.value, at_x=recall.x, at_y=recall.y
            )
        event = game.unfinished_event(node, Phase.RECALL, where["index"])
        game.send_home(node)
        return [event]

    def recall_options(self, game: Game, bare: Placement, player: int) -> list[RecallOption]:
        if game.mode is Mode.FINAL:
            return []
        options = []
        for node, square, _, _ in game.standing(player=player, kind=FigureKind.ABBOT):
            try:
                events = game.score_of(bare.with_recall(player, square))
            except IllegalPlacementError:
                continue
            recall = next(e for e in events if e.when is Phase.RECALL)
            options.append(RecallOption(player, square, game.feature_kind_of(node), recall.points))
        return options


ABBOT = Abbot()
