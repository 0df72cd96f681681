"""A saved game's board and fields pictures: drawn once per state of the game, kept for every server.

A picture is a function of the game's moves (their digest, :func:`scorer.services.digest_of`), of
the game's settings, which never change once it is created (players, colours, rules, expansions),
and of what the request asks for (which view, which event lit, PNG or WebP). So its ETag and its
cache key are made of exactly those, with the game's editing code to tell games apart (two new
games have the same empty digest) and :data:`DRAWING` so that a change to the drawing code is
never answered with an old picture. The bytes go in the ``pictures`` cache, which lives in the
database like everything shared between server processes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from django.core.cache import caches

from scorer import services
from scorer.board_layer.numbers import parse_int
from scorer.board_layer.players import looks_of
from scorer.models import SavedGame
from scorer.render.board_image import render_board
from scorer.render.encoding import Format, encode
from scorer.render.fields_image import render_fields
from scorer.render.sizing import square_size

DRAWING = "3"
"""Raise this when the pictures change for the same game, so that no cache or browser keeps old ones."""

_MOST_EVENTS = 100_000
"""Above any game's number of score events: an ``event`` past the game's last lights nothing."""


@dataclass(frozen=True)
class PictureOptions:
    """What a request asks of a game's picture."""

    fields: bool = False
    event: int | None = None
    format: Format = Format.PNG

    @classmethod
    def of_request(cls, query: Mapping[str, str], accept: str) -> PictureOptions:
        """From the query string and the ``Accept`` header: WebP only for a browser that says it
        takes it, and never for a download (people keep and share a PNG)."""
        fields = query.get("view") == "fields"
        webp = Format.WEBP.content_type in accept.lower() and not query.get("download")
        return cls(
            fields=fields,
            event=None if fields else parse_int(query.get("event"), 0, _MOST_EVENTS),
            format=Format.WEBP if webp else Format.PNG,
        )

    @property
    def key(self) -> str:
        view = "fields" if self.fields else f"board.{'' if self.event is None else self.event}"
        return f"{view}.{self.format.value}"


@dataclass(frozen=True)
class Picture:
    body: bytes
    etag: str
    content_type: str


def _etag(code: str, digest: str, options: PictureOptions, language: str) -> str:
    text = "\n".join((DRAWING, code, digest, options.key, language))
    return '"' + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] + '"'


def current_etag(code: str, options: PictureOptions, language: str, *, watching: bool = False) -> str:
    """The ETag the picture of the game as it now stands has, from one small query and without
    drawing anything; raises ``SavedGame.DoesNotExist``."""
    column = "watch_code" if watching else "code"
    editing_code, digest = SavedGame.objects.values_list("code", "digest").get(**{column: code})
    return _etag(editing_code, digest, options, language)


def picture(code: str, options: PictureOptions, language: str, *, watching: bool = False) -> Picture:
    """The picture's bytes from the shared cache, drawn and kept there if they are not in it yet;
    raises ``SavedGame.DoesNotExist``."""
    loaded = services.load(code, watching=watching)
    # The digest of the moves just read, not the row's: the bytes are drawn from these moves.
    etag = _etag(loaded.saved.code, loaded.digest, options, language)
    cache = caches["pictures"]
    key = f"picture:{etag.strip(chr(34))}"
    body = cache.get(key)
    if body is None:
        body = encode(draw(loaded, options), options.format)
        cache.set(key, body)
    return Picture(body, etag, options.format.content_type)


def draw(loaded: services.Loaded, options: PictureOptions):
    """The picture as an image, at the scale the board's extent allows."""
    game = loaded.game
    colors = [look.color for look in looks_of(game.players)]
    extent = game.board.extent
    if options.fields:
        return render_fields(game, colors=colors, tile_size=square_size(extent, 80))
    events = game.report().events if options.event is not None else []
    highlight = events[options.event] if options.event is not None and options.event < len(events) else None
    return render_board(game, colors=colors, highlight=highlight, tile_size=square_size(extent, 96))
