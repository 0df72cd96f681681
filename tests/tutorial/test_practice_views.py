"""Practice boards over HTTP: every step is a plain link (or the same URL as an htmx partial), the
state lives in the query string, and the engine's verdicts reach the page in the reader's language."""

import html
import re

import pytest

from scorer.engine import Placement
from tests.test_content_security import HANDLER, INLINE_SCRIPT, INLINE_STYLE
from tutorial.practice import PRACTICES
from tutorial.practice_views import Move, practice_view

LANGS = {
    "en": ("en", "ltr"),
    "zh-hant": ("zh-Hant", "ltr"),
    "zh-hans": ("zh-Hans", "ltr"),
    "fa": ("fa", "rtl"),
}
HX = {"HTTP_HX_REQUEST": "true"}
LATIN_DIGIT = re.compile(r"[0-9]")


def url(lang: str, slug: str, query: str = "") -> str:
    return f"/{lang}/learn/practice/{slug}/" + (f"?{query}" if query else "")


def solution_query(slug: str) -> str:
    """The query string of the finished turn that solves ``slug``."""
    placement = Placement.parse(PRACTICES[slug].solution)
    move = Move(
        square=placement.square,
        rotation=placement.rotation,
        lay=True,
        figure=placement.meeple.at if placement.meeple else None,
        bare=placement.meeple is None,
        kind=placement.meeple.kind if placement.meeple and placement.meeple.kind.value != "meeple" else None,
    )
    return "&".join(f"{k}={v}" for k, v in move.params().items())


def message(body: str) -> str:
    found = re.search(r'<div class="message (\w+)"[^>]*>(.*?)</div>', body, re.S)
    assert found, "no message on the page"
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[2]))
    return found[1] + ": " + html.unescape(text).strip()


def links(body: str) -> dict[str, str]:
    """The practice board's controls, by their data-action."""
    return {
        action: html.unescape(href)
        for href, action in re.findall(r'<a [^>]*href="([^"]+)"[^>]*data-action="([\w-]+)"', body)
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_renders_in_every_language_with_lang_and_dir(client, lang):
    tag, direction = LANGS[lang]
    for slug in PRACTICES:
        response = client.get(url(lang, slug))
        assert response.status_code == 200, slug
        body = response.content.decode()
        assert f'<html lang="{tag}" dir="{direction}">' in body
        assert f'id="practice-{slug}"' in body and 'dir="ltr"' in body  # boards never mirror


def test_a_step_is_a_partial_with_htmx_and_a_whole_page_without(client):
    full = client.get(url("en", "road-close", "at=2,0")).content.decode()
    partial = client.get(url("en", "road-close", "at=2,0"), **HX).content.decode()
    assert "<html" in full and "<html" not in partial
    assert partial.lstrip().startswith('<section class="practice')


def test_the_chapter_embeds_its_boards_and_loads_their_script_and_styles(client):
    body = client.get("/zh-hant/learn/placing-tiles/").content.decode()
    for slug in ("fit-first", "fill-gap", "fits-nowhere"):
        assert f'id="practice-{slug}"' in body
    assert "js/practice.js" in body and "css/practice.css" in body


def test_the_empty_squares_do_not_give_the_answer_away(client):
    body = client.get(url("en", "fill-gap")).content.decode()
    empty = len(PRACTICES["fill-gap"].game().board.open_squares)
    classes = re.findall(r'class="(cell open[^"]*)"', body)
    assert len(classes) == empty
    assert not [c for c in classes if re.search(r"\b(legal|dead)\b", c)]


def test_a_wrong_rotation_is_refused_with_the_edges_named(client):
    body = client.get(url("en", "fit-first", "at=0,-1&lay=1")).content.decode()
    assert message(body) == (
        "error: Not allowed. The south edge of the tile (road) does not match the city edge of the tile "
        "next to it."
    )
    # The try is counted in every link onwards, and the hint opens.
    assert all("tries=1" in href for action, href in links(body).items() if action != "reset")
    assert '<details class="hint" open>' in body
    assert 'data-stage="turn"' in body


def test_refusals_are_in_the_readers_language(client):
    refused = client.get(url("zh-hant", "meeple-occupied", "at=1,-2&lay=1&fig=N")).content.decode()
    assert "這裡的城堡已經有棋子了" in message(refused)
    river = client.get(url("fa", "river-turn", "at=2,1&r=90&lay=1")).content.decode()
    assert "error" in message(river) and "The river" not in message(river)


def test_a_legal_tile_offers_a_dot_on_every_feature(client):
    body = client.get(url("en", "road-close", "at=2,0&lay=1")).content.decode()
    assert 'data-stage="figure"' in body
    assert body.count('class="practice-dot ') == 7  # L: a city, three roads, three fields
    assert "Put Blue&#x27;s meeple on the road to the east" in body
    assert message(body).startswith("info: The tile fits.")


@pytest.mark.parametrize("slug", [s for s, p in PRACTICES.items() if p.solution])
def test_the_solution_is_accepted_in_every_language(client, slug):
    for lang in LANGS:
        body = client.get(url(lang, slug, solution_query(slug))).content.decode()
        assert 'data-solved="true"' in body, (lang, slug)
        assert message(body).startswith("success"), (lang, slug)


def test_what_the_turn_scores_is_explained_in_the_readers_digits(client):
    english = message(client.get(url("en", "inn-close", solution_query("inn-close"))).content.decode())
    assert "Blue scores 8." in english and "road of 4 tiles with an inn × 2 = 8" in english
    persian = message(client.get(url("fa", "inn-close", solution_query("inn-close"))).content.decode())
    assert "۸" in persian and not LATIN_DIGIT.search(persian)


def test_a_farmer_hears_what_its_field_would_score_at_the_end(client):
    body = client.get(url("en", "farm-cities", "at=1,0&lay=1&fig=ENE")).content.decode()
    assert "touches 2 completed cities" in message(body)
    assert "If the game ended now: Field: 2 completed cities × 3 = 6" in message(body)
    missed = client.get(url("zh-hans", "farm-cities", "at=1,0&lay=1&fig=SSE")).content.decode()
    assert 'data-solved="false"' in missed and "0 座" in message(missed)
    assert links(missed)["back"].endswith("?at=1%2C0&tries=1")


def test_saying_a_tile_fits_nowhere(client):
    wrong = client.get(url("en", "fit-first", "aside=1")).content.decode()
    assert message(wrong) == "info: Not yet. This tile does fit: there are 8 ways to lay it. Look again."
    assert 'data-solved="false"' in wrong
    right = client.get(url("fa", "fits-nowhere", "aside=1")).content.decode()
    assert 'data-solved="true"' in right and "کنار هر سر جاده" in message(right)


def test_following_the_plain_links_solves_a_board_without_javascript(client):
    """From the bare page, only the hrefs on the page: a square, turns, lay, a figure."""
    slug = "majority-join"
    target = Placement.parse(PRACTICES[slug].solution)
    body = client.get(url("en", slug)).content.decode()
    square = re.search(rf'data-x="{target.x}" data-y="{target.y}" href="([^"]+)"', body)[1]
    body = client.get(html.unescape(square)).content.decode()
    for _ in range(4):
        if f'class="r{target.rotation}"' in body.split("practice-hand")[1][:200]:
            break
        body = client.get(links(body)["turn-right"]).content.decode()
    body = client.get(links(body)["lay"]).content.decode()
    body = client.get(links(body)["none"]).content.decode()
    assert 'data-solved="true"' in body
    assert "Completed city: 4 tiles × 2 = 8" in message(body) and "Blue scores 8" in message(body)


def test_a_figure_refused_leaves_the_tile_down_to_try_again(client):
    body = client.get(url("en", "abbot-garden", "at=1,1&r=90&lay=1&fig=C")).content.decode()
    assert message(body) == "error: Not allowed. Only an abbot may stand on a garden."
    assert 'data-stage="figure"' in body and "practice-dot x-" in body and " refused" in body
    assert links(body)["kind-abbot"].endswith("kind=abbot&tries=1")


def test_malformed_queries_are_ignored(client):
    malformed = ("at=999,999", "at=a,b&r=45", "at=0,0&lay=1", "at=2,0&lay=1&fig=XYZ&kind=dragon", "tries=-4")
    for query in malformed:
        response = client.get(url("en", "road-close", query))
        assert response.status_code == 200, query
    body = client.get(url("en", "road-close", "at=0,0&lay=1")).content.decode()
    assert 'data-stage="choose"' in body  # a square with a tile on it is not an empty square


def test_unknown_boards_are_404(client):
    assert client.get(url("en", "no-such-board")).status_code == 404


def test_move_round_trips_through_the_query_string():
    move = Move(square=(-1, 2), rotation=270, lay=True, bare=True, tries=3)
    assert Move.parse(move.params()) == move
    assert Move.parse({}) == Move()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_practice_pages_have_nothing_inline(client, lang):
    queries = ["", "at=2,0", "at=2,0&lay=1", "at=2,0&r=270&lay=1", "at=2,0&lay=1&fig=E", "aside=1"]
    for query in queries:
        body = client.get(url(lang, "road-close", query)).content.decode()
        assert not INLINE_STYLE.search(body), query
        assert not INLINE_SCRIPT.search(body), query
        assert not HANDLER.search(body), query


def test_every_state_of_every_board_renders():
    """The solution's path, step by step, on every board: nothing the engine says breaks the page."""
    for slug, practice in PRACTICES.items():
        if practice.solution is None:
            continue
        target = Placement.parse(practice.solution)
        for move in (
            Move(),
            Move(square=target.square),
            Move(square=target.square, rotation=target.rotation, lay=True),
            Move.parse(dict(p.split("=") for p in solution_query(slug).split("&"))),
        ):
            view = practice_view(slug, "en", move)
            assert view.board.tiles, slug
