"""Where the next tile of a finished board being copied most likely goes: one step on, the way the
person copying has been going.

People copy a table along its rows (or columns): tile after tile in one direction, then back to
the start of the next row. So after a lay (or a figure put on a tile) the square one step on from
the tile laid last, in the direction of the last step of one square, is chosen for them; when that
guess is right, the next tile is one tap (the tile, already turned), and when it is wrong, tapping
the square they meant costs what it always did. Only for :attr:`Mode.FINAL`: in a game being
played the next tile goes wherever its draw lets, and the tile just laid wants its figure first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.engine import Game, Mode, Square
from scorer.services import Loaded

from .choices import remembered_fits
from .selection import Selection


def last_step(squares: Sequence[Square]) -> tuple[int, int] | None:
    """The direction of the latest move of exactly one square between two tiles laid in a row
    (jumping back to the start of the next row keeps the direction of the row)."""
    for (x0, y0), (x1, y1) in zip(reversed(squares[:-1]), reversed(squares[1:])):
        dx, dy = x1 - x0, y1 - y0
        if abs(dx) + abs(dy) == 1:
            return dx, dy
    return None


def square_along(game: Game, fits: Mapping[str, Sequence[Sequence[int]]]) -> Square | None:
    """The square one step on from the tile laid last, if a tile left fits there (``fits``: the
    page's :func:`~scorer.boardpage.choices.fits_of`); ``None`` when there is no such guess."""
    if game.mode is not Mode.FINAL or len(game.turns) < 2:
        return None
    squares = [turn.placement.square for turn in game.turns]
    step = last_step(squares)
    if step is None:
        return None
    x, y = squares[-1]
    ahead = (x + step[0], y + step[1])
    if ahead in game.board.tiles:
        return None
    fitting = any(row[0] == ahead[0] and row[1] == ahead[1] for rows in fits.values() for row in rows)
    return ahead if fitting else None


def or_next_square(loaded: Loaded, player: int | None, otherwise: Selection) -> Selection:
    """What the board page shows once a tile is laid or a figure put on one: on a board being
    copied with a guess, the next square (its tiles already listed, whose figure kept); otherwise
    ``otherwise`` (the figure step of the tile just laid, or what a figure scored)."""
    game = loaded.game
    if game.mode is not Mode.FINAL:
        return otherwise
    ahead = square_along(game, remembered_fits(game, (loaded.saved.code, loaded.digest)))
    return otherwise if ahead is None else Selection(square=ahead, player=player)
