"""``homegame menu`` (and ``homegame`` alone, and ``make play``): pick a game and play it, again
and again until you leave the menu."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from homegame.errors import GameError
from homegame.games import GAMES, game_class, new_game

if TYPE_CHECKING:
    from homegame.cli.screen import TableConsole
    from homegame.engine import Game

__all__ = ["menu"]

QUIT = frozenset({"q", "quit", "exit"})


class _Leave(Exception):
    """The person left the menu."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "menu", help="choose a game from a list and play it",
        description="Pick a game, its variants and your opponents from numbered lists, then play it "
        "as 'homegame play' would.")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.cli.screen import open_console

    console = open_console()
    try:
        while menu(console):
            pass
    except _Leave:
        pass
    console.say("Goodbye.")
    return 0


def menu(console: TableConsole) -> bool:
    """Ask which game and how many players, then play a session of it; False when there is
    nothing to play."""
    from homegame.bots import make_bot
    from homegame.cli.terminal import Table, welcome

    games = sorted(GAMES.values(), key=lambda g: g.title)
    if not games:
        console.say("No game is playable yet. Try 'homegame --help' for the tools.")
        return False
    console.say(console.look.bold("homegame - choose a game (? for help, q to quit):"))
    for number, game in enumerate(games, 1):
        variants = f"  variants: {', '.join(game.variants)}" if game.variants else ""
        console.say(f"  {number:>2}) {game.title:<36} {game.players[0]}-{game.players[-1]} players{variants}")
    chosen = games[_number(console, "Game number: ", 1, len(games)) - 1]
    low, high = chosen.players[0], chosen.players[-1]
    players = low if low == high else _number(console, f"Players ({low}-{high}): ", low, high)
    table_game = _configure(console, chosen.name, players)
    seats = [None, *(make_bot(chosen.name) for _ in range(players - 1))]
    console.say(console.look.bold(welcome(table_game, 0)))
    Table(table_game, seats, console).play()
    return True


def _configure(console: TableConsole, name: str, players: int) -> Game:
    """Ask for variants (if the game has any) until the game accepts them."""
    if not game_class(name).variants:
        return new_game(name, players=players)
    while True:
        text = _read(console, "Variants, separated by commas (Enter for none): ",
                     "Name variants from the list above, such as 'lowball', separated by commas.")
        try:
            return new_game(name, players=players, variants=[v for v in text.split(",") if v.strip()])
        except GameError as error:
            console.say(f"  {error}")


def _number(console: TableConsole, question: str, low: int, high: int) -> int:
    while True:
        text = _read(console, question, f"Type a number from {low} to {high}.")
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        console.say(f"  please type a number from {low} to {high}")


def _read(console: TableConsole, question: str, help_text: str) -> str:
    while True:
        try:
            text = console.ask(question)
        except (EOFError, KeyboardInterrupt):
            raise _Leave from None
        if text.lower() in QUIT:
            raise _Leave
        if text.lower() in ("?", "help", "h"):
            console.say(f"  {help_text} q leaves.")
            continue
        return text
