"""Shared helpers for the engine tests: building games from placement text, reading totals.

Boards in the tests are written as placement text (``"E@0,-1/180:1S"``: tile E on square
(0, -1), turned 180°, with player 1's meeple on place S). ``x`` grows to the east and ``y`` to
the south, so the tile above (0, 0) is (0, -1).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable

from scorer.engine import Game, Placement, Recall, Rules
from scorer.engine.places import Place
from scorer.engine.simulate import random_game

from .reference import RefGame


def game_of(
    *texts: str,
    players: int | list = 2,
    small_city: int = 4,
    farmers: str = "3rd",
    river: bool = False,
    mode: str = "replay",
    banked: list[int] | None = None,
) -> Game:
    """A game with the placements pushed in order (every rule of ``mode`` checked)."""
    game = Game(
        players,
        rules=Rules(small_city=small_city, farmers=farmers),
        expansions=["river"] if river else [],
        mode=mode,
        banked=banked,
    )
    for text in texts:
        game.push(Placement.parse(text))
    return game


def ref_of(
    *texts: str,
    players: int = 2,
    small_city: int = 4,
    farmers: str = "3rd",
    river: bool = False,
    final: bool = False,
) -> RefGame:
    """The same board in the independent reference model."""
    ref = RefGame(players=players, small_city=small_city, farmers=farmers, river=river, final=final)
    for text in texts:
        p = Placement.parse(text)
        meeple = (p.meeple.player, p.meeple.at.name) if p.meeple else None
        ref.play(p.tile, p.x, p.y, p.rotation, meeple)
    return ref


def play_points(events: Iterable, players: int) -> list[int]:
    """What a list of score events gives each player."""
    points = [0] * players
    for event in events:
        for p in event.winners:
            points[p] += event.points
    return points


def meeples_on_board(game: Game) -> Counter[int]:
    return Counter(f.player for f in game.figures)


def feature_of(game: Game, square: tuple[int, int], place: str):
    """The feature at ``place`` of the tile on ``square``."""
    feature = game.feature_at(square, Place[place])
    assert feature is not None, f"no feature at {place} on {square}"
    return feature


def same_feature(game: Game, a: tuple[tuple[int, int], str], b: tuple[tuple[int, int], str]) -> bool:
    return feature_of(game, *a).segments == feature_of(game, *b).segments


def events_of(game: Game, when: str | None = None) -> list:
    events = list(game.report().events)
    return [e for e in events if when is None or e.when.value == when]


def translated(placement: Placement, dx: int, dy: int) -> Placement:
    recall = placement.recall
    if recall is not None:
        recall = Recall(recall.player, recall.x + dx, recall.y + dy)
    x, y = placement.x + dx, placement.y + dy
    return Placement(placement.tile, x, y, placement.rotation, placement.meeple, recall, placement.player)


def _turn_square(x: int, y: int, quarter_turns: int) -> tuple[int, int]:
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return x, y


def rotated(placement: Placement, quarter_turns: int) -> Placement:
    """The placement with the whole board turned clockwise about (0, 0)."""
    x, y = _turn_square(placement.x, placement.y, quarter_turns)
    rotation = (placement.rotation + 90 * quarter_turns) % 360
    meeple = placement.meeple
    if meeple is not None:
        meeple = meeple._replace(at=meeple.at.rotated(quarter_turns))
    recall = placement.recall
    if recall is not None:
        recall = Recall(recall.player, *_turn_square(recall.x, recall.y, quarter_turns))
    return Placement(placement.tile, x, y, rotation, meeple, recall, placement.player)


def replay(game: Game, placements: Iterable[Placement]) -> Game:
    fresh = Game(game.players, rules=game.rules, expansions=game.expansions, mode=game.mode)
    for p in placements:
        fresh.push(p)
    return fresh


RULE_OPTIONS = [Rules(small_city=s, farmers=f) for s in (4, 2) for f in ("3rd", "2nd", "1st")]


def random_full_game(
    seed: int,
    players: int = 3,
    *,
    river: bool = False,
    rules: Rules | None = None,
    meeple_chance: float = 0.5,
    max_tiles: int | None = None,
) -> Game:
    return random_game(
        random.Random(seed),
        players,
        expansions=["river"] if river else [],
        rules=rules,
        meeple_chance=meeple_chance,
        max_tiles=max_tiles,
    )


# -- board files and reports --------------------------------------------------------------

EXAMPLE_FILE = {
    "format": "carcassonne-board/1",
    "players": [{"name": "Mina", "color": "red"}, {"name": "Wei", "color": "blue"}],
    "placements": [
        {"tile": "D", "x": 0, "y": 0, "rotation": 0},
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": {"player": 1, "at": "S"}},
        {"tile": "V", "x": 1, "y": 0, "rotation": 90, "meeple": {"player": 0, "at": "NNE"}},
    ],
}


def doc_of(texts, **top) -> dict:
    doc = {"format": "carcassonne-board/1", "players": [{"name": "A"}, {"name": "B"}], **top}
    placements = []
    for t in texts:
        p = Placement.parse(t)
        entry = {"tile": p.tile, "x": p.x, "y": p.y, "rotation": p.rotation}
        if p.meeple:
            entry["meeple"] = {"player": p.meeple.player, "at": p.meeple.at.name}
        placements.append(entry)
    doc["placements"] = placements
    return doc


CATEGORIES = {"road", "city", "cloister", "garden", "farm", "goods", "banked"}
EVENT_KEYS = {"when", "placement", "feature", "complete", "tiles", "pennants", "meeples", "winners", "points"}
KIND_TO_CATEGORY = {
    "road": "road",
    "city": "city",
    "cloister": "cloister",
    "garden": "garden",
    "field": "farm",
    "goods": "goods",
}


def check_shape(data: dict, names: list[str]) -> None:
    assert set(data) == {"players", "events", "warnings", "layers"}
    assert [p["name"] for p in data["players"]] == names
    for p in data["players"]:
        assert set(p) - {"goods"} == {"name", "total", "by_category"}
        assert set(p["by_category"]) == CATEGORIES
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in p["by_category"].values())
        assert p["total"] == sum(p["by_category"].values())
    for e in data["events"]:
        assert set(e) >= EVENT_KEYS
        assert e["when"] in ("play", "recall", "end", "farms", "goods")
        assert e["feature"] in KIND_TO_CATEGORY
        assert (e["placement"] is not None) == (e["when"] in ("play", "recall"))
        assert isinstance(e["complete"], bool)
        assert all(isinstance(t, list) and len(t) == 2 for t in e["tiles"])
        assert all(isinstance(k, str) and int(k) < len(names) for k in e["meeples"])
        assert all(0 <= w < len(names) for w in e["winners"])
        assert isinstance(e["points"], int) and e["points"] >= 0
        if e["when"] == "farms":
            assert isinstance(e["cities"], list)
            assert e["complete"] is False
        else:
            assert e["pennants"] >= 0
    for w in data["warnings"]:
        assert set(w) >= {"code", "feature", "tiles", "message"}
    json.dumps(data)  # JSON-ready


def check_accounting(data: dict) -> None:
    """Every total is banked + the events that player won, category by category."""
    sums = [dict.fromkeys(CATEGORIES, 0) for _ in data["players"]]
    for i, p in enumerate(data["players"]):
        sums[i]["banked"] = p["by_category"]["banked"]
    for e in data["events"]:
        winners = e["winners"]
        # the winners are the players with the most meeples on the feature (for farms in the 2nd
        # edition a majority player may be left out of an event that pays only cities new to others)
        # (a goods majority counts tokens instead of meeples)
        counts = {int(k): v for k, v in e["tokens" if e["feature"] == "goods" else "meeples"].items()}
        assert counts, "an event with no meeples pays nobody"
        top = max(counts.values())
        majority = sorted(p for p, n in counts.items() if n == top)
        if e["when"] == "farms":
            # a pig's point and the 2nd edition split a field's winners over several events
            assert winners and set(winners) <= set(majority)
        else:
            assert sorted(winners) == majority
        for w in winners:
            sums[w][KIND_TO_CATEGORY[e["feature"]]] += e["points"]
    for i, p in enumerate(data["players"]):
        assert p["by_category"] == sums[i]
        assert p["total"] == sum(sums[i].values())


def each_push_undoes(game: Game) -> None:
    fresh = Game(
        game.players,
        rules=game.rules,
        expansions=game.expansions,
        mode=game.mode,
        banked=game.banked,
        goods=[dict(g) for g in game.goods] if game.mode.value == "final" else None,
    )
    states = [fresh.state()]
    for p in game.placements:
        before = fresh.state()
        fresh.push(p)
        after = fresh.state()
        assert fresh.pop() == p
        assert fresh.state() == before
        fresh.push(p)
        assert fresh.state() == after
        states.append(after)
    assert fresh.state() == game.state()
    # and all the way back, state by state
    for expected in reversed(states[:-1]):
        fresh.pop()
        assert fresh.state() == expected
