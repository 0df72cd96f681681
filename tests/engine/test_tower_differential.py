"""The Tower: the engine against the independent reference (reference.py) on random games.

The reference reads the Tower's rules from board-format.md ("More expansions") alone: floors,
captures in a tower's reach, prisoners and their automatic exchange, figures on tower tops, ransoms,
and builders or pigs sent home when their player's last follower beside them is captured. Each side
makes random legal games with the Tower (and the other boxes) and scores the other's: a game one
side thinks legal that the other refuses, or any point that differs (per player and category, and
per placement for the points of play and ransoms), fails. Each test also counts what its games did,
so that it cannot pass on games where no tower rule came into play.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorer.engine import CarcassonneError, report_to_dict, score_board, write_board
from scorer.engine.simulate import final_board_of, random_game

from .reference import (
    TOWER_CATEGORIES,
    RefIllegal,
    final_document,
    random_document,
    replay_document,
    score_document,
)

COMBINATIONS = [
    ("tower",),
    ("tower", "river", "abbot"),
    ("tower", "inns-cathedrals", "traders-builders"),
    ("tower", "river", "abbot", "inns-cathedrals", "traders-builders"),
]
RULES = [(small_city, farmers) for small_city in (4, 2) for farmers in ("3rd", "2nd", "1st")]
GAMES_PER_COMBINATION = 2
EVERY_TOWER_RULE = ("floor", "capture", "own figure home", "prisoner", "exchange", "top", "ransom")


def summary(report: dict) -> list[tuple]:
    return [(p["total"], p["by_category"]) for p in report["players"]]


def turn_points(report: dict) -> list[tuple]:
    """Every point scored during play and every ransom, by placement, player and what it was."""
    out = []
    for e in report["events"]:
        if e["when"] in ("play", "recall", "ransom"):
            kind = "ransom" if e["when"] == "ransom" else e["feature"]
            out += [(e["placement"], w, kind, e["points"]) for w in e["winners"]]
    return sorted(out)


def what_happened(document: dict) -> Counter:
    """What the reference saw happen in a replay (floors, captures, exchanges, ...)."""
    _, game = replay_document(document)
    return Counter(game.tower_log)


def written(document: dict) -> Counter:
    """The tower actions a board file writes."""
    out: Counter = Counter()
    for p in document["placements"]:
        out["floor"] += "tower" in p
        out["capture"] += "capture" in p.get("tower", {})
        out["top"] += p.get("meeple", {}).get("at") == "tower"
        out["ransom"] += "ransom" in p
    return out


def check_categories(report: dict) -> None:
    for p in report["players"]:
        assert list(p["by_category"]) == list(TOWER_CATEGORIES)
        assert p["by_category"]["fairy"] == 0


def rules_of(rng: random.Random) -> dict:
    small_city, farmers = rng.choice(RULES)
    return {"small_city": small_city, "farmers": farmers}


def test_engine_tower_games_score_the_same_in_the_reference():
    seen: Counter = Counter()
    for expansions in COMBINATIONS:
        for seed in range(GAMES_PER_COMBINATION):
            rng = random.Random(seed)
            players = 2 + seed % (5 if "inns-cathedrals" in expansions else 4)
            game = random_game(rng, players, expansions=expansions, meeple_chance=0.7)
            document = write_board(game)
            where = (expansions, seed)
            ours = report_to_dict(game.report())
            theirs = score_document(document)
            check_categories(theirs)
            assert summary(theirs) == summary(ours), where
            assert turn_points(theirs) == turn_points(ours), where
            happened = what_happened(document)
            assert written(document) == Counter(
                {k: happened[k] for k in ("floor", "capture", "top", "ransom")}
            )
            seen += happened
            # The end state as a final board (towers, tops and prisoners listed, ransoms banked).
            final = write_board(final_board_of(game))
            from_final = score_document(final)
            assert summary(from_final) == summary(report_to_dict(score_board(final))), where
            assert all(p["by_category"]["ransom"] == 0 for p in from_final["players"]), where
            assert [p["total"] for p in from_final["players"]] == [p["total"] for p in ours["players"]], where
    assert all(seen[k] > 0 for k in EVERY_TOWER_RULE), seen


def test_reference_tower_games_score_the_same_in_the_engine():
    seen: Counter = Counter()
    for i, expansions in enumerate(COMBINATIONS):
        for seed in range(GAMES_PER_COMBINATION):
            rng = random.Random(100 * i + seed)
            players = 2 + (i + seed) % (5 if "inns-cathedrals" in expansions else 4)
            document = random_document(
                rng, players, expansions, name_layers=rng.random() < 0.5, **rules_of(rng)
            )
            where = (expansions, seed)
            theirs = score_document(document)
            ours = report_to_dict(score_board(document))
            assert summary(ours) == summary(theirs), where
            assert turn_points(ours) == turn_points(theirs), where
            seen += what_happened(document)
            final = final_document(document, rng)
            assert summary(report_to_dict(score_board(final))) == summary(score_document(final)), where
    assert all(seen[k] > 0 for k in EVERY_TOWER_RULE), seen


def mutations(document: dict):
    """Board files cut short at a tower action made illegal, with what was broken."""
    placements = document["placements"]
    players = len(document["players"])
    layers = replay_document(document)[1].layers  # who laid each tile
    plain = next(p for p in placements if not p["tile"].startswith("to-"))  # no foundation there

    def cut(i: int, changed: dict) -> dict:
        return {**document, "placements": [*placements[:i], changed]}

    for i, p in enumerate(placements):
        if "tower" in p:
            elsewhere = {**p["tower"], "x": plain["x"], "y": plain["y"]}
            elsewhere.pop("capture", None)
            elsewhere.pop("exchange", None)
            yield "floor without a foundation", cut(i, {**p, "tower": elsewhere})
        if "capture" in p.get("tower", {}):
            ref = p["tower"]["capture"]
            other = {**ref, "player": (ref["player"] + 1) % players}
            floor = {"x": p["tower"]["x"], "y": p["tower"]["y"], "capture": other}
            yield "capture of a figure not there", cut(i, {**p, "tower": floor})
        if p.get("meeple", {}).get("at") == "tower":
            yield (
                "top without a tower",
                cut(i, {**p, "meeple": {**p["meeple"], "x": plain["x"], "y": plain["y"]}}),
            )
        if "ransom" in p:
            yield "ransom before any capture", cut(1, {**placements[1], "ransom": p["ransom"]})
            layer = layers[i]
            yield "ransom to oneself", cut(i, {**p, "ransom": {**p["ransom"], "jailer": layer}})


@pytest.mark.parametrize("expansions", [COMBINATIONS[0], COMBINATIONS[-1]], ids="+".join)
def test_both_refuse_the_same_broken_tower_actions(expansions):
    broken: Counter = Counter()
    for seed in range(5):
        if len(broken) == 5:
            break
        game = random_game(random.Random(seed), 3, expansions=expansions, meeple_chance=0.7)
        for what, document in mutations(write_board(game)):
            if broken[what] >= 2:
                continue
            broken[what] += 1
            with pytest.raises(RefIllegal):
                score_document(document)
            with pytest.raises(CarcassonneError):
                score_board(document)
    assert set(broken) == {
        "floor without a foundation",
        "capture of a figure not there",
        "top without a tower",
        "ransom before any capture",
        "ransom to oneself",
    }
