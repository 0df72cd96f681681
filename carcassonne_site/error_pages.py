"""Error pages in the reader's language, styled like the rest of the site.

Django's defaults for a bad request and a refused form (CSRF) are unstyled English. These render
the site's own templates with the language the URL chose; a refusal keeps whatever the player
entered in their browser, so each page says to go back rather than start again.

An error page must never fail itself, or the player gets a bare 500 instead: nothing here (nor in
the templates, which are told ``error_page``) asks for the request's host, which is exactly what
fails for a Host the site does not list, or touches the database. The language comes from the
URL's prefix, since a refused Host is noticed before the locale middleware has run under HTTPS.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

logger = logging.getLogger("django.request")

PLAIN_400 = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body>
<h1>The site could not read that request.</h1><p>Nothing was saved or lost. Go back and try again.</p>
<p lang="zh-Hant">網站無法讀取這個請求。沒有儲存或遺失任何東西，請返回再試一次。</p>
<p lang="zh-Hans">网站无法读取这个请求。没有保存或丢失任何东西，请返回再试一次。</p>
<p lang="fa" dir="rtl">سایت نتوانست این درخواست را بخواند. چیزی ذخیره یا گم نشد؛
برگردید و دوباره امتحان کنید.</p>
</body></html>
"""
"""The last resort: no template, no translation, nothing that can fail."""

_LONGEST_HOST = 100


def _language_of(request: HttpRequest) -> str:
    return translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE


def _render_error(request: HttpRequest, template: str, context: dict, status: int) -> HttpResponse:
    """The page in the URL's language; if even that fails, a fixed page in all four languages."""
    try:
        with translation.override(_language_of(request)):
            return render(request, template, {"error_page": True, **context}, status=status)
    except Exception:
        logger.exception("The %s page could not be rendered", status)
        return HttpResponse(PLAIN_400, status=status, content_type="text/html; charset=utf-8")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    too_big = type(exception).__name__ in {"RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent"}
    context: dict[str, object] = {"too_big": too_big, "limit_kb": settings.BOARD_FILE_MAX_BYTES // 1024}
    if isinstance(exception, DisallowedHost):
        # Read raw, never through get_host(), which is what refused it; shown escaped, cut short.
        host = request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME", "")
        context["refused_host"] = host[:_LONGEST_HOST]
    return _render_error(request, "400.html", context, 400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return _render_error(request, "403_csrf.html", {"no_cookie": "cookie" in reason.lower()}, 403)


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    response = _render_error(request, "429.html", {}, 429)
    response["Retry-After"] = "60"
    return response
