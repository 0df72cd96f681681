"""Score events of roads, cities, cloisters and gardens, read off the feature graph.

Private to the engine: :class:`~.game.Game` calls these when a feature closes, when an abbot is
recalled and at the end of the game.
"""

from __future__ import annotations

from .board import Board
from .features import FeatureGraph
from .figures import majority, strength
from .rules import Rules
from .scoring import Phase, ScoreEvent, Spot, feature_points
from .tiles import FeatureKind


def spots(graph: FeatureGraph, root: int) -> tuple[Spot, ...]:
    """Every figure on a group, as ``(square, feature index, player, kind)``, sorted."""
    square, index = graph.square, graph.index
    return tuple(sorted(Spot(square[n], index[n], p, k) for n, p, k in graph.figures_on(root)))


def counting(spots_: tuple[Spot, ...]) -> dict[int, int]:
    """Meeples per player as majority counts them, players with none (a lone builder) left out."""
    return {p: n for p, n in sorted(strength((s.player, s.kind) for s in spots_).items()) if n > 0}


def group_event(
    graph: FeatureGraph,
    root: int,
    when: Phase,
    placement: int | None,
    rules: Rules,
    visitors: tuple[Spot, ...] = (),
) -> ScoreEvent:
    """A road or city, complete or not, with whoever stands on it (and ``visitors``: followers out
    of the City of Carcassonne, counted like the others)."""
    kind = graph.spec[root].kind
    complete = graph.open_ends[root] == 0
    squares, segments, pennants, inns, cathedrals, _ = graph.survey(root)
    tiles = tuple(squares)
    city = kind is FeatureKind.CITY
    pennants = pennants if city else 0
    inn = kind is FeatureKind.ROAD and inns > 0
    cathedral = city and cathedrals > 0
    figures = spots(graph, root)
    if visitors:
        figures = tuple(sorted(figures + visitors))
    meeples = counting(figures)
    points = feature_points(
        kind,
        complete=complete,
        tiles=len(tiles),
        pennants=pennants,
        rules=rules,
        inn=inn,
        cathedral=cathedral,
    )
    return ScoreEvent(
        when=when,
        feature=kind,
        complete=complete,
        tiles=tiles,
        pennants=pennants,
        meeples=meeples,
        winners=majority(meeples),
        points=points,
        placement=placement,
        segments=segments,
        meeple_spots=figures,
        inn=inn,
        cathedral=cathedral,
        visitors=visitors,
    )


def enclosure_event(
    board: Board,
    graph: FeatureGraph,
    node: int,
    when: Phase,
    placement: int | None,
    visitors: tuple[Spot, ...] = (),
) -> ScoreEvent:
    """A cloister or garden: 1 for itself and 1 for each neighbouring tile."""
    square = graph.square[node]
    tiles = tuple(sorted(board.around(square)))
    figures = spots(graph, node)
    if visitors:
        figures = tuple(sorted(figures + visitors))
    meeples = counting(figures)
    return ScoreEvent(
        when=when,
        feature=graph.spec[node].kind,
        complete=len(tiles) == 9,
        tiles=tiles,
        pennants=0,
        meeples=meeples,
        winners=majority(meeples),
        points=len(tiles),
        placement=placement,
        segments=((square, graph.index[node]),),
        meeple_spots=figures,
        visitors=visitors,
    )
