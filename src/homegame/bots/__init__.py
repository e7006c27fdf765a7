"""Bots: players that see only what their seat may see.

A bot is asked for an action with the seat's view and its legal actions, never the state, so a bot
can sit at any face (terminal, web room, simulation) exactly as a person would.

>>> import homegame
>>> from homegame.engine import ActionSet, Choices, Action
>>> bot = RandomBot(seed=1)
>>> bot.act(None, ActionSet(Choices([Action("fold"), Action("call", amount=2)]))) in (
...     Action("fold"), Action("call", amount=2))
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from homegame.engine import Action, ActionSet

__all__ = ["Bot", "RandomBot"]


class Bot(ABC):
    """Chooses an action for one seat from that seat's view and legal actions."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    @abstractmethod
    def act(self, view: Any, legal: ActionSet) -> Action:
        """One of ``legal``, chosen by looking only at ``view``."""


class RandomBot(Bot):
    """Takes any legal action, uniformly: the baseline every other bot must beat."""

    name = "random"

    def act(self, view: Any, legal: ActionSet) -> Action:
        return legal[self.random.randrange(len(legal))]
