"""Random legal games, for property tests, benchmarks and examples.

The caller passes the :class:`random.Random` to use, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .game import Game
from .placement import Placement
from .places import Square
from .rules import Mode, Rules
from .tiles import RIVER_LAKE, RIVER_SPRING, START_TILE, TILES, Expansion, tile_counts


def draw_pile(rng: random.Random, expansions: frozenset[Expansion], tile_sets: int = 1) -> list[str]:
    """The tiles in the order a real game would draw them: start tile, river, the rest shuffled."""
    counts = tile_counts(expansions, tile_sets)
    pile = [name for name, n in counts.items() for _ in range(n)]
    start = RIVER_SPRING.name if Expansion.RIVER in expansions else START_TILE.name
    pile.remove(start)
    river = [n for n in pile if TILES[n].is_river and n != RIVER_LAKE.name]
    rest = [n for n in pile if not TILES[n].is_river]
    rng.shuffle(river)
    rng.shuffle(rest)
    lake = [RIVER_LAKE.name] * pile.count(RIVER_LAKE.name)
    return [start, *river, *lake, *rest]


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
    for name in pile:
        if max_tiles is not None and len(game.board) >= max_tiles:
            break
        placement = _choose_square(rng, game, name, frontier)
        if placement is None:
            continue  # nowhere to go: the tile is set aside, as the rules say
        # The start tile is nobody's; after it, play goes round: the first player lays the second tile.
        player = (len(game.turns) - 1) % players
        if game.turns and game.meeples_in_supply[player] > 0 and rng.random() < meeple_chance:
            spots = [s for s in game.meeple_spots(placement) if s.free]
            if spots:
                placement = placement.with_meeple(player, rng.choice(spots).place)
        game.push(placement)
        frontier.update(game, placement.square)
    return game


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
    if not board.tiles:
        return Placement(name, 0, 0, rng.choice((0, 90, 180, 270)))
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
    """The same game entered as a finished board: the tiles, the meeples still standing, and
    the points already on the score track as banked points."""
    standing = {}
    graph = game.board.graph
    for node in graph.meeple_nodes:
        standing[graph.square[node]] = (graph.meeple[node], graph.feature[node])
    final = Game(
        list(game.players), rules=game.rules, expansions=game.expansions, mode=Mode.FINAL, banked=game.scores
    )
    for placement in game.placements:
        plain = placement.without_meeple()
        if placement.square in standing:
            player, feature = standing[placement.square]
            place = TILES[placement.tile].oriented(placement.rotation).place_of(feature)
            plain = plain.with_meeple(player, place)
        final.push(plain)
    return final
