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
from django.utils.translation import pgettext

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import FEATURE_NAMES, QUARTER_NAMES, figure_name
from scorer.board_layer.players import Look, looks_of
from scorer.engine import FeatureKind, FigureKind, Game, Mode, NotationError
from scorer.engine.expansions.count import (
    COUNT,
    QUARTERS,
    RESIDENTS,
    EnterQuarter,
    Quarter,
    StepOut,
    may_enter,
)
from scorer.engine.figure_refs import FigureRef, parse_ref

from .creature_step import StoryLine
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
    ref: str = ""
    """For a follower stepping out: the follower as the page names it (its player, kind, place)."""


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
                ref=str(choice.ref(resident)),
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


def city_asks(game: Game) -> bool:
    """Whether the tile just laid still has the City's questions to answer (who steps out of a
    quarter onto what it completes; a follower into a quarter), so its figure step stays open."""
    if COUNT not in game.board.modules or not game.turns:
        return False
    step = city_step(game, looks_of(game.players), len(game.turns) - 1)
    return step is not None and step.offered


def _root_of(game: Game, ref) -> int | None:
    feature_node = COUNT.node_at(game, ref)
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
        step.take_back = CityButton(
            _("No follower into a quarter"), pgettext("quarter", "Take back"), clear=EnterQuarter.field
        )
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


# -- the score page: what the City did, and the market at the end -----------------------------------


def city_story(game: Game, looks: Sequence[Look]) -> list[StoryLine] | None:
    """The score page's account of the City: every follower who stepped out, every one who went
    into a quarter and every move of the Count, in order; ``None`` without the Count or on a
    finished board."""
    if COUNT not in game.board.modules or game.mode is not Mode.REPLAY:
        return None
    lines = []
    for number, turn in enumerate(game.turns, start=1):
        for action in turn.placement.actions:
            if type(action) in (StepOut, EnterQuarter) and turn.layer is not None:
                kind = "quarter" if type(action) is EnterQuarter else "step-out"
                lines.append(StoryLine(number, describe(game, looks, turn.layer, action), kind))
    return lines


@dataclass
class MarketFollower:
    field_name: str
    """The form field that says where this follower goes."""
    label: str
    chosen: str
    """The place it goes to now ("x,y/AT"), or "" (it stays)."""


@dataclass
class Market:
    followers: list[MarketFollower]
    fields: list[tuple[str, str]]
    """Every field on the board, once each: ("x,y/AT", its words)."""
    blocked: str = ""
    """Why nobody may leave the market (the Count is there)."""
    problem: str = ""


def market_of(game: Game, looks: Sequence[Look]) -> Market | None:
    """The end of a game with the Count: the followers in the market, each of whom may move onto
    a field before the farms are scored; ``None`` when nobody is there (or on a finished board,
    which shows them as farmers already)."""
    if COUNT not in game.board.modules or game.mode is not Mode.REPLAY:
        return None
    residents = [r for r in COUNT.residents(game) if r.quarter is Quarter.MARKET]
    if not residents:
        return None
    if COUNT.count_quarter(game) is Quarter.MARKET:
        return Market(
            [], [], blocked=_("The Count stands in the market: its followers stay there and score nothing.")
        )
    chosen = [f"{r.x},{r.y}/{r.at.name}" for r in game.extras.get("market", ())]  # type: ignore[attr-defined]
    followers = []
    for n, resident in enumerate(residents):
        label = _("{player}'s {figure}").format(
            player=looks[resident.player].name, figure=figure_name(resident.kind)
        )
        followers.append(MarketFollower(f"market_{n}", label, chosen[n] if n < len(chosen) else ""))
    fields = []
    seen: set[int] = set()
    for square, placed in sorted(game.board.tiles.items(), key=lambda item: (item[0][1], item[0][0])):
        for index, spec in enumerate(placed.tile.features):
            root = game.group_of(placed.nodes[index])
            if spec.kind is not FeatureKind.FIELD or root in seen:
                continue
            seen.add(root)
            at = placed.orientation.place_of(index)
            fields.append(
                (f"{square[0]},{square[1]}/{at.name}", _("The field at {x}, {y}").format(**where(*square)))
            )
    return Market(followers, fields)


def market_refs(game: Game, chosen: Sequence[str]) -> tuple[FigureRef, ...]:
    """The market's followers sent where ``chosen`` says (one "x,y/AT" or "" each, in the order of
    :func:`market_of`), as the game's ``market``; a value of another shape is skipped."""
    residents = [r for r in COUNT.residents(game) if r.quarter is Quarter.MARKET]
    refs = []
    for resident, value in zip(residents, chosen):
        square, _slash, at = value.partition("/")
        x, _comma, y = square.partition(",")
        try:
            ref = parse_ref(f"{resident.player}@{int(x)},{int(y)}/{at}", value)
        except (ValueError, NotationError):
            continue
        refs.append(ref._replace(kind=resident.kind))
    return tuple(refs)


def city_initial(game: Game) -> dict:
    """The track page's quarters and Count as the finished board stands now."""
    if COUNT not in game.board.modules:
        return {}
    initial: dict = {"count": COUNT.count_quarter(game).value}
    for resident in COUNT.residents(game):
        key = f"quarter_{resident.player}_{resident.quarter.value}_{resident.kind.value}"
        initial[key] = initial.get(key, 0) + 1
    return initial
