from django.urls import path

from tutorial import pages, practice_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("learn/", views.contents, name="contents"),
    path("learn/examples/<slug:slug>/", views.example, name="example"),
    path("learn/examples/<slug:slug>.gif", views.example_gif, name="example-gif"),
    path("learn/quizzes/<slug:slug>/", views.quiz, name="quiz"),
    # Before the chapters: these slugs would otherwise be taken for chapters that do not exist.
    path("learn/tiles/", pages.tile_reference, name="tile-reference"),
    path("learn/mistakes/", pages.mistakes, name="mistakes"),
    path("learn/summary/", pages.summary, name="summary"),
    path("learn/practice/<slug:slug>/", practice_views.practice, name="practice"),
    path("learn/<slug:slug>/", views.chapter, name="chapter"),
]
