"""Mistakes native readers found in the English and Persian tutor (issue 17), kept from coming back.

Everything here reads the content files and the Persian UI catalogue from disk:

- no rule forbids the builder on a road or city that its own tile completes (it is legal, only
  pointless), so no chapter may say it is forbidden;
- the rulebooks give the pig only with the current (3rd-edition) farms: wherever the pig is
  described under 1st- or 2nd-edition farms, the text says that reading is this site's own;
- the Persian abbot is «سرراهب», never «راهب بزرگ» (read as the big meeple standing as a monk),
  and the cathedral has one name, the catalogue's «کلیسای جامع»;
- no Persian content file shares a run of eight words with the Persian rules page among the seeds
  (the seeds give facts, never sentences);
- a quiz shows its own question, so the chapter does not say it again just before.

The builder check leaves the catalogue alone: the engine's own refusal ("A builder cannot go on a
{feature} that this tile completes.") is translated there as it stands in the code.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "tutorial" / "content"
CATALOGUE = ROOT / "locale" / "fa" / "LC_MESSAGES" / "django.po"
SEED = ROOT.parent / "shared" / "seeds" / "fa-rules-page.txt"
"""CI lays the shared material out at ``../shared`` beside the repository, as on this machine."""

LANGUAGES = ("en", "fa")
ZWNJ = "\u200c"


def _files(language: str) -> list[Path]:
    return sorted(p for p in (CONTENT / language).iterdir() if p.suffix in (".md", ".toml"))


def _ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.name}/{p.name}" for p in paths]


CONTENT_FILES = [p for language in LANGUAGES for p in _files(language)]
FA_FILES = _files("fa")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# -- the catalogue ---------------------------------------------------------------------------


@cache
def _catalogue() -> list[dict]:
    """Every entry of the fa catalogue: ``msgctxt``, ``msgid`` and its translations, one string
    each (the catalogue's wrapped lines joined), read with polib when it is installed."""
    try:
        import polib
    except ImportError:
        return _parse_po(_text(CATALOGUE))
    entries = []
    for entry in polib.pofile(str(CATALOGUE)):
        strings = [entry.msgstr] if entry.msgstr else []
        strings += [entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)]
        entries.append({"msgctxt": entry.msgctxt or "", "msgid": entry.msgid, "msgstr": strings})
    return entries


def _parse_po(text: str) -> list[dict]:
    entries: list[dict] = []
    current: dict = {}
    key = ""

    def close():
        if current.get("msgid") is not None or current.get("msgstr"):
            entries.append(
                {
                    "msgctxt": current.get("msgctxt", ""),
                    "msgid": current.get("msgid", ""),
                    "msgstr": [s for s in current.get("msgstr", []) if s],
                }
            )

    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and current:
                close()
                current, key = {}, ""
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
        if match:
            key, value = match[1], ast.literal_eval(match[2])
            if key.startswith("msgstr"):
                current.setdefault("msgstr", []).append(value)
            elif key == "msgid_plural":
                current["msgid_plural"] = value
            else:
                current[key] = value
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if key.startswith("msgstr"):
                current["msgstr"][-1] += value
            elif key:
                current[key] += value
    if current:
        close()
    return entries


def _translations() -> list[str]:
    return [s for entry in _catalogue() for s in entry["msgstr"]]


def _translation(msgctxt: str, msgid: str) -> str:
    found = [e["msgstr"][0] for e in _catalogue() if e["msgctxt"] == msgctxt and e["msgid"] == msgid]
    assert found, f"no {msgctxt}|{msgid} in {CATALOGUE}"
    return found[0]


# -- 1. the builder ------------------------------------------------------------------------------

BUILDER = {"en": re.compile(r"\bbuilders?\b", re.IGNORECASE), "fa": re.compile("معمار")}
COMPLETES = {"en": re.compile(r"\bcomplet", re.IGNORECASE), "fa": re.compile("کامل")}
FORBIDDEN = {
    "en": re.compile(
        r"\b(may not|must not|cannot|can't|can not|not allowed|not permitted|forbidden)\b", re.IGNORECASE
    ),
    "fa": re.compile(f"نمی[{ZWNJ} ]?(?:شود|توان|تواند|توانید|گذارید)|نباید|مجاز نیست|ممنوع|اجازه ندارد"),
}
_CLAUSE = re.compile(r"(?<=[.!?؟;؛])\s+|\n")
"""Sentences, and the halves of a sentence a semicolon joins."""


def _paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


@pytest.mark.parametrize("path", CONTENT_FILES, ids=_ids(CONTENT_FILES))
def test_no_rule_keeps_the_builder_off_a_feature_its_tile_completes(path):
    """The rulebook asks only for a meeple of the builder's owner on the road or city."""
    language = path.parent.name
    wrong = [
        sentence.strip()
        for paragraph in _paragraphs(_text(path))
        if BUILDER[language].search(paragraph)
        for sentence in _CLAUSE.split(paragraph)
        if FORBIDDEN[language].search(sentence) and COMPLETES[language].search(sentence)
    ]
    assert not wrong, f"{path.name} forbids the builder on a feature its tile completes: {wrong}"


# -- 2. the pig under older farm rules ---------------------------------------------------------------

PIG = {"en": re.compile(r"\bpigs?\b", re.IGNORECASE), "fa": re.compile("خوک")}
OLDER_FARMS = {
    "en": re.compile(
        r"\b(?:1st|2nd|first|second)\b[^.\n]{0,40}?\bedition|\bolder (?:farm )?rules", re.IGNORECASE
    ),
    "fa": re.compile(f"ویرایش(?:{ZWNJ}?های)?\\s+(?:اول|دوم|قدیمی)|روش قدیم|قاعدهٔ قدیمی"),
}
OWN_READING = {"en": "this site's own reading", "fa": "برداشت خود این سایت"}
"""How the text says a reading is ours; the tests look for these words."""


def _units(path: Path) -> list[str]:
    """Stretches of text that speak about one thing: a section of a chapter, a glossary entry,
    a table of a TOML file."""
    text = _text(path)
    if path.suffix == ".toml":
        return re.split(r"^(?=\[)", text, flags=re.MULTILINE)
    sections = re.split(r"^(?=#{1,6} )", text, flags=re.MULTILINE)
    if path.stem == "glossary":
        return [entry for section in sections for entry in _paragraphs(section)]
    return sections


@pytest.mark.parametrize("path", CONTENT_FILES, ids=_ids(CONTENT_FILES))
def test_the_pig_under_older_farms_is_called_this_sites_reading(path):
    language = path.parent.name
    unmarked = [
        unit.strip()[:80]
        for unit in _units(path)
        if PIG[language].search(unit)
        and OLDER_FARMS[language].search(unit)
        and OWN_READING[language] not in unit
    ]
    assert not unmarked, (
        f"{path.name} gives the pig under 1st- or 2nd-edition farms without saying it is "
        f"{OWN_READING[language]!r}: {unmarked}"
    )


# -- 3. the quiz's question, said once -------------------------------------------------------------

MARKER = re.compile(r"^\[\[(example|quiz|practice) ([a-z0-9-]+)\]\]$", re.MULTILINE)


def _plain(text: str) -> str:
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text).replace("**", "").replace("*", "")
    return re.sub(r"\s+", " ", text.replace(ZWNJ, "")).strip()


def _chapters_with_quizzes() -> list[Path]:
    return [
        p for language in LANGUAGES for p in _files(language) if p.suffix == ".md" and "[[quiz " in _text(p)
    ]


QUIZ_CHAPTERS = _chapters_with_quizzes()


def _questions(language: str) -> dict[str, str]:
    with (CONTENT / language / "quizzes.toml").open("rb") as handle:
        return {slug: table["question"] for slug, table in tomllib.load(handle).items()}


@pytest.mark.parametrize("path", QUIZ_CHAPTERS, ids=_ids(QUIZ_CHAPTERS))
def test_the_chapter_does_not_repeat_its_quizzes_questions(path):
    """The quiz shows its question as its heading, right above the board."""
    text = _text(path)
    questions = _questions(path.parent.name)
    slugs = [m[2] for m in MARKER.finditer(text) if m[1] == "quiz"]
    prose = _plain(MARKER.sub("", text))
    first = _plain(questions[slugs[0]])
    assert first not in prose, f"{path.name} repeats the question of its first quiz, {slugs[0]}"
    for slug in slugs:
        assert _plain(questions[slug]) not in prose, f"{path.name} repeats the question of {slug}"


@pytest.mark.parametrize("path", QUIZ_CHAPTERS, ids=_ids(QUIZ_CHAPTERS))
def test_no_question_is_asked_just_before_a_quiz(path):
    """A lead-in that asks something asks the quiz's question a second time, in other words."""
    text = _text(path)
    asked = []
    for match in MARKER.finditer(text):
        if match[1] != "quiz":
            continue
        before = _paragraphs(text[: match.start()])
        last = before[-1].strip() if before else ""
        if last and not last.startswith("#") and not MARKER.fullmatch(last) and last.endswith(("?", "؟")):
            asked.append((match[2], last))
    assert not asked, f"{path.name}: a question right before a quiz: {asked}"


# -- 4. the abbot and the cathedral in Persian -------------------------------------------------------

OLD_ABBOT = re.compile(f"راهب[\\s{ZWNJ}]*بزرگ")
BARE_CATHEDRAL = re.compile(f"کلیسا(?!(?:ی|{ZWNJ}?های)\\s+جامع)")


@pytest.mark.parametrize("path", FA_FILES, ids=_ids(FA_FILES))
def test_the_abbot_is_not_the_big_monk(path):
    found = OLD_ABBOT.findall(_text(path))
    assert not found, f"{path.name} still calls the abbot «راهب بزرگ» ({len(found)} times); it is «سرراهب»"


def test_the_catalogue_has_no_big_monk_either():
    found = [s for s in _translations() if OLD_ABBOT.search(s)]
    assert not found, f"the fa catalogue still says «راهب بزرگ»: {found}"


def test_the_content_names_the_abbot_as_the_interface_does():
    word = _translation("figure", "abbot")
    assert word == "سرراهب"
    glossary = _text(CONTENT / "fa" / "glossary.md")
    assert re.search(f"^{word}\n:", glossary, re.MULTILINE), "the glossary has no entry for the abbot"
    assert word in _text(CONTENT / "fa" / "abbot.md")


@pytest.mark.parametrize("path", FA_FILES, ids=_ids(FA_FILES))
def test_one_word_for_the_cathedral(path):
    """«کلیسای جامع» as in the interface; the bare «کلیسا» (or «شهر کلیسادار») is a second term."""
    text = _text(path)
    bare = [text[max(0, m.start() - 20) : m.end() + 20] for m in BARE_CATHEDRAL.finditer(text)]
    assert not bare, f"{path.name} names the cathedral otherwise than «کلیسای جامع»: {bare}"


def test_the_content_names_the_cathedral_as_the_interface_does():
    assert _translation("tile", "cathedral") == "کلیسای جامع"
    bare = [s for s in _translations() if BARE_CATHEDRAL.search(s)]
    assert not bare, f"the fa catalogue names the cathedral otherwise: {bare}"
    assert "کلیسای جامع" in _text(CONTENT / "fa" / "inns-cathedrals.md")


# -- 5. our own sentences, not the seed's ------------------------------------------------------------

RUN = 8
_MARKS = re.compile("[\u064b-\u065f\u0670\u0640\u200c\u200d\u200e\u200f]")
"""Diacritics (the ezafe's hamza among them), the tatweel, ZWNJ and the other joiners and marks."""


def _words(text: str) -> list[str]:
    text = _MARKS.sub("", text).replace("ي", "ی").replace("ك", "ک")
    return re.sub(r"[^\w\s]", " ", text).split()


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.parametrize("path", FA_FILES, ids=_ids(FA_FILES))
def test_no_run_of_eight_words_shared_with_the_persian_seed(path):
    if not SEED.is_file():
        pytest.skip(
            f"the Persian seed page is not at {SEED}: the shared material is laid out at ../shared "
            "beside the repository, and this checkout has none"
        )
    seed = _runs(_words(_text(SEED)))
    shared = sorted(" ".join(run) for run in _runs(_words(_text(path))) if run in seed)
    assert not shared, f"{path.name} shares runs of {RUN} words with {SEED.name}: {shared}"
