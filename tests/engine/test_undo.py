"""Undo: pop() puts back exactly what push() changed."""

from __future__ import annotations

import pytest

from scorer.engine import Game, IllegalPlacementError, Placement, Rule

from .boards import CITY_AND_ROAD_TOGETHER, CLOISTER_AND_ROAD_TOGETHER, MERGED_CITIES, RIVER
from .conftest import each_push_undoes, game_of, random_full_game


def test_pop_on_an_empty_game():
    game = Game(2)
    with pytest.raises(IllegalPlacementError) as err:
        game.pop()
    assert err.value.rule is Rule.NOTHING_TO_UNDO
    assert err.value.index is None


def test_pop_everything_returns_to_a_fresh_game():
    game = game_of(*CLOISTER_AND_ROAD_TOGETHER)
    fresh = Game(2).state()
    while game.turns:
        game.pop()
    assert game.state() == fresh
    with pytest.raises(IllegalPlacementError):
        game.pop()


@pytest.mark.parametrize(
    "texts",
    [CITY_AND_ROAD_TOGETHER, CLOISTER_AND_ROAD_TOGETHER, MERGED_CITIES],
    ids=["city-and-road", "cloister-and-road", "merged"],
)
def test_undoing_a_scoring_placement(texts):
    game = game_of(*texts[:-1])
    before = game.state()
    events = game.push(Placement.parse(texts[-1]))
    assert events  # it scored, and meeples went home
    assert game.pop() == Placement.parse(texts[-1])
    assert game.state() == before
    assert game.push(Placement.parse(texts[-1])) == events  # and it scores the same again


@pytest.mark.parametrize("seed", range(6))
def test_every_placement_of_random_games_undoes(seed):
    each_push_undoes(random_full_game(seed, 2 + seed % 4, river=bool(seed % 2), meeple_chance=0.9))


def test_undo_in_final_mode():
    each_push_undoes(game_of(*MERGED_CITIES, mode="final", banked=[1, 2]))


def test_undo_restores_the_river():
    game = game_of(*RIVER[:3], river=True)
    before = game.state()
    game.push(Placement.parse(RIVER[3]))
    game.pop()
    assert game.state() == before
    # the same-turn rule still knows the last turn was right
    assert not game.is_legal(Placement.parse("river-curve@2,1/90"))
    game.push(Placement.parse("river-curve@2,1/180"))


def test_a_refused_push_changes_nothing():
    game = game_of("D@0,0/0", "U@1,0/0:0N")
    before = game.state()
    for bad in ("U@2,0/0:1N", "U@5,5/0", "E@0,1/0", "U@2,0/0:0C", "U@2,0/0:3N"):
        with pytest.raises(IllegalPlacementError):
            game.push(Placement.parse(bad))
        assert game.state() == before
