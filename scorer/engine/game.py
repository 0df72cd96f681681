"""A game: players and their meeples, the board, and points as features close.

>>> game = Game(["Mina", "Wei"])
>>> game.push(Placement("D", 0, 0))
()
>>> game.push(Placement.parse("E@0,-1/180:1S"))  # Wei's knight closes a two-tile city
(ScoreEvent(when=<Phase.PLAY: 'play'>, feature=<FeatureKind.CITY: 'city'>, complete=True, ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .board import Board, PlacedTile
from .errors import BoardFileError, IllegalPlacementError, Rule
from .placement import Meeple, Placement
from .places import Place, Square
from .rules import MAX_PLAYERS, MEEPLES_PER_PLAYER, MIN_PLAYERS, FarmerEdition, Mode, Rules
from .scoring import (
    FARM_POINTS_PER_CITY,
    Phase,
    ScoreEvent,
    ScoreReport,
    ScoreWarning,
    WarningCode,
    build_report,
    feature_points,
    majority,
)
from .tiles import TILES, Expansion, FeatureKind, TileType


@dataclass(frozen=True)
class Farm:
    """A field with farmers on it, as the end of the game sees it."""

    segments: tuple[tuple[Square, int], ...]
    meeples: dict[int, int]
    winners: tuple[int, ...]
    cities: tuple[tuple[tuple[Square, int], ...], ...]
    """Each completed city the field touches, as its segments."""


class MeepleSpot(NamedTuple):
    """Somewhere a meeple could go on a tile just laid."""

    feature: int
    kind: FeatureKind
    place: Place
    anchor: tuple[float, float]
    free: bool
    """No meeple stands anywhere along this feature yet."""


@dataclass(frozen=True)
class Turn:
    """One placement as the game recorded it, with what it scored."""

    placement: Placement
    events: tuple[ScoreEvent, ...]
    meeples_before: tuple[int, ...]
    scores_before: tuple[int, ...]


class Game:
    """A game of Carcassonne as it is entered, placement by placement.

    :meth:`push` checks every rule (``mode`` decides which: see :class:`Mode`) and raises
    :class:`IllegalPlacementError` without changing anything when one is broken; :meth:`pop`
    undoes the last placement exactly. In replay mode completed features score as they close.
    """

    def __init__(
        self,
        players: Sequence[str] | int = 2,
        *,
        rules: Rules | None = None,
        expansions: Iterable[Expansion | str] = (),
        mode: Mode | str = Mode.REPLAY,
        tile_sets: int = 1,
        banked: Sequence[int] | None = None,
    ) -> None:
        names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise BoardFileError(
                Rule.BAD_PLAYERS, detail=f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        self.players: tuple[str, ...] = tuple(names)
        self.rules = rules or Rules()
        self.mode = Mode(mode)
        self.board = Board(expansions=expansions, mode=self.mode, tile_sets=tile_sets)
        self.meeples_in_supply: list[int] = [MEEPLES_PER_PLAYER] * len(names)
        start = list(banked) if banked is not None else [0] * len(names)
        if len(start) != len(names):
            raise BoardFileError(Rule.BAD_BANKED, detail="give one number per player")
        self.banked: tuple[int, ...] = tuple(start)
        """Points on the score track before the first placement (final mode)."""
        self.scores: list[int] = list(start)
        """Points on the score track now: banked plus everything scored during play."""
        self.turns: list[Turn] = []

    def __repr__(self) -> str:
        return f"<Game {len(self.turns)} tiles, players={self.players!r}, mode={self.mode.value}>"

    @property
    def expansions(self) -> frozenset[Expansion]:
        return self.board.expansions

    @property
    def placements(self) -> list[Placement]:
        return [t.placement for t in self.turns]

    @property
    def events(self) -> list[ScoreEvent]:
        """Every event scored during play, in order."""
        return [e for t in self.turns for e in t.events]

    @property
    def last_placed(self) -> PlacedTile | None:
        return self.board.tiles[self.board.order[-1]] if self.board.order else None

    # -- legality ---------------------------------------------------------------------------

    def tile_type(self, name: str, index: int | None = None) -> TileType:
        try:
            return TILES[name]
        except (KeyError, TypeError):
            raise BoardFileError(Rule.UNKNOWN_TILE, index=index, tile_name=str(name)) from None

    def check(self, placement: Placement) -> None:
        """Raise :class:`IllegalPlacementError` if ``placement`` breaks a rule; change nothing."""
        self.push(placement)
        self.pop()

    def is_legal(self, placement: Placement) -> bool:
        try:
            self.check(placement)
        except IllegalPlacementError:
            return False
        return True

    def legal_placements(self, tile: str | TileType) -> list[Placement]:
        """Every square and rotation where ``tile`` may be laid now (without meeples)."""
        tile = self.tile_type(tile) if isinstance(tile, str) else tile
        return [Placement(tile.name, sq[0], sq[1], rot) for sq, rot in self.board.legal_placements(tile)]

    def meeple_spots(self, placement: Placement) -> list[MeepleSpot]:
        """The features of ``placement``'s tile a meeple could claim if it were laid so.

        Occupancy is judged before anything the tile completes is scored, as in play.
        """
        self.check(placement.without_meeple())
        tile = self.tile_type(placement.tile)
        placed = self.board.place(tile, placement.square, placement.rotation)
        try:
            graph = self.board.graph
            orientation = placed.orientation
            return [
                MeepleSpot(
                    index,
                    spec.kind,
                    orientation.place_of(index),
                    orientation.anchors[index],
                    self.mode is Mode.FINAL or graph.meeple_count[graph.find(node)] == 0,
                )
                for index, (spec, node) in enumerate(zip(tile.features, placed.nodes))
            ]
        finally:
            self.board.lift()

    # -- playing ----------------------------------------------------------------------------

    def push(self, placement: Placement) -> tuple[ScoreEvent, ...]:
        """Lay a tile (and its meeple), score what it completes; returns the events scored."""
        index = len(self.turns)
        tile = self.tile_type(placement.tile, index)
        where = {"index": index, "tile": tile.name, "x": placement.x, "y": placement.y}
        problem = self.board.problem(tile, placement.square, placement.rotation)
        if problem is not None:
            rule, facts = problem
            raise IllegalPlacementError(rule, **where, **facts)
        meeples_before, scores_before = tuple(self.meeples_in_supply), tuple(self.scores)
        placed = self.board.place(tile, placement.square, placement.rotation)
        if placement.meeple is not None:
            try:
                self._put_meeple(placed, placement.meeple, where)
            except IllegalPlacementError:
                self.board.lift()
                raise
        events: tuple[ScoreEvent, ...] = ()
        if self.mode is Mode.REPLAY:
            events = tuple(self._score_completed(placed))
        self.turns.append(Turn(placement, events, meeples_before, scores_before))
        return events

    def _put_meeple(self, placed: PlacedTile, meeple: Meeple, where: dict) -> None:
        if not 0 <= meeple.player < len(self.players):
            raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=meeple.player)
        feature = placed.orientation.feature_at[meeple.at]
        if feature is None:
            raise IllegalPlacementError(Rule.NO_FEATURE_THERE, **where, place=meeple.at.name)
        graph = self.board.graph
        node = placed.nodes[feature]
        kind = placed.tile.features[feature].kind
        if self.mode is Mode.REPLAY and graph.meeple_count[graph.find(node)] > 0:
            raise IllegalPlacementError(Rule.FEATURE_OCCUPIED, **where, feature=kind.value)
        if self.meeples_in_supply[meeple.player] <= 0:
            rule = Rule.NO_MEEPLE_LEFT if self.mode is Mode.REPLAY else Rule.TOO_MANY_MEEPLES
            raise IllegalPlacementError(rule, **where, player_name=self.players[meeple.player])
        graph.put_meeple(node, meeple.player)
        self.meeples_in_supply[meeple.player] -= 1

    def _score_completed(self, placed: PlacedTile) -> list[ScoreEvent]:
        board, graph = self.board, self.board.graph
        events: list[ScoreEvent] = []
        seen: set[int] = set()
        for node in placed.nodes:
            if graph.kind[node] not in (FeatureKind.ROAD, FeatureKind.CITY):
                continue
            root = graph.find(node)
            if root in seen or graph.open_ends[root] != 0 or graph.closed[root]:
                continue
            seen.add(root)
            graph.close(root)
            if graph.meeple_count[root]:
                events.append(self._group_event(root, Phase.PLAY, placed.index))
                self._return_meeples(root)
        for square in board.around(placed.square):
            other = board.tiles[square]
            for node in other.nodes:
                if (
                    graph.kind[node] is FeatureKind.CLOISTER
                    and not graph.closed[node]
                    and board.neighbours_present(square) == 8
                ):
                    graph.close(node)
                    if graph.meeple_count[node]:
                        events.append(self._cloister_event(node, Phase.PLAY, placed.index))
                        self._return_meeples(node)
        for event in events:
            for player in event.winners:
                self.scores[player] += event.points
        return events

    def _return_meeples(self, root: int) -> None:
        for _, player in self.board.graph.take_meeples(root):
            self.meeples_in_supply[player] += 1

    def pop(self) -> Placement:
        """Undo the last placement exactly: tile, meeple, points and meeples returned."""
        if not self.turns:
            raise IllegalPlacementError(Rule.NOTHING_TO_UNDO)
        turn = self.turns.pop()
        self.board.lift()
        self.meeples_in_supply = list(turn.meeples_before)
        self.scores = list(turn.scores_before)
        return turn.placement

    # -- events -----------------------------------------------------------------------------

    def _meeple_spots(self, root: int) -> tuple[tuple[Square, int, int], ...]:
        graph = self.board.graph
        spots = [
            (graph.square[n], graph.feature[n], graph.meeple[n])
            for n in graph.meeple_nodes
            if graph.find(n) == root
        ]
        return tuple(sorted(spots))

    def _group_event(self, root: int, when: Phase, placement: int | None) -> ScoreEvent:
        graph = self.board.graph
        kind = graph.kind[root]
        complete = graph.open_ends[root] == 0
        tiles = tuple(graph.tiles(root))
        pennants = graph.pennants(root) if kind is FeatureKind.CITY else 0
        meeples = graph.meeples(root)
        points = feature_points(
            kind, complete=complete, tiles=len(tiles), pennants=pennants, rules=self.rules
        )
        return ScoreEvent(
            when=when,
            feature=kind,
            complete=complete,
            tiles=tiles,
            pennants=pennants,
            meeples=dict(sorted(meeples.items())),
            winners=majority(meeples),
            points=points,
            placement=placement,
            segments=self._segments(root),
            meeple_spots=self._meeple_spots(root),
        )

    def _segments(self, root: int) -> tuple[tuple[Square, int], ...]:
        graph = self.board.graph
        return tuple(sorted((graph.square[m], graph.feature[m]) for m in graph.members[root]))

    def _cloister_event(self, node: int, when: Phase, placement: int | None) -> ScoreEvent:
        graph = self.board.graph
        square = graph.square[node]
        tiles = tuple(sorted(self.board.around(square)))
        meeples = graph.meeples(node)
        return ScoreEvent(
            when=when,
            feature=FeatureKind.CLOISTER,
            complete=len(tiles) == 9,
            tiles=tiles,
            pennants=0,
            meeples=dict(sorted(meeples.items())),
            winners=majority(meeples),
            points=len(tiles),
            placement=placement,
            segments=((square, graph.feature[node]),),
            meeple_spots=self._meeple_spots(node),
        )

    def end_events(self) -> tuple[list[ScoreEvent], list[ScoreWarning]]:
        """What the game's end would score now: unfinished features, then farms. Changes nothing."""
        graph = self.board.graph
        groups: dict[int, int] = {}
        farms: dict[int, int] = {}
        for node in sorted(graph.meeple_nodes):
            root = graph.find(node)
            target = farms if graph.kind[node] is FeatureKind.FIELD else groups
            target.setdefault(root, min(graph.members[root]))
        events: list[ScoreEvent] = []
        warnings: list[ScoreWarning] = []
        for root in sorted(groups, key=groups.__getitem__):
            if graph.kind[root] is FeatureKind.CLOISTER:
                event = self._cloister_event(root, Phase.END, None)
            else:
                event = self._group_event(root, Phase.END, None)
            if event.complete:
                warnings.append(ScoreWarning(WarningCode.COMPLETED_WITH_MEEPLES, event.feature, event.tiles))
            events.append(event)
        events += self._farm_events(sorted(farms, key=farms.__getitem__))
        return events, warnings

    def farms(self) -> list[Farm]:
        """Every field that holds farmers, with its majority and the completed cities it touches."""
        graph = self.board.graph
        roots: dict[int, int] = {}
        for node in graph.meeple_nodes:
            if graph.kind[node] is FeatureKind.FIELD:
                root = graph.find(node)
                roots.setdefault(root, min(graph.members[root]))
        farms = []
        for root in sorted(roots, key=roots.__getitem__):
            meeples = graph.meeples(root)
            farms.append(
                Farm(
                    segments=self._segments(root),
                    meeples=dict(sorted(meeples.items())),
                    winners=majority(meeples),
                    cities=tuple(self._segments(city) for city in self._farm_cities(root)),
                )
            )
        return farms

    def _farm_cities(self, field_root: int) -> list[int]:
        graph = self.board.graph
        cities: dict[int, None] = {}
        for member in graph.members[field_root]:
            for city in graph.near_cities[member]:
                root = graph.find(city)
                if graph.open_ends[root] == 0:
                    cities[root] = None
        return sorted(cities, key=lambda r: min(graph.members[r]))

    def _farm_events(self, field_roots: list[int]) -> list[ScoreEvent]:
        graph = self.board.graph
        edition = self.rules.farmers
        per_city = FARM_POINTS_PER_CITY[edition]
        fields = [(root, graph.meeples(root), self._farm_cities(root)) for root in field_roots]

        def event(roots: Sequence[int], meeples: Counter[int], winners, cities: Sequence[int]) -> ScoreEvent:
            tiles = sorted({sq for r in roots for sq in graph.tiles(r)})
            return ScoreEvent(
                when=Phase.FARMS,
                feature=FeatureKind.FIELD,
                complete=False,
                tiles=tuple(tiles),
                pennants=0,
                meeples=dict(sorted(meeples.items())),
                winners=tuple(winners),
                points=per_city * len(cities),
                segments=tuple(sorted(s for r in roots for s in self._segments(r))),
                meeple_spots=tuple(sorted(s for r in roots for s in self._meeple_spots(r))),
                cities=tuple(tuple(graph.tiles(c)) for c in cities),
                city_segments=tuple(sorted(s for c in cities for s in self._segments(c))),
            )

        if edition is FarmerEdition.THIRD:
            return [event([root], m, majority(m), cities) for root, m, cities in fields]
        if edition is FarmerEdition.SECOND:
            out: list[ScoreEvent] = []
            already: dict[int, set[int]] = {}
            for root, m, cities in fields:
                by_new: dict[tuple[int, ...], list[int]] = {}
                for player in majority(m):
                    paid = already.setdefault(player, set())
                    new = tuple(c for c in cities if c not in paid)
                    by_new.setdefault(new, []).append(player)
                for new, winners in by_new.items():
                    out.append(event([root], m, winners, new))
                    for player in winners:
                        already[player].update(new)
            return out
        # First edition: each completed city once, for the majority over all its fields.
        city_fields: dict[int, list[int]] = {}
        meeples_of = {root: m for root, m, _ in fields}
        for root, _, cities in fields:
            for city in cities:
                city_fields.setdefault(city, []).append(root)
        out = []
        for city in sorted(city_fields, key=lambda r: min(graph.members[r])):
            roots = city_fields[city]
            total: Counter[int] = Counter()
            for root in roots:
                total.update(meeples_of[root])
            out.append(event(roots, total, majority(total), [city]))
        return out

    # -- totals -----------------------------------------------------------------------------

    def report(self) -> ScoreReport:
        """The score if the game ended now: play events, end events, farms, banked points."""
        end, warnings = self.end_events()
        return build_report(self.players, self.events + end, self.banked, warnings)

    def projected_scores(self) -> tuple[int, ...]:
        """Each player's total if the game ended now."""
        return self.report().totals

    def final_problem(self) -> IllegalPlacementError | None:
        """For a final board: why the finished board as a whole is not a legal one, if it is not."""
        loose = self.board.disconnected()
        if loose is None:
            loose = self.board.river_problem_on_board()
            rule = Rule.RIVER_SAME_TURN
        else:
            rule = Rule.NOT_CONNECTED
        if loose is None:
            return None
        return IllegalPlacementError(
            rule, index=loose.index, tile=loose.tile.name, x=loose.square[0], y=loose.square[1]
        )

    def state(self) -> tuple:
        """Everything the game holds, for comparing two games in tests."""
        return (
            self.players,
            self.rules,
            self.mode,
            tuple(self.meeples_in_supply),
            tuple(self.scores),
            tuple(self.turns),
            self.board.state(),
        )
