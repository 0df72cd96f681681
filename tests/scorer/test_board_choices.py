"""What the board page carries for its script to choose without asking: where every tile left fits
now, exactly as the engine says, and nothing once the game is over."""

import json
import random
import re

import pytest

from scorer import services
from scorer.boardpage.choices import finder_facts, fits_of
from scorer.engine import TILES, Game, Placement
from scorer.engine.simulate import random_game
from scorer.engine.tiles import Expansion

pytestmark = pytest.mark.django_db

CHOICES = re.compile(r'<script id="play-choices" type="application/json">(.*?)</script>', re.S)


def engine_fits(game: Game) -> dict[str, dict[tuple[int, int], list[int]]]:
    """The same, asked of the engine one placement at a time."""
    out: dict[str, dict[tuple[int, int], list[int]]] = {}
    for name, left in game.board.supply.items():
        if left <= 0:
            continue
        for square in game.board.reachable_squares() or {game.board.bound_square or (0, 0)}:
            turns = [r for r in TILES[name].distinct_rotations if game.is_legal(Placement(name, *square, r))]
            if turns:
                out.setdefault(name, {})[square] = turns
    return out


@pytest.mark.parametrize("seed, laid", [(1, 0), (2, 1), (3, 12), (4, 40), (5, 90)])
def test_the_fits_are_the_engines(seed, laid):
    full = random_game(random.Random(seed), 4, expansions=list(Expansion))
    game = Game(full.players, expansions=list(Expansion))
    game.extend(full.placements[:laid])
    fits = fits_of(game)
    assert {name: {(x, y): turns for x, y, *turns in rows} for name, rows in fits.items()} == engine_fits(
        game
    )


def test_while_the_river_is_laid_only_river_tiles_fit():
    full = random_game(random.Random(8), 3, expansions=[Expansion.RIVER])
    game = Game(full.players, expansions=[Expansion.RIVER])
    game.extend(full.placements[:3])
    assert fits_of(game) and all(TILES[name].is_river for name in fits_of(game))


def test_the_board_page_carries_them_with_its_digest(client):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement.parse("D@0,0/0"), expected=services.load(saved.code).digest)
    loaded = services.load(saved.code)
    body = client.get(f"/en/play/{saved.code}/").content.decode()
    carried = json.loads(CHOICES.search(body).group(1))
    assert carried["digest"] == loaded.digest
    assert carried["fits"] == fits_of(loaded.game)
    assert carried["fits"]["E"][0][:2] == [0, -1]  # the squares north to south, west to east


def test_a_finished_game_carries_none(client):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    loaded = services.add_move(
        saved.code, Placement.parse("D@0,0/0"), expected=services.load(saved.code).digest
    )
    services.finish(saved.code, True, expected=loaded.digest)
    body = client.get(f"/en/play/{saved.code}/").content.decode()
    assert not CHOICES.search(body) and 'id="finder"' not in body


@pytest.mark.parametrize(
    "tile, facts",
    [
        ("D", "city-1 road-2"),
        ("A", "city-0 road-1 cloister"),
        ("B", "city-0 road-0 cloister"),
        ("C", "city-4 road-0 pennant"),
        ("river-spring", "city-0 road-0 river"),
        ("ic-cathedral", "city-4 road-0 cathedral"),
        ("ic-straight-inn", "city-0 road-2 inn"),
        ("tb-corner-wine", "city-2 road-0 goods"),
    ],
)
def test_what_the_finder_narrows_by(tile, facts):
    assert finder_facts(TILES[tile]) == facts
