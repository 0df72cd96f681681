import json
import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from benchmarks.chromium import CHROMIUM, CHROMIUM_FLAGS

FIXTURES = Path(__file__).parent / "fixtures"

# Playwright's sync API runs an event loop; Django's live server tests need this to talk to the DB.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# A loaded CI machine runs two browsers and two live servers at once: give a swap time to arrive.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where tests leave what a person should look at (screenshots, entry-speed figures): never
    the working directory. ``TEST_ARTIFACTS`` chooses it; the default is in the system's temp."""
    path = Path(os.environ.get("TEST_ARTIFACTS") or Path(tempfile.gettempdir()) / "carcassonne-tests")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def fixture_path():
    return lambda name: FIXTURES / name


@pytest.fixture
def board_document():
    return lambda name: json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium, not a downloaded one (this machine cannot download browsers)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture
def console_errors(page):
    """Errors the page logs to its console; a test can assert there are none."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.fixture(autouse=True)
def _without_rate_limits():
    """The suite makes hundreds of games from one address; the tests of the limits turn them on
    (with pytest-django's ``settings`` fixture, which this leaves alone)."""
    from django.conf import settings as django_settings

    enabled = django_settings.RATELIMIT_ENABLE
    django_settings.RATELIMIT_ENABLE = False
    yield
    django_settings.RATELIMIT_ENABLE = enabled


DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "live_server", "django_db_reset_sequences", "django_db_serialized_rollback"}
)


def pytest_collection_modifyitems(config, items):
    """Mark every test that opens the database ``database``: CI's PostgreSQL pass runs only those
    (the engine and the pictures never touch it)."""
    for item in items:
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.database)


@pytest.fixture
def started_game():
    """A saved two-player game (Mina, Wei) with its start tile laid."""
    from scorer import services
    from scorer.engine import Placement

    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    return saved
