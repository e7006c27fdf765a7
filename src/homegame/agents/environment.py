"""Every game as a PettingZoo AEC environment: one episode is one deal.

The agents are ``player_0`` to ``player_{n-1}``, one per seat. An observation is a dict: a flat
``float32`` ``observation`` built from the seat's view alone (see the game's encoding), and an
``int8`` ``action_mask`` marking the legal action indices (all zero when it is not the agent's
turn). The action space is a ``Discrete`` of the encoding's size. Where several seats choose at the
same time (passing, setting, declaring), they take their turns one after another in seat order,
and no one sees another's choice before the game shows it. Rewards come at the end of the deal:
each seat's result in the game's unit (chips, units, points won; in Papayoo the points taken,
negated), and every agent is then terminated.

Seeding is PettingZoo's: ``reset(seed=s)`` deals the same hand (and the same dealer) for the same
``s``; ``reset()`` without a seed deals the next hand from the same random source.
``reset(options={"dealer": d, "stacks": [...], "carry": {...}, "deck": [...]})`` sets the dealer,
the stacks, what a previous deal left (fantasyland, a carried pot, running totals) and a stacked
deck (to replay a deal); other keys are ignored, as Gymnasium's environments ignore them. An index
that is not legal raises :class:`~homegame.agents.IllegalIndex` and changes nothing.

>>> from homegame.agents import env
>>> table = env("pineapple", players=3)
>>> table.reset(seed=7)
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()), table.agent_selection
((603,), 3, 'player_1')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from homegame.agents.aec import EnvironmentCore, begin, live_state
from homegame.engine import Game

__all__ = ["HomegameEnv"]


class HomegameEnv(EnvironmentCore, AECEnv):  # type: ignore[misc]  # PettingZoo's classes are not typed
    """One game at one table as a PettingZoo AEC environment (see the module's docstring).

    ``observe``, ``last`` and ``step`` are :class:`~homegame.agents.aec.EnvironmentCore`'s (compiled
    in the compiled build); the rest is here."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "homegame",
                                "is_parallelizable": False}

    def __init__(self, game: Game, *, render_mode: str | None = None) -> None:
        from homegame.agents import encoding_for

        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        EnvironmentCore.__init__(self, game, encoding_for(game), render_mode)
        AECEnv.__init__(self)
        self.metadata = {**self.metadata, "name": f"homegame_{game.name}_v0"}
        size = self.encoding.layout.size
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoding.actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoding.actions) for agent in self.possible_agents}
        self._random = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if seed is not None:
            self._random = random.Random(seed)
        options = options or {}
        players = self.game.player_count
        dealer = options.get("dealer", self._random.randrange(players))
        begin(self, self.game.deal(seed=self._random.getrandbits(64), dealer=dealer,
                                   deck=options.get("deck"), stacks=options.get("stacks"),
                                   carry=options.get("carry")))

    # -- showing it ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table in text, as the seat to act sees it (a spectator's view once the deal is over):
        returned with ``render_mode="ansi"``, printed with ``"human"``."""
        from homegame.cli.render import render_view

        if self.render_mode is None:
            return None
        state = live_state(self)
        seat = None if state.is_over else self._seats[self.agent_selection]
        text = "\n".join(render_view(state.view(seat)))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
        self._turn = None

    def __str__(self) -> str:
        return str(self.metadata["name"])
