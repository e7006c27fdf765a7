"""``homegame rules GAME``: the rules of a game, with its variants and settings
(:func:`homegame.games.pages.rules_text`), as Markdown that a terminal shows formatted and in a
pager (piped, the Markdown itself is printed)."""

from __future__ import annotations

import argparse
import sys

from homegame.games import GAMES

__all__ = ["show_markdown"]


def show_markdown(text: str) -> None:
    """``text`` formatted for the terminal, in a pager; plain Markdown when output is not a terminal."""
    if not sys.stdout.isatty():
        print(text)
        return
    from rich.console import Console

    from homegame.cli.screen import page_markdown

    page_markdown(Console(), text)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rules", help="show the rules of a game",
                                   description="The rules of a game with its variants and settings, "
                                   "formatted and paged on a terminal, as Markdown otherwise.")
    parser.add_argument("game", nargs="?", default=None,
                        help=f"the game: {', '.join(sorted(GAMES))} (none: the list of games)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.games.pages import rules_text  # here: the command line's help loads no game

    if args.game is None:
        print("The games (homegame rules GAME shows one's rules):")
        for name in sorted(GAMES):
            game = GAMES[name]
            print(f"  {name:<22} {game.title}, {game.players[0]} to {game.players[-1]} players")
        return 0
    try:
        text = rules_text(args.game)
    except ValueError as error:
        print(f"homegame rules: {error}", file=sys.stderr)
        return 2
    show_markdown(text)
    return 0
