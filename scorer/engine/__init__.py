"""The Carcassonne rules engine: tiles, boards, meeples and points, in pure Python.

No Django, no images, no files, no translated text: the web site, the command line and the tests
all use it the same way.
"""

from .board import Board, PlacedTile
from .errors import BoardError, BoardFileError, IllegalPlacementError, Rule
from .game import Game, MeepleSpot, Turn
from .notation import BoardFile, Player, build_game, read_board, report_to_dict, score_board, write_board
from .placement import Meeple, Placement
from .places import PLACES, SIDES, Place, Side, Square
from .rules import MEEPLES_PER_PLAYER, FarmerEdition, Mode, Rules
from .scoring import Category, Phase, PlayerScore, ScoreEvent, ScoreReport, ScoreWarning, WarningCode
from .tiles import BASE_TILES, RIVER_TILES, TILES, Edge, Expansion, FeatureKind, FeatureSpec, TileType

__all__ = [
    "BASE_TILES", "MEEPLES_PER_PLAYER", "PLACES", "RIVER_TILES", "SIDES", "TILES",
    "Board", "BoardError", "BoardFile", "BoardFileError", "Category", "Edge", "Expansion",
    "FarmerEdition", "FeatureKind", "FeatureSpec", "Game", "IllegalPlacementError", "Meeple",
    "MeepleSpot", "Mode", "Phase", "Place", "PlacedTile", "Placement", "Player", "PlayerScore",
    "Rule", "Rules", "ScoreEvent", "ScoreReport", "ScoreWarning", "Side", "Square", "TileType",
    "Turn", "WarningCode", "build_game", "read_board", "report_to_dict", "score_board",
    "write_board",
]  # fmt: skip
