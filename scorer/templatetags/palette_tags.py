"""The palette's tiles, each drawn by its template once per process for what it shows.

A placement's answer carries the whole palette (up to ninety tiles with every box) although only
one tile's count changed; the markup of a tile depends on nothing but the fields in its key, so
it is rendered once and then reused. In DEBUG the template is read afresh every time.
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scorer.boardpage.palette import PaletteEntry

register = template.Library()

TEMPLATE = "scorer/_palette_tile.html"


@register.simple_tag
def palette_tile(entry: PaletteEntry) -> SafeString:
    if settings.DEBUG:
        return _render(entry)
    key = (get_language(), entry.tile.name, entry.remaining, entry.selected, entry.key, entry.label,
           entry.href, entry.focus)  # fmt: skip
    return _cached(key, entry)


def _cached(key: tuple, entry: PaletteEntry) -> SafeString:
    markup = _MARKUP.get(key)
    if markup is None:
        if len(_MARKUP) >= _MAX:
            _MARKUP.clear()
        markup = _MARKUP[key] = _render(entry)
    return markup


def _render(entry: PaletteEntry) -> SafeString:
    return mark_safe(get_template(TEMPLATE).render({"entry": entry}))


_MARKUP: dict[tuple, SafeString] = {}
_MAX = 8192
"""Enough for every tile of every box, in four languages, in each state a palette shows it."""
