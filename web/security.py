"""Who may do what: viewing is open on the local network, every change needs the token,
and a request naming a foreign host is refused (a DNS-rebinding page cannot reach us).

The allowed host names are the configured host, ``localhost`` and the
loopback addresses, the machine's names and the addresses of its interfaces.
The token is compared in constant time. A change is a POST carrying it, in
the ``X-Companion-Token`` header or a ``token`` form or JSON field.
"""

from __future__ import annotations

import contextlib
import fcntl
import hmac
import socket
import struct
from collections.abc import Iterable
from pathlib import Path

from flask import Flask, Response, current_app, request

from companion.text import Text
from web.body import json_body
from web.errors import refuse

TOKEN_HEADER = "X-Companion-Token"

#: Sent with every response: the page runs only its own script and style, loads nothing from
#: elsewhere, cannot be framed (clickjacking a button), and tells no other site where it was.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_SIOCGIFADDR = 0x8915


def host_name(header: str) -> str:
    """The host part of a ``Host`` header, lower case, without port or brackets.

    >>> host_name("[::1]:8080"), host_name("Pi.local:80"), host_name("10.0.0.5")
    ('::1', 'pi.local', '10.0.0.5')
    """
    header = header.strip().lower().rstrip(".")
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    if header.count(":") == 1:
        return header.split(":", 1)[0].rstrip(".")
    return header


def machine_hosts(configured: Iterable[str] = ()) -> frozenset[str]:
    """The names and addresses by which this machine may be reached, plus ``configured`` ones."""
    names = {"localhost", "127.0.0.1", "::1", *(host_name(h) for h in configured if h)}
    names -= {"0.0.0.0", "::", ""}
    hostname = socket.gethostname().lower()
    names |= {hostname, f"{hostname}.local"}
    with contextlib.suppress(OSError):
        names.add(socket.getfqdn().lower())
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(hostname, None):
            names.add(str(info[4][0]).split("%")[0])
    names |= _interface_addresses()
    return frozenset(names)


def _interface_addresses() -> set[str]:
    """IPv4 addresses of the network interfaces (ioctl) and IPv6 ones (``/proc/net/if_inet6``)."""
    found: set[str] = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                found.add(socket.inet_ntoa(packed[20:24]))
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            raw = line.split()[0]
            found.add(socket.inet_ntop(socket.AF_INET6, bytes.fromhex(raw)))
    return found


def check_host() -> None:
    """Refuse a request whose ``Host`` is not one of ours (400)."""
    allowed: frozenset[str] = current_app.config["ALLOWED_HOSTS"]
    raw = request.headers.get("Host", "")
    if host_name(raw) not in allowed:
        refuse(400, Text("http_bad_host", host=raw[:80] or "-"))


def check_token() -> None:
    """Refuse a change that does not carry the token (403)."""
    given = request.headers.get(TOKEN_HEADER)
    if given is None:
        given = request.form.get("token") if request.form else None
    if given is None and request.is_json:
        body = json_body()
        if isinstance(body, dict) and isinstance(body.get("token"), str):
            given = body["token"]
    if not given:
        refuse(403, Text("http_no_token"))
    expected: str = current_app.config["TOKEN"]
    if not hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("utf-8")):
        refuse(403, Text("http_bad_token"))


def init_app(app: Flask) -> None:
    """Check the host of every request, and the token of every POST."""
    if app.config.get("ALLOWED_HOSTS") is None:
        app.config["ALLOWED_HOSTS"] = machine_hosts([app.config.get("HOST") or ""])
    else:
        app.config["ALLOWED_HOSTS"] = frozenset(host_name(h) for h in app.config["ALLOWED_HOSTS"])

    @app.before_request
    def _guard() -> None:
        check_host()
        # A path or method nobody serves (TRACE, PROPFIND...) changes nothing: it gets its 404 or
        # 405 from the routing, not a 403 that would say a token could make it work.
        if request.method not in ("GET", "HEAD", "OPTIONS") and request.routing_exception is None:
            check_token()

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
