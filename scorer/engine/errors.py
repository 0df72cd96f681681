"""Why something is refused: a small hierarchy of errors, each carrying a :class:`Rule` and facts.

- :class:`NotationError`: a placement string that does not parse (``Placement.parse``).
- :class:`IllegalPlacementError`: a well-formed placement that breaks a rule of the game.
- :class:`BoardFileError`: a board-file document that is malformed.
- :class:`SetupError`: a game that cannot be set up (a bad number of players, say).

All four derive from :class:`CarcassonneError` (a :class:`ValueError`). Each carries a stable
:class:`Rule` code that the web layer translates and the facts that explain it (placement index,
tile, square, side...). ``str()`` gives the English sentence used by the command line; the engine
itself holds no translations. :class:`Problem` is the same knowledge before it is raised: why a
tile may not go somewhere, as a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    BAD_GOODS = "bad_goods"
    BAD_PLACEMENT = "bad_placement"
    UNKNOWN_TILE = "unknown_tile"
    BAD_ROTATION = "bad_rotation"
    BAD_POSITION = "bad_position"
    UNKNOWN_PLACE = "unknown_place"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_FIGURE = "unknown_figure"
    LAYER_MISSING = "layer_missing"
    RECALL_IN_FINAL = "recall_in_final"
    TOO_MANY_PLACEMENTS = "too_many_placements"
    BAD_NOTATION = "bad_notation"
    # Laying tiles.
    NO_TILE_LEFT = "no_tile_left"
    TILE_NOT_IN_GAME = "tile_not_in_game"
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
    # Figures.
    NO_FEATURE_THERE = "no_feature_there"
    FEATURE_OCCUPIED = "feature_occupied"
    NO_MEEPLE_LEFT = "no_meeple_left"
    TOO_MANY_MEEPLES = "too_many_meeples"
    FIGURE_NOT_IN_GAME = "figure_not_in_game"
    WRONG_FEATURE_FOR_FIGURE = "wrong_feature_for_figure"
    GARDEN_ONLY_ABBOT = "garden_only_abbot"
    NEEDS_OWN_FIGURE = "needs_own_figure"
    FIGURE_NOT_LAYER = "figure_not_layer"
    # The abbot's recall.
    TWO_ACTIONS = "two_actions"
    ACTION_NOT_IN_GAME = "action_not_in_game"
    RECALL_NOT_THERE = "recall_not_there"
    RECALL_COMPLETED = "recall_completed"
    # The Tower.
    BAD_TOWER = "bad_tower"
    BAD_CAPTURE = "bad_capture"
    BAD_RANSOM = "bad_ransom"
    # Princess & Dragon.
    VOLCANO = "volcano"
    BAD_PORTAL = "bad_portal"
    BAD_FAIRY = "bad_fairy"
    BAD_PRINCESS = "bad_princess"
    BAD_DRAGON = "bad_dragon"
    BAD_START = "bad_start"
    BAD_FROM_CITY = "bad_from_city"
    BAD_QUARTER = "bad_quarter"
    BAD_MARKET = "bad_market"
    ACTION_IN_FINAL = "action_in_final"
    FIELD_NOT_IN_GAME = "field_not_in_game"
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
    Rule.BAD_EXPANSIONS: "the expansions are wrong: {detail}",
    Rule.BAD_MODE: 'the mode must be "replay" or "final"',
    Rule.BAD_BANKED: "the banked points are wrong: {detail}",
    Rule.BAD_GOODS: "the goods are wrong: {detail}",
    Rule.BAD_PLACEMENT: "the placement is malformed: {detail}",
    Rule.UNKNOWN_TILE: "there is no tile called {tile_name!r}",
    Rule.BAD_ROTATION: "the rotation must be 0, 90, 180 or 270",
    Rule.BAD_POSITION: "x and y must be whole numbers between -{limit} and {limit}",
    Rule.UNKNOWN_PLACE: "there is no place called {place_name!r} on a tile",
    Rule.UNKNOWN_PLAYER: "the figure belongs to player index {player}, but there is no such player",
    Rule.UNKNOWN_FIGURE: "there is no figure called {figure!r}",
    Rule.LAYER_MISSING: 'an earlier placement names who laid it, so this one must name its "player" too',
    Rule.RECALL_IN_FINAL: "an abbot can only be recalled in a game entered as it is played",
    Rule.TOO_MANY_PLACEMENTS: "a game has at most {limit} tiles",
    Rule.BAD_NOTATION: "{text!r} is not a placement: {detail}",
    Rule.NO_TILE_LEFT: "all {count} tiles of type {tile} are already on the board",
    Rule.TILE_NOT_IN_GAME: "tile {tile} is not part of this game's tiles",
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
    Rule.FEATURE_OCCUPIED: "that {feature} already has a figure on it",
    Rule.NO_MEEPLE_LEFT: "{player_name} has no {figure} left in supply",
    Rule.TOO_MANY_MEEPLES: "{player_name} has more {figure} figures on the board than the game has",
    Rule.FIGURE_NOT_IN_GAME: "this game has no {figure} (its expansion is not in play)",
    Rule.WRONG_FEATURE_FOR_FIGURE: "the {figure} cannot stand on a {feature}",
    Rule.GARDEN_ONLY_ABBOT: "only an abbot may stand on a garden",
    Rule.NEEDS_OWN_FIGURE: "the {figure} may only join a {feature} where its player already has a meeple",
    Rule.FIGURE_NOT_LAYER: (
        "the figure belongs to player index {player}, but player index {layer} laid the tile"
    ),
    Rule.TWO_ACTIONS: "a player either places a figure or recalls the abbot, not both",
    Rule.ACTION_NOT_IN_GAME: "this game has no {action}: its expansion is not in play",
    Rule.BAD_TOWER: "no tower floor or figure can go there ({problem})",
    Rule.BAD_CAPTURE: "that figure cannot be captured ({problem})",
    Rule.BAD_RANSOM: "that ransom cannot be paid ({problem})",
    Rule.VOLCANO: "no figure may stand on a volcano tile as it is laid",
    Rule.BAD_PORTAL: "no figure can go there through the magic portal ({problem})",
    Rule.BAD_FAIRY: "the fairy cannot move there ({problem})",
    Rule.BAD_PRINCESS: "the princess cannot send that knight home ({problem})",
    Rule.BAD_DRAGON: "the dragon cannot move so ({problem})",
    Rule.BAD_START: "the City of Carcassonne is laid first, each tile on its own square ({problem})",
    Rule.BAD_FROM_CITY: "no follower can step out of the City there ({problem})",
    Rule.BAD_QUARTER: "no follower can go into that quarter now ({problem})",
    Rule.BAD_MARKET: "no follower can move from the market to that field ({problem})",
    Rule.ACTION_IN_FINAL: "that happens only in a game entered as it is played",
    Rule.FIELD_NOT_IN_GAME: "{detail}",
    Rule.RECALL_NOT_THERE: "{player_name} has no abbot on square ({at_x}, {at_y})",
    Rule.RECALL_COMPLETED: (
        "this tile completes the abbot's {feature} on ({at_x}, {at_y}): it scores 9 and the abbot "
        "comes home by itself"
    ),
    Rule.NOTHING_TO_UNDO: "there is no placement to undo",
}


@dataclass(frozen=True)
class Problem:
    """Why something may not be done, as a value: the rule and the facts its sentence needs."""

    rule: Rule
    facts: Mapping[str, Any] = field(default_factory=dict)

    def error(self, **where: Any) -> IllegalPlacementError:
        """The problem raised as the rule error of a placement (``index``, ``tile``, ``x``, ``y``)."""
        return IllegalPlacementError(self.rule, **where, **self.facts)


class CarcassonneError(ValueError):
    """Something the engine refuses, with the rule it breaks.

    ``index`` is the 0-based position of the offending placement (``None`` when the problem is not
    one placement's); ``tile``, ``x`` and ``y`` say which tile and square; ``facts`` hold what the
    rule's sentence needs.
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
    def problem(self) -> Problem:
        return Problem(self.rule, dict(self.facts))

    @property
    def reason(self) -> str:
        """The rule broken, as an English sentence."""
        try:
            return self.rule.template.format(tile=self.tile, **self.facts)
        except (KeyError, IndexError):
            return self.rule.template

    @property
    def where(self) -> str:
        """Which tile, in English, counted from 1 as a player counts (``index`` is from 0), or ``""``."""
        if self.index is None:
            return ""
        at = f" at ({self.x}, {self.y})" if self.x is not None and self.y is not None else ""
        tile = f" ({self.tile}{at})" if self.tile else ""
        return f"tile {self.index + 1}{tile}"

    @property
    def message(self) -> str:
        where = self.where
        reason = self.reason
        if where:
            return f"{where[:1].upper()}{where[1:]}: {reason}"
        return reason[:1].upper() + reason[1:]

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


class NotationError(CarcassonneError):
    """A placement written in text notation that does not parse."""


class IllegalPlacementError(CarcassonneError):
    """A placement that breaks a rule of the game."""


class BoardFileError(CarcassonneError):
    """A board file that is malformed: a missing field, a wrong type, an unknown name."""


class SetupError(CarcassonneError):
    """A game that cannot be set up as asked (the number of players, the points already banked)."""
