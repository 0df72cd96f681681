"""Why a tile chosen for a square cannot go there, or why it fits nowhere: the engine's
:class:`Problem` for each way the tile can be turned, told for the turn that comes closest."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.languages import sentences
from scorer.board_layer.messages import EDGE_NAMES, SIDE_NAMES, explain
from scorer.board_layer.tile_names import tile_name
from scorer.engine import TILES, Game, Problem, Rule, Side, Square, TileType

RIVER_RULES = (
    Rule.LAKE_TOO_EARLY,
    Rule.RIVER_SAME_TURN,
    Rule.RIVER_NOT_CONTINUED,
    Rule.SPRING_FIRST,
    Rule.RIVER_CLOSED,
    Rule.RIVER_FIRST,
)
"""Rules the engine judges once the edges match: a turn broken by one of them is closer to fitting
than a turn whose edges do not match, and the first of them is the nearest miss."""


def mismatches(game: Game, tile: TileType, square: Square, rotation: int) -> list[tuple[Side, str, str]]:
    """Every edge of ``tile`` turned ``rotation`` on ``square`` that does not match its neighbour's:
    (side, own edge, their edge), clockwise from the north."""
    edges = tile.orientations[rotation // 90].edges
    out = []
    for side in Side:
        other = game.board.tiles.get(side.neighbour(square))
        if other is None:
            continue
        theirs = other.orientation.edges[side.opposite]
        if edges[side] is not theirs:
            out.append((side, edges[side].value, theirs.value))
    return out


def _clauses(wrong: list[tuple[Side, str, str]]) -> str:
    """ "its north edge (city) would meet a road edge; its east edge (field) would meet a city edge"."""
    clause = _("its {side} edge ({own}) would meet a {theirs} edge")
    joined = ""
    for side, own, theirs in wrong:
        text = clause.format(side=SIDE_NAMES[side.name], own=EDGE_NAMES[own], theirs=EDGE_NAMES[theirs])
        joined = (
            pgettext("clauses of one sentence", "{first}; {second}").format(first=joined, second=text)
            if joined
            else text
        )
    return joined


def _edges_sentence(tile: TileType, rotation: int, wrong: list[tuple[Side, str, str]]) -> str:
    """ "At best, turned 90°, its north edge (city) would meet a road edge."; or, when the one edge
    that does not match wants what the tile has nowhere, "... and this tile has no road edge"."""
    if len(wrong) == 1 and wrong[0][2] not in {edge.value for edge in tile.orientations[0].edges}:
        side, _own, theirs = wrong[0]
        return _("Its {side} edge would meet a {theirs} edge, and this tile has no {theirs} edge.").format(
            side=SIDE_NAMES[side.name], theirs=EDGE_NAMES[theirs]
        )
    if len(tile.distinct_rotations) == 1:
        return _("Whichever way it is turned, {clauses}.").format(clauses=_clauses(wrong))
    return _("At best, turned {rotation}°, {clauses}.").format(rotation=d(rotation), clauses=_clauses(wrong))


def _problem_sentence(game: Game, problem: Problem) -> str:
    """The rule broken, with what the River's rules need said beside it."""
    board = game.board
    text = explain(problem.error())
    mouth = board.bound_square
    if problem.rule is Rule.RIVER_SAME_TURN:
        text = sentences(text, _("Turned to continue the river, this bend would make a U-turn."))
    elif problem.rule is Rule.RIVER_NOT_CONTINUED and mouth is not None:
        text = sentences(
            text, _("The river flows on at square {x}, {y}.").format(x=d(mouth[0]), y=d(mouth[1]))
        )
    return text


def reason(game: Game, tile: TileType, square: Square) -> str:
    """Why ``tile`` goes on ``square`` at no turn, for the turn that comes closest; ``""`` if it fits."""
    board = game.board
    turns = tile.distinct_rotations
    problems = {r: board.problem(tile, square, r) for r in turns}
    if any(p is None for p in problems.values()):
        return ""
    if board.bound_square is not None and not tile.is_river:
        return _problem_sentence(game, Problem(Rule.RIVER_FIRST))
    mouth = board.bound_square
    if mouth is not None and square != mouth and tile is not board.start_tile:
        return _problem_sentence(game, Problem(Rule.RIVER_NOT_CONTINUED))
    found = [p for p in problems.values() if p is not None]
    for rule in RIVER_RULES:
        for problem in found:
            if problem.rule is rule:
                return _problem_sentence(game, problem)
    if all(p.rule is Rule.EDGE_MISMATCH for p in found):
        wrong = {r: mismatches(game, tile, square, r) for r in turns}
        best = min(turns, key=lambda r: (len(wrong[r]), r))
        if wrong[best]:
            return _edges_sentence(tile, best, wrong[best])
    return _problem_sentence(game, found[0])


def why_not_here(game: Game, name: str, square: Square) -> str:
    """ "Tile E does not fit on square 1, 0 at any turn. At best, turned 90°, ..." or ``""``."""
    tile = TILES[name]
    why = reason(game, tile, square)
    if not why:
        return ""
    lead = _("Tile {tile} does not fit on square {x}, {y} at any turn.").format(
        tile=tile_name(name), x=d(square[0]), y=d(square[1])
    )
    return sentences(lead, why)


def why_not_turned(game: Game, name: str, square: Square, rotation: int) -> str:
    """Why the tile is not shown turned as asked (it is shown turned a way it fits instead), or ``""``."""
    tile = TILES[name]
    problem = game.board.problem(tile, square, rotation)
    if problem is None:
        return ""
    wrong = mismatches(game, tile, square, rotation) if problem.rule is Rule.EDGE_MISMATCH else []
    if wrong:
        lead = _("Turned {rotation}°, tile {tile} does not fit here: {clauses}.").format(
            rotation=d(rotation), tile=tile_name(name), clauses=_clauses(wrong)
        )
    else:
        lead = sentences(
            _("Turned {rotation}°, tile {tile} does not fit here.").format(
                rotation=d(rotation), tile=tile_name(name)
            ),
            _problem_sentence(game, problem),
        )
    return sentences(lead, _("It is shown turned a way it fits."))


def why_nowhere(game: Game, name: str) -> str:
    """Why a tile that fits no square now fits none: the River's rules where they apply (at the
    river's open end, say why it does not continue the river there), or the tile's supply."""
    board = game.board
    tile = TILES[name]
    lead = _("Tile {tile} fits nowhere on the board now, whichever way it is turned.").format(
        tile=tile_name(name)
    )
    if board.tiles and board.supply.get(name, 0) > 0 and board.bound_square is not None and tile.is_river:
        mouth = board.bound_square
        if mouth is not None and tile is not board.start_tile:
            at = _("The river flows on at square {x}, {y}.").format(x=d(mouth[0]), y=d(mouth[1]))
            return sentences(lead, sentences(at, reason(game, tile, mouth)))
    if not board.tiles:
        return sentences(lead, reason(game, tile, (0, 0)))
    square = min(board.open_squares, default=None)
    turns = tile.distinct_rotations if square is not None else ()
    problems = [board.problem(tile, square, r) for r in turns]
    rules = {p.rule for p in problems if p is not None}
    if board.bound_square is not None and not tile.is_river:
        return sentences(lead, _problem_sentence(game, Problem(Rule.RIVER_FIRST)))
    general = rules & {Rule.NO_TILE_LEFT, Rule.TILE_NOT_IN_GAME, Rule.RIVER_NOT_IN_PLAY, Rule.SPRING_FIRST,
                       Rule.RIVER_CLOSED}  # fmt: skip
    if general:
        return sentences(lead, _problem_sentence(game, next(p for p in problems if p and p.rule in general)))
    return lead
