from functools import wraps

from django.http import HttpResponsePermanentRedirect
from django.urls import path, register_converter, reverse

from scorer import views

app_name = "scorer"
WATCHING = {"watching": True}


class GameCodeConverter:
    """A game's code or watching code as typed: in any case, read in lower case (codes are
    lower-case: ``models.CODE_ALPHABET``), so that a code copied with a capital still opens it."""

    regex = "[0-9A-Za-z]{1,16}"

    def to_python(self, value: str) -> str:
        return value.lower()

    def to_url(self, value: str) -> str:
        return str(value).lower()


register_converter(GameCodeConverter, "code")


def lower_case(view):
    """A page asked for with a capital in its code: moved for good to its lower-case address
    (the phones' ``/state`` and every write are simply answered under the code as read)."""

    @wraps(view)
    def answer(request, *args, **kwargs):
        if request.method in ("GET", "HEAD"):
            match = request.resolver_match
            address = reverse(f"{match.namespace}:{match.url_name}", kwargs=match.kwargs)
            if address != request.path and address.lower() == request.path.lower():
                query = request.META.get("QUERY_STRING")
                return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
        return view(request, *args, **kwargs)

    return answer


urlpatterns = [
    path("", views.new_game, name="new"),
    path("import/", views.import_game, name="import"),
    # The read-only link: the same pages, no form, a code that cannot edit.
    path("watch/<code:code>/", lower_case(views.watch), name="watch-board"),
    path("watch/<code:code>/score/", lower_case(views.score), WATCHING, name="watch-score"),
    path("watch/<code:code>/moves/", lower_case(views.moves), WATCHING, name="watch-moves"),
    path("watch/<code:code>/board.json", lower_case(views.export), WATCHING, name="watch-export"),
    path("watch/<code:code>/board.png", lower_case(views.image), WATCHING, name="watch-image"),
    path("watch/<code:code>/state", views.api_state, WATCHING, name="watch-state"),
    path("watch/<code:code>/qr.png", lower_case(views.qr), WATCHING, name="watch-qr"),
    path("<code:code>/", lower_case(views.board), name="board"),
    path("<code:code>/move", views.move, name="move"),
    path("<code:code>/figure", views.figure, name="figure"),
    path("<code:code>/undo", views.undo, name="undo"),
    path("<code:code>/finish", views.finish, name="finish"),
    path("<code:code>/track/", lower_case(views.track), name="track"),
    path("<code:code>/market", views.market, name="market"),
    path("<code:code>/score/", lower_case(views.score), name="score"),
    path("<code:code>/moves/", lower_case(views.moves), name="moves"),
    path("<code:code>/board.json", lower_case(views.export), name="export"),
    path("<code:code>/board.png", lower_case(views.image), name="image"),
    path("<code:code>/state", views.api_state, name="state"),
    path("<code:code>/qr/<str:which>.png", lower_case(views.qr), name="qr"),
]
