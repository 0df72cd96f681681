"""The builder's one condition is its player's own follower on the feature (board-format.md).

A builder set on a road or city that its own tile completes is legal: it comes home at once with
the feature's other figures and earns no extra tile, since it was not there before the tile.
"""

from __future__ import annotations

from scorer.engine import Game, Placement, Player
from scorer.engine.figures import FigureKind
from scorer.engine.places import Place

CLOSING_ROAD = ("D@0,0/0", "U@1,0/0:0E", "W@-1,0/0")  # Mina's thief on a road open only to the east


def game_with(*texts: str) -> Game:
    game = Game([Player("Mina"), Player("Wei")], expansions=("traders-builders",))
    game.extend(Placement.parse(text) for text in texts)
    return game


def test_a_builder_on_the_road_its_tile_completes_is_offered_and_legal():
    game = game_with(*CLOSING_ROAD)
    closing = Placement.parse("W@2,0/0")
    builder_spots = [s for s in game.figure_spots(closing, player=0) if s.kind is FigureKind.BUILDER]
    assert [(s.place, s.legal) for s in builder_spots if s.place is Place.W] == [(Place.W, True)]
    assert game.is_legal(Placement.parse("W@2,0/0:0W+builder"))


def test_the_builder_comes_home_at_the_scoring_and_the_next_tile_is_the_next_players():
    game = game_with(*CLOSING_ROAD, "W@2,0/0:0W+builder")
    assert game.scores == [4, 0]
    assert game.supply(0)[FigureKind.BUILDER] == 1
    assert game.supply(0)[FigureKind.MEEPLE] == 7
    assert not any(f.kind is FigureKind.BUILDER for f in game.figures)
    assert game.to_move == 1
