"""How often one client address may create games or call the API (django-ratelimit).

A game night behind one Wi-Fi router is one address for every table, so the limits are generous
for people and tight only for scripts. They live in settings (``RATE_LIMITS``), read on every
request, so the deployment and the tests can change them.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.decorators import ratelimit

CREATE = "create"
"""New games and imported board files: both add a game to the database."""
API = "api"


def _rate(group: str, request: HttpRequest) -> str:
    return settings.RATE_LIMITS[group]


def client_address(group: str, request: HttpRequest) -> str:
    """Who is asking, as a network: the address itself, or an IPv6 client's /64 (one household).

    Behind a reverse proxy the address comes from the header it is told to trust
    (``CLIENT_IP_HEADER``); a proxy appends the address it saw, so the last entry is the one
    it vouches for. Whatever the header holds, a bad value falls back to the connection's address
    rather than failing the request.
    """
    header = settings.CLIENT_IP_HEADER
    candidates = [request.META.get(header, "").rsplit(",", 1)[-1]] if header else []
    candidates.append(request.META.get("REMOTE_ADDR", ""))
    for text in candidates:
        try:
            address = ipaddress.ip_address(text.strip())
        except ValueError:
            continue
        prefix = 64 if address.version == 6 else 32
        return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False).network_address)
    return "unknown"


def limited(group: str, *, block: bool = True):
    """Count a client's POSTs to the decorated view in ``group``; over the rate, refuse (429 page)
    or, with ``block=False``, mark ``request.limited`` for the view to answer in its own way."""
    return ratelimit(group=group, key=client_address, rate=_rate, method="POST", block=block)
