"""What an example step or a quiz shows, computed from the engine's results."""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from carcassonne_site.languages import localize_digits
from scorer.engine import Game, Placement, ScoreEvent
from scorer.engine.places import Square
from scorer.engine.tiles import FeatureKind
from scorer.explain import sentence, title
from scorer.presenters import Float, Glow, scoring_marks
from tutorial import content
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.scripts import Example, StepResult, caption_values, new_game, run


def colour_name(key: str) -> str:
    return {
        "blue": pgettext("player", "Blue"),
        "red": pgettext("player", "Red"),
        "green": pgettext("player", "Green"),
        "yellow": pgettext("player", "Yellow"),
        "black": pgettext("player", "Black"),
    }[key]


@cache
def results(slug: str) -> tuple[StepResult, ...]:
    return tuple(run(EXAMPLES[slug]))


@dataclass
class Cell:
    x: int
    y: int
    col: int
    row: int
    name: str
    rotation: int
    entering: bool = False
    meeples: list[dict] = field(default_factory=list)
    glows: list[Glow] = field(default_factory=list)
    floats: list[Float] = field(default_factory=list)


@dataclass
class BoardView:
    cells: list[Cell]
    columns: int
    rows: int


def _extent(squares: list[Square]) -> tuple[int, int, int, int]:
    xs, ys = [s[0] for s in squares], [s[1] for s in squares]
    return min(xs), min(ys), max(xs), max(ys)


def board_view(
    game: Game,
    colours: tuple[str, ...],
    *,
    extent: tuple[int, int, int, int] | None = None,
    entering: Square | None = None,
    events: tuple[ScoreEvent, ...] = (),
    returning: list[tuple[Square, int, int]] = (),
) -> BoardView:
    """Tiles, meeples and highlights of a board, laid out on a grid."""
    board = game.board
    min_x, min_y, max_x, max_y = extent or _extent(list(board.tiles))
    names = [colour_name(c) for c in colours]
    cells: dict[Square, Cell] = {}
    for square, placed in board.tiles.items():
        cells[square] = Cell(
            x=square[0],
            y=square[1],
            col=square[0] - min_x + 1,
            row=square[1] - min_y + 1,
            name=placed.tile.name,
            rotation=placed.rotation,
            entering=square == entering,
        )

    def mark(square: Square, feature: int, player: int, going: bool) -> None:
        placed = board.tiles[square]
        kind = placed.tile.features[feature].kind
        left, top = placed.orientation.anchors[feature]
        cells[square].meeples.append(
            {
                "left": round(left * 100, 1),
                "top": round(top * 100, 1),
                "colour": colours[player],
                "mark": names[player][:1],
                "farmer": kind is FeatureKind.FIELD,
                "going": going,
                "label": _("{player}'s meeple").format(player=names[player]),
            }
        )

    graph = board.graph
    for node in sorted(graph.meeple_nodes):
        mark(graph.square[node], graph.feature[node], graph.meeple[node], False)
    for square, feature, player in returning:
        mark(square, feature, player, True)

    glows, floats = scoring_marks(board, events, list(colours))
    for square, cell in cells.items():
        cell.glows = glows.get(square, [])
        cell.floats = floats.get(square, [])
    return BoardView(
        cells=sorted(cells.values(), key=lambda c: (c.row, c.col)),
        columns=max_x - min_x + 1,
        rows=max_y - min_y + 1,
    )


def _caption(template: str, values: dict[str, object]) -> str:
    localized = {k: localize_digits(v) for k, v in values.items()}
    return string.Formatter().vformat(template, (), localized)


def example_step(slug: str, language: str, step: int) -> dict:
    """Everything the example widget shows at ``step`` (0 is the starting position)."""
    example: Example = EXAMPLES[slug]
    steps = results(slug)
    step = max(0, min(step, len(steps) - 1))
    result = steps[step]
    previous = steps[step - 1] if step > 0 else None
    final_board = steps[-1].game.board
    extent = _extent(list(final_board.tiles))
    returning = []
    if previous is not None:
        on_board_now = set(result.game.board.graph.meeple_nodes)
        for event in result.events:
            for spot in event.meeple_spots:
                returning.append(spot)
        returning = [s for s in returning if s not in _spots(result.game, on_board_now)]
    board = board_view(
        result.game,
        example.players,
        extent=extent,
        entering=result.placement.square if result.placement else None,
        events=result.events,
        returning=returning,
    )
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
        "final": any(s.end for s in example.steps[:step]),
    }


def _spots(game: Game, nodes: set[int]) -> set[tuple[Square, int, int]]:
    graph = game.board.graph
    return {(graph.square[n], graph.feature[n], graph.meeple[n]) for n in nodes}


def quiz_view(slug: str, language: str) -> dict:
    quiz = QUIZZES[slug]
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    text = content.quiz_text(language, slug)
    squares = list(game.board.tiles)
    preview = None
    if quiz.move:
        placement = Placement.parse(quiz.move)
        squares.append(placement.square)
    extent = _extent(squares)
    if quiz.move:
        preview = {
            "col": placement.x - extent[0] + 1,
            "row": placement.y - extent[1] + 1,
            "name": placement.tile,
            "rotation": placement.rotation,
        }
    names = [colour_name(c) for c in quiz.players]
    return {
        "slug": slug,
        "question": text.get("question", ""),
        "hint": text.get("hint", ""),
        "board": board_view(game, quiz.players, extent=extent),
        "preview": preview,
        "player": names[quiz.players.index(quiz.player)],
    }
