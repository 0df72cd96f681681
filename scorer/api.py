"""The JSON API: ``POST /api/score`` takes a board file and answers with its score report."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from scorer.board_files import decode_board
from scorer.board_layer.numbers import parse_int
from scorer.engine import BoardError, report_to_dict, score_board
from scorer.limits import API, limited


@csrf_exempt
@require_POST
@limited(API, block=False)
def score(request: HttpRequest) -> JsonResponse:
    if request.limited:
        message = "Too many requests from this address; wait a minute and try again."
        response = JsonResponse({"error": {"rule": "rate_limited", "message": message}}, status=429)
        response["Retry-After"] = "60"
        return response
    if (
        not request.headers.get("Content-Length")
        and "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    ):
        return _score_chunked(request)
    length = parse_int(request.headers.get("Content-Length") or "0", 0, 10**9)
    if length is None:
        message = "The Content-Length header must be a whole number of bytes in ASCII digits."
        return JsonResponse({"error": {"rule": "bad_length", "message": message}}, status=400)
    if length > settings.BOARD_FILE_MAX_BYTES:
        limit = settings.BOARD_FILE_MAX_BYTES // 1024
        message = f"The board file is too large: the most this site accepts is {limit} kB."
        return JsonResponse({"error": {"rule": "too_large", "message": message}}, status=413)
    return _report(request.body)


def _score_chunked(request: HttpRequest) -> JsonResponse:
    """A body sent in chunks, without a length: read up to the limit from the server's own stream
    (Django reads nothing without a Content-Length), and refuse it only past the limit."""
    limit = settings.BOARD_FILE_MAX_BYTES
    body = request.META["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        message = f"The board file is too large: the most this site accepts is {limit // 1024} kB."
        return JsonResponse({"error": {"rule": "too_large", "message": message}}, status=413)
    return _report(body)


def _report(body: bytes) -> JsonResponse:
    try:
        report = score_board(decode_board(body))
    except BoardError as error:
        return JsonResponse({"error": error.as_dict()}, status=400)
    return JsonResponse(report_to_dict(report))
