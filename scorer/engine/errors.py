"""Why a placement or a board file is refused.

Every refusal carries a :class:`Rule` (a stable code the web layer translates) and the facts
that explain it (placement index, tile, square, side...). ``str()`` gives the English sentence
used by the command line; the engine itself holds no translations.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Rule(StrEnum):
    """A rule of the game or of the board file that a placement can break."""

    # The board file itself.
    BAD_FILE = "bad_file"
    BAD_FORMAT = "bad_format"
    BAD_PLAYERS = "bad_players"
    BAD_RULES = "bad_rules"
    BAD_EXPANSIONS = "bad_expansions"
    BAD_MODE = "bad_mode"
    BAD_BANKED = "bad_banked"
    BAD_PLACEMENT = "bad_placement"
    UNKNOWN_TILE = "unknown_tile"
    BAD_ROTATION = "bad_rotation"
    BAD_POSITION = "bad_position"
    UNKNOWN_PLACE = "unknown_place"
    UNKNOWN_PLAYER = "unknown_player"
    TOO_MANY_PLACEMENTS = "too_many_placements"
    # Laying tiles.
    NO_TILE_LEFT = "no_tile_left"
    RIVER_NOT_IN_PLAY = "river_not_in_play"
    SQUARE_TAKEN = "square_taken"
    START_TILE = "start_tile"
    NOT_ADJACENT = "not_adjacent"
    EDGE_MISMATCH = "edge_mismatch"
    RIVER_FIRST = "river_first"
    RIVER_CLOSED = "river_closed"
    SPRING_FIRST = "spring_first"
    RIVER_NOT_CONTINUED = "river_not_continued"
    RIVER_SAME_TURN = "river_same_turn"
    LAKE_TOO_EARLY = "lake_too_early"
    NOT_CONNECTED = "not_connected"
    # Meeples.
    NO_FEATURE_THERE = "no_feature_there"
    FEATURE_OCCUPIED = "feature_occupied"
    NO_MEEPLE_LEFT = "no_meeple_left"
    TOO_MANY_MEEPLES = "too_many_meeples"
    # History.
    NOTHING_TO_UNDO = "nothing_to_undo"

    @property
    def template(self) -> str:
        """The English explanation, with ``{name}`` slots filled from an error's facts."""
        return _TEMPLATES[self]


_TEMPLATES: dict[Rule, str] = {
    Rule.BAD_FILE: "the board file is not a JSON object: {detail}",
    Rule.BAD_FORMAT: 'the "format" field must be exactly "carcassonne-board/1"',
    Rule.BAD_PLAYERS: "the players are wrong: {detail}",
    Rule.BAD_RULES: "the rules are wrong: {detail}",
    Rule.BAD_EXPANSIONS: 'the expansions must be [] or ["river"]',
    Rule.BAD_MODE: 'the mode must be "replay" or "final"',
    Rule.BAD_BANKED: "the banked points are wrong: {detail}",
    Rule.BAD_PLACEMENT: "the placement is malformed: {detail}",
    Rule.UNKNOWN_TILE: "there is no tile called {tile_name!r}",
    Rule.BAD_ROTATION: "the rotation must be 0, 90, 180 or 270",
    Rule.BAD_POSITION: "x and y must be whole numbers between -{limit} and {limit}",
    Rule.UNKNOWN_PLACE: "there is no place called {place_name!r} on a tile",
    Rule.UNKNOWN_PLAYER: "the meeple belongs to player {player}, but there is no such player",
    Rule.TOO_MANY_PLACEMENTS: "a game has at most {limit} tiles",
    Rule.NO_TILE_LEFT: "all {count} tiles of type {tile} are already on the board",
    Rule.RIVER_NOT_IN_PLAY: "river tiles are only used when the River expansion is in play",
    Rule.SQUARE_TAKEN: "another tile already lies on that square",
    Rule.START_TILE: "the first tile must be the start tile ({expected})",
    Rule.NOT_ADJACENT: "a tile must touch the board along at least one edge",
    Rule.EDGE_MISMATCH: "its {side} edge ({own}) does not match the {theirs} edge of the tile beside it",
    Rule.RIVER_FIRST: "all the river tiles must be laid before the other tiles",
    Rule.RIVER_CLOSED: "the river is finished: its lake is laid, or other tiles have followed it",
    Rule.SPRING_FIRST: "the spring can only be the first tile",
    Rule.RIVER_NOT_CONTINUED: "a river tile must continue the river from its open end",
    Rule.RIVER_SAME_TURN: "the river may not turn the same way twice in a row",
    Rule.LAKE_TOO_EARLY: "the lake must be the last river tile",
    Rule.NOT_CONNECTED: "the board is not one connected piece; this tile touches none of the others",
    Rule.NO_FEATURE_THERE: "there is no road, city, cloister or field at {place} on this tile",
    Rule.FEATURE_OCCUPIED: "that {feature} already has a meeple on it",
    Rule.NO_MEEPLE_LEFT: "{player_name} has no meeple left in supply",
    Rule.TOO_MANY_MEEPLES: "{player_name} has more than 7 meeples on the board",
    Rule.NOTHING_TO_UNDO: "there is no placement to undo",
}


class BoardError(ValueError):
    """A placement or a board file that cannot be accepted.

    ``index`` is the 0-based position of the offending placement in the file (``None`` when the
    problem is not one placement's); ``tile``, ``x`` and ``y`` say which tile and square;
    ``facts`` hold what the rule's sentence needs.
    """

    def __init__(
        self,
        rule: Rule,
        *,
        index: int | None = None,
        tile: str | None = None,
        x: int | None = None,
        y: int | None = None,
        **facts: Any,
    ) -> None:
        self.rule = rule
        self.index = index
        self.tile = tile
        self.x = x
        self.y = y
        self.facts = facts
        super().__init__(self.message)

    @property
    def reason(self) -> str:
        """The rule broken, as an English sentence."""
        try:
            return self.rule.template.format(tile=self.tile, **self.facts)
        except (KeyError, IndexError):
            return self.rule.template

    @property
    def where(self) -> str:
        """Which placement, in English, or ``""``."""
        if self.index is None:
            return ""
        at = f" at ({self.x}, {self.y})" if self.x is not None and self.y is not None else ""
        tile = f" (tile {self.tile}{at})" if self.tile else ""
        return f"placement {self.index}{tile}"

    @property
    def message(self) -> str:
        where = self.where
        return (
            f"{where[:1].upper()}{where[1:]}: {self.reason}"
            if where
            else self.reason[:1].upper() + self.reason[1:]
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready description, as the API returns it."""
        return {
            "rule": self.rule.value,
            "placement": self.index,
            "tile": self.tile,
            "x": self.x,
            "y": self.y,
            "message": self.message,
            **{k: v for k, v in self.facts.items() if isinstance(v, (str, int, float, bool, type(None)))},
        }


class IllegalPlacementError(BoardError):
    """A placement that breaks a rule of the game."""


class BoardFileError(BoardError):
    """A board file that is malformed: a missing field, a wrong type, an unknown name."""
