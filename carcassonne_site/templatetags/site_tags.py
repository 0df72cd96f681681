from django import template

from scorer.board_layer import languages
from scorer.board_layer.languages import localize_digits

register = template.Library()


@register.filter
def digits(value: object) -> str:
    """Write a number in the reader's digits: Persian digits on Persian pages."""
    return localize_digits(value)


@register.filter
def get_item(mapping: dict, key: str) -> object:
    """``mapping[key]`` in a template, or ``None``."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.simple_tag
def sentence_gap() -> str:
    """Between two sentences, or after a label's colon: a space, or nothing in Chinese."""
    return languages.sentence_gap()


@register.simple_tag
def label_colon(label: object) -> str:
    """ "Road:" in English, 「道路：」 in Chinese: a label with its language's colon."""
    return languages.labelled(str(label), "").rstrip()
