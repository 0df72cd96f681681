"""The scoreboard: each player's figures in supply, points on the track, and the total if it ended now."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import figure_name, good_name
from scorer.board_layer.players import Look
from scorer.engine import GOODS, Expansion, FigureKind, Game, Mode
from scorer.engine.figures import supply_for

from .captures import PrisonerChip, prisoner_chips

TRACK_LENGTH = 50
"""Squares on the physical score track; a scoring marker laps it every 50 points."""


@dataclass
class Supply:
    kind: str
    label: str
    """What a screen reader says: "6 meeples", "abbot on the board"."""
    count: int
    single: bool
    """A player has one of this figure: shown as in supply or on the board, not as a count."""


@dataclass
class Holding:
    good: str
    label: str
    count: int
    leads: bool
    """No one holds more of this good (and the player holds some)."""


@dataclass
class PlayerRow:
    index: int
    name: str
    color: str
    mark: str
    supply: list[Supply]
    score: int
    projected: int
    lap: int
    track_square: int
    to_move: bool
    goods: list[Holding]
    prisoners: list[PrisonerChip] = field(default_factory=list)
    """Other players' figures this player holds (The Tower)."""


def holdings(game: Game, player: int) -> list[Holding]:
    if Expansion.TRADERS_BUILDERS not in game.expansions:
        return []
    out = []
    for good in GOODS:
        mine = game.goods[player][good]
        most = max(held[good] for held in game.goods)
        out.append(Holding(good.value, good_name(good), mine, mine > 0 and mine == most))
    return out


def supply_of(kind: FigureKind, count: int, full: int) -> Supply:
    name = figure_name(kind)
    if full == 1:
        where = _("in supply") if count else _("on the board")
        return Supply(kind.value, _("{figure} {where}").format(figure=name, where=where), count, True)
    return Supply(kind.value, _("{figure}: {n} in supply").format(figure=name, n=d(count)), count, False)


def player_rows(game: Game, looks: Sequence[Look]) -> list[PlayerRow]:
    start = supply_for(game.expansions)
    projected = game.projected_scores()
    to_move = game.to_move if game.mode is Mode.REPLAY else None
    prisoners = prisoner_chips(game, looks)
    rows = []
    for look in looks:
        score = game.scores[look.index]
        supply = [supply_of(kind, n, start[kind]) for kind, n in game.supply(look.index).items()]
        rows.append(
            PlayerRow(
                index=look.index,
                name=look.name,
                color=look.color,
                mark=d(look.mark),
                supply=supply,
                score=score,
                projected=projected[look.index],
                lap=score // TRACK_LENGTH,
                track_square=score % TRACK_LENGTH,
                to_move=look.index == to_move,
                goods=holdings(game, look.index),
                prisoners=prisoners[look.index],
            )
        )
    return rows
