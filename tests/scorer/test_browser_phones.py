"""Phones around one table in Debian's Chromium: a second player's phone and a watching screen see
a move at their first check after it is saved (they check every 1.5 s), and the watching screen
offers no way to change the game."""

import time

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import Placement

from .test_browser_expansions import lay_square_first

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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


def test_moves_reach_the_other_phones_at_their_first_check(
    live_server, page: Page, second_phone: Page, table_screen: Page, console_errors
):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    second_phone.goto(f"{live_server.url}/zh-hant/play/{saved.code}/?tile=E")  # mid-choice
    table_screen.goto(f"{live_server.url}/fa/play/watch/{saved.watch_code}/")
    assert table_screen.locator("form").count() == 0
    expect(table_screen.locator(".cell.tile")).to_have_count(1)

    checks = {"phone": [], "screen": []}
    for name, other in (("phone", second_phone), ("screen", table_screen)):
        other.on("request", lambda r, name=name: checks[name].append((time.perf_counter(), r)))
    lay_square_first(page, Placement("E", 0, -1, 180))
    expect(page.locator("#play-state")).to_have_attribute("data-moves", "2")
    laid = time.perf_counter()  # the move is saved: any check sent from now on must see it
    waits = {}
    for name, other in (("phone", second_phone), ("screen", table_screen)):
        expect(other.locator('.cell.tile[data-x="0"][data-y="-1"]')).to_have_count(1, timeout=10_000)
        waits[name] = (time.perf_counter() - laid) * 1000
        after = [r for sent, r in checks[name] if sent > laid and r.url.endswith("/state")]
        assert after, f"the {name} saw the move without checking"
        first = after[0].response()
        assert first is not None and first.status == 200, f"the {name}'s first check missed the move"
        fetched = [r.url for sent, r in checks[name] if sent > laid and "synced=1" in r.url]
        assert fetched, f"the {name} did not fetch the board after its check"
    # A figure to read, not a promise to assert (a loaded machine renders slower).
    phone, screen = waits["phone"], waits["screen"]
    print(f"\nseen on the other phone after {phone:.0f} ms, on the screen after {screen:.0f} ms")

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
