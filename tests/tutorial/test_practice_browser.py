"""Practice boards in Chromium, in Persian and Traditional Chinese, on a phone and a desktop: solved
with clicks, failed and then solved with the keyboard, and a tile set aside; every step swapped in
place by htmx."""

import pytest
from playwright.sync_api import Page, expect

from scorer.engine import Placement
from tutorial.practice import PRACTICES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LANGS = ("fa", "zh-hant")
WIDTHS = (390, 1280)


def board(page: Page, slug: str):
    return page.locator(f"#practice-{slug}")


def square(page: Page, slug: str, x: int, y: int):
    return board(page, slug).locator(f'.cell.open[data-x="{x}"][data-y="{y}"]')


def shoot(page: Page, artifacts, slug: str, name: str) -> None:
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    board(page, slug).screenshot(path=shots / f"practice-{name}.png")


def turn_to(page: Page, slug: str, rotation: int) -> None:
    """Click "turn right" until the held tile shows ``rotation``."""
    for _ in range(4):
        if board(page, slug).locator(f".practice-hand img.r{rotation}").count():
            return
        shown = board(page, slug).locator(".practice-hand img").get_attribute("class")
        board(page, slug).locator('[data-action="turn-right"]').click()
        # The turn is in once the hand shows another rotation (a tap before that is not taken).
        expect(board(page, slug).locator(".practice-hand img")).not_to_have_class(shown)
        expect(board(page, slug)).to_have_attribute("data-stage", "turn")
    expect(board(page, slug).locator(f".practice-hand img.r{rotation}")).to_have_count(1)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_board_is_solved_with_clicks(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/cloisters/")
    slug = "cloister-close"
    solution = Placement.parse(PRACTICES[slug].solution)
    board(page, slug).scroll_into_view_if_needed()

    # A wrong rotation first: refused, with the reason, and the hint opens.
    square(page, slug, *solution.square).click()
    expect(board(page, slug)).to_have_attribute("data-stage", "turn")
    board(page, slug).locator('[data-action="lay"]').click()
    expect(board(page, slug).locator(".message.error")).to_be_visible()
    expect(board(page, slug).locator("details.hint")).to_have_attribute("open", "")
    shoot(page, artifacts, slug, f"refused-{lang}-{width}")

    turn_to(page, slug, solution.rotation)
    board(page, slug).locator('[data-action="lay"]').click()
    expect(board(page, slug)).to_have_attribute("data-stage", "figure")
    board(page, slug).locator('[data-action="none"]').click()
    expect(board(page, slug)).to_have_attribute("data-solved", "true")
    # The cloister lights up, the monk's points rise, and the page says what was scored.
    expect(board(page, slug).locator(".glow").first).to_be_visible()
    expect(board(page, slug).locator(".points-float")).to_have_count(1)
    expect(board(page, slug).locator(".message.success li").first).to_be_visible()
    shoot(page, artifacts, slug, f"solved-{lang}-{width}")
    assert page.url.endswith(f"/{lang}/learn/cloisters/")  # every step swapped in place
    assert not console_errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_board_is_played_with_the_keyboard(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/placing-meeples/")
    slug = "meeple-occupied"
    practice = board(page, slug)
    practice.scroll_into_view_if_needed()

    # Arrows move between the empty squares (the board reads left to right in every language).
    square(page, slug, 0, -3).focus()
    page.keyboard.press("ArrowRight")
    expect(square(page, slug, 1, -2)).to_be_focused()
    page.keyboard.press("Enter")
    expect(practice).to_have_attribute("data-stage", "turn")
    expect(practice.locator(".cell.preview")).to_be_focused()
    # Turned 90 the road faces west, into the city there: refused.
    page.keyboard.press("r")
    expect(practice.locator(".practice-hand img.r90")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(practice.locator(".message.error")).to_be_focused()
    # Esc takes the tile off its square; Enter puts it back there.
    page.keyboard.press("Escape")
    expect(practice).to_have_attribute("data-stage", "choose")
    expect(square(page, slug, 1, -2)).to_be_focused()
    page.keyboard.press("Enter")
    expect(practice.locator(".cell.preview")).to_be_focused()
    page.keyboard.press("Shift+R")
    expect(practice.locator(".practice-hand img.r0")).to_have_count(1)
    expect(practice.locator(".message.error")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(practice).to_have_attribute("data-stage", "figure")

    # Red's knight already holds the city: a knight on the new tile is refused, with the reason.
    practice.locator('[data-action="dot-N"]').focus()
    page.keyboard.press("Enter")
    expect(practice.locator(".message.error")).to_be_visible()
    expect(practice.locator(".practice-dot.refused")).to_have_count(1)
    shoot(page, artifacts, slug, f"occupied-{lang}-{width}")
    practice.locator('[data-action="dot-E"]').focus()
    page.keyboard.press("Enter")
    expect(practice).to_have_attribute("data-solved", "true")
    expect(practice.locator(".meeple")).to_have_count(2)
    assert not console_errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_tile_fitting_nowhere_is_set_aside(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/placing-tiles/")
    # Claiming a tile fits nowhere when it fits is not accepted...
    first = board(page, "fit-first")
    first.locator('[data-action="aside"]').click()
    expect(first.locator(".message.info")).to_be_visible()
    expect(first).to_have_attribute("data-solved", "false")
    # ...but the crossroads really has no home.
    slug = "fits-nowhere"
    square(page, slug, 1, 0).click()
    board(page, slug).locator('[data-action="lay"]').click()
    expect(board(page, slug).locator(".message.error")).to_be_visible()
    board(page, slug).locator('[data-action="aside"]').click()
    expect(board(page, slug)).to_have_attribute("data-solved", "true")
    shoot(page, artifacts, slug, f"aside-{lang}-{width}")
    assert not console_errors


def test_the_abbot_alone_stands_on_a_garden(live_server, page: Page, console_errors):
    page.goto(f"{live_server.url}/zh-hant/learn/practice/abbot-garden/")
    slug = "abbot-garden"
    solution = Placement.parse(PRACTICES[slug].solution)
    square(page, slug, *solution.square).click()
    turn_to(page, slug, solution.rotation)
    board(page, slug).locator('[data-action="lay"]').click()
    board(page, slug).locator('[data-action="dot-C"]').click()
    expect(board(page, slug).locator(".message.error")).to_be_visible()
    board(page, slug).locator('[data-action="kind-abbot"]').click()
    expect(board(page, slug).locator('[data-action="kind-abbot"]')).to_have_attribute("aria-current", "true")
    board(page, slug).locator('[data-action="dot-C"]').click()
    expect(board(page, slug)).to_have_attribute("data-solved", "true")
    assert not console_errors


def test_reset_starts_the_board_again(live_server, page: Page):
    page.goto(f"{live_server.url}/fa/learn/practice/road-close/?at=2,0&lay=1&fig=none")
    slug = "road-close"
    expect(board(page, slug)).to_have_attribute("data-solved", "true")
    board(page, slug).locator('[data-action="reset"]').click()
    expect(board(page, slug)).to_have_attribute("data-stage", "choose")
    empty = len(PRACTICES[slug].game().board.open_squares)
    expect(board(page, slug).locator(".cell.open")).to_have_count(empty)
