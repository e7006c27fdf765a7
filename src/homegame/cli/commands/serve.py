"""``homegame serve``: run the card room, where friends and bots sit at tables over the network."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("serve", help="run the card room: tables friends join over the network")
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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from homegame.room.app import create_app
        from homegame.room.bots import BotPool
        from homegame.room.service import CardRoom
        from homegame.room.store import open_store
    except ImportError as error:
        print(f"homegame serve needs the room's packages ({error.name} is missing): "
              f"pip install 'homegame[room]'", file=sys.stderr)
        return 2
    room = CardRoom(open_store(args.store), bots=BotPool(workers=max(0, args.bot_workers)),
                    bot_delay=max(0.0, args.bot_delay))
    where = f"socket {args.fd}" if args.fd is not None else f"http://{args.host}:{args.port}"
    print(f"homegame card room on {where}; tables kept in {args.store or 'your data folder'}", flush=True)
    if args.fd is not None:
        uvicorn.run(create_app(room=room), fd=args.fd, log_level="warning", ws_max_size=64 * 1024)
    else:
        uvicorn.run(create_app(room=room), host=args.host, port=args.port, log_level="warning",
                    ws_max_size=64 * 1024)
    return 0
