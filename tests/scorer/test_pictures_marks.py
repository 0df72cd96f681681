"""Players' marks on the board pictures in the player's own script: Persian, Chinese and Latin
initials drawn with a font that has their glyphs, never missing-glyph boxes."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageFont, features

from scorer.engine import FeatureKind, FigureKind
from scorer.engine.game import Game
from scorer.engine.simulate import random_game
from scorer.render import palette as P
from scorer.render.board_image import meeple_sprite, render_board
from scorer.render.fields_image import render_fields
from scorer.render.lettering import drawable_marks, face_for, label_font
from scorer.render.raster import font as latin_font

NAMES = ("مینا", "小明", "Anna")
MARKS = ("م", "小", "A")
NO_FONT_HAS_IT = "\U0010fffc"
"""A private-use code point: no font on any machine draws it."""


def _drawn(typeface: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> tuple:
    mask = typeface.getmask(text)
    return mask.size, bytes(mask)


def _differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None


@pytest.fixture(scope="module")
def game() -> Game:
    game = random_game(random.Random(3), list(NAMES), meeple_chance=0.9, max_tiles=30)
    assert {f.player for f in game.figures} == {0, 1, 2}, "every player has a figure on the board"
    return game


@pytest.mark.parametrize("mark", MARKS)
def test_each_mark_is_written_in_a_font_that_has_its_glyph(mark: str) -> None:
    typeface = label_font(48, mark)
    assert _drawn(typeface, mark) != _drawn(typeface, NO_FONT_HAS_IT), "drawn as the missing-glyph box"
    left, top, right, bottom = typeface.getbbox(mark)
    assert right - left > 10 and bottom - top > 10


def test_persian_and_chinese_marks_need_another_font_than_the_latin_one() -> None:
    latin = latin_font(48)
    for mark in ("م", "小"):
        assert _drawn(latin, mark) == _drawn(latin, NO_FONT_HAS_IT), f"the Latin font has {mark!r}"
        assert label_font(48, mark).path != latin.path
    assert label_font(48, "A").path == latin.path


@pytest.mark.skipif(not features.check("raqm"), reason="Persian is shaped by Raqm where it is installed")
def test_persian_is_shaped_joined_letters_are_narrower_than_the_letters_alone() -> None:
    typeface = label_font(48, "مینا")
    assert typeface.layout_engine == ImageFont.Layout.RAQM
    alone = sum(typeface.getlength(letter) for letter in "مینا")
    assert typeface.getlength("مینا") < alone


@pytest.mark.parametrize(("colour", "mark"), list(zip(P.DEFAULT_PLAYERS, MARKS, strict=False)))
def test_the_mark_shows_on_the_figure(colour: str, mark: str) -> None:
    rgb = P.PLAYER_COLOURS[colour]
    marked = meeple_sprite(rgb, mark, False, 96, kind=FigureKind.MEEPLE)
    blank = meeple_sprite(rgb, "", False, 96, kind=FigureKind.MEEPLE)
    boxed = meeple_sprite(rgb, NO_FONT_HAS_IT, False, 96, kind=FigureKind.MEEPLE)
    assert _differs(marked, blank), "the mark leaves the figure blank"
    assert _differs(marked, boxed), "the mark is drawn as an empty box"


def test_the_board_and_the_fields_pictures_write_every_player_s_mark(game: Game) -> None:
    board = render_board(game, tile_size=64)
    assert _differs(board, render_board(game, tile_size=64, marks=["", "", ""]))
    for player in range(3):
        others_blank = [m if i == player else "" for i, m in enumerate(MARKS)]
        alone = render_board(game, tile_size=64, marks=others_blank)
        assert _differs(alone, render_board(game, tile_size=64, marks=["", "", ""])), NAMES[player]
    kinds = [game.board.tiles[f.square].tile.features[f.index].kind for f in game.figures]
    assert FeatureKind.FIELD in kinds, "a farmer, whom the fields picture draws"
    assert _differs(render_fields(game, tile_size=64), render_fields(game, tile_size=64, marks=["", "", ""]))


def test_the_default_marks_are_the_players_initials(game: Game) -> None:
    assert not _differs(render_board(game, tile_size=48), render_board(game, tile_size=48, marks=list(MARKS)))


def test_a_mark_no_font_can_write_falls_back_to_every_player_s_number(game: Game) -> None:
    assert face_for(NO_FONT_HAS_IT) is None
    assert drawable_marks([NO_FONT_HAS_IT, "B", "C"]) == ["1", "2", "3"]
    assert drawable_marks(list(MARKS)) == list(MARKS)
    odd = render_board(game, tile_size=48, marks=[NO_FONT_HAS_IT, "B", "C"])
    assert not _differs(odd, render_board(game, tile_size=48, marks=["1", "2", "3"]))
