"""One seat of a game as a Gymnasium environment, the other seats played by bots or a policy.

``single_agent("draw", players=2, opponents="best")`` is a ``gymnasium.Env`` in which a learner
plays one seat. Its observation is the seat's encoded view (a flat ``float32`` array, see
``docs/agents.md``), its action an index of the game's encoding, and the legal indices come as a
mask three ways: ``info["action_mask"]`` after ``reset`` and ``step``, the method
``action_masks()`` (which sb3-contrib's MaskablePPO calls), and :meth:`SingleAgentEnv.legal`.

- **Opponents**: ``"random"``, any bot of the game by name (``"best"``, ``"heuristic"``,
  ``"search:200"``, the fixed policies ``"always-call"``...), a :class:`~homegame.bots.Bot`, or a
  policy ``f(observation, action_mask) -> index`` (self-play with a learned policy); or a list of
  these, one for each other seat, clockwise from the learner. Bots play the engine's actions
  themselves, so every bet a bot makes is played at the size it chose, whether or not an index
  names it.
- **The seat**: ``seat=None`` (the default) seats the learner at random for each episode, and the
  dealer is drawn at random for each deal; ``seat=k`` keeps it at seat ``k``.
- **Episodes**: one deal (``deals=1``, the default), or a match of up to ``deals`` deals with
  the stacks carried from deal to deal (and whatever a deal leaves to the next: a carried pot,
  fantasyland), the dealer moving round; a match ends early when the learner or every opponent is
  out of chips. The reward is the learner's result in the game's unit (Papayoo's points taken,
  negated) at the step that ends a deal.
- **Observations**: ``scale_chips=True`` gives chip counts (and rewards) as fractions of the
  starting stack; ``canonical=True`` lists the learner's cards high to low, so that a discard
  names the same cards whatever order they were dealt in.

Seeding is Gymnasium's: ``reset(seed=s)`` starts the table's random source again (the deals, the
seats and the opponents' choices), ``reset()`` goes on with it.

>>> table = single_agent("draw", players=2, opponents="best", seat=0)
>>> observation, info = table.reset(seed=1)
>>> observation.shape, info["action_mask"].dtype, int(table.action_space.n)
((436,), dtype('bool'), 38)
>>> observation, reward, terminated, truncated, info = table.step(1)  # check or call
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from homegame.agents.encoding import Encoding, Observation
from homegame.agents.table import BotOpponent, LearnerTable, Opponent, PolicyOpponent, RandomOpponent
from homegame.bots import Bot, make_bot
from homegame.engine import Game
from homegame.games import new_game

__all__ = ["OpponentSpec", "SingleAgentEnv", "opponents_for", "single_agent"]

OpponentSpec = str | Bot | Callable[[Observation, np.ndarray], int]
"""An opponent: a bot's name, a bot, or a policy (observation, action mask) -> index."""


def single_agent(game: str | Game, *, players: int | None = None, variants: Sequence[str] = (),
                 opponents: OpponentSpec | Sequence[OpponentSpec] = "random", seat: int | None = None,
                 deals: int = 1, scale_chips: bool = False, canonical: bool = False,
                 render_mode: str | None = None, **settings: Any) -> SingleAgentEnv:
    """The game ``game`` (a name, configured by ``players``, ``variants`` and ``settings``, or a
    configured :class:`~homegame.engine.Game`) with one learner seat: see the module."""
    if isinstance(game, str):
        from homegame.games import GAMES

        game = new_game(game, players=players or max(2, GAMES[game].players[0]), variants=variants,
                        **settings)
    elif players is not None or variants or settings:
        raise ValueError("a configured game takes no players, variants or settings: configure it first")
    return SingleAgentEnv(game, opponents=opponents, seat=seat, deals=deals, scale_chips=scale_chips,
                          canonical=canonical, render_mode=render_mode)


def opponents_for(game: Game, spec: OpponentSpec | Sequence[OpponentSpec],
                  encoding: Encoding[Any]) -> list[Opponent]:
    """The table's opponents from ``spec`` (one for every other seat, or a list of them)."""
    count = game.player_count - 1
    specs: list[OpponentSpec] = list(spec) if isinstance(spec, list | tuple) else [spec] * count  # type: ignore[list-item]
    if len(specs) != count:
        raise ValueError(f"{game.player_count} seats take {count} opponents, not {len(specs)}")
    return [_opponent(game, one, encoding) for one in specs]


def _opponent(game: Game, spec: OpponentSpec, encoding: Encoding[Any]) -> Opponent:
    if isinstance(spec, str):
        return RandomOpponent() if spec == "random" else BotOpponent(make_bot(game.name, spec), seeded=True)
    if isinstance(spec, Bot):
        return BotOpponent(spec, seeded=False)
    if callable(spec):
        return PolicyOpponent(spec, encoding)
    raise ValueError(f"an opponent is a bot's name, a bot or a policy, not {spec!r}")


class SingleAgentEnv(gymnasium.Env[Observation, Any]):
    """A game with one learner seat (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: Game, *, opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
                 seat: int | None = None, deals: int = 1, scale_chips: bool = False,
                 canonical: bool = False, render_mode: str | None = None) -> None:
        from homegame.agents import encoding_for

        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.encoding = encoding_for(game, scale_chips=scale_chips, canonical=canonical)
        self.table = LearnerTable(game, self.encoding, opponents_for(game, opponents, self.encoding),
                                  seat=seat, deals=deals, scale=self.encoding.chip_scale)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoding.layout.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.actions)
        low, high = self.encoding.utility_range()
        self.reward_range = (low * self.encoding.chip_scale * deals, high * self.encoding.chip_scale * deals)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed)
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        reward = self.table.step(action)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self.table.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal indices now, as booleans (all false once the episode is over)."""
        return self.table.legal().mask.astype(bool)

    def legal(self) -> list[int]:
        """The legal indices now, in order."""
        return list(self.table.legal().indices)

    def _observe(self) -> Observation:
        return self.table.observe()

    def _info(self) -> dict[str, Any]:
        table = self.table
        return {"action_mask": self.action_masks(), "seat": table.learner, "deals": table.played}

    def render(self) -> str | None:
        """The table as the learner sees it, in text."""
        from homegame.render import render_view

        if self.render_mode is None:
            return None
        text = "\n".join(render_view(self.table.view()))
        if self.render_mode == "human":
            print(text)
            return None
        return text
