"""What the other seats' bets say about their cards: sampled hands kept in proportion to how well
they explain the bets and checks the search bot saw.

``state.resample`` deals the cards a seat cannot see uniformly among the deals that fit what it
saw, so a raise is as likely to come from a weak hand as from a strong one. Players bet their
strong hands, and so does every game's betting bot: it bets or raises when its rating of the hand
beats a threshold drawn at random (:func:`~homegame.bots.betting.aggression_chance`), and checks or
calls otherwise. :class:`Belief` keeps a sampled hand with the chance that the game's bot,
holding the cards the sample deals each other seat, would have bet every time that seat bet, and
checked or called every time it did since the cards last changed (rejection sampling: the hands
kept are dealt in proportion to that likelihood, Bayes' rule over the uniform deal). Each chance
is at least :data:`FLOOR`, since players bluff and slow-play. The bot is read on the cards a seat
holds now, which stand in for the cards it held when it acted only until the cards change (a
board card, a draw): a check before then says nothing, a bet a little (:data:`EARLIER_FLOOR`).
Only the game's bot reads a hand (through ``read_bet``, what every betting bot offers), and only
a sampled one: the real hand is never looked at.

>>> import homegame
>>> from homegame.bots import make_bot
>>> from homegame.engine.infoset import InformationSet
>>> state = homegame.new_game("draw", players=2).deal(seed=3)
>>> seat = InformationSet(state, state.to_act[0])
>>> belief = Belief(seat, make_bot("draw", "best"), random.Random(1))
>>> belief.sample().view(seat.seat).hand == seat.view.hand
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from homegame.bots import Bot
from homegame.bots.betting import BettingBot, aggression_chance
from homegame.engine import GameState
from homegame.engine.history import Event
from homegame.engine.infoset import InformationSet

__all__ = ["EARLIER_FLOOR", "FLOOR", "TRIES", "Belief", "betting_by_others"]

FLOOR = 0.02
"""The least chance given to any bet or check a seat made (a bluff, a slow-play, a player unlike
the bot): no sample is ruled out. Measured against the game's bots, 0.1 let the search read too
many bets as bluffs and raise into strong hands."""
EARLIER_FLOOR = 0.3
"""The least chance given to a bet made before the cards last changed: the cards a seat holds now
stand in for those it bet with only roughly (a strong start can miss a board)."""
TRIES = 40
"""Samples drawn before taking the likeliest of them (each kept with its likelihood)."""
AGGRESSIVE = frozenset({"bet", "raise", "complete"})
PASSIVE = frozenset({"check", "call"})


class Belief:
    """Samples of ``seat``'s hand, weighed by the other seats' bets as ``reader`` would make them
    (a bot with ``read_bet``; with any other bot, or ``None``, the samples are uniform)."""

    def __init__(self, seat: InformationSet, reader: Bot | None, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng
        self.reader = cast(BettingBot, reader) if hasattr(reader, "read_bet") else None
        self.observed = betting_by_others(seat.view.log, seat.seat) if self.reader else {}

    def sample(self) -> GameState[Any]:
        """A hand as it might be, kept with its :meth:`likelihood` (the likeliest of
        :data:`TRIES` if none is kept)."""
        best, best_weight = None, -1.0
        for _ in range(TRIES):
            sample = self.seat.sample(self.rng)
            if not self.observed:
                return sample
            weight = self.likelihood(sample)
            if self.rng.random() < weight:
                return sample
            if weight > best_weight:
                best, best_weight = sample, weight
        assert best is not None
        return best

    def likelihood(self, sample: GameState[Any]) -> float:
        """The chance (0-1) that the reader, holding each other seat's cards in ``sample``, bets
        and checks as that seat did."""
        if self.reader is None:
            return 1.0
        weight = 1.0
        for other, (bets, checks, earlier) in self.observed.items():
            rating, odds = self.reader.read_bet(sample.view(other))
            chance = aggression_chance(rating, odds.opponents)
            weight *= max(FLOOR, chance) ** bets * max(FLOOR, 1.0 - chance) ** checks * \
                max(EARLIER_FLOOR, chance) ** earlier
        return weight


def betting_by_others(log: Sequence[Event], seat: int) -> dict[int, tuple[int, int, int]]:
    """How many times each other seat bet or raised, and checked or called, in the events ``seat``
    saw since the cards last changed (the last event other than an action: a board card, a draw,
    a discard), and how many times it bet or raised before. A check with a weak hand says nothing
    once the hand has drawn to a strong one, and a bet says less once the cards have changed.

    >>> from homegame.engine.history import Event
    >>> log = [Event("action", 1, {"action": {"kind": "raise", "amount": 4}}),
    ...        Event("action", 0, {"action": {"kind": "call", "amount": 4}}),
    ...        Event("action", 1, {"action": {"kind": "check"}}),
    ...        Event("board", None, {"street": "turn", "cards": ["3h"]}),
    ...        Event("action", 1, {"action": {"kind": "call", "amount": 2}})]
    >>> betting_by_others(log, 0)
    {1: (0, 1, 1)}
    """
    bets: dict[int, int] = {}
    checks: dict[int, int] = {}
    earlier: dict[int, int] = {}
    for event in log:
        if event.kind != "action":
            for other, count in bets.items():
                earlier[other] = earlier.get(other, 0) + count
            bets.clear()
            checks.clear()
            continue
        if event.seat is None or event.seat == seat:
            continue
        kind = event.data["action"].get("kind")
        if kind in AGGRESSIVE:
            bets[event.seat] = bets.get(event.seat, 0) + 1
        elif kind in PASSIVE:
            checks[event.seat] = checks.get(event.seat, 0) + 1
    return {other: (bets.get(other, 0), checks.get(other, 0), earlier.get(other, 0))
            for other in sorted({*bets, *checks, *earlier})}
