"""``homegame play GAME``: sit at a table in the terminal against bots, for a session of hands."""

from __future__ import annotations

import argparse
import sys

from homegame.cli.commands._options import add_game_options, game_from
from homegame.errors import GameError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("play", help="play a session of a game in the terminal against bots",
                                   description="Play a game against bots: chips and scores carry from "
                                   "hand to hand. Type the number of a choice or an action ('raise 40', "
                                   "'discard 5h 2c'); 'help' or '?' says what you can type, 'hint' asks "
                                   "the bots' advice, 'rules' shows the rules, q leaves.")
    add_game_options(parser)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--bot", default=None, help="which bot fills the other seats: the game's own "
                        "(the default), 'search' (or 'search:1s', 'search:800' for its time or playouts "
                        "per decision) or 'random'")
    parser.add_argument("--hands", type=int, help="stop after this many hands")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.bots import make_bot
    from homegame.cli.screen import open_console
    from homegame.cli.terminal import Table, welcome

    try:
        game = game_from(args)
        if not 0 <= args.seat < game.player_count:
            raise GameError(f"--seat must be from 0 to {game.player_count - 1}")
        if args.hands is not None and args.hands < 1:
            raise GameError("--hands must be at least 1")
        seats = [None if seat == args.seat else make_bot(game.name, args.bot, seed=None)
                 for seat in range(game.player_count)]
    except ValueError as error:
        print(f"homegame play: {error}", file=sys.stderr)
        return 2
    console = open_console()
    console.say(console.look.bold(welcome(game, args.seat)))
    Table(game, seats, console, seed=args.seed).play(hands=args.hands)
    return 0
