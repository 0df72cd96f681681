"""Phones around one table in Debian's Chromium: a second player's phone and a watching screen see
a move within 2 s of it being laid, and the watching screen offers no way to change the game."""

import time

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import Placement

from .test_browser_expansions import lay_square_first

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEEN_WITHIN_MS = 2000
"""The issue's promise. A loaded CI machine may take longer to render, so the browser waits
longer before failing, and the test asserts on the time it measured instead."""


@pytest.fixture
def second_phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def table_screen(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fa-IR")
    yield context.new_page()
    context.close()


def test_moves_reach_the_other_phones_within_two_seconds(
    live_server, page: Page, second_phone: Page, table_screen: Page, console_errors
):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    second_phone.goto(f"{live_server.url}/zh-hant/play/{saved.code}/?tile=E")  # mid-choice
    table_screen.goto(f"{live_server.url}/fa/play/watch/{saved.watch_code}/")
    assert table_screen.locator("form").count() == 0
    expect(table_screen.locator(".cell.tile")).to_have_count(1)

    lay_square_first(page, Placement("E", 0, -1, 180))
    expect(page.locator("#play-state")).to_have_attribute("data-moves", "2")
    laid = time.perf_counter()
    waits = {}
    for name, other in (("phone", second_phone), ("screen", table_screen)):
        expect(other.locator('.cell.tile[data-x="0"][data-y="-1"]')).to_have_count(1, timeout=10_000)
        waits[name] = (time.perf_counter() - laid) * 1000
    print(
        f"\nseen on the other phone after {waits['phone']:.0f} ms,"
        f" on the screen after {waits['screen']:.0f} ms"
    )
    assert max(waits.values()) <= SEEN_WITHIN_MS

    # The second phone kept its own choice of tile, and says why its board changed.
    expect(second_phone.locator('a.palette-tile[data-tile="E"][aria-current]')).to_be_visible()
    expect(second_phone.locator(".status .message.info").first).to_be_visible()
    # The screen follows in its own language, with the score of the city just closed by nobody.
    expect(table_screen.locator("html")).to_have_attribute("dir", "rtl")
    assert table_screen.locator("form").count() == 0
    assert not console_errors


def test_a_phone_joins_by_the_qr_codes_link(live_server, page: Page, second_phone: Page):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    page.locator("details.share-panel summary").click()
    qr = page.locator('details.share-panel img[src*="qr/edit.png"]')
    expect(qr).to_be_visible()
    assert qr.evaluate("img => img.naturalWidth") >= 200
    edit_link = page.locator("#edit-link").input_value()
    watch_link = page.locator("#watch-link").input_value()
    second_phone.goto(edit_link.replace("http://testserver", live_server.url))
    expect(second_phone.locator(".palette")).to_be_visible()  # this phone may enter moves
    second_phone.goto(watch_link)
    expect(second_phone.locator(".scoreboard")).to_be_visible()
    assert second_phone.locator(".palette, form").count() == 0
