"""A game with the Count and the River copied on a 390 × 844 phone as a table would: the City is
laid as the game is created, then the spring, the river and the rest, each tile's figure on the
large tile, and the City's questions under it: who steps out of a quarter onto what the tile
completes (a toggle per follower), a follower into a quarter when only others scored, and where
the Count goes. Every tap is a target of at least 44 × 44 px in view without a scroll, and the
copy scores what the game did."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import TILES, FigureKind, Game
from scorer.engine.expansions.count import COUNT, EnterQuarter, StepOut
from scorer.engine.simulate import random_game

from .test_browser import settled, wait_for_moves
from .test_browser_phone_copy import PHONE, browser_context_args  # noqa: F401 (a touch phone here too)
from .test_browser_phone_every_box import SheetTaps, find

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

THREE = [("Mina", "red"), ("Wei", "blue"), ("Sara", "green")]
BOXES = ["count", "river", "inns-cathedrals"]


def played_game() -> Game:
    """A seeded game whose turns step out of the City and enter quarters, cut after 60 tiles."""
    for seed in range(40):
        game = random_game(random.Random(seed), 3, expansions=BOXES, meeple_chance=0.9, max_tiles=60)
        kinds = {type(a) for turn in game.turns for a in turn.placement.actions}
        if {StepOut, EnterQuarter} <= kinds:
            return game
    raise AssertionError("no seed stepped out of the City and entered a quarter")


def city_actions(page: Page, tap: SheetTaps, placement, copied_before: Game) -> int:
    """The City's questions under the tile just laid, as the game answered them; taps made."""
    count = tap.count
    step_out = next((a for a in placement.actions if type(a) is StepOut), None)
    if step_out is not None:
        choices = COUNT.step_outs(copied_before, placement)
        for ref in step_out.followers:
            feature = copied_before.copy()
            feature.push(placement.bare().laid_by(placement.player))
            node = COUNT.node_at(feature, ref)
            choice = next(c for c in choices if feature.group_of(c.root) == feature.group_of(node))
            resident = next(r for r in choice.residents if (r.player, r.kind) == (ref.player, ref.kind))
            button = page.locator(f'.figure-card .city-step button[data-ref="{choice.ref(resident)}"]')
            tap(button, "steps out")
            settled(page)
    enter = next((a for a in placement.actions if type(a) is EnterQuarter), None)
    if enter is not None:
        first = enter._replace(kind=FigureKind.MEEPLE, count=None)
        offered = page.locator(f'.figure-card .city-step form:has(input[value="{first}"]) button')
        if not offered.count():
            first = enter._replace(count=None)
            offered = page.locator(f'.figure-card .city-step form:has(input[value="{first}"]) button')
        tap(offered, "into a quarter")
        settled(page)
        if enter.kind is not first.kind:
            bigger = enter._replace(count=None)
            tap(page.locator(f'.figure-card .city-step form:has(input[value="{bigger}"]) button'), "big")
            settled(page)
        if enter.count is not None:
            tap(page.locator(f'.figure-card .city-step form:has(input[value="{enter}"]) button'), "the Count")
            settled(page)
    return tap.count - count


def test_a_game_with_the_count_and_the_river_copied_on_a_phone(
    live_server, page: Page, console_errors, record_property
):
    played = played_game()
    saved = services.create_game(services.GameSettings(players=THREE, expansions=BOXES))
    assert len(services.load(saved.code).moves) == 12  # the City comes with the game
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    expect(page.locator(".quarters")).to_have_count(1)
    tap = SheetTaps(page)
    city_taps = 0
    for n, placement in enumerate(played.placements[12:], start=13):
        before = services.load(saved.code).game
        square = page.locator(f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]')
        tap(square, f"square {placement}")
        button, rotation = find(page, tap, placement)
        tap(button, "tile")
        wait_for_moves(page, n)
        if placement.meeple is not None:
            place_figure_keeping_card(page, tap, placement, rotation)
        city = [a for a in placement.actions if type(a) in (StepOut, EnterQuarter)]
        if city:
            city_taps += city_actions(page, tap, placement, before)
        answered = placement.meeple is not None or city
        if answered and page.locator(".figure-card").count() and page.locator(".figure-card").is_visible():
            tap(page.locator(".figure-card [data-no-figure]"), "done")
            settled(page)
    tiles = len(played.placements) - 12
    summary = (
        f"Count and River, three players, {tiles} tiles after the City: {tap.count / tiles:.2f} taps a tile,"
        f" {city_taps} on the City's questions"
    )
    record_property("summary", summary)
    print("\n" + summary)
    copied = services.load(saved.code).game
    assert copied.report().totals == played.report().totals
    assert COUNT.residents(copied) == COUNT.residents(played)
    assert city_taps > 0
    assert not tap.problems, sorted(set(tap.problems))
    assert not console_errors


def place_figure_keeping_card(page: Page, tap: SheetTaps, placement, rotation: int) -> None:
    """The figure on the large tile; the card stays open when the City still has questions."""
    meeple = placement.meeple
    orientation = TILES[placement.tile].oriented(rotation)
    index = orientation.feature_for(meeple.at, garden=meeple.kind.value == "abbot")
    place = orientation.place_of(index).name
    card = page.locator(".figure-card")
    expect(card).to_be_visible()
    dot = page.locator(f'.figure-card .dot-form[data-place="{place}"][data-kind="{meeple.kind.value}"] .dot')
    if not dot.is_visible():
        tap(card.locator(f'.card-kinds a.kind-chip[href*="kind={meeple.kind.value}"]'), "figure kind")
        settled(page)
    tap(dot, "spot")
    settled(page)
