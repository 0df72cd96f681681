"""An independent model of the rules, written from /work/shared/tiles.md and board-format.md only.

It shares no code or data with ``scorer.engine``: the tile tables below are typed from tiles.md, the
geometry from its picture, and the scoring from the rules text. It is deliberately simple (flood
fill over places, brute-force legality) so that it can be checked by reading. The tests compare
the engine with it on hundreds of random games; where they disagree, one of them is wrong.

Two ways in:

- ``RefGame``: lay tiles one by one (``play``) and read points, supplies and totals; the base game
  and the River as the differential tests drive it, and the expansions through keyword arguments.
- ``score_document``: a whole board file (board-format.md), every expansion included (the Count of
  Carcassonne too: the City's 12 tiles as the start, its four quarters, followers coming out of
  the City onto features being completed, the market at the end, the City in the farms), in
  either mode, to the JSON report; anything illegal raises ``RefIllegal`` with the reason in
  words.

Where the contract leaves a question open, the decision follows the published rules and is written
down next to the code as "Decision:".
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache

RIM = ("NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW")
"""The twelve rim places clockwise from the north-west corner (tiles.md picture)."""
PLACES = (*RIM, "C")
SIDE_NAMES = ("N", "E", "S", "W")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_PLACES = {  # each side's places clockwise
    "N": ("NNW", "N", "NNE"),
    "E": ("ENE", "E", "ESE"),
    "S": ("SSE", "S", "SSW"),
    "W": ("WSW", "W", "WNW"),
}


class RefIllegal(ValueError):
    """A board file, placement or figure the rules do not allow; the message says why.

    ``code`` names the refusal where board-format.md gives it one and the model tells it apart
    (Princess & Dragon's ``volcano``, ``bad_portal``, ``bad_fairy``, ``bad_princess``, ``bad_dragon``;
    the Count's ``bad_start``, ``bad_from_city``, ``bad_quarter`` and ``bad_market``; and
    ``two_actions``, ``action_not_in_game``, ``action_in_final``, ``field_not_in_game``); None
    elsewhere.
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


def rotate_place(place: str, quarter_turns: int) -> str:
    """Where a place ends up when its tile turns clockwise (90° moves N to E)."""
    if place == "C":
        return place
    return RIM[(RIM.index(place) + 3 * quarter_turns) % 12]


def rotate_side(side: str, quarter_turns: int) -> str:
    return SIDE_NAMES[(SIDE_NAMES.index(side) + quarter_turns) % 4]


def facing(place: str) -> tuple[str, str]:
    """(side, place on the neighbour across that side that touches ``place``)."""
    for side, (a, m, b) in SIDE_PLACES.items():
        if place in (a, m, b):
            a2, m2, b2 = SIDE_PLACES[OPPOSITE[side]]
            return side, {a: b2, m: m2, b: a2}[place]
    raise ValueError(place)


def city_places(sides: str) -> frozenset[str]:
    return frozenset(p for s in sides.split() for p in SIDE_PLACES[s])


def road_places(sides: str) -> frozenset[str]:
    return frozenset(SIDE_PLACES[s][1] for s in sides.split())


def rim_but(*missing: str) -> frozenset[str]:
    return frozenset(p for p in RIM if p not in missing)


# -- the tiles ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feat:
    kind: str  # city, road, cloister, garden, field
    places: frozenset[str]
    pennant: bool = False
    cities: tuple[int, ...] = ()  # for fields: indices of the tile's cities it touches
    inn: bool = False  # roads only
    cathedral: bool = False  # cities only
    goods: str | None = None  # cities only: wine, wheat or cloth
    princess: bool = False  # cities only: a princess stands in this piece (Princess & Dragon)


def C(
    sides: str,
    pennant: bool = False,
    *,
    cathedral: bool = False,
    goods: str | None = None,
    princess: bool = False,
) -> Feat:
    return Feat("city", city_places(sides), pennant, cathedral=cathedral, goods=goods, princess=princess)


def R(sides: str, *, inn: bool = False) -> Feat:
    return Feat("road", road_places(sides), inn=inn)


def M() -> Feat:
    return Feat("cloister", frozenset({"C"}))


def G() -> Feat:
    return Feat("garden", frozenset({"C"}))


def F(places: str | frozenset[str], *cities: int) -> Feat:
    ps = frozenset(places.split()) if isinstance(places, str) else places
    return Feat("field", ps, cities=cities)


@dataclass(frozen=True)
class RefTile:
    name: str
    count: int  # in the edition the table lists it under (a garden tile: with the Abbot)
    edges: tuple[str, str, str, str]  # N E S W, canonical
    features: tuple[Feat, ...]
    river: bool = False
    expansion: str = "base"  # base, river, inns-cathedrals, traders-builders, tower, princess-dragon, count
    twin: str | None = None  # a garden tile: the tile it replaces with the Abbot
    tower: bool = False  # a tower foundation (The Tower)
    mark: str | None = None  # Princess & Dragon: volcano, dragon or portal (a princess is on its city)


def T(
    name: str,
    count: int,
    edges: str,
    *features: Feat,
    river: bool = False,
    expansion: str | None = None,
    twin: str | None = None,
    tower: bool = False,
    mark: str | None = None,
) -> RefTile:
    expansion = expansion or ("river" if river else "base")
    return RefTile(name, count, tuple(edges.split()), tuple(features), river, expansion, twin, tower, mark)  # type: ignore[arg-type]


# Typed from the base and River tables of tiles.md. City indices in fields refer to this tuple's
# order, so every tile lists its cities first.
REF_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        T("A", 2, "F F R F", M(), R("S"), F(rim_but("S"))),
        T("B", 4, "F F F F", M(), F(rim_but())),
        T("C", 1, "C C C C", C("N E S W", True)),
        T("D", 4, "C R F R", C("N"), R("W E"), F("ENE WNW", 0), F("ESE SSE S SSW WSW")),
        T("E", 5, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0)),
        T("F", 2, "F C F C", C("E W", True), F("NNW N NNE", 0), F("SSE S SSW", 0)),
        T("G", 1, "F C F C", C("E W"), F("NNW N NNE", 0), F("SSE S SSW", 0)),
        T("H", 3, "C F C F", C("N"), C("S"), F("ENE E ESE WSW W WNW", 0, 1)),
        T("I", 2, "C F F C", C("N"), C("W"), F("ENE E ESE SSE S SSW", 0, 1)),
        T("J", 3, "C R R F", C("N"), R("E S"), F("ENE SSW WSW W WNW", 0), F("ESE SSE")),
        T("K", 3, "C F R R", C("N"), R("S W"), F("ENE E ESE SSE WNW", 0), F("SSW WSW")),
        T("L", 3, "C R R R", C("N"), R("E"), R("S"), R("W"), F("ENE WNW", 0), F("ESE SSE"), F("SSW WSW")),
        T("M", 2, "C F F C", C("N W", True), F("ENE E ESE SSE S SSW", 0)),
        T("N", 3, "C F F C", C("N W"), F("ENE E ESE SSE S SSW", 0)),
        T("O", 2, "C R R C", C("N W", True), R("E S"), F("ENE SSW", 0), F("ESE SSE")),
        T("P", 3, "C R R C", C("N W"), R("E S"), F("ENE SSW", 0), F("ESE SSE")),
        T("Q", 1, "C C F C", C("N E W", True), F("SSE S SSW", 0)),
        T("R", 3, "C C F C", C("N E W"), F("SSE S SSW", 0)),
        T("S", 2, "C C R C", C("N E W", True), R("S"), F("SSE", 0), F("SSW", 0)),
        T("T", 1, "C C R C", C("N E W"), R("S"), F("SSE", 0), F("SSW", 0)),
        T("U", 8, "F R F R", R("W E"), F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW")),
        T("V", 9, "F F R R", R("W S"), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW")),
        T("W", 4, "F R R R", R("E"), R("S"), R("W"), F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW")),
        T("X", 1, "R R R R", R("N"), R("E"), R("S"), R("W"),
          F("WNW NNW"), F("NNE ENE"), F("ESE SSE"), F("SSW WSW")),
        T("river-spring", 1, "F ~ F F", F(rim_but("E")), river=True),
        T("river-lake", 1, "F F F ~", F(rim_but("W")), river=True),
        T("river-straight", 2, "F ~ F ~", F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"), river=True),
        T("river-curve", 2, "F F ~ ~", F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"), river=True),
        T("river-bridge", 1, "~ R ~ R", R("W E"), F("WNW NNW"), F("NNE ENE"), F("ESE SSE"), F("SSW WSW"),
          river=True),
        T("river-cities", 1, "C ~ C ~", C("N"), C("S"), F("ENE WNW", 0), F("ESE WSW", 1), river=True),
        T("river-city-road", 1, "C ~ R ~", C("N"), R("S"), F("ENE", 0), F("WNW", 0), F("ESE SSE"),
          F("SSW WSW"), river=True),
        T("river-cloister", 1, "F ~ R ~", M(), R("S"), F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"),
          river=True),
        T("river-city-corner", 1, "C ~ ~ C", C("N W"), F("ENE SSW", 0), F("ESE SSE"), river=True),
        T("river-road-curve", 1, "R R ~ ~", R("N E"), F("WNW NNW ESE SSE"), F("NNE ENE"), F("SSW WSW"),
          river=True),
    )
}  # fmt: skip

IC = "inns-cathedrals"
TB = "traders-builders"

# Typed from the Inns & Cathedrals and Traders & Builders tables of tiles.md (without the Abbot).
EXPANSION_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        T("ic-cathedral", 2, "C C C C", C("N E S W", cathedral=True), expansion=IC),
        T("ic-cloister-two-roads", 1, "F R F R", M(), R("W"), R("E"),
          F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"), expansion=IC),
        T("ic-four-cities", 1, "C C C C", C("N"), C("E"), C("S"), C("W"), F("C", 0, 1, 2, 3), expansion=IC),
        T("ic-three-cities", 1, "C C F C", C("N"), C("E"), C("W"), F("SSE S SSW", 0, 1, 2), expansion=IC),
        T("ic-two-cities-two-roads", 1, "C R C R", C("N"), C("S"), R("W"), R("E"),
          F("WNW", 0), F("ENE", 0), F("ESE", 1), F("WSW", 1), expansion=IC),
        T("ic-corner-and-city", 1, "C F C C", C("N W", True), C("S"), F("ENE E ESE", 0, 1), expansion=IC),
        T("ic-city-split", 1, "C F F F", C("N"), F("ENE E ESE", 0), F("SSE S SSW WSW W WNW", 0),
          expansion=IC),
        T("ic-city-road", 1, "C F R F", C("N"), R("S"), F("ENE E ESE SSE", 0), F("SSW WSW W WNW", 0),
          expansion=IC),
        T("ic-corner-road", 1, "C R F C", C("N W"), R("E"), F("ENE", 0), F("ESE SSE S SSW", 0), expansion=IC),
        T("ic-across-two-roads", 1, "R C R C", C("E W", True), R("N"), R("S"),
          F("NNW", 0), F("NNE", 0), F("SSE", 0), F("SSW", 0), expansion=IC),
        T("ic-corner-road-inn", 1, "C F R C", C("N W"), R("S", inn=True), F("SSW", 0), F("SSE ESE E ENE", 0),
          expansion=IC),
        T("ic-city-curve-inn", 1, "C F R R", C("N"), R("W S", inn=True), F("WNW ENE E ESE SSE", 0),
          F("SSW WSW"), expansion=IC),
        T("ic-corner-curve-inn", 1, "C R R C", C("N W", True), R("E S", inn=True), F("ENE SSW", 0),
          F("ESE SSE"), expansion=IC),
        T("ic-junction-inn", 1, "F R R R", R("E", inn=True), R("S"), R("W"),
          F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"), expansion=IC),
        T("ic-straight-inn", 1, "F R F R", R("W E", inn=True), F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"),
          expansion=IC),
        T("ic-curve-inn", 1, "F F R R", R("W S", inn=True), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"),
          expansion=IC),
        T("ic-two-curves", 1, "R R R R", R("N W"), R("E S"), F("WNW NNW"), F("ESE SSE"),
          F("NNE ENE SSW WSW"), expansion=IC),
        T("tb-corner-wheat", 1, "C F F C", C("N W", goods="wheat"), F("ENE E ESE SSE S SSW", 0),
          expansion=TB),
        T("tb-corner-wine", 1, "C F F C", C("N W", goods="wine"), F("ENE E ESE SSE S SSW", 0), expansion=TB),
        T("tb-across-and-city-cloth", 1, "F C C C", C("E W", goods="cloth"), C("S"),
          F("NNW N NNE", 0), F("C", 0, 1), expansion=TB),
        T("tb-across-and-city-wine", 1, "F C C C", C("E W", goods="wine"), C("S"),
          F("NNW N NNE", 0), F("C", 0, 1), expansion=TB),
        T("tb-three-sided-wheat", 1, "C C F C", C("N E W", goods="wheat"), F("SSE S SSW", 0), expansion=TB),
        T("tb-corner-and-two-cities-cloth", 1, "C C C C", C("N W", goods="cloth"), C("E"), C("S"),
          F("C", 0, 1, 2), expansion=TB),
        T("tb-corner-two-roads-split-cloth", 1, "C R R C", C("N W", goods="cloth"), R("E"), R("S"),
          F("ENE", 0), F("ESE", 0), F("SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-corner-two-roads-wine", 1, "C R R C", C("N W", goods="wine"), R("E"), R("S"),
          F("ENE", 0), F("ESE SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-corner-road-city-cloth", 1, "C R C C", C("N W", goods="cloth"), C("S"), R("E"),
          F("ENE", 0), F("ESE", 0, 1), expansion=TB),
        T("tb-corner-road-city-wheat", 1, "C R C C", C("N W", goods="wheat"), C("S"), R("E"),
          F("ENE", 0), F("ESE", 0, 1), expansion=TB),
        T("tb-corner-road-cloth", 1, "C R F C", C("N W", goods="cloth"), R("E"),
          F("ENE", 0), F("ESE SSE S SSW", 0), expansion=TB),
        T("tb-corner-road-split-wine", 1, "C R F C", C("N W", goods="wine"), R("E"),
          F("ENE", 0), F("ESE", 0), F("SSE S SSW", 0), expansion=TB),
        T("tb-three-sided-road-wine", 1, "C C R C", C("N E W", goods="wine"), R("S"),
          F("SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-two-corners-wine", 1, "C C C C", C("N W", goods="wine"), C("E S"), F("C", 0, 1), expansion=TB),
        T("tb-across-wine", 1, "F C F C", C("E W", goods="wine"), F("NNW N NNE", 0), F("SSE S SSW", 0),
          expansion=TB),
        T("tb-city-road", 1, "C R F F", C("N"), R("E"), F("ENE", 0), F("ESE SSE S SSW WSW W WNW", 0),
          expansion=TB),
        T("tb-across-road-wheat", 1, "F C R C", C("E W", goods="wheat"), R("S"),
          F("NNW N NNE", 0), F("SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-across-road-wine", 1, "F C R C", C("E W", goods="wine"), R("S"),
          F("NNW N NNE", 0), F("SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-across-two-roads-wine", 1, "R C R C", C("E W", goods="wine"), R("N"), R("S"),
          F("NNW", 0), F("NNE", 0), F("SSE", 0), F("SSW", 0), expansion=TB),
        T("tb-cloister-three-roads", 1, "F R R R", M(), R("E"), R("S"), R("W"),
          F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"), expansion=TB),
        T("tb-corner-road-wheat", 1, "C F R C", C("N W", goods="wheat"), R("S"),
          F("SSW", 0), F("SSE ESE E ENE", 0), expansion=TB),
        T("tb-corner-road-split-wheat", 1, "C F R C", C("N W", goods="wheat"), R("S"),
          F("SSW", 0), F("SSE", 0), F("ENE E ESE", 0), expansion=TB),
        T("tb-city-two-roads", 1, "C F R R", C("N"), R("W"), R("S"),
          F("WNW", 0), F("SSW WSW"), F("ENE E ESE SSE", 0), expansion=TB),
        T("tb-road-crossing", 1, "R R R R", R("N S"), R("W E"),
          F("WNW NNW"), F("NNE ENE"), F("ESE SSE"), F("SSW WSW"), expansion=TB),
    )
}  # fmt: skip

# Typed from the garden-edition tables of tiles.md, each in full (not derived from its twin, so that
# a test can check the two agree: same edges, same features, plus the garden at C).
GARDEN_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        T("E-garden", 1, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0), G(), twin="E"),
        T("H-garden", 1, "C F C F", C("N"), C("S"), F("ENE E ESE WSW W WNW", 0, 1), G(), twin="H"),
        T("I-garden", 1, "C F F C", C("N"), C("W"), F("ENE E ESE SSE S SSW", 0, 1), G(), twin="I"),
        T("M-garden", 1, "C F F C", C("N W", True), F("ENE E ESE SSE S SSW", 0), G(), twin="M"),
        T("N-garden", 1, "C F F C", C("N W"), F("ENE E ESE SSE S SSW", 0), G(), twin="N"),
        T("R-garden", 1, "C C F C", C("N E W"), F("SSE S SSW", 0), G(), twin="R"),
        T("U-garden", 1, "F R F R", R("W E"), F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"), G(), twin="U"),
        T("V-garden", 1, "F F R R", R("W S"), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"), G(), twin="V"),
        T("river-curve-garden", 1, "F F ~ ~", F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"), G(),
          river=True, twin="river-curve"),
        T("ic-four-cities-garden", 1, "C C C C", C("N"), C("E"), C("S"), C("W"), F("C", 0, 1, 2, 3), G(),
          expansion=IC, twin="ic-four-cities"),
        T("ic-straight-inn-garden", 1, "F R F R", R("W E", inn=True), F("WNW NNW N NNE ENE"),
          F("ESE SSE S SSW WSW"), G(), expansion=IC, twin="ic-straight-inn"),
        T("tb-corner-two-roads-wine-garden", 1, "C R R C", C("N W", goods="wine"), R("E"), R("S"),
          F("ENE", 0), F("ESE SSE", 0), F("SSW", 0), G(), expansion=TB, twin="tb-corner-two-roads-wine"),
        T("tb-corner-road-cloth-garden", 1, "C R F C", C("N W", goods="cloth"), R("E"),
          F("ENE", 0), F("ESE SSE S SSW", 0), G(), expansion=TB, twin="tb-corner-road-cloth"),
    )
}  # fmt: skip

TO = "tower"

# Typed from The Tower's tables of tiles.md: every tile has a tower foundation.
TOWER_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        T("to-city", 2, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0), expansion=TO, tower=True),
        T("to-field", 1, "F F F F", F(rim_but()), expansion=TO, tower=True),
        T("to-cloister", 1, "F F F F", M(), F(rim_but()), expansion=TO, tower=True),
        T("to-two-roads", 1, "F F R R", R("W"), R("S"), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"),
          expansion=TO, tower=True),
        T("to-junction", 1, "R R F R", R("N"), R("E"), R("W"), F("WNW NNW"), F("NNE ENE"),
          F("ESE SSE S SSW WSW"), expansion=TO, tower=True),
        T("to-two-curves", 1, "R R R R", R("N W"), R("E S"), F("WNW NNW"), F("ESE SSE"),
          F("NNE ENE SSW WSW"), expansion=TO, tower=True),
        T("to-crossroads", 1, "R R R R", R("N"), R("E"), R("S"), R("W"), F("WNW NNW"), F("NNE ENE"),
          F("ESE SSE"), F("SSW WSW"), expansion=TO, tower=True),
        T("to-across-road-through", 1, "R C R C", C("E W"), R("N S"), F("NNW", 0), F("NNE", 0),
          F("SSE", 0), F("SSW", 0), expansion=TO, tower=True),
        T("to-city-road", 1, "C F R F", C("N"), R("S"), F("SSW WSW W WNW", 0), F("ENE E ESE SSE", 0),
          expansion=TO, tower=True),
        T("to-city-curve-west", 1, "C F R R", C("N"), R("S W"), F("ENE E ESE SSE WNW", 0), F("SSW WSW"),
          expansion=TO, tower=True),
        T("to-city-straight-split", 1, "C R F R", C("N"), R("W E"), F("WNW", 0), F("ENE", 0),
          F("ESE SSE S SSW WSW"), expansion=TO, tower=True),
        T("to-corner", 1, "C F F C", C("N W"), F("ENE E ESE SSE S SSW", 0), expansion=TO, tower=True),
        T("to-corner-road-split", 1, "C R F C", C("N W"), R("E"), F("ENE", 0), F("ESE", 0),
          F("SSE S SSW", 0), expansion=TO, tower=True),
        T("to-two-cities", 1, "C F F C", C("N"), C("W"), F("ENE E ESE SSE S SSW", 0, 1), expansion=TO,
          tower=True),
        T("to-two-cities-straight", 1, "C R C R", C("N"), C("S"), R("W E"), F("ENE WNW", 0),
          F("ESE WSW", 1), expansion=TO, tower=True),
        T("to-three-sided-road", 1, "C C R C", C("N E W"), R("S"), F("SSE", 0), F("SSW", 0), expansion=TO,
          tower=True),
        T("to-three-sided-and-city", 1, "C C C C", C("N E W", True), C("S"), F("C", 0, 1), expansion=TO,
          tower=True),
        T("to-field-garden", 1, "F F F F", F(rim_but()), G(), expansion=TO, twin="to-field", tower=True),
        T("to-two-roads-garden", 1, "F F R R", R("W"), R("S"), F("WNW NNW N NNE ENE E ESE SSE"),
          F("SSW WSW"), G(), expansion=TO, twin="to-two-roads", tower=True),
    )
}  # fmt: skip

PD = "princess-dragon"
VOLCANO, DRAGON, PORTAL = "volcano", "dragon", "portal"


def PD_T(name: str, count: int, edges: str, *features: Feat, mark: str | None = None, **kw) -> RefTile:
    return T(name, count, edges, *features, expansion=PD, mark=mark, **kw)


# Typed from the Princess & Dragon tables of tiles.md. Each tile has one mark: volcano, dragon,
# portal (the Mark column), or a princess on its city (``princess=True`` on that city piece).
# pd-across-tunnel-dragon: the road runs under the city, a feature apart, and divides neither
# field (NNW+NNE is one field, SSE+SSW another). pd-three-sided-cloister-dragon: the cloister
# inside the city is a feature apart (place C), the city covers only its three edges.
PD_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        PD_T("pd-volcano", 1, "F F F F", F(rim_but()), mark=VOLCANO),
        PD_T("pd-road-end-volcano", 1, "F F R F", R("S"), F(rim_but("S")), mark=VOLCANO),
        PD_T("pd-city-volcano", 1, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0), mark=VOLCANO),
        PD_T("pd-two-cities-volcano", 1, "C C F F", C("N"), C("E"), F("SSE S SSW WSW W WNW", 0, 1),
             mark=VOLCANO),
        PD_T("pd-curve-volcano", 1, "F F R R", R("W S"), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"),
             mark=VOLCANO),
        PD_T("pd-straight-volcano", 1, "F R F R", R("W E"), F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"),
             mark=VOLCANO),
        PD_T("pd-city-dragon", 1, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0), mark=DRAGON),
        PD_T("pd-cloister-three-roads-dragon", 1, "F R R R", M(), R("E"), R("S"), R("W"),
             F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"), mark=DRAGON),
        PD_T("pd-junction-dragon", 1, "F R R R", R("E"), R("S"), R("W"),
             F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"), mark=DRAGON),
        PD_T("pd-three-sided-cloister-dragon", 1, "C C F C", C("N E W"), M(), F("SSE S SSW", 0), mark=DRAGON),
        PD_T("pd-curve-dragon", 2, "F F R R", R("W S"), F("WNW NNW N NNE ENE E ESE SSE"), F("SSW WSW"),
             mark=DRAGON),
        PD_T("pd-straight-dragon", 1, "F R F R", R("W E"), F("WNW NNW N NNE ENE"), F("ESE SSE S SSW WSW"),
             mark=DRAGON),
        PD_T("pd-corner-dragon", 1, "C F F C", C("N W"), F("ENE E ESE SSE S SSW", 0), mark=DRAGON),
        PD_T("pd-across-dragon", 1, "F C F C", C("E W", True), F("NNW N NNE", 0), F("SSE S SSW", 0),
             mark=DRAGON),
        PD_T("pd-across-tunnel-dragon", 1, "R C R C", C("E W"), R("N S"), F("NNW NNE", 0), F("SSE SSW", 0),
             mark=DRAGON),
        PD_T("pd-city-curve-west-dragon", 1, "C F R R", C("N"), R("S W"), F("ENE E ESE SSE WNW", 0),
             F("SSW WSW"), mark=DRAGON),
        PD_T("pd-city-curve-east-dragon", 1, "C R R F", C("N"), R("E S"), F("ENE SSW WSW W WNW", 0),
             F("ESE SSE"), mark=DRAGON),
        PD_T("pd-two-curves-portal", 1, "R R R R", R("N W"), R("E S"), F("WNW NNW"), F("ESE SSE"),
             F("NNE ENE SSW WSW"), mark=PORTAL),
        PD_T("pd-junction-portal", 1, "F R R R", R("E"), R("S"), R("W"),
             F("WNW NNW N NNE ENE"), F("ESE SSE"), F("SSW WSW"), mark=PORTAL),
        PD_T("pd-three-sided-portal", 1, "C C F C", C("N E W", True), F("SSE S SSW", 0), mark=PORTAL),
        PD_T("pd-corner-curve-portal", 1, "C R R C", C("N W"), R("E S"), F("ENE SSW", 0), F("ESE SSE"),
             mark=PORTAL),
        PD_T("pd-city-curve-west-portal", 1, "C F R R", C("N"), R("S W"), F("ENE E ESE SSE WNW", 0),
             F("SSW WSW"), mark=PORTAL),
        PD_T("pd-city-curve-east-portal", 1, "C R R F", C("N"), R("E S"), F("ENE SSW WSW W WNW", 0),
             F("ESE SSE"), mark=PORTAL),
        PD_T("pd-city-junction-princess", 1, "C R R R", C("N", princess=True), R("E"), R("S"), R("W"),
             F("ENE WNW", 0), F("ESE SSE"), F("SSW WSW")),
        PD_T("pd-city-and-corner-princess", 1, "C C C F", C("N", princess=True), C("E S", True),
             F("WSW W WNW", 0), F("C", 0, 1)),
        PD_T("pd-three-sided-princess", 1, "C C F C", C("N E W", princess=True), F("SSE S SSW", 0)),
        PD_T("pd-corner-princess", 1, "C F F C", C("N W", princess=True), F("ENE E ESE SSE S SSW", 0)),
        PD_T("pd-corner-split-princess", 1, "C F F C", C("N W", princess=True), F("ENE E ESE", 0),
             F("SSE S SSW", 0)),
        PD_T("pd-corner-curve-princess", 1, "C R R C", C("N W", princess=True), R("E S"), F("ENE SSW", 0),
             F("ESE SSE")),
        # The garden edition (with the Abbot), each typed in full like the other garden tiles.
        PD_T("pd-city-dragon-garden", 1, "C F F F", C("N"), F("ENE E ESE SSE S SSW WSW W WNW", 0), G(),
             mark=DRAGON, twin="pd-city-dragon"),
        PD_T("pd-corner-princess-garden", 1, "C F F C", C("N W", princess=True), F("ENE E ESE SSE S SSW", 0),
             G(), twin="pd-corner-princess"),
    )
}  # fmt: skip

CO = "count"


def CO_T(name: str, edges: str, *features: Feat) -> RefTile:
    return T(name, 1, edges, *features, expansion=CO)


# Typed from the Count of Carcassonne's table of tiles.md: only the outer edges of the City's block
# carry features; a half-edge in no feature is the City's wall. A field along the outer edge goes
# round onto the next City tile where both list the facing half-edges (count-1's ENE, count-2's
# WNW), so three fields run round the City, cut by the roads of count-1, count-4 and count-11:
# count-1 {SSW, WSW} .. count-5 .. count-9 .. count-10 .. count-11 {SSW, WSW} on the west and
# south; count-11 {ESE, SSE} .. count-12 .. count-8 .. count-4 {NNE ...} on the east; count-4
# {WNW, NNW} .. count-3 .. count-2 .. count-1 {WNW ...} on the north.
CITY_TILES: dict[str, RefTile] = {
    t.name: t
    for t in (
        CO_T("count-1", "F F F R", R("W"), F("WNW NNW N NNE ENE"), F("SSW WSW")),
        CO_T("count-2", "F F F F", F("WNW NNW N NNE ENE")),
        CO_T("count-3", "F F F F", F("WNW NNW N NNE ENE")),
        CO_T("count-4", "R F F F", R("N"), F("WNW NNW"), F("NNE ENE E ESE SSE")),
        CO_T("count-5", "F F F F", F("SSW WSW W WNW NNW")),
        CO_T("count-6", "F F F F"),
        CO_T("count-7", "F F F F"),
        CO_T("count-8", "F F F F", F("NNE ENE E ESE SSE")),
        CO_T("count-9", "F F C F", C("S"), F("NNW WNW W WSW ESE", 0)),
        CO_T("count-10", "F F F F", F("ESE SSE S SSW WSW")),
        CO_T("count-11", "F F R F", R("S"), F("ESE SSE"), F("SSW WSW")),
        CO_T("count-12", "F C F F", C("E"), F("NNE SSE S SSW WSW", 0)),
    )
}  # fmt: skip

CITY_SQUARES: dict[str, tuple[int, int]] = {f"count-{i + 1}": (-2 + i % 4, -1 + i // 4) for i in range(12)}
"""Each City tile's fixed square (rotation 0): x −2…1, y −1…1 in reading order."""

ALL_TILES: dict[str, RefTile] = {
    **REF_TILES,
    **EXPANSION_TILES,
    **GARDEN_TILES,
    **TOWER_TILES,
    **PD_TILES,
    **CITY_TILES,
}

BASE_NAMES = tuple(n for n, t in REF_TILES.items() if not t.river)
RIVER_NAMES = tuple(n for n, t in REF_TILES.items() if t.river)
ALL_RIVER_NAMES = tuple(n for n, t in ALL_TILES.items() if t.river)

EXPANSIONS = ("river", "abbot", IC, TB, TO, PD, CO)


def tile_counts(expansions=()) -> dict[str, int]:
    """How many of each tile a game with these expansions has (tiles.md), every name listed.

    Without the Abbot a garden tile counts 0 (its twin is the same tile); with it, each garden tile
    counts 1 and takes that one away from its twin.
    """
    expansions = frozenset(expansions)
    counts = {}
    for name, tile in ALL_TILES.items():
        if tile.expansion != "base" and tile.expansion not in expansions:
            counts[name] = 0
        elif tile.twin is not None:
            counts[name] = tile.count if "abbot" in expansions else 0
        else:
            counts[name] = tile.count
    for name, tile in ALL_TILES.items():
        if tile.twin is not None:
            counts[tile.twin] -= counts[name]
    return counts


@cache
def oriented_edges(name: str, rotation: int) -> dict[str, str]:
    """side -> edge kind as the tile lies after ``rotation`` degrees clockwise."""
    q = rotation // 90
    canon = ALL_TILES[name].edges
    return {rotate_side(s, q): canon[i] for i, s in enumerate(SIDE_NAMES)}


@cache
def _oriented_features(name: str, rotation: int) -> tuple[Feat, ...]:
    q = rotation // 90
    return tuple(
        replace(f, places=frozenset(rotate_place(p, q) for p in f.places)) for f in ALL_TILES[name].features
    )


def oriented_features(name: str, rotation: int) -> list[Feat]:
    return list(_oriented_features(name, rotation))


def feature_sides(feat: Feat) -> list[str]:
    """The sides a road or city leaves its tile through."""
    return [s for s, (_, m, _) in SIDE_PLACES.items() if m in feat.places]


def majority(strength: Counter) -> list[int]:
    """The players with the most strength (meeples, a big meeple counting two); nobody with none."""
    strength = {p: n for p, n in strength.items() if n > 0}
    if not strength:
        return []
    top = max(strength.values())
    return sorted(p for p, n in strength.items() if n == top)


# -- figures -----------------------------------------------------------------------------------

FIGURE_KINDS = ("meeple", "big", "abbot", "builder", "pig")
FIGURES_PER_PLAYER = {"meeple": 7, "big": 1, "abbot": 1, "builder": 1, "pig": 1}
FIGURE_EXPANSION = {"big": IC, "abbot": "abbot", "builder": TB, "pig": TB}
STRENGTH = {"meeple": 1, "big": 2}
"""What a figure weighs where majority is decided; the others (abbot, builder, pig) weigh nothing."""
FOLLOWERS = ("meeple", "big")  # what a builder or pig needs beside it


@dataclass(frozen=True)
class Figure:
    player: int
    kind: str = "meeple"


CATEGORIES = ("road", "city", "cloister", "garden", "farm", "goods", "banked")
BASE_CATEGORIES = ("road", "city", "cloister", "farm", "banked")
TOWER_CATEGORIES = (*CATEGORIES, "fairy", "ransom")
"""A game with The Tower, Princess & Dragon or the Count reports two more categories
(board-format.md, "More expansions"): the fairy's (turn points and bonuses) and ransoms received
minus paid."""
MORE_CATEGORIES = TOWER_CATEGORIES
CATEGORY_OF = {
    "fairy": "fairy",
    "road": "road",
    "city": "city",
    "cloister": "cloister",
    "garden": "garden",
    "field": "farm",
    "goods": "goods",
    "ransom": "ransom",
}

# The Tower (board-format.md, "More expansions").
FLOORS_PER_PLAYER = {2: 10, 3: 9, 4: 7, 5: 6, 6: 5}
RANSOM_POINTS = 3
CAPTURABLE = ("meeple", "big", "abbot")  # never a builder or a pig
ON_TOP = ("meeple", "big")  # what may stand on top of a tower
TOP = "tower"  # a figure reference's ``at`` for the top of the tower on its square
GOODS = ("wine", "wheat", "cloth")

# Princess & Dragon (board-format.md, "More expansions").
FAIRY_FOLLOWERS = ("meeple", "big", "abbot")  # what the fairy may stand next to
KNIGHTS = ("meeple", "big")  # what a princess sends home from a city
DRAGON_STEPS = 6
NO_DRAGON_TILES = ("count-6", "count-7")  # never entered (no such tile without the Count)
FAIRY_POINT = 1
FAIRY_BONUS = 3

# The Count of Carcassonne (board-format.md, "More expansions").
QUARTERS = ("castle", "market", "blacksmith", "cathedral")
QUARTER_FOR = {"road": "blacksmith", "city": "castle", "cloister": "cathedral"}
"""The quarter whose followers may join a road, city or cloister being completed (from_city)."""
COUNT_START = "castle"
CLOISTER_WEIGHT = {"meeple": 1, "big": 2, "abbot": 1}
"""Who wins a cloister several followers share (a follower from the cathedral beside its monk or
abbot). Decision: "they count and score like any other follower there": a meeple 1, a big meeple
2 as wherever majority is decided, and an abbot, a follower too, 1."""
THE_CITY = frozenset((square, -1) for square in CITY_SQUARES.values())
"""The City of Carcassonne as one more completed city for the farms (its 12 squares)."""


@dataclass
class RefEvent:
    when: str  # play, recall, end, farms, goods, ransom, fairy
    kind: str  # road, city, cloister, garden, field, goods, ransom, fairy
    winners: list[int]
    points: int
    complete: bool
    tiles: int
    placement: int | None = None
    squares: tuple = ()
    pennants: int = 0
    strength: dict = field(default_factory=dict)
    cities: tuple = ()  # farms: the completed cities paid for, each as its squares
    good: str | None = None  # goods: which good
    tokens: dict = field(default_factory=dict)  # goods: each player's tokens of it


def squares_of(group) -> list[tuple[int, int]]:
    return sorted({sq for sq, _ in group})


@dataclass
class RefGame:
    """A board being built by the rules of board-format.md, scored as it goes."""

    players: int = 2
    small_city: int = 4
    farmers: str = "3rd"
    river: bool = False
    final: bool = False
    expansions: frozenset = frozenset()
    tiles: dict = field(default_factory=dict)  # (x, y) -> (name, rotation, [Feat])
    order: list = field(default_factory=list)
    supply: dict = field(default_factory=dict)
    figures: dict = field(default_factory=dict)  # (square, feature index) -> Figure
    stock: list = field(default_factory=list)  # per player: kind -> figures in supply
    events: list = field(default_factory=list)
    tokens: list = field(default_factory=list)  # per player: Counter of goods tokens
    layers: list = field(default_factory=list)  # who laid each placement (None: the start tile)
    extra_for: int | None = None  # the player whose builder earned the next placement
    river_end: tuple | None = None  # (square, side the river leaves through)
    last_turn: str = "straight"
    river_started: bool = False
    warnings: int = 0
    # The Tower: floors left per player, each tower's height and the figure on its top (neither
    # counts anywhere: a follower on a tower is not on any feature), and the prisoners held, each
    # as (jailer, Figure). ``tower_log`` counts what happened, so that tests can see it did.
    floors: list = field(default_factory=list)
    towers: dict = field(default_factory=dict)  # (x, y) -> height, from 1
    tops: dict = field(default_factory=dict)  # (x, y) -> Figure
    prisoners: list = field(default_factory=list)
    tower_log: Counter = field(default_factory=Counter)
    # Princess & Dragon: the dragon's square (None: off the board), the fairy's square (None: off
    # the board) and the very follower it stands next to. Decision: that follower is held as the
    # Figure object itself and found again by identity (``is``) on the fairy's square, so that
    # once it leaves the board by any road (scored, eaten, captured, sent home by a princess,
    # recalled) the fairy stands next to nobody, even if an equal figure later comes to the same
    # place; no removal needs to remember the fairy. ``pd_log`` counts what happened.
    dragon: tuple | None = None
    fairy_square: tuple | None = None
    fairy_figure: Figure | None = None
    pd_log: Counter = field(default_factory=Counter)
    # The Count: the followers in each quarter of the City (each a Figure, in no order), the
    # quarter the Count stands in, and the further figures on a feature of one tile that already
    # holds one (``crowd``: (square, feature index) -> [Figure]; a follower out of the City or the
    # market, or a final board's). Decision: ``figures`` keeps the first figure of each feature
    # of a tile and ``crowd`` the others, so that all that reads ``figures`` one per place stays
    # as it was; everything that weighs, holds, finds or sends home figures reads both.
    # ``count_log`` counts what happened.
    quarters: dict = field(default_factory=dict)  # quarter -> [Figure]
    count_at: str = COUNT_START
    crowd: dict = field(default_factory=dict)
    count_log: Counter = field(default_factory=Counter)
    last_scored: list = field(default_factory=list)  # the events of the last turn's step 6

    def __post_init__(self) -> None:
        self.expansions = frozenset(self.expansions) | ({"river"} if self.river else frozenset())
        self.river = "river" in self.expansions
        self.supply = tile_counts(self.expansions)
        kinds = [k for k in FIGURE_KINDS if k == "meeple" or FIGURE_EXPANSION[k] in self.expansions]
        self.stock = [{k: FIGURES_PER_PLAYER[k] for k in kinds} for _ in range(self.players)]
        self.tokens = [Counter() for _ in range(self.players)]
        floors = FLOORS_PER_PLAYER.get(self.players, 0) if TO in self.expansions else 0
        self.floors = [floors] * self.players
        self.quarters = {q: [] for q in QUARTERS}

    @property
    def opening(self) -> int:
        """How many placements nobody lays: the start tile, or with the Count the City's 12 tiles
        and, with the River, the spring after them. The next placement is player 0's."""
        return 12 + self.river if CO in self.expansions else 1

    @property
    def start_tile(self) -> str:
        return "count-1" if CO in self.expansions else "river-spring" if self.river else "D"

    def figures_at(self, member) -> list[Figure]:
        """Every figure on feature ``member`` = (square, index) of one tile."""
        first = self.figures.get(member)
        return ([] if first is None else [first]) + self.crowd.get(member, [])

    def all_figures(self) -> list[tuple]:
        """(member, Figure) of every figure on a feature of a tile, in order."""
        return [(m, fig) for m in sorted(self.figures) for fig in self.figures_at(m)]

    def _put(self, member, figure) -> None:
        """``figure`` onto feature ``member``, beside any figure already there."""
        if member in self.figures:
            self.crowd.setdefault(member, []).append(figure)
        else:
            self.figures[member] = figure

    @property
    def categories(self) -> tuple[str, ...]:
        """The report's categories: seven, and two more in a game with The Tower, Princess &
        Dragon or the Count (``fairy`` and ``ransom``, both present in each)."""
        return MORE_CATEGORIES if self.expansions & {TO, PD, CO} else CATEGORIES

    def score_of(self, player) -> int:
        """What ``player`` has on the score track now (points of the turns played so far)."""
        return sum(e.points for e in self.events if player in e.winners)

    @property
    def in_supply(self) -> list[int]:
        """Each player's normal meeples in supply."""
        return [s["meeple"] for s in self.stock]

    # -- features by flood fill ----------------------------------------------------------------

    def feature_at(self, square, place):
        _, _, feats = self.tiles[square]
        for i, f in enumerate(feats):
            if place in f.places:
                return i
        return None

    def group(self, square, index) -> frozenset:
        """Every (square, feature index) joined to this one, by flood fill across edges."""
        seen = {(square, index)}
        todo = [(square, index)]
        while todo:
            sq, i = todo.pop()
            feat = self.tiles[sq][2][i]
            for place in feat.places:
                if place == "C":
                    continue
                side, theirs = facing(place)
                dx, dy = STEP[side]
                nsq = (sq[0] + dx, sq[1] + dy)
                if nsq not in self.tiles:
                    continue
                j = self.feature_at(nsq, theirs)
                if j is None or self.tiles[nsq][2][j].kind != feat.kind:
                    continue
                if (nsq, j) not in seen:
                    seen.add((nsq, j))
                    todo.append((nsq, j))
        return frozenset(seen)

    def complete(self, group) -> bool:
        for sq, i in group:
            feat = self.tiles[sq][2][i]
            for side in feature_sides(feat):
                dx, dy = STEP[side]
                if (sq[0] + dx, sq[1] + dy) not in self.tiles:
                    return False
        return True

    def neighbours(self, square) -> int:
        return len(self.around(square)) - 1

    def around(self, square) -> list:
        """The square and those of its eight neighbours that hold a tile."""
        x, y = square
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (x + dx, y + dy) in self.tiles]

    def strength(self, group) -> Counter:
        """Majority strength per player on a feature: meeples 1, big meeples 2, nothing else."""
        out = Counter()
        for m in group:
            for fig in self.figures_at(m):
                if fig.kind in STRENGTH:
                    out[fig.player] += STRENGTH[fig.kind]
        return out

    def cloister_strength(self, member) -> Counter:
        """Who holds a cloister or garden (CLOISTER_WEIGHT); one figure alone weighs 1, as ever."""
        figs = self.figures_at(member)
        if len(figs) == 1:
            return Counter({figs[0].player: 1})
        out = Counter()
        for fig in figs:
            out[fig.player] += CLOISTER_WEIGHT.get(fig.kind, 0)
        return out

    def group_meeples(self, group) -> Counter:
        return self.strength(group)

    def holds(self, group, player, kinds) -> bool:
        return any(fig.player == player and fig.kind in kinds for m in group for fig in self.figures_at(m))

    def points(self, kind, group, complete) -> int:
        feats = [self.tiles[sq][2][i] for sq, i in group]
        tiles = len(squares_of(group))
        if kind == "road":
            if any(f.inn for f in feats):
                return 2 * tiles if complete else 0
            return tiles
        pennants = sum(f.pennant for f in feats)
        if any(f.cathedral for f in feats):
            return 3 * (tiles + pennants) if complete else 0
        if complete:
            if tiles == 2 and self.small_city == 2:
                return 2
            return 2 * (tiles + pennants)
        return tiles + pennants

    def feature_event(self, when, kind, group, complete, placement=None) -> RefEvent:
        strength = self.strength(group)
        squares = squares_of(group)
        return RefEvent(
            when,
            kind,
            majority(strength),
            self.points(kind, group, complete),
            complete,
            len(squares),
            placement=placement,
            squares=tuple(squares),
            pennants=sum(self.tiles[sq][2][i].pennant for sq, i in group),
            strength=dict(strength),
        )

    # -- legality of a tile --------------------------------------------------------------------

    def edge_mismatch(self, name, square, rotation) -> str | None:
        edges = oriented_edges(name, rotation)
        x, y = square
        for side, (dx, dy) in STEP.items():
            other = self.tiles.get((x + dx, y + dy))
            if other is None or (name in CITY_TILES and other[0] in CITY_TILES):
                continue  # (edges between two City tiles are not checked)
            theirs = oriented_edges(other[0], other[1])[OPPOSITE[side]]
            if theirs != edges[side]:
                return (
                    f"its {side} edge ({edges[side]}) does not match the {theirs} edge of {other[0]} "
                    f"at {(x + dx, y + dy)}"
                )
        return None

    def edges_ok(self, name, square, rotation) -> bool:
        return self.edge_mismatch(name, square, rotation) is None

    def touches(self, square) -> bool:
        x, y = square
        return any((x + dx, y + dy) in self.tiles for dx, dy in STEP.values())

    def river_sides(self, name, rotation) -> list[str]:
        return [s for s, e in oriented_edges(name, rotation).items() if e == "~"]

    def river_turn(self, name, square, rotation) -> str | None:
        """How the river turns on this tile if it continues the river, else None."""
        if self.river_end is None:
            return None
        end_square, out = self.river_end
        dx, dy = STEP[out]
        if square != (end_square[0] + dx, end_square[1] + dy):
            return None
        sides = self.river_sides(name, rotation)
        if OPPOSITE[out] not in sides:
            return None
        rest = [s for s in sides if s != OPPOSITE[out]]
        if not rest:
            return "straight"  # the lake
        new = rest[0]
        if new == out:
            return "straight"
        return "right" if new == rotate_side(out, 1) else "left"

    def basic_problem(self, name, square, rotation) -> str | None:
        tile = ALL_TILES.get(name)
        if tile is None:
            return f"there is no tile called {name!r}"
        if tile.expansion != "base" and tile.expansion not in self.expansions:
            return f"{name} is a tile of the {tile.expansion} expansion, which is not in play"
        if tile.twin is not None and "abbot" not in self.expansions:
            return f"without the Abbot there is no garden tile {name} (it is simply {tile.twin})"
        if self.supply.get(name, 0) <= 0:
            return f"no {name} left: the game has {tile_counts(self.expansions)[name]}"
        if square in self.tiles:
            return f"square {square} already holds a tile"
        if not self.tiles:
            start = self.start_tile
            if self.final or name == start:
                return None
            return f"the start tile must be {start}"
        mismatch = self.edge_mismatch(name, square, rotation)
        if mismatch:
            return mismatch
        if not self.final and not self.touches(square):
            return "it does not touch the board along an edge"
        return None

    def basic_ok(self, name, square, rotation) -> bool:
        return self.basic_problem(name, square, rotation) is None

    def river_problem(self, name, square, rotation, *, check_lake=True) -> str | None:
        turn = self.river_turn(name, square, rotation)
        if turn is None:
            return "it does not continue the river from its open end"
        if turn != "straight" and turn == self.last_turn:
            return "the river may not turn the same way twice in a row"
        if name == "river-lake" and check_lake and self.some_river_tile_fits(exclude_lake=True):
            return "the lake comes last, while another river tile still fits"
        return None

    def river_tile_ok(self, name, square, rotation, *, check_lake=True) -> bool:
        return self.river_problem(name, square, rotation, check_lake=check_lake) is None

    def candidate_squares(self):
        out = set()
        for x, y in self.tiles:
            for dx, dy in STEP.values():
                if (x + dx, y + dy) not in self.tiles:
                    out.add((x + dx, y + dy))
        return out

    def some_river_tile_fits(self, *, exclude_lake=False) -> bool:
        if self.river_end is None:
            return False
        (ex, ey), out = self.river_end
        dx, dy = STEP[out]
        square = (ex + dx, ey + dy)  # a river tile can only go beyond the river's open end
        for name in ALL_RIVER_NAMES:
            if exclude_lake and name == "river-lake":
                continue
            if self.supply.get(name, 0) <= 0:
                continue
            for rotation in (0, 90, 180, 270):
                if self.basic_ok(name, square, rotation) and self.river_tile_ok(name, square, rotation):
                    return True
        return False

    def problem(self, name, square, rotation) -> str | None:
        """Why this tile may not be laid there now, or None when it may."""
        basic = self.basic_problem(name, square, rotation)
        if basic or self.final or not self.river or not self.tiles:
            return basic
        if not self.river_started and name not in CITY_TILES:
            # with the Count the River starts after the City: its spring comes first
            return None if name == "river-spring" else "the river's spring comes first"
        if ALL_TILES[name].river:
            return self.river_problem(name, square, rotation)
        if self.some_river_tile_fits():
            return "the river is not finished: a river tile must come first"
        return None

    def legal(self, name, square, rotation) -> bool:
        return self.problem(name, square, rotation) is None

    def legal_set(self, name) -> set:
        squares = self.candidate_squares() if self.tiles else {(0, 0)}
        return {(sq, r) for sq in squares for r in (0, 90, 180, 270) if self.legal(name, sq, r)}

    # -- playing -------------------------------------------------------------------------------

    def play(
        self,
        name,
        x,
        y,
        rotation,
        meeple=None,
        *,
        recall=None,
        layer=None,
        check=True,
        tower=None,
        top=None,
        ransom=None,
        portal=None,
        fairy=None,
        princess=None,
        dragon=None,
        more=(),
        from_city=(),
        quarter=None,
    ) -> list[RefEvent]:
        """Lay a tile with at most one action; return what it scored. Raises RefIllegal.

        ``meeple`` is (player, place) or (player, place, kind); ``recall`` is (player, x, y), taking
        that player's abbot back from square (x, y); ``layer`` is the placement's ``player`` when the
        file names it. After a refusal the game is half-changed: a refused file is refused whole.

        The Tower: ``tower`` is (x, y, capture, exchange), a floor onto the tower on square (x, y),
        ``capture`` None or a figure reference (player, x, y, place or "tower", kind), ``exchange``
        None or the kind the layer takes back; ``top`` is (player, x, y, kind), a figure onto the top
        of a tower; ``ransom`` is (jailer, kind), paid before the tile.

        Princess & Dragon: ``portal`` is the (x, y) the ``meeple`` goes to through the magic portal
        of the tile just laid; ``fairy`` and ``princess`` are figure references (player, x, y, place
        or "tower", kind): the follower the fairy moves next to, the knight a princess sends home;
        ``dragon`` the squares the dragon steps onto. ``more``: a final board's further figures on
        this tile (its ``meeples`` after the first), each (player, place, kind).

        The Count: ``from_city`` lists figure references (player, x, y, place, kind) of followers
        coming out of the City onto features this turn completes (step 6); ``quarter`` is (kind,
        to, count): the layer's follower into quarter ``to`` and the Count's new quarter or None
        (step 7).
        """
        index = len(self.order)
        from_city = tuple(from_city or ())
        square = (x, y)
        figure = place = None
        if meeple is not None:
            player, place, *kind = meeple
            figure = Figure(player, kind[0] if kind else "meeple")
        if figure is not None and recall is not None:
            raise RefIllegal("a placement carries one figure or one recall, not both", "two_actions")
        if sum(a is not None for a in (figure, recall, tower, top, fairy, princess)) > 1:
            raise RefIllegal(
                "a placement carries at most one action (a figure, a recall, a tower floor, a figure "
                "onto a tower, the fairy or a princess), not two",
                "two_actions",
            )
        # Decision: the codes of these two refusals, which board-format.md leaves unnamed, are
        # those of the other boxes' actions: action_not_in_game, action_in_final.
        for value, what in (
            (portal, "a figure through a magic portal"),
            (fairy, "the fairy"),
            (princess, "a princess"),
            (dragon, "the dragon's steps"),
        ):
            if value is not None and PD not in self.expansions:
                raise RefIllegal(
                    f"{what} comes with the princess-dragon expansion only", "action_not_in_game"
                )
            if value is not None and self.final:
                raise RefIllegal(
                    f"{what} is part of a turn of a replay, not of a final board", "action_in_final"
                )
        for value, what in (
            (from_city, "a follower out of the City"),
            (quarter, "a follower into a quarter"),
        ):
            if value and CO not in self.expansions:
                raise RefIllegal(f"{what} comes with the count expansion only", "action_not_in_game")
            if value and self.final:
                raise RefIllegal(
                    f"{what} is part of a turn of a replay, not of a final board", "action_in_final"
                )
        if CO in self.expansions:
            extras = (figure, recall, tower, top, ransom, portal, fairy, princess)
            busy = any(a is not None for a in extras) or bool(dragon) or bool(more)
            self._check_start(index, name, square, rotation, busy)
        if (tower, top, ransom) != (None, None, None):
            if TO not in self.expansions:
                raise RefIllegal("towers, their tops and ransoms come with the tower expansion only")
            if self.final:
                raise RefIllegal("a tower floor, a figure onto a tower and a ransom are turns of a replay")
        owner = figure.player if figure else recall[0] if recall else top[0] if top else None
        if owner is not None and not 0 <= owner < self.players:
            raise RefIllegal(f"there is no player {owner}")
        layer = self.layer_of(index, layer, owner)
        if layer is None and (tower, ransom) != (None, None):
            raise RefIllegal("the start tile has no layer to place a floor or pay a ransom")
        # A second tile never earns a third: the placement right after an earned extra turn, by
        # the same player, is that extra tile.
        bonus_tile = self.extra_for is not None and layer == self.extra_for
        self.extra_for = None
        events = []
        pd_turn = PD in self.expansions and not self.final
        # The order of a turn's steps (board-format.md, "Replay mode: one placement is one turn"):
        # the fairy's point, the ransom, the tile, the action, the dragon, the scoring; after every
        # step a builder or pig whose player no longer has a follower on its feature goes home
        # (a capture, a princess or the dragon can do that).
        if pd_turn and layer is not None and not bonus_tile:
            # With a builder's second tile the point came once, before the first tile.
            events += self._fairy_point(index, layer)
        if ransom is not None:
            # the fairy's point of step 1 is already on the track when the ransom is paid
            events += self._ransom(index, layer, ransom, sum(e.points for e in events))
        if check:
            problem = self.problem(name, square, rotation)
            if problem:
                raise RefIllegal(problem)
        self._lay(name, square, rotation)
        if pd_turn and ALL_TILES[name].mark == VOLCANO:
            self.dragon = square  # at once, no steps, eats nothing: the tile is empty
            self.pd_log["volcano"] += 1
        # Decision: the builder's extra tile is earned when the tile extends the road or city that
        # held the layer's builder before this tile, even if the same tile then completes it and
        # the builder goes home (the publisher's clarification on Wikicarpedia, Traders & Builders:
        # the second part of the turn happens although the builder left in the first). The tile
        # that brings the builder earns nothing: the builder is not there yet when it is laid.
        # With The Tower the same holds when the builder goes home in the action step (its
        # player's last follower on that feature captured): the tile extended it before.
        # Princess & Dragon alike: a princess sending the builder's player's last knight home
        # (step 4) or the dragon eating it or the builder (step 5) comes after the tile (step 3),
        # which extended the builder's road or city: the second tile is earned all the same.
        earned = not self.final and not bonus_tile and self.extends_builder_of(layer, square)
        if figure is not None:
            if portal is not None and portal != square:
                self._through_portal(square, portal, place, figure)
            else:
                # Decision: a portal figure written with the x, y of the tile just laid is simply
                # the figure on that tile (allowed on any tile, portal or not).
                if pd_turn and ALL_TILES[name].mark == VOLCANO:
                    raise RefIllegal(f"no figure may stand on the volcano tile just laid ({name})", "volcano")
                self._stand(square, place, figure)
        for player, at, kind in more:
            self._stand(square, at, Figure(player, kind))
        if recall is not None:
            events += self._recall(index, recall)
        if top is not None:
            self._climb(*top)
        if tower is not None:
            self._floor(layer, *tower)
            self._lonely_builders_and_pigs_home()
        if fairy is not None:
            self._move_fairy(layer, fairy)
        if princess is not None:
            self._princess(square, princess)
        if pd_turn:
            self._dragon_moves(square, list(dragon or ()))
        if not self.final:
            scored = self._score_play(square, index, layer, from_city)
            events += scored
            if self.expansions & {TO, PD}:
                self._lonely_builders_and_pigs_home()
            self.last_scored = scored
            if quarter is not None:
                self.to_quarter(layer, *quarter, scored=scored)
        self.events += events
        self.layers.append(layer)
        if earned:
            self.extra_for = layer
        return events

    def layer_of(self, index, given, owner) -> int | None:
        """Who laid placement ``index``: as given, else the figure's owner, else turn order."""
        if given is not None:
            if not 0 <= given < self.players:
                raise RefIllegal(f"there is no player {given} to lay the tile")
            if owner is not None and owner != given:
                raise RefIllegal(
                    f"player {given} laid the tile, so the figure or recall must be theirs, "
                    f"not player {owner}'s"
                )
            return given
        if owner is not None:
            return owner
        # Decision: the start tile has no layer unless the file names one; placement 1 is player
        # 0's even when a figure stood on the start tile (board-format.md). Such a figure is still
        # allowed, as it always was in this model and in files valid before the expansions.
        # With the Count the same holds for the City's 12 tiles and the River's spring after
        # them: laid by nobody, and the placement after them is player 0's.
        if index < self.opening:
            return None
        if index == self.opening:
            return 0
        if self.extra_for is not None:
            return self.extra_for
        return (self.layers[-1] + 1) % self.players

    def _lay(self, name, square, rotation) -> None:
        river_turn = None
        if ALL_TILES[name].river and not self.final:
            river_turn = self.river_turn(name, square, rotation) if self.river_started else "start"
        self.tiles[square] = (name, rotation, oriented_features(name, rotation))
        self.order.append(square)
        self.supply[name] -= 1
        if river_turn == "start":
            self.river_started = True
            self.river_end = (square, self.river_sides(name, rotation)[0])
        elif river_turn is not None:
            out_sides = [s for s in self.river_sides(name, rotation) if s != OPPOSITE[self.river_end[1]]]
            self.river_end = (square, out_sides[0]) if out_sides else None
            self.last_turn = river_turn

    def extends_builder_of(self, player, square) -> bool:
        """Does the tile on ``square`` join a road or city where ``player``'s builder stands?"""
        if player is None:
            return False
        for i, feat in enumerate(self.tiles[square][2]):
            if feat.kind in ("road", "city") and self.holds(self.group(square, i), player, ("builder",)):
                return True
        return False

    def feature_for(self, square, place, kind) -> int:
        """The feature a figure of ``kind`` stands on at ``place`` of the tile on ``square``."""
        if place not in PLACES:
            raise RefIllegal(f"there is no place {place!r} on a tile")
        feats = self.tiles[square][2]
        there = [i for i, f in enumerate(feats) if place in f.places]
        if not there:
            raise RefIllegal(f"nothing at {place} of this tile for a figure to stand on")
        if kind == "abbot":
            # where a garden and a small field share C (ic-four-cities-garden) the kind decides
            ok = [i for i in there if feats[i].kind in ("cloister", "garden")]
            if not ok:
                raise RefIllegal(
                    f"an abbot stands only on a cloister or a garden, not on the {feats[there[0]].kind}"
                )
            return ok[0]
        ok = [i for i in there if feats[i].kind != "garden"]
        if not ok:
            raise RefIllegal(f"only an abbot may stand on a garden, not a {kind}")
        index = ok[0]
        wanted = {"builder": ("road", "city"), "pig": ("field",)}.get(kind)
        if wanted and feats[index].kind not in wanted:
            raise RefIllegal(
                f"a {kind} stands only on a {' or '.join(wanted)}, not on the {feats[index].kind}"
            )
        return index

    def _stand(self, square, place, figure) -> None:
        index = self.check_figure(square, place, figure)
        # In replay no two figures share a feature of the tile just laid (check_figure); a final
        # board may list several on one (a follower from the market beside a farmer, say).
        self._put((square, index), figure)
        self.stock[figure.player][figure.kind] -= 1

    def check_figure(self, square, place, figure) -> int:
        """The feature index ``figure`` would stand on at ``place`` of the tile just laid on
        ``square``; raises RefIllegal when it may not."""
        kind, player = figure.kind, figure.player
        if kind not in FIGURE_KINDS:
            raise RefIllegal(f"there is no figure of kind {kind!r}")
        if kind not in self.stock[player]:
            raise RefIllegal(f"no {kind} in this game: it comes with the {FIGURE_EXPANSION[kind]} expansion")
        if self.stock[player][kind] <= 0:
            allowed = FIGURES_PER_PLAYER[kind]
            raise RefIllegal(f"player {player} has no {kind} left ({allowed} each, all on the board)")
        index = self.feature_for(square, place, kind)
        if not self.final:
            group = self.group(square, index)
            if kind == "builder":
                if not self.holds(group, player, FOLLOWERS):
                    raise RefIllegal(
                        f"a builder joins a meeple of its own player; player {player} has none here"
                    )
            elif kind == "pig":
                if not self.holds(group, player, FOLLOWERS):
                    raise RefIllegal(f"a pig joins a farmer of its own player; player {player} has none here")
            elif any(m in self.figures for m in group):
                raise RefIllegal(f"the {self.tiles[square][2][index].kind} at {place} is already occupied")
        return index

    def _recall(self, index, recall) -> list[RefEvent]:
        player, x, y = recall
        if "abbot" not in self.expansions:
            raise RefIllegal("a recall takes an abbot back, and there are no abbots without the Abbot")
        if self.final:
            raise RefIllegal("a recall happens during play: there is none on a final board")
        square = (x, y)
        if square not in self.tiles:
            raise RefIllegal(f"no tile on {square} to take an abbot back from")
        found = [(m, f) for m, f in self.figures.items() if m[0] == square and f.kind == "abbot"]
        if not found:
            raise RefIllegal(f"no abbot stands on {square}")
        member, abbot = found[0]
        if abbot.player != player:
            raise RefIllegal(f"the abbot on {square} is player {abbot.player}'s, not player {player}'s")
        # Decision: the tile is laid before the recall, so the recall sees it; if it is the eighth
        # neighbour the cloister or garden is complete and scores 9 (board-format.md: "only an
        # unfinished one can be recalled"), so the recall is refused rather than scored.
        n = self.neighbours(square)
        if n == 8:
            kind = self.tiles[square][2][member[1]].kind
            raise RefIllegal(
                f"the {kind} on {square} is complete: it scores 9 and its abbot goes home; "
                "only an unfinished one can be recalled"
            )
        kind = self.tiles[square][2][member[1]].kind
        around = tuple(sorted(self.around(square)))
        scored = RefEvent("recall", kind, [player], 1 + n, False, 1 + n, index, around, 0, {player: 1})
        # Decision: a recall scores the abbot's cloister or garden, so an abbot next to the fairy
        # earns the fairy's 3 points then, `when` "recall" (the scoring it follows), before it
        # leaves the board.
        bonus = self._fairy_bonus("recall", {member}, False, index, around)
        del self.figures[member]
        self.stock[player]["abbot"] += 1
        return [scored, *bonus]

    # -- The Tower -----------------------------------------------------------------------------

    def _ransom(self, index, layer, ransom, this_turn: int = 0) -> list[RefEvent]:
        """Step 2: the layer pays 3 points to the jailer and takes back one of their figures;
        ``this_turn``: the points the layer already scored in this turn (the fairy's)."""
        jailer, kind = ransom
        if not 0 <= jailer < self.players:
            raise RefIllegal(f"there is no player {jailer} to pay a ransom to")
        held = [i for i, (j, fig) in enumerate(self.prisoners) if j == jailer and fig == Figure(layer, kind)]
        if not held:
            raise RefIllegal(f"player {jailer} holds no {kind} of player {layer}'s to pay a ransom for")
        if self.score_of(layer) + this_turn < RANSOM_POINTS:
            raise RefIllegal(
                f"player {layer} has {self.score_of(layer) + this_turn} points, fewer than the "
                f"{RANSOM_POINTS} a ransom costs"
            )
        del self.prisoners[held[0]]
        self.stock[layer][kind] += 1
        self.tower_log["ransom"] += 1
        return [
            RefEvent("ransom", "ransom", [jailer], RANSOM_POINTS, False, 0, index),
            RefEvent("ransom", "ransom", [layer], -RANSOM_POINTS, False, 0, index),
        ]

    def _climb(self, player, x, y, kind) -> None:
        """The action: the layer's meeple or big meeple onto the top of the tower on (x, y)."""
        square = (x, y)
        if kind not in ON_TOP:
            raise RefIllegal(f"only a meeple or a big meeple goes onto a tower, not a {kind}")
        if self.towers.get(square, 0) < 1:
            raise RefIllegal(f"there is no tower with a floor on {square} to stand on")
        if square in self.tops:
            raise RefIllegal(f"somebody already stands on the tower on {square}")
        if self.stock[player].get(kind, 0) <= 0:
            raise RefIllegal(f"player {player} has no {kind} in supply to put onto the tower")
        self.tops[square] = Figure(player, kind)
        self.stock[player][kind] -= 1
        self.tower_log["top"] += 1

    def _floor(self, layer, x, y, capture=None, exchange=None) -> None:
        """The action: one of the layer's floors onto the tower on (x, y), and what it captures."""
        square = (x, y)
        if square not in self.tiles or not ALL_TILES[self.tiles[square][0]].tower:
            raise RefIllegal(f"there is no tower foundation on {square}")
        if self.floors[layer] <= 0:
            raise RefIllegal(f"player {layer} has no tower floor left")
        if square in self.tops:
            raise RefIllegal(f"the tower on {square} is closed: a figure stands on it")
        self.floors[layer] -= 1
        height = self.towers[square] = self.towers.get(square, 0) + 1
        self.tower_log["floor"] += 1
        if capture is None:
            if exchange is not None:
                raise RefIllegal("an exchange follows a capture only")
            return
        player, cx, cy, at, kind = capture
        target = (cx, cy)
        # the tower's own square and up to ``height`` squares in each of the four directions,
        # whatever lies between (gaps, other towers)
        if not ((cx == x and abs(cy - y) <= height) or (cy == y and abs(cx - x) <= height)):
            raise RefIllegal(f"{target} is out of the reach of a tower {height} high on {square}")
        if kind not in CAPTURABLE:
            raise RefIllegal(f"a tower captures a meeple, big meeple or abbot, never a {kind}")
        wanted = Figure(player, kind)
        if at == TOP:
            if self.tops.get(target) != wanted:
                raise RefIllegal(f"no {kind} of player {player} stands on a tower on {target}")
            del self.tops[target]  # that tower opens again
        else:
            if target not in self.tiles:
                raise RefIllegal(f"no tile on {target} to capture a figure from")
            member = (target, self.feature_for(target, at, kind))
            if self.figures.get(member) != wanted:
                raise RefIllegal(f"no {kind} of player {player} stands at {at} on {target}")
            del self.figures[member]
        self.tower_log["capture"] += 1
        if player == layer:
            if exchange is not None:
                raise RefIllegal("the layer's own figure just goes home: there is nothing to exchange")
            self.stock[player][kind] += 1
            self.tower_log["own figure home"] += 1
            return
        theirs = [fig.kind for j, fig in self.prisoners if j == player and fig.player == layer]
        if not theirs:
            if exchange is not None:
                raise RefIllegal(f"player {player} holds none of player {layer}'s figures to exchange")
            self.prisoners.append((layer, wanted))
            self.tower_log["prisoner"] += 1
            return
        # Decision: "exchange" may always be written; unwritten, the layer gets back the one kind
        # held, or a meeple when several kinds are held (board-format.md's default). A kind not
        # held is refused.
        back = exchange or (theirs[0] if len(set(theirs)) == 1 else "meeple")
        if back not in theirs:
            raise RefIllegal(f"player {player} holds no {back} of player {layer}'s to exchange")
        self.prisoners.remove((player, Figure(layer, back)))
        self.stock[layer][back] += 1
        self.stock[player][kind] += 1
        self.tower_log["exchange"] += 1

    def _lonely_builders_and_pigs_home(self, log: Counter | None = None) -> None:
        """A builder or pig whose player has no follower left on its feature goes home."""
        for member, fig in sorted(self.figures.items(), key=lambda item: item[0]):
            if fig.kind in ("builder", "pig") and not self.holds(self.group(*member), fig.player, FOLLOWERS):
                del self.figures[member]
                self.stock[fig.player][fig.kind] += 1
                (self.tower_log if log is None else log)[f"{fig.kind} home"] += 1

    # -- Princess & Dragon ---------------------------------------------------------------------

    def fairy_follower(self) -> Figure | None:
        """The follower the fairy stands next to, while it is still on the board (on the fairy's
        square, on a feature or on top of a tower); None when the fairy stands next to nobody."""
        figure, square = self.fairy_figure, self.fairy_square
        if figure is None:
            return None
        if self.tops.get(square) is figure:
            return figure
        if any(sq == square and fig is figure for (sq, _), fig in self.all_figures()):
            return figure
        return None

    def fairy_point_due(self, layer) -> bool:
        """Will ``layer``'s next placement begin with the fairy's point? (Not on a builder's
        second tile.)"""
        follower = self.fairy_follower()
        return (
            PD in self.expansions
            and not self.final
            and follower is not None
            and follower.player == layer
            and self.extra_for != layer
        )

    def _fairy_point(self, index, layer) -> list[RefEvent]:
        """Step 1: the fairy next to one of the layer's followers gives the layer 1 point."""
        follower = self.fairy_follower()
        if follower is None or follower.player != layer:
            return []
        self.pd_log["fairy point"] += 1
        return [RefEvent("fairy", "fairy", [layer], FAIRY_POINT, False, 1, index, (self.fairy_square,))]

    def _fairy_bonus(self, when, group, complete, placement=None, squares=None) -> list[RefEvent]:
        """The fairy's 3 points to the owner of its follower when ``group``, a feature being
        scored, holds that follower, whoever wins the feature and whatever it scores.

        Decision: "whenever a feature with that follower is scored" counts every scoring of the
        feature, also one worth 0 (an unfinished road with an inn, a field touching no completed
        city): at the end every feature holding a follower is scored, every field included
        whatever the farmers rule (with "1st" or "2nd" the field still takes part in the farms'
        scoring, so its farmer's fairy still gives 3)."""
        follower = self.fairy_follower()
        if follower is None or not any(fig is follower for m in group for fig in self.figures_at(m)):
            return []
        if placement is not None:
            self.pd_log["fairy bonus"] += 1
        squares = tuple(squares) if squares is not None else tuple(squares_of(group))
        return [
            RefEvent(
                when, "fairy", [follower.player], FAIRY_BONUS, complete, len(squares), placement, squares
            )
        ]

    def _find(self, ref, code) -> tuple:
        """The figure a reference (player, x, y, place or "tower", kind) names, as (its (square,
        feature index), or None on top of a tower; the Figure itself). Raises RefIllegal(code)."""
        player, x, y, at, kind = ref
        square = (x, y)
        wanted = Figure(player, kind)
        if at == TOP:
            if self.tops.get(square) != wanted:
                raise RefIllegal(f"no {kind} of player {player} stands on a tower on {square}", code)
            return None, self.tops[square]
        if square not in self.tiles:
            raise RefIllegal(f"no tile on {square}", code)
        try:
            index = self.feature_for(square, at, kind)
        except RefIllegal as e:
            raise RefIllegal(str(e), code) from None
        found = [fig for fig in self.figures_at((square, index)) if fig == wanted]
        if not found:
            raise RefIllegal(f"no {kind} of player {player} stands at {at} on {square}", code)
        return (square, index), found[0]

    def _move_fairy(self, layer, ref) -> None:
        """The action: the fairy moves next to one of the layer's followers (on a tower too)."""
        player, x, y, _, kind = ref
        if kind not in FAIRY_FOLLOWERS:
            raise RefIllegal(
                f"the fairy stands next to a follower (meeple, big meeple or abbot), not a {kind}",
                "bad_fairy",
            )
        if player != layer:
            raise RefIllegal(
                f"the fairy moves next to a follower of the layer (player {layer}), not of player {player}",
                "bad_fairy",
            )
        _, follower = self._find(ref, "bad_fairy")
        self.fairy_square, self.fairy_figure = (x, y), follower
        self.pd_log["fairy move"] += 1

    def _princess(self, square, ref) -> None:
        """The action: the princess of the tile just laid sends a knight of her city home."""
        feats = self.tiles[square][2]
        cities = [i for i, f in enumerate(feats) if f.princess]
        if not cities:
            raise RefIllegal(
                f"the tile just laid ({self.tiles[square][0]}) shows no princess", "bad_princess"
            )
        player, x, y, at, kind = ref
        if kind not in KNIGHTS or at == TOP:
            where = " on a tower" if at == TOP else ""
            raise RefIllegal(
                f"a princess sends home a knight (a meeple or big meeple in her city), not a {kind}{where}",
                "bad_princess",
            )
        member, _ = self._find(ref, "bad_princess")
        if member not in self.group(square, cities[0]):
            raise RefIllegal(f"the {kind} at {at} on {(x, y)} is not in the princess's city", "bad_princess")
        del self.figures[member]
        self.stock[player][kind] += 1
        self.pd_log["princess"] += 1
        self._lonely_builders_and_pigs_home(self.pd_log)

    def check_portal(self, target, place, figure) -> int:
        """The feature a figure going through a magic portal takes at ``place`` of the tile on
        ``target``; raises RefIllegal (bad_portal) when it may not."""
        if target not in self.tiles:
            raise RefIllegal(f"no tile on {target} for a figure to go to", "bad_portal")
        # Decision: a volcano bars the figure of the turn its tile is laid (board-format.md, step
        # 4: "never on a volcano tile" is said of the tile just laid; the rules: "you may not
        # place a meeple on a Volcano tile" when placing it); a portal later leads onto any
        # unfinished, empty feature, of a volcano tile too, and a final board may show it there.
        if figure.kind in ("builder", "pig"):
            # Decision: a builder or pig needs its player's follower on its feature, and a portal's
            # feature must hold no figure: neither ever goes through a portal.
            raise RefIllegal(
                f"a {figure.kind} joins a follower of its own, but a portal leads only to a feature "
                "that holds no figure",
                "bad_portal",
            )
        try:
            index = self.check_figure(target, place, figure)
        except RefIllegal as e:
            raise RefIllegal(str(e), "bad_portal") from None
        feat = self.tiles[target][2][index]
        if feat.kind in ("cloister", "garden"):
            done = self.neighbours(target) == 8
        elif feat.kind == "field":
            done = False
        else:
            done = self.complete(self.group(target, index))
        if done:
            raise RefIllegal(
                f"the {feat.kind} at {place} on {target} is completed: a portal leads only to an "
                "unfinished one",
                "bad_portal",
            )
        return index

    def _through_portal(self, square, target, place, figure) -> None:
        """The action: the layer's figure through the magic portal of the tile just laid."""
        name = self.tiles[square][0]
        if ALL_TILES[name].mark != PORTAL:
            raise RefIllegal(
                f"a figure goes to another square only through a magic portal, and {name} has none",
                "bad_portal",
            )
        index = self.check_portal(target, place, figure)
        self.figures[(target, index)] = figure
        self.stock[figure.player][figure.kind] -= 1
        self.pd_log["portal"] += 1

    def dragon_options(self, here, visited, fairy_square) -> list:
        """The squares the dragon may step onto from ``here``: orthogonal neighbours holding a
        tile, not the fairy's, not visited in this move, not count-6 or count-7."""
        out = []
        for dx, dy in STEP.values():
            sq = (here[0] + dx, here[1] + dy)
            if sq not in self.tiles or sq == fairy_square or sq in visited:
                continue
            if self.tiles[sq][0] not in NO_DRAGON_TILES:
                out.append(sq)
        return sorted(out)

    def _why_no_step(self, here, step, visited) -> str:
        if abs(step[0] - here[0]) + abs(step[1] - here[1]) != 1:
            return "not an orthogonal neighbour of the dragon's square"
        if step not in self.tiles:
            return "no tile there"
        if step == self.fairy_square:
            return "the fairy stands there"
        if step in visited:
            return "already visited in this move (the start counts)"
        return "the dragon never enters count-6 or count-7"

    def _dragon_moves(self, square, steps) -> None:
        """Step 5: after a dragon tile the dragon takes its steps (step i by player (layer + i - 1)
        mod n: who moves changes nothing here); every figure on a square entered is eaten."""
        name = self.tiles[square][0]
        if ALL_TILES[name].mark != DRAGON:
            # Decision: "[]" means the same as no dragon field, on any tile.
            if steps:
                raise RefIllegal(f"{name} has no dragon mark: the dragon does not move", "bad_dragon")
            return
        if self.dragon is None:
            if steps:
                raise RefIllegal(
                    "the dragon is off the board until the first volcano: it cannot move", "bad_dragon"
                )
            self.pd_log["dragon off the board"] += 1
            return
        here, visited = self.dragon, {self.dragon}
        for i, step in enumerate(steps):
            if i == DRAGON_STEPS:
                raise RefIllegal(f"the dragon moves {DRAGON_STEPS} steps, not {len(steps)}", "bad_dragon")
            if step not in self.dragon_options(here, visited, self.fairy_square):
                why = self._why_no_step(here, step, visited)
                raise RefIllegal(f"step {i + 1} of the dragon, {here} to {step}: {why}", "bad_dragon")
            here = self.dragon = step
            visited.add(step)
            self.pd_log["dragon step"] += 1
            self._eat(step)
        if len(steps) < DRAGON_STEPS and self.dragon_options(here, visited, self.fairy_square):
            raise RefIllegal(
                f"the dragon stopped on {here} after {len(steps)} step(s) while it could still move: it "
                f"moves {DRAGON_STEPS} steps, fewer only when no further step is possible",
                "bad_dragon",
            )
        self.pd_log["dragon move" if steps else "dragon blocked"] += 1
        if 0 < len(steps) < DRAGON_STEPS:
            self.pd_log["dragon stuck"] += 1

    def _eat(self, square) -> None:
        """The dragon enters ``square``: every figure on its tile goes home, a follower on top of
        its tower too (the tower opens again); then builders and pigs left alone go home."""
        for member in sorted(m for m in self.figures if m[0] == square):
            fig = self.figures.pop(member)
            self.stock[fig.player][fig.kind] += 1
            self.pd_log["eaten"] += 1
            self.pd_log[f"eaten {fig.kind}"] += 1
        if square in self.tops:
            fig = self.tops.pop(square)
            self.stock[fig.player][fig.kind] += 1
            self.pd_log["eaten"] += 1
            self.pd_log["eaten on a tower"] += 1
        self._lonely_builders_and_pigs_home(self.pd_log)

    def set_dragon_and_fairy(self, dragon, fairy) -> None:
        """A final board's ``dragon`` (x, y) and ``fairy``: (x, y) next to nobody, or a figure
        reference (player, x, y, place or "tower", kind) of the follower it stands next to."""
        if dragon is not None:
            if dragon not in self.tiles:
                raise RefIllegal(f"the dragon stands on {dragon}, where no tile lies", "bad_dragon")
            self.dragon = dragon
        if fairy is None:
            return
        if len(fairy) == 2:
            if fairy not in self.tiles:
                raise RefIllegal(f"the fairy stands on {fairy}, where no tile lies", "bad_fairy")
            self.fairy_square = fairy
            return
        _, x, y, _, kind = fairy
        if kind not in FAIRY_FOLLOWERS:
            raise RefIllegal(f"the fairy stands next to a follower, not a {kind}", "bad_fairy")
        _, follower = self._find(fairy, "bad_fairy")
        self.fairy_square, self.fairy_figure = (x, y), follower

    def set_towers(self, towers, prisoners) -> None:
        """A final board's ``towers`` [(x, y, height, top)] (top None or (player, kind)) and
        ``prisoners`` [(jailer, player, kind)]; every figure counts against its player's supply."""
        for x, y, height, top in towers:
            square = (x, y)
            if square in self.towers:
                raise RefIllegal(f"the tower on {square} is listed twice")
            if square not in self.tiles or not ALL_TILES[self.tiles[square][0]].tower:
                raise RefIllegal(f"there is no tower foundation on {square}")
            if height < 1:
                raise RefIllegal(f"the tower on {square} is listed with {height} floors: at least 1")
            self.towers[square] = height
            if top is not None:
                player, kind = top
                if kind not in ON_TOP:
                    raise RefIllegal(f"only a meeple or a big meeple stands on a tower, not a {kind}")
                self._take_from_stock(player, kind)
                self.tops[square] = Figure(player, kind)
        most = FLOORS_PER_PLAYER[self.players] * self.players
        if sum(self.towers.values()) > most:
            raise RefIllegal(f"the towers hold {sum(self.towers.values())} floors; the players have {most}")
        for jailer, player, kind in prisoners:
            if jailer == player:
                raise RefIllegal("a player holds no prisoner of their own: it went home")
            if kind not in CAPTURABLE:
                raise RefIllegal(f"a tower captures a meeple, big meeple or abbot, never a {kind}")
            self._take_from_stock(player, kind)
            self.prisoners.append((jailer, Figure(player, kind)))

    def _take_from_stock(self, player, kind) -> None:
        if kind not in self.stock[player]:
            raise RefIllegal(f"no {kind} in this game: it comes with the {FIGURE_EXPANSION[kind]} expansion")
        if self.stock[player][kind] <= 0:
            allowed = FIGURES_PER_PLAYER[kind]
            raise RefIllegal(f"player {player} has no {kind} left ({allowed} each, all accounted for)")
        self.stock[player][kind] -= 1

    def _send_home(self, group) -> None:
        for m in group:
            for fig in self.figures_at(m):
                self.stock[fig.player][fig.kind] += 1
            self.figures.pop(m, None)
            self.crowd.pop(m, None)

    def completed_by(self, square) -> list[tuple[str, frozenset]]:
        """(kind, members) of every road, city, cloister and garden the tile on ``square``
        completes, in the order this model scores them: the tile's roads and cities, then the
        cloisters and gardens of the 3 × 3 squares around it, column by column."""
        out = []
        for i, feat in enumerate(self.tiles[square][2]):
            if feat.kind not in ("road", "city"):
                continue
            group = self.group(square, i)
            if all(g != group for _, g in out) and self.complete(group):
                out.append((feat.kind, group))
        x, y = square
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                sq = (x + dx, y + dy)
                if sq not in self.tiles or self.neighbours(sq) != 8:
                    continue
                for i, feat in enumerate(self.tiles[sq][2]):
                    if feat.kind in ("cloister", "garden"):
                        out.append((feat.kind, frozenset({(sq, i)})))
        return out

    def _score_play(self, square, index, layer, from_city=()) -> list[RefEvent]:
        events = []
        completed = self.completed_by(square)
        arrivals = self._from_city(completed, from_city)
        for n, (kind, group) in enumerate(completed):
            # step 6: the followers out of the City join the feature just before it is scored
            for member, figure in arrivals.get(n, ()):
                self.count_log["from city onto an empty feature"] += not any(
                    self.figures_at(m) for m in group
                )
                self._put(member, figure)
            if kind == "city" and layer is not None:
                # the layer takes the goods, whoever owns the city and even if nobody does
                for sq, j in group:
                    good = self.tiles[sq][2][j].goods
                    if good:
                        self.tokens[layer][good] += 1
            if kind in ("road", "city"):
                if self.strength(group):
                    events.append(self.feature_event("play", kind, group, True, index))
                    events += self._fairy_bonus("play", group, True, index)
            else:
                (member,) = group
                if self.figures_at(member):
                    strength = self.cloister_strength(member)
                    around = tuple(sorted(self.around(member[0])))
                    events.append(
                        RefEvent(
                            "play", kind, majority(strength), 9, True, 9, index, around, 0, dict(strength)
                        )
                    )
                    events += self._fairy_bonus("play", group, True, index, around)
            self._send_home(group)  # meeples, big meeples and builders alike
        return events

    # -- the Count of Carcassonne ------------------------------------------------------------

    def _check_start(self, index, name, square, rotation, busy: bool) -> None:
        """The City's 12 tiles first, in order, each on its square at rotation 0, with no figure
        (bad_start). On a final board only where a City tile lies is checked (the rest at the end).

        Decision: board-format.md gives ``bad_start`` to placements 0-11 only; the River's spring
        after them (placement 12, touching the City along a field edge, "the River's rules then
        apply as usual") is refused as any tile breaking the River's or the laying rules is, with
        no code of its own here."""
        if name in CITY_TILES and (square != CITY_SQUARES[name] or rotation != 0):
            raise RefIllegal(
                f"{name} lies on {CITY_SQUARES[name]} at rotation 0, not on {square} at {rotation}",
                "bad_start",
            )
        if self.final:
            return
        if index < 12:
            expected = f"count-{index + 1}"
            if name != expected:
                raise RefIllegal(
                    f"placement {index} of the City of Carcassonne is {expected}, not {name}", "bad_start"
                )
            if busy:
                # Decision: a City tile is laid by nobody; a figure or any other action on it is
                # refused (a figure reaches its features only through a portal or from a quarter).
                # Naming its ``player`` is allowed and changes nothing. ``from_city`` and
                # ``quarter`` are refused by their own rules (a City tile completes nothing, and
                # its turn scored nothing): bad_from_city, bad_quarter.
                raise RefIllegal(
                    f"{name} is laid with the City, by nobody: no figure, no action", "bad_start"
                )

    def _from_city(self, completed, entries) -> dict[int, list[tuple]]:
        """Step 6's followers out of the City: which of ``completed`` each joins, as {position in
        ``completed``: [(member, Figure)]}; each is taken out of its quarter (bad_from_city).

        Decision: the entries are matched to the features they name, in any order (the contract
        lists them in the order the features are scored; the result is the same in any)."""
        arrivals: dict[int, list[tuple]] = {}
        used = set()
        for entry in entries:
            player, x, y, at, kind = entry
            where = f"the follower of player {player} out of the City onto {at} of {(x, y)}"
            if kind not in KNIGHTS or at == TOP:
                raise RefIllegal(f"{where}: only a meeple or big meeple goes into the City", "bad_from_city")
            if (x, y) not in self.tiles:
                raise RefIllegal(f"{where}: no tile there", "bad_from_city")
            try:
                member = ((x, y), self.feature_for((x, y), at, kind))
            except RefIllegal as e:
                raise RefIllegal(f"{where}: {e}", "bad_from_city") from None
            found = [n for n, (_, group) in enumerate(completed) if member in group]
            if not found:
                raise RefIllegal(f"{where}: no road, city or cloister this turn completes", "bad_from_city")
            n = found[0]
            quarter = QUARTER_FOR.get(completed[n][0])
            if quarter is None:
                raise RefIllegal(f"{where}: no quarter sends followers to a garden", "bad_from_city")
            if quarter == self.count_at:
                raise RefIllegal(
                    f"{where}: the Count stands in the {quarter}: nobody leaves it", "bad_from_city"
                )
            if (player, n) in used:
                raise RefIllegal(f"{where}: one follower per player per feature", "bad_from_city")
            figure = Figure(player, kind)
            if figure not in self.quarters[quarter]:
                raise RefIllegal(f"{where}: player {player} has no {kind} in the {quarter}", "bad_from_city")
            self.quarters[quarter].remove(figure)
            used.add((player, n))
            arrivals.setdefault(n, []).append((member, figure))
            self.count_log["from city"] += 1
            self.count_log[f"from the {quarter}"] += 1
        return arrivals

    def quarter_allowed(self, layer, scored) -> bool:
        """Step 7's condition: this turn's scoring of features (step 6) gave points to another
        player and none to the layer (a fairy's bonus, goods and ransoms do not count)."""
        features = [e for e in scored if e.kind in ("road", "city", "cloister", "garden") and e.points > 0]
        others = any(p != layer for e in features for p in e.winners)
        return layer is not None and others and not any(layer in e.winners for e in features)

    def to_quarter(self, layer, kind, to, count=None, *, scored=None) -> None:
        """Step 7: one of the layer's meeples or its big meeple from supply into quarter ``to``;
        the Count moves to ``count`` (None: it stays)."""
        scored = self.last_scored if scored is None else scored
        if to not in QUARTERS or (count is not None and count not in QUARTERS):
            raise RefIllegal(f"the City's quarters are {', '.join(QUARTERS)}", "bad_quarter")
        if kind not in KNIGHTS:
            raise RefIllegal(f"a meeple or big meeple goes into a quarter, not a {kind}", "bad_quarter")
        if not self.quarter_allowed(layer, scored):
            raise RefIllegal(
                "a follower goes into the City only after a turn whose scoring gave points to another "
                "player and none to the layer",
                "bad_quarter",
            )
        if self.stock[layer].get(kind, 0) <= 0:
            raise RefIllegal(f"player {layer} has no {kind} in supply to send into the City", "bad_quarter")
        self.stock[layer][kind] -= 1
        self.quarters[to].append(Figure(layer, kind))
        self.count_log["quarter"] += 1
        self.count_log[f"into the {to}"] += 1
        if count is not None:
            self.count_log["count moves"] += count != self.count_at
            self.count_at = count

    def move_from_market(self, refs) -> None:
        """The end of a replay: followers of the market quarter onto fields, just before the farms
        (bad_market); never while the Count stands in the market."""
        if refs and self.count_at == "market":
            raise RefIllegal("the Count stands in the market: nobody leaves it", "bad_market")
        for player, x, y, at, kind in refs:
            where = f"the follower of player {player} out of the market onto {at} of {(x, y)}"
            if kind not in KNIGHTS or at == TOP or (x, y) not in self.tiles:
                raise RefIllegal(f"{where}: a meeple or big meeple onto a field of a tile", "bad_market")
            try:
                index = self.feature_for((x, y), at, kind)
            except RefIllegal as e:
                raise RefIllegal(f"{where}: {e}", "bad_market") from None
            if self.tiles[(x, y)][2][index].kind != "field":
                raise RefIllegal(f"{where}: followers leave the market onto fields only", "bad_market")
            figure = Figure(player, kind)
            if figure not in self.quarters["market"]:
                raise RefIllegal(f"{where}: player {player} has no {kind} in the market", "bad_market")
            self.quarters["market"].remove(figure)
            self._put(((x, y), index), figure)
            self.count_log["market"] += 1

    def set_quarters(self, quarters, count) -> None:
        """A final board's followers still in the City, [(player, quarter, kind)], and the Count's
        quarter (None: the castle); each follower counts against its player's supply."""
        for player, quarter, kind in quarters:
            if quarter not in QUARTERS or kind not in KNIGHTS:
                raise RefIllegal(
                    f"a meeple or big meeple in one of the quarters {QUARTERS}, not a {kind} in {quarter!r}",
                    "bad_quarter",
                )
            self._take_from_stock(player, kind)
            self.quarters[quarter].append(Figure(player, kind))
        if count is not None and count not in QUARTERS:
            raise RefIllegal(
                f"the Count stands in one of the quarters {QUARTERS}, not {count!r}", "bad_quarter"
            )
        self.count_at = count or COUNT_START

    # -- a final board -------------------------------------------------------------------------

    def check_final_board(self) -> None:
        """What a final board must satisfy once every tile is down (board-format.md, final)."""
        if CO in self.expansions:
            missing = [n for n, sq in CITY_SQUARES.items() if self.tiles.get(sq, (None,))[0] != n]
            if missing:
                raise RefIllegal(f"the City of Carcassonne lacks {', '.join(missing)}", "bad_start")
        if self.tiles:
            start = next(iter(self.tiles))
            seen = {start}
            todo = [start]
            while todo:
                x, y = todo.pop()
                for dx, dy in STEP.values():
                    sq = (x + dx, y + dy)
                    if sq in self.tiles and sq not in seen:
                        seen.add(sq)
                        todo.append(sq)
            if len(seen) != len(self.tiles):
                apart = sorted(set(self.tiles) - seen)[0]
                raise RefIllegal(f"the board is not one connected piece: {apart} is cut off from {start}")
        # Decision: on a final board the builder's and pig's condition (a follower of the same
        # player on the feature) is checked on the finished board, not in file order: tiles come in
        # any order, so a builder may be listed before its meeple's tile.
        for (square, index), fig in self.all_figures():
            if fig.kind in ("builder", "pig"):
                group = self.group(square, index)
                if not self.holds(group, fig.player, FOLLOWERS):
                    what = "meeple" if fig.kind == "builder" else "farmer"
                    raise RefIllegal(
                        f"the {fig.kind} of player {fig.player} on {square} has no {what} "
                        "of its player beside it"
                    )

    # -- the end -------------------------------------------------------------------------------

    def end_events(self) -> list[RefEvent]:
        events = []
        done = set()
        fields = []
        self.warnings = 0
        for member in sorted(self.figures):
            sq, i = member
            feat = self.tiles[sq][2][i]
            if feat.kind in ("cloister", "garden"):
                strength = self.cloister_strength(member)
                n = self.neighbours(sq)
                self.warnings += n == 8
                around = tuple(sorted(self.around(sq)))
                events.append(
                    RefEvent(
                        "end",
                        feat.kind,
                        majority(strength),
                        1 + n,
                        n == 8,
                        1 + n,
                        None,
                        around,
                        0,
                        dict(strength),
                    )
                )
                events += self._fairy_bonus("end", {member}, n == 8, None, around)
                continue
            group = self.group(sq, i)
            if group in done:
                continue
            done.add(group)
            if not self.strength(group):
                continue  # a builder or pig alone (checked never to happen)
            if feat.kind == "field":
                fields.append(group)
                continue
            complete = self.complete(group)
            self.warnings += complete
            events.append(self.feature_event("end", feat.kind, group, complete))
            events += self._fairy_bonus("end", group, complete)
        events += self._farm_events(fields)
        for group in fields:
            events += self._fairy_bonus("farms", group, False)
        events += self._goods_events()
        return events

    def field_cities(self, group) -> set:
        """The completed cities a field touches; with the Count, the City (THE_CITY) too when the
        field has a place on a City tile."""
        cities = set()
        if CO in self.expansions and any(self.tiles[sq][0] in CITY_TILES for sq, _ in group):
            cities.add(THE_CITY)
        for sq, i in group:
            for c in self.tiles[sq][2][i].cities:
                city = self.group(sq, c)
                if self.complete(city):
                    cities.add(city)
        return cities

    def pigs(self, group) -> set[int]:
        return {fig.player for m in group for fig in self.figures_at(m) if fig.kind == "pig"}

    def _farm_events(self, fields) -> list[RefEvent]:
        events = []

        def pay(points_of: dict[int, int], group_strength: Counter, cities) -> None:
            # one event per distinct amount, so that a pig's owner and a rival tied with them differ
            by_points: dict[int, list[int]] = {}
            for p, pts in sorted(points_of.items()):
                by_points.setdefault(pts, []).append(p)
            city_squares = tuple(sorted(tuple(squares_of(c)) for c in cities))
            for pts, who in sorted(by_points.items()):
                events.append(
                    RefEvent(
                        "farms",
                        "field",
                        who,
                        pts,
                        False,
                        0,
                        strength=dict(group_strength),
                        cities=city_squares,
                    )
                )

        if self.farmers == "3rd":
            for group in fields:
                strength = self.strength(group)
                cities = self.field_cities(group)
                pigs = self.pigs(group)
                pay({p: (4 if p in pigs else 3) * len(cities) for p in majority(strength)}, strength, cities)
        elif self.farmers == "2nd":
            won: dict[int, set] = {}
            with_pig: dict[int, set] = {}
            strength_of: dict[int, Counter] = {}
            for group in fields:
                strength = self.strength(group)
                cities = self.field_cities(group)
                pigs = self.pigs(group)
                for p in majority(strength):
                    won.setdefault(p, set()).update(cities)
                    strength_of.setdefault(p, Counter()).update(strength)
                    if p in pigs:
                        with_pig.setdefault(p, set()).update(cities)
            for p, cities in sorted(won.items()):
                pig_cities = with_pig.get(p, set())
                points = 3 * len(cities - pig_cities) + 4 * len(pig_cities)
                pay({p: points}, strength_of[p], cities)
        else:
            by_city: dict[frozenset, Counter] = {}
            pigs_by_city: dict[frozenset, set] = {}
            for group in fields:
                strength = self.strength(group)
                pigs = self.pigs(group)
                for city in self.field_cities(group):
                    by_city.setdefault(city, Counter()).update(strength)
                    pigs_by_city.setdefault(city, set()).update(pigs)
            for city, strength in by_city.items():
                pigs = pigs_by_city[city]
                pay({p: 5 if p in pigs else 4 for p in majority(strength)}, strength, [city])
        return events

    def _goods_events(self) -> list[RefEvent]:
        events = []
        for good in GOODS:
            held = {p: t[good] for p, t in enumerate(self.tokens) if t[good] > 0}
            if not held:
                continue  # nobody scores with 0 tokens
            top = max(held.values())
            winners = sorted(p for p, n in held.items() if n == top)
            events.append(RefEvent("goods", "goods", winners, 10, False, 0, good=good, tokens=held))
        return events

    def totals(self, banked=None) -> list[int]:
        totals = list(banked) if banked else [0] * self.players
        for e in self.events + self.end_events():
            for p in e.winners:
                totals[p] += e.points
        return totals

    def by_category(self, banked=None, *, categories=BASE_CATEGORIES) -> list[dict[str, int]]:
        """Points per category and player; by default the base game's five categories, as the
        differential tests compare them (pass ``categories=CATEGORIES`` for all seven)."""
        out = [dict.fromkeys(TOWER_CATEGORIES, 0) for _ in range(self.players)]
        for p, b in enumerate(banked or []):
            out[p]["banked"] = b
        for e in self.events + self.end_events():
            for p in e.winners:
                out[p][CATEGORY_OF[e.kind]] += e.points
        for p in out:
            left_out = {k: v for k, v in p.items() if k not in categories and v}
            if left_out:
                raise ValueError(f"points outside the categories asked for: {left_out}")
        return [{k: p[k] for k in categories} for p in out]

    def report(self, names, banked=None) -> dict:
        """The JSON score report of board-format.md."""
        end = self.end_events()
        categories = self.by_category(banked, categories=self.categories)
        players = [
            {"name": name, "total": sum(cats.values()), "by_category": cats}
            for name, cats in zip(names, categories, strict=True)
        ]
        return {
            "players": players,
            "events": [event_dict(e) for e in self.events + end],
            "warnings": self._warnings(),
        }

    def _warnings(self) -> list[dict]:
        out = []
        for e in self.end_events():
            if e.when == "end" and e.complete and e.kind != "fairy":
                out.append(
                    {
                        "code": "completed_with_meeples",
                        "feature": e.kind,
                        "tiles": [list(sq) for sq in e.squares],
                        "message": f"a completed {e.kind} still holds figures: it should have scored in play",
                    }
                )
        return out


def event_dict(e: RefEvent) -> dict:
    out = {
        "when": e.when,
        "placement": e.placement,
        "feature": e.kind,
        "complete": e.complete,
        "tiles": [list(sq) for sq in e.squares],
        "pennants": e.pennants,
        "meeples": {str(p): n for p, n in sorted(e.strength.items())},
        "winners": list(e.winners),
        "points": e.points,
    }
    if e.when == "farms":
        out["cities"] = [[list(sq) for sq in city] for city in e.cities]
    if e.when == "goods":
        out["good"] = e.good
        out["tokens"] = {str(p): n for p, n in sorted(e.tokens.items())}
    return out


# -- the board file ------------------------------------------------------------------------------

FORMAT = "carcassonne-board/1"
COLOURS = ("red", "blue", "green", "yellow", "black", "grey", "pink")
TOP_KEYS = {"format", "players", "rules", "expansions", "mode", "placements", "banked", "goods"}
TOP_KEYS |= {"towers", "prisoners"}  # The Tower, final mode
TOP_KEYS |= {"dragon", "fairy"}  # Princess & Dragon, final mode
TOP_KEYS |= {"market", "quarters", "count"}  # the Count: replay's end; final mode
PLACEMENT_KEYS = {"tile", "x", "y", "rotation", "meeple", "recall", "player", "tower", "ransom"}
PLACEMENT_KEYS |= {"fairy", "princess", "dragon", "meeples"}  # Princess & Dragon
PLACEMENT_KEYS |= {"from_city", "quarter"}  # the Count


@dataclass(frozen=True)
class RefPlacement:
    tile: str
    x: int
    y: int
    rotation: int = 0
    figure: tuple | None = None  # (player, place, kind)
    recall: tuple | None = None  # (player, x, y)
    player: int | None = None  # the layer, when the file names it
    tower: tuple | None = None  # (x, y, capture, exchange): a floor (The Tower)
    top: tuple | None = None  # (player, x, y, kind): a figure onto a tower's top
    ransom: tuple | None = None  # (jailer, kind)
    portal: tuple | None = None  # (x, y) the figure goes to through a magic portal
    fairy: tuple | None = None  # figure reference (player, x, y, at, kind)
    princess: tuple | None = None  # figure reference of the knight sent home
    dragon: tuple | None = None  # the dragon's steps, ((x, y), ...)
    more: tuple = ()  # final mode: the figures of ``meeples`` after the first, (player, at, kind)
    from_city: tuple = ()  # the Count: figure references of followers out of the City
    quarter: tuple | None = None  # the Count: (kind, to, count or None)


@dataclass(frozen=True)
class RefBoard:
    names: tuple[str, ...]
    small_city: int
    farmers: str
    expansions: frozenset
    final: bool
    placements: tuple[RefPlacement, ...]
    banked: tuple[int, ...] | None
    goods: tuple[dict, ...] | None
    towers: tuple = ()  # final mode: (x, y, height, top), top None or (player, kind)
    prisoners: tuple = ()  # final mode: (jailer, player, kind)
    dragon: tuple | None = None  # final mode: the dragon's square
    fairy: tuple | None = None  # final mode: (x, y) next to nobody, or a figure reference
    market: tuple = ()  # replay: figure references of fields the market's followers move to
    quarters: tuple = ()  # final mode: (player, quarter, kind) still in the City
    count: str | None = None  # final mode: the Count's quarter


def _need(ok, message: str, code: str | None = None) -> None:
    if not ok:
        raise RefIllegal(message, code)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _only_keys(obj: dict, allowed: set, what: str, code: str | None = None) -> None:
    # Decision: unknown fields are refused rather than ignored, so that a misspelt field (say
    # "meeples" for "meeple") cannot silently change a hand-typed board.
    unknown = sorted(set(obj) - allowed)
    _need(not unknown, f"{what} has unknown field(s): {', '.join(map(str, unknown))}", code)


def _read_player(raw, n: int, what: str, code: str | None = None) -> int:
    _need(_whole(raw) and 0 <= raw < n, f"{what} {raw!r} is not a player's index", code)
    return raw


def _read_kind(raw, what: str, code: str | None = None) -> str:
    _need(raw in FIGURE_KINDS, f"{what}: unknown figure kind {raw!r}", code)
    return raw


def _read_ref(raw, n: int, where: str, code: str | None = None) -> tuple:
    """A figure reference {"x", "y", "at", "player", "kind"}: (player, x, y, at, kind); a
    malformed one is refused with ``code`` (the Count's references; None elsewhere)."""
    _need(isinstance(raw, dict), f"{where}: a figure is an object with x, y, at, player and kind", code)
    _only_keys(raw, {"x", "y", "at", "player", "kind"}, f"{where}: the figure", code)
    _need(
        _whole(raw.get("x")) and _whole(raw.get("y")),
        f"{where}: the figure's x and y are whole numbers",
        code,
    )
    at = raw.get("at")
    _need(at in PLACES or at == TOP, f"{where}: {at!r} is not a place on a tile nor {TOP!r}", code)
    player = _read_player(raw.get("player"), n, f"{where}: the figure's player", code)
    return (player, raw["x"], raw["y"], at, _read_kind(raw.get("kind", "meeple"), where, code))


def _read_towers(doc, n: int, expansions, final) -> tuple[tuple, tuple]:
    """A final board's ``towers`` and ``prisoners`` (The Tower)."""
    towers, prisoners = doc.get("towers"), doc.get("prisoners")
    for name, value in (("towers", towers), ("prisoners", prisoners)):
        if value is not None:
            _need(TO in expansions, f"{name} come with the tower expansion only")
            _need(final, f"{name} are listed on a final board only")
            _need(isinstance(value, list), f"{name} must be a list")
    read_towers = []
    for i, t in enumerate(towers or []):
        what = f"tower {i}"
        _need(isinstance(t, dict), f"{what} must be an object with x, y and height")
        _only_keys(t, {"x", "y", "height", "top"}, what)
        _need(_whole(t.get("x")) and _whole(t.get("y")), f"{what}: x and y are whole numbers")
        height = t.get("height")
        _need(_whole(height) and height >= 1, f"{what}: its height is a whole number from 1")
        top = t.get("top")
        if top is not None:
            _need(isinstance(top, dict), f"{what}: its top is an object with player and kind")
            _only_keys(top, {"player", "kind"}, f"{what}: top")
            top = (
                _read_player(top.get("player"), n, f"{what}: the player on top"),
                _read_kind(top.get("kind", "meeple"), what),
            )
        read_towers.append((t["x"], t["y"], height, top))
    read_prisoners = []
    for i, p in enumerate(prisoners or []):
        what = f"prisoner {i}"
        _need(isinstance(p, dict), f"{what} must be an object with jailer, player and kind")
        _only_keys(p, {"jailer", "player", "kind"}, what)
        jailer = _read_player(p.get("jailer"), n, f"{what}: the jailer")
        player = _read_player(p.get("player"), n, f"{what}: the figure's player")
        read_prisoners.append((jailer, player, _read_kind(p.get("kind", "meeple"), what)))
    return tuple(read_towers), tuple(read_prisoners)


def _read_figure(m, n: int, where: str) -> tuple:
    """A figure on the tile of its placement, {"player", "at", "kind"}: (player, at, kind)."""
    _need(isinstance(m, dict), f"{where} is one object")
    _only_keys(m, {"player", "at", "kind"}, where)
    owner = m.get("player")
    _need(_whole(owner) and 0 <= owner < n, f"{where}: the figure's player {owner!r} is not a player's index")
    _need(m.get("at") in PLACES, f"{where}: {m.get('at')!r} is not a place on a tile")
    kind = m.get("kind", "meeple")
    _need(kind in FIGURE_KINDS, f"{where}: unknown figure kind {kind!r}")
    return (owner, m["at"], kind)


def _read_final_dragon_and_fairy(doc, n: int, expansions, final) -> tuple:
    """A final board's ``dragon`` [x, y] and ``fairy`` (Princess & Dragon): ((x, y) or None,
    (x, y), a figure reference (player, x, y, at, kind), or None)."""
    dragon = fairy = None
    for key in ("dragon", "fairy"):
        if key in doc:
            _need(
                PD in expansions, f"{key} comes with the princess-dragon expansion only", "field_not_in_game"
            )
            _need(final, f"the {key}'s square is listed on a final board only", "field_not_in_game")
    if "dragon" in doc:
        d = doc["dragon"]
        _need(
            isinstance(d, list) and len(d) == 2 and all(_whole(c) for c in d),
            "dragon is the [x, y] of a placed tile",
            "bad_dragon",
        )
        dragon = (d[0], d[1])
    if "fairy" in doc:
        f = doc["fairy"]
        if isinstance(f, dict) and set(f) == {"x", "y"}:
            _need(_whole(f["x"]) and _whole(f["y"]), "the fairy's x and y are whole numbers", "bad_fairy")
            fairy = (f["x"], f["y"])
        else:
            fairy = _read_ref(f, n, "fairy")
    return dragon, fairy


def _read_count_fields(doc, n: int, expansions, final) -> tuple:
    """The Count's top-level fields: a replay's ``market``, a final board's ``quarters`` and
    ``count``: (market refs, quarters, count). Decision: each in the wrong mode or without the
    Count is refused as Princess & Dragon's are there, ``field_not_in_game``."""
    for key, in_final in (("market", False), ("quarters", True), ("count", True)):
        if key in doc:
            _need(CO in expansions, f"{key} comes with the count expansion only", "field_not_in_game")
            what = "a final board" if in_final else "a replay"
            _need(final == in_final, f"{key} is listed on {what} only", "field_not_in_game")
    market = doc.get("market", [])
    _need(isinstance(market, list), "market is a list of figure references of fields", "bad_market")
    refs = tuple(_read_ref(m, n, f"market[{i}]", "bad_market") for i, m in enumerate(market))
    quarters = doc.get("quarters", [])
    _need(isinstance(quarters, list), "quarters is a list of {player, quarter, kind}", "bad_quarter")
    read = []
    for i, q in enumerate(quarters):
        what = f"quarters[{i}]"
        _need(isinstance(q, dict), f"{what} is an object with player, quarter and kind", "bad_quarter")
        _only_keys(q, {"player", "quarter", "kind"}, what, "bad_quarter")
        player = _read_player(q.get("player"), n, f"{what}: the player", "bad_quarter")
        _need(q.get("quarter") in QUARTERS, f"{what}: the quarter is one of {QUARTERS}", "bad_quarter")
        kind = q.get("kind", "meeple")
        _need(kind in KNIGHTS, f"{what}: a meeple or big meeple, not {kind!r}", "bad_quarter")
        read.append((player, q["quarter"], kind))
    count = doc.get("count")
    _need(count is None or count in QUARTERS, f"the Count stands in one of {QUARTERS}", "bad_quarter")
    return refs, tuple(read), count


def _read_city_actions(p: dict, n: int, expansions, final, where: str) -> tuple:
    """A placement's ``from_city`` and ``quarter`` (the Count): (refs, (kind, to, count) or None)."""
    for key in ("from_city", "quarter"):
        if key in p:
            _need(
                CO in expansions, f"{where}: {key} comes with the count expansion only", "action_not_in_game"
            )
            _need(not final, f"{where}: {key} belongs to a turn of a replay", "action_in_final")
    entries = p.get("from_city", [])
    _need(isinstance(entries, list), f"{where}: from_city is a list of figure references", "bad_from_city")
    refs = tuple(_read_ref(e, n, f"{where}: from_city[{i}]", "bad_from_city") for i, e in enumerate(entries))
    quarter = None
    if "quarter" in p:
        q = p["quarter"]
        _need(isinstance(q, dict), f"{where}: quarter is an object with kind, to and count", "bad_quarter")
        _only_keys(q, {"kind", "to", "count"}, f"{where}: quarter", "bad_quarter")
        kind = q.get("kind", "meeple")
        _need(kind in KNIGHTS, f"{where}: a meeple or big meeple goes into a quarter", "bad_quarter")
        _need(q.get("to") in QUARTERS, f"{where}: quarter's to is one of {QUARTERS}", "bad_quarter")
        count = q.get("count")
        _need(
            count is None or count in QUARTERS, f"{where}: the Count goes to one of {QUARTERS}", "bad_quarter"
        )
        quarter = (kind, q["to"], count)
    return refs, quarter


def _read_tower_actions(p: dict, n: int, expansions, final, where: str) -> tuple:
    """A placement's ``tower`` and ``ransom`` (The Tower): (tower, ransom), each None if absent."""
    tower = ransom = None
    if "tower" in p or "ransom" in p:
        _need(TO in expansions, f"{where}: tower floors and ransoms come with the tower expansion only")
        _need(not final, f"{where}: tower floors and ransoms are turns of a replay, not of a final board")
    if "tower" in p:
        t = p["tower"]
        _need(isinstance(t, dict), f"{where}: tower is an object with x and y")
        _only_keys(t, {"x", "y", "capture", "exchange"}, f"{where}: tower")
        _need(_whole(t.get("x")) and _whole(t.get("y")), f"{where}: the tower's x and y are whole numbers")
        capture = _read_ref(t["capture"], n, where) if t.get("capture") is not None else None
        exchange = t.get("exchange")
        if exchange is not None:
            _read_kind(exchange, f"{where}: exchange")
        tower = (t["x"], t["y"], capture, exchange)
    if "ransom" in p:
        r = p["ransom"]
        _need(isinstance(r, dict), f"{where}: ransom is an object with jailer and kind")
        _only_keys(r, {"jailer", "kind"}, f"{where}: ransom")
        jailer = _read_player(r.get("jailer"), n, f"{where}: the ransom's jailer")
        ransom = (jailer, _read_kind(r.get("kind", "meeple"), f"{where}: ransom"))
    return tower, ransom


def read_document(doc) -> RefBoard:
    """Check the form of a board file (everything but the rules of play) and read it."""
    _need(isinstance(doc, dict), "a board file is a JSON object")
    _only_keys(doc, TOP_KEYS, "the board file")
    _need(doc.get("format") == FORMAT, f"format must be exactly {FORMAT!r}")

    expansions = doc.get("expansions", [])
    _need(isinstance(expansions, list), "expansions must be a list")
    for e in expansions:
        _need(isinstance(e, str) and e in EXPANSIONS, f"unknown expansion {e!r}")
    _need(len(set(expansions)) == len(expansions), "an expansion is listed twice")
    expansions = frozenset(expansions)

    players = doc.get("players")
    most = 6 if IC in expansions else 5
    _need(isinstance(players, list), "players must be a list")
    _need(2 <= len(players) <= most, f"a game has 2 to {most} players, not {len(players)}")
    names, colours = [], []
    for i, p in enumerate(players):
        _need(isinstance(p, dict), f"player {i} must be an object")
        _only_keys(p, {"name", "color"}, f"player {i}")
        name = p.get("name")
        _need(isinstance(name, str) and name.strip(), f"player {i} needs a name")
        _need(len(name.strip()) <= 40, f"player {i}'s name is longer than 40 characters")
        names.append(name.strip())
        colour = p.get("color")
        _need(colour is None or colour in COLOURS, f"player {i}'s colour {colour!r} is not one of {COLOURS}")
        if colour is not None:
            _need(colour not in colours, f"two players are {colour}")
            colours.append(colour)
    n = len(names)

    rules = doc.get("rules", {})
    _need(isinstance(rules, dict), "rules must be an object")
    _only_keys(rules, {"small_city", "farmers"}, "rules")
    small_city = rules.get("small_city", 4)
    _need(_whole(small_city) and small_city in (4, 2), "small_city is 4 or 2")
    farmers = rules.get("farmers", "3rd")
    _need(farmers in ("3rd", "2nd", "1st"), 'farmers is "3rd", "2nd" or "1st"')

    mode = doc.get("mode", "replay")
    _need(mode in ("replay", "final"), 'mode is "replay" or "final"')
    final = mode == "final"

    banked = doc.get("banked")
    if banked is not None:
        _need(final, "banked points belong to a final board only")
        _need(isinstance(banked, list) and len(banked) == n, "banked has one number per player")
        _need(all(_whole(b) and b >= 0 for b in banked), "banked points are whole numbers, 0 or more")
        banked = tuple(banked)

    goods = doc.get("goods")
    if goods is not None:
        _need(final, "goods already collected belong to a final board only")
        _need(TB in expansions, "goods come with traders-builders only")
        _need(isinstance(goods, list) and len(goods) == n, "goods has one entry per player")
        for i, g in enumerate(goods):
            _need(isinstance(g, dict), f"goods of player {i} must be an object")
            _only_keys(g, set(GOODS), f"goods of player {i}")
            _need(all(_whole(v) and v >= 0 for v in g.values()), "goods are whole numbers, 0 or more")
        goods = tuple({k: g.get(k, 0) for k in GOODS} for g in goods)

    raw = doc.get("placements")
    _need(isinstance(raw, list) and raw, "placements must be a non-empty list")
    placements = []
    named_layer = False
    for i, p in enumerate(raw):
        where = f"placement {i}"
        _need(isinstance(p, dict), f"{where} must be an object")
        _only_keys(p, PLACEMENT_KEYS, where)
        tile = p.get("tile")
        _need(isinstance(tile, str) and tile in ALL_TILES, f"{where}: unknown tile {tile!r}")
        x, y = p.get("x"), p.get("y")
        _need(_whole(x) and _whole(y), f"{where}: x and y are whole numbers")
        where = f"placement {i} (tile {tile} at ({x}, {y}))"
        rotation = p.get("rotation", 0)
        _need(_whole(rotation) and rotation in (0, 90, 180, 270), f"{where}: rotation is 0, 90, 180 or 270")
        layer = p.get("player")
        if layer is not None:
            _need(_whole(layer) and 0 <= layer < n, f"{where}: player {layer!r} is not a player's index")
            named_layer = True
        else:
            _need(not named_layer, f"{where}: once a placement names its player, every later one does")
        figure = top = portal = None
        more = ()
        if "meeple" in p and isinstance(p["meeple"], dict) and p["meeple"].get("at") == TOP:
            m = p["meeple"]
            _need(TO in expansions, f"{where}: a figure onto a tower comes with the tower expansion only")
            _need(not final, f"{where}: a figure goes onto a tower in a replay, not on a final board")
            _only_keys(m, {"player", "at", "kind", "x", "y"}, f"{where}: meeple")
            owner = _read_player(m.get("player"), n, f"{where}: the figure's player")
            _need(
                _whole(m.get("x")) and _whole(m.get("y")), f"{where}: the tower's x and y are whole numbers"
            )
            top = (owner, m["x"], m["y"], _read_kind(m.get("kind", "meeple"), where))
        elif "meeple" in p:
            m = p["meeple"]
            _need("meeples" not in p, f"{where}: a placement carries meeple or meeples, not both")
            _need(isinstance(m, dict), f"{where}: meeple is one object (one figure per placement)")
            if "x" in m or "y" in m:
                _need(
                    PD in expansions,
                    f"{where}: a magic portal comes with princess-dragon only",
                    "action_not_in_game",
                )
                _need(
                    not final,
                    f"{where}: a figure goes through a magic portal in a replay only",
                    "action_in_final",
                )
                _need(
                    _whole(m.get("x")) and _whole(m.get("y")),
                    f"{where}: the figure's x and y are whole numbers",
                )
                portal = (m["x"], m["y"])
                m = {k: v for k, v in m.items() if k not in ("x", "y")}
            figure = _read_figure(m, n, f"{where}: meeple")
        elif "meeples" in p:
            ms = p["meeples"]
            # Decision: a final board may list several figures on any tile, whatever the
            # expansions (final mode is lenient about how the board came to be); a replay never.
            _need(final, f"{where}: meeples (several figures on one tile) belong to a final board only")
            _need(isinstance(ms, list) and ms, f"{where}: meeples is a non-empty list of figures")
            read = [_read_figure(m, n, f"{where}: meeples[{j}]") for j, m in enumerate(ms)]
            figure, more = read[0], tuple(read[1:])
        fairy = princess = dragon = None
        for key in ("fairy", "princess", "dragon"):
            if key in p:
                _need(
                    PD in expansions,
                    f"{where}: {key} comes with the princess-dragon expansion only",
                    "action_not_in_game",
                )
                _need(
                    not final,
                    f"{where}: {key} belongs to a turn of a replay, not to a final board",
                    "action_in_final",
                )
        if "fairy" in p:
            fairy = _read_ref(p["fairy"], n, f"{where}: fairy")
        if "princess" in p:
            princess = _read_ref(p["princess"], n, f"{where}: princess")
        if "dragon" in p:
            steps = p["dragon"]
            _need(isinstance(steps, list), f"{where}: dragon is a list of [x, y] squares", "bad_dragon")
            for step in steps:
                _need(
                    isinstance(step, list) and len(step) == 2 and all(_whole(c) for c in step),
                    f"{where}: each step of the dragon is [x, y], not {step!r}",
                    "bad_dragon",
                )
            dragon = tuple((a, b) for a, b in steps)
        recall = None
        if "recall" in p:
            r = p["recall"]
            _need(
                figure is None and top is None,
                f"{where}: a placement carries one figure or one recall, not both",
                "two_actions",
            )
            _need(not final, f"{where}: recall exists in replay mode only")
            _need(
                isinstance(r, dict) and set(r) == {"player", "x", "y"}, f"{where}: recall is {{player, x, y}}"
            )
            _need(
                _whole(r["player"]) and 0 <= r["player"] < n, f"{where}: the recall's player is not a player"
            )
            _need(_whole(r["x"]) and _whole(r["y"]), f"{where}: the recall's x and y are whole numbers")
            recall = (r["player"], r["x"], r["y"])
        tower, ransom = _read_tower_actions(p, n, expansions, final, where)
        from_city, quarter = _read_city_actions(p, n, expansions, final, where)
        placements.append(
            RefPlacement(
                tile,
                x,
                y,
                rotation,
                figure,
                recall,
                layer,
                tower,
                top,
                ransom,
                portal,
                fairy,
                princess,
                dragon,
                more,
                from_city,
                quarter,
            )
        )
    towers, prisoners = _read_towers(doc, n, expansions, final)
    final_dragon, final_fairy = _read_final_dragon_and_fairy(doc, n, expansions, final)
    market, quarters, count = _read_count_fields(doc, n, expansions, final)
    return RefBoard(
        tuple(names),
        small_city,
        farmers,
        expansions,
        final,
        tuple(placements),
        banked,
        goods,
        towers,
        prisoners,
        final_dragon,
        final_fairy,
        market,
        quarters,
        count,
    )


def replay_document(document: dict) -> tuple[RefBoard, RefGame]:
    """The game a board file describes, played out in the reference (no end scoring yet)."""
    board = read_document(document)
    game = RefGame(
        players=len(board.names),
        small_city=board.small_city,
        farmers=board.farmers,
        final=board.final,
        expansions=board.expansions,
    )
    for i, p in enumerate(board.placements):
        try:
            game.play(
                p.tile,
                p.x,
                p.y,
                p.rotation,
                p.figure,
                recall=p.recall,
                layer=p.player,
                tower=p.tower,
                top=p.top,
                ransom=p.ransom,
                portal=p.portal,
                fairy=p.fairy,
                princess=p.princess,
                dragon=p.dragon,
                more=p.more,
                from_city=p.from_city,
                quarter=p.quarter,
            )
        except RefIllegal as e:
            raise RefIllegal(f"placement {i} (tile {p.tile} at ({p.x}, {p.y})): {e}", e.code) from None
    if not board.final:
        game.move_from_market(board.market)
    if board.final:
        game.check_final_board()
        game.set_towers(board.towers, board.prisoners)
        game.set_dragon_and_fairy(board.dragon, board.fairy)
        game.set_quarters(board.quarters, board.count)
        if board.goods:
            # Decision: on a final board only the goods the file lists count; tokens still on the
            # board are in unfinished cities (nobody's) or, in completed ones, already listed.
            game.tokens = [Counter(g) for g in board.goods]
    return board, game


def score_document(document: dict) -> dict:
    """Score a whole board file (board-format.md) to its JSON report; raise RefIllegal if illegal."""
    board, game = replay_document(document)
    return game.report(board.names, board.banked)


# -- random games, by the reference's own rules ------------------------------------------------


def _figure_options(game: RefGame, name, square, rotation, player) -> dict[str, list[str]]:
    """kind -> places where ``player`` may put a figure of that kind on this tile, laid there."""
    if PD in game.expansions and ALL_TILES[name].mark == VOLCANO:
        return {}  # no figure on the volcano tile just laid
    game.tiles[square] = (name, rotation, oriented_features(name, rotation))
    try:
        options: dict[str, list[str]] = {}
        for kind, left in game.stock[player].items():
            if left <= 0:
                continue
            seen = set()
            for place in PLACES:
                try:
                    index = game.check_figure(square, place, Figure(player, kind))
                except RefIllegal:
                    continue
                if index not in seen:
                    seen.add(index)
                    options.setdefault(kind, []).append(place)
        return options
    finally:
        del game.tiles[square]


def _recall_options(game: RefGame, square, player) -> list[tuple[int, int]]:
    """Squares from which ``player`` could take their abbot back once a tile lies on ``square``."""
    out = []
    for (sq, _), fig in game.figures.items():
        if fig.kind == "abbot" and fig.player == player:
            near = abs(sq[0] - square[0]) <= 1 and abs(sq[1] - square[1]) <= 1
            if game.neighbours(sq) + near < 8:
                out.append(sq)
    return out


def _ransom_options(game: RefGame, layer) -> list[tuple[int, str]]:
    """(jailer, kind) of every ransom ``layer`` could pay now."""
    if game.score_of(layer) + FAIRY_POINT * game.fairy_point_due(layer) < RANSOM_POINTS:
        return []
    return sorted({(j, fig.kind) for j, fig in game.prisoners if fig.player == layer})


def _reach(square, height) -> set:
    x, y = square
    return {(x + d, y) for d in range(-height, height + 1)} | {(x, y + d) for d in range(-height, height + 1)}


def _tower_options(game: RefGame, rng, name, square, rotation, layer, ransom) -> list[tuple[str, dict]]:
    """The floors (each capture in reach, with each exchange) and tower tops ``layer`` could take
    with this tile laid there after ``ransom``, as (board-file field, its value)."""
    game.tiles[square] = (name, rotation, oriented_features(name, rotation))
    if ransom is not None:
        game.prisoners.remove((ransom[0], Figure(layer, ransom[1])))
        game.stock[layer][ransom[1]] += 1
    try:
        out: list[tuple[str, dict]] = []
        for sq, (tile, _, _) in sorted(game.tiles.items()) if game.floors[layer] > 0 else ():
            if not ALL_TILES[tile].tower or sq in game.tops:
                continue
            out.append(("tower", {"x": sq[0], "y": sq[1]}))
            reach = _reach(sq, game.towers.get(sq, 0) + 1)
            targets = []
            for (at_sq, i), fig in sorted(game.figures.items()):
                if at_sq in reach and fig.kind in CAPTURABLE:
                    place = rng.choice(sorted(game.tiles[at_sq][2][i].places))
                    targets.append((fig, at_sq, place))
            targets += [(fig, at_sq, TOP) for at_sq, fig in sorted(game.tops.items()) if at_sq in reach]
            for fig, (x, y), place in targets:
                ref = {"x": x, "y": y, "at": place, "player": fig.player}
                if fig.kind != "meeple":
                    ref["kind"] = fig.kind
                entry = {"x": sq[0], "y": sq[1], "capture": ref}
                held = (
                    set()
                    if fig.player == layer
                    else {f.kind for j, f in game.prisoners if j == fig.player and f.player == layer}
                )
                out += [("tower", {**entry, "exchange": kind}) for kind in sorted(held)]
                if len(held) < 2:  # one kind held: the exchange may go unwritten
                    out.append(("tower", entry))
        for sq in sorted(game.towers):
            if sq not in game.tops:
                for kind in ON_TOP:
                    if game.stock[layer].get(kind, 0) > 0:
                        top = {"player": layer, "at": TOP, "x": sq[0], "y": sq[1]}
                        out.append(("meeple", top if kind == "meeple" else {**top, "kind": kind}))
        return out
    finally:
        del game.tiles[square]
        if ransom is not None:
            game.stock[layer][ransom[1]] -= 1
            game.prisoners.append((ransom[0], Figure(layer, ransom[1])))


@contextmanager
def _laid(game: RefGame, name, square, rotation):
    """The board with this tile laid there for a moment (nothing else changes)."""
    game.tiles[square] = (name, rotation, oriented_features(name, rotation))
    try:
        yield
    finally:
        del game.tiles[square]


def _ref_of(game: RefGame, square, index, fig) -> dict:
    """The figure reference of ``fig`` on feature ``index`` of the tile on ``square``."""
    ref = {
        "x": square[0],
        "y": square[1],
        "at": sorted(game.tiles[square][2][index].places)[0],
        "player": fig.player,
    }
    return ref if fig.kind == "meeple" else {**ref, "kind": fig.kind}


def _tuple_ref(ref: dict) -> tuple:
    return (ref["player"], ref["x"], ref["y"], ref["at"], ref.get("kind", "meeple"))


def _princess_options(game: RefGame, name, square, rotation) -> list[dict]:
    """The knights a princess on this tile, laid there, could send home (figure references)."""
    cities = [i for i, f in enumerate(oriented_features(name, rotation)) if f.princess]
    if not cities:
        return []
    with _laid(game, name, square, rotation):
        return [
            _ref_of(game, *m, game.figures[m])
            for m in sorted(game.group(square, cities[0]))
            if m in game.figures and game.figures[m].kind in KNIGHTS
        ]


def _portal_options(game: RefGame, name, square, rotation, player) -> list[tuple]:
    """(square, place, kind) of every feature of another tile that ``player``'s figure could reach
    through the portal of this tile, laid there."""
    out = []
    with _laid(game, name, square, rotation):
        for sq in sorted(game.tiles):
            if sq == square:
                continue
            for kind, left in sorted(game.stock[player].items()):
                if left <= 0 or kind in ("builder", "pig"):
                    continue
                seen = set()
                for f in game.tiles[sq][2]:
                    place = sorted(f.places)[0]
                    try:
                        index = game.check_portal(sq, place, Figure(player, kind))
                    except RefIllegal:
                        continue
                    if index not in seen:
                        seen.add(index)
                        out.append((sq, place, kind))
    return out


def _fairy_options(game: RefGame, player) -> list[dict]:
    """Figure references of ``player``'s followers on the board, on towers too."""
    out = [
        _ref_of(game, sq, i, fig)
        for (sq, i), fig in sorted(game.figures.items(), key=lambda item: item[0])
        if fig.player == player and fig.kind in FAIRY_FOLLOWERS
    ]
    for (x, y), fig in sorted(game.tops.items()):
        if fig.player == player:
            ref = {"x": x, "y": y, "at": TOP, "player": player}
            out.append(ref if fig.kind == "meeple" else {**ref, "kind": fig.kind})
    return out


def _on_field(game: RefGame, ref: dict) -> bool:
    square = (ref["x"], ref["y"])
    index = game.feature_for(square, ref["at"], ref.get("kind", "meeple"))
    return game.tiles[square][2][index].kind == "field"


def _dragon_walk(rng, game: RefGame, name, square, rotation, fairy_square) -> list[tuple]:
    """A random move of the dragon after this dragon tile, each step chosen among the legal ones
    (as each player in turn would; half the time onto a square with figures, when one is near),
    6 steps or fewer only when stuck."""
    if game.dragon is None:
        return []
    with _laid(game, name, square, rotation):
        here, visited, steps = game.dragon, {game.dragon}, []
        while len(steps) < DRAGON_STEPS:
            options = game.dragon_options(here, visited, fairy_square)
            if not options:
                break
            hungry = [sq for sq in options if sq in game.tops or any(m[0] == sq for m in game.figures)]
            here = rng.choice(hungry if hungry and rng.random() < 0.5 else options)
            visited.add(here)
            steps.append(here)
    return steps


def random_document(
    rng,
    players: int = 3,
    expansions=(),
    *,
    small_city: int = 4,
    farmers: str = "3rd",
    figure_chance: float = 0.6,
    recall_chance: float = 0.2,
    tower_chance: float = 0.35,
    ransom_chance: float = 0.5,
    princess_chance: float = 0.8,
    portal_chance: float = 0.7,
    fairy_chance: float = 0.25,
    max_tiles: int | None = None,
    name_layers: bool = True,
    from_city_chance: float = 0.7,
    quarter_chance: float = 0.8,
    market_chance: float = 0.8,
    close_chance: float = 0.5,
) -> dict:
    """A random replay game as a board file, every tile and figure legal by this module's rules.

    Tiles come from a shuffled bag (the River's first, the lake last); a tile that fits nowhere is
    set aside. With ``name_layers`` every placement after the start tile names its layer, as the
    site writes files; without, the file relies on the defaults. With The Tower a turn takes a
    floor (often capturing) or a tower's top instead of its figure ``tower_chance`` of the time it
    can, and pays a ransom ``ransom_chance`` of the time it can. With Princess & Dragon a princess
    tile goes where its princess can act ``princess_chance`` of the time and then sends a knight
    home as often; a portal tile sends its figure to another tile ``portal_chance`` of the time; a
    turn moves the fairy ``fairy_chance`` of the time it can; every dragon tile moves the dragon
    (each step chosen at random among the legal ones). Games without it draw as before.

    With the Count the City's 12 tiles come first (then the River's). Each follower in a quarter
    that may leave comes out onto a matching feature being completed ``from_city_chance`` of the
    time it can (at most one per player and feature), a turn sends a follower into a quarter
    ``quarter_chance`` of the time it may, half the time moving the Count, and at the end each
    follower in the market goes onto a field ``market_chance`` of the time (not while the Count
    is there). So that these come up, a tile goes where it completes a feature holding a figure
    or one a follower in the City could join ``close_chance`` of the time it can.
    """
    expansions = frozenset(expansions)
    game = RefGame(players=players, small_city=small_city, farmers=farmers, expansions=expansions)
    bag = [n for n, c in sorted(game.supply.items()) for _ in range(c)]
    river = [n for n in bag if ALL_TILES[n].river and n not in ("river-spring", "river-lake")]
    normal = [n for n in bag if not ALL_TILES[n].river]
    rng.shuffle(river)
    rng.shuffle(normal)
    city = [n for n in normal if n in CITY_TILES]
    normal = [n for n in normal if n not in CITY_TILES]
    if CO in expansions:
        city.sort(key=lambda n: int(n.split("-")[1]))  # the City's tiles in order; every D drawn
        order = [*city, *(["river-spring", *river, "river-lake"] if "river" in expansions else []), *normal]
    elif "river" in expansions:
        normal.remove("D")
        normal.insert(rng.randrange(len(normal) + 1), "D")
        order = ["river-spring", *river, "river-lake", *normal]
    else:
        normal.remove("D")
        order = ["D", *normal]
    placements = []
    aside: list[str] = []  # the Count's river tiles that fitted nowhere yet
    order.reverse()
    while order:
        name = order.pop()
        if max_tiles is not None and len(placements) >= max_tiles:
            break
        if name in CITY_TILES:
            game.play(name, *CITY_SQUARES[name], 0)
            placements.append(
                {"tile": name, "x": CITY_SQUARES[name][0], "y": CITY_SQUARES[name][1], "rotation": 0}
            )
            continue
        options = sorted(game.legal_set(name)) if game.tiles else [((0, 0), 0)]
        if not options:
            if CO in expansions and ALL_TILES[name].river:
                aside.append(name)
            continue  # set aside
        # With the City in the way the river is often stuck for a while: a river tile set aside
        # is tried again after each tile laid (as the River's rules say), until it fits.
        order += aside
        aside = []
        index = len(game.order)
        layer = game.layer_of(index, None, None) if game.tiles else None
        if PD in expansions and layer is not None and rng.random() < princess_chance:
            with_knights = [o for o in options if _princess_options(game, name, *o)]
            options = with_knights or options
        if CO in expansions and layer is not None and rng.random() < close_chance:
            rank = {o: _closes_for_someone(game, name, *o) for o in options}
            options = [o for o in options if rank[o] == max(rank.values())]
        (x, y), rotation = rng.choice(options)
        layer = game.layer_of(index, None, None)
        entry = {"tile": name, "x": x, "y": y, "rotation": rotation}
        figure = recall = tower = top = ransom = None
        portal = fairy = princess = None
        if TO in expansions and layer is not None and rng.random() < ransom_chance:
            ransoms = _ransom_options(game, layer)
            if ransoms:
                ransom = rng.choice(ransoms)
                entry["ransom"] = {"jailer": ransom[0], "kind": ransom[1]}
        if TO in expansions and layer is not None and rng.random() < tower_chance:
            towers = _tower_options(game, rng, name, (x, y), rotation, layer, ransom)
            capturing = [o for o in towers if "capture" in o[1]]
            if towers:
                field_name, value = rng.choice(capturing if capturing and rng.random() < 0.6 else towers)
                entry[field_name] = value
                if field_name == "meeple":
                    top = (layer, value["x"], value["y"], value.get("kind", "meeple"))
                else:
                    ref = value.get("capture")
                    if ref is not None:
                        ref = (ref["player"], ref["x"], ref["y"], ref["at"], ref.get("kind", "meeple"))
                    tower = (value["x"], value["y"], ref, value.get("exchange"))
        if PD in expansions and tower is None and top is None and layer is not None:
            knights = _princess_options(game, name, (x, y), rotation)
            spots = (
                [] if ALL_TILES[name].mark != PORTAL else _portal_options(game, name, (x, y), rotation, layer)
            )
            followers = _fairy_options(game, layer)
            if knights and rng.random() < princess_chance:
                entry["princess"] = rng.choice(knights)
                princess = _tuple_ref(entry["princess"])
            elif spots and rng.random() < portal_chance:
                portal, place, kind = rng.choice(spots)
                figure = (layer, place, kind)
                entry["meeple"] = {"player": layer, "at": place, "x": portal[0], "y": portal[1]}
                if kind != "meeple":
                    entry["meeple"]["kind"] = kind
            elif followers and rng.random() < fairy_chance:
                # mostly next to a follower whose feature can be completed (not a farmer), so
                # that the fairy's bonus comes in play too
                closing = [f for f in followers if f["at"] == TOP or not _on_field(game, f)]
                entry["fairy"] = rng.choice(closing if closing and rng.random() < 0.8 else followers)
                fairy = _tuple_ref(entry["fairy"])
        pd_action = (portal, fairy, princess) != (None, None, None)
        if (
            not pd_action
            and tower is None
            and top is None
            and layer is not None
            and rng.random() < figure_chance
        ):
            choices = _figure_options(game, name, (x, y), rotation, layer)
            if choices:
                kind = rng.choice(sorted(choices))
                figure = (layer, rng.choice(choices[kind]), kind)
                entry["meeple"] = {"player": layer, "at": figure[1]}
                if kind != "meeple":
                    entry["meeple"]["kind"] = kind
        if (
            not pd_action
            and (figure, tower, top) == (None, None, None)
            and layer is not None
            and rng.random() < recall_chance
        ):
            squares = _recall_options(game, (x, y), layer)
            if squares:
                recall = (layer, *rng.choice(squares))
                entry["recall"] = {"player": layer, "x": recall[1], "y": recall[2]}
        dragon = None
        if PD in expansions and ALL_TILES[name].mark == DRAGON:
            fairy_square = (fairy[1], fairy[2]) if fairy else game.fairy_square
            dragon = _dragon_walk(rng, game, name, (x, y), rotation, fairy_square)
            if dragon or rng.random() < 0.5:  # no step: the field absent or [], which mean the same
                entry["dragon"] = [list(step) for step in dragon]
        if name_layers and layer is not None:
            entry["player"] = layer
        from_city = _from_city_choice(rng, game, name, (x, y), rotation, from_city_chance)
        if from_city:
            entry["from_city"] = [
                {"player": p, "x": fx, "y": fy, "at": at, **({} if kind == "meeple" else {"kind": kind})}
                for p, fx, fy, at, kind in from_city
            ]
        game.play(
            name,
            x,
            y,
            rotation,
            figure,
            recall=recall,
            layer=layer,
            tower=tower,
            top=top,
            ransom=ransom,
            portal=portal,
            fairy=fairy,
            princess=princess,
            dragon=dragon,
            from_city=from_city,
        )
        if (
            CO in expansions
            and game.quarter_allowed(layer, game.last_scored)
            and rng.random() < quarter_chance
        ):
            kinds = [k for k in KNIGHTS if game.stock[layer].get(k, 0) > 0]
            if kinds:
                kind, to = rng.choice(kinds), rng.choice(QUARTERS)
                # the Count seldom into the market, so that the market's followers often leave it
                count = None
                if rng.random() < 0.5:
                    others = ("castle", "blacksmith", "cathedral")
                    count = "market" if rng.random() < 0.1 else rng.choice(others)
                game.to_quarter(layer, kind, to, count)
                entry["quarter"] = (
                    {"to": to} if kind == "meeple" and rng.random() < 0.5 else {"kind": kind, "to": to}
                )
                if count is not None:
                    entry["quarter"]["count"] = count
        placements.append(entry)
    out = {
        "format": FORMAT,
        "players": [{"name": f"P{i}"} for i in range(players)],
        "rules": {"small_city": small_city, "farmers": farmers},
        "expansions": sorted(expansions),
        "mode": "replay",
        "placements": placements,
    }
    if CO in expansions and game.count_at != "market":
        fields = [
            (sq, sorted(f.places))
            for sq, (_, _, feats) in sorted(game.tiles.items())
            for f in feats
            if f.kind == "field"
        ]
        market = []
        for fig in game.quarters["market"]:
            if fields and rng.random() < market_chance:
                (fx, fy), places = rng.choice(fields)
                ref = {"x": fx, "y": fy, "at": rng.choice(places), "player": fig.player}
                market.append(ref if fig.kind == "meeple" else {**ref, "kind": fig.kind})
        if market or rng.random() < 0.2:
            out["market"] = market
    return out


def _closes_for_someone(game: RefGame, name, square, rotation) -> int:
    """What this tile, laid there, completes: 2 a road, city or cloister holding a figure that a
    follower in the City could join, 1 one holding a figure or that such a follower could join,
    0 none of these."""
    open_quarters = {q for q in QUARTERS if game.quarters[q] and q != game.count_at}
    best = 0
    with _laid(game, name, square, rotation):
        for kind, group in game.completed_by(square):
            joinable = QUARTER_FOR.get(kind) in open_quarters
            held = any(game.figures_at(m) for m in group)
            best = max(best, joinable + held)
    return best


def _from_city_choice(rng, game: RefGame, name, square, rotation, chance) -> tuple:
    """Followers out of the City onto the features this tile, laid there, completes, as figure
    references (player, x, y, at, kind): each player that may, ``chance`` of the time."""
    if CO not in game.expansions:
        return ()
    pool = {q: list(game.quarters[q]) for q in QUARTERS}  # what is still in each quarter
    out = []
    with _laid(game, name, square, rotation):
        for kind, group in game.completed_by(square):
            quarter = QUARTER_FOR.get(kind)
            if quarter is None or quarter == game.count_at:
                continue
            for player in sorted({fig.player for fig in pool[quarter]}):
                if rng.random() >= chance:
                    continue
                figure = rng.choice(sorted((f for f in pool[quarter] if f.player == player), key=str))
                pool[quarter].remove(figure)
                sq, i = rng.choice(sorted(group))
                at = rng.choice(sorted(game.tiles[sq][2][i].places))
                out.append((player, sq[0], sq[1], at, figure.kind))
    return tuple(out)


def final_document(document: dict, rng) -> dict:
    """The board a replay file ends with, as a final-mode file: tiles in a shuffled order, figures
    where they stand at the end, points scored in play banked, goods collected listed."""
    board, game = replay_document(document)
    banked = [0] * len(board.names)
    for e in game.events:
        for p in e.winners:
            banked[p] += e.points
    standing: dict = {}
    for (sq, i), fig in game.all_figures():
        standing.setdefault(sq, []).append((i, fig))
    placements = []
    for sq in game.order:
        name, rotation, feats = game.tiles[sq]
        entry = {"tile": name, "x": sq[0], "y": sq[1], "rotation": rotation}
        written = [
            {"player": fig.player, "at": sorted(feats[i].places)[0], "kind": fig.kind}
            for i, fig in standing.get(sq, [])
        ]
        if len(written) == 1:
            entry["meeple"] = written[0]
        elif written:  # a portal's figure beside the tile's own (Princess & Dragon)
            entry["meeples"] = written
        placements.append(entry)
    rng.shuffle(placements)
    out = {
        "format": FORMAT,
        "players": [{"name": n} for n in board.names],
        "rules": {"small_city": board.small_city, "farmers": board.farmers},
        "expansions": sorted(board.expansions),
        "mode": "final",
        "placements": placements,
        "banked": banked,
    }
    if TB in board.expansions:
        out["goods"] = [{g: t[g] for g in GOODS} for t in game.tokens]
    if TO in board.expansions:
        towers = []
        for (x, y), height in sorted(game.towers.items()):
            towers.append({"x": x, "y": y, "height": height})
            if (x, y) in game.tops:
                fig = game.tops[(x, y)]
                towers[-1]["top"] = {"player": fig.player, "kind": fig.kind}
        out["towers"] = towers
        out["prisoners"] = [{"jailer": j, "player": f.player, "kind": f.kind} for j, f in game.prisoners]
    if PD in board.expansions:
        if game.dragon is not None:
            out["dragon"] = list(game.dragon)
        ref = fairy_reference(game)
        if ref is not None:
            out["fairy"] = ref
    if CO in board.expansions:
        out["quarters"] = [
            {"player": fig.player, "quarter": q, "kind": fig.kind}
            for q in QUARTERS
            for fig in game.quarters[q]
        ]
        if game.count_at != COUNT_START or rng.random() < 0.5:  # the castle: written or not
            out["count"] = game.count_at
    return out


def fairy_reference(game: RefGame) -> dict | None:
    """Where the fairy stands, as a final board writes it: the figure reference of its follower,
    only {"x", "y"} when it stands next to nobody, or None while it is off the board."""
    if game.fairy_square is None:
        return None
    x, y = game.fairy_square
    follower = game.fairy_follower()
    if follower is None:
        return {"x": x, "y": y}
    ref = {"x": x, "y": y, "player": follower.player, "kind": follower.kind}
    if game.tops.get((x, y)) is follower:
        return {**ref, "at": TOP}
    (index,) = [i for (sq, i), fig in game.all_figures() if sq == (x, y) and fig is follower]
    return {**ref, "at": sorted(game.tiles[(x, y)][2][index].places)[0]}
