"""Every game's encoding, found by game name: each module here lists ``ENCODINGS``.

>>> import homegame
>>> sorted(ENCODINGS) == sorted(homegame.GAMES)
True
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from homegame.agents.encoding import Encoding

__all__ = ["ENCODINGS"]


def _discover() -> dict[str, type[Encoding[Any]]]:
    found: dict[str, type[Encoding[Any]]] = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        for encoding in getattr(importlib.import_module(f"{__name__}.{module}"), "ENCODINGS", ()):
            found.update(dict.fromkeys(encoding.game_names, encoding))
    return found


ENCODINGS: dict[str, type[Encoding[Any]]] = _discover()
"""The encoding class of every game, by the game's name."""
