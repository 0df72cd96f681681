"""The end-of-game page: breakdown by category, every event explained, other editions compared."""

from __future__ import annotations

from django.utils.translation import gettext as _

from carcassonne_site.languages import localize_digits
from scorer import services
from scorer.engine import FarmerEdition, Rules
from scorer.engine.scoring import Category, Phase
from scorer.explain import sentence, title
from scorer.models import SavedGame
from scorer.presenters import marks_for


def category_names() -> dict[Category, str]:
    # Evaluated per request so each reader gets their own language.
    return {
        Category.ROAD: _("Roads"),
        Category.CITY: _("Cities"),
        Category.CLOISTER: _("Cloisters"),
        Category.FARM: _("Farms"),
        Category.BANKED: _("Points on the track"),
    }


def phase_names() -> dict[Phase, str]:
    return {
        Phase.PLAY: _("Scored during play"),
        Phase.END: _("Unfinished at the end"),
        Phase.FARMS: _("Farms"),
    }


def edition_label(rules: Rules) -> str:
    farmers = {
        FarmerEdition.THIRD: _("farmers: 3rd edition"),
        FarmerEdition.SECOND: _("farmers: 2nd edition"),
        FarmerEdition.FIRST: _("farmers: 1st edition"),
    }[rules.farmers]
    city = _("small city 4") if rules.small_city == 4 else _("small city 2")
    return _(", ").join([city, farmers])


def score_page(saved: SavedGame, params) -> dict:
    moves = list(saved.moves.all())
    game = services.load_game(saved, moves)
    report = game.report()
    names = list(game.players)
    colors = [p["color"] for p in saved.players]
    marks = marks_for(names)
    categories = category_names()

    players = [
        {
            "index": i,
            "name": p.name,
            "color": colors[i],
            "mark": marks[i],
            "categories": [(categories[c], p.by_category[c]) for c in Category],
            "total": p.total,
        }
        for i, p in enumerate(report.players)
    ]
    ranking = sorted(players, key=lambda p: -p["total"])

    selected = params.get("event", "")
    selected = int(selected) if selected.isdigit() and int(selected) < len(report.events) else None
    phases = phase_names()
    events = []
    for i, event in enumerate(report.events):
        events.append(
            {
                "index": i,
                "phase": phases[event.when],
                "title": title(event),
                "sentence": sentence(event, names, game.rules),
                "points": event.points,
                "winners": [(names[w], colors[w], marks[w]) for w in event.winners],
                "placement": event.placement + 1 if event.placement is not None else None,
                "selected": i == selected,
            }
        )

    comparison = []
    current = game.rules
    for small_city in (4, 2):
        for farmers in (FarmerEdition.THIRD, FarmerEdition.SECOND, FarmerEdition.FIRST):
            rules = Rules(small_city=small_city, farmers=farmers)
            totals = (
                report.totals
                if rules == current
                else services.load_game(saved, moves, rules=rules).report().totals
            )
            comparison.append({"label": edition_label(rules), "totals": totals, "current": rules == current})

    farms = [
        {
            "number": i + 1,
            "owners": [(names[w], colors[w], marks[w]) for w in farm.winners],
            "farmers": _(", ").join(
                _("{player} {count}").format(player=names[p], count=localize_digits(n))
                for p, n in farm.meeples.items()
            ),
            "cities": len(farm.cities),
        }
        for i, farm in enumerate(game.farms())
    ]
    return {
        "game": game,
        "report": report,
        "farms": farms,
        "players": players,
        "ranking": ranking,
        "category_headers": [categories[c] for c in Category],
        "events": events,
        "selected": events[selected] if selected is not None else None,
        "selected_index": selected,
        "view": "fields" if params.get("view") == "fields" else "events",
        "comparison": comparison,
        "edition": edition_label(current),
        "warnings": report.warnings,
    }
