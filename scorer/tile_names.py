"""What the expansions' tiles are called on the page: by what they show, as players describe them."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

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
}
