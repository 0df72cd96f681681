"""The expansions in Debian's Chromium: a garden-edition game with the River and abbots copied by
clicks, and a six-player Inns & Cathedrals game from the new-game form to the score page in every
language."""

import random
import re
import time

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import FigureKind, Game, Placement
from scorer.engine.simulate import random_game

from .test_browser import _equivalent_rotation, settled, wait_for_moves

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def lay_square_first(page: Page, placement: Placement) -> int:
    """Click the square, then the tile already turned the right way: two actions."""
    page.locator(f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]').click()
    offered = page.locator(f'.palette button.option[data-tile="{placement.tile}"]')
    expect(offered.first).to_be_visible()
    rotations = [int(r) for r in offered.evaluate_all("els => els.map(e => e.dataset.rotation)")]
    rotation = _equivalent_rotation(placement, rotations)
    page.locator(f'.palette button.option[data-tile="{placement.tile}"][data-rotation="{rotation}"]').click()
    return rotation


def pick_player(page: Page, player: int) -> None:
    chips = ".meeple-chooser .chips:not(.figure-kinds) a.chip"
    if page.locator(chips).count() == 0:  # a game being played: the layer's figures only, at first
        page.locator(".meeple-chooser .others a").click()
        expect(page.locator(chips).first).to_be_visible()
    page.locator(chips).nth(player).click()
    expect(page.locator(chips).nth(player)).to_have_attribute("aria-current", "true")
    settled(page)


def choose_figure(page: Page, placement: Placement, rotation: int, default_player: int) -> int:
    """Pick the player and the figure if they are not the defaults, then the dot: its actions."""
    actions = 0
    if placement.recall is not None:
        recall = placement.recall
        if default_player != recall.player:
            pick_player(page, recall.player)
            actions += 1
        page.locator(f'.recalls form[data-square="{recall.x},{recall.y}"] button').click()
        return actions + 1
    meeple = placement.meeple
    if default_player != meeple.player:
        pick_player(page, meeple.player)
        actions += 1
    if meeple.kind is not FigureKind.MEEPLE:
        chip = page.locator(f'.figure-kinds a.kind-chip[href*="kind={meeple.kind.value}"]')
        chip.click()
        expect(chip).to_have_attribute("aria-current", "true")  # the chooser was swapped in
        settled(page)
        actions += 1
    orientation = Game(2).tile_type(placement.tile).oriented(rotation)
    feature = orientation.feature_for(meeple.at, garden=meeple.kind is FigureKind.ABBOT)
    place = orientation.place_of(feature).name
    page.locator(f'#board-grid .dot-form[data-place="{place}"] button').click()
    return actions + 1


def test_copying_a_garden_edition_game_with_the_river_by_clicks(live_server, page: Page, console_errors):
    # The river, an abbot and its recall by the 15th tile: 40 tiles copied show every step of the
    # garden edition (the whole game, 84 tiles, took 50 s of the browser tier).
    played = random_game(random.Random(6), 2, expansions=("river", "abbot"), meeple_chance=0.6, max_tiles=40)
    assert any(t.placement.recall for t in played.turns) and any(
        t.placement.meeple and t.placement.meeple.kind is FigureKind.ABBOT for t in played.turns
    )
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], expansions=("river", "abbot"))
    )
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    engine = Game(played.players, expansions=played.expansions)
    actions, started = 0, time.perf_counter()
    for n, placement in enumerate(played.placements):
        default_player = engine.to_move
        rotation = lay_square_first(page, placement)
        actions += 2
        wait_for_moves(page, n + 1)
        if placement.meeple is not None or placement.recall is not None:
            actions += choose_figure(page, placement, rotation, default_player)
            expect(page.locator(".dot"), str(placement)).to_have_count(0)
            settled(page)
        engine.push(placement)
    per_tile = actions / len(played.placements)
    seconds = (time.perf_counter() - started) / len(played.placements)
    print(f"\ngarden edition + River: {per_tile:.2f} actions per tile, {seconds:.2f} s per tile")
    assert services.load(saved.code).game.report().totals == played.report().totals
    assert per_tile <= 2.5
    assert not console_errors


LANGUAGE_WORDS = {"en": "Final score", "zh-hant": "最終", "zh-hans": "最终", "fa": "نهایی"}


@pytest.mark.parametrize("lang", ["en", "zh-hant", "zh-hans", "fa"])
def test_a_six_player_game_with_inns_and_cathedrals(live_server, page: Page, console_errors, lang):
    page.goto(f"{live_server.url}/{lang}/play/")
    page.check('input[name="expansions"][value="inns-cathedrals"]')
    names = ["Mina", "Wei", "Sara", "Arash", "林", "Zoë"]
    for i, name in enumerate(names):
        page.fill(f'input[name="name_{i}"]', name)
    colours = ["red", "blue", "green", "yellow", "black", "pink"]
    for i, colour in enumerate(colours):
        page.select_option(f'select[name="color_{i}"]', colour)
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/play/[a-z0-9]+/$"))
    assert page.locator(".scoreboard tbody tr").count() == 6

    # The start tile, then the cathedral with the first player's big meeple on it.
    page.locator('a.palette-tile[data-tile="D"]').click()
    expect(page.locator('a.palette-tile[data-tile="D"][aria-current]')).to_be_visible()
    page.locator('.cell.open.legal[data-x="0"][data-y="0"]').click()
    page.locator(".preview-controls .option").first.click()
    wait_for_moves(page, 1)
    lay_square_first(page, Placement("ic-cathedral", 0, -1, 0))
    wait_for_moves(page, 2)
    page.locator('.figure-kinds a.kind-chip[href*="kind=big"]').click()
    page.locator(".dot.k-big").first.click()
    expect(page.locator(".meeple.k-big")).to_have_count(1)
    for n, placement in enumerate(["E@1,-1/270", "E@-1,-1/90", "E@0,-2/180"], start=3):
        lay_square_first(page, Placement.parse(placement))
        wait_for_moves(page, n)
    # The cathedral city is closed: 5 tiles × 3 for the big meeple's owner.
    expect(page.locator(".meeple.k-big")).to_have_count(0)
    page.locator("form.finish-form button").click()
    page.wait_for_url(re.compile(r"/score/$"))
    assert LANGUAGE_WORDS[lang] in page.locator("h1").inner_text()
    rows = page.locator(".breakdown tbody tr")
    assert rows.count() == 6
    assert "15" in rows.first.inner_text() or "۱۵" in rows.first.inner_text()
    assert not console_errors
