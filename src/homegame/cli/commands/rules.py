"""``homegame rules GAME``: the rules of a game, with its variants and settings."""

from __future__ import annotations

import argparse
import sys
from importlib import resources

from homegame.errors import GameError
from homegame.games import GAMES, family_of, game_class


def rules_text(game: str) -> str:
    """The rules of ``game`` in the project's words, followed by its variants and settings."""
    chosen = game_class(game)
    folder = resources.files("homegame.games") / "rules"
    for name in dict.fromkeys((chosen.name, family_of(chosen.name))):
        page = folder / f"{name}.md"
        if page.is_file():
            text = page.read_text(encoding="utf-8").rstrip()
            break
    else:
        raise GameError(f"no rules are written for {chosen.title} yet")
    return text + "\n\n" + table_settings(chosen.name)


def table_settings(game: str) -> str:
    chosen = game_class(game)
    lines = [f"Players: {chosen.players[0]} to {chosen.players[-1]}."]
    if chosen.variants:
        lines.append("Variants (homegame play --variant NAME):")
        lines.extend(f"  {name}: {meaning}" for name, meaning in chosen.variants.items())
    if chosen.settings:
        lines.append("Settings (homegame play --set NAME=VALUE):")
        lines.extend(f"  {name} (default {setting.default}): {setting.help}"
                     for name, setting in chosen.settings.items())
    return "\n".join(lines)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rules", help="print the rules of a game")
    parser.add_argument("game", help=f"the game: {', '.join(sorted(GAMES))}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        print(rules_text(args.game))
    except ValueError as error:
        print(f"homegame rules: {error}", file=sys.stderr)
        return 2
    return 0
