"""The scoring assistant's pages. Each view: parse, call a service, render; nothing more.

Every action works as a plain form post or link; with htmx (``request.htmx``) the same view
answers with just the ``play`` partial, and refused moves come back as a 200 partial carrying
the message, so htmx swaps it in place.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer import pictures, services
from scorer.board_files import decode_board
from scorer.board_layer.languages import localize_digits as digits
from scorer.board_layer.messages import explain
from scorer.board_layer.numbers import parse_square
from scorer.board_layer.players import looks_of
from scorer.board_layer.tile_names import tile_name
from scorer.boardpage.along import or_next_square
from scorer.boardpage.city_step import city_asks, city_initial, market_refs
from scorer.boardpage.creature_step import creature_initial, creature_places
from scorer.boardpage.moves import move_rows
from scorer.boardpage.page import board_page, changed_by_last_turn, turn_summary
from scorer.boardpage.selection import MAX_SQUARE, NOTHING, Selection
from scorer.engine import (
    TILES,
    CarcassonneError,
    Good,
    Meeple,
    Mode,
    Placement,
    read_board,
)
from scorer.engine.actions import kind_of
from scorer.forms import FigureForm, ImportForm, MoveForm, NewGameForm, StateForm, TrackForm
from scorer.limits import CREATE, limited
from scorer.models import SavedGame
from scorer.pictures import PictureOptions
from scorer.reports import score_page
from scorer.sharing import GameLinks, qr_png, sharing

STALE = gettext_lazy(
    "This game was changed on another device. The board now shows the latest moves; check it and try again."
)


SYNCED = gettext_lazy("The board now shows what was entered on another device.")


@limited(CREATE)
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        saved = services.create_game(form.settings())
        return redirect("scorer:board", code=saved.code)
    return render(request, "scorer/new.html", _start_context(form, ImportForm()))


@require_POST
@limited(CREATE)
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        upload = form.cleaned_data.get("file")
        raw = (
            upload.read(settings.BOARD_FILE_MAX_BYTES + 1)
            if upload
            else form.cleaned_data["text"].encode("utf-8", "surrogatepass")
        )
        try:
            saved = services.import_board(read_board(decode_board(raw)))
        except CarcassonneError as problem:
            error = explain(problem)
        else:
            return redirect("scorer:board", code=saved.code)
    context = _start_context(NewGameForm(), form, import_error=error)
    return render(request, "scorer/new.html", context, status=400)


def _start_context(form: NewGameForm, import_form: ImportForm, **more) -> dict:
    limit = settings.BOARD_FILE_MAX_BYTES
    return {
        "form": form,
        "import_form": import_form,
        "import_limit_bytes": limit,
        "import_limit_kb": limit // 1024,
        "nav": "play",
        **more,
    }


def _load(code: str, watching: bool = False) -> services.Loaded:
    try:
        return services.load(code, watching=watching)
    except SavedGame.DoesNotExist:
        raise Http404 from None


def kept_palette(request: HttpRequest, page, laid: str | None) -> dict:
    """Context for an answer that leaves the page's own list of tiles in place (``hx-preserve``)
    and sends only the entry of the tile just ``laid`` (``None``: no tile changed): a lay or a
    figure changes nothing else in it, unless the lay ended the River (the list's order and
    letters change with it). A board being copied keeps whose figure comes next in every link,
    so it always gets the list again."""
    game = page.game
    if not request.htmx or game.mode is not Mode.REPLAY or not game.turns or page.finished:
        return {}
    if laid is not None and TILES[laid].is_river and game.board.bound_square is None:
        return {}
    entry = next((e for e in page.palette if e.tile.name == laid), None) if laid else None
    return {"keep_palette": True, "laid_entry": entry}


def _render_play(
    request: HttpRequest,
    loaded: services.Loaded,
    selection: Selection,
    *,
    message: str | None = None,
    level: str = "error",
    status: int = 200,
    end_check: dict | None = None,
    laid: str | None = None,
    keep: bool = False,
) -> HttpResponse:
    page = board_page(loaded, selection)
    context = {
        **(kept_palette(request, page, laid) if keep else {}),
        "end_check": end_check,
        "saved": loaded.saved,
        "page": page,
        "links": GameLinks.of(loaded.saved),
        "sharing": sharing(request, loaded.saved, watching=False),
        "message": message,
        "level": level,
        "nav": "play",
    }
    if request.htmx:
        return render(request, "scorer/board.html#play", context)
    return render(request, "scorer/board.html", context, status=status)


@require_safe
def board(request: HttpRequest, code: str) -> HttpResponse:
    note = str(SYNCED) if request.GET.get("synced") == "1" else None
    loaded = _load(code)
    check = _end_check(loaded, loaded.game.board.holes()) if request.GET.get("end") == "check" else None
    selection = Selection.parse(request.GET)
    return _render_play(request, loaded, selection, message=note, level="info", end_check=check)


def _end_check(loaded: services.Loaded, holes: set) -> dict | None:
    """What the board page asks before ending a copied board with squares between tiles still
    empty: how many, where, and whether to score it anyway (``None``: nothing to ask)."""
    if not holes or loaded.saved.finished or loaded.saved.mode != "final":
        return None
    count = len(holes)
    squares = sorted(holes, key=lambda s: (s[1], s[0]))
    return {
        "text": ngettext(
            "{n} square between tiles is still empty: a tile may be missing there.",
            "{n} squares between tiles are still empty: a tile may be missing there.",
            count,
        ).format(n=digits(count)),
        "squares": [
            {"label": _("{x}, {y}").format(x=digits(x), y=digits(y)), "href": Selection(square=(x, y)).href()}
            for x, y in squares
        ],
    }


@require_safe
def watch(request: HttpRequest, code: str) -> HttpResponse:
    """The board as a spectator sees it: everything on it, and nothing that changes it."""
    loaded = _load(code, watching=True)
    context = {
        "saved": loaded.saved,
        "page": board_page(loaded, NOTHING, read_only=True),
        "links": GameLinks.of(loaded.saved, watching=True),
        "sharing": sharing(request, loaded.saved, watching=True),
        "nav": "play",
    }
    if request.htmx:
        context["synced"] = request.GET.get("synced") == "1"
        return render(request, "scorer/watch.html#watching", context)
    return render(request, "scorer/watch.html", context)


def _placed(
    request: HttpRequest, loaded: services.Loaded, selection: Selection, origin
) -> HttpResponse | None:
    """The answer to a placement made on the page: only what changed, swapped in out of band, as
    long as the board's first column and row stay where the page has them; else ``None``."""
    game = loaded.game
    if not request.htmx or len(game.turns) < 2 or None in origin:
        return None
    page = board_page(loaded, selection, only=changed_by_last_turn(game))
    if (page.grid.west, page.grid.north) != origin:
        return None
    context = {
        "saved": loaded.saved,
        "page": page,
        "links": GameLinks.of(loaded.saved),
        "sharing": sharing(request, loaded.saved, watching=False),
        "message": turn_summary(game, page.looks),
        "level": "success",
        "oob": True,
        "laid": game.turns[-1].placement.square,
        **kept_palette(request, page, game.turns[-1].placement.tile),
    }
    response = render(request, "scorer/_placed.html", context)
    response["HX-Reswap"] = "none"
    response["HX-Trigger-After-Settle"] = "board-updated"
    return response


def _after_write(
    request: HttpRequest, loaded: services.Loaded, selection: Selection, *, keep=False, laid=None
) -> HttpResponse:
    if request.htmx:
        if loaded.undone is not None:
            summary = _("Tile {tile} at {x}, {y} was taken back.").format(
                tile=tile_name(loaded.undone.tile), x=digits(loaded.undone.x), y=digits(loaded.undone.y)
            )
        else:
            summary = turn_summary(loaded.game, looks_of(loaded.game.players))
        done = {"message": summary, "level": "success"}
        return _render_play(request, loaded, selection, **done, keep=keep, laid=laid)
    url = reverse("scorer:board", kwargs={"code": loaded.saved.code})
    return redirect(url + selection.href())


def _refused(request: HttpRequest, code: str, message: str, selection: Selection) -> HttpResponse:
    return _render_play(request, _load(code), selection, message=message, status=400)


def _write(
    request: HttpRequest,
    code: str,
    action,
    selection: Selection,
    after: Selection | Callable[[services.Loaded], Selection],
    origin=None,
    keep: bool = False,
    laid: str | None = None,
) -> HttpResponse:
    """Run a service that changes the game; answer with the board (or, for a placement, what
    changed on it), or the refusal on it. ``keep``: the write changes in the list of tiles at most
    the entry of the tile ``laid``, so the page may keep its own list (:func:`kept_palette`)."""
    try:
        loaded = action()
    except CarcassonneError as error:
        return _refused(request, code, explain(error), selection)
    except services.StaleMoveError:
        return _refused(request, code, str(STALE), NOTHING)
    except SavedGame.DoesNotExist:
        raise Http404 from None
    if callable(after):
        after = after(loaded)
    if origin is not None:
        answer = _placed(request, loaded, after, origin)
        if answer is not None:
            return answer
    return _after_write(request, loaded, after, keep=keep, laid=laid)


@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _refused(request, code, _("Choose a tile and a square first."), Selection.parse(request.POST))
    data = form.cleaned_data
    placement = Placement(data["tile"], data["x"], data["y"], data["rotation"])
    player = data.get("player")
    selection = Selection(
        tile=data["tile"], square=placement.square, rotation=data["rotation"], player=player
    )
    return _write(
        request,
        code,
        lambda: services.add_move(code, placement, expected=data["expected"]),
        selection,
        lambda loaded: or_next_square(loaded, player, Selection(spots=True, player=player)),
        origin=(data.get("west"), data.get("north")),
        keep=True,
        laid=placement.tile,
    )


@require_POST
def figure(request: HttpRequest, code: str) -> HttpResponse:
    form = FigureForm(request.POST)
    if not form.is_valid():
        return _refused(request, code, _("Choose where the figure stands."), Selection(spots=True))
    data = form.cleaned_data
    action = data["action"]
    player = getattr(action, "player", data.get("player"))
    kind = action.kind if isinstance(action, Meeple) else None
    on = parse_square(data.get("on"), MAX_SQUARE)
    clear = data.get("clear") or None
    # A ransom (an action beside the turn's one choice) leaves the figure step open.
    beside = clear is not None or (action is not None and not kind_of(action).choice)
    return _write(
        request,
        code,
        lambda: services.set_action(code, data["number"], action, expected=data["expected"], clear=clear),
        Selection(spots=True, player=player, kind=kind, on=on),
        (
            lambda loaded: (
                Selection(spots=True, player=player)
                if city_asks(loaded.game)  # who steps out of the City, a quarter: still to answer
                else or_next_square(loaded, player, Selection(scored=True, player=player))
            )
        )
        if action is not None and not beside
        else Selection(spots=True, player=player, on=on),
        keep=True,
    )


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    form = StateForm(request.POST)
    if not form.is_valid():
        return _refused(request, code, _("Nothing was undone."), NOTHING)
    expected = form.cleaned_data["expected"]
    return _write(request, code, lambda: services.undo(code, expected=expected), NOTHING, NOTHING)


@require_POST
def finish(request: HttpRequest, code: str) -> HttpResponse:
    form = StateForm(request.POST)
    if not form.is_valid():
        return _refused(request, code, _("The game was not ended."), NOTHING)
    data = form.cleaned_data
    finished = data["finished"]
    try:
        services.finish(code, finished, expected=data["expected"], holes_checked=data["confirm"])
    except services.EmptySquaresError as empty:
        if request.htmx:
            loaded = _load(code)
            return _render_play(request, loaded, NOTHING, end_check=_end_check(loaded, empty.squares))
        return redirect(reverse("scorer:board", kwargs={"code": code}) + "?end=check#end-check")
    except services.StaleMoveError:
        return _refused(request, code, str(STALE), NOTHING)
    except SavedGame.DoesNotExist:
        raise Http404 from None
    target = reverse("scorer:score" if finished else "scorer:board", kwargs={"code": code})
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


@require_http_methods(["GET", "HEAD", "POST"])
def track(request: HttpRequest, code: str) -> HttpResponse:
    """A finished board's points on the score track and trade goods: what the board cannot show."""
    loaded = _load(code)
    saved = loaded.saved
    if saved.mode != "final":
        raise Http404
    names = [p["name"] for p in saved.players]
    foundations = sorted(s for s, placed in loaded.game.board.tiles.items() if placed.tile.tower is not None)
    places = creature_places(loaded.game, looks_of(loaded.game.players))
    form = TrackForm(
        names,
        saved.expansions,
        request.POST or None,
        initial=_track_initial(loaded, foundations),
        foundations=foundations,
        **places,
    )
    message = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.set_track(
                code, data["banked"], data["goods"], expected=data["expected"], extras=data["extras"] or None
            )
        except CarcassonneError as error:
            message = explain(error)
        except services.StaleMoveError:
            # What this phone entered stays in the form, now naming the game as it is.
            message = _("This game was changed on another device. Check the numbers and save again.")
            entered = request.POST.copy()
            entered["expected"] = _load(code).digest
            form = TrackForm(names, saved.expansions, entered, foundations=foundations, **places)
        else:
            return redirect("scorer:board", code=code)
    context = {"saved": saved, "form": form, "links": GameLinks.of(saved), "message": message, "nav": "play"}
    return render(request, "scorer/track.html", context, status=400 if form.errors or message else 200)


def _track_initial(loaded: services.Loaded, foundations: list) -> dict:
    saved = loaded.saved
    initial: dict = {"expected": loaded.digest}
    heights = {p.square: p for p in loaded.game.pieces() if p.kind == "tower"}
    for n, square in enumerate(foundations):
        piece = heights.get(square)
        initial[f"tower_{n}_height"] = piece.size if piece else 0
        if piece is not None and piece.figure is not None:
            initial[f"tower_{n}_top"] = f"{piece.figure[0]}:{piece.figure[1].value}"
    initial.update(creature_initial(loaded.game))
    initial.update(city_initial(loaded.game))
    for held in loaded.game.held():
        key = f"prisoners_{held.holder}_{held.player}_{held.kind.value}"
        initial[key] = initial.get(key, 0) + 1
    for i, _player in enumerate(saved.players):
        initial[f"banked_{i}"] = (saved.banked or [])[i] if i < len(saved.banked or []) else 0
        held = saved.goods[i] if i < len(saved.goods or []) else {}
        for good in Good:
            initial[f"goods_{i}_{good.value}"] = held.get(good.value, 0)
    return initial


@require_POST
def market(request: HttpRequest, code: str) -> HttpResponse:
    """Where the market's followers go at the end (the Count): a field each, or nowhere."""
    form = StateForm(request.POST)
    if not form.is_valid():
        return _refused(request, code, _("Nothing was changed."), NOTHING)
    loaded = _load(code)
    chosen = [request.POST.get(f"market_{n}", "")[:40] for n in range(64)]
    refs = market_refs(loaded.game, chosen)
    try:
        value = [ref.as_json() for ref in refs]
        services.set_end(code, "market", value, expected=form.cleaned_data["expected"])
    except CarcassonneError as error:
        context = score_page(loaded, {})
        context.update({"saved": loaded.saved, "links": GameLinks.of(loaded.saved), "nav": "play"})
        context["market_problem"] = explain(error)
        return render(request, "scorer/score.html", context, status=400)
    except services.StaleMoveError:
        return _refused(request, code, str(STALE), NOTHING)
    return redirect(reverse("scorer:score", kwargs={"code": code}) + "#market")


@require_safe
def score(request: HttpRequest, code: str, watching: bool = False) -> HttpResponse:
    loaded = _load(code, watching)
    context = score_page(loaded, request.GET)
    context.update(
        {"saved": loaded.saved, "links": GameLinks.of(loaded.saved, watching=watching), "nav": "play"}
    )
    if request.htmx and request.headers.get("HX-Target") == "explain":
        return render(request, "scorer/score.html#explain", context)
    return render(request, "scorer/score.html", context)


@require_safe
def moves(request: HttpRequest, code: str, watching: bool = False) -> HttpResponse:
    loaded = _load(code, watching)
    rows = move_rows(loaded.game, looks_of(loaded.game.players))
    template = "scorer/_moves.html" if request.htmx else "scorer/moves.html"
    links = GameLinks.of(loaded.saved, watching=watching)
    return render(request, template, {"saved": loaded.saved, "links": links, "moves": rows, "nav": "play"})


@require_safe
def export(request: HttpRequest, code: str, watching: bool = False) -> HttpResponse:
    loaded = _load(code, watching)
    document = services.export_board(loaded.game)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="carcassonne-{code}.json"'
    return response


@require_safe
def image(request: HttpRequest, code: str, watching: bool = False) -> HttpResponse:
    """The board (or ``?view=fields``) picture: an empty 304 when the browser already has this state
    of the game, else the bytes, drawn only if no server process has drawn them yet."""
    options = PictureOptions.of_request(request.GET, request.headers.get("Accept", ""))
    language = get_language()
    try:
        etag = pictures.current_etag(code, options, language, watching=watching)
        # GZip makes our ETag weak on the way out: the browser sends it back with a W/.
        seen = {tag.removeprefix("W/") for tag in parse_etags(request.headers.get("If-None-Match", ""))}
        if etag in seen:
            response = HttpResponseNotModified()
        else:
            drawn = pictures.picture(code, options, language, watching=watching)
            response = HttpResponse(drawn.body, content_type=drawn.content_type)
            etag = drawn.etag
    except SavedGame.DoesNotExist:
        raise Http404 from None
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Accept"])
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="carcassonne-{code}.png"'
    return response


@require_safe
def api_state(request: HttpRequest, code: str, watching: bool = False) -> HttpResponse:
    """Whether the game moved on since a phone last looked: one small query, and an empty 304
    answer when nothing changed (the phone sends what it saw as ``If-None-Match``)."""
    try:
        state, count = services.state_and_moves(code, watching=watching)
    except SavedGame.DoesNotExist:
        raise Http404 from None
    return _state_answer(request, state, count)


def _state_answer(request: HttpRequest, state: str, count: int) -> HttpResponse:
    etag = f'"{state}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"state": state, "moves": count})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def qr(request: HttpRequest, code: str, which: str = "watch", watching: bool = False) -> HttpResponse:
    """The QR code of a game's editing link (only from the editing link) or its watching link."""
    try:
        saved = SavedGame.objects.get(**{"watch_code" if watching else "code": code})
    except SavedGame.DoesNotExist:
        raise Http404 from None
    if which not in {"edit", "watch"} or (watching and which == "edit"):
        raise Http404
    links = sharing(request, saved, watching=watching)
    url = links.edit.url if which == "edit" and links.edit else links.watch.url
    response = HttpResponse(qr_png(url), content_type="image/png")
    response["Cache-Control"] = "private, max-age=3600"
    return response
