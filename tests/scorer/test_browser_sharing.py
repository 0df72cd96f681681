"""Sharing a game's links from the board page, where the Clipboard API is missing too (a phone on
plain http across the local network)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorer import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_CLIPBOARD = "Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });"


@pytest.mark.parametrize("clipboard", [True, False], ids=["clipboard", "no-clipboard"])
def test_copy_the_link_says_so_with_or_without_the_clipboard_api(live_server, page: Page, clipboard):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    if clipboard:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    else:
        page.add_init_script(NO_CLIPBOARD)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    page.locator("details.share-panel summary").click()
    copy = page.locator("#watch-link ~ [data-share]")
    copy.click()
    expect(copy).to_have_text("Link copied")
    expect(page.locator("#announcer")).to_have_text("Link copied")
    if not clipboard:
        # The old way: the link's text is selected in its field and copied from there.
        selected = page.evaluate(
            "() => { const f = document.getElementById('watch-link');"
            " return f.value.slice(f.selectionStart, f.selectionEnd); }"
        )
        assert selected.endswith(f"/play/watch/{saved.watch_code}/")
