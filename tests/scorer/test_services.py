"""Saved games: moves persist, stale writes are refused, nothing is lost or doubled."""

import random
import threading

import pytest
from django.db import connection

from scorer import services
from scorer.engine import IllegalPlacementError, Meeple, Placement, Rule, build_game, read_board
from scorer.engine.places import Place
from scorer.engine.simulate import random_game
from scorer.models import Move, SavedGame

pytestmark = pytest.mark.django_db


def two_players(**kw) -> SavedGame:
    return services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], **kw))


def test_moves_are_saved_and_replayed():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    game = services.add_move(saved.code, Placement.parse("E@0,-1/180:1S"), expected=1)
    assert game.scores == [0, 4]
    reloaded = services.load_game(SavedGame.objects.get(code=saved.code))
    assert reloaded.state() == game.state()
    assert [m.placement for m in saved.moves.all()] == game.placements


def test_an_illegal_move_is_refused_and_nothing_is_saved():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    with pytest.raises(IllegalPlacementError) as error:
        services.add_move(saved.code, Placement("E", 3, 3), expected=1)
    assert error.value.rule is Rule.NOT_ADJACENT
    assert saved.moves.count() == 1


def test_a_stale_move_is_refused():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=1)
    with pytest.raises(services.StaleMoveError):
        services.add_move(saved.code, Placement("U", 1, 0, 0), expected=1)
    assert saved.moves.count() == 2


def test_the_database_refuses_a_second_move_with_the_same_number():
    from django.db import IntegrityError, transaction

    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.from_placement(saved, 0, Placement("D", 5, 5)).save()


def test_set_meeple_rescores_the_last_turn():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    game = services.add_move(saved.code, Placement("E", 0, -1, 180), expected=1)
    assert game.scores == [0, 0]
    game = services.set_meeple(saved.code, Meeple(0, Place.S), expected=2)
    assert game.scores == [4, 0]  # the knight closed the two-tile city at once
    assert game.meeples_in_supply == [7, 7]
    game = services.set_meeple(saved.code, None, expected=2)
    assert game.scores == [0, 0]
    assert saved.moves.last().meeple_player is None


def test_set_meeple_refuses_an_occupied_feature():
    saved = two_players()
    services.add_move(saved.code, Placement.parse("D@0,0/0"), expected=0)
    services.add_move(saved.code, Placement.parse("U@1,0/0:0W"), expected=1)
    services.add_move(saved.code, Placement.parse("U@2,0/0"), expected=2)
    with pytest.raises(IllegalPlacementError) as error:
        services.set_meeple(saved.code, Meeple(1, Place.E), expected=3)
    assert error.value.rule is Rule.FEATURE_OCCUPIED
    assert saved.moves.last().meeple_player is None


def test_undo_removes_the_last_move_only():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=1)
    game = services.undo(saved.code, expected=2)
    assert len(game.turns) == 1
    assert saved.moves.count() == 1
    with pytest.raises(services.StaleMoveError):
        services.undo(saved.code, expected=2)


def test_undo_on_an_empty_game_is_refused():
    saved = two_players()
    with pytest.raises(IllegalPlacementError) as error:
        services.undo(saved.code, expected=0)
    assert error.value.rule is Rule.NOTHING_TO_UNDO


def test_import_then_export_round_trips(board_document):
    document = board_document("river-game.json")
    saved = services.import_board(read_board(document))
    game = services.load_game(saved)
    exported = services.export_board(saved, game)
    assert build_game(read_board(exported)).state() == build_game(read_board(document)).state()
    assert [p["color"] for p in exported["players"]] == ["red", "blue", "green"]


def test_import_of_an_illegal_board_saves_nothing(board_document):
    document = board_document("format-example.json")
    document["placements"][1]["x"] = 9
    with pytest.raises(IllegalPlacementError):
        services.import_board(read_board(document))
    assert SavedGame.objects.count() == 0


def test_final_mode_keeps_banked_points(board_document):
    saved = services.import_board(read_board(board_document("river-game-final.json")))
    game = services.load_game(saved)
    replay = build_game(read_board(board_document("river-game.json")))
    assert game.report().totals == replay.report().totals


def test_a_whole_random_game_survives_a_reload():
    played = random_game(random.Random(7), 3)
    saved = services.create_game(services.GameSettings(players=[("A", "red"), ("B", "blue"), ("C", "green")]))
    for number, placement in enumerate(played.placements):
        services.add_move(saved.code, placement, expected=number)
    assert services.load_game(SavedGame.objects.get(pk=saved.pk)).state()[1:] == played.state()[1:]


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_at_once_never_lose_or_double_a_move():
    saved = two_players()
    services.add_move(saved.code, Placement("D", 0, 0), expected=0)
    outcomes = []

    def enter(placement):
        try:
            services.add_move(saved.code, placement, expected=1)
            outcomes.append("saved")
        except services.StaleMoveError:
            outcomes.append("stale")
        finally:
            connection.close()

    phones = [
        threading.Thread(target=enter, args=(Placement("E", 0, -1, 180),)),
        threading.Thread(target=enter, args=(Placement("U", 1, 0, 0),)),
    ]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert sorted(outcomes) == ["saved", "stale"]
    assert saved.moves.count() == 2
