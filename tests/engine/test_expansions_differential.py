"""The engine against the independent reference (reference.py) with every expansion.

Both sides make random legal games by their own reading of the rules, and each scores the other's:
a game one side thinks legal that the other refuses, or any point that differs, fails the test.
The hand-worked boards of ``expansion_cases.py`` are held against the engine too.
"""

from __future__ import annotations

import random

import pytest

from scorer.engine import CarcassonneError, build_game, read_board, report_to_dict, score_board, write_board
from scorer.engine.simulate import final_board_of, random_game

from .expansion_cases import CASE_IDS, CASES
from .reference import final_document, random_document, score_document

COMBINATIONS = [
    ("abbot",),
    ("abbot", "river"),
    ("inns-cathedrals",),
    ("inns-cathedrals", "river"),
    ("inns-cathedrals", "abbot"),
    ("traders-builders",),
    ("traders-builders", "abbot"),
    ("traders-builders", "inns-cathedrals"),
    ("river", "abbot", "inns-cathedrals", "traders-builders"),
]
RULES = [(small_city, farmers) for small_city in (4, 2) for farmers in ("3rd", "2nd", "1st")]


def summary(report: dict) -> list[tuple]:
    return [(p["total"], p["by_category"]) for p in report["players"]]


def play_points(report: dict) -> list[tuple]:
    """Every point scored during play, by placement, player and category."""
    out = []
    for e in report["events"]:
        if e["when"] in ("play", "recall"):
            out += [(e["placement"], w, e["feature"], e["points"]) for w in e["winners"]]
    return sorted(out)


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@pytest.mark.parametrize(("small_city", "farmers"), RULES)
def test_reference_games_score_the_same_in_the_engine(expansions, small_city, farmers):
    for i in range(4):
        seed = 1000 * COMBINATIONS.index(expansions) + 10 * RULES.index((small_city, farmers)) + i
        rng = random.Random(seed)
        players = rng.randint(2, 6 if "inns-cathedrals" in expansions else 5)
        document = random_document(
            rng, players, expansions, small_city=small_city, farmers=farmers, name_layers=rng.random() < 0.5
        )
        theirs = score_document(document)
        ours = report_to_dict(score_board(document))
        assert summary(ours) == summary(theirs), seed
        assert play_points(ours) == play_points(theirs), seed
        final = final_document(document, rng)
        assert summary(report_to_dict(score_board(final))) == summary(score_document(final)), seed


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@pytest.mark.parametrize("meeple_chance", [0.5, 0.95])
def test_engine_games_score_the_same_in_the_reference(expansions, meeple_chance):
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % (5 if "inns-cathedrals" in expansions else 4)
        game = random_game(rng, players, expansions=expansions, meeple_chance=meeple_chance)
        document = write_board(game)
        ours = report_to_dict(game.report())
        assert summary(score_document(document)) == summary(ours), seed
        assert play_points(score_document(document)) == play_points(ours), seed
        final = write_board(final_board_of(game))
        assert summary(score_document(final)) == summary(report_to_dict(score_board(final))), seed
        # Points scored in play are banked on the final board: the totals agree, not the columns.
        assert [t for t, _ in summary(report_to_dict(score_board(final)))] == [t for t, _ in summary(ours)]


def test_random_games_use_every_figure_and_the_builders_extra_tile():
    # The generators must exercise what they claim to: otherwise the comparisons above prove little.
    kinds, extra, recalls = set(), 0, 0
    for seed in range(12):
        game = random_game(random.Random(seed), 4, expansions=COMBINATIONS[-1], meeple_chance=0.9)
        kinds |= {t.placement.meeple.kind for t in game.turns if t.placement.meeple}
        extra += sum(t.extra_tile for t in game.turns)
        recalls += sum(t.placement.recall is not None for t in game.turns)
    assert {k.value for k in kinds} == {"meeple", "big", "abbot", "builder", "pig"}
    assert extra > 0 and recalls > 0


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_hand_worked_boards(case):
    if case.totals is None:
        with pytest.raises(CarcassonneError):
            build_game(read_board(case.document))
        return
    report = report_to_dict(score_board(case.document))
    assert tuple(p["total"] for p in report["players"]) == case.totals, case.why
    if case.by_category is not None:
        assert tuple(p["by_category"] for p in report["players"]) == case.by_category, case.why
