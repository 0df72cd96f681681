"""Where a figure may stand: the rules of figures on features, beside the figures themselves
(:mod:`.figures` says what each kind is; this module, where each may go now).

Functions of a game's position (a :class:`~.view.GameView`), read only: the game asks them when a
figure is put down, and the questions of where figures could go are answered with them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import Problem, Rule
from .figures import FigureKind
from .places import Place
from .queries import FigureSpot
from .rules import Mode
from .tiles import FeatureKind

if TYPE_CHECKING:
    from .board import PlacedTile
    from .view import GameView


def feature_index(placed: PlacedTile, at: Place, kind: FigureKind) -> int | Problem:
    """Which feature of the tile a figure of ``kind`` at ``at`` stands on, or why none."""
    tile = placed.tile
    index = placed.orientation.feature_for(at, garden=FeatureKind.GARDEN in kind.stands_on)
    if index is None:
        if at is Place.C and tile.garden is not None:
            return Problem(Rule.GARDEN_ONLY_ABBOT)
        return Problem(Rule.NO_FEATURE_THERE, {"place": at.name})
    return index


def figure_problem(
    game: GameView, placed: PlacedTile, player: int, kind: FigureKind, index: int
) -> Problem | None:
    """Why ``player`` may not stand a ``kind`` on feature ``index`` of the tile just placed."""
    if kind not in game.figure_kinds:
        return Problem(Rule.FIGURE_NOT_IN_GAME, {"figure": kind.value})
    spec = placed.tile.features[index]
    if spec.kind not in kind.stands_on:
        if spec.kind is FeatureKind.GARDEN:
            return Problem(Rule.GARDEN_ONLY_ABBOT)
        return Problem(Rule.WRONG_FEATURE_FOR_FIGURE, {"figure": kind.value, "feature": spec.kind.value})
    graph = game._graph
    root = graph.find(placed.nodes[index])
    if game.mode is Mode.REPLAY:
        if kind.needs_own_figure:
            # A builder on a feature this very tile completes is legal: it just comes home at the
            # scoring, earning nothing.
            if not has_own_counting_figure(game, root, player):
                return Problem(Rule.NEEDS_OWN_FIGURE, {"figure": kind.value, "feature": spec.kind.value})
        elif graph.occupancy[root] > 0:
            return Problem(Rule.FEATURE_OCCUPIED, {"feature": spec.kind.value})
    if game._supply[player][game.figure_kinds.index(kind)] <= 0:
        rule = Rule.NO_MEEPLE_LEFT if game.mode is Mode.REPLAY else Rule.TOO_MANY_MEEPLES
        return Problem(rule, {"player_name": game.players[player].name, "figure": kind.value})
    return None


def has_own_counting_figure(game: GameView, root: int, player: int) -> bool:
    """Whether ``player`` has a figure that counts for majority on feature ``root`` (a builder or
    a pig needs one)."""
    return any(p == player and k.weight > 0 for _, p, k in game._graph.figures_on(root))


def spots_on(
    game: GameView, placed: PlacedTile, judge: Callable[[FigureKind, int], Problem | None]
) -> list[FigureSpot]:
    """A spot for each figure kind of the game and each feature of the tile it may stand on,
    with ``judge``'s reason when it may not."""
    orientation = placed.orientation
    return [
        FigureSpot(kind, orientation.place_of(index), spec.kind, index, orientation.anchors[index],
                   judge(kind, index))
        for kind in game.figure_kinds
        for index, spec in enumerate(placed.tile.features)
        if spec.kind in kind.stands_on
    ]  # fmt: skip
