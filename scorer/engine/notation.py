"""The board file (``carcassonne-board/1``) and the JSON score report, read and written.

:func:`read_board` turns a decoded JSON document into a :class:`BoardFile`, refusing anything
malformed with a :class:`BoardFileError`; :func:`build_game` replays it into a :class:`Game`,
refusing any broken rule with an :class:`IllegalPlacementError` that names the placement;
:func:`write_board` turns a game back into the document. Reading what was written gives the same
game. Nothing here touches files or the network: callers decode and encode JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import ReadContext, kind_of, kinds_by_field
from .errors import BoardFileError, Rule
from .expansions import modules_for
from .figures import FigureKind
from .game import Game
from .placement import Placement
from .places import ROTATIONS
from .queries import COLORS, Player
from .rules import MIN_PLAYERS, FarmerEdition, Mode, Rules, max_players
from .scoring import ScoreEvent, ScoreReport
from .tiles import Expansion, Good
from .tilesets import TILES, tile_counts

FORMAT = "carcassonne-board/1"
MAX_NAME_LENGTH = 40
MAX_BANKED = 10_000
MAX_GOODS = 50
"""More tokens of one good than the tiles hold (9 wine) is a typing mistake."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None``: empty, too long, or holding control
    characters, unpaired surrogates or direction overrides (joiners such as ZWNJ are fine)."""
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"
    for char in name:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF):
            return "holds a control character"
        if char in _BIDI_CONTROLS:
            return "holds a text-direction control"
    return None


@dataclass(frozen=True)
class BoardFile:
    """What a board file says, checked for form but not yet for the rules of play."""

    players: tuple[Player, ...]
    placements: tuple[Placement, ...]
    rules: Rules = field(default_factory=Rules)
    expansions: frozenset[Expansion] = frozenset()
    mode: Mode = Mode.REPLAY
    banked: tuple[int, ...] | None = None
    goods: tuple[dict[Good, int], ...] | None = None
    extras: dict[str, object] = field(default_factory=dict)
    """A finished board's top-level fields of its expansions' modules (towers, prisoners...)."""


def coordinate_limit(expansions: frozenset[Expansion]) -> int:
    """How far from the first tile a tile can lie: no further than the game has tiles."""
    return sum(tile_counts(expansions).values())


def read_board(document: Any) -> BoardFile:
    """Check a decoded board file's form and return what it says.

    :raises BoardFileError: naming the first thing that is malformed.
    """
    if not isinstance(document, Mapping):
        raise BoardFileError(Rule.BAD_FILE, detail="expected an object with format, players and placements")
    if document.get("format") != FORMAT:
        raise BoardFileError(Rule.BAD_FORMAT)
    expansions = _read_expansions(document.get("expansions", []))
    players = _read_players(document.get("players"), expansions)
    rules = _read_rules(document.get("rules", {}))
    mode_value = document.get("mode", "replay")
    if mode_value not in ("replay", "final"):
        raise BoardFileError(Rule.BAD_MODE)
    mode = Mode(mode_value)
    banked = _read_banked(document.get("banked"), mode, len(players))
    goods = _read_goods(document.get("goods"), mode, expansions, len(players))
    raw = document.get("placements")
    if not isinstance(raw, list):
        raise BoardFileError(Rule.BAD_PLACEMENT, detail='"placements" must be a list')
    limit = coordinate_limit(expansions)
    if len(raw) > limit:
        raise BoardFileError(Rule.TOO_MANY_PLACEMENTS, limit=limit)
    placements = []
    layered = False
    for i, item in enumerate(raw):
        placement = _read_placement(item, i, len(players), limit)
        if placement.player is not None:
            layered = True
        elif layered:
            raise BoardFileError(
                Rule.LAYER_MISSING, index=i, tile=placement.tile, x=placement.x, y=placement.y
            )
        placements.append(placement)
    extras = read_extras(document, expansions, mode, len(players), limit)
    return BoardFile(players, tuple(placements), rules, expansions, mode, banked, goods, extras)


def read_extras(
    document: Mapping, expansions: frozenset[Expansion], mode: Mode, players: int, limit: int | None = None
) -> dict[str, object]:
    """The modules' top-level fields of a board file (``towers``, ``prisoners``, ...), typed for
    ``Game(extras=...)``: each only with its expansion, only on a finished board."""
    if limit is None:
        limit = coordinate_limit(expansions)
    extras: dict[str, object] = {}
    in_play = modules_for(expansions)
    for module in modules_for(frozenset(Expansion)):
        for names, its_mode in ((module.extra_fields, Mode.FINAL), (module.replay_fields, Mode.REPLAY)):
            for name in names:
                if document.get(name) is None:
                    continue
                if module not in in_play or mode is not its_mode:
                    raise BoardFileError(
                        Rule.FIELD_NOT_IN_GAME,
                        detail=f'"{name}" belongs only in {its_mode.value} mode'
                        f' with "{module.expansion.value}"',
                    )
                extras[name] = module.read_extra(name, document[name], ReadContext(players, limit, {}))
    return extras


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_expansions(raw: Any) -> frozenset[Expansion]:
    known = [e.value for e in Expansion]
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise BoardFileError(Rule.BAD_EXPANSIONS, detail='"expansions" must be a list of names')
    for name in raw:
        if name not in known:
            raise BoardFileError(
                Rule.BAD_EXPANSIONS, detail=f"unknown expansion {name[:30]!r}; use {', '.join(known)}"
            )
    if len(set(raw)) != len(raw):
        raise BoardFileError(Rule.BAD_EXPANSIONS, detail="an expansion is named twice")
    return frozenset(Expansion(e) for e in raw)


def _read_players(raw: Any, expansions: frozenset[Expansion]) -> tuple[Player, ...]:
    most = max_players(expansions)
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= most:
        raise BoardFileError(Rule.BAD_PLAYERS, detail=f"give {MIN_PLAYERS} to {most} players", most=most)
    players = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise BoardFileError(
                Rule.BAD_PLAYERS, detail=f"player {i + 1} needs a name", player=i, problem="empty"
            )
        name = item["name"].strip()
        problem = name_problem(name)
        if problem is not None:
            raise BoardFileError(
                Rule.BAD_PLAYERS,
                detail=f"player {i + 1}'s name {problem}",
                player=i,
                problem=_problem_code(problem),
            )
        color = item.get("color")
        if color is not None and color not in COLORS:
            raise BoardFileError(
                Rule.BAD_PLAYERS,
                detail=f"player {i + 1}'s colour must be one of {', '.join(COLORS)}",
                player=i,
                problem="colour",
            )
        players.append(Player(name, color))
    colors = [p.color for p in players if p.color]
    if len(colors) != len(set(colors)):
        raise BoardFileError(
            Rule.BAD_PLAYERS, detail="two players have the same colour", problem="same_colour"
        )
    return tuple(players)


def _problem_code(problem: str) -> str:
    """A stable word for what is wrong with a name, for callers that explain it in other languages."""
    for word, code in (
        ("empty", "empty"),
        ("longer", "too_long"),
        ("direction", "direction"),
        ("control", "control"),
    ):
        if word in problem:
            return code
    return "name"


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


def _read_banked(raw: Any, mode: Mode, players: int) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if mode is not Mode.FINAL:
        raise BoardFileError(Rule.BAD_BANKED, detail="banked points belong only in final mode")
    if not isinstance(raw, list) or len(raw) != players:
        raise BoardFileError(Rule.BAD_BANKED, detail="give one number per player")
    if not all(_is_int(v) and 0 <= v <= MAX_BANKED for v in raw):
        raise BoardFileError(Rule.BAD_BANKED, detail=f"each must be a whole number from 0 to {MAX_BANKED}")
    return tuple(raw)


def _read_goods(
    raw: Any, mode: Mode, expansions: frozenset[Expansion], players: int
) -> tuple[dict[Good, int], ...] | None:
    if raw is None:
        return None
    if mode is not Mode.FINAL or Expansion.TRADERS_BUILDERS not in expansions:
        raise BoardFileError(Rule.BAD_GOODS, detail='goods belong only in final mode with "traders-builders"')
    if not isinstance(raw, list) or len(raw) != players:
        raise BoardFileError(Rule.BAD_GOODS, detail="give one entry per player")
    out = []
    for entry in raw:
        if not isinstance(entry, Mapping) or any(k not in Good.__members__.values() for k in entry):
            raise BoardFileError(Rule.BAD_GOODS, detail='each entry holds only "wine", "wheat" and "cloth"')
        if not all(_is_int(v) and 0 <= v <= MAX_GOODS for v in entry.values()):
            raise BoardFileError(
                Rule.BAD_GOODS, detail=f"each count must be a whole number from 0 to {MAX_GOODS}"
            )
        out.append({Good(k): v for k, v in entry.items() if v})
    return tuple(out)


def _read_placement(item: Any, index: int, players: int, limit: int) -> Placement:
    # The hot path of reading a file: plain type checks first, the slow general ones only if needed.
    if type(item) is not dict and not isinstance(item, Mapping):
        raise BoardFileError(Rule.BAD_PLACEMENT, index=index, detail="each placement must be an object")
    name = item.get("tile")
    if type(name) is not str or name not in TILES:
        raise BoardFileError(Rule.UNKNOWN_TILE, index=index, tile_name=str(name)[:40])
    x, y = item.get("x"), item.get("y")
    if type(x) is not int or type(y) is not int or not (-limit <= x <= limit and -limit <= y <= limit):
        raise BoardFileError(Rule.BAD_POSITION, index=index, tile=name, limit=limit)
    rotation = item.get("rotation", 0)
    if type(rotation) is not int or rotation not in ROTATIONS:
        raise BoardFileError(Rule.BAD_ROTATION, index=index, tile=name, x=x, y=y)
    layer = item.get("player")
    if layer is not None and (type(layer) is not int or not 0 <= layer < players):
        raise BoardFileError(Rule.UNKNOWN_PLAYER, index=index, tile=name, x=x, y=y, player=str(layer)[:10])
    actions: list = []
    for key, options in kinds_by_field().items():
        raw = item.get(key)
        if raw is None:
            continue
        context = ReadContext(players, limit, {"index": index, "tile": name, "x": x, "y": y})
        action = next((a for a in (kind.read(raw, context) for kind in options) if a is not None), None)
        if action is None:
            raise BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail=f'"{key}" is not understood')
        actions.append(action)
    if len(actions) > 1:
        actions.sort(key=lambda action: kind_of(action).step)  # the turn's order
    # Every field is checked above, the rotation included: skip the constructor's own check.
    return Placement._make((name, x, y, rotation, tuple(actions), layer))


def build_game(board: BoardFile) -> Game:
    """Replay a board file's placements into a game, checking every rule of its mode.

    :raises IllegalPlacementError: naming the first placement that breaks a rule.
    """
    game = Game(
        board.players,
        rules=board.rules,
        expansions=board.expansions,
        mode=board.mode,
        banked=board.banked,
        goods=board.goods,
        extras=board.extras,
    )
    game.extend(board.placements)
    owed = game.unfinished() if board.mode is Mode.REPLAY and game.turns else None
    if owed is not None:
        raise owed
    if board.mode is Mode.REPLAY:
        ended = game.end_problem()
        if ended is not None:
            raise ended
    if board.mode is Mode.FINAL:
        problem = game.final_problem()
        if problem is not None:
            raise problem
    return game


def score_board(document: Any) -> ScoreReport:
    """Read, check and score a decoded board file in one step."""
    return build_game(read_board(document)).report()


def write_board(game: Game) -> dict[str, Any]:
    """The board file for ``game``: reading it gives the same game. Figures keep the place they
    were given; a placement names who laid it when it said so (the site says so on every one)."""
    players = []
    for player in game.players:
        entry: dict[str, Any] = {"name": player.name}
        if player.color:
            entry["color"] = player.color
        players.append(entry)
    document: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "rules": {"small_city": game.rules.small_city, "farmers": game.rules.farmers.value},
        "expansions": [e.value for e in Expansion if e in game.expansions],
        "mode": game.mode.value,
        "placements": [_write_placement(p) for p in game.placements],
    }
    if game.mode is Mode.FINAL:
        document["banked"] = list(game.banked)
        if Expansion.TRADERS_BUILDERS in game.expansions:
            document["goods"] = [{g.value: held[g] for g in Good if held[g]} for held in game.goods]
        for module in game.board.modules:
            document.update(module.write_extras(game))
    else:
        for module in game.board.modules:
            document.update(module.write_replay_extras(game))
    return document


def _write_placement(placement: Placement) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "tile": placement.tile,
        "x": placement.x,
        "y": placement.y,
        "rotation": placement.rotation,
    }
    if placement.player is not None:
        entry["player"] = placement.player
    for action in placement.actions:
        kind = kind_of(action)
        entry[kind.field] = kind.write(action)
    return entry


def event_to_dict(event: ScoreEvent) -> dict[str, Any]:
    data: dict[str, Any] = {
        "when": event.when.value,
        "placement": event.placement,
        "feature": event.subject,
        "complete": event.complete,
        "tiles": [list(sq) for sq in event.tiles],
        "pennants": event.pennants,
        "meeples": {str(p): n for p, n in event.meeples.items()},
        "winners": list(event.winners),
        "points": event.points,
    }
    if event.cities or event.when.value == "farms":
        data["cities"] = [[list(sq) for sq in city] for city in event.cities]
    if event.inn:
        data["inn"] = True
    if event.cathedral:
        data["cathedral"] = True
    if event.pig:
        data["pig"] = True
    if event.good is not None:
        data["good"] = event.good.value
        data["tokens"] = {str(p): n for p, n in event.tokens.items()}
    figures = [s for s in event.meeple_spots if s.kind is not FigureKind.MEEPLE]
    if figures:
        data["figures"] = [
            {"player": s.player, "kind": s.kind.value, "x": s.square[0], "y": s.square[1]} for s in figures
        ]
    return data


def report_to_dict(report: ScoreReport) -> dict[str, Any]:
    """The JSON score report of the board-file documentation."""
    players = []
    for p in report.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "total": p.total,
            "by_category": {c.value: n for c, n in p.by_category.items()},
        }
        if p.goods:
            entry["goods"] = {g.value: n for g, n in p.goods.items()}
        players.append(entry)
    return {
        "players": players,
        "events": [event_to_dict(e) for e in report.events],
        "warnings": [
            {
                "code": w.code.value,
                "feature": w.feature.value if w.feature is not None else "goods",
                "tiles": [list(sq) for sq in w.tiles],
                "message": w.message,
            }
            for w in report.warnings
        ],
        "layers": list(report.layers),
    }
