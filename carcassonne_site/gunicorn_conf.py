"""Gunicorn's settings for ``make run``: ``gunicorn -c python:carcassonne_site.gunicorn_conf``.

Read from the environment like the Django settings: ``PORT`` (8000), ``LAN=1`` to listen on every
interface, ``WEB_CONCURRENCY`` processes (two per core) of ``WEB_THREADS`` threads (2) each.
Command-line options given to gunicorn override these.
"""

import os
import sys

from django.core.exceptions import ImproperlyConfigured

from carcassonne_site import environment

wsgi_app = "carcassonne_site.wsgi:application"

try:
    port = environment.number("PORT", 8000, 1, 65535)
    lan = environment.flag("LAN")
    bind = [f"0.0.0.0:{port}"] if lan else [f"127.0.0.1:{port}"]

    # A request is mostly Python computing the board, with short waits on the database between:
    # two processes per core keep the cores busy through those waits, and a second thread in each
    # lets a request that waits on a slow phone leave the process to the other. More threads only
    # fight over the interpreter lock (`make load` measures it).
    workers = environment.number("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1), 1, 256)
    worker_class = "gthread"
    threads = environment.number("WEB_THREADS", 2, 1, 64)
except ImproperlyConfigured as error:  # one line naming the variable, not Gunicorn's traceback
    sys.exit(f"ImproperlyConfigured: {error}")


# Load Django once, before forking: a bad setting (no SECRET_KEY, say) stops the server with one
# clear message instead of workers failing to boot one after another.
preload_app = True

# Several servers may share a machine (docs/hosting.md); they would fight over one control socket
# in the home folder, and nothing here drives Gunicorn through it.
control_socket_disable = True


def on_starting(server) -> None:
    """Before serving: Django's system checks, the site's own included (a database that cannot be
    reached stops the server, naming DATABASE_URL; one that cannot be written is a warning)."""
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError
    from django.db import connections

    try:
        call_command("check", databases=["default"])
    except SystemCheckError as error:
        raise RuntimeError(str(error).strip()) from None  # Gunicorn prints it alone and exits
    finally:
        connections.close_all()  # the workers, forked next, open their own
    draw_tiles_once()


def draw_tiles_once() -> None:
    """Draw every tile picture in the master, before it forks: each worker starts with them
    (drawing them costs seconds, which the first page of each worker would otherwise wait for)."""
    from scorer.render.tile_art import tile_sprites
    from scorer.tile_views import SPRITE_SIZE

    tile_sprites(SPRITE_SIZE, "webp")


def post_fork(server, worker) -> None:
    """A worker whose master dies is stopped by the kernel at once (Linux), rather than serving
    on alone until it notices its parent changed."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    pr_set_pdeathsig = 1
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != worker.ppid:  # the master died before the call
        os.kill(os.getpid(), signal.SIGTERM)


def when_ready(server) -> None:
    """Tell the person at the keyboard which address to open, once the server really listens."""
    for listening in server.cfg.bind:
        if listening.startswith(("unix:", "fd://")):
            continue  # behind a proxy, which has its own address
        host, _, bound_port = listening.rpartition(":")
        if host in {"0.0.0.0", "::", "[::]"}:
            address = environment.lan_address() or "127.0.0.1"
            print(f"Open http://{address}:{bound_port}/ on the phones around the table.", flush=True)
        elif host:
            print(f"Open http://{host}:{bound_port}/ in a browser on this machine.", flush=True)
