"""The Count's part of a turn on the board page, once the tile is down: who steps out of the City
onto each road, city or cloister the tile completes (asked at once, player by player, a toggle
each), and a follower of the layer into a quarter when the turn's scoring paid only others (the
Count moved with it).

The engine says what may be done (``COUNT.step_outs``, ``may_enter``); each button posts the whole
new action as its text form (``from_city=...``, ``quarter=...``), which the engine judges and the
page re-scores: nothing here counts points. The quarters themselves, beside the board, are
:func:`quarters_panel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import FEATURE_NAMES, QUARTER_NAMES, figure_name
from scorer.board_layer.players import Look
from scorer.engine import FigureKind, Game, Mode
from scorer.engine.expansions.count import (
    COUNT,
    QUARTERS,
    RESIDENTS,
    EnterQuarter,
    Quarter,
    StepOut,
    may_enter,
)

from .tower_step import where


@dataclass
class CityButton:
    label: str
    """What pressing it does, in words (for a screen reader too)."""
    text: str
    """Its short face."""
    action: str = ""
    clear: str = ""
    pressed: bool = False
    color: str = ""
    mark: str = ""


@dataclass
class StepOutRow:
    question: str
    buttons: list[CityButton]


@dataclass
class CityStep:
    rows: list[StepOutRow] = field(default_factory=list)
    quarter_hint: str = ""
    quarters: list[CityButton] = field(default_factory=list)
    entered: str = ""
    counts: list[CityButton] = field(default_factory=list)
    bigger: CityButton | None = None
    take_back: CityButton | None = None

    @property
    def offered(self) -> bool:
        return bool(self.rows or self.quarters or self.entered)


def city_step(game: Game, looks: Sequence[Look], number: int) -> CityStep | None:
    """What the Count offers with tile ``number`` (the one just laid, in a game being played)."""
    if game.mode is not Mode.REPLAY or COUNT not in game.board.modules or number != len(game.turns) - 1:
        return None
    turn = game.turns[number]
    layer = turn.layer
    if layer is None:
        return None
    step = CityStep()
    placement = turn.placement
    current = next((a for a in placement.actions if type(a) is StepOut), None)
    chosen = list(current.followers) if current is not None else []
    before = game.before_last_turn()
    for choice in COUNT.step_outs(before, placement):
        if not choice.residents:
            continue
        feature = FEATURE_NAMES[choice.feature]
        step_row = StepOutRow(
            _("The {feature} at {x}, {y} is scored: who steps out of the {quarter}?").format(
                feature=feature, quarter=QUARTER_NAMES[choice.quarter], **where(*choice.square)
            ),
            [],
        )
        for resident in choice.residents:
            mine = [
                ref
                for ref in chosen
                if ref.player == resident.player
                and ref.kind is resident.kind
                and _root_of(game, ref) == game.group_of(choice.root)
            ]
            if mine:
                rest = [ref for ref in chosen if ref not in mine]
            else:
                # One follower per player on a feature: another of theirs there is replaced.
                here = game.group_of(choice.root)
                others = [r for r in chosen if r.player != resident.player or _root_of(game, r) != here]
                rest = [*others, choice.ref(resident)]
            look = looks[resident.player]
            name = _("{player}'s {figure}").format(player=look.name, figure=figure_name(resident.kind))
            button = CityButton(
                label=(
                    _("{who} stays in the {quarter}") if mine else _("{who} steps out onto the {feature}")
                ).format(who=name, quarter=QUARTER_NAMES[choice.quarter], feature=feature),
                text=look.name if resident.kind is FigureKind.MEEPLE else name,
                pressed=bool(mine),
                color=look.color,
                mark=d(look.mark),
            )
            if rest:
                button.action = str(StepOut(tuple(rest)))
            else:
                button.clear = StepOut.field
            step_row.buttons.append(button)
        step.rows.append(step_row)
    _quarter_offer(game, looks, step, layer)
    return step


def _root_of(game: Game, ref) -> int | None:
    feature_node = COUNT._node_at(game, ref)
    return game.group_of(feature_node) if feature_node is not None else None


def _quarter_offer(game: Game, looks: Sequence[Look], step: CityStep, layer: int) -> None:
    turn = game.turns[-1]
    enter = next((a for a in turn.placement.actions if type(a) is EnterQuarter), None)
    name = looks[layer].name
    if enter is not None:
        step.entered = _("{player}'s {figure} went into the {quarter}.").format(
            player=name, figure=figure_name(enter.kind), quarter=QUARTER_NAMES[enter.quarter]
        )
        count_now = COUNT.count_quarter(game)
        for quarter in QUARTERS:
            moved = EnterQuarter(enter.quarter, enter.kind, quarter)
            step.counts.append(
                CityButton(
                    _("The Count moves to the {quarter}").format(quarter=QUARTER_NAMES[quarter]),
                    QUARTER_NAMES[quarter],
                    action=str(moved),
                    pressed=quarter is count_now,
                )
            )
        supply = game.supply(layer)
        if enter.kind is FigureKind.MEEPLE and supply.get(FigureKind.BIG, 0) > 0:
            step.bigger = CityButton(
                _("The big meeple instead"),
                _("Big meeple"),
                action=str(enter._replace(kind=FigureKind.BIG)),
            )
        step.take_back = CityButton(_("No follower into a quarter"), _("None"), clear=EnterQuarter.field)
        return
    if not may_enter(turn.events, layer):
        return
    supply = game.supply(layer)
    kind = next((k for k in RESIDENTS if supply.get(k, 0) > 0), None)
    if kind is None:
        return
    step.quarter_hint = _("Only others scored: {player} may put a {figure} into a quarter.").format(
        player=name, figure=figure_name(kind)
    )
    for quarter in QUARTERS:
        step.quarters.append(
            CityButton(
                _("{player}'s {figure} into the {quarter}").format(
                    player=name, figure=figure_name(kind), quarter=QUARTER_NAMES[quarter]
                ),
                QUARTER_NAMES[quarter],
                action=str(EnterQuarter(quarter, kind)),
            )
        )


def describe(game: Game, looks: Sequence[Look], layer: int, action: object) -> str:
    """What one of the Count's actions did, in a sentence (the last turn's summary, the score page)."""
    if type(action) is StepOut:
        parts = [
            _("{player}'s {figure} stepped out of the City onto {x}, {y}").format(
                player=looks[ref.player].name, figure=figure_name(ref.kind), **where(ref.x, ref.y)
            )
            for ref in action.followers
        ]
        return _("; ").join(parts) + "."
    if type(action) is EnterQuarter:
        text = _("{player}'s {figure} went into the {quarter}.").format(
            player=looks[layer].name, figure=figure_name(action.kind), quarter=QUARTER_NAMES[action.quarter]
        )
        if action.count is not None:
            text += " " + _("The Count moved to the {quarter}.").format(quarter=QUARTER_NAMES[action.count])
        return text
    return ""


# -- the quarters beside the board ------------------------------------------------------------------


@dataclass
class Occupant:
    name: str
    color: str
    mark: str
    kind: str
    count: int
    label: str


@dataclass
class QuarterView:
    quarter: str
    name: str
    feature: str
    """What its followers step out onto ("roads"), or when they leave (the market)."""
    count: bool
    occupants: list[Occupant]


def quarters_panel(game: Game, looks: Sequence[Look]) -> list[QuarterView] | None:
    """The four quarters with their followers and the Count, for every page that shows the board;
    ``None`` without the Count."""
    if COUNT not in game.board.modules:
        return None
    residents = COUNT.residents(game)
    where_count = COUNT.count_quarter(game)
    leads = {
        Quarter.CASTLE: _("onto cities"),
        Quarter.MARKET: _("onto fields, at the end"),
        Quarter.BLACKSMITH: _("onto roads"),
        Quarter.CATHEDRAL: _("onto cloisters"),
    }
    panel = []
    for quarter in QUARTERS:
        here = [r for r in residents if r.quarter is quarter]
        occupants = []
        for player, kind in dict.fromkeys((r.player, r.kind) for r in here):
            count = sum(1 for r in here if (r.player, r.kind) == (player, kind))
            look = looks[player]
            label = _("{player}'s {figure} × {n}").format(
                player=look.name, figure=figure_name(kind), n=d(count)
            )
            occupants.append(Occupant(look.name, look.color, d(look.mark), kind.value, count, label))
        name = QUARTER_NAMES[quarter]
        panel.append(QuarterView(quarter.value, name, leads[quarter], quarter is where_count, occupants))
    return panel
