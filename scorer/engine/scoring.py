"""Points: what a feature is worth, who gets it, and the report that accounts for every point."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from .figures import FigureKind, majority
from .places import Square
from .rules import FarmerEdition, Rules
from .tiles import GOODS, FeatureKind, Good

__all__ = ["majority"]  # re-exported: older callers import it from here


class Phase(StrEnum):
    """When a score event happens."""

    PLAY = "play"
    """A feature completed during the game, scored at once."""
    RECALL = "recall"
    """An abbot taken back during play, its cloister or garden scored as unfinished."""
    END = "end"
    """An unfinished road, city, cloister or garden at the end of the game."""
    FARMS = "farms"
    """A field's farmers, after everything else."""
    GOODS = "goods"
    """The most trade goods of one kind (Traders & Builders), last of all."""
    RANSOM = "ransom"
    """A ransom paid for a prisoner (The Tower): 3 points from one player to another, during play."""
    FAIRY = "fairy"
    """The fairy's point at the start of a turn (Princess & Dragon)."""


class Category(StrEnum):
    """The columns of a player's score breakdown."""

    ROAD = "road"
    CITY = "city"
    CLOISTER = "cloister"
    GARDEN = "garden"
    FARM = "farm"
    GOODS = "goods"
    BANKED = "banked"
    FAIRY = "fairy"
    RANSOM = "ransom"


BASE_CATEGORIES: tuple[Category, ...] = (
    Category.ROAD,
    Category.CITY,
    Category.CLOISTER,
    Category.GARDEN,
    Category.FARM,
    Category.GOODS,
    Category.BANKED,
)
"""The columns of every report; an expansion's module adds its own (``RuleModule.categories``)."""


CATEGORY_OF = {
    FeatureKind.ROAD: Category.ROAD,
    FeatureKind.CITY: Category.CITY,
    FeatureKind.CLOISTER: Category.CLOISTER,
    FeatureKind.GARDEN: Category.GARDEN,
    FeatureKind.FIELD: Category.FARM,
}

FARM_POINTS_PER_CITY = {FarmerEdition.THIRD: 3, FarmerEdition.SECOND: 3, FarmerEdition.FIRST: 4}
PIG_BONUS = 1
"""What a pig adds to each city its player's farm is paid for."""
INN_POINTS_PER_TILE = 2
CATHEDRAL_POINTS = 3
"""Per tile and per pennant of a completed city with a cathedral."""
GOODS_MAJORITY_POINTS = 10


class Spot(NamedTuple):
    """A figure on a scored feature: where it stood and whose it was."""

    square: Square
    index: int
    """The feature's index on that tile."""
    player: int
    kind: FigureKind = FigureKind.MEEPLE


class ScoreEvent(NamedTuple):
    """One scoring: a feature (or a good), who had figures there, who won it and what each got.

    A named tuple: immutable and compared by value, and cheap to make (a report makes dozens)."""

    when: Phase
    feature: FeatureKind | None
    """The feature scored; ``None`` for a goods majority (see ``good``)."""
    complete: bool
    tiles: tuple[Square, ...]
    pennants: int
    meeples: Mapping[int, int]
    """Meeples on the feature per player index, as majority counts them (a big meeple is 2)."""
    winners: tuple[int, ...]
    points: int
    """Points for each winner."""
    placement: int | None = None
    """The placement (0-based) whose tile completed the feature, for events during play."""
    segments: tuple[tuple[Square, int], ...] = ()
    """Where the feature lies: ``(square, feature index on that tile)`` for each piece of it."""
    meeple_spots: tuple[Spot, ...] = ()
    """Every figure on the feature (builders and pigs included)."""
    cities: tuple[tuple[Square, ...], ...] = ()
    """For farm events: the tiles of each completed city the points are for."""
    city_segments: tuple[tuple[Square, int], ...] = ()
    inn: bool = False
    """A road with an inn: 2 per tile when complete, 0 when not."""
    cathedral: bool = False
    """A city with a cathedral: 3 per tile and pennant when complete, 0 when not."""
    pig: bool = False
    """A farm event whose winners each have their pig in the field: one more per city."""
    good: Good | None = None
    """For a goods majority: the good."""
    tokens: Mapping[int, int] = MappingProxyType({})
    """For a goods majority: each player's tokens of that good."""
    fairy: bool = False
    """The fairy's points (Princess & Dragon): its turn point (``when`` fairy), or its 3-point
    bonus after the scoring whose ``when`` it has."""
    visitors: tuple[Spot, ...] = ()
    """Followers who stepped out of the City of Carcassonne's quarters for this scoring (the
    Count), or moved from the market onto this field at the end; in ``meeple_spots`` too."""

    @property
    def category(self) -> Category:
        if self.feature is not None:
            return CATEGORY_OF[self.feature]
        if self.fairy:
            return Category.FAIRY
        return Category.RANSOM if self.when is Phase.RANSOM else Category.GOODS

    @property
    def subject(self) -> str:
        """What was scored, as the report names it: a feature kind, ``"goods"``, ``"ransom"`` or
        ``"fairy"``."""
        if self.feature is not None:
            return self.feature.value
        if self.fairy:
            return "fairy"
        return "ransom" if self.when is Phase.RANSOM else "goods"

    def points_for(self, player: int) -> int:
        return self.points if player in self.winners else 0


class WarningCode(StrEnum):
    COMPLETED_WITH_MEEPLES = "completed_with_meeples"
    """On a final board, a completed feature still holds figures: it should have scored in play."""


@dataclass(frozen=True)
class ScoreWarning:
    code: WarningCode
    feature: FeatureKind
    tiles: tuple[Square, ...]

    @property
    def message(self) -> str:
        first = self.tiles[0] if self.tiles else None
        return (
            f"a completed {self.feature.value} at {first} still holds figures; "
            "it should have been scored when it was completed, and is scored now as complete"
        )


@dataclass(frozen=True)
class PlayerScore:
    name: str
    total: int
    by_category: Mapping[Category, int]
    goods: Mapping[Good, int] = field(default_factory=dict)
    """Trade goods collected (Traders & Builders); empty without it."""


@dataclass(frozen=True)
class ScoreReport:
    """Every player's total and categories, and the events that account for every point."""

    players: tuple[PlayerScore, ...]
    events: tuple[ScoreEvent, ...]
    warnings: tuple[ScoreWarning, ...] = ()
    layers: tuple[int | None, ...] = ()
    """Who laid each placement (``None`` for the start tile, laid by nobody)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)


def feature_points(
    kind: FeatureKind,
    *,
    complete: bool,
    tiles: int,
    pennants: int,
    rules: Rules,
    inn: bool = False,
    cathedral: bool = False,
) -> int:
    """What a road, city, cloister or garden is worth (``tiles`` counts a cloister and its neighbours)."""
    if kind is FeatureKind.CITY:
        if cathedral:
            return CATHEDRAL_POINTS * (tiles + pennants) if complete else 0
        if complete:
            if tiles == 2 and rules.small_city == 2:
                return 2
            return 2 * (tiles + pennants)
        return tiles + pennants
    if kind is FeatureKind.ROAD and inn:
        return INN_POINTS_PER_TILE * tiles if complete else 0
    return tiles


def off_board_event(when: Phase, winners: tuple[int, ...], points: int, **more: Any) -> ScoreEvent:
    """Points that no feature on the board scores (a goods majority, a ransom): no tiles, no
    figures counted."""
    return ScoreEvent(
        when=when, feature=None, complete=False, tiles=(), pennants=0, meeples={},
        winners=winners, points=points, **more,
    )  # fmt: skip


def goods_events(goods: Sequence[Mapping[Good, int]]) -> list[ScoreEvent]:
    """At the end: for each good, 10 to every player with the most tokens of it (nobody with none)."""
    events = []
    for good in GOODS:
        tokens = {player: held.get(good, 0) for player, held in enumerate(goods)}
        winners = majority(tokens)
        if winners:
            events.append(
                off_board_event(
                    Phase.GOODS,
                    winners,
                    GOODS_MAJORITY_POINTS,
                    good=good,
                    tokens={p: n for p, n in tokens.items() if n},
                )
            )
    return events


_ZERO = dict.fromkeys(Category, 0)


def build_report(
    names: Iterable[str],
    events: Iterable[ScoreEvent],
    banked: Iterable[int],
    warnings: Iterable[ScoreWarning] = (),
    *,
    goods: Sequence[Mapping[Good, int]] = (),
    layers: Sequence[int | None] = (),
    columns: Sequence[Category] = BASE_CATEGORIES,
) -> ScoreReport:
    """The report of ``events`` and ``banked`` points; ``columns``: the categories it shows (the
    base game's and those of the expansions in play), each present even at 0."""
    names = list(names)
    events = tuple(events)
    categories = [Counter(_ZERO) for _ in names]
    for player, points in enumerate(banked):
        categories[player][Category.BANKED] += points
    for event in events:
        for player in event.winners:
            categories[player][event.category] += event.points
    players = tuple(
        PlayerScore(
            name,
            sum(cats.values()),
            {c: cats[c] for c in columns},
            dict(goods[i]) if i < len(goods) else {},
        )
        for i, (name, cats) in enumerate(zip(names, categories))
    )
    return ScoreReport(players, events, tuple(warnings), tuple(layers))
