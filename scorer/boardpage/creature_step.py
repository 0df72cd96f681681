"""Princess & Dragon's part of a turn on the board page, once the tile is down: the fairy moved
beside one of the layer's followers, the princess sending a knight home, a figure through a magic
portal onto another tile, and the dragon's steps, one square at a time.

The engine says what may be done (``Game.action_options`` and the module's ``next_steps``); this
module only lays it out, as buttons on the board's tiles (the followers, the knights, the features
a portal reaches, the squares the dragon may enter next) in the stage the query string names
(``Selection.creature``). The dragon's move is built square by square in the query string
(``Selection.dragon``: a link per step, nothing saved) and posted whole with its last step: the
engine takes a dragon's move only whole. Until it is, the game refuses the next tile, and the
page offers nothing but the dragon's next step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.grid import percent
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import FEATURE_NAMES, figure_name
from scorer.board_layer.players import Look
from scorer.board_layer.tile_names import tile_name
from scorer.engine import FigureKind, Game, Mode, Square
from scorer.engine.expansions.princess_dragon import (
    DRAGON_STEPS,
    FOLLOWERS,
    PRINCESS_DRAGON,
    DragonMove,
    FairyMove,
    PortalFigure,
    PrincessVisit,
)
from scorer.engine.figure_refs import FigureRef

from .selection import Selection
from .tower_step import ActionButton, Target, figure_anchor, where

FAIRY, PRINCESS, PORTAL, DRAGON = "fairy", "princess", "portal", "dragon"
STAGES = (FAIRY, PRINCESS, PORTAL, DRAGON)


@dataclass
class CreatureStep:
    stage: str = ""
    hint: str = ""
    fairy_href: str = ""
    princess_href: str = ""
    portal_href: str = ""
    dragon_href: str = ""
    """The dragon's move, still owed: offered beside the figure, to be given before the next tile."""
    back_href: str = ""
    targets: list[Target] = field(default_factory=list)
    buttons: list[ActionButton] = field(default_factory=list)
    eaten: list[str] = field(default_factory=list)
    """The dragon's move so far: what it eats on each square entered, in words."""
    undo_href: str = ""
    """The dragon's last step taken back (a link: nothing is saved until the move is whole)."""
    moved: str = ""
    """The dragon's move already given with this tile, in words."""

    @property
    def offered(self) -> bool:
        return bool(
            self.fairy_href
            or self.princess_href
            or self.portal_href
            or self.dragon_href
            or self.stage
            or self.moved
        )

    def targets_on(self, square: Square) -> list[Target]:
        return [t for t in self.targets if (t.x, t.y) == square]


def describe(
    game: Game, looks: Sequence[Look], layer: int, action: object, before: Game | None = None
) -> str:
    """What one of Princess & Dragon's actions did, in a sentence (the last turn's summary, the
    score page's story); ``before``: the game before that turn (default: before the last)."""
    if type(action) is FairyMove:
        ref = action.follower
        return _("{player} moved the fairy beside their {figure} at {x}, {y}.").format(
            player=looks[layer].name, figure=figure_name(ref.kind), **where(ref.x, ref.y)
        )
    if type(action) is PrincessVisit:
        ref = action.knight
        return _("The princess sent {player}'s {figure} at {x}, {y} home.").format(
            player=looks[ref.player].name, figure=figure_name(ref.kind), **where(ref.x, ref.y)
        )
    if type(action) is PortalFigure:
        return _("{player}'s {figure} went through the magic portal to {x}, {y}.").format(
            player=looks[action.player].name, figure=figure_name(action.kind), **where(action.x, action.y)
        )
    if type(action) is DragonMove and action.steps:
        eaten = _eaten_on(before if before is not None else game.before_last_turn(), looks, action.steps)
        end = action.steps[-1]
        text = _("The dragon moved {n} steps to {x}, {y}.").format(n=d(len(action.steps)), **where(*end))
        if eaten:
            text += " " + _("It ate {figures}.").format(figures=_(", ").join(eaten))
        return text
    return ""


@dataclass
class StoryLine:
    tile: int
    """The placement's number, from 1."""
    text: str
    kind: str


def creature_story(game: Game, looks: Sequence[Look]) -> list[StoryLine] | None:
    """The score page's account of Princess & Dragon: every dragon move (and whom it ate), every
    fairy move, princess and portal, in order; ``None`` without the box or on a finished board."""
    if PRINCESS_DRAGON not in game.board.modules or game.mode is not Mode.REPLAY:
        return None
    lines: list[StoryLine] = []
    replay = Game(game.players, rules=game.rules, expansions=game.expansions)
    for number, turn in enumerate(game.turns, start=1):
        kinds = {FairyMove: FAIRY, PrincessVisit: PRINCESS, PortalFigure: PORTAL, DragonMove: DRAGON}
        for action in turn.placement.actions:
            kind = kinds.get(type(action))
            if kind is not None and turn.layer is not None:
                text = describe(game, looks, turn.layer, action, before=replay)
                if text:
                    lines.append(StoryLine(number, text, kind))
        replay.push(turn.placement)
    return lines


def _eaten_on(game: Game, looks: Sequence[Look], squares: Sequence[Square]) -> list[str]:
    """The figures standing on ``squares`` (on their tiles or a tower's top), in words."""
    wanted = set(squares)
    eaten = [
        _("{player}'s {figure} at {x}, {y}").format(
            player=looks[f.player].name, figure=figure_name(f.kind), **where(*f.square)
        )
        for f in game.figures
        if f.square in wanted
    ]
    eaten += [
        _("{player}'s {figure} on the tower at {x}, {y}").format(
            player=looks[p.figure[0]].name, figure=figure_name(p.figure[1]), **where(*p.square)
        )
        for p in game.pieces()
        if p.kind == "tower" and p.square in wanted and p.figure is not None
    ]
    return eaten


def owes_dragon(game: Game) -> bool:
    """Whether the last tile's dragon move is still to be given before the next tile."""
    return (
        game.mode is Mode.REPLAY
        and bool(game.turns)
        and PRINCESS_DRAGON in game.board.modules
        and game.unfinished() is not None
    )


def creature_step(
    game: Game, looks: Sequence[Look], selection: Selection, number: int
) -> CreatureStep | None:
    """What Princess & Dragon offers with tile ``number`` (the one just laid, in a game being played)."""
    if game.mode is not Mode.REPLAY or PRINCESS_DRAGON not in game.board.modules:
        return None
    if number != len(game.turns) - 1:
        return None
    turn = game.turns[number]
    layer = turn.layer
    if layer is None:
        return None
    base = Selection(spots=True, player=layer)
    step = CreatureStep(stage=selection.creature or "", back_href=base.href())
    owed = owes_dragon(game)
    if owed and step.stage == DRAGON:
        _dragon_stage(game, looks, step, selection, layer, base)
        return step
    if owed:
        step.dragon_href = base.href(creature=DRAGON)
    move = next((a for a in turn.placement.actions if type(a) is DragonMove and a.steps), None)
    if move is not None:
        step.moved = _("The dragon moved to {squares}.").format(
            squares=", ".join(f"{d(x)}, {d(y)}" for x, y in move.steps)
        )
    options = game.before_last_turn().action_options(turn.placement, layer)
    fairies = [o for o in options if type(o) is FairyMove]
    princesses = [o for o in options if type(o) is PrincessVisit]
    portals = [o for o in options if type(o) is PortalFigure]
    if fairies:
        step.fairy_href = base.href(creature=FAIRY)
    if princesses:
        step.princess_href = base.href(creature=PRINCESS)
    if portals:
        step.portal_href = base.href(creature=PORTAL)
    if step.stage == FAIRY and fairies:
        step.hint = _("Choose the follower of yours the fairy moves beside.")
        for option in fairies:
            ref = option.follower
            left, top = figure_anchor(game, ref)
            label = _("Move the fairy beside {player}'s {figure} at {x}, {y}").format(
                player=looks[ref.player].name, figure=figure_name(ref.kind), **where(ref.x, ref.y)
            )
            step.targets.append(Target(ref.x, ref.y, left, top, label, FAIRY, action=str(option)))
    elif step.stage == PRINCESS and princesses:
        step.hint = _("Choose the knight the princess sends home.")
        for option in princesses:
            ref = option.knight
            left, top = figure_anchor(game, ref)
            label = _("The princess sends {player}'s {figure} at {x}, {y} home").format(
                player=looks[ref.player].name, figure=figure_name(ref.kind), **where(ref.x, ref.y)
            )
            step.targets.append(Target(ref.x, ref.y, left, top, label, PRINCESS, action=str(option)))
    elif step.stage == PORTAL and portals:
        _portal_stage(game, looks, step, portals, base, selection.kind)
    else:
        step.stage = ""
    return step


def _portal_stage(
    game: Game,
    looks: Sequence[Look],
    step: CreatureStep,
    portals: list[PortalFigure],
    base: Selection,
    wanted: FigureKind | None,
) -> None:
    step.hint = _("Choose where the figure goes through the portal: any unfinished feature with no figure.")
    kinds = sorted({p.kind for p in portals}, key=lambda k: list(FigureKind).index(k))
    kind = wanted if wanted in kinds else (FigureKind.MEEPLE if FigureKind.MEEPLE in kinds else kinds[0])
    for option in portals:
        if option.kind is not kind:
            continue
        placed = game.board.tiles[option.square]
        index = placed.orientation.feature_for(option.at, garden=kind is FigureKind.ABBOT)
        if index is None:
            continue
        anchor = placed.orientation.anchors[index]
        feature = FEATURE_NAMES[placed.tile.features[index].kind]
        label = _("Put {player}'s {figure} on the {feature} at {x}, {y}").format(
            player=looks[option.player].name,
            figure=figure_name(kind),
            feature=feature,
            **where(*option.square),
        )
        step.targets.append(
            Target(
                option.x, option.y, percent(anchor[0]), percent(anchor[1]), label, PORTAL, action=str(option)
            )
        )
    for other in kinds:
        if other is not kind:
            label = _("A {figure} instead").format(figure=figure_name(other))
            step.buttons.append(ActionButton(label, href=base.href(creature=PORTAL, kind=other)))


def _dragon_stage(
    game: Game, looks: Sequence[Look], step: CreatureStep, selection: Selection, layer: int, base: Selection
) -> None:
    """The dragon's next step: the squares it may enter (a link each, or the whole move posted
    with the step that ends it), what it has eaten so far, and its last step taken back."""
    step.stage = DRAGON
    state = PRINCESS_DRAGON.state(game)
    assert state.dragon is not None
    path = _walkable(game, state.dragon, state.fairy, selection.dragon or ())
    visited = [state.dragon, *path]
    count = len(looks)
    mover = looks[(layer + len(path)) % count].name
    step.hint = _("The dragon moves: step {n} of {most}, {player}'s. Choose the square it enters.").format(
        n=d(len(path) + 1), most=d(DRAGON_STEPS), player=mover
    )
    for number, square in enumerate(path, start=1):
        step.targets.append(
            Target(*square, 50, 50, _("Step {n}").format(n=d(number)), "trail", action=d(number))
        )
    step.eaten = _eaten_on(game, looks, path)
    if path:
        step.undo_href = base.href(creature=DRAGON, dragon=tuple(path[:-1]))
    for square in PRINCESS_DRAGON.next_steps(game, visited, state.fairy):
        after = [*visited, square]
        whole = len(after) - 1 == DRAGON_STEPS or not PRINCESS_DRAGON.next_steps(game, after, state.fairy)
        label = _("The dragon enters the tile at {x}, {y}").format(**where(*square))
        if whole:
            move = DragonMove((*path, square))
            step.targets.append(Target(*square, 50, 50, label, DRAGON, action=str(move)))
        else:
            href = base.href(creature=DRAGON, dragon=(*path, square))
            step.targets.append(Target(*square, 50, 50, label, DRAGON, href=href))


def _walkable(game: Game, start: Square, fairy: Square | None, path: Sequence[Square]) -> list[Square]:
    """The longest beginning of ``path`` (from the query string) the dragon may really take."""
    visited = [start]
    for square in path[: DRAGON_STEPS - 1]:
        if square not in PRINCESS_DRAGON.next_steps(game, visited, fairy):
            break
        visited.append(square)
    return visited[1:]


# -- a finished board: where the dragon and the fairy stand (the track page) ------------------------


def creature_places(game: Game, looks: Sequence[Look]) -> dict:
    """For the track page of a finished board with Princess & Dragon: every tile (where the dragon
    or a fairy beside nobody may stand) and every follower the fairy may stand beside, as
    ``(value, words)``; nothing without the box."""
    if PRINCESS_DRAGON not in game.board.modules:
        return {}
    squares = [
        (square, _("{tile} at {x}, {y}").format(tile=tile_name(placed.tile.name), **where(*square)))
        for square, placed in sorted(game.board.tiles.items())
    ]
    followers = []
    for node, square, player, kind in game.standing():
        if kind not in FOLLOWERS:
            continue
        placed = game.board.tiles[square]
        ref = FigureRef(player, *square, placed.orientation.place_of(game.index_of(node)), kind)
        label = _("Beside {player}'s {figure} at {x}, {y}").format(
            player=looks[player].name, figure=figure_name(kind), **where(*square)
        )
        followers.append((str(ref), label))
    for piece in game.pieces():
        if piece.kind == "tower" and piece.figure is not None:
            player, kind = piece.figure
            ref = FigureRef(player, *piece.square, "tower", kind)
            label = _("Beside {player}'s {figure} on the tower at {x}, {y}").format(
                player=looks[player].name, figure=figure_name(kind), **where(*piece.square)
            )
            followers.append((str(ref), label))
    return {"squares": squares, "followers": followers}


def creature_initial(game: Game) -> dict:
    """The track page's dragon and fairy fields as the board stands now."""
    if PRINCESS_DRAGON not in game.board.modules:
        return {}
    state = PRINCESS_DRAGON.state(game)
    initial = {}
    if state.dragon is not None:
        initial["dragon"] = f"{state.dragon[0]},{state.dragon[1]}"
    if state.follower is not None:
        initial["fairy"] = str(state.follower)
    elif state.fairy is not None:
        initial["fairy"] = f"{state.fairy[0]},{state.fairy[1]}"
    return initial
