"""Middleware of the site's own: answering when the database fails (see ``database.py``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import override

from carcassonne_site.database import CANNOT_READ, CANNOT_SAVE, RETRY_AFTER, is_trouble, logger, one_line

GAME_WRITES = frozenset({"move", "figure", "undo", "finish"})
"""The board page's posts: answered with the board again and the notice, as a refused move is."""
JSON_ANSWERS = frozenset({"state", "watch-state", "export", "watch-export"})
PICTURES = frozenset({"image", "watch-image", "qr", "watch-qr", "tile-image", "tile-png", "tile-mask"})


def unavailable_json(english: str) -> JsonResponse:
    """The phones' ``/state`` and ``/api/score``: their own format, an error code, when to retry."""
    with override("en"):
        message = str(english)
    response = JsonResponse({"error": {"rule": "database_unavailable", "message": message}}, status=503)
    response["Retry-After"] = RETRY_AFTER
    response["Cache-Control"] = "no-store"
    return response


class DatabaseTroubleMiddleware:
    """A view that failed on the database (disk full, read-only, connection lost) gets an answer in
    the format its client reads, saying that nothing is lost, instead of a bare 500."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_trouble(exception):
            return None
        writing = request.method not in {"GET", "HEAD", "OPTIONS"}
        logger.error(
            "%s %s: the database cannot be %s: %s",
            request.method,
            request.path,
            "written" if writing else "read",
            one_line(exception),
        )
        match = request.resolver_match
        name = match.url_name if match else None
        notice = CANNOT_SAVE if writing else CANNOT_READ
        if name == "api-score" or name in JSON_ANSWERS:
            return unavailable_json(notice)
        if name in PICTURES:
            response = HttpResponse(str(notice), status=503, content_type="text/plain; charset=utf-8")
        elif name in GAME_WRITES and match.namespace == "scorer":
            response = _board_again(request, match.kwargs["code"]) or _page(request, notice)
        else:
            response = _page(request, notice)
        response["Retry-After"] = RETRY_AFTER
        return response


def _board_again(request: HttpRequest, code: str) -> HttpResponse | None:
    """The board as it stands, with the notice where a refused move's message goes: for htmx a
    200 partial (htmx swaps nothing else), for a plain post a 503 page. ``None`` if the board
    cannot even be read."""
    from scorer import views
    from scorer.boardpage.selection import NOTHING

    try:
        loaded = views._load(code)
        return views._render_play(request, loaded, NOTHING, message=str(CANNOT_SAVE), status=503)
    except Exception as error:
        if not is_trouble(error):
            raise
        return None


def _page(request: HttpRequest, notice) -> HttpResponse:
    return render(request, "503.html", {"error_page": True, "notice": notice}, status=503)
