"""A Python client for the card room: the HTTP calls, and a seat's websocket.

:class:`RoomClient` makes, lists and joins tables over HTTP; :class:`SeatConnection` (from
:mod:`homegame.room.seat_connection`) is one connection to a table, as a seat or a spectator, that
sends each intent once and reconnects by itself.

    client = RoomClient("http://127.0.0.1:8000")
    table = client.create_table({"name": "Friday", "games": ["draw"], "bots": 2})["table"]
    seat, token = client.join(table, "ann")
    async with SeatConnection(client.base, table, token) as connection:
        state = await connection.wait_for(lambda s: s["you"]["to_act"])
        await connection.act(ActionSet.from_json(state["legal"])[0])
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Final

from homegame.engine import View
from homegame.errors import NotAllowed, NotFound, RoomError
from homegame.games import view_class
from homegame.room.seat_connection import TIMEOUT, SeatConnection

__all__ = ["KEEP_TRYING", "RoomClient", "SeatConnection", "parse_club_link", "parse_invite", "parse_link",
           "read_view"]

KEEP_TRYING: Final = 10.0
"""Seconds a request is sent again while the room answers that its table is changing owners."""


def parse_invite(url: str) -> tuple[str, str]:
    """The room's base address and the table's id from an invite link (``.../t/<table>``).

    >>> parse_invite("http://192.0.2.7:8000/t/abc123")
    ('http://192.0.2.7:8000', 'abc123')
    """
    base, kind, name = parse_link(url)
    if kind != "t":
        raise RoomError(f"an invite link looks like http://HOST:PORT/t/TABLE, not {url!r}")
    return base, name


def parse_link(url: str) -> tuple[str, str, str]:
    """The room's base address, the kind of link (``t``: a table's invite, ``tournament``: a
    tournament's) and the table's or tournament's id.

    >>> parse_link("http://192.0.2.7:8000/tournament/xyz")
    ('http://192.0.2.7:8000', 'tournament', 'xyz')
    """
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] not in ("t", "tournament") \
            or not path[-1]:
        raise RoomError(f"an invite link looks like http://HOST:PORT/t/TABLE (a table) or "
                        f"http://HOST:PORT/tournament/ID (a tournament), not {url!r}")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/".join(path[:-2]), "", ""))
    return base, path[-2], path[-1]


def read_view(data: dict[str, Any]) -> View:
    """A seat's view as the room sent it (a ``state``'s ``view``), read back into the game's own
    view class, so that bots and renderers take it as they take a local one.

    >>> from homegame import new_game
    >>> view = new_game("draw", players=2).deal(seed=1).view(0)
    >>> read_view(view.to_json()) == view
    True
    """
    return view_class(str(data.get("game"))).from_json(data)


def _retry_after(error: urllib.error.HTTPError) -> float | None:
    """Seconds to wait before asking again, for a "try again" (503 with ``Retry-After``)."""
    if error.code != 503:
        return None
    try:
        return min(max(float(error.headers.get("retry-after", "")), 0.05), 2.0)
    except ValueError:
        return None


def _refusal(error: urllib.error.HTTPError) -> RoomError:
    """The room's refusal as an error of its kind, in the room's words."""
    try:
        message = json.loads(error.read()).get("error", error.reason)
    except ValueError:
        message = f"the room answered {error.code} {error.reason}"
    return {404: NotFound, 403: NotAllowed}.get(error.code, RoomError)(message)


class RoomClient:
    """The room's HTTP API at ``base`` (``http://host:port``)."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")

    def _call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        return json.loads(self._text(method, path, body, token))

    def _text(self, method: str, path: str, body: Any = None, token: str | None = None) -> str:
        """The room's answer as text (JSON, or a file such as a CSV); a refusal raises. A table
        between two of a shared room's processes is answered "try again" (503, ``Retry-After``),
        nothing changed: the request is sent again for up to :data:`KEEP_TRYING` seconds."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        give_up = time.monotonic() + KEEP_TRYING
        while True:
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                    return str(response.read().decode("utf-8"))
            except urllib.error.HTTPError as error:
                wait = _retry_after(error)
                if wait is not None and time.monotonic() + wait < give_up:
                    time.sleep(wait)
                    continue
                raise _refusal(error) from None
            except urllib.error.URLError as error:
                why = getattr(error.reason, "strerror", None) or error.reason
                raise RoomError(f"no card room answers at {self.base} ({why})") from None

    def games(self) -> list[dict[str, Any]]:
        return list(self._call("GET", "/api/games"))

    def tables(self) -> list[dict[str, Any]]:
        return list(self._call("GET", "/api/tables"))

    def create_table(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Make a table; its id (``table``), invite path and the owner's token."""
        return dict(self._call("POST", "/api/tables", setup))

    def table(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}"))

    def join(self, table: str, name: str, seat: int | None = None,
             chips: int | None = None, member_key: str | None = None) -> tuple[int, str]:
        """Take a seat (bringing ``chips`` where the table allows deep stacks; as the club member
        ``member_key`` opens); the seat's number and its token (keep it: it is shown only now). At
        a table whose host seats players, see :meth:`take_seat`."""
        answer = self.take_seat(table, name, seat, chips, member_key=member_key)
        if answer["seat"] is None:
            raise RoomError(f"the host seats players at this table: you asked (request {answer['request']})")
        return int(answer["seat"]), str(answer["token"])

    def take_seat(self, table: str, name: str, seat: int | None = None, chips: int | None = None,
                  *, member_key: str | None = None, host_token: str | None = None) -> dict[str, Any]:
        """Take a seat, or ask the host for one where players ask to sit (the host, with
        ``host_token``, sits at once): ``{"seat", "token"}``, or ``{"seat": None, "request",
        "token"}``, the token opening the seat once the host grants it."""
        body: dict[str, Any] = {"name": name, "seat": seat, "chips": chips, "member_key": member_key}
        body = {key: value for key, value in body.items() if value is not None}
        return dict(self._call("POST", f"/api/tables/{table}/seats", body, token=host_token))

    def host(self, table: str, host_token: str, action: dict[str, Any]) -> dict[str, Any]:
        """One of the host's actions (``{"type": "approve", "request": 3}``...): what was done."""
        return dict(self._call("POST", f"/api/tables/{table}/host", action, token=host_token))

    def seat_code(self, table: str, token: str) -> dict[str, Any]:
        """A code that opens the seat of ``token`` on another device, once, for a few minutes:
        ``{"code", "expires", "seat"}`` (see :mod:`homegame.room.devices`)."""
        return dict(self._call("POST", f"/api/tables/{table}/seat-codes", {}, token=token))

    def claim(self, table: str, code: str) -> tuple[int, str, str]:
        """Take the seat a code opens on this device: its number, its player's name, and this
        device's own token for it (keep it: it is shown only now)."""
        answer = self._call("POST", f"/api/tables/{table}/seat-codes/claim", {"code": code})
        return int(answer["seat"]), str(answer["name"]), str(answer["token"])

    def ledger(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/ledger"))

    def ledger_file(self, table: str, form: str) -> str:
        """The ledger to keep, as ``csv`` or ``json`` text."""
        return self._text("GET", f"/api/tables/{table}/ledger?format={form}")

    def stats(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/stats"))

    def histories(self, table: str, token: str) -> str:
        """The hands a seat's token opens (the owner's: every hand in full, once closed), as JSON lines."""
        return self._text("GET", f"/api/tables/{table}/histories", token=token)

    def hand(self, table: str, number: int, token: str | None = None) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/hands/{number}", token=token))

    def close(self, table: str, owner_token: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/tables/{table}/close", {}, token=owner_token))

    def create_tournament(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Make a tournament; its id (``tournament``), tables, invite path and the owner's token."""
        return dict(self._call("POST", "/api/tournaments", setup))

    def tournament(self, tournament: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tournaments/{tournament}"))

    def enter(self, tournament: str, name: str) -> dict[str, Any]:
        """Enter a tournament: the ``table`` and ``seat`` it seats you at, and your ``token``
        (keep it: it is shown only now, and opens your seat at every table the tournament moves
        you to)."""
        return dict(self._call("POST", f"/api/tournaments/{tournament}/entries", {"name": name}))

    def start_tournament(self, tournament: str, owner_token: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/tournaments/{tournament}/start", {}, token=owner_token))

    def bomb_pot(self, table: str, owner_token: str) -> dict[str, Any]:
        """Call a bomb pot (the table's host: ``owner_token`` is the owner token, or the token of the
        seat the host's role was handed to): the next hand of a game that has them."""
        return dict(self._call("POST", f"/api/tables/{table}/bomb-pot", {}, token=owner_token))

    # -- clubs (docs/night.md) -------------------------------------------------------------------

    def create_club(self, name: str, member: str | None = None) -> dict[str, Any]:
        """Make a club: its id, page and owner token (and the host's member key, as ``member``)."""
        body = {"name": name} | ({"member": member} if member else {})
        return dict(self._call("POST", "/api/clubs", body))

    def club(self, club: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/clubs/{club}"))

    def club_csv(self, club: str) -> str:
        return self._text("GET", f"/api/clubs/{club}/ledger?format=csv")

    def add_member(self, club: str, owner_token: str, name: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/clubs/{club}/members", {"name": name}, token=owner_token))

    def renew_key(self, club: str, owner_token: str, member: int) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/clubs/{club}/members/{member}/key", {}, token=owner_token))

    def file_night(self, club: str, owner_token: str, table: str, table_owner_token: str,
                   names: dict[str, int] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"table": table, "owner_token": table_owner_token}
        if names:
            body["names"] = names
        return dict(self._call("POST", f"/api/clubs/{club}/nights", body, token=owner_token))

    def club_member(self, club: str, key: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/clubs/{club}/me", token=key))


def parse_club_link(url: str) -> tuple[str, str, str | None]:
    """The room's base address, the club's id, and the member key a member's link carries.

    >>> parse_club_link("http://192.0.2.7:8000/c/xyz#key=s3cret")
    ('http://192.0.2.7:8000', 'xyz', 's3cret')
    """
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "c" or not path[-1]:
        raise RoomError(f"a club's link looks like http://HOST:PORT/c/CLUB, not {url!r}")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/".join(path[:-2]), "", ""))
    key = urllib.parse.parse_qs(parts.fragment).get("key", [None])[0]
    return base, path[-1], key
