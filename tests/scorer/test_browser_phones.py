"""Phones around one table in Debian's Chromium: a second player's phone and a watching screen see
a move through their own checks (every 1.5 s: "nothing changed" until one finds it), and the
watching screen offers no way to change the game."""

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


def test_moves_reach_the_other_phones_through_their_own_checks(
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
        other.on("request", lambda r, name=name: checks[name].append(r))
    lay_square_first(page, Placement("E", 0, -1, 180))
    expect(page.locator("#play-state")).to_have_attribute("data-moves", "2")
    laid = time.perf_counter()
    now = services.load(saved.code).saved.state
    waits = {}
    for name, other in (("phone", second_phone), ("screen", table_screen)):
        expect(other.locator('.cell.tile[data-x="0"][data-y="-1"]')).to_have_count(1, timeout=10_000)
        waits[name] = (time.perf_counter() - laid) * 1000
        # It learnt of the move by its own check: one answered with the new state (every check
        # before it "nothing changed"), then it fetched the board, keeping its own choice.
        sent = checks[name]
        answered = [(i, r.response()) for i, r in enumerate(sent) if r.url.endswith("/state")]
        seen = [(i, a) for i, a in answered if a is not None and a.status == 200]
        assert seen, f"the {name} saw the move without a check that found it"
        first, answer = seen[0]
        assert answer.json()["state"] == now
        assert all(a is not None and a.status == 304 for i, a in answered if i < first)
        assert any("synced=1" in r.url for r in sent[first:]), f"the {name} did not fetch the board"
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
    # Fetched only once the panel opens (loading="lazy": the first open of a board is lighter).
    qr.evaluate("img => img.decode()")
    assert qr.evaluate("img => img.naturalWidth") >= 200
    edit_link = page.locator("#edit-link").input_value()
    watch_link = page.locator("#watch-link").input_value()
    second_phone.goto(edit_link.replace("http://testserver", live_server.url))
    expect(second_phone.locator(".palette")).to_be_visible()  # this phone may enter moves
    second_phone.goto(watch_link)
    expect(second_phone.locator(".scoreboard")).to_be_visible()
    assert second_phone.locator(".palette, form").count() == 0
