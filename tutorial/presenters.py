"""What an example step or a quiz shows, computed from the engine's results."""

from __future__ import annotations

import string
from functools import cache

from django.utils.translation import pgettext

from carcassonne_site.languages import localize_digits
from scorer import boardview
from scorer.boardview import Grid, PreviewCell, tile_cells
from scorer.engine import Extent, Game, Placement, Player, ScoreEvent, Spot, Square
from scorer.explain import sentence, title
from scorer.players import Look, looks_of
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
    return Grid(extent.columns, extent.rows, cells, extent.west, extent.north, mini=True)


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
    extent = steps[-1].game.board.extent
    going: tuple[Spot, ...] = ()
    if previous is not None:
        standing = set(boardview.standing(result.game))
        going = tuple(s for e in result.events for s in e.meeple_spots if s not in standing)
    board = board_view(
        result.game,
        example.players,
        extent=extent,
        entering=result.placement.square if result.placement else None,
        events=result.events,
        going=going,
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
        board.preview = PreviewCell(
            placement.x,
            placement.y,
            extent.column(placement.x),
            extent.row(placement.y),
            placement.tile,
            placement.rotation,
            boardview.tile_label(placement.tile, placement.rotation, placement.square),
        )
    names = [colour_name(c) for c in quiz.players]
    return {
        "slug": slug,
        "question": text.get("question", ""),
        "hint": text.get("hint", ""),
        "board": board,
        "player": names[quiz.players.index(quiz.player)],
    }
