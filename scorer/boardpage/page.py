"""The whole board page, put together from its parts."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scorer.board_layer.explain import sentence, title
from scorer.board_layer.grid import Grid
from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.languages import sentences
from scorer.board_layer.messages import figure_name
from scorer.board_layer.players import Look, looks_of
from scorer.board_layer.tile_names import tile_name
from scorer.engine import Game, Square
from scorer.services import Loaded

from .along import square_along
from .captures import exchanges
from .choices import remembered_fits
from .city_step import QuarterView, quarters_panel
from .city_step import describe as describe_city
from .creature_step import DRAGON, owes_dragon
from .creature_step import describe as describe_creature
from .grid import OpenLabels, board_grid
from .palette import PaletteEntry, palette, palette_note
from .preview import Preview, preview
from .scoreboard import PlayerRow, player_rows
from .selection import Selection
from .spots import FigureChoice, figure_choice
from .tower_step import describe
from .why import why_not_here, why_not_turned, why_nowhere

FINDER_MARKS = {
    "river": pgettext_lazy("finder", "River"),
    "cloister": pgettext_lazy("finder", "Cloister"),
    "garden": pgettext_lazy("finder", "Garden"),
    "pennant": pgettext_lazy("finder", "Shield"),
    "inn": pgettext_lazy("finder", "Inn"),
    "cathedral": pgettext_lazy("finder", "Cathedral"),
    "goods": pgettext_lazy("finder", "Goods"),
    "tower": pgettext_lazy("finder", "Tower"),
}
"""What the tile finder can ask a tile to show, in the order its buttons come."""


@dataclass
class BoardPage:
    loaded: Loaded
    selection: Selection
    looks: list[Look]
    grid: Grid
    palette: list[PaletteEntry]
    preview: Preview | None
    choice: FigureChoice | None
    players: list[PlayerRow]
    last_turn: str
    finished: bool
    extra_tile: str = ""
    """Why the same player lays the next tile too (the builder), when that is so."""
    palette_note: str = ""
    """Why the palette offers what it does (the river phase, a square nothing fits)."""
    why_not: str = ""
    """Why the chosen tile cannot go on the chosen square, or fits no square at all."""
    choices: dict | None = None
    """Where each tile left fits, for the page's script to choose without asking (see choices.py);
    ``None`` when nothing can be laid."""
    along: bool = False
    """The square chosen is the one guessed for a board being copied (see along.py), not the reader's."""
    quarters: list[QuarterView] | None = None
    """The City of Carcassonne's quarters, their followers and the Count (``None``: no Count)."""

    @property
    def game(self) -> Game:
        return self.loaded.game

    @property
    def digest(self) -> str:
        return self.loaded.digest

    @property
    def here(self) -> str:
        """The choice this phone is making for the next tile, to keep when the board is fetched
        again after another phone's move; a figure choice is left out, as that tile may have changed."""
        return self.selection.href(
            spots=False, on=None, last=False, scored=False, player=None, kind=None, others=False
        )

    @property
    def at(self) -> str:
        """The whole selection as a link: where a reload of the page should come back to."""
        return self.selection.href(last=False, scored=False)

    @property
    def tile_label(self) -> str:
        """The chosen tile as the reader calls it."""
        return tile_name(self.selection.tile) if self.selection.tile else ""

    @property
    def script_words(self) -> dict[str, str]:
        """Sentences the page's script fills in itself ({x}, {y}, {tile}, {turn} left open)."""
        labels = OpenLabels()
        return {
            "legal": labels.legal,
            "gap-legal": labels.gap_legal,
            "gap": labels.gap,
            "waiting": labels.waiting,
            "dead": labels.dead,
            "empty": labels.empty,
            "pick": _("Tile {tile} at {x}, {y}: choose its figure"),
            "about-to-lay": _("Tile {tile} about to be laid, turned {rotation}°").replace(
                "{rotation}", "{turn}"
            ),
        }

    @property
    def narrowed(self) -> list[PaletteEntry]:
        """The tiles that fit the chosen square, the likeliest to have been drawn for the room each
        takes first: copies left per way it fits (choose.js orders them so too); catalogue order
        among equals."""
        return sorted((e for e in self.palette if e.options), key=lambda e: -e.remaining / len(e.options))

    @property
    def finder_marks(self) -> list[tuple[str, str]]:
        """The marks the tile finder offers: those some tile of this game shows."""
        shown = {fact for entry in self.palette for fact in entry.facts.split()}
        return [(mark, str(label)) for mark, label in FINDER_MARKS.items() if mark in shown]

    @property
    def remaining(self) -> int:
        return self.game.board.remaining


def changed_by_last_turn(game: Game) -> set[Square]:
    """The tiles whose picture on the page the last placement may have changed: the tile itself, the
    tile laid before it (no longer the last), and every tile its scores or the scores shown with the
    turn before lit up or emptied of figures."""
    changed: set[Square] = set()
    for turn in game.turns[-2:]:
        changed.add(turn.placement.square)
        for event in turn.events:
            changed.update(square for square, _ in event.segments)
            changed.update(square for square, _ in event.city_segments)
            changed.update(spot.square for spot in event.meeple_spots)
    return changed


def board_page(
    loaded: Loaded, selection: Selection, *, read_only: bool = False, only: set[Square] | None = None
) -> BoardPage:
    """The page's parts; ``read_only`` (the watching link) leaves out every way to change the game;
    ``only`` limits the board's tiles to those squares."""
    game, finished = loaded.game, loaded.saved.finished
    closed = finished or read_only
    if not closed and not selection.spots and owes_dragon(game):
        # The last tile's figure chosen (or none), its dragon must move before the next tile.
        selection = replace(selection, spots=True, on=None, tower=None, creature=DRAGON)
    looks = looks_of(game.players)
    legal: dict = {}
    if selection.tile is not None and not closed:
        legal = game.legal_placements(selection.tile).squares()
    shown = preview(selection, legal)
    fits = None if closed else remembered_fits(game, (loaded.saved.code, loaded.digest))
    ahead = None if fits is None else square_along(game, fits)
    choice = None if read_only else figure_choice(game, looks, selection, finished=finished, ahead=ahead)
    grid = board_grid(
        game,
        looks,
        selection,
        legal=legal,
        preview=shown.placement if shown else None,
        finished=closed,
        only=only,
    )
    stage = choice.stage if choice is not None else None
    if stage is not None:
        for cell in grid.tiles:
            cell.targets = stage.targets_on((cell.x, cell.y))
            cell.choosing = False  # the figure's dots give way to the step's buttons
    return BoardPage(
        loaded=loaded,
        selection=selection,
        looks=looks,
        grid=grid,
        palette=[] if read_only else palette(game, selection, finished=finished),
        preview=shown,
        choice=choice,
        players=player_rows(game, looks),
        last_turn=turn_summary(game, looks) if selection.last or read_only else "",
        finished=finished,
        extra_tile=extra_tile_note(game, looks) if not finished else "",
        palette_note="" if closed else palette_note(game, selection),
        why_not="" if closed else why_not(game, selection, legal),
        choices=None if fits is None else {"digest": loaded.digest, "fits": fits},
        along=ahead is not None and selection.tile is None and selection.square == ahead,
        quarters=quarters_panel(game, looks),
    )


def why_not(game: Game, selection: Selection, legal: dict) -> str:
    """Why the tile chosen cannot go where it was asked for: on the square chosen at no turn, or
    (no square chosen) on no square at all."""
    if selection.tile is None:
        return ""
    if selection.square is None:
        return "" if legal else why_nowhere(game, selection.tile)
    if selection.square in game.board.tiles:
        return ""
    if selection.square in legal:
        turned = selection.rotation
        return "" if turned is None else why_not_turned(game, selection.tile, selection.square, turned)
    return why_not_here(game, selection.tile, selection.square)


def extra_tile_note(game: Game, looks: list[Look]) -> str:
    """ "Mina plays again: ..." when the tile just laid earned its layer a second one."""
    if not game.turns or not game.turns[-1].extra_tile or game.turns[-1].layer is None:
        return ""
    return _("{player} lays another tile now: their builder's road or city was just extended.").format(
        player=looks[game.turns[-1].layer].name
    )


def turn_summary(game: Game, looks: list[Look]) -> str:
    """What the last turn did, in a sentence or two: the tile laid and whatever it scored."""
    if not game.turns:
        return ""
    turn = game.turns[-1]
    placement = turn.placement
    parts = [
        _("Tile {tile} laid at {x}, {y}.").format(
            tile=tile_name(placement.tile), x=d(placement.x), y=d(placement.y)
        )
    ]
    if placement.meeple is not None:
        parts.append(
            _("{player} put their {figure} on it.").format(
                player=looks[placement.meeple.player].name, figure=figure_name(placement.meeple.kind)
            )
        )
    exchanged = exchanges(game, len(game.turns) - 1).get(len(game.turns) - 1)
    if turn.layer is not None:
        parts += [describe(looks, turn.layer, action, exchanged) for action in placement.actions]
        parts += [describe_creature(game, looks, turn.layer, action) for action in placement.actions]
        parts += [describe_city(game, looks, turn.layer, action) for action in placement.actions]
    names = [look.name for look in looks]
    for event in turn.events:
        parts.append(_("{what}: {why}.").format(what=title(event), why=sentence(event, names, game.rules)))
    if turn.extra_tile and turn.layer is not None:
        parts.append(
            _("{player}'s builder earns another tile: {player} plays again.").format(
                player=looks[turn.layer].name
            )
        )
    # Sentence after sentence as the language joins them (Chinese: no space between).
    return functools.reduce(sentences, [part for part in parts if part])
