"""``homegame join`` and ``homegame watch``: sit at (or watch) a card-room table from the terminal."""

from __future__ import annotations

import argparse
import sys
from typing import Any

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
    join.add_argument("--code", help="a code your seat shows on another device (the table page's Options): "
                      "takes that seat here too")
    join.add_argument("--owner", "--owner-token", dest="owner", metavar="TOKEN",
                      help="the host's token (the table's owner token, as in the host's link "
                           "/t/TABLE#host=TOKEN; default: the one kept when you made the table): join as the "
                           "table's host, seated at once where others ask, with the host's commands ('host', "
                           "'bomb pot')")
    join.add_argument("--seat", type=int, default=None,
                      help="the seat number you want (default: any free one)")
    join.add_argument("--chips", type=int, default=None,
                      help="the chips you bring, where the table allows deep stacks (default: its buy-in)")
    join.add_argument("--club", metavar="LINK",
                      help="sit down as your member of this club (its key kept by homegame club), so the "
                      "night counts in its standings")
    join.add_argument("--retry-for", type=float, default=300.0, metavar="SECONDS",
                      help="how long to keep connecting again when the room drops (default: 300)")
    join.set_defaults(run=run)
    watch = subparsers.add_parser(
        "watch", help="watch a card-room table from its invite link (no seat)",
        description="Follow a card-room table as a spectator: every hand as it is played, with only "
        "the cards the table shows.")
    watch.add_argument("invite", help="the table's invite link")
    watch.add_argument("--retry-for", type=float, default=300.0, metavar="SECONDS",
                       help="how long to keep connecting again when the room drops (default: 300)")
    watch.set_defaults(run=run, name=None, token=None, seat=None, chips=None, code=None, owner=None,
                       club=None)


def _take_seat(args: argparse.Namespace, client: Any, invite: str, table: str) -> str | None:
    """The token of the seat this person takes now under ``--name`` (kept in their data folder),
    or of the seat they took at this table before (read from there); ``None`` if neither."""
    from homegame.cli.saved import saved_tables

    saved = saved_tables()
    if not args.name:
        kept = saved.at(invite).get("seat")
        if kept is None:
            print("say who you are: homegame join LINK --name NAME (or --token TOKEN to come back)",
                  file=sys.stderr)
            return None
        print(f"Back to your seat as {kept['name']} (its token is kept in {saved.folder}).")
        return str(kept["token"])
    member = _member(args.club)
    answer = client.take_seat(table, args.name, args.seat, args.chips,
                              member_key=member["key"] if member else None, host_token=args.owner)
    seat, token = answer["seat"], answer["token"]
    saved.keep(invite, seat={"name": args.name, "seat": seat, "token": token})
    if seat is None:
        as_member = f" as {member['name']}, a member of the club at {args.club}," if member else ""
        print(f"The host seats players at this table: you asked for a seat{as_member} (request "
              f"{answer['request']}) and watch until the host answers.")
        return str(token)
    if member:
        print(f"You sit down as {member['name']}, a member of the club at {args.club}.")
    print(f"You sit in seat {seat} as {args.name}. Your seat's token is kept in {saved.folder}: "
          f"'homegame join {invite}' brings you back to this seat, and 'homegame seats' shows the token "
          "(to take the seat on another machine: homegame join LINK --token TOKEN).")
    return str(token)


def _member(club: str | None) -> dict[str, Any] | None:
    """The member key kept for the club at ``club`` (a link; ``None``: none asked for)."""
    if club is None:
        return None
    from homegame.cli.saved import saved_clubs
    from homegame.errors import NotAllowed
    from homegame.room.client import parse_club_link

    base, club_id, _ = parse_club_link(club)
    member = saved_clubs().at(f"{base}/c/{club_id}").get("member")
    if not member:
        raise NotAllowed(f"no member key for {club} is kept here: keep yours with homegame club keep LINK")
    return dict(member)


def _kept_owner_token(invite: str) -> str | None:
    """The owner token kept for the table at ``invite`` (``homegame table new`` keeps it), if any."""
    from homegame.cli.saved import saved_tables

    token = saved_tables().at(invite).get("owner_token")
    return str(token) if token else None


def _enter(client: Any, base: str, tournament: str, name: str) -> tuple[str, str]:
    """Enter a tournament under ``name``: the table it seats this person at, and the seat's token
    (kept in their data folder, as a seat's is)."""
    from homegame.cli.saved import saved_tables

    entry = client.enter(tournament, name)
    table, token = entry["table"], entry["token"]
    saved = saved_tables()
    saved.keep(f"{base}/t/{table}", seat={"name": name, "seat": entry["seat"], "token": token})
    print(f"You enter the tournament as {name}, at table {table}, seat {entry['seat']}. Your seat's token "
          f"(kept in {saved.folder}) follows you to every table the tournament moves you to: to come back, "
          f"homegame join {base}/t/TABLE --token {token}")
    return str(table), str(token)


def _claim_seat(code: str, client: Any, invite: str, table: str) -> str:
    """The token of this machine's own for the seat ``code`` opens (kept in the data folder)."""
    from homegame.cli.saved import saved_tables

    seat, name, token = client.claim(table, code)
    saved_tables().keep(invite, seat={"name": name, "seat": seat, "token": token})
    print(f"You sit in seat {seat} as {name}, here as on your other device.")
    return str(token)


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
            table, args.token = _enter(client, base, table, args.name)
            args.name = None
        invite = f"{base}/t/{table}"
        args.owner = args.owner or _kept_owner_token(invite)
        token = args.token
        if token is not None and (args.name or args.seat is not None or args.chips is not None or args.club):
            print("a --token comes back to the seat it opens: give it without --name, --seat, --chips and "
                  "--club",
                  file=sys.stderr)
            return 2
        if args.code is not None:
            if token is not None or args.name or args.seat is not None or args.chips is not None:
                print("a --code takes the seat it opens: give it alone", file=sys.stderr)
                return 2
            token = _claim_seat(args.code, client, invite, table)
        elif args.command == "join" and token is None:
            token = _take_seat(args, client, invite, table)
            if token is None:
                return 2
    except (HomegameError, OSError) as error:
        print(f"homegame {args.command}: {error}", file=sys.stderr)
        return 1

    async def play() -> str:
        from homegame.cli.remote import RemoteTable, keyboard_for

        console = open_console()
        owner = args.owner
        hosts_with = owner or token  # the seat's own token hosts once the host's role is handed to it
        async with SeatConnection(base, table, token, keep_frames=False, give_up_after=args.retry_for,
                                  owner=owner) as connection:
            remote = RemoteTable(connection, console, keyboard_for(console),
                                 ledger=lambda: client.ledger(connection.table),
                                 host=lambda action: client.host(table, hosts_with, action),
                                 bomb_pot=lambda: client.bomb_pot(table, hosts_with))
            return await remote.run()

    try:
        why = asyncio.run(play())
    except (HomegameError, OSError) as error:
        print(f"homegame {args.command}: {error}", file=sys.stderr)
        return 1
    print(f"Goodbye: {why}.")
    return 0
