"""The tutor's pages in every language: lang and dir, the switcher, examples, quizzes, GIFs."""

import io
import re

import pytest
from PIL import Image

from tutorial import content
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.scripts import Ask, quiz_answer, solve

LANGS = {
    "en": ("en", "ltr"),
    "zh-hant": ("zh-Hant", "ltr"),
    "zh-hans": ("zh-Hans", "ltr"),
    "fa": ("fa", "rtl"),
}
HX = {"HTTP_HX_REQUEST": "true"}


def pages():
    yield "/{lang}/"
    yield "/{lang}/learn/"
    for slug in content.CHAPTERS:
        yield f"/{{lang}}/learn/{slug}/"
    for slug in EXAMPLES:
        yield f"/{{lang}}/learn/examples/{slug}/?step=1"
    for slug in QUIZZES:
        yield f"/{{lang}}/learn/quizzes/{slug}/"


@pytest.mark.parametrize("lang", LANGS)
def test_every_tutor_page_renders_with_the_right_lang_and_dir(client, lang):
    tag, direction = LANGS[lang]
    for path in pages():
        response = client.get(path.format(lang=lang))
        assert response.status_code == 200, path
        html = response.content.decode()
        assert f'<html lang="{tag}" dir="{direction}">' in html, path


@pytest.mark.parametrize("lang", LANGS)
def test_the_switcher_keeps_the_page_and_hreflang_lists_every_language(client, lang):
    html = client.get(f"/{lang}/learn/farms/").content.decode()
    switcher = html.split('class="language-switcher"')[1].split("</nav>")[0]
    assert set(re.findall(r'href="([^"]+)"', switcher)) == {f"/{code}/learn/farms/" for code in LANGS}
    assert 'aria-current="true"' in switcher.split(f'href="/{lang}/learn/farms/"')[1].split(">")[0]
    for code, (tag, _) in LANGS.items():
        assert f'hreflang="{tag}" href="http://testserver/{code}/learn/farms/"' in html


@pytest.mark.parametrize(
    ("accept", "prefix"),
    [
        ("zh-TW,zh;q=0.9", "/zh-hant/"),
        ("zh-HK", "/zh-hant/"),
        ("zh-CN,zh;q=0.9,en;q=0.5", "/zh-hans/"),
        ("zh-SG", "/zh-hans/"),
        ("fa-IR,fa;q=0.9", "/fa/"),
        ("de-DE,en;q=0.5", "/en/"),
    ],
)
def test_the_browser_language_picks_the_prefix(client, accept, prefix):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == prefix


def test_persian_pages_use_persian_digits(client):
    html = client.get("/fa/learn/roads/").content.decode()
    assert "۵" in html  # chapter 5
    progress = re.search(r'class="progress-text">([^<]+)<', html)[1]
    assert not re.search(r"[0-9]", progress)


def test_an_example_steps_as_a_partial_with_htmx_and_a_page_without(client):
    full = client.get("/en/learn/examples/road-loop/?step=1").content.decode()
    partial = client.get("/en/learn/examples/road-loop/?step=1", **HX).content.decode()
    assert "<html" in full and "<html" not in partial
    assert 'id="example-road-loop"' in partial
    assert 'data-step="1"' in partial


def test_example_step_is_clamped(client):
    last = len(EXAMPLES["road-loop"].steps)
    html = client.get("/en/learn/examples/road-loop/?step=99", **HX).content.decode()
    assert f'data-step="{last}"' in html
    assert (
        'step-next" data-action="next"' in html and 'aria-disabled="true"' in html.split("step-next")[1][:400]
    )


def test_a_complete_cloister_lights_every_tile_it_counts(client):
    """The cloister scores for itself and its eight neighbours: all nine tiles light up, whole."""
    steps = len(EXAMPLES["cloister-complete"].steps)
    html = client.get(f"/fa/learn/examples/cloister-complete/?step={steps}", **HX).content.decode()
    cells = re.findall(
        r'<div class="cell tile [^"]*" data-x="(-?\d+)" data-y="(-?\d+)"[^>]*>(.*?)</div>', html, re.S
    )
    lit = {(int(x), int(y)) for x, y, inner in cells if 'class="glow' in inner}
    assert lit == {(x, y) for x in (-1, 0, 1) for y in (0, 1, 2)}
    assert ">+۹<" in html


def test_a_refused_step_shows_the_tile_where_it_was_tried_and_why(client):
    for lang, reason in (("en", "does not match"), ("fa", "")):
        html = client.get(f"/{lang}/learn/examples/edge-mismatch/?step=1", **HX).content.decode()
        assert 'class="cell preview' in html
        refusal = re.search(r'class="message error example-refusal"[^>]*>(.*?)</p>', html, re.S)[1]
        assert reason in refusal
    step2 = client.get("/en/learn/examples/edge-mismatch/?step=2", **HX).content.decode()
    assert "example-refusal" not in step2 and 'class="cell preview' not in step2


def test_a_completing_step_lights_up_the_feature_and_shows_the_points(client):
    # The fourth bend closes the road loop: its four tiles glow and +4 rises.
    steps = len(EXAMPLES["road-loop"].steps)
    html = client.get(f"/en/learn/examples/road-loop/?step={steps}", **HX).content.decode()
    assert html.count('class="glow') == 4
    assert ">+4<" in html
    assert "going-home" in html


def test_captions_carry_the_engines_numbers_in_the_readers_digits(client):
    steps = len(EXAMPLES["city-merge-shared"].steps)
    en = client.get(f"/en/learn/examples/city-merge-shared/?step={steps}", **HX).content.decode()
    fa = client.get(f"/fa/learn/examples/city-merge-shared/?step={steps}", **HX).content.decode()
    assert "10" in re.search(r'class="example-caption"[^>]*>(.*?)</p>', en, re.S)[1]
    caption = re.search(r'class="example-caption"[^>]*>(.*?)</p>', fa, re.S)[1]
    assert "۱۰" in caption and not re.search(r"[0-9]", caption)


def _wrong(slug: str) -> str:
    """An answer the engine says is wrong."""
    quiz, solution = QUIZZES[slug], solve(QUIZZES[slug])
    if quiz.ask is Ask.POINTS:
        return str(solution.answer + 1)
    return next(c for c in quiz.choices if c != solution.key)


@pytest.mark.parametrize("slug", QUIZZES)
def test_quiz_right_answer_and_two_wrong_ones(client, slug):
    solution = solve(QUIZZES[slug])
    url = f"/en/learn/quizzes/{slug}/"
    right = client.post(url, {"answer": solution.key}, **HX).content.decode()
    assert "Right!" in right and "message success" in right
    first = client.post(url, {"answer": _wrong(slug)}, **HX).content.decode()
    assert "Not quite." in first and "The answer is" not in first
    assert 'name="tries" value="1"' in first and 'name="reveal"' in first
    second = client.post(url, {"answer": _wrong(slug), "tries": "1"}, **HX).content.decode()
    assert "Not quite." in second and "The answer is" in second


def test_quiz_accepts_persian_digits_and_refuses_words(client):
    answer, _ = quiz_answer(QUIZZES["city-points"])
    persian = str(answer).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    html = client.post("/fa/learn/quizzes/city-points/", {"answer": persian}, **HX).content.decode()
    assert "message success" in html
    refused = client.post("/en/learn/quizzes/city-points/", {"answer": "lots"})
    assert refused.status_code == 400
    assert 'value="lots"' in refused.content.decode()  # what was typed stays


@pytest.mark.parametrize("lang", ["en", "fa", "zh-hant"])
def test_an_example_downloads_as_an_animated_gif(client, lang):
    response = client.get(f"/{lang}/learn/examples/city-pennant.gif")
    assert response["Content-Type"] == "image/gif"
    image = Image.open(io.BytesIO(response.content))
    assert image.n_frames == len(EXAMPLES["city-pennant"].steps) + 1


def test_unknown_tutor_pages_are_404(client):
    assert client.get("/en/learn/no-such-chapter/").status_code == 404
    assert client.get("/en/learn/examples/no-such/").status_code == 404
    assert client.get("/en/learn/quizzes/no-such/").status_code == 404


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_dragon_walks_its_steps_on_the_board_and_eats_as_it_arrives(client, lang):
    """Princess & Dragon: the step whose dragon tile moves the dragon marks where it set off and
    each step's number on the tile it entered (labelled, in the reader's digits), the figures it ate
    leave from their tiles, the dragon itself lands on the last one, and Play waits for the walk."""
    html = client.get(f"/{lang}/learn/examples/dragon-eats-knight/?step=3", **HX).content.decode()
    assert 'data-walk="6"' in html
    cells = dict(
        ((int(x), int(y)), (classes, body))
        for classes, x, y, body in re.findall(
            r'<div class="cell tile([^"]*)" data-x="(-?\d+)" data-y="(-?\d+)"[^>]*>(.*?)</div>', html, re.S
        )
    )
    path = [(-2, 1), (-2, 0), (-1, 0), (0, 0), (1, 0), (1, 1), (1, 2)]
    for number, square in enumerate(path):
        classes, body = cells[square]
        assert f" ds-{number}" in classes and "dragon-trail" in body, square
        assert 'role="img" aria-label="' in body.split("dragon-trail", 1)[1][:40]
    assert " ds-end" in cells[(1, 2)][0] and "p-dragon" in cells[(1, 2)][1]
    assert "going-home" in cells[(-1, 0)][1] and "going-home" in cells[(1, 1)][1]
    if lang == "fa":
        assert "<bdi>۵</bdi>" in cells[(1, 1)][1]
    # A step where the dragon does not walk has no trail and no wait.
    before = client.get(f"/{lang}/learn/examples/dragon-eats-knight/?step=2", **HX).content.decode()
    assert "dragon-trail" not in before and "data-walk" not in before


def test_the_fairy_the_dragon_and_a_portals_figure_arrive_on_their_tiles(client):
    """The step that moves the fairy marks the tile it comes onto, beside its follower; the step
    that lays a volcano marks the volcano the dragon lands on; later steps mark nothing."""
    fairy = client.get("/en/learn/examples/fairy-points/?step=1", **HX).content.decode()
    assert re.search(r'class="cell tile[^"]* arrive-fairy" data-x="1" data-y="0"', fairy)
    assert "p-fairy" in fairy.split('data-x="1" data-y="0"', 1)[1].split("</div>", 1)[0]
    volcano = client.get("/en/learn/examples/dragon-eats-knight/?step=1", **HX).content.decode()
    assert re.search(r'class="cell tile[^"]* arrive-dragon" data-x="-2" data-y="1"', volcano)
    later = client.get("/en/learn/examples/fairy-points/?step=2", **HX).content.decode()
    assert "arrive-" not in later
    # A figure through a magic portal arrives on the tile it was sent to, not on the portal tile;
    # a refused try sends nothing.
    portal = client.get("/en/learn/examples/portal-figure/?step=2", **HX).content.decode()
    assert re.search(r'class="cell tile[^"]* arrive-portal" data-x="0" data-y="1"', portal)
    tried = client.get("/en/learn/examples/portal-figure/?step=1", **HX).content.decode()
    assert "arrive-" not in tried


def _quarters(html: str) -> dict[str, str]:
    """Each quarter of the panel beside a Count example's board, by its key: its markup."""
    panel = html.split('class="quarters"', 1)[1].split("</section>", 1)[0]
    return dict(re.findall(r'<li class="quarter q-([a-z]+)[^"]*"(.*?)</li>', panel, re.S))


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_citys_quarters_stand_beside_a_count_example(client, lang):
    """The Count of Carcassonne: four named quarters beside the board, the Count's drawn dashed with
    its crown labelled; a follower that comes in and one that steps out marked so (each labelled,
    in its player's colour and mark), the Count arriving where it was moved; no panel elsewhere."""
    start = client.get(f"/{lang}/learn/examples/count-quarter/?step=0", **HX).content.decode()
    assert "example-body with-quarters" in start
    quarters = _quarters(start)
    assert list(quarters) == ["castle", "cathedral", "market", "blacksmith"]  # as the City draws them
    assert 'class="quarter q-castle with-count"' in start and "count-figure" in quarters["castle"]
    assert "q-figure" not in start
    entered = client.get(f"/{lang}/learn/examples/count-quarter/?step=1", **HX).content.decode()
    quarters = _quarters(entered)
    figure = re.search(
        r'<span class="q-figure k-meeple c-blue entering" role="img" aria-label="([^"]+)">',
        quarters["castle"],
    )
    assert figure and figure[1]
    assert '<span class="count-figure arriving" role="img" aria-label="' in quarters["market"]
    assert "count-figure" not in quarters["castle"]
    mark = "آ" if lang == "fa" else "B"
    assert f"<bdi>{mark}</bdi>" in quarters["castle"]
    # Blue's follower steps out of the castle: it leaves the quarter and stands, going home with the
    # knights, on the city it scored.
    out = client.get(f"/{lang}/learn/examples/count-castle/?step=3", **HX).content.decode()
    assert "q-figure k-meeple c-blue leaving" in _quarters(out)["castle"]
    cell = out.split('data-x="2" data-y="2"', 1)[1].split("</div>", 1)[0]
    assert "meeple k-meeple c-blue" in cell and "going-home" in cell
    # At the end the market's follower leaves it for a field, and lies there.
    end = client.get(f"/{lang}/learn/examples/count-market/?step=3", **HX).content.decode()
    assert "q-figure k-meeple c-blue leaving" in _quarters(end)["market"]
    assert re.search(r'class="cell tile[^"]* arrive-market" data-x="-1" data-y="1"', end)
    cell = end.split('data-x="-1" data-y="1"', 1)[1].split("</div>", 1)[0]
    assert "meeple k-meeple c-blue" in cell and "going-home" not in cell
    other = client.get(f"/{lang}/learn/examples/road-loop/?step=1", **HX).content.decode()
    assert "with-quarters" not in other and 'class="quarters"' not in other


def test_a_count_quiz_shows_who_waits_in_the_quarters(client):
    """count-who's question turns on the follower in the castle and the Count beside it: the quiz
    shows them, as the examples do; a quiz of another box shows no quarters."""
    html = client.get("/en/learn/quizzes/count-who/", **HX).content.decode()
    quarters = _quarters(html)
    assert "q-figure k-meeple c-blue" in quarters["castle"] and "count-figure" in quarters["castle"]
    assert 'id="quarters-quiz-count-who"' in html
    assert 'class="quarters"' not in client.get("/en/learn/quizzes/city-points/", **HX).content.decode()
