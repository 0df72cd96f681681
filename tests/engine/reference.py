"""An independent model of the rules, written from /work/shared/tiles.md and board-format.md only.

It shares no code or data with ``scorer.engine``: the tile table below is typed from tiles.md, the
geometry from its picture, and the scoring from the rules text. It is deliberately simple (flood
fill over places, brute-force legality) so that it can be checked by reading. The tests compare
the engine with it on hundreds of random games; where they disagree, one of them is wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

RIM = ("NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW")
"""The twelve rim places clockwise from the north-west corner (tiles.md picture)."""
SIDE_NAMES = ("N", "E", "S", "W")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_PLACES = {  # each side's places clockwise
    "N": ("NNW", "N", "NNE"),
    "E": ("ENE", "E", "ESE"),
    "S": ("SSE", "S", "SSW"),
    "W": ("WSW", "W", "WNW"),
}


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


@dataclass(frozen=True)
class Feat:
    kind: str  # city, road, cloister, field
    places: frozenset[str]
    pennant: bool = False
    cities: tuple[int, ...] = ()  # for fields: indices of the tile's cities it touches


def C(sides: str, pennant: bool = False) -> Feat:
    return Feat("city", city_places(sides), pennant)


def R(sides: str) -> Feat:
    return Feat("road", road_places(sides))


def M() -> Feat:
    return Feat("cloister", frozenset({"C"}))


def F(places: str | frozenset[str], *cities: int) -> Feat:
    ps = frozenset(places.split()) if isinstance(places, str) else places
    return Feat("field", ps, cities=cities)


@dataclass(frozen=True)
class RefTile:
    name: str
    count: int
    edges: tuple[str, str, str, str]  # N E S W, canonical
    features: tuple[Feat, ...]
    river: bool = False


def T(name: str, count: int, edges: str, *features: Feat, river: bool = False) -> RefTile:
    return RefTile(name, count, tuple(edges.split()), tuple(features), river)  # type: ignore[arg-type]


# Typed from the two tables of tiles.md. City indices in fields refer to this tuple's order.
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

BASE_NAMES = tuple(n for n, t in REF_TILES.items() if not t.river)
RIVER_NAMES = tuple(n for n, t in REF_TILES.items() if t.river)


@cache
def oriented_edges(name: str, rotation: int) -> dict[str, str]:
    """side -> edge kind as the tile lies after ``rotation`` degrees clockwise."""
    q = rotation // 90
    canon = REF_TILES[name].edges
    return {rotate_side(s, q): canon[i] for i, s in enumerate(SIDE_NAMES)}


def oriented_features(name: str, rotation: int) -> list[Feat]:
    q = rotation // 90
    return [
        Feat(f.kind, frozenset(rotate_place(p, q) for p in f.places), f.pennant, f.cities)
        for f in REF_TILES[name].features
    ]


def feature_sides(feat: Feat) -> list[str]:
    """The sides a road or city leaves its tile through."""
    return [s for s, (_, m, _) in SIDE_PLACES.items() if m in feat.places]


def majority(meeples: Counter) -> list[int]:
    if not meeples:
        return []
    top = max(meeples.values())
    return sorted(p for p, n in meeples.items() if n == top)


@dataclass
class RefEvent:
    when: str
    kind: str
    winners: list[int]
    points: int
    complete: bool
    tiles: int


@dataclass
class RefGame:
    """A board being built by the rules of board-format.md, scored as it goes."""

    players: int = 2
    small_city: int = 4
    farmers: str = "3rd"
    river: bool = False
    final: bool = False
    tiles: dict = field(default_factory=dict)  # (x, y) -> (name, rotation, [Feat])
    order: list = field(default_factory=list)
    supply: dict = field(default_factory=dict)
    meeples: dict = field(default_factory=dict)  # (square, feature index) -> player
    in_supply: list = field(default_factory=list)
    events: list = field(default_factory=list)
    river_end: tuple | None = None  # (square, side the river leaves through)
    last_turn: str = "straight"
    river_started: bool = False
    warnings: int = 0

    def __post_init__(self) -> None:
        self.supply = {n: t.count for n, t in REF_TILES.items() if self.river or not t.river}
        self.in_supply = [7] * self.players

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
        x, y = square
        return sum(
            (x + dx, y + dy) in self.tiles for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
        )

    def group_meeples(self, group) -> Counter:
        return Counter(self.meeples[m] for m in group if m in self.meeples)

    def points(self, kind, group, complete) -> int:
        tiles = len({sq for sq, _ in group})
        if kind == "road":
            return tiles
        pennants = sum(1 for sq, i in group if self.tiles[sq][2][i].pennant)
        if complete:
            if tiles == 2 and self.small_city == 2:
                return 2
            return 2 * (tiles + pennants)
        return tiles + pennants

    # -- legality ------------------------------------------------------------------------------

    def edges_ok(self, name, square, rotation) -> bool:
        edges = oriented_edges(name, rotation)
        x, y = square
        for side, (dx, dy) in STEP.items():
            other = self.tiles.get((x + dx, y + dy))
            if other is not None and oriented_edges(other[0], other[1])[OPPOSITE[side]] != edges[side]:
                return False
        return True

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

    def basic_ok(self, name, square, rotation) -> bool:
        if REF_TILES[name].river and not self.river:
            return False
        if self.supply.get(name, 0) <= 0 or square in self.tiles:
            return False
        if not self.tiles:
            return self.final or name == ("river-spring" if self.river else "D")
        if not self.edges_ok(name, square, rotation):
            return False
        return self.final or self.touches(square)

    def river_tile_ok(self, name, square, rotation, *, check_lake=True) -> bool:
        turn = self.river_turn(name, square, rotation)
        if turn is None:
            return False
        if turn != "straight" and turn == self.last_turn:
            return False
        return not (name == "river-lake" and check_lake and self.some_river_tile_fits(exclude_lake=True))

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
        for name in RIVER_NAMES:
            if exclude_lake and name == "river-lake":
                continue
            if self.supply.get(name, 0) <= 0:
                continue
            for rotation in (0, 90, 180, 270):
                if self.basic_ok(name, square, rotation) and self.river_tile_ok(name, square, rotation):
                    return True
        return False

    def legal(self, name, square, rotation) -> bool:
        if not self.basic_ok(name, square, rotation):
            return False
        if self.final or not self.river or not self.tiles:
            return True
        if REF_TILES[name].river:
            return self.river_tile_ok(name, square, rotation)
        return not self.some_river_tile_fits()

    def legal_set(self, name) -> set:
        squares = self.candidate_squares() if self.tiles else {(0, 0)}
        return {(sq, r) for sq in squares for r in (0, 90, 180, 270) if self.legal(name, sq, r)}

    # -- playing -------------------------------------------------------------------------------

    def play(self, name, x, y, rotation, meeple=None, *, check=True) -> list[RefEvent]:
        """Lay a tile (and meeple: (player, place)); return what it scored. Raises on a broken rule."""
        square = (x, y)
        if check and not self.legal(name, square, rotation):
            raise ValueError(f"reference: {name}@{x},{y}/{rotation} is not legal")
        river_turn = None
        if REF_TILES[name].river and not self.final:
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
        if meeple is not None:
            player, place = meeple
            index = self.feature_at(square, place)
            if index is None:
                raise ValueError("reference: no feature there")
            if not self.final and self.group_meeples(self.group(square, index)):
                raise ValueError("reference: feature occupied")
            if self.in_supply[player] <= 0:
                raise ValueError("reference: no meeple left")
            self.meeples[(square, index)] = player
            self.in_supply[player] -= 1
        if self.final:
            return []
        return self._score_play(square)

    def _return(self, group) -> None:
        for m in group:
            if m in self.meeples:
                self.in_supply[self.meeples.pop(m)] += 1

    def _score_play(self, square) -> list[RefEvent]:
        events = []
        done = set()
        for i, feat in enumerate(self.tiles[square][2]):
            if feat.kind not in ("road", "city"):
                continue
            group = self.group(square, i)
            if group in done or not self.complete(group):
                continue
            done.add(group)
            who = self.group_meeples(group)
            if who:
                tiles = len({sq for sq, _ in group})
                points = self.points(feat.kind, group, True)
                events.append(RefEvent("play", feat.kind, majority(who), points, True, tiles))
                self._return(group)
        x, y = square
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                sq = (x + dx, y + dy)
                if sq not in self.tiles or self.neighbours(sq) != 8:
                    continue
                for i, feat in enumerate(self.tiles[sq][2]):
                    if feat.kind == "cloister" and (sq, i) in self.meeples:
                        events.append(RefEvent("play", "cloister", [self.meeples[(sq, i)]], 9, True, 9))
                        self._return({(sq, i)})
        self.events += events
        return events

    # -- the end -------------------------------------------------------------------------------

    def end_events(self) -> list[RefEvent]:
        events = []
        done = set()
        fields = []
        self.warnings = 0
        for member in sorted(self.meeples):
            sq, i = member
            feat = self.tiles[sq][2][i]
            if feat.kind == "cloister":
                who = Counter(p for m, p in self.meeples.items() if m == member)
                n = self.neighbours(sq)
                self.warnings += n == 8
                events.append(RefEvent("end", "cloister", majority(who), 1 + n, n == 8, 1 + n))
                continue
            group = self.group(sq, i)
            if group in done:
                continue
            done.add(group)
            if feat.kind == "field":
                fields.append(group)
                continue
            complete = self.complete(group)
            if complete:
                self.warnings += 1
            who = self.group_meeples(group)
            tiles = len({s for s, _ in group})
            events.append(
                RefEvent(
                    "end", feat.kind, majority(who), self.points(feat.kind, group, complete), complete, tiles
                )
            )
        events += self._farm_events(fields)
        return events

    def field_cities(self, group) -> set:
        cities = set()
        for sq, i in group:
            for c in self.tiles[sq][2][i].cities:
                city = self.group(sq, c)
                if self.complete(city):
                    cities.add(city)
        return cities

    def _farm_events(self, fields) -> list[RefEvent]:
        events = []
        if self.farmers == "3rd":
            for group in fields:
                events.append(
                    RefEvent(
                        "farms",
                        "field",
                        majority(self.group_meeples(group)),
                        3 * len(self.field_cities(group)),
                        False,
                        0,
                    )
                )
        elif self.farmers == "2nd":
            won: dict[int, set] = {}
            for group in fields:
                for p in majority(self.group_meeples(group)):
                    won.setdefault(p, set()).update(self.field_cities(group))
            for p, cities in sorted(won.items()):
                events.append(RefEvent("farms", "field", [p], 3 * len(cities), False, 0))
        else:
            by_city: dict[frozenset, Counter] = {}
            for group in fields:
                for city in self.field_cities(group):
                    by_city.setdefault(city, Counter()).update(self.group_meeples(group))
            for who in by_city.values():
                events.append(RefEvent("farms", "field", majority(who), 4, False, 0))
        return events

    def totals(self, banked=None) -> list[int]:
        totals = list(banked) if banked else [0] * self.players
        for e in self.events + self.end_events():
            for p in e.winners:
                totals[p] += e.points
        return totals

    def by_category(self, banked=None) -> list[dict[str, int]]:
        kinds = {"road": "road", "city": "city", "cloister": "cloister", "field": "farm"}
        out = [{"road": 0, "city": 0, "cloister": 0, "farm": 0, "banked": 0} for _ in range(self.players)]
        for p, b in enumerate(banked or []):
            out[p]["banked"] = b
        for e in self.events + self.end_events():
            for p in e.winners:
                out[p][kinds[e.kind]] += e.points
        return out
