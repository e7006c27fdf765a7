"""One learner at a table of opponents: what the single-agent environment and the vector
environment step, compiled in the compiled build.

A :class:`LearnerTable` deals hands of one game, seats the learner (a fixed seat, or one drawn at
random for each episode) and plays every other seat with an :class:`Opponent`, which acts on the
engine's actions themselves, so a bot's bet of any size is played as it sized it. The learner acts
by action index, through the game's encoding. An episode is one deal, or a match: deals one after
another with the stacks (and whatever a deal leaves to the next) carried, until the learner or
every opponent is out of chips, or ``deals`` deals have been played.

The learner always has a decision to make when an episode starts or goes on: a deal that ends
before the learner's turn (the others all fold) is not an episode of its own; in a match its
result is added to the reward of the learner's next step, and in one-deal episodes the next deal
is dealt instead.

>>> import homegame
>>> from homegame.agents import encoding_for
>>> game = homegame.new_game("draw", players=2)
>>> table = LearnerTable(game, encoding_for(game), [RandomOpponent()], seat=0)
>>> table.reset(7)
>>> table.learner, table.legal().allows(1)
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from homegame._compile import mypyc_attr
from homegame.agents.encoding import Encoding, Features, IllegalIndex, Legal, Mask, Observation, is_index
from homegame.bots import Bot, ask
from homegame.engine import Action, ActionSet, Game, GameState, View

__all__ = ["BotOpponent", "LearnerTable", "Opponent", "Policy", "PolicyOpponent", "RandomOpponent",
           "TableBatch"]

Policy = Callable[[Observation, Mask], int]
"""A learned policy: the action index for an observation and its action mask."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Opponent:
    """A seat the table plays: an engine action for ``seat`` of ``state``."""

    def act(self, state: GameState[Any], seat: int) -> Action:
        raise NotImplementedError

    def seed(self, seed: int) -> None:
        """Seed whatever the opponent draws at random (each episode's seed reaches it)."""


class RandomOpponent(Opponent):
    """Any legal action, uniformly, as :class:`~homegame.bots.RandomBot` plays (without asking
    for the seat's view, which it never reads)."""

    def __init__(self) -> None:
        self.random = random.Random()

    def act(self, state: GameState[Any], seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[_below(self.random, len(legal))]

    def seed(self, seed: int) -> None:
        self.random.seed(seed)


def _below(source: random.Random, count: int) -> int:
    """``source.randrange(count)`` (``count`` > 0): the same draw, made as Python's own makes it
    (``Random._randbelow``: the fewest bits that hold ``count``, drawn again until below it), so
    the same seed chooses the same actions, without randrange's two calls through Python."""
    bits = count.bit_length()
    draw = source.getrandbits(bits)
    while draw >= count:
        draw = source.getrandbits(bits)
    return draw


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class BotOpponent(Opponent):
    """One of the project's bots, asked as every face asks it (it sees the seat's view only)."""

    def __init__(self, bot: Bot, *, seeded: bool) -> None:
        self.bot, self.seeded = bot, seeded

    def act(self, state: GameState[Any], seat: int) -> Action:
        return ask(self.bot, state, seat)

    def seed(self, seed: int) -> None:
        if self.seeded:
            self.bot.random.seed(seed)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class PolicyOpponent(Opponent):
    """A learned policy (see :data:`Policy`), given the seat's observation and mask."""

    def __init__(self, policy: Policy, encoding: Encoding[Any]) -> None:
        self.policy, self.encoding = policy, encoding

    def act(self, state: GameState[Any], seat: int) -> Action:
        encoding = self.encoding
        view, legal = encoding.turn_view(state, seat), state.legal_actions(seat)
        allowed = encoding.legal(view, legal)
        index = self.policy(encoding.observe_state(state, seat, view), allowed.mask.copy())
        if not is_index(index) or not allowed.allows(int(index)):
            raise IllegalIndex(f"the opponent's policy chose {index!r}, not a legal index")
        return self.encoding.decode(view, legal, int(index), checked=True)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class LearnerTable:
    """A table of one game where one seat learns (see the module's docstring)."""

    def __init__(self, game: Game, encoding: Encoding[Any], opponents: Sequence[Opponent], *,
                 seat: int | None = None, deals: int = 1, scale: float = 1.0) -> None:
        players = game.player_count
        if len(opponents) != players - 1:
            raise ValueError(f"{players} seats take {players - 1} opponents, not {len(opponents)}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"the learner's seat is one of 0 to {players - 1}, not {seat}")
        if deals < 1:
            raise ValueError(f"an episode is one deal or more, not {deals}")
        self.game, self.encoding = game, encoding
        self.opponents = list(opponents)
        self.fixed_seat = seat
        self.deals = deals
        self.scale = scale
        self.sign = -scale if game.score_is_penalty else scale
        self.random = random.Random()
        self.learner = 0 if seat is None else seat
        self.dealer = 0
        self.state: GameState[Any] | None = None
        self.stacks: list[int] | None = None
        self.carry: dict[str, Any] = {}
        self.played = 0
        self.reward = 0.0
        self.acted = False
        """Whether the learner took an action in the deal being played."""
        self._turn: tuple[Any, ActionSet, Legal] | None = None

    # -- episodes --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """Start an episode (``seed``: start the table's random source again from it, and the
        opponents' from it too; without one, each goes on with its own)."""
        chooser = self.random
        if seed is not None:
            chooser.seed(seed)
            for opponent in self.opponents:
                opponent.seed(chooser.getrandbits(64))
        players = self.game.player_count
        if self.fixed_seat is None:
            self.learner = chooser.randrange(players)
        self.dealer = chooser.randrange(players)
        stack = self.game.stack_each
        self.stacks = [stack] * players if stack is not None and self.deals > 1 else None
        self.carry = {}
        self.played = 0
        self.reward = 0.0
        self._deal()
        self._play_on()

    def _deal(self) -> None:
        self.state = self.game.deal(seed=self.random.getrandbits(64), dealer=self.dealer,
                                    stacks=self.stacks, carry=self.carry or None)
        self._turn = None
        self.acted = False

    def _play_on(self) -> None:
        """Play the opponents until the learner must act or the episode is over."""
        state = self.live()
        learner, players = self.learner, self.game.player_count
        while True:
            if state.is_over:
                if self._episode_over(state):
                    return
                state = self.live()
                continue
            seat = min(state.to_act)
            if seat == learner:
                return
            state.apply(seat, self.opponents[(seat - learner - 1) % players].act(state, seat))

    def _episode_over(self, state: GameState[Any]) -> bool:
        """Settle a finished deal; deal the next one unless the episode ends here."""
        self.played += 1
        self.reward += self.sign * state.outcome[self.learner]
        if self.deals == 1:
            if self.acted:
                return True
            self.reward = 0.0  # the learner never acted: not an episode, deal again
            self.dealer = self.random.randrange(self.game.player_count)
            self._deal()
            return False
        out = self._out_of_chips(state)
        if out or self.played >= self.deals:
            return True
        self.carry = state.carry_out
        self.dealer = (self.dealer + 1) % self.game.player_count
        self._deal()
        return False

    def _out_of_chips(self, state: GameState[Any]) -> bool:
        """Carry the stacks on; whether the learner or every opponent is out."""
        stacks = self.stacks
        if stacks is None:
            return False
        least = self.game.least_stack
        outcome = state.outcome
        for seat in range(len(stacks)):
            stacks[seat] += outcome[seat]
            if stacks[seat] < least:
                stacks[seat] = 0
        return stacks[self.learner] == 0 or sum(stacks) == stacks[self.learner]

    @property
    def over(self) -> bool:
        """Whether the episode is over."""
        return self.live().is_over

    def live(self) -> GameState[Any]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        return state

    # -- the learner -----------------------------------------------------------------------------

    def turn(self) -> tuple[Any, ActionSet, Legal]:
        """What the encoding reads of the learner's view (``Encoding.turn_view``: the view, or
        where the encoding reads the state, the few fields its indices need), the learner's legal
        actions and their indices, worked out once a turn."""
        turn = self._turn
        if turn is None:
            state, encoding = self.live(), self.encoding
            view, legal = encoding.turn_view(state, self.learner), state.legal_actions(self.learner)
            turn = self._turn = view, legal, encoding.legal(view, legal)
        return turn

    def observe(self) -> Observation:
        """The learner's observation now: its view's encoding, read from the hand's state where
        the encoding reads the state (``Encoding.observe_state``)."""
        state = self.live()
        view = None if state.is_over else self.turn()[0]
        return self.encoding.observe_state(state, self.learner, view)

    def observe_into(self, out: Features) -> None:
        """:meth:`observe` written by ``out`` (``Encoding.writer`` of a row of a vector
        environment's observations)."""
        state = self.live()
        view = None if state.is_over else self.turn()[0]
        self.encoding.observe_state_into(state, self.learner, out, view)

    def legal(self) -> Legal:
        """The learner's legal indices now (none once the episode is over)."""
        if self.over:
            return Legal(self.encoding.empty_mask(), ())
        return self.turn()[2]

    def view(self) -> View:
        """What the learner sees now: its whole view, as a face shows it (the observation is
        :meth:`observe`)."""
        view: View = self.live().view(self.learner)
        return view

    def step(self, index: object) -> float:
        """Take the learner's action ``index`` and play on; the reward it brought: the results
        of the deals that ended since its last action (in the learner's unit, scaled), the first
        step of a match counting the deals played out before it too."""
        state = self.live()
        if state.is_over:
            raise RuntimeError("the episode is over: call reset() for the next one")
        view, legal, allowed = self.turn()
        if not is_index(index) or not allowed.allows(int(index)):
            shown = allowed.indices
            listed = ", ".join(map(str, shown[:12])) + (", ..." if len(shown) > 12 else "")
            raise IllegalIndex(f"the learner may take one of the indices {listed}, not {index!r}")
        state.apply(self.learner, self.encoding.decode(view, legal, int(index), checked=True))
        self._turn = None
        self.acted = True
        self._play_on()
        earned, self.reward = self.reward, 0.0
        return earned


class TableBatch:
    """Tables of one game stepped together, each episode's end followed at once by the next
    episode at that table: the core of :mod:`homegame.agents.vector`, writing straight into the
    arrays it hands out (observations, masks, rewards, terminations), one row per table."""

    def __init__(self, tables: list[LearnerTable], *, final_observations: bool = False) -> None:
        encoding = tables[0].encoding
        n, size, actions = len(tables), encoding.layout.size, encoding.actions
        self.tables, self.encoding = tables, encoding
        self.observations = np.zeros((n, size), np.float32)
        self.masks = np.zeros((n, actions), np.uint8)
        self.rewards = np.zeros(n, np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.final_observations = final_observations
        self.finals: list[tuple[int, Observation]] = []
        """The tables whose episode ended at the last step, with their final observations when
        ``final_observations`` asks for them (else none)."""
        self._writers = [encoding.writer(self.observations[row]) for row in range(n)]
        self._masks: Any = self.masks.reshape(-1).data
        self._rewards: Any = self.rewards.data
        self._ended: Any = self.terminated.data
        self._width = actions

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its tables and arrays; the memoryviews over the arrays,
        which do not pickle, are made again."""
        arrays = (self.observations, self.masks, self.rewards, self.terminated)
        return _restore_batch, (self.tables, self.final_observations, arrays, self.finals)

    def reset(self, seeds: list[int | None]) -> None:
        """Start an episode at every table (each with its seed, or going on with its source)."""
        for row in range(len(self.tables)):
            self.tables[row].reset(seeds[row])
            self._rewards[row] = 0.0
            self._ended[row] = False
            self._write(row)

    def step(self, actions: list[int]) -> None:
        """Each table's learner takes its action; a table whose episode ends starts the next."""
        tables = self.tables
        self.finals = []
        for row in range(len(tables)):
            table = tables[row]
            self._rewards[row] = table.step(actions[row])
            over = table.live().is_over
            self._ended[row] = over
            if over:
                if self.final_observations:
                    self.finals.append((row, table.observe()))
                table.reset(None)
            self._write(row)

    def _write(self, row: int) -> None:
        table = self.tables[row]
        table.observe_into(self._writers[row])
        legal = table.turn()[2]
        start = row * self._width
        self._masks[start:start + self._width] = legal.allowed


def _restore_batch(tables: list[LearnerTable], final_observations: bool, arrays: tuple[Any, ...],
                   finals: list[tuple[int, Observation]]) -> TableBatch:
    batch = TableBatch(tables, final_observations=final_observations)
    batch.observations[...], batch.masks[...], batch.rewards[...], batch.terminated[...] = arrays
    batch.finals = finals
    return batch
