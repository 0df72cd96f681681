"""Finding one's way in Chromium: chapters read remembered and forgotten, glossary tooltips for the
keyboard, the compass that never mirrors, and the summary printed on one A4 page."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorer.board_layer.languages import localize_digits
from tutorial import content

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")


def shoot(page: Page, artifacts, name: str) -> None:
    shots = artifacts / "screenshots"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=shots / f"{name}.png", full_page=True)


def read_to_the_end(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("article.chapter .pager").scroll_into_view_if_needed()
    expect(page.locator("article.chapter .pager")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["fa", "zh-hant"])
@pytest.mark.parametrize("width", [390, 1280])
def test_chapters_read_are_ticked_and_can_be_forgotten(
    live_server, page: Page, console_errors, artifacts, lang, width
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/learn/")
    expect(page.locator(".read-mark").first).to_be_hidden()
    expect(page.locator("[data-reading-progress]")).to_be_hidden()

    # Opening a chapter is not reading it: only reaching its end is.
    page.goto(f"{live_server.url}/{lang}/learn/roads/")
    page.goto(f"{live_server.url}/{lang}/learn/")
    expect(page.locator('[data-chapter="roads"] .read-mark')).to_be_hidden()
    for slug in ("overview", "turn"):
        read_to_the_end(page, f"{live_server.url}/{lang}/learn/{slug}/")
        expect(page.locator("article.chapter")).to_be_visible()

    page.goto(f"{live_server.url}/{lang}/learn/")
    for slug in ("overview", "turn"):
        mark = page.locator(f'[data-chapter="{slug}"] .read-mark')
        expect(mark).to_be_visible()
        assert mark.inner_text().strip().startswith("✓") and len(mark.inner_text().strip()) > 2
    expect(page.locator('[data-chapter="roads"] .read-mark')).to_be_hidden()
    total = localize_digits(len(content.available(lang)), lang)
    counter = page.locator("[data-reading-count]")
    expect(counter).to_contain_text(localize_digits(2, lang))
    expect(counter).to_contain_text(total)
    next_link = page.locator("[data-reading-next] a")
    expect(next_link).to_have_attribute("href", f"/{lang}/learn/placing-tiles/")
    shoot(page, artifacts, f"contents-read-{lang}-{width}")

    # The home page remembers too; the same chapters count in another language.
    page.goto(f"{live_server.url}/{lang}/")
    expect(page.locator('.home-chapters [data-chapter="turn"] .read-mark')).to_be_visible()
    other = "zh-hans" if lang == "fa" else "en"
    page.goto(f"{live_server.url}/{other}/learn/")
    expect(page.locator('[data-chapter="overview"] .read-mark')).to_be_visible()

    page.goto(f"{live_server.url}/{lang}/learn/")
    page.locator("[data-forget-reading]").click()
    expect(page.locator(".read-mark:visible")).to_have_count(0)
    expect(page.locator("[data-reading-progress]")).to_be_hidden()
    page.reload()
    expect(page.locator(".read-mark:visible")).to_have_count(0)
    assert not console_errors


def test_without_javascript_the_contents_show_no_ticks_and_work(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/learn/")
    expect(page.locator(".read-mark:visible")).to_have_count(0)
    expect(page.locator("[data-forget-reading]")).to_be_hidden()
    page.locator('[data-chapter="roads"] a').click()
    expect(page.locator("h1")).to_have_text(content.chapter("en", "roads").title)
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_glossary_word_shows_its_sentence_to_the_keyboard_and_leads_to_its_entry(
    live_server, page: Page, lang
):
    page.goto(f"{live_server.url}/{lang}/learn/farms/")
    term = page.locator(".prose a.term").first
    title = term.get_attribute("title")
    assert title
    term.focus()
    shown = term.evaluate("e => getComputedStyle(e, '::after').content")
    assert shown.strip('"') == title
    anchor = term.get_attribute("href").split("#")[1]
    term.press("Enter")
    expect(page).to_have_url(re.compile(rf"/{lang}/learn/glossary/#"))
    expect(page.locator(f'dt[id="{anchor}"]')).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["fa", "zh-hant"])
def test_the_compass_keeps_east_on_the_right_on_every_page(live_server, page: Page, lang):
    page.goto(f"{live_server.url}/{lang}/learn/roads/")
    compass = page.locator(".example .compass").first
    compass.scroll_into_view_if_needed()
    expect(compass).to_be_visible()
    east, west = compass.locator(".compass-e").bounding_box(), compass.locator(".compass-w").bounding_box()
    north, south = compass.locator(".compass-n").bounding_box(), compass.locator(".compass-s").bounding_box()
    assert east["x"] > west["x"] and north["y"] < south["y"]
    board = page.locator(".example .example-board").first.bounding_box()
    box = compass.bounding_box()
    assert box["x"] + box["width"] <= board["x"] + board["width"] + 1  # inside the board's box
    assert box["width"] < 64


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_prints_on_one_a4_page_without_the_site_around_it(
    live_server, page: Page, artifacts, lang
):
    page.goto(f"{live_server.url}/{lang}/learn/summary/")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".site-footer")).to_be_hidden()
    expect(page.locator(".no-print").first).to_be_hidden()
    expect(page.locator(".rules-summary h1")).to_be_visible()
    pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    (artifacts / f"summary-{lang}.pdf").write_bytes(pdf)
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", pdf)
    assert len(pages) == 1, f"the {lang} summary takes {len(pages)} pages"


@pytest.mark.parametrize("lang", ["fa", "zh-hant", "en"])
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_the_new_pages(live_server, page: Page, console_errors, artifacts, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    for name in ("tiles", "mistakes", "summary"):
        page.goto(f"{live_server.url}/{lang}/learn/{name}/")
        expect(page.locator("h1")).to_be_visible()
        # Nothing sticks out sideways on a phone.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        shoot(page, artifacts, f"{name}-{lang}-{width}")
    assert not console_errors
