"""The tutor's pages for finding one's way: every tile of the catalogue, the common mistakes, and
a one-page rules summary to print."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorer.board_layer.languages import localize_digits
from scorer.board_layer.messages import GOOD_NAMES
from scorer.board_layer.tile_names import tile_name
from scorer.engine import BOX_TILES, Expansion, FeatureKind, TileType, tile_counts
from tutorial import content


@dataclass(frozen=True)
class TileEntry:
    name: str
    title: str
    count: int
    """How many a box without the Abbot holds (0: a garden tile, used only with the Abbot)."""
    abbot_count: int
    holds: str
    start: bool = False
    city: bool = False
    """A tile of the City of Carcassonne (The Count): laid at the start, never drawn."""


@dataclass(frozen=True)
class Box:
    slug: str
    title: str
    tiles: tuple[TileEntry, ...]

    @property
    def total(self) -> int:
        return sum(t.count for t in self.tiles)

    @property
    def abbot_total(self) -> int:
        return sum(t.abbot_count for t in self.tiles)


def _box_titles() -> dict[Expansion | None, tuple[str, str]]:
    return {
        None: ("base", _("Base game")),
        Expansion.RIVER: ("river", _("The River")),
        Expansion.INNS_CATHEDRALS: ("inns-cathedrals", _("Inns & Cathedrals")),
        Expansion.TRADERS_BUILDERS: ("traders-builders", _("Traders & Builders")),
        Expansion.TOWER: ("tower", _("The Tower")),
        Expansion.PRINCESS_DRAGON: ("princess-dragon", _("Princess & Dragon")),
        Expansion.COUNT: ("count", _("The Count of Carcassonne")),
    }


def holds(tile: TileType) -> str:
    """What a tile shows, in words: "2 cities, 1 road, a pennant"."""
    kinds = [f.kind for f in tile.features]
    parts = []
    cities, roads = kinds.count(FeatureKind.CITY), kinds.count(FeatureKind.ROAD)
    if tile.is_river:
        parts.append(_("the river"))
    if cities:
        parts.append(ngettext("%(n)s city", "%(n)s cities", cities) % {"n": localize_digits(cities)})
    if roads:
        parts.append(ngettext("%(n)s road", "%(n)s roads", roads) % {"n": localize_digits(roads)})
    if FeatureKind.CLOISTER in kinds:
        parts.append(_("a cloister"))
    if FeatureKind.GARDEN in kinds:
        parts.append(_("a garden"))
    if any(f.inn for f in tile.features):
        parts.append(_("an inn"))
    if any(f.cathedral for f in tile.features):
        parts.append(_("a cathedral"))
    pennants = sum(f.pennant for f in tile.features)
    if pennants:
        parts.append(ngettext("%(n)s pennant", "%(n)s pennants", pennants) % {"n": localize_digits(pennants)})
    parts += [str(GOOD_NAMES[f.good]) for f in tile.features if f.good is not None]
    return pgettext("list separator", ", ").join(parts)


def _title(tile: TileType, number: int) -> str:
    """A tile's name; a tile of the City of Carcassonne that has none yet, by its place in the City."""
    name = tile_name(tile.name)
    if name == tile.name and tile.city_of_carcassonne:
        # Translators: the tile reference: one of the 12 tiles of the City (The Count of Carcassonne).
        return _("City of Carcassonne, tile {number}").format(number=localize_digits(number))
    return name


def boxes() -> list[Box]:
    """Every box of the catalogue with its tiles, garden tiles at the end of their own box."""
    out = []
    for box, (slug, title) in _box_titles().items():
        chosen = [box] if box is not None else []
        plain, with_abbot = tile_counts(chosen), tile_counts([*chosen, Expansion.ABBOT])
        entries = tuple(
            TileEntry(
                name=t.name,
                title=_title(t, number),
                count=plain.get(t.name, 0),
                abbot_count=with_abbot.get(t.name, 0),
                holds=holds(t),
                start=t.name == "D",
                city=t.city_of_carcassonne,
            )
            for number, t in enumerate(BOX_TILES[box], 1)
        )
        out.append(Box(slug, title, entries))
    return out


@require_safe
def tile_reference(request: HttpRequest) -> HttpResponse:
    context = {"boxes": boxes(), "nav": "learn"}
    return render(request, "tutorial/tiles.html", context)


def _page_or_404(slug: str, *, terms: bool = True) -> content.Chapter:
    try:
        return content.page(get_language(), slug, terms=terms)
    except LookupError:
        raise Http404 from None


@require_safe
def mistakes(request: HttpRequest) -> HttpResponse:
    context = {"page": _page_or_404("mistakes"), "nav": "learn"}
    return render(request, "tutorial/mistakes.html", context)


@require_safe
def summary(request: HttpRequest) -> HttpResponse:
    # Links would print as underlined words that lead nowhere on paper.
    context = {"page": _page_or_404("summary", terms=False), "nav": "learn"}
    return render(request, "tutorial/summary.html", context)
