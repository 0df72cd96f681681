"""Colours of the tile art and of the players.

Every kind of thing also differs in lightness and in its marks (walls, edging, waves), so the art
reads in grey as well as in colour.
"""

from __future__ import annotations

from scorer.board_layer import players

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

HEDGE_LIGHT: RGB = (80, 134, 62)
"""Highlights on the bushes of a hedge row."""

GARDEN_LAWN: RGB = (150, 206, 98)
GARDEN_PATH: RGB = (226, 206, 160)
GARDEN_FLOWERS: tuple[RGB, ...] = ((232, 64, 92), (250, 200, 40), (244, 140, 200), (150, 96, 220))
FOUNTAIN: RGB = (70, 150, 220)
FOUNTAIN_RIM: RGB = (232, 236, 240)

INN_WALL: RGB = (244, 232, 204)
INN_TIMBER: RGB = (92, 58, 34)
INN_ROOF: RGB = (58, 82, 138)
"""Slate blue: no city roof, chapel or river shares it, so an inn reads as an inn."""
INN_SIGN: RGB = (240, 184, 40)

FOUNDATION_STONE: RGB = (168, 164, 156)
FOUNDATION_TOP: RGB = (206, 202, 192)
FOUNDATION_OUTLINE: RGB = (58, 54, 50)

CATHEDRAL_STONE: RGB = (238, 234, 224)
CATHEDRAL_SHADE: RGB = (204, 198, 186)
CATHEDRAL_ROOF: RGB = (96, 104, 128)
CATHEDRAL_OUTLINE: RGB = (52, 48, 56)
ROSE_GLASS: RGB = (60, 96, 196)
ROSE_GLASS_RED: RGB = (200, 48, 60)
GOLD: RGB = (236, 186, 44)

GOOD_BADGE: RGB = (254, 248, 205)
GOOD_OUTLINE: RGB = (58, 40, 30)
WINE: RGB = (128, 34, 92)
WINE_LIGHT: RGB = (176, 70, 140)
VINE_LEAF: RGB = (70, 140, 60)
WHEAT: RGB = (232, 180, 40)
WHEAT_DARK: RGB = (176, 124, 24)
CLOTH: RGB = (44, 102, 206)
CLOTH_LIGHT: RGB = (120, 168, 236)

VOLCANO_ROCK: RGB = (104, 84, 78)
VOLCANO_ROCK_LIGHT: RGB = (140, 116, 104)
"""The lit flank of the volcano: a dark mountain, darker than any road edge or wall."""
VOLCANO_OUTLINE: RGB = (44, 30, 28)
LAVA: RGB = (238, 92, 28)
LAVA_GLOW: RGB = (255, 214, 84)

DRAGON: RGB = (190, 38, 42)
"""Redder and darker than a chapel's roof, which is the only other red on a tile."""
DRAGON_WING: RGB = (128, 26, 36)
DRAGON_BELLY: RGB = (246, 176, 66)
DRAGON_OUTLINE: RGB = (52, 18, 20)

PORTAL_STONE: RGB = (176, 168, 188)
PORTAL_OUTLINE: RGB = (46, 36, 66)
PORTAL_DEEP: RGB = (92, 44, 170)
PORTAL_SWIRL: RGB = (164, 110, 240)
PORTAL_LIGHT: RGB = (236, 220, 255)
PORTAL_GLOW: RGB = (214, 180, 255)
"""The halo round the gate: violet, a colour nothing else on a tile has."""

PRINCESS_GOWN: RGB = (222, 70, 146)
PRINCESS_GOWN_LIGHT: RGB = (246, 150, 196)
PRINCESS_SKIN: RGB = (248, 218, 186)
PRINCESS_HAIR: RGB = (150, 88, 40)
PRINCESS_OUTLINE: RGB = (70, 30, 46)

TUNNEL: RGB = (26, 22, 30)
"""The dark mouth where a road goes underground (Princess & Dragon's tunnel)."""

PLAYER_COLOURS = players.PLAYER_COLOURS
DEFAULT_PLAYERS: tuple[str, ...] = tuple(PLAYER_COLOURS)
ink_on = players.ink_on
