"""What the browser needs to choose a tile, a square and a turn without asking the server.

For every tile still in the box: the squares it fits now and the distinct turns that fit on each.
The page's script highlights, narrows and previews from this alone; laying is still a form post
that the engine checks, so a stale or doctored list can only offer a move the server refuses.
"""

from __future__ import annotations

from collections import OrderedDict

from scorer.engine import TILES, FeatureKind, Game, TileType

_REMEMBERED: OrderedDict[tuple[str, str], dict[str, list[list[int]]]] = OrderedDict()
_MAX_REMEMBERED = 256
"""Positions kept: every phone following a game asks for the same one."""


def fits_of(game: Game) -> dict[str, list[list[int]]]:
    """``{tile: [[x, y, turn, ...], ...]}`` for every tile left that fits somewhere, in catalogue
    order, its squares north to south, west to east."""
    fits: dict[str, list[list[int]]] = {}
    for name, left in game.board.supply.items():
        if left <= 0:
            continue
        tile = TILES[name]
        distinct = tile.distinct_rotations
        squares = game.legal_placements(tile).squares()
        rows = [
            [x, y, *(r for r in distinct if r in turns)]
            for (x, y), turns in sorted(squares.items(), key=lambda item: (item[0][1], item[0][0]))
        ]
        rows = [row for row in rows if len(row) > 2]
        if rows:
            fits[name] = rows
    return fits


def remembered_fits(game: Game, key: tuple[str, str]) -> dict[str, list[list[int]]]:
    """:func:`fits_of`, worked out once per position (``key``: the game's code and digest)."""
    fits = _REMEMBERED.get(key)
    if fits is None:
        fits = _REMEMBERED[key] = fits_of(game)
        while len(_REMEMBERED) > _MAX_REMEMBERED:
            _REMEMBERED.popitem(last=False)
    else:
        _REMEMBERED.move_to_end(key)
    return fits


_FACTS: dict[str, str] = {}


def finder_facts(tile: TileType) -> str:
    """What the tile finder can narrow by, as words the page's script matches: how many sides
    show a city, a road or a river, and the marks on the tile."""
    known = _FACTS.get(tile.name)
    if known is not None:
        return known
    sides = tile.edges
    facts = [f"city-{sum(e.value == 'C' for e in sides)}", f"road-{sum(e.value == 'R' for e in sides)}"]
    if tile.is_river:
        facts.append("river")
    marks: set[str] = set()
    for feature in tile.features:
        if feature.kind is FeatureKind.CLOISTER:
            marks.add("cloister")
        elif feature.kind is FeatureKind.GARDEN:
            marks.add("garden")
        if feature.pennant:
            marks.add("pennant")
        if feature.inn:
            marks.add("inn")
        if feature.cathedral:
            marks.add("cathedral")
        if feature.good is not None:
            marks.add("goods")
    if tile.tower is not None:
        marks.add("tower")
    known = _FACTS[tile.name] = " ".join([*facts, *sorted(marks)])
    return known
