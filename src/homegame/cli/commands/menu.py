"""``homegame menu`` (and ``homegame`` alone, and ``make play``): pick a game and play it."""

from __future__ import annotations

import argparse
import sys

from homegame.bots import make_bot
from homegame.cli.render import style
from homegame.cli.terminal import Prompt, QuitGame, Table
from homegame.engine import Game, GameError
from homegame.games import GAMES, game_class, new_game


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("menu", help="choose a game from a list and play it")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prompt = Prompt(sys.stdin, sys.stdout, style())
    try:
        return menu(prompt)
    except QuitGame:
        prompt.say("Goodbye.")
        return 0


def menu(prompt: Prompt) -> int:
    """Ask which game and how many players, then seat the person against bots."""
    games = sorted(GAMES.values(), key=lambda g: g.title)
    if not games:
        prompt.say("No game is playable yet. Try 'homegame --help' for the tools.")
        return 0
    prompt.say(prompt.look.bold("homegame - choose a game (q to quit):"))
    for number, game in enumerate(games, 1):
        variants = f"  variants: {', '.join(game.variants)}" if game.variants else ""
        prompt.say(f"  {number:>2}) {game.title:<36} {game.players[0]}-{game.players[-1]} players{variants}")
    chosen = games[_number(prompt, "Game number: ", 1, len(games)) - 1]
    low, high = chosen.players[0], chosen.players[-1]
    players = low if low == high else _number(prompt, f"Players ({low}-{high}): ", low, high)
    table_game = _configure(prompt, chosen.name, players)
    seats = [None, *(make_bot(chosen.name) for _ in range(players - 1))]
    prompt.say(f"{chosen.title}: you are seat 0. 'homegame rules {chosen.name}' explains the game.")
    Table(table_game, seats, prompt).play()
    return 0


def _configure(prompt: Prompt, name: str, players: int) -> Game:
    """Ask for variants (if the game has any) until the game accepts them."""
    if not game_class(name).variants:
        return new_game(name, players=players)
    while True:
        text = prompt.read("Variants, separated by commas (Enter for none): ")
        try:
            return new_game(name, players=players, variants=[v for v in text.split(",") if v.strip()])
        except GameError as error:
            prompt.say(f"  {error}")


def _number(prompt: Prompt, question: str, low: int, high: int) -> int:
    while True:
        text = prompt.read(question)
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        prompt.say(f"  please type a number from {low} to {high}")
