"""The Chinese chapters and catalogues keep what native readers corrected (issue 17).

Each test reads the files from disk: the chapters' Markdown and TOML under tutorial/content/zh-*
and the UI catalogues under locale/zh_*/LC_MESSAGES/django.po.
"""

import difflib
import re
import tomllib
from pathlib import Path

import pytest

from tutorial import content

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {"zh-hant": "zh_Hant", "zh-hans": "zh_Hans"}
HAN = "\u3400-\u4dbf\u4e00-\u9fff"


# -- reading the files ----------------------------------------------------------------------------


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _prose(markdown_text: str) -> list[str]:
    """The lines of a chapter as a reader sees them: no link targets, no definition-list marks."""
    lines = []
    for line in markdown_text.splitlines():
        line = re.sub(r"\]\([^)]*\)", "]", line)
        line = re.sub(r"^:\s+", "", line)
        lines.append(line)
    return lines


def content_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every line of prose and every string of the TOML files of ``lang``."""
    texts = []
    for path in sorted((content.CONTENT / lang).glob("*.md")):
        meta, body = content._split_front_matter(path.read_text("utf-8"))
        texts += [(f"{path.name} {key}", value) for key, value in meta.items()]
        texts += [(f"{path.name}:{n}", line) for n, line in enumerate(_prose(body), 1) if line.strip()]
    for path in sorted((content.CONTENT / lang).glob("*.toml")):
        with path.open("rb") as handle:
            texts += [(path.name, text) for text in _strings(tomllib.load(handle))]
    return texts


def _unquote(quoted: str) -> str:
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m[1], m[0]), quoted[1:-1])


def catalogue(lang: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) for every translation of ``lang``'s catalogue, each plural form apart."""
    path = ROOT / "locale" / LOCALES[lang] / "LC_MESSAGES" / "django.po"
    try:
        import polib
    except ImportError:
        polib = None
    if polib is not None:
        pairs = []
        for entry in polib.pofile(str(path)):
            if entry.obsolete or not entry.msgid:
                continue
            forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
            pairs += [(entry.msgid, form) for form in forms]
        return pairs
    entries: list[dict[str, str]] = []
    key = None
    for line in path.read_text("utf-8").splitlines():
        match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$', line)
        if match:
            key = match[1]
            starts_entry = not entries or any(k.startswith("msgstr") for k in entries[-1])
            if key in ("msgctxt", "msgid") and starts_entry:
                entries.append({})
            entries[-1][key] = _unquote(match[2])
        elif line.startswith('"') and key:
            entries[-1][key] += _unquote(line)
        else:
            key = None
    return [
        (entry["msgid"], text)
        for entry in entries
        if entry.get("msgid")
        for name, text in entry.items()
        if name.startswith("msgstr")
    ]


def everything(lang: str) -> list[tuple[str, str]]:
    """Chapters and catalogue together: (where, text)."""
    translations = [(f"{LOCALES[lang]} msgid {msgid!r}", text) for msgid, text in catalogue(lang)]
    return content_texts(lang) + translations


def chinese(texts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(where, text) for where, text in texts if re.search(f"[{HAN}]", text)]


# -- 城牆 is the edge of a city, not a city edge --------------------------------------------------

WALLED_CITY_EDGES = re.compile(
    r"四[面邊边]都是城[牆墙]"  # the cathedral tile, the one base tile with city on all four edges
    r"|城[牆墙][對对]城[牆墙]|城[牆墙]那一[邊边]只能[貼贴]城[牆墙]"  # edges that must match
)


@pytest.mark.parametrize("lang", LOCALES)
def test_a_tile_with_city_on_every_edge_is_not_called_walled(lang):
    """Our chapters finish a city when its walls close it, so a tile whose four edges are all city
    is 四邊都是城區 / 四面都是城堡, and edges match city to city, not wall to wall."""
    wrong = [(where, text) for where, text in everything(lang) if WALLED_CITY_EDGES.search(text)]
    assert not wrong


# -- 佔 in Traditional Chinese -------------------------------------------------------------------


def test_traditional_chinese_writes_zhan_with_the_person_radical():
    wrong = [(where, text) for where, text in everything("zh-hant") if "占" in text]
    assert not wrong, "zh-hant writes 佔 (zh-hans keeps 占)"


# -- punctuation and spacing ----------------------------------------------------------------------

_HALF_WIDTH_OR_SPACED = re.compile(rf".{{0,8}}(?::\s|[{HAN}]:|:[{HAN}]|[。！？；：，、][ \t\u3000]).{{0,8}}")


def punctuation_mistakes(text: str) -> list[str]:
    """A half-width colon in a Chinese sentence, or a space after a full-width stop or colon."""
    return _HALF_WIDTH_OR_SPACED.findall(text)


def test_the_punctuation_check_finds_what_the_readers_found():
    assert punctuation_mistakes("不太對。 再看一次，重新試試。")
    assert punctuation_mistakes("完成的道路: 有旅館的道路")
    assert punctuation_mistakes("完成的道路:有旅館的道路")
    assert not punctuation_mistakes("完成的道路：有旅館的道路。再看一次。")
    assert not punctuation_mistakes("格子 {x}, {y}：這片版塊可以放這裡")


@pytest.mark.parametrize("lang", LOCALES)
def test_chinese_sentences_use_full_width_colons_and_no_space_after_a_stop(lang):
    texts = chinese(everything(lang))
    assert not [(where, found) for where, text in texts for found in punctuation_mistakes(text)]


NUMERIC_PLACEHOLDERS = [
    *("abbot", "answer", "at_x", "at_y", "bonus", "cities", "column", "count", "degrees", "each"),
    *("limit", "line", "lap", "max", "meeples", "min", "n", "neighbours", "number", "pennants"),
    *("points", "read", "rotation", "shown", "square", "tile", "tiles", "total", "turn", "x", "y"),
]
"""The catalogues' placeholders that stand for a number (or a tile's Latin code): written with a
space each side, like a digit. {player}, {feature} and the like are Chinese words and stay tight."""

_CATALOGUE_NUMBER = "|".join(
    [r"[0-9]+"]
    + [rf"\{{{name}\}}" for name in NUMERIC_PLACEHOLDERS]
    + [rf"%\({name}\)[sd]" for name in NUMERIC_PLACEHOLDERS]
)
_CONTENT_NUMBER = r"[0-9]+|\{[a-z0-9_]+\}"  # every placeholder of the captions is a number


def tight_numbers(text: str, number: str) -> list[str]:
    return re.findall(rf"[{HAN}](?:{number})|(?:{number})[{HAN}]", text)


def test_the_spacing_check_knows_a_number_from_a_name():
    assert tight_numbers("得8分", _CATALOGUE_NUMBER) and tight_numbers("得{points}分", _CATALOGUE_NUMBER)
    assert not tight_numbers("得 8 分", _CATALOGUE_NUMBER)
    assert not tight_numbers("{player}在{feature}上", _CATALOGUE_NUMBER)


@pytest.mark.parametrize("lang", LOCALES)
def test_numbers_have_a_space_each_side_in_chapters_and_catalogue(lang):
    """One style for both languages and both kinds of file: 得到 8 分, 第 {number} 片."""
    wrong = [(where, text) for where, text in content_texts(lang) if tight_numbers(text, _CONTENT_NUMBER)]
    wrong += [(msgid, text) for msgid, text in catalogue(lang) if tight_numbers(text, _CATALOGUE_NUMBER)]
    assert not wrong


# -- the builder ----------------------------------------------------------------------------------

BUILDER_BAN = re.compile(
    r"不能放在這片版塊\**當場就完成|\**當場就完成\**的道路或城堡上|就不能放建筑师|不能放建築師|建築師不能放在|建筑师不能放在"
)
ENGINE_BUILDER_MESSAGE = "A builder cannot go on a {feature} that this tile completes."
"""The scorer still raises this (scorer/engine/errors.py); its translation says what the msgid says."""


@pytest.mark.parametrize("lang", LOCALES)
def test_no_rule_keeps_a_builder_off_a_feature_its_tile_completes(lang):
    texts = content_texts(lang)
    texts += [(msgid, text) for msgid, text in catalogue(lang) if msgid != ENGINE_BUILDER_MESSAGE]
    assert not [(where, text) for where, text in texts if BUILDER_BAN.search(text)]
    chapter = (content.CONTENT / lang / "traders-builders.md").read_text("utf-8")
    assert re.search("照[樣样]可以放", chapter), "the chapter says such a builder is legal, only pointless"


# -- the pig under older farm rules ---------------------------------------------------------------

OUR_READING = {"zh-hant": "本站自己的解讀", "zh-hans": "本站自己的解读"}
PIG = re.compile("小[豬猪]")
OLDER_FARMS = re.compile("第[一二]版|[舊旧]版")


def _units(lang: str) -> list[tuple[str, str]]:
    """Sections of the chapters (glossary: entries) and catalogue strings, each read on its own."""
    units = []
    for path in sorted((content.CONTENT / lang).glob("*.md")):
        _, body = content._split_front_matter(path.read_text("utf-8"))
        pieces = re.split(r"\n\s*\n", body) if path.stem == content.GLOSSARY else re.split(r"\n(?=## )", body)
        units += [(path.name, piece) for piece in pieces]
    for path in sorted((content.CONTENT / lang).glob("*.toml")):
        with path.open("rb") as handle:
            units += [(path.name, text) for text in _strings(tomllib.load(handle))]
    return units + [(msgid, text) for msgid, text in catalogue(lang)]


@pytest.mark.parametrize("lang", LOCALES)
def test_the_older_edition_pig_is_given_as_this_sites_reading(lang):
    """The rulebooks give only the current pig (4 instead of 3); the 2nd- and 1st-edition pig are
    this site's reading for groups on older farm rules, and wherever they appear we say so."""
    older = [(where, text) for where, text in _units(lang) if PIG.search(text) and OLDER_FARMS.search(text)]
    assert [where for where, _ in older if where == "traders-builders.md"], "the chapter still gives them"
    assert not [(where, text) for where, text in older if OUR_READING[lang] not in text]
    chapter = dict(older)["traders-builders.md"]
    assert "5 分" in chapter and "4 分" in chapter


# -- quizzes are not introduced by their own question ---------------------------------------------


def _plain(text: str) -> str:
    return re.sub(r"[\s*，。：；！？、「」“”（）]", "", text)


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("slug", content.CHAPTERS)
def test_a_chapter_does_not_repeat_the_question_of_a_quiz_it_embeds(lang, slug):
    """The quiz shows its question (quizzes.toml) as its own heading: a paragraph before it that
    says the same shows it twice."""
    _, body = content._split_front_matter((content.CONTENT / lang / f"{slug}.md").read_text("utf-8"))
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
    for i, paragraph in enumerate(paragraphs):
        marker = re.fullmatch(r"\[\[quiz ([a-z0-9-]+)\]\]", paragraph)
        if not marker:
            continue
        question = _plain(content.quiz_text(lang, marker[1])["question"])
        assert question not in _plain(body), marker[1]
        before = _plain(paragraphs[i - 1])
        assert difflib.SequenceMatcher(None, before, question).ratio() < 0.5, (marker[1], paragraphs[i - 1])


# -- 人偶 and 大米寶 -------------------------------------------------------------------------------


def test_traditional_chinese_ties_the_big_meeple_to_its_word_for_a_meeple():
    """zh-hant calls a meeple 人偶 and the big meeple 大米寶: where the meeple is first introduced
    and in the glossary, it says players call the 人偶 米寶; no other word for the big one."""
    meeple = next(term for term in content.glossary("zh-hant") if "人偶" in term.words)
    assert "米寶" in meeple.words, "the glossary's 人偶 entry names it 米寶 as well"
    chapters = [(content.CONTENT / "zh-hant" / f"{slug}.md").read_text("utf-8") for slug in content.CHAPTERS]
    assert "「米寶」" in next(text for text in chapters if "人偶" in text)
    assert re.search("(?<!大)米寶", next(text for text in chapters if "大米寶" in text))
    assert not [(where, text) for where, text in everything("zh-hant") if "大人偶" in text]
    words = dict(catalogue("zh-hant"))
    assert (words["meeple"], words["big meeple"]) == ("人偶", "大米寶")
