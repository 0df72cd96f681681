"""The Content-Security-Policy allows nothing inline, so no page may carry an inline style or script."""

import re

import pytest

from scorer import services
from scorer.engine import read_board

pytestmark = pytest.mark.django_db
INLINE_STYLE = re.compile(r"<[^>]+\sstyle=", re.I)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)(?![^>]*\stype=\"application/json\")[^>]*>", re.I)
"""A script with code in the page; a JSON data block (the board's choices) runs nothing, and CSP
does not apply to it."""
HANDLER = re.compile(r"<[^>]+\son[a-z]+=", re.I)


@pytest.fixture
def pages(board_document):
    saved = services.import_board(read_board(board_document("everything-game.json")))
    code = saved.code
    return [
        "/en/",
        "/fa/learn/",
        "/zh-hant/learn/abbot/",
        "/en/learn/examples/goods-to-closer/?step=1",
        "/fa/learn/quizzes/inn-points/",
        "/en/play/",
        f"/en/play/{code}/",
        f"/en/play/{code}/?spots=1",
        f"/fa/play/{code}/score/?event=3",
        f"/en/play/{code}/moves/",
    ]


def test_the_policy_allows_only_our_own_files(client):
    policy = client.get("/en/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert "unsafe" not in policy and directives["frame-ancestors"] == "'none'"


def test_no_page_has_inline_styles_scripts_or_handlers(client, pages):
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        body = response.content.decode()
        assert not INLINE_STYLE.search(body), (path, INLINE_STYLE.search(body).group(0))
        assert not INLINE_SCRIPT.search(body), path
        assert not HANDLER.search(body), path


def test_the_error_pages_need_nothing_inline_either(client):
    body = client.get("/en/play/no-such-game/").content.decode()
    assert not INLINE_STYLE.search(body) and not INLINE_SCRIPT.search(body)
