"""A game's position, read only: the queries every caller asks (:class:`GameView`).

:class:`~.game.Game` is a ``GameView`` that also moves on (``push``, ``pop``): what is here never
changes anything, so a caller holding a view knows asking cannot move the game. What-if questions
(``is_legal``, ``figure_spots``, ``score_of``) are the game's: each lays a tile on a try that the
journal takes back exactly, or asks a copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import events as scored
from . import farms as farming
from .errors import IllegalPlacementError, Problem, Rule
from .figure_rules import feature_index, has_own_counting_figure
from .figures import Figure, FigureKind, majority
from .placement import Placement
from .places import Place, Square
from .queries import Feature, HeldFigure, LegalPlacements, Piece, Player
from .rules import Mode, Rules
from .scoring import (
    BASE_CATEGORIES,
    FARM_POINTS_PER_CITY,
    PIG_BONUS,
    Category,
    Phase,
    ScoreEvent,
    ScoreReport,
    ScoreWarning,
    Spot,
    WarningCode,
    build_report,
    feature_points,
)
from .tiles import Expansion, FeatureKind, Good, TileType
from .tilesets import TILES

if TYPE_CHECKING:
    from .board import Board
    from .expansions import RuleModule
    from .features import FeatureGraph
    from .game import Turn


class GameView:
    """The queries of a game's position; :class:`~.game.Game` sets up what they read."""

    players: tuple[Player, ...]
    rules: Rules
    mode: Mode
    board: Board
    _graph: FeatureGraph
    _modules: tuple[RuleModule, ...]
    _enders: tuple[RuleModule, ...]
    _holders: tuple[RuleModule, ...]
    _judges: tuple[RuleModule, ...]
    _visiting_farms: tuple[RuleModule, ...]
    _laid_by_nobody: int
    extras: Mapping[str, object]
    figure_kinds: tuple[FigureKind, ...]
    _supply: tuple[tuple[int, ...], ...]
    banked: tuple[int, ...]
    scores: list[int]
    given_goods: tuple[dict[Good, int], ...]
    turns: list[Turn]
    _states: tuple[object, ...]

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

    @property
    def meeples_in_supply(self) -> list[int]:
        """Each player's (normal) meeples in supply."""
        return [row[0] for row in self._supply]

    @property
    def to_move(self) -> int | None:
        """Who lays the next tile by turn order (``None`` before the start tile and while the
        tiles that open the game are laid)."""
        if len(self.turns) < self._laid_by_nobody:
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

    def pieces(self) -> list[Piece]:
        """What the expansions stand on the squares besides the figures (towers, ...)."""
        return [piece for module in self._modules for piece in module.pieces(self)]  # type: ignore[arg-type]

    def held(self) -> list[HeldFigure]:
        """Figures held off the board by another player (prisoners)."""
        return [figure for module in self._modules for figure in module.held(self)]  # type: ignore[arg-type]

    def tile_type(self, name: str, index: int | None = None) -> TileType:
        try:
            return TILES[name]
        except (KeyError, TypeError):
            raise IllegalPlacementError(Rule.UNKNOWN_TILE, index=index, tile_name=str(name)[:40]) from None

    def legal_placements(self, tile: str | TileType) -> LegalPlacements:
        """Every square and rotation where ``tile`` may be laid now, as a lazy view."""
        tile = self.tile_type(tile) if isinstance(tile, str) else tile
        return LegalPlacements(self, tile)

    def turn_at(self, square: Square) -> int | None:
        """The index of the turn that laid the tile on ``square``, or ``None`` if it is empty."""
        placed = self.board.tiles.get(square)
        return None if placed is None else placed.index

    # -- what rule modules may ask (named, instead of the feature graph) ---------------------

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

    def index_of(self, node: int) -> int:
        """The index, among its tile's features, of the feature segment ``node`` is a piece of."""
        return self._graph.index[node]

    def figure_on(self, node: int) -> tuple[int, FigureKind] | None:
        """Whose figure stands on segment ``node``, and which, if any."""
        return self._graph.figures.get(node)

    def feature_kind_of(self, node: int) -> FeatureKind:
        return self._graph.spec[node].kind

    def enclosed_kind_on(self, square: Square) -> FeatureKind:
        """The kind of the cloister or garden on the tile at ``square``."""
        placed = self.board.tiles[square]
        return next(placed.tile.features[i].kind for i in placed.tile.enclosed)

    def unfinished_event(self, node: int, phase: Phase, index: int | None) -> ScoreEvent:
        """What the cloister or garden holding segment ``node`` scores as it stands, unfinished."""
        return scored.enclosure_event(self.board, self._graph, node, phase, index)

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
        events += farming.farm_events(self.board, graph, self.rules.farmers, self._farm_visitors())
        for module in self._enders:
            events += module.end_events(self)
        return events, warnings

    def farms(self) -> list[farming.Farm]:
        """Every field that holds farmers, with its majority and the completed cities it touches."""
        return farming.farms(self.board, self._graph, self._farm_visitors())

    def _farm_visitors(self) -> list[tuple[int, Spot]]:
        """Followers that join fields for the farms' scoring only (the market's)."""
        return [v for module in self._visiting_farms for v in module.farm_visitors(self)]

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
            columns=self.report_columns,
        )

    @property
    def report_columns(self) -> tuple[Category, ...]:
        """The categories of this game's reports: the base game's, then its modules' own."""
        extra = [c for m in self._modules for c in m.categories]
        return BASE_CATEGORIES + tuple(dict.fromkeys(c for c in extra if c not in BASE_CATEGORIES))

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
        index = feature_index(placed, place, figure)
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
            if kind.needs_own_figure and not has_own_counting_figure(self, graph.find(node), player):
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
            self._states,
        )
