"""``homegame table``: make, list and close card-room tables from the terminal, as the lobby does
(``POST /api/tables``; see docs/protocol.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from homegame.cli.commands._room import room_missing

ROOM: str = "http://127.0.0.1:8000"
SETUP_OPTIONS: dict[str, tuple[type, str]] = {
    "seats": (int, "seats at the table, 2 to 8 (default 6)"),
    "bots": (int, "seats filled by bots, from seat 0 (default 0)"),
    "bot_level": (str, "how the bots play: heuristic (default), best, random, search or search:0.5s"),
    "buy_in": (int, "chips each player brings (default 100)"),
    "max_buy_in": (int, "deep stacks: the most a player may bring or top up to (default: the buy-in)"),
    "default_game": (str, "the game dealt when the dealer's clock runs out (default: the first listed)"),
    "clock": (float, "seconds a player has for each decision (default 30)"),
    "timeouts_to_sit_out": (int, "clocks run out in a row before a player is sat out (default 2)"),
    "points_rate": (int, "chips a point is worth in the games scored in points (default: each game's own)"),
    "pause": (float, "seconds between deals (default 3)"),
    "public": (bool, "list the table in the room's lobby (default: private, found only by its invite link)"),
    "ask_to_sit": (bool, "players ask the host for a seat, and the host seats them or not"),
    "host_starts": (bool, "the first hand waits for the host to start the night"),
    "approve_chips": (bool, "rebuys and top-ups wait for the host's yes"),
}
"""The table's setup fields besides its name, games and stakes, as options (``--buy-in``); a test
keeps them the same as the room's fields."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("table", help="make, list or close card-room tables",
                                   description="Make a card-room table and get its invite link, list a "
                                   "room's open tables, or close a table you made.")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    new = verbs.add_parser("new", help="make a table and print its invite link",
                           description="Make a table at a card room (homegame serve) and print its invite "
                           "link and a ready 'homegame join' line. The owner token is kept in your data "
                           "folder ('homegame seats' shows it).")
    new.add_argument("room", nargs="?", default=ROOM, help=f"the room's address (default {ROOM})")
    new.add_argument("--name", default="Home game", help="the table's name (default 'Home game')")
    new.add_argument("--games", default=None,
                     help="the games the dealer may call, by name, with the variants the dealer may switch "
                     "on after a colon: draw:lowball+wild,paiute (default: every game)")
    new.add_argument("--stake", action="append", default=[], metavar="SETTING=VALUE",
                     help="a game setting for every game that has it, such as ante=2 or limit=pot "
                     "(repeat for more)")
    for field, (kind, words) in SETUP_OPTIONS.items():
        option = f"--{field.replace('_', '-')}"
        if kind is bool:  # a host setting: on when given
            new.add_argument(option, dest=field, action="store_const", const=True, default=None, help=words)
        else:
            new.add_argument(option, dest=field, type=kind, default=None, help=words)
    new.set_defaults(run=run)
    listing = verbs.add_parser("list", help="the room's open tables")
    listing.add_argument("room", nargs="?", default=ROOM, help=f"the room's address (default {ROOM})")
    listing.set_defaults(run=run)
    close = verbs.add_parser("close", help="close a table you made (with the owner token kept for it)")
    close.add_argument("invite", help="the table's invite link")
    close.add_argument("--owner-token", default=None, help="the owner token (default: the one kept)")
    close.set_defaults(run=run)


def setup_from(args: argparse.Namespace) -> dict[str, Any]:
    """The setup ``POST /api/tables`` takes, from the options given (the room checks it).

    >>> args = argparse.Namespace(name="Friday", games="draw:lowball+wild,paiute", stake=["ante=2"],
    ...                           **{**{field: None for field in SETUP_OPTIONS}, "bots": 1})
    >>> setup_from(args)
    {'name': 'Friday', 'games': [{'game': 'draw', 'variants': ['lowball', 'wild']}, 'paiute'], \
'stakes': {'ante': 2}, 'bots': 1}
    """
    setup: dict[str, Any] = {"name": args.name}
    if args.games:
        setup["games"] = [_game(text.strip()) for text in args.games.split(",") if text.strip()]
    if args.stake:
        setup["stakes"] = dict(_stake(text) for text in args.stake)
    setup.update({field: getattr(args, field) for field in SETUP_OPTIONS if getattr(args, field) is not None})
    return setup


def _game(text: str) -> str | dict[str, Any]:
    name, _, variants = text.partition(":")
    return {"game": name, "variants": variants.split("+")} if variants else name


def _stake(text: str) -> tuple[str, int | str]:
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise SystemExit(f"homegame table new: a stake is SETTING=VALUE, such as ante=2, not {text!r}")
    return key.strip(), int(value) if value.strip().lstrip("-").isdigit() else value.strip()


def run(args: argparse.Namespace) -> int:
    try:
        from homegame.cli.saved import saved_tables
        from homegame.room.client import RoomClient, parse_invite
    except ImportError as error:
        return room_missing("table", error)
    from homegame.errors import HomegameError

    try:
        if args.verb == "list":
            return _list(RoomClient(args.room.rstrip("/")))
        if args.verb == "close":
            base, table = parse_invite(args.invite)
            token = args.owner_token or saved_tables().at(f"{base}/t/{table}").get("owner_token")
            if not token:
                print("homegame table close: no owner token is kept for this table: give --owner-token",
                      file=sys.stderr)
                return 2
            closed = RoomClient(base).close(table, token)
            print("The table is closed." if closed["closed"] else
                  "The table closes when the hand in play ends.")
            return 0
        base = args.room.rstrip("/")
        made = RoomClient(base).create_table(setup_from(args))
    except (HomegameError, OSError) as error:
        print(f"homegame table {args.verb}: {error}", file=sys.stderr)
        return 1
    invite = base + made["invite"]
    saved = saved_tables()
    saved.keep(invite, owner_token=made["owner_token"])
    print(f"The table is made. Send your friends its invite link:\n  {invite}\n"
          f"Take a seat yourself, as the table's host:\n"
          f"  homegame join {invite} --name YOUR-NAME --owner {made['owner_token']}\n"
          f"Keep your host link: it opens the host's controls in a browser, on any device:\n"
          f"  {invite}#host={made['owner_token']}\n"
          f"The owner token is kept in {saved.folder}.")
    return 0


def _list(client: Any) -> int:
    tables = client.tables()
    if not tables:
        print("No open tables.")
    for table in tables:
        print(f"{table['name']}: {table['taken']}/{table['seats']} seats, {table['phase']}, "
              f"{table['hands_played']} hands played, {', '.join(table['games'])}: "
              f"{client.base}/t/{table['id']}")
    return 0
