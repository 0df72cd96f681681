"""Copying a finished board on a 390 px touch phone, row by row as a person copies a table (the
page choosing the next square along the row), its meeples added afterwards colour by colour.
Every tap is checked: it must hit a target of at least 44 × 44 CSS px without the page scrolling
(panning the board or swiping the tile strip is not scrolling the page). A whole game as it was
played, with every box, is in test_browser_phone_every_box.py; the 72-tile reference game is
copied by clicks in test_browser.py."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Locator, Page, expect

from scorer import services
from scorer.engine import TILES, Game, Mode, Placement, Square
from scorer.engine.simulate import final_board_of, random_game

from .test_browser import _equivalent_rotation, settled, wait_for_moves

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SMALLEST_TARGET = 44
PLAYERS = [("Mina", "red"), ("Wei", "blue"), ("Sara", "green")]


@pytest.fixture
def browser_context_args(browser_context_args):
    """A touch phone: touch wording on the page, no hover, taps rather than clicks."""
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True}


_BEFORE_A_TAP = """e => {
    // Drag the board until a square or tile on it is in view, as a thumb would.
    // (What the sheet covers at the foot of the screen is out of view too: the thumb drags the
    // square into the part of the board it can see.)
    const view = e.closest(".board-viewport");
    let panned = 0;
    if (view) {
        const box = e.getBoundingClientRect(), frame = view.getBoundingClientRect();
        const sheet = document.getElementById("play-sheet");
        const covered = sheet ? sheet.getBoundingClientRect().top : Infinity;
        const bottom = Math.min(frame.bottom, covered > frame.top ? covered : frame.bottom);
        if (box.left < frame.left || box.right > frame.right
            || box.top < frame.top || box.bottom > bottom) {
            view.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
            view.scrollTop += box.top + box.height / 2 - (frame.top + (bottom - frame.top) / 2);
            panned = 1;
        }
    }
    // In view without a scroll: inside every box that clips it, and inside the screen.
    const box = e.getBoundingClientRect();
    let inView = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    for (let holder = e.parentElement; holder && holder !== document.body; holder = holder.parentElement) {
        const style = getComputedStyle(holder);
        if (/(auto|scroll|hidden)/.test(style.overflowY + style.overflowX)) {
            const frame = holder.getBoundingClientRect();
            if (box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5
                || box.left < frame.left - 0.5 || box.right > frame.right + 0.5) inView = false;
        }
    }
    const sheet = document.getElementById("play-sheet");
    return {panned, inBoard: Boolean(view), inView, width: box.width, height: box.height,
            scrolled: [window.scrollY, sheet ? sheet.scrollTop : 0]};
}"""

_SCROLLED = "[window.scrollY, (document.getElementById('play-sheet') || {scrollTop: 0}).scrollTop]"


class Taps:
    """Taps the way a thumb does, and remembers every one that was too small or needed a scroll.
    What a tap measures is asked in one round trip before it and one after (a whole game is a few
    hundred taps)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.pans = 0
        self.problems: list[str] = []

    def __call__(self, target: Locator, what: str) -> None:
        target.wait_for(state="visible")
        seen = target.evaluate(_BEFORE_A_TAP)
        self.pans += seen["panned"]
        self.check_in_view(seen, what)
        target.tap()
        self.count += 1
        if min(seen["width"], seen["height"]) < SMALLEST_TARGET - 0.5:
            self.problems.append(f"{what}: a {seen['width']:.0f} × {seen['height']:.0f} px target")
        scrolled = self.page.evaluate(_SCROLLED)
        if scrolled[0] != seen["scrolled"][0]:
            self.problems.append(f"{what}: the page scrolled")
        if scrolled[1] != seen["scrolled"][1]:
            self.problems.append(f"{what}: the sheet scrolled")

    def check_in_view(self, seen: dict, what: str) -> None:
        """Here nothing: only the page must not scroll (see SheetTaps for the stricter check)."""


def lay(page: Page, tap: Taps, placement: Placement, moves: int) -> int:
    """Square first (unless the page has chosen it already: the next one along the row), then the
    tile already turned the right way; returns the rotation laid."""
    square = f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]'
    if page.locator(f"{square}.selected").count() == 0:
        tap(page.locator(square), f"square {placement}")
    expect(page.locator(f"{square}.selected")).to_have_count(1)
    offered = page.locator(f'.palette button.option[data-tile="{placement.tile}"]')
    expect(offered.first).to_be_visible()
    rotations = [int(r) for r in offered.evaluate_all("els => els.map(e => e.dataset.rotation)")]
    rotation = _equivalent_rotation(placement, rotations)
    tap(
        page.locator(f'.palette button.option[data-tile="{placement.tile}"][data-rotation="{rotation}"]'),
        "tile",
    )
    wait_for_moves(page, moves)
    return rotation


def place_figure(page: Page, tap: Taps, placement: Placement, rotation: int) -> None:
    """Whose figure (if not already chosen), then the spot, by its labelled button; ``rotation`` is
    the way the tile was laid (a symmetric tile is offered one of its identical turns only)."""
    meeple = placement.meeple
    chips = page.locator(".meeple-chooser .chips:not(.figure-kinds) a.chip")
    if chips.count() == 0:
        # A game being played offers the layer's figures only, until "laid by someone else?".
        whose = page.locator('.figure-card .dot-form input[name="player"]').first.get_attribute("value")
        if int(whose) == meeple.player:
            chips = None
        else:
            tap(page.locator('.figure-card a[href*="others=1"]'), "laid by someone else")
            expect(chips.first).to_be_visible()
    chip = chips.nth(meeple.player) if chips is not None else None
    if chip is not None and chip.get_attribute("aria-current") is None:
        tap(chip, "player")
        expect(
            page.locator(".meeple-chooser .chips:not(.figure-kinds) a.chip").nth(meeple.player)
        ).to_have_attribute("aria-current", "true")
    orientation = TILES[placement.tile].oriented(rotation)
    place = orientation.place_of(orientation.feature_at[meeple.at]).name
    # On a phone the tile shows large over the board: its dots are the targets.
    tap(page.locator(f'.figure-card .dot-form[data-place="{place}"] .dot'), "spot")
    expect(page.locator(".figure-card")).to_have_count(0)
    settled(page)


def open_phone(page: Page, url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(url)
    # The board and the tiles are on one screen: the tile sheet is under the board, not below it.
    sheet = page.locator("#play-sheet").bounding_box()
    board = page.locator("#board-viewport").bounding_box()
    assert sheet["y"] + sheet["height"] <= PHONE["height"] + 1 and board["y"] >= 0
    assert board["y"] + board["height"] <= sheet["y"] + 1


def copying_order(final: Game, rng: random.Random) -> tuple[list[Placement], Square]:
    """How a person copies a table: row by row, north to south, each row west to east, as far as
    the page lets (a tile goes at most one square away from those already laid: a tile further
    off waits until the board reaches it), now and then skipping a tile and coming back to it."""
    by_square = {p.square: p.without_meeple() for p in final.placements}
    reading = sorted(by_square, key=lambda s: (s[1], s[0]))
    laid: set[Square] = set()
    order: list[Placement] = []

    def within_reach(square: Square) -> bool:
        x, y = square
        return not laid or any(abs(x - a) + abs(y - b) <= 2 for a, b in laid)

    while len(order) < len(by_square):
        reachable = [s for s in reading if s not in laid and within_reach(s)]
        choice = reachable[1] if len(reachable) > 1 and rng.random() < 0.1 else reachable[0]
        laid.add(choice)
        order.append(by_square[choice])
    # The page puts the first tile copied in the centre: the whole copy is shifted by as much.
    first = order[0].square
    dx, dy = -first[0], -first[1]
    return [moved(p, (dx, dy)) for p in order], (dx, dy)


def moved(placement: Placement, offset: Square) -> Placement:
    meeple = placement.meeple
    plain = Placement(placement.tile, placement.x + offset[0], placement.y + offset[1], placement.rotation)
    return plain.with_meeple(meeple.player, meeple.at, meeple.kind) if meeple else plain


def test_a_finished_board_copied_row_by_row_with_its_meeples_added_afterwards(live_server, page: Page):
    rng = random.Random(4)
    final = final_board_of(random_game(random.Random(4), 3, meeple_chance=0.5))
    saved = services.create_game(
        services.GameSettings(players=PLAYERS, mode="final", banked=list(final.banked or final.scores))
    )
    open_phone(page, f"{live_server.url}/en/play/{saved.code}/")
    tap = Taps(page)
    order, offset = copying_order(final, rng)
    gaps, guessed, laid = 0, 0, {}
    for n, placement in enumerate(order, start=1):
        if page.locator(f'.cell.open.gap[data-x="{placement.x}"][data-y="{placement.y}"]').count():
            gaps += 1
        if page.locator(f'.cell.open.selected[data-x="{placement.x}"][data-y="{placement.y}"]').count():
            guessed += 1
        laid[placement.square] = lay(page, tap, placement, n)
    assert gaps >= 3, "the copying order skipped too few tiles to test the squares one step away"
    assert order[0].tile != final.placements[0].tile or offset != (0, 0)  # not the start tile first
    # The meeples afterwards, each on the tile it stands on (any tile, any time), one colour after
    # another as a person picks them out on the table, each colour's in no particular order.
    standing = [moved(p, offset) for p in final.placements if p.meeple is not None]
    rng.shuffle(standing)
    standing.sort(key=lambda p: p.meeple.player)
    for placement in standing:
        tap(page.locator(f'.cell.tile[data-x="{placement.x}"][data-y="{placement.y}"] .tile-pick'), "tile")
        expect(
            page.locator(f'.cell.tile.choosing[data-x="{placement.x}"][data-y="{placement.y}"]')
        ).to_have_count(1)
        place_figure(page, tap, placement, laid[placement.square])
    game = services.load(saved.code).game
    assert game.mode is Mode.FINAL
    assert sorted((f.square, f.player) for f in game.figures) == sorted(
        (p.square, p.meeple.player) for p in standing
    )
    assert game.report().totals == final.report().totals
    assert not tap.problems, tap.problems[:10]
    print(f"\nfinal board, {len(order)} tiles ({gaps} one square away, {guessed} squares chosen", end=" ")
    per_tile = tap.count / len(order)
    print(f"by the page), {len(standing)} meeples: {tap.count} taps ({per_tile:.2f} a tile), {tap.pans} pans")
    # The page chose the next square along the row for a good share of the tiles: one tap each.
    assert guessed >= len(order) // 4
    assert per_tile <= 2.3
