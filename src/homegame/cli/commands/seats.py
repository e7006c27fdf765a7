"""``homegame seats``: the seat and owner tokens this user was given at card-room tables, which the
terminal keeps in their data folder (see :mod:`homegame.cli.saved`)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "seats", help="the seats (and tables) you hold a token for, and how to come back to them",
        description="List the card-room seats you took with 'homegame join' and the tables you made with "
                    "'homegame table new': each table's link, your seat and its token, and the owner "
                    "token of a table you made. The tokens are kept in your data folder, readable by you "
                    "alone.")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from homegame.cli.saved import saved_tables
    except ImportError:  # pragma: no cover - platformdirs comes with the room's extra
        print("homegame seats needs the room's packages: pip install 'homegame[room]'")
        return 2
    saved = saved_tables()
    entries = saved.all()
    if not entries:
        print(f"No seats kept yet (they are kept in {saved.folder} when you join a table).")
        return 0
    for entry in entries:
        print(entry["invite"])
        seat = entry.get("seat")
        if seat is not None:
            print(f"  you sit in seat {seat['seat']} as {seat['name']}; token {seat['token']}\n"
                  f"  come back: homegame join {entry['invite']}  (another machine: --token {seat['token']})")
        if entry.get("owner_token"):
            print(f"  you made this table; owner token {entry['owner_token']}")
    return 0
