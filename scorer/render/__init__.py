"""Our own tile art and board pictures, drawn with Pillow from the rules engine's data.

The engine never imports this package; this package never imports Django.
"""

from .board_image import board_png, render_board
from .tile_art import feature_mask, feature_mask_png, render_tile, tile_sprites

__all__ = [
    "board_png",
    "feature_mask",
    "feature_mask_png",
    "render_board",
    "render_tile",
    "tile_sprites",
]
