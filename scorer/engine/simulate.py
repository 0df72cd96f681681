"""Random legal games, for property tests, benchmarks and examples.

The caller passes the :class:`random.Random` to use, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .actions import Step, kind_of
from .board import Board
from .expansions.abbot import Recall
from .figures import Figure, FigureKind
from .game import Game
from .placement import Figures, Meeple, Placement
from .places import Square
from .rules import Mode, Rules
from .tiles import Expansion
from .tilesets import RIVER_LAKE, TILES, tile_counts


def draw_pile(rng: random.Random, expansions: frozenset[Expansion], tile_sets: int = 1) -> list[str]:
    """The tiles in the order a real game would draw them: start tile, river, the rest shuffled."""
    counts = tile_counts(expansions, tile_sets)
    pile = [name for name, n in counts.items() for _ in range(n)]
    opening = [tile.name for tile in Board(expansions=expansions).opening]
    for name in opening:
        pile.remove(name)
    river = [n for n in pile if TILES[n].is_river and n != RIVER_LAKE.name]
    rest = [n for n in pile if not TILES[n].is_river]
    rng.shuffle(river)
    rng.shuffle(rest)
    lake = [RIVER_LAKE.name] * pile.count(RIVER_LAKE.name)
    return [*opening, *river, *lake, *rest]


def random_game(
    rng: random.Random,
    players: int = 3,
    *,
    expansions: Iterable[Expansion | str] = (),
    rules: Rules | None = None,
    tile_sets: int = 1,
    meeple_chance: float = 0.5,
    max_tiles: int | None = None,
) -> Game:
    """Play a random legal game: each tile goes on a random legal square, often with a meeple.

    Tiles that fit nowhere are set aside. ``max_tiles`` stops the game once the board holds that many.
    """
    expansions = frozenset(Expansion(e) for e in expansions)
    game = Game(players, rules=rules, expansions=expansions, tile_sets=tile_sets)
    pile = draw_pile(rng, expansions, tile_sets)
    frontier = _Frontier()
    aside: list[str] = []
    for name in pile:
        if max_tiles is not None and len(game.board) >= max_tiles:
            break
        laid = _lay(rng, game, name, frontier, meeple_chance)
        if not laid:
            # A tile that fits nowhere is set aside; a river tile goes back into the river's pile
            # (the River's rule), so it is tried again once the river has moved on.
            if TILES[name].is_river:
                aside.append(name)
            continue
        while aside and TILES[name].is_river:
            retried = [n for n in aside if not _lay(rng, game, n, frontier, meeple_chance)]
            if len(retried) == len(aside):
                break
            aside = retried
    return game


def _lay(rng: random.Random, game: Game, name: str, frontier: _Frontier, meeple_chance: float) -> bool:
    placement = _choose_square(rng, game, name, frontier)
    if placement is None:
        return False
    laid_by_someone = game.to_move is not None  # not a tile that opens the game
    if laid_by_someone and rng.random() < meeple_chance:
        placement = _with_figure(rng, game, placement)
    if laid_by_someone and (game.offers_actions or game.offers_follow_ups):
        # (games without such expansions draw no more at random)
        placement = _with_module_actions(rng, game, placement)
        placement = _with_follow_ups(rng, game, placement)
    game.push(placement)
    frontier.update(game, placement.square)
    return True


def _with_figure(rng: random.Random, game: Game, placement: Placement) -> Placement:
    """The placement with a random legal figure of its layer on it, or a recall of their abbot."""
    layer = game.to_move
    assert layer is not None
    if FigureKind.ABBOT in game.figure_kinds and rng.random() < 0.15:
        recalls = _recalls(game, placement, layer)
        if recalls:
            return placement.with_action(Recall(layer, *rng.choice(recalls)))
    spots = [s for s in game.figure_spots(placement, layer) if s.legal]
    if not spots:
        return placement
    # Meeples are most of the pieces; the special figures come up often enough to be tested.
    kinds = sorted({s.kind for s in spots})
    kind = FigureKind.MEEPLE if FigureKind.MEEPLE in kinds and rng.random() < 0.6 else rng.choice(kinds)
    spot = rng.choice([s for s in spots if s.kind is kind])
    return placement.with_meeple(layer, spot.place, kind)


def _with_module_actions(rng: random.Random, game: Game, placement: Placement) -> Placement:
    """Now and then, instead of its figure, an action an expansion offers (a tower floor, often
    with a capture; a figure onto a tower), and a ransom when one can be paid."""
    options = game.action_options(placement)
    if not options:
        return placement
    before = [o for o in options if kind_of(o).step is Step.BEFORE_TILE]
    choices = [o for o in options if kind_of(o).choice]
    chosen = placement
    if choices and rng.random() < 0.4:
        # A kind of action first, the rarer the likelier, so that the princess (one knight to
        # send home, now and then) comes up as well as the fairy (next to any follower).
        by_kind: dict[str, list] = {}
        for option in choices:
            by_kind.setdefault(kind_of(option).key, []).append(option)
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, weights=[len(by_kind[k]) ** -0.5 for k in kinds])[0]
        choices = by_kind[kind]
        capturing = [o for o in choices if getattr(o, "capture", None) is not None]
        pick = rng.choice(capturing if capturing and rng.random() < 0.6 else choices)
        chosen = placement.without_meeple().with_action(pick)
    if before and rng.random() < 0.5:
        paid = chosen.with_action(rng.choice(before))
        chosen = paid if game.is_legal(paid) else chosen
    return chosen if chosen == placement or game.is_legal(chosen) else placement


def _with_follow_ups(rng: random.Random, game: Game, placement: Placement) -> Placement:
    """The placement with one of the moves that must follow its action (the dragon's), if any,
    and now and then one of each kind that may (followers out of the City, a quarter), asked
    again after each choice since one changes the next (who scored decides the quarter)."""
    for _ in range(3):
        by_kind: dict[str, list] = {}
        for option in game.follow_ups(placement):
            by_kind.setdefault(kind_of(option).key, []).append(option)
        added = False
        # What must follow first (it may change what scores), then now and then what may.
        for key, options in sorted(by_kind.items(), key=lambda item: kind_of(item[1][0]).step):
            if any(kind_of(a).key == key for a in placement.actions):
                continue
            if kind_of(options[0]).step is Step.AFTER_ACTION:
                placement = placement.with_action(rng.choice(options))
                added = True
            elif rng.random() < 0.8:
                chosen = placement.with_action(rng.choice(options))
                if game.is_legal(chosen):
                    placement, added = chosen, True
        if not added:
            break
    return placement


def end_of(rng: random.Random, game: Game) -> None:
    """Choose at random what the game's end says (the market's followers onto fields), into
    ``game.extras``."""
    for module in game.board.modules:
        for name, choices in module.end_choices(game).items():
            chosen = [c for c in choices if rng.random() < 2 / max(len(choices), 1)]
            game.extras = {**game.extras, name: tuple(chosen)}
            if game.end_problem() is not None:  # more than the quarter holds: fewer
                game.extras = {**game.extras, name: tuple(chosen[:1])}
                if game.end_problem() is not None:
                    game.extras = {k: v for k, v in game.extras.items() if k != name}


def _recalls(game: Game, placement: Placement, layer: int) -> list[Square]:
    squares = [f.square for f in game.figures if f.kind is FigureKind.ABBOT and f.player == layer]
    return [sq for sq in squares if game.is_legal(placement.with_action(Recall(layer, *sq)))]


class _Frontier:
    """The open squares as a list, so that picking one at random costs nothing."""

    def __init__(self) -> None:
        self.squares: list[Square] = []
        self.index: dict[Square, int] = {}

    def update(self, game: Game, square: Square) -> None:
        self._remove(square)
        x, y = square
        for near in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if near not in game.board.tiles and near not in self.index:
                self.index[near] = len(self.squares)
                self.squares.append(near)

    def _remove(self, square: Square) -> None:
        i = self.index.pop(square, None)
        if i is None:
            return
        last = self.squares.pop()
        if i < len(self.squares):
            self.squares[i] = last
            self.index[last] = i


def _choose_square(rng: random.Random, game: Game, name: str, frontier: _Frontier) -> Placement | None:
    board = game.board
    tile = TILES[name]
    if not board.tiles and board.bound_square is None:
        return Placement(name, 0, 0, rng.choice((0, 90, 180, 270)))
    if len(board.tiles) < len(board.opening):
        (x, y), rotation = rng.choice(list(board.legal_placements(tile)))
        return Placement(name, x, y, rotation)
    # On a big board try a few random squares first; the full scan is the fallback.
    if len(frontier.squares) > 64:
        for _ in range(64):
            square = rng.choice(frontier.squares)
            rotations = [0, 90, 180, 270]
            rng.shuffle(rotations)
            for rotation in rotations:
                if board.problem(tile, square, rotation) is None:
                    return Placement(name, square[0], square[1], rotation)
    options = list(board.legal_placements(tile))
    if not options:
        return None
    (x, y), rotation = rng.choice(options)
    return Placement(name, x, y, rotation)


def final_board_of(game: Game) -> Game:
    """The same game entered as a finished board: the tiles, the figures still standing, the points
    already on the score track as banked points and the goods collected."""
    standing: dict[Square, list] = {}
    for figure in game.figures:
        standing.setdefault(figure.square, []).append(figure)
    for module in game.board.modules:
        for _, spot in module.farm_visitors(game):
            placed = game.board.tiles[spot.square]
            place = placed.orientation.place_of(spot.index)
            feature = placed.tile.features[spot.index].kind
            figure = Figure(spot.player, spot.kind, spot.square, place, feature, spot.index)
            standing.setdefault(spot.square, []).append(figure)
    final = Game(
        list(game.players),
        rules=game.rules,
        expansions=game.expansions,
        mode=Mode.FINAL,
        banked=game.scores,
        goods=[dict(held) for held in game.goods],
        extras={name: value for m in game.board.modules for name, value in m.final_extras(game).items()},
    )
    for placement in game.placements:
        plain = placement.bare().laid_by(None)
        figures = standing.get(placement.square, [])
        if len(figures) == 1:
            plain = plain.with_meeple(figures[0].player, figures[0].place, figures[0].kind)
        elif figures:
            plain = plain.with_action(Figures(tuple(Meeple(f.player, f.place, f.kind) for f in figures)))
        final.push(plain)
    return final
