"""The Count of Carcassonne (board-format.md, "More expansions"): the City as the start, its four
quarters, and followers who step out of them to score.

- The City's 12 tiles open the game, each on its own square at rotation 0 (:meth:`Count.opening`,
  the laying hooks), before the River's spring; they are laid by nobody.
- A layer whose turn's scoring paid others and not them may put a follower into a quarter, and
  move the Count (:class:`EnterQuarter`, step 7).
- Just before a road, city or cloister the turn completes is scored, followers may step out of
  the matching quarter onto it (:class:`StepOut`, step 6; :meth:`Count.visitors`); never out of
  the quarter where the Count stands.
- At the end, followers in the market may move onto fields before the farms are scored (the
  game's top-level ``market``; :meth:`Count.farm_visitors`).
- For the farms the City is one more completed city (:mod:`..farms`, from the tile data).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import ActionKind, ReadContext, Step, register
from ..errors import BoardFileError, IllegalPlacementError, NotationError, Problem, Rule
from ..figure_refs import REF_TEXT, FigureRef, figure_kind, parse_ref, read_kind, read_player, read_ref
from ..figure_rules import feature_index
from ..figures import FigureKind
from ..places import Place, Square
from ..rules import Mode
from ..scoring import Category, Phase, Spot
from ..tiles import Expansion, FeatureKind, Orientation, TileType
from ..tilesets.count import CITY_SQUARES, COUNT_TILES
from . import RuleModule

if TYPE_CHECKING:
    from ..board import Board, PlacedTile
    from ..game import Game
    from ..placement import Placement
    from ..scoring import ScoreEvent
    from ..view import GameView


class Quarter(StrEnum):
    """The four quarters of the City of Carcassonne, as the board file names them."""

    CASTLE = "castle"
    MARKET = "market"
    BLACKSMITH = "blacksmith"
    CATHEDRAL = "cathedral"


QUARTERS: tuple[Quarter, ...] = tuple(Quarter)
QUARTER_FOR: dict[FeatureKind, Quarter] = {
    FeatureKind.ROAD: Quarter.BLACKSMITH,
    FeatureKind.CITY: Quarter.CASTLE,
    FeatureKind.CLOISTER: Quarter.CATHEDRAL,
}
"""The quarter whose followers may step out onto a completed feature of each kind."""
RESIDENTS = (FigureKind.MEEPLE, FigureKind.BIG)
"""The figures that may go into a quarter."""
CITY_NAMES = frozenset(t.name for t in COUNT_TILES)


class Resident(NamedTuple):
    """A follower in one of the City's quarters."""

    player: int
    quarter: Quarter
    kind: FigureKind = FigureKind.MEEPLE

    def as_json(self) -> dict[str, Any]:
        written: dict[str, Any] = {"player": self.player, "quarter": self.quarter.value}
        if self.kind is not FigureKind.MEEPLE:
            written["kind"] = self.kind.value
        return written


class City(NamedTuple):
    """The module's state: who is in which quarter, and where the Count stands. Replaced, never
    edited."""

    residents: tuple[Resident, ...] = ()
    count: Quarter = Quarter.CASTLE

    def with_resident(self, resident: Resident) -> City:
        return self._replace(residents=tuple(sorted((*self.residents, resident))))

    def without_resident(self, resident: Resident) -> City:
        at = self.residents.index(resident)
        return self._replace(residents=self.residents[:at] + self.residents[at + 1 :])

    def in_quarter(self, quarter: Quarter) -> list[Resident]:
        return [r for r in self.residents if r.quarter is quarter]


class StepOutChoice(NamedTuple):
    """A feature about to be scored, and who could step out of the City onto it."""

    root: int
    feature: FeatureKind
    quarter: Quarter
    square: Square
    at: Place
    """A place of the feature (on the tile just laid when it has a piece of it)."""
    residents: tuple[Resident, ...]
    """One per player and kind in the matching quarter; none while the Count stands there."""

    def ref(self, resident: Resident) -> FigureRef:
        return FigureRef(resident.player, self.square[0], self.square[1], self.at, resident.kind)


class StepOut(NamedTuple):
    """Followers stepping out of the City onto the features this turn completes, just before each
    is scored: each a figure reference of the place it goes to (its quarter follows from the
    feature), in the order the features are scored."""

    followers: tuple[FigureRef, ...]

    field = "from_city"

    def __str__(self) -> str:
        return "from_city=" + ">".join(str(ref) for ref in self.followers)


class EnterQuarter(NamedTuple):
    """One of the layer's followers goes into a quarter after the turn's scoring; the Count may
    move (``count``: the quarter it moves to; ``None``: it stays)."""

    quarter: Quarter
    kind: FigureKind = FigureKind.MEEPLE
    count: Quarter | None = None

    field = "quarter"

    def __str__(self) -> str:
        kind = "" if self.kind is FigureKind.MEEPLE else f"+{self.kind.value}"
        count = f",count={self.count.value}" if self.count is not None else ""
        return f"quarter={self.quarter.value}{kind}{count}"


# -- text and board-file forms ---------------------------------------------------------------------

_QUARTER_TEXT = re.compile(r"quarter=(?P<to>[a-z]+)(?:\+(?P<kind>[a-z]+))?(?:,count=(?P<count>[a-z]+))?")
_QUARTER_NAMES = {q.value: q for q in Quarter}


def _quarter_named(name: str | None, token: str) -> Quarter:
    quarter = _QUARTER_NAMES.get(name or "")
    if quarter is None:
        raise NotationError(Rule.BAD_NOTATION, text=token, detail=f"there is no quarter {name!r}")
    return quarter


def _parse_step_out(token: str) -> StepOut | None:
    if not token.startswith("from_city="):
        return None
    body = token[len("from_city=") :]
    refs = []
    for part in body.split(">") if body else ():
        if re.fullmatch(REF_TEXT, part) is None:
            raise NotationError(
                Rule.BAD_NOTATION,
                text=token,
                detail="followers out of the City are from_city=P@X,Y/PLACE>...",
            )
        ref = parse_ref(part, token)
        if ref.on_top:
            raise NotationError(Rule.BAD_NOTATION, text=token, detail="a follower steps out onto a tile")
        refs.append(ref)
    return StepOut(tuple(refs))


def _parse_enter(token: str) -> EnterQuarter | None:
    if not token.startswith("quarter="):
        return None
    match = _QUARTER_TEXT.fullmatch(token)
    if match is None:
        raise NotationError(
            Rule.BAD_NOTATION, text=token, detail="a quarter is quarter=NAME[+kind][,count=NAME]"
        )
    count = _quarter_named(match["count"], token) if match["count"] else None
    return EnterQuarter(_quarter_named(match["to"], token), figure_kind(match["kind"], token), count)


def _read_quarter_name(raw: Any, context: ReadContext, what: str) -> Quarter:
    quarter = _QUARTER_NAMES.get(raw) if type(raw) is str else None
    if quarter is None:
        raise BoardFileError(
            Rule.BAD_QUARTER, **context.where, problem="name",
            detail=f"{what} must be one of castle, market, blacksmith, cathedral",
        )  # fmt: skip
    return quarter


def _read_step_out(raw: Any, context: ReadContext) -> StepOut:
    if not isinstance(raw, list) or len(raw) > 64:
        raise BoardFileError(
            Rule.BAD_PLACEMENT, **context.where, detail="from_city must be a list of figures"
        )
    refs = tuple(read_ref(item, context) for item in raw)
    if any(ref.on_top for ref in refs):
        raise BoardFileError(Rule.BAD_PLACEMENT, **context.where, detail="a follower steps out onto a tile")
    return StepOut(refs)


def _read_enter(raw: Any, context: ReadContext) -> EnterQuarter:
    if not isinstance(raw, dict):
        raise BoardFileError(
            Rule.BAD_PLACEMENT, **context.where, detail='quarter must be {"kind", "to", "count"}'
        )
    count = raw.get("count")
    return EnterQuarter(
        _read_quarter_name(raw.get("to"), context, "to"),
        read_kind(raw, context),
        _read_quarter_name(count, context, "count") if count is not None else None,
    )


def _write_enter(enter: EnterQuarter) -> dict[str, Any]:
    written: dict[str, Any] = {"kind": enter.kind.value, "to": enter.quarter.value}
    if enter.count is not None:
        written["count"] = enter.count.value
    return written


STEP_OUT = register(
    ActionKind(
        "from_city", Step.SCORING, False, _parse_step_out, _read_step_out,
        lambda step: [ref.as_json() for ref in step.followers],
        expansion=Expansion.COUNT, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip
ENTER_QUARTER = register(
    ActionKind(
        "quarter", Step.AFTER_SCORING, False, _parse_enter, _read_enter, _write_enter,
        expansion=Expansion.COUNT, replay_only=Rule.ACTION_IN_FINAL,
    )
)  # fmt: skip


# -- the module ------------------------------------------------------------------------------------


def _refuse(rule: Rule, where: dict, problem: str, **facts: object) -> IllegalPlacementError:
    return IllegalPlacementError(rule, **where, problem=problem, **facts)


class Count(RuleModule):
    expansion = Expansion.COUNT
    categories = (Category.FAIRY, Category.RANSOM)  # both, as in every game of the new boxes
    extra_fields = ("quarters", "count")
    replay_fields = ("market",)
    opens_first = True
    opening_rule = Rule.BAD_START

    # -- state -----------------------------------------------------------------------------------

    def start(self, game: Game) -> City:
        residents = tuple(sorted(game.extras.get("quarters", ())))  # type: ignore[call-overload]
        for resident in residents:
            if resident.kind not in game.figure_kinds:
                raise IllegalPlacementError(Rule.FIGURE_NOT_IN_GAME, figure=resident.kind.value)
            game.take_from_supply(resident.player, resident.kind)
        return City(residents, game.extras.get("count", Quarter.CASTLE))  # type: ignore[arg-type]

    def state(self, game: GameView) -> City:
        return game.state_of(self)  # type: ignore[return-value]

    # -- the start: the City, each tile on its square ----------------------------------------------

    def opening(self) -> tuple[TileType, ...]:
        return COUNT_TILES

    def opening_squares(self) -> dict[str, Square]:
        return dict(CITY_SQUARES)

    def constrains(self, board: Board, state: object, tile: TileType) -> bool:
        return tile.city_of_carcassonne

    def tiles_constrained(self, board: Board, state: object) -> frozenset[str]:
        return CITY_NAMES

    def laying_problem(
        self, board: Board, state: object, orientation: Orientation, square: Square
    ) -> Problem | None:
        tile = orientation.tile
        if not tile.city_of_carcassonne:
            return None
        return city_tile_problem(tile, square, orientation.rotation)

    def bound_square(self, board: Board, state: object) -> Square | None:
        if len(board.tiles) < len(COUNT_TILES):
            return CITY_SQUARES[COUNT_TILES[len(board.tiles)].name]
        return None

    def laying_over(self, board: Board, state: object) -> bool:
        return all(board.supply.get(name, 0) == 0 for name in CITY_NAMES)

    def after_action(self, game: Game, placed: PlacedTile, placement: Placement, layer: int | None) -> None:
        if placed.tile.city_of_carcassonne and game.mode is Mode.FINAL:
            problem = city_tile_problem(placed.tile, placed.square, placed.orientation.rotation)
            if problem is not None:
                raise problem.error(
                    index=placed.index, tile=placed.tile.name, x=placed.square[0], y=placed.square[1]
                )

    def figure_bar(self, game: GameView, placed: PlacedTile) -> Problem | None:
        """Nobody puts a figure on a City tile as it is laid (it is laid by nobody): its outer
        features are reached through a magic portal or from a quarter."""
        return Problem(Rule.BAD_START, {"problem": "figure"}) if placed.tile.city_of_carcassonne else None

    # -- step 6: followers out of the City -----------------------------------------------------------

    def check_action(self, game: Game, placement: Placement, layer: int | None, where: dict) -> None:
        steps = [a for a in placement.actions if type(a) is StepOut]
        enters = [a for a in placement.actions if type(a) is EnterQuarter]
        if len(steps) > 1:
            raise _refuse(Rule.BAD_FROM_CITY, where, "twice")
        if len(enters) > 1:
            raise _refuse(Rule.BAD_QUARTER, where, "once")
        if enters and enters[0].kind not in RESIDENTS:
            raise _refuse(Rule.BAD_QUARTER, where, "kind", figure=enters[0].kind.value)
        if not steps:
            return
        state = self.state(game)
        completing = game.completing(game.board.tiles[placement.square])
        wanted: Counter[Resident] = Counter()
        seen: set[tuple[int, int]] = set()
        for ref in steps[0].followers:
            at = {"at_x": ref.x, "at_y": ref.y}
            if not 0 <= ref.player < len(game.players):
                raise IllegalPlacementError(Rule.UNKNOWN_PLAYER, **where, player=ref.player)
            node = self.node_at(game, ref)
            if node is None:
                raise _refuse(Rule.BAD_FROM_CITY, where, "no_feature", **at)
            quarter = QUARTER_FOR.get(game.feature_kind_of(node))
            root = game.group_of(node)
            if quarter is None or root not in completing:
                raise _refuse(Rule.BAD_FROM_CITY, where, "not_completed", **at)
            if quarter is state.count:
                raise _refuse(Rule.BAD_FROM_CITY, where, "count", quarter=quarter.value)
            if (ref.player, root) in seen:
                raise _refuse(Rule.BAD_FROM_CITY, where, "twice_on_feature", **at)
            seen.add((ref.player, root))
            resident = Resident(ref.player, quarter, ref.kind)
            wanted[resident] += 1
            if wanted[resident] > state.residents.count(resident):
                raise _refuse(
                    Rule.BAD_FROM_CITY, where, "not_there",
                    player_name=game.players[ref.player].name, quarter=quarter.value, figure=ref.kind.value,
                )  # fmt: skip

    @staticmethod
    def node_at(game: GameView, ref: FigureRef) -> int | None:
        """The segment a figure named by ``ref`` would stand on (on a tile), if there is one."""
        placed = game.board.tiles.get(ref.square)
        if placed is None or ref.on_top:
            return None
        index = feature_index(placed, ref.at, ref.kind)  # type: ignore[arg-type]
        return placed.nodes[index] if isinstance(index, int) else None

    def visitors(self, game: Game, placement: Placement, root: int, where: dict) -> tuple[Spot, ...]:
        steps = next((a for a in placement.actions if type(a) is StepOut), None)
        if steps is None:
            return ()
        state = self.state(game)
        joining = []
        for ref in steps.followers:
            node = self.node_at(game, ref)
            if node is None or game.group_of(node) != game.group_of(root):
                continue
            quarter = QUARTER_FOR[game.feature_kind_of(node)]
            state = state.without_resident(Resident(ref.player, quarter, ref.kind))
            joining.append(Spot(ref.square, game.index_of(node), ref.player, ref.kind))
        if joining:
            game.set_state(self, state)
        return tuple(joining)

    # -- step 7: into a quarter ----------------------------------------------------------------------

    def after_scoring(
        self, game: Game, placement: Placement, layer: int | None, where: dict, scored: Sequence[ScoreEvent]
    ) -> list[ScoreEvent]:
        enter = next((a for a in placement.actions if type(a) is EnterQuarter), None)
        if enter is None:
            return []
        if layer is None:
            raise _refuse(Rule.BAD_QUARTER, where, "no_layer")
        if not may_enter(scored, layer):
            raise _refuse(Rule.BAD_QUARTER, where, "no_right", player_name=game.players[layer].name)
        if game.supply(layer).get(enter.kind, 0) <= 0:
            raise _refuse(
                Rule.BAD_QUARTER,
                where,
                "no_figure",
                player_name=game.players[layer].name,
                figure=enter.kind.value,
            )
        game.take_from_supply(layer, enter.kind, where)
        state = self.state(game).with_resident(Resident(layer, enter.quarter, enter.kind))
        if enter.count is not None:
            state = state._replace(count=enter.count)
        game.set_state(self, state)
        return []

    # -- the end: the market -------------------------------------------------------------------------

    def farm_visitors(self, game: GameView) -> list[tuple[int, Spot]]:
        """The followers the market sends onto fields just before the farms are scored, each with
        the segment it joins (none while the board file's ``market`` breaks the rules)."""
        market = game.extras.get("market", ())
        if not market or self.market_problem(game) is not None:
            return []
        found = []
        for ref in market:  # type: ignore[attr-defined]
            node = self.node_at(game, ref)
            assert node is not None
            found.append((node, Spot(ref.square, game.index_of(node), ref.player, ref.kind)))
        return found

    def market_problem(self, game: GameView) -> IllegalPlacementError | None:
        """Why the board file's ``market`` breaks the rules at the end of the game, if it does."""
        market: tuple[FigureRef, ...] = tuple(game.extras.get("market", ()))  # type: ignore[call-overload]
        if not market:
            return None
        state = self.state(game)
        if state.count is Quarter.MARKET:
            return IllegalPlacementError(Rule.BAD_MARKET, problem="count")
        wanted: Counter[Resident] = Counter()
        for ref in market:
            at = {"at_x": ref.x, "at_y": ref.y}
            node = self.node_at(game, ref)
            if node is None or game.feature_kind_of(node) is not FeatureKind.FIELD:
                return IllegalPlacementError(Rule.BAD_MARKET, problem="not_field", **at)
            resident = Resident(ref.player, Quarter.MARKET, ref.kind)
            wanted[resident] += 1
            if not 0 <= ref.player < len(game.players) or wanted[resident] > state.residents.count(resident):
                name = (
                    game.players[ref.player].name if 0 <= ref.player < len(game.players) else str(ref.player)
                )
                return IllegalPlacementError(
                    Rule.BAD_MARKET, problem="not_there", player_name=name, figure=ref.kind.value
                )
        return None

    def end_problem(self, game: GameView) -> IllegalPlacementError | None:
        return self.market_problem(game)

    # -- a finished board ----------------------------------------------------------------------------

    def final_problem(self, game: Game) -> IllegalPlacementError | None:
        laid = {p.tile.name for p in game.board.tiles.values()}
        missing = [t.name for t in COUNT_TILES if t.name not in laid]
        if missing:
            return IllegalPlacementError(Rule.BAD_START, problem="missing", tile_name=missing[0])
        return None

    def read_extra(self, name: str, raw: Any, context: ReadContext) -> object:
        if name == "count":
            return _read_quarter_name(raw, context, '"count"')
        if name == "quarters":
            if not isinstance(raw, list) or len(raw) > 64:
                raise BoardFileError(Rule.BAD_FILE, detail='"quarters" must be a list of followers')
            residents = []
            for item in raw:
                if not isinstance(item, dict):
                    raise BoardFileError(
                        Rule.BAD_FILE, detail='each of "quarters" is {"player", "quarter", "kind"}'
                    )
                kind = read_kind(item, context)
                if kind not in RESIDENTS:
                    raise BoardFileError(Rule.BAD_QUARTER, problem="kind", figure=kind.value)
                residents.append(
                    Resident(
                        read_player(item, context),
                        _read_quarter_name(item.get("quarter"), context, "quarter"),
                        kind,
                    )
                )
            return tuple(residents)
        # market: figure references of fields
        if not isinstance(raw, list) or len(raw) > 64:
            raise BoardFileError(Rule.BAD_FILE, detail='"market" must be a list of figures')
        refs = tuple(read_ref(item, context) for item in raw)
        if any(ref.on_top or ref.kind not in RESIDENTS for ref in refs):
            raise BoardFileError(
                Rule.BAD_FILE, detail="a follower from the market goes onto a field of a tile"
            )
        return refs

    def final_extras(self, game: Game) -> dict[str, object]:
        state = self.state(game)
        residents = list(state.residents)
        for _, spot in self.farm_visitors(game):
            residents.remove(Resident(spot.player, Quarter.MARKET, spot.kind))
        extras: dict[str, object] = {}
        if residents:
            extras["quarters"] = tuple(residents)
        if state.count is not Quarter.CASTLE:
            extras["count"] = state.count
        return extras

    def write_extras(self, game: Game) -> dict[str, Any]:
        state = self.state(game)
        written: dict[str, Any] = {}
        if state.residents:
            written["quarters"] = [r.as_json() for r in state.residents]
        if state.count is not Quarter.CASTLE:
            written["count"] = state.count.value
        return written

    def write_replay_extras(self, game: Game) -> dict[str, Any]:
        market = game.extras.get("market", ())
        return {"market": [ref.as_json() for ref in market]} if market else {}  # type: ignore[attr-defined]

    # -- what a page offers --------------------------------------------------------------------------

    def step_outs(self, game: Game, placement: Placement) -> list[StepOutChoice]:
        """For each road, city or cloister that laying ``placement``'s tile would complete (asked of
        the game before it), in the order they would be scored: the followers that could step
        out of the matching quarter onto it, one per player and kind (none while the Count
        stands there)."""
        state = self.state(game)
        tile = game.tile_type(placement.tile)
        placed = game.board.place(tile, placement.square, placement.rotation)
        try:
            found = []
            for root in game.completing(placed):
                quarter = QUARTER_FOR.get(game.feature_kind_of(root))
                if quarter is None:
                    continue
                square, at = self._place_of(game, placed, root)
                who = () if quarter is state.count else tuple(dict.fromkeys(state.in_quarter(quarter)))
                found.append(StepOutChoice(root, game.feature_kind_of(root), quarter, square, at, who))
            return found
        finally:
            game.board.lift()

    def follow_ups(self, game: Game, placement: Placement, layer: int) -> list[Any]:
        """Followers out of the City onto what ``placement`` completes (one at a time, and one of
        each player onto each feature at once), and the quarters its layer may enter (asked with
        ``placement`` laid: its scoring is known)."""
        have = {type(a) for a in placement.actions}
        found: list[Any] = []
        if StepOut not in have:
            choices = self.step_outs(game.before_last_turn(), placement)
            singles = [StepOut((c.ref(r),)) for c in choices for r in c.residents]
            found += singles
            together = tuple(
                c.ref(r) for c in choices for r in {r.player: r for r in reversed(c.residents)}.values()
            )
            if len(together) > 1:
                found.append(StepOut(together))
        if EnterQuarter not in have and may_enter(game.turns[-1].events, layer):
            supply = game.supply(layer)
            for quarter in QUARTERS:
                for kind in RESIDENTS:
                    if supply.get(kind, 0) > 0:
                        found.append(EnterQuarter(quarter, kind))
                found += [EnterQuarter(quarter, RESIDENTS[0], count) for count in QUARTERS]
        return found

    def end_choices(self, game: GameView) -> dict[str, list[Any]]:
        """What the market's followers could do at the end: each onto a field place of each tile
        (one follower a choice)."""
        state = self.state(game)
        if state.count is Quarter.MARKET:
            return {}
        residents = dict.fromkeys(state.in_quarter(Quarter.MARKET))
        refs = []
        for square, placed in game.board.tiles.items():
            for index, spec in enumerate(placed.tile.features):
                if spec.kind is FeatureKind.FIELD:
                    at = placed.orientation.place_of(index)
                    refs += [FigureRef(r.player, square[0], square[1], at, r.kind) for r in residents]
        return {"market": refs} if refs else {}

    @staticmethod
    def _place_of(game: GameView, placed: PlacedTile, root: int) -> tuple[Square, Place]:
        """A place that names feature ``root``: on the tile just laid if it has a piece of it, else
        the cloister's own tile."""
        for tile in (placed, *game.board.tiles.values()):
            for index, node in enumerate(tile.nodes):
                if game.group_of(node) == root:
                    return tile.square, tile.orientation.place_of(index)
        raise LookupError(root)

    @staticmethod
    def quarter_for(feature: FeatureKind | None) -> Quarter | None:
        """The quarter whose followers may step out onto a completed ``feature``."""
        return QUARTER_FOR.get(feature) if feature is not None else None

    def residents(self, game: GameView) -> tuple[Resident, ...]:
        """Who is in which quarter now."""
        return self.state(game).residents

    def count_quarter(self, game: GameView) -> Quarter:
        """Where the Count stands now."""
        return self.state(game).count


def may_enter(scored: Sequence[ScoreEvent], layer: int) -> bool:
    """Whether a turn whose scoring was ``scored`` lets ``layer`` put a follower into a quarter:
    the features it completed paid another player and not them (a fairy's, a ransom's or an
    abbot's recalled points do not count)."""
    paid = [e for e in scored if e.points > 0 and e.feature is not None and e.when is Phase.PLAY]
    return any(w != layer for e in paid for w in e.winners) and not any(layer in e.winners for e in paid)


def city_tile_problem(tile: TileType, square: Square, rotation: int) -> Problem | None:
    """Why a City tile may not lie on ``square`` turned by ``rotation`` (its own square, at 0)."""
    if square != CITY_SQUARES[tile.name] or rotation != 0:
        wanted = CITY_SQUARES[tile.name]
        return Problem(Rule.BAD_START, {"problem": "square", "at_x": wanted[0], "at_y": wanted[1]})
    return None


COUNT = Count()
