"""Serving a game night: hostile input at every door, the watching link, phones following a game,
rate limits, size limits and the site's own error pages."""

import io
import json
import re

import pytest
from django.core.cache import caches
from django.test import Client
from PIL import Image

from scorer import services, sharing
from scorer.engine import Extent, Meeple, Place, Placement
from scorer.models import SavedGame
from scorer.render import sizing

from .test_views import messages, new_game_data

pytestmark = pytest.mark.django_db


def board_file(names, placements=(), **more) -> str:
    return json.dumps(
        {
            "format": "carcassonne-board/1",
            "players": [{"name": name} for name in names],
            "placements": [dict(zip(("tile", "x", "y", "rotation"), p)) for p in placements],
            **more,
        }
    )


@pytest.fixture
def game():
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    saved.refresh_from_db()
    return saved


# -- Names: refused with a reason at every door ---------------------------------------------------

HOSTILE_NAMES = {
    "a lone surrogate": ("\\ud800x", "invisible control characters"),
    "a NUL": ("Mi\\u0000na", "invisible control characters"),
    "a control character": ("Mi\\u0007na", "invisible control characters"),
    "a direction override": ("\\u202eaniM", "text-direction"),
    "41 characters": ("x" * 41, "at most 40 characters"),
}


@pytest.mark.parametrize("name, expected", HOSTILE_NAMES.values(), ids=HOSTILE_NAMES)
def test_an_imported_file_with_a_bad_name_is_refused_and_kept(client, name, expected):
    text = board_file([name, "Wei"]).replace("\\\\", "\\")  # the escape as the file spells it
    response = client.post("/en/play/import/", {"text": text})
    assert response.status_code == 400
    assert any("player 1" in m.lower() or expected in m for m in messages(response)), messages(response)
    assert SavedGame.objects.count() == 0
    assert "Wei" in response.content.decode()  # the pasted text is still in the form


@pytest.mark.parametrize("name, expected", HOSTILE_NAMES.values(), ids=HOSTILE_NAMES)
def test_the_api_refuses_a_bad_name_saying_which_player(client, name, expected):
    text = board_file(["Mina", name]).replace("\\\\", "\\")
    response = client.post("/api/score", text, content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["rule"] == "bad_players"
    assert "player 2" in error["message"]  # counted from 1, as the players read the list


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Mi\x00na", "A name cannot hold invisible control characters."),
        ("Mi\x1bna", "A name cannot hold invisible control characters."),
        ("\u202eaniM", "A name cannot hold hidden text-direction marks."),
        ("x" * 41, "A name can be at most 40 characters long."),
    ],
)
def test_the_new_game_form_says_what_is_wrong_with_a_name(client, name, expected):
    response = client.post("/en/play/", new_game_data(name_0=name))
    shown = messages(response) + re.findall(r'class="field-error">(.*?)</span>', response.content.decode())
    assert expected in shown
    assert "Give at least two players a name." not in shown  # one name is wrong, not missing
    assert SavedGame.objects.count() == 0


def test_a_name_with_a_persian_joiner_is_a_name(client):
    response = client.post("/fa/play/", new_game_data(name_0="می\u200cنا"))
    assert response.status_code == 302
    assert SavedGame.objects.get().players[0]["name"] == "می\u200cنا"


def test_a_game_whose_name_was_refused_never_breaks_its_pages(client):
    """The bug was a surrogate saved on import and every page of the game answering 500."""
    client.post("/en/play/import/", {"text": board_file(["\ud800x", "Wei"], [("D", 0, 0, 0)])})
    assert SavedGame.objects.count() == 0


# -- Numbers are ASCII digits, everywhere ------------------------------------------------------------


@pytest.mark.parametrize("event", ["²", "۳", "٣", "-1", "99999999999", "1e3", " 1", "\x00"])
def test_odd_event_numbers_are_ignored_not_a_500(client, game, event):
    for path in ("score/", "board.png"):
        response = client.get(f"/en/play/{game.code}/{path}", {"event": event})
        assert response.status_code == 200, (path, event)


@pytest.mark.parametrize("step", ["²", "۳", "٣", "-1", "99999999999", "\x00"])
def test_odd_example_steps_show_the_first_or_last_step_not_a_500(client, step):
    assert client.get("/fa/learn/examples/road-straight/", {"step": step}).status_code == 200


@pytest.mark.parametrize("length", ["²", "۳", "-5", "abc", "1e3"])
def test_a_bad_content_length_on_the_api_is_a_400(client, length):
    body = board_file(["Mina", "Wei"], [("D", 0, 0, 0)])
    response = client.generic(
        "POST", "/api/score", body, content_type="application/json", CONTENT_LENGTH=length
    )
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "bad_length"


def test_an_oversized_content_length_on_the_api_is_a_413(client, settings):
    body = board_file(["Mina", "Wei"])
    length = str(settings.BOARD_FILE_MAX_BYTES + 1)
    response = client.generic(
        "POST", "/api/score", body, content_type="application/json", CONTENT_LENGTH=length
    )
    assert response.status_code == 413
    assert "256 kB" in response.json()["error"]["message"]


# -- Pictures and coordinates stay within a real game's reach ---------------------------------------


def test_coordinates_beyond_what_the_tiles_can_reach_are_refused(client):
    text = board_file(["Mina", "Wei"], [("D", 0, 0, 0), ("E", 100, 100, 0)], mode="final")
    response = client.post("/en/play/import/", {"text": text})
    assert response.status_code == 400
    assert any("no further than 72 from the start" in m for m in messages(response))


@pytest.mark.parametrize(
    "columns, rows", [(1, 1), (10, 4), (43, 43), (100, 3), (145, 145), (401, 401), (3, 1000)]
)
def test_a_picture_is_never_larger_than_the_bounds(columns, rows):
    size = sizing.square_size(Extent(0, 0, columns, rows), 96)
    assert sizing.SMALLEST_SQUARE <= size <= 96
    if size > sizing.SMALLEST_SQUARE:
        assert max(columns, rows) * size <= sizing.MAX_SIDE
        assert columns * rows * size * size <= sizing.MAX_PIXELS
    if columns * rows <= 100:
        assert size == 96  # the boards real tables make keep their usual scale


def test_the_board_picture_shrinks_its_squares_for_a_wide_board(client, game, monkeypatch):
    monkeypatch.setattr(sizing, "MAX_SIDE", 120)
    for x in (1, -1):
        services.add_move(game.code, Placement("U", x, 0), expected=services.load(game.code).digest)
    for view in ("", "?view=fields"):
        picture = Image.open(io.BytesIO(client.get(f"/en/play/{game.code}/board.png{view}").content))
        assert picture.width <= 120, view
        assert picture.width == 3 * picture.height  # three squares across, one down, square squares


# -- Error messages keep their detail ---------------------------------------------------------------


def test_a_json_syntax_error_says_where(client):
    response = client.post("/en/play/import/", {"text": '{"format": "carcassonne-board/1",\n "players": [}'})
    assert any("line 2" in m for m in messages(response)), messages(response)
    response = client.post("/fa/play/import/", {"text": "{oops"})
    assert any("۱" in m and "JSON" in m for m in messages(response)), messages(response)


def test_a_board_over_the_limit_is_refused_in_the_readers_language_and_kept(client, settings):
    text = board_file(["Mina", "Wei"], padding="x" * settings.BOARD_FILE_MAX_BYTES)
    response = client.post("/zh-hant/play/import/", {"text": text})
    assert response.status_code == 400
    assert any("256" in m for m in messages(response)), messages(response)
    assert '"Mina"' in response.content.decode().replace("&quot;", '"')


def test_a_body_too_big_to_read_gets_the_translated_400_page(client, settings):
    text = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = client.post("/fa/play/import/", {"text": text})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'lang="fa"' in page and 'dir="rtl"' in page
    assert "Bad Request" not in page
    assert "256" in page or "۲۵۶" in page


def test_the_import_form_refuses_a_big_paste_in_the_browser_too(client):
    page = client.get("/en/play/").content.decode()
    assert 'data-limit-bytes="262144"' in page
    assert 'id="import-too-big"' in page and "js/import.js" in page


@pytest.mark.parametrize("lang, words", [("zh-hant", "表單"), ("fa", "فرم"), ("en", "form has expired")])
def test_a_refused_csrf_token_gets_a_translated_page(lang, words):
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/{lang}/play/", new_game_data())
    assert response.status_code == 403
    page = response.content.decode()
    assert words in page
    assert f'lang="{lang}"' in page.lower()
    assert "CSRF verification failed" not in page


# -- The watching link ------------------------------------------------------------------------------


def test_the_watching_link_shows_everything_and_changes_nothing(client, game):
    watch = f"/en/play/watch/{game.watch_code}/"
    page = client.get(watch).content.decode()
    assert game.code not in page  # nothing on it leads to the editing link
    assert "<form" not in page
    assert 'class="cell open' not in page and "palette" not in page
    assert "Mina" in page and "Tile D" in page
    for path in ("score/", "moves/", "board.json", "board.png", "state", "qr.png"):
        response = client.get(watch + path)
        assert response.status_code == 200, path
        assert game.code.encode() not in response.content, path
    score = client.get(watch + "score/").content.decode()
    assert f"/play/watch/{game.watch_code}/board.png" in score
    assert f'href="{watch}"' in score  # "back to the board" stays on the watching side


@pytest.mark.parametrize("action", ["move", "figure", "undo", "finish"])
def test_the_watching_code_cannot_change_a_game(client, game, action):
    data = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": services.load(game.code).digest}
    for path in (f"/en/play/{game.watch_code}/{action}", f"/en/play/watch/{game.watch_code}/{action}"):
        assert client.post(path, data).status_code in (404, 405)
    assert len(services.load(game.code).moves) == 1


def test_the_watching_link_has_no_qr_of_the_editing_link(client, game):
    assert client.get(f"/en/play/watch/{game.watch_code}/qr/edit.png").status_code == 404
    assert client.get(f"/en/play/{game.code}/qr/nothing.png").status_code == 404


def test_the_qr_codes_hold_the_links(client, game, rf):
    page = client.get(f"/en/play/{game.code}/").content.decode()
    edit = re.search(r'id="edit-link"[^>]*value="([^"]+)"', page).group(1)
    watch = re.search(r'id="watch-link"[^>]*value="([^"]+)"', page).group(1)
    assert edit == f"http://testserver/en/play/{game.code}/"
    assert watch == f"http://testserver/en/play/watch/{game.watch_code}/"
    assert client.get(f"/en/play/{game.code}/qr/edit.png").content == sharing.qr_png(edit)
    assert client.get(f"/en/play/{game.code}/qr/watch.png").content == sharing.qr_png(watch)
    assert Image.open(io.BytesIO(sharing.qr_png(edit))).width >= 200  # big enough to scan from a screen


def test_on_the_local_network_the_links_name_the_address_phones_reach(client, game, settings, monkeypatch):
    page = client.get(f"/en/play/{game.code}/", HTTP_HOST="localhost").content.decode()
    assert "make run LAN=1" in page  # a link to localhost reaches no phone: say so
    settings.LAN = True
    settings.ALLOWED_HOSTS = ["localhost", "192.168.1.20"]
    monkeypatch.setattr(sharing.environment, "lan_address", lambda: "192.168.1.20")
    page = client.get(f"/en/play/{game.code}/", HTTP_HOST="localhost:8000").content.decode()
    assert f'value="http://192.168.1.20:8000/en/play/{game.code}/"' in page
    assert "make run LAN=1" not in page
    settings.SITE_URL = "https://carcassonne.example.org/"
    page = client.get(f"/en/play/{game.code}/", HTTP_HOST="localhost").content.decode()
    assert f'value="https://carcassonne.example.org/en/play/watch/{game.watch_code}/"' in page


# -- Phones following a game ------------------------------------------------------------------------


def test_the_state_answers_304_while_nothing_changes(client, game, django_assert_num_queries):
    url = f"/en/play/{game.code}/state"
    first = client.get(url)
    etag = first["ETag"]
    assert first.json()["moves"] == 1
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    watching = client.get(f"/en/play/watch/{game.watch_code}/state", HTTP_IF_NONE_MATCH=etag)
    assert watching.status_code == 304  # the watching link follows the same state


def test_every_change_changes_the_state(client, game):
    states = []

    def look():
        states.append(client.get(f"/en/play/{game.code}/state")["ETag"])
        assert states[-1] != states[-2] if len(states) > 1 else True

    look()
    loaded = services.add_move(
        game.code, Placement("E", 0, -1, 180), expected=services.load(game.code).digest
    )
    look()
    loaded = services.set_action(game.code, 1, Meeple(0, Place.S), expected=loaded.digest)
    look()
    loaded = services.finish(game.code, True, expected=loaded.digest)
    look()
    loaded = services.finish(game.code, False, expected=loaded.digest)
    look()
    assert states[-1] == states[-3]  # reopened: the game as it was before it ended
    services.undo(game.code, expected=loaded.digest)
    look()
    assert states[-1] == states[0]  # the figure's tile taken back: the board as it started


def test_the_stored_digest_is_the_digest_of_the_moves(fixture_path, client):
    text = fixture_path("everything-game.json").read_text(encoding="utf-8")
    code = client.post("/en/play/import/", {"text": text})["Location"].split("/")[-2]
    saved = SavedGame.objects.get(code=code)
    assert saved.digest == services.load(code).digest


def test_the_board_names_its_state_and_a_synced_board_says_so(client, game):
    page = client.get(f"/en/play/{game.code}/?tile=E").content.decode()
    assert f'data-state="{game.state}"' in page
    assert 'data-here="?tile=E"' in page
    synced = client.get(f"/en/play/{game.code}/?tile=E&synced=1", HTTP_HX_REQUEST="true")
    assert "entered on another device" in synced.content.decode()


# -- Rate limits ------------------------------------------------------------------------------------


@pytest.fixture
def limits(settings):
    settings.RATELIMIT_ENABLE = True
    settings.RATE_LIMITS = {"create": "2/m", "api": "2/m"}
    caches["limits"].clear()
    yield
    caches["limits"].clear()


def test_creating_games_is_rate_limited_per_address(client, limits):
    for _ in range(2):
        assert client.post("/zh-hans/play/", new_game_data()).status_code == 302
    refused = client.post("/zh-hans/play/", new_game_data())
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert 'lang="zh-hans"' in refused.content.decode().lower()
    assert SavedGame.objects.count() == 2
    other = client.post("/zh-hans/play/", new_game_data(), REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 302  # another address has its own count
    assert client.get("/zh-hans/play/").status_code == 200  # reading the form is never limited
    text = board_file(["Mina", "Wei"], [("D", 0, 0, 0)])
    assert client.post("/zh-hans/play/import/", {"text": text}).status_code == 429  # same count


def test_the_api_is_rate_limited_with_a_json_answer(client, limits):
    body = board_file(["Mina", "Wei"], [("D", 0, 0, 0)])
    for _ in range(2):
        assert client.post("/api/score", body, content_type="application/json").status_code == 200
    refused = client.post("/api/score", body, content_type="application/json")
    assert refused.status_code == 429
    assert refused.json()["error"]["rule"] == "rate_limited"


def test_moves_in_a_started_game_are_never_rate_limited(client, limits, game):
    for _ in range(5):
        assert client.get(f"/en/play/{game.code}/state").status_code == 200
    loaded = services.load(game.code)
    response = client.post(
        f"/en/play/{game.code}/move",
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": loaded.digest},
    )
    assert response.status_code == 302


@pytest.mark.parametrize(
    "header, forwarded, expected",
    [
        ("", "1.2.3.4", "127.0.0.1"),  # no proxy configured: the header is not trusted
        ("HTTP_X_FORWARDED_FOR", "1.2.3.4", "1.2.3.4"),
        ("HTTP_X_FORWARDED_FOR", "9.9.9.9, 1.2.3.4", "1.2.3.4"),  # the proxy's own entry is last
        ("HTTP_X_FORWARDED_FOR", "not an address", "127.0.0.1"),
        ("HTTP_X_FORWARDED_FOR", "1.2.3.4\x00", "127.0.0.1"),
        ("HTTP_X_FORWARDED_FOR", "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::"),  # a household's /64
    ],
)
def test_the_client_address_is_read_safely(rf, settings, header, forwarded, expected):
    from scorer.limits import client_address

    settings.CLIENT_IP_HEADER = header
    request = rf.post("/", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address("create", request) == expected
