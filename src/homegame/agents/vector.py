"""Many tables of one game stepped together, for learners that batch: observations, action masks,
rewards and ends as numpy arrays with one row per table, and each table whose episode ends
dealt its next episode in place.

:func:`vector_env` is the single-agent form, Gymnasium's vector API (``gymnasium.vector.VectorEnv``):
``num_envs`` tables of :mod:`homegame.agents.single` (one learner seat, the opponents played by
bots or a policy), stepped with one action index per table.

- ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (a list gives each table its seed), as
  Gymnasium's own vector environments do; it returns the observations, shape ``(num_envs, size)``,
  and ``infos["action_mask"]``, shape ``(num_envs, actions)``, booleans.
- ``step(actions)`` takes one index per table and returns the observations, the rewards, the
  terminations, the truncations (never: an episode here ends by the rules) and the infos, with
  the masks. Autoreset is Gymnasium's *same step* mode (``metadata["autoreset_mode"]``): where a
  table's episode ends, its reward and termination are that episode's, and its observation and
  mask already the next episode's. The final observation of an ended episode is in
  ``infos["final_obs"]`` (with ``infos["_final_obs"]`` marking the tables) only when asked for
  with ``final_observations=True``: a learner does not need it, since no episode is truncated.
- The arrays returned are the environment's own, overwritten by the next step (copy what you
  keep), as Gymnasium's vector environments allow.

The tables are :class:`~homegame.agents.table.LearnerTable` s stepped by a compiled loop, so a
table steps exactly as one :func:`~homegame.agents.single_agent` environment does: the same
seeds and actions give the same observations, masks, rewards and ends
(``tests/test_agents_vector.py`` holds them to it).

:class:`SelfPlay` is the multi-agent form: every seat of every table is the learner's, as in
PettingZoo's AEC environments but batched. At each step every table has one seat to act
(``seats``, shape ``(num_envs,)``), its observation and mask; ``step(actions)`` plays each
table's index for that seat and returns the rewards of every seat of every table, shape
``(num_envs, players)`` (non-zero at the step that ends a deal, which also ends the episode and
deals the next one in place) and the terminations. A learner keeps one policy, or one per seat,
and reads each table's seat to know whose turn it fed.

>>> tables = vector_env("draw", num_envs=8, players=2, opponents="random")
>>> observations, infos = tables.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((8, 436), (8, 38))
>>> import numpy as np
>>> actions = np.array([np.flatnonzero(mask)[0] for mask in infos["action_mask"]])
>>> observations, rewards, terminations, truncations, infos = tables.step(actions)
>>> rewards.shape, terminations.dtype
((8,), dtype('bool'))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from homegame.agents.encoding import Encoding, IllegalIndex, Legal, Observation, is_index
from homegame.agents.single import OpponentSpec, opponents_for
from homegame.agents.table import LearnerTable, TableBatch
from homegame.engine import Action, Game, GameState, View
from homegame.games import GAMES, new_game

__all__ = ["SelfPlay", "SingleAgentVectorEnv", "vector_env"]


def _configured(game: str | Game, players: int | None, variants: Sequence[str],
                settings: dict[str, Any]) -> Game:
    if isinstance(game, str):
        return new_game(game, players=players or max(2, GAMES[game].players[0]), variants=variants,
                        **settings)
    if players is not None or variants or settings:
        raise ValueError("a configured game takes no players, variants or settings: configure it first")
    return game


def vector_env(game: str | Game, num_envs: int, *, players: int | None = None,
               variants: Sequence[str] = (), opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
               seat: int | None = None, deals: int = 1, scale_chips: bool = False, canonical: bool = False,
               final_observations: bool = False, **settings: Any) -> SingleAgentVectorEnv:
    """``num_envs`` single-agent tables of ``game`` (see the module and
    :func:`~homegame.agents.single_agent` for the options)."""
    return SingleAgentVectorEnv(_configured(game, players, variants, settings), num_envs,
                                opponents=opponents, seat=seat, deals=deals, scale_chips=scale_chips,
                                canonical=canonical, final_observations=final_observations)


class SingleAgentVectorEnv(gymnasium.vector.VectorEnv):
    """Gymnasium's vector API over :class:`~homegame.agents.table.TableBatch` (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: Game, num_envs: int, *,
                 opponents: OpponentSpec | Sequence[OpponentSpec] = "random", seat: int | None = None,
                 deals: int = 1, scale_chips: bool = False, canonical: bool = False,
                 final_observations: bool = False) -> None:
        from homegame.agents import encoding_for

        if num_envs < 1:
            raise ValueError(f"a vector environment holds one table or more, not {num_envs}")
        self.game, self.num_envs = game, num_envs
        self.encoding = encoding_for(game, scale_chips=scale_chips, canonical=canonical)
        tables = [LearnerTable(game, self.encoding, opponents_for(game, opponents, self.encoding),
                               seat=seat, deals=deals, scale=self.encoding.chip_scale)
                  for _ in range(num_envs)]
        self.batch = TableBatch(tables, final_observations=final_observations)
        size, actions = self.encoding.layout.size, self.encoding.actions
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        self._truncations = np.zeros(num_envs, np.bool_)
        self._started = False

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + row for row in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} tables take {self.num_envs} seeds, not {len(seeds)}")
        self.batch.reset(seeds)
        self._started = True
        return self.batch.observations, {"action_mask": self.action_masks()}

    def step(self, actions: Any) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalIndex(f"a step takes one integer index per table, shape ({self.num_envs},), "
                               f"not {chosen.dtype} of shape {chosen.shape}")
        self.batch.step(chosen.tolist())
        batch = self.batch
        infos: dict[str, Any] = {"action_mask": self.action_masks()}
        if batch.final_observations and batch.finals:
            final = np.empty(self.num_envs, dtype=object)
            marked = np.zeros(self.num_envs, np.bool_)
            for row, observation in batch.finals:
                final[row], marked[row] = observation, True
            infos["final_obs"], infos["_final_obs"] = final, marked
        return batch.observations, batch.rewards, batch.terminated, self._truncations, infos

    def action_masks(self) -> np.ndarray:
        """Every table's legal indices now, as booleans, shape ``(num_envs, actions)``."""
        return self.batch.masks.view(np.bool_)

    def close_extras(self, **kwargs: Any) -> None:
        self._started = False


class SelfPlay:
    """The multi-agent form: ``num_envs`` tables of ``game``, every seat played by the caller (see
    the module's docstring).

    >>> tables = SelfPlay(new_game("soko", players=3), num_envs=4)
    >>> observations, masks, seats = tables.reset(seed=0)
    >>> observations.shape, masks.shape, seats.tolist()
    ((4, 387), (4, 6), [2, 1, 2, 1])
    >>> actions = np.array([np.flatnonzero(mask)[0] for mask in masks])
    >>> observations, masks, seats, rewards, terminations = tables.step(actions)
    >>> rewards.shape
    (4, 3)
    """

    def __init__(self, game: Game, num_envs: int, *, scale_chips: bool = False,
                 canonical: bool = False) -> None:
        from homegame.agents import encoding_for

        if num_envs < 1:
            raise ValueError(f"a vector environment holds one table or more, not {num_envs}")
        self.game, self.num_envs = game, num_envs
        self.encoding: Encoding[Any] = encoding_for(game, scale_chips=scale_chips, canonical=canonical)
        players = game.player_count
        size, actions = self.encoding.layout.size, self.encoding.actions
        self.observations = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, actions), np.bool_)
        self.seats = np.zeros(num_envs, np.int64)
        self.rewards = np.zeros((num_envs, players), np.float64)
        self.terminations = np.zeros(num_envs, np.bool_)
        self._sign = -self.encoding.chip_scale if game.score_is_penalty else self.encoding.chip_scale
        self._randoms = [random.Random() for _ in range(num_envs)]
        self._states: list[GameState[Any] | None] = [None] * num_envs
        self._turns: list[tuple[int, View, Any, Legal] | None] = [None] * num_envs

    def reset(self, seed: int | None = None) -> tuple[Observation, np.ndarray, np.ndarray]:
        """Deal at every table (table ``i`` seeded ``seed + i``): the observations, masks and
        seats to act."""
        for row in range(self.num_envs):
            if seed is not None:
                self._randoms[row].seed(seed + row)
            self._deal(row)
        self.rewards[:] = 0.0
        self.terminations[:] = False
        return self.observations, self.masks, self.seats

    def _deal(self, row: int) -> None:
        chooser = self._randoms[row]
        self._states[row] = self.game.deal(seed=chooser.getrandbits(64),
                                           dealer=chooser.randrange(self.game.player_count))
        self._write(row)

    def _write(self, row: int) -> None:
        state = self._states[row]
        assert state is not None
        seat = min(state.to_act)
        view, legal = state.view(seat), state.legal_actions(seat)
        allowed = self.encoding.legal(view, legal)
        self._turns[row] = seat, view, legal, allowed
        self.encoding.observe_into(view, self.observations[row])
        self.masks[row] = allowed.mask
        self.seats[row] = seat

    def step(self, actions: Any) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play each table's index for its seat to act: the observations, masks and seats of the
        next turn at every table, and each table's rewards (one per seat) and termination."""
        chosen = np.asarray(actions).tolist()
        if len(chosen) != self.num_envs:
            raise IllegalIndex(f"a step takes one index per table ({self.num_envs}), not {len(chosen)}")
        self.rewards[:] = 0.0
        for row, index in enumerate(chosen):
            state, turn = self._states[row], self._turns[row]
            if state is None or turn is None:
                raise RuntimeError("call reset() before step()")
            seat, view, legal, allowed = turn
            if not is_index(index) or not allowed.allows(int(index)):
                raise IllegalIndex(f"table {row}: seat {seat} may take one of the indices "
                                   f"{', '.join(map(str, allowed.indices[:12]))}, not {index!r}")
            action: Action = self.encoding.decode(view, legal, int(index), checked=True)
            state.apply(seat, action)
            over = state.is_over
            self.terminations[row] = over
            if over:
                outcome = state.outcome
                self.rewards[row] = [self._sign * outcome[s] for s in range(self.game.player_count)]
                self._deal(row)
            else:
                self._write(row)
        return self.observations, self.masks, self.seats, self.rewards, self.terminations
