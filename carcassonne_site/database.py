"""When the database cannot be written or reached: say so clearly, lose nothing, keep reading.

A full disk, a read-only file, a PostgreSQL server gone away or switched to read-only all surface
as one of Django's database errors (:func:`is_trouble`). What the site does about them:

- **Reads never need a write.** The rate-limit counters live in a database cache that takes a
  failure to read or write as a miss (:class:`TolerantDatabaseCache`, with ratelimit failing
  open), so a count that cannot be kept lets the request through; Django's own database cache,
  which keeps the board pictures, already skips a picture it cannot store. SQLite's WAL mode is set once
  in the file when it can be (:func:`use_wal`), not demanded of every connection, since asking for
  it on a read-only file that is not already in WAL mode fails every request, reads included.
- **A write that fails is answered, not crashed** (:class:`DatabaseTroubleMiddleware`): the board
  again with :data:`CANNOT_SAVE`, in the reader's language, for a page or an htmx post alike; JSON
  with an error code and ``Retry-After`` for the phones' ``/state`` and ``/api/score``.
- **The start-up check says so before serving** (:func:`check_database`, run by Gunicorn's
  ``on_starting``, ``migrate`` and ``manage.py check --database default``): a database that cannot
  be reached stops the site, naming ``DATABASE_URL``; one that cannot be written is a warning,
  since the site can still show every game.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from django.core import checks
from django.core.cache.backends.db import DatabaseCache
from django.db import (
    DatabaseError,
    IntegrityError,
    InterfaceError,
    InternalError,
    OperationalError,
    connection,
)
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger("django.carcassonne.database")

CANNOT_SAVE = _("The server cannot save moves right now: nothing is lost; try again in a moment.")
CANNOT_READ = _("The server cannot reach its games right now: nothing is lost; try again in a moment.")
RETRY_AFTER = "10"
"""Seconds a client is asked to wait (``Retry-After``) before trying again."""

LOW_DISK_BYTES = 16 * 1024 * 1024
"""Less free space than this beside an SQLite file: the start-up check warns."""


def is_trouble(error: BaseException) -> bool:
    """True for a database that cannot be written or reached (disk full, read-only, connection lost),
    not for what the code must handle itself (a broken constraint) or a bug (bad SQL)."""
    if isinstance(error, IntegrityError):
        return False
    return (
        isinstance(error, OperationalError | InterfaceError | InternalError) or type(error) is DatabaseError
    )


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text[:200] or type(error).__name__


# -- reads that need no write ---------------------------------------------------------------------


class TolerantDatabaseCache(DatabaseCache):
    """Django's database cache, for counters and pictures that the site can do without: a read that
    fails is a miss, a write that fails is skipped (and logged), so no page fails for them."""

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except DatabaseError as error:
            if not is_trouble(error):
                raise
            logger.warning("cache %s not read: %s", self._table, one_line(error))
            return {}

    def _base_set(self, mode, key, value, timeout=None):
        try:
            return super()._base_set(mode, key, value, timeout)
        except DatabaseError as error:  # Django's own swallows only part of these
            if not is_trouble(error):
                raise
            logger.warning("cache %s not written: %s", self._table, one_line(error))
            return False

    def _base_delete_many(self, keys):
        try:
            return super()._base_delete_many(keys)
        except DatabaseError as error:
            if not is_trouble(error):
                raise
            return False


def use_wal(sender, connection, **kwargs) -> None:
    """On each new SQLite connection, WAL mode if the file allows it (a no-op once it is): readers
    never wait for the writer. A read-only file stays as it is, and is still read."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
        except OperationalError as error:
            logger.warning("SQLite file left out of WAL mode: %s", one_line(error))


# -- the start-up check ---------------------------------------------------------------------------


def describe(settings_dict: dict) -> str:
    """The database as an address for a message, without its password."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict.get("USER") or ""
    host = settings_dict.get("HOST") or "localhost"
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    vendor = settings_dict["ENGINE"].rsplit(".", 1)[-1]
    return f"{vendor}://{user + '@' if user else ''}{host}{port}/{settings_dict.get('NAME') or ''}"


def _sqlite_file(name: object) -> tuple[Path | None, bool]:
    """The file an SQLite NAME opens (``None`` for memory) and whether it is opened read-only."""
    text = str(name)
    if text == ":memory:" or "mode=memory" in text:
        return None, False
    if text.startswith("file:"):
        parts = urlsplit(text)
        return Path(parts.path), parse_qs(parts.query).get("mode") == ["ro"]
    return Path(text), False


def check_database(app_configs=None, databases=None, **kwargs) -> list[checks.CheckMessage]:
    """Registered as a database check, so run where the database matters and named (``migrate``,
    ``check --database default``, Gunicorn's start), not by every command that runs checks."""
    if not databases or connection.alias not in databases:
        return []
    label = f"DATABASE_URL={describe(connection.settings_dict)}"
    if connection.vendor == "sqlite":
        path, _read_only = _sqlite_file(connection.settings_dict["NAME"])
        if path is None:
            return []
        if not path.exists():
            # `migrate` creates it; the folder must be there and writable.
            if not path.parent.is_dir():
                return [checks.Error(f"{label}: the folder {path.parent} does not exist.", id="site.E101")]
            if not os.access(path.parent, os.W_OK):
                return [checks.Error(f"{label}: the folder {path.parent} is read-only.", id="site.E101")]
            return []
    try:
        return _probe(label)
    except Exception as error:
        return [checks.Error(f"{label}: the database cannot be reached ({one_line(error)}).", id="site.E102")]
    finally:
        connection.close()  # nothing opened here is inherited by Gunicorn's workers


def _probe(label: str) -> list[checks.CheckMessage]:
    """Connect, then ask whether a write would be accepted, without writing anything."""
    problem = None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if connection.vendor == "sqlite":
            # A table made and rolled back: SQLite refuses it on a read-only file (taking the write
            # lock alone succeeds there) and on a full disk, and keeps nothing of it otherwise.
            cursor.execute("BEGIN IMMEDIATE")
            try:
                cursor.execute("CREATE TABLE site_write_probe (x)")
            except OperationalError as error:
                problem = one_line(error)
            finally:
                cursor.execute("ROLLBACK")
            path, _ = _sqlite_file(connection.settings_dict["NAME"])
            if problem is None and path is not None:
                free = shutil.disk_usage(path.parent).free
                if free < LOW_DISK_BYTES:
                    problem = f"only {free // 1024} kB free on the disk of {path}"
        elif connection.vendor == "postgresql":
            cursor.execute("SHOW transaction_read_only")
            if cursor.fetchone()[0] == "on":
                problem = "the server accepts only reads (transaction_read_only is on)"
    if problem is None:
        return []
    return [
        checks.Warning(
            f"{label}: the database cannot be written ({problem}). The site will show every game, "
            "but refuse moves and new games until it can.",
            id="site.W103",
        )
    ]
