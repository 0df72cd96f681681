"""The Tower's marks and controls in Debian's Chromium: the score page's badges lie on the picture's
squares (the grid over it is the picture's own size, in Persian too), and the phone's figure card
takes a ransom back with a thumb-sized button, answered in place."""

import pytest
from playwright.sync_api import Page, expect

from scorer import services

from .test_tower_views import import_game, paid_ransom, seeded_long_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def long_game():
    return seeded_long_game()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def test_the_score_pages_badges_lie_over_the_pictures_squares(live_server, page: Page, long_game):
    saved = import_game(long_game)
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.goto(f"{live_server.url}/fa/play/{saved.code}/score/")
    picture = page.locator(".picture-frame img")
    expect(picture).to_have_js_property("complete", True)
    image, marks = picture.bounding_box(), page.locator(".picture-marks").bounding_box()
    corner = page.locator(".mark-corner").bounding_box()
    assert image and marks and corner
    for side in ("x", "y", "width", "height"):
        assert abs(image[side] - marks[side]) <= 1, side
    # The last square's cell ends where the picture does: the grid has every column and row.
    extent = long_game.board.extent
    assert abs(corner["x"] + corner["width"] - image["x"] - image["width"]) <= 1
    assert abs(corner["width"] - image["width"] / extent.columns) <= 1
    expect(page.locator(".pic-mark.k-capture").first).to_be_visible()


def test_the_phones_card_takes_the_ransom_back_in_place(live_server, client, phone: Page, long_game):
    saved, layer, scores = paid_ransom(client, long_game)
    phone.goto(f"{live_server.url}/en/play/{saved.code}/?spots=1&for={layer}")
    button = phone.locator("#figure-card .no-ransom")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box and box["height"] >= 44
    button.click()
    expect(phone.locator("#figure-card .card-paid")).to_have_count(0)
    expect(phone.locator("#figure-card .card-tower a[href*='tower=ransom']")).to_be_visible()
    assert services.load(saved.code).game.scores == scores
