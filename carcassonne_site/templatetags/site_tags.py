from django import template

from carcassonne_site.languages import localize_digits

register = template.Library()


@register.filter
def digits(value: object) -> str:
    """Write a number in the reader's digits: Persian digits on Persian pages."""
    return localize_digits(value)


@register.filter
def get_item(mapping: dict, key: str) -> object:
    """``mapping[key]`` in a template, or ``None``."""
    return mapping.get(key) if hasattr(mapping, "get") else None
