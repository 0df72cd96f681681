"""Bad input and a bad environment get a clear answer in the reader's language, never a bare 500
(issue 19): a Host the site does not list, a database that cannot be written or reached."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

# -- A Host the site does not list ------------------------------------------------------------------

REFUSED_HOST_WORDS = {
    "en": "ALLOWED_HOSTS",
    "zh-hant": "這不是本網站會回應的位址",
    "zh-hans": "这不是本网站会响应的地址",
    "fa": "این نشانی‌ای نیست که این سایت به آن پاسخ دهد",
}


@pytest.mark.parametrize("language", sorted(REFUSED_HOST_WORDS))
@pytest.mark.parametrize("host", ["evil.example", "192.168.1.77:8000", "carcassonne.local"])
def test_a_host_the_site_does_not_list_gets_its_translated_400_page(language, host):
    client = Client(raise_request_exception=True)  # a failure while rendering would raise here
    response = client.get(f"/{language}/", HTTP_HOST=host)
    assert response.status_code == 400
    page = response.content.decode()
    assert REFUSED_HOST_WORDS[language] in page
    assert "ALLOWED_HOSTS" in page and "LAN=1" in page
    assert host in page  # the name as the phone used it, so the host knows what to add
    assert f'dir="{"rtl" if language == "fa" else "ltr"}"' in page
    assert 'rel="alternate"' not in page  # the hreflang links would need the refused host


def test_a_refused_host_is_answered_without_the_database():
    """No ``django_db`` mark: pytest-django makes any query raise, which would be a 500 here."""
    response = Client(raise_request_exception=True).get("/fa/play/", HTTP_HOST="evil.example")
    assert response.status_code == 400


def test_a_refused_host_on_a_post_gets_the_400_page_too():
    response = Client().post("/zh-hans/play/", {"name_0": "Mina"}, HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "ALLOWED_HOSTS" in response.content.decode()


def test_a_host_shown_on_the_page_is_escaped_and_cut_short():
    host = "<b>x</b>" + "a" * 300
    response = Client().get("/en/", HTTP_HOST=host)
    assert response.status_code == 400
    page = response.content.decode()
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "a" * 300 not in page


def test_an_error_page_that_cannot_render_falls_back_to_a_fixed_page(monkeypatch, rf):
    from carcassonne_site import error_pages

    def broken(*args, **kwargs):
        raise RuntimeError("template trouble")

    monkeypatch.setattr(error_pages, "render", broken)
    response = error_pages.bad_request(rf.get("/fa/"), None)
    assert response.status_code == 400
    assert "سایت" in response.content.decode()


# -- A database that cannot be written or read ------------------------------------------------------

CANNOT_SAVE = {
    "en": "The server cannot save moves right now: nothing is lost; try again in a moment.",
    "zh-hant": "伺服器現在無法儲存棋步：沒有遺失任何東西，請稍後再試一次。",
    "zh-hans": "服务器现在无法保存棋步：没有丢失任何东西，请稍后再试一次。",
    "fa": "سرور الان نمی‌تواند حرکت‌ها را ذخیره کند: چیزی گم نشده است؛ کمی بعد دوباره امتحان کنید.",
}
WRITES = ("INSERT", "UPDATE", "DELETE", "BEGIN", "SAVEPOINT", "REPLACE")


def _refusing(prefixes: tuple[str, ...], message: str):
    """A database wrapper that fails every statement starting with one of ``prefixes``, as a
    full disk (writes) or a lost connection (everything) does."""
    from django.db import OperationalError

    def refuse(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(prefixes):
            raise OperationalError(message)
        return execute(sql, params, many, context)

    return refuse


@pytest.fixture
def disk_full():
    from django.db import connection

    with connection.execute_wrapper(_refusing(WRITES, "database or disk is full")):
        yield


@pytest.fixture
def database_gone():
    from django.db import connection

    with connection.execute_wrapper(_refusing((*WRITES, "SELECT", "PRAGMA"), "server closed the connection")):
        yield


@pytest.fixture
def game(db):
    from scorer import services
    from scorer.engine import Placement

    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    saved.refresh_from_db()
    return saved


def _move(client, game, language="en", **headers):
    from scorer import services

    data = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": services.load(game.code).digest}
    return client.post(f"/{language}/play/{game.code}/move", data, **headers)


def _moves_of(game) -> int:
    from scorer.models import Move

    return Move.objects.filter(game=game).count()


@pytest.mark.parametrize("language", sorted(CANNOT_SAVE))
def test_a_move_that_cannot_be_saved_shows_the_board_again_with_the_notice(client, game, disk_full, language):
    response = _move(client, game, language)
    assert response.status_code == 503
    assert response["Retry-After"]
    page = response.content.decode()
    assert CANNOT_SAVE[language] in page
    assert "Mina" in page and 'name="expected"' in page  # the board, ready for another try
    assert _moves_of(game) == 1


def test_an_htmx_move_that_cannot_be_saved_is_answered_with_the_notice_in_place(client, game, disk_full):
    response = _move(client, game, "zh-hant", HTTP_HX_REQUEST="true")
    assert response.status_code == 200  # htmx swaps only a 200, as for a refused move
    page = response.content.decode()
    assert 'id="play"' in page and "<html" not in page
    assert CANNOT_SAVE["zh-hant"] in page
    assert _moves_of(game) == 1


@pytest.mark.parametrize("action", ["undo", "finish"])
def test_undo_and_finish_that_cannot_be_saved_say_so(client, game, disk_full, action):
    from scorer import services

    data = {"expected": services.load(game.code).digest, "finished": "1"}
    response = client.post(f"/fa/play/{game.code}/{action}", data)
    assert response.status_code == 503
    assert CANNOT_SAVE["fa"] in response.content.decode()
    assert _moves_of(game) == 1


def test_a_new_game_that_cannot_be_saved_gets_the_translated_503_page(client, transactional_db, disk_full):
    """Transactional: a failed INSERT outside ``atomic`` would break the test's own transaction."""
    from scorer.models import SavedGame

    from .scorer.test_views import new_game_data

    response = client.post("/zh-hans/play/", new_game_data())
    assert response.status_code == 503
    assert response["Retry-After"]
    assert CANNOT_SAVE["zh-hans"] in response.content.decode()
    assert SavedGame.objects.count() == 0


def test_reads_need_no_write_pages_state_pictures_and_the_api(
    client, game, disk_full, settings, board_document
):
    settings.RATELIMIT_ENABLE = True  # the limits count in the database too
    base = f"/en/play/{game.code}/"
    for path in ("", "score/", "moves/", "board.png", "board.json", "qr/watch.png"):
        assert client.get(base + path).status_code == 200, path
    assert client.get(f"/en/play/watch/{game.watch_code}/").status_code == 200
    state = client.get(base + "state")
    assert state.status_code == 200 and state.json()["moves"] == 1
    assert client.get(base + "state", HTTP_IF_NONE_MATCH=state["ETag"]).status_code == 304
    api = client.post("/api/score", board_document("river-game.json"), content_type="application/json")
    assert api.status_code == 200


def test_state_and_the_api_answer_in_their_own_format_when_the_database_is_gone(client, game, database_gone):
    for headers in ({}, {"HTTP_IF_NONE_MATCH": '"anything"'}):  # the view, and the early answer
        response = client.get(f"/en/play/{game.code}/state", **headers)
        assert response.status_code == 503
        assert response["Content-Type"] == "application/json"
        assert response.json()["error"]["rule"] == "database_unavailable"
        assert response["Retry-After"]


def test_a_board_that_cannot_be_read_gets_the_translated_503_page(client, game, database_gone):
    response = client.get(f"/fa/play/{game.code}/")
    assert response.status_code == 503
    page = response.content.decode()
    assert "سرور الان به بازی‌هایش دسترسی ندارد" in page and 'dir="rtl"' in page
    picture = client.get(f"/fa/play/{game.code}/board.png")
    assert picture.status_code == 503 and picture["Retry-After"]


def test_the_api_works_without_any_database(client, db, database_gone, settings, board_document):
    settings.RATELIMIT_ENABLE = True
    api = client.post("/api/score", board_document("river-game.json"), content_type="application/json")
    assert api.status_code == 200


# -- A real read-only SQLite file -------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent

ON_A_READ_ONLY_FILE = r"""
import json, os, sys, django
from django.conf import settings
database = settings.DATABASES["default"]
if sys.argv[1] == "read-only":
    database["NAME"] = f"file:{database['NAME']}?mode=ro"
    database["OPTIONS"]["uri"] = True
django.setup()
from django.test import Client
from scorer import services
from scorer.engine import Placement
if sys.argv[1] == "setup":
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    print(json.dumps([saved.code, saved.watch_code]))
    sys.exit()
from carcassonne_site.database import check_database
code, watch = sys.argv[2:4]
client = Client(HTTP_HOST="localhost")
seen = {}
for path in ("", "score/", "moves/", "board.png", "state", "board.json"):
    seen[path or "board"] = client.get(f"/en/play/{code}/" + path).status_code
seen["watch"] = client.get(f"/en/play/watch/{watch}/").status_code
board = client.post("/api/score", sys.stdin.read(), content_type="application/json")
seen["api"] = board.status_code
data = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": services.load(code).digest}
move = client.post(f"/zh-hant/play/{code}/move", data, HTTP_HX_REQUEST="true")
seen["move"] = [move.status_code, move.content.decode()]
form = {"name_0": "A", "name_1": "B", "small_city": "4", "farmers": "3rd", "mode": "replay"}
form.update({f"color_{i}": colour for i, colour in enumerate(["red", "blue", "green", "yellow", "black"])})
seen["new"] = client.post("/en/play/", form).status_code
seen["check"] = [message.msg for message in check_database(databases=["default"])]
print(json.dumps(seen))
"""


def test_a_read_only_sqlite_file_not_in_wal_mode_shows_every_game_and_refuses_moves_clearly(
    tmp_path, fixture_path
):
    """A database restored from a backup is often not in WAL mode; asking every connection for WAL
    on such a file, opened read-only, used to fail every request, reads included."""
    database = tmp_path / "restored.sqlite3"
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}},
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "carcassonne_site.settings",
        "RATE_LIMITS": "1",
    }

    def run(*args: str, stdin: str = "") -> str:
        done = subprocess.run(
            [sys.executable, "-c", ON_A_READ_ONLY_FILE, *args],
            cwd=ROOT,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    manage = [sys.executable, "manage.py", "migrate", "-v", "0"]
    subprocess.run(manage, cwd=ROOT, env=env, check=True, timeout=120)
    code, watch = json.loads(run("setup"))
    with sqlite3.connect(database) as plain:
        assert plain.execute("PRAGMA journal_mode=DELETE").fetchone() == ("delete",)
    seen = json.loads(run("read-only", code, watch, stdin=fixture_path("river-game.json").read_text()))

    reads = ("board", "score/", "moves/", "board.png", "state", "board.json", "watch", "api")
    assert {name: seen[name] for name in reads} == dict.fromkeys(reads, 200)
    status, answer = seen["move"]
    assert status == 200 and CANNOT_SAVE["zh-hant"] in answer
    assert seen["new"] == 503
    assert len(seen["check"]) == 1 and "cannot be written" in seen["check"][0]
    assert "DATABASE_URL=sqlite:///" in seen["check"][0]


# -- Smaller: 429s say when, chunked uploads -----------------------------------------------------------


def test_every_429_of_the_api_says_when_to_try_again(client, db, settings, board_document):
    settings.RATELIMIT_ENABLE = True
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": "1/m"}
    document = board_document("river-game.json")
    answers = [client.post("/api/score", document, content_type="application/json") for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 429]
    assert answers[1]["Retry-After"] == "60"


def _chunked(rf, body: bytes):
    import io

    from scorer import api

    request = rf.post("/api/score", b"", content_type="application/json")
    request.META.pop("CONTENT_LENGTH", None)
    request.META["HTTP_TRANSFER_ENCODING"] = "chunked"
    request.META["wsgi.input"] = io.BytesIO(body)  # the server's stream, chunks already joined
    return api.score(request)


def test_a_chunked_upload_is_read_up_to_the_size_limit(rf, db, fixture_path, settings):
    answer = _chunked(rf, fixture_path("river-game.json").read_bytes())
    assert answer.status_code == 200
    too_big = _chunked(rf, b" " * (settings.BOARD_FILE_MAX_BYTES + 1))
    assert too_big.status_code == 413
