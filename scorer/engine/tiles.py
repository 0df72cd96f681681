"""The tile catalogue: every tile of the base game and of River I, as data.

Each tile type lists its edges and its features in canonical orientation (rotation 0). A feature
names the places it covers (see :mod:`places`); a field also names the cities on the same tile that
it touches. Every feature carries an anchor, the point of the unit tile (x east, y south, 0..1)
where a meeple standing on it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from .places import PLACES, RIM, Place, Side, rotate_point


class Edge(StrEnum):
    """What crosses one side of a tile."""

    CITY = "C"
    ROAD = "R"
    FIELD = "F"
    RIVER = "~"


class FeatureKind(StrEnum):
    """The kinds of feature a meeple can claim; each gives its meeple a role."""

    ROAD = "road"
    CITY = "city"
    CLOISTER = "cloister"
    FIELD = "field"

    @property
    def role(self) -> str:
        """What a meeple on this kind of feature is called: thief, knight, monk or farmer."""
        return _ROLES[self]


_ROLES = {
    FeatureKind.ROAD: "thief",
    FeatureKind.CITY: "knight",
    FeatureKind.CLOISTER: "monk",
    FeatureKind.FIELD: "farmer",
}


class Expansion(StrEnum):
    RIVER = "river"


@dataclass(frozen=True)
class FeatureSpec:
    """One feature of a tile type, in the tile's canonical orientation."""

    kind: FeatureKind
    places: tuple[Place, ...]
    anchor: tuple[float, float]
    pennant: bool = False
    cities: tuple[int, ...] = ()
    """For a field: indices (into the tile's features) of the cities it touches on this tile."""

    @property
    def edges(self) -> tuple[Side, ...]:
        """For a road or city: the sides it leaves the tile through."""
        return tuple(p.side for p in self.places if p.side is not None and p == p.side.middle)


@dataclass(frozen=True)
class Orientation:
    """A tile type turned clockwise by ``quarter_turns``: what the board actually sees."""

    tile: TileType
    quarter_turns: int
    edges: tuple[Edge, Edge, Edge, Edge]
    feature_places: tuple[tuple[Place, ...], ...]
    anchors: tuple[tuple[float, float], ...]
    feature_at: tuple[int | None, ...]
    """Index of the feature at each of the 13 places, or ``None`` (river, junction, nothing)."""
    river_sides: tuple[Side, ...]
    links: tuple[tuple[Edge, int | None, int | None, int | None], ...]
    """Per side: its edge, and the features at its middle, first half and second half (clockwise)."""

    @property
    def rotation(self) -> int:
        return self.quarter_turns * 90

    def place_of(self, feature: int) -> Place:
        """The usual name of ``feature``'s place in this orientation: the middle of an edge for
        a road or city ("S"), the centre for a cloister, the first half-edge for a field."""
        places = self.feature_places[feature]
        if self.tile.features[feature].kind is not FeatureKind.FIELD:
            for place in places:
                if place is Place.C or (place.side is not None and place == place.side.middle):
                    return place
        return places[0]


@dataclass(frozen=True)
class TileType:
    """A kind of tile, with how many of it one copy of the game holds."""

    name: str
    count: int
    edges: tuple[Edge, Edge, Edge, Edge]
    features: tuple[FeatureSpec, ...]
    expansion: Expansion | None = None
    river_sides: tuple[Side, ...] = ()
    orientations: tuple[Orientation, ...] = field(default=(), compare=False, repr=False)

    @cached_property
    def ends(self) -> tuple[int, ...]:
        """For each feature: how many sides of the tile it leaves through (0 for fields, cloisters)."""
        return tuple(
            len(f.edges) if f.kind in (FeatureKind.ROAD, FeatureKind.CITY) else 0 for f in self.features
        )

    @property
    def is_river(self) -> bool:
        return self.expansion is Expansion.RIVER

    @property
    def has_cloister(self) -> bool:
        return any(f.kind is FeatureKind.CLOISTER for f in self.features)

    @cached_property
    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations (degrees) that give a different-looking tile; symmetric turns are dropped."""
        seen: list[tuple] = []
        kept: list[int] = []
        for o in self.orientations:
            look = (o.edges, tuple(sorted(tuple(sorted(p)) for p in o.feature_places)))
            if look not in seen:
                seen.append(look)
                kept.append(o.rotation)
        return tuple(kept)

    def oriented(self, rotation: int) -> Orientation:
        """This tile as it lies after ``rotation`` degrees clockwise."""
        return self.orientations[rotation // 90]

    def __repr__(self) -> str:
        return f"TILES[{self.name!r}]"


def _orient(tile: TileType, q: int) -> Orientation:
    feature_places = tuple(tuple(p.rotated(q) for p in f.places) for f in tile.features)
    feature_at: list[int | None] = [None] * len(PLACES)
    for index, places in enumerate(feature_places):
        for p in places:
            feature_at[p] = index
    edges = tuple(tile.edges[(s - q) % 4] for s in range(4))
    return Orientation(
        tile=tile,
        quarter_turns=q,
        edges=edges,  # type: ignore[arg-type]
        feature_places=feature_places,
        anchors=tuple(rotate_point(f.anchor, q) for f in tile.features),
        feature_at=tuple(feature_at),
        river_sides=tuple(s.rotated(q) for s in tile.river_sides),
        links=tuple(
            (edges[side], feature_at[side.middle], feature_at[side.halves[0]], feature_at[side.halves[1]])
            for side in Side
        ),
    )


# Small constructors that keep the catalogue below readable.


def _places(spec: str) -> tuple[Place, ...]:
    if spec == "rim":
        return RIM
    return tuple(Place[name] for name in spec.split())


def _edge_places(sides: str) -> tuple[Place, ...]:
    """All three places of each side named: a city covers its whole edge."""
    out: list[Place] = []
    for name in sides.split():
        side = Side[name]
        out += [side.halves[0], side.middle, side.halves[1]]
    return tuple(out)


def city(sides: str, anchor: tuple[float, float], *, pennant: bool = False, centre: bool = False):
    places = _edge_places(sides) + ((Place.C,) if centre else ())
    return FeatureSpec(FeatureKind.CITY, places, anchor, pennant=pennant)


def road(sides: str, anchor: tuple[float, float]) -> FeatureSpec:
    return FeatureSpec(FeatureKind.ROAD, tuple(Side[s].middle for s in sides.split()), anchor)


def cloister(anchor: tuple[float, float] = (0.5, 0.5)) -> FeatureSpec:
    return FeatureSpec(FeatureKind.CLOISTER, (Place.C,), anchor)


def farm(places: str, anchor: tuple[float, float], cities: tuple[int, ...] = ()) -> FeatureSpec:
    return FeatureSpec(FeatureKind.FIELD, _places(places), anchor, cities=cities)


def _tile(
    name: str,
    count: int,
    edges: str,
    *features: FeatureSpec,
    expansion: Expansion | None = None,
) -> TileType:
    edge_tuple = tuple(Edge(e) for e in edges.split())
    river = tuple(Side(i) for i, e in enumerate(edge_tuple) if e is Edge.RIVER)
    tile = TileType(name, count, edge_tuple, tuple(features), expansion, river)  # type: ignore[arg-type]
    object.__setattr__(tile, "orientations", tuple(_orient(tile, q) for q in range(4)))
    return tile


_ALL_BUT = {
    "S": "NNW N NNE ENE E ESE SSE SSW WSW W WNW",
    "E": "NNW N NNE ENE ESE SSE S SSW WSW W WNW",
    "W": "NNW N NNE ENE E ESE SSE S SSW WSW WNW",
}

BASE_TILES: tuple[TileType, ...] = (
    _tile("A", 2, "F F R F",
          cloister((0.5, 0.42)),
          road("S", (0.5, 0.85)),
          farm(_ALL_BUT["S"], (0.18, 0.2))),
    _tile("B", 4, "F F F F",
          cloister(),
          farm("rim", (0.18, 0.2))),
    _tile("C", 1, "C C C C",
          city("N E S W", (0.5, 0.5), pennant=True, centre=True)),
    _tile("D", 4, "C R F R",
          city("N", (0.5, 0.13)),
          road("W E", (0.3, 0.55)),
          farm("ENE WNW", (0.75, 0.35), cities=(0,)),
          farm("ESE SSE S SSW WSW", (0.5, 0.8))),
    _tile("E", 5, "C F F F",
          city("N", (0.5, 0.15)),
          farm("ENE E ESE SSE S SSW WSW W WNW", (0.5, 0.65), cities=(0,))),
    _tile("F", 2, "F C F C",
          city("E W", (0.5, 0.5), pennant=True, centre=True),
          farm("NNW N NNE", (0.5, 0.1), cities=(0,)),
          farm("SSE S SSW", (0.5, 0.9), cities=(0,))),
    _tile("G", 1, "F C F C",
          city("E W", (0.5, 0.5), centre=True),
          farm("NNW N NNE", (0.5, 0.1), cities=(0,)),
          farm("SSE S SSW", (0.5, 0.9), cities=(0,))),
    _tile("H", 3, "C F C F",
          city("N", (0.5, 0.13)),
          city("S", (0.5, 0.87)),
          farm("ENE E ESE WSW W WNW", (0.5, 0.5), cities=(0, 1))),
    _tile("I", 2, "C F F C",
          city("N", (0.5, 0.13)),
          city("W", (0.13, 0.5)),
          farm("ENE E ESE SSE S SSW", (0.65, 0.65), cities=(0, 1))),
    _tile("J", 3, "C R R F",
          city("N", (0.5, 0.13)),
          road("E S", (0.68, 0.68)),
          farm("ENE SSW WSW W WNW", (0.3, 0.6), cities=(0,)),
          farm("ESE SSE", (0.88, 0.88))),
    _tile("K", 3, "C F R R",
          city("N", (0.5, 0.13)),
          road("S W", (0.32, 0.68)),
          farm("ENE E ESE SSE WNW", (0.7, 0.6), cities=(0,)),
          farm("SSW WSW", (0.12, 0.88))),
    _tile("L", 3, "C R R R",
          city("N", (0.5, 0.13)),
          road("E", (0.82, 0.55)),
          road("S", (0.5, 0.82)),
          road("W", (0.18, 0.55)),
          farm("ENE WNW", (0.5, 0.33), cities=(0,)),
          farm("ESE SSE", (0.85, 0.85)),
          farm("SSW WSW", (0.15, 0.85))),
    _tile("M", 2, "C F F C",
          city("N W", (0.28, 0.28), pennant=True),
          farm("ENE E ESE SSE S SSW", (0.72, 0.72), cities=(0,))),
    _tile("N", 3, "C F F C",
          city("N W", (0.28, 0.28)),
          farm("ENE E ESE SSE S SSW", (0.72, 0.72), cities=(0,))),
    _tile("O", 2, "C R R C",
          city("N W", (0.28, 0.28), pennant=True),
          road("E S", (0.7, 0.7)),
          farm("ENE SSW", (0.55, 0.5), cities=(0,)),
          farm("ESE SSE", (0.9, 0.9))),
    _tile("P", 3, "C R R C",
          city("N W", (0.28, 0.28)),
          road("E S", (0.7, 0.7)),
          farm("ENE SSW", (0.55, 0.5), cities=(0,)),
          farm("ESE SSE", (0.9, 0.9))),
    _tile("Q", 1, "C C F C",
          city("N E W", (0.5, 0.38), pennant=True, centre=True),
          farm("SSE S SSW", (0.5, 0.88), cities=(0,))),
    _tile("R", 3, "C C F C",
          city("N E W", (0.5, 0.38), centre=True),
          farm("SSE S SSW", (0.5, 0.88), cities=(0,))),
    _tile("S", 2, "C C R C",
          city("N E W", (0.5, 0.35), pennant=True, centre=True),
          road("S", (0.5, 0.85)),
          farm("SSE", (0.78, 0.9), cities=(0,)),
          farm("SSW", (0.22, 0.9), cities=(0,))),
    _tile("T", 1, "C C R C",
          city("N E W", (0.5, 0.35), centre=True),
          road("S", (0.5, 0.85)),
          farm("SSE", (0.78, 0.9), cities=(0,)),
          farm("SSW", (0.22, 0.9), cities=(0,))),
    _tile("U", 8, "F R F R",
          road("W E", (0.5, 0.5)),
          farm("WNW NNW N NNE ENE", (0.5, 0.2)),
          farm("ESE SSE S SSW WSW", (0.5, 0.8))),
    _tile("V", 9, "F F R R",
          road("W S", (0.35, 0.65)),
          farm("WNW NNW N NNE ENE E ESE SSE", (0.68, 0.32)),
          farm("SSW WSW", (0.12, 0.88))),
    _tile("W", 4, "F R R R",
          road("E", (0.82, 0.5)),
          road("S", (0.5, 0.82)),
          road("W", (0.18, 0.5)),
          farm("WNW NNW N NNE ENE", (0.5, 0.2)),
          farm("ESE SSE", (0.85, 0.85)),
          farm("SSW WSW", (0.15, 0.85))),
    _tile("X", 1, "R R R R",
          road("N", (0.5, 0.18)),
          road("E", (0.82, 0.5)),
          road("S", (0.5, 0.82)),
          road("W", (0.18, 0.5)),
          farm("WNW NNW", (0.15, 0.15)),
          farm("NNE ENE", (0.85, 0.15)),
          farm("ESE SSE", (0.85, 0.85)),
          farm("SSW WSW", (0.15, 0.85))),
)  # fmt: skip

_R = Expansion.RIVER

RIVER_TILES: tuple[TileType, ...] = (
    _tile("river-spring", 1, "F ~ F F",
          farm(_ALL_BUT["E"], (0.3, 0.3)), expansion=_R),
    _tile("river-lake", 1, "F F F ~",
          farm(_ALL_BUT["W"], (0.7, 0.3)), expansion=_R),
    _tile("river-straight", 2, "F ~ F ~",
          farm("WNW NNW N NNE ENE", (0.5, 0.2)),
          farm("ESE SSE S SSW WSW", (0.5, 0.8)), expansion=_R),
    _tile("river-curve", 2, "F F ~ ~",
          farm("WNW NNW N NNE ENE E ESE SSE", (0.68, 0.32)),
          farm("SSW WSW", (0.12, 0.88)), expansion=_R),
    _tile("river-bridge", 1, "~ R ~ R",
          road("W E", (0.25, 0.5)),
          farm("WNW NNW", (0.15, 0.15)),
          farm("NNE ENE", (0.85, 0.15)),
          farm("ESE SSE", (0.85, 0.85)),
          farm("SSW WSW", (0.15, 0.85)), expansion=_R),
    _tile("river-cities", 1, "C ~ C ~",
          city("N", (0.5, 0.12)),
          city("S", (0.5, 0.88)),
          farm("ENE WNW", (0.2, 0.32), cities=(0,)),
          farm("ESE WSW", (0.8, 0.68), cities=(1,)), expansion=_R),
    _tile("river-city-road", 1, "C ~ R ~",
          city("N", (0.5, 0.15)),
          road("S", (0.5, 0.82)),
          farm("ENE", (0.88, 0.36), cities=(0,)),
          farm("WNW", (0.12, 0.36), cities=(0,)),
          farm("ESE SSE", (0.82, 0.82)),
          farm("SSW WSW", (0.18, 0.82)), expansion=_R),
    _tile("river-cloister", 1, "F ~ R ~",
          cloister((0.5, 0.7)),
          road("S", (0.5, 0.93)),
          farm("WNW NNW N NNE ENE", (0.5, 0.18)),
          farm("ESE SSE", (0.88, 0.88)),
          farm("SSW WSW", (0.12, 0.88)), expansion=_R),
    _tile("river-city-corner", 1, "C ~ ~ C",
          city("N W", (0.25, 0.25)),
          farm("ENE SSW", (0.55, 0.55), cities=(0,)),
          farm("ESE SSE", (0.9, 0.9)), expansion=_R),
    _tile("river-road-curve", 1, "R R ~ ~",
          road("N E", (0.72, 0.28)),
          farm("WNW NNW ESE SSE", (0.42, 0.5)),
          farm("NNE ENE", (0.9, 0.1)),
          farm("SSW WSW", (0.1, 0.9)), expansion=_R),
)  # fmt: skip

TILES: dict[str, TileType] = {t.name: t for t in BASE_TILES + RIVER_TILES}
"""Every tile type by name."""

START_TILE = TILES["D"]
RIVER_SPRING = TILES["river-spring"]
RIVER_LAKE = TILES["river-lake"]


def tile_counts(expansions: frozenset[Expansion] = frozenset(), sets: int = 1) -> dict[str, int]:
    """How many tiles of each type the game holds, ``sets`` copies over."""
    pool = BASE_TILES + (RIVER_TILES if Expansion.RIVER in expansions else ())
    return {t.name: t.count * sets for t in pool}
