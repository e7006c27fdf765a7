"""``homegame table``: make, list and close card-room tables from the terminal, as the lobby does
(``POST /api/tables``; see docs/protocol.md); call a bomb pot at a table you made; make a
tournament (``POST /api/tournaments``) and start it early."""

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
    "time_bank": (float, "each player's bank of extra seconds, for when a turn's clock runs out (default 0)"),
    "time_bank_refill": (float, "seconds put back into every bank, up to the full bank (default 0)"),
    "time_bank_every": (int, "the hands between refills of the time banks (default 10)"),
    "bomb_pot": (int, "chips everyone puts in a bomb pot, which the host calls (default 0: none)"),
    "bomb_pot_every": (int, "every this many hands is a bomb pot (default 0: only when called)"),
}
"""The table's setup fields besides its name, games and stakes, as options (``--buy-in``); a test
keeps them the same as the room's fields."""
TOURNAMENT_OPTIONS: dict[str, tuple[type, str]] = {
    "entrants": (int, "the entries, 2 to 8 (default 6); bots take --bots of them"),
    "stack": (int, "the tournament chips each entry starts with (default 1000)"),
    "entry_fee": (int, "each entry's fee in chips: the prize pool is every entry's (default 10)"),
    "level_seconds": (float, "how long each level of the stakes lasts (default 600)"),
    "break_every": (int, "a break after every this many levels (default 0: none)"),
    "break_seconds": (float, "how long a break lasts (default 300)"),
    "late_entry": (int, "entries are taken until this level is over (default 0: only before the start)"),
}
"""A tournament's own fields, as options of ``homegame table tournament`` (``--entry-fee`` is the
setup's ``buy_in``)."""


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
    for field in SETUP_OPTIONS:
        _setup_option(new, field)
    new.set_defaults(run=run)
    listing = verbs.add_parser("list", help="the room's open tables")
    listing.add_argument("room", nargs="?", default=ROOM, help=f"the room's address (default {ROOM})")
    listing.set_defaults(run=run)
    close = verbs.add_parser("close", help="close a table you made (with the owner token kept for it)")
    close.add_argument("invite", help="the table's invite link")
    close.add_argument("--owner-token", default=None, help="the owner token (default: the one kept)")
    close.set_defaults(run=run)
    bomb = verbs.add_parser("bomb-pot", help="call a bomb pot for the next hand at a table you made")
    bomb.add_argument("invite", help="the table's invite link")
    bomb.add_argument("--owner-token", default=None, help="the owner token (default: the one kept)")
    bomb.set_defaults(run=run)
    _register_tournament(verbs)


def _register_tournament(verbs: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    made = verbs.add_parser("tournament", help="make a dealer's-choice tournament and print its link",
                            description="Make a sit-and-go tournament at a card room: its tables (as many "
                            "as its entries need at --seats a table), its bots' entries, levels rising on a "
                            "clock, payouts by place. It starts when its last entry is taken ('homegame "
                            "table start' starts it sooner). The owner token is kept in your data folder.")
    made.add_argument("room", nargs="?", default=ROOM, help=f"the room's address (default {ROOM})")
    made.add_argument("--name", default="Tournament", help="the tournament's name (default 'Tournament')")
    made.add_argument("--games", default=None, help="the games, as for 'table new' (default: every game a "
                      "tournament deals)")
    made.add_argument("--stake", action="append", default=[], metavar="SETTING=VALUE",
                      help="a game setting for every game that has it (the levels' stakes stand over it)")
    made.add_argument("--payouts", default=None,
                      help="the percent of the pool each place wins, such as 65/35")
    made.add_argument("--rotation", action="store_true",
                      help="deal the games in turn, not the dealer's choice")
    for field in ("seats", "bots", "bot_level", "clock", "pause", "time_bank", "time_bank_refill",
                  "time_bank_every", "public"):
        _setup_option(made, field)
    for field, (kind, words) in TOURNAMENT_OPTIONS.items():
        made.add_argument(f"--{field.replace('_', '-')}", dest=field, type=kind, default=None, help=words)
    made.set_defaults(run=run)
    start = verbs.add_parser("start", help="start a tournament you made now, with the entries it has")
    start.add_argument("invite", help="the tournament's link (http://HOST:PORT/tournament/ID)")
    start.add_argument("--owner-token", default=None, help="the owner token (default: the one kept)")
    start.set_defaults(run=run)


def _setup_option(parser: argparse.ArgumentParser, field: str) -> None:
    """The option of the setup's ``field`` (``--buy-in``); a host setting is on when given."""
    kind, words = SETUP_OPTIONS[field]
    option = f"--{field.replace('_', '-')}"
    if kind is bool:
        parser.add_argument(option, dest=field, action="store_const", const=True, default=None, help=words)
    else:
        parser.add_argument(option, dest=field, type=kind, default=None, help=words)


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


def tournament_setup_from(args: argparse.Namespace) -> dict[str, Any]:
    """The setup ``POST /api/tournaments`` takes, from the options given (the room checks it).

    >>> unset = {field: None for field in [*SETUP_OPTIONS, *TOURNAMENT_OPTIONS]}
    >>> args = argparse.Namespace(name="Sunday", games="draw,pineapple", stake=[], payouts="65/35",
    ...                           rotation=True, **unset)
    >>> args.entrants, args.entry_fee = 6, 20
    >>> tournament_setup_from(args)
    {'name': 'Sunday', 'games': ['draw', 'pineapple'], 'payouts': [65, 35], 'rotation': True, 'entrants': 6, \
'buy_in': 20}
    """
    setup: dict[str, Any] = {"name": args.name}
    if args.games:
        setup["games"] = [_game(text.strip()) for text in args.games.split(",") if text.strip()]
    if args.stake:
        setup["stakes"] = dict(_stake(text) for text in args.stake)
    if args.payouts:
        shares = args.payouts.replace(",", "/").split("/")
        setup["payouts"] = [int(share) for share in shares if share.strip()]
    if args.rotation:
        setup["rotation"] = True
    for field in [*SETUP_OPTIONS, *TOURNAMENT_OPTIONS]:
        if getattr(args, field, None) is not None:
            setup["buy_in" if field == "entry_fee" else field] = getattr(args, field)
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
        from homegame.room.client import RoomClient
    except ImportError as error:
        return room_missing("table", error)
    from homegame.errors import HomegameError

    try:
        if args.verb == "list":
            return _list(RoomClient(args.room.rstrip("/")))
        if args.verb in ("close", "bomb-pot", "start"):
            return _as_owner(args)
        if args.verb == "tournament":
            return _tournament(args)
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


def _as_owner(args: argparse.Namespace) -> int:
    """What only a table's (or a tournament's) owner does: close it, call a bomb pot, start it."""
    from homegame.cli.saved import saved_tables
    from homegame.room.client import RoomClient, parse_link

    base, kind, name = parse_link(args.invite)
    link = f"{base}/{kind}/{name}"
    token = args.owner_token or saved_tables().at(link).get("owner_token")
    if not token:
        print(f"homegame table {args.verb}: no owner token is kept for this link: give --owner-token",
              file=sys.stderr)
        return 2
    client = RoomClient(base)
    if args.verb == "start":
        started = client.start_tournament(name, token)
        print(f"The tournament has started with {started['entries']} entries.")
    elif args.verb == "bomb-pot":
        called = client.bomb_pot(name, token)
        print(f"Bomb pot called: the next hand of {' or '.join(called['games'])} starts with "
              f"{called['chips']} chips from everyone.")
    else:
        closed = client.close(name, token)
        print("The table is closed." if closed["closed"] else "The table closes when the hand in play ends.")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from homegame.cli.saved import saved_tables
    from homegame.room.client import RoomClient

    base = args.room.rstrip("/")
    made = RoomClient(base).create_tournament(tournament_setup_from(args))
    link = base + made["invite"]
    saved = saved_tables()
    saved.keep(link, owner_token=made["owner_token"])
    for table in made["tables"]:
        saved.keep(f"{base}/t/{table}", owner_token=made["owner_token"])
    print(f"The tournament is made, over {len(made['tables'])} table(s). Send your friends its link:\n"
          f"  {link}\n"
          f"Enter it yourself:\n  homegame join {link} --name YOUR-NAME\n"
          f"Start it before every entry is taken:\n  homegame table start {link}\n"
          f"The owner token is kept in {saved.folder}: {made['owner_token']}")
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
