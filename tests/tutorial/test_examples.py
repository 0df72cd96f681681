"""The tutor's scripted examples and quizzes, held to the engine and to the content files."""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache
from pathlib import Path

import pytest

from scorer.engine import FeatureKind, FigureKind, Placement
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.scripts import COLOURS, caption_values, new_game, quiz_answer, run

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "tutorial-content.md"
CONTENT = ROOT / "tutorial" / "content"

DIGITS = re.compile(r"[0-9۰-۹٠-٩]")
"""ASCII, Persian and Arabic-Indic digits."""
_DIGIT_VALUE = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")

EXTRA_EXAMPLES = {"city-two-old": "cities"}
"""Examples the doc names only in passing ("`city-two` (4 / 2)"): the old-rule twin of city-two."""

MAX_TILES = 12


# -- what the doc asks for ---------------------------------------------------------------------


def _section(text: str, heading: str) -> str:
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _table_rows(section: str) -> list[list[str]]:
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # drop the header


@cache
def doc_chapters() -> dict[str, str]:
    """Every chapter slug, by chapter, with the part of its row that names its examples."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Chapters"))
    return {row[0].strip("`"): row[2] for row in rows}


@cache
def doc_examples() -> dict[str, str]:
    """Example slug -> chapter slug, as the doc's chapter table lists them."""
    examples: dict[str, str] = {}
    for chapter, covers in doc_chapters().items():
        match = re.search(r"\bexamples?\b(.*)$", covers)
        if match:
            for slug in re.findall(r"`([a-z0-9-]+)`", match.group(1)):
                examples[slug] = chapter
    return examples


@cache
def doc_quizzes() -> dict[str, str]:
    """Quiz slug -> chapter slug, from the doc's quiz table."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Quizzes"))
    return {row[0].strip("`"): row[1] for row in rows}


def test_doc_is_parsed():
    assert "road-loop" in doc_examples()
    assert doc_examples()["three-farmers"] == "farms"
    assert doc_quizzes()["farm-points"] == "farms"


def test_every_example_in_the_doc_exists():
    for slug, chapter in doc_examples().items():
        assert slug in EXAMPLES, f"example {slug!r} of chapter {chapter!r} is missing"
        assert EXAMPLES[slug].chapter == chapter, slug
    for slug, chapter in EXTRA_EXAMPLES.items():
        assert EXAMPLES[slug].chapter == chapter


def test_every_quiz_in_the_doc_exists():
    for slug, chapter in doc_quizzes().items():
        assert slug in QUIZZES, f"quiz {slug!r} of chapter {chapter!r} is missing"
        assert QUIZZES[slug].chapter == chapter, slug


def test_no_unknown_slugs_or_chapters():
    assert set(EXAMPLES) == set(doc_examples()) | set(EXTRA_EXAMPLES)
    assert set(QUIZZES) == set(doc_quizzes())
    for item in [*EXAMPLES.values(), *QUIZZES.values()]:
        assert item.chapter in doc_chapters()


def test_slugs_match_keys():
    assert all(slug == example.slug for slug, example in EXAMPLES.items())
    assert all(slug == quiz.slug for slug, quiz in QUIZZES.items())


# -- examples against the engine ---------------------------------------------------------------


@cache
def results(slug: str):
    return run(EXAMPLES[slug])


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_shape(slug):
    example = EXAMPLES[slug]
    assert 2 <= len(example.players) <= 3
    assert len(set(example.players)) == len(example.players)
    assert set(example.players) <= set(COLOURS)
    assert 1 <= len(example.steps) <= 4
    start = Placement.parse(example.setup[0])
    assert (start.tile, start.x, start.y) == (
        ("river-spring", 0, 0) if "river" in example.expansions else ("D", 0, 0)
    )
    moves = [s.move for s in example.steps if s.move is not None]
    assert len(example.setup) + len(moves) <= MAX_TILES
    for i, step in enumerate(example.steps):
        assert (step.move is None) == step.end
        if step.end:
            assert i == len(example.steps) - 1, "the game's end is the last step"
    for expect in example.expect:
        assert 1 <= expect.step <= len(example.steps)
        assert set(expect.winners) <= set(example.players)


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_runs_legally(slug):
    example = EXAMPLES[slug]
    steps = results(slug)  # raises IllegalPlacementError on any illegal placement
    assert len(steps) == len(example.steps) + 1
    # the starting position has scored nothing yet: the first caption starts from zero
    start = new_game(example.players, example.rules, example.expansions, example.setup)
    assert start.events == []
    assert steps[0].scores == (0,) * len(example.players)


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_scores_exactly_what_the_rules_say(slug):
    example = EXAMPLES[slug]
    steps = results(slug)
    for number in range(1, len(example.steps) + 1):
        events = steps[number].events
        expected = [e for e in example.expect if e.step == number]
        got = [(e.subject, e.points, tuple(example.players[w] for w in e.winners)) for e in events]
        want = [(e.feature, e.points, e.winners) for e in expected]
        assert got == want, f"{slug}, step {number}"
        for event, expect in zip(events, expected):
            if expect.complete is not None:
                assert event.complete is expect.complete, f"{slug}, step {number}: {expect}"


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_meeples_come_back_after_scoring(slug):
    """Every meeple on a feature that scores in play is back in supply after the step."""
    example = EXAMPLES[slug]
    steps = results(slug)
    for before, after, step in zip(steps, steps[1:], example.steps):
        if step.end:
            continue
        placed = after.placement.meeple if after.placement else None
        for player in range(len(example.players)):
            returned = sum(
                1
                for e in after.events
                if e.feature is not FeatureKind.FIELD
                for spot in e.meeple_spots
                if spot.player == player and spot.kind is FigureKind.MEEPLE
            )
            spent = (
                1
                if placed is not None and placed.player == player and placed.kind is FigureKind.MEEPLE
                else 0
            )
            assert after.meeples[player] == before.meeples[player] - spent + returned


def test_old_small_city_rule():
    assert EXAMPLES["city-two"].steps == EXAMPLES["city-two-old"].steps
    assert EXAMPLES["city-two"].rules.small_city == 4
    assert EXAMPLES["city-two-old"].rules.small_city == 2


# -- quizzes against the engine ----------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(QUIZZES))
def test_quiz_answer_is_the_engines(slug):
    quiz = QUIZZES[slug]
    assert quiz.player in quiz.players
    assert set(quiz.players) <= set(COLOURS)
    assert len(quiz.setup) + (quiz.move is not None) <= MAX_TILES
    answer, events = quiz_answer(quiz)
    assert events, "the question is about something that scores"
    assert answer == quiz.answer
    if quiz.move is None:
        # "if the game ended now" counts the whole total: the player has scored nothing before it,
        # so the answer is what the end of the game gives them
        player = quiz.players.index(quiz.player)
        game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
        assert not any(player in e.winners for e in game.events)


# -- captions and quiz texts, in every language that has them ---------------------------------


def _language_files(name: str) -> list[Path]:
    return sorted(p for p in CONTENT.glob(f"*/{name}") if p.is_file())


def _load(path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def test_english_content_exists():
    assert (CONTENT / "en" / "examples.toml").is_file()
    assert (CONTENT / "en" / "quizzes.toml").is_file()


@pytest.mark.parametrize("path", _language_files("examples.toml"), ids=lambda p: p.parent.name)
def test_captions(path):
    data = _load(path)
    assert set(data) == set(EXAMPLES), f"{path}: slugs differ from the examples"
    english = _load(CONTENT / "en" / "examples.toml")
    for slug, example in EXAMPLES.items():
        table = data[slug]
        where = f"{path.parent.name}/{slug}"
        assert isinstance(table.get("title"), str) and table["title"].strip(), where
        assert not DIGITS.search(table["title"]), f"{where}: digit in the title"
        captions = table.get("captions")
        assert isinstance(captions, list), where
        assert len(captions) == len(example.steps) + 1, f"{where}: one caption per step and the start"
        assert len(captions) == len(english[slug]["captions"]), where
        for number, (caption, result) in enumerate(zip(captions, results(slug))):
            assert isinstance(caption, str) and caption.strip(), f"{where} caption {number}"
            fields = list(string.Formatter().parse(caption))
            text = "".join(literal for literal, _, _, _ in fields)
            assert not DIGITS.search(text), f"{where} caption {number}: a digit in {caption!r}"
            values = caption_values(example, result)
            names = {name for _, name, _, _ in fields if name is not None}
            unknown = names - set(values)
            assert not unknown, f"{where} caption {number}: unknown placeholders {unknown}"
            caption.format(**values)


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text.translate(_DIGIT_VALUE))}


@pytest.mark.parametrize("path", _language_files("quizzes.toml"), ids=lambda p: p.parent.name)
def test_quiz_texts(path):
    data = _load(path)
    assert set(data) == set(QUIZZES), f"{path}: slugs differ from the quizzes"
    for slug, quiz in QUIZZES.items():
        table = data[slug]
        where = f"{path.parent.name}/{slug}"
        for key in ("question", "hint"):
            assert isinstance(table.get(key), str) and table[key].strip(), f"{where}: {key}"
        assert not DIGITS.search(table["question"]), f"{where}: a digit in the question"
        assert quiz.answer not in _numbers(table["hint"]), f"{where}: the hint gives the answer away"
