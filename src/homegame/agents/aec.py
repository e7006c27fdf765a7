"""The part of :class:`~homegame.agents.environment.HomegameEnv` that runs at every step, compiled.

PettingZoo's ``AECEnv`` is a plain Python class, which a compiled class cannot extend; the
environment extends both :class:`EnvironmentCore` and ``AECEnv`` instead, the core first, so that
``observe``, ``last`` and ``step`` (and the episode's fields they read and write: the state, the
turn, the agents and their rewards, terminations, truncations and infos) are compiled, and
PettingZoo's own helpers (``agent_iter``...) read the same fields. The steps of agents that are
done are the core's too: every agent is done at once when the deal ends, which makes PettingZoo's
general ``_was_dead_step`` a few lines. What runs
once a deal or once a table (``reset``, the spaces, rendering) stays in the environment's module.

PettingZoo's standard wrappers (``env()`` puts three round the bare environment) read every field
of the episode through a chain of ``__getattr__`` calls, one per wrapper, some forty reads a step:
more than the step itself costs. The core therefore keeps the wrappers it knows of (``mirrors``)
holding the episode's fields as their own attributes, written whenever it replaces one, so that a
wrapper finds them at once; the wrappers themselves are PettingZoo's, unchanged. A wrapper gets the
fields at the first ``reset()``, so that before it PettingZoo's order checks still refuse them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from homegame._compile import mypyc_attr
from homegame.agents.encoding import Encoding, IllegalIndex, Legal, is_index
from homegame.engine import ActionSet, Game, GameState

__all__ = ["EnvironmentCore", "acting", "begin", "live_state", "mirror"]


@mypyc_attr(allow_interpreted_subclasses=True)
class EnvironmentCore:
    """The episode of one table and the AEC calls made at every step (see the module's docstring).

    Its helpers are the module's functions, not methods: the environment is a Python subclass, and
    a compiled call to a method of a class open to Python subclasses looks the method up by name
    and calls it through Python every time (``@final`` does not change that), where a call to a
    function is direct."""

    def __init__(self, game: Game, encoding: Encoding[Any], render_mode: str | None) -> None:
        self.game = game
        self.encoding = encoding
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(game.player_count)]
        self._seats: dict[str, int] = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.game_state: GameState[Any] | None = None
        self._turn: tuple[int, Any, ActionSet, Legal] | None = None
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]  # last() and step() then say to reset first
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self._ended_by = self.agent_selection
        self.mirrors: tuple[Any, ...] = ()
        """The wrappers that hold the episode's fields as their own (see the module's docstring)."""
        # last() calls observe() through Python only where a subclass replaces it: a compiled call
        # to a method of a class open to Python subclasses is a lookup by name (see the class).
        self._own_observe = type(self).observe is EnvironmentCore.observe

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of ``agent`` now: its view encoded, and its action mask."""
        return _observe(self, agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation, reward, ends and info."""
        _live_agents(self)
        agent = self.agent_selection
        if not observe:
            observation = None
        elif self._own_observe:
            observation = _observe(self, agent)
        else:
            observation = self.observe(agent)
        return (observation, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        """Take the action index ``action`` for the selected agent (``None`` once it is done)."""
        state = _live_agents(self)
        agent = self.agent_selection
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = int(action)  # a 0-d array, as some learning libraries pass an index
        if self.terminations[agent] or self.truncations[agent]:
            _dead_step(self, action)
            return
        seat, view, actions, legal = acting(self)
        if not is_index(action) or not legal.allows(int(action)):
            allowed = np.flatnonzero(legal.mask).tolist()
            listed = ", ".join(map(str, allowed[:12])) + (", ..." if len(allowed) > 12 else "")
            raise IllegalIndex(f"{agent} may take one of the indices {listed}, not {action!r} "
                               f"({_describe(self.encoding, action)})")
        state.apply(seat, self.encoding.decode(view, actions, int(action), checked=True))
        self._turn = None
        self._cumulative_rewards[agent] = 0.0
        to_act = state.to_act  # read once: the hand is over when no seat is to act
        if not to_act:
            _finish(self, state)
        else:
            self.agent_selection = selected = self.possible_agents[min(to_act)]
            for wrapper in self.mirrors:
                wrapper.agent_selection = selected
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Nothing here: the environment renders."""
        return None


# -- the core's helpers (functions, so that compiled calls to them are direct: see the class) ----

def acting(core: EnvironmentCore) -> tuple[int, Any, ActionSet, Legal]:
    """The seat to act, what the encoding reads of its view (``turn_view``: the view, or the few
    fields of it the action indices need), its legal actions and their indices, worked out once
    per turn."""
    turn = core._turn
    if turn is None:
        state = live_state(core)
        seat = core._seats[core.agent_selection]
        view, actions = core.encoding.turn_view(state, seat), state.legal_actions(seat)
        turn = core._turn = seat, view, actions, core.encoding.legal(view, actions)
    return turn


def _observe(core: EnvironmentCore, agent: str) -> dict[str, Any]:
    state = live_state(core)
    seat = core._seats.get(agent)
    if seat is None:
        raise KeyError(f"no agent called {agent!r}; the agents are {', '.join(core.possible_agents)}")
    if agent == core.agent_selection and state.to_act:  # to act, and the hand not over
        _, view, _, legal = acting(core)
        mask = legal.mask.copy()
    else:
        view = None
        mask = core.encoding.empty_mask()
    return {"observation": core.encoding.observe_state(state, seat, view), "action_mask": mask}


def begin(core: EnvironmentCore, state: GameState[Any]) -> None:
    """Start the episode of the deal ``state`` (``reset``'s bookkeeping, compiled: once a deal)."""
    core.game_state = state
    core.agents = agents = core.possible_agents[:]
    # Comprehensions: the compiled build runs them natively, where dict.fromkeys is a Python call.
    core.rewards = {agent: 0.0 for agent in agents}
    core._cumulative_rewards = {agent: 0.0 for agent in agents}
    core.terminations = {agent: False for agent in agents}
    core.truncations = {agent: False for agent in agents}
    core.infos = {agent: {} for agent in agents}
    core._turn = None
    core.agent_selection = core.possible_agents[min(state.to_act)]
    mirror(core)


def mirror(core: EnvironmentCore) -> None:
    """Give every wrapper of ``core.mirrors`` the episode's fields as they are now."""
    for wrapper in core.mirrors:
        wrapper.agents = core.agents
        wrapper.agent_selection = core.agent_selection
        wrapper.rewards = core.rewards
        wrapper._cumulative_rewards = core._cumulative_rewards
        wrapper.terminations = core.terminations
        wrapper.truncations = core.truncations
        wrapper.infos = core.infos


def live_state(core: EnvironmentCore) -> GameState[Any]:
    """The deal being played; a :class:`RuntimeError` before the first ``reset()``."""
    state = core.game_state
    if state is None:
        raise RuntimeError("call reset() before using the environment")
    return state


def _live_agents(core: EnvironmentCore) -> GameState[Any]:
    """The deal being played, while some agent is not done yet."""
    state = live_state(core)
    if not core.agents:
        raise RuntimeError("the deal is over and every agent is done: call reset() for the next deal")
    return state


def _finish(core: EnvironmentCore, state: GameState[Any]) -> None:
    """Every agent's reward and termination, and the first agent selected to step out (what
    PettingZoo's ``_accumulate_rewards`` and ``_deads_step_first`` do)."""
    sign = -1.0 if core.game.score_is_penalty else 1.0
    outcome = state.outcome
    core.rewards = {agent: sign * outcome[seat] for agent, seat in core._seats.items()}
    core.terminations = dict.fromkeys(core.agents, True)
    cumulative = core._cumulative_rewards
    for agent, reward in core.rewards.items():
        cumulative[agent] += reward
    core._ended_by = core.agent_selection
    core.agent_selection = core.agents[0]
    mirror(core)


def _dead_step(core: EnvironmentCore, action: Any) -> None:
    """PettingZoo's ``_was_dead_step`` where every agent is done at once, at the end of the deal
    (as :func:`_finish` leaves them): the selected agent leaves, the first one left is selected,
    and once none is, the agent selected when the deal ended."""
    if action is not None:
        raise ValueError("when an agent is dead, the only valid action is None")
    agent = core.agent_selection
    del core.terminations[agent], core.truncations[agent], core.infos[agent]
    del core.rewards[agent], core._cumulative_rewards[agent]
    agents = core.agents
    agents.remove(agent)
    core.agent_selection = selected = agents[0] if agents else core._ended_by
    for wrapper in core.mirrors:
        wrapper.agent_selection = selected
    rewards = core.rewards
    for other in rewards:
        rewards[other] = 0.0


def _describe(encoding: Encoding[Any], action: Any) -> str:
    try:
        return encoding.describe(action)
    except IllegalIndex as error:
        return str(error)
