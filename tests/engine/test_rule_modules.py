"""Expansions come in as rule modules: the core of the engine names none of them, a module's
state is kept in the game's journal (push and pop exact), and hooks run only where overridden."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from scorer.engine import Game, Placement
from scorer.engine.expansions import HOOKS, RuleModule, modules_for, overriding
from scorer.engine.scoring import Phase, ScoreEvent
from scorer.engine.simulate import random_game
from scorer.engine.tiles import Expansion, Good

ENGINE = Path(__file__).resolve().parents[2] / "scorer" / "engine"
EXPANSION_WORDS = ("river", "abbot", "builder", "trader")


def identifier_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        # Error codes (``Rule.*``) are the board format's published names: they may say what they refuse.
        return None if isinstance(node.value, ast.Name) and node.value.id == "Rule" else node.attr
    if isinstance(node, ast.FunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.arg):
        return node.arg
    return None


def names_of_expansions(path: Path) -> list[str]:
    """Where the code (not its comments or docstrings) names an expansion: a member of
    ``Expansion``, or an identifier with an expansion's word in it."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "Expansion":
            found.append(f"line {node.lineno}: Expansion.{node.attr}")
        identifier = identifier_of(node)
        if identifier and any(word in identifier.lower() for word in EXPANSION_WORDS):
            found.append(f"line {node.lineno}: {identifier}")
    return found


@pytest.mark.parametrize(
    "name", ["game.py", "view.py", "figure_rules.py", "board.py", "features.py", "scoring.py"]
)
def test_the_core_names_no_expansion(name):
    """The River's laying rules are its module's too (the board asks its laying hooks)."""
    assert names_of_expansions(ENGINE / name) == []


def test_every_expansion_with_rules_beyond_its_data_has_a_module():
    modules = modules_for(frozenset(Expansion))
    assert {m.expansion for m in modules} == {
        Expansion.RIVER,
        Expansion.ABBOT,
        Expansion.TRADERS_BUILDERS,
        Expansion.TOWER,
        Expansion.PRINCESS_DRAGON,
        Expansion.COUNT,
    }
    assert all(isinstance(m, RuleModule) for m in modules)


def test_a_hook_runs_only_on_the_modules_that_override_it():
    modules = modules_for(frozenset(Expansion))
    by_hook = {hook: {m.expansion for m in overriding(modules, hook)} for hook in HOOKS}
    assert by_hook["completed"] == {Expansion.TRADERS_BUILDERS}
    assert by_hook["after_scoring"] == {Expansion.ABBOT, Expansion.PRINCESS_DRAGON, Expansion.COUNT}
    assert by_hook["final_problem"] == {
        Expansion.RIVER,
        Expansion.TOWER,
        Expansion.PRINCESS_DRAGON,
        Expansion.COUNT,
    }
    assert by_hook["laying_problem"] == {Expansion.RIVER, Expansion.COUNT}
    assert by_hook["visitors"] == by_hook["farm_visitors"] == {Expansion.COUNT}
    assert by_hook["start_turn"] == {Expansion.PRINCESS_DRAGON}
    assert by_hook["before_tile"] == {Expansion.TOWER}
    assert by_hook["after_action"] == {
        Expansion.ABBOT,
        Expansion.TOWER,
        Expansion.PRINCESS_DRAGON,
        Expansion.COUNT,
    }
    assert by_hook["unfinished"] == {Expansion.PRINCESS_DRAGON}
    assert by_hook["figure_bar"] == {Expansion.PRINCESS_DRAGON, Expansion.COUNT}


def test_a_modules_state_is_restored_exactly_by_pop():
    """The goods a closed city gives are the Traders & Builders module's state: popping the turn
    gives back the state from before it, the very value, and the same game replayed agrees."""
    game = Game(["Mina", "Wei"], expansions=["traders-builders"])
    game.push(Placement.parse("D@0,0/0"))
    before = game.state()
    start = game.goods
    played = random_game(random.Random(4), 2, expansions=["traders-builders"], meeple_chance=0.4)
    replay = Game(["Mina", "Wei"], expansions=["traders-builders"])
    snapshots = []
    for placement in played.placements:
        snapshots.append(replay.state())
        replay.push(placement)
    assert any(sum(held.values()) for held in replay.goods)
    for snapshot in reversed(snapshots):
        replay.pop()
        assert replay.state() == snapshot
    assert game.state() == before and game.goods == start


def test_goods_given_for_a_finished_board_are_the_modules_first_state():
    given = [{Good.WINE: 2}, {Good.CLOTH: 1, Good.WHEAT: 0}]
    game = Game(["Mina", "Wei"], expansions=["traders-builders"], mode="final", goods=given)
    assert game.goods == [{Good.WINE: 2}, {Good.CLOTH: 1}]
    without = Game(["Mina", "Wei"], mode="final", goods=given)
    assert without.goods == [{}, {}]
    assert [player.goods for player in without.report().players] == [{}, {}]


class PointBeforeEachTile(RuleModule):
    """A made-up module, as the fairy's will be: a point to the layer before each tile, and the
    number of such points kept as its state."""

    expansion = Expansion.ABBOT

    def start(self, game):
        return 0

    def before_tile(self, game, placement, layer, where):
        if layer is None:
            return []
        game.set_state(self, game.state_of(self) + 1)
        return [ScoreEvent(Phase.PLAY, None, True, (), 0, {}, (layer,), 1)]


def test_a_new_module_needs_no_change_to_the_game(monkeypatch):
    module = PointBeforeEachTile()
    monkeypatch.setattr("scorer.engine.board.modules_for", lambda expansions: (module,))
    game = Game(["Mina", "Wei"], expansions=["abbot"])
    game.push(Placement.parse("D@0,0/0"))
    events = game.push(Placement.parse("E@0,-1/180:1S"))  # Wei's knight closes a two-tile city
    assert events[0].points == 1 and events[0].winners == (1,)  # Wei lays it (the figure is his)
    assert game.scores == [0, 5] and game.state_of(module) == 1
    game.pop()
    assert game.scores == [0, 0] and game.state_of(module) == 0
