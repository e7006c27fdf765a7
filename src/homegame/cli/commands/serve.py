"""``homegame serve``: run the card room, where friends and bots sit at tables over the network."""

from __future__ import annotations

import argparse
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
    parser.add_argument("--advertise", default=None, metavar="URL",
                        help="with a postgresql:// store: the address (http://HOST:PORT) where the room's "
                             "other processes reach this one, to serve its tables through them (default "
                             "http://HOST:PORT from --host and --port)")
    parser.add_argument("--lease", type=float, default=10.0, metavar="SECONDS",
                        help="with a postgresql:// store: seconds of silence (a frozen process, a lost "
                             "machine) after which the other processes take this one's tables over; a "
                             "process that dies outright loses them at once (default 10)")
    parser.set_defaults(run=run)


def _advertised(args: argparse.Namespace, shared: bool) -> str | None:
    """The address the room's other processes send this one's clients to; ``None`` where there is
    none (an SQLite room; a shared one listening on every interface or a given socket, without
    ``--advertise``)."""
    if not shared:
        if args.advertise is not None:
            raise ValueError("--advertise is for a room shared through a postgresql:// store: an SQLite "
                             "room runs in one process")
        return None
    if args.lease <= 0:
        raise ValueError(f"--lease is a number of seconds above 0, not {args.lease:g}")
    address: str | None = args.advertise
    if address is None and args.fd is None and args.host not in ("0.0.0.0", "::", ""):
        address = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}"
    if address is not None and not address.startswith(("http://", "https://")):
        raise ValueError(f"--advertise takes an http:// or https:// address, not {address!r}")
    return address.rstrip("/") if address is not None else None


def _check_store(address: str | None) -> None:
    """Open the store once and let it go, so that one the room cannot use (an SQLite file another
    room holds, a database that does not answer) is said in a line before the server starts,
    rather than in the server's traceback after its banner."""
    import asyncio

    from homegame.room.store import open_store

    async def try_it() -> None:
        store = open_store(address)
        await store.open()
        await store.close()
    try:
        asyncio.run(try_it())
    except Exception as error:  # whatever the store's driver raises, said as a refusal
        raise ValueError(str(error) or type(error).__name__) from None


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from homegame.room.app import create_app
        from homegame.room.bots import BotPool
        from homegame.room.service import CardRoom
        from homegame.room.store import SharedStore, open_store
    except ImportError as error:
        return room_missing("serve", error)
    store = open_store(args.store)
    try:
        advertise = _advertised(args, shared=isinstance(store, SharedStore))
        _check_store(args.store)
    except ValueError as error:
        print(f"homegame serve: {error}", file=sys.stderr)
        return 2
    room = CardRoom(store, bots=BotPool(workers=max(0, args.bot_workers)), bot_delay=max(0.0, args.bot_delay),
                    advertise=advertise, lease=args.lease)
    where = f"socket {args.fd}" if args.fd is not None else f"http://{args.host}:{args.port}"
    shared = ""
    if isinstance(store, SharedStore):
        shared = (f", shared with other processes, which reach this one at {advertise}" if advertise else
                  ", shared with other processes, which cannot reach this one (no --advertise)")
    print(f"homegame card room on {where}; tables kept in {args.store or 'your data folder'}{shared}",
          flush=True)
    if args.fd is not None:
        uvicorn.run(create_app(room=room), fd=args.fd, log_level="warning", ws_max_size=64 * 1024)
    else:
        uvicorn.run(create_app(room=room), host=args.host, port=args.port, log_level="warning",
                    ws_max_size=64 * 1024)
    return 0
