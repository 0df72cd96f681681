"""Serving for real: settings from the environment, the production server, two servers on one database."""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from benchmarks.load import Browser, ProductionServer, collect_static, move_fields, refusal, start_game
from carcassonne_site import environment
from scorer.engine.simulate import random_game
from scorer.models import SavedGame

ROOT = Path(__file__).resolve().parent.parent
HOSTING = ROOT / "docs" / "hosting.md"
OUR_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "LAN",
    "DATABASE_URL",
    "HTTPS",
    "HSTS_SECONDS",
    "CSRF_TRUSTED_ORIGINS",
    "HASHED_STATIC",
    "STATIC_ROOT",
    "SITE_URL",
    "CLIENT_IP_HEADER",
    "RATE_LIMITS",
    "RATE_LIMIT_CREATE",
    "RATE_LIMIT_API",
}


def clean_environment(**variables: str) -> dict[str, str]:
    """This process's environment without any of the site's variables, plus the given ones."""
    env = {key: value for key, value in os.environ.items() if key not in OUR_VARIABLES}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser tests' need; deploy checks refuse it
    return {**env, **variables}


def run_python(code: str, **variables: str) -> subprocess.CompletedProcess:
    env = {**clean_environment(**variables), "DJANGO_SETTINGS_MODULE": "carcassonne_site.settings"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


SHOW_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
database = s.DATABASES["default"]
print(json.dumps({
    "DEBUG": s.DEBUG,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "SECRET_KEY": s.SECRET_KEY,
    "ENGINE": database["ENGINE"],
    "NAME": str(database["NAME"]),
    "HOST": database["HOST"],
    "PORT": database["PORT"],
    "USER": database["USER"],
    "staticfiles": s.STORAGES["staticfiles"]["BACKEND"],
    "WHITENOISE_USE_FINDERS": s.WHITENOISE_USE_FINDERS,
    "SECURE_PROXY_SSL_HEADER": s.SECURE_PROXY_SSL_HEADER,
    "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS,
    "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "CSRF_TRUSTED_ORIGINS": s.CSRF_TRUSTED_ORIGINS,
}))
"""


def settings_under(**variables: str) -> dict:
    shown = run_python(SHOW_SETTINGS, **variables)
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def documented_production_environment() -> dict[str, str]:
    """The variables of the environment file in docs/hosting.md, with a real key for the placeholder."""
    block = re.search(r"```sh\n# /etc/carcassonne/env\n(.*?)```", HOSTING.read_text(encoding="utf-8"), re.S)
    assert block, "docs/hosting.md has no environment file block"
    variables = {}
    for line in block.group(1).splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            variables[key] = value
    assert variables["SECRET_KEY"].startswith("<"), "the docs must not print a real key"
    variables["SECRET_KEY"] = secrets.token_urlsafe(50)
    return variables


# -- settings -------------------------------------------------------------------------------------


def test_with_nothing_set_the_site_is_for_this_machine_alone():
    shown = settings_under()
    assert shown["DEBUG"] is False
    assert shown["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "[::1]"]
    assert shown["ENGINE"] == "django.db.backends.sqlite3"
    assert shown["NAME"] == str(ROOT / "db.sqlite3")
    assert shown["staticfiles"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert shown["WHITENOISE_USE_FINDERS"] is True
    assert shown["SECURE_SSL_REDIRECT"] is False


def test_debug_is_on_only_when_asked():
    assert settings_under(DEBUG="1")["DEBUG"] is True
    assert settings_under(DEBUG="0")["DEBUG"] is False


def test_a_flag_that_is_neither_yes_nor_no_stops_the_site():
    shown = run_python(SHOW_SETTINGS, HTTPS="maybe")
    assert shown.returncode != 0
    assert "HTTPS='maybe': use 1 or 0." in shown.stderr


def test_a_site_that_others_can_reach_refuses_to_start_without_a_secret_key():
    shown = run_python(SHOW_SETTINGS, ALLOWED_HOSTS="carcassonne.example.org")
    assert shown.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is not set" in shown.stderr
    assert "carcassonne.example.org" in shown.stderr
    key = secrets.token_urlsafe(50)
    assert settings_under(ALLOWED_HOSTS="carcassonne.example.org", SECRET_KEY=key)["SECRET_KEY"] == key


def test_the_production_server_refuses_to_start_without_a_secret_key():
    gunicorn = Path(sys.executable).parent / "gunicorn"
    started = subprocess.run(
        [str(gunicorn), "-c", "python:carcassonne_site.gunicorn_conf", "--bind", "127.0.0.1:0"],
        cwd=ROOT,
        env=clean_environment(ALLOWED_HOSTS="*"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode != 0
    assert "SECRET_KEY is not set" in started.stderr


def test_lan_mode_answers_to_this_machines_address():
    address = environment.lan_address()
    if address is None:  # a machine on no network: the option says so instead of starting blind
        shown = run_python(SHOW_SETTINGS, LAN="1", SECRET_KEY=secrets.token_urlsafe(50))
        assert "no address on a local network" in shown.stderr
        return
    hosts = settings_under(LAN="1", SECRET_KEY=secrets.token_urlsafe(50))["ALLOWED_HOSTS"]
    assert hosts[:3] == ["127.0.0.1", "localhost", "[::1]"]
    assert address in hosts
    assert "SECRET_KEY is not set" in run_python(SHOW_SETTINGS, LAN="1").stderr


def test_https_switches_on_everything_a_site_behind_a_proxy_needs():
    shown = settings_under(
        HTTPS="1", ALLOWED_HOSTS="carcassonne.example.org,.club.example", SECRET_KEY=secrets.token_urlsafe(50)
    )
    assert shown["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert shown["SECURE_SSL_REDIRECT"] is True
    assert shown["SECURE_HSTS_SECONDS"] == 365 * 24 * 3600
    assert shown["SESSION_COOKIE_SECURE"] is True
    assert shown["CSRF_COOKIE_SECURE"] is True
    assert shown["CSRF_TRUSTED_ORIGINS"] == ["https://carcassonne.example.org", "https://*.club.example"]


def test_database_url_chooses_postgresql():
    shown = settings_under(DATABASE_URL="postgres://carcassonne:secret@db.internal:5433/games")
    assert shown["ENGINE"] == "django.db.backends.postgresql"
    assert (shown["HOST"], shown["PORT"], shown["NAME"], shown["USER"]) == (
        "db.internal",
        5433,
        "games",
        "carcassonne",
    )


def test_hashed_static_uses_the_compressed_manifest():
    shown = settings_under(HASHED_STATIC="1")
    assert shown["staticfiles"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert shown["WHITENOISE_USE_FINDERS"] is False


def test_check_deploy_is_clean_with_the_documented_production_environment():
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_environment(**documented_production_environment()),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stderr
    assert "System check identified no issues" in checked.stdout
    assert "WARNINGS" not in checked.stderr + checked.stdout


def test_every_response_forbids_sniffing_and_keeps_the_referrer_home(client):
    response = client.get("/en/")
    assert response.status_code == 200
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


# -- the production server ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def collected_static(tmp_path_factory) -> Path:
    """The static files as `make run` serves them, collected into a folder of this test's own."""
    folder = tmp_path_factory.mktemp("staticfiles")
    collect_static(folder)
    return folder


def this_test_database_url() -> str:
    """The database this test runs on (the test copy of SQLite or PostgreSQL), as a DATABASE_URL."""
    database = connection.settings_dict
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{database['NAME']}"
    assert database["ENGINE"] == "django.db.backends.postgresql"
    credentials = quote(database["USER"], safe="")
    if database["PASSWORD"]:
        credentials += ":" + quote(database["PASSWORD"], safe="")
    return f"postgres://{credentials}@{database['HOST']}:{database['PORT'] or 5432}/{database['NAME']}"


def test_the_production_server_sends_hashed_compressed_static_files(collected_static, tmp_path):
    with ProductionServer(
        f"sqlite:///{tmp_path / 'site.sqlite3'}", workers=1, static_root=collected_static
    ) as server:
        phone = Browser(server.port)
        page = phone.get("/en/learn/")
        assert page.status == 200
        stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page.body)
        assert stylesheet, "the page links the stylesheet under its hashed name"
        css = phone.get(stylesheet.group(1))
        phone.close()
    assert css.status == 200
    assert css.headers["content-encoding"] == "gzip"
    assert "immutable" in css.headers["cache-control"]
    assert "Server Error" not in server.output()


@pytest.mark.django_db(transaction=True)
def test_two_server_processes_on_one_database_see_each_others_moves(collected_static):
    """Nothing lives in a server's memory: a move entered through one is on the board through the other."""
    first_tiles = random_game(random.Random(5), 2, meeple_chance=0.0, max_tiles=3).placements
    url = this_test_database_url()
    with (
        ProductionServer(url, workers=1, threads=2, migrate=False, static_root=collected_static) as one,
        ProductionServer(url, workers=1, threads=2, migrate=False, static_root=collected_static) as other,
    ):
        mina, wei = Browser(one.port), Browser(other.port)
        code = start_game(mina, ["Mina", "Wei"])

        start = first_tiles[0]
        page = mina.get(f"/en/play/{code}/?tile={start.tile}&at={start.x},{start.y}").body
        laid = mina.post(
            f"/en/play/{code}/move", move_fields(page, start.tile, start.x, start.y, start.rotation)
        )
        assert laid.status == 302

        seen = wei.get(f"/en/play/{code}/")
        assert seen.status == 200
        assert json.loads(wei.get(f"/en/play/{code}/state").body)["moves"] == 1

        second = first_tiles[1]
        fields = move_fields(seen.body, second.tile, second.x, second.y, second.rotation)
        assert wei.post(f"/en/play/{code}/move", fields).status == 302

        # Mina's phone still shows the board before Wei's move: the server refuses her stale write.
        stale = mina.post(f"/en/play/{code}/move", move_fields(page, second.tile, 5, 5, 0), htmx=True)
        assert "changed on another device" in (refusal(stale) or "")
        assert json.loads(mina.get(f"/en/play/{code}/state").body)["moves"] == 2
        mina.close()
        wei.close()

    saved = SavedGame.objects.get(code=code)
    assert [move.placement.laid_by(None) for move in saved.moves.all()] == list(first_tiles[:2])
    assert "Server Error" not in one.output() + other.output()


def test_migrate_makes_the_table_the_rate_limits_count_in(tmp_path):
    """The test database gets cache tables by itself; a server's database only through migrate."""
    database = tmp_path / "fresh.sqlite3"
    env = clean_environment(DATABASE_URL=f"sqlite:///{database}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "rate_limits" in tables
