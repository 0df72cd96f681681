"""What the board page shows, worked out from the engine's game: pure data for the templates.

Views stay thin: they pick the saved game and the user's selection, and hand both to
:func:`board_page`; templates only lay the result out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from carcassonne_site.languages import localize_digits as d
from scorer.engine import TILES, Game, Mode, Placement
from scorer.engine.places import Square
from scorer.engine.tiles import FeatureKind, TileType
from scorer.messages import FEATURE_NAMES, tile_name

TRACK_LENGTH = 50
"""Squares on the physical score track; a meeple laps it every 50 points."""


@dataclass(frozen=True)
class Selection:
    """What the user has picked so far on the board page (all optional)."""

    tile: str | None = None
    square: Square | None = None
    rotation: int | None = None
    meeple_for: int | None = None
    show_dots: bool = False
    show_last: bool = False
    show_scored: bool = False
    """Light up what the last tile scored (after a meeple is put down, say)."""


@dataclass
class PlayerRow:
    index: int
    name: str
    color: str
    mark: str
    meeples: int
    score: int
    projected: int
    lap: int
    track_square: int
    to_move: bool = False


@dataclass
class MeepleMark:
    left: float
    top: float
    player: int
    color: str
    mark: str
    farmer: bool
    label: str


@dataclass
class Glow:
    """A scored feature lit up on one tile (drawn with the tile's feature mask)."""

    name: str
    feature: int
    city: bool = False
    """A city a farm is paid for, rather than the feature that scored."""


@dataclass
class Float:
    """Points rising from where a winner's meeple stood."""

    left: float
    top: float
    text: str
    color: str
    delay: int = 0


def scoring_marks(
    board, events, colors: list[str]
) -> tuple[dict[Square, list[Glow]], dict[Square, list[Float]]]:
    """Where score events light the board up, and where each winner's points rise from."""
    glows: dict[Square, list[Glow]] = {}
    floats: dict[Square, list[Float]] = {}
    for number, event in enumerate(events):
        for square, feature in event.segments:
            glows.setdefault(square, []).append(Glow(board.tiles[square].tile.name, feature))
        for square, feature in event.city_segments:
            glows.setdefault(square, []).append(Glow(board.tiles[square].tile.name, feature, city=True))
        if not event.points:
            continue
        for winner in event.winners:
            spots = [s for s in event.meeple_spots if s[2] == winner] or list(event.meeple_spots)
            square, feature = spots[0][:2] if spots else event.segments[0]
            left, top = board.tiles[square].orientation.anchors[feature]
            floats.setdefault(square, []).append(
                Float(
                    round(left * 100, 1), round(top * 100, 1), "+" + d(event.points), colors[winner], number
                )
            )
    return glows, floats


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
    last: bool
    meeples: list[MeepleMark] = field(default_factory=list)
    glows: list[Glow] = field(default_factory=list)
    floats: list[Float] = field(default_factory=list)


@dataclass
class Dot:
    feature: int
    place: str
    left: float
    top: float
    farmer: bool
    label: str


@dataclass
class OpenCell:
    x: int
    y: int
    col: int
    row: int
    legal: bool
    dead: bool
    selected: bool
    rotations: list[int]
    label: str


@dataclass
class PaletteEntry:
    tile: TileType
    remaining: int
    total: int
    selected: bool
    key: str
    label: str
    options: list[int] = field(default_factory=list)
    """With a square chosen: the rotations at which this tile fits there."""


@dataclass
class MoveRow:
    number: int
    player: str | None
    color: str | None
    placement: Placement
    meeple_kind: str | None
    events: list[dict]


@dataclass
class BoardPage:
    game: Game
    players: list[PlayerRow]
    tiles: list[TileCell]
    open_cells: list[OpenCell]
    palette: list[PaletteEntry]
    columns: int
    rows: int
    origin: Square
    selection: Selection
    preview: Placement | None
    preview_options: list[int]
    turn_left: int | None
    turn_right: int | None
    dots: list[Dot]
    dots_player: int | None
    dots_color: str | None
    moves: list[MoveRow]
    last_turn: str
    remaining: int
    to_move: int | None
    finished: bool


def marks_for(names: list[str]) -> list[str]:
    """A letter per player for meeples, so colour is never the only cue: initials if they differ."""
    initials = [name.strip()[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(initials):
        return initials
    return [str(i + 1) for i in range(len(names))]


def owner_of_turn(game: Game, number: int) -> int | None:
    """Who laid tile ``number`` (0 is the start tile, laid by nobody) in a replayed game."""
    if game.mode is Mode.FINAL or number == 0:
        return None
    return (number - 1) % len(game.players)


def feature_label(kind: FeatureKind) -> str:
    return str(FEATURE_NAMES[kind])


def board_page(
    game: Game, players_meta: list[dict], selection: Selection, *, finished: bool = False
) -> BoardPage:
    board = game.board
    names = list(game.players)
    colors = [p["color"] for p in players_meta]
    marks = marks_for(names)
    projected = game.projected_scores()
    to_move = None
    if game.mode is Mode.REPLAY and game.turns:
        to_move = (len(game.turns) - 1) % len(names)  # the first player lays the second tile

    players = [
        PlayerRow(
            index=i,
            name=name,
            color=colors[i],
            mark=marks[i],
            meeples=game.meeples_in_supply[i],
            score=game.scores[i],
            projected=projected[i],
            lap=game.scores[i] // TRACK_LENGTH,
            track_square=game.scores[i] % TRACK_LENGTH,
            to_move=i == to_move,
        )
        for i, name in enumerate(names)
    ]

    tile = TILES.get(selection.tile) if selection.tile else None
    legal: dict[Square, list[int]] = {}
    if tile is not None and not finished:
        for square, rotation in board.legal_placements(tile):
            legal.setdefault(square, []).append(rotation)
    dead = board.dead_squares() if not finished else set()

    empty_squares = board.open_squares if board.tiles else {(0, 0)}
    squares = list(board.tiles) + list(empty_squares)
    xs, ys = [s[0] for s in squares], [s[1] for s in squares]
    min_x, min_y = min(xs), min(ys)
    columns, rows = max(xs) - min_x + 1, max(ys) - min_y + 1

    graph = board.graph
    standing: dict[Square, list[MeepleMark]] = {}
    for node in graph.meeple_nodes:
        square = graph.square[node]
        placed = board.tiles[square]
        feature = graph.feature[node]
        kind = placed.tile.features[feature].kind
        left, top = placed.orientation.anchors[feature]
        player = graph.meeple[node]
        standing.setdefault(square, []).append(
            MeepleMark(
                left=left * 100,
                top=top * 100,
                player=player,
                color=colors[player],
                mark=marks[player],
                farmer=kind is FeatureKind.FIELD,
                label=_("{player}'s meeple on a {feature}").format(
                    player=names[player], feature=feature_label(kind)
                ),
            )
        )

    last_square = board.order[-1] if board.order else None
    tiles = [
        TileCell(
            x=sq[0],
            y=sq[1],
            col=sq[0] - min_x + 1,
            row=sq[1] - min_y + 1,
            name=placed.tile.name,
            rotation=placed.rotation,
            number=placed.index + 1,
            label=_("Tile {tile}, turned {rotation}°, at {x}, {y}").format(
                tile=placed.tile.name, rotation=d(placed.rotation), x=d(sq[0]), y=d(sq[1])
            ),
            last=sq == last_square,
            meeples=sorted(standing.get(sq, []), key=lambda m: m.player),
        )
        for sq, placed in sorted(board.tiles.items(), key=lambda item: (item[0][1], item[0][0]))
    ]

    # What the last tile scored lights up on the board, with its points.
    if game.turns and (selection.show_dots or selection.show_last or selection.show_scored):
        glows, floats = scoring_marks(board, game.turns[-1].events, colors)
        for cell in tiles:
            cell.glows = glows.get((cell.x, cell.y), [])
            cell.floats = floats.get((cell.x, cell.y), [])

    open_cells = []
    if not finished:
        for sq in sorted(empty_squares, key=lambda s: (s[1], s[0])):
            is_legal = sq in legal
            if is_legal:
                label = _("Square {x}, {y}: the tile fits here").format(x=d(sq[0]), y=d(sq[1]))
            elif sq in dead:
                label = _("Square {x}, {y}: no tile left can fill it").format(x=d(sq[0]), y=d(sq[1]))
            else:
                label = _("Empty square {x}, {y}").format(x=d(sq[0]), y=d(sq[1]))
            open_cells.append(
                OpenCell(
                    x=sq[0],
                    y=sq[1],
                    col=sq[0] - min_x + 1,
                    row=sq[1] - min_y + 1,
                    legal=is_legal,
                    dead=sq in dead,
                    selected=sq == selection.square,
                    rotations=legal.get(sq, []),
                    label=label,
                )
            )

    fits: dict[str, list[int]] = {}
    if selection.square is not None and not finished and selection.square in empty_squares:
        for name, left in board.supply.items():
            if left > 0:
                rotations = [
                    rotation
                    for rotation in TILES[name].distinct_rotations
                    if board.is_legal(name, selection.square, rotation)
                ]
                if rotations:
                    fits[name] = rotations
    palette = [
        PaletteEntry(
            tile=TILES[name],
            remaining=left,
            total=TILES[name].count * board.tile_sets,
            selected=name == selection.tile,
            key=name if len(name) == 1 else "",
            label=tile_name(name),
            options=fits.get(name, []),
        )
        for name, left in board.supply.items()
    ]

    preview, preview_options, turn_left, turn_right = None, [], None, None
    if tile is not None and selection.square in legal:
        # Only the rotations that fit, and only one of each that looks the same.
        preview_options = [r for r in tile.distinct_rotations if r in legal[selection.square]]
        rotation = selection.rotation if selection.rotation in preview_options else preview_options[0]
        preview = Placement(tile.name, selection.square[0], selection.square[1], rotation)
        here = preview_options.index(rotation)
        turn_left = preview_options[(here - 1) % len(preview_options)]
        turn_right = preview_options[(here + 1) % len(preview_options)]

    dots, dots_player = [], None
    # Nobody puts a meeple on the start tile of a game being played.
    start_tile = game.mode is Mode.REPLAY and len(game.turns) == 1
    if selection.show_dots and game.turns and not finished and not start_tile:
        dots_player = selection.meeple_for
        if dots_player is None:
            dots_player = owner_of_turn(game, len(game.turns) - 1)
        if dots_player is None:
            dots_player = 0
        last = game.turns[-1].placement
        if game.meeples_in_supply[dots_player] > 0 or last.meeple is not None:
            game.pop()
            try:
                for spot in game.meeple_spots(last.without_meeple()):
                    if not spot.free:
                        continue
                    dots.append(
                        Dot(
                            feature=spot.feature,
                            place=spot.place.name,
                            left=spot.anchor[0] * 100,
                            top=spot.anchor[1] * 100,
                            farmer=spot.kind is FeatureKind.FIELD,
                            label=_("Put {player}'s meeple on the {feature}").format(
                                player=names[dots_player], feature=feature_label(spot.kind)
                            ),
                        )
                    )
            finally:
                game.push(last)

    moves = []
    for number, turn in enumerate(game.turns):
        owner = owner_of_turn(game, number)
        meeple = turn.placement.meeple
        kind = None
        if meeple is not None:
            feature = TILES[turn.placement.tile].oriented(turn.placement.rotation).feature_at[meeple.at]
            if feature is not None:
                kind = feature_label(TILES[turn.placement.tile].features[feature].kind)
        moves.append(
            MoveRow(
                number=number + 1,
                player=names[owner] if owner is not None else None,
                color=colors[owner] if owner is not None else None,
                placement=turn.placement,
                meeple_kind=kind,
                events=[
                    {
                        "feature": feature_label(e.feature),
                        "points": e.points,
                        "winners": [names[w] for w in e.winners],
                    }
                    for e in turn.events
                ],
            )
        )

    return BoardPage(
        game=game,
        players=players,
        tiles=tiles,
        open_cells=open_cells,
        palette=palette,
        columns=columns,
        rows=rows,
        origin=(min_x, min_y),
        selection=selection,
        preview=preview,
        preview_options=preview_options,
        turn_left=turn_left,
        turn_right=turn_right,
        dots=dots,
        dots_player=dots_player,
        dots_color=colors[dots_player] if dots_player is not None else None,
        moves=moves,
        last_turn=turn_summary(game, players_meta) if selection.show_last else "",
        remaining=board.remaining,
        to_move=to_move,
        finished=finished,
    )


def turn_summary(game: Game, players_meta: list[dict]) -> str:
    """What the last turn did, in a sentence or two: the tile laid and whatever it scored."""
    from scorer.explain import sentence, title

    if not game.turns:
        return ""
    turn = game.turns[-1]
    placement = turn.placement
    text = _("Tile {tile} laid at {x}, {y}.").format(tile=placement.tile, x=d(placement.x), y=d(placement.y))
    if placement.meeple is not None:
        text += " " + _("{player} put a meeple on it.").format(player=game.players[placement.meeple.player])
    names = list(game.players)
    for event in turn.events:
        text += " " + _("{what}: {why}.").format(what=title(event), why=sentence(event, names, game.rules))
    return text
