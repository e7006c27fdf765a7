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

from homegame.agents.encoding import Encoding, IllegalIndex, Mask
from homegame.engine import ActionSet, Game, GameState, View

__all__ = ["HomegameEnv"]

_INDEX = (int, np.integer)


class HomegameEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's classes are not typed for mypy
    """One game at one table as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "homegame",
                                "is_parallelizable": False}

    def __init__(self, game: Game, *, render_mode: str | None = None) -> None:
        from homegame.agents import encoding_for

        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.encoding: Encoding[Any] = encoding_for(game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"homegame_{game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.player_count)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.layout.size
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoding.actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoding.actions) for agent in self.possible_agents}
        self._random = random.Random()
        self.state: GameState[Any] | None = None
        self._turn: tuple[int, View, ActionSet, Mask] | None = None
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]  # last() and step() then say to reset first

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode -----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if seed is not None:
            self._random = random.Random(seed)
        options = options or {}
        players = self.game.player_count
        dealer = options.get("dealer", self._random.randrange(players))
        self.state = self.game.deal(seed=self._random.getrandbits(64), dealer=dealer,
                                    deck=options.get("deck"), stacks=options.get("stacks"),
                                    carry=options.get("carry"))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._turn = None
        self.agent_selection = self.possible_agents[min(self.state.to_act)]

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._live_state()
        seat = self._seats.get(agent)
        if seat is None:
            raise KeyError(f"no agent called {agent!r}; the agents are {', '.join(self.possible_agents)}")
        if agent == self.agent_selection and not state.is_over:
            _, view, _, legal = self._acting()
            mask = legal.copy()
        else:
            view = state.view(seat)
            mask = np.zeros(self.encoding.actions, np.int8)
        return {"observation": self.encoding.observe(view), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._live_agents()
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        self._live_agents()
        agent = self.agent_selection
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = int(action)  # a 0-d array, as some learning libraries pass an index
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        seat, view, actions, legal = self._acting()
        if not isinstance(action, _INDEX) or isinstance(action, bool) \
                or not 0 <= action < len(legal) or not legal[action]:
            allowed = np.flatnonzero(legal).tolist()
            listed = ", ".join(map(str, allowed[:12])) + (", ..." if len(allowed) > 12 else "")
            raise IllegalIndex(f"{agent} may take one of the indices {listed}, not {action!r} "
                               f"({self._describe(action)})")
        state.apply(seat, self.encoding.decode(view, actions, int(action), checked=True))
        self._turn = None
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            self._finish(state)
        else:
            self.agent_selection = self.possible_agents[min(state.to_act)]
        if self.render_mode == "human":
            self.render()

    def _finish(self, state: GameState[Any]) -> None:
        sign = -1.0 if self.game.score_is_penalty else 1.0
        outcome = state.outcome
        self.rewards = {agent: sign * outcome[seat] for agent, seat in self._seats.items()}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()

    def _acting(self) -> tuple[int, View, ActionSet, Mask]:
        """The seat to act, its view, its legal actions and their mask, worked out once per turn."""
        if self._turn is None:
            state = self._live_state()
            seat = self._seats[self.agent_selection]
            view, actions = state.view(seat), state.legal_actions(seat)
            self._turn = seat, view, actions, self.encoding.legal_mask(view, actions)
        return self._turn

    def _live_agents(self) -> None:
        self._live_state()
        if not self.agents:
            raise RuntimeError("the deal is over and every agent is done: call reset() for the next deal")

    def _live_state(self) -> GameState[Any]:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _describe(self, action: Any) -> str:
        try:
            return self.encoding.describe(action)
        except IllegalIndex as error:
            return str(error)

    # -- showing it ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table in text, as the seat to act sees it (a spectator's view once the deal is over):
        returned with ``render_mode="ansi"``, printed with ``"human"``."""
        from homegame.cli.render import render_view

        if self.render_mode is None:
            return None
        state = self._live_state()
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
