"""axe-core (WCAG 2.1 A and AA) over every page, in English, Persian and Traditional Chinese, at a
phone's width and a desktop's, in Debian's Chromium.

One test per language walks every page in one browser page, runs axe at each width on it (a resize
lays the page out again, which is all a second visit would give; the pinned axe-core at both, the
current one at the phone's) and reports every violation at once; the documented false positives
are in ``tests/accessibility.py``. The assistant's board page gets a test of its own over each of
its steps (a tile chosen, a square chosen, a figure to place, a finished board's tile chosen), in
each language, both engines at both widths.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import read_board
from tests.accessibility import ENGINES, naming_problems, violations
from tutorial.content import CHAPTERS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "fa", "zh-hant")
WIDTHS = {390: 844, 1280: 900}
PHONE_WIDTH = 390

PAGES = {
    "home": "/{lang}/",
    "contents": "/{lang}/learn/",
    **{f"chapter-{slug}": f"/{{lang}}/learn/{slug}/" for slug in CHAPTERS},
    "example": "/{lang}/learn/examples/city-merge-shared/?step=2",
    "quiz": "/{lang}/learn/quizzes/city-points/",
    "practice": "/{lang}/learn/practice/road-close/",
    "tiles": "/{lang}/learn/tiles/",
    "mistakes": "/{lang}/learn/mistakes/",
    "summary": "/{lang}/learn/summary/",
    "new-game": "/{lang}/play/",
    "score": "/{lang}/play/{code}/score/",
    "score-event": "/{lang}/play/{code}/score/?event=1",
    "moves": "/{lang}/play/{code}/moves/",
    "watching": "/{lang}/play/watch/{watch}/",
    "watching-score": "/{lang}/play/watch/{watch}/score/?event=0",
    "not-found": "/{lang}/play/no-such-game/",
}


@pytest.fixture
def played_game(board_document):
    """A base game some way in, with closed features, so the score page has events to explain."""
    document = board_document("base-game.json")
    document["placements"] = document["placements"][:24]
    return services.import_board(read_board(document))


def _post_form(page: Page, action: str, fields: dict[str, str]) -> None:
    """Submit a form the way a browser does, without the page's CSRF token."""
    with page.expect_navigation():
        page.evaluate(
            """([action, fields]) => {
            const form = document.createElement("form");
            form.method = "post";
            form.action = action;
            for (const [name, value] of Object.entries(fields)) {
                const area = document.createElement("textarea");
                area.name = name;
                area.value = value;
                form.append(area);
            }
            document.body.append(form);
            form.submit();
        }""",
            [action, fields],
        )


def _violations_at_every_width(page: Page, *, every_engine_everywhere: bool = False) -> list[str]:
    """axe at each width on the page as loaded: a resize lays it out again without a second visit.
    The pinned engine runs at every width; the current one at the phone's, where its newer rules
    have found what the old one missed (a strip no key could scroll), or everywhere if told (the
    board page). Running both at both widths of every page cost a minute of the browser tier."""
    found = []
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        engines = ENGINES if every_engine_everywhere or width == PHONE_WIDTH else ENGINES[:1]
        # The engine already in the page first: each is put into the page once where it can be.
        if width == PHONE_WIDTH:
            engines = engines[::-1]
        found += [f"{width}px: {v}" for v in violations(page, engines=engines)]
    return found


def test_a_current_axe_core_runs_beside_the_pinned_one():
    """``make test`` fetches it (Makefile: AXE_VERSION); without it only the old rules would run."""
    versions = [version for version, _ in ENGINES]
    assert len(versions) == 2, "no current axe-core: run `make .venv/axe-core-4.14.1.min.js`"
    pinned, current = (tuple(int(n) for n in v.split(".")) for v in versions)
    assert current > pinned and current >= (4, 14)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_passes_axe(live_server, page: Page, played_game, settings, lang):
    found: list[str] = []
    for name, path in PAGES.items():
        url = live_server.url + path.format(lang=lang, code=played_game.code, watch=played_game.watch_code)
        response = page.goto(url)
        assert response.status == (404 if name == "not-found" else 200), name
        found += [f"{name}: {v}" for v in _violations_at_every_width(page) + naming_problems(page)]
    # The error pages: a body too big to read (400) and a form without its CSRF token (403).
    page.goto(f"{live_server.url}/{lang}/play/")
    _post_form(page, f"/{lang}/play/import/", {"text": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    found += [f"400: {v}" for v in _violations_at_every_width(page)]
    page.goto(f"{live_server.url}/{lang}/play/")
    _post_form(page, f"/{lang}/play/", {"players": "Mina"})
    found += [f"403: {v}" for v in _violations_at_every_width(page)]
    assert not found, "\n".join(found)


BOARD_PAGES = {
    "board": "/{lang}/play/{code}/",
    "board-tile-chosen": "/{lang}/play/{code}/?tile=E",
    "board-square-chosen": "/{lang}/play/{code}/?at={free}",
    "board-figure-step": "/{lang}/play/{code}/?spots=1",
    "final-board-any-tile": "/{lang}/play/{final}/?on=0,0&spots=1",
    "count-city-questions": "/{lang}/play/{count}/?spots=1",
    "count-score-market": "/{lang}/play/{market}/score/",
}


def count_game(*turns: str) -> str:
    """A game with the Count played to ``turns`` (the City laid as it was created)."""
    from scorer.engine import Placement

    players = [("Mina", "red"), ("Wei", "blue")]
    saved = services.create_game(
        services.GameSettings(players=players, expansions=["count", "inns-cathedrals"])
    )
    for text in turns:
        placement = Placement.parse(text)
        loaded = services.load(saved.code)
        bare = placement.bare().laid_by(placement.player)
        loaded = services.add_move(saved.code, bare, expected=loaded.digest)
        for action in placement.actions:
            loaded = services.set_action(saved.code, len(loaded.moves) - 1, action, expected=loaded.digest)
    return saved.code


ROAD_FOR_WEI = ("0>U@-3,-1/0", "1>U@-4,-1/0:1W")
CITY_QUESTIONS = (
    *ROAD_FOR_WEI,
    "0>A@-5,-1/270:quarter=castle+big,count=market",
    "1>E@-2,2/0:1N:from_city=0@-2,2/N+big",
)
"""The last tile asks both of the City's questions: Mina's big meeple out of the castle onto the
city Wei's tile completes (she wins it), and a quarter for Wei, whom only she outscored."""
MARKET = (*ROAD_FOR_WEI, "0>A@-5,-1/270:quarter=market")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_page_passes_axe(live_server, page: Page, board_document, lang):
    document = board_document("base-game.json")
    document["placements"] = document["placements"][:5]
    saved = services.import_board(read_board(document))
    final = services.import_board(read_board({**document, "mode": "final"}))
    free = "{},{}".format(*sorted(services.load(saved.code).game.board.open_squares)[0])
    codes = {"code": saved.code, "final": final.code, "count": count_game(*CITY_QUESTIONS)}
    codes["market"] = count_game(*MARKET)
    found = []
    for name, path in BOARD_PAGES.items():
        page.goto(live_server.url + path.format(lang=lang, free=free, **codes))
        found += [
            f"{name}: {v}"
            for v in _violations_at_every_width(page, every_engine_everywhere=True) + naming_problems(page)
        ]
    assert not found, "\n".join(found)


def _focused(page: Page) -> str:
    return page.evaluate(
        "document.activeElement.dataset.action || document.activeElement.tagName.toLowerCase()"
    )


def test_an_example_by_keyboard_alone_is_read_out_step_by_step(live_server, page: Page, console_errors):
    page.clock.install()  # the page's timers run as usual, and the test can fast-forward them
    page.goto(f"{live_server.url}/en/learn/examples/river-start/")
    example = page.locator(".example")
    announcer = page.locator("#example-announcer")
    presses = 0
    # Tab from the top of the page to Next (Previous is disabled on the first step and skipped).
    while _focused(page) != "next":
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 12, "Next is too many Tab presses away"
    page.keyboard.press("Enter")
    presses += 1
    expect(example).to_have_attribute("data-step", "1")
    expect(announcer).to_contain_text("Step 1 of")
    caption = page.locator(".example-caption").inner_text()
    expect(announcer).to_contain_text(caption)
    assert _focused(page) == "next"  # focus stayed on the control pressed, in the swapped content
    page.keyboard.press("ArrowRight")
    presses += 1
    expect(example).to_have_attribute("data-step", "2")
    expect(announcer).to_contain_text("Step 2 of")
    # Next stays focused unless step 2 is the last, where it is disabled and the example takes focus.
    on_step_two = _focused(page)
    assert on_step_two in {"next", "figure"}
    page.keyboard.press("ArrowLeft")
    presses += 1
    expect(example).to_have_attribute("data-step", "1")
    assert _focused(page) == on_step_two  # an arrow key moves no focus
    # Space plays from wherever focus is in the example, and pauses again.
    page.keyboard.press(" ")
    presses += 1
    play = page.locator('[data-action="play"]')
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(example).to_have_attribute("data-step", "2")
    assert _focused(page) == "play"  # on Pause, to be pressed again
    page.keyboard.press(" ")
    presses += 1
    expect(page.locator('[data-action="play"]')).to_have_attribute("aria-pressed", "false")
    step = example.get_attribute("data-step")
    page.clock.run_for(10_000)  # ten seconds of the page's timers, at once
    assert example.get_attribute("data-step") == step  # paused: no further step
    assert presses <= 17
    assert not console_errors


def test_the_score_explanation_is_announced_outside_the_swap(live_server, page: Page, played_game):
    page.goto(f"{live_server.url}/en/play/{played_game.code}/score/")
    announcer = page.locator("#explain-announcer")
    expect(announcer).to_have_text("")
    line = page.locator(".events a").nth(1)
    line.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#explain")).to_have_attribute("data-announce", re.compile("."))
    sentence = page.locator(".explain-sentence").inner_text()
    expect(announcer).to_contain_text(sentence)
    assert page.locator("#explain #explain-announcer").count() == 0  # not inside what htmx swaps
    # The tables scroll by keyboard: each is a focusable, named region.
    region = page.locator(".table-scroll").first
    expect(region).to_have_attribute("role", "region")
    assert page.locator("#breakdown-heading").inner_text() == "Points by category"
    region.focus()
    assert page.evaluate("document.activeElement.classList.contains('table-scroll')")


@pytest.mark.parametrize("width", [320, 390, 640])  # 640: a 1280-pixel screen at 200% zoom
def test_on_a_narrow_screen_the_points_by_category_are_a_card_per_player(
    live_server, page: Page, played_game, width
):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server.url}/en/play/{played_game.code}/score/")
    expect(page.locator(".breakdown")).to_be_hidden()
    cards = page.locator(".score-card")
    expect(cards.first).to_be_visible()
    assert cards.count() == page.locator(".breakdown tbody tr").count()
    for card in cards.all():
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, width
    assert page.locator(".score-card h3").first.inner_text().strip()
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1


@pytest.mark.parametrize("width", [800])  # the table from 48rem on; its headings wrap up to 64rem
def test_the_score_table_keeps_player_and_total_in_sight_while_it_scrolls(
    live_server, page: Page, played_game, width
):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server.url}/en/play/{played_game.code}/score/")
    region = page.locator(".table-scroll").first
    region.focus()
    for _ in range(20):
        page.keyboard.press("ArrowRight")  # the region scrolls by keyboard
    box = region.bounding_box()
    for cell in (page.locator(".breakdown tbody th").first, page.locator(".breakdown tbody td").last):
        seen = cell.bounding_box()
        assert box["x"] - 1 <= seen["x"] and seen["x"] + seen["width"] <= box["x"] + box["width"] + 1, width
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
