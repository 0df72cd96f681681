"""Finding one's way: glossary words linked in the prose, the compass, chapters read, the tile
reference, the common mistakes and the one-page summary, in every language."""

import html
import re

import pytest
from django.utils import translation

from scorer.board_layer.languages import localize_digits
from scorer.engine import BOX_TILES, TILES, tile_counts
from tests.test_content_security import HANDLER, INLINE_SCRIPT, INLINE_STYLE
from tutorial import content
from tutorial.pages import holds

LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
TERM_LINK = re.compile(r'<a class="term" href="\.\./glossary/#([^"]+)" title="([^"]*)">(.*?)</a>')
CHAPTER_LINK = re.compile(r'href="\.\./([a-z-]+)/"')
NEW_PAGES = ("/{lang}/learn/tiles/", "/{lang}/learn/mistakes/", "/{lang}/learn/summary/")


def prose(language: str, slug: str) -> str:
    return "".join(p.html for p in content.chapter(language, slug).pieces)


# -- glossary words ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_entry_has_an_anchor_and_a_one_sentence_tip(lang):
    terms = content.glossary(lang)
    glossary = prose(lang, "glossary")
    assert len(terms) >= 40
    for term in terms:
        assert f'<dt id="{term.anchor}">' in glossary, term.headword
        assert term.words and term.tip
        assert "](" not in term.tip and "**" not in term.tip
    assert len({t.anchor for t in terms}) == len(terms)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", [s for s in content.CHAPTERS if s != "glossary"])
def test_chapters_link_each_glossary_word_once_to_its_entry(lang, slug):
    terms = {t.anchor: t for t in content.glossary(lang)}
    links = TERM_LINK.findall(prose(lang, slug))
    anchors = [anchor for anchor, _, _ in links]
    assert len(anchors) == len(set(anchors)), "a word linked twice in one chapter"
    for anchor, tip, text in links:
        term = terms[anchor]
        assert html.unescape(tip) == term.tip
        assert any(w in text.lower() for w in term.words), (text, term.words)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_links_words_in_most_chapters(lang):
    linked = [s for s in content.CHAPTERS if s != "glossary" and TERM_LINK.search(prose(lang, s))]
    assert len(linked) >= len(content.CHAPTERS) - 2, set(content.CHAPTERS) - set(linked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_glossary_link_lands_in_a_heading_or_another_link(lang):
    for slug in content.CHAPTERS:
        text = prose(lang, slug)
        for heading in re.findall(r"<h[1-6][^>]*>.*?</h[1-6]>", text, re.S):
            assert 'class="term"' not in heading, (slug, heading)
        for link in re.findall(r"<a (?!class=\"term\")[^>]*>.*?</a>", text, re.S):
            assert 'class="term"' not in link, (slug, link)


def test_the_words_are_found_in_each_language_s_own_forms():
    english = prose("en", "cities")
    assert re.search(r'<a class="term" href="\.\./glossary/#term-city"[^>]*>[Cc]it(y|ies)</a>', english)
    # Persian plurals and the ezafe belong to the word: "شهرها" is linked whole, not "شهر" + "ها".
    persian = prose("fa", "roads")
    assert 'href="../glossary/#term-جاده"' in persian
    assert re.search(r">جاده[^<]*</a>", persian)
    assert not re.search(r"</a>ها", persian)
    # Chinese has no spaces: the longest word wins, so 修道院長 is not linked as 修道院.
    abbot = prose("zh-hant", "abbot")
    assert 'href="../glossary/#term-修道院長"' in abbot
    assert ">修道院</a>長" not in abbot


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_common_in_another_sense_are_linked_only_where_set_alone_in_bold(lang):
    ambiguous = {t.anchor for t in content.glossary(lang) if t.ambiguous}
    for slug in content.CHAPTERS:
        text = prose(lang, slug)
        for link in TERM_LINK.finditer(text):
            if link[1] in ambiguous:
                assert text[: link.start()].endswith("<strong>"), (slug, link[0])
                assert text[link.end() :].startswith("</strong>"), (slug, link[0])


def test_the_other_senses_stay_plain():
    assert {"turn", "loop"} <= {w for t in content.glossary("en") if t.ambiguous for w in t.words}
    # "Place the pig late" (دیر) is not a cloister; "a road that loops" (繞圈) is not a lap.
    assert 'href="../glossary/#term-دیر"' not in prose("fa", "traders-builders")
    assert 'href="../glossary/#term-繞圈"' not in prose("zh-hant", "roads")
    assert 'href="../glossary/#term-کامل"' in prose("fa", "roads")  # where it is the term, in bold


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chapter_page_shows_the_links(client, lang):
    page = client.get(f"/{lang}/learn/farms/").content.decode()
    assert 'class="term"' in page


# -- the compass and the chapters read -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_boards_have_a_compass_inside_the_unmirrored_board(client, lang):
    page = client.get(f"/{lang}/learn/roads/").content.decode()
    examples = page.split('<figure class="example"')[1:]
    assert examples
    for example in examples:
        board = example.split('<div class="example-board" dir="ltr">')[1].split('class="example-scores"')[0]
        assert 'class="compass"' in board
        assert all(f"compass-{side}" in board for side in "nesw")
    assert page.count('class="compass"') == len(examples)


@pytest.mark.parametrize("path", ["/{lang}/", "/{lang}/learn/"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_contents_and_home_carry_a_hidden_read_mark_per_chapter(client, lang, path):
    page = client.get(path.format(lang=lang)).content.decode()
    chapters = content.available(lang)
    for chapter in chapters:
        assert f'data-chapter="{chapter.slug}"' in page
    assert page.count('class="read-mark" hidden') == len(chapters)
    assert "data-reading-progress hidden" in page and "data-forget-reading" in page
    assert "js/progress.js" in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_contents_and_home_link_the_pages_for_the_table(client, lang):
    for path in (f"/{lang}/", f"/{lang}/learn/"):
        page = client.get(path).content.decode()
        for target in ("tiles", "mistakes", "summary", "glossary"):
            assert f'href="/{lang}/learn/{target}/"' in page, (path, target)


# -- the new pages -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_pages_render_with_nothing_inline(client, lang):
    for path in NEW_PAGES:
        response = client.get(path.format(lang=lang))
        assert response.status_code == 200, path
        body = response.content.decode()
        assert not INLINE_STYLE.search(body) and not INLINE_SCRIPT.search(body) and not HANDLER.search(body)


def test_the_pages_are_not_chapters():
    assert not set(content.PAGES) & set(content.CHAPTERS)
    assert all(c.slug not in content.PAGES for c in content.available("en"))
    with pytest.raises(LookupError):
        content.chapter("en", "mistakes")
    with pytest.raises(LookupError):
        content.page("en", "roads")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tile_reference_shows_every_tile_with_its_counts(client, lang):
    page = client.get(f"/{lang}/learn/tiles/").content.decode()
    for box, tiles in BOX_TILES.items():
        chosen = [box] if box else []
        plain, abbot = tile_counts(chosen), tile_counts([*chosen, "abbot"])
        for tile in tiles:
            entry = page.split(f'src="/tiles/{tile.name}.webp"')[1].split("</li>")[0]
            counts = re.findall(r"<dd>(.*?)</dd>", entry)
            expected = [plain.get(tile.name, 0), abbot.get(tile.name, 0)]
            for shown, number in zip(counts, expected):
                assert shown == localize_digits(number, lang) if number else not re.search(r"\d", shown)
    assert localize_digits(72, lang) in page


def test_box_totals_hold_with_and_without_the_abbot(client):
    page = client.get("/en/learn/tiles/").content.decode()
    assert "72 tiles; with the Abbot: 72." in page
    assert "12 tiles; with the Abbot: 12." in page


@pytest.mark.parametrize(
    ("tile", "words"),
    [
        ("L", "1 city, 3 roads"),
        ("A", "1 road, a cloister"),
        ("C", "1 city, 1 pennant"),
        ("E-garden", "1 city, a garden"),
        ("ic-cathedral", "1 city, a cathedral"),
        ("ic-straight-inn", "1 road, an inn"),
        ("tb-corner-wine", "1 city, wine"),
        ("river-bridge", "the river, 1 road"),
    ],
)
def test_what_a_tile_holds_in_words(tile, words):
    with translation.override("en"):
        assert holds(TILES[tile]) == words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mistakes_page_sends_each_mistake_to_its_chapter(client, lang):
    page = client.get(f"/{lang}/learn/mistakes/").content.decode()
    sections = re.findall(r"<h2[^>]*>", page)
    assert len(sections) >= 14
    linked = set(CHAPTER_LINK.findall(page)) - {"glossary"}
    assert linked <= set(content.CHAPTERS)
    for chapter in ("placing-meeples", "sharing", "farms", "cities", "abbot", "traders-builders", "river"):
        assert chapter in linked, chapter


def test_every_language_lists_the_same_mistakes():
    def shape(lang):
        text = (content.CONTENT / lang / "mistakes.md").read_text("utf-8")
        return [CHAPTER_LINK.findall(block) for block in text.split("\n## ")[1:]]

    for lang in LANGUAGES[1:]:
        assert shape(lang) == shape("en"), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_page_is_made_to_print(client, lang):
    page = client.get(f"/{lang}/learn/summary/").content.decode()
    assert 'href="/static/css/print.css" media="print"' in page
    assert 'class="rules-summary"' in page
    assert 'class="term"' not in page  # a link means nothing on paper
    assert len(re.findall(r"<h2[^>]*>", page)) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tile_reference_has_the_citys_twelve_tiles_as_the_start(client, lang):
    """The Count of Carcassonne's box: its 12 tiles, each named (by its place in the City while it
    has no name of its own) and said to be laid at the start, never drawn."""
    page = client.get(f"/{lang}/learn/tiles/").content.decode()
    box = page.split('id="box-count"', 1)[1].split("</section>", 1)[0]
    assert box.count('class="tile-entry"') == 12
    titles = re.findall(r"<h3>(.*?)</h3>", box)
    assert len(set(titles)) == 12 and not any(t.startswith("count-") for t in titles)
    assert box.count('class="tile-note"') == 12
