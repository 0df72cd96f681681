"""What the expansions' tiles are called on the page: by what they show, as players describe them."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy


def _t(text: str):
    return pgettext_lazy("tile", text)


EXPANSION_TILE_NAMES = {
    # Inns & Cathedrals
    "ic-cathedral": _t("cathedral"),
    "ic-cloister-two-roads": _t("cloister between two roads"),
    "ic-four-cities": _t("four small cities"),
    "ic-four-cities-garden": _t("four small cities round a garden"),
    "ic-three-cities": _t("three small cities"),
    "ic-two-cities-two-roads": _t("two cities and two roads"),
    "ic-corner-and-city": _t("corner city and a city opposite"),
    "ic-city-split": _t("city with two separate fields"),
    "ic-city-road": _t("city with a road ending at it"),
    "ic-corner-road": _t("corner city with a road ending at it"),
    "ic-across-two-roads": _t("city across with two roads"),
    "ic-corner-road-inn": _t("corner city with an inn road"),
    "ic-city-curve-inn": _t("city with an inn on a bend"),
    "ic-corner-curve-inn": _t("corner city with an inn on a bend"),
    "ic-junction-inn": _t("junction with an inn"),
    "ic-straight-inn": _t("straight road with an inn"),
    "ic-straight-inn-garden": _t("straight road with an inn and a garden"),
    "ic-curve-inn": _t("road bend with an inn"),
    "ic-two-curves": _t("two road bends"),
    # Traders & Builders
    "tb-corner-wheat": _t("corner city with wheat"),
    "tb-corner-wine": _t("corner city with wine"),
    "tb-across-and-city-cloth": _t("city across with cloth, and a city"),
    "tb-across-and-city-wine": _t("city across with wine, and a city"),
    "tb-three-sided-wheat": _t("three-sided city with wheat"),
    "tb-corner-and-two-cities-cloth": _t("corner city with cloth and two cities"),
    "tb-corner-two-roads-split-cloth": _t("corner city with cloth, two roads, four fields"),
    "tb-corner-two-roads-wine": _t("corner city with wine and two roads"),
    "tb-corner-two-roads-wine-garden": _t("corner city with wine, two roads and a garden"),
    "tb-corner-road-city-cloth": _t("corner city with cloth, a road and a city"),
    "tb-corner-road-city-wheat": _t("corner city with wheat, a road and a city"),
    "tb-corner-road-cloth": _t("corner city with cloth and a road"),
    "tb-corner-road-cloth-garden": _t("corner city with cloth, a road and a garden"),
    "tb-corner-road-split-wine": _t("corner city with wine, a road, three fields"),
    "tb-three-sided-road-wine": _t("three-sided city with wine and a road"),
    "tb-two-corners-wine": _t("two corner cities, one with wine"),
    "tb-across-wine": _t("city across with wine"),
    "tb-city-road": _t("city with a road beside it"),
    "tb-across-road-wheat": _t("city across with wheat and a road"),
    "tb-across-road-wine": _t("city across with wine and a road"),
    "tb-across-two-roads-wine": _t("city across with wine and two roads"),
    "tb-cloister-three-roads": _t("cloister with three roads"),
    "tb-corner-road-wheat": _t("corner city with wheat and a road"),
    "tb-corner-road-split-wheat": _t("corner city with wheat, a road, three fields"),
    "tb-city-two-roads": _t("city with two roads"),
    "tb-road-crossing": _t("roads crossing without a junction"),
}
