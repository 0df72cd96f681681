"""Twenty phones following one game: ``make phones`` (``python -m benchmarks.phones``).

Starts the production server as ``make run`` does (``benchmarks.load.ProductionServer``) on a
throw-away SQLite file, starts one game through the new-game form, and opens twenty phones on it,
each a kept-alive connection asking ``GET /en/play/<code>/state`` every 1.5 s with the ETag it
saw last, as ``static/js/board.js`` does. Two phases:

1. **Idle**: nobody moves for ``--idle`` seconds. Reports the server's CPU time per check (from
   ``/proc``: every server process, Gunicorn's included, less what they use in as long a time
   with no phone asking) and the latency of a check.
2. **Playing**: one phone lays a tile every ``--every`` seconds. Reports, for each move, how long
   after the move's answer every other phone had seen the new state (the board is fetched after
   that, so a phone shows it one board request later: ``benchmarks.requests`` measures those).

All traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.load import (
    ROOT,
    Browser,
    ProductionServer,
    collect_static,
    conditions,
    move_fields,
    percentile,
    start_game,
)

POLL_SECONDS = 1.5
"""As static/js/board.js polls."""


@dataclass
class Phone:
    number: int
    checks: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    seen: dict[str, float] = field(default_factory=dict)
    """Each state the phone saw, with when it first saw it."""
    errors: list[str] = field(default_factory=list)


def follow(port: int, path: str, phone: Phone, stop: threading.Event) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    etag = ""
    rng = random.Random(phone.number)
    stop.wait(rng.uniform(0, POLL_SECONDS))  # phones opened the page at different moments
    while not stop.is_set():
        began = time.perf_counter()
        try:
            connection.request("GET", path, headers={"If-None-Match": etag} if etag else {})
            reply = connection.getresponse()
            reply.read()
        except (OSError, http.client.HTTPException):
            # The server closes a kept-alive connection that waited too long: a browser opens
            # another, and so does this phone (the reconnection is counted in the latency).
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        now = time.perf_counter()
        phone.checks += 1
        phone.latencies_ms.append((now - began) * 1000)
        if reply.status == 200:
            etag = reply.getheader("ETag", "")
            phone.seen.setdefault(etag, now)
        elif reply.status != 304:
            phone.errors.append(f"HTTP {reply.status}")
        stop.wait(POLL_SECONDS)
    connection.close()


def run(args: argparse.Namespace) -> int:
    from scorer.engine.simulate import random_game  # plain Python: no Django needed here

    collect_static()
    with (
        tempfile.TemporaryDirectory() as folder,
        ProductionServer(f"sqlite:///{Path(folder) / 'phones.sqlite3'}") as server,
    ):
        player = Browser(server.port)
        code = start_game(player, ["Mina", "Wei"])
        board = f"/en/play/{code}/"
        placements = list(random_game(random.Random(args.seed), 2, meeple_chance=0.0).placements)
        first = placements[0]
        page = player.get(f"{board}?tile={first.tile}&at={first.x},{first.y}", htmx=True).body

        # What the server's processes burn with nobody asking (Gunicorn's heartbeats), to subtract.
        cpu_before = server.cpu_seconds()
        time.sleep(args.idle)
        baseline = server.cpu_seconds() - cpu_before if cpu_before is not None else None

        phones = [Phone(n) for n in range(args.phones)]
        stop = threading.Event()
        threads = [
            threading.Thread(target=follow, args=(server.port, f"{board}state", phone, stop), daemon=True)
            for phone in phones
        ]
        for thread in threads:
            thread.start()
        time.sleep(POLL_SECONDS + 0.5)  # every phone has its first answer

        checks_before, cpu_before = sum(p.checks for p in phones), server.cpu_seconds()
        own_before = time.process_time()
        time.sleep(args.idle)
        idle_checks = sum(p.checks for p in phones) - checks_before
        idle_own = conditions(time.process_time() - own_before, idle_checks)
        idle_cpu = server.cpu_seconds() - cpu_before - baseline if baseline is not None else None
        idle_latencies = sorted(ms for p in phones for ms in p.latencies_ms[-idle_checks // len(phones) :])

        moves: list[tuple[str, float]] = []
        checks_before, own_before = sum(p.checks for p in phones), time.process_time()
        for placement in placements[: args.moves]:
            # Seconds between moves are longer than the server keeps an idle connection open.
            player.close()
            player.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            fields = move_fields(page, placement.tile, placement.x, placement.y, placement.rotation)
            page = player.post(f"{board}move", fields, htmx=True).body
            moves.append((page.split('data-state="', 1)[1].split('"', 1)[0], time.perf_counter()))
            time.sleep(args.every)
        time.sleep(POLL_SECONDS + 0.5)
        playing_own = conditions(
            time.process_time() - own_before, sum(p.checks for p in phones) - checks_before + len(moves)
        )
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        player.close()

    waits = []
    for state, laid in moves:
        for phone in phones:
            seen = phone.seen.get(f'"{state}"')
            waits.append((seen - laid) * 1000 if seen is not None else float("inf"))
    waits.sort()
    errors = [e for p in phones for e in p.errors]
    print(f"{args.phones} phones following one game, each asking every {POLL_SECONDS} s")
    if idle_cpu is not None:
        print(
            f"  idle: {idle_checks} checks in {args.idle} s; server CPU "
            f"{idle_cpu * 1000 / idle_checks:.2f} ms per check (target <= 1 ms); "
            f"latency p50 {statistics.median(idle_latencies):.1f} ms, "
            f"p95 {percentile(idle_latencies, 0.95):.1f} ms {idle_own}"
        )
    print(
        f"  playing: {len(moves)} moves, seen by every phone after p50 {statistics.median(waits):.0f} ms, "
        f"p95 {percentile(waits, 0.95):.0f} ms, at most {waits[-1]:.0f} ms (target: 2000 ms) {playing_own}"
    )
    if errors:
        print(f"  errors: {len(errors)}, first: {errors[0]}")
    return 1 if errors or waits[-1] == float("inf") else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds with no move (20)")
    parser.add_argument("--moves", type=int, default=10, help="tiles laid while the phones follow (10)")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between two moves (3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
