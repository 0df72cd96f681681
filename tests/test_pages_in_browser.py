"""Every page in every language at phone and desktop width, in Debian's Chromium.

Each page gets a screenshot in the test artifacts folder (``TEST_ARTIFACTS``, for people to look
at) and is checked for what a screenshot alone would hide: the right ``lang`` and ``dir``, no
console errors, and nothing wider than a 390-pixel phone screen except the board, which scrolls
inside its own box.
"""

import pytest
from playwright.sync_api import Page

from scorer import services
from scorer.engine import read_board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {
    "en": ("en", "ltr"),
    "zh-hant": ("zh-Hant", "ltr"),
    "zh-hans": ("zh-Hans", "ltr"),
    "fa": ("fa", "rtl"),
}
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
PAGES = {
    "home": "/{lang}/",
    "contents": "/{lang}/learn/",
    "chapter-roads": "/{lang}/learn/roads/",
    "chapter-farms": "/{lang}/learn/farms/",
    "glossary": "/{lang}/learn/glossary/",
    "example": "/{lang}/learn/examples/city-merge-shared/?step=2",
    "quiz": "/{lang}/learn/quizzes/city-points/",
    "new-game": "/{lang}/play/",
    "board": "/{lang}/play/{code}/?spots=1",
    "board-square": "/{lang}/play/{code}/?at={square}",
    "score": "/{lang}/play/{code}/score/?event=0",
    "not-found": "/{lang}/play/no-such-game/",
}


@pytest.fixture
def sample_game(board_document):
    document = board_document("river-game.json")
    document["placements"] = document["placements"][:30]
    saved = services.import_board(read_board(document))
    game = services.load(saved.code).game
    square = sorted(game.board.open_squares)[0]
    return saved.code, f"{square[0]},{square[1]}"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page(live_server, page: Page, console_errors, sample_game, artifacts, lang, width):
    code, square = sample_game
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    for name, path in PAGES.items():
        response = page.goto(live_server.url + path.format(lang=lang, code=code, square=square))
        assert response.status == (404 if name == "not-found" else 200), name
        # Its pictures are in once it has loaded; its fonts once the document says so (not
        # "networkidle": half a second of quiet on every page, and the board page asks the
        # server every 1.5 s whether the game moved on).
        page.wait_for_load_state("load")
        page.evaluate("document.fonts.ready.then(() => true)")
        tag, direction = LANGUAGES[lang]
        assert page.locator("html").get_attribute("lang") == tag
        assert page.locator("html").get_attribute("dir") == direction
        if name.startswith("board"):
            assert page.locator(".board-grid").get_attribute("dir") is None
            assert page.locator(".board-viewport").get_attribute("dir") == "ltr"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{name} is {overflow}px wider than the screen"
        page.screenshot(path=shots / f"{name}-{lang}-{width}.png", full_page=True)
        if name != "not-found":  # the browser reports the 404 status itself
            assert not console_errors, name
        console_errors.clear()
