"""Fonts for what is written on a board picture (players' marks, tile numbers) in any script.

A player named «مینا», 「小明」 or "Anna" gets their initial drawn in a font that has it: the first
of our usual bold faces that draws every character, else any font fontconfig knows to cover it.
Whether a face has a character is asked of the face itself (does it draw something other than its
missing-glyph box?), so a font that is missing or lacks a script is skipped, never drawn as boxes.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

from .raster import font

_FACES = (
    ("/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf", 0),
    ("/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf", 0),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 3),  # 3: Traditional Chinese
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 0),
)
"""Latin (with Greek and Cyrillic), Persian letters and digits, Chinese characters, then a wide net."""

_NO_SUCH_CHARACTER = "\U0010fffd"
"""A private-use code point: what a face draws for it is what it draws for a character it lacks."""

_LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
"""Raqm joins Persian letters and orders right-to-left text; the basic layout is all that is left
without it."""

Face = tuple[str, int]


@lru_cache(maxsize=128)
def _font(face: Face, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(face[0], pixels, index=face[1], layout_engine=_LAYOUT)


def _drawn(typeface: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    mask = typeface.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(face: Face, character: str) -> bool:
    """Whether ``face`` draws ``character`` as itself rather than as its missing-glyph box."""
    if not Path(face[0]).is_file():
        return False
    probe = _font(face, 32)
    return _drawn(probe, character) != _drawn(probe, _NO_SUCH_CHARACTER)


@lru_cache(maxsize=256)
def _fontconfig_faces(character: str) -> tuple[Face, ...]:
    """Fonts fontconfig says cover ``character``, bold ones first; none if fontconfig is absent."""
    try:
        listing = subprocess.run(
            ["fc-list", "-f", "%{file}\t%{index}\t%{style}\n", f":charset={ord(character):x}"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    found = []
    for line in listing.splitlines():
        path, index, style = [*line.split("\t"), "", ""][:3]
        if path.lower().endswith((".ttf", ".otf", ".ttc")) and index.isdigit():
            found.append(("bold" not in style.lower(), path, int(index)))
    return tuple((path, index) for _, path, index in sorted(found))


@lru_cache(maxsize=512)
def face_for(text: str) -> Face | None:
    """The first face that draws every character of ``text``, or ``None`` if no font on the
    machine does."""
    characters = [c for c in dict.fromkeys(text) if not c.isspace()]
    for face in _FACES:
        if all(has_glyph(face, c) for c in characters):
            return face
    for face in _fontconfig_faces(characters[0]) if characters else ():
        if all(has_glyph(face, c) for c in characters):
            return face
    return None


def label_font(pixels: int, text: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A bold font ``pixels`` high that can write ``text`` (a figure's mark, a tile number)."""
    face = face_for(text)
    return _font(face, pixels) if face is not None else font(pixels)


def drawable_marks(marks: Sequence[str]) -> list[str]:
    """``marks`` if some font can write every one of them, else the players' numbers from 1, so that
    nobody's figures carry empty boxes (numbers for all, as :func:`scorer.board_layer.players.marks_for` does
    when initials would not tell players apart)."""
    if all(face_for(mark) is not None for mark in marks if mark.strip()):
        return list(marks)
    return [str(i + 1) for i in range(len(marks))]
