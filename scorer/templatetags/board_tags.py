"""Pieces of the board page drawn once per process for each state they show.

A placement's answer carries the whole palette (up to ninety tiles with every box) and every empty
square (a hundred on a big board), although a placement changes only a few of them. The markup of
a palette tile or an empty square depends on nothing but the fields in its key, so each is rendered
by its template once and then reused. In DEBUG the templates are read afresh every time.
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

_MARKUP: dict[tuple, SafeString] = {}
_MAX = 20_000
"""Enough for every tile of every box and the squares around a big board, in each state they show,
in four languages; past it the memory starts again from nothing."""


@register.simple_tag
def palette_tile(entry) -> SafeString:
    """One tile of the palette when no square is chosen (``scorer/_palette_tile.html``)."""
    key = ("palette", get_language(), entry.tile.name, entry.remaining, entry.selected, entry.key,
           entry.label, entry.href, entry.focus)  # fmt: skip
    return _drawn("scorer/_palette_tile.html", key, {"entry": entry})


@register.simple_tag
def open_square(cell, roving: bool) -> SafeString:
    """One empty square of a board (``boards/_open_square.html``)."""
    focus = getattr(cell, "focus", False)
    key = ("square", cell.css, cell.x, cell.y, cell.href, cell.label, roving, focus)
    return _drawn("boards/_open_square.html", key, {"c": cell, "roving": roving, "focus": focus})


def _drawn(name: str, key: tuple, context: dict) -> SafeString:
    if settings.DEBUG:
        return mark_safe(get_template(name).render(context))
    markup = _MARKUP.get(key)
    if markup is None:
        if len(_MARKUP) >= _MAX:
            _MARKUP.clear()
        markup = _MARKUP[key] = mark_safe(get_template(name).render(context))
    return markup


@register.filter
def figure_name(kind: str) -> str:
    """A figure's name ("big meeple") in the reader's language, from its kind's value."""
    from scorer.board_layer.messages import figure_name as name
    from scorer.engine import FigureKind

    return name(FigureKind(kind))
