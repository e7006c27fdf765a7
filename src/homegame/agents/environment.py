"""Every game as a PettingZoo AEC environment: one episode is one deal.

As PettingZoo's own environments, each game comes in two forms: :func:`raw_env` is the bare
environment, and :func:`env` the same wrapped in PettingZoo's three standard wrappers
(``TerminateIllegalWrapper``, which ends the deal on an illegal index with ``illegal_reward`` for
the seat that chose it, ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``).

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
deck (to replay a deal); other keys are ignored, as Gymnasium's environments ignore them. In the
bare environment an index that is not legal raises :class:`~homegame.agents.IllegalIndex` and
changes nothing. The deal being played is ``game_state`` (the engine's state, for tests and tools);
``state()`` is PettingZoo's global state for a centralised critic: every seat's observation, in seat
order, one after another (``state_space``).

>>> from homegame.agents import raw_env
>>> table = raw_env("pineapple", players=3)
>>> table.reset(seed=7)
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()), table.agent_selection
((603,), 3, 'player_1')
>>> table.state().shape == table.state_space.shape == (3 * 603,)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from homegame.agents.aec import EnvironmentCore, begin, live_state, mirror
from homegame.agents.encoding import Observation
from homegame.engine import Game
from homegame.games import new_game

__all__ = ["ActionIndices", "HomegameEnv", "env", "raw_env"]


def raw_env(name: str, players: int, variants: tuple[str, ...] | list[str] = (), *,
            render_mode: str | None = None, **settings: Any) -> HomegameEnv:
    """The bare environment of the game ``name`` at a table of ``players`` (see the module)."""
    return HomegameEnv(new_game(name, players=players, variants=variants, **settings),
                       render_mode=render_mode)


def env(name: str, players: int, variants: tuple[str, ...] | list[str] = (), *,
        render_mode: str | None = None, illegal_reward: float | None = None,
        **settings: Any) -> AECEnv:
    """:func:`raw_env` in PettingZoo's three standard wrappers, as PettingZoo's own ``env()``
    wraps its environments. An illegal index ends the deal, the seat that chose it getting
    ``illegal_reward`` (by default the most a seat can lose in a deal) and the others 0.

    >>> table = env("draw", players=2)
    >>> table.reset(seed=1)
    >>> type(table).__name__, type(table.unwrapped).__name__
    ('OrderEnforcingWrapper', 'HomegameEnv')
    """
    bare = raw_env(name, players, variants, render_mode=render_mode, **settings)
    if illegal_reward is None:
        illegal_reward = bare.encoding.utility_range()[0]
    terminating = wrappers.TerminateIllegalWrapper(bare, illegal_reward=illegal_reward)
    bounded = wrappers.AssertOutOfBoundsWrapper(terminating)
    ordered = wrappers.OrderEnforcingWrapper(bounded)
    bare.mirrors = (terminating, bounded, ordered)
    return ordered


class ActionIndices(spaces.Discrete):
    """Gymnasium's ``Discrete`` space of the action indices, telling a plain ``int`` in range at
    once (``AssertOutOfBoundsWrapper`` asks at every step; the general test makes numpy integers)."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return bool(0 <= x < self.n)
        return super().contains(x)


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
        indices = ActionIndices(self.encoding.actions)
        self.action_spaces = {agent: indices for agent in self.possible_agents}
        self.state_space = spaces.Box(-np.inf, np.inf, (game.player_count * size,), np.float32)
        self._random = random.Random()

    def __getstate__(self) -> dict[str, Any]:
        # Compiled, the state copy and pickle take from the base class holds its compiled fields
        # only: this class's own (its spaces and random source) are added to it.
        return {**super().__getstate__(), **vars(self)}

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

    def state(self) -> Observation:
        """The global state, for a centralised critic: every seat's observation now, in seat
        order, one after another (so it shows every hand the seats hold, and nothing of the stock)."""
        state = live_state(self)
        return np.concatenate([self.encoding.observe_state(state, seat)
                               for seat in range(self.game.player_count)])

    # PettingZoo's helpers that TerminateIllegalWrapper calls on an illegal index replace the
    # episode's fields: the wrappers get them afresh.

    def _deads_step_first(self) -> str:
        selected: str = super()._deads_step_first()
        mirror(self)
        return selected

    def _was_dead_step(self, action: Any) -> None:
        super()._was_dead_step(action)
        mirror(self)

    # -- showing it ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table in text, as the seat to act sees it (a spectator's view once the deal is over):
        returned with ``render_mode="ansi"``, printed with ``"human"``."""
        from homegame.render import render_view

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
        self.game_state = None
        self._turn = None

    def __str__(self) -> str:
        return str(self.metadata["name"])
