"""Colours of the tile art and of the players.

Every kind of thing also differs in lightness and in its marks (walls, edging, waves), so the art
reads in grey as well as in colour.
"""

from __future__ import annotations

from scorer import players

RGB = tuple[int, int, int]

FIELD: RGB = (124, 178, 86)
FIELD_DARK: RGB = (98, 150, 66)
FIELD_LIGHT: RGB = (150, 198, 104)
HEDGE: RGB = (52, 102, 46)

CITY: RGB = (226, 196, 138)
CITY_ROOFS: tuple[RGB, ...] = ((206, 150, 104), (196, 160, 112), (214, 166, 116))
CITY_ROOF_EDGE: RGB = (150, 108, 70)
WALL: RGB = (176, 150, 114)
WALL_OUTLINE: RGB = (86, 58, 34)

ROAD: RGB = (246, 238, 214)
ROAD_EDGE: RGB = (92, 78, 60)
ROAD_DASH: RGB = (186, 170, 138)
JUNCTION: RGB = (120, 100, 76)

RIVER: RGB = (60, 134, 204)
RIVER_BANK: RGB = (30, 84, 140)
RIVER_WAVE: RGB = (206, 232, 250)
BRIDGE: RGB = (196, 188, 172)

YARD: RGB = (232, 222, 194)
YARD_EDGE: RGB = (160, 146, 112)
CLOISTER_WALL: RGB = (250, 246, 236)
CLOISTER_ROOF: RGB = (196, 58, 44)
CLOISTER_OUTLINE: RGB = (64, 36, 28)

SHIELD_BLUE: RGB = (36, 84, 176)
SHIELD_WHITE: RGB = (255, 255, 255)
SHIELD_OUTLINE: RGB = (20, 34, 70)

PLAYER_COLOURS = players.PLAYER_COLOURS
DEFAULT_PLAYERS: tuple[str, ...] = tuple(PLAYER_COLOURS)
ink_on = players.ink_on
