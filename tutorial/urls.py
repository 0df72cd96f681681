from django.urls import path

from tutorial import practice_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("learn/", views.contents, name="contents"),
    path("learn/examples/<slug:slug>/", views.example, name="example"),
    path("learn/examples/<slug:slug>.gif", views.example_gif, name="example-gif"),
    path("learn/quizzes/<slug:slug>/", views.quiz, name="quiz"),
    path("learn/practice/<slug:slug>/", practice_views.practice, name="practice"),
    path("learn/<slug:slug>/", views.chapter, name="chapter"),
]
