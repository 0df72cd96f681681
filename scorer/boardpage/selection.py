"""What the user has picked on the board page, read from and written to the query string.

One parse (:meth:`Selection.parse`) and one writer (:meth:`Selection.href`): templates and the
page's script use only the links built here, so the two never disagree about the parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.board_layer.numbers import parse_int, parse_square
from scorer.engine import TILES, FigureKind, Square
from scorer.engine.expansions.princess_dragon import DRAGON_STEPS
from scorer.engine.places import ROTATIONS

MAX_SQUARE = 200
"""No real board reaches further from the start tile (126 tiles in a line)."""


@dataclass(frozen=True)
class Selection:
    """Every choice is optional; a bare board page is ``Selection()``."""

    tile: str | None = None
    square: Square | None = None
    rotation: int | None = None
    player: int | None = None
    """Whose figure the spots are for."""
    kind: FigureKind | None = None
    """Which figure the spots are for."""
    spots: bool = False
    """Show where a figure can go on the tile just laid (or on the tile ``on``)."""
    on: Square | None = None
    """The tile whose figure is being chosen, when it is not the tile just laid (a finished board
    being copied: any tile, at any time)."""
    last: bool = False
    """Show what the last turn did."""
    scored: bool = False
    """Light up what the last tile scored."""
    others: bool = False
    """In a game being played, offer every player's figures: the tile was laid by someone else."""
    tower: str | None = None
    """The Tower's stage of the turn: ``floor`` (which tower), ``top``, ``ransom``, or a tower's
    square ``x,y`` (which figure its new floor captures)."""
    creature: str | None = None
    """Princess & Dragon's stage of the turn: ``fairy``, ``princess``, ``portal`` or ``dragon``."""
    dragon: tuple[Square, ...] | None = None
    """The dragon's steps chosen so far, before its whole move is saved (``x,y~x,y``)."""

    @classmethod
    def parse(cls, params: Mapping[str, str]) -> Selection:
        """Read a query string (or form data); anything malformed is simply not selected."""
        tile = params.get("tile")
        rotation = parse_int(params.get("r"), 0, 270)
        kind = params.get("kind")
        return cls(
            tile=tile if tile in TILES else None,
            square=parse_square(params.get("at"), MAX_SQUARE),
            rotation=rotation if rotation in ROTATIONS else None,
            player=parse_int(params.get("for"), 0, 5),
            kind=FigureKind(kind) if kind in FigureKind.__members__.values() else None,
            spots=params.get("spots") == "1",
            on=parse_square(params.get("on"), MAX_SQUARE),
            last=params.get("last") == "1",
            scored=params.get("scored") == "1",
            others=params.get("others") == "1",
            tower=_tower_stage(params.get("tower")),
            creature=params.get("creature") if params.get("creature") in CREATURE_STAGES else None,
            dragon=_dragon_steps(params.get("dragon")),
        )

    def params(self) -> dict[str, str]:
        """The query parameters that say this selection."""
        return _params(vars(self))

    def href(self, **changes: object) -> str:
        """A link (relative to the board page) to this selection with ``changes`` made."""
        # The board has hundreds of these links: no dataclass copy, and no quoting, as every value
        # is one parse() accepted (tile names, digits, commas, minus signs), safe in a query string.
        values = {**vars(self), **changes} if changes else vars(self)
        query = "&".join(f"{key}={value}" for key, value in _params(values).items())
        return f"?{query}" if query else "?"


def _params(values: Mapping[str, object]) -> dict[str, str]:
    out: dict[str, str] = {}
    tile, square, rotation = values["tile"], values["square"], values["rotation"]
    if tile:
        out["tile"] = str(tile)
    if square is not None:
        out["at"] = f"{square[0]},{square[1]}"
    if rotation is not None:
        out["r"] = str(rotation)
    if values["player"] is not None:
        out["for"] = str(values["player"])
    if values["kind"] is not None:
        out["kind"] = values["kind"].value
    if values["on"] is not None:
        out["on"] = f"{values['on'][0]},{values['on'][1]}"
    for flag in ("spots", "last", "scored", "others"):
        if values[flag]:
            out[flag] = "1"
    if values["tower"]:
        out["tower"] = str(values["tower"])
    if values["creature"]:
        out["creature"] = str(values["creature"])
    if values["dragon"]:
        out["dragon"] = "~".join(f"{x},{y}" for x, y in values["dragon"])
    return out


TOWER_STAGES = ("floor", "top", "ransom")


def _tower_stage(value: str | None) -> str | None:
    if value in TOWER_STAGES:
        return value
    square = parse_square(value, MAX_SQUARE)
    return None if square is None else f"{square[0]},{square[1]}"


CREATURE_STAGES = ("fairy", "princess", "portal", "dragon")


def _dragon_steps(value: str | None) -> tuple[Square, ...] | None:
    """The dragon's steps so far; anything malformed, or more than a move holds, is none."""
    if not value or len(value) > 120:
        return None
    steps = [parse_square(part, MAX_SQUARE) for part in value.split("~")]
    if len(steps) > DRAGON_STEPS or any(step is None for step in steps):
        return None
    return tuple(steps)  # type: ignore[arg-type]


NOTHING = Selection()
