"""``homegame join`` and ``homegame watch``: sit at (or watch) a card-room table from the terminal."""

from __future__ import annotations

import argparse
import sys

from homegame.cli.commands._room import room_missing


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    join = subparsers.add_parser(
        "join", help="take a seat at a card-room table (or enter a tournament) from its invite link",
        description="Sit at a table of a card room (homegame serve) and play it in this terminal: "
        "a new seat under --name, or the seat a --token you were given opens. A tournament's link "
        "(/tournament/ID) enters it under --name; the tournament seats you, and moves you from table "
        "to table as players go out.")
    join.add_argument("invite", help="the table's invite link, such as http://192.0.2.7:8000/t/abc123 (or a "
                                     "tournament's, http://192.0.2.7:8000/tournament/xyz)")
    join.add_argument("--name", help="the name the table shows for you (to take a new seat)")
    join.add_argument("--token", help="your seat's token, to come back to a seat you already have")
    join.add_argument("--seat", type=int, default=None,
                      help="the seat number you want (default: any free one)")
    join.add_argument("--chips", type=int, default=None,
                      help="the chips you bring, where the table allows deep stacks (default: its buy-in)")
    join.add_argument("--retry-for", type=float, default=300.0, metavar="SECONDS",
                      help="how long to keep connecting again when the room drops (default: 300)")
    join.add_argument("--owner-token", default=None,
                      help="the table's owner token (given when it was made): lets you call a bomb pot")
    join.set_defaults(run=run)
    watch = subparsers.add_parser(
        "watch", help="watch a card-room table from its invite link (no seat)",
        description="Follow a card-room table as a spectator: every hand as it is played, with only "
        "the cards the table shows.")
    watch.add_argument("invite", help="the table's invite link")
    watch.add_argument("--retry-for", type=float, default=300.0, metavar="SECONDS",
                       help="how long to keep connecting again when the room drops (default: 300)")
    watch.set_defaults(run=run, name=None, token=None, seat=None, chips=None, owner_token=None)


def run(args: argparse.Namespace) -> int:
    try:
        from homegame.room.client import RoomClient, SeatConnection, parse_link
    except ImportError as error:
        return room_missing(args.command, error)
    import asyncio

    from homegame.cli.screen import open_console
    from homegame.errors import HomegameError

    try:
        base, kind, table = parse_link(args.invite)
        client = RoomClient(base)
        if kind == "tournament":
            if args.command != "join" or args.token is not None or not args.name:
                print("enter a tournament with: homegame join LINK --name NAME (come back to your seat with "
                      "its table's link and --token)", file=sys.stderr)
                return 2
            entry = client.enter(table, args.name)
            table, args.token = entry["table"], entry["token"]
            print(f"You enter the tournament as {args.name}, at table {table}, seat {entry['seat']}. To "
                  f"come back to your seat later:\n  homegame join {base}/t/{table} --token {args.token}\n"
                  "(keep the token: it is shown only now, and it follows you to every table the tournament "
                  "moves you to)")
            args.name = None
        token = args.token
        if token is not None and (args.name or args.seat is not None or args.chips is not None):
            print("a --token comes back to the seat it opens: give it without --name, --seat and --chips",
                  file=sys.stderr)
            return 2
        if args.command == "join" and token is None:
            if not args.name:
                print("say who you are: homegame join LINK --name NAME (or --token TOKEN to come back)",
                      file=sys.stderr)
                return 2
            seat, token = client.join(table, args.name, args.seat, args.chips)
            print(f"You sit in seat {seat} as {args.name}. To come back to this seat later:\n"
                  f"  homegame join {args.invite} --token {token}\n(keep the token: it is shown only now)")
    except (HomegameError, OSError) as error:
        print(f"homegame {args.command}: {error}", file=sys.stderr)
        return 1

    async def play() -> str:
        from homegame.cli.remote import RemoteTable, keyboard_for

        console = open_console()
        async with SeatConnection(base, table, token, keep_frames=False,
                                  give_up_after=args.retry_for) as connection:
            owner = args.owner_token
            remote = RemoteTable(connection, console, keyboard_for(console),
                                 ledger=lambda: client.ledger(connection.table),
                                 bomb_pot=None if owner is None else lambda: client.bomb_pot(table, owner))
            return await remote.run()

    try:
        why = asyncio.run(play())
    except (HomegameError, OSError) as error:
        print(f"homegame {args.command}: {error}", file=sys.stderr)
        return 1
    print(f"Goodbye: {why}.")
    return 0
