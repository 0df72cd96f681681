"""Server time per placement on the board page: ``make bench`` (or ``python -m benchmarks.requests``).

Lays a random 72-tile game through the real view (``POST .../move`` with ``HX-Request``, as the
browser does) and reports the median and 95th percentile of the server time per placement and
the size of each response. Runs against a throw-away SQLite database.
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
    samples, sizes, raw_sizes = [], [], []
    partial = 0
    for seed in range(3):
        played = random_game(random.Random(seed), 3)
        saved = services.create_game(
            services.GameSettings(players=[("Mina", "red"), ("Wei", "blue"), ("Sara", "green")])
        )
        url = f"/en/play/{saved.code}/move"
        page = client.get(f"/en/play/{saved.code}/")  # warm caches (tile sprites, templates)
        origin = board_origin(page.content.decode())
        for placement in played.placements:
            data = {
                "tile": placement.tile,
                "x": placement.x,
                "y": placement.y,
                "rotation": placement.rotation,
            }
            expected = services.load(saved.code).digest  # what the page's forms carry
            start = time.perf_counter()
            response = client.post(
                url,
                {**data, "expected": expected, "west": origin[0], "north": origin[1]},
                HTTP_HX_REQUEST="true",
                HTTP_ACCEPT_ENCODING="gzip",
            )
            samples.append((time.perf_counter() - start) * 1000)
            body = gzip.decompress(response.content) if response.get("Content-Encoding") else response.content
            if response.get("HX-Reswap") == "none":
                partial += 1
            else:
                origin = board_origin(body.decode())
            sizes.append(len(response.content))
            raw_sizes.append(
                len(gzip.decompress(response.content))
                if response.get("Content-Encoding")
                else len(response.content)
            )
            assert response.status_code == 200, response.content[:300]
        board = client.get(f"/en/play/{saved.code}/")
    samples.sort()
    p95 = samples[int(len(samples) * 0.95) - 1]
    print("Board page: one placement request (POST move, htmx), random 72-tile games")
    print(f"  placements: {len(samples)}, answered with only what changed: {partial}")
    print(f"  server time: median {statistics.median(samples):.1f} ms, p95 {p95:.1f} ms (target p95 <= 50)")
    wire, raw = statistics.median(sizes) / 1024, statistics.median(raw_sizes) / 1024
    print(
        f"  response on the wire (gzip): median {wire:.1f} kB, max {max(sizes) / 1024:.1f} kB (target <= 30)"
    )
    print(f"  response unpacked: median {raw:.1f} kB, max {max(raw_sizes) / 1024:.1f} kB")
    print(f"  full board page after 72 tiles: {len(board.content) / 1024:.1f} kB")


def board_origin(html: str) -> tuple[str, str]:
    """The square in the board's first column and row, as the page's forms send it."""
    found = re.search(r'data-min-x="(-?\d+)" data-min-y="(-?\d+)"', html)
    return (found.group(1), found.group(2)) if found else ("", "")


if __name__ == "__main__":
    main()
