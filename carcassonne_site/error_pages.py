"""Error pages in the reader's language, styled like the rest of the site.

Django's defaults for a bad request and a refused form (CSRF) are unstyled English. These render
the site's own templates with the language the URL chose; a refusal keeps whatever the player
entered in their browser, so each page says to go back rather than start again.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    too_big = type(exception).__name__ in {"RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent"}
    context = {"too_big": too_big, "limit_kb": settings.BOARD_FILE_MAX_BYTES // 1024}
    return render(request, "400.html", context, status=400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render(request, "403_csrf.html", {"no_cookie": "cookie" in reason.lower()}, status=403)


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    response = render(request, "429.html", status=429)
    response["Retry-After"] = "60"
    return response
