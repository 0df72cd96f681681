"""The scoring assistant in Debian's Chromium: a game entered by hand, undo, reload, import,
and how fast a whole board can be copied in."""

import json
import random
import re
import time

import pytest
from playwright.sync_api import Page, expect

from scorer import services
from scorer.engine import TILES, Game, Placement, build_game, read_board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OPENING = [
    "D@0,0/0",
    "G@0,-1/90:0N",  # Mina's knight in a city running north
    "U@1,0/0:1E",  # Wei's thief on the road east
    "E@0,-2/180",  # closes Mina's three-tile city: 6 points, knight home
]


def moves_now(page: Page) -> int:
    return int(page.locator("#play-state").get_attribute("data-moves"))


def wait_for_moves(page: Page, n: int) -> None:
    """Wait until the page shows ``n`` moves. (A locator's own wait, which the page's next frame
    answers, rather than ``expect``, which looks again only after 100, 250, 500 and then 1000 ms:
    a whole game copied waited most of its time there. Not ``wait_for_function``: the site's
    Content-Security-Policy forbids evaluating strings.)"""
    page.locator(f'#play-state[data-moves="{n}"]').wait_for(state="attached")
    settled(page)


def settled(page: Page) -> None:
    """Wait until htmx has finished the swap: the page's script moves the board back into place as
    it settles, and a click aimed before that could land on the square beside."""
    page.locator(".htmx-request, .htmx-settling, .htmx-swapping, .htmx-added").first.wait_for(
        state="detached"
    )


def lay_by_keyboard(page: Page, placement: Placement) -> None:
    """Tile letter, click the square, R until the rotation is right, Enter."""
    n = moves_now(page)
    page.locator("#board-viewport").focus()
    if len(placement.tile) == 1:
        page.keyboard.press(placement.tile.lower())
    else:
        page.locator(f'a.palette-tile[data-tile="{placement.tile}"]').click()
    expect(page.locator(f'a.palette-tile[data-tile="{placement.tile}"][aria-current]')).to_be_visible()
    page.locator(f'.cell.open.legal[data-x="{placement.x}"][data-y="{placement.y}"]').click()
    options = page.locator(".preview-controls .option")
    expect(options.first).to_be_visible()
    wanted = _equivalent_rotation(
        placement,
        [int(o) for o in options.evaluate_all("els => els.map(e => e.closest('form').rotation.value)")],
    )
    for _ in range(4):
        current = int(
            page.locator(".preview-controls .option.current").evaluate(
                "e => e.closest('form').rotation.value"
            )
        )
        if current == wanted:
            break
        page.keyboard.press("r")
        current_form = page.locator(".preview-controls .option.current").locator("xpath=ancestor::form")
        expect(current_form.locator('input[name="rotation"]')).not_to_have_value(str(current))
    page.keyboard.press("Enter")
    wait_for_moves(page, n + 1)
    if placement.meeple is not None:
        click_dot(page, placement, wanted)


def _equivalent_rotation(placement: Placement, offered: list[int]) -> int:
    """The offered rotation that lays the tile exactly as ``placement`` does (symmetric tiles
    offer only one of their identical turns)."""
    turn = TILES[placement.tile].same_turn(placement.rotation, offered)
    if turn is None:
        raise AssertionError(f"{placement} not offered: {offered}")
    return turn


def click_dot(page: Page, placement: Placement, rotation: int) -> None:
    orientation = TILES[placement.tile].oriented(rotation)
    feature = orientation.feature_at[placement.meeple.at]
    place = orientation.place_of(feature).name
    chips = page.locator(".meeple-chooser .chip")
    if chips.count() == 0:
        # A game being played offers the layer's figures only, until "laid by someone else?".
        whose = page.locator('.dot-form input[name="player"]').first.get_attribute("value")
        if int(whose) != placement.meeple.player:
            page.locator(".meeple-chooser .others a").click()
            expect(chips.first).to_be_visible()
    chip = chips.nth(placement.meeple.player)
    if chips.count() and chip.get_attribute("aria-current") is None:
        chip.click()
        expect(page.locator(".meeple-chooser .chip").nth(placement.meeple.player)).to_have_attribute(
            "aria-current", "true"
        )
    page.locator(f'#board-grid .dot-form[data-place="{place}"] button').click()
    expect(page.locator(".dot")).to_have_count(0)


def start_game(page: Page, live_server, names=("Mina", "Wei")) -> str:
    page.goto(f"{live_server.url}/en/play/")
    for i, name in enumerate(names):
        page.fill(f'input[name="name_{i}"]', name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/en/play/[a-z0-9]+/$"))
    return page.url


def scoreboard(page: Page) -> dict[str, tuple[int, int, int]]:
    """Player name: (meeples in supply, score on the track, total if it ended now)."""
    rows = {}
    for row in page.locator(".scoreboard tbody tr").all():
        name = row.locator("bdi").inner_text()
        cells = row.locator("td").all_inner_texts()
        rows[name] = (int(cells[0].split()[-1]), int(cells[1].split()[0]), int(cells[2]))
    return rows


def continuation(opening: list[str], count: int, seed: int = 3) -> list[Placement]:
    """Legal placements after the opening, chosen by the engine with a fixed seed, with meeples."""
    game = Game(["Mina", "Wei"])
    for text in opening:
        game.push(Placement.parse(text))
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        names = [n for n, left in game.board.supply.items() if left and not TILES[n].is_river]
        options = list(game.legal_placements(rng.choice(names)))
        if not options:
            continue
        placement = rng.choice(options)
        player = game.to_move
        spots = [s for s in game.figure_spots(placement, player) if s.legal]
        if spots and rng.random() < 0.4:
            placement = placement.with_meeple(player, rng.choice(spots).place)
        game.push(placement)
        out.append(placement)
    return out


def test_a_game_entered_by_hand(live_server, page: Page, console_errors):
    board_url = start_game(page, live_server)
    code = board_url.rstrip("/").split("/")[-1]
    opening = [Placement.parse(t) for t in OPENING]

    # The start tile, chosen from the palette and laid on the centre square.
    page.locator('a.palette-tile[data-tile="D"]').click()
    # Wait for the swap: a click on the old board would be lost with it.
    expect(page.locator('a.palette-tile[data-tile="D"][aria-current]')).to_be_visible()
    page.locator('.cell.open.legal[data-x="0"][data-y="0"]').click()
    page.locator(".preview-controls .option").first.click()
    wait_for_moves(page, 1)

    for placement in opening[1:3]:
        lay_by_keyboard(page, placement)
    assert scoreboard(page)["Mina"][0] == 6  # one knight out

    lay_by_keyboard(page, opening[3])
    status = page.locator(".status .message").inner_text()
    assert "Completed city" in status and "Mina scores 6" in status
    assert scoreboard(page)["Mina"] == (7, 6, 6 + 0)  # the knight is home, 6 on the track
    assert scoreboard(page)["Wei"][0] == 6

    later = continuation(OPENING, 9)
    for placement in later:
        lay_by_keyboard(page, placement)
    assert moves_now(page) == 13

    # Undo the last tile, then lay it again.
    page.get_by_role("button", name=re.compile("Undo")).click()
    wait_for_moves(page, 12)
    lay_by_keyboard(page, later[-1])

    # A reload (or a second phone) shows the same game.
    before = scoreboard(page)
    page.goto(board_url)
    assert moves_now(page) == 13
    assert scoreboard(page) == before

    engine = Game(["Mina", "Wei"])
    for placement in opening + later:
        engine.push(placement)
    assert [scoreboard(page)[n][2] for n in ("Mina", "Wei")] == list(engine.projected_scores())
    entered = services.load_game(services.SavedGame.objects.get(code=code))
    assert entered.report().players == engine.report().players
    assert entered.meeples_in_supply == engine.meeples_in_supply

    # Finish: the breakdown equals the engine's report.
    page.get_by_role("button", name="End the game and score it").click()
    page.wait_for_url(re.compile(r"/score/$"))
    report = engine.report()
    for player in report.players:
        row = page.locator(".breakdown tbody tr", has=page.locator(f"bdi:text-is('{player.name}')"))
        numbers = [int(n) for n in row.locator("td").all_inner_texts()]
        # A base game shows no garden or goods column: it cannot score there.
        shown = [v for c, v in player.by_category.items() if c.value not in ("garden", "goods")]
        assert numbers == [*shown, player.total]
    # Choosing a score line explains it and highlights it on the board picture.
    first = page.locator(".events a").first
    first.click()
    expect(page.locator(".explain-sentence")).to_be_visible()
    assert "event=0" in page.locator(".board-picture img").get_attribute("src")
    assert not console_errors


def test_import_a_final_board_and_check_the_totals(live_server, page: Page, fixture_path, board_document):
    page.goto(f"{live_server.url}/en/play/")
    page.set_input_files('input[name="file"]', str(fixture_path("river-game-final.json")))
    page.get_by_role("button", name="Open").click()
    page.wait_for_url(re.compile(r"/en/play/[a-z0-9]+/$"))
    page.goto(page.url + "score/")
    expected = build_game(read_board(board_document("river-game-final.json"))).report()
    for player in expected.players:
        row = page.locator(".breakdown tbody tr", has=page.locator(f"bdi:text-is('{player.name}')"))
        assert int(row.locator("td").last.inner_text()) == player.total


def test_a_broken_file_is_explained_and_kept(live_server, page: Page):
    page.goto(f"{live_server.url}/fa/play/")
    page.fill('textarea[name="text"]', '{"format": "carcassonne-board/1", "players": []}')
    page.locator(".import-game button").click()
    expect(page.locator(".import-game .message.error:not([hidden])")).to_be_visible()
    assert page.locator('textarea[name="text"]').input_value().startswith('{"format"')
    assert page.locator("html").get_attribute("dir") == "rtl"


def test_copying_a_whole_board_by_clicks(live_server, page: Page, board_document, record_property, artifacts):
    """Entry speed: copy a 72-tile game square-first: click the square, click the tile already
    turned the right way, click a dot for a meeple. Reports actions and seconds per tile."""
    document = board_document("base-game.json")
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    placements = read_board(document).placements
    page.goto(f"{live_server.url}/en/play/{saved.code}/")
    actions = 0
    started = time.perf_counter()
    for n, placement in enumerate(placements):
        page.locator(f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]').click()
        actions += 1
        offered = page.locator(f'.palette button.option[data-tile="{placement.tile}"]')
        expect(offered.first).to_be_visible()
        rotations = [int(r) for r in offered.evaluate_all("els => els.map(e => e.dataset.rotation)")]
        rotation = _equivalent_rotation(placement, rotations)
        page.locator(
            f'.palette button.option[data-tile="{placement.tile}"][data-rotation="{rotation}"]'
        ).click()
        actions += 1
        wait_for_moves(page, n + 1)
        if placement.meeple is not None:
            click_dot(page, placement, rotation)
            actions += 1
    seconds = time.perf_counter() - started
    per_tile = actions / len(placements)
    record_property("actions_per_tile", per_tile)
    record_property("seconds_per_tile", seconds / len(placements))
    print(f"\nentry speed: {per_tile:.2f} actions per tile, {seconds / len(placements):.2f} s per tile")
    expected = build_game(read_board(document))
    assert services.load(saved.code).game.report().totals == expected.report().totals
    assert per_tile <= 2.5
    figures = {"actions_per_tile": per_tile, "seconds_per_tile": seconds / len(placements)}
    (artifacts / "entry-speed.json").write_text(json.dumps(figures), encoding="utf-8")
