"""The independent reference scorer (reference.py) on the hand-worked expansion boards, its tile
tables against the counts of tiles.md, and its own consistency on random games.

Only the reference runs here; the engine's side of the same cases belongs with the engine's tests
(``CASES`` and ``CASE_IDS`` in expansion_cases.py parametrize over any scorer).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

from .expansion_cases import CASE_IDS, CASES
from .reference import (
    ALL_TILES,
    CATEGORIES,
    CATEGORY_OF,
    EXPANSION_TILES,
    GARDEN_TILES,
    REF_TILES,
    RIM,
    SIDE_PLACES,
    RefIllegal,
    final_document,
    random_document,
    score_document,
    tile_counts,
)

EVERYTHING = ("river", "abbot", "inns-cathedrals", "traders-builders")


def check_report(report: dict, players: int) -> None:
    """The report shape of board-format.md, and every point accounted for by an event."""
    assert set(report) == {"players", "events", "warnings"}
    assert len(report["players"]) == players
    sums = [dict.fromkeys(CATEGORIES, 0) for _ in range(players)]
    for e in report["events"]:
        assert {"when", "feature", "complete", "tiles", "winners", "points"} <= set(e)
        assert e["when"] in ("play", "recall", "end", "farms", "goods")
        assert e["points"] >= 0
        for w in e["winners"]:
            sums[w][CATEGORY_OF[e["feature"]]] += e["points"]
    for i, p in enumerate(report["players"]):
        assert list(p["by_category"]) == list(CATEGORIES)
        sums[i]["banked"] = p["by_category"]["banked"]
        assert p["by_category"] == sums[i]
        assert p["total"] == sum(p["by_category"].values())


# -- the hand-worked cases ----------------------------------------------------------------------


def test_there_are_enough_cases_and_their_names_are_unique():
    assert len(CASES) >= 40
    assert len(set(CASE_IDS)) == len(CASE_IDS)
    assert all(case.why for case in CASES)
    assert all((case.totals is None) == (case.refused is not None) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_reference_scores_the_hand_worked_case(case):
    if case.totals is None:
        with pytest.raises(RefIllegal, match=re.escape(case.refused)):
            score_document(case.document)
        return
    report = score_document(case.document)
    check_report(report, len(case.totals))
    assert tuple(p["total"] for p in report["players"]) == case.totals, case.why
    assert tuple(p["by_category"] for p in report["players"]) == case.by_category, case.why


def test_refusals_name_the_placement():
    case = next(c for c in CASES if c.name == "meeple-on-a-garden")
    with pytest.raises(RefIllegal, match=r"^placement 1 \(tile U-garden at \(0, 1\)\): "):
        score_document(case.document)


def test_a_recall_is_an_event_of_its_own():
    case = next(c for c in CASES if c.name == "recall-scores-one-plus-neighbours")
    events = score_document(case.document)["events"]
    recall = [e for e in events if e["when"] == "recall"]
    assert [(e["placement"], e["feature"], e["winners"], e["points"]) for e in recall] == [
        (3, "cloister", [0], 4)
    ]
    assert sorted(recall[0]["tiles"]) == [[-1, 0], [0, 0], [0, 1], [1, 0]]


def test_goods_events_name_the_good():
    case = next(c for c in CASES if c.name == "goods-tie")
    goods = [e for e in score_document(case.document)["events"] if e["when"] == "goods"]
    assert [(e["good"], e["tokens"], e["winners"], e["points"]) for e in goods] == [
        ("wine", {"0": 1, "1": 1}, [0, 1], 10)
    ]


def test_a_big_meeple_weighs_two_in_the_event():
    case = next(c for c in CASES if c.name == "big-ties-two-meeples")
    (road,) = [e for e in score_document(case.document)["events"] if e["feature"] == "road"]
    assert road["meeples"] == {"0": 2, "1": 2}


def test_completed_features_on_a_final_board_are_warned_about():
    # the cloister block of the expansion cases, copied as a final board with the abbot still on it
    case = next(c for c in CASES if c.name == "abbot-on-cloister-completed-by-rival")
    report = score_document({**case.document, "mode": "final"})
    assert [p["total"] for p in report["players"]] == [9, 0]
    assert [(w["code"], w["feature"]) for w in report["warnings"]] == [("completed_with_meeples", "cloister")]


# -- the tile tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expansions", "tiles", "gardens"),
    [
        ((), 72, 0),
        (("abbot",), 72, 8),
        (("river",), 84, 0),
        (("river", "abbot"), 84, 9),
        (("inns-cathedrals",), 90, 0),
        (("inns-cathedrals", "abbot"), 90, 10),
        (("traders-builders",), 96, 0),
        (("traders-builders", "abbot"), 96, 10),
        (EVERYTHING, 126, 13),
    ],
)
def test_tile_counts_per_edition(expansions, tiles, gardens):
    counts = tile_counts(expansions)
    assert sum(counts.values()) == tiles
    assert sum(n for name, n in counts.items() if name.endswith("-garden")) == gardens


def test_every_letter_keeps_its_total_with_the_abbot():
    plain, garden = tile_counts(EVERYTHING[:1] + EVERYTHING[2:]), tile_counts(EVERYTHING)
    for name, tile in GARDEN_TILES.items():
        assert plain[name] == 0
        assert garden[name] == 1
        assert garden[tile.twin] == plain[tile.twin] - 1
    assert garden["E"] == 4 and garden["U"] == 7 and garden["V"] == 8 and garden["river-curve"] == 1
    assert garden["ic-four-cities"] == 0 and garden["ic-straight-inn"] == 0


def test_expansion_tile_tables_as_tiles_md_sums_them():
    ic = [t for t in EXPANSION_TILES.values() if t.expansion == "inns-cathedrals"]
    tb = [t for t in EXPANSION_TILES.values() if t.expansion == "traders-builders"]
    assert (len(ic), sum(t.count for t in ic)) == (17, 18)
    assert (len(tb), sum(t.count for t in tb)) == (24, 24)
    assert len(GARDEN_TILES) == 13
    inns = sum(t.count for t in ic if any(f.inn for f in t.features))
    cathedrals = sum(t.count for t in ic if any(f.cathedral for f in t.features))
    assert (inns, cathedrals) == (6, 2)
    goods = Counter(f.goods for t in tb for f in t.features if f.goods)
    assert goods == {"wine": 9, "wheat": 6, "cloth": 5}
    assert sum(1 for t in tb if any(f.goods for f in t.features)) == 20
    assert not any(f.pennant for t in tb for f in t.features)


@pytest.mark.parametrize("name", sorted(GARDEN_TILES))
def test_a_garden_tile_is_its_twin_plus_a_garden(name):
    tile = GARDEN_TILES[name]
    twin = ALL_TILES[tile.twin]
    assert tile.edges == twin.edges
    assert (tile.river, tile.expansion) == (twin.river, twin.expansion)
    assert tile.features[:-1] == twin.features
    assert tile.features[-1].kind == "garden" and tile.features[-1].places == {"C"}


@pytest.mark.parametrize("name", sorted(set(EXPANSION_TILES) | set(GARDEN_TILES)))
def test_expansion_tile_places_and_edges_agree(name):
    tile = ALL_TILES[name]
    kind_at: dict[str, str] = {}
    for f in tile.features:
        for p in f.places:
            if p == "C" and {kind_at.get("C"), f.kind} == {"field", "garden"}:
                continue  # ic-four-cities-garden: the garden lies in the small middle field
            assert p not in kind_at, (p, f)
            kind_at[p] = f.kind
        for c in f.cities:
            assert f.kind == "field" and tile.features[c].kind == "city"
        assert not f.inn or f.kind == "road"
        assert not (f.cathedral or f.goods) or f.kind == "city"
    assert set(kind_at) >= set(RIM) - {SIDE_PLACES[s][1] for s, e in zip("NESW", tile.edges) if e == "~"}
    for side, edge in zip("NESW", tile.edges):
        a, m, b = SIDE_PLACES[side]
        if edge == "C":
            assert kind_at[a] == kind_at[m] == kind_at[b] == "city"
        else:
            assert kind_at[a] == kind_at[b] == "field"
            assert kind_at.get(m) == {"F": "field", "R": "road", "~": None}[edge]
    # a middle field ({C}) touches no edge, so it is the only thing at C apart from a garden
    assert ("C" in kind_at) == any(
        f.kind in ("cloister", "garden") or f.places == {"C"} for f in tile.features
    )


def test_the_base_table_is_unchanged_for_the_engine_tests():
    assert sum(t.count for t in REF_TILES.values()) == 84
    assert not any(t.twin or t.expansion not in ("base", "river") for t in REF_TILES.values())


# -- random games: the reference against itself ---------------------------------------------------

SETTINGS = [
    (EVERYTHING, "3rd"),
    (EVERYTHING, "2nd"),
    (EVERYTHING, "1st"),
    (("abbot",), "3rd"),
    (("inns-cathedrals",), "3rd"),
    (("traders-builders", "inns-cathedrals"), "2nd"),
    (("traders-builders", "river"), "1st"),
]


@pytest.mark.parametrize(("expansions", "farmers"), SETTINGS)
def test_a_final_board_scores_what_its_replay_scores(expansions, farmers):
    # the board a game ends with, copied in any order with play points banked and goods listed,
    # must total what the game totals
    for seed in range(4):
        rng = random.Random(seed)
        players = 2 + seed % (5 if "inns-cathedrals" in expansions else 4)
        doc = random_document(rng, players, expansions, farmers=farmers, name_layers=bool(seed % 2))
        replay = score_document(doc)
        final = score_document(final_document(doc, rng))
        check_report(replay, players)
        check_report(final, players)
        assert [p["total"] for p in final["players"]] == [p["total"] for p in replay["players"]], seed
        for r, f in zip(replay["players"], final["players"]):
            for category in ("farm", "goods"):
                assert f["by_category"][category] == r["by_category"][category], (seed, category)
        assert final["warnings"] == []


def test_random_games_use_every_figure_and_the_extra_turn():
    kinds: Counter = Counter()
    whens: Counter = Counter()
    for seed in range(10):
        doc = random_document(random.Random(seed), 3, EVERYTHING, figure_chance=0.8)
        for p in doc["placements"]:
            if "meeple" in p:
                kinds[p["meeple"].get("kind", "meeple")] += 1
            kinds["recall"] += "recall" in p
        layers = [p.get("player") for p in doc["placements"][1:]]
        kinds["same layer twice"] += sum(a == b for a, b in itertools.pairwise(layers))
        whens.update(e["when"] for e in score_document(doc)["events"])
    assert (
        min(kinds[k] for k in ("meeple", "big", "abbot", "builder", "pig", "recall", "same layer twice")) > 0
    )
    assert set(whens) == {"play", "recall", "end", "farms", "goods"}


def test_a_126_tile_game_with_every_box_and_six_players_scores():
    """(How fast is the benchmark's business, `make bench`, not a test's.)"""
    doc = random_document(random.Random(7), 6, EVERYTHING, figure_chance=0.9)
    assert len(doc["placements"]) >= 120
    report = score_document(doc)
    assert len(report["players"]) == 6
    assert sum(p["total"] for p in report["players"]) > 0
