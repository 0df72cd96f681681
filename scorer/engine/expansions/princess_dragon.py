"""Princess & Dragon: the volcano and the dragon, the fairy, the princess and the magic portal.

Its rules, as board-format.md's "More expansions" has them, in the order of a turn:

1. **The fairy's point**: if the fairy stands next to one of the layer's followers, the layer
   scores 1 (once a turn: not again on a builder's second tile).
3. **A volcano tile**: the dragon lands on it at once; no figure may go on that tile as it is laid.
4. **The action** (one at most): a figure through a **magic portal** (:class:`PortalFigure`: the
   tile just laid shows a portal; the figure goes onto any unfinished feature of another tile that
   holds no figure), the **fairy** moved next to one of the layer's followers (:class:`FairyMove`),
   or the **princess** (:class:`PrincessVisit`: the tile just laid has a princess city joining a
   city with knights; one of them goes home).
5. **The dragon** (:class:`DragonMove`, only on a tile showing the dragon, once it is on the
   board): up to six steps, one per player in turn from the layer, each onto a neighbouring tile
   not yet visited in this move, never the fairy's square nor count-6 or count-7; fewer only when
   no further step is possible. Every figure on a square it enters goes home, a follower on top
   of a tower too.
6. **Scoring**: whenever a feature holding the fairy's follower is scored (during play, by an
   abbot's recall, at the end or with the farms), that follower's owner scores 3 more.

When the fairy's follower leaves the board, the fairy stays on its square next to nobody: it
still bars the dragon but gives no points until moved. A builder or pig left without its player's
follower goes home. A finished board gives the dragon's and the fairy's squares (``dragon``,
``fairy``), and may hold several figures on one tile (``meeples``).

The module's state (:class:`Creatures`) is replaced on every change, so the game's journal
restores it exactly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import ActionKind, ReadContext, Step, register
from ..errors import BoardFileError, IllegalPlacementError, NotationError, Problem, Rule
from ..figure_refs import TOP, FigureRef, parse_ref, read_ref, read_square
from ..figure_rules import feature_index, figure_problem
from ..figures import FigureKind
from ..placement import Meeple
from ..places import Place, Square
from ..queries import Piece
from ..rules import Mode
from ..scoring import Category, Phase, ScoreEvent, off_board_event
from ..tiles import Expansion, FeatureKind, TileMark
from ..tilesets import TILES
from . import RuleModule
from .abbot import Recall

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game
    from ..placement import Placement
    from ..view import GameView

DRAGON_STEPS = 6
FAIRY_TURN_POINTS = 1
FAIRY_BONUS = 3
FOLLOWERS = (FigureKind.MEEPLE, FigureKind.BIG, FigureKind.ABBOT)
"""The figures the fairy may stand next to."""
KNIGHTS = (FigureKind.MEEPLE, FigureKind.BIG)
"""The figures the princess sends home."""
FLIGHTLESS = frozenset({"count-6", "count-7"})
"""Tiles the dragon never enters (the City of Carcassonne's, which show no landscape)."""
DRAGON = "dragon"
FAIRY = "fairy"
"""The kinds of :class:`~..queries.Piece` this module stands on the board."""


# -- values ----------------------------------------------------------------------------------------


class PortalFigure(NamedTuple):
    """Through the magic portal of the tile just laid, the layer's figure goes onto ``at`` of
    the tile on another square (x, y)."""

    player: int
    x: int
    y: int
    at: Place
    kind: FigureKind = FigureKind.MEEPLE

    field = "meeple"
    kind_name = "portal"

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def meeple(self) -> Meeple:
        return Meeple(self.player, self.at, self.kind)

    def __str__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        return f"portal={self.player}@{self.x},{self.y}/{self.at.name}{kind}"


class FairyMove(NamedTuple):
    """The fairy moves next to ``follower``, one of the layer's."""

    follower: FigureRef

    field = "fairy"

    def __str__(self) -> str:
        return f"fairy={self.follower}"


class PrincessVisit(NamedTuple):
    """The princess of the tile just laid sends ``knight`` home from the city hers joins."""

    knight: FigureRef

    field = "princess"

    def __str__(self) -> str:
        return f"princess={self.knight}"


class DragonMove(NamedTuple):
    """The squares the dragon steps onto, in order: the layer's step first, then each next player's."""

    steps: tuple[Square, ...]

    field = "dragon"

    def __str__(self) -> str:
        return "dragon=" + ">".join(f"{x},{y}" for x, y in self.steps)


class Creatures(NamedTuple):
    """The module's state: where the dragon and the fairy stand (``None``: off the board yet) and
    the follower the fairy stands next to. Replaced, never edited."""

    dragon: Square | None = None
    fairy: Square | None = None
    follower: FigureRef | None = None
    owed: int | None = None
    """The player owed the fairy's bonus this turn (their abbot beside it was recalled and scored)."""


# -- text and board-file forms ---------------------------------------------------------------------

_PORTAL_TEXT = re.compile(r"portal=(?P<ref>.+)")
_STEP_TEXT = re.compile(r"(-?[0-9]+),(-?[0-9]+)")


def _parse_portal(token: str) -> PortalFigure | None:
    match = _PORTAL_TEXT.fullmatch(token)
    if match is None:
        return None
    ref = parse_ref(match["ref"], token)
    if ref.on_top:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail="a portal's figure goes onto a tile")
    return PortalFigure(ref.player, ref.x, ref.y, ref.at, ref.kind)  # type: ignore[arg-type]


def _parse_ref_action(prefix: str, make: Any) -> Any:
    def parse(token: str) -> Any:
        if not token.startswith(prefix):
            return None
        return make(parse_ref(token[len(prefix) :], token))

    return parse


def _parse_dragon(token: str) -> DragonMove | None:
    if not token.startswith("dragon="):
        return None
    body = token[len("dragon=") :]
    steps = []
    for part in body.split(">") if body else ():
        match = _STEP_TEXT.fullmatch(part)
        if match is None:
            raise NotationError(
                Rule.BAD_NOTATION, text=token, detail="the dragon's steps are dragon=X,Y>X,Y>..."
            )
        steps.append((int(match[1]), int(match[2])))
    return DragonMove(tuple(steps))


def _read_portal(raw: Any, context: ReadContext) -> PortalFigure | Meeple | None:
    if not isinstance(raw, dict) or ("x" not in raw and "y" not in raw) or raw.get("at") == TOP:
        return None
    ref = read_ref(raw, context)
    if (ref.x, ref.y) == (context.where.get("x"), context.where.get("y")):
        return Meeple(ref.player, ref.at, ref.kind)  # type: ignore[arg-type]  # its own tile: the plain figure
    return PortalFigure(ref.player, ref.x, ref.y, ref.at, ref.kind)  # type: ignore[arg-type]


def _write_portal(portal: PortalFigure) -> dict[str, Any]:
    written: dict[str, Any] = {"player": portal.player, "x": portal.x, "y": portal.y, "at": portal.at.name}
    if portal.kind is not FigureKind.MEEPLE:
        written["kind"] = portal.kind.value
    return written


def _read_dragon(raw: Any, context: ReadContext) -> DragonMove:
    if not isinstance(raw, list) or len(raw) > DRAGON_STEPS:
        raise BoardFileError(
            Rule.BAD_PLACEMENT, **context.where, detail="dragon must be a list of at most 6 [x, y] squares"
        )
    steps = []
    for step in raw:
        if not (isinstance(step, list) and len(step) == 2):
            raise BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail="a dragon's step is [x, y]")
        steps.append(read_square({"x": step[0], "y": step[1]}, context))
    return DragonMove(tuple(steps))


PORTAL = register(
    ActionKind(
        "meeple", Step.ACTION, True, _parse_portal, _read_portal, _write_portal,
        expansion=Expansion.PRINCESS_DRAGON, replay_only=Rule.ACTION_IN_FINAL, name="portal",
    )
)  # fmt: skip
FAIRY_MOVE = register(
    ActionKind(
        "fairy", Step.ACTION, True, _parse_ref_action("fairy=", FairyMove),
        lambda raw, context: FairyMove(read_ref(raw, context)), lambda move: move.follower.as_json(),
        expansion=Expansion.PRINCESS_DRAGON, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip
PRINCESS = register(
    ActionKind(
        "princess", Step.ACTION, True, _parse_ref_action("princess=", PrincessVisit),
        lambda raw, context: PrincessVisit(read_ref(raw, context)), lambda visit: visit.knight.as_json(),
        expansion=Expansion.PRINCESS_DRAGON, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip
DRAGON_MOVE = register(
    ActionKind(
        "dragon", Step.AFTER_ACTION, False, _parse_dragon, _read_dragon,
        lambda move: [list(step) for step in move.steps],
        expansion=Expansion.PRINCESS_DRAGON, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip


# -- the module ------------------------------------------------------------------------------------


def _refuse(rule: Rule, where: dict, problem: str, **facts: object) -> IllegalPlacementError:
    return IllegalPlacementError(rule, **where, problem=problem, **facts)


def _near(square: Square) -> tuple[Square, ...]:
    x, y = square
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


class PrincessAndDragon(RuleModule):
    expansion = Expansion.PRINCESS_DRAGON
    categories = (Category.FAIRY, Category.RANSOM)  # both, as in every game of the new boxes
    extra_fields = ("dragon", "fairy")

    # -- state -----------------------------------------------------------------------------------

    def start(self, game: Game) -> Creatures:
        dragon = game.extras.get("dragon")
        fairy = game.extras.get("fairy")
        if fairy is None:
            return Creatures(dragon)  # type: ignore[arg-type]
        square, follower = fairy  # type: ignore[misc]
        return Creatures(dragon, square, follower)  # type: ignore[arg-type]

    def state(self, game: GameView) -> Creatures:
        return game.state_of(self)  # type: ignore[return-value]

    # -- step 1: the fairy's point ---------------------------------------------------------------

    def start_turn(
        self, game: Game, placement: Placement, layer: int | None, where: dict
    ) -> list[ScoreEvent]:
        follower = self.state(game).follower
        if follower is None or layer is None or follower.player != layer:
            return []
        previous = game.turns[-1] if game.turns else None
        if previous is not None and previous.extra_tile and previous.layer == layer:
            return []  # a builder's second tile: the point came with the first
        return [
            off_board_event(
                Phase.FAIRY, (layer,), FAIRY_TURN_POINTS, placement=where.get("index"), fairy=True
            )
        ]

    # -- step 4: the action ----------------------------------------------------------------------

    def check_action(self, game: Game, placement: Placement, layer: int | None, where: dict) -> None:
        placed = game.board.tiles[placement.square]
        for action in placement.actions:
            kind = type(action)
            if kind is PortalFigure:
                self._check_portal(game, placed, action, layer, where)
            elif kind is FairyMove:
                self._check_fairy(game, action.follower, layer, where)
            elif kind is PrincessVisit:
                self._check_princess(game, placed, action.knight, where)

    def _check_portal(
        self, game: Game, placed: PlacedTile, portal: PortalFigure, layer: int | None, where: dict
    ) -> None:
        at = {"at_x": portal.x, "at_y": portal.y}
        if placed.tile.mark is not TileMark.PORTAL:
            raise _refuse(Rule.BAD_PORTAL, where, "no_portal")
        if layer is not None and portal.player != layer:
            raise IllegalPlacementError(Rule.FIGURE_NOT_LAYER, **where, player=portal.player, layer=layer)
        target = game.board.tiles.get(portal.square)
        if target is None or target is placed:
            raise _refuse(Rule.BAD_PORTAL, where, "no_tile", **at)
        index = feature_index(target, portal.at, portal.kind)
        if not isinstance(index, int):
            raise index.error(**where)
        feature = game.feature_at(portal.square, portal.at, figure=portal.kind)
        if feature is None or feature.complete:
            raise _refuse(Rule.BAD_PORTAL, where, "completed", **at)
        if feature.figures:
            raise _refuse(Rule.BAD_PORTAL, where, "occupied", **at)
        problem = figure_problem(game, target, portal.player, portal.kind, index)
        if problem is not None:
            raise problem.error(**where)

    def _check_fairy(self, game: GameView, follower: FigureRef, layer: int | None, where: dict) -> None:
        if layer is not None and follower.player != layer:
            raise _refuse(Rule.BAD_FAIRY, where, "not_yours")
        if follower.kind not in FOLLOWERS:
            raise _refuse(Rule.BAD_FAIRY, where, "kind", figure=follower.kind.value)
        if not self.stands(game, follower):
            raise _refuse(
                Rule.BAD_FAIRY, where, "no_figure",
                player_name=game.players[follower.player].name if 0 <= follower.player < len(game.players)
                else str(follower.player), figure=follower.kind.value,
            )  # fmt: skip

    def _check_princess(self, game: Game, placed: PlacedTile, knight: FigureRef, where: dict) -> None:
        cities = {
            game.group_of(placed.nodes[i]) for i, spec in enumerate(placed.tile.features) if spec.princess
        }
        if not cities:
            raise _refuse(Rule.BAD_PRINCESS, where, "no_princess")
        node = self._node_of(game, knight)
        if knight.kind not in KNIGHTS or node is None or game.group_of(node) not in cities:
            raise _refuse(Rule.BAD_PRINCESS, where, "not_in_city")

    # -- steps 3 to 5: the volcano, the action, the dragon ------------------------------------------

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        where = {
            "index": placed.index,
            "tile": placed.tile.name,
            "x": placed.square[0],
            "y": placed.square[1],
        }
        if game.mode is not Mode.REPLAY:
            return  # a finished board: nothing moves, its figures are all still to come
        if placed.tile.mark is TileMark.VOLCANO:
            game.set_state(self, self.state(game)._replace(dragon=placed.square))
        move = None
        for action in placement.actions:
            kind = type(action)
            if kind is PortalFigure:
                game.put_figure(game.board.tiles[action.square], action.meeple, where)
            elif kind is FairyMove:
                follower = action.follower
                game.set_state(self, self.state(game)._replace(fairy=follower.square, follower=follower))
            elif kind is PrincessVisit:
                node = self._node_of(game, action.knight)
                assert node is not None
                root = game.group_of(node)
                game.send_home(node)
                game.send_home_stranded(root)
            elif kind is DragonMove:
                move = action
        self._fly(game, placed, move.steps if move is not None else (), layer, where)
        self._follower_gone(game, placement)

    def _fly(
        self, game: Game, placed: PlacedTile, steps: tuple[Square, ...], layer: int | None, where: dict
    ) -> None:
        state = self.state(game)
        if placed.tile.mark is not TileMark.DRAGON:
            if steps:
                raise _refuse(Rule.BAD_DRAGON, where, "no_dragon_tile")
            return
        if state.dragon is None:
            if steps:
                raise _refuse(Rule.BAD_DRAGON, where, "off_board")
            return
        visited = [state.dragon]
        for number, step in enumerate(steps, start=1):
            if step not in self.next_steps(game, visited, state.fairy):
                raise _refuse(Rule.BAD_DRAGON, where, "step", step=number, at_x=step[0], at_y=step[1])
            visited.append(step)
            self._eat(game, step)
        if steps and len(steps) < DRAGON_STEPS and self.next_steps(game, visited, state.fairy):
            raise _refuse(Rule.BAD_DRAGON, where, "too_few", steps=len(steps))
        game.set_state(self, self.state(game)._replace(dragon=visited[-1]))

    def unfinished(self, game: GameView) -> IllegalPlacementError | None:
        """A dragon tile laid with no steps, where the dragon could take one: its move is owed
        (a page enters it step by step; a board file must give it)."""
        turn = game.turns[-1]
        placement = turn.placement
        if TILES[placement.tile].mark is not TileMark.DRAGON:
            return None
        if any(type(a) is DragonMove and a.steps for a in placement.actions):
            return None
        state = self.state(game)
        if state.dragon is None or not self.next_steps(game, [state.dragon], state.fairy):
            return None
        return IllegalPlacementError(
            Rule.BAD_DRAGON, index=len(game.turns) - 1, tile=placement.tile, x=placement.x, y=placement.y,
            problem="missing",
        )  # fmt: skip

    def figure_bar(self, game: GameView, placed: PlacedTile) -> Problem | None:
        return Problem(Rule.VOLCANO) if placed.tile.mark is TileMark.VOLCANO else None

    @staticmethod
    def next_steps(game: GameView, visited: list[Square], fairy: Square | None) -> list[Square]:
        """The squares the dragon may step onto next, having visited ``visited`` (its start first)."""
        tiles = game.board.tiles
        return [
            square
            for square in _near(visited[-1])
            if square in tiles
            and square != fairy
            and square not in visited
            and tiles[square].tile.name not in FLIGHTLESS
        ]

    def _eat(self, game: Game, square: Square) -> None:
        """Every figure on the tile at ``square`` goes home (and one on top of a tower there); then
        any builder or pig left without its player's follower."""
        placed = game.board.tiles[square]
        roots = []
        for node in placed.nodes:
            if game.figure_on(node) is not None:
                roots.append(game.group_of(node))
                game.send_home(node)
        game.evict(square)
        for root in roots:
            game.send_home_stranded(root)

    def _follower_gone(self, game: Game, placement: Placement | None = None) -> FigureRef | None:
        """If the fairy's follower has left the board, the fairy stays on its square next to
        nobody; returns that follower. With ``placement`` (the action's step): an abbot it
        recalls was scored, and the fairy's bonus is owed."""
        state = self.state(game)
        follower = state.follower
        if follower is None or self.stands(game, follower):
            return None
        recalled = placement is not None and any(
            type(a) is Recall and a.square == follower.square for a in placement.actions
        )
        owed = follower.player if recalled and follower.kind is FigureKind.ABBOT else None
        game.set_state(self, state._replace(follower=None, owed=owed))
        return follower

    # -- step 6: the fairy's bonus -----------------------------------------------------------------

    def after_scoring(
        self, game: Game, placement: Placement, layer: int | None, where: dict, scored: Sequence[ScoreEvent]
    ) -> list[ScoreEvent]:
        # Figures that left during the action and the dragon's move were not scored (after_action
        # saw to them), but for an abbot's recall; one that left since was scored with its feature.
        index = where.get("index")
        events = []
        owed = self.state(game).owed
        if owed is not None:
            game.set_state(self, self.state(game)._replace(owed=None))
            events.append(off_board_event(Phase.RECALL, (owed,), FAIRY_BONUS, placement=index, fairy=True))
        follower = self._follower_gone(game)
        if follower is not None:
            events.append(
                off_board_event(Phase.PLAY, (follower.player,), FAIRY_BONUS, placement=index, fairy=True)
            )
        return events

    def end_events(self, game: GameView) -> list[ScoreEvent]:
        follower = self.state(game).follower
        if follower is None or follower.on_top:
            return []
        node = self._node_of(game, follower)
        if node is None:
            return []
        when = Phase.FARMS if game.feature_kind_of(node) is FeatureKind.FIELD else Phase.END
        return [off_board_event(when, (follower.player,), FAIRY_BONUS, fairy=True)]

    # -- where figures stand -----------------------------------------------------------------------

    def _node_of(self, game: GameView, ref: FigureRef) -> int | None:
        """The segment ``ref`` stands on, if it stands there (on a tile)."""
        if ref.on_top:
            return None
        placed = game.board.tiles.get(ref.square)
        if placed is None:
            return None
        index = feature_index(placed, ref.at, ref.kind)  # type: ignore[arg-type]
        if not isinstance(index, int):
            return None
        node = placed.nodes[index]
        return node if game.figure_on(node) == (ref.player, ref.kind) else None

    def stands(self, game: GameView, ref: FigureRef) -> bool:
        """Whether ``ref`` stands where it says: on its tile, or on top of the tower there."""
        if ref.on_top:
            return any(
                p.kind == TOP and p.square == ref.square and p.figure == (ref.player, ref.kind)
                for p in game.pieces()
            )
        return self._node_of(game, ref) is not None

    # -- a finished board ----------------------------------------------------------------------------

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        state = self.state(game)
        tiles = game.board.tiles
        if state.dragon is not None and state.dragon not in tiles:
            return IllegalPlacementError(
                Rule.BAD_DRAGON, problem="no_tile", at_x=state.dragon[0], at_y=state.dragon[1]
            )
        if state.fairy is not None:
            if state.fairy not in tiles:
                return IllegalPlacementError(
                    Rule.BAD_FAIRY, problem="no_tile", at_x=state.fairy[0], at_y=state.fairy[1]
                )
            follower = state.follower
            if follower is not None and (follower.kind not in FOLLOWERS or not self.stands(game, follower)):
                return IllegalPlacementError(
                    Rule.BAD_FAIRY, problem="no_figure", player_name=game.players[follower.player].name,
                    figure=follower.kind.value,
                )  # fmt: skip
        return None

    def read_extra(self, name: str, raw: Any, context: ReadContext) -> object:
        if name == "dragon":
            if not (isinstance(raw, list) and len(raw) == 2):
                raise BoardFileError(Rule.BAD_FILE, detail='"dragon" must be a square [x, y]')
            return read_square({"x": raw[0], "y": raw[1]}, context)
        if not isinstance(raw, dict):
            raise BoardFileError(Rule.BAD_FILE, detail='"fairy" must be a figure or {"x", "y"}')
        if "at" not in raw and "player" not in raw:
            return read_square(raw, context), None
        follower = read_ref(raw, context)
        return follower.square, follower

    def final_extras(self, game: Game) -> dict[str, object]:
        state = self.state(game)
        extras: dict[str, object] = {}
        if state.dragon is not None:
            extras["dragon"] = state.dragon
        if state.fairy is not None:
            extras["fairy"] = (state.fairy, state.follower)
        return extras

    def write_extras(self, game: Game) -> dict[str, Any]:
        state = self.state(game)
        written: dict[str, Any] = {}
        if state.dragon is not None:
            written["dragon"] = list(state.dragon)
        if state.fairy is not None:
            if state.follower is not None:
                written["fairy"] = state.follower.as_json()
            else:
                written["fairy"] = {"x": state.fairy[0], "y": state.fairy[1]}
        return written

    # -- what a page shows ------------------------------------------------------------------------

    def pieces(self, game: GameView) -> list[Piece]:
        state = self.state(game)
        pieces = []
        if state.dragon is not None:
            pieces.append(Piece(state.dragon, DRAGON, 1, None, (0.5, 0.5)))
        if state.fairy is not None:
            figure = (state.follower.player, state.follower.kind) if state.follower is not None else None
            pieces.append(Piece(state.fairy, FAIRY, 1, figure, (0.5, 0.5)))
        return pieces

    # -- what the layer could do ---------------------------------------------------------------------

    def options(self, game: Game, bare: Placement, layer: int) -> list[Any]:
        """The fairy next to each of the layer's followers, the knights the tile's princess could
        send home and every figure its portal could send elsewhere (on the game with the tile
        laid; the dragon's moves follow the action: :meth:`follow_ups`)."""
        if game.mode is not Mode.REPLAY:
            return []
        found: list[Any] = []
        for node, square, player, kind in game.standing(player=layer):
            if kind in FOLLOWERS:
                placed = game.board.tiles[square]
                found.append(
                    FairyMove(
                        FigureRef(player, *square, placed.orientation.place_of(game.index_of(node)), kind)
                    )
                )
        for piece in game.pieces():
            if piece.kind == TOP and piece.figure is not None and piece.figure[0] == layer:
                found.append(FairyMove(FigureRef(layer, *piece.square, TOP, piece.figure[1])))
        placed = game.board.tiles[bare.square]
        if any(spec.princess for spec in placed.tile.features):
            cities = {
                game.group_of(placed.nodes[i]) for i, s in enumerate(placed.tile.features) if s.princess
            }
            for node, square, player, kind in game.standing():
                if kind in KNIGHTS and game.group_of(node) in cities:
                    where = game.board.tiles[square]
                    found.append(
                        PrincessVisit(
                            FigureRef(player, *square, where.orientation.place_of(game.index_of(node)), kind)
                        )
                    )
        if placed.tile.mark is TileMark.PORTAL:
            found += self._portal_options(game, placed, layer)
        return found

    def follow_ups(self, game: Game, placement: Placement, layer: int) -> list[DragonMove]:
        return [DragonMove(path) for path in self.dragon_paths(game, placement)]

    def dragon_paths(self, game: GameView, placement: Placement) -> list[tuple[Square, ...]]:
        """Every whole move the dragon could make after ``placement`` (laid, its action done: the
        fairy where it now stands; none unless the tile shows the dragon and the dragon can
        step): six steps, or fewer where it is stuck."""
        state = self.state(game)
        if TILES[placement.tile].mark is not TileMark.DRAGON or state.dragon is None:
            return []
        paths: list[tuple[Square, ...]] = []

        def walk(visited: list[Square]) -> None:
            ahead = self.next_steps(game, visited, state.fairy) if len(visited) <= DRAGON_STEPS else []
            if not ahead:
                if len(visited) > 1:
                    paths.append(tuple(visited[1:]))
                return
            for square in ahead:
                walk([*visited, square])

        walk([state.dragon])
        return paths

    def _portal_options(self, game: Game, placed: PlacedTile, layer: int) -> list[PortalFigure]:
        supply = game.supply(layer)
        found = []
        for square, target in sorted(game.board.tiles.items()):
            if target is placed:
                continue
            orientation = target.orientation
            for index, spec in enumerate(target.tile.features):
                for kind in game.figure_kinds:
                    if supply.get(kind, 0) <= 0 or spec.kind not in kind.stands_on or kind.needs_own_figure:
                        continue
                    at = orientation.place_of(index)
                    feature = game.feature_at(square, at, figure=kind)
                    if feature is None or feature.complete or feature.figures:
                        continue
                    if figure_problem(game, target, layer, kind, index) is None:
                        found.append(PortalFigure(layer, *square, at, kind))
        return found


PRINCESS_DRAGON = PrincessAndDragon()
