"""``homegame bot``: seat one of homegame's bots at a card-room table over the network, the way any
outside agent plays (see docs/protocol.md)."""

from __future__ import annotations

import argparse
import random
import sys

from homegame.cli.commands._room import room_missing
from homegame.wording import counted


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bot", help="seat a bot at a card-room table over the network",
        description="Seat a bot at a card-room table over the network. It plays every hand it is dealt, "
                    "calls a game when it deals, comes back if the room sits it out, and buys back in to "
                    "a full buy-in when it is short of chips and the table waits for players.")
    parser.add_argument("invite", help="the table's invite link, such as http://192.0.2.7:8000/t/abc123")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--seat-token", help="the token of the seat the bot plays")
    who.add_argument("--name", help="take a new seat under this name instead")
    parser.add_argument("--bot", default="best",
                        help="which bot plays: best (default), heuristic, random, or a game's own bot "
                        "(not search, which needs the table to sample hands: seat it at the table)")
    parser.add_argument("--hands", type=int, default=None, help="leave the table after this many hands")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from homegame.room.agent import bots_for, play_seat
        from homegame.room.client import RoomClient, parse_invite
    except ImportError as error:
        return room_missing("bot", error)
    import asyncio

    from homegame.errors import GameError, HomegameError

    try:
        if args.hands is not None and args.hands < 1:
            raise GameError(f"--hands must be at least 1, not {args.hands}")
        base, table = parse_invite(args.invite)
        games = [choice["game"] for choice in RoomClient(base).table(table)["config"]["games"]]
        bots_for(games, args.bot, random.Random())  # refused here, before a seat is taken
        token = args.seat_token
        if token is None:
            seat, token = RoomClient(base).join(table, args.name)
            print(f"The {args.bot} bot sits in seat {seat} as {args.name}; its token: {token}", flush=True)
        played = asyncio.run(play_seat(base, table, token, bot=args.bot, hands=args.hands,
                                       say=lambda text: print(text, flush=True)))
    except (HomegameError, OSError) as error:
        print(f"homegame bot: {error}", file=sys.stderr)
        return 1
    print(f"The bot played {counted(played, 'hand')}.")
    return 0
