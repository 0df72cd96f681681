"""What a game can be asked, as typed values: players, features, figure spots, legal placements."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from .errors import Problem
from .figures import Figure, FigureKind
from .placement import Placement
from .places import Place, Square
from .tiles import FeatureKind, Good, TileType

if TYPE_CHECKING:
    from .game import Game

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "grey", "pink")
"""The players' colours: the base game's five and Inns & Cathedrals' grey and pink."""


@dataclass(frozen=True)
class Player:
    """A player: a name and, when known, a colour from :data:`COLORS`."""

    name: str
    color: str | None = None


@dataclass(frozen=True)
class Feature:
    """A road, city, cloister, garden or field on the board, as it stands now."""

    kind: FeatureKind
    squares: tuple[Square, ...]
    segments: tuple[tuple[Square, int], ...]
    """``(square, feature index)`` of each piece of it."""
    complete: bool
    pennants: int
    inn: bool
    cathedral: bool
    goods: Mapping[Good, int]
    figures: tuple[Figure, ...]
    points: int
    """What it would score now: completion points if complete, else what the end would give it
    (a field: what its farmers would get for it alone under the game's farmer edition)."""
    scorers: tuple[int, ...]
    """Who would get :attr:`points`: the players with the most meeples on it (none if nobody stands there)."""


@dataclass(frozen=True)
class FigureSpot:
    """Somewhere a figure of ``kind`` could go on a tile being laid, and why not if it may not."""

    kind: FigureKind
    place: Place
    feature: FeatureKind
    index: int
    """The feature's index on the tile type."""
    anchor: tuple[float, float]
    problem: Problem | None = None

    @property
    def legal(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class RecallOption:
    """An abbot its player could take back with a tile just laid, and what it would score."""

    player: int
    square: Square
    feature: FeatureKind
    points: int


class Piece(NamedTuple):
    """Something an expansion stands on a square besides the tile's figures: a tower with its
    floors and the figure on top, and later the dragon or the fairy."""

    square: Square
    kind: str
    """Its name, as the board file spells it (``"tower"``)."""
    size: int = 0
    """How big it has grown: a tower's floors."""
    figure: tuple[int, FigureKind] | None = None
    """Whose figure stands on it, and which."""
    anchor: tuple[float, float] = (0.5, 0.5)
    """Where on its tile it stands (0–1 from the north-west corner, as the tile lies)."""


class HeldFigure(NamedTuple):
    """A figure off the board that is neither in its owner's supply nor on a tile: a prisoner,
    held by another player."""

    player: int
    """Whose figure it is."""
    kind: FigureKind
    holder: int
    """Who holds it."""


@dataclass
class LegalPlacements:
    """Every legal placement of one tile now: iterate, count, or test a full placement with ``in``.

    Iterating yields placements without figures; ``in`` checks a placement completely, its figure
    or recall included. Nothing is listed until asked for.
    """

    game: Game
    tile: TileType
    _squares: dict[Square, list[int]] | None = field(default=None, repr=False)

    def _all(self) -> dict[Square, list[int]]:
        if self._squares is None:
            squares: dict[Square, list[int]] = {}
            for square, rotation in self.game.board.legal_placements(self.tile):
                squares.setdefault(square, []).append(rotation)
            self._squares = squares
        return self._squares

    def __iter__(self) -> Iterator[Placement]:
        for square, rotation in self.game.board.legal_placements(self.tile):
            yield Placement(self.tile.name, square[0], square[1], rotation)

    def __len__(self) -> int:
        return sum(len(r) for r in self._all().values())

    def __bool__(self) -> bool:
        return next(iter(self.game.board.legal_placements(self.tile)), None) is not None

    def __contains__(self, placement: object) -> bool:
        if not isinstance(placement, Placement) or placement.tile != self.tile.name:
            return False
        if placement.rotation not in self._all().get(placement.square, ()):
            return False
        return (placement.meeple is None and placement.recall is None) or self.game.is_legal(placement)

    def squares(self) -> dict[Square, list[int]]:
        """The rotations that fit, by square."""
        return {square: list(rotations) for square, rotations in self._all().items()}
