"""Saved games and the engine, together: load, add a move, change a figure, undo, finish, import, export.

Every write names the state of the game the client last saw (``expected``): a digest of the whole
move list, so an undo plus a different move from another phone, or two phones choosing different
figures on the same tile, are noticed. The first write wins; the second is refused as stale and
shown the new board, so no move is ever lost or entered twice. The database's unique
(game, number) constraint backs this up.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.db import IntegrityError, connection, transaction

from scorer.engine import (
    COLORS,
    BoardFile,
    Expansion,
    Game,
    Good,
    IllegalPlacementError,
    Mode,
    Placement,
    Player,
    Rule,
    Rules,
    Square,
    build_game,
    read_extras,
    write_board,
)
from scorer.engine.actions import kind_of
from scorer.models import Move, SavedGame, state_token

_GAMES = SavedGame._meta.db_table
_MOVES = Move._meta.db_table


class StaleMoveError(Exception):
    """The game changed since the client last saw it."""


class EmptySquaresError(Exception):
    """A finished board still has free squares shut in by tiles: perhaps a tile not copied yet."""

    def __init__(self, squares: set[Square]) -> None:
        super().__init__(f"{len(squares)} squares between tiles are empty")
        self.squares = squares


@dataclass(frozen=True)
class GameSettings:
    players: Sequence[tuple[str, str]]
    """(name, colour) in turn order."""
    small_city: int = 4
    farmers: str = "3rd"
    expansions: Sequence[str] = ()
    mode: str = "replay"
    banked: Sequence[int] = ()
    goods: Sequence[dict[str, int]] = field(default_factory=tuple)


@dataclass(frozen=True)
class Loaded:
    """A saved game with its moves and the engine's game replayed from them."""

    saved: SavedGame
    moves: list[Move]
    game: Game
    undone: Placement | None = None
    """The placement just taken back, after an undo."""

    @cached_property
    def digest(self) -> str:
        """The digest of the moves; every form on the board page carries it, so it is worked out
        once (the game's row has it already, unless it was saved before the row kept one)."""
        return self.saved.digest or digest_of((m.placement for m in self.moves), track_of(self.saved))


def digest_of(placements: Iterable[Placement], track: str = "") -> str:
    """A short fingerprint of a whole move list (and of a finished board's score track and goods,
    see :func:`track_of`): any change to any of them changes it."""
    text = "\n".join(str(p) for p in placements)
    if track:
        text += "\ntrack " + track
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def track_of(saved: SavedGame) -> str:
    """A finished board's points on the track and goods, as text; empty while they are all 0, so
    that games saved before either could change keep their digest."""
    banked, goods = list(saved.banked or ()), list(saved.goods or ())
    extras = {name: value for name, value in (saved.extras or {}).items() if value}
    if saved.mode != "final":
        return json.dumps(extras, sort_keys=True) if extras else ""  # what the end says (the market)
    if not (any(banked) or any(any(held.values()) for held in goods) or extras):
        return ""
    if extras:
        return json.dumps([banked, goods, extras], sort_keys=True)
    return json.dumps([banked, goods], sort_keys=True)


def create_game(settings: GameSettings) -> SavedGame:
    final = settings.mode == "final"
    saved = SavedGame(
        players=[{"name": name, "color": color} for name, color in settings.players],
        small_city=settings.small_city,
        farmers=settings.farmers,
        expansions=[e.value for e in Expansion if e.value in settings.expansions],
        mode=settings.mode,
        banked=list(settings.banked) if final else [],
        goods=[dict(g) for g in settings.goods] if final else [],
    )
    saved.save()
    # The tiles that open the game and are laid by nobody come with it (the City of Carcassonne);
    # a single start tile or the River's spring is the players' first tile to lay.
    laid = laid_at_creation(empty_game(saved))
    for number, placement in enumerate(laid):
        Move.from_placement(saved, number, placement).save()
    saved.digest = digest_of(laid, track_of(saved))
    saved.save(update_fields=["digest"])
    return saved


def laid_at_creation(game: Game) -> list[Placement]:
    """The tiles a game is created with: those that open it on squares of their own, laid by
    nobody (the City of Carcassonne); never undone."""
    squares = game.board.opening_squares
    return [Placement(t.name, *squares[t.name], 0) for t in game.board.opening if t.name in squares]


def laid_with_the_game(saved: SavedGame) -> int:
    """How many of its first moves a game was created with."""
    return len(laid_at_creation(empty_game(saved)))


def rules_of(saved: SavedGame) -> Rules:
    return Rules(small_city=saved.small_city, farmers=saved.farmers)


def players_of(saved: SavedGame) -> tuple[Player, ...]:
    return tuple(Player(p["name"], p.get("color")) for p in saved.players)


def empty_game(saved: SavedGame, rules: Rules | None = None) -> Game:
    goods = None
    if saved.goods and saved.mode == "final":
        goods = [{Good(k): v for k, v in held.items()} for held in saved.goods]
    mode = Mode(saved.mode)
    extras = {}
    if saved.extras:
        expansions = frozenset(Expansion(e) for e in saved.expansions)
        extras = read_extras(saved.extras, expansions, mode, len(saved.players))
    return Game(
        players_of(saved),
        rules=rules or rules_of(saved),
        expansions=saved.expansions,
        mode=mode,
        banked=saved.banked or None,
        goods=goods,
        extras=extras,
    )


def load_game(saved: SavedGame, moves: Sequence[Move] | None = None, rules: Rules | None = None) -> Game:
    """The engine's game after every saved move (optionally under other rule options)."""
    game = empty_game(saved, rules)
    game.extend(move.placement for move in (moves if moves is not None else saved.moves.all()))
    return game


def load(code: str, *, watching: bool = False) -> Loaded:
    """The saved game called ``code`` (its watching code, if ``watching``) with its engine game;
    raises ``SavedGame.DoesNotExist``."""
    saved = SavedGame.objects.get(**{"watch_code" if watching else "code": code})
    moves = list(saved.moves.all())
    return Loaded(saved, moves, load_game(saved, moves))


def _locked(code: str, expected: str) -> tuple[SavedGame, list[Move]]:
    saved = SavedGame.objects.select_for_update().get(code=code)
    moves = list(saved.moves.all())
    # The digest is written with every change (see _saved), so it is read, not worked out; only
    # games saved before it existed have none yet.
    if expected != (saved.digest or digest_of((m.placement for m in moves), track_of(saved))):
        raise StaleMoveError
    return saved, moves


def _saved_placement(game: Game) -> Placement:
    """The last placement as the site saves it: naming who laid it, as the board file allows."""
    turn = game.turns[-1]
    return turn.placement.laid_by(turn.layer)


def add_move(code: str, placement: Placement, *, expected: str) -> Loaded:
    """Lay a tile; raises :class:`IllegalPlacementError` or :class:`StaleMoveError`."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        game = load_game(saved, moves)
        game.push(placement)
        move = Move.from_placement(saved, len(moves), _saved_placement(game))
        try:
            with transaction.atomic():
                move.save()
        except IntegrityError:
            raise StaleMoveError from None
        moves.append(move)
        _saved(saved, moves)
    return Loaded(saved, moves, game)


def set_action(
    code: str, number: int, action: object | None = None, *, expected: str, clear: str | None = None
) -> Loaded:
    """Give tile ``number`` its turn's action (a figure put on it, an abbot recalled with it, a
    tower floor; ``None``: none, the figure taken off), re-scoring from there. An action that is
    not the layer's one choice (a ransom) is added beside it instead, replacing one of its kind;
    ``clear`` names such a field to take off (``"ransom"``).

    In a game being played only the tile just laid can change; a finished board being copied can
    change any tile. Who laid the tile follows its figure, as the board file says.
    """
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        if not moves or not 0 <= number < len(moves):
            raise _nothing()
        if saved.mode != "final" and number != len(moves) - 1:
            raise IllegalPlacementError(Rule.NOTHING_TO_UNDO, index=number)
        game = load_game(saved, moves[:number])
        placement = moves[number].placement
        if clear is not None:
            changed_to = placement.without_field(clear)
        elif action is not None and not kind_of(action).choice:
            changed_to = placement.without_field(kind_of(action).field).with_action(action)
        else:
            bare = placement.without_meeple().laid_by(None)
            changed_to = bare if action is None else bare.with_action(action)
        game.push(changed_to)
        changed = moves[number]
        changed.set_placement(_saved_placement(game))
        for later in moves[number + 1 :]:
            game.push(later.placement)
        changed.save()
        _saved(saved, moves)
    return Loaded(saved, moves, game)


def undo(code: str, *, expected: str) -> Loaded:
    """Take back the last move."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        if len(moves) <= laid_with_the_game(saved):
            raise _nothing()
        taken = moves.pop()
        taken.delete()
        saved.finished = False
        _saved(saved, moves)
        return Loaded(saved, moves, load_game(saved, moves), undone=taken.placement)


def finish(code: str, finished: bool, *, expected: str, holes_checked: bool = True) -> Loaded:
    """End the game (or reopen it), refused like a move if another phone changed it meanwhile.
    Unless ``holes_checked``, a finished board copied with squares shut in by tiles still empty
    is not ended: :class:`EmptySquaresError` names them, for the players to look again."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        game = load_game(saved, moves)
        if finished and not holes_checked and saved.mode == "final" and not saved.finished:
            holes = game.board.holes()
            if holes:
                raise EmptySquaresError(holes)
        saved.finished = finished
        _saved(saved, moves)
        return Loaded(saved, moves, game)


def _saved(saved: SavedGame, moves: Sequence[Move]) -> None:
    """Write the game's row after a change to it: its digest and finished flag go with every write."""
    saved.digest = digest_of((m.placement for m in moves), track_of(saved))
    saved.save(update_fields=["updated", "finished", "digest", "banked", "goods", "extras"])


def set_track(
    code: str,
    banked: Sequence[int],
    goods: Sequence[dict[str, int]],
    *,
    expected: str,
    extras: dict | None = None,
) -> Loaded:
    """Change a finished board's points on the score track, trade goods, and the expansions'
    end state (towers and prisoners: ``extras`` in board-file form): what the board itself cannot
    show. Refused as stale like a move if another phone changed the game, and with the engine's
    error (nothing saved) if the whole no longer follows the rules."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        if saved.mode != "final":
            raise ValueError("only a finished board has a score track to copy")
        saved.banked = list(banked)
        saved.goods = [dict(g) for g in goods] if Expansion.TRADERS_BUILDERS.value in saved.expansions else []
        if extras is not None:
            saved.extras = {name: value for name, value in extras.items() if value}
        game = load_game(saved, moves)  # raises before anything is saved
        problem = game.final_problem()
        if problem is not None:
            raise problem
        _saved(saved, moves)
        return Loaded(saved, moves, game)


def set_end(code: str, name: str, value: list, *, expected: str) -> Loaded:
    """Say what a game being played does at its end (the market's followers onto fields: the
    board file's ``name`` field, ``value`` in its form; empty: nothing). Refused with the engine's
    error, nothing saved, if it breaks the rules."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        extras = {k: v for k, v in (saved.extras or {}).items() if k != name}
        if value:
            extras[name] = value
        saved.extras = extras
        game = load_game(saved, moves)  # raises before anything is saved
        problem = game.end_problem()
        if problem is not None:
            raise problem
        _saved(saved, moves)
        return Loaded(saved, moves, game)


def state_of(code: str, *, watching: bool = False) -> str:
    """The game's :attr:`SavedGame.state` alone, read without its moves; raises ``DoesNotExist``."""
    return _state_row(code, watching, count=False)[0]


def state_and_moves(code: str, *, watching: bool = False) -> tuple[str, int]:
    """The game's state and how many moves it has, read together in one query, so that the two
    always describe the same moment; raises ``DoesNotExist``."""
    return _state_row(code, watching, count=True)


def _state_row(code: str, watching: bool, *, count: bool) -> tuple[str, int]:
    # Plain SQL: phones ask this every 1.5 s, and building the ORM query costs more than running it.
    column = "watch_code" if watching else "code"
    moves = f"(SELECT COUNT(*) FROM {_MOVES} m WHERE m.game_id = g.id)" if count else "0"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT g.digest, g.finished, {moves} FROM {_GAMES} g WHERE g.{column} = %s", [code])
        row = cursor.fetchone()
    if row is None:
        raise SavedGame.DoesNotExist(code)
    return state_token(row[0], bool(row[1])), int(row[2])


def _nothing() -> IllegalPlacementError:
    return IllegalPlacementError(Rule.NOTHING_TO_UNDO)


def import_board(board: BoardFile) -> SavedGame:
    """Save a board file as a new game; raises the engine's errors if it is not legal."""
    game = build_game(board)  # every rule checked before anything is saved
    colors = _fill_colors([p.color for p in board.players])
    final = board.mode is Mode.FINAL
    with transaction.atomic():
        saved = SavedGame(
            players=[{"name": p.name, "color": c} for p, c in zip(board.players, colors)],
            small_city=board.rules.small_city,
            farmers=board.rules.farmers.value,
            expansions=[e.value for e in Expansion if e in board.expansions],
            mode=board.mode.value,
            banked=list(board.banked or []) if final else [],
            goods=[{g.value: n for g, n in held.items()} for held in board.goods or []] if final else [],
            extras=_extras_of(game),
        )
        saved.digest = digest_of((turn.placement.laid_by(turn.layer) for turn in game.turns), track_of(saved))
        saved.save()
        Move.objects.bulk_create(
            Move.from_placement(saved, i, turn.placement.laid_by(turn.layer))
            for i, turn in enumerate(game.turns)
        )
    return saved


def _extras_of(game: Game) -> dict:
    """A game's expansion fields as its file writes them (a finished board's end state, or what a
    game being played says of its end: the market), empty lists left out."""
    written: dict = {}
    for module in game.board.modules:
        fields = module.write_extras(game) if game.mode is Mode.FINAL else module.write_replay_extras(game)
        written.update({name: value for name, value in fields.items() if value})
    return written


def _fill_colors(given: Sequence[str | None]) -> list[str]:
    """Keep the colours a file names and give the others the first free ones, in order."""
    free = [c for c in COLORS if c not in given]
    return [c if c else free.pop(0) for c in given]


def export_board(game: Game) -> dict:
    return write_board(game)
