"""The Abbot (the current base box): an abbot per player, and gardens.

- The abbot stands only on a cloister or a garden (its figure's rule, :mod:`..figures`); a garden
  is scored as a cloister is, by the abbot alone.
- Instead of placing a figure, the layer may take their abbot back from the board (the *recall*,
  the turn's action, step 4 of board-format.md's turn: before a dragon moves): its cloister or
  garden is scored as if the game had ended, the points coming with the turn's after its tile's
  own scoring. An abbot whose feature that very tile completes scores 9 with it and goes home by
  itself: the recall is refused then. Not on a finished board (nothing is laid turn by turn).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import ActionKind, ReadContext, Step, register
from ..errors import BoardFileError, IllegalPlacementError, NotationError, Rule
from ..figures import FigureKind
from ..places import Square
from ..queries import RecallOption
from ..rules import Mode
from ..scoring import Phase, ScoreEvent
from ..tiles import Expansion
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game
    from ..placement import Placement


class Recall(NamedTuple):
    """Instead of placing a figure, ``player`` takes their abbot back from ``square``."""

    player: int
    x: int
    y: int

    field = "recall"  # (not annotated: a class attribute, not a field of the tuple)

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{self.player}^{self.x},{self.y}"


_RECALL_TEXT = re.compile(r"(?P<player>[0-9])\^(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)", re.ASCII)


def _parse_recall(token: str) -> Recall | None:
    match = _RECALL_TEXT.fullmatch(token)
    if match is None:
        if "^" in token:
            raise NotationError(Rule.BAD_NOTATION, text=token, detail="a recall is PLAYER^X,Y")
        return None
    return Recall(int(match["player"]), int(match["x"]), int(match["y"]))


def _read_recall(raw: Any, context: ReadContext) -> Recall:
    where = context.where
    if not isinstance(raw, dict):
        raise BoardFileError(Rule.BAD_PLACEMENT, **where, detail="recall must be an object")
    player, x, y = raw.get("player"), raw.get("x"), raw.get("y")
    if type(player) is not int or not 0 <= player < context.players:
        raise BoardFileError(Rule.UNKNOWN_PLAYER, **where, player=str(player)[:10])
    limit = context.limit
    if not (type(x) is int and type(y) is int and abs(x) <= limit and abs(y) <= limit):
        raise BoardFileError(Rule.BAD_POSITION, **where, limit=limit)
    return Recall(player, x, y)


def _not_there(game: Game, recall: Recall, where: dict) -> IllegalPlacementError:
    return IllegalPlacementError(
        Rule.RECALL_NOT_THERE,
        **where,
        player_name=game.players[recall.player].name,
        at_x=recall.x,
        at_y=recall.y,
    )


RECALL: ActionKind = register(
    ActionKind(
        "recall",
        Step.ACTION,
        True,
        _parse_recall,
        _read_recall,
        lambda recall: {"player": recall.player, "x": recall.x, "y": recall.y},
        expansion=Expansion.ABBOT,
        replay_only=Rule.RECALL_IN_FINAL,
        absent=_not_there,
    )
)
"""The abbot taken back: the layer's action of the turn, in a game being played."""


class Abbot(RuleModule):
    expansion = Expansion.ABBOT

    def check_action(self, game: Game, placement: Placement, layer: int | None, where: dict) -> None:
        """The abbot must stand there (the game has checked the rest: one action, its player)."""
        recall = placement.recall
        if recall is None:
            return
        if game.node_of(recall.square, recall.player, FigureKind.ABBOT) is None:
            raise _not_there(game, recall, where)

    def start(self, game: Game) -> tuple[ScoreEvent, ...]:
        return ()  # the recall's points, between the action and the turn's end

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        """Take the abbot back (step 4) and score its feature as unfinished: a tile that completes
        it instead leaves it to score 9 (refused)."""
        recall = placement.recall
        if recall is None:
            return
        node = game.node_of(recall.square, recall.player, FigureKind.ABBOT)
        assert node is not None  # (check_action saw to it)
        if game.board.neighbours_present(recall.square) == 8:
            kind = game.enclosed_kind_on(recall.square)
            raise IllegalPlacementError(
                Rule.RECALL_COMPLETED, index=placed.index, tile=placed.tile.name, x=placed.square[0],
                y=placed.square[1], feature=kind.value, at_x=recall.x, at_y=recall.y,
            )  # fmt: skip
        event = game.unfinished_event(node, Phase.RECALL, placed.index)
        game.send_home(node)
        game.set_state(self, (event,))

    def after_scoring(
        self, game: Game, placement: Placement, layer: int | None, where: dict, scored: Sequence[ScoreEvent]
    ) -> list[ScoreEvent]:
        """The recall's points, after the tile's own scoring."""
        events: tuple[ScoreEvent, ...] = game.state_of(self)  # type: ignore[assignment]
        if events:
            game.set_state(self, ())
        return list(events)

    def recall_options(self, game: Game, bare: Placement, player: int) -> list[RecallOption]:
        if game.mode is Mode.FINAL:
            return []
        options = []
        for node, square, _, _ in game.standing(player=player, kind=FigureKind.ABBOT):
            try:
                events = game.score_of(bare.with_action(Recall(player, *square)))
            except IllegalPlacementError:
                continue
            recall = next(e for e in events if e.when is Phase.RECALL)
            options.append(RecallOption(player, square, game.feature_kind_of(node), recall.points))
        return options


ABBOT = Abbot()
