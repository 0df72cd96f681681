"""Saved games and the engine, together: load, add a move, amend its meeple, undo, import, export.

Every write checks the number of moves the client last saw (``expected``). Two phones entering
at once: the first write wins, the second is refused as stale and shown the new board, so no move
is ever lost or entered twice. The database's unique (game, number) constraint backs this up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from scorer.engine import (
    BoardFile,
    Game,
    IllegalPlacementError,
    Meeple,
    Mode,
    Placement,
    Player,
    Rule,
    Rules,
    build_game,
    write_board,
)
from scorer.engine.tiles import Expansion
from scorer.models import Move, SavedGame

COLORS = ("red", "blue", "green", "yellow", "black")


class StaleMoveError(Exception):
    """The game changed since the client last saw it."""


@dataclass(frozen=True)
class GameSettings:
    players: Sequence[tuple[str, str]]
    """(name, colour) in turn order."""
    small_city: int = 4
    farmers: str = "3rd"
    river: bool = False
    mode: str = "replay"
    banked: Sequence[int] = ()


def create_game(settings: GameSettings) -> SavedGame:
    return SavedGame.objects.create(
        players=[{"name": name, "color": color} for name, color in settings.players],
        small_city=settings.small_city,
        farmers=settings.farmers,
        river=settings.river,
        mode=settings.mode,
        banked=list(settings.banked) if settings.mode == "final" else [],
    )


def rules_of(saved: SavedGame) -> Rules:
    return Rules(small_city=saved.small_city, farmers=saved.farmers)


def empty_game(saved: SavedGame, rules: Rules | None = None) -> Game:
    return Game(
        [p["name"] for p in saved.players],
        rules=rules or rules_of(saved),
        expansions=[Expansion.RIVER] if saved.river else [],
        mode=Mode(saved.mode),
        banked=saved.banked or None,
    )


def load_game(saved: SavedGame, moves: Sequence[Move] | None = None, rules: Rules | None = None) -> Game:
    """The engine's game after every saved move (optionally under other rule options)."""
    game = empty_game(saved, rules)
    for move in moves if moves is not None else saved.moves.all():
        game.push(move.placement)
    return game


def _locked(code: str, expected: int) -> tuple[SavedGame, list[Move]]:
    saved = SavedGame.objects.select_for_update().get(code=code)
    moves = list(saved.moves.all())
    if expected != len(moves):
        raise StaleMoveError
    return saved, moves


def add_move(code: str, placement: Placement, *, expected: int) -> Game:
    """Lay a tile; raises :class:`IllegalPlacementError` or :class:`StaleMoveError`."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        game = load_game(saved, moves)
        game.push(placement)
        try:
            Move.from_placement(saved, len(moves), placement).save()
        except IntegrityError:
            raise StaleMoveError from None
        saved.save(update_fields=["updated"])
    return game


def set_meeple(code: str, meeple: Meeple | None, *, expected: int) -> Game:
    """Put a meeple on (or take it off) the tile laid last, re-scoring that turn."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        if not moves:
            raise _nothing()
        last = moves[-1]
        game = load_game(saved, moves[:-1])
        placement = last.placement.without_meeple()
        if meeple is not None:
            placement = Placement(placement.tile, placement.x, placement.y, placement.rotation, meeple)
        game.push(placement)
        last.meeple_player = meeple.player if meeple else None
        last.meeple_place = meeple.at.name if meeple else ""
        last.save(update_fields=["meeple_player", "meeple_place"])
        saved.save(update_fields=["updated"])
    return game


def undo(code: str, *, expected: int) -> Game:
    """Take back the last move."""
    with transaction.atomic():
        saved, moves = _locked(code, expected)
        if not moves:
            raise _nothing()
        moves[-1].delete()
        saved.finished = False
        saved.save(update_fields=["updated", "finished"])
        return load_game(saved, moves[:-1])


def _nothing() -> IllegalPlacementError:
    return IllegalPlacementError(Rule.NOTHING_TO_UNDO)


def import_board(board: BoardFile) -> SavedGame:
    """Save a board file as a new game; raises the engine's errors if it is not legal."""
    build_game(board)  # every rule checked before anything is saved
    colors = _fill_colors([p.color for p in board.players])
    with transaction.atomic():
        saved = SavedGame.objects.create(
            players=[{"name": p.name, "color": c} for p, c in zip(board.players, colors)],
            small_city=board.rules.small_city,
            farmers=board.rules.farmers.value,
            river=Expansion.RIVER in board.expansions,
            mode=board.mode.value,
            banked=list(board.banked or []) if board.mode is Mode.FINAL else [],
        )
        Move.objects.bulk_create(Move.from_placement(saved, i, p) for i, p in enumerate(board.placements))
    return saved


def _fill_colors(given: Sequence[str | None]) -> list[str]:
    """Keep the colours a file names and give the others the first free ones, in order."""
    free = [c for c in COLORS if c not in given]
    return [c if c else free.pop(0) for c in given]


def export_board(saved: SavedGame, game: Game) -> dict:
    return write_board(game, colors=[p["color"] for p in saved.players])


def as_board_file(saved: SavedGame) -> BoardFile:
    return BoardFile(
        players=tuple(Player(p["name"], p["color"]) for p in saved.players),
        placements=tuple(m.placement for m in saved.moves.all()),
        rules=rules_of(saved),
        expansions=frozenset({Expansion.RIVER}) if saved.river else frozenset(),
        mode=Mode(saved.mode),
        banked=tuple(saved.banked) if saved.banked else None,
    )
