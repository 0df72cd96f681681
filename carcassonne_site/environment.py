"""Reading the site's settings from the environment, and finding the machine's address on the LAN.

Used by ``settings.py`` and by the Gunicorn configuration. A value the site cannot use stops it
with :class:`ImproperlyConfigured` naming the variable, rather than starting with a guess.
"""

from __future__ import annotations

import os
import socket

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


def number(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number.") from None


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


def only_local(hosts: list[str]) -> bool:
    """True when every allowed host name is one only this machine can reach."""
    return all(host in LOCAL_HOSTS or host == "::1" for host in hosts)
