"""Features as they grow: an undoable union-find over the pieces of roads, cities and fields.

Every feature of every placed tile is a *segment* (a node). Laying a tile joins its segments to
its neighbours'; a group of joined segments is one road, city or field on the board. Union by
size without path compression keeps ``find`` logarithmic and lets every change be undone exactly:
each change is written to a journal, and :meth:`FeatureGraph.rollback` replays it backwards.
A group's running totals (open ends, figures) live at its root; its members form a circular list
(``link``), so joining two groups and undoing the join are both one swap, and nothing per segment
is allocated but list slots.

This is the engine's private bookkeeping: outside ``scorer.engine`` read the game through
:class:`~.game.Game`'s queries instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from .figures import FigureKind
from .places import Square
from .tiles import FeatureSpec, TileType

_NEW, _UNION, _OPEN, _FIGURE_ON, _FIGURE_OFF, _CLOSE = range(6)


class FeatureGraph:
    __slots__ = (
        "_by_root",
        "_by_root_version",
        "_journal",
        "_surveys",
        "_surveys_version",
        "_version",
        "closed",
        "figures",
        "index",
        "link",
        "occupancy",
        "open_ends",
        "parent",
        "size",
        "spec",
        "square",
    )

    def __init__(self) -> None:
        self.spec: list[FeatureSpec] = []
        self.square: list[Square] = []
        self.index: list[int] = []
        """Index of the segment's feature on its tile."""
        self.parent: list[int] = []
        self.size: list[int] = []
        self.link: list[int] = []
        """The next member of the segment's group, round a circle."""
        self.open_ends: list[int] = []
        self.occupancy: list[int] = []
        """At a root: how many figures stand on the group."""
        self.figures: dict[int, tuple[int, FigureKind]] = {}
        """The figure on each occupied segment: ``(player, kind)``."""
        self.closed: set[int] = set()
        """Groups already scored as complete during play."""
        self._journal: list[tuple] = []
        self._version = 0
        """Bumped by every change to groups or figures, so derived indexes know when to rebuild."""
        self._by_root: dict[int, list[tuple[int, int, FigureKind]]] = {}
        self._by_root_version = -1
        self._surveys: dict[int, tuple] = {}
        self._surveys_version = -1

    def __len__(self) -> int:
        return len(self.parent)

    def copy(self) -> FeatureGraph:
        """An independent graph with the same groups, figures and journal (so that it undoes the
        same way): its columns copied, derived indexes left to be built again."""
        other = FeatureGraph()
        for name in (
            "spec", "square", "index", "parent", "size", "link", "open_ends", "occupancy", "_journal",
        ):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        other.figures = dict(self.figures)
        other.closed = set(self.closed)
        other._version = self._version + 1
        return other

    # -- building ---------------------------------------------------------------------------

    def add_tile(self, tile: TileType, square: Square) -> tuple[int, ...]:
        """One new segment per feature of ``tile`` on ``square``; returns their nodes in feature order."""
        base = len(self.parent)
        count = len(tile.features)
        nodes = tuple(range(base, base + count))
        self.spec.extend(tile.features)
        self.square.extend((square,) * count)
        self.index.extend(tile.indexes)
        self.parent.extend(nodes)
        self.size.extend(tile.ones)
        self.link.extend(nodes)
        self.open_ends.extend(tile.ends)
        self.occupancy.extend(tile.zeros)
        self._journal.append((_NEW, count))
        self._version += 1
        return nodes

    def add_twin(self, node: int) -> int:
        """A segment more of ``node``'s piece of feature, carrying nothing of its own (no edge, no
        pennant, no city it touches): where a second figure stands on that piece (a finished
        board's market farmer beside another). Joined to ``node``'s group, whose root stays."""
        spec = self.spec[node]
        twin = len(self.parent)
        self.spec.append(FeatureSpec(spec.kind, (), spec.anchor))
        self.square.append(self.square[node])
        self.index.append(self.index[node])
        self.parent.append(twin)
        self.size.append(1)
        self.link.append(twin)
        self.open_ends.append(0)
        self.occupancy.append(0)
        self._journal.append((_NEW, 1))
        self._version += 1
        self.join(node, twin)
        return twin

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            node = parent[node]
        return node

    def join(self, a: int, b: int) -> int:
        """Make ``a`` and ``b`` one group; returns the group's root."""
        parent = self.parent
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a == b:
            return a
        size = self.size
        if size[a] < size[b]:
            a, b = b, a
        self._journal.append((_UNION, b, a))
        self._version += 1
        parent[b] = a
        size[a] += size[b]
        self.open_ends[a] += self.open_ends[b]
        self.occupancy[a] += self.occupancy[b]
        link = self.link
        link[a], link[b] = link[b], link[a]
        return a

    def connect_edge(self, a: int, b: int) -> int:
        """Join two road or city segments that meet across a tile edge, closing one gap."""
        root = self.join(a, b)
        self.open_ends[root] -= 2
        self._journal.append((_OPEN, root, -2))
        return root

    def put_figure(self, node: int, player: int, kind: FigureKind) -> None:
        root = self.find(node)
        self.figures[node] = (player, kind)
        self.occupancy[root] += 1
        self._journal.append((_FIGURE_ON, node, root))
        self._version += 1

    def take_figures(self, root: int) -> list[tuple[int, int, FigureKind]]:
        """Lift every figure off a group; returns ``(segment, player, kind)`` for each, by segment."""
        lifted = sorted((n, *f) for n, f in self.figures.items() if self.find(n) == root)
        for node, player, kind in lifted:
            del self.figures[node]
            self.occupancy[root] -= 1
            self._journal.append((_FIGURE_OFF, node, root, player, kind))
        self._version += 1
        return lifted

    def take_figure(self, node: int) -> tuple[int, FigureKind]:
        """Lift the figure off one segment (an abbot recalled)."""
        root = self.find(node)
        player, kind = self.figures.pop(node)
        self.occupancy[root] -= 1
        self._journal.append((_FIGURE_OFF, node, root, player, kind))
        self._version += 1
        return player, kind

    def close(self, root: int) -> None:
        self.closed.add(root)
        self._journal.append((_CLOSE, root))

    # -- undo -------------------------------------------------------------------------------

    def mark(self) -> int:
        """A point in the journal to :meth:`rollback` to."""
        return len(self._journal)

    def rollback(self, mark: int) -> None:
        self._version += 1
        journal = self._journal
        while len(journal) > mark:
            entry = journal.pop()
            op = entry[0]
            if op == _NEW:
                keep = len(self.parent) - entry[1]
                for column in (
                    self.spec, self.square, self.index, self.parent, self.size, self.link,
                    self.open_ends, self.occupancy,
                ):  # fmt: skip
                    del column[keep:]
            elif op == _UNION:
                _, child, root = entry
                self.parent[child] = child
                self.size[root] -= self.size[child]
                self.open_ends[root] -= self.open_ends[child]
                self.occupancy[root] -= self.occupancy[child]
                link = self.link
                link[root], link[child] = link[child], link[root]
            elif op == _OPEN:
                self.open_ends[entry[1]] -= entry[2]
            elif op == _FIGURE_ON:
                _, node, root = entry
                del self.figures[node]
                self.occupancy[root] -= 1
            elif op == _FIGURE_OFF:
                _, node, root, player, kind = entry
                self.figures[node] = (player, kind)
                self.occupancy[root] += 1
            else:
                self.closed.discard(entry[1])

    # -- questions --------------------------------------------------------------------------

    def members(self, root: int) -> Iterator[int]:
        """Every segment of ``root``'s group, starting with the root."""
        link = self.link
        node = root
        while True:
            yield node
            node = link[node]
            if node == root:
                return

    def tiles(self, root: int) -> list[Square]:
        """The distinct squares a group covers, sorted; a tile counts once however often it is touched."""
        return list(self.survey(root)[0])

    def segments(self, root: int) -> tuple[tuple[Square, int], ...]:
        """``(square, feature index)`` of every segment of the group."""
        return self.survey(root)[1]

    def survey(
        self, root: int
    ) -> tuple[tuple[Square, ...], tuple[tuple[Square, int], ...], int, int, int, int]:
        """In one pass over a group: its tiles (sorted, each once), its segments (in the group's own
        order, the same for the same history), how many of its pieces show a pennant, an inn and a
        cathedral, and its oldest segment. Kept until the graph changes."""
        if self._surveys_version != self._version:
            self._surveys, self._surveys_version = {}, self._version
        known = self._surveys.get(root)
        if known is not None:
            return known
        square, index, spec = self.square, self.index, self.spec
        segments = []
        pennants = inns = cathedrals = 0
        first = root
        for m in self.members(root):
            if m < first:
                first = m
            segments.append((square[m], index[m]))
            feature = spec[m]
            if feature.pennant:
                pennants += 1
            if feature.inn:
                inns += 1
            if feature.cathedral:
                cathedrals += 1
        survey = (
            tuple(sorted({sq for sq, _ in segments})),
            tuple(segments),
            pennants,
            inns,
            cathedrals,
            first,
        )
        self._surveys[root] = survey
        return survey

    def first(self, root: int) -> int:
        """The group's oldest segment: a stable order for groups, whatever their root."""
        return self.survey(root)[5]

    def count(self, root: int, attribute: str) -> int:
        """How many of the group's segments have ``attribute`` (pennant, inn, cathedral) set."""
        spec = self.spec
        return sum(1 for m in self.members(root) if getattr(spec[m], attribute))

    def figures_on(self, root: int) -> list[tuple[int, int, FigureKind]]:
        """``(segment, player, kind)`` of every figure on the group, by segment."""
        if self._by_root_version != self._version:
            by_root: dict[int, list[tuple[int, int, FigureKind]]] = {}
            find = self.find
            for node, (player, kind) in self.figures.items():
                by_root.setdefault(find(node), []).append((node, player, kind))
            for figures in by_root.values():
                figures.sort()
            self._by_root, self._by_root_version = by_root, self._version
        return self._by_root.get(root, [])

    def state(self) -> tuple:
        """Everything the graph holds, for comparing two graphs in tests."""
        return (
            tuple(self.spec), tuple(self.square), tuple(self.index), tuple(self.parent),
            tuple(self.size), tuple(self.link), tuple(self.open_ends), tuple(self.occupancy),
            tuple(sorted(self.figures.items())), tuple(sorted(self.closed)),
        )  # fmt: skip
