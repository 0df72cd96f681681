"""Saved games: moves persist, stale writes are refused, nothing is lost or doubled."""

import random
import threading

import pytest
from django.db import connection

from scorer import services
from scorer.engine import (
    FigureKind,
    IllegalPlacementError,
    Meeple,
    Place,
    Placement,
    Rule,
    build_game,
    read_board,
)
from scorer.engine.simulate import random_game
from scorer.models import Move, SavedGame

pytestmark = pytest.mark.django_db


def two_players(**kw) -> SavedGame:
    return services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], **kw))


def now(saved: SavedGame) -> str:
    """The digest a phone holds after loading the board."""
    return services.load(saved.code).digest


def lay(saved: SavedGame, text: str) -> services.Loaded:
    return services.add_move(saved.code, Placement.parse(text), expected=now(saved))


def test_moves_are_saved_and_replayed():
    saved = two_players()
    lay(saved, "D@0,0/0")
    loaded = lay(saved, "E@0,-1/180:1S")
    assert loaded.game.scores == [0, 4]
    reloaded = services.load(saved.code).game
    assert reloaded.report() == loaded.game.report()
    assert reloaded.board.state() == loaded.game.board.state()
    # Every move after the start tile is saved naming who laid it, as the board file allows.
    assert [m.text for m in saved.moves.all()] == ["D@0,0/0", "1>E@0,-1/180:1S"]


def test_the_digest_changes_with_any_change_to_any_move():
    saved = two_players()
    lay(saved, "D@0,0/0")
    first = lay(saved, "E@0,-1/180").digest
    changed = services.set_action(saved.code, 1, Meeple(0, Place.S), expected=first).digest
    assert changed != first
    assert services.digest_of([Placement.parse("D@0,0/0")]) != services.digest_of(
        [Placement.parse("D@0,0/90")]
    )


def test_an_illegal_move_is_refused_and_nothing_is_saved():
    saved = two_players()
    lay(saved, "D@0,0/0")
    with pytest.raises(IllegalPlacementError) as error:
        lay(saved, "E@3,3/0")
    assert error.value.rule is Rule.NOT_ADJACENT
    assert saved.moves.count() == 1


def test_a_stale_move_is_refused():
    saved = two_players()
    lay(saved, "D@0,0/0")
    seen = now(saved)
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=seen)
    with pytest.raises(services.StaleMoveError):
        services.add_move(saved.code, Placement("U", 1, 0, 0), expected=seen)
    assert saved.moves.count() == 2


def test_an_undo_and_a_different_move_from_another_phone_is_noticed():
    # Counting moves cannot tell: after phone B undoes E and lays U, there are still two moves.
    saved = two_players()
    lay(saved, "D@0,0/0")
    lay(saved, "E@0,-1/180")
    phone_a = now(saved)
    services.undo(saved.code, expected=phone_a)
    lay(saved, "U@1,0/0")
    assert saved.moves.count() == 2
    with pytest.raises(services.StaleMoveError):
        services.add_move(saved.code, Placement("V", -1, 0, 0), expected=phone_a)
    with pytest.raises(services.StaleMoveError):
        services.set_action(saved.code, 1, Meeple(0, Place.S), expected=phone_a)


def test_two_phones_choosing_different_figures_on_the_same_tile():
    saved = two_players()
    lay(saved, "D@0,0/0")
    lay(saved, "U@1,0/0")
    seen = now(saved)  # both phones show the same tile just laid
    services.set_action(saved.code, 1, Meeple(1, Place.E), expected=seen)
    with pytest.raises(services.StaleMoveError):
        services.set_action(saved.code, 1, Meeple(1, Place.N), expected=seen)
    assert saved.moves.last().placement.meeple.at is Place.E


def test_the_database_refuses_a_second_move_with_the_same_number():
    from django.db import IntegrityError, transaction

    saved = two_players()
    lay(saved, "D@0,0/0")
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.from_placement(saved, 0, Placement("D", 5, 5)).save()


def test_set_action_rescores_the_last_turn_and_the_layer_follows_the_figure():
    saved = two_players()
    lay(saved, "D@0,0/0")
    loaded = lay(saved, "E@0,-1/180")
    assert loaded.game.scores == [0, 0]
    assert loaded.game.turns[-1].layer == 0  # the first player lays the second tile
    loaded = services.set_action(saved.code, 1, Meeple(1, Place.S), expected=loaded.digest)
    assert loaded.game.scores == [0, 4]  # Wei's knight closed the two-tile city at once
    assert loaded.game.turns[-1].layer == 1  # so Wei laid the tile
    assert loaded.game.meeples_in_supply == [7, 7]
    loaded = services.set_action(saved.code, 1, None, expected=loaded.digest)
    assert loaded.game.scores == [0, 0]
    assert saved.moves.last().placement.meeple is None
    assert saved.moves.last().placement.player == 0


def test_set_action_refuses_an_occupied_feature():
    saved = two_players()
    lay(saved, "D@0,0/0")
    lay(saved, "U@1,0/0:0W")
    lay(saved, "U@2,0/0")
    with pytest.raises(IllegalPlacementError) as error:
        services.set_action(saved.code, 2, Meeple(1, Place.E), expected=now(saved))
    assert error.value.rule is Rule.FEATURE_OCCUPIED
    assert saved.moves.last().placement.meeple is None


def test_in_a_game_being_played_only_the_last_tile_takes_a_figure():
    saved = two_players()
    lay(saved, "D@0,0/0")
    lay(saved, "U@1,0/0")
    lay(saved, "U@2,0/0")
    with pytest.raises(IllegalPlacementError):
        services.set_action(saved.code, 1, Meeple(0, Place.N), expected=now(saved))


def test_on_a_finished_board_any_tile_takes_a_figure_at_any_time():
    saved = two_players(mode="final", banked=[3, 4])
    lay(saved, "U@1,0/0")
    lay(saved, "D@0,0/0")
    lay(saved, "U@2,0/0")
    loaded = services.set_action(saved.code, 0, Meeple(1, Place.N), expected=now(saved))
    assert [f.square for f in loaded.game.figures] == [(1, 0)]
    loaded = services.set_action(saved.code, 1, Meeple(0, Place.N), expected=loaded.digest)
    assert {f.player for f in loaded.game.figures} == {0, 1}
    loaded = services.set_action(saved.code, 0, None, expected=loaded.digest)
    assert [f.player for f in loaded.game.figures] == [0]


def test_undo_removes_the_last_move_only():
    saved = two_players()
    lay(saved, "D@0,0/0")
    lay(saved, "E@0,-1/180")
    seen = now(saved)
    loaded = services.undo(saved.code, expected=seen)
    assert len(loaded.game.turns) == 1
    assert saved.moves.count() == 1
    with pytest.raises(services.StaleMoveError):
        services.undo(saved.code, expected=seen)


def test_undo_on_an_empty_game_is_refused():
    saved = two_players()
    with pytest.raises(IllegalPlacementError) as error:
        services.undo(saved.code, expected=now(saved))
    assert error.value.rule is Rule.NOTHING_TO_UNDO


def test_ending_a_game_checks_the_state_like_a_move():
    saved = two_players()
    lay(saved, "D@0,0/0")
    seen = now(saved)
    lay(saved, "E@0,-1/180")
    with pytest.raises(services.StaleMoveError):
        services.finish(saved.code, True, expected=seen)
    assert not SavedGame.objects.get(pk=saved.pk).finished
    assert services.finish(saved.code, True, expected=now(saved)).saved.finished


def test_import_then_export_round_trips(board_document):
    document = board_document("river-game.json")
    saved = services.import_board(read_board(document))
    exported = services.export_board(services.load(saved.code).game)
    assert build_game(read_board(exported)).report() == build_game(read_board(document)).report()
    assert [p["color"] for p in exported["players"]] == ["red", "blue", "green"]
    assert all("player" in p for p in exported["placements"][1:])


def test_import_of_an_illegal_board_saves_nothing(board_document):
    document = board_document("format-example.json")
    document["placements"][1]["x"] = 9
    with pytest.raises(IllegalPlacementError):
        services.import_board(read_board(document))
    assert SavedGame.objects.count() == 0


def test_final_mode_keeps_banked_points(board_document):
    saved = services.import_board(read_board(board_document("river-game-final.json")))
    replay = build_game(read_board(board_document("river-game.json")))
    assert services.load(saved.code).game.report().totals == replay.report().totals


@pytest.mark.parametrize(
    "expansions",
    [
        (),
        ("river",),
        ("abbot", "river"),
        ("inns-cathedrals",),
        ("traders-builders", "abbot", "inns-cathedrals"),
    ],
)
def test_a_whole_random_game_survives_a_reload(expansions):
    played = random_game(random.Random(7), 3, expansions=expansions, meeple_chance=0.8)
    saved = services.create_game(
        services.GameSettings(players=[("P1", "red"), ("P2", "blue"), ("P3", "green")], expansions=expansions)
    )
    seen = now(saved)
    for placement in played.placements:
        seen = services.add_move(saved.code, placement, expected=seen).digest
    reloaded = services.load(saved.code).game
    assert reloaded.report().totals == played.report().totals
    assert [t.layer for t in reloaded.turns] == [t.layer for t in played.turns]
    assert {f.kind for f in reloaded.figures} == {f.kind for f in played.figures}


def test_the_expansions_figures_survive_a_reload():
    saved = two_players(expansions=("inns-cathedrals",))
    lay(saved, "D@0,0/0")
    lay(saved, "U@1,0/0:0E+big")
    assert services.load(saved.code).game.figures[0].kind is FigureKind.BIG


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_at_once_never_lose_or_double_a_move():
    saved = two_players()
    lay(saved, "D@0,0/0")
    seen = now(saved)
    outcomes = []

    def enter(placement):
        try:
            services.add_move(saved.code, placement, expected=seen)
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
