"""Score events in words: "5 tiles × 2 + 1 pennant × 2 = 12; Wei has 2 knights, Mina 1"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from carcassonne_site.languages import localize_digits as d
from scorer.engine import FarmerEdition, Rules, ScoreEvent
from scorer.engine.scoring import FARM_POINTS_PER_CITY, Phase
from scorer.engine.tiles import FeatureKind


def role_count(kind: FeatureKind, count: int) -> str:
    n = d(count)
    if kind is FeatureKind.ROAD:
        return ngettext("{n} thief", "{n} thieves", count).format(n=n)
    if kind is FeatureKind.CITY:
        return ngettext("{n} knight", "{n} knights", count).format(n=n)
    if kind is FeatureKind.CLOISTER:
        return ngettext("{n} monk", "{n} monks", count).format(n=n)
    return ngettext("{n} farmer", "{n} farmers", count).format(n=n)


def arithmetic(event: ScoreEvent, rules: Rules) -> str:
    """How the points of one event add up."""
    tiles, pennants, points = len(event.tiles), event.pennants, event.points
    if event.feature is FeatureKind.ROAD:
        return _("{tiles} × 1 = {points}").format(
            tiles=ngettext("{n} tile", "{n} tiles", tiles).format(n=d(tiles)), points=d(points)
        )
    if event.feature is FeatureKind.CITY:
        if event.complete and tiles == 2 and rules.small_city == 2:
            return _("a two-tile city under the old rule = {points}").format(points=d(points))
        each = 2 if event.complete else 1
        text = _("{tiles} × {each}").format(
            tiles=ngettext("{n} tile", "{n} tiles", tiles).format(n=d(tiles)), each=d(each)
        )
        if pennants:
            text += " + " + _("{pennants} × {each}").format(
                pennants=ngettext("{n} pennant", "{n} pennants", pennants).format(n=d(pennants)), each=d(each)
            )
        return f"{text} = {d(points)}"
    if event.feature is FeatureKind.CLOISTER:
        neighbours = tiles - 1
        return _("1 for the cloister + {neighbours} = {points}").format(
            neighbours=ngettext("{n} neighbour", "{n} neighbours", neighbours).format(n=d(neighbours)),
            points=d(points),
        )
    per_city = FARM_POINTS_PER_CITY[rules.farmers]
    cities = len(event.cities)
    text = _("{cities} × {each} = {points}").format(
        cities=ngettext("{n} completed city", "{n} completed cities", cities).format(n=d(cities)),
        each=d(per_city),
        points=d(points),
    )
    if rules.farmers is FarmerEdition.SECOND:
        text += " " + _("(a city already counted for the same player is not counted again)")
    return text


def who(event: ScoreEvent, names: list[str]) -> str:
    """Who had meeples there and who scored."""
    counts = sorted(event.meeples.items(), key=lambda item: (-item[1], item[0]))
    if not counts:
        return ""
    parts = [
        _("{player} has {meeples}").format(player=names[p], meeples=role_count(event.feature, n))
        if i == 0
        # Translators: a further player in a list like "Wei has 2 knights, Mina 1": the name, then the count.
        else _("{player} {count}").format(player=names[p], count=d(n))
        for i, (p, n) in enumerate(counts)
    ]
    return _(", ").join(parts)


def winners_text(event: ScoreEvent, names: list[str]) -> str:
    if not event.winners:
        return _("nobody scores")
    points = d(event.points)
    if len(event.winners) == 1:
        return _("{player} scores {points}").format(player=names[event.winners[0]], points=points)
    return _("{players} tie and each score {points}").format(
        players=_(" and ").join(names[w] for w in event.winners), points=points
    )


def title(event: ScoreEvent) -> str:
    if event.feature is FeatureKind.FIELD:
        return _("Field")
    if event.when is Phase.PLAY:
        return {
            FeatureKind.ROAD: _("Completed road"),
            FeatureKind.CITY: _("Completed city"),
            FeatureKind.CLOISTER: _("Completed cloister"),
        }[event.feature]
    if event.complete:
        return {
            FeatureKind.ROAD: _("Completed road with meeples still on it"),
            FeatureKind.CITY: _("Completed city with meeples still on it"),
            FeatureKind.CLOISTER: _("Completed cloister with meeples still on it"),
        }[event.feature]
    return {
        FeatureKind.ROAD: _("Unfinished road"),
        FeatureKind.CITY: _("Unfinished city"),
        FeatureKind.CLOISTER: _("Unfinished cloister"),
    }[event.feature]


def sentence(event: ScoreEvent, names: list[str], rules: Rules) -> str:
    """The whole explanation of one event in one line."""
    parts = [arithmetic(event, rules)]
    meeples = who(event, names)
    if meeples:
        parts.append(meeples)
    parts.append(winners_text(event, names))
    return _("; ").join(parts)
