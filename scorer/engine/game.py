"""A game: players and their figures, the board, and points as features close.

>>> game = Game(["Mina", "Wei"])
>>> game.push(Placement("D", 0, 0))
()
>>> game.push(Placement.parse("E@0,-1/180:1S"))  # Wei's knight closes a two-tile city
(ScoreEvent(when=<Phase.PLAY: 'play'>, feature=<FeatureKind.CITY: 'city'>, complete=True, ...
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from . import events as scored
from . import farms as farming
from .actions import kind_of
from .board import Board, PlacedTile
from .errors import IllegalPlacementError, Problem, Rule, SetupError
from .expansions import RuleModule, overriding
from .figures import Figure, FigureKind, majority, supply_for
from .placement import Meeple, Placement
from .places import Place, Square
from .queries import Feature, FigureSpot, LegalPlacements, Player, RecallOption
from .rules import MIN_PLAYERS, Mode, Rules, max_players
from .scoring import (
    FARM_POINTS_PER_CITY,
    PIG_BONUS,
    Phase,
    ScoreEvent,
    ScoreReport,
    ScoreWarning,
    WarningCode,
    build_report,
    feature_points,
)
from .tiles import GOODS, Expansion, FeatureKind, Good, TileType
from .tilesets import TILES


class Turn(NamedTuple):
    """One placement as the game recorded it: who laid it, what it scored, and what it changed."""

    placement: Placement
    layer: int | None
    """Who laid the tile (``None``: the start tile, laid by nobody)."""
    events: tuple[ScoreEvent, ...]
    extra_tile: bool = False
    """Laying it earned its layer a second tile at once (the builder)."""
    bonus: bool = False
    """It is such a second tile."""
    collected: tuple[tuple[Good, int], ...] = ()
    """Trade goods the layer took by completing cities with it."""
    supply_before: tuple[tuple[int, ...], ...] = ()
    scores_before: tuple[int, ...] = ()
    states_before: tuple[object, ...] = ()
    """The rule modules' states before the turn (each immutable: the reference is the snapshot)."""


@contextmanager
def _collector_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _names_and_players(players: Sequence[str | Player] | int) -> tuple[Player, ...]:
    if isinstance(players, int):
        return tuple(Player(f"P{i + 1}") for i in range(players))
    return tuple(p if isinstance(p, Player) else Player(str(p)) for p in players)


class Game:
    """A game of Carcassonne as it is entered, placement by placement.

    :meth:`push` checks every rule (``mode`` decides which: see :class:`Mode`) and raises
    :class:`IllegalPlacementError` without changing anything when one is broken; :meth:`pop`
    undoes the last placement exactly. In replay mode completed features score as they close.

    :raises SetupError: for a number of players the expansions do not allow, or banked points or
        goods that are not one entry per player.
    """

    def __init__(
        self,
        players: Sequence[str | Player] | int = 2,
        *,
        rules: Rules | None = None,
        expansions: Iterable[Expansion | str] = (),
        mode: Mode | str = Mode.REPLAY,
        tile_sets: int = 1,
        banked: Sequence[int] | None = None,
        goods: Sequence[dict[Good, int]] | None = None,
    ) -> None:
        self.players: tuple[Player, ...] = _names_and_players(players)
        self.rules = rules or Rules()
        self.mode = Mode(mode)
        self.board = Board(expansions=expansions, mode=self.mode, tile_sets=tile_sets)
        count = len(self.players)
        most = max_players(self.board.expansions)
        if not MIN_PLAYERS <= count <= most:
            raise SetupError(Rule.BAD_PLAYERS, detail=f"a game has {MIN_PLAYERS} to {most} players")
        self._graph = self.board._graph
        self._modules = self.board.modules
        modules = self._modules
        # Each hook called only on the modules that override it (none: no cost at all).
        self._preparers = overriding(modules, "before_tile")
        self._earners = overriding(modules, "earns_extra_tile")
        self._actors = overriding(modules, "check_action")
        self._followers = overriding(modules, "after_action")
        self._closers = overriding(modules, "completed")
        self._after_scoring = overriding(modules, "after_scoring")
        self._enders = overriding(modules, "end_events")
        self._recallers = overriding(modules, "recall_options")
        self._holders = overriding(modules, "goods_held")
        self._judges = overriding(modules, "final_problem")
        self.figure_kinds: tuple[FigureKind, ...] = tuple(supply_for(self.board.expansions))
        """The kinds of figure this game has, meeples first."""
        start_supply = supply_for(self.board.expansions)
        row = tuple(start_supply[k] for k in self.figure_kinds)
        self._supply: tuple[tuple[int, ...], ...] = (row,) * count
        """Each player's figures in supply, by kind; replaced on every change, never edited."""
        start = list(banked) if banked is not None else [0] * count
        if len(start) != count:
            raise SetupError(Rule.BAD_BANKED, detail="give one number per player")
        self.banked: tuple[int, ...] = tuple(start)
        """Points on the score track before the first placement (final mode)."""
        self.scores: list[int] = list(start)
        """Points on the score track now: banked plus everything scored during play."""
        if goods is not None and len(goods) != count:
            raise SetupError(Rule.BAD_GOODS, detail="give one entry per player")
        self.given_goods: tuple[dict[Good, int], ...] = tuple(dict(held) for held in goods or ())
        """Trade goods each player held before the first placement (a finished board's)."""
        self.turns: list[Turn] = []
        self._states: tuple[object, ...] = tuple(module.start(self) for module in modules)

    def __repr__(self) -> str:
        names = tuple(p.name for p in self.players)
        return f"<Game {len(self.turns)} tiles, players={names!r}, mode={self.mode.value}>"

    # -- what the game is ------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def expansions(self) -> frozenset[Expansion]:
        return self.board.expansions

    @property
    def placements(self) -> list[Placement]:
        return [t.placement for t in self.turns]

    @property
    def events(self) -> list[ScoreEvent]:
        """Every event scored during play, in order."""
        return [e for t in self.turns for e in t.events]

    def supply(self, player: int) -> dict[FigureKind, int]:
        """The figures ``player`` has in supply now, by kind."""
        return dict(zip(self.figure_kinds, self._supply[player]))

    def _change_supply(self, player: int, kind: FigureKind, delta: int) -> None:
        column = self.figure_kinds.index(kind)
        row = self._supply[player]
        changed = (*row[:column], row[column] + delta, *row[column + 1 :])
        self._supply = (*self._supply[:player], changed, *self._supply[player + 1 :])

    @property
    def goods(self) -> list[Counter[Good]]:
        """Trade goods each player holds (collected during play, or given for a final board), as
        the rule module that keeps them holds them; none without one."""
        for module in self._holders:
            held = module.goods_held(self.state_of(module))
            if held is not None:
                return [Counter(h) for h in held]
        return [Counter() for _ in self.players]

    def state_of(self, module: RuleModule) -> object:
        """A rule module's own state now."""
        return self._states[self._modules.index(module)]

    def set_state(self, module: RuleModule, state: object) -> None:
        """Replace a rule module's state (a new value: the journal keeps the old one)."""
        at = self._modules.index(module)
        self._states = (*self._states[:at], state, *self._states[at + 1 :])

    @property
    def meeples_in_supply(self) -> list[int]:
        """Each player's (normal) meeples in supply."""
        return [row[0] for row in self._supply]

    @property
    def to_move(self) -> int | None:
        """Who lays the next tile by turn order (``None`` before the start tile)."""
        if not self.turns:
            return None
        return self._next_layer(self.turns[-1])

    def _next_layer(self, last: Turn) -> int:
        if last.layer is None:
            return 0
        if last.extra_tile:
            return last.layer
        return (last.layer + 1) % len(self.players)

    def layer_of(self, index: int) -> int | None:
        """Who laid placement ``index``."""
        return self.turns[index].layer

    @property
    def figures(self) -> tuple[Figure, ...]:
        """Every figure standing on the board, in the order their tiles were laid."""
        graph, tiles = self._graph, self.board.tiles
        out = []
        for node, (player, kind) in graph.figures.items():
            placed = tiles[graph.square[node]]
            index = graph.index[node]
            out.append(
                Figure(
                    player,
                    kind,
                    placed.square,
                    placed.orientation.place_of(index),
                    graph.spec[node].kind,
                    index,
                )
            )
        return tuple(sorted(out, key=lambda f: (tiles[f.square].index, f.index)))

    # -- legality ---------------------------------------------------------------------------

    def tile_type(self, name: str, index: int | None = None) -> TileType:
        try:
            return TILES[name]
        except (KeyError, TypeError):
            raise IllegalPlacementError(Rule.UNKNOWN_TILE, index=index, tile_name=str(name)[:40]) from None

    def check(self, placement: Placement) -> None:
        """Raise :class:`IllegalPlacementError` if ``placement`` breaks a rule; change nothing."""
        self.push(placement)
        self.pop()

    def is_legal(self, placement: Placement) -> bool:
        try:
            self.check(placement)
        except IllegalPlacementError:
            return False
        return True

    def legal_placements(self, tile: str | TileType) -> LegalPlacements:
        """Every square and rotation where ``tile`` may be laid now, as a lazy view."""
        tile = self.tile_type(tile) if isinstance(tile, str) else tile
        return LegalPlacements(self, tile)

    def figure_spots(self, placement: Placement | None = None, player: int | None = None) -> list[FigureSpot]:
        """Where a figure could go on ``placement``'s tile if it were laid so, one spot per figure
        kind and feature; illegal spots carry their :class:`Problem`.

        Without ``placement``: on the tile just laid, as if it had no figure yet. ``player``
        defaults to the tile's layer. Occupancy is judged before anything the tile completes is
        scored, as in play.
        """
        if placement is None:
            if not self.turns:
                return []
            turn = self.turns[-1]
            self.pop()
            try:
                return self.figure_spots(turn.placement.without_meeple().laid_by(turn.layer), player)
            finally:
                self.push(turn.placement)
        self.check(placement.without_meeple())
        layer = self._layer_for(placement, len(self.turns))
        owner = player if player is not None else (layer if layer is not None else 0)
        tile = self.tile_type(placement.tile)
        placed = self.board.place(tile, placement.square, placement.rotation)
        try:
            return self._spots_on(
                placed, lambda kind, index: self._figure_problem(placed, owner, kind, index)
            )
        finally:
            self.board.lift()

    def _spots_on(
        self, placed: PlacedTile, judge: Callable[[FigureKind, int], Problem | None]
    ) -> list[FigureSpot]:
        """A spot for each figure kind of the game and each feature of the tile it may stand on,
        with ``judge``'s reason when it may not."""
        orientation = placed.orientation
        return [
            FigureSpot(kind, orientation.place_of(index), spec.kind, index, orientation.anchors[index],
                       judge(kind, index))
            for kind in self.figure_kinds
            for index, spec in enumerate(placed.tile.features)
            if spec.kind in kind.stands_on
        ]  # fmt: skip

    def turn_at(self, square: Square) -> int | None:
        """The index of the turn that laid the tile on ``square``, or ``None`` if it is empty."""
        placed = self.board.tiles.get(square)
        return None if placed is None else placed.index

    def figure_spots_at(self, square: Square, player: int | None = None) -> list[FigureSpot]:
        """Where a figure could stand on the tile at ``square`` instead of the one it has now.

        In a game being played only the tile just laid may change (see :meth:`figure_spots`). On a
        finished board being copied (:attr:`Mode.FINAL`) any tile may, at any time: nothing but the
        figure's kind, the feature and the player's supply decide, as occupancy is not judged there.
        """
        index = self.turn_at(square)
        if index is None:
            return []
        if self.mode is not Mode.FINAL:
            return self.figure_spots(player=player) if index == len(self.turns) - 1 else []
        turn = self.turns[index]
        placed = self.board.tiles[square]
        owner = player if player is not None else (turn.layer if turn.layer is not None else 0)
        current = turn.placement.meeple
        supply = self.supply(owner)

        def judge(kind: FigureKind, index: int) -> Problem | None:
            left = supply[kind]
            if current is not None and current.player == owner and current.kind is kind:
                left += 1  # the figure there now would come off first
            if left > 0:
                return None
            return Problem(
                Rule.TOO_MANY_MEEPLES, {"player_name": self.players[owner].name, "figure": kind.value}
            )

        return self._spots_on(placed, judge)

    def recall_options(self, player: int | None = None) -> list[RecallOption]:
        """Figures that could be taken back with the tile just laid (instead of its figure), with
        what each would score; ``player`` defaults to the tile's layer."""
        if not self.turns or not self._recallers:
            return []
        turn = self.turns[-1]
        owner = player if player is not None else turn.layer
        if owner is None:
            return []
        self.pop()
        try:
            # Whoever takes a figure back laid the tile (a figure or recall is always the layer's).
            bare = turn.placement.without_meeple().laid_by(None)
            return [option for m in self._recallers for option in m.recall_options(self, bare, owner)]
        finally:
            self.push(turn.placement)

    def score_of(self, placement: Placement) -> tuple[ScoreEvent, ...]:
        """What ``placement`` would score now, without changing the game."""
        with self.preview(placement) as turn:
            return turn.events

    @contextmanager
    def preview(self, placement: Placement) -> Iterator[Turn]:
        """Lay ``placement`` for the duration of a ``with`` block, then take it back exactly."""
        self.push(placement)
        try:
            yield self.turns[-1]
        finally:
            self.pop()

    # -- playing ----------------------------------------------------------------------------

    def push(self, placement: Placement) -> tuple[ScoreEvent, ...]:
        """Lay a tile (and its figure, or recall an abbot), score what it completes; returns the
        events scored.

        :raises IllegalPlacementError: if the placement breaks a rule; nothing changes then.
        """
        turns = self.turns
        index = len(turns)
        tile = TILES.get(placement.tile) if isinstance(placement.tile, str) else None
        if tile is None:
            raise IllegalPlacementError(Rule.UNKNOWN_TILE, index=index, tile_name=str(placement.tile)[:40])
        where = {"index": index, "tile": tile.name, "x": placement.x, "y": placement.y}
        board = self.board
        # Supply is replaced, never changed in place, so keeping a reference is the snapshot.
        supply_before = self._supply
        scores_before = tuple(self.scores)
        states_before = self._states
        placed = board.lay(tile, placement.square, placement.rotation)
        if type(placed) is Problem:
            raise placed.error(**where)
        actions, layer = placement.actions, placement.player
        events: list[ScoreEvent] = []
        bonus = extra = False
        try:
            if not actions and (layer is None or 0 <= layer < len(self.players)):
                if layer is None:  # the common cases, kept quick
                    layer = self._next_layer(turns[-1]) if turns else None
            else:
                layer = self._layer_for(placement, index, where)
            if actions:
                meeple = self._check_actions(placement, where)
                if meeple is not None:
                    self._put_figure(placed, meeple, where)
            for module in self._followers:
                module.after_action(self, placed, placement, layer)
            if self.mode is Mode.REPLAY:
                if self._earners:
                    previous = turns[-1] if turns else None
                    bonus = previous is not None and previous.extra_tile and previous.layer == layer
                    if not bonus:
                        extra = any(m.earns_extra_tile(self, placed, layer) for m in self._earners)
                for module in self._preparers:
                    events += module.before_tile(self, placement, layer)
                events += self._score_completed(placed, layer)
                for module in self._after_scoring:
                    events += module.after_scoring(self, placement, where)
                scores = self.scores
                for event in events:
                    for player in event.winners:
                        scores[player] += event.points
        except IllegalPlacementError:
            board.lift()
            self._restore(supply_before, scores_before, states_before)
            raise
        collected = self._collected(layer, states_before) if self._states is not states_before else ()
        turn = Turn(
            placement,
            layer,
            tuple(events),
            extra,
            bonus,
            collected,
            supply_before,
            scores_before,
            states_before,
        )
        turns.append(turn)
        return turn.events

    def extend(self, placements: Iterable[Placement]) -> None:
        """Push every placement in order, stopping at the first that breaks a rule (which raises,
        leaving the ones before it laid).

        The cyclic garbage collector is paused meanwhile: a replay makes many small objects and no
        reference cycles, so the collector's passes are pure cost (a quarter of a whole replay).
        """
        with _collector_paused():
            for placement in placements:
                self.push(placement)

    def pop(self) -> Placement:
        """Undo the last placement exactly: tile, figure, points, figures and goods returned."""
        if not self.turns:
            raise IllegalPlacementError(Rule.NOTHING_TO_UNDO)
        turn = self.turns.pop()
        self.board.lift()
        self._restore(turn.supply_before, turn.scores_before, turn.states_before)
        return turn.placement

    def _restore(self, supply, scores, states) -> None:
        self._supply = supply
        self.scores = list(scores)
        self._states = states

    def _collected(self, layer: int | None, before: tuple[object, ...]) -> tuple[tuple[Good, int], ...]:
        """The goods ``layer`` took this turn (the states of the modules that keep goods compared)."""
        if layer is None:
            return ()
        taken: Counter[Good] = Counter()
        for module in self._holders:
            at = self._modules.index(module)
            now, then = module.goods_held(self._states[at]), module.goods_held(before[at])
            if now is not None and then is not None:
                taken.update({g: now[layer].get(g, 0) - then[layer].get(g, 0) for g in GOODS})
        return tuple((g, taken[g]) for g in GOODS if taken[g])

    def _layer_for(self, placement: Placement, index: int, where: dict | None = None) -> int | None:
        """Who lays ``placement``: as it says, else its figure's owner, else the turn order."""
        owner = placement.figure_owner
        if placement.player is not None:
            if not 0 <= placement.player < len(self.players):
                raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **(where or {}), player=placement.player)
            if owner is not None and owner != placement.player:
                raise IllegalPlacementError(
                    Rule.FIGURE_NOT_LAYER, **(where or {}), player=owner, layer=placement.player
                )
            return placement.player
        if owner is not None:
            return owner
        if index == 0:
            return None
        return self._next_layer(self.turns[index - 1])

    # -- figures ----------------------------------------------------------------------------

    def _feature_index(self, placed: PlacedTile, at: Place, kind: FigureKind) -> int | Problem:
        """Which feature of the tile a figure of ``kind`` at ``at`` stands on, or why none."""
        tile = placed.tile
        index = placed.orientation.feature_for(at, garden=FeatureKind.GARDEN in kind.stands_on)
        if index is None:
            if at is Place.C and tile.garden is not None:
                return Problem(Rule.GARDEN_ONLY_ABBOT)
            return Problem(Rule.NO_FEATURE_THERE, {"place": at.name})
        return index

    def _figure_problem(
        self, placed: PlacedTile, player: int, kind: FigureKind, index: int
    ) -> Problem | None:
        """Why ``player`` may not stand a ``kind`` on feature ``index`` of the tile just placed."""
        if kind not in self.figure_kinds:
            return Problem(Rule.FIGURE_NOT_IN_GAME, {"figure": kind.value})
        spec = placed.tile.features[index]
        if spec.kind not in kind.stands_on:
            if spec.kind is FeatureKind.GARDEN:
                return Problem(Rule.GARDEN_ONLY_ABBOT)
            return Problem(Rule.WRONG_FEATURE_FOR_FIGURE, {"figure": kind.value, "feature": spec.kind.value})
        graph = self._graph
        root = graph.find(placed.nodes[index])
        if self.mode is Mode.REPLAY:
            if kind.needs_own_figure:
                # A builder on a feature this very tile completes is legal: it just comes home
                # at the scoring, earning nothing.
                if not self._has_own_counting_figure(root, player):
                    return Problem(Rule.NEEDS_OWN_FIGURE, {"figure": kind.value, "feature": spec.kind.value})
            elif graph.occupancy[root] > 0:
                return Problem(Rule.FEATURE_OCCUPIED, {"feature": spec.kind.value})
        if self._supply[player][self.figure_kinds.index(kind)] <= 0:
            rule = Rule.NO_MEEPLE_LEFT if self.mode is Mode.REPLAY else Rule.TOO_MANY_MEEPLES
            return Problem(rule, {"player_name": self.players[player].name, "figure": kind.value})
        return None

    def _has_own_counting_figure(self, root: int, player: int) -> bool:
        return any(p == player and k.weight > 0 for _, p, k in self._graph.figures_on(root))

    def _put_figure(self, placed: PlacedTile, meeple: Meeple, where: dict) -> None:
        if not 0 <= meeple.player < len(self.players):
            raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=meeple.player)
        index = self._feature_index(placed, meeple.at, meeple.kind)
        if isinstance(index, Problem):
            raise index.error(**where)
        problem = self._figure_problem(placed, meeple.player, meeple.kind, index)
        if problem is not None:
            raise problem.error(**where)
        self._graph.put_figure(placed.nodes[index], meeple.player, meeple.kind)
        self._change_supply(meeple.player, meeple.kind, -1)

    def _return_figures(self, root: int) -> None:
        for _, player, kind in self._graph.take_figures(root):
            self._change_supply(player, kind, +1)

    def _check_actions(self, placement: Placement, where: dict) -> Meeple | None:
        """The turn's actions: one of them at most the layer's own choice, each of a kind this game
        has and its mode allows, of a player of the game; then their modules' own rules. Returns
        the figure to put on the tile, if any (the game's own business)."""
        meeple = None
        choices = 0
        for action in placement.actions:
            kind = kind_of(action)
            if kind.choice:
                choices += 1
                if choices > 1:
                    raise IllegalPlacementError(Rule.TWO_ACTIONS, **where)
            if type(action) is Meeple:
                meeple = action
                continue
            if self.mode is Mode.FINAL and kind.replay_only is not None:
                raise IllegalPlacementError(kind.replay_only, **where)
            player = getattr(action, "player", None)
            if player is not None and not 0 <= player < len(self.players):
                raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=player)
            if kind.expansion is not None and kind.expansion not in self.expansions:
                if kind.absent is not None:
                    raise kind.absent(self, action, where)
                raise IllegalPlacementError(Rule.ACTION_NOT_IN_GAME, **where, action=kind.field)
        if meeple is None or len(placement.actions) > 1:
            for module in self._actors:
                module.check_action(self, placement, where)
        return meeple

    # -- what rule modules may ask and do (named, instead of the feature graph) ----------------

    def group_of(self, node: int) -> int:
        """The feature (its root) that segment ``node`` belongs to now."""
        return self._graph.find(node)

    def goods_on(self, root: int) -> Counter[Good]:
        """The trade goods tokens on feature ``root``."""
        graph = self._graph
        spec = graph.spec
        return Counter(spec[m].good for m in graph.members(root) if spec[m].good is not None)

    def standing(
        self, *, player: int | None = None, kind: FigureKind | None = None
    ) -> list[tuple[int, Square, int, FigureKind]]:
        """``(node, square, player, kind)`` of every figure on the board (of ``player``, of
        ``kind`` if given), in segment order."""
        graph = self._graph
        return [
            (node, graph.square[node], who, what)
            for node, (who, what) in sorted(graph.figures.items())
            if (player is None or who == player) and (kind is None or what is kind)
        ]

    def node_of(self, square: Square, player: int, kind: FigureKind) -> int | None:
        """The segment of the tile on ``square`` where ``player``'s figure of ``kind`` stands."""
        placed = self.board.tiles.get(square)
        if placed is None:
            return None
        figures = self._graph.figures
        return next((node for node in placed.nodes if figures.get(node) == (player, kind)), None)

    def feature_kind_of(self, node: int) -> FeatureKind:
        return self._graph.spec[node].kind

    def enclosed_kind_on(self, square: Square) -> FeatureKind:
        """The kind of the cloister or garden on the tile at ``square``."""
        placed = self.board.tiles[square]
        return next(placed.tile.features[i].kind for i in placed.tile.enclosed)

    def unfinished_event(self, node: int, phase: Phase, index: int | None) -> ScoreEvent:
        """What the cloister or garden holding segment ``node`` scores as it stands, unfinished."""
        return scored.enclosure_event(self.board, self._graph, node, phase, index)

    def send_home(self, node: int) -> None:
        """Lift the figure on segment ``node`` back to its player's supply."""
        player, kind = self._graph.take_figure(node)
        self._change_supply(player, kind, +1)

    # -- scoring during play ----------------------------------------------------------------

    def _score_completed(self, placed: PlacedTile, layer: int | None) -> list[ScoreEvent]:
        board, graph = self.board, self._graph
        events: list[ScoreEvent] = []
        open_ends, closed, nodes = graph.open_ends, graph.closed, placed.nodes
        for index in placed.tile.closing:
            root = graph.find(nodes[index])
            if open_ends[root] != 0 or root in closed:
                continue  # open, or already scored (this turn through another of its pieces, or before)
            graph.close(root)
            for module in self._closers:
                module.completed(self, root, layer)
            if graph.occupancy[root]:
                events.append(scored.group_event(graph, root, Phase.PLAY, placed.index, self.rules))
                self._return_figures(root)
        enclosures = board.enclosures
        for square in board.enclosures_near(placed.square):
            if board.neighbours_present(square) != 8:
                continue
            for node in enclosures[square]:
                if node in closed:
                    continue
                graph.close(node)
                if graph.occupancy[node]:
                    events.append(scored.enclosure_event(board, graph, node, Phase.PLAY, placed.index))
                    self._return_figures(node)
        return events

    # -- the end ----------------------------------------------------------------------------

    def end_events(self) -> tuple[list[ScoreEvent], list[ScoreWarning]]:
        """What the game's end would score now: unfinished features, then farms, then what the
        expansions add (goods). Changes nothing."""
        graph = self._graph
        groups: dict[int, int] = {}
        for node in sorted(graph.figures):
            if graph.spec[node].kind is FeatureKind.FIELD:
                continue
            root = graph.find(node)
            if root not in groups:
                groups[root] = graph.first(root)
        events: list[ScoreEvent] = []
        warnings: list[ScoreWarning] = []
        for root in sorted(groups, key=groups.__getitem__):
            if graph.spec[root].kind.surrounded:
                event = scored.enclosure_event(self.board, graph, root, Phase.END, None)
            else:
                event = scored.group_event(graph, root, Phase.END, None, self.rules)
            if event.complete:
                warnings.append(ScoreWarning(WarningCode.COMPLETED_WITH_MEEPLES, event.feature, event.tiles))
            events.append(event)
        events += farming.farm_events(self.board, graph, self.rules.farmers)
        for module in self._enders:
            events += module.end_events(self)
        return events, warnings

    def farms(self) -> list[farming.Farm]:
        """Every field that holds farmers, with its majority and the completed cities it touches."""
        return farming.farms(self.board, self._graph)

    def report(self) -> ScoreReport:
        """The score if the game ended now: play events, end events, farms, goods, banked points."""
        end, warnings = self.end_events()
        return build_report(
            self.names,
            self.events + end,
            self.banked,
            warnings,
            goods=[{g: held[g] for g in Good} for held in self.goods] if self._holders else (),
            layers=[t.layer for t in self.turns],
        )

    def projected_scores(self) -> tuple[int, ...]:
        """Each player's total if the game ended now."""
        return self.report().totals

    # -- features ---------------------------------------------------------------------------

    def feature_at(
        self, square: Square, place: Place, *, figure: FigureKind = FigureKind.MEEPLE
    ) -> Feature | None:
        """The feature at ``place`` of the tile on ``square`` (as a figure of ``figure`` kind
        would take it: only an abbot reaches a garden), or ``None``."""
        placed = self.board.tiles.get(square)
        if placed is None:
            return None
        index = self._feature_index(placed, place, figure)
        if isinstance(index, Problem):
            if index.rule is Rule.GARDEN_ONLY_ABBOT and placed.tile.garden is not None:
                index = placed.tile.garden
            else:
                return None
        return self._feature(placed.nodes[index])

    def features_on(self, square: Square) -> tuple[Feature, ...]:
        """Every feature of the tile on ``square``, in the tile type's feature order."""
        placed = self.board.tiles.get(square)
        return tuple(self._feature(node) for node in placed.nodes) if placed else ()

    def _feature(self, node: int) -> Feature:
        graph, board = self._graph, self.board
        root = graph.find(node)
        kind = graph.spec[root].kind
        if kind is FeatureKind.FIELD:
            return self._field_feature(root)
        if kind.surrounded:
            event = scored.enclosure_event(board, graph, root, Phase.END, None)
        else:
            event = scored.group_event(graph, root, Phase.END, None, self.rules)
        complete = event.complete
        goods = Counter(graph.spec[m].good for m in graph.members(root) if graph.spec[m].good is not None)
        return Feature(
            kind=kind,
            squares=event.tiles if not kind.surrounded else (graph.square[root],),
            segments=event.segments,
            complete=complete,
            pennants=event.pennants,
            inn=event.inn,
            cathedral=event.cathedral,
            goods=dict(goods),
            figures=self._figures_of(root),
            points=self._points_now(event),
            scorers=event.winners,
        )

    def _points_now(self, event: ScoreEvent) -> int:
        if event.feature is not None and event.feature.closes and event.complete:
            return feature_points(
                event.feature,
                complete=True,
                tiles=len(event.tiles),
                pennants=event.pennants,
                rules=self.rules,
                inn=event.inn,
                cathedral=event.cathedral,
            )
        return event.points

    def _field_feature(self, root: int) -> Feature:
        graph = self._graph
        figures = scored.spots(graph, root)
        meeples = scored.counting(figures)
        winners = majority(meeples)
        cities = farming.completed_cities(self.board, graph, root)
        per_city = FARM_POINTS_PER_CITY[self.rules.farmers]
        pig = any(s.kind is FigureKind.PIG and s.player in winners for s in figures)
        return Feature(
            kind=FeatureKind.FIELD,
            squares=tuple(graph.tiles(root)),
            segments=graph.segments(root),
            complete=False,
            pennants=0,
            inn=False,
            cathedral=False,
            goods={},
            figures=self._figures_of(root),
            points=(per_city + (PIG_BONUS if pig else 0)) * len(cities) if winners else 0,
            scorers=winners,
        )

    def _figures_of(self, root: int) -> tuple[Figure, ...]:
        graph, tiles = self._graph, self.board.tiles
        out = []
        for node, player, kind in graph.figures_on(root):
            placed = tiles[graph.square[node]]
            index = graph.index[node]
            out.append(
                Figure(
                    player,
                    kind,
                    placed.square,
                    placed.orientation.place_of(index),
                    graph.spec[node].kind,
                    index,
                )
            )
        return tuple(out)

    # -- a finished board -------------------------------------------------------------------

    def final_problem(self) -> IllegalPlacementError | None:
        """For a final board: why the finished board as a whole is not a legal one, if it is not."""
        loose = self.board.disconnected()
        if loose is not None:
            return loose.refused(Rule.NOT_CONNECTED)
        for module in self._judges:
            problem = module.final_problem(self)
            if problem is not None:
                return problem
        graph = self._graph
        for node, (player, kind) in sorted(graph.figures.items()):
            if kind.needs_own_figure and not self._has_own_counting_figure(graph.find(node), player):
                return self.board.tiles[graph.square[node]].refused(
                    Rule.NEEDS_OWN_FIGURE, figure=kind.value, feature=graph.spec[node].kind.value
                )
        return None

    def state(self) -> tuple:
        """Everything the game holds, for comparing two games in tests."""
        return (
            self.players,
            self.rules,
            self.mode,
            tuple(tuple(row) for row in self._supply),
            tuple(self.scores),
            tuple(tuple(sorted(held.items())) for held in self.goods),
            tuple(self.turns),
            self.board.state(),
        )
