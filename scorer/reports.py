"""The end-of-game page: breakdown by category, every event explained, other editions compared."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scorer import services
from scorer.board_layer.explain import sentence, title
from scorer.board_layer.languages import localize_digits, sentences
from scorer.board_layer.messages import explain
from scorer.board_layer.numbers import parse_int
from scorer.board_layer.players import looks_of
from scorer.boardpage.captures import tower_story
from scorer.boardpage.city_step import city_story, market_of, quarters_panel
from scorer.boardpage.creature_step import creature_story
from scorer.engine import CarcassonneError, Category, Expansion, FarmerEdition, Game, Phase, Rules


def category_names() -> dict[Category, str]:
    # Evaluated per request so each reader gets their own language.
    return {
        Category.ROAD: _("Roads"),
        Category.CITY: _("Cities"),
        Category.CLOISTER: _("Cloisters"),
        Category.GARDEN: _("Gardens"),
        Category.FARM: _("Farms"),
        Category.GOODS: _("Trade goods"),
        Category.BANKED: _("Points on the track"),
        Category.FAIRY: _("Fairy"),
        Category.RANSOM: _("Ransoms"),
    }


def shown_categories(game: Game) -> list[Category]:
    """The columns a game can score in: its report's (the expansions' own among them), gardens only
    with the Abbot, goods only with Traders & Builders."""
    hidden = set()
    if Expansion.ABBOT not in game.expansions:
        hidden.add(Category.GARDEN)
    if Expansion.TRADERS_BUILDERS not in game.expansions:
        hidden.add(Category.GOODS)
    return [c for c in game.report_columns if c not in hidden]


def phase_names() -> dict[Phase, str]:
    return {
        Phase.PLAY: _("Scored during play"),
        Phase.RECALL: _("Abbot taken back during play"),
        Phase.END: _("Unfinished at the end"),
        Phase.FARMS: _("Farms"),
        Phase.GOODS: _("Trade goods at the end"),
        Phase.RANSOM: _("Ransom paid during play"),
        Phase.FAIRY: _("The fairy's point at the start of a turn"),
    }


def edition_label(rules: Rules) -> str:
    farmers = {
        FarmerEdition.THIRD: _("farmers: 3rd edition"),
        FarmerEdition.SECOND: _("farmers: 2nd edition"),
        FarmerEdition.FIRST: _("farmers: 1st edition"),
    }[rules.farmers]
    city = _("small city 4") if rules.small_city == 4 else _("small city 2")
    return _(", ").join([city, farmers])


def player_rows(report, looks, columns: list[Category]) -> list[dict]:
    categories = category_names()
    return [
        {
            "index": i,
            "name": p.name,
            "color": looks[i].color,
            "mark": localize_digits(looks[i].mark),
            "categories": [(categories[c], p.by_category[c]) for c in columns],
            "total": p.total,
        }
        for i, p in enumerate(report.players)
    ]


def event_rows(report, looks, rules: Rules, selected: int | None) -> list[dict]:
    names = [look.name for look in looks]
    phases = phase_names()
    return [
        {
            "index": i,
            "phase": phases[event.when],
            "title": title(event),
            "sentence": sentence(event, names, rules),
            "points": event.points,
            "winners": [(names[w], looks[w].color, localize_digits(looks[w].mark)) for w in event.winners],
            "placement": event.placement + 1 if event.placement is not None else None,
            "selected": i == selected,
        }
        for i, event in enumerate(report.events)
    ]


def comparison_rows(loaded: services.Loaded, report) -> list[dict]:
    """The same board's totals under every combination of the rule options; a game those rules
    would not have allowed (a ransom paid with points that a small city scored under these rules
    but not under the others) says why instead."""
    current = loaded.game.rules
    rows = []
    for small_city in (4, 2):
        for farmers in (FarmerEdition.THIRD, FarmerEdition.SECOND, FarmerEdition.FIRST):
            rules = Rules(small_city=small_city, farmers=farmers)
            totals, problem = report.totals, ""
            if rules != current:
                try:
                    totals = services.load_game(loaded.saved, loaded.moves, rules=rules).report().totals
                except CarcassonneError as error:
                    totals, problem = [], explain(error)
            rows.append(
                {
                    "label": edition_label(rules),
                    "totals": totals,
                    "current": rules == current,
                    "problem": problem,
                }
            )
    return rows


def farm_rows(game, looks) -> list[dict]:
    names = [look.name for look in looks]
    return [
        {
            "number": i + 1,
            "owners": [(names[w], looks[w].color, localize_digits(looks[w].mark)) for w in farm.winners],
            "farmers": _(", ").join(
                _("{player} {count}").format(player=names[p], count=localize_digits(n))
                for p, n in farm.meeples.items()
            ),
            "cities": len(farm.cities),
        }
        for i, farm in enumerate(game.farms())
    ]


def board_description(tile_count: int, ranking: list[dict]) -> str:
    """The board picture's alternative text: how big the board is and who leads (ties named)."""
    tiles = ngettext("The whole board: {n} tile.", "The whole board: {n} tiles.", tile_count).format(
        n=localize_digits(tile_count)
    )
    best = ranking[0]["total"] if ranking else 0
    if best == 0:
        return sentences(tiles, _("Nobody has scored yet."))
    leaders = [p["name"] for p in ranking if p["total"] == best]
    points = localize_digits(best)
    if len(leaders) == 1:
        lead = _("{player} leads with {points} points.").format(player=leaders[0], points=points)
    else:
        lead = _("{players} and {last} share the lead with {points} points.").format(
            players=pgettext("list separator", ", ").join(leaders[:-1]), last=leaders[-1], points=points
        )
    return sentences(tiles, lead)


def score_page(loaded: services.Loaded, params) -> dict:
    game = loaded.game
    report = game.report()
    looks = looks_of(game.players)
    columns = shown_categories(game)
    players = player_rows(report, looks, columns)
    selected = parse_int(params.get("event"), 0, len(report.events) - 1)
    events = event_rows(report, looks, game.rules, selected)
    ranking = sorted(players, key=lambda p: -p["total"])
    chosen = report.events[selected] if selected is not None else None
    ransom = chosen.placement if chosen is not None and chosen.when is Phase.RANSOM else None
    tower = tower_story(game, looks, ransom)
    if tower is not None:
        tower.shown = chosen is None or ransom is not None
    return {
        "game": game,
        "report": report,
        "creatures": creature_story(game, looks),
        "city": city_story(game, looks),
        "quarters": quarters_panel(game, looks),
        "market": market_of(game, looks),
        "digest": loaded.digest,
        "farms": farm_rows(game, looks),
        "players": players,
        "ranking": ranking,
        "board_description": board_description(len(game.board), ranking),
        "category_headers": [category_names()[c] for c in columns],
        "events": events,
        "selected": events[selected] if selected is not None else None,
        "selected_index": selected,
        "view": "fields" if params.get("view") == "fields" else "events",
        "comparison": comparison_rows(loaded, report),
        "edition": edition_label(game.rules),
        "warnings": report.warnings,
        "tower": tower,
    }
