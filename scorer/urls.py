from django.urls import path

from scorer import views

app_name = "scorer"

urlpatterns = [
    path("", views.new_game, name="new"),
    path("import/", views.import_game, name="import"),
    path("<str:code>/", views.board, name="board"),
    path("<str:code>/move", views.move, name="move"),
    path("<str:code>/figure", views.figure, name="figure"),
    path("<str:code>/undo", views.undo, name="undo"),
    path("<str:code>/finish", views.finish, name="finish"),
    path("<str:code>/score/", views.score, name="score"),
    path("<str:code>/moves/", views.moves, name="moves"),
    path("<str:code>/board.json", views.export, name="export"),
    path("<str:code>/board.png", views.image, name="image"),
    path("<str:code>/state", views.api_state, name="state"),
]
