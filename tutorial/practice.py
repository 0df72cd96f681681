"""Practice boards ("Try it"): prepared positions where the learner lays the tile themselves.

A :class:`Practice` is a position in the engine's placement notation (``setup``), the tile the
learner holds, the colour they play and what counts as solved (``goals``, every one must hold). The
learner chooses a square, turns the tile, lays it and perhaps stands a figure on it; the engine
judges every step, and :func:`judge` says whether the finished turn does what the task asks. A
board whose tile fits nowhere is solved by saying so (:data:`SET_ASIDE`).

The comments give, for every tile, the edges it shows after rotation (N E S W; C city, R road,
F field, ~ river), as in ``examples.py``. ``solution`` is one way to solve the board, for the tests:
the tests play it through the engine and hold every board to being solvable. Texts (task, hint,
what the learner is told) live in ``content/<language>/practice.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from scorer.engine import FeatureKind, FigureKind, Game, Place, Placement, Player, Rules, ScoreEvent, Square
from scorer.engine.expansions.count import may_enter
from scorer.engine.expansions.princess_dragon import DRAGON, DRAGON_STEPS, FAIRY
from scorer.engine.expansions.tower import TOP, reach
from tutorial.examples import CITY

# -- what counts as solved ---------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One finished attempt: the game with the learner's placement laid, and what it scored."""

    game: Game
    placement: Placement
    events: tuple[ScoreEvent, ...]
    player: int
    """The learner's player index."""

    @cached_property
    def farmer_cities(self) -> int:
        """Completed cities the field of the learner's new farmer touches (0 without one)."""
        mine = [
            (f.square, f.index)
            for f in self.game.figures
            if f.square == self.placement.square
            and f.player == self.player
            and f.feature is FeatureKind.FIELD
        ]
        if not mine:
            return 0
        return next((len(farm.cities) for farm in self.game.farms() if mine[0] in farm.segments), 0)

    @property
    def points(self) -> int:
        """What the learner scored this turn."""
        return sum(e.points for e in self.events if self.player in e.winners)


@dataclass(frozen=True)
class Fits:
    """Any legal placement solves it."""

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        return True


@dataclass(frozen=True)
class OnSquare:
    """The tile must go on ``square``."""

    square: Square

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        return turn.placement.square == self.square


@dataclass(frozen=True)
class Extends:
    """The tile must become part of the feature at ``place`` of the tile on ``square``."""

    square: Square
    place: Place

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        feature = turn.game.feature_at(self.square, self.place)
        return feature is not None and turn.placement.square in feature.squares


@dataclass(frozen=True)
class Joins:
    """The features at two places (``(square, place)`` each) must become one."""

    first: tuple[Square, Place]
    second: tuple[Square, Place]

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        one = turn.game.feature_at(*self.first)
        other = turn.game.feature_at(*self.second)
        return one is not None and other is not None and set(one.segments) == set(other.segments)


@dataclass(frozen=True)
class WithFigure:
    """The learner must stand a figure on the tile (of ``kind``, on a ``feature``, if given)."""

    kind: FigureKind | None = None
    feature: FeatureKind | None = None

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        meeple = turn.placement.meeple
        if meeple is None or (self.kind is not None and meeple.kind is not self.kind):
            return False
        if self.feature is None:
            return True
        standing = turn.game.feature_at(turn.placement.square, meeple.at, figure=meeple.kind)
        return standing is not None and standing.kind is self.feature


@dataclass(frozen=True)
class Scores:
    """The turn must score a ``feature`` for exactly the players ``winners`` (colour keys)."""

    feature: FeatureKind
    winners: tuple[str, ...]

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        wanted = {colours.index(c) for c in self.winners}
        return any(
            e.feature is self.feature and e.points > 0 and set(e.winners) == wanted for e in turn.events
        )


@dataclass(frozen=True)
class FarmerTouches:
    """The learner's new farmer must lie in a field touching at least ``cities`` completed cities."""

    cities: int

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        return turn.farmer_cities >= self.cities


@dataclass(frozen=True)
class OutOfReach:
    """The learner's new figure must stand where no floor put next on any open tower could capture
    it (The Tower): a tower with nobody on top, a bare foundation included, reaches one square
    further with its next floor; a tower with a figure on top takes no floor at all."""

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        if turn.placement.meeple is None:
            return False
        square = turn.placement.square
        return not any(square in reach(tower, height + 1) for tower, height in open_towers(turn.game))


def open_towers(game: Game) -> list[tuple[Square, int]]:
    """Every tower that may take another floor, and its height now (0: a bare foundation)."""
    built = {piece.square: piece for piece in game.pieces() if piece.kind == TOP}
    towers = []
    for square, placed in sorted(game.board.tiles.items()):
        piece = built.get(square)
        if placed.tile.tower is not None and (piece is None or piece.figure is None):
            towers.append((square, piece.size if piece else 0))
    return towers


@dataclass(frozen=True)
class DragonAway:
    """No figure of the learner's stands where the dragon could go in one move from where it now
    stands (Princess & Dragon): six steps from tile to neighbouring tile, never onto the fairy's
    square, on the board as it lies now."""

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        squares = {piece.kind: piece.square for piece in turn.game.pieces() if piece.kind in (DRAGON, FAIRY)}
        if DRAGON not in squares:
            return False
        within = dragon_reach(turn.game, squares[DRAGON], squares.get(FAIRY))
        return not any(f.square in within for f in turn.game.figures if f.player == turn.player)


def dragon_reach(game: Game, start: Square, fairy: Square | None) -> set[Square]:
    """The squares the dragon could enter within one move from ``start`` (its own included)."""
    reached, edge = {start}, [start]
    for _step in range(DRAGON_STEPS):
        edge = [
            (x + dx, y + dy)
            for x, y in edge
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            if (x + dx, y + dy) in game.board.tiles and (x + dx, y + dy) != fairy
        ]
        edge = [square for square in dict.fromkeys(edge) if square not in reached]
        reached.update(edge)
    return reached


@dataclass(frozen=True)
class MayEnterQuarter:
    """The turn's scoring must pay another player and not the learner, so that the learner may put
    a follower into one of the City's quarters (The Count of Carcassonne; the practice boards cannot
    take that follower themselves)."""

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        return may_enter(turn.events, turn.player)


@dataclass(frozen=True)
class SetAside:
    """The tile fits nowhere: the learner solves the board by setting it aside."""

    def met(self, turn: Turn, colours: tuple[str, ...]) -> bool:
        return False


SET_ASIDE = SetAside()

Goal = (
    Fits
    | OnSquare
    | Extends
    | Joins
    | WithFigure
    | Scores
    | FarmerTouches
    | OutOfReach
    | DragonAway
    | MayEnterQuarter
    | SetAside
)


@dataclass(frozen=True)
class Practice:
    slug: str
    chapter: str
    players: tuple[str, ...]
    """Colour keys in player order; a figure's player number in ``setup`` indexes this."""
    player: str
    """The colour the learner plays."""
    setup: tuple[str, ...]
    tile: str
    """The tile the learner holds."""
    goals: tuple[Goal, ...]
    solution: str | None
    """One placement that solves the board (``None``: the tile is to be set aside)."""
    rules: Rules = field(default_factory=Rules)
    expansions: tuple[str, ...] = ()

    @property
    def learner(self) -> int:
        return self.players.index(self.player)

    @property
    def set_aside(self) -> bool:
        return SET_ASIDE in self.goals

    def game(self, names: Mapping[str, str] | None = None) -> Game:
        """The position, its players called by ``names`` (colour key to name) when given."""
        players = [Player(names[c] if names else c, c) for c in self.players]
        game = Game(players, rules=self.rules, expansions=self.expansions)
        for text in self.setup:
            game.push(Placement.parse(text))
        return game


def judge(practice: Practice, turn: Turn) -> bool:
    """Whether a legal, finished turn does what the board asks."""
    return all(goal.met(turn, practice.players) for goal in practice.goals)


def _boards(*boards: Practice) -> dict[str, Practice]:
    return {b.slug: b for b in boards}


# -- placing tiles -----------------------------------------------------------------------------

FIT_FIRST = Practice(
    slug="fit-first",
    chapter="placing-tiles",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",  # start tile: C R F R, road west–east
        "U@1,0/0",  # F R F R: the road goes on east
    ),
    # K (C F R R) fits in many places, but only turned so that every touching edge matches.
    tile="K",
    goals=(Fits(),),
    solution="K@0,-1/180",  # R R C F: its city meets the start tile's city
)

FILL_GAP = Practice(
    slug="fill-gap",
    chapter="placing-tiles",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "V@-1,1/270",  # F R R F: curve east–south
        "E@1,1/270",  # F F F C: a city opening west
        "V@-1,2/180",  # R R F F: curve north–east
        "V@0,2/90",  # R F F R: curve north–west
    ),
    # The gap below the start tile has a field to the north, a city to the east and roads to the
    # south and west: only J turned 90 (F C R R) fills it, closing the road loop and the city.
    tile="J",
    goals=(OnSquare((0, 1)),),
    solution="J@0,1/90",
)

FITS_NOWHERE = Practice(
    slug="fits-nowhere",
    chapter="placing-tiles",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "G@0,-1/90",  # C F C F: the city runs north, open
        "B@-1,-1/0",  # F F F F: a field above the road's west end
        "E@1,-1/180",  # F F C F: a city edge above the road's east end
    ),
    # The crossroads needs roads on every side it touches: each road end has a field or a city
    # beside it, and every other open square borders a field or a city.
    tile="X",
    goals=(SET_ASIDE,),
    solution=None,
)

# -- placing meeples ---------------------------------------------------------------------------

MEEPLE_OCCUPIED = Practice(
    slug="meeple-occupied",
    chapter="placing-meeples",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "G@0,-1/90:1C",  # C F C F: the start tile's city runs north; red knight
        "N@0,-2/180",  # F C C F: and turns east, open there
    ),
    # P (C R R C) carries the city on; Red's knight two tiles away already holds it, so a knight is
    # refused and Blue places on the road or a field instead.
    tile="P",
    goals=(Extends((0, -1), Place.N), WithFigure()),
    solution="P@1,-2/0:0E",  # C R R C: city west (joins) and north; blue thief on the road
)

# -- roads -------------------------------------------------------------------------------------

ROAD_CLOSE = Practice(
    slug="road-close",
    chapter="roads",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@1,0/0:0E",  # F R F R: blue thief on the road
        "A@-1,0/270",  # F R F F: the road ends at a cloister in the west
    ),
    tile="L",  # C R R R: a junction ends the road in the east
    goals=(Scores(FeatureKind.ROAD, ("blue",)),),
    solution="L@2,0/0",
)

# -- cities ------------------------------------------------------------------------------------

CITY_JOIN = Practice(
    slug="city-join",
    chapter="cities",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E",  # F C F F: a city opening east; blue knight
        "E@1,1/270",  # F F F C: a city opening west
    ),
    tile="F",  # F C F C with a pennant: only upright does it join the two halves
    goals=(Joins(((-1, 1), Place.E), ((1, 1), Place.W)),),
    solution="F@0,1/0",
)

# -- cloisters ---------------------------------------------------------------------------------

CLOISTER_CLOSE = Practice(
    slug="cloister-close",
    chapter="cloisters",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "B@0,1/0:0C",  # F F F F: cloister below the start tile; blue monk
        "E@-1,1/270",  # F F F C
        "E@1,1/90",  # F C F F
        "U@0,2/0",  # F R F R
        "V@-1,2/270",  # F R R F
    ),
    # The eighth neighbour's square wants a field to the north and a road to the west: J turned 90.
    tile="J",
    goals=(Scores(FeatureKind.CLOISTER, ("blue",)),),
    solution="J@1,2/90",
)

# -- sharing -----------------------------------------------------------------------------------

MAJORITY_JOIN = Practice(
    slug="majority-join",
    chapter="sharing",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E",  # F C F F: city opening east; blue knight
        "E@1,1/270:1W",  # F F F C: city opening west; red knight
        "B@-1,2/0",  # F F F F
        "E@0,2/0:0N",  # C F F F: city opening north; blue's second knight
    ),
    # R turned 180 (F C C C) joins the three caps into one city: two knights against one.
    tile="R",
    goals=(Scores(FeatureKind.CITY, ("blue",)),),
    solution="R@0,1/180",
)

# -- farms -------------------------------------------------------------------------------------

FARM_CITIES = Practice(
    slug="farm-cities",
    chapter="farms",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "E@0,-1/180",  # F F C F: closes the start tile's city
        "E@1,-1/180",  # F F C F: a city opening south, beside it
    ),
    # D east of the start tile closes the second city; the field between road and cities then
    # touches both. The field round the two caps touches both as well.
    tile="D",
    goals=(FarmerTouches(2),),
    solution="D@1,0/0:0ENE",
)

# -- the river ---------------------------------------------------------------------------------

RIVER_TURN = Practice(
    slug="river-turn",
    chapter="river",
    players=("blue", "red"),
    player="blue",
    setup=(
        "river-spring@0,0/0",  # F ~ F F: the river flows out east
        "river-straight@1,0/0",  # F ~ F ~
        "river-curve@2,0/0",  # F F ~ ~: it turns right, to the south
    ),
    # The second bend must turn left (N ~, E ~); turned to go west it would turn right twice.
    tile="river-curve",
    goals=(Fits(),),
    solution="river-curve@2,1/180",
    expansions=("river",),
)

RIVER_LAKE = Practice(
    slug="river-lake",
    chapter="river",
    players=("blue", "red"),
    player="blue",
    setup=(
        "river-spring@0,0/0",  # F ~ F F
        "river-bridge@1,0/90",  # R ~ R ~: a road crosses
        "river-cities@2,0/0",  # C ~ C ~
        "river-city-corner@3,0/90",  # C C ~ ~: turns right, to the south
        "river-city-road@3,1/90",  # ~ C ~ R
        "river-cloister@3,2/90",  # ~ F ~ R
        "river-curve@3,3/90",  # ~ F F ~: turns right, to the west
        "river-straight@2,3/0",  # F ~ F ~
        "river-curve@1,3/180",  # ~ ~ F F: turns right, to the north
        "river-road-curve@1,2/0",  # R R ~ ~: turns left, to the west
        "river-straight@0,2/0",  # F ~ F ~
    ),
    tile="river-lake",  # F F F ~: the river flows in from the west; turned 180 it comes from the east
    goals=(Fits(),),
    solution="river-lake@-1,2/180",
    expansions=("river",),
)

# -- the Abbot and gardens ---------------------------------------------------------------------

ABBOT_GARDEN = Practice(
    slug="abbot-garden",
    chapter="abbot",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "V@1,0/0",  # F F R R: the road turns south
    ),
    # Only the abbot may stand on a garden; a meeple there is refused.
    tile="U-garden",
    goals=(WithFigure(FigureKind.ABBOT, FeatureKind.GARDEN),),
    solution="U-garden@1,1/90:0C+abbot",  # R F R F: the road goes on south
    expansions=("abbot",),
)

# -- Inns & Cathedrals -------------------------------------------------------------------------

INN_CLOSE = Practice(
    slug="inn-close",
    chapter="inns-cathedrals",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "ic-straight-inn@1,0/0:0E",  # F R F R with an inn; blue thief
        "W@-1,0/0",  # F R R R: the road ends at a junction in the west
    ),
    tile="L",  # C R R R: a junction ends it in the east; four tiles, doubled by the inn
    goals=(Scores(FeatureKind.ROAD, ("blue",)),),
    solution="L@2,0/0",
    expansions=("inns-cathedrals",),
)

# -- The Tower ---------------------------------------------------------------------------------

TOWER_SAFE = Practice(
    slug="tower-safe",
    chapter="tower",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "to-city-straight-split@1,0/0:tower=1,0",  # C R F R: a tower of one floor on the road
        "to-two-cities-straight@-1,0/0:tower=-1,0",  # C R C R: another tower of one floor
        "to-across-road-through@2,0/90",  # C R C R: a bare foundation, the road running through
        "E@-1,-1/180:top=1@-1,0",  # F F C F; Red's meeple onto the western tower, which it closes
    ),
    # The road runs from (-1, 0) to (2, 0), open at both ends. In the east the tower of one floor
    # reaches two squares with its next floor, and the bare foundation one: the east end is in
    # reach twice over. In the west the only tower nearby is closed: it takes no floor.
    tile="U",
    goals=(Extends((0, 0), Place.E), WithFigure(feature=FeatureKind.ROAD), OutOfReach()),
    solution="U@-2,0/0:0E",  # F R F R
    expansions=("tower",),
)

TOWER_CLOSE = Practice(
    slug="tower-close",
    chapter="tower",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "G@0,-1/90:0C",  # C F C F: the start tile's city runs north, open; blue knight
        "U@1,0/0",  # F R F R
        "U@-1,0/0",  # F R F R
        "to-field@1,-1/0:tower=1,-1",  # F F F F: a tower of one floor beside Blue's knight
        "E@-1,1/90:0E",  # F C F F: a city opening east; Blue's second knight
        "U@2,0/0",  # F R F R
    ),
    # The cap closes either city. The knight north of the start tile is in the tower's reach already;
    # the other stands diagonally from it, where no floor ever reaches.
    tile="E",
    goals=(Scores(FeatureKind.CITY, ("blue",)), Extends((0, -1), Place.N)),
    solution="E@0,-2/180",  # F F C F
    expansions=("tower",),
)

# -- Princess & Dragon ---------------------------------------------------------------------------

DRAGON_CLOSE = Practice(
    slug="dragon-close",
    chapter="princess-dragon",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "G@0,-1/90:0C",  # C F C F: the start tile's city runs north, open; blue knight
        "U@1,0/0",  # F R F R
        "U@-1,0/0",  # F R F R
        "pd-volcano@1,-1/0",  # F F F F: the dragon lands right beside Blue's knight
        "E@-1,1/90:0E",  # F C F F: a city opening east; Blue's second knight
        "U@2,0/0",  # F R F R
    ),
    # The cap closes either city. The dragon stands beside the northern knight: a dragon tile next
    # turn could take it there at its first step.
    tile="E",
    goals=(Scores(FeatureKind.CITY, ("blue",)), Extends((0, -1), Place.N)),
    solution="E@0,-2/180",  # F F C F
    expansions=("princess-dragon",),
)

VOLCANO_SAFE = Practice(
    slug="volcano-safe",
    chapter="princess-dragon",
    players=("blue", "red"),
    player="blue",
    setup=(
        "D@0,0/0",
        "U@1,0/0:0N",  # F R F R: blue farmer north of the road
        "U@-1,0/0",  # F R F R
        "A@-2,0/270:0C",  # F R F F: the road ends at a cloister; blue monk
        "E@0,-1/180",  # F F C F: closes the start tile's city, nobody in it
        "U@2,0/0:fairy=0@1,0/N",  # F R F R: the fairy beside Blue's farmer
        "B@-1,1/0",  # F F F F: a cloister below the road, no monk
    ),
    # The fairy's square (1, 0) is a wall across the row: a volcano south or east of it keeps the
    # dragon from the monk in the west, and the farmer is under the fairy's guard. North of it, the
    # city cap on (0, -1) leads round the wall.
    tile="pd-volcano",
    goals=(DragonAway(),),
    solution="pd-volcano@2,1/0",  # F F F F
    expansions=("princess-dragon",),
)

# -- The Count of Carcassonne --------------------------------------------------------------------

COUNT_EARN = Practice(
    slug="count-earn",
    chapter="count",
    players=("blue", "red"),
    player="blue",
    setup=(
        *CITY,
        "G@-2,2/90:0C",  # C F C F: count-9's small city runs on south, open; blue knight
        "E@-1,2/180:1S",  # F F C F: a city opening south, below the City; red knight
    ),
    # The cap closes either city: Red's pays Red alone, and Blue may then go into a quarter; Blue's
    # own pays Blue, and then Blue may not.
    tile="E",
    goals=(MayEnterQuarter(),),
    solution="E@-1,3/0",  # C F F F
    expansions=("count",),
)

PRACTICES: dict[str, Practice] = _boards(
    FIT_FIRST,
    FILL_GAP,
    FITS_NOWHERE,
    MEEPLE_OCCUPIED,
    ROAD_CLOSE,
    CITY_JOIN,
    CLOISTER_CLOSE,
    MAJORITY_JOIN,
    FARM_CITIES,
    RIVER_TURN,
    RIVER_LAKE,
    ABBOT_GARDEN,
    INN_CLOSE,
    TOWER_SAFE,
    TOWER_CLOSE,
    DRAGON_CLOSE,
    VOLCANO_SAFE,
    COUNT_EARN,
)
