"""Named boards used by several test files, each built tile by tile and commented.

Placement text: ``TILE@X,Y/ROTATION[:PLAYERPLACE]``; x grows east, y grows south (the tile above
(0, 0) is (0, -1)); rotation is clockwise, 90° moves a tile's north edge to the east. Every
rotation was worked out by hand from the edge lists of tiles.md.
"""

# A road loop of four curves under the start tile: "道路圍成一圈 ... 可得四分".
ROAD_LOOP = [
    "D@0,0/0",
    "V@0,1/270:0S",  # V turned 270: road S–E; its north edge (field) meets D's field
    "V@1,1/0",  # road W–S
    "V@0,2/180",  # road N–E
    "V@1,2/90",  # road N–W closes the loop
]

# A straight road between two junctions: "右邊的直路得三分".
ROAD_BETWEEN_JUNCTIONS = [
    "D@0,0/0",
    "X@-1,0/0:0E",  # crossroads west of D, thief on its east road
    "W@1,0/0",  # a T junction east of D ends the road: X, D, W
]

# The road starts at a city (S turned 270: its road leaves east) and ends at a cloister (A turned 90).
ROAD_CITY_TO_CLOISTER = [
    "D@0,0/0",
    "S@-1,0/270:0E",
    "A@1,0/90",
]

# The long city: "左邊的長條形城堡得 6 分".
LONG_CITY = [
    "D@0,0/0",
    "G@0,-1/90:1N",  # G turned 90: city N–S
    "E@0,-2/180",  # city S closes it: 3 tiles
]

# The "butterfly": 4 tiles and a pennant, 8 + 2.
BUTTERFLY = [
    "D@0,0/0",
    "N@0,-1/180:0S",  # N turned 180: city S+E
    "F@1,-1/0",  # city W–E with a pennant
    "E@2,-1/270",  # city W closes it
]

SMALL_CITY = ["D@0,0/0", "E@0,-1/180:1S"]
# Two cities, blue's (player 0) and red's (player 1), joined by a tile: one knight each, 10 each.
MERGED_CITIES = [
    "D@0,0/0",
    "N@0,-1/180:0S",  # blue's city: D + N (open to the east)
    "U@1,0/0",
    "U@2,0/0",
    "E@2,-1/270:1W",  # red's city, a separate one opening west
    "F@1,-1/0",  # city W–E with a pennant joins both: 4 tiles + 1 pennant
]

# The cloister: "修道院 ... 共得 9 分".
CLOISTER_RING = [
    "D@0,0/0",
    "U@-1,0/0",
    "U@1,0/0",
    "B@0,1/0:0C",  # monk
    "E@-1,1/270",  # city faces west, field edges east and south
    "E@1,1/90",  # city faces east
    "U@-1,2/0",
    "U@0,2/0",
    "U@1,2/0",  # the eighth neighbour
]

# Three separate road pieces with thieves (player 0, player 0, player 1), then joined and closed:
# a row of E tiles (city facing south) below holds the pieces up until they are joined.
ROAD_TWO_AGAINST_ONE = [
    "D@0,0/0",
    "E@0,1/180",
    "E@1,1/180",
    "E@2,1/180",
    "E@3,1/180",
    "E@4,1/180",
    "U@-1,0/0:0W",  # player 0 on D's road
    "U@2,0/0:0W",  # player 0 on a separate road
    "U@4,0/0:1W",  # player 1 on a third road
    "U@1,0/0",  # joins the first two: player 0 now has 2 on it
    "U@3,0/0",  # joins the third: 2 against 1
    "W@-2,0/180",  # W turned 180: roads N, E, W; its east road ends the west end
    "W@5,0/180",  # the east end: 8 tiles
]

# L closes a two-tile city above it (knight of player 1) and the road X–D–L (thief of player 0).
CITY_AND_ROAD_TOGETHER = [
    "D@0,0/0",
    "X@-1,0/0:0E",
    "E@0,-1/180",  # closes D's city at once; nobody is on it, nothing is scored
    "E@1,-1/180:1S",  # a second small city opening south
    "L@1,0/0",  # city N closes E's city, its west road ends the road X–D–L
]

# The last tile completes the cloister (monk of player 0) and closes a road (thief of player 1).
CLOISTER_AND_ROAD_TOGETHER = [
    *CLOISTER_RING[:6],
    "A@-1,2/270",  # a cloister whose road leaves east
    "U@0,2/0:1W",
    "A@1,2/90",  # its road ends west: road A–U–A closed, and the eighth neighbour of B
]

# Three N tiles and an I make a ring of city around a corner: I's two city segments are one city.
CITY_THROUGH_I_TWICE = [
    "D@0,0/0",
    "N@0,1/180:0E",  # city S+E
    "N@1,1/270",  # city S+W
    "N@0,2/90",  # city N+E
    "I@1,2/0",  # city N and city W: both ends of the same city
]

# A ring of city round the east side of H: H's N and S segments become one city.
CITY_THROUGH_H_TWICE = [
    "D@0,0/0",
    "N@0,1/180:0E",  # city S+E, its north edge field under D
    "N@1,1/270",  # city W+S
    "G@1,2/90",  # city N–S
    "M@1,3/0",  # city N+W with a pennant
    "N@0,3/90",  # city N+E
    "H@0,2/0",  # city N and city S: the ring closes through H twice; 6 tiles + 1 pennant
]

# A road that leaves a T junction east and comes back into its south end.
ROAD_THROUGH_W_TWICE = [
    "D@0,0/0",
    "W@0,1/0:0E",  # junction under D: roads E, S, W
    "V@1,1/0",  # road W–S
    "V@1,2/90",  # road N–W
    "V@0,2/180",  # road N–E: back into W's south end
]

ROAD_THROUGH_X_TWICE = [
    "D@0,0/0",
    "X@1,0/0:1S",  # crossroads east of D, thief on its south road
    "V@2,0/0",  # road W–S
    "V@2,1/90",  # road N–W
    "V@1,1/180",  # road N–E: back into X's south end
]

CITY_AROUND_C = [
    "D@0,0/0",
    "C@0,-1/0:0S",  # every edge city, and a pennant
    "E@-1,-1/90",  # city E
    "E@1,-1/270",  # city W
    "E@0,-2/180",  # city S: D, C and three E, 5 tiles + 1 pennant
]

# Two cloisters side by side, monks of players 0 and 1; the last tile, (1, 2), is the eighth
# neighbour of both.
TWO_CLOISTERS_AT_ONCE = [
    "D@0,0/0",
    "U@-1,0/0",
    "U@1,0/0",
    "U@2,0/0",
    "B@0,1/0:0C",
    "B@1,1/0:1C",
    "E@-1,1/270",  # city west
    "E@2,1/90",  # city east
    "U@-1,2/0",
    "U@2,2/0",
    "U@0,2/0",
    "U@1,2/0",
]

# All twelve river tiles, worked out from tiles.md. The river leaves the spring eastwards.
RIVER = [
    "river-spring@0,0/0",  # river east
    "river-straight@1,0/0",  # W→E
    "river-curve@2,0/0",  # river S+W: enters W, leaves S (a right turn)
    "river-straight@2,1/90",  # N→S
    "river-city-corner@2,2/270",  # river E+S turned 270 = N+E: enters N, leaves E (left)
    "river-cloister@3,2/0",  # W→E
    "river-curve@4,2/0",  # W→S (right: allowed, a straight lies between)
    "river-cities@4,3/90",  # N→S, cities east and west
    "river-road-curve@4,4/180",  # river S+W turned 180 = N+E: enters N, leaves E (left)
    "river-city-road@5,4/0",  # W→E
    "river-bridge@6,4/90",  # river N–S turned 90 = W–E; the road runs N–S over it
    "river-lake@7,4/0",  # the end
]

# The article's three farmers (yellow = player 0, red = 1, blue = 2). The little city D + E
# closes at once. Red's field (north of the road) and blue's (round E) both touch it; yellow's
# (south of the road) touches no city; blue's also touches an unfinished city (the top E).
THREE_FARMERS = [
    "D@0,0/0",
    "E@0,-1/180:2N",  # E turned 180: city S closes D's city; blue's farmer in the field round it
    "U@-1,0/0:1N",  # red's farmer north of the road (joined to D's field ENE/WNW)
    "V@0,1/0:0N",  # yellow's farmer south of the road (V's north edge meets D's south field)
    "E@0,-2/0",  # an unfinished city whose field (its south edge) is blue's field
]

# The same board and a cloister: A turned 90 ends D's road; its field meets D's ENE (red's field)
# and D's ESE (yellow's field) and makes them one: yellow and red tie and both score the city.
THREE_FARMERS_AND_CLOISTER = [*THREE_FARMERS, "A@1,0/90"]

# Player 0 puts all seven meeples out: six monks on a row of cloisters and a farmer.
SEVEN_OUT = [
    "D@0,0/0",
    "B@0,1/0:0C",
    "B@1,1/0:0C",
    "B@-1,1/0:0C",
    "B@2,1/0:0C",
    "A@-2,1/0:0C",  # A unturned: road south, field edges east and west
    "A@3,1/0:0C",
    "U@1,0/0:0N",  # the seventh: a farmer
]
