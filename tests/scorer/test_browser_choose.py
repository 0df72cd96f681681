"""Choosing on the board page happens in the browser (js/choose.js): no request while a tile, a
square and a turn are chosen or the finder narrows; the address keeps the choice (reload, Back);
the next tile ends the figure step with no request; /play/ lists the games opened here."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import Placement

from .test_browser import settled, wait_for_moves
from .test_browser_phone_every_box import Requests

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def opened(live_server, page: Page):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    loaded = services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=loaded.digest)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    settled(page)
    return saved


def test_choosing_asks_nothing_and_the_address_keeps_it(page: Page, opened, console_errors):
    sent = Requests(page)
    page.locator('.palette-list.full a.palette-tile[data-tile="A"]').click()
    expect(page.locator("#board-grid .cell.open.legal").first).to_be_visible()
    x, y = "0", "1"  # under the start tile's field: the cloister's road may point three ways
    page.locator(f'#board-grid .cell.open.legal[data-x="{x}"][data-y="{y}"]').click()
    current = page.locator(".preview-controls .option.current")
    expect(current).to_be_visible()
    page.locator('[data-turn="right"]').click()
    turned = current.get_attribute("data-rotation")
    expect(page.locator("#board-grid .cell.preview .art")).to_have_class(re.compile(rf"(^| )r{turned}( |$)"))
    page.locator('#finder [data-facet="city"][data-value="0"]').click()
    assert sent.sent == [], sent.sent
    assert page.url.endswith(f"?tile=A&at={x},{y}&r={turned}")

    page.reload()
    expect(page.locator(".preview-controls .option.current")).to_have_attribute("data-rotation", turned)

    page.go_back()  # the turn before
    page.go_back()  # the square
    expect(page.locator("#board-grid .cell.preview")).to_have_count(0)
    expect(page.locator('.palette-list.full a.palette-tile[data-tile="A"][aria-current]')).to_be_visible()
    assert page.url.endswith("?tile=A")
    page.go_back()
    expect(page.locator("#board-grid .cell.open.legal")).to_have_count(0)
    assert not console_errors


def test_the_finder_keeps_only_the_tiles_that_show_it(page: Page, opened):
    page.locator('#finder [data-facet="city"][data-value="1"]').click()
    page.locator('#finder [data-facet="road"][data-value="2"]').click()
    shown = page.locator(".palette-list.full > .palette-entry:not([hidden]) [data-facts]")
    facts = shown.evaluate_all("els => els.map(e => e.dataset.facts)")
    assert facts and all("city-1" in f.split() and "road-2" in f.split() for f in facts)
    assert "D" in shown.evaluate_all("els => els.map(e => e.dataset.tile)")
    page.locator("#finder [data-finder-clear]").click()
    expect(page.locator(".palette-list.full > .palette-entry[hidden]")).to_have_count(0)


def test_a_phone_shows_the_road_sides_once_a_count_is_chosen(page: Page, opened):
    """A row more of tiles in view until the finder is wanted: the city sides and the marks first."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator('#board-grid .cell.open[data-x="1"][data-y="0"]').click()
    roads = page.locator("#finder .finder-roads")
    expect(page.locator('#finder [data-facet="city"][data-value="1"]')).to_be_visible()
    expect(roads).to_be_hidden()
    page.locator('#finder [data-facet="city"][data-value="1"]').click()
    expect(roads).to_be_visible()
    page.locator('#finder [data-facet="city"][data-value="1"]').click()
    expect(roads).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(roads).to_be_visible()


def test_the_next_tile_ends_the_figure_step_without_a_request(page: Page, opened):
    page.locator('#board-grid .cell.open[data-x="1"][data-y="0"]').click()
    page.locator('.palette-list.narrowed button.option[data-tile="U"]').first.click()
    wait_for_moves(page, 3)
    expect(page.locator("#meeple-chooser")).to_be_visible()
    sent = Requests(page)
    page.locator('.palette-list.full a.palette-tile[data-tile="V"]').click()
    expect(page.locator("#meeple-chooser")).to_have_count(0)
    expect(page.locator("#board-grid .dot")).to_have_count(0)
    assert sent.sent == []
    assert len(services.load(opened.code).moves) == 3  # laid, with no figure


def test_the_games_opened_here_are_listed(live_server, page: Page, opened):
    page.goto(f"{live_server.url}/en/play/")
    listed = page.locator(f'#recent-games a[href="/en/play/{opened.code}/"]')
    expect(listed).to_be_visible()
    expect(listed).to_contain_text("Mina, Wei")
    page.locator("[data-forget-recent]").click()
    expect(page.locator("#recent-games")).to_be_hidden()


def test_after_a_lay_the_kept_list_of_tiles_shows_the_new_count_and_nothing_chosen(page: Page, opened):
    """The lay's answer leaves the page's list in place (test_kept_palette.py): the page itself
    shows it as the server would draw it after a lay, the laid tile one fewer."""
    before = int(page.locator("#palette-U a.palette-tile").get_attribute("data-left"))
    page.locator('.palette-list.full a.palette-tile[data-tile="U"]').click()
    page.locator("#board-grid .cell.open.legal").first.click()
    page.locator(".preview-controls .option.current").click()
    wait_for_moves(page, 3)
    settled(page)
    full = page.locator(".palette-list.full")
    expect(full).to_be_visible()
    expect(page.locator(".palette-list.narrowed, .palette .narrow-note")).to_have_count(0)
    expect(page.locator("#palette-U .remaining")).to_have_text(f"×{before - 1}")
    expect(full.locator(".palette-entry.selected, a.palette-tile[aria-current]")).to_have_count(0)
    expect(full.locator('a.palette-tile[tabindex="0"]')).to_have_count(1)
    # Choosing again works from the kept list, as before the lay.
    page.locator('.palette-list.full a.palette-tile[data-tile="A"]').click()
    expect(page.locator("#board-grid .cell.open.legal").first).to_be_visible()


def test_a_tile_chosen_before_the_lays_answer_settles_stays_chosen(page: Page, opened):
    """A quick reader chooses the next tile while the board is still settling: the choice is made
    on the new position and kept (the page takes an answer in once, as soon as it is swapped in)."""
    page.locator('.palette-list.full a.palette-tile[data-tile="U"]').click()
    page.locator("#board-grid .cell.open.legal").first.click()
    page.evaluate(
        """() => document.addEventListener("htmx:afterSwap", () => {
            document.querySelector('.palette-list.full a.palette-tile[data-tile="A"]').click();
        }, { once: true })"""
    )
    page.locator(".preview-controls .option.current").click()
    wait_for_moves(page, 3)
    settled(page)
    expect(page.locator('.palette-list.full a.palette-tile[data-tile="A"][aria-current]')).to_be_visible()
    page.locator("#board-grid .cell.open.legal").first.click()
    expect(page.locator(".preview-controls .option").first).to_be_visible()


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_figure_spots_stand_on_their_points_in_either_direction(live_server, page: Page, opened, lang):
    """Each dot is centred on its spot (its form, a point on the tile), on the board and on the
    phone's card: a right-to-left page once hung every dot a whole dot's width off its spot."""

    def offsets(dots: str) -> list[float]:
        return page.locator(dots).evaluate_all(
            """els => els.filter(e => e.offsetParent).map(e => {
                const r = e.getBoundingClientRect(), spot = e.closest(".dot-form").getBoundingClientRect();
                return Math.hypot(r.left + r.width / 2 - spot.left, r.top + r.height / 2 - spot.top);
            })"""
        )

    page.goto(f"{live_server.url}/{lang}/play/{opened.code}/?spots=1")
    on_board = offsets("#board-grid .dot")
    page.set_viewport_size({"width": 390, "height": 844})
    on_card = offsets(".figure-card .dot")
    assert on_board and on_card
    assert max(on_board + on_card) < 1


def test_the_page_and_the_script_order_the_tiles_that_fit_alike(live_server, page: Page, opened):
    """The likeliest for the room it takes first (copies left per way it fits), whether the server
    drew the list (a reload, no script yet) or the script did (a square tapped)."""

    def order() -> list[tuple[str, float]]:
        return page.locator(".palette-list.narrowed .palette-entry").evaluate_all(
            """els => els.map(e => {
                const link = document.querySelector(`.palette-list.full a[data-tile="${e.dataset.tile}"]`);
                const ways = e.querySelectorAll("button.option").length;
                return [e.dataset.tile, Number(link.dataset.left) / ways];
            })"""
        )

    page.locator('#board-grid .cell.open[data-x="0"][data-y="1"]').click()
    by_script = order()
    page.goto(f"{live_server.url}/en/play/{opened.code}/?at=0,1")
    settled(page)
    by_server = order()
    assert len(by_script) > 5
    assert by_script == by_server
    odds = [per_way for _, per_way in by_script]
    assert odds == sorted(odds, reverse=True)


def test_the_board_page_draws_every_tile_from_the_one_sheet_through_a_lay_and_a_figure(page: Page, opened):
    """htmx keeps the list of tiles through a swap (hx-preserve) by parking it outside the board
    for a moment: there too its tiles come from the sheet. (They asked for their own pictures, 24
    requests after each figure, and on a server drawing them on demand the next lay waited.)"""
    pictures: list[str] = []
    page.on("request", lambda request: pictures.append(request.url) if "/tiles/" in request.url else None)
    page.locator('#board-grid .cell.open[data-x="1"][data-y="0"]').click()
    page.locator('.palette-list.narrowed button.option[data-tile="U"]').first.click()
    wait_for_moves(page, 3)
    page.locator("#board-grid .dot-form button").first.click()
    expect(page.locator("#board-grid .meeple")).to_have_count(1)
    settled(page)
    page.locator('.palette-list.full a.palette-tile[data-tile="V"]').click()
    expect(page.locator("#board-grid .cell.open.legal").first).to_be_visible()
    assert pictures == []
