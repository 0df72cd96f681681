"""Traders & Builders: trade goods go to whoever closes a city, and the builder's extra tile.

- Goods: when a city is completed, the player who laid the completing tile takes all its tokens,
  whoever owns the city and even if nobody does. At the end, for each good, the player(s) with the
  most tokens score 10 (all tied players; nobody with none).
- The builder: a player who lays a tile that extends the road or city holding their builder (set
  down on an earlier tile) lays a second tile at once; a second tile never earns a third. Laying
  the tile that completes the builder's feature still extends it, so it earns the tile too (the
  builder then goes home with the feature's other figures).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..figures import FigureKind
from ..scoring import ScoreEvent, goods_events
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game


class TradersBuilders(RuleModule):
    def completed(self, game: Game, root: int, layer: int | None) -> None:
        if layer is None:
            return
        graph = game._graph
        spec = graph.spec
        tokens = Counter(spec[m].good for m in graph.members(root) if spec[m].good is not None)
        if tokens:
            game.goods[layer].update(tokens)

    def earns_extra_tile(self, game: Game, placed: PlacedTile, layer: int | None) -> bool:
        if layer is None:
            return False
        graph = game._graph
        builders = [
            node
            for node, (player, kind) in graph.figures.items()
            if kind is FigureKind.BUILDER and player == layer and graph.square[node] != placed.square
        ]
        if not builders:
            return False
        extended = {graph.find(node) for node in placed.nodes}
        return any(graph.find(node) in extended for node in builders)

    def end_events(self, game: Game) -> list[ScoreEvent]:
        return goods_events(game.goods)


TRADERS_BUILDERS = TradersBuilders()
