"""The score report and its JSON form: every point is accounted for by an event."""

from __future__ import annotations

import json

import pytest

from scorer.engine import Category, Rules, report_to_dict, score_board

from .boards import CITY_AND_ROAD_TOGETHER, MERGED_CITIES
from .conftest import RULE_OPTIONS, game_of, random_full_game
from .test_farms import THREE_FARMERS
from .test_notation import BASE

CATEGORIES = {"road", "city", "cloister", "farm", "banked"}
EVENT_KEYS = {"when", "placement", "feature", "complete", "tiles", "pennants", "meeples", "winners", "points"}
KIND_TO_CATEGORY = {"road": "road", "city": "city", "cloister": "cloister", "field": "farm"}


def check_shape(data: dict, names: list[str]) -> None:
    assert set(data) == {"players", "events", "warnings"}
    assert [p["name"] for p in data["players"]] == names
    for p in data["players"]:
        assert set(p) == {"name", "total", "by_category"}
        assert set(p["by_category"]) == CATEGORIES
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in p["by_category"].values())
        assert p["total"] == sum(p["by_category"].values())
    for e in data["events"]:
        assert EVENT_KEYS <= set(e)
        assert e["when"] in ("play", "end", "farms")
        assert e["feature"] in KIND_TO_CATEGORY
        assert (e["placement"] is not None) == (e["when"] == "play")
        assert isinstance(e["complete"], bool)
        assert all(isinstance(t, list) and len(t) == 2 for t in e["tiles"])
        assert all(isinstance(k, str) and int(k) < len(names) for k in e["meeples"])
        assert all(0 <= w < len(names) for w in e["winners"])
        assert isinstance(e["points"], int) and e["points"] >= 0
        if e["when"] == "farms":
            assert isinstance(e["cities"], list)
            assert e["complete"] is False
        else:
            assert e["pennants"] >= 0
    for w in data["warnings"]:
        assert set(w) >= {"code", "feature", "tiles", "message"}
    json.dumps(data)  # JSON-ready


def check_accounting(data: dict) -> None:
    """Every total is banked + the events that player won, category by category."""
    sums = [dict.fromkeys(CATEGORIES, 0) for _ in data["players"]]
    for i, p in enumerate(data["players"]):
        sums[i]["banked"] = p["by_category"]["banked"]
    for e in data["events"]:
        winners = e["winners"]
        # the winners are the players with the most meeples on the feature (for farms in the 2nd
        # edition a majority player may be left out of an event that pays only cities new to others)
        counts = {int(k): v for k, v in e["meeples"].items()}
        assert counts, "an event with no meeples pays nobody"
        top = max(counts.values())
        majority = sorted(p for p, n in counts.items() if n == top)
        if e["when"] == "farms":
            assert winners and set(winners) <= set(majority)
        else:
            assert sorted(winners) == majority
        for w in winners:
            sums[w][KIND_TO_CATEGORY[e["feature"]]] += e["points"]
    for i, p in enumerate(data["players"]):
        assert p["by_category"] == sums[i]
        assert p["total"] == sum(sums[i].values())


def test_documented_example_report():
    data = report_to_dict(score_board(BASE))
    check_shape(data, ["Mina", "Wei"])
    check_accounting(data)
    (play,) = [e for e in data["events"] if e["when"] == "play"]
    assert play == {
        "when": "play", "placement": 1, "feature": "city", "complete": True,
        "tiles": [[0, -1], [0, 0]], "pennants": 0, "meeples": {"1": 1}, "winners": [1], "points": 4,
    }  # fmt: skip
    assert data["players"][1]["by_category"] == {"road": 0, "city": 4, "cloister": 0, "farm": 0, "banked": 0}


def test_farm_events_list_their_cities():
    data = report_to_dict(game_of(*THREE_FARMERS, players=3).report())
    farms = [e for e in data["events"] if e["when"] == "farms"]
    assert len(farms) == 3
    paid = [e for e in farms if e["points"]]
    assert all(sorted(map(tuple, e["cities"][0])) == [(0, -1), (0, 0)] for e in paid)
    check_accounting(data)


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: game_of(*CITY_AND_ROAD_TOGETHER, "U@2,0/0:0W"), id="play-and-end"),
        pytest.param(lambda: game_of(*MERGED_CITIES, mode="final", banked=[5, 50]), id="final-banked"),
        pytest.param(lambda: game_of(*THREE_FARMERS, players=3, farmers="1st"), id="farms-1st"),
    ],
)
def test_hand_boards_account_for_every_point(game):
    game = game()
    data = report_to_dict(game.report())
    check_shape(data, list(game.players))
    check_accounting(data)
    assert tuple(p["total"] for p in data["players"]) == game.projected_scores()


@pytest.mark.parametrize("rules", RULE_OPTIONS, ids=lambda r: f"{r.small_city}-{r.farmers.value}")
@pytest.mark.parametrize("seed", range(3))
def test_random_games_account_for_every_point(seed, rules: Rules):
    game = random_full_game(seed, 2 + seed, river=bool(seed % 2), rules=rules, meeple_chance=0.8)
    report = game.report()
    data = report_to_dict(report)
    check_shape(data, list(game.players))
    check_accounting(data)
    # the play events in the report are the game's, in order, and add up to the score track
    play = [e for e in report.events if e.when.value == "play"]
    assert play == game.events
    track = [0] * len(game.players)
    for e in play:
        for w in e.winners:
            track[w] += e.points
    assert track == game.scores
    for p in report.players:
        assert p.by_category[Category.BANKED] == 0
