"""Answering "has the game moved on?" before the rest of the site is involved.

Every phone at the table asks every 1.5 s (static/js/board.js); nearly every answer is "no", an
empty 304. Through the whole middleware stack and URL resolver that "no" costs more than the
database lookup it needs, so this middleware, first in the stack, answers it directly. Anything
else (a first check with no ETag, a changed game, an unknown code) goes on to the view
(``views.api_state``), which gives the same answers in full.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from carcassonne_site.database import CANNOT_READ, is_trouble, logger, one_line
from carcassonne_site.middleware import unavailable_json
from scorer.services import state_of

_STATE_PATH = re.compile(
    r"/(?P<language>[a-z-]{2,7})/play/(?P<watch>watch/)?(?P<code>[A-Za-z0-9]{1,16})/state"
)  # a code in any case, as the URL converter reads it (scorer/urls.py)
_LANGUAGES = frozenset(code for code, _ in settings.LANGUAGES)


class StateCheckMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seen = request.META.get("HTTP_IF_NONE_MATCH")
        if seen and request.method == "GET":
            match = _STATE_PATH.fullmatch(request.path_info)
            if match and match["language"] in _LANGUAGES:
                try:
                    current = _current(match)
                except DatabaseError as error:
                    if not is_trouble(error):
                        raise
                    logger.error("%s: the database cannot be read: %s", request.path, one_line(error))
                    return unavailable_json(CANNOT_READ)
                if seen != current:
                    return self.get_response(request)
                response = HttpResponseNotModified()
                response["ETag"] = seen
                response["Cache-Control"] = "no-cache"
                return response
        return self.get_response(request)


def _current(match: re.Match) -> str | None:
    from scorer.models import SavedGame

    try:
        return f'"{state_of(match["code"].lower(), watching=bool(match["watch"]))}"'
    except SavedGame.DoesNotExist:
        return None
