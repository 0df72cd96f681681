"""One board drawn in HTML, the same for the scoring assistant and the tutor.

Tiles on a grid, the figures standing on them, what a score lights up and the points rising from
it: pure data, worked out from the engine's game, laid out by ``templates/boards/_grid.html``.
The assistant adds its own layers (open squares, a preview, figure spots) on top; the tutor adds
the tile sliding in and figures going home.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.board_layer.languages import localize_digits as d
from scorer.board_layer.messages import figure_name, figure_on, piece_label
from scorer.board_layer.players import Look
from scorer.board_layer.tile_names import tile_name
from scorer.engine import Extent, FeatureKind, Game, ScoreEvent, Spot, Square
from scorer.engine.board import Board

DELAYS = 12
"""How many steps of delay the points rising after a turn have (one a tile, the rest at the last)."""


@dataclass
class FigureMark:
    """A figure standing on a tile, drawn at its feature's anchor."""

    left: int
    top: int
    player: int
    color: str
    mark: str
    kind: str
    """The figure kind's value (meeple, big, abbot, builder, pig): its shape."""
    lying: bool
    """A farmer (or a pig) lies in its field."""
    label: str
    going: bool = False
    """Sent home by the score being shown (the tutor animates it)."""


@dataclass
class PieceMark:
    """Something an expansion stands on a tile besides its figures (a tower, its height, and
    the figure on top), drawn at its own anchor."""

    kind: str
    left: int
    top: int
    size: str
    """Its height, in the reader's digits."""
    label: str
    figure: FigureMark | None = None


@dataclass
class Glow:
    """A scored feature lit up on one tile (drawn with the tile's feature mask)."""

    name: str
    feature: int
    city: bool = False
    """A city a farm is paid for, rather than the feature that scored."""


@dataclass
class Rising:
    """Points rising from where a winner's figure stood."""

    left: int
    top: int
    text: str
    color: str
    delay: int = 0


@dataclass
class TileCell:
    x: int
    y: int
    col: int
    row: int
    name: str
    rotation: int
    number: int
    label: str
    last: bool = False
    entering: bool = False
    choosing: bool = False
    """Its figure is being chosen (the assistant draws the figure spots on it)."""
    href: str = ""
    """A link that chooses the figure on this tile (the assistant, where that may change)."""
    pick_label: str = ""
    figures: list[FigureMark] = field(default_factory=list)
    pieces: list[PieceMark] = field(default_factory=list)
    targets: list = field(default_factory=list)
    """Buttons the assistant puts on this tile for a step of the turn (a tower to build on, a
    figure to capture), drawn by the including page's ``targets_template``."""
    glows: list[Glow] = field(default_factory=list)
    risings: list[Rising] = field(default_factory=list)
    trail: int = -1
    """The dragon's move shown on this tile (the tutor's examples, Princess & Dragon): 0 where it
    set off, n its n-th step onto this tile; -1 none."""
    trail_mark: str = ""
    """The step's number as the reader writes it (empty where it set off)."""
    trail_label: str = ""
    trail_last: bool = False
    """The dragon ended its move here."""
    arriving: str = ""
    """The kind of piece that comes onto this tile in the step shown (the tutor's examples: the
    fairy moved here, the dragon landed on a volcano), so that the page can show it arrive."""


@dataclass
class PreviewCell:
    """A tile shown where it would go, not yet laid."""

    x: int
    y: int
    col: int
    row: int
    name: str
    rotation: int
    label: str


@dataclass
class Grid:
    """Everything one board shows; the extra layers are the assistant's."""

    columns: int
    rows: int
    tiles: list[TileCell]
    west: int = 0
    north: int = 0
    """The square in the grid's first column and row."""
    mini: bool = False
    open_cells: list = field(default_factory=list)
    preview: PreviewCell | None = None
    roving: bool = False
    """One Tab stop for the whole board, the arrow keys for the rest (the assistant's board)."""


def percent(value: float) -> int:
    """A position on a tile in whole percent (``board-positions.css`` has a class for each)."""
    return max(0, min(100, round(value * 100)))


def scoring_marks(
    board: Board, events: Iterable[ScoreEvent], looks: Sequence[Look]
) -> tuple[dict[Square, list[Glow]], dict[Square, list[Rising]]]:
    """Where score events light the board up (every event of the list), and where each winner's
    points rise from."""
    glows: dict[Square, list[Glow]] = {}
    risings: dict[Square, list[Rising]] = {}
    for number, event in enumerate(events):
        for square, feature in event.segments:
            glows.setdefault(square, []).append(Glow(board.tiles[square].tile.name, feature))
        for square, feature in event.city_segments:
            glows.setdefault(square, []).append(Glow(board.tiles[square].tile.name, feature, city=True))
        if not event.points or not event.segments:
            continue
        for winner in event.winners:
            mine = [s for s in event.meeple_spots if s.player == winner] or list(event.meeple_spots)
            square, feature = (mine[0].square, mine[0].index) if mine else event.segments[0]
            left, top = board.tiles[square].orientation.anchors[feature]
            text = "+" + d(event.points)
            risings.setdefault(square, []).append(
                Rising(percent(left), percent(top), text, looks[winner].color, min(number, DELAYS - 1))
            )
    return glows, risings


def figure_mark(board: Board, spot: Spot, looks: Sequence[Look], *, going: bool = False) -> FigureMark:
    placed = board.tiles[spot.square]
    feature = placed.tile.features[spot.index].kind
    left, top = placed.orientation.anchors[spot.index]
    look = looks[spot.player]
    return FigureMark(
        left=percent(left),
        top=percent(top),
        player=spot.player,
        color=look.color,
        mark=d(look.mark),
        kind=spot.kind.value,
        lying=feature is FeatureKind.FIELD,
        label=figure_on(look.name, spot.kind, feature),
        going=going,
    )


def piece_marks(game: Game, looks: Sequence[Look]) -> dict[Square, list[PieceMark]]:
    """The expansions' pieces on each square, with the figure standing on each."""
    marks: dict[Square, list[PieceMark]] = {}
    for piece in game.pieces():
        figure = None
        beside = None
        if piece.figure is not None and piece.kind != "tower":
            # (the fairy: its follower is drawn on its own tile already)
            player, kind = piece.figure
            beside = _("{player}'s {figure}").format(player=looks[player].name, figure=figure_name(kind))
        elif piece.figure is not None:
            player, kind = piece.figure
            look = looks[player]
            on_top = _("{player}'s {figure}").format(player=look.name, figure=figure_name(kind))
            figure = FigureMark(
                percent(piece.anchor[0]), percent(piece.anchor[1]), player, look.color, d(look.mark),
                kind.value, False, on_top,
            )  # fmt: skip
        label = piece_label(piece.kind, piece.size, figure.label if figure else beside)
        marks.setdefault(piece.square, []).append(
            PieceMark(
                piece.kind, percent(piece.anchor[0]), percent(piece.anchor[1]), d(piece.size), label, figure
            )
        )
    return marks


def standing(game: Game) -> list[Spot]:
    """Every figure on the board as a spot."""
    return [Spot(f.square, f.index, f.player, f.kind) for f in game.figures]


def tile_label(name: str, rotation: int, square: Square) -> str:
    return _("Tile {tile}, turned {rotation}°, at {x}, {y}").format(
        tile=tile_name(name), rotation=d(rotation), x=d(square[0]), y=d(square[1])
    )


def tile_cells(
    game: Game,
    extent: Extent,
    looks: Sequence[Look],
    *,
    events: Iterable[ScoreEvent] = (),
    entering: Square | None = None,
    going: Iterable[Spot] = (),
    only: Iterable[Square] | None = None,
) -> list[TileCell]:
    """A cell for every tile (or for those on ``only``), in reading order (north to south, west to
    east), with its figures and what ``events`` light up on it."""
    board = game.board
    wanted = None if only is None else set(only)
    marks: dict[Square, list[FigureMark]] = {}
    for spot in standing(game):
        if wanted is None or spot.square in wanted:
            marks.setdefault(spot.square, []).append(figure_mark(board, spot, looks))
    for spot in going:
        marks.setdefault(spot.square, []).append(figure_mark(board, spot, looks, going=True))
    glows, risings = scoring_marks(board, events, looks)
    pieces = piece_marks(game, looks)
    last = board.order[-1] if board.order else None
    cells = []
    tiles = board.tiles
    chosen = tiles.items() if wanted is None else [(s, tiles[s]) for s in wanted if s in tiles]
    for square, placed in sorted(chosen, key=lambda item: (item[0][1], item[0][0])):
        cells.append(
            TileCell(
                x=square[0],
                y=square[1],
                col=extent.column(square[0]),
                row=extent.row(square[1]),
                name=placed.tile.name,
                rotation=placed.rotation,
                number=placed.index,
                label=tile_label(placed.tile.name, placed.rotation, square),
                last=square == last,
                entering=square == entering,
                figures=sorted(marks.get(square, []), key=lambda m: (m.player, m.kind)),
                pieces=pieces.get(square, []),
                glows=glows.get(square, []),
                risings=risings.get(square, []),
            )
        )
    return cells
