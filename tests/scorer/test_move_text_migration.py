"""Migration 0004 folds a move's columns into its text form: every saved game keeps its moves
exactly (the same placements, the same digest) and goes back to columns again."""

from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import scorer.migrations
from scorer import services
from scorer.engine import Placement
from tests.engine.test_actions import bell  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("scorer", "0003_watch_code_and_digest"), ("scorer", "0004_move_text")

# Column values as the site saved them, and the text each must become.
MOVES = [
    ({"tile": "D", "x": 0, "y": 0, "rotation": 0}, "D@0,0/0"),
    (
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "layer": 1, "meeple_player": 1, "meeple_place": "S"},
        "1>E@0,-1/180:1S",
    ),
    (
        {
            "tile": "B",
            "x": 1,
            "y": 0,
            "rotation": 0,
            "layer": 0,
            "meeple_player": 0,
            "meeple_place": "C",
            "meeple_kind": "abbot",
        },
        "0>B@1,0/0:0C+abbot",
    ),
    (
        {
            "tile": "U",
            "x": -1,
            "y": 0,
            "rotation": 90,
            "layer": 1,
            "recall_player": 1,
            "recall_x": 1,
            "recall_y": 0,
        },
        "1>U@-1,0/90:1^1,0",
    ),
    (
        {
            "tile": "ic-cathedral",
            "x": 0,
            "y": 1,
            "rotation": 270,
            "layer": 0,
            "meeple_player": 0,
            "meeple_place": "N",
            "meeple_kind": "big",
        },
        "0>ic-cathedral@0,1/270:0N+big",
    ),
]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_columns_become_the_text_form_and_back():
    old = migrate(BEFORE)
    SavedGame, Move = old.get_model("scorer", "SavedGame"), old.get_model("scorer", "Move")
    saved = SavedGame.objects.create(
        code="mig0004", watch_code="mig0004w", players=[{"name": "A"}, {"name": "B"}]
    )
    for number, (columns, _) in enumerate(MOVES):
        Move.objects.create(game=saved, number=number, **columns)

    new = migrate(AFTER)
    texts = list(
        new.get_model("scorer", "Move").objects.filter(game__code="mig0004").values_list("text", flat=True)
    )
    assert texts == [text for _, text in MOVES]
    assert [str(Placement.parse(t)) for t in texts] == texts  # the engine reads each back as written

    old = migrate(BEFORE)
    back = old.get_model("scorer", "Move").objects.filter(game__code="mig0004").order_by("number")
    for move, (columns, _) in zip(back, MOVES):
        assert {name: getattr(move, name) for name in columns} == columns
    migrate(latest())


def latest():
    """The newest migration, where the other tests expect the database to be."""
    folder = Path(scorer.migrations.__file__).parent
    return ("scorer", max(path.stem for path in folder.glob("0*.py")))


def test_a_game_saved_before_keeps_its_digest():
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    loaded = services.load(saved.code)
    for text in ("D@0,0/0", "E@0,-1/180:1S", "U@1,0/0"):
        loaded = services.add_move(saved.code, Placement.parse(text), expected=loaded.digest)
    assert services.digest_of(m.placement for m in loaded.moves) == loaded.saved.digest


def test_a_new_kind_of_action_is_saved_with_no_new_column(bell):  # noqa: F811
    """A kind an expansion registers (the made-up bell of tests/engine/test_actions.py) is kept in
    the move's text: saved, loaded and replayed as it was entered."""
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    loaded = services.load(saved.code)
    for text in ("D@0,0/0", "E@0,-1/180:1S:bell=1@2,3"):
        loaded = services.add_move(saved.code, Placement.parse(text), expected=loaded.digest)
    assert saved.moves.last().text == "1>E@0,-1/180:1S:bell=1@2,3"
    reloaded = services.load(saved.code).game
    assert [p.laid_by(None) for p in reloaded.placements] == loaded.game.placements
