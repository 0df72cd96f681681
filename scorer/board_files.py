"""Decoding board files from bytes, for every door they come in by (API, upload, command line).

The engine reads already-decoded JSON; this module owns the bytes: size limit, encoding and JSON
syntax, and turns their failures into the engine's :class:`BoardFileError` so callers handle one
kind of error.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings

from scorer.engine import BoardFileError, Rule


def decode_board(raw: bytes | str) -> Any:
    """The JSON document in ``raw``, or :class:`BoardFileError` saying why it is not one."""
    limit = settings.BOARD_FILE_MAX_BYTES
    if len(raw) > limit:
        raise BoardFileError(
            Rule.BAD_FILE, detail=f"it is larger than {limit // 1024} kB", limit_kb=limit // 1024
        )
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        return json.loads(text, parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise BoardFileError(Rule.BAD_FILE, detail="it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BoardFileError(
            Rule.BAD_FILE,
            detail=f"it is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})",
            line=error.lineno,
            column=error.colno,
        ) from None
    except ValueError as error:
        raise BoardFileError(Rule.BAD_FILE, detail=f"it is not valid JSON ({error})") from None
    except RecursionError:
        raise BoardFileError(Rule.BAD_FILE, detail="it is nested too deeply") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
