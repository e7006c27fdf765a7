"""The seat's ``view`` in a ``state``, game by game: where each game puts the seat's cards, and
the JSON Schema of every game's view, as ``docs/views.md`` shows them.

A ``state``'s ``view`` is the engine's ``state.view(seat).to_json()``; its schema is read from
the game's view class (:func:`homegame.engine.schema.json_schema`), so a test that validates
views of dealt hands against it keeps the document, the schema and the engine the same.
``python -m homegame.room.view_schemas`` prints the generated part of the document.

>>> view_schema("draw")["properties"]["hand"]
{'type': 'array', 'items': {'$ref': '#/$defs/card'}}
"""

from __future__ import annotations

import inspect
import json
from typing import Any, Final

from homegame.engine.schema import json_schema
from homegame.games import GAMES, view_class

__all__ = ["OWN_CARDS", "view_schema", "views_markdown"]

OWN_CARDS: Final = {
    "anaconda": ("hand", "the seven cards (five once the hand is shown); what it passes is in `passing` "
                         "until the pass is made"),
    "chinese": ("hand", "the thirteen cards; `my_setting` holds its rows once set"),
    "draw": ("hand", "the five cards"),
    "open_face": ("pending", "the cards dealt and not yet placed; placed cards are in `rows`, by seat"),
    "pai_gow": ("cards", "the seven cards; `placed` holds the setting once made"),
    "paiute": ("hand", "the five cards (six after a draw, until the discard)"),
    "papayoo": ("hand", "the cards still held; `passing` the ones chosen to pass"),
    "pineapple": ("hole", "the three hole cards, two after the discard (`discarded` the one thrown away); "
                          "the board is in `board`"),
    "soko": ("hole", "the one card face down; every seat's face-up cards are in `up_cards`"),
    "whiskey": ("hand", "the five cards; the widow is in `widow` when the seat may see it"),
}
"""Where each game's view puts the seat's own cards (the field, and what it holds), by family."""


def view_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of ``game``'s view: every field required, no other field."""
    return json_schema(view_class(game), title=f"the {game} view")


def views_markdown() -> str:
    """The generated part of ``docs/views.md``: where the cards lie, then each view class once
    (the Pineapple family shares one) with its description and schema."""
    classes: dict[type, list[str]] = {}
    for game in sorted(GAMES):
        classes.setdefault(view_class(game), []).append(game)
    rows = [f"| {', '.join(f'`{g}`' for g in games)} | `{OWN_CARDS[_family(games)][0]}` | "
            f"{OWN_CARDS[_family(games)][1]} |" for games in classes.values()]
    parts = ["## Where the seat's cards are\n", "| game | field | what it holds |", "| --- | --- | --- |",
             *rows, ""]
    for kind, games in classes.items():
        heading = ", ".join(f"`{game}`" for game in games)
        schema = json.dumps(json_schema(kind, title=f"the {games[0]} view"), indent=2)
        parts.append(f"## {heading}\n\n{inspect.getdoc(kind)}\n\n```json\n{schema}\n```\n")
    return "\n".join(parts)


def _family(games: list[str]) -> str:
    return next(game for game in games if game in OWN_CARDS)


if __name__ == "__main__":
    print(views_markdown(), end="")
