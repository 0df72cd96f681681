from django.urls import path

from scorer import views

app_name = "scorer"
WATCHING = {"watching": True}

urlpatterns = [
    path("", views.new_game, name="new"),
    path("import/", views.import_game, name="import"),
    # The read-only link: the same pages, no form, a code that cannot edit.
    path("watch/<str:code>/", views.watch, name="watch-board"),
    path("watch/<str:code>/score/", views.score, WATCHING, name="watch-score"),
    path("watch/<str:code>/moves/", views.moves, WATCHING, name="watch-moves"),
    path("watch/<str:code>/board.json", views.export, WATCHING, name="watch-export"),
    path("watch/<str:code>/board.png", views.image, WATCHING, name="watch-image"),
    path("watch/<str:code>/state", views.api_state, WATCHING, name="watch-state"),
    path("watch/<str:code>/qr.png", views.qr, WATCHING, name="watch-qr"),
    path("<str:code>/", views.board, name="board"),
    path("<str:code>/move", views.move, name="move"),
    path("<str:code>/figure", views.figure, name="figure"),
    path("<str:code>/undo", views.undo, name="undo"),
    path("<str:code>/finish", views.finish, name="finish"),
    path("<str:code>/track/", views.track, name="track"),
    path("<str:code>/score/", views.score, name="score"),
    path("<str:code>/moves/", views.moves, name="moves"),
    path("<str:code>/board.json", views.export, name="export"),
    path("<str:code>/board.png", views.image, name="image"),
    path("<str:code>/state", views.api_state, name="state"),
    path("<str:code>/qr/<str:which>.png", views.qr, name="qr"),
]
