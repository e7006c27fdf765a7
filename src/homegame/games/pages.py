"""A game's whole rules text: its page in the project's words (:func:`rules_page`), then the
table's players, variants and settings worked out from the game itself, so that no page keeps a
list of them by hand and the terminal and the browser say the same.

>>> print(table_settings("whiskey", commands=False).splitlines()[0])
## At the table
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homegame.games import game_class, rules_page
from homegame.wording import listed

if TYPE_CHECKING:
    from homegame.engine import Game, Setting

__all__ = ["rules_text", "table_settings"]


def rules_text(game: str, *, commands: bool = True) -> str:
    """The rules of ``game`` in the project's words, followed by its variants and settings
    (``commands``: with the options of ``homegame play`` that choose them)."""
    return rules_page(game) + "\n\n" + table_settings(game_class(game).name, commands=commands)


def table_settings(game: str, *, commands: bool = True) -> str:
    """The players, variants and settings of ``game``, as a Markdown section."""
    chosen = game_class(game)
    lines = ["## At the table", "", f"Players: {chosen.players[0]} to {chosen.players[-1]}."]
    if chosen.variants:
        lines += ["", "Variants (`homegame play --variant NAME`):" if commands else "Variants:", ""]
        lines += [f"- `{name}` ({variant.label}): {variant.help}"
                  for name, variant in chosen.variants.items()]
    if chosen.settings:
        lines += ["", "Settings (`homegame play --set NAME=VALUE`):" if commands else "Settings:", ""]
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
