"""After a lay or a figure, the board page keeps its own list of tiles (``hx-preserve``) and gets
only the entry of the tile just laid: the answer is smaller and the phone redraws less. The
whole list comes again when it changed more than that (the River ended, a board being copied)."""

import random
import re

import pytest

from scorer import services
from scorer.engine import TILES, Expansion, Placement
from scorer.engine.simulate import random_game

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
KEPT = re.compile(r'<ul class="palette-list full" id="palette-full" hx-preserve data-kept>\s*</ul>')


def digest(code: str) -> str:
    return services.load(code).digest


def origin(client, code: str) -> dict:
    found = re.search(
        r'data-min-x="(-?\d+)" data-min-y="(-?\d+)"', client.get(f"/en/play/{code}/").content.decode()
    )
    return {"west": found.group(1), "north": found.group(2)}


def lay(client, code: str, placement: Placement, **extra):
    data = {"tile": placement.tile, "x": placement.x, "y": placement.y, "rotation": placement.rotation}
    return client.post(f"/en/play/{code}/move", {**data, "expected": digest(code), **extra}, **HX)


@pytest.fixture
def started():
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=digest(saved.code))
    services.add_move(saved.code, Placement.parse("E@0,-1/180"), expected=digest(saved.code))
    return saved


def entry_of(html: str, tile: str) -> str:
    return re.search(rf'<li [^>]*id="palette-{tile}"[^>]*>.*?</li>', html, re.S).group(0)


@pytest.mark.parametrize("with_corner", [True, False], ids=["only-what-changed", "whole-board"])
def test_a_lay_keeps_the_list_and_sends_the_laid_tiles_entry(client, started, with_corner):
    corner = origin(client, started.code) if with_corner else {}
    left = services.load(started.code).game.board.supply["U"]
    game = services.load(started.code).game
    turn = next(r for r in (0, 90) if game.is_legal(Placement("U", 1, 0, r)))
    html = lay(client, started.code, Placement("U", 1, 0, turn), **corner).content.decode()
    if with_corner:  # only what changed: the side's parts one by one, the list not at all
        assert 'id="play-side"' not in html and 'id="palette-full"' not in html
    else:  # the whole board, with the list left out for the page's own (hx-preserve)
        assert KEPT.search(html)
    assert 'data-kept="palette"' in html
    assert html.count('class="palette-entry') == 1  # the laid tile's, and no other
    entry = entry_of(html, "U")
    assert 'hx-swap-oob="true"' in entry and f"×{left - 1}<" in entry
    # A page without htmx (a plain form post) is sent to the whole page, which has every tile.
    plain = client.get(f"/en/play/{started.code}/").content.decode()
    assert plain.count('class="palette-entry') == len(game.board.supply)
    assert "data-kept" not in plain and "hx-preserve" not in plain


def test_the_last_copy_of_a_tile_sends_its_entry_as_none_left(client, started):
    game = services.load(started.code).game
    last, square, turns = next(
        (name, square, turns)
        for name, left in game.board.supply.items()
        if left == 1
        for square, turns in game.legal_placements(TILES[name]).squares().items()
    )
    html = lay(client, started.code, Placement(last, *square, min(turns))).content.decode()
    entry = entry_of(html, last)
    assert "empty" in entry.split(">")[0] and "palette-tile" in entry and "href" not in entry


def test_a_figure_keeps_the_whole_list(client, started):
    data = {"number": 1, "player": 1, "action": "1S", "expected": digest(started.code)}
    html = client.post(f"/en/play/{started.code}/figure", data, **HX).content.decode()
    assert KEPT.search(html) and 'class="palette-entry' not in html


def test_the_lay_that_ends_the_river_sends_the_list_again(client):
    played = random_game(random.Random(3), 2, expansions=[Expansion.RIVER], meeple_chance=0)
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], expansions=["river"])
    )
    for placement in played.placements:
        before = services.load(saved.code).game.board.bound_square is not None
        html = lay(client, saved.code, placement).content.decode()
        after = services.load(saved.code).game.board.bound_square is not None
        if before and not after:
            assert not KEPT.search(html)
            assert html.count('class="palette-entry') >= len(services.load(saved.code).game.board.supply)
            break
        if len(services.load(saved.code).game.turns) > 1:
            assert KEPT.search(html), placement
    else:
        pytest.fail("the river never ended")


def test_a_board_being_copied_gets_the_whole_list_every_time(client):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode="final", banked=[0, 0])
    )
    services.add_move(saved.code, Placement("D", 0, 0), expected=digest(saved.code))
    html = lay(client, saved.code, Placement.parse("E@0,-1/180")).content.decode()
    assert not KEPT.search(html) and "data-kept" not in html
