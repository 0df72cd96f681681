"""The board: which tile lies where, whether a tile may go somewhere, and the features it forms.

:class:`Board` knows only tiles. Meeples and points are the :class:`~.game.Game`'s business,
though the meeples themselves stand on the board's :class:`~.features.FeatureGraph`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .errors import IllegalPlacementError, Problem, Rule
from .features import FeatureGraph
from .places import SIDES, Extent, Side, Square
from .rules import Mode
from .tiles import Edge, Expansion, Orientation, TileType
from .tilesets import RIVER_LAKE, RIVER_SPRING, START_TILE, TILES, tile_counts

_AROUND: tuple[Square, ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
_STEPS: tuple[Square, ...] = tuple(side.offset for side in SIDES)
_FACING: tuple[int, ...] = tuple(side.opposite for side in SIDES)
_CITY, _ROAD = Edge.CITY, Edge.ROAD
_STRAIGHT = 0
"""How the river turns on a tile: 0 straight, 1 right (clockwise), 3 left."""


class PlacedTile(NamedTuple):
    """A tile on the board: its type, how it is turned, and its feature segments."""

    orientation: Orientation
    square: Square
    index: int
    """Its position in the order tiles were laid (0 is the first)."""
    nodes: tuple[int, ...]
    """The engine's private segment of each of the tile's features, in the tile type's feature order."""

    def refused(self, rule: Rule, **facts: object) -> IllegalPlacementError:
        """The error that names this tile as the one breaking ``rule`` (a finished board's checks)."""
        return IllegalPlacementError(
            rule, index=self.index, tile=self.tile.name, x=self.square[0], y=self.square[1], **facts
        )

    @property
    def tile(self) -> TileType:
        return self.orientation.tile

    @property
    def rotation(self) -> int:
        return self.orientation.rotation


@dataclass(frozen=True, slots=True)
class _RiverEnd:
    square: Square
    side: Side
    """The side of ``square``'s tile the river flows out through."""
    last_turn: int


class _Undo(NamedTuple):
    square: Square
    opened: tuple[Square, ...]
    was_open: bool
    river: _RiverEnd | None
    river_started: bool
    mark: int


@lru_cache(maxsize=4096)
def _unfillable(needed: tuple[Edge | None, ...], live: frozenset[str]) -> bool:
    """Whether no orientation of any tile type in ``live`` has the edges ``needed`` (``None``: any).
    The answer depends on nothing else, and a board asks it for every open square on every page."""
    return not any(
        all(n is None or n is e for n, e in zip(needed, orientation.edges))
        for name in live
        for orientation in TILES[name].orientations
    )


class Board:
    """Tiles on squares, with full legality for laying the next one.

    ``mode`` decides which rules apply: in :attr:`Mode.REPLAY` every rule of laying tiles; in
    :attr:`Mode.FINAL` (a finished board copied in any order) only that squares are free, edges
    match and counts hold; :meth:`disconnected` then checks the board is one piece.
    """

    def __init__(
        self,
        *,
        expansions: Iterable[Expansion | str] = (),
        mode: Mode = Mode.REPLAY,
        tile_sets: int = 1,
    ) -> None:
        self.expansions = frozenset(Expansion(e) for e in expansions)
        self.mode = Mode(mode)
        self.tile_sets = tile_sets
        self.tiles: dict[Square, PlacedTile] = {}
        self.order: list[Square] = []
        self.supply: dict[str, int] = tile_counts(self.expansions, tile_sets)
        self.counts: dict[str, int] = dict(self.supply)
        """How many of each tile type the game holds; a type it lacks is not listed."""
        self._graph = FeatureGraph()
        self.enclosures: dict[Square, tuple[int, ...]] = {}
        """The cloister and garden segments of each tile that has one (scored when surrounded)."""
        self._watching: dict[Square, list[Square]] = {}
        """For each square, the cloisters and gardens around it: laying a tile there may complete them."""
        self.open_squares: set[Square] = set()
        self._river: _RiverEnd | None = None
        self._river_started = False
        self._history: list[_Undo] = []
        self._river_rules = self.mode is Mode.REPLAY and Expansion.RIVER in self.expansions
        """Whether the River's own rules of laying tiles apply (a game played with it)."""
        self._near_square: Square | None = None
        self._near_version = -1
        self._near: tuple[PlacedTile | None, ...] = ()

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, square: object) -> bool:
        return square in self.tiles

    def __getitem__(self, square: Square) -> PlacedTile:
        return self.tiles[square]

    @property
    def river_in_play(self) -> bool:
        return Expansion.RIVER in self.expansions

    @property
    def river_phase(self) -> bool:
        """Whether the river is still being laid in a game played with it: until it ends in its
        lake (or no river tile is left that fits), only river tiles may go down, at its mouth."""
        return self._river_rules and self._river is not None and self._river_can_continue()

    @property
    def river_mouth(self) -> Square | None:
        """The square the river flows into next, during the river phase."""
        if not self.river_phase or self._river is None:
            return None
        return self._river.side.neighbour(self._river.square)

    @property
    def start_tile(self) -> TileType:
        return RIVER_SPRING if self.river_in_play else START_TILE

    @property
    def extent(self) -> Extent:
        """The squares the tiles span."""
        return Extent.of(self.tiles)

    @property
    def remaining(self) -> int:
        """Tiles left in the supply."""
        return sum(self.supply.values())

    # -- legality ---------------------------------------------------------------------------

    def problem(self, tile: TileType, square: Square, rotation: int) -> Problem | None:
        """Why ``tile`` may not go on ``square`` turned by ``rotation``, or ``None`` if it may."""
        left = self.supply.get(tile.name)
        if not left:
            if left is None:
                if tile.is_river and not self.river_in_play:
                    return Problem(Rule.RIVER_NOT_IN_PLAY)
                return Problem(Rule.TILE_NOT_IN_GAME, {"twin": tile.twin or ""})
            return Problem(Rule.NO_TILE_LEFT, {"count": self.counts[tile.name]})
        tiles = self.tiles
        if square in tiles:
            return Problem(Rule.SQUARE_TAKEN)
        replay = self.mode is Mode.REPLAY
        if not tiles:
            if replay and tile is not self.start_tile:
                return Problem(Rule.START_TILE, {"expected": self.start_tile.name})
            return None
        if replay and square not in self.open_squares:
            mismatch = self._edge_problem(tile.orientations[rotation // 90], square)
            return mismatch or Problem(Rule.NOT_ADJACENT)
        orientation = tile.orientations[rotation // 90]
        mismatch = self._edge_problem(orientation, square)
        if mismatch is not None:
            return mismatch
        if self._river_rules and (tile.is_river or self._river is not None):
            return self._river_problem(orientation, square)
        return None

    def _neighbours(self, square: Square) -> tuple[PlacedTile | None, ...]:
        """The tiles beside ``square`` (north, east, south, west); asked twice per placement
        (legality, then laying), so the last answer is kept until the board changes."""
        version = self._graph._version
        if self._near_version == version and self._near_square == square:
            return self._near
        x, y = square
        get = self.tiles.get
        near = (get((x, y - 1)), get((x + 1, y)), get((x, y + 1)), get((x - 1, y)))
        self._near_square, self._near_version, self._near = square, version, near
        return near

    def _edge_problem(self, orientation: Orientation, square: Square) -> Problem | None:
        edges = orientation.edges
        for side, other in enumerate(self._neighbours(square)):
            if other is None:
                continue
            theirs = other.orientation.edges[(side + 2) & 3]
            if edges[side] is not theirs:
                own = edges[side]
                return Problem(
                    Rule.EDGE_MISMATCH, {"side": Side(side).name, "own": own.value, "theirs": theirs.value}
                )
        return None

    def _river_problem(self, orientation: Orientation, square: Square) -> Problem | None:
        tile = orientation.tile
        if not tile.is_river:
            if self._river is not None and self._river_can_continue():
                return Problem(Rule.RIVER_FIRST)
            return None
        if tile is RIVER_SPRING:
            return Problem(Rule.SPRING_FIRST)
        if self._river is None:
            return Problem(Rule.RIVER_CLOSED)
        turn = self._river_turn(orientation, square)
        if turn is None:
            return Problem(Rule.RIVER_NOT_CONTINUED)
        if turn != _STRAIGHT and turn == self._river.last_turn:
            return Problem(Rule.RIVER_SAME_TURN)
        if tile is RIVER_LAKE and self._river_can_continue(exclude_lake=True):
            return Problem(Rule.LAKE_TOO_EARLY)
        return None

    def _river_turn(self, orientation: Orientation, square: Square) -> int | None:
        """How the river turns on this tile if it continues the river from its open end, else ``None``."""
        end = self._river
        assert end is not None
        heading = end.side
        if end.side.neighbour(end.square) != square or heading.opposite not in orientation.river_sides:
            return None
        out = [s for s in orientation.river_sides if s != heading.opposite]
        if not out:  # the lake: the river ends here
            return _STRAIGHT
        return (out[0] - heading) % 4

    def _river_can_continue(self, *, exclude_lake: bool = False) -> bool:
        """Whether some river tile still in the supply could be laid now."""
        end = self._river
        if end is None:
            return False
        square = end.side.neighbour(end.square)
        if square in self.tiles:
            return False
        for name, left in self.supply.items():
            tile = TILES[name]
            if (
                left <= 0
                or not tile.is_river
                or tile is RIVER_SPRING
                or (exclude_lake and tile is RIVER_LAKE)
            ):
                continue
            for orientation in tile.orientations:
                if self._edge_problem(orientation, square) is not None:
                    continue
                turn = self._river_turn(orientation, square)
                if turn is None or (turn != _STRAIGHT and turn == end.last_turn):
                    continue
                if tile is RIVER_LAKE and self._river_can_continue(exclude_lake=True):
                    continue
                return True
        return False

    def is_legal(self, tile: TileType | str, square: Square, rotation: int) -> bool:
        tile = TILES[tile] if isinstance(tile, str) else tile
        return self.problem(tile, square, rotation) is None

    def legal_placements(self, tile: TileType | str) -> Iterator[tuple[Square, int]]:
        """Every ``(square, rotation)`` where ``tile`` may go now, in a stable order."""
        tile = TILES[tile] if isinstance(tile, str) else tile
        if not self.tiles:
            if self.problem(tile, (0, 0), 0) is None:
                yield from (((0, 0), r) for r in (0, 90, 180, 270))
            return
        if self.supply.get(tile.name, 0) <= 0:
            return
        river_rules = self.mode is Mode.REPLAY and self.river_in_play
        if river_rules and not tile.is_river and self._river is not None and self._river_can_continue():
            return
        tiles = self.tiles
        for square in sorted(self.reachable_squares()):
            needed = self._needed_edges(square, tiles)
            for orientation in tile.orientations:
                edges = orientation.edges
                if any(n is not None and n is not e for n, e in zip(needed, edges)):
                    continue
                if river_rules and tile.is_river and self._river_problem(orientation, square):
                    continue
                yield square, orientation.rotation

    def gap_squares(self) -> set[Square]:
        """Free squares one step beyond the open ones: where a tile may go in :attr:`Mode.FINAL`
        when the person copying a board skipped the tile between (the board must be one piece only
        at the end). None in a game being played, where every tile touches the board."""
        if self.mode is not Mode.FINAL or not self.tiles:
            return set()
        tiles, open_squares = self.tiles, self.open_squares
        return {
            (x + dx, y + dy)
            for x, y in open_squares
            for dx, dy in _STEPS
            if (x + dx, y + dy) not in tiles and (x + dx, y + dy) not in open_squares
        }

    def holes(self) -> set[Square]:
        """Free squares shut in by tiles: no path of free squares (edge to edge) leads from them
        out of the board's extent. On a finished board copied by hand, likely a tile left out.
        Walks the whole extent once; for the end of a game, not for every placement."""
        if not self.tiles:
            return set()
        extent, tiles = self.extent, self.tiles
        west, north = extent.west - 1, extent.north - 1
        east, south = west + extent.columns + 1, north + extent.rows + 1
        outside = {(west, north)}
        queue = deque(outside)
        while queue:
            x, y = queue.popleft()
            for dx, dy in _STEPS:
                near = (x + dx, y + dy)
                if (
                    west <= near[0] <= east
                    and north <= near[1] <= south
                    and near not in tiles
                    and near not in outside
                ):
                    outside.add(near)
                    queue.append(near)
        return {
            (x, y)
            for y in range(extent.north, extent.north + extent.rows)
            for x in range(extent.west, extent.west + extent.columns)
            if (x, y) not in tiles and (x, y) not in outside
        }

    def reachable_squares(self) -> set[Square]:
        """Every square the next tile may go on: the open squares, and in :attr:`Mode.FINAL` the
        gap squares too. A copy: a caller may try placements (push, pop) while going through it."""
        return self.open_squares | self.gap_squares() if self.mode is Mode.FINAL else set(self.open_squares)

    @staticmethod
    def _needed_edges(square: Square, tiles: dict[Square, PlacedTile]) -> tuple[Edge | None, ...]:
        x, y = square
        needed: list[Edge | None] = []
        for side, (dx, dy) in enumerate(_STEPS):
            other = tiles.get((x + dx, y + dy))
            needed.append(None if other is None else other.orientation.edges[(side + 2) & 3])
        return tuple(needed)

    def dead_squares(self) -> set[Square]:
        """Open squares that no tile left in the supply can ever fill, whatever its rotation."""
        live = frozenset(name for name, left in self.supply.items() if left > 0)
        tiles = self.tiles
        return {
            square for square in self.open_squares if _unfillable(self._needed_edges(square, tiles), live)
        }

    # -- laying and lifting -----------------------------------------------------------------

    def place(self, tile: TileType, square: Square, rotation: int) -> PlacedTile:
        """Lay a tile without checking legality (see :meth:`problem`); join its features."""
        graph = self._graph
        mark = len(graph._journal)
        orientation = tile.orientations[rotation // 90]
        neighbours = self._neighbours(square)
        nodes = graph.add_tile(tile, square)
        x, y = square
        opened = []
        for other, (dx, dy), facing, link in zip(neighbours, _STEPS, _FACING, orientation.links):
            if other is None:
                near = (x + dx, y + dy)
                if near not in self.open_squares:
                    opened.append(near)
            else:
                self._join_side(nodes, link, other, facing)
        return self._commit(tile, orientation, square, nodes, opened, mark)

    def lay(self, tile: TileType, square: Square, rotation: int) -> PlacedTile | Problem:
        """Check and lay a tile in one pass, edges matched as they are joined: the game's own way
        of laying tiles. A :class:`Problem` means nothing changed."""
        tiles = self.tiles
        if (
            not self.supply.get(tile.name)
            or not tiles
            or square in tiles
            or self.mode is not Mode.REPLAY
            or square not in self.open_squares
            or (self._river_rules and (tile.is_river or self._river is not None))
        ):
            problem = self.problem(tile, square, rotation)  # the full diagnosis, off the common path
            return problem if problem is not None else self.place(tile, square, rotation)
        graph = self._graph
        mark = len(graph._journal)
        orientation = tile.orientations[rotation // 90]
        nodes = graph.add_tile(tile, square)
        x, y = square
        opened = []
        for (dx, dy), facing, link in zip(_STEPS, _FACING, orientation.links):
            near = (x + dx, y + dy)
            other = tiles.get(near)
            if other is None:
                if near not in self.open_squares:
                    opened.append(near)
            elif other.orientation.edges[facing] is not link[0]:
                graph.rollback(mark)
                return self._edge_problem(orientation, square) or Problem(Rule.EDGE_MISMATCH)
            else:
                self._join_side(nodes, link, other, facing)
        return self._commit(tile, orientation, square, nodes, opened, mark)

    def _join_side(self, nodes: tuple[int, ...], link: tuple, other: PlacedTile, facing: int) -> None:
        """Join this tile's features along one side to those of the tile across it."""
        edge, middle, first, second = link
        _, their_middle, their_first, their_second = other.orientation.links[facing]
        theirs = other.nodes
        graph = self._graph
        if edge is _CITY or edge is _ROAD:
            if middle is not None and their_middle is not None:
                graph.connect_edge(nodes[middle], theirs[their_middle])
            if edge is _CITY:
                return
        # Half-edges meet crosswise: the first half of a side touches the second half of the
        # facing side (NNW meets SSW).
        if first is not None and their_second is not None:
            graph.join(nodes[first], theirs[their_second])
        if second is not None and their_first is not None:
            graph.join(nodes[second], theirs[their_first])

    def _commit(
        self,
        tile: TileType,
        orientation: Orientation,
        square: Square,
        nodes: tuple[int, ...],
        opened: list[Square],
        mark: int,
    ) -> PlacedTile:
        """Record a tile whose features are joined: squares, order, supply, undo, River."""
        open_squares = self.open_squares
        open_squares.update(opened)
        was_open = square in open_squares
        open_squares.discard(square)
        self._history.append(_Undo(square, tuple(opened), was_open, self._river, self._river_started, mark))
        placed = PlacedTile(orientation, square, len(self.order), nodes)
        self.tiles[square] = placed
        self.order.append(square)
        self.supply[tile.name] -= 1
        enclosed = tile.enclosed
        if enclosed:
            self.enclosures[square] = tuple(nodes[i] for i in enclosed)
            x, y = square
            watching = self._watching
            for dx, dy in _AROUND:
                watching.setdefault((x + dx, y + dy), []).append(square)
        if self._river_rules:
            if tile.is_river:
                self._advance_river(orientation, square)
            else:
                self._river = None  # the first ordinary tile ends the river phase for good
        return placed

    def _advance_river(self, orientation: Orientation, square: Square) -> None:
        if not self._river_started:
            self._river_started = True
            self._river = _RiverEnd(square, orientation.river_sides[0], _STRAIGHT)
            return
        end = self._river
        if end is None:
            return
        came_from = end.side.opposite
        out = [s for s in orientation.river_sides if s != came_from]
        if not out:
            self._river = None
            return
        self._river = _RiverEnd(square, out[0], (out[0] - end.side) % 4)

    def lift(self) -> PlacedTile:
        """Take back the last tile laid, and everything recorded on the graph since."""
        if not self._history:
            raise IllegalPlacementError(Rule.NOTHING_TO_UNDO)
        undo = self._history.pop()
        placed = self.tiles.pop(undo.square)
        self.order.pop()
        self.supply[placed.tile.name] += 1
        if self.enclosures.pop(undo.square, None) is not None:
            x, y = undo.square
            for dx, dy in _AROUND:
                watchers = self._watching[(x + dx, y + dy)]
                watchers.pop()  # its own entry was the last one added
                if not watchers:
                    del self._watching[(x + dx, y + dy)]
        self.open_squares.difference_update(undo.opened)
        if undo.was_open:
            self.open_squares.add(undo.square)
        self._river = undo.river
        self._river_started = undo.river_started
        self._graph.rollback(undo.mark)
        return placed

    # -- questions --------------------------------------------------------------------------

    def enclosures_near(self, square: Square) -> list[Square]:
        """The cloisters and gardens that a tile on ``square`` borders or holds, north to south."""
        if square not in self._watching and square not in self.enclosures:
            return []
        near = list(self._watching.get(square, ()))
        if square in self.enclosures:
            near.append(square)
        if len(near) > 1:
            near.sort(key=lambda sq: (sq[1], sq[0]))
        return near

    def neighbours_present(self, square: Square) -> int:
        """How many of the 8 squares around ``square`` hold a tile."""
        x, y = square
        tiles = self.tiles
        count = 0
        for dx, dy in _AROUND:
            if (x + dx, y + dy) in tiles:
                count += 1
        return count

    def around(self, square: Square) -> Iterator[Square]:
        """The squares of the 3×3 block centred on ``square`` that hold a tile, itself included."""
        x, y = square
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (x + dx, y + dy) in self.tiles:
                    yield (x + dx, y + dy)

    def disconnected(self) -> PlacedTile | None:
        """The first tile laid that is not joined edge to edge to the first one, if any."""
        if not self.order:
            return None
        start = self.order[0]
        seen = {start}
        queue = deque([start])
        while queue:
            square = queue.popleft()
            for side in SIDES:
                nxt = side.neighbour(square)
                if nxt in self.tiles and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for square in self.order:
            if square not in seen:
                return self.tiles[square]
        return None

    def river_problem_on_board(self) -> PlacedTile | None:
        """For a finished board: the first river tile that turns the same way as the one before it.

        Follows the river from the spring; returns ``None`` when there is no spring or no fault.
        """
        spring = next((p for p in self.tiles.values() if p.tile is RIVER_SPRING), None)
        if spring is None:
            return None
        square, heading, last_turn = spring.square, spring.orientation.river_sides[0], _STRAIGHT
        while True:
            nxt = heading.neighbour(square)
            placed = self.tiles.get(nxt)
            if placed is None or heading.opposite not in placed.orientation.river_sides:
                return None
            out = [s for s in placed.orientation.river_sides if s != heading.opposite]
            if not out:
                return None
            turn = (out[0] - heading) % 4
            if turn != _STRAIGHT and turn == last_turn:
                return placed
            square, heading, last_turn = nxt, out[0], turn

    def state(self) -> tuple:
        """Everything the board holds, for comparing two boards in tests."""
        return (
            tuple((sq, p.tile.name, p.rotation, p.index, p.nodes) for sq, p in sorted(self.tiles.items())),
            tuple(self.order),
            tuple(sorted(self.supply.items())),
            tuple(sorted(self.open_squares)),
            self._river,
            self._river_started,
            self._graph.state(),
        )
