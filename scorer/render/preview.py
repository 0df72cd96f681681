"""Write pictures to look at the art: ``python -m scorer.render.preview [OUTDIR]``.

- ``all_tiles.png``: a contact sheet of every tile type at 128 px and at 48 px, named underneath;
- ``rotations.png``: every tile in its four rotations;
- ``board.png``: a random 72-tile game with its meeples;
- ``highlight.png``, ``highlight_field.png``: the board with its biggest scored city (field)
  highlighted;
- ``board_48.png``: the board at 48 px a tile;
- ``river.png``: a random game with the River.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from PIL import Image, ImageDraw

from scorer.engine import TILES, FeatureKind
from scorer.engine.scoring import ScoreEvent
from scorer.engine.simulate import random_game

from .board_image import render_board
from .raster import font
from .tile_art import render_tile

_BACKDROP = (236, 232, 222)
_INK = (40, 40, 40)


def contact_sheet(sizes: tuple[int, ...] = (128, 48), columns: int = 9) -> Image.Image:
    """Every tile type at each of ``sizes``, side by side, with its name underneath."""
    names = list(TILES)
    gap, caption = 12, 18
    cell_w = sum(sizes) + gap * len(sizes)
    cell_h = max(sizes) + caption + gap
    rows = -(-len(names) // columns)
    sheet = Image.new("RGBA", (columns * cell_w + gap, rows * cell_h + gap), _BACKDROP)
    draw = ImageDraw.Draw(sheet)
    for i, name in enumerate(names):
        x = gap + (i % columns) * cell_w
        y = gap + (i // columns) * cell_h
        for size in sizes:
            sheet.alpha_composite(render_tile(TILES[name], size), (x, y))
            x += size + gap
        draw.text((gap + (i % columns) * cell_w, y + max(sizes) + 2), name, fill=_INK, font=font(13))
    return sheet


def rotation_sheet(size: int = 64) -> Image.Image:
    names = list(TILES)
    gap = 6
    sheet = Image.new("RGBA", (len(names) * (size + gap) + gap, 4 * (size + gap) + gap), _BACKDROP)
    for i, name in enumerate(names):
        for r, rotation in enumerate((0, 90, 180, 270)):
            where = (gap + i * (size + gap), gap + r * (size + gap))
            sheet.alpha_composite(render_tile(TILES[name], size, rotation), where)
    return sheet


def _biggest(events: list[ScoreEvent], kind: FeatureKind) -> ScoreEvent | None:
    """The scored feature of ``kind`` with the most pieces: it shows off the highlight best."""
    wanted = [e for e in events if e.feature is kind and e.winners]
    return max(wanted, key=lambda e: (len(e.segments), e.pennants), default=None)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    contact_sheet().save(out / "all_tiles.png")
    rotation_sheet().save(out / "rotations.png")
    game = random_game(random.Random(1))
    started = time.perf_counter()
    board = render_board(game)
    print(f"board of {len(game.board.tiles)} tiles: {time.perf_counter() - started:.3f}s")
    board.save(out / "board.png")
    events = list(game.report().events)
    for kind, name in ((FeatureKind.CITY, "highlight.png"), (FeatureKind.FIELD, "highlight_field.png")):
        event = _biggest(events, kind)
        if event is not None:
            render_board(game, highlight=event).save(out / name)
    render_board(game, tile_size=48).save(out / "board_48.png")
    river = random_game(random.Random(7), 4, expansions=("river",))
    render_board(river, tile_size=64).save(out / "river.png")
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/render"))
