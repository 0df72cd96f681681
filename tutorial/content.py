"""The tutor's prose: per-language Markdown chapters with the same file names in every language.

A chapter file is front matter (``title``, ``summary``) and Markdown. Lines ``[[example SLUG]]``
and ``[[quiz SLUG]]`` mark where an animated example or a quiz goes; :func:`chapter` returns the
rendered HTML split into pieces around them so the template can put the widgets in between.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown

CONTENT = Path(__file__).resolve().parent / "content"

CHAPTERS: tuple[str, ...] = (
    "overview",
    "turn",
    "placing-tiles",
    "placing-meeples",
    "roads",
    "cities",
    "cloisters",
    "sharing",
    "game-end",
    "farms",
    "river",
    "abbot",
    "inns-cathedrals",
    "traders-builders",
    "tips",
    "editions",
    "glossary",
)

MARKER = re.compile(r"^\[\[(example|quiz|practice) ([a-z0-9-]+)\]\]$", re.MULTILINE)


@dataclass(frozen=True)
class Piece:
    """Either a stretch of rendered HTML or an embedded widget."""

    html: str = ""
    kind: str = ""
    slug: str = ""


@dataclass(frozen=True)
class Chapter:
    slug: str
    number: int
    title: str
    summary: str
    pieces: tuple[Piece, ...]

    @property
    def widgets(self) -> list[Piece]:
        return [p for p in self.pieces if p.kind]


def _split_front_matter(text: str) -> tuple[dict[str, str], str]:
    meta: dict[str, str] = {}
    if text.startswith("---"):
        _, head, body = text.split("---", 2)
        for line in head.strip().splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
        return meta, body
    return meta, text


def _render(markdown_text: str) -> str:
    return markdown.markdown(
        markdown_text,
        extensions=["def_list", "tables", "sane_lists", "attr_list", "toc"],
        extension_configs={"toc": {"permalink": False, "slugify": _slug_heading}},
        output_format="html",
    )


def _slug_heading(value: str, separator: str) -> str:
    # Headings in Chinese or Persian have no ASCII letters; keep their own characters.
    slug = re.sub(r"[^\w\s-]", "", value, flags=re.UNICODE).strip().lower()
    return re.sub(r"[\s_-]+", separator, slug) or "section"


@cache
def chapter(language: str, slug: str) -> Chapter:
    """Chapter ``slug`` in ``language``; raises ``LookupError`` if there is none."""
    if slug not in CHAPTERS:
        raise LookupError(slug)
    path = CONTENT / language / f"{slug}.md"
    if not path.is_file():
        raise LookupError(f"{language}/{slug}")
    meta, body = _split_front_matter(path.read_text(encoding="utf-8"))
    pieces: list[Piece] = []
    cursor = 0
    for match in MARKER.finditer(body):
        pieces.append(Piece(html=_render(body[cursor : match.start()])))
        pieces.append(Piece(kind=match[1], slug=match[2]))
        cursor = match.end()
    pieces.append(Piece(html=_render(body[cursor:])))
    return Chapter(
        slug=slug,
        number=CHAPTERS.index(slug) + 1,
        title=meta.get("title", slug),
        summary=meta.get("summary", ""),
        pieces=tuple(p for p in pieces if p.kind or p.html.strip()),
    )


def available(language: str) -> list[Chapter]:
    return [chapter(language, slug) for slug in CHAPTERS if (CONTENT / language / f"{slug}.md").is_file()]


@cache
def _table(language: str, name: str) -> dict:
    path = CONTENT / language / f"{name}.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def captions(language: str, slug: str) -> dict:
    """Title and captions of example ``slug`` in ``language``, falling back to English."""
    return _table(language, "examples").get(slug) or _table("en", "examples").get(slug, {})


def quiz_text(language: str, slug: str) -> dict:
    return _table(language, "quizzes").get(slug) or _table("en", "quizzes").get(slug, {})
