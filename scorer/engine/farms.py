"""Farms at the end of the game under the three farmer editions, the pig's extra point included.

- 3rd edition: each field pays its majority 3 per completed city it touches (4 with the winner's pig
  in that field).
- 2nd edition: as the 3rd, but a player is paid for each city at most once over all their fields;
  a city is worth 4 to them if their pig stands in any of their winning fields touching it.
- 1st edition: each completed city is paid once, 4 points, to the majority over all the fields
  touching it together; 5 to a winner whose pig stands in any of those fields.

The City of Carcassonne (the Count) is one more completed city under every edition, touched by
every field with a place on one of its tiles; it is no feature of the graph, so it has a root of
its own, :data:`CITY_OF_CARCASSONNE`.

Private to the engine: :meth:`~.game.Game.end_events` and :meth:`~.game.Game.farms` call it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .board import Board
from .events import counting, spots
from .features import FeatureGraph
from .figures import FigureKind, majority
from .places import Square
from .rules import FarmerEdition
from .scoring import FARM_POINTS_PER_CITY, PIG_BONUS, Phase, ScoreEvent, Spot
from .tiles import FeatureKind

CITY_OF_CARCASSONNE = -1
"""The root that stands for the City of Carcassonne among a field's completed cities."""


class Field(NamedTuple):
    """A field with farmers on it, as the end of the game sees it."""

    root: int
    spots: tuple[Spot, ...]
    meeples: dict[int, int]
    winners: tuple[int, ...]
    pigs: frozenset[int]
    """Players whose pig stands in the field."""
    cities: tuple[int, ...]
    """Roots of the completed cities the field touches, in a stable order."""
    visitors: tuple[Spot, ...] = ()
    """Followers moved onto it from the market for its scoring (the Count)."""


def fields(board: Board, graph: FeatureGraph, visiting: Sequence[tuple[int, Spot]] = ()) -> list[Field]:
    """Every field that holds a farmer, in the order its first segment was laid. ``visiting``:
    followers that join a field for its scoring only (from the market), each with its segment."""
    roots: dict[int, int] = {}
    for node in graph.figures:
        if graph.spec[node].kind is FeatureKind.FIELD:
            root = graph.find(node)
            if root not in roots:
                roots[root] = graph.first(root)
    visitors: dict[int, list[Spot]] = {}
    for node, spot in visiting:
        root = graph.find(node)
        visitors.setdefault(root, []).append(spot)
        roots.setdefault(root, graph.first(root))
    out = []
    for root in sorted(roots, key=roots.__getitem__):
        figures = spots(graph, root)
        if root in visitors:
            figures = tuple(sorted(figures + tuple(visitors[root])))
        meeples = counting(figures)
        if not meeples:
            continue  # only a pig: refused by the rules, never scored
        pigs = frozenset(s.player for s in figures if s.kind is FigureKind.PIG)
        out.append(
            Field(
                root, figures, meeples, majority(meeples), pigs, completed_cities(board, graph, root),
                tuple(visitors.get(root, ())),
            )
        )  # fmt: skip
    return out


def completed_cities(board: Board, graph: FeatureGraph, field_root: int) -> tuple[int, ...]:
    """The completed cities a field touches, each once, ordered by their first segment."""
    cities: dict[int, int] = {}
    square, spec, tiles = graph.square, graph.spec, board.tiles
    for member in graph.members(field_root):
        placed = tiles[square[member]]
        if placed.tile.city_of_carcassonne:
            cities[CITY_OF_CARCASSONNE] = -1  # laid first of all
        near = spec[member].cities
        if not near:
            continue
        nodes = placed.nodes
        for city in near:
            root = graph.find(nodes[city])
            if root not in cities and graph.open_ends[root] == 0:
                cities[root] = graph.first(root)
    return tuple(sorted(cities, key=cities.__getitem__))


def farm_events(
    board: Board, graph: FeatureGraph, edition: FarmerEdition, visiting: Sequence[tuple[int, Spot]] = ()
) -> list[ScoreEvent]:
    farmed = fields(board, graph, visiting)
    cities = _Cities(board, graph)
    if edition is FarmerEdition.THIRD:
        return _third(cities, farmed)
    if edition is FarmerEdition.SECOND:
        return _second(cities, farmed)
    return _first(cities, farmed)


class _Cities:
    """The completed cities of farm events: the graph's, and the City of Carcassonne."""

    def __init__(self, board: Board, graph: FeatureGraph) -> None:
        self.board, self.graph = board, graph

    def first(self, city: int) -> int:
        return -1 if city == CITY_OF_CARCASSONNE else self.graph.first(city)

    def tiles(self, city: int) -> tuple[Square, ...]:
        if city == CITY_OF_CARCASSONNE:
            return tuple(sq for sq in self.board.order if self.board.tiles[sq].tile.city_of_carcassonne)
        return tuple(self.graph.tiles(city))

    def segments(self, city: int) -> tuple[tuple[Square, int], ...]:
        return () if city == CITY_OF_CARCASSONNE else self.graph.segments(city)


def _event(
    cities_of: _Cities,
    roots: Sequence[int],
    meeples: dict[int, int],
    figures: tuple[Spot, ...],
    winners: Sequence[int],
    cities: Sequence[int],
    points: int,
    pig: bool,
    visitors: tuple[Spot, ...] = (),
) -> ScoreEvent:
    graph = cities_of.graph
    if len(roots) == 1:
        squares, segments = graph.survey(roots[0])[:2]
    else:
        surveys = [graph.survey(r) for r in roots]
        squares = sorted({sq for survey in surveys for sq in survey[0]})
        segments = tuple(s for survey in surveys for s in survey[1])
    return ScoreEvent(
        when=Phase.FARMS,
        feature=FeatureKind.FIELD,
        complete=False,
        tiles=tuple(squares),
        pennants=0,
        meeples=dict(sorted(meeples.items())),
        winners=tuple(winners),
        points=points,
        segments=segments,
        meeple_spots=figures,
        cities=tuple(cities_of.tiles(c) for c in cities),
        city_segments=tuple(s for c in cities for s in cities_of.segments(c)),
        pig=pig,
        visitors=visitors,
    )


def _third(graph: _Cities, farmed: list[Field]) -> list[ScoreEvent]:
    per_city = FARM_POINTS_PER_CITY[FarmerEdition.THIRD]
    out = []
    for f in farmed:
        for pig in _pig_groups(f.winners, f.pigs):
            winners = [w for w in f.winners if (w in f.pigs) == pig]
            points = (per_city + (PIG_BONUS if pig else 0)) * len(f.cities)
            out.append(
                _event(graph, [f.root], f.meeples, f.spots, winners, f.cities, points, pig, f.visitors)
            )
    return out


def _second(graph: _Cities, farmed: list[Field]) -> list[ScoreEvent]:
    per_city = FARM_POINTS_PER_CITY[FarmerEdition.SECOND]
    pig_cities: dict[int, set[int]] = {}
    for f in farmed:
        for player in f.winners:
            if player in f.pigs:
                pig_cities.setdefault(player, set()).update(f.cities)
    paid: dict[int, set[int]] = {}
    out = []
    for f in farmed:
        groups: dict[tuple[tuple[int, ...], int, bool], list[int]] = {}
        for player in f.winners:
            already = paid.setdefault(player, set())
            new = tuple(c for c in f.cities if c not in already)
            bonus = pig_cities.get(player, set())
            points = sum(per_city + (PIG_BONUS if c in bonus else 0) for c in new)
            groups.setdefault((new, points, any(c in bonus for c in new)), []).append(player)
        for (new, points, pig), winners in groups.items():
            out.append(_event(graph, [f.root], f.meeples, f.spots, winners, new, points, pig, f.visitors))
            for player in winners:
                paid[player].update(new)
    return out


def _first(graph: _Cities, farmed: list[Field]) -> list[ScoreEvent]:
    per_city = FARM_POINTS_PER_CITY[FarmerEdition.FIRST]
    city_fields: dict[int, list[Field]] = {}
    for f in farmed:
        for city in f.cities:
            city_fields.setdefault(city, []).append(f)
    out = []
    for city in sorted(city_fields, key=graph.first):
        touching = city_fields[city]
        total: Counter[int] = Counter()
        for f in touching:
            total.update(f.meeples)
        winners = majority(total)
        pigs = frozenset(p for f in touching for p in f.pigs)
        figures = tuple(sorted(s for f in touching for s in f.spots))
        roots = [f.root for f in touching]
        visitors = tuple(sorted(s for f in touching for s in f.visitors))
        for pig in _pig_groups(winners, pigs):
            group = [w for w in winners if (w in pigs) == pig]
            points = per_city + (PIG_BONUS if pig else 0)
            out.append(_event(graph, roots, dict(total), figures, group, [city], points, pig, visitors))
    return out


def _pig_groups(winners: Sequence[int], pigs: frozenset[int]) -> list[bool]:
    """Winners without a pig score one event, winners with one another: in the order they come."""
    order: list[bool] = []
    for w in winners:
        if (w in pigs) not in order:
            order.append(w in pigs)
    return order or [False]


@dataclass(frozen=True)
class Farm:
    """A field with farmers on it, as the score page shows it."""

    segments: tuple[tuple[Square, int], ...]
    meeples: dict[int, int]
    winners: tuple[int, ...]
    cities: tuple[tuple[tuple[Square, int], ...], ...]
    """Each completed city the field touches, as its segments."""
    pigs: frozenset[int] = frozenset()


def farms(board: Board, graph: FeatureGraph, visiting: Sequence[tuple[int, Spot]] = ()) -> list[Farm]:
    cities = _Cities(board, graph)
    return [
        Farm(
            segments=graph.segments(f.root),
            meeples=dict(f.meeples),
            winners=f.winners,
            cities=tuple(cities.segments(c) for c in f.cities),
            pigs=f.pigs,
        )
        for f in fields(board, graph, visiting)
    ]
