"""Numbers from the outside world (query strings, form fields, headers), read strictly.

``str.isdigit()`` accepts "²" and "۳"; ``int()`` accepts "٣" but not "²". Every number the site
reads goes through here instead: ASCII digits only, an optional minus sign, within bounds.
"""

from __future__ import annotations

import re

_INTEGER = re.compile(r"-?[0-9]{1,9}", re.ASCII)


def parse_int(text: object, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, or ``None`` if it is anything else."""
    if not isinstance(text, str) or not _INTEGER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_square(text: object, limit: int) -> tuple[int, int] | None:
    """ "x,y" as a square within ``limit`` of the start, or ``None``."""
    if not isinstance(text, str) or text.count(",") != 1:
        return None
    x, y = (parse_int(part, -limit, limit) for part in text.split(","))
    return (x, y) if x is not None and y is not None else None
