"""``homegame rules GAME``: the rules of a game, with its variants and settings, as Markdown that
a terminal shows formatted and in a pager (piped, the Markdown itself is printed).

>>> print(table_settings("whiskey").splitlines()[0])
## At the table
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from homegame.games import GAMES, game_class, rules_page
from homegame.wording import listed

if TYPE_CHECKING:
    from homegame.engine import Game, Setting


def rules_text(game: str) -> str:
    """The rules of ``game`` in the project's words, followed by its variants and settings."""
    return rules_page(game) + "\n\n" + table_settings(game_class(game).name)


def table_settings(game: str) -> str:
    """The players, variants and settings of ``game``, as a Markdown section."""
    chosen = game_class(game)
    lines = ["## At the table", "", f"Players: {chosen.players[0]} to {chosen.players[-1]}."]
    if chosen.variants:
        lines += ["", "Variants (`homegame play --variant NAME`):", ""]
        lines += [f"- `{name}` ({variant.label}): {variant.help}"
                  for name, variant in chosen.variants.items()]
    if chosen.settings:
        lines += ["", "Settings (`homegame play --set NAME=VALUE`):", ""]
        described = chosen.settings_json()
        lines += [f"- `{name}` (default {setting.default if setting.default != '' else 'none'}; "
                  f"{setting.values}{_counts(described[name])}{_only_under(chosen, setting)}): {setting.help}"
                  for name, setting in chosen.settings.items()]
    return "\n".join(lines)


def _counts(described: dict[str, Any]) -> str:
    """Where a setting counts, for one tied to a variant (see ``Game.variant_settings``).

    >>> _counts({"only_with": "lowball", "only_without": None})
    '; only with `lowball`'
    >>> _counts({"only_with": None, "only_without": "ante"})
    '; not with `ante`'
    """
    if described["only_with"]:
        return f"; only with `{described['only_with']}`"
    return f"; not with `{described['only_without']}`" if described["only_without"] else ""


def _only_under(chosen: type[Game], setting: Setting) -> str:
    """``; counts only when `limit` is `fixed```, for a setting only some betting structures count."""
    if not setting.structures:
        return ""
    values = listed([f"`{structure}`" for structure in setting.structures], "or")
    return f"; counts only when `{chosen.structure_setting}` is {values}"


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
    parser.add_argument("game", help=f"the game: {', '.join(sorted(GAMES))}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = rules_text(args.game)
    except ValueError as error:
        print(f"homegame rules: {error}", file=sys.stderr)
        return 2
    show_markdown(text)
    return 0
