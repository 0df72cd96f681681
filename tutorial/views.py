"""The rules tutor: contents, chapters with their examples and quizzes, example animations."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorer.board_layer.numbers import parse_int
from tutorial import content
from tutorial.animation import example_animation
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.practice import PRACTICES
from tutorial.practice_views import Move, practice_view
from tutorial.presenters import answer_label, example_step, quiz_explanation, quiz_view, why_not_this_turn
from tutorial.scripts import Ask, solve


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


@require_safe
def chapter(request: HttpRequest, slug: str) -> HttpResponse:
    current = _chapter_or_404(slug)
    chapters = content.available(get_language())
    index = [c.slug for c in chapters].index(slug)
    widgets = {}
    for piece in current.widgets:
        if piece.kind == "example" and piece.slug in EXAMPLES:
            widgets[piece.key] = example_step(piece.slug, get_language(), 0)
        elif piece.kind == "quiz" and piece.slug in QUIZZES:
            widgets[piece.key] = quiz_view(piece.slug, get_language())
        elif piece.kind == "practice" and piece.slug in PRACTICES:
            widgets[piece.key] = practice_view(piece.slug, get_language(), Move())
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


@require_safe
def example(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in EXAMPLES:
        raise Http404
    step = parse_int(request.GET.get("step"), 0, 10_000) or 0
    view = example_step(slug, get_language(), step)
    chapter_slug = EXAMPLES[slug].chapter
    context = {"ex": view, "chapter": _chapter_or_404(chapter_slug), "nav": "learn"}
    if request.htmx:
        return render(request, "tutorial/_example.html", context)
    return render(request, "tutorial/example.html", context)


@require_safe
def example_gif(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in EXAMPLES:
        raise Http404
    data = example_animation(slug, get_language())
    response = HttpResponse(data, content_type="image/gif")
    response["Content-Disposition"] = f'attachment; filename="carcassonne-{slug}-{get_language()}.gif"'
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def quiz(request: HttpRequest, slug: str) -> HttpResponse:
    """A quiz, and each answer to it: a wrong first answer earns the hint and another try; the
    answer and why come with a right answer, a second wrong one, or when asked for."""
    if slug not in QUIZZES:
        raise Http404
    view = quiz_view(slug, get_language())
    result = None
    given = request.POST.get("answer", "").strip() if request.method == "POST" else ""
    if request.method == "POST":
        tries = parse_int(request.POST.get("tries", "0"), 0, 1) or 0
        result = _check(slug, given, tries, reveal=bool(request.POST.get("reveal")))
    context = {"quiz": view, "result": result, "given": given, "nav": "learn"}
    context["tries"] = result["tries"] if result else 0
    context["chapter"] = _chapter_or_404(QUIZZES[slug].chapter)
    if request.htmx:
        return render(request, "tutorial/_quiz.html", context)
    return render(
        request, "tutorial/quiz.html", context, status=200 if result is None or result["valid"] else 400
    )


PERSIAN_TO_ASCII = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def _check(slug: str, given: str, tries: int, *, reveal: bool = False) -> dict:
    """How an answer fares. ``state`` is ``right``, ``retry`` (first wrong answer: the hint, no
    answer), ``wrong`` (the second: the answer) or ``shown`` (asked for); ``tries`` counts the
    wrong answers so far; an answer that is no answer at all is not ``valid`` and costs no try."""
    quiz = QUIZZES[slug]
    solution = solve(quiz)
    done = {
        "valid": True,
        "done": True,
        "answer": answer_label(quiz, solution),
        "lines": quiz_explanation(quiz, solution),
    }
    if reveal:
        return {**done, "state": "shown", "correct": False, "tries": tries}
    if quiz.ask is Ask.POINTS:
        number = parse_int(given.translate(PERSIAN_TO_ASCII), -999, 999)
        if number is None:
            return {"valid": False, "message": _("Type a whole number, for example 7."), "tries": tries}
        correct = number == solution.answer
    else:
        if given not in quiz.choices:
            return {"valid": False, "message": _("Choose one of the answers first."), "tries": tries}
        correct = given == solution.key
    if correct:
        return {**done, "state": "right", "correct": True, "tries": tries}
    if tries == 0:
        lines = [why_not_this_turn(solution, int(given))] if quiz.ask is Ask.TURN else []
        return {"valid": True, "state": "retry", "correct": False, "tries": 1, "lines": lines}
    return {**done, "state": "wrong", "correct": False, "tries": tries + 1}
