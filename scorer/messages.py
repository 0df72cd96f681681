"""The engine's refusals and words, in the reader's language.

The engine names a broken rule with a :class:`Rule` code and the facts; this module owns the
sentences. Every code has one; a test checks none is missing.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from carcassonne_site.languages import localize_digits
from scorer.engine import BoardError, FeatureKind, Rule

FEATURE_NAMES = {
    FeatureKind.ROAD: pgettext_lazy("feature", "road"),
    FeatureKind.CITY: pgettext_lazy("feature", "city"),
    FeatureKind.CLOISTER: pgettext_lazy("feature", "cloister"),
    FeatureKind.FIELD: pgettext_lazy("feature", "field"),
}

EDGE_NAMES = {
    "C": pgettext_lazy("edge", "city"),
    "R": pgettext_lazy("edge", "road"),
    "F": pgettext_lazy("edge", "field"),
    "~": pgettext_lazy("edge", "river"),
}

SIDE_NAMES = {
    "N": pgettext_lazy("side", "north"),
    "E": pgettext_lazy("side", "east"),
    "S": pgettext_lazy("side", "south"),
    "W": pgettext_lazy("side", "west"),
}

RIVER_TILE_NAMES = {
    "river-spring": pgettext_lazy("tile", "spring"),
    "river-lake": pgettext_lazy("tile", "lake"),
    "river-straight": pgettext_lazy("tile", "straight river"),
    "river-curve": pgettext_lazy("tile", "river bend"),
    "river-bridge": pgettext_lazy("tile", "river with a bridge"),
    "river-cities": pgettext_lazy("tile", "river between two cities"),
    "river-city-road": pgettext_lazy("tile", "river with a city and a road"),
    "river-cloister": pgettext_lazy("tile", "river with a cloister"),
    "river-city-corner": pgettext_lazy("tile", "river bend by a city"),
    "river-road-curve": pgettext_lazy("tile", "river bend with a road"),
}


def tile_name(name: str) -> str:
    """How a reader calls a tile: base tiles by their letter, river tiles by what they show."""
    return str(RIVER_TILE_NAMES.get(name, name))


RULE_SENTENCES = {
    Rule.BAD_FILE: gettext_lazy("This is not a board file: it must be a JSON object."),
    Rule.BAD_FORMAT: gettext_lazy('This is not a board file: "format" must be "carcassonne-board/1".'),
    Rule.BAD_PLAYERS: gettext_lazy("Invalid players: a game needs 2 to 5 players, each with a name."),
    Rule.BAD_RULES: gettext_lazy(
        "Invalid rule options: small city must be 4 or 2; farmers must be 3rd, 2nd or 1st."
    ),
    Rule.BAD_EXPANSIONS: gettext_lazy("The only expansion this site knows is the River."),
    Rule.BAD_MODE: gettext_lazy('The mode must be "replay" or "final".'),
    Rule.BAD_BANKED: gettext_lazy("The points already scored must be one whole number per player."),
    Rule.BAD_PLACEMENT: gettext_lazy("A placement in the file is not written correctly."),
    Rule.UNKNOWN_TILE: gettext_lazy("There is no tile with that name."),
    Rule.BAD_ROTATION: gettext_lazy("A tile can only be turned by 0, 90, 180 or 270 degrees."),
    Rule.BAD_POSITION: gettext_lazy("The position must be two whole numbers."),
    Rule.UNKNOWN_PLACE: gettext_lazy("There is no place with that name on a tile."),
    Rule.UNKNOWN_PLAYER: gettext_lazy("That meeple belongs to a player who is not in this game."),
    Rule.TOO_MANY_PLACEMENTS: gettext_lazy("The file has more tiles than the game contains."),
    Rule.NO_TILE_LEFT: gettext_lazy("All tiles of this kind are already on the board."),
    Rule.RIVER_NOT_IN_PLAY: gettext_lazy("River tiles can only be used when the River is in play."),
    Rule.SQUARE_TAKEN: gettext_lazy("Another tile already lies on that square."),
    Rule.START_TILE: gettext_lazy("The first tile must be the start tile."),
    Rule.NOT_ADJACENT: gettext_lazy("A tile must touch the board along at least one edge."),
    Rule.EDGE_MISMATCH: gettext_lazy(
        "The {side} edge of the tile ({own}) does not match the {theirs} edge of the tile next to it."
    ),
    Rule.RIVER_FIRST: gettext_lazy("All the river tiles must be laid before any other tile."),
    Rule.RIVER_CLOSED: gettext_lazy("The river is finished: no more river tiles can be laid."),
    Rule.SPRING_FIRST: gettext_lazy("The spring can only be the first tile."),
    Rule.RIVER_NOT_CONTINUED: gettext_lazy("A river tile must continue the river from its open end."),
    Rule.RIVER_SAME_TURN: gettext_lazy("The river may not turn the same way twice in a row."),
    Rule.LAKE_TOO_EARLY: gettext_lazy("The lake must be the last river tile."),
    Rule.NOT_CONNECTED: gettext_lazy("The board must be one piece: this tile does not touch the others."),
    Rule.NO_FEATURE_THERE: gettext_lazy("There is no road, city, cloister or field there for a meeple."),
    Rule.FEATURE_OCCUPIED: gettext_lazy("That {feature} already has a meeple on it."),
    Rule.NO_MEEPLE_LEFT: gettext_lazy("{player} has no meeple left."),
    Rule.TOO_MANY_MEEPLES: gettext_lazy("{player} would have more than 7 meeples on the board."),
    Rule.NOTHING_TO_UNDO: gettext_lazy("There is nothing to undo."),
}


def explain(error: BoardError) -> str:
    """The error in the active language: which placement, then which rule."""
    facts = error.facts
    sentence = str(RULE_SENTENCES[error.rule]).format(
        side=SIDE_NAMES.get(facts.get("side", ""), ""),
        own=EDGE_NAMES.get(facts.get("own", ""), ""),
        theirs=EDGE_NAMES.get(facts.get("theirs", ""), ""),
        feature=FEATURE_NAMES.get(facts.get("feature", ""), ""),
        player=facts.get("player_name", ""),
    )
    if error.index is None:
        return sentence
    if error.x is not None and error.y is not None:
        where = _("Tile {number} ({tile} at {x}, {y}):").format(
            number=localize_digits(error.index + 1),
            tile=error.tile,
            x=localize_digits(error.x),
            y=localize_digits(error.y),
        )
    else:
        where = _("Tile {number}:").format(number=localize_digits(error.index + 1))
    return f"{where} {sentence}"
