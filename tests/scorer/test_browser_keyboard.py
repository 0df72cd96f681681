"""The board page by keyboard alone, as a screen-reader user would work it: every key press counted,
focus checked after each action, and what the live region says read back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import Placement

from .test_browser import moves_now, wait_for_moves

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOST_KEYS_PER_TILE = 6
"""Letter, arrows to the square, Enter (the tile shows there), Enter (lay it), arrows to the spot, Enter."""


def focused(page: Page, selector: str) -> bool:
    return page.evaluate(
        "s => Boolean(document.activeElement && document.activeElement.matches(s))", selector
    )


def focused_square(page: Page) -> tuple[int, int]:
    square = page.evaluate(
        "() => { const c = document.activeElement.closest('.cell'); return [c.dataset.x, c.dataset.y]; }"
    )
    return int(square[0]), int(square[1])


def letter_with_a_figure_spot(code: str) -> str:
    """A tile still in the supply that fits somewhere and takes a meeple (most do)."""
    game = services.load(code).game
    for letter in "EUVKJLDBAHIGFNOPRTWXSQMC":
        if game.board.supply.get(letter) and any(True for _ in game.legal_placements(letter)):
            return letter
    raise AssertionError("no tile left that fits")


def test_five_tiles_with_meeples_and_an_undo_by_keyboard_alone(live_server, page: Page, console_errors):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    announcer = page.locator("#announcer")
    keys_per_tile = []
    for n in range(5):
        keys = 0

        def press(key: str) -> None:
            nonlocal keys
            page.keyboard.press(key)
            keys += 1

        letter = letter_with_a_figure_spot(saved.code)
        press(letter.lower())
        expect(page.locator(f'.palette-tile[data-tile="{letter}"][aria-current]')).to_be_visible()
        # Focus lands on a square where the tile fits, the one nearest the tile just laid.
        expect(page.locator(".cell.open.legal:focus")).to_have_count(1)
        expect(announcer).to_contain_text(f"Tile {letter}: the highlighted squares")
        if n % 2:
            # The arrows jump between the squares where the tile fits, not over every square.
            before = focused_square(page)
            press("ArrowRight" if n == 1 else "ArrowDown")
            if focused_square(page) == before:  # nothing that way: try the other way
                press("ArrowLeft" if n == 1 else "ArrowUp")
            assert focused(page, ".cell.open.legal")
        x, y = focused_square(page)
        press("Enter")
        expect(page.locator(".rotations .option.current:focus")).to_have_count(1)
        expect(announcer).to_contain_text(f"Tile {letter} at {x}, {y}: turn it, then lay it.")
        press("Enter")
        wait_for_moves(page, n + 2)
        expect(announcer).to_contain_text(f"Tile {letter} laid at {x}, {y}.")
        # Then the first place for a meeple on the tile just laid.
        expect(page.locator(".dot:focus")).to_have_count(1)
        if n % 2:
            press("ArrowRight")
            assert focused(page, ".dot")
        press("Enter")
        expect(page.locator(".dot")).to_have_count(0)
        expect(announcer).to_contain_text("put their meeple on it")
        # And back to the tiles, for the next one.
        expect(page.locator(".palette-tile:focus")).to_have_count(1)
        keys_per_tile.append(keys)
        assert keys <= MOST_KEYS_PER_TILE, keys_per_tile

    game = services.load(saved.code).game
    assert len(game.turns) == 6
    assert sum(1 for t in game.turns if t.placement.meeple is not None) == 5
    last = game.turns[-1].placement
    page.keyboard.press("Control+z")
    wait_for_moves(page, 5)
    expect(announcer).to_contain_text(f"Tile {last.tile} at {last.x}, {last.y} was taken back.")
    expect(page.locator(".palette-tile:focus")).to_have_count(1)
    print(f"\nkeys per tile: {keys_per_tile}")
    assert moves_now(page) == 5
    assert not console_errors


def test_the_arrow_keys_reach_the_start_square_of_an_empty_board(live_server, page: Page):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    page.keyboard.press("d")
    expect(page.locator('.cell.open.legal[data-x="0"][data-y="0"]:focus')).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator(".rotations .option.current:focus")).to_have_count(1)
    page.keyboard.press("Enter")
    wait_for_moves(page, 1)
    # Nobody puts a figure on the start tile: focus goes back to the tiles.
    expect(page.locator(".palette-tile:focus")).to_have_count(1)


def test_the_board_and_the_palette_are_one_tab_stop_each(live_server, page: Page):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page.goto(f"{live_server.url}/en/play/{saved.code}/?tile=E")
    stops = page.evaluate(
        """() => [
            document.querySelectorAll(
                '#board-viewport [tabindex="0"], #board-viewport a:not([tabindex])'
            ).length,
            document.querySelectorAll('.palette-list a[tabindex="0"]').length,
        ]"""
    )
    assert stops == [1, 1]
    # Inside the palette the arrows move, and the Tab stop moves with them.
    page.locator('.palette-list a[tabindex="0"]').focus()
    first = page.evaluate("document.activeElement.dataset.tile")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.tile") != first
    assert page.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
