"""Chinese as the pages render it: sentences the templates put side by side take no space after
「。」「！」「？」「：」, and a label takes a full-width colon (「道路：」), never ": "."""

from __future__ import annotations

import html
import re

import pytest

from scorer import services
from scorer.engine import Placement
from tutorial.examples import EXAMPLES, QUIZZES

from .test_practice_views import url as practice_url
from .test_quiz import HX, wrong
from .test_quiz import url as quiz_url

CHINESE = ("zh-hant", "zh-hans")
GAP_AFTER_STOP = re.compile(r"[。！？：] ")
HALF_WIDTH_COLON = re.compile(r"[\u4e00-\u9fff]: ")


INLINE = re.compile(r"</?(?:strong|em|b|i|span|bdi|abbr|code|kbd)\b[^>]*>")


def runs_of_text(body: str) -> list[str]:
    """The page's text as a reader meets it: one run per block, inline tags dropped."""
    body = re.sub(r"<(script|style)\b.*?</\1>", "\n", body, flags=re.S)
    body = re.sub(r"<[^>]+>", "\n", INLINE.sub("", body))
    return [re.sub(r"[ \t]+", " ", html.unescape(line)).strip() for line in body.split("\n")]


def assert_chinese_spacing(body: str) -> None:
    found = [run for run in runs_of_text(body) if GAP_AFTER_STOP.search(run) or HALF_WIDTH_COLON.search(run)]
    assert not found, found


@pytest.mark.parametrize("lang", CHINESE)
def test_a_quizs_verdicts_join_their_sentences_the_chinese_way(client, lang):
    slug = next(iter(QUIZZES))
    first = client.post(quiz_url(lang, slug), {"answer": wrong(slug)}, **HX).content.decode()
    second = client.post(quiz_url(lang, slug), {"answer": wrong(slug), "tries": "1"}, **HX).content.decode()
    assert "再" in first  # "have another look": the retry verdict
    for body in (first, second):
        assert_chinese_spacing(body)


@pytest.mark.parametrize("lang", CHINESE)
def test_a_practice_boards_feedback_and_score_lines_are_chinese(client, lang):
    # A legal turn that does not solve the board: the "not yet" verdict and what it scored.
    body = client.get(practice_url(lang, "road-close", "at=2,0&lay=1&none=1")).content.decode()
    assert_chinese_spacing(body)
    solved = client.get(practice_url(lang, "cloister-close")).content.decode()
    assert_chinese_spacing(solved)


@pytest.mark.parametrize("lang", CHINESE)
def test_every_examples_score_lines_take_a_full_width_colon(client, lang):
    for slug, example in EXAMPLES.items():
        last = len(example.steps)
        body = client.get(f"/{lang}/learn/examples/{slug}/?step={last}").content.decode()
        assert "<main" in body
        assert_chinese_spacing(body)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", CHINESE)
def test_the_figure_step_on_the_board_page_is_chinese(client, lang):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=services.load(saved.code).digest)
    body = client.get(f"/{lang}/play/{saved.code}/?spots=1").content.decode()
    assert "？" in body  # "Place a figure?" is on the page
    assert_chinese_spacing(body)
