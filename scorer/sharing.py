"""A game's two links, its editing link and its read-only watching link, and their QR codes.

The editing link (the game's ``code``) lets any phone that has it enter moves, undo and end the
game; it is passed on by QR code to the players' phones. The watching link (``watch_code``)
shows the same board, score and moves and refuses every change: for spectators and for a screen
on the table. Neither can be worked out from the other.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from carcassonne_site import environment
from scorer.models import SavedGame

LOCAL_NAMES = {"localhost", "127.0.0.1", "::1", "[::1]"}


@dataclass(frozen=True)
class GameLinks:
    """The addresses of one game's pages as a reader of ``code`` may open them."""

    code: str
    watching: bool = False

    @classmethod
    def of(cls, saved: SavedGame, *, watching: bool = False) -> GameLinks:
        return cls(saved.watch_code if watching else saved.code, watching)

    def _url(self, name: str) -> str:
        prefix = "watch-" if self.watching else ""
        return reverse(f"scorer:{prefix}{name}", kwargs={"code": self.code})

    @cached_property
    def board(self) -> str:
        return self._url("board")

    @cached_property
    def score(self) -> str:
        return self._url("score")

    @cached_property
    def moves(self) -> str:
        return self._url("moves")

    @cached_property
    def export(self) -> str:
        return self._url("export")

    @cached_property
    def image(self) -> str:
        return self._url("image")

    @cached_property
    def state(self) -> str:
        return self._url("state")

    @cached_property
    def track(self) -> str:
        """A finished board's points on the score track and trade goods (never for a watcher)."""
        return "" if self.watching else self._url("track")


@dataclass(frozen=True)
class ShareLink:
    url: str
    qr: str
    """The address of the link's QR code picture."""


@dataclass(frozen=True)
class Sharing:
    """What the share panel shows: the links to give, and whether phones can reach them."""

    edit: ShareLink | None
    watch: ShareLink
    only_this_machine: bool
    """The links name this machine itself, which a phone cannot reach: say how to fix that."""


def absolute(request: HttpRequest, path: str) -> str:
    """``path`` as a phone at the table must open it: on the address other devices reach.

    ``SITE_URL`` names it when the site is hosted; with ``make run LAN=1`` it is this machine's
    address on the local network, even when the page was opened on the machine itself.
    """
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/") + path
    url = request.build_absolute_uri(path)
    if settings.LAN and urlsplit(url).hostname in LOCAL_NAMES:
        address = environment.lan_address()
        if address:
            port = urlsplit(url).port
            return f"http://{address}{':' + str(port) if port else ''}{path}"
    return url


def sharing(request: HttpRequest, saved: SavedGame, *, watching: bool) -> Sharing:
    watch_url = absolute(request, GameLinks.of(saved, watching=True).board)
    watch = ShareLink(watch_url, reverse("scorer:watch-qr", kwargs={"code": saved.watch_code}))
    edit = None
    if not watching:
        edit_url = absolute(request, GameLinks.of(saved).board)
        edit = ShareLink(edit_url, reverse("scorer:qr", kwargs={"code": saved.code, "which": "edit"}))
    return Sharing(edit, watch, urlsplit(watch_url).hostname in LOCAL_NAMES)


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` a phone camera reads from across a table: dark on white, quiet zone
    kept, medium error correction so a crease or glare on a printed copy still scans."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=8, border=4)
    return buffer.getvalue()
