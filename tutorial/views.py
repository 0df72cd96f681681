"""The rules tutor: contents, chapters with their examples and quizzes, example animations."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from carcassonne_site.languages import localize_digits
from scorer.explain import sentence
from tutorial import content
from tutorial.animation import example_animation
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.practice import PRACTICES
from tutorial.practice_views import Move, practice_view
from tutorial.presenters import colour_name, example_step, quiz_view
from tutorial.scripts import quiz_answer


def home(request: HttpRequest) -> HttpResponse:
    chapters = content.available(get_language())
    return render(request, "home.html", {"chapters": chapters, "nav": "home"})


def contents(request: HttpRequest) -> HttpResponse:
    chapters = content.available(get_language())
    return render(request, "tutorial/contents.html", {"chapters": chapters, "nav": "learn"})


def _chapter_or_404(slug: str):
    try:
        return content.chapter(get_language(), slug)
    except LookupError:
        raise Http404 from None


@require_GET
def chapter(request: HttpRequest, slug: str) -> HttpResponse:
    current = _chapter_or_404(slug)
    chapters = content.available(get_language())
    index = [c.slug for c in chapters].index(slug)
    widgets = {}
    for piece in current.widgets:
        if piece.kind == "example" and piece.slug in EXAMPLES:
            widgets[piece.slug] = example_step(piece.slug, get_language(), 0)
        elif piece.kind == "quiz" and piece.slug in QUIZZES:
            widgets[piece.slug] = quiz_view(piece.slug, get_language())
        elif piece.kind == "practice" and piece.slug in PRACTICES:
            widgets[piece.slug] = practice_view(piece.slug, get_language(), Move())
    context = {
        "chapter": current,
        "chapters": chapters,
        "widgets": widgets,
        "previous": chapters[index - 1] if index > 0 else None,
        "next": chapters[index + 1] if index + 1 < len(chapters) else None,
        "progress": round(100 * (index + 1) / len(chapters)),
        "nav": "learn",
    }
    return render(request, "tutorial/chapter.html", context)


@require_GET
def example(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in EXAMPLES:
        raise Http404
    step = request.GET.get("step", "0")
    view = example_step(slug, get_language(), int(step) if step.isdigit() else 0)
    chapter_slug = EXAMPLES[slug].chapter
    context = {"ex": view, "chapter": _chapter_or_404(chapter_slug), "nav": "learn"}
    if request.htmx:
        return render(request, "tutorial/_example.html", context)
    return render(request, "tutorial/example.html", context)


@require_GET
def example_gif(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in EXAMPLES:
        raise Http404
    data = example_animation(slug, get_language())
    response = HttpResponse(data, content_type="image/gif")
    response["Content-Disposition"] = f'attachment; filename="carcassonne-{slug}-{get_language()}.gif"'
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_http_methods(["GET", "POST"])
def quiz(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in QUIZZES:
        raise Http404
    view = quiz_view(slug, get_language())
    result = None
    given = request.POST.get("answer", "").strip() if request.method == "POST" else ""
    if request.method == "POST":
        result = _check(slug, given)
    context = {"quiz": view, "result": result, "given": given, "nav": "learn"}
    context["chapter"] = _chapter_or_404(QUIZZES[slug].chapter)
    if request.htmx:
        return render(request, "tutorial/_quiz.html", context)
    return render(
        request, "tutorial/quiz.html", context, status=200 if result is None or result["valid"] else 400
    )


PERSIAN_TO_ASCII = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def _check(slug: str, given: str) -> dict:
    quiz = QUIZZES[slug]
    answer, events = quiz_answer(quiz)
    names = [colour_name(c) for c in quiz.players]
    player = quiz.players.index(quiz.player)
    typed = given.translate(PERSIAN_TO_ASCII)
    if not typed.lstrip("-").isdigit():
        return {"valid": False, "message": _("Type a whole number, for example 7.")}
    correct = int(typed) == answer
    lines = [sentence(e, names, quiz.rules) for e in events if player in e.winners]
    if not lines:
        lines = [_("Nothing here scores for {player}.").format(player=names[player])]
    return {
        "valid": True,
        "correct": correct,
        "answer": localize_digits(answer),
        "lines": lines,
    }
