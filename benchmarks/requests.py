"""Server time per placement on the board page: ``make bench`` (or ``python -m benchmarks.requests``).

Lays random games through the real view (``POST .../move`` with ``HX-Request`` and the board's
corner, as the page does): the base game, and 200 tiles of two sets of every expansion. Reports
the median server time per placement (wall clock, and CPU in brackets: a busy machine inflates the
first) by how many tiles the board already has, and the size of each answer. Runs against a
throw-away SQLite database.
"""

from __future__ import annotations

import gzip
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")
    import django
    from django.conf import settings

    folder = tempfile.mkdtemp()
    settings.DATABASES["default"]["NAME"] = str(Path(folder) / "bench.sqlite3")
    settings.ALLOWED_HOSTS = ["*"]
    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from scorer import services
    from scorer.engine.simulate import random_game

    call_command("migrate", verbosity=0)
    client = Client()
    print("Board page: one placement request (POST move, htmx, as the page sends it)")
    print("  server time per placement, median (CPU ms in brackets), by how many tiles the board has")
    for label, expansions, tile_sets, games in GAMES:
        run(client, services, random_game, label, expansions, tile_sets, games)


EVERY_BOX = ("river", "abbot", "inns-cathedrals", "traders-builders")
# The site keeps one copy of each box, so its biggest board is every box together: 126 tiles.
EVERY_BOX = ("river", "abbot", "inns-cathedrals", "traders-builders")
# The site keeps one copy of each box, so its biggest board is every box together: 126 tiles.
GAMES = [
    ("base game, 72 tiles", (), 1, 3),
    ("every box (River, Abbot, Inns & Cathedrals, Traders & Builders), 126 tiles", EVERY_BOX, 1, 2),
]
BUCKETS = [(1, 25), (26, 50), (51, 75), (76, 100), (101, 126)]


def run(client, services, random_game, label, expansions, tile_sets, games) -> None:
    by_bucket: dict[tuple[int, int], list[tuple[float, float]]] = {b: [] for b in BUCKETS}
    sizes, partial, total = [], 0, 0
    for seed in range(games):
        played = random_game(
            random.Random(seed), 3, expansions=expansions, tile_sets=tile_sets, max_tiles=200
        )
        saved = services.create_game(
            services.GameSettings(
                players=[("Mina", "red"), ("Wei", "blue"), ("Sara", "green")],
                expansions=expansions,
            )
        )
        url = f"/en/play/{saved.code}/move"
        page = client.get(f"/en/play/{saved.code}/")  # warm caches (tile sprites, templates)
        origin = board_origin(page.content.decode())
        for number, placement in enumerate(played.placements, start=1):
            data = {
                "tile": placement.tile,
                "x": placement.x,
                "y": placement.y,
                "rotation": placement.rotation,
                "expected": services.load(saved.code).digest,  # what the page's forms carry
                "west": origin[0],
                "north": origin[1],
            }
            wall, cpu = time.perf_counter(), time.process_time()
            response = client.post(url, data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip")
            sample = ((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
            assert response.status_code == 200, response.content[:300]
            assert b"message error" not in response.content, "a placement was refused"
            bucket = next((b for b in BUCKETS if b[0] <= number <= b[1]), None)
            if bucket:
                by_bucket[bucket].append(sample)
            sizes.append(len(response.content))
            total += 1
            if response.get("HX-Reswap") == "none":
                partial += 1
            else:
                body = (
                    gzip.decompress(response.content)
                    if response.get("Content-Encoding")
                    else response.content
                )
                origin = board_origin(body.decode())
    print(f"  {label}: {total} placements, {partial} answered with only what changed")
    for (low, high), samples in by_bucket.items():
        if samples:
            wall = statistics.median(s[0] for s in samples)
            cpu = statistics.median(s[1] for s in samples)
            print(f"    tiles {low:>3}-{high:<3} {wall:6.1f} ms ({cpu:.1f})   [{len(samples)} placements]")
    wire, biggest = statistics.median(sizes) / 1024, max(sizes) / 1024
    print(f"    answer on the wire (gzip): median {wire:.1f} kB, max {biggest:.1f} kB")


def board_origin(html: str) -> tuple[str, str]:
    """The square in the board's first column and row, as the page's forms send it."""
    found = re.search(r'data-min-x="(-?\d+)" data-min-y="(-?\d+)"', html)
    return (found.group(1), found.group(2)) if found else ("", "")


if __name__ == "__main__":
    main()
