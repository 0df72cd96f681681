"""What the site needs to know about its four languages beyond Django's own tables."""

from __future__ import annotations

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_bidi, pgettext

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
"""Persian readers expect Persian digits (U+06F0..U+06F9), not Arabic-Indic ones."""

HREFLANG = {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans", "fa": "fa"}
"""BCP 47 tags for ``hreflang`` and ``lang``; Django's codes are lower-case."""


def localize_digits(value: object, language: str | None = None) -> str:
    """``value`` as text, with its digits in the script of ``language`` (the active one by default)."""
    text = str(value)
    if (language or get_language()) == "fa":
        text = text.replace("-", "\u2212").translate(PERSIAN_DIGITS)
    return text


def alternates(path: str) -> list[dict[str, str | bool]]:
    """The same page in every language: code, name, tag, URL and whether it is the current one."""
    current = get_language()
    return [
        {
            "code": code,
            "name": name,
            "tag": HREFLANG[code],
            "url": translate_url(path, code),
            "current": code == current,
        }
        for code, name in settings.LANGUAGES
    ]


def direction() -> str:
    return "rtl" if get_language_bidi() else "ltr"


def sentences(first: str, second: str) -> str:
    """Two sentences one after the other: Chinese puts no space between them."""
    return pgettext("two sentences", "{first} {second}").format(first=first, second=second)


def sentence_gap() -> str:
    """What goes between two sentences (or after a label's colon): a space, or nothing in Chinese."""
    return sentences("", "")


def labelled(label: str, text: str) -> str:
    """ "Road: Mina scores 4." with the colon and the gap of the language (Chinese: full width)."""
    return pgettext("a label before its text", "{label}: {text}").format(label=label, text=text)
