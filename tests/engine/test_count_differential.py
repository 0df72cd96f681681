"""The Count of Carcassonne: the engine against the independent reference (reference.py).

The reference reads the Count from board-format.md ("More expansions") and tiles.md alone: the
City's 12 tiles as the start (the River's spring after them), followers coming out of the City's
quarters onto the roads, cities and cloisters a turn completes (step 6), a follower into a quarter
after a turn that gave points to others and none to the layer (step 7), the Count barring its
quarter, the market's followers onto fields at the end, and the City as one more completed city in
the farms under each edition. Each side makes random legal games (with the other boxes too) and
scores the other's, in replay and as a final board: a game one side thinks legal that the other
refuses, or any point that differs (per player and category, and per placement for the points of
play), fails. Each test counts what its games did, so that it cannot pass on games where no rule of
the box came into play; broken actions must be refused by both, with the same code. The hand boards
of test_count_reference.py are held against the engine too.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorer.engine import CarcassonneError, report_to_dict, score_board, write_board
from scorer.engine.simulate import end_of, final_board_of, random_game

from . import test_count_reference as hand
from .reference import (
    CITY_SQUARES,
    MORE_CATEGORIES,
    QUARTER_FOR,
    RefIllegal,
    final_document,
    random_document,
    replay_document,
    score_document,
)

CO = "count"
COMBINATIONS = [
    (CO,),
    (CO, "river", "abbot"),
    (CO, "inns-cathedrals", "traders-builders"),
    (CO, "princess-dragon", "tower"),
    (CO, "river", "abbot", "inns-cathedrals", "traders-builders", "tower", "princess-dragon"),
]
RULES = [(small_city, farmers) for small_city in (4, 2) for farmers in ("3rd", "2nd", "1st")]
GAMES_PER_COMBINATION = 2
EXTRA_GAMES = 50
EVERY_COUNT_RULE = (
    "quarter",
    "count moves",
    "from the castle",
    "from the blacksmith",
    "from the cathedral",
    "from city onto an empty feature",
    "market",
    "city farm",
)
"""What every test's games must show at least once (the reference's count_log, and "city farm":
a field touching the City won by somebody), and a follower out of the City joining a feature that
held another figure ("joined")."""


def summary(report: dict) -> list[tuple]:
    """Each player's total and points by category."""
    return [(p["total"], {k: p["by_category"].get(k, 0) for k in MORE_CATEGORIES}) for p in report["players"]]


def turn_points(report: dict) -> list[tuple]:
    """Every point scored during play, by placement, player and what it was."""
    out = []
    for e in report["events"]:
        if e["when"] in ("play", "recall", "ransom", "fairy"):
            kind = e["when"] if e["when"] in ("ransom", "fairy") else e["feature"]
            out += [(e["placement"], w, kind, e["points"]) for w in e["winners"]]
    return sorted(out)


def what_happened(document: dict) -> Counter:
    """What the reference saw happen in a replay (followers out of the City, quarters, the
    market), and the farms paying for the City."""
    _, game = replay_document(document)
    seen = Counter(game.count_log)
    seen["joined"] = seen["from city"] - seen["from city onto an empty feature"]
    city = sorted(list(sq) for sq in CITY_SQUARES.values())
    seen["city farm"] = sum(
        e["when"] == "farms" and bool(e["winners"]) and city in [sorted(c) for c in e.get("cities", [])]
        for e in score_document(document)["events"]
    )
    return seen


def written(document: dict) -> Counter:
    """The Count's fields a board file writes."""
    out: Counter = Counter()
    for p in document["placements"]:
        out["from city"] += len(p.get("from_city", []))
        out["quarter"] += "quarter" in p
    out["market"] = len(document.get("market", []))
    return out


def check_categories(report: dict) -> None:
    """A game with the Count reports `fairy` and `ransom` (0 without their boxes) always."""
    for p in report["players"]:
        assert list(p["by_category"]) == list(MORE_CATEGORIES)


def covered(seen: Counter) -> bool:
    return all(seen[k] > 0 for k in EVERY_COUNT_RULE) and seen["joined"] > 0


def rules_of(rng: random.Random) -> dict:
    small_city, farmers = rng.choice(RULES)
    return {"small_city": small_city, "farmers": farmers}


def engine_game(expansions, seed: int):
    rng = random.Random(seed)
    players = 2 + seed % (5 if "inns-cathedrals" in expansions else 4)
    game = random_game(rng, players, expansions=expansions, meeple_chance=0.7)
    end_of(rng, game)
    return game


@pytest.mark.parametrize("expansions", [(CO,), (CO, "river"), (CO, "tower", "abbot")], ids="+".join)
def test_every_report_lists_fairy_and_ransom(expansions):
    """board-format.md: `fairy` and `ransom` are present (0) in every report of a game with the
    Count, in replay and in final mode."""
    game = random_game(random.Random(3), 3, expansions=expansions, meeple_chance=0.7, max_tiles=30)
    check_categories(report_to_dict(game.report()))
    check_categories(report_to_dict(score_board(write_board(final_board_of(game)))))
    check_categories(score_document(write_board(game)))


def engine_games():
    """(expansions, seed): two of each combination, then more of the Count alone until every rule
    has come up."""
    for expansions in COMBINATIONS:
        for seed in range(GAMES_PER_COMBINATION):
            yield expansions, seed
    for seed in range(GAMES_PER_COMBINATION, GAMES_PER_COMBINATION + EXTRA_GAMES):
        yield (CO,), seed


def test_engine_count_games_score_the_same_in_the_reference():
    seen: Counter = Counter()
    for expansions, seed in engine_games():
        if expansions == (CO,) and seed >= GAMES_PER_COMBINATION and covered(seen):
            break
        game = engine_game(expansions, seed)
        document = write_board(game)
        where = (expansions, seed)
        ours = report_to_dict(game.report())
        theirs = score_document(document)
        check_categories(theirs)
        assert summary(theirs) == summary(ours), where
        assert turn_points(theirs) == turn_points(ours), where
        happened = what_happened(document)
        assert written(document) == Counter({k: happened[k] for k in written(document)}), where
        seen += happened
        # The end state as a final board (followers in quarters, the market's farmers and several
        # figures on a tile listed; the points of play banked).
        final = write_board(final_board_of(game))
        from_final = score_document(final)
        assert summary(from_final) == summary(report_to_dict(score_board(final))), where
        assert [p["total"] for p in from_final["players"]] == [p["total"] for p in ours["players"]], where
    assert covered(seen), seen


def test_reference_count_games_score_the_same_in_the_engine():
    seen: Counter = Counter()
    games = [
        (i, expansions, seed)
        for i, expansions in enumerate(COMBINATIONS)
        for seed in range(GAMES_PER_COMBINATION)
    ]
    games += [
        (0, COMBINATIONS[0], seed)
        for seed in range(GAMES_PER_COMBINATION, GAMES_PER_COMBINATION + EXTRA_GAMES)
    ]
    for i, expansions, seed in games:
        if seed >= GAMES_PER_COMBINATION and covered(seen):
            break
        rng = random.Random(100 * i + seed)
        players = 2 + (i + seed) % (5 if "inns-cathedrals" in expansions else 4)
        document = random_document(rng, players, expansions, name_layers=rng.random() < 0.5, **rules_of(rng))
        where = (expansions, seed)
        theirs = score_document(document)
        ours = report_to_dict(score_board(document))
        assert summary(ours) == summary(theirs), where
        assert turn_points(ours) == turn_points(theirs), where
        seen += what_happened(document)
        final = final_document(document, rng)
        assert summary(report_to_dict(score_board(final))) == summary(score_document(final)), where
    assert covered(seen), seen


# -- broken actions ------------------------------------------------------------------------------


def mutations(document: dict):
    """Board files cut short at a Count action made illegal: (what was broken, the refusal code of
    board-format.md, the file)."""
    placements = document["placements"]
    _, game = replay_document(document)
    empty = (max(q["x"] for q in placements) + 2, 0)  # a square no tile lies on

    def cut(i: int, changed: dict, j: int | None = None, before: dict | None = None) -> dict:
        """The file up to placement i, changed; placement j < i replaced by ``before``."""
        head = [before if k == j else q for k, q in enumerate(placements[:i])]
        out = {**document, "placements": [*head, changed]}
        out.pop("market", None)
        return out

    def last_quarter_before(i: int) -> int | None:
        return max((k for k in range(i) if "quarter" in placements[k]), default=None)

    yield "city tiles swapped", "bad_start", cut(1, {**placements[2], "x": placements[1]["x"]})
    yield "a city tile turned", "bad_start", cut(5, {**placements[5], "rotation": 90})
    scored_at = {
        e.placement for e in game.events if e.kind in ("road", "city", "cloister", "garden") and e.points
    }
    quiet_done = False
    for i, p in enumerate(placements):
        entries = p.get("from_city", [])
        if entries:
            far = {**entries[0], "x": empty[0], "y": empty[1]}
            yield (
                "from_city onto an empty square",
                "bad_from_city",
                cut(i, {**p, "from_city": [far, *entries[1:]]}),
            )
            twice = [entries[0], dict(entries[0])]
            yield (
                "from_city twice onto one feature",
                "bad_from_city",
                cut(i, {**p, "from_city": [*twice, *entries[1:]]}),
            )
            # the Count moved, at the last turn that sent a follower into the City, to the
            # quarter this follower comes from
            _, before = replay_document(cut(i, p))
            first = entries[0]
            square = (first["x"], first["y"])
            kind = before.tiles[square][2][before.feature_for(square, first["at"], "meeple")].kind
            j = last_quarter_before(i)
            moved = {**placements[j], "quarter": {**placements[j]["quarter"], "count": QUARTER_FOR[kind]}}
            yield "from_city out of the Count's quarter", "bad_from_city", cut(i, p, j, moved)
        if "quarter" in p:
            abbot = {**p["quarter"], "kind": "abbot"}
            yield "an abbot into a quarter", "bad_quarter", cut(i, {**p, "quarter": abbot})
        if i > game.opening and i not in scored_at and "quarter" not in p and not quiet_done:
            quiet_done = True
            changed = {**p, "quarter": {"to": "castle"}}
            yield "a quarter after a turn that scored nothing", "bad_quarter", cut(i, changed)
    market = document.get("market", [])
    if market:
        held = Counter(f.player for f in game.quarters["market"]) + Counter(m["player"] for m in market)
        nobody = [p for p in range(len(document["players"])) if not held[p]]
        if nobody:
            elsewhere = {**market[0], "player": nobody[0]}
            yield "the market without a follower there", "bad_market", {**document, "market": [elsewhere]}
        j = last_quarter_before(len(placements))
        moved = {**placements[j], "quarter": {**placements[j]["quarter"], "count": "market"}}
        changed = [moved if k == j else q for k, q in enumerate(placements)]
        yield "the market while the Count is there", "bad_market", {**document, "placements": changed}


KINDS = {
    "city tiles swapped",
    "a city tile turned",
    "from_city onto an empty square",
    "from_city twice onto one feature",
    "from_city out of the Count's quarter",
    "an abbot into a quarter",
    "a quarter after a turn that scored nothing",
    "the market without a follower there",
    "the market while the Count is there",
}


@pytest.mark.parametrize("expansions", [COMBINATIONS[0], COMBINATIONS[-1]], ids="+".join)
def test_both_refuse_the_same_broken_count_actions(expansions):
    broken: Counter = Counter()
    for seed in range(30):
        if set(broken) >= KINDS:
            break
        game = engine_game(expansions, seed)
        for what, code, document in mutations(write_board(game)):
            if broken[what] >= 2:
                continue
            broken[what] += 1
            with pytest.raises(RefIllegal) as ref_error:
                score_document(document)
            with pytest.raises(CarcassonneError) as engine_error:
                score_board(document)
            assert ref_error.value.code == code, (what, str(ref_error.value))
            assert engine_error.value.rule.value == code, (what, str(engine_error.value))
    assert set(broken) >= KINDS, broken


# -- the hand-written boards of test_count_reference.py, held against the engine -----------------

OPEN_QUESTIONS: dict[str, str] = {}
"""Hand boards where the engine and the reference read the contract differently, and why (each
xfails strictly: once the engine and the reference agree it must leave this list). Empty: the five
found when the reference was written (two figures on one piece of a feature on a finished board,
a figure on a City tile as it is laid, the codes of a quarter's name and of a City tile off its
square) were the engine's, and are mended."""


def xfail_if_open(items, id_of, prefix: str = ""):
    return [
        pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=OPEN_QUESTIONS[prefix + id_of(c)]))
        if prefix + id_of(c) in OPEN_QUESTIONS
        else c
        for c in items
    ]


@pytest.mark.parametrize("case", hand.CASES, ids=lambda c: c.id)
def test_hand_written_boards_score_the_same_in_the_engine(case):
    document = hand.board(case.placements, case.expansions, case.players, rules=case.rules, **case.top)
    ours = report_to_dict(score_board(document))
    assert [p["total"] for p in ours["players"]] == case.totals
    assert summary(ours) == summary(score_document(document))
    assert turn_points(ours) == turn_points(score_document(document))


@pytest.mark.parametrize("case", xfail_if_open(hand.CASES, lambda c: c.id), ids=lambda c: c.id)
def test_hand_written_boards_as_final_boards_in_the_engine(case):
    """The reference's final board of each hand board (the market's farmers listed beside the
    others) scores the same totals in the engine."""
    document = hand.board(case.placements, case.expansions, case.players, rules=case.rules, **case.top)
    final = final_document(document, random.Random(0))
    assert [p["total"] for p in report_to_dict(score_board(final))["players"]] == case.totals


@pytest.mark.parametrize("refusal", xfail_if_open(hand.REFUSALS, lambda r: r[0]), ids=lambda r: r[0])
def test_hand_written_refusals_are_the_engines_too(refusal):
    _, expansions, placements, code, top = refusal
    with pytest.raises(CarcassonneError) as caught:
        score_board(hand.board(placements, expansions, **top))
    if code is not None:  # (None: the reference gives that rule no code; any refusal will do)
        assert caught.value.rule.value == code, str(caught.value)


@pytest.mark.parametrize(
    "case", xfail_if_open(hand.FINAL_CASES, lambda c: c[0], "final_"), ids=lambda c: c[0]
)
def test_hand_written_final_boards_score_the_same_in_the_engine(case):
    _, changes, totals = case
    document = hand.final_board(changes)
    ours = report_to_dict(score_board(document))
    assert [p["total"] for p in ours["players"]] == totals
    assert summary(ours) == summary(score_document(document))


@pytest.mark.parametrize(
    "refusal", xfail_if_open(hand.FINAL_REFUSALS, lambda c: c[0], "final_"), ids=lambda c: c[0]
)
def test_hand_written_final_refusals_are_the_engines_too(refusal):
    _, changes, code = refusal
    with pytest.raises(CarcassonneError) as caught:
        score_board(hand.final_board(changes))
    assert caught.value.rule.value == code, str(caught.value)


def test_too_many_followers_counted_with_the_quarters_are_refused_by_both():
    more = [{"player": 1, "quarter": "castle"}] * 6
    document = hand.final_board({"quarters": [*hand.FINAL_BOARD["quarters"], *more]})
    with pytest.raises(RefIllegal):
        score_document(document)
    with pytest.raises(CarcassonneError):
        score_board(document)
    legal = hand.final_board({"quarters": [*hand.FINAL_BOARD["quarters"], *more[:5]]})
    assert summary(report_to_dict(score_board(legal))) == summary(score_document(legal))
