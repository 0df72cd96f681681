"""What a tile is: its edges and features, as data, in canonical orientation.

Each tile type lists its edges and its features in canonical orientation (rotation 0). A feature
names the places it covers (see :mod:`places`); a field also names the cities on the same tile that
it touches. Every feature carries an anchor, the point of the unit tile (x east, y south, 0..1)
where a figure standing on it is drawn. The catalogue itself (which tiles each box holds) is data
in :mod:`tilesets`.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    """The kinds of feature a figure can stand on; each gives its figure a role."""

    ROAD = "road"
    CITY = "city"
    CLOISTER = "cloister"
    GARDEN = "garden"
    FIELD = "field"

    @property
    def role(self) -> str:
        """What a figure on this kind of feature is called: thief, knight, monk, abbot or farmer."""
        return _ROLES[self]

    @property
    def grows(self) -> bool:
        """Roads, cities and fields join across tiles; cloisters and gardens stay on theirs."""
        return self in (FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.FIELD)

    @property
    def closes(self) -> bool:
        """Roads and cities are complete when no end is left open."""
        return self in (FeatureKind.ROAD, FeatureKind.CITY)

    @property
    def surrounded(self) -> bool:
        """Cloisters and gardens are complete when all eight neighbours are down."""
        return self in (FeatureKind.CLOISTER, FeatureKind.GARDEN)


_ROLES = {
    FeatureKind.ROAD: "thief",
    FeatureKind.CITY: "knight",
    FeatureKind.CLOISTER: "monk",
    FeatureKind.GARDEN: "abbot",
    FeatureKind.FIELD: "farmer",
}


class Expansion(StrEnum):
    """The boxes a game can be played with, as the board file names them."""

    RIVER = "river"
    ABBOT = "abbot"
    """The current base box: garden-edition tiles and one abbot per player."""
    INNS_CATHEDRALS = "inns-cathedrals"
    TRADERS_BUILDERS = "traders-builders"
    TOWER = "tower"
    PRINCESS_DRAGON = "princess-dragon"
    COUNT = "count"
    """The Count of Carcassonne: the City's 12 tiles are the start, with its four quarters."""


class TileMark(StrEnum):
    """What a Princess & Dragon tile shows beside its features (tiles.md, the Mark column)."""

    VOLCANO = "volcano"
    """The dragon moves onto it; no figure may stand on it."""
    DRAGON = "dragon"
    """The dragon moves after the action."""
    PORTAL = "portal"
    """A magic portal: the layer's figure may go onto another tile."""


class Good(StrEnum):
    """The trade goods of Traders & Builders, one token per city piece that shows one."""

    WINE = "wine"
    WHEAT = "wheat"
    CLOTH = "cloth"


GOODS: tuple[Good, ...] = tuple(Good)


@dataclass(frozen=True)
class FeatureSpec:
    """One feature of a tile type, in the tile's canonical orientation."""

    kind: FeatureKind
    places: tuple[Place, ...]
    anchor: tuple[float, float]
    pennant: bool = False
    cities: tuple[int, ...] = ()
    """For a field: indices (into the tile's features) of the cities it touches on this tile."""
    inn: bool = False
    """For a road: an inn stands beside it (Inns & Cathedrals)."""
    cathedral: bool = False
    """For a city: a cathedral fills it (Inns & Cathedrals)."""
    good: Good | None = None
    """For a city piece: the trade good it shows (Traders & Builders)."""
    princess: bool = False
    """For a city piece: a princess stands in it (Princess & Dragon)."""

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
    """Index of the feature at each of the 13 places for any figure but an abbot, or ``None``
    (river, junction, nothing, or a garden, which only an abbot may take)."""
    river_sides: tuple[Side, ...]
    links: tuple[tuple[Edge, int | None, int | None, int | None], ...]
    """Per side: its edge, and the features at its middle, first half and second half (clockwise)."""
    tower: tuple[float, float] | None = None
    """Where the tile's tower foundation stands, turned with it."""

    @property
    def rotation(self) -> int:
        return self.quarter_turns * 90

    def feature_for(self, at: Place, *, garden: bool = False) -> int | None:
        """The feature a figure at ``at`` stands on: one that may stand on a garden (the abbot)
        takes the garden at the centre."""
        if garden and at is Place.C and self.tile.garden is not None:
            return self.tile.garden
        return self.feature_at[at]

    def place_of(self, feature: int) -> Place:
        """The usual name of ``feature``'s place in this orientation: the middle of an edge for
        a road or city ("S"), the centre for a cloister or garden, the first half-edge for a field."""
        places = self.feature_places[feature]
        if self.tile.features[feature].kind is not FeatureKind.FIELD:
            for place in places:
                if place is Place.C or (place.side is not None and place == place.side.middle):
                    return place
        return places[0]


@dataclass(frozen=True)
class TileType:
    """A kind of tile, with how many of it one copy of each edition holds."""

    name: str
    count: int
    """How many the box holds without the Abbot (a garden tile: 0)."""
    edges: tuple[Edge, Edge, Edge, Edge]
    features: tuple[FeatureSpec, ...]
    expansion: Expansion | None = None
    """The box the tile comes in; ``None`` for the base game."""
    abbot_count: int | None = None
    """How many the garden edition holds (with the Abbot); ``None`` means the same as ``count``."""
    twin: str | None = None
    """For a garden tile: the tile it otherwise equals."""
    river_sides: tuple[Side, ...] = ()
    tower: tuple[float, float] | None = None
    """Where its tower foundation stands (The Tower), in the canonical orientation; ``None``: it
    has none. A foundation is part of no feature and divides nothing."""
    mark: TileMark | None = None
    """Princess & Dragon's volcano, dragon or portal; ``None``: none."""
    mark_at: tuple[float, float] | None = None
    """Where the mark is drawn, in the canonical orientation."""
    city_of_carcassonne: bool = False
    """One of the 12 tiles of the City of Carcassonne (the Count): laid as the start on a fixed
    square, held once however many sets are mixed, never drawn; every field with a place on it
    touches the City, one more completed city for the farms."""
    orientations: tuple[Orientation, ...] = field(default=(), compare=False, repr=False)

    @cached_property
    def ends(self) -> tuple[int, ...]:
        """For each feature: how many sides of the tile it leaves through (0 unless a road or city)."""
        return tuple(len(f.edges) if f.kind.closes else 0 for f in self.features)

    @cached_property
    def is_river(self) -> bool:
        return self.expansion is Expansion.RIVER

    @property
    def has_cloister(self) -> bool:
        return any(f.kind is FeatureKind.CLOISTER for f in self.features)

    @cached_property
    def indexes(self) -> tuple[int, ...]:
        return tuple(range(len(self.features)))

    @cached_property
    def ones(self) -> tuple[int, ...]:
        return (1,) * len(self.features)

    @cached_property
    def zeros(self) -> tuple[int, ...]:
        return (0,) * len(self.features)

    @cached_property
    def closing(self) -> tuple[int, ...]:
        """Indices of the features that can be completed by closing their ends: roads and cities."""
        return tuple(i for i, f in enumerate(self.features) if f.kind.closes)

    @cached_property
    def enclosed(self) -> tuple[int, ...]:
        """Indices of the features scored when surrounded: the cloister, the garden."""
        return tuple(i for i, f in enumerate(self.features) if f.kind.surrounded)

    @cached_property
    def garden(self) -> int | None:
        """Index of the tile's garden feature, if it has one."""
        return next((i for i, f in enumerate(self.features) if f.kind is FeatureKind.GARDEN), None)

    def count_in(self, abbot: bool) -> int:
        """How many of this tile a game holds, with or without the Abbot's garden edition."""
        if abbot and self.abbot_count is not None:
            return self.abbot_count
        return self.count

    @cached_property
    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations (degrees) that give a different tile on the board; only a turn that changes
        nothing at all is dropped: the edges, every feature's places, and everything a feature
        carries (pennant, inn, cathedral, goods, the cities a field touches) must all coincide.
        tb-two-corners-wine looks the same at 0° and 180°, but its wine is on the other city."""
        seen: list[tuple] = []
        kept: list[int] = []
        for o in self.orientations:
            look = (o.edges, self._features_as_laid(o))
            if look not in seen:
                seen.append(look)
                kept.append(o.rotation)
        return tuple(kept)

    def same_turn(self, rotation: int, offered: Iterable[int]) -> int | None:
        """The rotation among ``offered`` that lays this tile exactly as ``rotation`` does (of a
        symmetric tile's identical turns, a board offers one), or ``None``."""
        wanted = self.oriented(rotation)
        look = (wanted.edges, self._features_as_laid(wanted))
        for turn in offered:
            o = self.oriented(turn)
            if (o.edges, self._features_as_laid(o)) == look:
                return turn
        return None

    def _features_as_laid(self, o: Orientation) -> tuple:
        """Each feature of the tile turned as ``o`` is, told apart by all it carries."""
        places = [tuple(sorted(p)) for p in o.feature_places]
        return tuple(
            sorted(
                (
                    spec.kind.value,
                    places[i],
                    spec.pennant,
                    spec.inn,
                    spec.cathedral,
                    spec.good.value if spec.good is not None else "",
                    tuple(sorted(places[c] for c in spec.cities)),
                )
                for i, spec in enumerate(self.features)
            )
        )

    def oriented(self, rotation: int) -> Orientation:
        """This tile as it lies after ``rotation`` degrees clockwise."""
        return self.orientations[rotation // 90]

    def __repr__(self) -> str:
        return f"TILES[{self.name!r}]"


def _orient(tile: TileType, q: int) -> Orientation:
    feature_places = tuple(tuple(p.rotated(q) for p in f.places) for f in tile.features)
    feature_at: list[int | None] = [None] * len(PLACES)
    for index, places in enumerate(feature_places):
        if tile.features[index].kind is FeatureKind.GARDEN:
            continue  # a garden shares place C with whatever else is there; see Game's figure rules
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
        tower=rotate_point(tile.tower, q) if tile.tower is not None else None,
    )


# -- small constructors that keep the catalogue readable ------------------------------------------


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


def city(
    sides: str,
    anchor: tuple[float, float],
    *,
    pennant: bool = False,
    centre: bool = False,
    cathedral: bool = False,
    good: Good | None = None,
    princess: bool = False,
) -> FeatureSpec:
    places = _edge_places(sides) + ((Place.C,) if centre else ())
    return FeatureSpec(
        FeatureKind.CITY, places, anchor, pennant=pennant, cathedral=cathedral, good=good, princess=princess
    )


def road(sides: str, anchor: tuple[float, float], *, inn: bool = False) -> FeatureSpec:
    return FeatureSpec(FeatureKind.ROAD, tuple(Side[s].middle for s in sides.split()), anchor, inn=inn)


def cloister(anchor: tuple[float, float] = (0.5, 0.5)) -> FeatureSpec:
    return FeatureSpec(FeatureKind.CLOISTER, (Place.C,), anchor)


def garden(anchor: tuple[float, float] = (0.5, 0.5)) -> FeatureSpec:
    return FeatureSpec(FeatureKind.GARDEN, (Place.C,), anchor)


def farm(places: str, anchor: tuple[float, float], cities: tuple[int, ...] = ()) -> FeatureSpec:
    return FeatureSpec(FeatureKind.FIELD, _places(places), anchor, cities=cities)


def tile(
    name: str,
    count: int,
    edges: str,
    *features: FeatureSpec,
    expansion: Expansion | None = None,
    abbot_count: int | None = None,
    twin: str | None = None,
    tower: tuple[float, float] | None = None,
    mark: tuple[TileMark, tuple[float, float]] | None = None,
    city_of_carcassonne: bool = False,
) -> TileType:
    edge_tuple = tuple(Edge(e) for e in edges.split())
    river = tuple(Side(i) for i, e in enumerate(edge_tuple) if e is Edge.RIVER)
    made = TileType(
        name,
        count,
        edge_tuple,  # type: ignore[arg-type]
        tuple(features),
        expansion,
        abbot_count,
        twin,
        river,
        tower,
        mark[0] if mark else None,
        mark[1] if mark else None,
        city_of_carcassonne,
    )
    object.__setattr__(made, "orientations", tuple(_orient(made, q) for q in range(4)))
    return made


def with_garden(twin: TileType, anchor: tuple[float, float], **moved: tuple[float, float]) -> TileType:
    """The garden edition of ``twin``: the same tile with a garden at place ``C``.

    ``moved`` gives new anchors (by feature index, as ``f0=...``) for features whose figure would
    otherwise be drawn on top of the garden.
    """
    features = [
        FeatureSpec(**{**spec.__dict__, "anchor": moved.get(f"f{i}", spec.anchor)})
        for i, spec in enumerate(twin.features)
    ]
    return tile(
        f"{twin.name}-garden",
        0,
        " ".join(twin.edges),
        *features,
        garden(anchor),
        expansion=twin.expansion,
        abbot_count=1,
        twin=twin.name,
        tower=twin.tower,
        mark=(twin.mark, twin.mark_at) if twin.mark is not None and twin.mark_at is not None else None,
    )
