"""Stepping through examples in Chromium: buttons, arrow keys (mirrored in Persian), play,
reduced motion, and a quiz answered in place."""

import pytest
from playwright.sync_api import Page, expect

from tutorial.examples import EXAMPLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def example(page: Page, slug: str):
    return page.locator(f"#example-{slug}")


def step_of(page: Page, slug: str) -> int:
    return int(example(page, slug).get_attribute("data-step"))


@pytest.mark.parametrize(
    ("lang", "forward", "back"), [("fa", "ArrowLeft", "ArrowRight"), ("zh-hant", "ArrowRight", "ArrowLeft")]
)
@pytest.mark.parametrize("width", [390, 1280])
def test_step_through_an_example(
    live_server, page: Page, console_errors, artifacts, lang, forward, back, width
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/sharing/")
    slug = "city-merge-shared"
    last = len(EXAMPLES[slug].steps)
    box = example(page, slug)
    box.scroll_into_view_if_needed()

    # The controls read the page's way: in Persian "next" sits to the left of "previous".
    next_x = box.locator('[data-action="next"]').bounding_box()["x"]
    prev_x = box.locator('[data-action="prev"]').bounding_box()["x"]
    assert (next_x < prev_x) == (lang == "fa")

    box.locator('[data-action="next"]').click()
    expect(example(page, slug)).to_have_attribute("data-step", "1")
    for n in range(2, last + 1):
        page.keyboard.press(forward)
        expect(example(page, slug)).to_have_attribute("data-step", str(n))
    # The last step lights the city up and both players' points rise.
    expect(example(page, slug).locator(".glow").first).to_be_visible()
    assert example(page, slug).locator(".points-float").count() == 2
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    example(page, slug).screenshot(path=shots / f"example-stepped-{lang}-{width}.png")
    page.keyboard.press(back)
    expect(example(page, slug)).to_have_attribute("data-step", str(last - 1))
    assert not console_errors


def test_play_runs_to_the_end(live_server, page: Page):
    page.goto(f"{live_server.url}/en/learn/roads/")
    slug = "road-loop"
    example(page, slug).locator('[data-action="play"]').click()
    expect(example(page, slug)).to_have_attribute(
        "data-step", str(len(EXAMPLES[slug].steps)), timeout=len(EXAMPLES[slug].steps) * 4000
    )


def test_reduced_motion_shows_still_steps(live_server, browser):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{live_server.url}/en/learn/examples/road-loop/?step={len(EXAMPLES['road-loop'].steps)}")
    animation = page.locator(".cell.entering").evaluate("e => getComputedStyle(e).animationName")
    assert animation == "none"
    assert page.locator(".points-float").evaluate("e => getComputedStyle(e).opacity") == "1"
    context.close()


def test_a_quiz_is_answered_in_place(live_server, page: Page):
    page.goto(f"{live_server.url}/zh-hans/learn/cities/")
    quiz = page.locator("#quiz-city-points")
    quiz.locator('input[name="answer"]').fill("1")
    quiz.locator('button[type="submit"]').click()
    expect(page.locator("#quiz-city-points .message")).to_be_visible()
    assert page.url.endswith("/zh-hans/learn/cities/")  # no page load


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_dragon_walks_step_by_step_by_keyboard_and_stands_still_for_reduced_motion(
    live_server, browser, console_errors, artifacts, lang
):
    """Princess & Dragon: stepped by keyboard to the dragon tile, each of the dragon's marks shows
    later than the one before, the figures it eats leave as it reaches them, and Play waits for
    the walk; asked for less motion, everything stands in its final place at once."""
    slug = "dragon-eats-knight"
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/princess-dragon/")
    box = example(page, slug)
    box.scroll_into_view_if_needed()
    box.locator('[data-action="next"]').focus()
    page.keyboard.press("Enter")
    expect(example(page, slug)).to_have_attribute("data-step", "1")
    forward = "ArrowLeft" if lang == "fa" else "ArrowRight"
    for n in range(2, len(EXAMPLES[slug].steps) + 1):
        page.keyboard.press(forward)
        expect(example(page, slug)).to_have_attribute("data-step", str(n))
    walked = example(page, slug)
    expect(walked).to_have_attribute("data-walk", "6")
    delays = [
        walked.locator(f".cell.ds-{n} .dragon-trail").evaluate(
            "e => parseFloat(getComputedStyle(e).animationDelay)"
        )
        for n in range(1, 7)
    ]
    assert delays == sorted(delays) and delays[0] < delays[-1]
    eaten = walked.locator(".cell.ds-5 .meeple.going-home")
    assert eaten.evaluate("e => parseFloat(getComputedStyle(e).animationDelay)") == delays[4]
    expect(walked.locator(".cell.ds-end .piece.p-dragon")).to_have_count(1)
    labels = walked.locator(".dragon-trail").evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 7 and all(labels)
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    page.wait_for_timeout(3500)
    walked.screenshot(path=shots / f"dragon-walk-{lang}-390.png")
    assert not console_errors
    page.close()

    still = browser.new_context(reduced_motion="reduce").new_page()
    still.goto(f"{live_server.url}/{lang}/learn/examples/{slug}/?step=3")
    trail = still.locator(".cell.ds-3 .dragon-trail")
    assert trail.evaluate("e => getComputedStyle(e).animationName") == "none"
    assert trail.evaluate("e => getComputedStyle(e).opacity") == "1"
    still.context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_follower_steps_out_of_the_castle_beside_the_board_and_stands_still_for_reduced_motion(
    live_server, browser, console_errors, artifacts, lang
):
    """The Count of Carcassonne on a phone: the City's quarters sit under the board without
    widening the page, laid out as the City draws them in every language; stepped by keyboard to the
    closing tile, Blue's follower rises out of the castle as it stands on the city it takes, and the
    Count's crown is labelled; asked for less motion, the leaver is simply faded."""
    slug = "count-castle"
    page = browser.new_page(viewport={"width": 390, "height": 900}, has_touch=True)
    page.goto(f"{live_server.url}/{lang}/learn/count/")
    box = example(page, slug)
    box.scroll_into_view_if_needed()
    castle, market = box.locator(".quarter.q-castle"), box.locator(".quarter.q-market")
    expect(castle.locator(".count-figure")).to_have_count(1)
    # Two by two as the City's tiles draw them, in Persian too: the castle north-west, the market
    # south-west.
    assert castle.bounding_box()["y"] < market.bounding_box()["y"]
    assert abs(castle.bounding_box()["x"] - market.bounding_box()["x"]) < 2
    box.locator('[data-action="next"]').focus()
    page.keyboard.press("Enter")
    expect(example(page, slug)).to_have_attribute("data-step", "1")
    forward = "ArrowLeft" if lang == "fa" else "ArrowRight"
    for n in range(2, len(EXAMPLES[slug].steps) + 1):
        page.keyboard.press(forward)
        expect(example(page, slug)).to_have_attribute("data-step", str(n))
    stepped = example(page, slug)
    leaver = stepped.locator(".quarter.q-castle .q-figure.leaving")
    expect(leaver).to_have_count(1)
    assert leaver.get_attribute("aria-label")
    assert leaver.evaluate("e => getComputedStyle(e).animationName") == "quarter-out"
    expect(stepped.locator('.cell[data-x="2"][data-y="2"] .meeple.c-blue.going-home')).to_have_count(1)
    expect(stepped.locator(".quarter.with-count .count-figure[aria-label]")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    stepped.screenshot(path=shots / f"count-step-out-{lang}-390.png")
    assert not console_errors
    page.close()

    still = browser.new_context(reduced_motion="reduce").new_page()
    still.goto(f"{live_server.url}/{lang}/learn/examples/{slug}/?step=3")
    leaver = still.locator(".quarter.q-castle .q-figure.leaving")
    assert leaver.evaluate("e => getComputedStyle(e).animationName") == "none"
    assert leaver.evaluate("e => getComputedStyle(e).opacity") == "0.35"
    entered = still.locator(".count-figure")
    assert entered.evaluate("e => getComputedStyle(e).animationName") == "none"
    still.context.close()
