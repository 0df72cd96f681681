"""Traders & Builders: trade goods go to whoever closes a city, and the builder's extra tile.

- Goods: when a city is completed, the player who laid the completing tile takes all its tokens,
  whoever owns the city and even if nobody does. At the end, for each good, the player(s) with the
  most tokens score 10 (all tied players; nobody with none). On a finished board the goods each
  player holds are given (``Game(goods=...)``).
- The builder: a player who lays a tile that extends the road or city holding their builder (set
  down on an earlier tile) lays a second tile at once; a second tile never earns a third. Laying
  the tile that completes the builder's feature still extends it, so it earns the tile too (the
  builder then goes home with the feature's other figures).

The module's state: each player's goods, a tuple of dicts that is replaced, never edited.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..figures import FigureKind
from ..scoring import ScoreEvent, goods_events
from ..tiles import Expansion, Good
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game

Held = tuple[dict[Good, int], ...]


class TradersBuilders(RuleModule):
    expansion = Expansion.TRADERS_BUILDERS

    def start(self, game: Game) -> Held:
        given = game.given_goods or ({},) * len(game.players)
        return tuple({g: n for g, n in held.items() if n} for held in given)

    def completed(self, game: Game, root: int, layer: int | None) -> None:
        if layer is None:
            return
        tokens = game.goods_on(root)
        if not tokens:
            return
        held: Held = game.state_of(self)
        mine = dict(held[layer])
        for good, n in tokens.items():
            mine[good] = mine.get(good, 0) + n
        game.set_state(self, (*held[:layer], mine, *held[layer + 1 :]))

    def earns_extra_tile(self, game: Game, placed: PlacedTile, layer: int | None) -> bool:
        if layer is None:
            return False
        builders = [
            node
            for node, square, _, _ in game.standing(player=layer, kind=FigureKind.BUILDER)
            if square != placed.square
        ]
        if not builders:
            return False
        extended = {game.group_of(node) for node in placed.nodes}
        return any(game.group_of(node) in extended for node in builders)

    def end_events(self, game: Game) -> list[ScoreEvent]:
        return goods_events(game.state_of(self))

    def goods_held(self, state: object) -> Sequence[dict[Good, int]]:
        return state  # type: ignore[return-value]


TRADERS_BUILDERS = TradersBuilders()
