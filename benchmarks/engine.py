"""Engine benchmark: ``make bench`` (or ``python -m benchmarks.engine``).

Prints medians for:
(a) replaying and fully scoring a random 72-tile base game and an 84-tile base + River game;
(b) final scoring alone; (c) every legal placement of one tile on a full board;
(d) cost per tile on boards of 84, 840 and 8,400 tiles;
(e) reading, replaying and scoring an 84-tile River game from its board-file text, against
    ``json.loads`` of the same text, side by side in this process (target: at most 25 times);
(f) replay and scoring of games with the expansions (90, 96, 126 tiles, and every box: 186).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from scorer.engine import TILES, Game, build_game, read_board, write_board
from scorer.engine.simulate import random_game

EVERYTHING = ("river", "abbot", "inns-cathedrals", "traders-builders")
EVERY_BOX = (*EVERYTHING, "tower", "princess-dragon", "count")


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def replay(game: Game, *, score: bool = True) -> Game:
    copy = Game(game.players, rules=game.rules, expansions=game.expansions, tile_sets=game.board.tile_sets)
    copy.extend(game.placements)
    if score:
        copy.report()
    return copy


def as_the_site_writes(game: Game) -> str:
    """The board-file text the site exports for ``game``: every placement names who laid it."""
    named = Game(game.players, rules=game.rules, expansions=game.expansions)
    named.extend(turn.placement.laid_by(turn.layer) for turn in game.turns)
    return json.dumps(write_board(named), ensure_ascii=False, indent=1)


def bench_against_json(games: int, repeat: int) -> tuple[float, float, float]:
    """Median over River games of: json.loads alone, the whole read-replay-score, their ratio."""
    rows = []
    for seed in range(games):
        text = as_the_site_writes(random_game(random.Random(seed), 4, expansions=("river",)))
        loads = median_ms(lambda t=text: json.loads(t), repeat * 4)
        whole = median_ms(lambda t=text: build_game(read_board(json.loads(t))).report(), repeat * 4)
        rows.append((loads, whole, whole / loads))
    return tuple(statistics.median(column) for column in zip(*rows))  # type: ignore[return-value]


def bench_replay(expansions: tuple[str, ...], games: int, repeat: int) -> tuple[float, int]:
    samples, tiles = [], 0
    for seed in range(games):
        game = random_game(random.Random(seed), 4, expansions=expansions)
        tiles = max(tiles, len(game.board))
        samples.append(median_ms(lambda g=game: replay(g), repeat))
    return statistics.median(samples), tiles


def bench_final_scoring(games: int, repeat: int) -> float:
    samples = []
    for seed in range(games):
        game = random_game(random.Random(seed), 4, meeple_chance=0.8)
        samples.append(median_ms(game.report, repeat))
    return statistics.median(samples)


def bench_legal_placements(games: int, repeat: int) -> tuple[float, float]:
    """Median and worst (over tile types) time to list every legal placement on a 72-tile board."""
    per_type: dict[str, list[float]] = {}
    for seed in range(games):
        # Two tile sets, stopped at 72 tiles: a full board with every tile type still in supply.
        game = random_game(random.Random(seed), 4, tile_sets=2, max_tiles=72)
        for name, tile in TILES.items():
            if name not in game.board.counts:
                continue  # not in a base game
            per_type.setdefault(name, []).append(
                median_ms(lambda t=tile, g=game: list(g.board.legal_placements(t)), repeat)
            )
    medians = [statistics.median(v) for v in per_type.values()]
    return statistics.median(medians), max(medians)


def bench_growth(sizes: tuple[int, ...], repeat: int) -> list[dict[str, float]]:
    rows = []
    for size in sizes:
        sets = max(1, size // 84) * 6 // 5 + 1
        game = random_game(random.Random(size), 5, expansions=("river",), tile_sets=sets, max_tiles=size)
        runs = []
        for _ in range(repeat):
            start = time.perf_counter_ns()
            replay(game, score=False)
            runs.append((time.perf_counter_ns() - start) / len(game.board))
        rows.append({"tiles": len(game.board), "us_per_tile": statistics.median(runs) / 1e3})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    games, repeat = (5, 5) if args.quick else (20, 15)

    figures: dict[str, object] = {}
    base_ms, base_tiles = bench_replay((), games, repeat)
    river_ms, river_tiles = bench_replay(("river",), games, repeat)
    figures["replay_and_score_base_ms"] = base_ms
    figures["replay_and_score_river_ms"] = river_ms
    figures["final_scoring_ms"] = bench_final_scoring(games, repeat * 4)
    legal_median, legal_worst = bench_legal_placements(max(2, games // 4), repeat)
    figures["legal_placements_ms"] = legal_median
    figures["legal_placements_worst_type_ms"] = legal_worst
    loads_ms, whole_ms, ratio = bench_against_json(games, repeat)
    figures["json_loads_ms"], figures["from_text_ms"], figures["from_text_ratio"] = loads_ms, whole_ms, ratio
    expansion_rows = []
    for expansions in (("inns-cathedrals",), ("traders-builders",), EVERYTHING, EVERY_BOX):
        ms, tiles = bench_replay(expansions, games, repeat)
        expansion_rows.append((expansions, tiles, ms))
    figures["expansions"] = [{"expansions": list(e), "tiles": t, "ms": ms} for e, t, ms in expansion_rows]
    growth = bench_growth((84, 840, 8400), 3 if args.quick else 5)
    figures["growth"] = growth
    per_tile = [row["us_per_tile"] for row in growth]
    figures["growth_ratio"] = max(per_tile) / min(per_tile)

    print("Carcassonne engine benchmark (medians)")
    print(f"(a) replay + full scoring, {base_tiles}-tile base game:      {base_ms:7.2f} ms  (target <= 5)")
    print(
        f"(a) replay + full scoring, {river_tiles}-tile base + River game: {river_ms:7.2f} ms  (target <= 5)"
    )
    final_ms = figures["final_scoring_ms"]
    print(f"(b) final scoring alone, 72-tile game:              {final_ms:7.3f} ms  (target <= 1)")
    print(f"(c) all legal placements of one tile, full board:   {legal_median:7.3f} ms  (target <= 1)")
    print(f"    worst tile type:                                {legal_worst:7.3f} ms")
    for row in growth:
        print(f"(d) {int(row['tiles']):5d} tiles: {row['us_per_tile']:6.1f} us per tile")
    print(f"(d) largest / smallest cost per tile: {figures['growth_ratio']:.2f}x  (target <= 2)")
    print(f"(e) json.loads of an 84-tile River board file:      {loads_ms * 1000:7.1f} us")
    print(f"(e) read + replay + full scoring of the same text:  {whole_ms * 1000:7.1f} us")
    print(f"(e) ratio: {ratio:.1f}x json.loads  (target <= 25)")
    for expansions, tiles, ms in expansion_rows:
        print(f"(f) replay + full scoring, {tiles}-tile game with {' + '.join(expansions)}: {ms:7.2f} ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
