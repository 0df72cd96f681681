"""The files `manage.py css` writes are the ones in the repository, and the tile sheet is right:
every tile type where tile-art.css says it is."""

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from scorer.css import GENERATED, SHEET_FILE, SHEET_TILE, art_css, sheet_digest
from scorer.engine import TILES
from scorer.render.tile_art import SHEET_GUTTER, tile_image

STATIC = Path(__file__).resolve().parents[2] / "static"
AT = re.compile(
    r"^\.t-(?P<name>[\w-]+) \{ --art: url\(/tiles/(?P=name)\.webp\); --at: (?P<x>[\d.]+)% (?P<y>[\d.]+)%; \}$"
)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_each_stylesheet_is_the_one_the_code_writes(name):
    # Edit scorer/css.py (or what it draws from), then run `manage.py css`.
    assert (STATIC / "css" / name).read_text(encoding="utf-8") == GENERATED[name]()


@pytest.fixture(scope="module")
def sheet() -> Image.Image:
    return Image.open(STATIC / SHEET_FILE).convert("RGB")


def test_the_sheet_in_the_repository_is_drawn_from_todays_tiles():
    # tile-art.css names the digest of the pixels the sheet was encoded from; when the drawing
    # changes, the stylesheet test above fails until `manage.py css` writes both again.
    assert f"/* sheet {sheet_digest()} */" in art_css()


def places(sheet: Image.Image) -> dict[str, tuple[int, int]]:
    """Where each tile's class puts the tile's top left corner on the sheet, in pixels: a
    percentage position is that fraction of the room the picture moves in."""
    found = {}
    for match in filter(None, map(AT.match, art_css().splitlines())):
        left = float(match["x"]) / 100 * (sheet.width - SHEET_TILE)
        top = float(match["y"]) / 100 * (sheet.height - SHEET_TILE)
        found[match["name"]] = (round(left), round(top))
    return found


def test_every_tile_is_where_its_class_puts_it(sheet):
    found = places(sheet)
    assert set(found) == set(TILES)
    for name, (left, top) in found.items():
        shown = sheet.crop((left, top, left + SHEET_TILE, top + SHEET_TILE))
        drawn = tile_image(name, SHEET_TILE, 0).convert("RGB")
        difference = ImageStat.Stat(ImageChops.difference(shown, drawn)).mean
        assert max(difference) < 8, (name, difference)  # lossy, but this tile, not a neighbour


def test_each_tile_is_framed_by_its_own_edge(sheet):
    left, top = places(sheet)["K"]
    assert SHEET_GUTTER >= 1
    outside = sheet.crop((left - SHEET_GUTTER, top, left, top + SHEET_TILE))
    edge = sheet.crop((left, top, left + 1, top + SHEET_TILE)).resize(outside.size)
    assert max(ImageStat.Stat(ImageChops.difference(outside, edge)).mean) < 6


def test_the_sheet_is_light_enough_for_a_phone():
    assert len((STATIC / SHEET_FILE).read_bytes()) < 170 * 1024
    assert Image.open(io.BytesIO((STATIC / SHEET_FILE).read_bytes())).format == "WEBP"
