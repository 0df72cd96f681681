"""A setting the site cannot use stops it at once, with one line naming the variable, what it got
and what it takes (issue 19); the settings of `make run`, `make dev` and the tests still start."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
STRONG_KEY = secrets.token_urlsafe(50)
OURS = {
    "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "LAN", "DATABASE_URL", "HTTPS", "HSTS_SECONDS",
    "CSRF_TRUSTED_ORIGINS", "HASHED_STATIC", "STATIC_ROOT", "SITE_URL", "CLIENT_IP_HEADER",
    "RATE_LIMITS", "RATE_LIMIT_CREATE", "RATE_LIMIT_API", "ALLOW_INSECURE", "PORT",
    "WEB_CONCURRENCY", "WEB_THREADS", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE",
}  # fmt: skip


def environment(tmp_path: Path, **variables: str) -> dict[str, str]:
    """This process's environment without the site's variables; a database of the test's own."""
    env = {key: value for key, value in os.environ.items() if key not in OURS}
    return {**env, "DATABASE_URL": f"sqlite:///{tmp_path / 'check.sqlite3'}", **variables}


def check(tmp_path: Path, **variables: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--database", "default"],
        cwd=ROOT,
        env=environment(tmp_path, **variables),
        capture_output=True,
        text=True,
        timeout=120,
    )


def refused(tmp_path: Path, **variables: str) -> str:
    """The one line the site stopped with; asserts it stopped, and with nothing else."""
    done = check(tmp_path, **variables)
    assert done.returncode != 0, done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr  # no traceback
    return lines[0]


BAD = {
    "a rate that is a word": ({"RATE_LIMIT_API": "lots"}, "RATE_LIMIT_API='lots'", "30/m"),
    "a rate per day": ({"RATE_LIMIT_CREATE": "5/d"}, "RATE_LIMIT_CREATE='5/d'", "/s, /m or /h"),
    "a rate in Persian digits": ({"RATE_LIMIT_API": "۶۰/m"}, "RATE_LIMIT_API='۶۰/m'", "0-9"),
    "no host at all": ({"ALLOWED_HOSTS": ""}, "ALLOWED_HOSTS=''", "at least one host name"),
    "a host with a scheme": ({"ALLOWED_HOSTS": "http://games.example"}, "ALLOWED_HOSTS=", "without http://"),
    "a negative HSTS": ({"HSTS_SECONDS": "-5"}, "HSTS_SECONDS='-5'", "from 0 to"),
    "Persian digits": ({"HSTS_SECONDS": "۵"}, "HSTS_SECONDS='۵'", "in the digits 0-9"),
    "full-width digits": ({"HSTS_SECONDS": "５"}, "HSTS_SECONDS='５'", "in the digits 0-9"),
    "a header as HTTP spells it": (
        {"CLIENT_IP_HEADER": "X-Real-IP"},
        "CLIENT_IP_HEADER='X-Real-IP'",
        "HTTP_X_REAL_IP",
    ),
    "a site URL without a scheme": ({"SITE_URL": "games.example"}, "SITE_URL='games.example'", "https://"),
    "an unknown database": ({"DATABASE_URL": "mysqlx://u:hunter2@h/x"}, "DATABASE_URL=", "postgres://"),
    "a flag that is neither": ({"LAN": "sometimes"}, "LAN='sometimes'", "use 1 or 0"),
    "a short key on a reachable site": (
        {"ALLOWED_HOSTS": "games.example", "SECRET_KEY": "hunter2"},
        "SECRET_KEY is too weak",
        "7 characters",
    ),
    "the code's own key on a reachable site": (
        {"ALLOWED_HOSTS": "games.example", "SECRET_KEY": "local-only-not-secret-carcassonne"},
        "SECRET_KEY is too weak",
        "placeholder",
    ),
    "a key of one letter repeated": (
        {"ALLOWED_HOSTS": "games.example", "SECRET_KEY": "a" * 60},
        "SECRET_KEY is too weak",
        "different characters",
    ),
    "debug pages on a reachable site": (
        {"ALLOWED_HOSTS": "*", "SECRET_KEY": STRONG_KEY, "DEBUG": "1"},
        "DEBUG=1",
        "ALLOW_INSECURE=1",
    ),
}


@pytest.mark.parametrize("variables, named, takes", BAD.values(), ids=BAD)
def test_a_setting_the_site_cannot_use_stops_it_with_one_line_naming_it(tmp_path, variables, named, takes):
    line = refused(tmp_path, **variables)
    assert line.startswith("ImproperlyConfigured: ")
    assert named in line and takes in line
    assert "hunter2" not in line or "SECRET_KEY" not in variables  # a password never printed


def test_a_database_that_cannot_be_reached_stops_the_check_naming_database_url(tmp_path):
    done = check(tmp_path, DATABASE_URL="postgres://carcassonne:hunter2@127.0.0.1:9/carcassonne")
    assert done.returncode != 0
    assert "DATABASE_URL=postgresql://carcassonne@127.0.0.1:9/carcassonne" in done.stderr
    assert "cannot be reached" in done.stderr and "hunter2" not in done.stderr


def test_a_sqlite_file_in_a_folder_that_does_not_exist_stops_the_check(tmp_path):
    done = check(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'nowhere' / 'db.sqlite3'}")
    assert done.returncode != 0
    assert "DATABASE_URL=" in done.stderr and "does not exist" in done.stderr


@pytest.mark.parametrize(
    "variables, named",
    [
        ({"WEB_CONCURRENCY": "۵"}, "WEB_CONCURRENCY='۵'"),
        ({"WEB_THREADS": "0"}, "WEB_THREADS='0'"),
        ({"PORT": "８０００"}, "PORT='８０００'"),
    ],
)
def test_the_production_server_stops_on_its_own_bad_numbers(tmp_path, variables, named):
    started = subprocess.run(
        [str(GUNICORN), "-c", "python:carcassonne_site.gunicorn_conf", "--bind", "127.0.0.1:0"],
        cwd=ROOT,
        env=environment(tmp_path, **variables),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode != 0
    assert started.stderr.strip().splitlines()[-1].startswith(f"ImproperlyConfigured: {named}")


def test_the_production_server_will_not_start_on_a_database_it_cannot_reach(tmp_path):
    started = subprocess.run(
        [str(GUNICORN), "-c", "python:carcassonne_site.gunicorn_conf", "--bind", "127.0.0.1:0"],
        cwd=ROOT,
        env=environment(tmp_path, DATABASE_URL="postgres://u@127.0.0.1:9/x"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode != 0
    assert "DATABASE_URL=postgresql://u@127.0.0.1:9/x" in started.stderr
    assert "Booting worker" not in started.stderr


GOOD = {
    "nothing set (the tests, make setup)": {},
    "make dev": {"DEBUG": "1"},
    "make run": {"SECRET_KEY": STRONG_KEY, "HASHED_STATIC": "1"},
    "a hosted site": {
        "ALLOWED_HOSTS": "carcassonne.example.org,.club.example",
        "SECRET_KEY": STRONG_KEY,
        "HTTPS": "1",
        "HSTS_SECONDS": "3600",
        "CLIENT_IP_HEADER": "HTTP_X_REAL_IP",
        "RATE_LIMIT_API": "10/s",
        "RATE_LIMIT_CREATE": "100/h",
        "SITE_URL": "https://carcassonne.example.org",
    },
    "an insecure site, knowingly": {
        "ALLOWED_HOSTS": "*",
        "DEBUG": "1",
        "SECRET_KEY": "hunter2",
        "ALLOW_INSECURE": "1",
    },
}


@pytest.mark.parametrize("variables", GOOD.values(), ids=GOOD)
def test_settings_the_site_can_use_start(tmp_path, variables):
    done = check(tmp_path, **variables)
    assert done.returncode == 0, done.stderr
    assert "System check identified no issues" in done.stdout


def test_the_test_settings_of_this_run_are_local_and_debug_free():
    from django.conf import settings

    assert settings.DEBUG is False
    assert settings.RATE_LIMITS == {"create": "30/m", "api": "60/m"}
