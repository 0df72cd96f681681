"""Laying tiles: adjacency, matching edges, the start tile, tile counts, legal squares, dead squares."""

from __future__ import annotations

import random

import pytest

from scorer.engine import TILES, Game, IllegalPlacementError, Placement, Rule

from .conftest import game_of, random_full_game
from .reference import REF_TILES, RefGame


@pytest.mark.parametrize(
    ("texts", "bad", "rule", "facts"),
    [
        (["D@0,0/0"], "U@5,5/0", Rule.NOT_ADJACENT, {}),
        (["D@0,0/0"], "U@1,1/0", Rule.NOT_ADJACENT, {}),  # a corner is not an edge
        (["D@0,0/0"], "D@0,0/0", Rule.SQUARE_TAKEN, {}),
        (["D@0,0/0", "U@1,0/0"], "U@1,0/0", Rule.SQUARE_TAKEN, {}),
        # E unturned: its city (N) against D's field (S)
        (["D@0,0/0"], "E@0,1/0", Rule.EDGE_MISMATCH, {"side": "N", "own": "C", "theirs": "F"}),
        # U turned 90: road N against D's field
        (["D@0,0/0"], "U@0,1/90", Rule.EDGE_MISMATCH, {"side": "N", "own": "R", "theirs": "F"}),
        # E unturned east of D: its west field against D's road
        (["D@0,0/0"], "E@1,0/0", Rule.EDGE_MISMATCH, {"side": "W", "own": "F", "theirs": "R"}),
        # E turned 270 east of D: its city against D's road
        (["D@0,0/0"], "E@1,0/270", Rule.EDGE_MISMATCH, {"side": "W", "own": "C", "theirs": "R"}),
        # U turned 90 above D: its road against D's city
        (["D@0,0/0"], "U@0,-1/90", Rule.EDGE_MISMATCH, {"side": "S", "own": "R", "theirs": "C"}),
        # two neighbours: E turned 270 matches U's field (south) but not E's field (west)
        (
            ["D@0,0/0", "U@1,0/0", "E@0,-1/180"],
            "E@1,-1/270",
            Rule.EDGE_MISMATCH,
            {"side": "W", "own": "C", "theirs": "F"},
        ),
        # counts
        (["D@0,0/0", "D@1,0/0", "D@2,0/0", "D@-1,0/0"], "D@3,0/0", Rule.NO_TILE_LEFT, {"count": 4}),
        (["D@0,0/0", "C@0,-1/0"], "C@0,-2/0", Rule.NO_TILE_LEFT, {"count": 1}),
        (["D@0,0/0", "X@1,0/0"], "X@-1,0/0", Rule.NO_TILE_LEFT, {"count": 1}),
        # river tiles without the River
        (["D@0,0/0"], "river-straight@1,0/90", Rule.RIVER_NOT_IN_PLAY, {}),
    ],
)
def test_illegal_placements(texts, bad, rule, facts):
    game = game_of(*texts)
    before = game.state()
    p = Placement.parse(bad)
    assert not game.is_legal(p)
    assert not game.board.is_legal(p.tile, p.square, p.rotation)
    with pytest.raises(IllegalPlacementError) as err:
        game.push(p)
    e = err.value
    assert e.rule is rule
    assert (e.index, e.tile, e.x, e.y) == (len(texts), p.tile, p.x, p.y)
    for key, value in facts.items():
        assert e.facts[key] == value
    assert e.message.startswith(f"Tile {len(texts) + 1} ({p.tile} at ({p.x}, {p.y})): ")
    assert game.state() == before


def test_edge_mismatch_message_names_both_edges():
    game = game_of("D@0,0/0")
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse("E@0,1/0"))
    assert err.value.message == (
        "Tile 2 (E at (0, 1)): its N edge (C) does not match the F edge of the tile beside it"
    )
    assert err.value.as_dict()["rule"] == "edge_mismatch"


@pytest.mark.parametrize(
    ("first", "river", "ok"),
    [
        ("D@0,0/0", False, True),
        ("D@0,0/90", False, True),
        ("D@3,-2/0", False, True),  # the start square is where the player puts it
        ("E@0,0/0", False, False),
        ("U@0,0/0", False, False),
        ("river-spring@0,0/0", False, False),
        ("river-spring@0,0/0", True, True),
        ("D@0,0/0", True, False),
        ("river-straight@0,0/0", True, False),
    ],
)
def test_start_tile(first, river, ok):
    game = Game(2, expansions=["river"] if river else [])
    p = Placement.parse(first)
    if ok:
        game.push(p)
        return
    with pytest.raises(IllegalPlacementError) as err:
        game.push(p)
    expected = Rule.RIVER_NOT_IN_PLAY if p.tile.startswith("river") and not river else Rule.START_TILE
    assert err.value.rule is expected
    assert err.value.index == 0
    if expected is Rule.START_TILE:
        assert err.value.facts["expected"] == ("river-spring" if river else "D")


def test_unknown_tile_in_push():
    game = game_of("D@0,0/0")
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement("Z", 1, 0, 0))
    assert err.value.rule is Rule.UNKNOWN_TILE
    assert err.value.index == 1


def test_all_72_tiles_can_be_counted_out():
    game = random_full_game(5, 2, meeple_chance=0)
    laid = {name: 0 for name in REF_TILES if not REF_TILES[name].river}
    for p in game.placements:
        laid[p.tile] += 1
    for name, n in laid.items():
        assert n <= REF_TILES[name].count
        assert game.board.supply[name] == REF_TILES[name].count - n


# -- legal_placements against brute force --------------------------------------------------------


def brute_force(game: Game, name: str) -> set:
    xs = [x for x, _ in game.board.tiles] or [0]
    ys = [y for _, y in game.board.tiles] or [0]
    return {
        ((x, y), r)
        for x in range(min(xs) - 2, max(xs) + 3)
        for y in range(min(ys) - 2, max(ys) + 3)
        for r in (0, 90, 180, 270)
        if game.board.is_legal(name, (x, y), r)
    }


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("river", [False, True])
def test_legal_placements_equal_brute_force(seed, river):
    rng = random.Random(seed)
    full = random_full_game(seed, 2, river=river, meeple_chance=0)
    names = sorted(REF_TILES if river else [n for n in REF_TILES if not REF_TILES[n].river])
    game = Game(2, expansions=["river"] if river else [])
    ref = RefGame(players=2, river=river)
    for i, p in enumerate(full.placements):
        if i in (1, 2, 5, 11, 12, 13, 20, 40) or (i and i % 17 == 0):
            for name in rng.sample(names, 5):
                listed = {(q.square, q.rotation) for q in game.legal_placements(name)}
                assert len(listed) == len(game.legal_placements(name))  # no duplicates
                assert listed == brute_force(game, name), (i, name)
                assert listed == ref.legal_set(name), (i, name)
                for sq, rot in list(listed)[:3]:
                    assert game.is_legal(Placement(name, sq[0], sq[1], rot))
        game.push(p)
        ref.play(p.tile, p.x, p.y, p.rotation)


def test_legal_placements_of_a_used_up_tile_is_empty():
    game = game_of("D@0,0/0", "X@1,0/0")
    assert list(game.legal_placements("X")) == []
    assert len(game.legal_placements("X")) == 0 and not game.legal_placements("X")
    assert game.legal_placements("U")


def test_legal_placements_on_an_empty_board():
    assert {(p.square, p.rotation) for p in Game(2).legal_placements("D")} >= {((0, 0), 0)}
    assert list(Game(2).legal_placements("E")) == []
    river = Game(2, expansions=["river"])
    assert list(river.legal_placements("D")) == []
    assert river.legal_placements("river-spring")


@pytest.mark.parametrize("name", ["E", "U", "V", "C", "X", "B", "K"])
def test_legal_placements_next_to_d(name):
    # by hand from tiles.md: which (square, rotation) fit next to D alone
    game = game_of("D@0,0/0")
    got = {(p.square, p.rotation) for p in game.legal_placements(name)}
    edges = REF_TILES[name].edges
    expected = set()
    need = {(0, -1): ("S", "C"), (1, 0): ("W", "R"), (0, 1): ("N", "F"), (-1, 0): ("E", "R")}
    for square, (side, kind) in need.items():
        for rot in (0, 90, 180, 270):
            q = rot // 90
            # the side that ends up facing D came from canonical side (side - q)
            canon = "NESW"[("NESW".index(side) - q) % 4]
            if edges["NESW".index(canon)] == kind:
                expected.add((square, rot))
    assert got == expected


@pytest.mark.parametrize("seed", range(4))
def test_is_legal_agrees_with_push(seed):
    rng = random.Random(seed)
    game = random_full_game(seed, 3, max_tiles=30 + seed * 10, meeple_chance=0.5)
    names = [n for n in TILES if not TILES[n].is_river]
    xs = [x for x, _ in game.board.tiles]
    ys = [y for _, y in game.board.tiles]
    for _ in range(300):
        p = Placement(
            rng.choice(names),
            rng.randint(min(xs) - 1, max(xs) + 1),
            rng.randint(min(ys) - 1, max(ys) + 1),
            rng.choice((0, 90, 180, 270)),
        )
        legal = game.is_legal(p)
        assert legal == game.board.is_legal(p.tile, p.square, p.rotation)
        before = game.state()
        try:
            game.push(p)
        except IllegalPlacementError:
            assert not legal
            assert game.state() == before
        else:
            assert legal
            game.pop()
            assert game.state() == before


# -- dead squares ---------------------------------------------------------------------------------

# Square (1, 1) is walled in: J above shows it a city (J turned 180: city S), U to the east a road,
# L below a city (L's north). Only S and T (C C R C, turned 270) have city–road–city there.
WALLED = [
    "D@0,0/0",
    "J@1,0/180",  # J turned 180: road W–N, city S; its west road meets D's
    "E@2,0/0",  # field west, meeting J's field east
    "U@2,1/0",  # road W–E: shows (1, 1) a road on its east side
    "U@2,2/0",
    "L@1,2/0",  # city north: shows (1, 1) a city on its south side
]
HOLE = (1, 1)


def test_the_walled_square_is_fillable_only_by_s_and_t():
    game = game_of(*WALLED)
    fits = {(p.tile, p.rotation) for name in TILES for p in game.legal_placements(name) if p.square == HOLE}
    assert fits == {("S", 270), ("T", 270)}
    assert HOLE not in game.board.dead_squares()


def test_a_square_goes_dead_when_its_last_fitting_tile_is_used():
    game = game_of(*WALLED)
    for name in ("S", "S", "T"):
        assert HOLE not in game.board.dead_squares()
        spot = next(p for p in game.legal_placements(name) if p.square not in (HOLE, (0, 1)))
        game.push(spot)
    assert HOLE in game.board.dead_squares()
    game.pop()  # T back in the supply
    assert HOLE not in game.board.dead_squares()


def dead_by_brute_force(game: Game) -> set:
    board = game.board
    return {
        sq
        for sq in board.open_squares
        if not any(
            board.is_legal(name, sq, r)
            for name, left in board.supply.items()
            if left
            for r in (0, 90, 180, 270)
        )
    }


@pytest.mark.parametrize("seed", range(8))
def test_dead_squares_by_brute_force(seed):
    game = random_full_game(seed, 2, meeple_chance=0)
    # replay and compare at several points of the game (late ones have the fewest tiles left)
    fresh = Game(2)
    for i, p in enumerate(game.placements):
        fresh.push(p)
        if i % 9 == 0 or i > len(game.placements) - 6:
            assert fresh.board.dead_squares() == dead_by_brute_force(fresh), i
