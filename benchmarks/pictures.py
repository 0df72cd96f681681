"""Board and fields pictures: ``make pictures`` (or ``python -m benchmarks.pictures``).

For a random 72-tile base game and a random 126-tile game (River, Inns & Cathedrals, Traders &
Builders), each picture at the site's scale:

1. **Drawing and encoding**, in this process: the drawing's median time, then bytes and encoding
   time of the RGBA PNG the site sent before (the fields picture with ``optimize``, as it was), the
   256-colour PNG and the WebP it sends now.
2. **Served**, through the real view on a throw-away SQLite database: the first request (drawn and
   put in the cache), a later one (from the cache, as another server process would answer it),
   and one that names the ETag it has (304, nothing drawn).
"""

from __future__ import annotations

import io
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

GAMES = {
    "72 tiles": (),
    "126 tiles": ("river", "inns-cathedrals", "traders-builders"),
}


def median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter_ns()
        result = fn()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6, result


def _before(image, optimize: bool) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=optimize)
    return out.getvalue()


def drawing(repeat: int) -> None:
    from scorer.engine.simulate import random_game
    from scorer.render.board_image import render_board
    from scorer.render.encoding import Format, encode
    from scorer.render.fields_image import render_fields
    from scorer.render.sizing import square_size

    print("1. drawing and encoding (median ms; bytes)")
    for label, expansions in GAMES.items():
        game = random_game(random.Random(1), 4, expansions=expansions)
        extent = game.board.extent
        for name, draw, scale, optimized in (
            ("board", render_board, 96, False),
            ("fields", render_fields, 80, True),
        ):
            size = square_size(extent, scale)
            draw_ms, image = median_ms(lambda d=draw, g=game, z=size: d(g, tile_size=z), repeat)
            rows = [
                ("RGBA PNG (before)", lambda i=image, o=optimized: _before(i, o)),
                ("256-colour PNG", lambda i=image: encode(i, Format.PNG)),
                ("WebP", lambda i=image: encode(i, Format.WEBP)),
            ]
            width, height = image.size
            print(f"  {label}, {name} {width}×{height}: draw {draw_ms:.0f} ms")
            for row, encode_it in rows:
                ms, data = median_ms(encode_it, repeat)
                print(f"    {row:18} {len(data):8,} B  encode {ms:6.0f} ms")


def served(repeat: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")
    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = str(Path(tempfile.mkdtemp()) / "pictures.sqlite3")
    settings.ALLOWED_HOSTS = ["*"]
    django.setup()
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client

    from scorer import services
    from scorer.engine import read_board, write_board
    from scorer.engine.simulate import random_game

    call_command("migrate", verbosity=0)
    client = Client()
    print("2. served through the view (ms of the whole request; bytes)")
    for label, expansions in GAMES.items():
        game = random_game(random.Random(1), 4, expansions=expansions)
        saved = services.import_board(read_board(write_board(game)))
        for name, query in (("board", ""), ("fields", "?view=fields")):
            for accept in ("image/png", "image/webp"):
                url = f"/en/play/{saved.code}/board.png{query}"
                caches["pictures"].clear()
                start = time.perf_counter_ns()
                first = client.get(url, HTTP_ACCEPT=accept)
                cold = (time.perf_counter_ns() - start) / 1e6
                warm, _ = median_ms(lambda u=url, a=accept: client.get(u, HTTP_ACCEPT=a), repeat)
                etag = first["ETag"]
                unchanged, answer = median_ms(
                    lambda u=url, a=accept, e=etag: client.get(u, HTTP_ACCEPT=a, HTTP_IF_NONE_MATCH=e), repeat
                )
                assert answer.status_code == 304
                print(
                    f"  {label}, {name:6} {first['Content-Type']:10} {len(first.content):8,} B:"
                    f" first {cold:6.0f} ms, cached {warm:5.1f} ms, 304 {unchanged:4.1f} ms"
                )


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    drawing(repeat)
    served(repeat)


if __name__ == "__main__":
    main()
