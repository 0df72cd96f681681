"""Points: what a feature is worth, who gets it, and the report that accounts for every point."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .places import Square
from .rules import FarmerEdition, Rules
from .tiles import FeatureKind


class Phase(StrEnum):
    """When a score event happens."""

    PLAY = "play"
    """A feature completed during the game, scored at once."""
    END = "end"
    """An unfinished road, city or cloister at the end of the game."""
    FARMS = "farms"
    """A field's farmers, after everything else."""


class Category(StrEnum):
    """The columns of a player's score breakdown."""

    ROAD = "road"
    CITY = "city"
    CLOISTER = "cloister"
    FARM = "farm"
    BANKED = "banked"


CATEGORY_OF = {
    FeatureKind.ROAD: Category.ROAD,
    FeatureKind.CITY: Category.CITY,
    FeatureKind.CLOISTER: Category.CLOISTER,
    FeatureKind.FIELD: Category.FARM,
}

FARM_POINTS_PER_CITY = {FarmerEdition.THIRD: 3, FarmerEdition.SECOND: 3, FarmerEdition.FIRST: 4}


@dataclass(frozen=True)
class ScoreEvent:
    """One scoring: a feature, who had meeples on it, who won it and what each winner got."""

    when: Phase
    feature: FeatureKind
    complete: bool
    tiles: tuple[Square, ...]
    pennants: int
    meeples: Mapping[int, int]
    """Meeples on the feature per player index."""
    winners: tuple[int, ...]
    points: int
    """Points for each winner."""
    placement: int | None = None
    """The placement (0-based) whose tile completed the feature, for events during play."""
    segments: tuple[tuple[Square, int], ...] = ()
    """Where the feature lies: ``(square, feature index on that tile)`` for each piece of it."""
    meeple_spots: tuple[tuple[Square, int, int], ...] = ()
    """``(square, feature index, player)`` for each meeple on the feature."""
    cities: tuple[tuple[Square, ...], ...] = ()
    """For farm events: the tiles of each completed city the points are for."""
    city_segments: tuple[tuple[Square, int], ...] = field(default=(), repr=False)

    @property
    def category(self) -> Category:
        return CATEGORY_OF[self.feature]

    def points_for(self, player: int) -> int:
        return self.points if player in self.winners else 0


class WarningCode(StrEnum):
    COMPLETED_WITH_MEEPLES = "completed_with_meeples"
    """On a final board, a completed feature still holds meeples: it should have scored in play."""


@dataclass(frozen=True)
class ScoreWarning:
    code: WarningCode
    feature: FeatureKind
    tiles: tuple[Square, ...]

    @property
    def message(self) -> str:
        first = self.tiles[0] if self.tiles else None
        return (
            f"a completed {self.feature.value} at {first} still holds meeples; "
            "it should have been scored when it was completed, and is scored now as complete"
        )


@dataclass(frozen=True)
class PlayerScore:
    name: str
    total: int
    by_category: Mapping[Category, int]


@dataclass(frozen=True)
class ScoreReport:
    """Every player's total and categories, and the events that account for every point."""

    players: tuple[PlayerScore, ...]
    events: tuple[ScoreEvent, ...]
    warnings: tuple[ScoreWarning, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)


def majority(meeples: Mapping[int, int]) -> tuple[int, ...]:
    """The players with the most meeples (all of them on a tie), in player order."""
    if not meeples:
        return ()
    most = max(meeples.values())
    if most <= 0:
        return ()
    return tuple(sorted(p for p, n in meeples.items() if n == most))


def feature_points(kind: FeatureKind, *, complete: bool, tiles: int, pennants: int, rules: Rules) -> int:
    """What a road, city or cloister is worth (``tiles`` counts a cloister and its neighbours)."""
    if kind is FeatureKind.CITY:
        if complete:
            if tiles == 2 and rules.small_city == 2:
                return 2
            return 2 * (tiles + pennants)
        return tiles + pennants
    return tiles


def build_report(
    names: Iterable[str],
    events: Iterable[ScoreEvent],
    banked: Iterable[int],
    warnings: Iterable[ScoreWarning] = (),
) -> ScoreReport:
    names = list(names)
    events = tuple(events)
    categories = [Counter({c: 0 for c in Category}) for _ in names]
    for player, points in enumerate(banked):
        categories[player][Category.BANKED] += points
    for event in events:
        for player in event.winners:
            categories[player][event.category] += event.points
    players = tuple(
        PlayerScore(name, sum(cats.values()), {c: cats[c] for c in Category})
        for name, cats in zip(names, categories)
    )
    return ScoreReport(players, events, tuple(warnings))
