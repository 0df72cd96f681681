"""Quizzes as a reader meets them: a wrong answer earns the hint and another try, and the answer
only comes with a right answer, a second wrong one or when asked for; with htmx and without."""

import re

import pytest

from tutorial import content
from tutorial.examples import QUIZZES
from tutorial.presenters import answer_label
from tutorial.scripts import Ask, solve

HX = {"HTTP_HX_REQUEST": "true"}
LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
PERSIAN = re.compile(r"[\u0600-\u06FF]")


def url(lang: str, slug: str) -> str:
    return f"/{lang}/learn/quizzes/{slug}/"


def message(html: str) -> str:
    """The verdict under the form."""
    match = re.search(r'<div id="quiz-[a-z0-9-]+-result" class="message[^"]*"[^>]*>(.*?)</div>', html, re.S)
    assert match, "no verdict"
    return match[1]


def wrong(slug: str) -> str:
    quiz, solution = QUIZZES[slug], solve(QUIZZES[slug])
    if quiz.ask is Ask.POINTS:
        return str(solution.answer + 1)
    return next(c for c in quiz.choices if c != solution.key)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", sorted(QUIZZES))
def test_a_first_wrong_answer_gives_the_hint_and_keeps_the_answer(client, lang, slug):
    html = client.post(url(lang, slug), {"answer": wrong(slug)}, **HX).content.decode()
    verdict = message(html)
    hint = content.quiz_text(lang, slug)["hint"]
    assert hint in verdict
    with_answer = client.post(url(lang, slug), {"answer": wrong(slug), "tries": "1"}, **HX).content.decode()
    answer = answer_label(QUIZZES[slug], solve(QUIZZES[slug]))
    assert answer in message(with_answer)
    if QUIZZES[slug].ask is Ask.POINTS:
        # the number itself is nowhere in the first verdict, in the reader's digits
        assert answer not in re.sub(r"<[^>]+>", "", verdict).replace(hint, "")
    else:
        # no explanation yet: a turn quiz says why the chosen turn fails, and nothing more
        assert 'data-state="retry"' in html
        assert verdict.count("<li>") == (1 if QUIZZES[slug].ask is Ask.TURN else 0)


def test_the_persian_page_keeps_the_answer_back_too(client):
    """The Persian pages gave the answer away at the first wrong try."""
    slug = "city-points"
    html = client.post(url("fa", slug), {"answer": "۳"}, **HX).content.decode()
    verdict = message(html)
    assert "۱۴" not in verdict and "14" not in verdict
    assert PERSIAN.search(verdict)
    again = client.post(url("fa", slug), {"answer": "۳", "tries": "1"}, **HX).content.decode()
    assert "۱۴" in message(again) and not re.search(r"[0-9]", message(again))


def test_show_the_answer_after_a_wrong_try(client):
    slug = "tile-turn"
    first = client.post(url("en", slug), {"answer": "0"}, **HX).content.decode()
    assert 'name="reveal"' in first
    shown = client.post(url("en", slug), {"tries": "1", "reveal": "1"}, **HX).content.decode()
    verdict = message(shown)
    assert "The answer is 270°." in verdict and "Not quite." not in verdict
    # why each of the other turns does not fit, from the engine's rule
    assert verdict.count("<li>") == 3 and "does not match" in verdict
    assert 'name="reveal"' not in shown and "Try this quiz again" in shown


def test_a_turn_quiz_says_why_the_chosen_turn_fails_without_naming_the_right_one(client):
    html = client.post(url("en", "river-turn"), {"answer": "0"}, **HX).content.decode()
    verdict = message(html)
    assert "Turned 0°:" in verdict and "twice in a row" in verdict
    assert "270" not in verdict


def test_answers_that_are_no_answer_cost_no_try(client):
    for slug, given in (
        ("tile-fits", "maybe"),
        ("tile-fits", ""),
        ("road-points", "²"),
        ("road-points", "lots"),
    ):
        response = client.post(url("en", slug), {"answer": given, "tries": "1"}, **HX)
        assert response.status_code == 200
        html = response.content.decode()
        assert "message error" in html and 'name="tries" value="1"' in html
        assert "The answer is" not in html


def test_a_tampered_try_count_starts_again(client):
    html = client.post(url("en", "road-points"), {"answer": "99", "tries": "7"}, **HX).content.decode()
    assert "The answer is" not in html and 'name="tries" value="1"' in html


@pytest.mark.parametrize("lang", ["fa", "zh-hant"])
def test_without_htmx_each_answer_is_a_whole_page(client, lang):
    slug = "majority-who"
    first = client.post(url(lang, slug), {"answer": "blue"})
    assert first.status_code == 200
    page = first.content.decode()
    assert "<html" in page and 'name="tries" value="1"' in page
    assert f'action="{url(lang, slug)}"' in page
    second = client.post(url(lang, slug), {"answer": "blue", "tries": "1"}).content.decode()
    assert 'data-state="wrong"' in second
    again = re.search(r'<a href="([^"]+)" hx-get="[^"]+"[^>]*>[^<]+</a></p>\s*</section>', second)
    assert again and again[1] == url(lang, slug)
    fresh = client.get(again[1]).content.decode()
    assert "data-state" not in fresh and 'name="tries" value="0"' in fresh


def test_a_finished_quiz_locks_its_answers(client):
    html = client.post(url("en", "meeple-own"), {"answer": "no"}, **HX).content.decode()
    assert 'data-state="right"' in html
    assert html.count(" disabled") == 2 and '<button type="submit"' not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_choices_are_in_the_readers_words(client, lang):
    turn = client.get(url(lang, "tile-turn"), **HX).content.decode()
    labels = re.findall(r"<span>([^<]+)</span>\s*</label>", turn)
    if lang == "fa":
        assert labels == ["۰°", "۹۰°", "۱۸۰°", "۲۷۰°"]
    else:
        assert labels == ["0°", "90°", "180°", "270°"]
    assert turn.count('class="r') >= 4 and 'src="/tiles/V.webp" class="r270"' in turn
    who = client.get(url(lang, "big-meeple-who"), **HX).content.decode()
    names = re.findall(r"<span>([^<]+)</span>\s*</label>", who)
    assert len(names) == 4 and len(set(names)) == 4
    if lang != "en":  # the players by their colours in the reader's words
        assert not {"Blue", "Red"} & set(names[:2])
    yes_no = re.findall(
        r"<span>([^<]+)</span>\s*</label>", client.get(url(lang, "tile-fits"), **HX).content.decode()
    )
    assert len(yes_no) == 2 and len(set(yes_no)) == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_quiz_has_its_question_on_its_chapter_page(client, lang):
    for slug, quiz in QUIZZES.items():
        html = client.get(f"/{lang}/learn/{quiz.chapter}/").content.decode()
        question = content.quiz_text(lang, slug)["question"]
        assert f'id="quiz-{slug}"' in html and question in html.replace("&#x27;", "'"), (lang, slug)


def test_a_refused_example_step_speaks_the_readers_language(client):
    for lang in ("fa", "zh-hant", "zh-hans"):
        html = client.get(f"/{lang}/learn/examples/river-field/?step=1", **HX).content.decode()
        refusal = re.search(r'class="message error example-refusal"[^>]*>.*?</strong>(.*?)</p>', html, re.S)[
            1
        ]
        assert refusal.strip() and not re.search(r"[A-Za-z]{3,}", refusal), (lang, refusal)
