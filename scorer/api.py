"""The JSON API: ``POST /api/score`` takes a board file and answers with its score report."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from carcassonne_site.limits import API, limited
from carcassonne_site.numbers import parse_int
from scorer.board_files import decode_board
from scorer.engine import BoardError, report_to_dict, score_board


@csrf_exempt
@require_POST
@limited(API, block=False)
def score(request: HttpRequest) -> JsonResponse:
    if request.limited:
        message = "Too many requests from this address; wait a minute and try again."
        return JsonResponse({"error": {"rule": "rate_limited", "message": message}}, status=429)
    length = parse_int(request.headers.get("Content-Length") or "0", 0, 10**9)
    if length is None:
        message = "The Content-Length header must be a whole number of bytes in ASCII digits."
        return JsonResponse({"error": {"rule": "bad_length", "message": message}}, status=400)
    if length > settings.BOARD_FILE_MAX_BYTES:
        limit = settings.BOARD_FILE_MAX_BYTES // 1024
        message = f"The board file is too large: the most this site accepts is {limit} kB."
        return JsonResponse({"error": {"rule": "too_large", "message": message}}, status=413)
    try:
        report = score_board(decode_board(request.body))
    except BoardError as error:
        return JsonResponse({"error": error.as_dict()}, status=400)
    return JsonResponse(report_to_dict(report))
