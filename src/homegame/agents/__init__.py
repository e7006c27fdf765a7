"""Agents: every game as a PettingZoo environment and as an OpenSpiel game.

``homegame.agents.env(name, players=N, variants=[...], **settings)`` is a PettingZoo AEC
environment of the game in PettingZoo's standard wrappers, and ``raw_env(...)`` the same bare
(``pip install 'homegame[agents]'``); importing
:mod:`homegame.agents.openspiel` registers every game with OpenSpiel as ``homegame_<name>``
(``pip install 'homegame[openspiel]'``). Both read the game through its :class:`Encoding`
(:func:`encoding_for`): an observation built from a seat's view and nothing else, and a fixed,
documented index for every action, the same in both. ``docs/agents.md`` lists every encoding.

>>> import homegame
>>> encoding = encoding_for(homegame.new_game("chinese", players=2))
>>> encoding.actions, encoding.describe(72072)
(72078, 'declare dragon')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from homegame.agents.encoding import Encoding, IllegalIndex
from homegame.engine import Game

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from homegame.agents.environment import HomegameEnv
    from homegame.agents.single import OpponentSpec, SingleAgentEnv

__all__ = ["Encoding", "IllegalIndex", "encoding_for", "env", "learned_policy", "raw_env", "single_agent"]


def encoding_for(game: Game, *, scale_chips: bool = False, canonical: bool = False) -> Encoding[Any]:
    """The encoding of a configured game; ``scale_chips`` and ``canonical`` as
    :mod:`homegame.agents.encoding` says."""
    from homegame.agents.encodings import ENCODINGS

    return ENCODINGS[game.name](game, scale_chips=scale_chips, canonical=canonical)


def raw_env(name: str, players: int, variants: tuple[str, ...] | list[str] = (), *,
            render_mode: str | None = None, **settings: Any) -> HomegameEnv:
    """The bare PettingZoo AEC environment of the game ``name`` (see
    :mod:`homegame.agents.environment`)."""
    from homegame.agents.environment import raw_env

    return raw_env(name, players, variants, render_mode=render_mode, **settings)


def env(name: str, players: int, variants: tuple[str, ...] | list[str] = (), *,
        render_mode: str | None = None, illegal_reward: float | None = None,
        **settings: Any) -> AECEnv:
    """The PettingZoo AEC environment of the game ``name`` in PettingZoo's standard wrappers (see
    :mod:`homegame.agents.environment`)."""
    from homegame.agents.environment import env

    return env(name, players, variants, render_mode=render_mode, illegal_reward=illegal_reward,
               **settings)


def single_agent(game: str | Game, *, players: int | None = None, variants: Sequence[str] = (),
                 opponents: OpponentSpec | Sequence[OpponentSpec] = "random", seat: int | None = None,
                 deals: int = 1, scale_chips: bool = False, canonical: bool = False,
                 render_mode: str | None = None, **settings: Any) -> SingleAgentEnv:
    """One seat of the game as a Gymnasium environment, the others played by ``opponents`` (see
    :mod:`homegame.agents.single`)."""
    from homegame.agents.single import single_agent

    return single_agent(game, players=players, variants=variants, opponents=opponents, seat=seat,
                        deals=deals, scale_chips=scale_chips, canonical=canonical,
                        render_mode=render_mode, **settings)


def learned_policy(function: Any = None, *, scale_chips: bool = False, canonical: bool = False) -> Any:
    """A policy function (observation, action mask) -> index made into a player the tournament
    and the tables seat (see :mod:`homegame.agents.policy`); a decorator, with or without options."""
    from homegame.agents.policy import learned_policy

    return learned_policy(function, scale_chips=scale_chips, canonical=canonical)
