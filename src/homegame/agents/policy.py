"""A learned policy seated as a bot: at a tournament, at a table, against the project's bots.

A policy is a function ``policy(observation, action_mask) -> index`` over a game's encoding.
:func:`learned_policy` gives a function the encoding options it was trained with and the method
``as_bot(game)``, which is what the rest of homegame seats (``homegame tournament --policy
module:name`` reads any object that has it, a :class:`~homegame.agents.train.MaskedPolicy` among
them); the bot it makes sees its seat's view, as every bot does, encodes it, and plays the index
the policy picks.

>>> import numpy as np
>>> import homegame
>>> @learned_policy
... def first_legal(observation, action_mask):
...     return int(np.flatnonzero(action_mask)[0])
>>> bot = first_legal.as_bot(homegame.new_game("draw", players=2))
>>> state = homegame.new_game("draw", players=2).deal(seed=1)
>>> seat = state.to_act[0]
>>> bot.act(state.view(seat), state.legal_actions(seat))
check
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.agents.encoding import Encoding, IllegalIndex, is_index
from homegame.bots import Bot
from homegame.engine import Action, ActionSet, Game

__all__ = ["LearnedPolicy", "PolicyBot", "learned_policy"]


class LearnedPolicy:
    """A policy function with the encoding options it expects (see the module's docstring)."""

    def __init__(self, function: Callable[[npt.NDArray[Any], npt.NDArray[Any]], int], *,
                 scale_chips: bool = False, canonical: bool = False) -> None:
        self.function = function
        self.observation_options = {"scale_chips": scale_chips, "canonical": canonical}

    def __call__(self, observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> int:
        return self.function(observation, action_mask)

    def as_bot(self, game: Game, seed: int | None = None) -> PolicyBot:
        """The policy as a bot of ``game``."""
        return PolicyBot(game, self, seed=seed, **self.observation_options)


def learned_policy(function: Callable[[npt.NDArray[Any], npt.NDArray[Any]], int] | None = None, *,
                   scale_chips: bool = False, canonical: bool = False) -> Any:
    """``function`` as a :class:`LearnedPolicy` (usable as a decorator, with or without options)."""
    if function is None:
        return lambda inner: LearnedPolicy(inner, scale_chips=scale_chips, canonical=canonical)
    return LearnedPolicy(function, scale_chips=scale_chips, canonical=canonical)


class PolicyBot(Bot):
    """A bot that plays a policy over the game's encoding, from its seat's view."""

    name = "policy"

    def __init__(self, game: Game, policy: Callable[[npt.NDArray[Any], npt.NDArray[Any]], int], *,
                 seed: int | None = None, scale_chips: bool = False, canonical: bool = False) -> None:
        from homegame.agents import encoding_for

        super().__init__(seed)
        self.policy = policy
        self.encoding: Encoding[Any] = encoding_for(game, scale_chips=scale_chips, canonical=canonical)

    def act(self, view: Any, legal: ActionSet) -> Action:
        allowed = self.encoding.legal(view, legal)
        index = self.policy(self.encoding.observe(view), allowed.mask.astype(np.bool_))
        if not is_index(index) or not allowed.allows(int(index)):
            raise IllegalIndex(f"the policy chose {index!r}, not one of the legal indices "
                               f"{', '.join(map(str, allowed.indices[:12]))}")
        return self.encoding.decode(view, legal, int(index), checked=True)
