"""The engine against the independent reference model (reference.py) on hundreds of random games.

Every placement of each game is replayed in the reference, which checks it is legal by its own
reading of the rules and scores it; the points of every turn, the meeple supply and the final
totals by category must agree.
"""

from __future__ import annotations

import pytest

from scorer.engine import Rules
from scorer.engine.simulate import final_board_of

from .conftest import random_full_game
from .reference import RefGame


def ref_replay(game, *, final: bool = False) -> RefGame:
    ref = RefGame(
        players=len(game.players),
        small_city=game.rules.small_city,
        farmers=game.rules.farmers.value,
        river=bool(game.expansions),
        final=final,
    )
    for turn in game.turns:
        p = turn.placement
        meeple = (p.meeple.player, p.meeple.at.name) if p.meeple else None
        got = ref.play(p.tile, p.x, p.y, p.rotation, meeple)
        mine = [0] * len(game.players)
        for e in got:
            for w in e.winners:
                mine[w] += e.points
        theirs = [0] * len(game.players)
        for e in turn.events:
            for w in e.winners:
                theirs[w] += e.points
        assert mine == theirs, f"turn {len(ref.order) - 1}: {p}"
    return ref


def categories(game) -> list[dict]:
    """The engine's breakdown; the base game and the River score nothing in the expansions' columns."""
    rows = [{k.value: v for k, v in p.by_category.items()} for p in game.report().players]
    for row in rows:
        assert row.pop("garden") == row.pop("goods") == 0, "the base game scored in an expansion's column"
    return rows


CASES = [
    (small_city, farmers, river)
    for small_city in (4, 2)
    for farmers in ("3rd", "2nd", "1st")
    for river in (False, True)
]


@pytest.mark.parametrize(("small_city", "farmers", "river"), CASES)
@pytest.mark.parametrize("batch", range(2))
def test_random_games_agree_with_the_reference(small_city, farmers, river, batch):
    rules = Rules(small_city=small_city, farmers=farmers)
    for i in range(10):
        seed = 1000 * batch + 37 * i + small_city
        game = random_full_game(seed, 2 + (seed % 4), river=river, rules=rules, meeple_chance=0.7)
        ref = ref_replay(game)
        assert ref.in_supply == game.meeples_in_supply, seed
        assert ref.by_category() == categories(game), seed


@pytest.mark.parametrize("farmers", ["3rd", "2nd", "1st"])
def test_crowded_games_agree_with_the_reference(farmers):
    # every tile gets a meeple when one is free: many shared features and crowded fields
    for seed in range(12):
        game = random_full_game(
            seed, 5, river=bool(seed % 2), rules=Rules(farmers=farmers), meeple_chance=1.0
        )
        ref = ref_replay(game)
        assert ref.by_category() == categories(game), seed


@pytest.mark.parametrize("farmers", ["3rd", "2nd", "1st"])
def test_games_cut_short_agree_with_the_reference(farmers):
    # the end scoring of boards in the middle of a game: many unfinished features
    for seed in range(30):
        game = random_full_game(
            seed,
            2 + seed % 4,
            river=bool(seed % 3 == 0),
            rules=Rules(farmers=farmers),
            meeple_chance=0.8,
            max_tiles=5 + seed * 2,
        )
        ref = ref_replay(game)
        assert ref.by_category() == categories(game), seed


@pytest.mark.parametrize("farmers", ["3rd", "1st"])
def test_final_boards_agree_with_the_reference(farmers):
    for seed in range(15):
        game = random_full_game(
            seed, 3, river=bool(seed % 2), rules=Rules(farmers=farmers), meeple_chance=0.8
        )
        final = final_board_of(game)
        ref = ref_replay(final, final=True)
        assert ref.by_category(banked=list(final.banked)) == categories(final), seed
        assert ref.totals(banked=list(final.banked)) == list(game.report().totals)
