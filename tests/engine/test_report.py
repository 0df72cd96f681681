"""The score report and its JSON form: every point is accounted for by an event."""

from __future__ import annotations

import pytest

from scorer.engine import Category, Rules, report_to_dict, score_board

from .boards import CITY_AND_ROAD_TOGETHER, MERGED_CITIES, THREE_FARMERS
from .conftest import EXAMPLE_FILE, RULE_OPTIONS, check_accounting, check_shape, game_of, random_full_game


def test_documented_example_report():
    data = report_to_dict(score_board(EXAMPLE_FILE))
    check_shape(data, ["Mina", "Wei"])
    check_accounting(data)
    (play,) = [e for e in data["events"] if e["when"] == "play"]
    assert play == {
        "when": "play",
        "placement": 1,
        "feature": "city",
        "complete": True,
        "tiles": [[0, -1], [0, 0]],
        "pennants": 0,
        "meeples": {"1": 1},
        "winners": [1],
        "points": 4,
    }
    assert data["players"][1]["by_category"] == {
        "road": 0,
        "city": 4,
        "cloister": 0,
        "garden": 0,
        "farm": 0,
        "goods": 0,
        "banked": 0,
    }


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
    check_shape(data, list(game.names))
    check_accounting(data)
    assert tuple(p["total"] for p in data["players"]) == game.projected_scores()


@pytest.mark.parametrize("rules", RULE_OPTIONS, ids=lambda r: f"{r.small_city}-{r.farmers.value}")
@pytest.mark.parametrize("seed", range(3))
def test_random_games_account_for_every_point(seed, rules: Rules):
    game = random_full_game(seed, 2 + seed, river=bool(seed % 2), rules=rules, meeple_chance=0.8)
    report = game.report()
    data = report_to_dict(report)
    check_shape(data, list(game.names))
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
