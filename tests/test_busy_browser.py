"""A tap during a swap must not act on the old board: "turn" then "lay" tapped at once, with the
turn's answer held back as a slow phone's would be, lays nothing; the board then shows the turn.
On a practice board and on the assistant's board page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from scorer import services
from scorer.engine import Placement

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page: Page, locator) -> None:
    """A finger on the control's middle: no waiting for it to be ready, as a person would not."""
    box = locator.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


class HeldAnswers:
    """Requests matching ``wanted`` wait, unanswered, until the test lets them go on."""

    def __init__(self, page: Page, wanted) -> None:
        self.page, self.held, self.released = page, [], False
        page.route(wanted, self._arrived)

    def _arrived(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def let_go(self) -> None:
        """Answer what was held, then wait until nothing more is on its way (htmx sends a request
        it queued only after the held one is swapped in)."""
        self.released = True
        for route in self.held:
            route.continue_()
        self.page.wait_for_load_state("networkidle")


def settled(page: Page) -> None:
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping, .htmx-added")).to_have_count(0)


def test_turn_then_lay_tapped_at_once_on_a_practice_board_lays_nothing(
    live_server, page: Page, console_errors
):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/en/learn/cloisters/")
    board = page.locator("#practice-cloister-close")
    board.scroll_into_view_if_needed()
    board.locator(".cell.open").first.click()
    expect(board).to_have_attribute("data-stage", "turn")
    settled(page)
    before = board.locator(".practice-hand img").get_attribute("class")

    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    held = HeldAnswers(page, lambda url: "r=" in url and "lay=" not in url)
    with page.expect_request(lambda r: "r=" in r.url):
        board.locator('[data-action="turn-right"]').click()
    tap(page, board.locator('[data-action="lay"]'))  # the old board's lay control
    held.let_go()

    settled(page)
    board = page.locator("#practice-cloister-close")
    expect(board).to_have_attribute("data-stage", "turn")  # not laid, not refused
    expect(board.locator(".message.error")).to_have_count(0)
    assert not [url for url in sent if "lay=1" in url], "the old board's lay reached the server"
    assert board.locator(".practice-hand img").get_attribute("class") != before
    assert board.get_attribute("aria-busy") is None
    assert not console_errors


def test_turn_then_lay_tapped_at_once_on_the_board_page_lays_the_turn_shown(
    live_server, page: Page, console_errors
):
    """On the board page turning asks nothing of the server (js/choose.js): the lay tapped right
    after it lays the tile as it is now shown."""
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/en/play/{saved.code}/?tile=E&at=0,1")
    current = page.locator(".preview-controls .option.current")
    expect(current).to_be_visible()
    settled(page)
    old_rotation = current.get_attribute("data-rotation")

    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    page.locator('[data-turn="right"]').click()
    expect(current).not_to_have_attribute("data-rotation", old_rotation)
    turned = int(current.get_attribute("data-rotation"))
    assert not [url for url in sent if "/static/" not in url], sent
    tap(page, current)

    expect(page.locator("#play-state")).to_have_attribute("data-moves", "2")
    assert services.load(saved.code).moves[-1].placement.rotation == turned
    assert not console_errors


def test_a_second_lay_tapped_while_the_first_is_out_lays_nothing(live_server, page: Page, console_errors):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/en/play/{saved.code}/?tile=E&at=0,1")
    options = page.locator(".preview-controls .option")
    expect(options.nth(1)).to_be_visible()
    settled(page)

    held = HeldAnswers(page, lambda url: "/move" in url)
    with page.expect_request(lambda r: "/move" in r.url):
        tap(page, options.nth(0))
    tap(page, options.nth(1))  # another turn of the same tile, still on screen
    held.let_go()

    settled(page)
    expect(page.locator("#play-state")).to_have_attribute("data-moves", "2")
    assert len(services.load(saved.code).moves) == 2
    assert not console_errors
