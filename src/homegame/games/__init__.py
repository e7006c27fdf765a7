"""The registry of games: every module here that lists ``GAMES`` (its Game classes) is a game.

>>> import homegame
>>> sorted(homegame.GAMES) == sorted(GAMES)
True
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from homegame.engine import Game, GameError, GameState, History
from homegame.engine.replay import replay as _replay
from homegame.errors import shown

__all__ = ["GAMES", "family_of", "game_class", "new_game", "replay", "rules_page"]


def _discover() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")):
        for game in getattr(importlib.import_module(f"{__name__}.{module}"), "GAMES", ()):
            found[game.name] = game
    return found


GAMES: Mapping[str, type[Game]] = _discover()
"""Every game by name: each value tells its ``title``, ``players`` range and ``variants``."""


def game_class(name: object) -> type[Game]:
    """The game called ``name`` (hyphens or underscores, any case)."""
    key = name.strip().lower().replace("-", "_") if isinstance(name, str) else ""
    if key not in GAMES:
        raise GameError(f"no game called {shown(name)}; games: {', '.join(sorted(GAMES))}")
    return GAMES[key]


def family_of(name: str) -> str:
    """The module a game lives in (``crazy_pineapple`` -> ``pineapple``): bots, renderers and rules
    texts for a game are found under this name when there is none under the game's own."""
    module = game_class(name).__module__
    return module.removeprefix(f"{__name__}.").split(".")[0]


def rules_page(name: str) -> str:
    """The rules of the game called ``name``, in the project's words, as Markdown (shared by the
    game family: the Pineapples have one page)."""
    chosen = game_class(name)
    folder = resources.files(__name__) / "rules"
    for page_name in dict.fromkeys((chosen.name, family_of(chosen.name))):
        page = folder / f"{page_name}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8").rstrip()
    raise GameError(f"no rules are written for {chosen.title} yet")


def new_game(name: object, players: int, variants: Iterable[str] = (), **settings: Any) -> Game:
    """A game configured for a table: ``new_game("draw", players=4, variants=["lowball"])``."""
    return game_class(name)(players=players, variants=variants, **settings)


def replay(history: History | dict[str, Any] | str) -> GameState[Any]:
    """Replay a recorded hand and check that it comes out the same (see engine.replay)."""
    return _replay(history, new_game)
