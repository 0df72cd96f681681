"""Score events in words: "5 tiles × 2 + 1 pennant × 2 = 12; Wei has 2 knights, Mina 1"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import figure_name, good_name
from scorer.engine import FarmerEdition, FeatureKind, FigureKind, Rules, ScoreEvent
from scorer.engine.scoring import (
    CATHEDRAL_POINTS,
    FARM_POINTS_PER_CITY,
    INN_POINTS_PER_TILE,
    PIG_BONUS,
    Phase,
)
from scorer.engine.tilesets.count import CITY_SQUARES


def role_count(kind: FeatureKind, count: int, *, abbots: bool = False) -> str:
    n = d(count)
    if abbots or kind is FeatureKind.GARDEN:
        return ngettext("{n} abbot", "{n} abbots", count).format(n=n)
    if kind is FeatureKind.ROAD:
        return ngettext("{n} thief", "{n} thieves", count).format(n=n)
    if kind is FeatureKind.CITY:
        return ngettext("{n} knight", "{n} knights", count).format(n=n)
    if kind is FeatureKind.CLOISTER:
        return ngettext("{n} monk", "{n} monks", count).format(n=n)
    return ngettext("{n} farmer", "{n} farmers", count).format(n=n)


def tiles_text(count: int) -> str:
    return ngettext("{n} tile", "{n} tiles", count).format(n=d(count))


def _road(event: ScoreEvent) -> str:
    tiles, points = len(event.tiles), event.points
    if event.inn:
        if not event.complete:
            return _("an unfinished road with an inn scores {points}").format(points=d(points))
        return _("road of {tiles} with an inn × {each} = {points}").format(
            tiles=tiles_text(tiles), each=d(INN_POINTS_PER_TILE), points=d(points)
        )
    return _("{tiles} × 1 = {points}").format(tiles=tiles_text(tiles), points=d(points))


def _city(event: ScoreEvent, rules: Rules) -> str:
    tiles, pennants, points = len(event.tiles), event.pennants, event.points
    if event.cathedral and not event.complete:
        return _("an unfinished city with a cathedral scores {points}").format(points=d(points))
    if event.complete and tiles == 2 and rules.small_city == 2 and not event.cathedral:
        return _("a two-tile city under the old rule = {points}").format(points=d(points))
    each = CATHEDRAL_POINTS if event.cathedral else (2 if event.complete else 1)
    text = _("{tiles} × {each}").format(tiles=tiles_text(tiles), each=d(each))
    if pennants:
        text += " + " + _("{pennants} × {each}").format(
            pennants=ngettext("{n} pennant", "{n} pennants", pennants).format(n=d(pennants)), each=d(each)
        )
    text = f"{text} = {d(points)}"
    if event.cathedral:
        text += " " + _("(with a cathedral)")
    return text


def _enclosure(event: ScoreEvent) -> str:
    neighbours = ngettext("{n} neighbour", "{n} neighbours", len(event.tiles) - 1).format(
        n=d(len(event.tiles) - 1)
    )
    if event.feature is FeatureKind.GARDEN:
        return _("1 for the garden + {neighbours} = {points}").format(
            neighbours=neighbours, points=d(event.points)
        )
    return _("1 for the cloister + {neighbours} = {points}").format(
        neighbours=neighbours, points=d(event.points)
    )


_THE_CITY = set(CITY_SQUARES.values())


def _farm(event: ScoreEvent, rules: Rules) -> str:
    cities = len(event.cities)
    each = FARM_POINTS_PER_CITY[rules.farmers] + (PIG_BONUS if event.pig else 0)
    counted = ngettext("{n} completed city", "{n} completed cities", cities).format(n=d(cities))
    if any(set(tiles) == _THE_CITY for tiles in event.cities):
        counted = _("{cities}, the City of Carcassonne among them").format(cities=counted)
    if event.points == each * cities:
        text = _("{cities} × {each} = {points}").format(cities=counted, each=d(each), points=d(event.points))
    else:  # 2nd edition: the pig stands by only some of the cities paid here
        text = _("{cities} = {points}").format(cities=counted, points=d(event.points))
    if event.pig:
        text += " " + _("(the pig adds {bonus} per city)").format(bonus=d(PIG_BONUS))
    if rules.farmers is FarmerEdition.SECOND:
        text += " " + _("(a city already counted for the same player is not counted again)")
    return text


def arithmetic(event: ScoreEvent, rules: Rules) -> str:
    """How the points of one event add up."""
    if event.when is Phase.RANSOM:
        return _("a ransom of {points}").format(points=d(abs(event.points)))
    if event.fairy:
        return _("the fairy's {points}").format(points=d(event.points))
    if event.feature is None:
        return _("the most {good} = {points}").format(good=good_name(event.good), points=d(event.points))
    if event.feature is FeatureKind.ROAD:
        return _road(event)
    if event.feature is FeatureKind.CITY:
        return _city(event, rules)
    if event.feature.surrounded:
        return _enclosure(event)
    return _farm(event, rules)


def who(event: ScoreEvent, names: list[str]) -> str:
    """Who had figures there (or goods) and who scored."""
    counts = sorted(
        (event.tokens if event.feature is None else event.meeples).items(), key=lambda i: (-i[1], i[0])
    )
    if not counts:
        return ""
    if event.feature is None:
        return _(", ").join(_("{player} {count}").format(player=names[p], count=d(n)) for p, n in counts)
    abbots = bool(event.meeple_spots) and all(s.kind is FigureKind.ABBOT for s in event.meeple_spots)
    parts = [
        _("{player} has {meeples}").format(
            player=names[p], meeples=role_count(event.feature, n, abbots=abbots)
        )
        if i == 0
        # Translators: a further player in a list like "Wei has 2 knights, Mina 1": the name, then the count.
        else _("{player} {count}").format(player=names[p], count=d(n))
        for i, (p, n) in enumerate(counts)
    ]
    text = _(", ").join(parts)
    if any(s.kind is FigureKind.BIG for s in event.meeple_spots):
        text += " " + _("(a big meeple counts as two)")
    return text


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
    if event.when is Phase.RANSOM:
        return _("Ransom received") if event.points > 0 else _("Ransom paid")
    if event.fairy:
        return _("The fairy's point") if event.when is Phase.FAIRY else _("The fairy's bonus")
    if event.feature is None:
        return _("Most {good}").format(good=good_name(event.good))
    if event.feature is FeatureKind.FIELD:
        return _("Field")
    if event.when is Phase.RECALL:
        return _("Abbot taken back")
    if event.when is Phase.PLAY:
        return {
            FeatureKind.ROAD: _("Completed road"),
            FeatureKind.CITY: _("Completed city"),
            FeatureKind.CLOISTER: _("Completed cloister"),
            FeatureKind.GARDEN: _("Completed garden"),
        }[event.feature]
    if event.complete:
        return {
            FeatureKind.ROAD: _("Completed road with meeples still on it"),
            FeatureKind.CITY: _("Completed city with meeples still on it"),
            FeatureKind.CLOISTER: _("Completed cloister with meeples still on it"),
            FeatureKind.GARDEN: _("Completed garden with its abbot still on it"),
        }[event.feature]
    return {
        FeatureKind.ROAD: _("Unfinished road"),
        FeatureKind.CITY: _("Unfinished city"),
        FeatureKind.CLOISTER: _("Unfinished cloister"),
        FeatureKind.GARDEN: _("Unfinished garden"),
    }[event.feature]


def sentence(event: ScoreEvent, names: list[str], rules: Rules) -> str:
    """The whole explanation of one event in one line."""
    if event.when is Phase.RANSOM:
        player, points = names[event.winners[0]], d(abs(event.points))
        if event.points > 0:
            return _("{player} receives {points} for setting a prisoner free").format(
                player=player, points=points
            )
        return _("{player} pays {points} to get a figure back from prison").format(
            player=player, points=points
        )
    if event.fairy:
        player = names[event.winners[0]]
        if event.when is Phase.FAIRY:
            return _("{player} starts the turn with the fairy beside one of their followers: 1 point").format(
                player=player
            )
        return _("The fairy stood beside {player}'s follower on the feature just scored: 3 more").format(
            player=player
        )
    parts = [arithmetic(event, rules)]
    meeples = who(event, names)
    if meeples:
        parts.append(meeples)
    if event.visitors:
        parts.append(_visitors(event, names))
    parts.append(winners_text(event, names))
    return _("; ").join(parts)


def _visitors(event: ScoreEvent, names: list[str]) -> str:
    """Who came out of the City of Carcassonne for this scoring (the Count)."""
    who_came = _(", ").join(
        _("{player}'s {figure}").format(player=names[s.player], figure=figure_name(s.kind))
        for s in event.visitors
    )
    if event.feature is FeatureKind.FIELD:
        return _("from the market: {figures}").format(figures=who_came)
    return _("out of the City: {figures}").format(figures=who_came)
