"""Copying a finished board, the page chooses the next square along the row after each lay (see
scorer/boardpage/along.py); a game being played keeps the figure step for the tile just laid."""

import re

import pytest

from scorer import services
from scorer.boardpage.along import last_step, square_along
from scorer.boardpage.choices import fits_of
from scorer.engine import Game, Mode, Placement

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize(
    ("squares", "step"),
    [
        ([(0, 0)], None),
        ([(0, 0), (1, 0)], (1, 0)),
        ([(0, 0), (0, -1)], (0, -1)),
        ([(0, 0), (1, 0), (-3, 1)], (1, 0)),  # back to the next row's start: still eastward
        ([(0, 0), (2, 0)], None),  # over an empty square: no step of one square yet
        ([(0, 0), (1, 0), (3, 0)], (1, 0)),
        ([(0, 0), (1, 0), (1, 1)], (0, 1)),  # the latest step of one square counts
        ([(0, 0), (1, 1)], None),  # diagonal
    ],
)
def test_the_direction_is_the_last_step_of_one_square(squares, step):
    assert last_step(squares) == step


def copied(*texts: str, mode: Mode = Mode.FINAL) -> Game:
    game = Game(3, mode=mode)
    for text in texts:
        game.push(Placement.parse(text))
    return game


@pytest.mark.parametrize(
    ("texts", "ahead"),
    [
        (["U@0,0/0"], None),  # one tile: no direction yet
        (["U@0,0/0", "U@1,0/0"], (2, 0)),
        (["U@0,0/0", "U@-1,0/0"], (-2, 0)),
        (["U@0,0/0", "U@1,0/0", "U@0,1/0"], (1, 1)),  # next row, started at its west end
        (["U@0,0/0", "U@2,0/0"], None),  # a square skipped: no step of one square to follow
    ],
)
def test_the_square_ahead_is_one_step_on(texts, ahead):
    game = copied(*texts)
    assert square_along(game, fits_of(game)) == ahead


def test_no_square_ahead_when_a_tile_is_there_or_none_fits():
    game = copied("U@0,0/0", "U@2,0/0", "U@1,0/0")  # east, then back west onto the gap
    assert last_step([t.placement.square for t in game.turns]) == (-1, 0)
    assert square_along(game, fits_of(game)) is None  # (0, 0) has its tile
    game = copied("U@0,0/0", "U@1,0/0")
    assert square_along(game, {}) is None  # nothing left fits (2, 0)


def test_a_game_being_played_is_never_guessed_for():
    texts = ("D@0,0/0", "U@1,0/0", "U@2,0/0")
    played, copy = copied(*texts, mode=Mode.REPLAY), copied(*texts)
    assert square_along(copy, fits_of(copy)) == (3, 0)
    assert square_along(played, fits_of(played)) is None


@pytest.fixture
def board_copy(db):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode="final", banked=[0, 0])
    )
    services.add_move(saved.code, Placement.parse("U@0,0/0"), expected=services.load(saved.code).digest)
    return saved


def post_lay(client, saved, text: str, **extra):
    p = Placement.parse(text)
    data = {"tile": p.tile, "x": p.x, "y": p.y, "rotation": p.rotation, "player": 0}
    return client.post(
        f"/en/play/{saved.code}/move", {**data, "expected": services.load(saved.code).digest}, **extra
    )


def test_without_script_a_lay_on_a_copied_board_goes_to_the_square_ahead(client, board_copy):
    response = post_lay(client, board_copy, "U@1,0/0")
    assert response.status_code == 302
    assert response["Location"].endswith("?at=2,0&for=0")
    page = client.get(response["Location"]).content.decode()
    assert "Next along the row, square 2, 0" in page
    assert re.search(r'class="cell open [^"]*selected[^"]*" data-x="2" data-y="0"', page)


def test_with_htmx_the_answer_has_the_square_ahead_chosen(client, board_copy):
    html = post_lay(client, board_copy, "U@0,1/0", **HX).content.decode()  # southward
    assert 'data-at="?at=0,2&amp;for=0"' in html
    assert "Next along the row, square 0, 2" in html
    assert 'class="palette-list narrowed' in html


def test_the_first_lay_of_a_copy_offers_its_figure(client, db):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode="final", banked=[0, 0])
    )
    response = post_lay(client, saved, "U@0,0/0")
    assert response["Location"].endswith("?for=0&spots=1")


def test_another_square_chosen_by_the_reader_is_not_called_the_next(client, board_copy):
    post_lay(client, board_copy, "U@1,0/0")
    page = client.get(f"/en/play/{board_copy.code}/?at=1,1").content.decode()
    assert "Next along the row" not in page and "Square 1, 1" in page


def test_a_figure_put_on_a_copied_board_goes_on_to_the_square_ahead(client, board_copy):
    post_lay(client, board_copy, "U@1,0/0")
    response = client.post(
        f"/en/play/{board_copy.code}/figure",
        {"number": 1, "player": 1, "action": "1N", "expected": services.load(board_copy.code).digest},
    )
    assert response.status_code == 302
    assert response["Location"].endswith("?at=2,0&for=1")  # whose figure comes next kept
    assert [f.player for f in services.load(board_copy.code).game.figures] == [1]


def test_done_with_a_tile_goes_to_the_square_ahead(client, board_copy):
    post_lay(client, board_copy, "U@1,0/0")
    page = client.get(f"/en/play/{board_copy.code}/?on=1,0&spots=1&for=1").content.decode()
    assert re.search(r'<a [^>]*href="\?at=2,0&amp;for=1"[^>]*>\s*Done with this tile', page)
