"""Features as they grow: an undoable union-find over the pieces of roads, cities and fields.

Every feature of every placed tile is a *segment* (a node). Laying a tile joins its segments to
its neighbours'; a group of joined segments is one road, city or field on the board. Union by
size without path compression keeps ``find`` logarithmic and lets every change be undone exactly:
each change is written to a journal, and :meth:`FeatureGraph.rollback` replays it backwards. A
group's totals (open ends, meeples) live at its root; a segment absorbed into a bigger group keeps
its own totals frozen, which is what undoing the union needs.
"""

from __future__ import annotations

from collections import Counter

from .places import Square
from .tiles import FeatureKind

_NEW, _UNION, _OPEN, _MEEPLE_ON, _MEEPLE_OFF, _CLOSE = range(6)


class FeatureGraph:
    __slots__ = (
        "_journal",
        "closed",
        "feature",
        "kind",
        "meeple",
        "meeple_count",
        "meeple_nodes",
        "members",
        "near_cities",
        "open_ends",
        "parent",
        "pennant",
        "size",
        "square",
    )

    def __init__(self) -> None:
        self.kind: list[FeatureKind] = []
        self.square: list[Square] = []
        self.feature: list[int] = []
        """Index of the segment's feature on its tile."""
        self.pennant: list[bool] = []
        self.near_cities: list[tuple[int, ...]] = []
        """For a field segment: the city segments it touches on its own tile."""
        self.parent: list[int] = []
        self.size: list[int] = []
        self.members: list[list[int]] = []
        self.open_ends: list[int] = []
        self.meeple: list[int] = []
        """The player whose meeple stands on the segment, or -1."""
        self.meeple_count: list[int] = []
        self.closed: list[bool] = []
        """Set on a group once it has been scored as complete during play."""
        self.meeple_nodes: set[int] = set()
        self._journal: list[tuple[int, ...]] = []

    def __len__(self) -> int:
        return len(self.parent)

    # -- building ---------------------------------------------------------------------------

    def add(
        self,
        kind: FeatureKind,
        square: Square,
        feature: int,
        *,
        open_ends: int = 0,
        pennant: bool = False,
        near_cities: tuple[int, ...] = (),
    ) -> int:
        node = len(self.parent)
        self.kind.append(kind)
        self.square.append(square)
        self.feature.append(feature)
        self.pennant.append(pennant)
        self.near_cities.append(near_cities)
        self.parent.append(node)
        self.size.append(1)
        self.members.append([node])
        self.open_ends.append(open_ends)
        self.meeple.append(-1)
        self.meeple_count.append(0)
        self.closed.append(False)
        self._journal.append((_NEW,))
        return node

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            node = parent[node]
        return node

    def join(self, a: int, b: int) -> int:
        """Make ``a`` and ``b`` one group; returns the group's root."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        members = self.members[ra]
        self._journal.append((_UNION, rb, ra, len(members)))
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        members.extend(self.members[rb])
        self.open_ends[ra] += self.open_ends[rb]
        self.meeple_count[ra] += self.meeple_count[rb]
        return ra

    def connect_edge(self, a: int, b: int) -> int:
        """Join two road or city segments that meet across a tile edge, closing one gap."""
        root = self.join(a, b)
        self.open_ends[root] -= 2
        self._journal.append((_OPEN, root, -2))
        return root

    def put_meeple(self, node: int, player: int) -> None:
        root = self.find(node)
        self.meeple[node] = player
        self.meeple_count[root] += 1
        self.meeple_nodes.add(node)
        self._journal.append((_MEEPLE_ON, node, root))

    def take_meeples(self, root: int) -> list[tuple[int, int]]:
        """Lift every meeple off a group; returns ``(segment, player)`` for each."""
        lifted = [(n, self.meeple[n]) for n in self.meeple_nodes if self.find(n) == root]
        lifted.sort()
        for node, player in lifted:
            self.meeple[node] = -1
            self.meeple_count[root] -= 1
            self.meeple_nodes.discard(node)
            self._journal.append((_MEEPLE_OFF, node, root, player))
        return lifted

    def close(self, root: int) -> None:
        self.closed[root] = True
        self._journal.append((_CLOSE, root))

    # -- undo -------------------------------------------------------------------------------

    def mark(self) -> int:
        """A point in the journal to :meth:`rollback` to."""
        return len(self._journal)

    def rollback(self, mark: int) -> None:
        journal = self._journal
        while len(journal) > mark:
            entry = journal.pop()
            op = entry[0]
            if op == _NEW:
                for column in (
                    self.kind, self.square, self.feature, self.pennant, self.near_cities,
                    self.parent, self.size, self.members, self.open_ends, self.meeple,
                    self.meeple_count, self.closed,
                ):  # fmt: skip
                    column.pop()
            elif op == _UNION:
                _, child, root, length = entry
                self.parent[child] = child
                self.size[root] -= self.size[child]
                del self.members[root][length:]
                self.open_ends[root] -= self.open_ends[child]
                self.meeple_count[root] -= self.meeple_count[child]
            elif op == _OPEN:
                self.open_ends[entry[1]] -= entry[2]
            elif op == _MEEPLE_ON:
                _, node, root = entry
                self.meeple[node] = -1
                self.meeple_count[root] -= 1
                self.meeple_nodes.discard(node)
            elif op == _MEEPLE_OFF:
                _, node, root, player = entry
                self.meeple[node] = player
                self.meeple_count[root] += 1
                self.meeple_nodes.add(node)
            else:
                self.closed[entry[1]] = False

    # -- questions --------------------------------------------------------------------------

    def is_complete(self, root: int) -> bool:
        """A road or city with no open end left; never true of fields and cloisters."""
        return self.open_ends[root] == 0 and self.kind[root] in (FeatureKind.ROAD, FeatureKind.CITY)

    def tiles(self, root: int) -> list[Square]:
        """The distinct squares a group covers, sorted; a tile counts once however often it is touched."""
        square = self.square
        return sorted({square[m] for m in self.members[root]})

    def pennants(self, root: int) -> int:
        pennant = self.pennant
        return sum(1 for m in self.members[root] if pennant[m])

    def meeples(self, root: int) -> Counter[int]:
        """How many meeples each player has on a group."""
        return Counter(self.meeple[n] for n in self.meeple_nodes if self.find(n) == root)

    def state(self) -> tuple:
        """Everything the graph holds, for comparing two graphs in tests."""
        return (
            tuple(self.kind), tuple(self.square), tuple(self.feature), tuple(self.pennant),
            tuple(self.near_cities), tuple(self.parent), tuple(self.size),
            tuple(tuple(m) for m in self.members), tuple(self.open_ends), tuple(self.meeple),
            tuple(self.meeple_count), tuple(self.closed), tuple(sorted(self.meeple_nodes)),
        )  # fmt: skip
