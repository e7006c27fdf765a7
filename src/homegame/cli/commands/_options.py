"""Options shared by the commands that set up a game: players, variants, settings, seed."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from homegame.errors import GameError
from homegame.games import GAMES, game_class, new_game

if TYPE_CHECKING:
    from homegame.engine import Game


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(sorted(GAMES))} (hyphens work too)")
    parser.add_argument("--players", type=int, help="how many seats (default: the fewest the game takes, "
                        "at least 2, or 4 where the game allows it)")
    parser.add_argument("--variant", "-v", action="append", default=[], metavar="NAME",
                        help="a variant to play (repeat for several)")
    parser.add_argument("--set", "-s", action="append", default=[], metavar="NAME=VALUE",
                        help="a table setting such as ante=2 (repeat for several)")
    parser.add_argument("--seed", type=int, help="a seed for reproducible shuffles")


def default_players(game: str) -> int:
    seats = game_class(game).players
    return 4 if 4 in seats else seats[0]


def settings_from(pairs: list[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            raise GameError(f"a setting is written NAME=VALUE, got {pair!r}")
        settings[name.strip().replace("-", "_")] = setting_value(value.strip())
    return settings


def setting_value(text: str) -> Any:
    """A setting's value as a person types it: digits are a number, yes and no (true, on, false,
    off) a truth value, anything else a word.

    >>> setting_value("-2"), setting_value("Yes"), setting_value("sevens")
    (-2, True, 'sevens')
    """
    if text.lstrip("-").isdigit():
        return int(text)
    if text.lower() in ("true", "yes", "on"):
        return True
    if text.lower() in ("false", "no", "off"):
        return False
    return text


def game_from(args: argparse.Namespace) -> Game:
    players = default_players(args.game) if args.players is None else args.players
    return new_game(args.game, players=players, variants=args.variant, **settings_from(args.set))
