"""The board file (``carcassonne-board/1``) and the JSON score report, read and written.

:func:`read_board` turns a decoded JSON document into a :class:`BoardFile`, refusing anything
malformed with a :class:`BoardFileError`; :func:`build_game` replays it into a :class:`Game`,
refusing any broken rule with an :class:`IllegalPlacementError` that names the placement;
:func:`write_board` turns a game back into the document. Reading what was written gives the same
game. Nothing here touches files or the network: callers decode and encode JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BoardFileError, Rule
from .game import Game
from .placement import Meeple, Placement
from .places import ROTATIONS, Place
from .rules import MAX_PLAYERS, MIN_PLAYERS, FarmerEdition, Mode, Rules
from .scoring import ScoreEvent, ScoreReport
from .tiles import TILES, Expansion

FORMAT = "carcassonne-board/1"
COLORS = ("red", "blue", "green", "yellow", "black")
MAX_COORDINATE = 10_000
MAX_NAME_LENGTH = 40
MAX_PLACEMENTS = 84


@dataclass(frozen=True)
class Player:
    name: str
    color: str | None = None


@dataclass(frozen=True)
class BoardFile:
    """What a board file says, checked for form but not yet for the rules of play."""

    players: tuple[Player, ...]
    placements: tuple[Placement, ...]
    rules: Rules = field(default_factory=Rules)
    expansions: frozenset[Expansion] = frozenset()
    mode: Mode = Mode.REPLAY
    banked: tuple[int, ...] | None = None


def read_board(document: Any) -> BoardFile:
    """Check a decoded board file's form and return what it says."""
    if not isinstance(document, Mapping):
        raise BoardFileError(Rule.BAD_FILE, detail="expected an object with format, players and placements")
    if document.get("format") != FORMAT:
        raise BoardFileError(Rule.BAD_FORMAT)
    players = _read_players(document.get("players"))
    rules = _read_rules(document.get("rules", {}))
    expansions = _read_expansions(document.get("expansions", []))
    mode_value = document.get("mode", "replay")
    if mode_value not in ("replay", "final"):
        raise BoardFileError(Rule.BAD_MODE)
    mode = Mode(mode_value)
    banked = _read_banked(document.get("banked"), mode, len(players))
    raw = document.get("placements")
    if not isinstance(raw, list):
        raise BoardFileError(Rule.BAD_PLACEMENT, detail='"placements" must be a list')
    limit = MAX_PLACEMENTS if Expansion.RIVER in expansions else 72
    if len(raw) > limit:
        raise BoardFileError(Rule.TOO_MANY_PLACEMENTS, limit=limit)
    placements = tuple(_read_placement(item, i, len(players)) for i, item in enumerate(raw))
    return BoardFile(players, placements, rules, expansions, mode, banked)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_players(raw: Any) -> tuple[Player, ...]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise BoardFileError(Rule.BAD_PLAYERS, detail=f"give {MIN_PLAYERS} to {MAX_PLAYERS} players")
    players = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str) or not item["name"].strip():
            raise BoardFileError(Rule.BAD_PLAYERS, detail=f"player {i} needs a non-empty name")
        name = item["name"].strip()
        if len(name) > MAX_NAME_LENGTH:
            raise BoardFileError(
                Rule.BAD_PLAYERS, detail=f"player {i}'s name is longer than {MAX_NAME_LENGTH}"
            )
        color = item.get("color")
        if color is not None and color not in COLORS:
            raise BoardFileError(
                Rule.BAD_PLAYERS, detail=f"player {i}'s colour must be one of {', '.join(COLORS)}"
            )
        players.append(Player(name, color))
    colors = [p.color for p in players if p.color]
    if len(colors) != len(set(colors)):
        raise BoardFileError(Rule.BAD_PLAYERS, detail="two players have the same colour")
    return tuple(players)


def _read_rules(raw: Any) -> Rules:
    if not isinstance(raw, Mapping):
        raise BoardFileError(Rule.BAD_RULES, detail='"rules" must be an object')
    small_city = raw.get("small_city", 4)
    if not _is_int(small_city) or small_city not in (2, 4):
        raise BoardFileError(Rule.BAD_RULES, detail="small_city must be 4 or 2")
    farmers = raw.get("farmers", "3rd")
    if farmers not in ("3rd", "2nd", "1st"):
        raise BoardFileError(Rule.BAD_RULES, detail='farmers must be "3rd", "2nd" or "1st"')
    return Rules(small_city=small_city, farmers=FarmerEdition(farmers))


def _read_expansions(raw: Any) -> frozenset[Expansion]:
    if raw == []:
        return frozenset()
    if raw == ["river"]:
        return frozenset({Expansion.RIVER})
    raise BoardFileError(Rule.BAD_EXPANSIONS)


def _read_banked(raw: Any, mode: Mode, players: int) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if mode is not Mode.FINAL:
        raise BoardFileError(Rule.BAD_BANKED, detail="banked points belong only in final mode")
    if not isinstance(raw, list) or len(raw) != players:
        raise BoardFileError(Rule.BAD_BANKED, detail="give one number per player")
    if not all(_is_int(v) and 0 <= v <= 10_000 for v in raw):
        raise BoardFileError(Rule.BAD_BANKED, detail="each must be a whole number from 0 to 10000")
    return tuple(raw)


def _read_placement(item: Any, index: int, players: int) -> Placement:
    if not isinstance(item, Mapping):
        raise BoardFileError(Rule.BAD_PLACEMENT, index=index, detail="each placement must be an object")
    name = item.get("tile")
    if not isinstance(name, str) or name not in TILES:
        raise BoardFileError(Rule.UNKNOWN_TILE, index=index, tile_name=str(name)[:40])
    x, y = item.get("x"), item.get("y")
    if not (_is_int(x) and _is_int(y) and abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE):
        raise BoardFileError(Rule.BAD_POSITION, index=index, tile=name, limit=MAX_COORDINATE)
    where = {"index": index, "tile": name, "x": x, "y": y}
    rotation = item.get("rotation", 0)
    if not _is_int(rotation) or rotation not in ROTATIONS:
        raise BoardFileError(Rule.BAD_ROTATION, **where)
    meeple = None
    raw_meeple = item.get("meeple")
    if raw_meeple is not None:
        if not isinstance(raw_meeple, Mapping):
            raise BoardFileError(Rule.BAD_PLACEMENT, **where, detail="meeple must be an object")
        player, at = raw_meeple.get("player"), raw_meeple.get("at")
        if not _is_int(player) or not 0 <= player < players:
            raise BoardFileError(Rule.UNKNOWN_PLAYER, **where, player=str(player)[:10])
        if not isinstance(at, str) or at not in Place.__members__:
            raise BoardFileError(Rule.UNKNOWN_PLACE, **where, place_name=str(at)[:10])
        meeple = Meeple(player, Place[at])
    return Placement(name, x, y, rotation, meeple)


def build_game(board: BoardFile) -> Game:
    """Replay a board file's placements into a game, checking every rule of its mode."""
    game = Game(
        [p.name for p in board.players],
        rules=board.rules,
        expansions=board.expansions,
        mode=board.mode,
        banked=board.banked,
    )
    for placement in board.placements:
        game.push(placement)
    if board.mode is Mode.FINAL:
        problem = game.final_problem()
        if problem is not None:
            raise problem
    return game


def score_board(document: Any) -> ScoreReport:
    """Read, check and score a decoded board file in one step."""
    return build_game(read_board(document)).report()


def write_board(
    game: Game,
    *,
    colors: Sequence[str | None] | None = None,
) -> dict[str, Any]:
    """The board file for ``game``; meeples keep the place they were given."""
    players = []
    for i, name in enumerate(game.players):
        entry: dict[str, Any] = {"name": name}
        if colors and colors[i]:
            entry["color"] = colors[i]
        players.append(entry)
    document: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "rules": {"small_city": game.rules.small_city, "farmers": game.rules.farmers.value},
        "expansions": sorted(e.value for e in game.expansions),
        "mode": game.mode.value,
        "placements": [_write_placement(game, i, p) for i, p in enumerate(game.placements)],
    }
    if game.mode is Mode.FINAL:
        document["banked"] = list(game.banked)
    return document


def _write_placement(game: Game, index: int, placement: Placement) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "tile": placement.tile,
        "x": placement.x,
        "y": placement.y,
        "rotation": placement.rotation,
    }
    if placement.meeple is not None:
        entry["meeple"] = {"player": placement.meeple.player, "at": placement.meeple.at.name}
    return entry


def event_to_dict(event: ScoreEvent) -> dict[str, Any]:
    data: dict[str, Any] = {
        "when": event.when.value,
        "placement": event.placement,
        "feature": event.feature.value,
        "complete": event.complete,
        "tiles": [list(sq) for sq in event.tiles],
        "pennants": event.pennants,
        "meeples": {str(p): n for p, n in event.meeples.items()},
        "winners": list(event.winners),
        "points": event.points,
    }
    if event.cities or event.when.value == "farms":
        data["cities"] = [[list(sq) for sq in city] for city in event.cities]
    return data


def report_to_dict(report: ScoreReport) -> dict[str, Any]:
    """The JSON score report of the board-file documentation."""
    return {
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "by_category": {c.value: n for c, n in p.by_category.items()},
            }
            for p in report.players
        ],
        "events": [event_to_dict(e) for e in report.events],
        "warnings": [
            {
                "code": w.code.value,
                "feature": w.feature.value,
                "tiles": [list(sq) for sq in w.tiles],
                "message": w.message,
            }
            for w in report.warnings
        ],
    }
