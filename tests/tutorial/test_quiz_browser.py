"""Quizzes answered wrong and then right, and the new examples stepped through, in Chromium: Persian
and Traditional Chinese, on a phone and on a desktop. Screenshots go to the test artifacts."""

import pytest
from playwright.sync_api import Page, expect

from scorer.board_layer.languages import localize_digits
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.presenters import results
from tutorial.scripts import solve

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGS = ["fa", "zh-hant"]
WIDTHS = [390, 1280]


def shoot(page: Page, artifacts, name: str, locator=None) -> None:
    """A still picture for a person to look at: with reduced motion, what lights up is shown at
    once instead of fading in after the shot."""
    page.emulate_media(reduced_motion="reduce")
    folder = artifacts / "quizzes"
    folder.mkdir(exist_ok=True)
    # caret="initial": hiding the caret would mean an inline style, which the page's CSP refuses
    (locator or page).screenshot(path=folder / f"{name}.png", caret="initial")


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def check_button(quiz):
    return quiz.locator('button[type="submit"]:not([name])')


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_points_quiz_wrong_then_right(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/cities/")
    quiz = page.locator("#quiz-city-points")
    answer = solve(QUIZZES["city-points"]).answer
    field = quiz.locator('input[name="answer"]')
    field.fill(localize_digits(answer - 3, lang))
    field.press("Enter")
    expect(quiz).to_have_attribute("data-state", "retry")
    expect(quiz.locator(".quiz-hint")).to_be_visible()
    expect(quiz.locator(".message")).not_to_contain_text(localize_digits(answer, lang))
    expect(quiz.locator('input[name="answer"]')).to_be_focused()  # ready for another try
    shoot(page, artifacts, f"quiz-points-retry-{lang}-{width}", quiz)
    quiz.locator('input[name="answer"]').fill(localize_digits(answer, lang))
    check_button(quiz).click()
    expect(quiz).to_have_attribute("data-state", "right")
    expect(quiz.locator(".message")).to_contain_text(localize_digits(answer, lang))
    expect(quiz.locator(".message")).to_be_focused()
    shoot(page, artifacts, f"quiz-points-right-{lang}-{width}", quiz)
    assert page.url.endswith(f"/{lang}/learn/cities/")
    assert no_sideways_scroll(page)
    assert not console_errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_choice_quiz_by_keyboard_wrong_twice_then_the_answer(
    live_server, page: Page, console_errors, artifacts, lang, width
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/sharing/")
    quiz = page.locator("#quiz-majority-who")
    quiz.locator('input[value="blue"]').focus()
    page.keyboard.press("Space")
    expect(quiz.locator('input[value="blue"]')).to_be_checked()
    page.keyboard.press("Tab")
    expect(check_button(quiz)).to_be_focused()
    page.keyboard.press("Enter")
    expect(quiz).to_have_attribute("data-state", "retry")
    expect(quiz.locator('input[value="blue"]')).to_be_focused()
    expect(quiz.locator(".message li")).to_have_count(0)
    shoot(page, artifacts, f"quiz-who-retry-{lang}-{width}", quiz)
    quiz.locator('input[value="nobody"]').check()
    check_button(quiz).click()
    expect(quiz).to_have_attribute("data-state", "wrong")
    expect(quiz.locator(".message li")).to_have_count(1)  # the engine's account of the city
    expect(quiz.locator('input[name="answer"]').first).to_be_disabled()
    shoot(page, artifacts, f"quiz-who-wrong-{lang}-{width}", quiz)
    quiz.locator("a[hx-get]").click()  # try it again from the start
    expect(quiz).not_to_have_attribute("data-state", "wrong")
    expect(quiz.locator('input[name="answer"]').first).to_be_enabled()
    assert no_sideways_scroll(page)
    assert not console_errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_turn_quiz_wrong_then_right(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/placing-tiles/")
    quiz = page.locator("#quiz-tile-turn")
    quiz.locator("label", has=page.locator('input[value="90"]')).click()
    check_button(quiz).click()
    expect(quiz).to_have_attribute("data-state", "retry")
    expect(quiz.locator(".message li")).to_have_count(1)  # why this turn does not fit
    shoot(page, artifacts, f"quiz-turn-retry-{lang}-{width}", quiz)
    quiz.locator("label", has=page.locator('input[value="270"]')).click()
    check_button(quiz).click()
    expect(quiz).to_have_attribute("data-state", "right")
    expect(quiz.locator(".message li")).to_have_count(3)  # and why not the other three
    shoot(page, artifacts, f"quiz-turn-right-{lang}-{width}", quiz)
    assert no_sideways_scroll(page)
    assert not console_errors


def step_to_the_end(page: Page, artifacts, slug: str, name: str) -> None:
    box = page.locator(f"#example-{slug}")
    box.scroll_into_view_if_needed()
    example = EXAMPLES[slug]
    for number, step in enumerate(example.steps, 1):
        box.locator('[data-action="next"]').click()
        expect(box).to_have_attribute("data-step", str(number))
        if step.refused:
            expect(box.locator(".cell.preview")).to_be_visible()
            expect(box.locator(".example-refusal")).to_be_visible()
            shoot(page, artifacts, f"{name}-refused-{number}", box)
        else:
            expect(box.locator(".example-refusal")).to_have_count(0)
    expect(box.locator('[data-action="next"]')).to_have_attribute("aria-disabled", "true")
    shoot(page, artifacts, f"{name}-last", box)


NEW_EXAMPLES = {
    "edge-mismatch": "placing-tiles",
    "road-to-city": "roads",
    "river-field": "river",
    "farm-editions-1st": "editions",
    "whole-game": "farms",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_step_through_the_new_examples(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    for slug, chapter in NEW_EXAMPLES.items():
        page.goto(f"{live_server.url}/{lang}/learn/{chapter}/")
        step_to_the_end(page, artifacts, slug, f"example-{slug}-{lang}-{width}")
        assert no_sideways_scroll(page), slug
    assert not console_errors


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_game_steps_by_arrow_keys_and_ends_with_the_final_score(live_server, page: Page, lang):
    page.goto(f"{live_server.url}/{lang}/learn/farms/")
    box = page.locator("#example-whole-game")
    box.focus()
    forward = "ArrowLeft" if lang == "fa" else "ArrowRight"
    last = len(EXAMPLES["whole-game"].steps)
    for number in range(1, last + 1):
        page.keyboard.press(forward)
        expect(box).to_have_attribute("data-step", str(number))
    for score in results("whole-game")[-1].scores:
        expect(box.locator(".example-caption")).to_contain_text(localize_digits(score, lang))


def test_the_complete_cloister_lights_its_whole_block(live_server, page: Page, artifacts):
    page.goto(f"{live_server.url}/fa/learn/cloisters/")
    box = page.locator("#example-cloister-complete")
    for number in (1, 2):
        box.locator('[data-action="next"]').click()
        expect(box).to_have_attribute("data-step", str(number))
    expect(box.locator(".cell.tile:has(.glow)")).to_have_count(9)
    shoot(page, artifacts, "example-cloister-complete-fa", box)


def test_show_the_answer_after_a_wrong_try(live_server, page: Page, console_errors):
    page.goto(f"{live_server.url}/fa/learn/river/")
    quiz = page.locator("#quiz-river-turn")
    quiz.locator("label", has=page.locator('input[value="0"]')).click()
    check_button(quiz).click()
    expect(quiz).to_have_attribute("data-state", "retry")
    quiz.locator('button[name="reveal"]').click()
    expect(quiz).to_have_attribute("data-state", "shown")
    expect(quiz.locator(".message")).to_contain_text("۲۷۰°")
    expect(quiz.locator(".message li")).to_have_count(3)
    assert page.url.endswith("/fa/learn/river/")
    assert not console_errors
