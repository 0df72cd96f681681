"""The board: which tile lies where, whether a tile may go somewhere, and the features it forms.

:class:`Board` knows only tiles. Meeples and points are the :class:`~.game.Game`'s business,
though the meeples themselves stand on the board's :class:`~.features.FeatureGraph`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from .errors import IllegalPlacementError, Problem, Rule
from .expansions import RuleModule, absent_problem, modules_for, overriding
from .features import FeatureGraph
from .places import SIDES, Extent, Side, Square
from .rules import Mode
from .tiles import Edge, Expansion, Orientation, TileType
from .tilesets import START_TILE, TILES, tile_counts

_AROUND: tuple[Square, ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
_STEPS: tuple[Square, ...] = tuple(side.offset for side in SIDES)
_FACING: tuple[int, ...] = tuple(side.opposite for side in SIDES)
_CITY, _ROAD = Edge.CITY, Edge.ROAD


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


class _Undo(NamedTuple):
    square: Square
    opened: tuple[Square, ...]
    was_open: bool
    live: tuple[tuple[RuleModule, object], ...]
    """The laying rules' states before the tile (each immutable: the reference is the snapshot)."""
    settled: tuple[tuple[RuleModule, object], ...]
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

    ``mode`` decides which rules apply: in :attr:`Mode.REPLAY` every rule of laying tiles, the
    rule modules' own included (their laying hooks, see :mod:`.expansions`); in
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
        self._history: list[_Undo] = []
        self.modules: tuple[RuleModule, ...] = modules_for(self.expansions)
        """The rule modules of the expansions in play, in their fixed order."""
        openers = sorted(self.modules, key=lambda m: not m.opens_first)
        self.opening: tuple[TileType, ...] = tuple(t for m in openers for t in m.opening()) or (START_TILE,)
        self._opening_size = len(self.opening)
        """The tiles that start a game being played, in order (the start tile, or a module's)."""
        self._opening_rule_of = {t.name: m.opening_rule for m in openers for t in m.opening()}
        """The refusal of another tile where each opening tile is due (the start tile's by default)."""
        self.opening_squares: dict[str, Square] = {
            n: sq for m in openers for n, sq in m.opening_squares().items()
        }
        """The squares some opening tiles always lie on, at rotation 0 (the City of Carcassonne's)."""
        laying = overriding(self.modules, "laying_problem") if self.mode is Mode.REPLAY else ()
        starts = tuple((m, m.laying_start()) for m in laying)
        self._live: tuple[tuple[RuleModule, object], ...] = tuple(
            p for p in starts if not p[0].laying_over(self, p[1])
        )
        """The modules with rules of their own for laying tiles (none on a finished board), each with
        its state, while they still have a say: a game without them lays tiles as if they were not."""
        self._settled: tuple[tuple[RuleModule, object], ...] = tuple(
            p for p in starts if p[0].laying_over(self, p[1])
        )
        """The same for the modules that have no more say (the river, once it has ended)."""
        self._say: frozenset[str] | None = self._say_of(self._live)
        self._near_square: Square | None = None
        self._near_version = -1
        self._near: tuple[PlacedTile | None, ...] = ()

    def __len__(self) -> int:
        return len(self.tiles)

    def copy(self) -> Board:
        """An independent board in the same position, which lifts its tiles the same way."""
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.tiles = dict(self.tiles)
        other.order = list(self.order)
        other.supply = dict(self.supply)
        other._graph = self._graph.copy()
        other.enclosures = dict(self.enclosures)
        other._watching = {square: list(near) for square, near in self._watching.items()}
        other.open_squares = set(self.open_squares)
        other._history = list(self._history)
        other._near_square, other._near_version, other._near = None, -1, ()
        return other

    def __contains__(self, square: object) -> bool:
        return square in self.tiles

    def __getitem__(self, square: Square) -> PlacedTile:
        return self.tiles[square]

    @property
    def bound_square(self) -> Square | None:
        """The one square the next tile must go on, when a rule module says so (the river's
        mouth while the river is being laid), else ``None``."""
        for module, state in self._live:
            square = module.bound_square(self, state)
            if square is not None:
                return square
        return None

    def laying_state(self, module: RuleModule) -> object:
        """A rule module's state of laying tiles now (``None`` if it keeps none here)."""
        return next((state for m, state in (*self._live, *self._settled) if m is module), None)

    @property
    def start_tile(self) -> TileType:
        """The first tile of a game being played."""
        return self.opening[0]

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
                if tile.expansion is not None and tile.expansion not in self.expansions:
                    absent = absent_problem(tile)
                    if absent is not None:
                        return absent
                return Problem(Rule.TILE_NOT_IN_GAME, {"twin": tile.twin or ""})
            return Problem(Rule.NO_TILE_LEFT, {"count": self.counts[tile.name]})
        tiles = self.tiles
        fixed = self.opening_squares.get(tile.name)
        if fixed is not None and (square != fixed or rotation != 0):
            # A tile with a square of its own: anything else is refused before any other rule.
            facts = {"problem": "square", "at_x": fixed[0], "at_y": fixed[1]}
            return Problem(self._opening_rule_of.get(tile.name, Rule.START_TILE), facts)
        if square in tiles:
            return Problem(Rule.SQUARE_TAKEN)
        replay = self.mode is Mode.REPLAY
        index = len(tiles)
        if replay and index < len(self.opening) and tile is not self.opening[index]:
            expected = self.opening[index].name
            rule = self._opening_rule_of.get(expected, Rule.START_TILE)
            return Problem(rule, {"expected": expected, "problem": "order"})
        if not tiles:
            return self._module_problem(tile, tile.orientations[rotation // 90], square)
        if replay and square not in self.open_squares:
            mismatch = self.edge_problem(tile.orientations[rotation // 90], square)
            return mismatch or Problem(Rule.NOT_ADJACENT)
        orientation = tile.orientations[rotation // 90]
        mismatch = self.edge_problem(orientation, square)
        if mismatch is not None:
            return mismatch
        return self._module_problem(tile, orientation, square)

    def _module_problem(self, tile: TileType, orientation: Orientation, square: Square) -> Problem | None:
        """What the modules with a say in laying ``tile`` refuse of it on ``square``, if anything."""
        for module, state in self._live:
            if module.constrains(self, state, tile):
                problem = module.laying_problem(self, state, orientation, square)
                if problem is not None:
                    return problem
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

    def edge_problem(self, orientation: Orientation, square: Square) -> Problem | None:
        """Why ``orientation`` on ``square`` would not match the edges of the tiles beside it."""
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

    def is_legal(self, tile: TileType | str, square: Square, rotation: int) -> bool:
        tile = TILES[tile] if isinstance(tile, str) else tile
        return self.problem(tile, square, rotation) is None

    def legal_placements(self, tile: TileType | str) -> Iterator[tuple[Square, int]]:
        """Every ``(square, rotation)`` where ``tile`` may go now, in a stable order."""
        tile = TILES[tile] if isinstance(tile, str) else tile
        if not self.tiles:
            first = self.bound_square or (0, 0)
            yield from ((first, r) for r in (0, 90, 180, 270) if self.problem(tile, first, r) is None)
            return
        if self.supply.get(tile.name, 0) <= 0:
            return
        opening = self.opening
        if (
            self.mode is Mode.REPLAY
            and len(self.tiles) < len(opening)
            and tile is not opening[len(self.tiles)]
        ):
            return
        laying = [(m, s) for m, s in self._live if m.constrains(self, s, tile)]
        if any(m.barred(self, s, tile) is not None for m, s in laying):
            return
        tiles = self.tiles
        for square in sorted(self.reachable_squares()):
            needed = self._needed_edges(square, tiles)
            for orientation in tile.orientations:
                edges = orientation.edges
                if any(n is not None and n is not e for n, e in zip(needed, edges)):
                    continue
                if any(m.laying_problem(self, s, orientation, square) for m, s in laying):
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
            or len(tiles) < self._opening_size
            or square in tiles
            or self.mode is not Mode.REPLAY
            or square not in self.open_squares
            or (self._live and (self._say is None or tile.name in self._say))
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
                return self.edge_problem(orientation, square) or Problem(Rule.EDGE_MISMATCH)
            else:
                self._join_side(nodes, link, other, facing)
        return self._commit(tile, orientation, square, nodes, opened, mark)

    def _say_of(self, live: tuple[tuple[RuleModule, object], ...]) -> frozenset[str] | None:
        """The names of the tiles some module of ``live`` has a say in now (``None``: any tile), so
        that laying any other costs one look-up."""
        names: set[str] = set()
        for module, state in live:
            some = module.tiles_constrained(self, state)
            if some is None:
                return None
            names |= some
        return frozenset(names)

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
        """Record a tile whose features are joined: squares, order, supply, undo, laying rules."""
        open_squares = self.open_squares
        open_squares.update(opened)
        was_open = square in open_squares
        open_squares.discard(square)
        self._history.append(_Undo(square, tuple(opened), was_open, self._live, self._settled, mark))
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
        if self._live and (self._say is None or tile.name in self._say):
            # A module hears of the tiles it has a say in (its state cannot change with others).
            after = [
                (m, m.laid(self, s, orientation, square) if m.constrains(self, s, tile) else s)
                for m, s in self._live
            ]
            self._live = tuple(p for p in after if not p[0].laying_over(self, p[1]))
            if len(self._live) < len(after):
                self._settled += tuple(p for p in after if p[0].laying_over(self, p[1]))
            self._say = self._say_of(self._live)
        return placed

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
        if self._live is not undo.live:
            self._live, self._settled = undo.live, undo.settled
            self._say = self._say_of(self._live)
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

    def state(self) -> tuple:
        """Everything the board holds, for comparing two boards in tests."""
        return (
            tuple((sq, p.tile.name, p.rotation, p.index, p.nodes) for sq, p in sorted(self.tiles.items())),
            tuple(self.order),
            tuple(sorted(self.supply.items())),
            tuple(sorted(self.open_squares)),
            self._live,
            self._settled,
            self._graph.state(),
        )
