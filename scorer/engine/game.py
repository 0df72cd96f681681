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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from . import events as scored
from .actions import kind_of
from .board import Board, PlacedTile
from .errors import IllegalPlacementError, Problem, Rule, SetupError
from .expansions import RuleModule, overriding
from .figure_rules import feature_index, figure_problem, has_own_counting_figure, spots_on
from .figures import FigureKind, supply_for
from .placement import Figures, Meeple, Placement
from .places import Square
from .queries import FigureSpot, Player, RecallOption
from .rules import MIN_PLAYERS, Mode, Rules, max_players
from .scoring import (
    Phase,
    ScoreEvent,
    Spot,
)
from .tiles import GOODS, Expansion, Good
from .tilesets import TILES
from .view import GameView


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


class Game(GameView):
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
        extras: Mapping[str, object] | None = None,
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
        self._starters = overriding(modules, "start_turn")
        self._preparers = overriding(modules, "before_tile")
        self._earners = overriding(modules, "earns_extra_tile")
        self._actors = overriding(modules, "check_action")
        self._followers = overriding(modules, "after_action")
        self._closers = overriding(modules, "completed")
        self._visitors = overriding(modules, "visitors")
        self._after_scoring = overriding(modules, "after_scoring")
        self._enders = overriding(modules, "end_events")
        self._recallers = overriding(modules, "recall_options")
        self._holders = overriding(modules, "goods_held")
        self._judges = overriding(modules, "final_problem")
        self._offerers = overriding(modules, "options")
        self._owers = overriding(modules, "unfinished")
        self._barrers = overriding(modules, "figure_bar")
        self._followers_up = overriding(modules, "follow_ups")
        self._visiting_farms = overriding(modules, "farm_visitors")
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
        self.extras: Mapping[str, object] = dict(extras or {})
        """What a finished board says beyond its tiles, by board-file field (its modules' own:
        towers, prisoners...); each module reads its own in ``start``."""
        unknown = set(self.extras) - {name for m in modules for name in (*m.extra_fields, *m.replay_fields)}
        if unknown:
            raise SetupError(
                Rule.FIELD_NOT_IN_GAME, detail=f"{sorted(unknown)[0]!r} needs an expansion not in play"
            )
        self.turns: list[Turn] = []
        self._laid_by_nobody = len(self.board.opening) if self.mode is Mode.REPLAY else 1
        """How many tiles open the game, laid by nobody (the start tile; the City and the spring)."""
        self._states: tuple[object, ...] = ()
        self._states = tuple(module.start(self) for module in modules)

    def copy(self) -> Game:
        """An independent game in the same position, with the same history to undo: what-if
        questions are asked of a copy, and the game the caller holds never moves."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other._graph = other.board._graph
        other.scores = list(self.scores)
        other.turns = list(self.turns)
        return other

    # -- what changes -------------------------------------------------------------------------

    def _change_supply(self, player: int, kind: FigureKind, delta: int) -> None:
        column = self.figure_kinds.index(kind)
        row = self._supply[player]
        changed = (*row[:column], row[column] + delta, *row[column + 1 :])
        self._supply = (*self._supply[:player], changed, *self._supply[player + 1 :])

    def set_state(self, module: RuleModule, state: object) -> None:
        """Replace a rule module's state (a new value: the journal keeps the old one)."""
        at = self._modules.index(module)
        self._states = (*self._states[:at], state, *self._states[at + 1 :])

    # -- what-if questions: each on a try the journal takes back, or on a copy ------------------

    def check(self, placement: Placement) -> None:
        """Raise :class:`IllegalPlacementError` if ``placement`` breaks a rule; change nothing."""
        with self.preview(placement):
            pass

    def is_legal(self, placement: Placement) -> bool:
        try:
            self.check(placement)
        except IllegalPlacementError:
            return False
        return True

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
            before = self.before_last_turn()
            return before.figure_spots(turn.placement.without_meeple().laid_by(turn.layer), player)
        self.check(placement.without_meeple())
        layer = self._layer_for(placement, len(self.turns))
        owner = player if player is not None else (layer if layer is not None else 0)
        tile = self.tile_type(placement.tile)
        placed = self.board.place(tile, placement.square, placement.rotation)
        try:
            bar = self._figure_bar(placed) if self._barrers and self.mode is Mode.REPLAY else None
            return spots_on(
                self, placed, lambda kind, index: bar or figure_problem(self, placed, owner, kind, index)
            )
        finally:
            self.board.lift()

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

        return spots_on(self, placed, judge)

    def recall_options(self, player: int | None = None) -> list[RecallOption]:
        """Figures that could be taken back with the tile just laid (instead of its figure), with
        what each would score; ``player`` defaults to the tile's layer."""
        if not self.turns or not self._recallers:
            return []
        turn = self.turns[-1]
        owner = player if player is not None else turn.layer
        if owner is None:
            return []
        before = self.before_last_turn()
        # Whoever takes a figure back laid the tile (a figure or recall is always the layer's).
        bare = turn.placement.without_meeple().laid_by(None)
        return [option for m in self._recallers for option in m.recall_options(before, bare, owner)]

    @property
    def offers_actions(self) -> bool:
        """Whether an expansion in play offers actions of its own (see :meth:`action_options`)."""
        return bool(self._offerers)

    def action_options(self, placement: Placement, player: int | None = None) -> list[Any]:
        """The expansions' actions the rules let the layer take with ``placement``'s tile (a floor
        and what it may capture, a figure onto a tower, a ransom...), each tried on a copy: what
        the page offers, and what random games choose from. ``player``: who lays it (by default
        the turn order's layer)."""
        if not self._offerers or self.mode is not Mode.REPLAY:
            return []
        bare = placement.without_meeple().laid_by(player)
        probe = self.copy()
        probe.push(bare)
        layer = probe.turns[-1].layer
        if layer is None:
            return []
        offered = [action for m in self._offerers for action in m.options(probe, bare, layer)]
        probe.pop()
        return [action for action in offered if probe.is_legal(bare.with_action(action))]

    @property
    def offers_follow_ups(self) -> bool:
        """Whether an expansion in play has moves that follow an action (see :meth:`follow_ups`)."""
        return bool(self._followers_up)

    def follow_ups(self, placement: Placement, player: int | None = None) -> list[Any]:
        """What may follow ``placement``'s own action (the dragon's moves), each legal with it:
        asked once its action is chosen, since the action may change what follows (the fairy
        moved out of the dragon's way)."""
        if not self._followers_up or self.mode is not Mode.REPLAY:
            return []
        laid = placement.laid_by(player) if player is not None else placement
        probe = self.copy()
        probe.push(laid)
        layer = probe.turns[-1].layer
        if layer is None:
            return []
        offered = [action for m in self._followers_up for action in m.follow_ups(probe, laid, layer)]
        probe.pop()
        return [action for action in offered if probe.is_legal(laid.with_action(action))]

    def before_last_turn(self) -> Game:
        """A copy of the game as it was before its last turn (the game itself stays as it is)."""
        before = self.copy()
        before.pop()
        return before

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
        board = self.board
        if self._owers and turns and self.mode is Mode.REPLAY:
            owed = self.unfinished()
            if owed is not None:
                raise owed
        # Supply is replaced, never changed in place, so keeping a reference is the snapshot.
        supply_before = self._supply
        scores_before = tuple(self.scores)
        states_before = self._states
        placed = board.lay(tile, placement.square, placement.rotation)
        if type(placed) is Problem:
            raise placed.error(index=index, tile=tile.name, x=placement.x, y=placement.y)
        actions, layer = placement.actions, placement.player
        # Who and where, for a refusal or a module: made only when asked for (most turns never are).
        where: dict = {}
        if actions or layer is not None or self._after_scoring or self._preparers or self._starters:
            where = {"index": index, "tile": tile.name, "x": placement.x, "y": placement.y}
        events: list[ScoreEvent] = []
        bonus = extra = False
        try:
            if not actions and (layer is None or 0 <= layer < len(self.players)):
                if layer is None:  # the common cases, kept quick
                    layer = self._next_layer(turns[-1]) if index >= self._laid_by_nobody else None
            else:
                layer = self._layer_for(placement, index, where)
            # A figure alone, the common action, needs none of the other actions' checks.
            alone = actions[0] if len(actions) == 1 and type(actions[0]) is Meeple else None
            figures: tuple[Meeple, ...] = (alone,) if alone is not None else ()
            if actions and alone is None:
                figures = self._screen_actions(placement, where)
            # Steps 1-2, before the tile (the fairy's point, a ransom): a figure it frees may go
            # down this very turn, and the points are on the track at once (a ransom needs 3).
            paid = 0
            if (self._starters or self._preparers) and self.mode is Mode.REPLAY:
                for module in self._starters:
                    events += module.start_turn(self, placement, layer, where)
                    paid = self._pay(events, paid)
                for module in self._preparers:
                    events += module.before_tile(self, placement, layer, where)
                    paid = self._pay(events, paid)
            # Step 3: the tile extends what it extends as it is laid (a builder's second tile is
            # earned then, whatever the action and the dragon do to the builder afterwards).
            if self._earners and self.mode is Mode.REPLAY:
                previous = turns[-1] if turns else None
                bonus = previous is not None and previous.extra_tile and previous.layer == layer
                if not bonus:
                    extra = any(m.earns_extra_tile(self, placed, layer) for m in self._earners)
            if actions and alone is None:
                for module in self._actors:
                    module.check_action(self, placement, layer, where)
            if figures and self._barrers and self.mode is Mode.REPLAY:
                bar = self._figure_bar(placed)
                if bar is not None:
                    raise bar.error(**where)
            for figure in figures:
                self._put_figure(placed, figure, where)
            for module in self._followers:
                module.after_action(self, placed, placement, layer)
            if self.mode is Mode.REPLAY:
                scored = self._score_completed(placed, layer, placement, where)
                events += scored
                for module in self._after_scoring:
                    events += module.after_scoring(self, placement, layer, where, scored)
                self._pay(events, paid)
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

    def _pay(self, events: list[ScoreEvent], paid: int) -> int:
        """Put the points of ``events[paid:]`` on the score track; returns how many are paid."""
        scores = self.scores
        for event in events[paid:]:
            for player in event.winners:
                scores[player] += event.points
        return len(events)

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
        if index < self._laid_by_nobody:
            return None
        return self._next_layer(self.turns[index - 1])

    # -- figures ----------------------------------------------------------------------------

    def _put_figure(self, placed: PlacedTile, meeple: Meeple, where: dict) -> None:
        if not 0 <= meeple.player < len(self.players):
            raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=meeple.player)
        index = feature_index(placed, meeple.at, meeple.kind)
        if isinstance(index, Problem):
            raise index.error(**where)
        problem = figure_problem(self, placed, meeple.player, meeple.kind, index)
        if problem is not None:
            raise problem.error(**where)
        node = placed.nodes[index]
        if node in self._graph.figures:  # a second figure on the same piece (a finished board's)
            node = self._graph.add_twin(node)
        self._graph.put_figure(node, meeple.player, meeple.kind)
        self._change_supply(meeple.player, meeple.kind, -1)

    def _return_figures(self, root: int, visitors: tuple[Spot, ...] = ()) -> None:
        for _, player, kind in self._graph.take_figures(root):
            self._change_supply(player, kind, +1)
        for visitor in visitors:  # they go home with the others
            self._change_supply(visitor.player, visitor.kind, +1)

    def _screen_actions(self, placement: Placement, where: dict) -> tuple[Meeple, ...]:
        """The turn's actions, as far as any game judges them: one of them at most the layer's
        own choice, each of a kind this game has and its mode allows, of a player of the game
        (their modules' own rules come next). Returns the figures to put on the tile."""
        figures: tuple[Meeple, ...] = ()
        choices = 0
        for action in placement.actions:
            kind = kind_of(action)
            if kind.choice:
                choices += 1
                if choices > 1:
                    raise IllegalPlacementError(Rule.TWO_ACTIONS, **where)
            if type(action) is Meeple:
                figures = (action,)
                continue
            if type(action) is Figures:
                if self.mode is Mode.REPLAY:
                    raise IllegalPlacementError(Rule.TWO_ACTIONS, **where)
                figures = action.figures
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
        return figures

    # -- what rule modules may do (named, instead of the feature graph) ----------------------

    def send_home(self, node: int) -> None:
        """Lift the figure on segment ``node`` back to its player's supply."""
        player, kind = self._graph.take_figure(node)
        self._change_supply(player, kind, +1)

    def unfinished(self) -> IllegalPlacementError | None:
        """What the last turn still owes before the next tile may be laid (the dragon's steps),
        if anything; the game refuses the next tile until it is given."""
        for module in self._owers:
            owed = module.unfinished(self)
            if owed is not None:
                return owed
        return None

    def end_problem(self) -> IllegalPlacementError | None:
        """In a game being played: why what its file says of the end (the market) breaks the
        rules, if it does."""
        for module in self._modules:
            problem = module.end_problem(self)
            if problem is not None:
                return problem
        return None

    def _figure_bar(self, placed: PlacedTile) -> Problem | None:
        for module in self._barrers:
            bar = module.figure_bar(self, placed)
            if bar is not None:
                return bar
        return None

    def put_figure(self, placed: PlacedTile, meeple: Meeple, where: dict) -> None:
        """Stand ``meeple`` on the tile ``placed`` (any tile: a magic portal's figure), by the
        rules of its kind; refused as the figure on the tile just laid would be."""
        self._put_figure(placed, meeple, where)

    def evict(self, square: Square) -> None:
        """Every figure the modules stand on ``square`` off its tile goes home (a tower's top)."""
        for module in self._modules:
            module.evict(self, square)

    def lift_figure(self, node: int) -> tuple[int, FigureKind]:
        """Lift the figure on segment ``node`` off the board, not into any supply (a prisoner);
        returns whose and which it is."""
        return self._graph.take_figure(node)

    def take_from_supply(self, player: int, kind: FigureKind, where: Mapping | None = None) -> None:
        """One of ``player``'s figures of ``kind`` leaves their supply (onto a tower, into a jail);
        refused when they have none left."""
        if self._supply[player][self.figure_kinds.index(kind)] <= 0:
            rule = Rule.NO_MEEPLE_LEFT if self.mode is Mode.REPLAY else Rule.TOO_MANY_MEEPLES
            raise IllegalPlacementError(
                rule, **(where or {}), player_name=self.players[player].name, figure=kind.value
            )
        self._change_supply(player, kind, -1)

    def return_to_supply(self, player: int, kind: FigureKind) -> None:
        """One of ``player``'s figures of ``kind`` comes back to their supply."""
        self._change_supply(player, kind, +1)

    def send_home_stranded(self, root: int) -> None:
        """A builder or pig on feature ``root`` whose player has no follower left there goes home
        (the rules' "after every step", once a figure has left a feature)."""
        root = self._graph.find(root)
        for node, player, kind in list(self._graph.figures_on(root)):
            if kind.needs_own_figure and not has_own_counting_figure(self, root, player):
                self.send_home(node)

    # -- scoring during play ----------------------------------------------------------------

    def completing(self, placed: PlacedTile) -> list[int]:
        """The features laying ``placed`` completes, in the order they are scored: its roads and
        cities (by group root), then the cloisters and gardens it surrounds (by segment)."""
        board, graph = self.board, self._graph
        found: list[int] = []
        open_ends, closed, nodes = graph.open_ends, graph.closed, placed.nodes
        for index in placed.tile.closing:
            root = graph.find(nodes[index])
            if open_ends[root] == 0 and root not in closed and root not in found:
                found.append(root)
        enclosures = board.enclosures
        for square in board.enclosures_near(placed.square):
            if board.neighbours_present(square) == 8:
                found += [node for node in enclosures[square] if node not in closed]
        return found

    def _score_completed(
        self, placed: PlacedTile, layer: int | None, placement: Placement, where: dict
    ) -> list[ScoreEvent]:
        board, graph = self.board, self._graph
        events: list[ScoreEvent] = []
        open_ends, closed, nodes = graph.open_ends, graph.closed, placed.nodes
        visiting = self._visitors
        for index in placed.tile.closing:
            root = graph.find(nodes[index])
            if open_ends[root] != 0 or root in closed:
                continue  # open, or already scored (this turn through another of its pieces, or before)
            graph.close(root)
            for module in self._closers:
                module.completed(self, root, layer)
            visitors = self._visitors_of(placement, root, where) if visiting else ()
            if graph.occupancy[root] or visitors:
                events.append(scored.group_event(graph, root, Phase.PLAY, placed.index, self.rules, visitors))
                self._return_figures(root, visitors)
        enclosures = board.enclosures
        for square in board.enclosures_near(placed.square):
            if board.neighbours_present(square) != 8:
                continue
            for node in enclosures[square]:
                if node in closed:
                    continue
                graph.close(node)
                visitors = self._visitors_of(placement, node, where) if visiting else ()
                if graph.occupancy[node] or visitors:
                    events.append(
                        scored.enclosure_event(board, graph, node, Phase.PLAY, placed.index, visitors)
                    )
                    self._return_figures(node, visitors)
        return events

    def _visitors_of(self, placement: Placement, root: int, where: dict) -> tuple[Spot, ...]:
        return tuple(spot for m in self._visitors for spot in m.visitors(self, placement, root, where))
