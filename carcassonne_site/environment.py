"""Reading the site's settings from the environment, and finding the machine's address on the LAN.

Used by ``settings.py`` and by the Gunicorn configuration. A value the site cannot use stops it
with :class:`ImproperlyConfigured` naming the variable, rather than starting with a guess.
"""

from __future__ import annotations

import os
import re
import socket
import sys
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""Names under which only this machine can reach the server."""

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"", "0", "false", "no", "off"}


def flag(name: str, default: bool = False) -> bool:
    """A yes/no variable: ``1``/``true``/``yes``/``on`` or ``0``/``false``/``no``/``off``."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1 or 0.")


def words(name: str, default: tuple[str, ...] = ()) -> list[str]:
    """A comma-separated list; blanks around the commas do not matter."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [word.strip() for word in raw.split(",") if word.strip()]


_DIGITS = re.compile(r"[0-9]{1,12}", re.ASCII)
_RATE = re.compile(r"([1-9][0-9]{0,8})/([smh])", re.ASCII)
_HEADER = re.compile(r"HTTP_[A-Z0-9_]+|REMOTE_ADDR", re.ASCII)
_HOST = re.compile(r"\*|\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\]", re.ASCII)


def number(name: str, default: int, low: int = 0, high: int = 10**9) -> int:
    """A whole number in ASCII digits (``int()`` would take "۵" and "５" too) from ``low`` to ``high``."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw) if _DIGITS.fullmatch(raw) else None
    if value is None or not low <= value <= high:
        raise ImproperlyConfigured(
            f"{name}={raw!r}: expected a whole number from {low} to {high}, in the digits 0-9."
        )
    return value


def rate(name: str, default: str) -> str:
    """A rate limit: a whole number of requests per second, minute or hour (``30/m``)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not _RATE.fullmatch(raw):
        raise ImproperlyConfigured(
            f"{name}={raw!r}: expected requests per second, minute or hour, such as 30/m "
            "(a whole number in the digits 0-9, then /s, /m or /h)."
        )
    return raw


def hosts(name: str, default: tuple[str, ...]) -> list[str]:
    """Host names (``example.org``, ``.example.org``, ``192.168.1.23``, ``[::1]``), at least one."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    names = words(name)
    if not names:
        raise ImproperlyConfigured(
            f"{name}={raw!r}: expected at least one host name, comma-separated "
            "(unset, it is 127.0.0.1,localhost,[::1])."
        )
    for host in names:
        if not _HOST.fullmatch(host):
            raise ImproperlyConfigured(
                f"{name}={raw!r}: {host!r} is not a host name; give names or addresses alone, "
                "without http:// or a port (carcassonne.example.org,192.168.1.23)."
            )
    return names


def header(name: str) -> str:
    """A request header as Django's ``request.META`` names it: ``HTTP_X_REAL_IP``, not ``X-Real-IP``."""
    raw = os.environ.get(name, "").strip()
    if raw and not _HEADER.fullmatch(raw):
        suggestion = "HTTP_" + re.sub(r"[^A-Z0-9]", "_", raw.upper()).removeprefix("HTTP_")
        raise ImproperlyConfigured(
            f"{name}={raw!r}: expected the header as Django names it: HTTP_, then the name in capitals "
            f"with underscores for dashes ({suggestion})."
        )
    return raw


def site_url(name: str) -> str:
    raw = os.environ.get(name, "").strip()
    if raw:
        parts = urlsplit(raw)
        if parts.scheme not in {"http", "https"} or not parts.netloc:
            raise ImproperlyConfigured(
                f"{name}={raw!r}: expected the address players open, such as https://carcassonne.example.org."
            )
    return raw


FALLBACK_SECRET_KEY = "local-only-not-secret-carcassonne"
"""The key of a site that answers to this machine alone, where nobody else can reach it."""


def weakness(key: str) -> str | None:
    """Why ``key`` cannot guard a site that others can reach, or ``None`` if it can."""
    if key == FALLBACK_SECRET_KEY or key.startswith("django-insecure-"):
        return "it is a placeholder written in the code"
    if len(key) < 32:
        return f"it is {len(key)} characters long, and needs at least 32"
    if len(set(key)) < 12:
        return f"it uses only {len(set(key))} different characters"
    return None


def report_briefly() -> None:
    """A setting the site cannot use stops the process with one line naming it, not a traceback:
    only an ``ImproperlyConfigured`` that nobody caught, which ends the process anyway."""
    previous = sys.excepthook

    def hook(kind, error, trace) -> None:
        if issubclass(kind, ImproperlyConfigured):
            print(f"ImproperlyConfigured: {error}", file=sys.stderr)
        else:
            previous(kind, error, trace)

    sys.excepthook = hook


def lan_address() -> str | None:
    """This machine's IPv4 address on its local network, as the phones at the table would use it.

    Asks the kernel which source address it would give a packet to a documentation-only address
    (TEST-NET-1): connecting a UDP socket picks a route but sends nothing.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    if address.startswith("127.") or address == "0.0.0.0":
        return None
    return address


def lan_hosts() -> list[str]:
    """The names a phone on the LAN may use for this machine: its address and its mDNS name."""
    address = lan_address()
    if address is None:
        raise ImproperlyConfigured(
            "LAN=1, but this machine has no address on a local network: join the Wi-Fi first."
        )
    name = socket.gethostname().split(".")[0]
    return [address, name, f"{name}.local"] if name and name != "localhost" else [address]


def without_password(url: str) -> str:
    """A database URL fit for a message: its password, if any, replaced by ``***``."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def only_local(hosts: list[str]) -> bool:
    """True when every allowed host name is one only this machine can reach."""
    return all(host in LOCAL_HOSTS or host == "::1" for host in hosts)
