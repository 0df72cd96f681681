"""A whole game with every box (River, Abbot, Inns & Cathedrals, Traders & Builders, The Tower,
Princess & Dragon) and six players, copied on a 390 × 844 phone as a table would: the square, then
the tile already turned (the finder when it is not in view), then the figure on the large tile, or
the tower's floor and capture, a figure onto a tower, a ransom, the fairy, the princess, a portal's
figure, and the dragon's steps square by square. Every tap is checked: a target of at least
44 × 44 px, in view without scrolling the page or the sheet; choosing a tile asks the server
nothing; a turn without an expansion's steps is at most two requests (the lay, the figure).

The game is copied in two halves, each a test of its own (the second starts from the first half
read from its board file), so that two browsers share the work."""

from __future__ import annotations

import random
import statistics

import pytest
from playwright.sync_api import Page, Request, expect

from scorer import services
from scorer.boardpage.choices import finder_facts
from scorer.engine import TILES, Game, Placement, read_board, write_board
from scorer.engine.expansions.princess_dragon import DragonMove, FairyMove, PortalFigure, PrincessVisit
from scorer.engine.expansions.tower import Floor, Ransom, TowerTop
from scorer.engine.simulate import random_game
from scorer.engine.tilesets import tile_counts
from scorer.forms import EXPANSION_CHOICES

from .test_browser import _equivalent_rotation, settled, wait_for_moves
from .test_browser_phone_copy import _BEFORE_A_TAP, PHONE, Taps, browser_context_args  # noqa: F401 (a touch phone here too)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = [
    ("Mina", "red"),
    ("Wei", "blue"),
    ("Sara", "green"),
    ("Reza", "yellow"),
    ("Lan", "black"),
    ("Ali", "pink"),
]
EVERY_BOX = [value for value, _ in EXPANSION_CHOICES]  # every box the site offers


class Requests:
    """The requests the page sends to the site itself (pictures and scripts aside)."""

    def __init__(self, page: Page) -> None:
        self.sent: list[str] = []
        page.on("request", self._seen)

    def _seen(self, request: Request) -> None:
        path = request.url.split("//", 1)[-1].split("/", 1)[-1]
        # (The checks for other phones' moves come every 1.5 s whatever this phone does.)
        if not path.startswith(("static/", "tiles/")) and "favicon" not in path and "/state" not in path:
            self.sent.append(f"{request.method} /{path}")

    def since(self, mark: int) -> list[str]:
        return self.sent[mark:]


class SheetTaps(Taps):
    """Taps that also fail when the target is not in view without a scroll: cut off by the sheet
    that holds it (a list longer than the sheet scrolls in its own box) or by the screen."""

    def check_in_view(self, seen: dict, what: str) -> None:
        if not seen["inBoard"] and not seen["inView"]:
            self.problems.append(f"{what}: not in view without a scroll")

    def visible(self, target) -> bool:
        return target.evaluate(_BEFORE_A_TAP)["inView"]


def option_of(page: Page, placement: Placement):
    offered = page.locator(f'.palette-list.narrowed button.option[data-tile="{placement.tile}"]')
    expect(offered.first).to_be_attached()
    rotations = [int(r) for r in offered.evaluate_all("els => els.map(e => e.dataset.rotation)")]
    rotation = _equivalent_rotation(placement, rotations)
    return page.locator(
        f'.palette-list.narrowed button.option[data-tile="{placement.tile}"][data-rotation="{rotation}"]'
    ), rotation


def find(page: Page, tap: SheetTaps, placement: Placement):
    """The tile's lay button, narrowing with the finder until it is in view: city sides, road
    sides, then each mark the tile shows."""
    button, rotation = option_of(page, placement)
    facts = finder_facts(TILES[placement.tile]).split()
    chips = [
        f'[data-facet="city"][data-value="{facts[0][5:]}"]',
        f'[data-facet="road"][data-value="{facts[1][5:]}"]',
    ]
    chips += [f'[data-facet="mark"][data-value="{mark}"]' for mark in facts[2:]]
    for chip in chips:
        if tap.visible(button):
            break
        control = page.locator(f"#finder .finder-chip{chip}")
        if control.count() and control.is_visible() and control.get_attribute("aria-pressed") == "false":
            tap(control, "finder")
    return button, rotation


def place_figure(page: Page, tap: SheetTaps, placement: Placement, rotation: int) -> None:
    if placement.recall is not None:
        recall = placement.recall
        tap(page.locator(f'.recalls form[data-square="{recall.x},{recall.y}"] button'), "abbot back")
        return
    meeple = placement.meeple
    card = page.locator(".figure-card")
    expect(card).to_be_visible()
    orientation = TILES[placement.tile].oriented(rotation)
    index = orientation.feature_for(meeple.at, garden=meeple.kind.value == "abbot")
    place = orientation.place_of(index).name
    dot = page.locator(f'.figure-card .dot-form[data-place="{place}"][data-kind="{meeple.kind.value}"] .dot')
    # A spot where only one kind may stand (the builder's road here) shows without choosing it.
    if not dot.is_visible():
        tap(card.locator(f'.card-kinds a.kind-chip[href*="kind={meeple.kind.value}"]'), "figure kind")
        settled(page)
    tap(dot, "spot")
    settled(page)
    if not page.locator(".figure-card .city-step").count():  # (the City's questions keep it open)
        expect(page.locator(".figure-card")).to_have_count(0)


def visible_form_button(page: Page, action: object):
    """The button that posts ``action``, wherever it shows: on the board or in the sheet."""
    return page.locator(f'form:has(input[name="action"][value="{action}"]) button >> visible=true').first


def tower_actions(page: Page, tap: SheetTaps, placement: Placement) -> bool:
    """The Tower's part of the turn, as the page offers it after the tile is down: a ransom first
    (from the card's chip, then its button in the sheet), then a floor (the tower on the board,
    then the figure it captures on the board, or "no capture" in the sheet) or a figure onto a
    tower (its tower on the board). Whether the turn had any."""
    card_chip = '.figure-card .card-tower a[href*="tower={}"]'
    ransom = next((a for a in placement.actions if isinstance(a, Ransom)), None)
    floor = next((a for a in placement.actions if isinstance(a, Floor)), None)
    top = next((a for a in placement.actions if isinstance(a, TowerTop)), None)
    if ransom is not None:
        tap(page.locator(card_chip.format("ransom")), "ransom")
        settled(page)
        tap(visible_form_button(page, ransom), "ransom paid")
        settled(page)
    if floor is not None:
        tap(page.locator(card_chip.format("floor")), "tower floor")
        settled(page)
        tap(page.locator(f'.cell[data-x="{floor.x}"][data-y="{floor.y}"] .target.k-floor'), "tower")
        settled(page)
        tap(visible_form_button(page, floor), "capture" if floor.capture else "no capture")
        settled(page)
    if top is not None:
        tap(page.locator(card_chip.format("top")), "figure onto a tower")
        settled(page)
        button = visible_form_button(page, top)
        if not button.count():
            tap(page.locator(f'.tower-step a[href*="kind={top.kind.value}"]'), "figure kind")
            settled(page)
        tap(visible_form_button(page, top), "tower top")
        settled(page)
    return ransom is not None or floor is not None or top is not None


def as_copied(ref, copied: Game):
    """``ref`` (a figure reference or a portal's figure) named as the copied game's page names it:
    a tile copied at a turn that looks the same holds the figure on the same spot, but its
    feature's usual place name may be another one there."""
    if ref.at == "tower":
        return ref
    orientation = copied.board.tiles[ref.square].orientation
    return ref._replace(
        at=orientation.place_of(orientation.feature_for(ref.at, garden=ref.kind.value == "abbot"))
    )


def creature_actions(page: Page, tap: SheetTaps, placement: Placement, code: str) -> bool:
    """Princess & Dragon's part of the turn: the fairy, the princess or a portal's figure (the
    card's chip, then its button on the board or in the sheet). Whether the turn had one."""
    card_chip = '.figure-card .card-tower a[href*="creature={}"]'
    for kind, stage in ((FairyMove, "fairy"), (PrincessVisit, "princess"), (PortalFigure, "portal")):
        action = next((a for a in placement.actions if type(a) is kind), None)
        if action is None:
            continue
        copied = services.load(code).game
        action = as_copied(action, copied) if kind is PortalFigure else kind(as_copied(action[0], copied))
        tap(page.locator(card_chip.format(stage)), stage)
        settled(page)
        if type(action) is PortalFigure and not visible_form_button(page, action).count():
            tap(page.locator(f'.creature-step a[href*="kind={action.kind.value}"]'), "figure kind")
            settled(page)
        tap(visible_form_button(page, action), stage)
        settled(page)
        return True
    return False


def dragon_steps(page: Page, tap: SheetTaps, placement: Placement) -> bool:
    """The dragon's move, square by square on the board (the card's chip first when the figure
    step is still open). Whether the turn had one."""
    move = next((a for a in placement.actions if type(a) is DragonMove and a.steps), None)
    if move is None:
        return False
    chip = page.locator('.figure-card .card-tower a[href*="creature=dragon"]')
    if chip.count() and chip.is_visible():
        tap(chip, "move the dragon")
        settled(page)
    for x, y in move.steps:
        tap(page.locator(f'.cell[data-x="{x}"][data-y="{y}"] .target.k-dragon'), "dragon step")
        settled(page)
    expect(page.locator(".target.k-dragon")).to_have_count(0)
    return True


def city_questions(page: Page, tap: SheetTaps, placement: Placement, before: Game) -> bool:
    """The City's questions under the tile just laid (after its figure and the dragon), answered
    as the game did, then "done"; whether the turn had any."""
    from .test_browser_phone_count import city_actions

    answered = city_actions(page, tap, placement, before) > 0
    card = page.locator(".figure-card")
    if card.count() and card.is_visible() and (answered or placement.meeple is not None):
        tap(page.locator(".figure-card [data-no-figure]"), "done")
        settled(page)
        return True
    return answered


HALVES = 2


@pytest.mark.parametrize("half", range(HALVES))
def test_a_whole_game_with_every_box_and_six_players_copied_on_a_phone(
    live_server, page: Page, console_errors, record_property, half
):
    played = random_game(random.Random(11), 6, expansions=EVERY_BOX, meeple_chance=0.3)
    assert len(played.placements) == sum(tile_counts(EVERY_BOX).values()) == 186
    # The later tiles cost more (a bigger board, the dragon about): the first half is the longer.
    cut = len(played.placements) * 11 // 20
    first, last = (0, cut) if half == 0 else (cut, len(played.placements))
    if first == 0:
        saved = services.create_game(services.GameSettings(players=SIX, expansions=EVERY_BOX))
        first = len(services.load(saved.code).moves)  # the City of Carcassonne comes with the game
    else:
        document = write_board(played)
        document["placements"] = document["placements"][:first]
        for entry, (name, color) in zip(document["players"], SIX):
            entry["name"], entry["color"] = name, color
        saved = services.import_board(read_board(document))
    page.set_viewport_size(PHONE)
    sent = Requests(page)
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    tap = SheetTaps(page)
    choosing_requests, turn_requests, step_requests, finder_taps, step_taps = [], [], [], 0, 0
    for n, placement in enumerate(played.placements[first:last], start=first + 1):
        start = len(sent.sent)
        copied_before = services.load(saved.code).game
        square = page.locator(f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]')
        tap(square, f"square {placement}")
        before = tap.count
        button, rotation = find(page, tap, placement)
        finder_taps += tap.count - before
        choosing_requests += sent.since(start)
        tap(button, "tile")
        wait_for_moves(page, n)
        before = tap.count
        stepped = tower_actions(page, tap, placement) | creature_actions(page, tap, placement, saved.code)
        step_taps += tap.count - before
        if placement.meeple is not None or placement.recall is not None:
            place_figure(page, tap, placement, rotation)
        before = tap.count
        stepped |= dragon_steps(page, tap, placement)
        stepped |= city_questions(page, tap, placement, copied_before)
        step_taps += tap.count - before
        (step_requests if stepped else turn_requests).append(len(sent.since(start)))
    tiles = last - first
    per_tile = tap.count / tiles
    record_property("taps_per_tile", f"{per_tile:.2f}")
    summary = (
        f"every box, six players, tiles {first + 1}-{last}: {per_tile:.2f} taps a tile"
        f" ({finder_taps} on the finder, {step_taps} on the expansions' steps), {tap.pans} pans,"
        f" requests a turn: median {statistics.median(turn_requests)}, most {max(turn_requests)};"
        f" {len(step_requests)} turns with the expansions' steps: requests median"
        f" {statistics.median(step_requests)}, most {max(step_requests)}"
    )
    record_property("summary", summary)
    print("\n" + summary)
    assert not tap.problems, sorted(set(tap.problems))
    assert choosing_requests == []
    assert max(turn_requests) <= 2
    # Two taps a tile and a spot for each figure, the rest the finder's; the expansions' own steps
    # (a floor is three taps, a dragon's move up to six) are counted apart.
    assert (tap.count - step_taps) / tiles <= 2.5
    copied = services.load(saved.code).game
    expected = Game(played.players, rules=played.rules, expansions=played.expansions)
    expected.extend(played.placements[:last])
    assert copied.report().totals == expected.report().totals
    assert not console_errors


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_figure_step_with_every_kind_fits_the_smallest_phone(live_server, page: Page, lang):
    """320 × 568 with five figure kinds on offer: every target of the figure step in view, none
    needing a scroll of the page or the sheet."""
    played = random_game(random.Random(11), 6, expansions=EVERY_BOX, meeple_chance=0.3)
    saved = services.create_game(services.GameSettings(players=SIX, expansions=EVERY_BOX))
    loaded = services.load(saved.code)
    digest, laid = loaded.digest, len(loaded.moves)  # (the City of Carcassonne came with the game)
    for placement in played.placements[laid : laid + 15]:
        digest = services.add_move(saved.code, placement.without_meeple(), expected=digest).digest
    page.set_viewport_size({"width": 320, "height": 568})
    page.goto(f"{live_server.url}/{lang}/play/{saved.code}/?spots=1")
    card = page.locator(".figure-card")
    expect(card).to_be_visible()
    targets = card.locator(".kind-chip, .button, .dot-form:not([hidden]) .dot")
    assert card.locator(".kind-chip").count() == 5
    tap = SheetTaps(page)
    out_of_view = [n for n in range(targets.count()) if not tap.visible(targets.nth(n))]
    assert out_of_view == []
    assert page.evaluate("document.getElementById('play-sheet').scrollHeight") <= page.evaluate(
        "document.getElementById('play-sheet').clientHeight"
    )
