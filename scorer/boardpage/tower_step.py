"""The Tower's part of a turn on the board page, after the tile is down: a floor on any tower in
reach of the rules (then the figure it captures), a figure onto a tower, and a ransom paid at the
start of the turn.

The engine says what may be done (``Game.action_options``); this module only lays those options
out: as buttons on the board (the towers that take a floor, the figures a floor can capture) and
as a list beside it (what has no place on the board: a ransom, a floor without a capture), in the
stage the page's query string names (``Selection.tower``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.grid import percent
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.languages import sentences
from scorer.board_layer.messages import figure_name
from scorer.board_layer.players import Look
from scorer.engine import FigureKind, Game, Mode, Square
from scorer.engine.expansions.tower import FigureRef, Floor, Ransom, TowerTop

from .selection import Selection

FLOOR, TOP, RANSOM = "floor", "top", "ransom"
"""The stages that are not a tower's square (choosing a capture)."""


@dataclass
class Target:
    """A button on a tile: a tower to add a floor to (a link to its captures), a tower to stand
    a figure on, or a figure to capture (a form posting the action)."""

    x: int
    y: int
    left: int
    top: int
    label: str
    kind: str
    href: str = ""
    action: str = ""


@dataclass
class ActionButton:
    label: str
    action: str = ""
    clear: str = ""
    """The field a button takes off instead (an undone ransom)."""
    href: str = ""
    """A link to another choice instead of a form."""


@dataclass
class TowerStep:
    stage: str = ""
    hint: str = ""
    floor_href: str = ""
    top_href: str = ""
    ransom_href: str = ""
    back_href: str = ""
    targets: list[Target] = field(default_factory=list)
    buttons: list[ActionButton] = field(default_factory=list)
    paid: str = ""
    """The ransom already paid this turn, in words."""

    @property
    def offered(self) -> bool:
        return bool(self.floor_href or self.top_href or self.ransom_href or self.paid)

    def targets_on(self, square: Square) -> list[Target]:
        return [t for t in self.targets if (t.x, t.y) == square]


def tower_anchor(game: Game, square: Square) -> tuple[int, int]:
    placed = game.board.tiles[square]
    at = placed.orientation.tower or (0.5, 0.5)
    return percent(at[0]), percent(at[1])


def figure_anchor(game: Game, ref: FigureRef) -> tuple[int, int]:
    if ref.on_top:
        left, top = tower_anchor(game, ref.square)
        return left, max(0, top - 22)
    placed = game.board.tiles[ref.square]
    # (an abbot at the centre stands on the garden when the tile has one)
    index = placed.orientation.feature_for(ref.at, garden=ref.kind is FigureKind.ABBOT)  # type: ignore[arg-type]
    if index is None:
        return 50, 50
    at = placed.orientation.anchors[index]
    return percent(at[0]), percent(at[1])


def where(x: int, y: int) -> dict[str, str]:
    return {"x": d(x), "y": d(y)}


def capture_label(looks: Sequence[Look], layer: int, floor: Floor) -> str:
    ref = floor.capture
    if ref is None:
        return _("Add the floor and capture nobody")
    values = {"figure": figure_name(ref.kind), **where(ref.x, ref.y)}
    if ref.player == layer:
        text = _("Capture your own {figure} at {x}, {y}: it goes home").format(**values)
    else:
        text = _("Capture {player}'s {figure} at {x}, {y}").format(player=looks[ref.player].name, **values)
    if floor.exchange is not None:
        text += " " + _("(and get your {figure} back)").format(figure=figure_name(floor.exchange))
    return text


def ransom_label(looks: Sequence[Look], layer: int, ransom: Ransom) -> str:
    return _("{player} paid {jailer} {points} points for their {figure} back").format(
        player=looks[layer].name,
        jailer=looks[ransom.jailer].name,
        points=d(3),
        figure=figure_name(ransom.kind),
    )


def capture_done(looks: Sequence[Look], layer: int, ref: FigureRef, exchanged: FigureKind | None) -> str:
    """What a floor's capture did, in words: the layer's own figure home, another's kept prisoner,
    or exchanged at once for ``exchanged``, the layer's own figure its owner held."""
    values = {"figure": figure_name(ref.kind), **where(ref.x, ref.y)}
    if ref.player == layer:
        return _("It captured {player}'s own {figure} at {x}, {y}: it went back to their supply.").format(
            player=looks[layer].name, **values
        )
    # Translators: "It" is the tower just built up (after "Mina added a floor to the tower at 1, 0.").
    text = _("It captured {player}'s {figure} at {x}, {y}.").format(player=looks[ref.player].name, **values)
    if exchanged is None:
        return sentences(text, _("{holder} holds it prisoner.").format(holder=looks[layer].name))
    # Translators: after "It captured Wei's meeple at 2, 0.": {player} (Wei, whose figure was
    # captured) held a figure ({back}) of {holder} (who captured); each got their own back at once.
    swap = _(
        "{player} held {holder}'s {back} prisoner, so the two were exchanged at once: "
        "each went back to its owner."
    ).format(player=looks[ref.player].name, holder=looks[layer].name, back=figure_name(exchanged))
    return sentences(text, swap)


def describe(looks: Sequence[Look], layer: int, action: object, exchanged: FigureKind | None = None) -> str:
    """What one of the tower's actions did, in a sentence or two (the last turn's summary, the
    score page's captures); ``exchanged``: the layer's own figure a capture got back at once (read
    from the prisoners before and after the turn, see captures.py)."""
    if isinstance(action, Ransom):
        return _("{player} paid {jailer} {points} points for their {figure} back.").format(
            player=looks[layer].name,
            jailer=looks[action.jailer].name,
            points=d(3),
            figure=figure_name(action.kind),
        )
    if isinstance(action, TowerTop):
        return _("{player}'s {figure} went onto the tower at {x}, {y}.").format(
            player=looks[action.player].name, figure=figure_name(action.kind), **where(action.x, action.y)
        )
    if isinstance(action, Floor):
        text = _("{player} added a floor to the tower at {x}, {y}.").format(
            player=looks[layer].name, **where(action.x, action.y)
        )
        if action.capture is not None:
            back = exchanged if exchanged is not None else action.exchange
            text = sentences(text, capture_done(looks, layer, action.capture, back))
        return text
    return ""


def tower_step(game: Game, looks: Sequence[Look], selection: Selection, number: int) -> TowerStep | None:
    """What the Tower offers with tile ``number`` (the one just laid, in a game being played)."""
    if game.mode is not Mode.REPLAY or not game.offers_actions or number != len(game.turns) - 1:
        return None
    turn = game.turns[number]
    layer = turn.layer
    if layer is None:
        return None
    options = game.before_last_turn().action_options(turn.placement, layer)
    floors = [o for o in options if isinstance(o, Floor)]
    tops = [o for o in options if isinstance(o, TowerTop)]
    ransoms = [o for o in options if isinstance(o, Ransom)]
    if not (floors or tops or ransoms or any(isinstance(a, Ransom) for a in turn.placement.actions)):
        return None
    base = Selection(spots=True, player=layer)
    step = TowerStep(stage=selection.tower or "", back_href=base.href())
    paid = next((a for a in turn.placement.actions if isinstance(a, Ransom)), None)
    if paid is not None:
        step.paid = ransom_label(looks, layer, paid)
    if floors:
        step.floor_href = base.href(tower=FLOOR)
    if tops:
        step.top_href = base.href(tower=TOP)
    if ransoms and paid is None:
        step.ransom_href = base.href(tower=RANSOM)
    if step.stage == FLOOR:
        _floor_stage(game, step, floors, base)
    elif step.stage == TOP:
        _top_stage(game, looks, step, tops, base, selection.kind)
    elif step.stage == RANSOM:
        step.hint = _(
            "A ransom is paid at the start of a turn, before the tile: 3 points for one of your figures."
        )
        step.buttons = [ActionButton(ransom_label(looks, layer, r), action=str(r)) for r in ransoms]
    elif step.stage:
        _capture_stage(game, looks, step, [f for f in floors if f.square == _square(step.stage)], layer)
    return step


def _floor_stage(game: Game, step: TowerStep, floors: list[Floor], base: Selection) -> None:
    step.hint = _("Choose the tower that gets the floor: the highlighted ones can take one.")
    heights = {p.square: p.size for p in game.pieces() if p.kind == "tower"}
    for square in sorted({f.square for f in floors}):
        height = heights.get(square, 0)
        label = (
            _("Add a floor to the tower at {x}, {y} ({height} high now)").format(
                height=d(height), **where(*square)
            )
            if height
            else _("Start a tower on the foundation at {x}, {y}").format(**where(*square))
        )
        left, top = tower_anchor(game, square)
        href = base.href(tower=f"{square[0]},{square[1]}")
        step.targets.append(Target(square[0], square[1], left, top, label, "floor", href=href))


def _top_stage(
    game: Game,
    looks: Sequence[Look],
    step: TowerStep,
    tops: list[TowerTop],
    base: Selection,
    wanted: FigureKind | None,
) -> None:
    if not tops:
        step.stage = ""
        return
    step.hint = _("Choose the tower the figure stands on.")
    kind = wanted if wanted in (FigureKind.MEEPLE, FigureKind.BIG) else FigureKind.MEEPLE
    chosen = [t for t in tops if t.kind is kind] or tops
    for top in chosen:
        left, up = tower_anchor(game, top.square)
        label = _("Put {player}'s {figure} on top of the tower at {x}, {y}").format(
            player=looks[top.player].name, figure=figure_name(top.kind), **where(top.x, top.y)
        )
        step.targets.append(Target(top.x, top.y, left, up, label, "top", action=str(top)))
    for extra in sorted({t.kind for t in tops} - {chosen[0].kind}, key=lambda k: k.value):
        label = _("A {figure} instead").format(figure=figure_name(extra))
        step.buttons.append(ActionButton(label, href=base.href(tower=TOP, kind=extra)))


def _capture_stage(game: Game, looks: Sequence[Look], step: TowerStep, mine: list[Floor], layer: int) -> None:
    """A tower chosen: the figures its new floor may capture on the board, and the floor alone
    (and a capture's other exchanges) in the list."""
    if not mine:
        step.stage = ""
        return
    step.hint = _("Choose the figure the tower captures, or none.")
    for floor in mine:
        label = capture_label(looks, layer, floor)
        if floor.capture is None:
            step.buttons.insert(0, ActionButton(label, action=str(floor)))
            continue
        variants = [f for f in mine if f.capture == floor.capture]
        if floor is not variants[0]:
            step.buttons.append(ActionButton(label, action=str(floor)))
            continue
        left, top = figure_anchor(game, floor.capture)
        step.targets.append(
            Target(floor.capture.x, floor.capture.y, left, top, label, "capture", action=str(floor))
        )


def _square(text: str) -> Square | None:
    x, _, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None
