"""The Tower: tower floors on the foundations, captures, prisoners and ransoms.

Its rules, as board-format.md's "More expansions" has them:

- Each player has floors (2 players: 10, 3: 9, 4: 7, 5: 6, 6: 5); once placed they are neutral and
  never leave. A **floor** (the action :class:`Floor`) goes on the foundation or open tower of any
  tile; the tower's height ``h`` then reaches its own square and up to ``h`` squares in each of the
  four directions, over gaps and other towers. With it the layer may **capture** one meeple, big
  meeple or abbot standing on a reached square, on a tile or on top of another tower (a builder or
  pig never): their own goes home; another player's becomes the layer's prisoner, and if that
  player holds prisoners of the layer's, one is **exchanged** at once for it (the kind the layer
  names when the other holds several kinds; a meeple by default).
- A follower (meeple or big meeple) may go onto the **top** of a tower with at least one floor and
  nobody there (the action :class:`TowerTop`): the tower is closed to floors while it stands there
  and open again when it leaves.
- At the start of a turn the layer may pay a **ransom** (:class:`Ransom`): 3 points to a player
  holding one of their figures, which comes back to their supply; once a turn, only with 3 points.
- A builder or pig whose player has no follower left on its feature goes home.
- Followers on towers and prisoners score nothing. A finished board gives its towers (height and
  top) and prisoners as the top-level ``towers`` and ``prisoners``.

The module's state (:class:`Towers`) holds every tower, the floors each player has left and the
prisoners; it is replaced on every change, so the game's journal restores it exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import ActionKind, ReadContext, Step, register
from ..errors import BoardFileError, IllegalPlacementError, NotationError, Rule
from ..figure_refs import (
    TOP,
    FigureRef,
    figure_kind,
    parse_ref,
    read_kind,
    read_player,
    read_ref,
    read_square,
)
from ..figure_rules import feature_index
from ..figures import FigureKind
from ..places import Square
from ..queries import HeldFigure, Piece
from ..rules import Mode
from ..scoring import Category, Phase, ScoreEvent, off_board_event
from ..tiles import Expansion
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game
    from ..placement import Placement

FLOORS_PER_PLAYER = {2: 10, 3: 9, 4: 7, 5: 6, 6: 5}
RANSOM_POINTS = 3
CAPTURABLE = (FigureKind.MEEPLE, FigureKind.BIG, FigureKind.ABBOT)
"""The figures a tower captures: followers, never a builder or a pig."""
ON_TOP = (FigureKind.MEEPLE, FigureKind.BIG)
"""The figures that may stand on top of a tower."""


# -- values ----------------------------------------------------------------------------------------


class Floor(NamedTuple):
    """The layer puts one of their floors on the tower on square (x, y), perhaps capturing a
    figure in its reach (and naming the kind they want back when the capture frees one of theirs)."""

    x: int
    y: int
    capture: FigureRef | None = None
    exchange: FigureKind | None = None

    field = "tower"

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    def __str__(self) -> str:
        text = f"tower={self.x},{self.y}"
        if self.capture is not None:
            text += f";capture={self.capture}"
        if self.exchange is not None:
            text += f";exchange={self.exchange.value}"
        return text


class TowerTop(NamedTuple):
    """The layer's meeple or big meeple goes onto the top of the tower on square (x, y)."""

    player: int
    x: int
    y: int
    kind: FigureKind = FigureKind.MEEPLE

    field = "meeple"
    kind_name = "tower-top"

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    def __str__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        return f"top={self.player}@{self.x},{self.y}{kind}"


class Ransom(NamedTuple):
    """Before laying their tile the layer pays 3 points to ``jailer`` for one of their own figures
    of ``kind`` that ``jailer`` holds."""

    jailer: int
    kind: FigureKind = FigureKind.MEEPLE

    field = "ransom"

    def __str__(self) -> str:
        return f"ransom={self.jailer}/{self.kind.value}"


class Tower(NamedTuple):
    square: Square
    height: int
    top: tuple[int, FigureKind] | None = None
    """Whose figure stands on top, and which: the tower takes no floor meanwhile."""


class Prisoner(NamedTuple):
    jailer: int
    player: int
    """Whose figure it is."""
    kind: FigureKind


class Towers(NamedTuple):
    """The module's state: the towers with at least one floor (by square), each player's floors
    left, and the prisoners held. Replaced, never edited."""

    towers: tuple[Tower, ...]
    floors: tuple[int, ...]
    prisoners: tuple[Prisoner, ...]

    def tower_at(self, square: Square) -> Tower | None:
        return next((t for t in self.towers if t.square == square), None)

    def with_tower(self, tower: Tower) -> Towers:
        others = tuple(t for t in self.towers if t.square != tower.square)
        return self._replace(towers=tuple(sorted((*others, tower))))

    def held_by(self, jailer: int, player: int) -> list[FigureKind]:
        """The kinds of ``player``'s figures ``jailer`` holds, one entry per figure."""
        return [p.kind for p in self.prisoners if p.jailer == jailer and p.player == player]

    def without_prisoner(self, prisoner: Prisoner) -> Towers:
        at = self.prisoners.index(prisoner)
        return self._replace(prisoners=self.prisoners[:at] + self.prisoners[at + 1 :])

    def with_prisoner(self, prisoner: Prisoner) -> Towers:
        return self._replace(prisoners=tuple(sorted((*self.prisoners, prisoner))))


def reach(square: Square, height: int) -> set[Square]:
    """The squares a tower of ``height`` on ``square`` reaches: its own, and up to ``height`` in
    each of the four directions, whatever lies between."""
    x, y = square
    reached = {square}
    for step in range(1, height + 1):
        reached.update({(x + step, y), (x - step, y), (x, y + step), (x, y - step)})
    return reached


# -- text and board-file forms ---------------------------------------------------------------------

_FLOOR_TEXT = re.compile(
    r"tower=(?P<tx>-?[0-9]+),(?P<ty>-?[0-9]+)(?:;capture=(?P<ref>[^;]+))?(?:;exchange=(?P<swap>[a-z]+))?"
)
_TOP_TEXT = re.compile(r"top=(?P<player>[0-9])@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)(?:\+(?P<kind>[a-z]+))?")
_RANSOM_TEXT = re.compile(r"ransom=(?P<jailer>[0-9])/(?P<kind>[a-z]+)")


def _parse_floor(token: str) -> Floor | None:
    if not token.startswith("tower="):
        return None
    match = _FLOOR_TEXT.fullmatch(token)
    if match is None:
        raise NotationError(
            Rule.BAD_NOTATION, text=token, detail="a floor is tower=X,Y[;capture=...][;exchange=KIND]"
        )
    capture = parse_ref(match["ref"], token) if match["ref"] else None
    exchange = figure_kind(match["swap"], token) if match["swap"] else None
    return Floor(int(match["tx"]), int(match["ty"]), capture, exchange)


def _parse_top(token: str) -> TowerTop | None:
    if not token.startswith("top="):
        return None
    match = _TOP_TEXT.fullmatch(token)
    if match is None:
        raise NotationError(
            Rule.BAD_NOTATION, text=token, detail="a figure onto a tower is top=PLAYER@X,Y[+KIND]"
        )
    return TowerTop(int(match["player"]), int(match["x"]), int(match["y"]), figure_kind(match["kind"], token))


def _parse_ransom(token: str) -> Ransom | None:
    if not token.startswith("ransom="):
        return None
    match = _RANSOM_TEXT.fullmatch(token)
    if match is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail="a ransom is ransom=JAILER/KIND")
    return Ransom(int(match["jailer"]), figure_kind(match["kind"], token))


def _bad(context: ReadContext, detail: str) -> BoardFileError:
    return BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail=detail)


def _read_floor(raw: Any, context: ReadContext) -> Floor:
    if not isinstance(raw, dict):
        raise _bad(context, "tower must be an object with x and y")
    x, y = read_square(raw, context)
    capture = read_ref(raw["capture"], context) if raw.get("capture") is not None else None
    exchange = read_kind(raw, context, "exchange") if raw.get("exchange") is not None else None
    return Floor(x, y, capture, exchange)


def _write_floor(floor: Floor) -> dict[str, Any]:
    written: dict[str, Any] = {"x": floor.x, "y": floor.y}
    if floor.capture is not None:
        written["capture"] = floor.capture.as_json()
    if floor.exchange is not None:
        written["exchange"] = floor.exchange.value
    return written


def _read_top(raw: Any, context: ReadContext) -> TowerTop | None:
    if not isinstance(raw, dict) or raw.get("at") != TOP:
        return None
    x, y = read_square(raw, context)
    return TowerTop(read_player(raw, context), x, y, read_kind(raw, context))


def _write_top(top: TowerTop) -> dict[str, Any]:
    written: dict[str, Any] = {"player": top.player, "at": TOP, "x": top.x, "y": top.y}
    if top.kind is not FigureKind.MEEPLE:
        written["kind"] = top.kind.value
    return written


def _read_ransom(raw: Any, context: ReadContext) -> Ransom:
    if not isinstance(raw, dict):
        raise _bad(context, "ransom must be an object with jailer and kind")
    return Ransom(read_player(raw, context, "jailer"), read_kind(raw, context))


FLOOR = register(
    ActionKind(
        "tower", Step.ACTION, True, _parse_floor, _read_floor, _write_floor,
        expansion=Expansion.TOWER, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip
TOP_FIGURE = register(
    ActionKind(
        "meeple", Step.ACTION, True, _parse_top, _read_top, _write_top,
        expansion=Expansion.TOWER, replay_only=Rule.ACTION_IN_FINAL, name="tower-top",
    )
)  # fmt: skip
RANSOM = register(
    ActionKind(
        "ransom", Step.BEFORE_TILE, False, _parse_ransom, _read_ransom,
        lambda ransom: {"jailer": ransom.jailer, "kind": ransom.kind.value},
        expansion=Expansion.TOWER, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip


# -- the module ------------------------------------------------------------------------------------


def _refuse(rule: Rule, where: dict, problem: str, **facts: object) -> IllegalPlacementError:
    return IllegalPlacementError(rule, **where, problem=problem, **facts)


class TheTower(RuleModule):
    expansion = Expansion.TOWER
    categories = (Category.FAIRY, Category.RANSOM)
    extra_fields = ("towers", "prisoners")

    # -- state -----------------------------------------------------------------------------------

    def start(self, game: Game) -> Towers:
        count = len(game.players)
        floors = [FLOORS_PER_PLAYER.get(count, 5)] * count
        given_towers: tuple[Tower, ...] = tuple(game.extras.get("towers", ()))  # type: ignore[arg-type]
        prisoners: tuple[Prisoner, ...] = tuple(game.extras.get("prisoners", ()))  # type: ignore[arg-type]
        held = [t.top for t in given_towers if t.top is not None] + [(p.player, p.kind) for p in prisoners]
        for player, kind in held:
            if kind not in game.figure_kinds:
                raise IllegalPlacementError(Rule.FIGURE_NOT_IN_GAME, figure=kind.value)
            game.take_from_supply(player, kind)
        # A finished board's floors are neutral: only their number is checked (final_problem).
        return Towers(tuple(sorted(given_towers)), tuple(floors), tuple(sorted(prisoners)))

    def state(self, game: Game) -> Towers:
        return game.state_of(self)  # type: ignore[return-value]

    # -- step 2: the ransom ------------------------------------------------------------------------

    def before_tile(
        self, game: Game, placement: Placement, layer: int | None, where: dict
    ) -> list[ScoreEvent]:
        ransoms = [a for a in placement.actions if type(a) is Ransom]
        if not ransoms:
            return []
        if len(ransoms) > 1:
            raise _refuse(Rule.BAD_RANSOM, where, "once")
        ransom = ransoms[0]
        if not 0 <= ransom.jailer < len(game.players):
            raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=ransom.jailer)
        if layer is None or ransom.jailer == layer:
            raise _refuse(Rule.BAD_RANSOM, where, "self")
        state = self.state(game)
        prisoner = Prisoner(ransom.jailer, layer, ransom.kind)
        if prisoner not in state.prisoners:
            raise _refuse(
                Rule.BAD_RANSOM, where, "no_prisoner",
                player_name=game.players[ransom.jailer].name, figure=ransom.kind.value,
            )  # fmt: skip
        if game.scores[layer] < RANSOM_POINTS:
            raise _refuse(Rule.BAD_RANSOM, where, "points", player_name=game.players[layer].name)
        game.set_state(self, state.without_prisoner(prisoner))
        game.return_to_supply(layer, ransom.kind)
        index = where.get("index")
        return [
            _ransom_event((ransom.jailer,), RANSOM_POINTS, index),
            _ransom_event((layer,), -RANSOM_POINTS, index),
        ]

    # -- step 4: a floor, or a figure onto a tower -------------------------------------------------

    def check_action(self, game: Game, placement: Placement, layer: int | None, where: dict) -> None:
        for action in placement.actions:
            if type(action) is Floor:
                self._check_floor(game, action, layer, where)
            elif type(action) is TowerTop:
                self._check_top(game, action, layer, where)

    def _check_floor(self, game: Game, floor: Floor, layer: int | None, where: dict) -> None:
        state = self.state(game)
        at = {"at_x": floor.x, "at_y": floor.y}
        placed = game.board.tiles.get(floor.square)
        if placed is None or placed.tile.tower is None:
            raise _refuse(Rule.BAD_TOWER, where, "no_foundation", **at)
        tower = state.tower_at(floor.square)
        if tower is not None and tower.top is not None:
            raise _refuse(Rule.BAD_TOWER, where, "closed", **at)
        if layer is None or state.floors[layer] <= 0:
            raise _refuse(Rule.BAD_TOWER, where, "no_floor", **at)
        if floor.capture is None:
            if floor.exchange is not None:
                raise _refuse(Rule.BAD_CAPTURE, where, "exchange", **at)
            return
        height = (tower.height if tower else 0) + 1
        target = floor.capture
        if not 0 <= target.player < len(game.players):
            raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=target.player)
        if target.square not in reach(floor.square, height):
            raise _refuse(Rule.BAD_CAPTURE, where, "out_of_reach", **at, height=height)
        if target.kind not in CAPTURABLE:
            raise _refuse(Rule.BAD_CAPTURE, where, "kind", figure=target.kind.value)
        if self._node_of(game, target) is None:
            raise _refuse(
                Rule.BAD_CAPTURE, where, "no_figure",
                player_name=game.players[target.player].name, figure=target.kind.value,
            )  # fmt: skip
        if target.player != layer:
            self._exchanged(state, layer, target.player, floor.exchange, where)
        elif floor.exchange is not None:
            raise _refuse(Rule.BAD_CAPTURE, where, "exchange", **at)

    def _exchanged(
        self, state: Towers, layer: int, other: int, wanted: FigureKind | None, where: dict
    ) -> FigureKind | None:
        """The kind of the layer's figure that ``other`` gives back for the one just taken, if
        any; refused when ``wanted`` names none they hold (or no exchange happens)."""
        held = state.held_by(other, layer)
        if not held:
            if wanted is not None:
                raise _refuse(Rule.BAD_CAPTURE, where, "exchange")
            return None
        kinds = sorted(set(held))
        kind = wanted if wanted is not None else (kinds[0] if len(kinds) == 1 else FigureKind.MEEPLE)
        if kind not in held:
            raise _refuse(Rule.BAD_CAPTURE, where, "exchange")
        return kind

    def _check_top(self, game: Game, top: TowerTop, layer: int | None, where: dict) -> None:
        at = {"at_x": top.x, "at_y": top.y}
        tower = self.state(game).tower_at(top.square)
        if tower is None:
            raise _refuse(Rule.BAD_TOWER, where, "no_floor_yet", **at)
        if tower.top is not None:
            raise _refuse(Rule.BAD_TOWER, where, "closed", **at)
        if top.kind not in ON_TOP:
            raise _refuse(Rule.BAD_TOWER, where, "kind", figure=top.kind.value)
        if top.kind not in game.figure_kinds:
            raise IllegalPlacementError(Rule.FIGURE_NOT_IN_GAME, **where, figure=top.kind.value)
        if game.supply(top.player)[top.kind] <= 0:
            raise IllegalPlacementError(
                Rule.NO_MEEPLE_LEFT, **where, player_name=game.players[top.player].name, figure=top.kind.value
            )

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        for action in placement.actions:
            if type(action) is Floor and layer is not None:
                self._build(game, action, layer)
            elif type(action) is TowerTop:
                game.take_from_supply(action.player, action.kind)
                state = self.state(game)
                tower = state.tower_at(action.square)
                assert tower is not None
                game.set_state(self, state.with_tower(tower._replace(top=(action.player, action.kind))))

    def _build(self, game: Game, floor: Floor, layer: int) -> None:
        state = self.state(game)
        tower = state.tower_at(floor.square) or Tower(floor.square, 0)
        floors = state.floors
        state = state.with_tower(tower._replace(height=tower.height + 1))
        state = state._replace(floors=(*floors[:layer], floors[layer] - 1, *floors[layer + 1 :]))
        game.set_state(self, state)
        target = floor.capture
        if target is None:
            return
        self._take(game, target)
        state = self.state(game)
        if target.player == layer:
            game.return_to_supply(layer, target.kind)
            return
        back = self._exchanged(state, layer, target.player, floor.exchange, {})
        if back is None:
            game.set_state(self, state.with_prisoner(Prisoner(layer, target.player, target.kind)))
            return
        # An exchange: each gets their own back at once.
        game.set_state(self, state.without_prisoner(Prisoner(target.player, layer, back)))
        game.return_to_supply(layer, back)
        game.return_to_supply(target.player, target.kind)

    def _node_of(self, game: Game, target: FigureRef) -> int | None:
        """Where ``target`` stands: its segment on a tile, or ``-1`` on top of a tower; ``None`` if
        it is not there."""
        if target.on_top:
            tower = self.state(game).tower_at(target.square)
            return -1 if tower is not None and tower.top == (target.player, target.kind) else None
        placed = game.board.tiles.get(target.square)
        if placed is None:
            return None
        index = feature_index(placed, target.at, target.kind)  # type: ignore[arg-type]
        if not isinstance(index, int):
            return None
        node = placed.nodes[index]
        return node if game.figure_on(node) == (target.player, target.kind) else None

    def _take(self, game: Game, target: FigureRef) -> None:
        """Lift ``target`` off the board or its tower (the tower opens again), and send home a
        builder or pig left without its player's follower."""
        node = self._node_of(game, target)
        if node == -1:
            state = self.state(game)
            tower = state.tower_at(target.square)
            assert tower is not None
            game.set_state(self, state.with_tower(tower._replace(top=None)))
            return
        assert node is not None
        root = game.group_of(node)
        game.lift_figure(node)
        game.send_home_stranded(root)

    def evict(self, game: Game, square: Square) -> None:
        state = self.state(game)
        tower = state.tower_at(square)
        if tower is not None and tower.top is not None:
            game.return_to_supply(*tower.top)
            game.set_state(self, state.with_tower(tower._replace(top=None)))

    # -- a finished board ----------------------------------------------------------------------------

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        state = self.state(game)
        for tower in state.towers:
            placed = game.board.tiles.get(tower.square)
            if placed is None or placed.tile.tower is None:
                return IllegalPlacementError(
                    Rule.BAD_TOWER, problem="no_foundation", at_x=tower.square[0], at_y=tower.square[1]
                )
        total = sum(FLOORS_PER_PLAYER.get(len(game.players), 5) for _ in game.players)
        if sum(t.height for t in state.towers) > total:
            return IllegalPlacementError(Rule.BAD_TOWER, problem="too_many_floors", most=total)
        return None

    def final_extras(self, game: Game) -> dict[str, object]:
        state = self.state(game)
        return {"towers": state.towers, "prisoners": state.prisoners}

    def read_extra(self, name: str, raw: Any, context: ReadContext) -> object:
        if not isinstance(raw, list):
            raise BoardFileError(Rule.BAD_FILE, detail=f'"{name}" must be a list')
        if name == "towers":
            towers = tuple(self._read_tower(item, context) for item in raw)
            if len({t.square for t in towers}) != len(towers):
                raise BoardFileError(Rule.BAD_FILE, detail="a square holds one tower at most")
            return towers
        prisoners = []
        for item in raw:
            if not isinstance(item, dict):
                raise BoardFileError(
                    Rule.BAD_FILE, detail="a prisoner is an object with jailer, player and kind"
                )
            jailer, player = read_player(item, context, "jailer"), read_player(item, context)
            if jailer == player:
                raise BoardFileError(Rule.BAD_FILE, detail="a player holds no prisoner of their own")
            kind = read_kind(item, context)
            if kind not in CAPTURABLE:
                raise BoardFileError(Rule.BAD_FILE, detail="a prisoner is a meeple, big meeple or abbot")
            prisoners.append(Prisoner(jailer, player, kind))
        return tuple(prisoners)

    @staticmethod
    def _read_tower(item: Any, context: ReadContext) -> Tower:
        if not isinstance(item, dict):
            raise BoardFileError(Rule.BAD_FILE, detail="a tower is an object with x, y and height")
        x, y = read_square(item, context)
        height = item.get("height")
        if type(height) is not int or not 1 <= height <= 60:
            raise BoardFileError(Rule.BAD_FILE, detail="a tower's height is a whole number from 1")
        top = item.get("top")
        if top is not None:
            if not isinstance(top, dict):
                raise BoardFileError(Rule.BAD_FILE, detail="a tower's top is an object with player and kind")
            kind = read_kind(top, context)
            if kind not in ON_TOP:
                raise BoardFileError(Rule.UNKNOWN_FIGURE, figure=kind.value)
            return Tower((x, y), height, (read_player(top, context), kind))
        return Tower((x, y), height)

    def write_extras(self, game: Game) -> dict[str, Any]:
        state = self.state(game)
        towers = []
        for tower in state.towers:
            entry: dict[str, Any] = {"x": tower.square[0], "y": tower.square[1], "height": tower.height}
            if tower.top is not None:
                entry["top"] = {"player": tower.top[0], "kind": tower.top[1].value}
            towers.append(entry)
        prisoners = [{"jailer": p.jailer, "player": p.player, "kind": p.kind.value} for p in state.prisoners]
        return {"towers": towers, "prisoners": prisoners}

    # -- what a page shows ------------------------------------------------------------------------

    def pieces(self, game: Game) -> list[Piece]:
        pieces = []
        for tower in self.state(game).towers:
            placed = game.board.tiles.get(tower.square)
            anchor = placed.orientation.tower if placed is not None else None
            pieces.append(Piece(tower.square, TOP, tower.height, tower.top, anchor or (0.5, 0.5)))
        return pieces

    def held(self, game: Game) -> list[HeldFigure]:
        return [HeldFigure(p.player, p.kind, p.jailer) for p in self.state(game).prisoners]

    # -- what the layer could do ---------------------------------------------------------------------

    def options(self, game: Game, bare: Placement, layer: int) -> list[Any]:
        """Every floor (with each capture in its reach) and every tower top the layer could take,
        on the game as it is with the tile laid (asked of a copy)."""
        if game.mode is not Mode.REPLAY:
            return []
        state = self.state(game)
        found: list[Any] = []
        if state.floors[layer] > 0:
            for square, placed in sorted(game.board.tiles.items()):
                if placed.tile.tower is None:
                    continue
                tower = state.tower_at(square)
                if tower is not None and tower.top is not None:
                    continue
                found.append(Floor(*square))
                height = (tower.height if tower else 0) + 1
                for target in self.capturable(game, reach(square, height)):
                    if target.player == layer or not state.held_by(target.player, layer):
                        found.append(Floor(*square, capture=target))
                    else:
                        for kind in sorted(set(state.held_by(target.player, layer))):
                            found.append(Floor(*square, capture=target, exchange=kind))
        held = {(p.jailer, p.kind) for p in state.prisoners if p.player == layer}
        found += [Ransom(jailer, kind) for jailer, kind in sorted(held)]
        supply = game.supply(layer)
        for tower in state.towers:
            if tower.top is None:
                found += [TowerTop(layer, *tower.square, kind) for kind in ON_TOP if supply.get(kind, 0) > 0]
        return found

    def capturable(self, game: Game, squares: Iterable[Square]) -> list[FigureRef]:
        """The figures a tower could take on ``squares``: followers on tiles and on tower tops."""
        wanted = set(squares)
        found = []
        for node, square, player, kind in game.standing():
            if square in wanted and kind in CAPTURABLE:
                placed = game.board.tiles[square]
                at = placed.orientation.place_of(game.index_of(node))
                found.append(FigureRef(player, *square, at, kind))
        for tower in self.state(game).towers:
            if tower.square in wanted and tower.top is not None:
                found.append(FigureRef(tower.top[0], *tower.square, TOP, tower.top[1]))
        return found


def _ransom_event(winners: tuple[int, ...], points: int, index: int | None) -> ScoreEvent:
    return off_board_event(Phase.RANSOM, winners, points, placement=index)


TOWER = TheTower()
