"""The scoring assistant's pages. Each view: parse, call a service, render; nothing more.

Every action works as a plain form post or link; with htmx (``request.htmx``) the same view
answers with just the ``play`` partial, and refused moves come back as a 200 partial carrying
the message, so htmx swaps it in place.
"""

from __future__ import annotations

import dataclasses
import json

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from scorer import services
from scorer.board_files import decode_board
from scorer.engine import TILES, BoardError, Meeple, Placement, read_board
from scorer.engine.places import ROTATIONS, Place
from scorer.forms import ImportForm, MeepleForm, MoveForm, NewGameForm, UndoForm
from scorer.messages import explain
from scorer.models import SavedGame
from scorer.presenters import Selection, board_page, turn_summary
from scorer.render.board_image import board_png
from scorer.render.fields_image import fields_png
from scorer.render.tile_art import feature_mask_png, tile_sprites
from scorer.reports import score_page


def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        saved = services.create_game(form.settings())
        return redirect("scorer:board", code=saved.code)
    return render(request, "scorer/new.html", {"form": form, "import_form": ImportForm(), "nav": "play"})


@require_POST
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        upload = form.cleaned_data.get("file")
        raw = (
            upload.read(settings.BOARD_FILE_MAX_BYTES + 1)
            if upload
            else form.cleaned_data["text"].encode("utf-8")
        )
        try:
            saved = services.import_board(read_board(decode_board(raw)))
        except BoardError as problem:
            error = explain(problem)
        else:
            return redirect("scorer:board", code=saved.code)
    context = {"form": NewGameForm(), "import_form": form, "import_error": error, "nav": "play"}
    return render(request, "scorer/new.html", context, status=400)


def _saved(code: str) -> SavedGame:
    return get_object_or_404(SavedGame, code=code)


def _selection(params) -> Selection:
    tile = params.get("tile")
    square = None
    if "," in params.get("at", ""):
        try:
            x, y = (int(v) for v in params["at"].split(",", 1))
            square = (x, y)
        except ValueError:
            square = None
    rotation = params.get("r")
    meeple_for = params.get("for")
    return Selection(
        tile=tile if tile in TILES else None,
        square=square,
        rotation=int(rotation) if rotation in {str(r) for r in ROTATIONS} else None,
        meeple_for=int(meeple_for) if meeple_for in {"0", "1", "2", "3", "4"} else None,
        show_dots=params.get("dots") == "1",
        show_last=params.get("last") == "1",
        show_scored=params.get("scored") == "1",
    )


def _render_play(
    request: HttpRequest,
    saved: SavedGame,
    game,
    selection: Selection,
    *,
    message: str | None = None,
    level: str = "error",
    status: int = 200,
) -> HttpResponse:
    if selection.meeple_for is not None and selection.meeple_for >= len(saved.players):
        selection = dataclasses.replace(selection, meeple_for=None)
    page = board_page(game, saved.players, selection, finished=saved.finished)
    context = {"saved": saved, "page": page, "message": message, "level": level, "nav": "play"}
    if request.htmx:
        return render(request, "scorer/board.html#play", context)
    return render(request, "scorer/board.html", context, status=status)


@require_GET
def board(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    return _render_play(request, saved, services.load_game(saved), _selection(request.GET))


def _after_write(request: HttpRequest, saved: SavedGame, game, message: str, params: dict) -> HttpResponse:
    if request.htmx:
        return _render_play(request, saved, game, _selection(params), message=message, level="success")
    url = reverse("scorer:board", kwargs={"code": saved.code})
    return redirect(f"{url}?{urlencode(params)}" if params else url)


def _refused(request, saved: SavedGame, message: str, selection: Selection) -> HttpResponse:
    saved.refresh_from_db()
    return _render_play(request, saved, services.load_game(saved), selection, message=message, status=400)


STALE = gettext_lazy(
    "This game was changed on another device. The board now shows the latest moves; check it and try again."
)


@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _refused(request, saved, _("Choose a tile and a square first."), _selection(request.POST))
    data = form.cleaned_data
    placement = Placement(data["tile"], data["x"], data["y"], data["rotation"])
    selection = Selection(tile=data["tile"], square=(data["x"], data["y"]), rotation=data["rotation"])
    try:
        game = services.add_move(code, placement, expected=data["expected"])
    except BoardError as error:
        return _refused(request, saved, explain(error), selection)
    except services.StaleMoveError:
        return _refused(request, saved, str(STALE), Selection())
    return _after_write(request, saved, game, turn_summary(game, saved.players), {"dots": "1"})


@require_POST
def meeple(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    form = MeepleForm(request.POST)
    if not form.is_valid():
        return _refused(request, saved, _("Choose where the meeple stands."), Selection(show_dots=True))
    data = form.cleaned_data
    chosen = None
    if data.get("place") and data.get("player") is not None:
        chosen = Meeple(data["player"], Place[data["place"]])
    try:
        game = services.set_meeple(code, chosen, expected=data["expected"])
    except BoardError as error:
        return _refused(
            request, saved, explain(error), Selection(show_dots=True, meeple_for=data.get("player"))
        )
    except services.StaleMoveError:
        return _refused(request, saved, str(STALE), Selection())
    params = {"scored": "1"} if chosen else {"dots": "1"}
    return _after_write(request, saved, game, turn_summary(game, saved.players), params)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _refused(request, saved, _("Nothing was undone."), Selection())
    try:
        game = services.undo(code, expected=form.cleaned_data["expected"])
    except BoardError as error:
        return _refused(request, saved, explain(error), Selection())
    except services.StaleMoveError:
        return _refused(request, saved, str(STALE), Selection())
    saved.refresh_from_db()
    return _after_write(request, saved, game, _("The last tile was taken back."), {})


@require_POST
def finish(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    saved.finished = request.POST.get("finished", "1") == "1"
    saved.save(update_fields=["finished", "updated"])
    if saved.finished:
        return redirect("scorer:score", code=code)
    return redirect("scorer:board", code=code)


@require_GET
def score(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    context = score_page(saved, request.GET)
    context.update({"saved": saved, "nav": "play"})
    if request.htmx and request.headers.get("HX-Target") == "explain":
        return render(request, "scorer/score.html#explain", context)
    return render(request, "scorer/score.html", context)


@require_GET
def moves(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    page = board_page(services.load_game(saved), saved.players, Selection(), finished=True)
    template = "scorer/_moves.html" if request.htmx else "scorer/moves.html"
    return render(request, template, {"saved": saved, "page": page, "nav": "play"})


@require_GET
def export(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    document = services.export_board(saved, services.load_game(saved))
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="carcassonne-{saved.code}.json"'
    return response


@require_GET
def image(request: HttpRequest, code: str) -> HttpResponse:
    saved = _saved(code)
    game = services.load_game(saved)
    highlight = None
    event = request.GET.get("event", "")
    if event.isdigit():
        events = game.report().events
        if int(event) < len(events):
            highlight = events[int(event)]
    colors = [p["color"] for p in saved.players]
    if request.GET.get("view") == "fields":
        png = fields_png(game, colors=colors)
    else:
        png = board_png(game, colors=colors, highlight=highlight)
    response = HttpResponse(png, content_type="image/png")
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="carcassonne-{saved.code}.png"'
    return response


SPRITE_SIZE = 128


@require_GET
def tile_image(request: HttpRequest, name: str) -> HttpResponse:
    png = tile_sprites(SPRITE_SIZE).get(name)
    if png is None:
        raise Http404
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def tile_mask(request: HttpRequest, name: str, feature: int) -> HttpResponse:
    """Where one feature of a tile lies, as an alpha mask for highlighting it in the browser."""
    if name not in TILES or feature >= len(TILES[name].features):
        raise Http404
    response = HttpResponse(feature_mask_png(name, feature, SPRITE_SIZE), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def api_state(request: HttpRequest, code: str) -> JsonResponse:
    """The number of moves, so a second phone can notice the game moved on."""
    saved = _saved(code)
    return JsonResponse({"moves": saved.moves.count(), "updated": saved.updated.isoformat()})
