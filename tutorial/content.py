"""The tutor's prose: per-language Markdown chapters with the same file names in every language.

A chapter file is front matter (``title``, ``summary``) and Markdown. Lines ``[[example SLUG]]``
and ``[[quiz SLUG]]`` mark where an animated example or a quiz goes; :func:`chapter` returns the
rendered HTML split into pieces around them so the template can put the widgets in between.

The first time a chapter uses a word of the glossary, the word links to its entry with the
entry's first sentence as a tooltip (:func:`glossary`). Pages outside the chapter sequence (the
common mistakes, the one-page summary) are read with :func:`page`.
"""

from __future__ import annotations

import html
import re
import tomllib
from dataclasses import dataclass, replace
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
    "tower",
    "princess-dragon",
    "count",
    "tips",
    "editions",
    "glossary",
)

PAGES: tuple[str, ...] = ("mistakes", "summary")
"""Content files that are not chapters: they have their own pages and stay out of the sequence."""

GLOSSARY = "glossary"

MARKER = re.compile(r"^\[\[(example|quiz|practice) ([a-z0-9-]+)\]\]$", re.MULTILINE)


@dataclass(frozen=True)
class Piece:
    """Either a stretch of rendered HTML or an embedded widget."""

    html: str = ""
    kind: str = ""
    slug: str = ""

    @property
    def key(self) -> str:
        """Unique in a chapter: a quiz and a practice board may share a slug (river-turn)."""
        return f"{self.kind}:{self.slug}"


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
    return _read(language, slug, number=CHAPTERS.index(slug) + 1, terms=slug != GLOSSARY)


@cache
def page(language: str, slug: str, *, terms: bool = True) -> Chapter:
    """Page ``slug`` of :data:`PAGES` in ``language`` (``number`` 0: it is not a chapter);
    ``terms`` links glossary words as in the chapters."""
    if slug not in PAGES:
        raise LookupError(slug)
    return _read(language, slug, number=0, terms=terms)


def _read(language: str, slug: str, *, number: int, terms: bool) -> Chapter:
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
    if slug == GLOSSARY:
        pieces = [replace(p, html=_name_entries(language, p.html)) for p in pieces]
    elif terms:
        linker = _TermLinker(glossary(language))
        pieces = [replace(p, html=linker.link(p.html)) if p.html else p for p in pieces]
    return Chapter(
        slug=slug,
        number=number,
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


# -- the glossary, and its words linked in the chapters ------------------------------------------


@dataclass(frozen=True)
class Term:
    """One glossary entry: the words that name it in the prose, its anchor and its tooltip."""

    headword: str
    anchor: str
    words: tuple[str, ...]
    tip: str
    ambiguous: bool = False
    """The word has another common sense: it is linked only where the prose sets it alone in
    bold, as the chapters do where they introduce a term."""


AMBIGUOUS = {
    # "turn the tile", "the river would loop back", "piles everyone can reach", "a tile counts once"
    "en": {"turn", "loop", "reach", "count"},
    "fa": {"دور", "دیر", "کامل"},  # also "around", "late", "full"
    "zh-hant": {"繞圈"},  # a road that loops, as often as a lap of the score track
}
"""Glossary words too common in another sense to be linked wherever they first appear."""

_DEFINITION = re.compile(r"^(?P<term>[^\s:][^\n]*)\n:\s+(?P<text>[^\n]+)", re.MULTILINE)
_ALIASES = re.compile(r"^(?P<main>[^（(]+)[（(](?P<aliases>[^）)]+)[）)]\s*$")
_MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_SENTENCE_END = {
    "en": re.compile(r"(?<=[.!?])\s"),
    "fa": re.compile(r"(?<=[.!?؟])\s"),
    "zh": re.compile(r"(?<=[。！？])"),
}


def _family(language: str) -> str:
    return "zh" if language.startswith("zh") else language


def _first_sentence(language: str, markdown_text: str) -> str:
    plain = _MARKDOWN_LINK.sub(r"\1", markdown_text).replace("**", "").replace("*", "")
    end = _SENTENCE_END.get(_family(language), _SENTENCE_END["en"]).search(plain)
    return (plain[: end.start()] if end else plain).strip()


def _english_forms(word: str) -> list[str]:
    """A word and its plural: the chapters say "cities" where the glossary says "City"."""
    if re.search(r"[^aeiou]y$", word):
        plural = word[:-1] + "ies"
    elif word.endswith("f"):
        plural = word[:-1] + "ves"
    elif re.search(r"(s|x|ch|sh)$", word):
        plural = word + "es"
    else:
        plural = word + "s"
    return [word, plural]


def _words(language: str, headword: str) -> tuple[str, ...]:
    """How the prose may name an entry: "城堡（城市）" is 城堡 or 城市; "City" is city or cities."""
    aliases = _ALIASES.match(headword)
    names = [headword]
    if aliases:
        names = [aliases["main"], *re.split(r"[、,，/]", aliases["aliases"])]
    names = [n.strip() for n in names if n.strip()]
    if language == "en":
        names = [form for n in names for form in _english_forms(n.lower())]
    return tuple(dict.fromkeys(names))


@cache
def glossary(language: str) -> tuple[Term, ...]:
    """Every entry of ``language``'s glossary, in the glossary's own order."""
    path = CONTENT / language / f"{GLOSSARY}.md"
    if not path.is_file():
        return ()
    _, body = _split_front_matter(path.read_text(encoding="utf-8"))
    terms: list[Term] = []
    anchors: set[str] = set()
    for match in _DEFINITION.finditer(body):
        headword = match["term"].strip()
        words = _words(language, headword)
        anchor = "term-" + _slug_heading(words[0] if words else headword, "-")
        while anchor in anchors:
            anchor += "-"
        anchors.add(anchor)
        ambiguous = bool(set(w.lower() for w in words) & AMBIGUOUS.get(language, set()))
        terms.append(Term(headword, anchor, words, _first_sentence(language, match["text"]), ambiguous))
    return tuple(terms)


def _name_entries(language: str, rendered: str) -> str:
    """The glossary's ``<dt>`` s with the ids the chapters' links point at."""
    by_headword = {html.escape(t.headword, quote=False): t.anchor for t in glossary(language)}

    def named(match: re.Match) -> str:
        anchor = by_headword.get(match[1].strip())
        return f'<dt id="{anchor}">{match[1]}</dt>' if anchor else match[0]

    return re.sub(r"<dt>(.*?)</dt>", named, rendered)


_TAG = re.compile(r"(<[^>]+>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")
_NOT_LINKED_IN = frozenset({"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "dt", "th"})
"""Elements whose text never gets a glossary link: links already, headings, code, table heads."""

_ARABIC_LETTER = "\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff"
_PERSIAN_ENDING = "(?:\u200c?ها(?:یی|ی)?|یی|ی)?[\u064b-\u065f\u0670]*"
"""What a Persian word may carry after the glossary's form: plurals, the ezafe, diacritics."""


class _TermLinker:
    """Links the first use of each glossary word in one chapter; one instance per chapter, so a
    word linked in one stretch of prose is not linked again after an example."""

    def __init__(self, terms: tuple[Term, ...]):
        self.by_word = {w.lower(): t for t in terms for w in t.words}
        self.done: set[str] = set()
        self.anywhere = self._pattern([w for w, t in self.by_word.items() if not t.ambiguous])
        self.alone_in_bold = self._pattern([w for w, t in self.by_word.items() if t.ambiguous])

    @staticmethod
    def _pattern(words: list[str]) -> re.Pattern | None:
        if not words:
            return None
        words = sorted(words, key=len, reverse=True)
        alternatives = "|".join(re.escape(w) for w in words)
        scripts = {_script(w) for w in words}
        if "arabic" in scripts:
            return re.compile(
                f"(?<![{_ARABIC_LETTER}\u200c])(?P<word>{alternatives}){_PERSIAN_ENDING}(?![{_ARABIC_LETTER}])"
            )
        if "latin" in scripts:
            return re.compile(rf"\b(?P<word>{alternatives})\b", re.IGNORECASE)
        # Chinese has no spaces between words: the longest glossary word at a spot wins.
        return re.compile(f"(?P<word>{alternatives})")

    def link(self, rendered: str) -> str:
        out: list[str] = []
        closed_to_links = bold = 0
        for part in _TAG.split(rendered):
            tag = _TAG_NAME.match(part)
            if tag:
                name, step = tag[2].lower(), -1 if tag[1] else 1
                if name in _NOT_LINKED_IN:
                    closed_to_links += step
                elif name in ("strong", "b"):
                    bold += step
                out.append(part)
                continue
            alone = self.alone_in_bold
            if closed_to_links > 0 or not part.strip():
                out.append(part)
            elif bold > 0 and alone is not None and alone.fullmatch(part.strip()):
                out.append(alone.sub(self._anchor, part))
            elif self.anywhere is not None:
                out.append(self.anywhere.sub(self._anchor, part))
            else:
                out.append(part)
        return "".join(out)

    def _anchor(self, match: re.Match) -> str:
        term = self.by_word[match["word"].lower()]
        if term.anchor in self.done:
            return match[0]
        self.done.add(term.anchor)
        tip = html.escape(term.tip, quote=True)
        return f'<a class="term" href="../{GLOSSARY}/#{term.anchor}" title="{tip}">{match[0]}</a>'


def _script(word: str) -> str:
    if re.search(f"[{_ARABIC_LETTER}]", word):
        return "arabic"
    if re.search("[a-zA-Z]", word):
        return "latin"
    return "han"
