"""Twenty games entered at once against the production server: ``make load`` (``python -m benchmarks.load``).

Starts Gunicorn as ``make run`` does (DEBUG off, hashed static files) on a port of 127.0.0.1, on a
throw-away SQLite file and then on PostgreSQL: the database that ``--postgres`` or a
``postgres://`` ``DATABASE_URL`` names, or else a throw-away cluster of the local PostgreSQL
binaries, if there are any. Twenty clients, each a kept-alive connection like a phone's, start a
game through the new-game form and lay the tiles of a random legal game
(``scorer.engine.simulate.random_game``), one ``POST /en/play/<code>/move`` after another: first as
fast as the server answers, then with pauses between moves (``--pauses``), as players make them.
Each move sends the ``expected`` value and the CSRF token read from the page the server returned
last, never computed here. Reports placements per second and the p50/p95 latency of a placement,
then checks that every game holds all its tiles.

All traffic goes to 127.0.0.1, and every loop is bounded by the games' tiles.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
COLORS = ("red", "blue", "green", "yellow", "black")


# -- one phone ------------------------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str


class Browser:
    """One phone: a kept-alive HTTP/1.1 connection to one server, with the cookies it was given."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=60)
        self.cookies: dict[str, str] = {}

    def get(self, path: str, *, htmx: bool = False) -> Response:
        return self._request("GET", path, None, htmx)

    def post(self, path: str, fields: dict[str, object], *, htmx: bool = False) -> Response:
        return self._request("POST", path, urlencode(fields).encode(), htmx)

    def close(self) -> None:
        self.connection.close()

    def _request(self, method: str, path: str, body: bytes | None, htmx: bool) -> Response:
        headers = {"Accept-Encoding": "gzip"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        self.connection.request(method, path, body, headers)
        reply = self.connection.getresponse()
        raw = reply.read()
        for name, value in reply.getheaders():
            if name.lower() == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key.strip()] = cookie_value.strip()
        if reply.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        headers_seen = {name.lower(): value for name, value in reply.getheaders()}
        return Response(reply.status, headers_seen, raw.decode("utf-8", "replace"))


_HIDDEN = re.compile(r"<input\b[^>]*>")
_VALUE = re.compile(r'\bvalue="([^"]*)"')


def hidden_value(page: str, name: str) -> str:
    """The value of the first hidden input called ``name`` in the page, as a form would send it."""
    marker = f'name="{name}"'
    for tag in _HIDDEN.finditer(page):
        if marker in tag.group(0) and 'type="hidden"' in tag.group(0):
            value = _VALUE.search(tag.group(0))
            if value:
                return value.group(1)
    raise LookupError(f"no hidden input {name!r} in the page")


def start_game(browser: Browser, players: list[str]) -> str:
    """Fill in the new-game form; returns the game's code from the redirect to its board."""
    form = browser.get("/en/play/")
    fields: dict[str, object] = {
        "csrfmiddlewaretoken": hidden_value(form.body, "csrfmiddlewaretoken"),
        "small_city": 4,
        "farmers": "3rd",
        "mode": "replay",
    }
    for i, color in enumerate(COLORS):
        fields[f"color_{i}"] = color
        fields[f"name_{i}"] = players[i] if i < len(players) else ""
    created = browser.post("/en/play/", fields)
    if created.status != 302:
        raise RuntimeError(f"the new-game form answered {created.status}")
    return created.headers["location"].rstrip("/").rsplit("/", 1)[-1]


def move_fields(
    page: str, tile: str, x: int, y: int, rotation: int, corner: tuple[str, str] | None = None
) -> dict[str, object]:
    """A move as the page's form sends it; with the board's ``corner`` (its first column and row,
    as the page shows them) the server may answer with only what changed."""
    fields: dict[str, object] = {
        "tile": tile,
        "x": x,
        "y": y,
        "rotation": rotation,
        "expected": hidden_value(page, "expected"),
        "csrfmiddlewaretoken": hidden_value(page, "csrfmiddlewaretoken"),
    }
    if corner is not None:
        fields["west"], fields["north"] = corner
    return fields


def board_corner(page: str) -> tuple[str, str] | None:
    """The board's first column and row, from a page (or an answer) that sends the whole board."""
    found = re.search(r'data-min-x="(-?\d+)" data-min-y="(-?\d+)"', page)
    return (found.group(1), found.group(2)) if found else None


def refusal(response: Response) -> str | None:
    """Why the server refused a move, or None when it laid the tile."""
    if response.status != 200:
        return f"HTTP {response.status}"
    if 'class="message error"' in response.body:
        message = re.search(r'class="message error"[^>]*>([^<]*)', response.body)
        return message.group(1) if message else "refused"
    return None


# -- the server -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def manage(*args: str, env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def server_environment(database_url: str, static_root: Path | None = None) -> dict[str, str]:
    """The environment ``make run`` gives the server, on the given database."""
    unwanted = {"LAN", "DEBUG", "HTTPS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {key: value for key, value in os.environ.items() if key not in unwanted}
    env.update(DATABASE_URL=database_url, HASHED_STATIC="1", SECRET_KEY=secrets.token_urlsafe(50))
    if static_root is not None:
        env["STATIC_ROOT"] = str(static_root)
    return env


def collect_static(static_root: Path | None = None) -> None:
    """What ``make static`` does: gather, compress and hash the static files."""
    manage("collectstatic", "--noinput", "-v", "0", env=server_environment("sqlite://:memory:", static_root))


class ProductionServer:
    """Gunicorn with the project's configuration, on 127.0.0.1 and a free port, until stopped.

    The static files must have been collected (``collect_static``) into ``static_root`` first.
    """

    def __init__(
        self,
        database_url: str,
        *,
        workers: int | None = None,
        threads: int | None = None,
        migrate: bool = True,
        static_root: Path | None = None,
    ) -> None:
        self.port = free_port()
        self.env = server_environment(database_url, static_root)
        if workers:
            self.env["WEB_CONCURRENCY"] = str(workers)
        if threads:
            self.env["WEB_THREADS"] = str(threads)
        self.migrate = migrate
        # Kept open after the server stops, for output(); the file goes when the object does.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> ProductionServer:
        if self.migrate:
            manage("migrate", "--noinput", "-v", "0", env=self.env)
        command = [str(BIN / "gunicorn"), "-c", "python:carcassonne_site.gunicorn_conf"]
        command += ["--bind", f"127.0.0.1:{self.port}"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self._wait_until_ready()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def cpu_seconds(self) -> float | None:
        """CPU time used so far by the server's processes (Linux; None elsewhere)."""
        ticks, per_second = 0, os.sysconf("SC_CLK_TCK")
        try:
            for stat in Path("/proc").glob("[0-9]*/stat"):
                with contextlib.suppress(OSError):
                    fields = stat.read_text().rpartition(")")[2].split()
                    if int(fields[2]) == self.process.pid:  # the process group Popen started
                        ticks += int(fields[11]) + int(fields[12])
        except OSError:
            return None
        return ticks / per_second

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def _wait_until_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at once:\n{self.output()}")
            try:
                browser = Browser(self.port)
                status = browser.get("/en/").status
                browser.close()
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {seconds:.0f} s:\n{self.output()}")


# -- PostgreSQL -----------------------------------------------------------------------------------


def postgres_binaries() -> Path | None:
    """Where initdb and pg_ctl live, if this machine has PostgreSQL installed."""
    found = shutil.which("pg_config")
    if found:
        bindir = subprocess.run([found, "--bindir"], capture_output=True, text=True).stdout.strip()
        if (Path(bindir) / "initdb").exists():
            return Path(bindir)
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return versions[-1].parent if versions else None


@contextlib.contextmanager
def throwaway_cluster(bindir: Path) -> Iterator[str]:
    """A PostgreSQL cluster of its own in a temporary folder, on 127.0.0.1 only; yields its URL.

    PostgreSQL will not run as root, so as root the cluster belongs to the ``postgres`` user.
    """
    folder = Path(tempfile.mkdtemp(prefix="carcassonne-load-pg-"))
    as_owner: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", free_port()

    def run(*command: str | Path) -> None:
        subprocess.run([*as_owner, *map(str, command)], check=True, stdout=subprocess.DEVNULL)

    try:
        run(bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}"
        run(bindir / "pg_ctl", "-D", data, "-l", folder / "log", "-o", options, "-w", "start")
        try:
            run(bindir / "createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "carcassonne")
            yield f"postgres://postgres@127.0.0.1:{port}/carcassonne"
        finally:
            run(bindir / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- the load -------------------------------------------------------------------------------------


@dataclass
class Table:
    """One client's game: the tiles to lay, and what happened."""

    placements: list
    players: list[str]
    code: str = ""
    latencies_ms: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    error: str | None = None


def play(port: int, table: Table, start: threading.Barrier, pause: float) -> None:
    """Enter one game. Pauses vary at random around ``pause``, so that tables do not move in step."""
    browser = Browser(port)
    rng = random.Random(table.players[0])
    try:
        table.code = start_game(browser, table.players)
        board = f"/en/play/{table.code}/"
        first = table.placements[0]
        page = browser.get(f"{board}?tile={first.tile}&at={first.x},{first.y}", htmx=True).body
        corner = board_corner(page)
        start.wait()
        time.sleep(rng.uniform(0, pause))
        for placement in table.placements:
            fields = move_fields(page, placement.tile, placement.x, placement.y, placement.rotation, corner)
            began = time.perf_counter()
            response = browser.post(f"{board}move", fields, htmx=True)
            table.latencies_ms.append((time.perf_counter() - began) * 1000)
            problem = refusal(response)
            if problem:
                table.refused.append(problem)
                response = browser.get(board, htmx=True)  # the board as it now stands, to go on from
            page = response.body
            corner = board_corner(page) or corner
            time.sleep(rng.uniform(0, 2 * pause))
    except Exception as error:  # a client that breaks is reported, not allowed to hang the others
        table.error = f"{type(error).__name__}: {error}"
        with contextlib.suppress(threading.BrokenBarrierError):
            start.abort()
    finally:
        browser.close()


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = max(0, min(len(sorted_values) - 1, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def load(database_url: str, label: str, args: argparse.Namespace) -> list[dict]:
    """One server on the database; one round of games for each pause between moves."""
    results = []
    server = ProductionServer(database_url, workers=args.workers, threads=args.threads)
    # Twenty tables are twenty addresses at a real game night; here they all come from 127.0.0.1,
    # and two rounds start forty games: more than one address may start in a few minutes.
    server.env["RATE_LIMIT_CREATE"] = "600/m"
    with server:
        for round_number, pause in enumerate(args.pauses):
            seed = args.seed + round_number * args.games
            result = {"database": label, "pause_s": pause, **one_round(server, seed, pause, args)}
            print_result(result, args.target)
            results.append(result)
    return results


def one_round(server: ProductionServer, seed: int, pause: float, args: argparse.Namespace) -> dict:
    from scorer.engine.simulate import random_game  # the engine is plain Python: no Django here

    tables = []
    for number in range(args.games):
        players = [f"Load {seed + number + 1}{letter}" for letter in "ABCDE"[: args.players]]
        played = random_game(random.Random(seed + number), args.players, meeple_chance=0.0)
        tables.append(Table(list(played.placements), players))

    start = threading.Barrier(len(tables) + 1)
    clients = [
        threading.Thread(target=play, args=(server.port, table, start, pause), daemon=True)
        for table in tables
    ]
    for client in clients:
        client.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        start.wait(timeout=120)
    began, client_cpu, server_cpu = time.perf_counter(), time.process_time(), server.cpu_seconds()
    for client in clients:
        client.join(timeout=900)
    elapsed, client_cpu = time.perf_counter() - began, time.process_time() - client_cpu
    if server_cpu is not None:
        server_cpu = server.cpu_seconds() - server_cpu

    latencies = sorted(ms for table in tables for ms in table.latencies_ms)
    return {
        "games": len(tables),
        "workers": server.env.get("WEB_CONCURRENCY", f"{2 * (os.cpu_count() or 1)} (two per core)"),
        "threads": server.env.get("WEB_THREADS", "2"),
        "placements": len(latencies),
        "seconds": round(elapsed, 2),
        "placements_per_second": round(len(latencies) / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(percentile(latencies, 0.95), 1) if latencies else None,
        "max_ms": round(latencies[-1], 1) if latencies else None,
        "server_cpu_ms_per_placement": round(server_cpu * 1000 / len(latencies), 1)
        if server_cpu is not None and latencies
        else None,
        "client_cpu_seconds": round(client_cpu, 2),
        "load_average": round(os.getloadavg()[0], 2),
        "refused": sum(len(table.refused) for table in tables),
        "client_errors": [table.error for table in tables if table.error],
        "games_complete": check_games(server.port, tables),
    }


def check_games(port: int, tables: list[Table]) -> int:
    """How many games the server now shows with every one of their tiles on the board."""
    browser = Browser(port)
    complete = 0
    try:
        for table in tables:
            if not table.code:
                continue
            state = json.loads(browser.get(f"/en/play/{table.code}/state").body)
            complete += state["moves"] == len(table.placements)
    finally:
        browser.close()
    return complete


def conditions(client_cpu_seconds: float | None, requests: int) -> str:
    """What stands beside every figure: the machine's load average (1, 5, 15 minutes; others
    share it) and this benchmark's own CPU per request, which the same cores paid for."""
    one, five, fifteen = os.getloadavg()
    own = (
        f"{client_cpu_seconds * 1000 / requests:.2f} ms"
        if client_cpu_seconds is not None and requests
        else "n/a"
    )
    return f"[load {one:.2f}/{five:.2f}/{fifteen:.2f} on {os.cpu_count()} cores; benchmark CPU {own}/request]"


def print_result(result: dict, target: float) -> None:
    pace = f"{result['pause_s']} s between moves" if result["pause_s"] else "no pause between moves"
    verdict = "meets" if result["p95_ms"] is not None and result["p95_ms"] <= target else "misses"
    print(
        f"{result['database']}: {result['games']} games at once, {pace}; "
        f"server: {result['workers']} processes x {result['threads']} threads"
    )
    note = conditions(result["client_cpu_seconds"], result["placements"])
    print(
        f"  placements: {result['placements']} in {result['seconds']} s = "
        f"{result['placements_per_second']}/s {note}"
    )
    print(
        f"  latency per placement: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
        f"max {result['max_ms']} ms ({verdict} the target p95 <= {target:.0f} ms) {note}"
    )
    print(
        f"  server CPU per placement: {result['server_cpu_ms_per_placement']} ms; "
        f"clients' CPU in all: {result['client_cpu_seconds']} s; "
        f"load average after: {result['load_average']} on {os.cpu_count()} cores"
    )
    print(f"  games with every tile saved: {result['games_complete']} of {result['games']}")
    if result["refused"]:
        print(f"  moves refused: {result['refused']}")
    for error in result["client_errors"]:
        print(f"  client error: {error}")
    sys.stdout.flush()


def postgres_target(args: argparse.Namespace) -> contextlib.AbstractContextManager[str | None]:
    given = args.postgres or os.environ.get("DATABASE_URL", "")
    if urlsplit(given).scheme.startswith("postgres"):
        return contextlib.nullcontext(given)
    bindir = postgres_binaries()
    if bindir is None:
        return contextlib.nullcontext(None)
    return throwaway_cluster(bindir)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="clients, each entering one game (20)")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pauses",
        type=lambda text: [float(p) for p in text.split(",")],
        default=[0.0, 0.5],
        help="one round of games per value: seconds each client waits between moves (0,0.5)",
    )
    parser.add_argument("--workers", type=int, help="server processes (default: two per core)")
    parser.add_argument("--threads", type=int, help="threads per server process (default 2)")
    parser.add_argument(
        "--postgres", help="postgres://… to load (default: DATABASE_URL, else a throw-away cluster)"
    )
    parser.add_argument("--only", choices=["sqlite", "postgres"], help="load one database only")
    parser.add_argument("--target", type=float, default=100.0, help="p95 target in ms (100)")
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    collect_static()
    results = []
    if args.only != "postgres":
        with tempfile.TemporaryDirectory() as folder:
            results += load(f"sqlite:///{Path(folder) / 'load.sqlite3'}", "SQLite", args)
    if args.only != "sqlite":
        with postgres_target(args) as url:
            if url is None:
                print("PostgreSQL: skipped (no postgres:// DATABASE_URL and no local PostgreSQL to start)")
            else:
                results += load(url, "PostgreSQL", args)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    broken = any(r["client_errors"] or r["games_complete"] != r["games"] for r in results)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
