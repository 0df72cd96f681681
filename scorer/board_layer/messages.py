"""The engine's refusals and words, in the reader's language.

The engine names a broken rule with a :class:`Rule` code and the facts; this module owns the
sentences. Every code has one; a test checks none is missing.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from scorer.board_layer.languages import localize_digits
from scorer.board_layer.tile_names import tile_name
from scorer.engine import CarcassonneError, FeatureKind, FigureKind, Good, Rule
from scorer.engine.expansions.count import Quarter

FEATURE_NAMES = {
    FeatureKind.ROAD: pgettext_lazy("feature", "road"),
    FeatureKind.CITY: pgettext_lazy("feature", "city"),
    FeatureKind.CLOISTER: pgettext_lazy("feature", "cloister"),
    FeatureKind.GARDEN: pgettext_lazy("feature", "garden"),
    FeatureKind.FIELD: pgettext_lazy("feature", "field"),
}

QUARTER_NAMES = {
    Quarter.CASTLE: pgettext_lazy("quarter", "castle"),
    Quarter.MARKET: pgettext_lazy("quarter", "market"),
    Quarter.BLACKSMITH: pgettext_lazy("quarter", "blacksmith"),
    Quarter.CATHEDRAL: pgettext_lazy("quarter", "cathedral"),
}
"""The City of Carcassonne's quarters (the Count)."""

FIGURE_NAMES = {
    FigureKind.MEEPLE: pgettext_lazy("figure", "meeple"),
    FigureKind.BIG: pgettext_lazy("figure", "big meeple"),
    FigureKind.ABBOT: pgettext_lazy("figure", "abbot"),
    FigureKind.BUILDER: pgettext_lazy("figure", "builder"),
    FigureKind.PIG: pgettext_lazy("figure", "pig"),
}

GOOD_NAMES = {
    Good.WINE: pgettext_lazy("good", "wine"),
    Good.WHEAT: pgettext_lazy("good", "wheat"),
    Good.CLOTH: pgettext_lazy("good", "cloth"),
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


def figure_name(kind: FigureKind) -> str:
    return str(FIGURE_NAMES[kind])


def figure_on(player: str, kind: FigureKind, feature: FeatureKind) -> str:
    """ "Mina's meeple on a road", "Wei's abbot on a garden"."""
    return _("{player}'s {figure} on a {feature}").format(
        player=player, figure=FIGURE_NAMES[kind], feature=FEATURE_NAMES[feature]
    )


def piece_label(kind: str, size: int, on_top: str | None = None) -> str:
    """What a piece on a square is, in words: "Tower, 3 floors; Mina's meeple on top"."""
    if kind == "tower":
        text = ngettext("Tower, {n} floor", "Tower, {n} floors", size).format(n=localize_digits(size))
    elif kind == "dragon":
        return _("The dragon")
    elif kind == "fairy":
        if on_top:
            return _("The fairy, beside {figure}").format(figure=on_top)
        return _("The fairy, beside nobody")
    else:
        text = kind
    if on_top:
        text = _("{piece}; {figure} on top").format(piece=text, figure=on_top)
    return text


def held_label(holder: str, player: str, kind: FigureKind) -> str:
    """ "Mina holds Wei's meeple prisoner"."""
    return _("{holder} holds {player}'s {figure} prisoner").format(
        holder=holder, player=player, figure=FIGURE_NAMES[kind]
    )


RULE_SENTENCES = {
    Rule.BAD_FILE: gettext_lazy("This is not a board file: {detail}."),
    Rule.BAD_FORMAT: gettext_lazy('This is not a board file: "format" must be "carcassonne-board/1".'),
    Rule.BAD_PLAYERS: gettext_lazy("Invalid players: a game needs {min} to {max} players, each with a name."),
    Rule.BAD_RULES: gettext_lazy(
        "Invalid rule options: small city must be 4 or 2; farmers must be 3rd, 2nd or 1st."
    ),
    Rule.BAD_EXPANSIONS: gettext_lazy(
        "Unknown expansion: this site knows the River, the Abbot, Inns & Cathedrals and Traders & Builders."
    ),
    Rule.BAD_MODE: gettext_lazy('The mode must be "replay" or "final".'),
    Rule.BAD_BANKED: gettext_lazy("The points already scored must be one whole number per player."),
    Rule.BAD_GOODS: gettext_lazy(
        "The trade goods must be one entry per player, and only for a finished board with Traders & Builders."
    ),
    Rule.BAD_PLACEMENT: gettext_lazy("A placement in the file is not written correctly."),
    Rule.UNKNOWN_TILE: gettext_lazy("There is no tile with that name."),
    Rule.BAD_ROTATION: gettext_lazy("A tile can only be turned by 0, 90, 180 or 270 degrees."),
    Rule.BAD_POSITION: gettext_lazy(
        "The position must be two whole numbers no further than {limit} from the start."
    ),
    Rule.UNKNOWN_PLACE: gettext_lazy("There is no place with that name on a tile."),
    Rule.UNKNOWN_PLAYER: gettext_lazy("That figure belongs to a player who is not in this game."),
    Rule.UNKNOWN_FIGURE: gettext_lazy("There is no figure with that name."),
    Rule.LAYER_MISSING: gettext_lazy(
        "An earlier tile says who laid it, so every later tile must say so too."
    ),
    Rule.RECALL_IN_FINAL: gettext_lazy("An abbot can only be taken back in a game entered as it is played."),
    Rule.TOO_MANY_PLACEMENTS: gettext_lazy("The file has more tiles than the game contains."),
    Rule.BAD_NOTATION: gettext_lazy("That is not a placement."),
    Rule.NO_TILE_LEFT: gettext_lazy("All tiles of this kind are already on the board."),
    Rule.TILE_NOT_IN_GAME: gettext_lazy("This tile is not part of this game: its expansion is not in play."),
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
    Rule.NO_FEATURE_THERE: gettext_lazy("There is no road, city, cloister or field there for a figure."),
    Rule.FEATURE_OCCUPIED: gettext_lazy("That {feature} already has a figure on it."),
    Rule.NO_MEEPLE_LEFT: gettext_lazy("{player} has no {figure} left."),
    Rule.TOO_MANY_MEEPLES: gettext_lazy(
        "{player} would have more of this figure ({figure}) on the board than the game has."
    ),
    Rule.FIGURE_NOT_IN_GAME: gettext_lazy("This game has no {figure}: its expansion is not in play."),
    Rule.WRONG_FEATURE_FOR_FIGURE: gettext_lazy("The {figure} cannot stand on a {feature}."),
    Rule.GARDEN_ONLY_ABBOT: gettext_lazy("Only an abbot may stand on a garden."),
    Rule.NEEDS_OWN_FIGURE: gettext_lazy(
        "The {figure} may only join a {feature} where the same player already has a meeple."
    ),
    Rule.FIGURE_NOT_LAYER: gettext_lazy("A figure always belongs to the player who laid the tile."),
    Rule.TWO_ACTIONS: gettext_lazy("A player either places a figure or takes the abbot back, not both."),
    Rule.ACTION_NOT_IN_GAME: gettext_lazy("That move belongs to an expansion this game is not played with."),
    Rule.RECALL_NOT_THERE: gettext_lazy("{player} has no abbot on square {at_x}, {at_y}."),
    Rule.RECALL_COMPLETED: gettext_lazy(
        "This tile completes the abbot's {feature}: it scores 9 and the abbot comes home by itself."
    ),
    Rule.NOTHING_TO_UNDO: gettext_lazy("There is nothing to undo."),
    Rule.BAD_TOWER: gettext_lazy("No tower floor or figure can go there."),
    Rule.BAD_CAPTURE: gettext_lazy("That figure cannot be captured."),
    Rule.BAD_RANSOM: gettext_lazy("That ransom cannot be paid."),
    Rule.ACTION_IN_FINAL: gettext_lazy("That happens only in a game entered as it is played."),
    Rule.VOLCANO: gettext_lazy("No figure may go on a volcano tile as it is laid: the dragon lands there."),
    Rule.BAD_PORTAL: gettext_lazy("No figure can go there through the magic portal."),
    Rule.BAD_FAIRY: gettext_lazy("The fairy cannot move there."),
    Rule.BAD_PRINCESS: gettext_lazy("The princess cannot send that knight home."),
    Rule.BAD_DRAGON: gettext_lazy("The dragon cannot move that way."),
    Rule.BAD_START: gettext_lazy(
        "The City of Carcassonne is laid first, each of its tiles on its own square."
    ),
    Rule.BAD_FROM_CITY: gettext_lazy("No follower can step out of the City onto that."),
    Rule.BAD_QUARTER: gettext_lazy("No follower can go into that quarter now."),
    Rule.BAD_MARKET: gettext_lazy("No follower can move from the market onto that field."),
    Rule.FIELD_NOT_IN_GAME: gettext_lazy(
        "The file describes part of an expansion this game is not played with, or gives it outside "
        "a finished board."
    ),
}

TOWER_PROBLEMS = {
    (Rule.BAD_TOWER, "no_foundation"): gettext_lazy(
        "The tile on square {at_x}, {at_y} has no tower foundation."
    ),
    (Rule.BAD_TOWER, "closed"): gettext_lazy(
        "A figure stands on top of the tower on square {at_x}, {at_y}: it takes no floor, and no "
        "other figure, until that one leaves."
    ),
    (Rule.BAD_TOWER, "no_floor"): gettext_lazy("{player} has no tower floor left."),
    (Rule.BAD_TOWER, "no_floor_yet"): gettext_lazy(
        "There is no tower on square {at_x}, {at_y} yet: a figure goes on top of a tower with at "
        "least one floor."
    ),
    (Rule.BAD_TOWER, "kind"): gettext_lazy("Only a meeple or a big meeple may stand on top of a tower."),
    (Rule.BAD_TOWER, "too_many_floors"): gettext_lazy(
        "The towers hold more floors than the players have ({most} in all)."
    ),
    (Rule.BAD_CAPTURE, "out_of_reach"): gettext_lazy(
        "A tower {height} floors high reaches {height} squares in a straight line each way: that "
        "figure is out of its reach."
    ),
    (Rule.BAD_CAPTURE, "kind"): gettext_lazy(
        "A tower captures a meeple, a big meeple or an abbot, never a builder or a pig."
    ),
    (Rule.BAD_CAPTURE, "no_figure"): gettext_lazy("{player}'s {figure} is not there."),
    (Rule.BAD_CAPTURE, "exchange"): gettext_lazy(
        "That exchange cannot happen: the other player must hold a prisoner of that kind of yours."
    ),
    (Rule.BAD_RANSOM, "self"): gettext_lazy("A ransom is paid to another player."),
    (Rule.BAD_RANSOM, "no_prisoner"): gettext_lazy("{player} holds no {figure} of yours."),
    (Rule.BAD_RANSOM, "points"): gettext_lazy("{player} has fewer than 3 points to pay a ransom with."),
    (Rule.BAD_RANSOM, "once"): gettext_lazy("A player pays at most one ransom a turn."),
}
"""The Tower's refusals, by rule and problem: what exactly is wrong."""

PRINCESS_DRAGON_PROBLEMS = {
    (Rule.BAD_PORTAL, "no_portal"): gettext_lazy("Only a tile with a magic portal sends a figure elsewhere."),
    (Rule.BAD_PORTAL, "no_tile"): gettext_lazy(
        "The magic portal sends a figure onto another tile already on the board."
    ),
    (Rule.BAD_PORTAL, "completed"): gettext_lazy("That feature is finished: no figure goes onto it."),
    (Rule.BAD_PORTAL, "occupied"): gettext_lazy("That feature already has a figure on it."),
    (Rule.BAD_FAIRY, "not_yours"): gettext_lazy("The fairy moves next to one of your own followers."),
    (Rule.BAD_FAIRY, "kind"): gettext_lazy("The fairy stands next to a meeple, a big meeple or an abbot."),
    (Rule.BAD_FAIRY, "no_figure"): gettext_lazy("{player}'s {figure} is not there."),
    (Rule.BAD_FAIRY, "no_tile"): gettext_lazy("The fairy stands on a tile of the board."),
    (Rule.BAD_PRINCESS, "no_princess"): gettext_lazy(
        "Only a tile with a princess in its city sends a knight home."
    ),
    (Rule.BAD_PRINCESS, "not_in_city"): gettext_lazy(
        "The princess sends home a knight of the city her own city joins."
    ),
    (Rule.BAD_DRAGON, "step"): gettext_lazy(
        "Step {step}: the dragon moves to a neighbouring tile it has not visited this move, never onto "
        "the fairy's tile."
    ),
    (Rule.BAD_DRAGON, "too_few"): gettext_lazy(
        "The dragon moves six steps, and stops sooner only when it cannot go on."
    ),
    (Rule.BAD_DRAGON, "missing"): gettext_lazy("The dragon must move before the next tile is laid."),
    (Rule.BAD_DRAGON, "off_board"): gettext_lazy(
        "The dragon is not on the board yet: it comes with the first volcano."
    ),
    (Rule.BAD_DRAGON, "no_dragon_tile"): gettext_lazy("Only a tile showing the dragon moves it."),
    (Rule.BAD_DRAGON, "no_tile"): gettext_lazy("The dragon stands on a tile of the board."),
}

COUNT_PROBLEMS = {
    (Rule.BAD_START, "order"): gettext_lazy(
        "The game starts with the City of Carcassonne: its twelve tiles first, then the river's spring."
    ),
    (Rule.BAD_START, "square"): gettext_lazy(
        "Each tile of the City of Carcassonne lies on its own square, unturned: this one at {at_x}, {at_y}."
    ),
    (Rule.BAD_START, "missing"): gettext_lazy(
        "The board needs the whole City of Carcassonne: a tile of it is missing."
    ),
    (Rule.BAD_FROM_CITY, "no_feature"): gettext_lazy(
        "There is no feature there for a follower to step onto."
    ),
    (Rule.BAD_FROM_CITY, "not_completed"): gettext_lazy(
        "Followers step out of the City only onto a road, city or cloister this tile completes."
    ),
    (Rule.BAD_FROM_CITY, "count"): gettext_lazy("Nobody steps out of the quarter where the Count stands."),
    (Rule.BAD_FROM_CITY, "twice_on_feature"): gettext_lazy(
        "Each player steps at most one follower out onto the same feature."
    ),
    (Rule.BAD_FROM_CITY, "not_there"): gettext_lazy("{player} has no such {figure} in that quarter."),
    (Rule.BAD_FROM_CITY, "twice"): gettext_lazy("Give every follower stepping out of the City in one list."),
    (Rule.BAD_QUARTER, "no_right"): gettext_lazy(
        "A follower goes into a quarter only after a scoring that gave points to other players and none "
        "to {player}."
    ),
    (Rule.BAD_QUARTER, "no_figure"): gettext_lazy("{player} has no {figure} left."),
    (Rule.BAD_QUARTER, "name"): gettext_lazy(
        "The City's quarters are the castle, the market, the blacksmith and the cathedral."
    ),
    (Rule.BAD_START, "figure"): gettext_lazy(
        "Nobody puts a figure on the City as it is laid: its roads, cities and fields are reached from "
        "a quarter or through a magic portal."
    ),
    (Rule.BAD_QUARTER, "kind"): gettext_lazy("Only a meeple or a big meeple goes into a quarter."),
    (Rule.BAD_QUARTER, "once"): gettext_lazy("One follower at most goes into a quarter each turn."),
    (Rule.BAD_QUARTER, "no_layer"): gettext_lazy(
        "Only the player who laid the tile puts a follower into a quarter."
    ),
    (Rule.BAD_MARKET, "count"): gettext_lazy("Nobody leaves the market while the Count stands there."),
    (Rule.BAD_MARKET, "not_field"): gettext_lazy("A follower from the market goes onto a field."),
    (Rule.BAD_MARKET, "not_there"): gettext_lazy("{player} has no such {figure} in the market."),
}
"""The Count's refusals, by rule and problem."""
"""Princess & Dragon's refusals, by rule and problem."""

PLAYER_PROBLEMS = {
    "empty": gettext_lazy("Player {number} needs a name."),
    "too_long": gettext_lazy("The name of player {number} is longer than 40 characters."),
    "control": gettext_lazy("The name of player {number} holds an invisible control character."),
    "direction": gettext_lazy("The name of player {number} holds a hidden text-direction mark."),
    "colour": gettext_lazy("Player {number} has a colour this site does not know."),
    "same_colour": gettext_lazy("Two players have the same colour."),
}


def _sentence(error: CarcassonneError) -> str:
    facts = error.facts
    if error.rule is Rule.BAD_PLAYERS and facts.get("problem") in PLAYER_PROBLEMS:
        return str(PLAYER_PROBLEMS[facts["problem"]]).format(
            number=localize_digits(int(facts.get("player", 0)) + 1)
        )
    figure = facts.get("figure", "")
    key = (error.rule, facts.get("problem", ""))
    sentence = (
        TOWER_PROBLEMS.get(key)
        or PRINCESS_DRAGON_PROBLEMS.get(key)
        or COUNT_PROBLEMS.get(key)
        or RULE_SENTENCES[error.rule]
    )
    return str(sentence).format(
        height=localize_digits(facts.get("height", "")),
        side=SIDE_NAMES.get(facts.get("side", ""), ""),
        own=EDGE_NAMES.get(facts.get("own", ""), ""),
        theirs=EDGE_NAMES.get(facts.get("theirs", ""), ""),
        feature=FEATURE_NAMES.get(facts.get("feature", ""), ""),
        figure=FIGURE_NAMES.get(figure, "") if figure in FIGURE_NAMES else "",
        player=facts.get("player_name", ""),
        at_x=localize_digits(facts.get("at_x", "")),
        step=localize_digits(facts.get("step", "")),
        at_y=localize_digits(facts.get("at_y", "")),
        limit=localize_digits(facts.get("limit", "")),
        min=localize_digits(2),
        max=localize_digits(facts.get("most", 5)),
        most=localize_digits(facts.get("most", "")),
        detail=_detail(facts.get("detail", ""), facts),
    )


def _detail(detail: str, facts: dict) -> str:
    """The reason a file could not be read at all; the engine's words are English, so only what a
    reader can act on is said in their language."""
    if "UTF-8" in detail:
        return _("it is not UTF-8 text")
    if "larger than" in detail:
        return _("it is larger than {limit} kB, the most the site accepts").format(
            limit=localize_digits(facts.get("limit_kb", ""))
        )
    if "line" in facts and "column" in facts:
        return _("it is not valid JSON (the first mistake is on line {line}, at character {column})").format(
            line=localize_digits(facts["line"]), column=localize_digits(facts["column"])
        )
    if "nested" in detail:
        return _("its lists and objects are nested too deeply")
    if "JSON" in detail or "allowed" in detail:
        return _("it is not valid JSON")
    return _("it must be a JSON object with format, players and placements")


def where(error: CarcassonneError) -> str:
    """Which tile, counted from 1 as a player counts them: "Tile 3 (E at 0, −1):"."""
    if error.index is None:
        return ""
    number = localize_digits(error.index + 1)
    if error.x is not None and error.y is not None:
        return _("Tile {number} ({tile} at {x}, {y}):").format(
            number=number,
            tile=tile_name(error.tile or ""),
            x=localize_digits(error.x),
            y=localize_digits(error.y),
        )
    return _("Tile {number}:").format(number=number)


def explain(error: CarcassonneError) -> str:
    """The error in the active language: which tile, then which rule."""
    place = where(error)
    sentence = _sentence(error)
    return f"{place} {sentence}" if place else sentence


def good_name(good: Good) -> str:
    return str(GOOD_NAMES[good])
