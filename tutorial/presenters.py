"""What an example step or a quiz shows, computed from the engine's results."""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.board_layer.explain import sentence, title
from scorer.board_layer.grid import (
    Glow,
    Grid,
    PreviewCell,
    TileCell,
    figure_mark,
    standing,
    tile_cells,
    tile_label,
)
from scorer.board_layer.languages import labelled, localize_digits
from scorer.board_layer.messages import FEATURE_NAMES, explain, figure_name, figure_on, held_label
from scorer.board_layer.players import Look, looks_of
from scorer.engine import (
    TILES,
    Expansion,
    Extent,
    FeatureKind,
    Game,
    Placement,
    Player,
    Problem,
    ScoreEvent,
    Spot,
    Square,
)
from scorer.engine.expansions.count import COUNT, QUARTER_FOR, Quarter, Resident
from scorer.engine.expansions.princess_dragon import PortalFigure
from tutorial import content
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.scripts import (
    NO,
    NOBODY,
    YES,
    Ask,
    Capture,
    Example,
    Quiz,
    Solution,
    StepResult,
    caption_values,
    new_game,
    run,
)


def colour_name(key: str) -> str:
    return {
        "blue": pgettext("player", "Blue"),
        "red": pgettext("player", "Red"),
        "green": pgettext("player", "Green"),
        "yellow": pgettext("player", "Yellow"),
        "black": pgettext("player", "Black"),
        "grey": pgettext("player", "Grey"),
        "pink": pgettext("player", "Pink"),
    }[key]


@cache
def results(slug: str) -> tuple[StepResult, ...]:
    return tuple(run(EXAMPLES[slug]))


def example_looks(colours: tuple[str, ...]) -> list[Look]:
    """The players of an example, called by their colours in the reader's language."""
    return looks_of([Player(colour_name(c), c) for c in colours])


def board_view(
    game: Game,
    colours: tuple[str, ...],
    *,
    extent: Extent | None = None,
    entering: Square | None = None,
    events: tuple[ScoreEvent, ...] = (),
    going: tuple[Spot, ...] = (),
) -> Grid:
    """Tiles, figures and highlights of an example's board, on the shared grid."""
    extent = extent or game.board.extent
    looks = example_looks(colours)
    cells = tile_cells(game, extent, looks, events=events, entering=entering, going=going)
    _light_neighbours(game, cells, events)
    return Grid(extent.columns, extent.rows, cells, extent.west, extent.north, mini=True)


def _light_neighbours(game: Game, cells: list[TileCell], events: tuple[ScoreEvent, ...]) -> None:
    """A cloister or a garden counts the tiles round it, not only its own: light every tile it
    counted, whole, as the board layer lights a road's or a city's pieces."""
    by_square = {(cell.x, cell.y): cell for cell in cells}
    for event in events:
        if event.feature not in (FeatureKind.CLOISTER, FeatureKind.GARDEN):
            continue
        for square in event.tiles:
            cell = by_square.get(square)
            if cell is None:
                continue
            lit = {glow.feature for glow in cell.glows if not glow.city}
            features = game.board.tiles[square].tile.features
            cell.glows.extend(Glow(cell.name, index) for index in range(len(features)) if index not in lit)


def preview_cell(placement: Placement, extent: Extent, rotation: int | None = None) -> PreviewCell:
    """``placement``'s tile drawn dashed on its square, not laid."""
    turned = placement.rotation if rotation is None else rotation
    return PreviewCell(
        placement.x,
        placement.y,
        extent.column(placement.x),
        extent.row(placement.y),
        placement.tile,
        turned,
        tile_label(placement.tile, turned, placement.square),
    )


def refusal_text(problem: Problem) -> str:
    """The engine's reason, in the reader's language, without a tile number."""
    return explain(problem.error())


def _caption(template: str, values: dict[str, object]) -> str:
    localized = {k: localize_digits(v) for k, v in values.items()}
    return string.Formatter().vformat(template, (), localized)


def step_board(
    example: Example, steps: tuple[StepResult, ...], previous: StepResult | None, result: StepResult
) -> Grid:
    """An example's board at one step, on the grid of its last step: what scored lit, what leaves
    going home, a refused tile dashed where it was tried, and what arrives or walks this step."""
    tried = [r.placement.square for r in steps if r.refused is not None and r.placement is not None]
    extent = Extent.of([*steps[-1].game.board.tiles, *tried])
    going: tuple[Spot, ...] = ()
    if previous is not None:
        arriving = market_farmers(result)
        going = tuple(s for s in leaving(previous, result) if s not in arriving)
    refused = result.refused is not None and result.placement is not None
    board = board_view(
        result.game,
        example.players,
        extent=extent,
        entering=result.placement.square if result.placement and not refused else None,
        events=result.events,
        going=going,
    )
    if refused:
        board.preview = preview_cell(result.placement, extent)
    mark_market(result, board.tiles, example.players)
    mark_trail(board.tiles, result.path)
    if previous is not None:
        mark_arrivals(board.tiles, previous, result)
    return board


def example_step(slug: str, language: str, step: int) -> dict:
    """Everything the example widget shows at ``step`` (0 is the starting position)."""
    example: Example = EXAMPLES[slug]
    steps = results(slug)
    step = max(0, min(step, len(steps) - 1))
    result = steps[step]
    previous = steps[step - 1] if step > 0 else None
    board = step_board(example, steps, previous, result)
    text = content.captions(language, slug)
    captions = text.get("captions", [])
    template = captions[step] if step < len(captions) else ""
    names = [colour_name(c) for c in example.players]
    players = []
    for i, colour in enumerate(example.players):
        gained = previous is not None and result.scores[i] != previous.scores[i]
        players.append(
            {
                "colour": colour,
                "name": names[i],
                "score": result.scores[i],
                "total": result.totals[i],
                "meeples": result.meeples[i],
                "gained": gained,
                "held": [held_label(names[i], names[h.player], h.kind) for h in result.held if h.holder == i],
            }
        )
    return {
        "slug": slug,
        "title": text.get("title", slug),
        "caption": _caption(template, caption_values(example, result)),
        "step": step,
        "count": len(steps),
        "last": len(steps) - 1,
        "board": board,
        "players": players,
        "events": [{"title": title(e), "sentence": sentence(e, names, example.rules)} for e in result.events],
        "refusal": refusal_text(result.refused) if result.refused is not None else "",
        "final": any(s.end for s in example.steps[:step]),
        "walk": max(len(result.path) - 1, 0),
        "quarters": quarters_view(example.players, previous, result),
    }


# -- The Count of Carcassonne: the City's quarters beside the board ---------------------------------


QUARTERS_AS_DRAWN = (Quarter.CASTLE, Quarter.CATHEDRAL, Quarter.MARKET, Quarter.BLACKSMITH)
"""The quarters two by two as the City's tiles draw them: the castle north-west, the cathedral
north-east, the market south-west, the blacksmith south-east (the panel never mirrors, as the
board does not)."""


def quarter_names() -> dict[Quarter, tuple[str, str]]:
    """Each quarter's name, and where its followers may go, in the reader's language."""
    return {
        Quarter.CASTLE: (pgettext("quarter of the City", "Castle"), _("onto cities")),
        Quarter.MARKET: (pgettext("quarter of the City", "Market"), _("onto fields, at the end")),
        Quarter.BLACKSMITH: (pgettext("quarter of the City", "Blacksmith"), _("onto roads")),
        Quarter.CATHEDRAL: (pgettext("quarter of the City", "Cathedral"), _("onto cloisters")),
    }


def _counted(items) -> dict:
    counts: dict = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


@dataclass(frozen=True)
class Standing:
    """Who waits in the City's quarters in a position that is no example's step (a quiz's)."""

    residents: tuple[Resident, ...]
    count: Quarter | None
    events: tuple[ScoreEvent, ...] = ()
    market: tuple = ()


def quarters_view(
    colours: tuple[str, ...], previous: StepResult | None, result: StepResult | Standing
) -> list[dict]:
    """The four quarters of the City of Carcassonne after a step (The Count of Carcassonne): who is
    in each, who has just come in, who steps out this step (onto a feature it completes, or from
    the market onto a field at the end) and where the Count stands; empty without the Count."""
    if result.count is None:
        return []
    looks = example_looks(colours)
    # Followers that left this step: out of the City onto what the tile completes, or the market's
    # at the end (the engine keeps those in the market: they leave only for the farms' scoring).
    leaving = [
        (QUARTER_FOR[e.feature], s.player, s.kind)
        for e in result.events
        if e.feature in QUARTER_FOR
        for s in e.visitors
    ]
    leaving += [(Quarter.MARKET, ref.player, ref.kind) for ref in result.market]
    staying = _counted((r.quarter, r.player, r.kind) for r in result.residents)
    for key in leaving:
        if staying.get(key):
            staying[key] -= 1
    before = _counted((r.quarter, r.player, r.kind) for r in previous.residents) if previous else {}
    names = quarter_names()
    view = []
    for quarter in QUARTERS_AS_DRAWN:
        figures = []
        for player, look in enumerate(looks):
            for kind in sorted({k for q, p, k in staying if q is quarter and p == player}):
                here = staying[(quarter, player, kind)]
                new = max(0, here - before.get((quarter, player, kind), 0)) if previous else 0
                for n in range(here):
                    state = "entering" if n >= here - new else ""
                    figures.append(_quarter_figure(look, kind, state))
            for q, p, kind in leaving:
                if q is quarter and p == player:
                    figures.append(_quarter_figure(look, kind, "leaving"))
        name, use = names[quarter]
        here = result.count is quarter
        view.append(
            {
                "key": quarter.value,
                "name": name,
                "use": use,
                "figures": figures,
                "count": here,
                "count_moved": here and previous is not None and previous.count is not quarter,
            }
        )
    return view


def _quarter_figure(look, kind, state: str) -> dict:
    who = _("{player}'s {figure}").format(player=look.name, figure=figure_name(kind))
    if state == "entering":
        # Translators: a follower that has just gone into one of the City's quarters (The Count).
        label = _("{figure}, just come in").format(figure=who)
    elif state == "leaving":
        # Translators: a follower leaving one of the City's quarters this step (The Count).
        label = _("{figure}, stepping out").format(figure=who)
    else:
        label = who
    return {
        "colour": look.color,
        "mark": localize_digits(look.mark),
        "kind": kind.value,
        "state": state,
        "label": label,
    }


def market_farmers(result: StepResult) -> set[Spot]:
    """The followers the market sent onto fields at the end, where they lie as farmers."""
    return {s for e in result.events if e.feature is FeatureKind.FIELD for s in e.visitors}


def mark_market(result: StepResult, cells: list[TileCell], colours: tuple[str, ...]) -> None:
    """The end of a game with the Count: the followers the market sends onto fields stand there, as
    farmers, arriving on their tiles (the engine counts them for the farms, not as figures laid)."""
    if not result.market:
        return
    looks = example_looks(colours)
    by_square = {(cell.x, cell.y): cell for cell in cells}
    board = result.game.board
    for spot in sorted(market_farmers(result)):
        cell = by_square.get(spot.square)
        if cell is None:
            continue
        cell.figures.append(figure_mark(board, spot, looks))
        cell.arriving = "market"


def mark_arrivals(cells: list[TileCell], previous: StepResult, result: StepResult) -> None:
    """The fairy moved this step, the dragon landed on a volcano, or a figure came through a magic
    portal (Princess & Dragon): the tile it came onto, so that the page shows it arrive there."""
    by_square = {(cell.x, cell.y): cell for cell in cells}
    if result.fairy is not None and result.fairy != previous.fairy and result.fairy in by_square:
        by_square[result.fairy].arriving = "fairy"
    landed = result.dragon is not None and result.dragon != previous.dragon and not result.path
    if landed and result.dragon in by_square:
        by_square[result.dragon].arriving = "dragon"
    actions = result.placement.actions if result.placement is not None else ()
    portal = next((a for a in actions if isinstance(a, PortalFigure)), None)
    if portal is not None and result.refused is None and portal.square in by_square:
        by_square[portal.square].arriving = "portal"


def mark_trail(cells: list[TileCell], path: tuple[Square, ...]) -> None:
    """The dragon's move on the board (Princess & Dragon): where it set off, then each step's
    number on the tile it entered, so that the page can show it walking there one step at a time."""
    by_square = {(cell.x, cell.y): cell for cell in cells}
    dragon = _("The dragon")
    for number, square in enumerate(path):
        cell = by_square.get(square)
        if cell is None:
            continue
        cell.trail = number
        cell.trail_mark = localize_digits(number) if number else ""
        cell.trail_label = labelled(dragon, localize_digits(number)) if number else dragon
        cell.trail_last = number == len(path) - 1


def leaving(previous: StepResult, result: StepResult) -> tuple[Spot, ...]:
    """The figures that leave the board at this step: those its scoring sends home, and those that
    go without scoring (a tower's capture takes one, and a builder or pig left alone follows)."""
    still = set(standing(result.game))
    scored = [s for e in result.events for s in e.meeple_spots if s not in still]
    taken = [s for s in standing(previous.game) if s not in still and s not in scored]
    return tuple(dict.fromkeys([*scored, *taken]))


def quiz_view(slug: str, language: str) -> dict:
    quiz = QUIZZES[slug]
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    text = content.quiz_text(language, slug)
    squares = list(game.board.tiles)
    placement = Placement.parse(quiz.move) if quiz.move else None
    if placement is not None:
        squares.append(placement.square)
    extent = Extent.of(squares)
    board = board_view(game, quiz.players, extent=extent)
    if placement is not None:
        # Which way the tile goes is the question of a turn quiz: it is shown as drawn.
        board.preview = preview_cell(placement, extent, 0 if quiz.ask is Ask.TURN else None)
    names = [colour_name(c) for c in quiz.players]
    quarters = []
    if Expansion.COUNT in game.board.expansions:
        quarters = quarters_view(
            quiz.players, None, Standing(COUNT.residents(game), COUNT.count_quarter(game))
        )
    return {
        "slug": slug,
        "kind": quiz.ask.value,
        "quarters": quarters,
        "question": text.get("question", ""),
        "hint": text.get("hint", ""),
        "board": board,
        "player": names[quiz.players.index(quiz.player)] if quiz.player else "",
        "choices": [choice(quiz, value, names) for value in quiz.choices],
        "tile": placement.tile if placement else "",
    }


def choice(quiz: Quiz, value: str, names: list[str]) -> dict:
    """One answer to choose from: its value, its words and what picture goes with it."""
    item: dict = {"value": value, "colours": []}
    if value == YES:
        item["label"] = pgettext("quiz answer", "Yes")
    elif value == NO:
        item["label"] = pgettext("quiz answer", "No")
    elif value == NOBODY:
        item["label"] = pgettext("quiz answer", "Nobody")
    elif quiz.ask is Ask.TURN:
        item["label"] = f"{localize_digits(value)}°"
        item["rotation"] = int(value)
    else:
        colours = value.split("+")
        item["colours"] = colours
        players = [names[quiz.players.index(c)] for c in colours]
        item["label"] = players[0] if len(players) == 1 else _(" and ").join(players)
    return item


def answer_label(quiz: Quiz, solution: Solution) -> str:
    """The right answer in the reader's words."""
    if quiz.ask is Ask.POINTS:
        return localize_digits(solution.answer)
    names = [colour_name(c) for c in quiz.players]
    return choice(quiz, solution.key, names)["label"]


def why_not_this_turn(solution: Solution, rotation: int) -> str:
    """Why the tile of a turn quiz does not fit turned by ``rotation``: it does not give away which
    turn does."""
    return _("Turned {degrees}°: {reason}").format(
        degrees=localize_digits(rotation), reason=refusal_text(solution.turns[rotation])
    )


def quiz_explanation(quiz: Quiz, solution: Solution) -> list[str]:
    """Why the answer is what it is, one sentence a line, from the engine's events and rules."""
    names = [colour_name(c) for c in quiz.players]
    if quiz.ask is Ask.POINTS:
        player = quiz.players.index(quiz.player)
        lines = [sentence(e, names, quiz.rules) for e in solution.events if player in e.winners]
        return lines or [_("Nothing here scores for {player}.").format(player=names[player])]
    if quiz.ask is Ask.WHO:
        lines = [sentence(e, names, quiz.rules) for e in solution.events if e.points]
        return lines or [_("Nobody has a figure on what this completes, so nobody scores.")]
    if quiz.ask is Ask.NEXT:
        player = names[quiz.players.index(str(solution.answer))]
        if solution.extra_tile:
            # Translators: the builder's extra tile (Traders & Builders).
            text = _(
                "The tile extended the road or city where {player}'s builder stands, "
                "so {player} lays another tile at once."
            )
            return [text.format(player=player)]
        return [_("Players take turns, so {player} lays the next tile.").format(player=player)]
    if quiz.ask is Ask.TURN:
        return [why_not_this_turn(solution, r) for r in sorted(solution.turns)]
    if quiz.ask is Ask.CAPTURE:
        return [_capture_line(capture, names) for capture in solution.captures]
    if solution.problem is not None:
        return [refusal_text(solution.problem)]
    if quiz.ask is Ask.FITS:
        lines = [_("Every edge that touches another tile matches it, so the tile may go there.")]
        if quiz.move and TILES[Placement.parse(quiz.move).tile].is_river:
            lines.append(
                _("The river goes on from its open end and does not turn the same way twice in a row.")
            )
        return lines
    feature = FEATURE_NAMES.get(solution.feature, "") if solution.feature else ""
    return [_("Nobody has a figure on that {feature} yet, so a figure may go there.").format(feature=feature)]


def _capture_line(capture: Capture, names: list[str]) -> str:
    """Whether a capture quiz's floor may take one figure, and the engine's reason if not."""
    figure = capture.figure
    if capture.feature is None:
        label = _("{player}'s {figure}").format(player=names[figure.player], figure=figure_name(figure.kind))
    else:
        label = figure_on(names[figure.player], figure.kind, capture.feature)
    if capture.problem is not None:
        return labelled(label, refusal_text(capture.problem))
    # Translators: a capture quiz (The Tower): {figure} is e.g. "Mina's meeple on a road".
    return _("{figure} stands within the tower's reach: the floor may capture it.").format(figure=label)
