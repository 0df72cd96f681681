"""The board and fields pictures as the site serves them: palette PNG or WebP, an ETag made of the
game's move digest and the request's options, 304 without drawing, and bytes drawn once for every
server process (a database cache)."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from PIL import Image

from scorer import pictures, services
from scorer.engine import Placement, read_board

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def saved():
    game = services.create_game(services.GameSettings(players=[("مینا", "red"), ("小明", "blue")]))
    services.add_move(game.code, Placement("D", 0, 0), expected=services.load(game.code).digest)
    return game


@pytest.fixture
def drawings(monkeypatch):
    """How many pictures were drawn."""
    drawn = []
    real = pictures.draw

    def counting(loaded, options):
        drawn.append(options)
        return real(loaded, options)

    monkeypatch.setattr(pictures, "draw", counting)
    return drawn


def picture_url(saved, query: str = "", lang: str = "en") -> str:
    return f"/{lang}/play/{saved.code}/board.png{query}"


def lay_e(saved) -> None:
    services.add_move(saved.code, Placement("E", 0, -1, 180), expected=services.load(saved.code).digest)


def test_the_board_picture_is_a_palette_png_that_names_its_state(client, saved):
    response = client.get(picture_url(saved))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.mode == "P" and len(image.getcolors(256) or []) <= 256
    assert response["ETag"].strip("W/").startswith('"')
    assert "Accept" in response["Vary"]
    assert "no-cache" in response["Cache-Control"]


def test_a_browser_that_takes_webp_gets_webp_but_a_download_stays_png(client, saved):
    webp = client.get(picture_url(saved), HTTP_ACCEPT="image/avif,image/webp,*/*")
    assert webp["Content-Type"] == "image/webp" and Image.open(io.BytesIO(webp.content)).format == "WEBP"
    download = client.get(picture_url(saved, "?download=1"), HTTP_ACCEPT="image/webp,*/*")
    assert download["Content-Type"] == "image/png" and download.content[:4] == b"\x89PNG"
    assert "attachment" in download["Content-Disposition"]
    plain = client.get(picture_url(saved), HTTP_ACCEPT="image/png,*/*")
    assert plain["Content-Type"] == "image/png"
    assert len({webp["ETag"], plain["ETag"]}) == 2


@pytest.mark.parametrize("weak", [False, True])
def test_a_browser_that_has_this_state_gets_304_and_nothing_is_drawn(client, saved, drawings, weak):
    etag = client.get(picture_url(saved))["ETag"].removeprefix("W/")
    assert len(drawings) == 1
    again = client.get(picture_url(saved), HTTP_IF_NONE_MATCH=("W/" if weak else "") + etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"].removeprefix("W/") == etag
    assert len(drawings) == 1


def test_a_move_changes_the_etag_and_the_picture(client, saved):
    before = client.get(picture_url(saved))
    lay_e(saved)
    stale = client.get(picture_url(saved), HTTP_IF_NONE_MATCH=before["ETag"])
    assert stale.status_code == 200 and stale["ETag"] != before["ETag"]
    assert stale.content != before.content


def test_the_second_request_is_answered_from_the_shared_cache(client, saved, drawings):
    first = client.get(picture_url(saved, "?view=fields"))
    second = client.get(picture_url(saved, "?view=fields"))
    assert first.content == second.content and first["ETag"] == second["ETag"]
    assert len(drawings) == 1
    caches["pictures"].clear()  # as if another server had never drawn it
    client.get(picture_url(saved, "?view=fields"))
    assert len(drawings) == 2


def test_the_cache_is_the_database(settings):
    assert settings.CACHES["pictures"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


def test_the_etag_follows_the_options_the_language_and_the_game(client, saved):
    other = services.create_game(services.GameSettings(players=[("مینا", "green"), ("小明", "blue")]))
    services.add_move(other.code, Placement("D", 0, 0), expected=services.load(other.code).digest)
    lay_e(saved)
    tags = [
        client.get(picture_url(saved))["ETag"],
        client.get(picture_url(saved, "?event=0"))["ETag"],
        client.get(picture_url(saved, "?view=fields"))["ETag"],
        client.get(picture_url(saved, lang="fa"))["ETag"],
        client.get(picture_url(other))["ETag"],
    ]
    assert len(set(tags)) == len(tags)


def test_the_watching_link_serves_the_same_picture(client, saved):
    editing = client.get(picture_url(saved))
    watching = client.get(f"/en/play/watch/{saved.watch_code}/board.png")
    assert watching.status_code == 200 and watching["ETag"] == editing["ETag"]
    assert watching.content == editing.content
    assert client.get("/en/play/watch/nosuchgame/board.png").status_code == 404
    assert client.get("/en/play/nosuchgame/board.png", HTTP_IF_NONE_MATCH=editing["ETag"]).status_code == 404


def test_a_lit_event_is_drawn_and_an_event_past_the_last_lights_nothing(client, board_document):
    saved = services.import_board(read_board(board_document("river-game.json")))
    assert services.load(saved.code).game.report().events
    plain = client.get(picture_url(saved)).content
    lit = client.get(picture_url(saved, "?event=0")).content
    beyond = client.get(picture_url(saved, "?event=999")).content
    assert lit != plain
    assert Image.open(io.BytesIO(beyond)).tobytes() == Image.open(io.BytesIO(plain)).tobytes()


def test_the_fields_picture_of_a_river_game(client, board_document):
    saved = services.import_board(read_board(board_document("river-game.json")))
    picture = client.get(picture_url(saved, "?view=fields"))
    assert picture["Content-Type"] == "image/png" and Image.open(io.BytesIO(picture.content)).mode == "P"


def _tables(database: Path) -> set[str]:
    with sqlite3.connect(database) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_migrate_makes_the_picture_cache_table_also_on_a_database_migrated_before_it(tmp_path):
    database = tmp_path / "old.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "DATABASE"))}
    env["DATABASE_URL"] = f"sqlite:///{database}"

    def manage(*args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args, "-v", "0"], cwd=ROOT, env=env, check=True)

    manage("migrate")
    assert "board_pictures" in _tables(database)
    # A server migrated before the pictures were cached: the table missing, the new step not run.
    manage("migrate", "carcassonne_site", "0001")
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TABLE board_pictures")
    manage("migrate")
    assert "board_pictures" in _tables(database)
