"""What tiles are called on the page: the expansions' by what they show, as players describe them; the
base tiles by their letter and a short description; and where on a tile each of its features lies."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from scorer.engine import TILES

# Each name is written out in full, so that makemessages finds it.
EXPANSION_TILE_NAMES = {
    # Inns & Cathedrals
    "ic-cathedral": pgettext_lazy("tile", "cathedral"),
    "ic-cloister-two-roads": pgettext_lazy("tile", "cloister between two roads"),
    "ic-four-cities": pgettext_lazy("tile", "four small cities"),
    "ic-four-cities-garden": pgettext_lazy("tile", "four small cities round a garden"),
    "ic-three-cities": pgettext_lazy("tile", "three small cities"),
    "ic-two-cities-two-roads": pgettext_lazy("tile", "two cities and two roads"),
    "ic-corner-and-city": pgettext_lazy("tile", "corner city and a city opposite"),
    "ic-city-split": pgettext_lazy("tile", "city with two separate fields"),
    "ic-city-road": pgettext_lazy("tile", "city with a road ending at it"),
    "ic-corner-road": pgettext_lazy("tile", "corner city with a road ending at it"),
    "ic-across-two-roads": pgettext_lazy("tile", "city across with two roads"),
    "ic-corner-road-inn": pgettext_lazy("tile", "corner city with an inn road"),
    "ic-city-curve-inn": pgettext_lazy("tile", "city with an inn on a bend"),
    "ic-corner-curve-inn": pgettext_lazy("tile", "corner city with an inn on a bend"),
    "ic-junction-inn": pgettext_lazy("tile", "junction with an inn"),
    "ic-straight-inn": pgettext_lazy("tile", "straight road with an inn"),
    "ic-straight-inn-garden": pgettext_lazy("tile", "straight road with an inn and a garden"),
    "ic-curve-inn": pgettext_lazy("tile", "road bend with an inn"),
    "ic-two-curves": pgettext_lazy("tile", "two road bends"),
    # Traders & Builders
    "tb-corner-wheat": pgettext_lazy("tile", "corner city with wheat"),
    "tb-corner-wine": pgettext_lazy("tile", "corner city with wine"),
    "tb-across-and-city-cloth": pgettext_lazy("tile", "city across with cloth, and a city"),
    "tb-across-and-city-wine": pgettext_lazy("tile", "city across with wine, and a city"),
    "tb-three-sided-wheat": pgettext_lazy("tile", "three-sided city with wheat"),
    "tb-corner-and-two-cities-cloth": pgettext_lazy("tile", "corner city with cloth and two cities"),
    "tb-corner-two-roads-split-cloth": pgettext_lazy(
        "tile", "corner city with cloth, two roads, four fields"
    ),
    "tb-corner-two-roads-wine": pgettext_lazy("tile", "corner city with wine and two roads"),
    "tb-corner-two-roads-wine-garden": pgettext_lazy("tile", "corner city with wine, two roads and a garden"),
    "tb-corner-road-city-cloth": pgettext_lazy("tile", "corner city with cloth, a road and a city"),
    "tb-corner-road-city-wheat": pgettext_lazy("tile", "corner city with wheat, a road and a city"),
    "tb-corner-road-cloth": pgettext_lazy("tile", "corner city with cloth and a road"),
    "tb-corner-road-cloth-garden": pgettext_lazy("tile", "corner city with cloth, a road and a garden"),
    "tb-corner-road-split-wine": pgettext_lazy("tile", "corner city with wine, a road, three fields"),
    "tb-three-sided-road-wine": pgettext_lazy("tile", "three-sided city with wine and a road"),
    "tb-two-corners-wine": pgettext_lazy("tile", "two corner cities, one with wine"),
    "tb-across-wine": pgettext_lazy("tile", "city across with wine"),
    "tb-city-road": pgettext_lazy("tile", "city with a road beside it"),
    "tb-across-road-wheat": pgettext_lazy("tile", "city across with wheat and a road"),
    "tb-across-road-wine": pgettext_lazy("tile", "city across with wine and a road"),
    "tb-across-two-roads-wine": pgettext_lazy("tile", "city across with wine and two roads"),
    "tb-cloister-three-roads": pgettext_lazy("tile", "cloister with three roads"),
    "tb-corner-road-wheat": pgettext_lazy("tile", "corner city with wheat and a road"),
    "tb-corner-road-split-wheat": pgettext_lazy("tile", "corner city with wheat, a road, three fields"),
    "tb-city-two-roads": pgettext_lazy("tile", "city with two roads"),
    "tb-road-crossing": pgettext_lazy("tile", "roads crossing without a junction"),
    # The Tower
    "to-city": pgettext_lazy("tile", "city with a tower"),
    "to-field": pgettext_lazy("tile", "field with a tower"),
    "to-field-garden": pgettext_lazy("tile", "field with a tower and a garden"),
    "to-cloister": pgettext_lazy("tile", "cloister with a tower"),
    "to-two-roads": pgettext_lazy("tile", "two roads ending at a tower"),
    "to-two-roads-garden": pgettext_lazy("tile", "two roads ending at a tower, with a garden"),
    "to-junction": pgettext_lazy("tile", "three roads ending at a tower"),
    "to-two-curves": pgettext_lazy("tile", "two road bends and a tower"),
    "to-crossroads": pgettext_lazy("tile", "four roads ending at a tower"),
    "to-across-road-through": pgettext_lazy("tile", "city across with a road through it, and a tower"),
    "to-city-road": pgettext_lazy("tile", "city with a road ending at a tower"),
    "to-city-curve-west": pgettext_lazy("tile", "city with a road bend and a tower"),
    "to-city-straight-split": pgettext_lazy("tile", "city with a straight road and a tower"),
    "to-corner": pgettext_lazy("tile", "corner city with a tower"),
    "to-corner-road-split": pgettext_lazy("tile", "corner city with a road, three fields and a tower"),
    "to-two-cities": pgettext_lazy("tile", "two cities and a tower"),
    "to-two-cities-straight": pgettext_lazy("tile", "two cities with a road between, and a tower"),
    "to-three-sided-road": pgettext_lazy("tile", "three-sided city with a road and a tower"),
    "to-three-sided-and-city": pgettext_lazy("tile", "three-sided city with a pennant, a city and a tower"),
    # The Count of Carcassonne: the City's tiles, by where each lies in the block
    "count-1": pgettext_lazy("tile", "City of Carcassonne, north-west corner"),
    "count-2": pgettext_lazy("tile", "City of Carcassonne, north wall, west"),
    "count-3": pgettext_lazy("tile", "City of Carcassonne, north wall, east"),
    "count-4": pgettext_lazy("tile", "City of Carcassonne, north-east corner"),
    "count-5": pgettext_lazy("tile", "City of Carcassonne, west wall"),
    "count-6": pgettext_lazy("tile", "City of Carcassonne, centre, west"),
    "count-7": pgettext_lazy("tile", "City of Carcassonne, centre, east"),
    "count-8": pgettext_lazy("tile", "City of Carcassonne, east wall"),
    "count-9": pgettext_lazy("tile", "City of Carcassonne, south-west corner"),
    "count-10": pgettext_lazy("tile", "City of Carcassonne, south wall, west"),
    "count-11": pgettext_lazy("tile", "City of Carcassonne, south wall, east"),
    "count-12": pgettext_lazy("tile", "City of Carcassonne, south-east corner"),
    # Princess & Dragon
    "pd-volcano": pgettext_lazy("tile", "volcano"),
    "pd-road-end-volcano": pgettext_lazy("tile", "volcano on a road end"),
    "pd-city-volcano": pgettext_lazy("tile", "city with a volcano"),
    "pd-two-cities-volcano": pgettext_lazy("tile", "two cities and a volcano"),
    "pd-curve-volcano": pgettext_lazy("tile", "road bend with a volcano"),
    "pd-straight-volcano": pgettext_lazy("tile", "straight road with a volcano"),
    "pd-city-dragon": pgettext_lazy("tile", "city with the dragon"),
    "pd-city-dragon-garden": pgettext_lazy("tile", "city with the dragon and a garden"),
    "pd-cloister-three-roads-dragon": pgettext_lazy("tile", "cloister with three roads and the dragon"),
    "pd-junction-dragon": pgettext_lazy("tile", "junction with the dragon"),
    "pd-three-sided-cloister-dragon": pgettext_lazy(
        "tile", "three-sided city round a cloister, with the dragon"
    ),
    "pd-curve-dragon": pgettext_lazy("tile", "road bend with the dragon"),
    "pd-straight-dragon": pgettext_lazy("tile", "straight road with the dragon"),
    "pd-corner-dragon": pgettext_lazy("tile", "corner city with the dragon"),
    "pd-across-dragon": pgettext_lazy("tile", "city across with a pennant and the dragon"),
    "pd-across-tunnel-dragon": pgettext_lazy(
        "tile", "city across with a road in a tunnel under it, and the dragon"
    ),
    "pd-city-curve-west-dragon": pgettext_lazy(
        "tile", "city with a road bending to the left, and the dragon"
    ),
    "pd-city-curve-east-dragon": pgettext_lazy(
        "tile", "city with a road bending to the right, and the dragon"
    ),
    "pd-two-curves-portal": pgettext_lazy("tile", "two road bends and a magic portal"),
    "pd-junction-portal": pgettext_lazy("tile", "junction with a magic portal"),
    "pd-three-sided-portal": pgettext_lazy("tile", "three-sided city with a pennant and a magic portal"),
    "pd-corner-curve-portal": pgettext_lazy("tile", "corner city with a road bend and a magic portal"),
    "pd-city-curve-west-portal": pgettext_lazy(
        "tile", "city with a road bending to the left, and a magic portal"
    ),
    "pd-city-curve-east-portal": pgettext_lazy(
        "tile", "city with a road bending to the right, and a magic portal"
    ),
    "pd-city-junction-princess": pgettext_lazy("tile", "city with a princess and a junction"),
    "pd-city-and-corner-princess": pgettext_lazy(
        "tile", "city with a princess, and a corner city with a pennant"
    ),
    "pd-three-sided-princess": pgettext_lazy("tile", "three-sided city with a princess"),
    "pd-corner-princess": pgettext_lazy("tile", "corner city with a princess"),
    "pd-corner-princess-garden": pgettext_lazy("tile", "corner city with a princess and a garden"),
    "pd-corner-split-princess": pgettext_lazy("tile", "corner city with a princess and two separate fields"),
    "pd-corner-curve-princess": pgettext_lazy("tile", "corner city with a princess and a road bend"),
}

# The base game's tiles keep their letters (players and the rules sheet use them); a short
# description follows the letter wherever a reader needs to know what is on the tile.
BASE_TILE_DESCRIPTIONS = {
    "A": pgettext_lazy("tile", "a cloister with a road"),
    "B": pgettext_lazy("tile", "a cloister"),
    "C": pgettext_lazy("tile", "a city on all four edges, with a pennant"),
    "D": pgettext_lazy("tile", "a city on one edge and a straight road"),
    "E": pgettext_lazy("tile", "a city on one edge"),
    "F": pgettext_lazy("tile", "a city across the tile, with a pennant"),
    "G": pgettext_lazy("tile", "a city across the tile"),
    "H": pgettext_lazy("tile", "two cities on opposite edges"),
    "I": pgettext_lazy("tile", "two cities on neighbouring edges"),
    "J": pgettext_lazy("tile", "a city on one edge and a road bending to the right"),
    "K": pgettext_lazy("tile", "a city on one edge and a road bending to the left"),
    "L": pgettext_lazy("tile", "a city on one edge and a junction of three roads"),
    "M": pgettext_lazy("tile", "a corner city with a pennant"),
    "N": pgettext_lazy("tile", "a corner city"),
    "O": pgettext_lazy("tile", "a corner city with a pennant and a road bend"),
    "P": pgettext_lazy("tile", "a corner city and a road bend"),
    "Q": pgettext_lazy("tile", "a city on three edges, with a pennant"),
    "R": pgettext_lazy("tile", "a city on three edges"),
    "S": pgettext_lazy("tile", "a city on three edges, with a pennant and a road"),
    "T": pgettext_lazy("tile", "a city on three edges and a road"),
    "U": pgettext_lazy("tile", "a straight road"),
    "V": pgettext_lazy("tile", "a road bend"),
    "W": pgettext_lazy("tile", "a junction of three roads"),
    "X": pgettext_lazy("tile", "a crossroads of four roads"),
}


DESCRIBED_TILES = {
    "river-spring": pgettext_lazy("tile", "spring"),
    "river-lake": pgettext_lazy("tile", "lake"),
    "river-straight": pgettext_lazy("tile", "straight river"),
    "river-curve": pgettext_lazy("tile", "river bend"),
    "river-curve-garden": pgettext_lazy("tile", "river bend with a garden"),
    "river-bridge": pgettext_lazy("tile", "river with a bridge"),
    "river-cities": pgettext_lazy("tile", "river between two cities"),
    "river-city-road": pgettext_lazy("tile", "river with a city and a road"),
    "river-cloister": pgettext_lazy("tile", "river with a cloister"),
    "river-city-corner": pgettext_lazy("tile", "river bend by a city"),
    "river-road-curve": pgettext_lazy("tile", "river bend with a road"),
}
"""The River's tiles, whose name is not a letter, by what they show."""


def tile_name(name: str) -> str:
    """How a reader calls a tile: base tiles by their letter (a garden tile: "E with a garden"),
    the others by what they show."""
    return _tile_name(name, get_language())


@lru_cache(maxsize=1024)
def _tile_name(name: str, language: str | None) -> str:
    """Asked for every tile of every board and palette: looked up once per tile and language."""
    described = DESCRIBED_TILES.get(name) or EXPANSION_TILE_NAMES.get(name)
    if described is not None:
        return str(described)
    tile = TILES.get(name)
    if tile is not None and tile.twin is not None and len(tile.twin) == 1:
        return _("{tile} with a garden").format(tile=tile.twin)
    return name


def tile_description(name: str) -> str:
    """A tile as a reader who cannot see its picture needs it: "E: a city on one edge" for a base
    tile (its garden twin: "E with a garden: …"), the descriptive name of any other."""
    letter = name if name in BASE_TILE_DESCRIPTIONS else getattr(TILES.get(name), "twin", None)
    if letter in BASE_TILE_DESCRIPTIONS:
        return pgettext("tile", "{name}: {description}").format(
            name=tile_name(name), description=BASE_TILE_DESCRIPTIONS[letter]
        )
    return tile_name(name)


_COMPASS = {
    "N": pgettext_lazy("side", "north"),
    "E": pgettext_lazy("side", "east"),
    "S": pgettext_lazy("side", "south"),
    "W": pgettext_lazy("side", "west"),
    "NE": pgettext_lazy("direction", "north-east"),
    "SE": pgettext_lazy("direction", "south-east"),
    "SW": pgettext_lazy("direction", "south-west"),
    "NW": pgettext_lazy("direction", "north-west"),
    "NNE": pgettext_lazy("direction", "north-north-east"),
    "ENE": pgettext_lazy("direction", "east-north-east"),
    "ESE": pgettext_lazy("direction", "east-south-east"),
    "SSE": pgettext_lazy("direction", "south-south-east"),
    "SSW": pgettext_lazy("direction", "south-south-west"),
    "WSW": pgettext_lazy("direction", "west-south-west"),
    "WNW": pgettext_lazy("direction", "west-north-west"),
    "NNW": pgettext_lazy("direction", "north-north-west"),
}
# Eight points at least: with four, a field in a corner (the south-east of L) would be called
# "south" or "east" by a hair.
_ROSES = (
    ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
    ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"),
)
MIDDLE = "C"
_MIDDLE_RADIUS = 0.12
"""An anchor this close to the tile's centre is "in the middle" rather than towards a side."""


def _bearing(anchor: tuple[float, float], rose: tuple[str, ...]) -> str:
    x, y = anchor[0] - 0.5, anchor[1] - 0.5
    if math.hypot(x, y) < _MIDDLE_RADIUS:
        return MIDDLE
    degrees = math.degrees(math.atan2(x, -y)) % 360  # clockwise from north, y pointing south
    step = 360 / len(rose)
    return rose[int((degrees + step / 2) // step) % len(rose)]


def bearings(anchors: Sequence[tuple[float, float]]) -> list[str]:
    """Where each of several features of one kind lies on the tile as laid ("N", "SE", "ENE" or
    ``MIDDLE``): eight compass points, sixteen only where eight cannot tell them all apart, so that
    two figure spots on one tile never share a name. Raises ``ValueError`` if sixteen cannot."""
    for rose in _ROSES:
        found = [_bearing(a, rose) for a in anchors]
        if len(set(found)) == len(found):
            return found
    raise ValueError(f"features too close to tell apart: {anchors}")


def _centre(places) -> tuple[float, float]:
    """The mean of a feature's places: a field between a city and a road lies where its edges are,
    whatever point of it the figure is drawn on."""
    points = [PLACE_POINTS[p.name] for p in places]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


PLACE_POINTS = {
    "NNW": (0.25, 0.0), "N": (0.5, 0.0), "NNE": (0.75, 0.0),
    "ENE": (1.0, 0.25), "E": (1.0, 0.5), "ESE": (1.0, 0.75),
    "SSE": (0.75, 1.0), "S": (0.5, 1.0), "SSW": (0.25, 1.0),
    "WSW": (0.0, 0.75), "W": (0.0, 0.5), "WNW": (0.0, 0.25),
    "C": (0.5, 0.5),
}  # fmt: skip
"""The thirteen places of a tile as points of the unit tile (x east, y south)."""


def feature_bearings(orientation) -> dict[int, str | None]:
    """For each feature of a tile as laid, where it lies (see ``bearings``), or ``None`` when it is
    the only one of its kind on the tile and its kind names it well enough."""
    by_kind: dict[object, list[int]] = {}
    for index, spec in enumerate(orientation.tile.features):
        by_kind.setdefault(spec.kind, []).append(index)
    found: dict[int, str | None] = {}
    for indices in by_kind.values():
        if len(indices) == 1:
            found[indices[0]] = None
            continue
        try:
            names = bearings([_centre(orientation.feature_places[i]) for i in indices])
        except ValueError:  # two features round one centre: the points they are drawn on differ
            names = bearings([orientation.anchors[i] for i in indices])
        found.update(zip(indices, names, strict=True))
    return found


def bearing_name(bearing: str) -> str:
    return str(_COMPASS[bearing])
