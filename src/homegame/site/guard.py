"""What stands between the internet and the card room: the names it answers to, the origins it
takes changes from, and the headers every answer carries.

:class:`Guard` is an ASGI middleware in front of the whole site. It refuses, before the room sees
them (and logs with the client's address, :func:`~homegame.room.limits.refused`):

- a request whose ``Host`` is not one of the room's names (:class:`RoomNames`), so a page on
  another site cannot reach a room on a laptop or a LAN through DNS rebinding;
- a request that changes anything (any method but ``GET``, ``HEAD`` and ``OPTIONS``) that is not
  ``application/json``, or that a browser sent from a page of another origin: a form or a
  ``text/plain`` POST is a "simple" request a browser sends across sites without asking first;
- a websocket opened from a page of another origin (a browser always says the page's origin; a
  program such as ``homegame join`` says none and is let in).

Every HTTP answer carries a Content-Security-Policy that allows only the room's own scripts,
styles, images and connections (no inline script) and framing by the room's own pages alone
(``frame-ancestors 'self'``: the table shows a lesson beside it in a frame, and no other site may
frame the room), with ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.

>>> names = RoomNames(["cards.example"])
>>> [names.allows(host) for host in ("cards.example:443", "127.0.0.1:8000", "[::1]", "evil.example")]
[True, True, True, False]
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from collections.abc import Iterable
from typing import Final

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from homegame.room.limits import refused

__all__ = ["SAFE_METHODS", "Guard", "RoomNames", "origin_of"]

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_LOOPBACK_NAMES: Final = ("localhost",)
_HOST: Final = re.compile(r"(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?")


class RoomNames:
    """The host names a room answers to: its ``names`` (from ``--public-url`` and
    ``--allowed-host``), ``localhost``, and any address written as an IP address, which no DNS
    rebinding can stand behind (so a room on a LAN is reached at its address without naming it)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = frozenset(name.lower().rstrip(".") for name in names)

    def allows(self, host: str) -> bool:
        name = _hostname(host)
        if not name:
            return False
        if name in self.names or name in _LOOPBACK_NAMES or name.endswith(".localhost"):
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True


def origin_of(url: str) -> str:
    """The origin (scheme, host and port) of ``url``, as a browser writes it in ``Origin``.

    >>> origin_of("https://Cards.example:443/t/abc"), origin_of("http://127.0.0.1:8000")
    ('https://cards.example', 'http://127.0.0.1:8000')
    """
    parts = urllib.parse.urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    return f"{parts.scheme}://{(parts.hostname or '').lower()}{port}"


class Guard:
    """The site's guard (see the module's docstring): ``names`` it answers to, and ``origins``
    besides its own from which a browser may change anything or open the websocket."""

    def __init__(self, app: ASGIApp, *, names: RoomNames, origins: Iterable[str] = ()) -> None:
        self.app, self.names = app, names
        self.origins = frozenset(origin_of(origin) for origin in origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        client = scope["client"][0] if scope.get("client") else ""
        host = headers.get("host", "")
        problem = self._problem(scope, headers, host)
        if problem is not None:
            status, why = problem
            refused("%s (%s %s)", client, why, scope.get("method", "websocket"), scope["path"])
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": why[:100]})
            else:
                answer = JSONResponse({"error": why}, status_code=status, headers=_headers(host))
                await answer(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = Headers(raw=message["headers"])
                extra = [(k.encode(), v.encode()) for k, v in _headers(host).items()
                         if k.lower() not in given]
                message = {**message, "headers": [*message["headers"], *extra]}
            await send(message)
        await self.app(scope, receive, with_headers)

    def _problem(self, scope: Scope, headers: Headers, host: str) -> tuple[int, str] | None:
        """Why the request is refused (its status and a sentence), or ``None``."""
        if not self.names.allows(host):
            return 421, f"this room does not answer to the name {_hostname(host)[:80] or '(none)'}"
        origin = headers.get("origin")
        changes = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        if changes and origin is not None and not self._own(origin, host):
            return 403, f"a page of another site ({origin[:80]}) may not do this here"
        if scope["type"] == "http" and changes:
            kind = headers.get("content-type", "").partition(";")[0].strip().lower()
            if kind != "application/json":
                return 415, "a request that changes anything is sent as JSON (Content-Type: application/json)"
        return None

    def _own(self, origin: str, host: str) -> bool:
        """Whether ``origin`` is the room's own (the page was served by this room at ``host``) or
        one the room was told to take."""
        if origin == "null":
            return False
        written = origin_of(origin)
        return written in self.origins or urllib.parse.urlsplit(written).netloc == _netloc(host)


def _hostname(host: str) -> str:
    """The name in a ``Host`` header, without its port (an IPv6 address without its brackets);
    empty for a header that is no host name."""
    match = _HOST.fullmatch(host.strip().lower())
    return (match[1] or match[2]).rstrip(".") if match else ""


def _netloc(host: str) -> str:
    """A ``Host`` header as an origin writes it: without a default port."""
    host = host.strip().lower()
    for default in (":80", ":443"):
        if host.endswith(default):
            return host[: -len(default)]
    return host


def _headers(host: str) -> dict[str, str]:
    """The headers every answer carries: the page may load and connect to this room only."""
    sockets = f" ws://{host} wss://{host}" if host else ""
    policy = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
              "frame-ancestors 'self'")
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "X-Frame-Options": "SAMEORIGIN"}
