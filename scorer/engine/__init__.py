"""The Carcassonne rules engine: tiles, boards, figures and points, in pure Python.

No Django, no images, no files, no translated text: the web site, the command line and the tests
all use it the same way.
"""

from .board import Board, PlacedTile
from .errors import (
    BoardFileError,
    CarcassonneError,
    IllegalPlacementError,
    NotationError,
    Problem,
    Rule,
    SetupError,
)
from .expansions.abbot import Recall
from .farms import Farm
from .figures import MEEPLES_PER_PLAYER, Figure, FigureKind
from .game import Game, Turn
from .notation import (
    BoardFile,
    build_game,
    name_problem,
    read_board,
    read_extras,
    report_to_dict,
    score_board,
    write_board,
)
from .placement import Meeple, Placement
from .places import PLACES, SIDES, Extent, Place, Side, Square
from .queries import COLORS, Feature, FigureSpot, HeldFigure, LegalPlacements, Piece, Player, RecallOption
from .rules import FarmerEdition, Mode, Rules, max_players
from .scoring import Category, Phase, PlayerScore, ScoreEvent, ScoreReport, ScoreWarning, Spot, WarningCode
from .tiles import GOODS, Edge, Expansion, FeatureKind, FeatureSpec, Good, TileType
from .tilesets import BOX_TILES, TILES, goods_in_box, tile_counts
from .tilesets.base import BASE_TILES
from .tilesets.river import RIVER_TILES

BoardError = CarcassonneError
"""The base of every refusal (kept under its first name)."""

__all__ = [
    "BASE_TILES",
    "BOX_TILES",
    "COLORS",
    "GOODS",
    "MEEPLES_PER_PLAYER",
    "PLACES",
    "RIVER_TILES",
    "SIDES",
    "TILES",
    "Board",
    "BoardError",
    "BoardFile",
    "BoardFileError",
    "CarcassonneError",
    "Category",
    "Edge",
    "Expansion",
    "Extent",
    "Farm",
    "FarmerEdition",
    "Feature",
    "FeatureKind",
    "FeatureSpec",
    "Figure",
    "FigureKind",
    "FigureSpot",
    "Game",
    "Good",
    "HeldFigure",
    "IllegalPlacementError",
    "LegalPlacements",
    "Meeple",
    "Mode",
    "NotationError",
    "Phase",
    "Piece",
    "Place",
    "PlacedTile",
    "Placement",
    "Player",
    "PlayerScore",
    "Problem",
    "Recall",
    "RecallOption",
    "Rule",
    "Rules",
    "ScoreEvent",
    "ScoreReport",
    "ScoreWarning",
    "SetupError",
    "Side",
    "Spot",
    "Square",
    "TileType",
    "Turn",
    "WarningCode",
    "build_game",
    "goods_in_box",
    "max_players",
    "name_problem",
    "read_board",
    "read_extras",
    "report_to_dict",
    "score_board",
    "tile_counts",
    "write_board",
]  # fmt: skip
