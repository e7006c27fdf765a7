"""``homegame serve``: run the card room, where friends and bots sit at tables over the network
(docs/hosting.md: on a public machine, behind a TLS proxy)."""

from __future__ import annotations

import argparse
import logging
import sys

from homegame.cli.commands._room import room_missing


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve", help="run the card room: tables friends join over the network",
        description="Run the card room: a lobby where tables are made, the browser table, and the "
        "websocket that 'homegame join', 'watch' and 'bot' connect to. Tables are kept in a store "
        "and come back when the room starts again.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 "
                             "lets the whole network in)")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    parser.add_argument("--store", default=None,
                        help="where tables are kept: an SQLite file (default: room.sqlite3 in your data "
                             "folder) or a postgresql:// URL shared by several room processes")
    parser.add_argument("--fd", type=int, default=None,
                        help="serve on this already-open listening socket instead (for a supervisor)")
    parser.add_argument("--bot-workers", type=int, default=1,
                        help="processes the bots think in (default 1; 0 thinks in the server itself)")
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before it acts, so people can follow (default 0.6)")
    parser.add_argument("--shared", action="store_true",
                        help="with an SQLite store: share the file with the room's other processes on this "
                             "machine, each started with --shared on a port of its own, so the room uses "
                             "every core (docs/scaling.md); a postgresql:// store is always shared")
    parser.add_argument("--advertise", default=None, metavar="URL",
                        help="with a shared store: the address (http://HOST:PORT) where the room's "
                             "other processes reach this one, to serve its tables through them (default "
                             "http://HOST:PORT from --host and --port)")
    parser.add_argument("--lease", type=float, default=10.0, metavar="SECONDS",
                        help="with a shared store: seconds of silence (a frozen process, a lost "
                             "machine) after which the other processes take this one's tables over; a "
                             "process that dies outright loses them at once (default 10)")
    public = parser.add_argument_group("serving on the internet (docs/hosting.md)")
    public.add_argument("--public-url", default=None, metavar="URL",
                        help="the address people reach the room at (behind a proxy: https://NAME): invite "
                             "links and QR codes carry it, and the room answers to its name")
    public.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="another host name the room answers to (it always answers to localhost and to "
                             "IP addresses; any other name is refused, against DNS rebinding); repeatable")
    public.add_argument("--allowed-origin", action="append", default=[], metavar="URL",
                        help="another site whose pages may use the room's API and websocket (default: the "
                             "room's own pages only); repeatable")
    public.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="the address of a reverse proxy whose X-Forwarded-For and -Proto headers are "
                             "believed (such as 127.0.0.1 for a Caddy on this machine); repeatable; default "
                             "none, so a client's own address is the one the room sees")
    public.add_argument("--tables-per-hour", type=int, default=20, metavar="N",
                        help="tables one client address may make in an hour (default 20; 0: no limit)")
    public.add_argument("--most-tables", type=int, default=500, metavar="N",
                        help="open tables the room holds at once (default 500; 0: no limit)")
    parser.set_defaults(run=run)


def _advertised(args: argparse.Namespace, shared: bool) -> str | None:
    """The address the room's other processes send this one's clients to; ``None`` where there is
    none (an SQLite room; a shared one listening on every interface or a given socket, without
    ``--advertise``)."""
    if not shared:
        if args.advertise is not None:
            raise ValueError("--advertise is for a room shared by several processes (a postgresql:// "
                             "store, or an SQLite one with --shared)")
        return None
    if args.lease <= 0:
        raise ValueError(f"--lease is a number of seconds above 0, not {args.lease:g}")
    address: str | None = args.advertise
    if address is None and args.fd is None and args.host not in ("0.0.0.0", "::", ""):
        address = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}"
    if address is not None and not address.startswith(("http://", "https://")):
        raise ValueError(f"--advertise takes an http:// or https:// address, not {address!r}")
    return address.rstrip("/") if address is not None else None


def _check_store(address: str | None, shared: bool) -> None:
    """Open the store once and let it go, so that one the room cannot use (an SQLite file another
    room holds, a database that does not answer) is said in a line before the server starts,
    rather than in the server's traceback after its banner."""
    import asyncio

    from homegame.room.store import open_store

    async def try_it() -> None:
        store = open_store(address, shared=shared)
        await store.open()
        await store.close()
    try:
        asyncio.run(try_it())
    except Exception as error:  # whatever the store's driver raises, said as a refusal
        raise ValueError(str(error) or type(error).__name__) from None


def _public_url(address: str | None) -> str | None:
    """The room's public address, checked: ``http(s)://NAME[:PORT]`` with no path."""
    if address is None:
        return None
    import urllib.parse

    parts = urllib.parse.urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/") or parts.query:
        raise ValueError(f"--public-url takes the room's address, such as https://cards.example.org, "
                         f"not {address!r}")
    return address.rstrip("/")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from homegame.room.bots import BotPool
        from homegame.room.limits import RoomLimits
        from homegame.room.service import CardRoom
        from homegame.room.store import SharedStore, open_store
        from homegame.site import create_site
    except ImportError as error:
        return room_missing("serve", error)
    store = open_store(args.store, shared=args.shared)
    try:
        advertise = _advertised(args, shared=isinstance(store, SharedStore))
        public_url = _public_url(args.public_url)
        if args.tables_per_hour < 0 or args.most_tables < 0:
            raise ValueError("--tables-per-hour and --most-tables are 0 (no limit) or more")
        _check_store(args.store, args.shared)
    except ValueError as error:
        print(f"homegame serve: {error}", file=sys.stderr)
        return 2
    limits = RoomLimits(tables_per_hour=args.tables_per_hour, open_tables=args.most_tables)
    room = CardRoom(store, bots=BotPool(workers=max(0, args.bot_workers)), bot_delay=max(0.0, args.bot_delay),
                    advertise=advertise, lease=args.lease, limits=limits, public_url=public_url)
    hosts = [*args.allowed_host, *([_host_of(advertise)] if advertise else [])]
    app = create_site(room, hosts=hosts, origins=args.allowed_origin)
    logging.basicConfig(format="%(asctime)s %(name)s: %(message)s", level=logging.INFO, stream=sys.stderr)
    trusted = ",".join(args.trusted_proxy) or None
    where = f"socket {args.fd}" if args.fd is not None else f"http://{args.host}:{args.port}"
    shared = ""
    if isinstance(store, SharedStore):
        shared = (f", shared with other processes, which reach this one at {advertise}" if advertise else
                  ", shared with other processes, which cannot reach this one (no --advertise)")
    print(f"homegame card room on {where}; tables kept in {args.store or 'your data folder'}{shared}",
          flush=True)
    if public_url:
        print(f"people reach it at {public_url}", flush=True)
    # No per-message compression: a frame is a few kilobytes of JSON, sent to every seat after every
    # action, and deflating each took more than half as long as writing its JSON (docs/performance.md).
    socket = {"fd": args.fd} if args.fd is not None else {"host": args.host, "port": args.port}
    uvicorn.run(app, **socket, log_level="warning", ws_max_size=64 * 1024, ws_per_message_deflate=False,
                proxy_headers=bool(trusted), forwarded_allow_ips=trusted)
    return 0


def _host_of(address: str) -> str:
    import urllib.parse

    return urllib.parse.urlsplit(address).hostname or ""
