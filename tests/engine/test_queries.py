"""The engine as a library: what a game can be asked, and how it says no."""

from __future__ import annotations

import pytest

from scorer.engine import (
    BoardFileError,
    CarcassonneError,
    FeatureKind,
    Figure,
    FigureKind,
    Game,
    IllegalPlacementError,
    NotationError,
    Place,
    Placement,
    Player,
    Problem,
    Rule,
    SetupError,
    read_board,
)

from .conftest import game_of


def test_a_game_holds_its_players_with_their_colours():
    game = Game([Player("Mina", "red"), Player("Wei", "blue")])
    assert game.players == (Player("Mina", "red"), Player("Wei", "blue"))
    assert game.names == ("Mina", "Wei")
    assert Game(["A", "B"]).players == (Player("A"), Player("B"))


def test_figures_on_the_board_are_typed_values():
    game = game_of("D@0,0/0", "U@1,0/0:0E", "B@0,1/0:1C")
    assert game.figures == (
        Figure(0, FigureKind.MEEPLE, (1, 0), Place.W, FeatureKind.ROAD, 0),
        Figure(1, FigureKind.MEEPLE, (0, 1), Place.C, FeatureKind.CLOISTER, 0),
    )


def test_feature_at_says_everything_about_a_feature_now():
    game = game_of("D@0,0/0", "F@0,-1/90:1C")  # a pennant city north–south on D's city, open north
    city = game.feature_at((0, 0), Place.N)
    assert city.kind is FeatureKind.CITY and city.squares == ((0, -1), (0, 0))
    assert (city.complete, city.pennants, city.points, city.scorers) == (False, 1, 3, (1,))
    assert [f.player for f in city.figures] == [1]
    assert game.feature_at((0, 0), Place.S).kind is FeatureKind.FIELD
    assert game.feature_at((5, 5), Place.N) is None
    assert [f.kind for f in game.features_on((0, 0))] == [
        FeatureKind.CITY,
        FeatureKind.ROAD,
        FeatureKind.FIELD,
        FeatureKind.FIELD,
    ]


def test_a_completed_feature_says_its_completion_points():
    game = game_of("D@0,0/0", "E@0,-1/180")  # closed with no knight: scored for nobody
    city = game.feature_at((0, -1), Place.S)
    assert (city.complete, city.points, city.scorers) == (True, 4, ())


def test_who_is_to_move_and_who_laid_each_tile():
    game = game_of("D@0,0/0", "U@1,0/0", "E@0,-1/180:0S", "V@-1,0/180")
    assert [game.layer_of(i) for i in range(4)] == [None, 0, 0, 1]  # Mina's knight says she laid E
    assert game.to_move == 0
    assert Game(2).to_move is None


def test_legal_placements_are_a_lazy_view_that_knows_full_placements():
    game = game_of("D@0,0/0")
    legal = game.legal_placements("E")
    assert len(legal) == 4 and bool(legal)
    assert set(legal) == {Placement("E", 0, -1, 180)} | {Placement("E", 0, 1, r) for r in (90, 180, 270)}
    assert Placement.parse("E@0,-1/180:1S") in legal  # with its meeple
    assert Placement.parse("E@0,-1/180:1C") not in legal  # no feature at C
    assert Placement.parse("E@0,-1/0") not in legal
    assert Placement("U", 1, 0, 0) not in legal  # another tile
    assert "E@0,-1/180" not in legal


def test_figure_spots_of_the_tile_just_laid_and_of_a_tile_not_yet_laid():
    game = game_of("D@0,0/0", "U@1,0/0:0E")
    before = game.state()
    spots = {s.place.name: s for s in game.figure_spots()}
    assert spots["W"].legal  # its own thief does not block itself
    ahead = {s.place.name: s for s in game.figure_spots(Placement("U", 2, 0, 0))}
    assert ahead["W"].problem == Problem(Rule.FEATURE_OCCUPIED, {"feature": "road"})
    assert game.state() == before


def test_what_a_placement_would_score_without_changing_the_game():
    game = game_of("D@0,0/0")
    before = game.state()
    (event,) = game.score_of(Placement.parse("E@0,-1/180:1S"))
    assert (event.feature, event.points, event.winners) == (FeatureKind.CITY, 4, (1,))
    with game.preview(Placement.parse("E@0,-1/180:1S")) as turn:
        assert game.scores == [0, 4] and turn.layer == 1
    assert game.state() == before


@pytest.mark.parametrize(
    ("attempt", "error"),
    [
        (lambda: Placement.parse("E@0,-1"), NotationError),
        (lambda: Placement.parse("E@0,-1/45"), NotationError),
        (lambda: Placement.parse("E@0,-1/0:1S+dragon"), NotationError),
        (lambda: game_of("D@0,0/0").push(Placement("E", 5, 5, 0)), IllegalPlacementError),
        (lambda: read_board({"format": "nope"}), BoardFileError),
        (lambda: Game(1), SetupError),
        (lambda: Game(2, banked=[1]), SetupError),
    ],
)
def test_every_refusal_is_a_carcassonne_error_of_its_own_kind(attempt, error):
    with pytest.raises(error) as caught:
        attempt()
    assert isinstance(caught.value, CarcassonneError) and isinstance(caught.value, ValueError)
    assert caught.value.rule in Rule and caught.value.message
    kinds = {NotationError, IllegalPlacementError, BoardFileError, SetupError} - {error}
    assert not isinstance(caught.value, tuple(kinds))


def test_a_problem_is_a_value_the_board_gives_before_anything_is_raised():
    game = game_of("D@0,0/0")
    problem = game.board.problem(game.tile_type("E"), (1, 0), 0)
    assert problem == Problem(Rule.EDGE_MISMATCH, {"side": "W", "own": "F", "theirs": "R"})
    assert problem.error(index=1).rule is Rule.EDGE_MISMATCH


def test_points_for_a_player():
    (event,) = game_of("D@0,0/0").score_of(Placement.parse("E@0,-1/180:1S"))
    assert (event.points_for(0), event.points_for(1)) == (0, 4)
