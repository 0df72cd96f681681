"""Asking never moves the game: the queries of a position (``GameView``) lay and lift nothing, and
the what-if questions (is this legal, where could a figure go, what would it score) are answered on
a try the journal takes back exactly, or on a copy, never by taking back the game's own turns."""

from __future__ import annotations

import random

import pytest

from scorer.engine import FigureKind, Game, Phase, Placement
from scorer.engine.simulate import random_game
from scorer.engine.view import GameView

BOXES = [(), ("river", "abbot"), ("river", "abbot", "inns-cathedrals", "traders-builders")]


def every_question(game: Game) -> None:
    """Ask the game everything a page or a module asks."""
    game.report()
    game.farms()
    assert game.figures is not None and game.goods is not None and game.to_move is not None
    game.final_problem()
    for square in list(game.board.tiles)[::7]:
        game.features_on(square)
        game.figure_spots_at(square)
    for name, left in list(game.board.supply.items())[::5]:
        if left:
            list(game.legal_placements(name))
    game.figure_spots()
    for player in range(len(game.players)):
        game.recall_options(player)
    last = game.turns[-1].placement
    game.is_legal(Placement(last.tile, *last.square, last.rotation))
    for name, left in game.board.supply.items():
        if left:
            spots = game.legal_placements(name)
            for square, rotation in list(spots)[:1]:
                placement = Placement(name, *square, rotation)
                game.score_of(placement)
                game.figure_spots(placement)
            break


@pytest.mark.parametrize("boxes", BOXES, ids=lambda b: "+".join(b) or "base")
def test_questions_leave_every_turn_as_it_was(boxes):
    game = random_game(random.Random(11), 4, expansions=boxes, meeple_chance=0.6)
    turns, state, journal = list(game.turns), game.state(), len(game.board._graph._journal)
    every_question(game)
    # The very same turn objects (a turn taken back and laid again would be a new one).
    assert all(a is b for a, b in zip(turns, game.turns, strict=True))
    assert game.state() == state
    assert len(game.board._graph._journal) == journal


def test_the_position_queries_lay_nothing(monkeypatch):
    """Every public member of the read-only view, asked with laying and lifting forbidden."""
    game = random_game(random.Random(3), 3, expansions=BOXES[2], meeple_chance=0.6)
    figure = next(f for f in game.figures if f.kind is FigureKind.MEEPLE)
    node = game.node_of(figure.square, figure.player, figure.kind)
    tile = game.turns[5].placement
    cloister = next(sq for sq, p in game.board.tiles.items() if p.tile.enclosed)
    asked = {
        "names": lambda: game.names,
        "expansions": lambda: game.expansions,
        "placements": lambda: game.placements,
        "events": lambda: game.events,
        "supply": lambda: game.supply(0),
        "goods": lambda: game.goods,
        "state_of": lambda: game.state_of(game._modules[0]),
        "meeples_in_supply": lambda: game.meeples_in_supply,
        "to_move": lambda: game.to_move,
        "layer_of": lambda: game.layer_of(3),
        "figures": lambda: game.figures,
        "tile_type": lambda: game.tile_type(tile.tile),
        "legal_placements": lambda: list(game.legal_placements("U")),
        "turn_at": lambda: game.turn_at(tile.square),
        "group_of": lambda: game.group_of(node),
        "goods_on": lambda: game.goods_on(game.group_of(node)),
        "standing": lambda: game.standing(player=0),
        "node_of": lambda: game.node_of(figure.square, figure.player, figure.kind),
        "feature_kind_of": lambda: game.feature_kind_of(node),
        "figure_on": lambda: game.figure_on(node),
        "index_of": lambda: game.index_of(node),
        "enclosed_kind_on": lambda: game.enclosed_kind_on(cloister),
        "unfinished_event": lambda: game.unfinished_event(
            game.board.enclosures[cloister][0], Phase.END, None
        ),
        "end_events": game.end_events,
        "farms": game.farms,
        "report": game.report,
        "report_columns": lambda: game.report_columns,
        "projected_scores": game.projected_scores,
        "feature_at": lambda: game.feature_at(figure.square, figure.place),
        "features_on": lambda: game.features_on(tile.square),
        "final_problem": game.final_problem,
        "state": game.state,
        "pieces": game.pieces,
        "held": game.held,
    }
    public = {name for name in vars(GameView) if not name.startswith("_")}
    assert public == set(asked), "a query of the view is not asked here"

    def forbidden(*args, **kwargs):
        raise AssertionError("a query moved the game")

    monkeypatch.setattr(Game, "push", forbidden)
    monkeypatch.setattr(Game, "pop", forbidden)
    monkeypatch.setattr(type(game.board), "place", forbidden)
    monkeypatch.setattr(type(game.board), "lift", forbidden)
    for question in asked.values():
        question()


def test_a_copy_moves_on_alone():
    game = random_game(random.Random(5), 2, expansions=("river",), max_tiles=30)
    state = game.state()
    copy = game.copy()
    copy.pop()
    copy.pop()
    assert game.state() == state and len(copy.turns) == len(game.turns) - 2
    copy.push(game.turns[-2].placement)
    copy.push(game.turns[-1].placement)
    assert copy.state() == game.state()
