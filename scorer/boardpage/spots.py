"""Where a figure can go on the tile just laid, for whom, and which abbot could come home instead."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.grid import percent
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import FEATURE_NAMES, figure_name
from scorer.board_layer.players import Look
from scorer.board_layer.tile_names import MIDDLE, bearing_name, feature_bearings, tile_name
from scorer.engine import FeatureKind, FigureKind, FigureSpot, Game, Meeple, Mode, Recall, Square, Turn

from .city_step import CityStep, city_step
from .creature_step import CreatureStep, creature_step
from .selection import Selection
from .tower_step import TowerStep, tower_step


@dataclass
class Chip:
    """A choice of player or of figure kind, as a link that keeps the rest of the selection."""

    value: int | str
    label: str
    count: int
    selected: bool
    href: str
    color: str = ""
    mark: str = ""


@dataclass
class SpotButton:
    kind: str
    place: str
    left: int
    top: int
    lying: bool
    label: str
    action: str
    """The action it posts, in its text form (``1S+big``)."""
    alone: bool = False
    """No other kind may stand on this spot: the phone's card offers it whichever kind is chosen
    (a builder's road, a pig's field, an abbot's garden need no kind chosen first)."""


@dataclass
class RecallButton:
    x: int
    y: int
    points: int
    label: str
    action: str
    """The action it posts, in its text form (``0^2,3``)."""


@dataclass
class FigureChoice:
    """The "place a figure?" step after a tile is laid."""

    number: int
    """The move (0-based) the figure goes on."""
    player: int
    color: str
    kind: FigureKind
    players: list[Chip]
    kinds: list[Chip]
    spots: list[SpotButton] = field(default_factory=list)
    current: Meeple | None = None
    recalls: list[RecallButton] = field(default_factory=list)
    none_left: str = ""
    """Why there is nothing to place, when the player has none of the figure left."""
    square: Square | None = None
    """Where the tile is."""
    tile: str = ""
    done_href: str = "?"
    """Back to choosing the next tile (on a board being copied, keeping whose figure comes next)."""
    tile_label: str = ""
    """The tile's name as the reader calls it."""
    layer_note: str = ""
    """Who lays the tile: "Mina lays this tile, next in turn."."""
    change_note: str = ""
    """What choosing another player's figure does: the tile becomes theirs, and the turn order follows."""
    show_players: bool = True
    """Whether every player's chip is offered (in a game being played, only once asked for)."""
    others_href: str = ""
    """In a game being played: the link that offers every player's figures ("laid by someone else?")."""
    rotation: int = 0
    """How the tile lies, for its large picture in the figure step on a phone."""
    every_spot: list[SpotButton] = field(default_factory=list)
    """The spots of every kind the player may put there (the phone's card switches kinds itself)."""
    tower: TowerStep | None = None
    """The Tower's part of the turn (a floor and its capture, a figure onto a tower, a ransom)."""
    creatures: CreatureStep | None = None
    """Princess & Dragon's part of the turn (the fairy, the princess, a portal, the dragon's steps)."""
    city: CityStep | None = None
    """The Count's part of the turn (followers out of the City, a follower into a quarter)."""

    @property
    def stage(self) -> TowerStep | CreatureStep | None:
        """The expansion's step whose buttons are on the board now, if one is."""
        for step in (self.tower, self.creatures):
            if step is not None and step.stage:
                return step
        return None


def spot_label(player: str, kind: FigureKind, spot: FigureSpot, bearing: str | None = None) -> str:
    """ "Put Mina's meeple on the road"; where the tile has two features of the kind, ``bearing``
    (from ``feature_bearings``) says which: "on the field to the north"."""
    values = {"player": player, "figure": figure_name(kind), "feature": FEATURE_NAMES[spot.feature]}
    if bearing is None:
        return _("Put {player}'s {figure} on the {feature}").format(**values)
    if bearing == MIDDLE:
        return _("Put {player}'s {figure} on the {feature} in the middle").format(**values)
    return _("Put {player}'s {figure} on the {feature} to the {side}").format(
        side=bearing_name(bearing), **values
    )


def choose_kind(game: Game, player: int, wanted: FigureKind | None) -> FigureKind:
    """The kind asked for if the game has it, else a meeple, else the first kind the player still has."""
    supply = game.supply(player)
    if wanted in supply:
        return wanted
    if supply[FigureKind.MEEPLE] > 0:
        return FigureKind.MEEPLE
    return next((k for k, n in supply.items() if n > 0), FigureKind.MEEPLE)


def chips(
    game: Game, looks: Sequence[Look], selection: Selection, player: int, kind: FigureKind
) -> tuple[list[Chip], list[Chip]]:
    """Whose figure it is (with how many of the kind each has left) and which kind, as links."""
    supply_now = game.supply(player)
    players = [
        Chip(
            look.index,
            look.name,
            game.supply(look.index)[kind],
            look.index == player,
            selection.href(player=look.index),
            look.color,
            d(look.mark),
        )
        for look in looks
    ]
    kinds = [
        Chip(k.value, figure_name(k), n, k is kind, selection.href(kind=k, player=player))
        for k, n in supply_now.items()
    ]
    return players, kinds


def chosen_square(game: Game, selection: Selection) -> Square | None:
    """The tile whose figure is being chosen: the one asked for on a finished board being copied,
    else the tile just laid."""
    if selection.on is not None and game.mode is Mode.FINAL and selection.on in game.board.tiles:
        return selection.on
    return game.turns[-1].placement.square if game.turns else None


def last_figure_owner(game: Game) -> int | None:
    """Whose figure was put down most recently in the order the tiles were entered."""
    for turn in reversed(game.turns):
        if turn.placement.meeple is not None:
            return turn.placement.meeple.player
    return None


def default_player(game: Game, number: int) -> int:
    """Whose figure to offer first: in a game being played the player who laid the tile; on a
    board being copied the owner of the figure already there, else whoever was last given one."""
    turn = game.turns[number]
    if game.mode is Mode.FINAL:
        current = turn.placement.meeple
        if current is not None:
            return current.player
        last = last_figure_owner(game)
        return last if last is not None else 0
    return turn.layer if turn.layer is not None else 0


def turn_order_layer(game: Game, number: int) -> int | None:
    """Who lays tile ``number`` by turn order alone, whatever figure stands on it (as the engine
    counts: after the start tile the first player, after a builder's extra tile the same one)."""
    if number == 0:
        return None
    before = game.turns[number - 1]
    if before.layer is None:
        return 0
    if before.extra_tile:
        return before.layer
    return (before.layer + 1) % len(game.players)


def explain_layer(game: Game, looks: Sequence[Look], choice: FigureChoice, selection: Selection) -> None:
    """Say who lays the tile, and what putting another player's figure on it does: the layer
    follows the figure's owner (``services.set_figure``), and the turn order follows the layer.
    Nothing on a finished board being copied: it has no turns, and who laid a tile changes no
    point of it (and on a phone the card needs the room)."""
    if game.mode is Mode.FINAL:
        return
    turn = game.turns[choice.number]
    layer, player = turn.layer, choice.player
    if layer is not None and layer == turn_order_layer(game, choice.number):
        choice.layer_note = _("{player} lays this tile, next in turn.").format(player=looks[layer].name)
    elif layer is not None:
        choice.layer_note = _("{player} lays this tile: the figure on it is theirs.").format(
            player=looks[layer].name
        )
    if player != layer:
        name = looks[player].name
        if choice.number == len(game.turns) - 1:
            choice.change_note = _(
                "With {player}'s figure on it, this tile becomes {player}'s: {player} laid it, and "
                "the next turn is {next}'s."
            ).format(player=name, next=looks[(player + 1) % len(looks)].name)
        else:
            choice.change_note = _(
                "With {player}'s figure on it, this tile becomes {player}'s: {player} laid it, and "
                "the tiles entered after it without a figure follow on from {player} in turn order."
            ).format(player=name)
    choice.show_players = selection.others or player != layer
    choice.others_href = selection.href(others=True)


def figure_choice(
    game: Game, looks: Sequence[Look], selection: Selection, *, finished: bool, ahead: Square | None = None
) -> FigureChoice | None:
    """What to offer once a tile is down: ``None`` when nothing may be placed on it. ``ahead``: on
    a board being copied, the square guessed to come next (along.py), where "done" goes."""
    if not selection.spots or not game.turns or finished:
        return None
    square = chosen_square(game, selection)
    number = game.turn_at(square) if square is not None else None
    if number is None:
        return None
    turn = game.turns[number]
    if game.mode is Mode.REPLAY and turn.layer is None:
        return None  # nobody places a figure on the tiles that open a game being played
    player = selection.player if selection.player is not None and selection.player < len(looks) else None
    if player is None:
        player = default_player(game, number)
    current = turn.placement.meeple
    kind = choose_kind(game, player, selection.kind or (current.kind if current else None))
    players, kinds = chips(game, looks, selection, player, kind)
    choice = FigureChoice(number, player, looks[player].color, kind, players, kinds, current=current)
    choice.square = square
    choice.tile = turn.placement.tile
    choice.rotation = turn.placement.rotation
    choice.tile_label = tile_name(turn.placement.tile)
    explain_layer(game, looks, choice, selection)
    if game.mode is Mode.FINAL:
        choice.done_href = Selection(square=ahead, player=player).href()
    where = feature_bearings(game.board[square].orientation)
    offered = {k.value for k in kinds if k.count or k.selected}
    choice.every_spot = [
        SpotButton(s.kind.value, s.place.name, percent(s.anchor[0]), percent(s.anchor[1]),
                   s.feature is FeatureKind.FIELD, spot_label(looks[player].name, s.kind, s, where[s.index]),
                   str(Meeple(player, s.place, s.kind)))
        for s in game.figure_spots_at(square, player=player)
        if s.legal and s.kind.value in offered
    ]  # fmt: skip
    kinds_at = Counter(spot.place for spot in choice.every_spot)
    for spot in choice.every_spot:
        spot.alone = kinds_at[spot.place] == 1
    choice.spots = [spot for spot in choice.every_spot if spot.kind == kind.value]
    if not choice.spots and nothing_left(game, turn, player, kind):
        choice.none_left = _("{player} has no {figure} left.").format(
            player=looks[player].name, figure=figure_name(kind)
        )
    choice.tower = tower_step(game, looks, selection, number)
    choice.creatures = creature_step(game, looks, selection, number)
    choice.city = city_step(game, looks, number)
    if game.mode is Mode.REPLAY:
        for option in game.recall_options(player):
            label = _("Take the abbot back from {x}, {y}: {points} points").format(
                x=d(option.square[0]), y=d(option.square[1]), points=d(option.points)
            )
            x, y = option.square
            choice.recalls.append(RecallButton(x, y, option.points, label, str(Recall(player, x, y))))
    return choice


def nothing_left(game: Game, turn: Turn, player: int, kind: FigureKind) -> bool:
    """Whether ``player`` has none of ``kind`` to put on the tile of ``turn``."""
    if game.mode is Mode.FINAL:
        current = turn.placement.meeple
        own = current is not None and current.player == player and current.kind is kind
        return game.supply(player)[kind] == 0 and not own
    # What the player had when the tile went down (a figure placed or won back since does not count).
    return turn.supply_before[player][game.figure_kinds.index(kind)] == 0
