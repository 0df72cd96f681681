"""Every scripted example and quiz of the rules tutor (see docs/tutorial-content.md).

Each board is written in the engine's placement notation ``TILE@X,Y/ROTATION[:PLAYERPLACE]``: x
grows to the east, y to the SOUTH, rotation is clockwise (90° moves the north edge to the east) and
the meeple's place is named as the tile lies on the table. The Tower's actions follow the tile the
same way: ``:tower=1,0`` a floor on the tower on square (1, 0), ``;capture=1@1,2/W`` the figure it
takes (player 1's, on square (1, 2), place W), ``:ransom=0/meeple`` a ransom paid to player 0 before
the tile is laid. Princess & Dragon's too: ``:fairy=0@1,0/E`` the fairy moved beside player 0's
figure on (1, 0), ``:princess=1@2,-1/W`` the knight the princess sends home, ``:portal=0@0,1/C`` a
figure through the magic portal onto another tile, ``:dragon=-2,0>-1,0>...`` the dragon's steps in
order (the layer's first, then each next player's). The Count of Carcassonne's too:
``:quarter=castle,count=market`` a follower of the layer into the castle and the Count moved to the
market, ``:from_city=0@2,2/N`` player 0's follower out of the City onto the feature at place N of
square (2, 2), which the tile completes; ``Step(end=True, market=("0@-1,1/S",))`` a follower from the
market onto a field at the end. The comments give, for every tile, the
edges it shows after rotation (N E S W; C city, R road, F field, ~ river) so the matching can be
checked by eye against tiles.md. The tests run every example through the engine and hold it to
``expect``; captions live in ``content/<language>/examples.toml``.
"""

from __future__ import annotations

from scorer.engine import Rules
from scorer.engine.tilesets.count import CITY_SQUARES, COUNT_TILES

from .scripts import NO, YES, Ask, Example, Expect, Holds, Quiz, Step

END = Step(end=True)


def _examples(*examples: Example) -> dict[str, Example]:
    return {e.slug: e for e in examples}


def _quizzes(*quizzes: Quiz) -> dict[str, Quiz]:
    return {q.slug: q for q in quizzes}


# -- placing tiles ----------------------------------------------------------------------------

EDGE_MISMATCH = Example(
    slug="edge-mismatch",
    chapter="placing-tiles",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "E@0,-1/180",  # F F C F: closes the start tile's city; its east edge is field
        "V@1,0/90",  # R F F R: the road from the start tile bends north
    ),
    steps=(
        # J turned 90: F C R R. Its south road meets the bend's road, but its west edge is road
        # where the city cap beside it shows field: refused.
        Step("J@1,-1/90", refused=True),
        Step("J@1,-1/0"),  # C R R F: road south and east, field west, city north: every edge matches
    ),
    expect=(),
)

# -- placing meeples ---------------------------------------------------------------------------

MEEPLE_SAME_TURN = Example(
    slug="meeple-same-turn",
    chapter="placing-meeples",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",  # start tile: C R F R, road west–east
        "L@1,0/0:1N",  # C R R R: the road from D ends at L's junction; red knight in L's city
    ),
    steps=(
        # A turned 270: F R F F, its road runs east and ends at the cloister. Blue's thief stands
        # on that road, which is now closed at both ends: A, D, L.
        Step("A@-1,0/270:0E"),
    ),
    expect=(Expect(1, "road", 3, ("blue",), complete=True),),
)

# -- roads -------------------------------------------------------------------------------------

ROAD_LOOP = Example(
    slug="road-loop",
    chapter="roads",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "V@0,1/270:0E",  # F R R F: curve east–south; blue thief
        "V@1,1/0",  # F F R R: curve west–south
    ),
    steps=(
        Step("V@0,2/180"),  # R R F F: curve north–east
        Step("V@1,2/90"),  # R F F R: curve north–west closes the loop
    ),
    expect=(Expect(2, "road", 4, ("blue",), complete=True),),
)

ROAD_STRAIGHT = Example(
    slug="road-straight",
    chapter="roads",
    players=("blue", "red"),
    setup=("D@0,0/0",),
    steps=(
        Step("X@-1,0/0:0E"),  # R R R R: crossroads; blue thief on the road going east
        Step("W@1,0/0"),  # F R R R: junction; the road X–D–W ends at both sides
    ),
    expect=(Expect(2, "road", 3, ("blue",), complete=True),),
)

ROAD_TO_CITY = Example(
    slug="road-to-city",
    chapter="roads",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "S@-1,0/270:0E",  # C R C C: a road leaves this city's gate to the east; blue thief on it
    ),
    steps=(
        Step("V@1,0/0"),  # F F R R: the road bends south
        Step("T@1,1/180"),  # R C C C: it runs into a city gate and ends there: S, D, V, T
    ),
    expect=(Expect(2, "road", 4, ("blue",), complete=True),),
)

# -- cities ------------------------------------------------------------------------------------

CITY_THREE = Example(
    slug="city-three",
    chapter="cities",
    players=("blue", "red"),
    setup=("D@0,0/0",),
    steps=(
        Step("G@0,-1/90:0C"),  # C F C F: city north–south, joins D's city; blue knight
        Step("E@0,-2/180"),  # F F C F: the city's cap closes it: D, G, E
    ),
    expect=(Expect(2, "city", 6, ("blue",), complete=True),),
)

CITY_PENNANT = Example(
    slug="city-pennant",
    chapter="cities",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "M@0,1/180:0E",  # F C C F: city east+south, with a pennant; blue knight
        "N@1,1/270",  # F F C C: city south+west
    ),
    steps=(
        Step("N@0,2/90"),  # C C F F: city north+east
        Step("N@1,2/0"),  # C F F C: city north+west closes the four-tile city
    ),
    expect=(Expect(2, "city", 10, ("blue",), complete=True),),
)

CITY_TWO = Example(
    slug="city-two",
    chapter="cities",
    players=("blue", "red"),
    setup=("D@0,0/0",),
    steps=(Step("E@0,-1/180:0S"),),  # F F C F: closes D's city at once; blue knight
    expect=(Expect(1, "city", 4, ("blue",), complete=True),),
)

CITY_TWO_OLD = Example(
    slug="city-two-old",
    chapter="cities",
    players=("blue", "red"),
    setup=CITY_TWO.setup,
    steps=CITY_TWO.steps,
    expect=(Expect(1, "city", 2, ("blue",), complete=True),),
    rules=Rules(small_city=2),
)

# -- cloisters ---------------------------------------------------------------------------------

CLOISTER_COMPLETE = Example(
    slug="cloister-complete",
    chapter="cloisters",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "B@0,1/0:0C",  # F F F F: cloister below the start tile; blue monk
        "E@-1,1/270",  # F F F C
        "E@1,1/90",  # F C F F
        "U@0,2/0",  # F R F R
    ),
    steps=(
        Step("V@-1,2/270"),  # F R R F: the seventh neighbour
        Step("V@1,2/0"),  # F F R R: the eighth neighbour completes the cloister
    ),
    expect=(Expect(2, "cloister", 9, ("blue",), complete=True),),
)

# -- sharing -----------------------------------------------------------------------------------

CITY_MERGE_SHARED = Example(
    slug="city-merge-shared",
    chapter="sharing",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E",  # F C F F: a city opening east; blue knight
        "N@1,1/270:1W",  # F F C C: a city opening west and south; red knight
    ),
    steps=(
        Step("E@1,2/0"),  # C F F F: caps red's city to the south; still open to the west
        Step("F@0,1/0"),  # F C F C: pennant city west–east joins both cities and closes them
    ),
    expect=(Expect(2, "city", 10, ("blue", "red"), complete=True),),
)

MAJORITY = Example(
    slug="majority",
    chapter="sharing",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E",  # F C F F: city opening east; blue knight
        "E@1,1/270:1W",  # F F F C: city opening west; red knight
        "B@-1,2/0",  # F F F F
    ),
    steps=(
        Step("E@0,2/0:0N"),  # C F F F: city opening north; blue's second knight
        Step("R@0,1/180"),  # F C C C: three city edges join the three caps into one city
    ),
    expect=(Expect(2, "city", 8, ("blue",), complete=True),),
)

# -- the end of the game -----------------------------------------------------------------------

END_GAME = Example(
    slug="end-game",
    chapter="game-end",
    players=("blue", "red", "green"),
    setup=(
        "D@0,0/0",
        "U@1,0/0:0E",  # F R F R: blue thief on the road D–U, open at both ends
        "F@0,-1/90:1C",  # C F C F: pennant city north–south on D's city, open north; red knight
        "B@0,1/0:2C",  # F F F F: cloister below D; green monk
    ),
    steps=(
        Step("E@1,1/90"),  # F C F F: one more neighbour for the cloister (the last tile)
        END,
    ),
    expect=(
        Expect(2, "city", 3, ("red",), complete=False),  # D, F and F's pennant
        Expect(2, "road", 2, ("blue",), complete=False),  # D, U
        Expect(2, "cloister", 4, ("green",), complete=False),  # itself, D, U, E
    ),
)

CLOISTER_UNFINISHED = Example(
    slug="cloister-unfinished",
    chapter="game-end",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "A@0,1/0:0C",  # F F R F: cloister below D, its road running south; blue monk
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@1,1/90",  # F C F F
    ),
    steps=(
        Step("U@0,2/90"),  # R F R F: continues the cloister's road; the fifth neighbour
        END,
    ),
    expect=(Expect(2, "cloister", 6, ("blue",), complete=False),),
)

WHOLE_GAME = Example(
    slug="whole-game",
    chapter="farms",
    players=("blue", "red"),
    setup=("D@0,0/0",),
    steps=(
        Step("E@0,-1/180:0S"),  # F F C F: Blue closes the start tile's city with a knight
        Step("U@1,0/0:1E"),  # F R F R: Red's thief on the road east
        Step("B@0,1/0:0C"),  # F F F F: Blue's monk in a cloister below the start tile
        Step("W@2,0/0"),  # F R R R: a junction stops the road in the east
        Step("N@1,-1/90:0N"),  # F F C C turned: a city north+east; blue knight
        Step("A@-1,0/270:1C"),  # F R F F: a cloister stops the road in the west; red monk
        Step("E@2,-1/270:0E"),  # F F F C: caps Blue's city to the east; blue farmer in its field
        Step("E@1,-2/180:1N"),  # F F C F: Red closes Blue's city; red farmer on the far side
        Step("V@1,1/270:0S"),  # F R R F: blue thief on a new road
        Step("U@0,2/0:1E"),  # F R F R: red thief on another road
        Step("B@2,-2/0:0C"),  # F F F F: Blue's second monk; its field joins Red's to Blue's
        Step("V@-1,1/0"),  # F F R R
        Step("V@-1,2/180"),  # R R F F: extends Red's road
        Step("V@1,2/90"),  # R F F R: joins the two roads and fills the last square round the cloister
        END,
    ),
    expect=(
        Expect(1, "city", 4, ("blue",), complete=True),
        Expect(6, "road", 4, ("red",), complete=True),
        Expect(8, "city", 6, ("blue",), complete=True),
        Expect(14, "cloister", 9, ("blue",), complete=True),
        Expect(15, "cloister", 5, ("red",), complete=False),
        Expect(15, "road", 5, ("blue", "red"), complete=False),
        Expect(15, "cloister", 4, ("blue",), complete=False),
        Expect(15, "field", 6, ("blue", "red")),
    ),
)

# -- farms -------------------------------------------------------------------------------------

# The seed article's picture: a two-tile city (D + E) closed early; red's field runs along the
# north side of D's road and touches it, blue's field lies north of the city and touches it too (and
# an unfinished city further north), yellow's field lies south of the road and touches no city.
# The square east of D is still empty: D's road is open there.
_FARMS = (
    "D@0,0/0",
    "E@0,-1/180:0N",  # F F C F: closes D's city (no knight); blue farmer on its field
    "U@-1,0/0:1N",  # F R F R: red farmer north of the road, on the field that runs into D's
    "E@0,-2/0",  # C F F F: a city opening north, never finished, on blue's field
)

THREE_FARMERS = Example(
    slug="three-farmers",
    chapter="farms",
    players=("blue", "red", "yellow"),
    setup=_FARMS,
    steps=(
        Step("U@0,1/0:2N"),  # F R F R: yellow farmer south of D's road
        END,
    ),
    expect=(
        Expect(2, "field", 3, ("red",)),
        Expect(2, "field", 0, ("yellow",)),
        Expect(2, "field", 3, ("blue",)),
    ),
)

FARMERS_JOINED = Example(
    slug="farmers-joined",
    chapter="farms",
    players=("blue", "red", "yellow"),
    setup=(*_FARMS, "U@0,1/0:2N"),
    steps=(
        # A turned 90: F F F R. D's road ends at the cloister, and the cloister's field wraps round
        # the road's end: the fields north and south of the road become one.
        Step("A@1,0/90"),
        END,
    ),
    expect=(
        Expect(2, "field", 3, ("red", "yellow")),
        Expect(2, "field", 3, ("blue",)),
    ),
)

# -- farms in the three editions ---------------------------------------------------------------

# A city of three tiles (the start tile, F with its pennant, a cap) with four fields round it: west
# and east of F, the start tile's, and the cap's. Blue has farmers in two of them, Red in the cap's.
_FARM_EDITIONS = (
    "D@0,0/0",
    "F@0,-1/90",  # C F C F: the city runs north through F
    "E@0,-2/180:1N",  # F F C F: the cap closes the city (no knight); red farmer in its field
    "U@-1,-1/90:0E",  # R F R F: blue farmer in the field west of F
    "B@0,1/0",  # F F F F
)
_FARM_EDITIONS_STEPS = (
    Step("U@1,-1/90:0W"),  # R F R F: blue farmer in the field east of F
    END,
)

FARM_EDITIONS_3RD = Example(
    slug="farm-editions-3rd",
    chapter="editions",
    players=("blue", "red"),
    setup=_FARM_EDITIONS,
    steps=_FARM_EDITIONS_STEPS,
    expect=(
        Expect(2, "field", 3, ("blue",)),
        Expect(2, "field", 3, ("blue",)),
        Expect(2, "field", 3, ("red",)),
    ),
)

FARM_EDITIONS_2ND = Example(
    slug="farm-editions-2nd",
    chapter="editions",
    players=("blue", "red"),
    setup=_FARM_EDITIONS,
    steps=_FARM_EDITIONS_STEPS,
    expect=(
        Expect(2, "field", 3, ("blue",)),
        Expect(2, "field", 0, ("blue",)),  # Blue already has this city from the other field
        Expect(2, "field", 3, ("red",)),
    ),
    rules=Rules(farmers="2nd"),
)

FARM_EDITIONS_1ST = Example(
    slug="farm-editions-1st",
    chapter="editions",
    players=("blue", "red"),
    setup=_FARM_EDITIONS,
    steps=_FARM_EDITIONS_STEPS,
    expect=(Expect(2, "field", 4, ("blue",)),),  # the city once, to the most farmers round it
    rules=Rules(farmers="1st"),
)

# -- the river ---------------------------------------------------------------------------------

RIVER_START = Example(
    slug="river-start",
    chapter="river",
    players=("blue", "red"),
    setup=("river-spring@0,0/0",),  # F ~ F F: the river flows out east
    steps=(
        Step("river-straight@1,0/0"),  # F ~ F ~
        Step("river-curve@2,0/0"),  # F F ~ ~: the river turns right, to the south
        Step("river-curve@2,1/180"),  # ~ ~ F F: then left, to the east again
        Step("river-bridge@3,1/90:0N"),  # R ~ R ~: a road crosses it; blue thief on the road
    ),
    expect=(),
    expansions=("river",),
)


RIVER_FIELD = Example(
    slug="river-field",
    chapter="river",
    players=("blue", "red"),
    setup=(
        "river-spring@0,0/0",  # F ~ F F: one field all round the spring
        "river-straight@1,0/0:0N",  # F ~ F ~: blue farmer on the north bank
    ),
    steps=(
        # Red wants the south bank of the next tile, but both banks are one field: they meet round
        # the spring, and Blue's farmer is in it.
        Step("river-straight@2,0/0:1S", refused=True),
        Step("river-straight@2,0/0"),
        END,  # Blue's field lights up on both banks (no complete city: nothing to score)
    ),
    expect=(Expect(3, "field", 0, ("blue",)),),
    expansions=("river",),
)


# -- the Abbot and gardens ---------------------------------------------------------------------

GARDEN_COMPLETE = Example(
    slug="garden-complete",
    chapter="abbot",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "E-garden@0,1/180:0C+abbot",  # F F C F: a city opening south, a garden in the middle; blue abbot
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/270",  # F F F C
        "E@1,1/90",  # F C F F
    ),
    steps=(
        Step("E@0,2/0"),  # C F F F: caps the garden tile's city (no knight: nobody scores it)
        Step("E@-1,2/270"),  # F F F C: the seventh neighbour
        Step("V@1,2/270"),  # F R R F: the eighth neighbour surrounds the garden
    ),
    expect=(Expect(3, "garden", 9, ("blue",), complete=True),),
    expansions=("abbot",),
)

ABBOT_RECALL = Example(
    slug="abbot-recall",
    chapter="abbot",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "B@0,1/0:0C+abbot",  # F F F F: a cloister below the start tile; blue abbot
        "U@1,0/0",  # F R F R
    ),
    steps=(
        Step("E@1,1/90:0^0,1"),  # F C F F: Blue lays a tile and takes the abbot back instead of a figure
        Step("U@-1,0/0"),  # F R F R: Red's turn
        Step("U-garden@2,0/0:0C+abbot"),  # F R F R with a garden: the abbot starts again
    ),
    expect=(Expect(1, "cloister", 4, ("blue",), complete=False),),
    expansions=("abbot",),
)

# -- Inns & Cathedrals -------------------------------------------------------------------------

INN_ROAD = Example(
    slug="inn-road",
    chapter="inns-cathedrals",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "ic-straight-inn@1,0/0:0E",  # F R F R: a straight road with an inn; blue thief
    ),
    steps=(
        Step("W@2,0/0"),  # F R R R: the road ends at a junction to the east
        Step("W@-1,0/0"),  # F R R R: and to the west: four tiles, doubled by the inn
    ),
    expect=(Expect(2, "road", 8, ("blue",), complete=True),),
    expansions=("inns-cathedrals",),
)

INN_ROAD_UNFINISHED = Example(
    slug="inn-road-unfinished",
    chapter="inns-cathedrals",
    players=("blue", "red"),
    setup=INN_ROAD.setup,
    steps=(Step("W@2,0/0"), END),
    expect=(Expect(2, "road", 0, ("blue",), complete=False),),
    expansions=("inns-cathedrals",),
)

CATHEDRAL_CITY = Example(
    slug="cathedral-city",
    chapter="inns-cathedrals",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "ic-cathedral@0,-1/0:0N",  # C C C C: the cathedral joins D's city; blue knight
    ),
    steps=(
        Step("E@1,-1/270"),  # F F F C: caps it to the east
        Step("E@-1,-1/90"),  # F C F F: and to the west
        Step("E@0,-2/180"),  # F F C F: the northern cap completes the cathedral city
    ),
    expect=(Expect(3, "city", 15, ("blue",), complete=True),),
    expansions=("inns-cathedrals",),
)

BIG_MEEPLE = Example(
    slug="big-meeple",
    chapter="inns-cathedrals",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E+big",  # F C F F: a city opening east; Blue's big meeple
        "E@1,1/270:1W",  # F F F C: a city opening west; Red's knight
    ),
    steps=(
        Step("F@0,1/0"),  # F C F C: a pennant city joins the two and closes them: two against one
    ),
    expect=(Expect(1, "city", 8, ("blue",), complete=True),),
    expansions=("inns-cathedrals",),
)

# -- Traders & Builders ------------------------------------------------------------------------

GOODS_TO_CLOSER = Example(
    slug="goods-to-closer",
    chapter="traders-builders",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "tb-across-wine@0,-1/90:0N",  # C F C F: a wine city north–south on D's city; blue knight
    ),
    steps=(
        Step("E@0,-2/180"),  # F F C F: Red closes Blue's city: Blue scores it, Red takes the wine
        END,
    ),
    expect=(
        Expect(1, "city", 6, ("blue",), complete=True),
        Expect(2, "goods", 10, ("red",)),
    ),
    expansions=("traders-builders",),
)

PIG_FARM = Example(
    slug="pig-farm",
    chapter="traders-builders",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "E@0,-1/180",  # F F C F: closes the start tile's city
        "D@1,0/0:0ENE",  # C R F R: its city north; blue farmer in the field between city and road
        "E@1,-1/180",  # F F C F: closes that city too
    ),
    steps=(
        Step("U@2,0/0:0N+pig"),  # F R F R: Blue's pig joins the farmer in the same field
        END,
    ),
    expect=(Expect(2, "field", 8, ("blue",)),),
    expansions=("traders-builders",),
)

BUILDER_TURN = Example(
    slug="builder-turn",
    chapter="traders-builders",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@1,0/0:0E",  # F R F R: blue thief on the road east
        "E@0,-1/180",  # F F C F: Red's tile
    ),
    steps=(
        Step("U@2,0/0:0E+builder"),  # Blue's builder joins Blue's thief on the road
        Step("U@-1,0/0"),  # Red's turn
        Step("U@3,0/0"),  # Blue extends the builder's road: Blue lays another tile at once
        Step("E@0,1/180"),  # the extra tile, Blue's again
    ),
    expect=(),
    expansions=("traders-builders",),
)

# -- The Tower ---------------------------------------------------------------------------------

# The tower tile east of the start tile (to-city-straight-split, C R F R: its road goes on from the
# start tile's, its city opens north) has a bare foundation. Red's monk lies diagonally from it, Red's
# thief two squares south of it, with an empty square between.
TOWER_REACH = Example(
    slug="tower-reach",
    chapter="tower",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "to-city-straight-split@1,0/0",  # C R F R: the tower tile
        "B@0,1/0:1C",  # F F F F: cloister below the start tile; red monk, diagonal to the tower
        "U@0,2/0",  # F R F R
        "V@1,2/0:1W",  # F F R R: red thief, two squares south of the tower; (1, 1) stays empty
    ),
    steps=(
        Step("U@-1,0/0:tower=1,0"),  # F R F R: the first floor: the tower reaches one square each way
        Step("G@1,-1/90:1C"),  # C F C F: the tower tile's city goes on north; red knight, next to the tower
        # The second floor reaches two squares each way, but only in straight lines: the monk is
        # diagonal to the tower, and a tower never reaches it.
        Step("U@2,0/0:tower=1,0;capture=1@0,1/C", refused=True),
        Step("U@2,0/0:tower=1,0;capture=1@1,2/W"),  # F R F R: the thief is taken across the gap
    ),
    expect=(),
    expansions=("tower",),
    holds=(
        Holds(1, towers=((1, 0, 1),)),
        Holds(4, towers=((1, 0, 2),), prisoners=(("blue", "red"),), meeples=(7, 4)),
    ),
)

# Three pieces of city round an empty square: Blue's knight west of it, Red's knights east and south.
# Closed as they stand, the city would be Red's alone.
TOWER_MAJORITY = Example(
    slug="tower-majority",
    chapter="tower",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0",  # F R F R
        "U@1,0/0",  # F R F R
        "E@-1,1/90:0E",  # F C F F: a city opening east; blue knight
        "E@1,1/270:1W",  # F F F C: a city opening west; red knight
        "B@-1,2/0",  # F F F F
        "E@0,2/0:1N",  # C F F F: a city opening north; red's second knight
    ),
    steps=(
        Step("to-field@1,2/0:tower=1,2;capture=1@1,1/W"),  # F F F F: a tower tile and its first floor
        Step("U@2,0/0"),  # F R F R: Red's turn
        Step("R@0,1/180"),  # F C C C: joins the three pieces and closes the city: one knight each
    ),
    expect=(Expect(3, "city", 8, ("blue", "red"), complete=True),),
    expansions=("tower",),
    holds=(
        Holds(1, towers=((1, 2, 1),), prisoners=(("blue", "red"),), meeples=(6, 5)),
        Holds(3, towers=((1, 2, 1),), prisoners=(("blue", "red"),), meeples=(7, 6)),
    ),
)

# Red's knight in the tower tile's city north of the tower, Blue's thief on the road east of it.
TOWER_EXCHANGE = Example(
    slug="tower-exchange",
    chapter="tower",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "to-city-straight-split@1,0/0",  # C R F R: the tower tile
        "G@1,-1/90:1C",  # C F C F: its city goes on north; red knight
        "U@2,0/0:0E",  # F R F R: blue thief on the road east of the tower
        "U@-1,0/0",  # F R F R
    ),
    steps=(
        Step("E@0,-1/180:tower=1,0;capture=1@1,-1/C"),  # F F C F: Blue's floor takes Red's knight
        Step("V@3,0/0:tower=1,0;capture=0@2,0/E"),  # F F R R: Red's floor takes Blue's thief
    ),
    expect=(),
    expansions=("tower",),
    holds=(
        Holds(1, towers=((1, 0, 1),), prisoners=(("blue", "red"),), meeples=(6, 6)),
        Holds(2, towers=((1, 0, 2),), meeples=(7, 7)),  # exchanged at once: nobody holds a prisoner
    ),
)

# Red's knight in the tower tile's city north of the tower; the start tile's city is still open.
TOWER_RANSOM = Example(
    slug="tower-ransom",
    chapter="tower",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "to-city-straight-split@1,0/0",  # C R F R: the tower tile
        "G@1,-1/90:1C",  # C F C F: its city goes on north; red knight
        "U@-1,0/0",  # F R F R
    ),
    steps=(
        Step("E@0,-1/180:1S"),  # F F C F: Red closes the start tile's city with a knight
        Step("U@2,0/0:tower=1,0;capture=1@1,-1/C"),  # F R F R: Blue's floor takes Red's other knight
        # Red buys the knight back before laying the tile, closes the city it was taken from and
        # puts it straight back in: the city scores for Red.
        Step("E@1,-2/180:ransom=0/meeple:1S"),  # F F C F
    ),
    expect=(
        Expect(1, "city", 4, ("red",), complete=True),
        Expect(3, "ransom", 3, ("blue",)),
        Expect(3, "ransom", -3, ("red",)),
        Expect(3, "city", 6, ("red",), complete=True),
    ),
    expansions=("tower",),
    holds=(
        Holds(2, towers=((1, 0, 1),), prisoners=(("blue", "red"),), meeples=(7, 6)),
        Holds(3, towers=((1, 0, 1),), meeples=(7, 7)),
    ),
)

# -- Princess & Dragon ---------------------------------------------------------------------------

# One road along the row, Blue's thief on it; Red's knight alone in a small city south of the road's
# east end. No tile lies beside the row but those named, so the dragon has one way to go.
DRAGON_EATS_KNIGHT = Example(
    slug="dragon-eats-knight",
    chapter="princess-dragon",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@-1,0/0:0E",  # F R F R: blue thief on the road
        "U@1,0/0",  # F R F R
        "U@-2,0/0",  # F R F R
        "E@1,1/180:1S",  # F F C F: a city opening south, below the road; red knight, alone in it
    ),
    steps=(
        Step("pd-volcano@-2,1/0"),  # F F F F: a volcano below the road's west end: the dragon lands
        Step("B@2,1/0"),  # F F F F: a cloister beside Red's city
        # C F F F: closes Red's city. The dragon then walks six steps, Blue first: up onto the road,
        # along it east, down into Red's city (Blue's step, the fifth) and onto the new tile.
        Step("pd-city-dragon@1,2/0:dragon=-2,0>-1,0>0,0>1,0>1,1>1,2"),
    ),
    expect=(),  # the city is complete, but nobody is left in it to score it
    expansions=("princess-dragon",),
    holds=(
        Holds(1, dragon=(-2, 1)),
        Holds(3, dragon=(1, 2), meeples=(7, 7)),
    ),
)

# Blue's thief on a road that ends at a junction in the east and is open in the west.
FAIRY_POINTS = Example(
    slug="fairy-points",
    chapter="princess-dragon",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "U@1,0/0:0E",  # F R F R: blue thief
        "U@-1,0/0",  # F R F R
    ),
    steps=(
        Step("W@2,0/0:fairy=0@1,0/E"),  # F R R R: the road ends here; the fairy instead of a figure
        Step("E@0,-1/180"),  # F F C F: Red closes the start tile's empty city
        Step("A@-2,0/270"),  # F R F F: the road ends at the cloister: complete
    ),
    expect=(
        Expect(3, "fairy", 1, ("blue",)),
        Expect(3, "road", 5, ("blue",), complete=True),
        Expect(3, "fairy", 3, ("blue",)),
    ),
    expansions=("princess-dragon",),
    holds=(
        Holds(1, fairy=(1, 0)),
        Holds(3, fairy=(1, 0)),  # its follower scored and went home: the fairy stays, beside nobody
    ),
)

# Blue's knight in the city north of the start tile, Red's in a city opening west two squares east.
PRINCESS_KNIGHT = Example(
    slug="princess-knight",
    chapter="princess-dragon",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "N@0,-1/180:0S",  # F C C F: the start tile's city turns east; blue knight
        "U@1,0/0",  # F R F R
        "U@2,0/0",  # F R F R
        "E@2,-1/270:1W",  # F F F C: a city opening west; red knight
    ),
    steps=(
        # C C F C: joins both cities; instead of a figure, the princess sends Red's knight home
        Step("pd-three-sided-princess@1,-1/0:princess=1@2,-1/W"),
        Step("U@-1,0/0"),  # F R F R: Red's turn
        Step("E@1,-2/180"),  # F F C F: closes the city: Blue's knight alone
    ),
    expect=(Expect(3, "city", 10, ("blue",), complete=True),),
    expansions=("princess-dragon",),
    holds=(Holds(1, meeples=(6, 7)),),
)

# The start tile's city is closed and empty; Red's thief on the road east; a cloister nobody took.
PORTAL_FIGURE = Example(
    slug="portal-figure",
    chapter="princess-dragon",
    players=("blue", "red"),
    setup=(
        "D@0,0/0",
        "E@0,-1/180",  # F F C F: closes the start tile's city, nobody in it
        "U@1,0/0:1E",  # F R F R: red thief
        "U@-1,0/0",  # F R F R
        "B@0,1/0",  # F F F F: a cloister below the start tile, no monk
    ),
    steps=(
        # F R R R with a magic portal: a figure may go onto another tile, but not into a finished city
        Step("pd-junction-portal@2,0/0:portal=0@0,-1/S", refused=True),
        Step("pd-junction-portal@2,0/0:portal=0@0,1/C"),  # the same tile: Blue's monk into the cloister
    ),
    expect=(),
    expansions=("princess-dragon",),
    holds=(Holds(2, meeples=(6, 6)),),
)

# -- The Count of Carcassonne --------------------------------------------------------------------

# The City of Carcassonne, laid by nobody before the first turn, each tile on its own square at
# rotation 0: count-1 at (-2, -1) ... count-12 at (1, 1). Its outer features used below: count-4's road
# leaving north at (1, -1), count-9's city opening south at (-2, 1), count-12's city opening east at
# (1, 1), and the three fields round it (north, east, south-west), every one touching the City.
CITY = tuple(f"{tile.name}@{x},{y}/0" for tile in COUNT_TILES for x, y in (CITY_SQUARES[tile.name],))

# Red's thief on the road north of the City; the tile that ends it pays Red and not its layer, Blue.
_RED_ROAD = "U@1,-2/90:1N"  # R F R F: the road leaving the City northwards; red thief
_RED_ROAD_ENDS = "A@1,-3/0"  # F F R F: it ends at a cloister: complete, three tiles, Red's

COUNT_QUARTER = Example(
    slug="count-quarter",
    chapter="count",
    players=("blue", "red"),
    setup=(
        *CITY,
        "G@2,1/0:0C",  # F C F C: the City's eastern city goes on east, open; blue knight
        _RED_ROAD,
    ),
    steps=(
        # Blue ends Red's road and scores nothing: a meeple into the castle, the Count to the market.
        Step(_RED_ROAD_ENDS + ":quarter=castle,count=market"),
        # F F F C: closes Blue's city. Red scores nothing: a meeple into the market, and the Count
        # back into the castle, where Blue's follower can no longer step out.
        Step("E@3,1/270:quarter=market,count=castle"),
    ),
    expect=(
        Expect(1, "road", 3, ("red",), complete=True),
        Expect(2, "city", 6, ("blue",), complete=True),
    ),
    expansions=("count",),
    holds=(
        Holds(1, quarters=(("blue", "castle"),), count="market", meeples=(5, 7)),
        Holds(2, quarters=(("blue", "castle"), ("red", "market")), count="castle", meeples=(6, 6)),
    ),
)

# Blue's knight holds a small city below the City's south-east corner; Red's thief the road leaving
# the City northwards.
COUNT_CASTLE = Example(
    slug="count-castle",
    chapter="count",
    players=("blue", "red"),
    setup=(
        *CITY,
        "E@1,2/90:0E",  # F C F F: a city opening east, below the City; blue knight
        _RED_ROAD,
    ),
    steps=(
        # Blue ends Red's road and scores nothing: a meeple into the castle, the Count to the cathedral.
        Step(_RED_ROAD_ENDS + ":quarter=castle,count=cathedral"),
        Step("N@2,1/270:1W"),  # F F C C: the City's eastern city turns south; red knight
        # C F F C: joins both pieces and closes the city. One knight each would share it; just
        # before it is scored Blue steps out of the castle onto it: two against one.
        Step("N@2,2/0:from_city=0@2,2/N"),
    ),
    expect=(
        Expect(1, "road", 3, ("red",), complete=True),
        Expect(3, "city", 8, ("blue",), complete=True),
    ),
    expansions=("count",),
    holds=(
        Holds(1, quarters=(("blue", "castle"),), count="cathedral", meeples=(5, 7)),
        Holds(3, count="cathedral", meeples=(7, 7)),
    ),
)

# The small city of count-9 is closed, with nobody in it: the field west of the City touches it and
# the City. Red's thief on the road leaving the City northwards.
COUNT_MARKET = Example(
    slug="count-market",
    chapter="count",
    players=("blue", "red"),
    setup=(
        *CITY,
        "E@-2,2/0",  # C F F F: closes count-9's small city; nobody in it
        _RED_ROAD,
    ),
    steps=(
        # Blue ends Red's road and scores nothing: a meeple into the market; the Count stays in the castle.
        Step(_RED_ROAD_ENDS + ":quarter=market"),
        Step("E@-3,0/270:1E"),  # F F F C: a city opening west; red farmer in the field west of the City
        # At the end Blue's follower leaves the market for the same field, on count-10's south edge.
        Step(end=True, market=("0@-1,1/S",)),
    ),
    expect=(
        Expect(1, "road", 3, ("red",), complete=True),
        Expect(3, "field", 6, ("blue", "red")),
    ),
    expansions=("count",),
    holds=(Holds(1, quarters=(("blue", "market"),), count="castle", meeples=(6, 7)),),
)

# Three farmers in the three fields round the City: under the 3rd edition each field counts the City
# as a completed city (2nd edition: once per player; 1st: once, 4 points, for the majority of all).
COUNT_FARM = Example(
    slug="count-farm",
    chapter="count",
    players=("blue", "red"),
    setup=(
        *CITY,
        "E@-1,-2/0:0S",  # C F F F: a city opening north, above the City; blue farmer in the north field
        "E@2,0/90:1W",  # F C F F: a city opening east, beside it; red farmer in the east field
    ),
    steps=(
        Step("E@-3,0/270:0E"),  # F F F C: a city opening west; blue farmer in the south-west field
        END,
    ),
    expect=(
        Expect(2, "field", 3, ("blue",)),
        Expect(2, "field", 3, ("blue",)),
        Expect(2, "field", 3, ("red",)),
    ),
    expansions=("count",),
)

EXAMPLES: dict[str, Example] = _examples(
    EDGE_MISMATCH,
    MEEPLE_SAME_TURN,
    ROAD_LOOP,
    ROAD_STRAIGHT,
    ROAD_TO_CITY,
    CITY_THREE,
    CITY_PENNANT,
    CITY_TWO,
    CITY_TWO_OLD,
    CLOISTER_COMPLETE,
    CITY_MERGE_SHARED,
    MAJORITY,
    END_GAME,
    CLOISTER_UNFINISHED,
    WHOLE_GAME,
    THREE_FARMERS,
    FARMERS_JOINED,
    FARM_EDITIONS_3RD,
    FARM_EDITIONS_2ND,
    FARM_EDITIONS_1ST,
    RIVER_START,
    RIVER_FIELD,
    GARDEN_COMPLETE,
    ABBOT_RECALL,
    INN_ROAD,
    INN_ROAD_UNFINISHED,
    CATHEDRAL_CITY,
    BIG_MEEPLE,
    GOODS_TO_CLOSER,
    PIG_FARM,
    BUILDER_TURN,
    TOWER_REACH,
    TOWER_MAJORITY,
    TOWER_EXCHANGE,
    TOWER_RANSOM,
    DRAGON_EATS_KNIGHT,
    FAIRY_POINTS,
    PRINCESS_KNIGHT,
    PORTAL_FIGURE,
    COUNT_QUARTER,
    COUNT_CASTLE,
    COUNT_MARKET,
    COUNT_FARM,
)

# -- quizzes -----------------------------------------------------------------------------------

QUIZZES: dict[str, Quiz] = _quizzes(
    # -- placing tiles: does it fit, which way, and corners --
    # A gap with three neighbours: the city cap's field to the west, the bend's road to the south
    # and a city cap's wall to the east. D turned 90 (R C R F) matches all three.
    Quiz(
        slug="tile-fits",
        chapter="placing-tiles",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "E@0,-1/180",  # F F C F: its east edge is field
            "V@1,0/90",  # R F F R: the road bends north into the gap
            "B@2,0/0",  # F F F F
            "E@2,-1/270",  # F F F C: a city wall facing the gap
        ),
        move="D@1,-1/90",  # R C R F
        ask=Ask.FITS,
        answer=YES,
    ),
    # The gap asks for field to the west and road to the south: only the bend turned 270 (F R R F).
    Quiz(
        slug="tile-turn",
        chapter="placing-tiles",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "E@0,-1/180",  # F F C F: its east edge is field
            "V@1,0/90",  # R F F R: the road bends north into the gap
        ),
        move="V@1,-1/270",
        ask=Ask.TURN,
        answer=270,
    ),
    # The dashed square meets the start tile only at a corner.
    Quiz(
        slug="tile-corner",
        chapter="placing-tiles",
        players=("blue", "red"),
        setup=("D@0,0/0", "E@0,-1/180"),
        move="B@1,1/0",
        ask=Ask.FITS,
        answer=NO,
    ),
    # -- placing meeples: occupied, separate, and one's own --
    # N turned 180 (F C C F) continues the city north of the start tile, where Red's knight stands.
    Quiz(
        slug="meeple-occupied",
        chapter="placing-meeples",
        players=("blue", "red"),
        setup=("D@0,0/0", "G@0,-1/90:1C"),  # C F C F: the city runs north; red knight
        move="N@0,-2/180:0S",
        ask=Ask.FIGURE,
        answer=NO,
    ),
    # Red's thief is on the road west of the junction; the junction ends it, so the road leaving
    # the junction to the east is another road.
    Quiz(
        slug="meeple-separate",
        chapter="placing-meeples",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "W@1,0/0",  # F R R R: a junction east of the start tile
            "U@-1,0/0:1W",  # F R F R: red thief on the road U, D, up to the junction
        ),
        move="U@2,0/0:0E",
        ask=Ask.FIGURE,
        answer=YES,
    ),
    # Blue's own thief already stands on the road the new tile extends.
    Quiz(
        slug="meeple-own",
        chapter="placing-meeples",
        players=("blue", "red"),
        setup=("D@0,0/0", "U@1,0/0:0E", "U@-1,0/0"),  # blue thief east of the start tile
        move="U@2,0/0:0E",
        ask=Ask.FIGURE,
        answer=NO,
    ),
    # A road leaves L's junction east, bends round three curves and comes back into L from the
    # south: L is on the road twice but counts once. L and three curves: 4 tiles.
    Quiz(
        slug="road-points",
        chapter="roads",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "L@1,0/0",  # C R R R: three roads ending at the junction
            "V@2,0/0:0S",  # F F R R: curve west–south; blue thief
            "V@2,1/90",  # R F F R: curve north–west
        ),
        player="blue",
        move="V@1,1/180",  # R R F F: curve north–east, back into L
        answer=4,
    ),
    # D's city runs north through F (pennant), turns east at M (pennant), on through G to a cap
    # that closes it: 5 tiles and 2 pennants, 2 points each.
    Quiz(
        slug="city-points",
        chapter="cities",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "F@0,-1/90:0C",  # C F C F: pennant city north–south on D's city; blue knight
            "M@0,-2/180",  # F C C F: pennant city south+east
            "G@1,-2/0",  # F C F C: city west–east
            "U@1,0/0:1E",  # F R F R: red thief on D's road
        ),
        player="blue",
        move="E@2,-2/270",  # F F F C: a cap opening west closes the city
        answer=14,
    ),
    Quiz(
        slug="cloister-points",
        chapter="cloisters",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "A@1,0/90:0C",  # F F F R: cloister east of D, D's road ends at it; blue monk
            "E@0,-1/180",  # F F C F: closes D's city (no knight)
            "U@0,1/0:1W",  # F R F R: red thief
            "V@1,1/0",  # F F R R
            "E@1,-1/0",  # C F F F
            "E@2,1/0",  # C F F F
        ),
        player="blue",
        answer=7,
    ),
    # Red's monk; Blue lays the tile that fills the eighth square round the cloister.
    Quiz(
        slug="cloister-who",
        chapter="cloisters",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "W@-1,0/0",  # F R R R
            "B@0,1/0:1C",  # F F F F: cloister below the start tile; red monk
            "V@1,0/0",  # F F R R
            "U@-1,1/90",  # R F R F
            "V@1,1/180",  # R R F F
            "U@0,2/0",  # F R F R
            "V@-1,2/180",  # R R F F
            "E@0,-1/180",  # F F C F
        ),
        move="U@1,2/0",  # F R F R: the eighth neighbour
        ask=Ask.WHO,
        answer="red",
    ),
    # Blue's knight in the pennant city D + M, red's knight in a cap two squares east; F (another
    # pennant) joins and closes them: 4 tiles and 2 pennants, one knight each.
    Quiz(
        slug="shared-city",
        chapter="sharing",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@1,0/0",  # F R F R
            "U@2,0/0",  # F R F R
            "M@0,-1/180:0S",  # F C C F: pennant city south+east on D's city; blue knight
            "E@2,-1/270:1W",  # F F F C: city opening west; red knight
        ),
        player="red",
        move="F@1,-1/0",  # F C F C: pennant city west–east
        answer=12,
    ),
    # Blue's C joins four pieces of city into one: Blue has one knight in it, Red two.
    Quiz(
        slug="majority-who",
        chapter="sharing",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@-1,0/0",  # F R F R
            "U@1,0/0",  # F R F R
            "E@-1,-1/90:0E",  # F C F F: a city opening east; blue knight
            "E@1,-1/270:1W",  # F F F C: a city opening west; red knight
            "B@-1,-2/0",  # F F F F
            "E@0,-2/180:1S",  # F F C F: a city opening south; red's second knight
        ),
        move="C@0,-1/0",  # C C C C: closes all four into one city
        ask=Ask.WHO,
        answer="red",
    ),
    # Blue: a thief on an open road of 3 tiles (3), a knight in D's city grown north by F with its
    # pennant (2 tiles + 1 pennant = 3) and a farmer south of the road, whose field touches the
    # finished two-tile city of the two E's (3). Red's monk does not count for blue.
    Quiz(
        slug="end-count",
        chapter="game-end",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@1,0/0:0E",  # F R F R: blue thief
            "F@0,-1/90:0C",  # C F C F: pennant city north–south; blue knight
            "U@-1,0/0:0S",  # F R F R: blue farmer south of the road
            "B@0,1/0:1C",  # F F F F: red monk
            "E@1,1/90",  # F C F F: city opening east
            "E@2,1/270",  # F F F C: closes it (no knight)
        ),
        player="blue",
        answer=9,
    ),
    # Blue's knight in an open city of three tiles with two pennants (F and M): 1 each at the end.
    Quiz(
        slug="end-city",
        chapter="game-end",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "F@0,-1/90:0C",  # C F C F: pennant city north–south; blue knight
            "U@1,0/0:1E",  # F R F R: red thief
            "M@0,-2/180",  # F C C F: pennant corner, open to the east
        ),
        player="blue",
        answer=5,
    ),
    # Blue's farmer lies on the strip north of the road through D, D and L; it touches D's city
    # (closed by E) and the second D's city (closed by E), both with red knights, and L's city,
    # which is open: 2 completed cities, 3 each.
    Quiz(
        slug="farm-points",
        chapter="farms",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "E@0,-1/180:1S",  # F F C F: closes D's city; red knight scores and comes back
            "D@1,0/0:0ENE",  # C R F R: blue farmer on the field between road and city
            "E@1,-1/180:1S",  # F F C F: closes the second D's city; red again
            "L@2,0/0",  # C R R R: a city opening north, never finished
        ),
        player="blue",
        answer=6,
    ),
    # The same board under the three farm rules. City A: D, F, the cap; city B: two caps east of F.
    # Blue's farmers: one in the field east of F (touching A and B), one in the far cap's field
    # (touching B); Red's farmer in the northern cap's field (touching A).
    *(
        Quiz(
            slug=f"farm-{edition}",
            chapter="editions",
            players=("blue", "red"),
            setup=(
                "D@0,0/0",
                "F@0,-1/90",  # C F C F: city A runs north through F
                "E@0,-2/180:1N",  # F F C F: closes city A; red farmer in the cap's field
                "E@1,-1/90:0W",  # F C F F: city B opening east; blue farmer in the field by F
                "B@0,1/0",  # F F F F
                "E@2,-1/270:0E",  # F F F C: closes city B; blue farmer in its field
            ),
            player="blue",
            answer=answer,
            rules=Rules(farmers=edition),
        )
        # 3rd: 3 per city per field (6 + 3); 2nd: each city once for Blue (3 + 3); 1st: A tied
        # one farmer each (4 to both), B Blue's alone (4)
        for edition, answer in (("3rd", 9), ("2nd", 6), ("1st", 8))
    ),
    # -- the River --
    # The river turned left at the bend; a bend turned the same way again would bring it back.
    Quiz(
        slug="river-turn",
        chapter="river",
        players=("blue", "red"),
        setup=(
            "river-spring@0,0/0",  # F ~ F F
            "river-curve@1,0/90",  # ~ F F ~: the river turns left, to the north
        ),
        move="river-curve@1,-1/270",  # F ~ ~ F: turns right, to the east
        ask=Ask.TURN,
        answer=270,
        expansions=("river",),
    ),
    # Two left turns with a straight between them: allowed.
    Quiz(
        slug="river-bend",
        chapter="river",
        players=("blue", "red"),
        setup=(
            "river-spring@0,0/0",  # F ~ F F
            "river-curve@1,0/90",  # ~ F F ~: left, to the north
            "river-straight@1,-1/90",  # ~ F ~ F: straight on
        ),
        move="river-curve@1,-2/0",  # F F ~ ~: left again, to the west
        ask=Ask.FITS,
        answer=YES,
        expansions=("river",),
    ),
    # Blue lays E beside the cloister and takes the abbot back instead of placing a figure: the
    # cloister scores as if the game had ended, itself and D, U and the new tile around it.
    Quiz(
        slug="abbot-recall-points",
        chapter="abbot",
        players=("blue", "red"),
        setup=ABBOT_RECALL.setup,
        player="blue",
        move="E@1,1/90:0^0,1",
        answer=4,
        expansions=("abbot",),
    ),
    # A meeple on the garden of a garden tile.
    Quiz(
        slug="garden-meeple",
        chapter="abbot",
        players=("blue", "red"),
        setup=("D@0,0/0",),
        move="E-garden@0,1/180:0C",  # F F C F with a garden in the middle
        ask=Ask.FIGURE,
        answer=NO,
        expansions=("abbot",),
    ),
    # W, U, D, the inn, U and W: six tiles of road with an inn, 2 each.
    Quiz(
        slug="inn-points",
        chapter="inns-cathedrals",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "ic-straight-inn@1,0/0:0E",  # F R F R with an inn; blue thief
            "U@2,0/0",  # F R F R
            "U@-1,0/0",  # F R F R
            "W@3,0/0",  # F R R R: the road ends east
        ),
        player="blue",
        move="W@-2,0/0",  # F R R R: and west
        answer=12,
        expansions=("inns-cathedrals",),
    ),
    # Blue's knight in an open city with a cathedral (0 at the end) and a thief on a road of two
    # tiles (2).
    Quiz(
        slug="cathedral-unfinished",
        chapter="inns-cathedrals",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "ic-cathedral@0,-1/0:0N",  # C C C C: the cathedral joins the start tile's city; blue knight
            "E@1,-1/270",  # F F F C: caps it to the east
            "U@1,0/0:0E",  # F R F R: blue thief on the road D, U
        ),
        player="blue",
        answer=2,
        expansions=("inns-cathedrals",),
    ),
    # Blue's big meeple against Red's two knights: two against two.
    Quiz(
        slug="big-meeple-who",
        chapter="inns-cathedrals",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@-1,0/0",  # F R F R
            "U@1,0/0",  # F R F R
            "E@-1,-1/90:0E+big",  # F C F F: a city opening east; Blue's big meeple
            "E@1,-1/270:1W",  # F F F C: a city opening west; red knight
            "B@-1,-2/0",  # F F F F
            "E@0,-2/180:1S",  # F F C F: a city opening south; red's second knight
        ),
        move="C@0,-1/0",  # C C C C: joins them into one city
        ask=Ask.WHO,
        answer="blue+red",
        expansions=("inns-cathedrals",),
    ),
    # Red closed Blue's wine city and holds the only wine token: 10 points at the end.
    Quiz(
        slug="goods-majority",
        chapter="traders-builders",
        players=("blue", "red"),
        setup=(*GOODS_TO_CLOSER.setup, "E@0,-2/180"),
        player="red",
        answer=10,
        expansions=("traders-builders",),
    ),
    # Blue's builder stands in Blue's city; Blue's cap extends (and closes) that city.
    Quiz(
        slug="builder-next",
        chapter="traders-builders",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "F@0,-1/90:0C",  # C F C F: pennant city north–south; blue knight
            "U@1,0/0",  # F R F R
            "G@0,-2/90:0C+builder",  # C F C F: the city goes on north; Blue's builder joins the knight
            "U@-1,0/0",  # F R F R
        ),
        move="E@0,-3/180",  # F F C F: closes the city
        ask=Ask.NEXT,
        answer="blue",
        expansions=("traders-builders",),
    ),
    # -- The Tower --
    # The tower east of the start tile has two floors; Blue's floor makes it three. Blue's own thief
    # is three squares east on the road, Red's thief four squares east, Red's monk diagonal to it.
    Quiz(
        slug="tower-capture",
        chapter="tower",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "to-city-straight-split@1,0/0:tower=1,0",  # C R F R: the tower tile and its first floor
            "B@0,1/0:1C",  # F F F F: red monk, diagonal to the tower
            "U@2,0/0:tower=1,0",  # F R F R: the second floor
            "U@3,0/0",  # F R F R
            "U@4,0/0:0E",  # F R F R: blue thief, three squares east of the tower
            "W@5,0/0:1E",  # F R R R: the road ends; red thief on the road east, four squares away
        ),
        move="U@-1,0/0:tower=1,0",  # F R F R, and the third floor
        ask=Ask.CAPTURE,
        answer="blue",
        expansions=("tower",),
    ),
    # One knight each in the pieces of city round the empty square; a tower of one floor two squares
    # north of Red's knight. Blue's tile closes the city and Blue's floor takes Red's knight first.
    Quiz(
        slug="tower-who",
        chapter="tower",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@-1,0/0",  # F R F R
            "U@1,0/0",  # F R F R
            "E@-1,1/90:0E",  # F C F F: a city opening east; blue knight
            "E@1,1/270:1W",  # F F F C: a city opening west; red knight
            "B@-1,2/0",  # F F F F
            "E@0,2/0",  # C F F F: a city opening north, empty
            "to-field@1,-1/0:tower=1,-1",  # F F F F: a tower tile north of the road, one floor
            "U@2,0/0",  # F R F R
        ),
        move="R@0,1/180:tower=1,-1;capture=1@1,1/W",  # F C C C: closes the city
        ask=Ask.WHO,
        answer="blue",
        expansions=("tower",),
    ),
    # Blue scored the start tile's city; Red's floor took Blue's knight from the city north of the
    # tower. Blue buys it back, closes that city (three tiles and a pennant) and puts it straight in.
    Quiz(
        slug="ransom-points",
        chapter="tower",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "E@0,-1/180:0S",  # F F C F: closes the start tile's city; blue knight
            "to-city-straight-split@1,0/0",  # C R F R: the tower tile
            "F@1,-1/90:0C",  # C F C F with a pennant: the tower tile's city goes on north; blue knight
            "U@2,0/0:tower=1,0;capture=0@1,-1/C",  # F R F R: Red's floor takes Blue's knight
        ),
        player="blue",
        move="E@1,-2/180:ransom=1/meeple:0S",  # F F C F: closes the city
        answer=5,
        expansions=("tower",),
    ),
    # -- Princess & Dragon --
    # A road along the row: Blue's thief on (1, 0) with the fairy beside it, Red's farmers on (-1, 0)
    # and (2, 0); the dragon on the volcano below the start tile. Red's dragon tile ends the row.
    Quiz(
        slug="dragon-path",
        chapter="princess-dragon",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@1,0/0:0E",  # F R F R: blue thief
            "U@2,0/0:1N",  # F R F R: red farmer north of the road
            "pd-volcano@0,1/0",  # F F F F: the dragon lands below the start tile
            "U@-1,0/0:1S",  # F R F R: red farmer south of the road
            "U@-2,0/0:fairy=0@1,0/E",  # F R F R: the fairy beside Blue's thief
        ),
        move="pd-straight-dragon@3,0/0:dragon=0,0>1,0>2,0>3,0",  # F R F R
        ask=Ask.FITS,
        answer=NO,
        expansions=("princess-dragon",),
    ),
    # Blue's knight in the city running north from the start tile, the fairy beside it since Blue's
    # last turn. Blue's cap closes the city.
    Quiz(
        slug="fairy-bonus",
        chapter="princess-dragon",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "G@0,-1/90:0C",  # C F C F: the city goes on north; blue knight
            "U@1,0/0",  # F R F R
            "U@-1,0/0:fairy=0@0,-1/C",  # F R F R: the fairy beside Blue's knight
            "U@2,0/0",  # F R F R
        ),
        player="blue",
        move="E@0,-2/180",  # F F C F: closes the city
        answer=10,
        expansions=("princess-dragon",),
    ),
    # Three pieces of city round an empty square: Blue's knight west, Red's knights east and south.
    # Blue's princess tile joins and closes them, and sends one of Red's knights home first.
    Quiz(
        slug="princess-who",
        chapter="princess-dragon",
        players=("blue", "red"),
        setup=(
            "D@0,0/0",
            "U@-1,0/0",  # F R F R
            "U@1,0/0",  # F R F R
            "E@-1,1/90:0E",  # F C F F: a city opening east; blue knight
            "E@1,1/270:1W",  # F F F C: a city opening west; red knight
            "B@-1,2/0",  # F F F F
            "E@0,2/0:1N",  # C F F F: a city opening north; red's second knight
        ),
        move="pd-three-sided-princess@0,1/180:princess=1@1,1/W",  # F C C C: closes the city
        ask=Ask.WHO,
        answer="blue+red",
        expansions=("princess-dragon",),
    ),
    # -- The Count of Carcassonne --
    # Blue's knight in a small city below the City's south-east corner, Red's knight in the City's
    # eastern city turning south; Blue's follower in the castle, where the Count still stands. Red's
    # corner joins and closes the city: nobody may step out of the Count's quarter.
    Quiz(
        slug="count-who",
        chapter="count",
        players=("blue", "red"),
        setup=(
            *CITY,
            "E@1,2/90:0E",  # F C F F: a city opening east; blue knight
            _RED_ROAD,
            _RED_ROAD_ENDS + ":quarter=castle",  # Blue into the castle; the Count stays there
            "N@2,1/270:1W",  # F F C C: the City's eastern city turns south; red knight
            "U@-3,-1/0",  # F R F R: the road leaving the City westwards
        ),
        move="N@2,2/0",  # C F F C: joins both pieces and closes the city
        ask=Ask.WHO,
        answer="blue+red",
        expansions=("count",),
    ),
    # Red's monk on a cloister above the City, three of whose neighbours are City tiles; Blue's
    # follower in the cathedral, the Count in the castle. Red lays the eighth neighbour.
    Quiz(
        slug="count-cloister",
        chapter="count",
        players=("blue", "red"),
        setup=(
            *CITY,
            "E@0,-2/0",  # C F F F: a city opening north, above the City
            _RED_ROAD,
            _RED_ROAD_ENDS + ":quarter=cathedral",  # Blue into the cathedral; the Count stays in the castle
            "B@-1,-2/0:1C",  # F F F F: a cloister above the City; red monk
            "E@-2,-2/270",  # F F F C
            "E@-1,-3/0",  # C F F F
            "E@-2,-3/0",  # C F F F
        ),
        player="blue",
        # F F C F: closes the empty city below it, and fills the cloister's eighth square; Blue steps
        # out of the cathedral onto the cloister: one follower each, a tie.
        move="E@0,-3/180:from_city=0@-1,-2/C",
        answer=9,
        expansions=("count",),
    ),
    # Blue's farmers in the field west of the City (which also touches count-9's small city, closed)
    # and in the field north of it; 3rd-edition farms: the City counts in each.
    Quiz(
        slug="count-farm",
        chapter="count",
        players=("blue", "red"),
        setup=(
            *CITY,
            "E@-3,0/270:0E",  # F F F C: a city opening west; blue farmer in the south-west field
            "E@-2,2/0",  # C F F F: closes count-9's small city; nobody in it
            "E@-1,-2/0:0S",  # C F F F: a city opening north; blue farmer in the north field
        ),
        player="blue",
        answer=9,
        expansions=("count",),
    ),
)
