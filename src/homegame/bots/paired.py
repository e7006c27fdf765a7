"""Paired playouts: how the search bot chooses among a few actions by playing each on from the same
sampled hands.

Every candidate action is tried on the same sampled hand, and the hand is then played to the end
by the same bots in every seat with the same random choices, so two candidates' results differ by
what the candidates do and not by the luck of the sample (a paired comparison, far less noisy than
separate samples). The first candidate is the game's own bot's choice, and it stands unless the
best other candidate beats it by more than :data:`EVIDENCE` standard errors of the paired
difference over at least :data:`LEAST_ROUNDS` rounds: the search departs from its guide only on
evidence (strong evidence, as the best of many candidates looks better than it is): a one-step
improvement of a policy by roll-outs, as Tesauro and Galperin's.

Many candidates share the budget by successive halving: after :data:`FIRST_CUT` rounds, and again
each time the rounds double, the worse half of the candidates by mean result is dropped (never the
guide's choice), so a decision with a hundred ways to pass cards still gives its best few
hundreds of playouts.

>>> import random
>>> import homegame
>>> state = homegame.new_game("draw", players=2).deal(seed=1)
>>> seat = state.to_act[0]
>>> legal = list(state.legal_actions(seat))
>>> comparison = Comparison(seat, legal, None, random.Random(1))
>>> sum(comparison.playout(state, None) for _ in range(20)) >= 20
True
>>> comparison.best() in legal
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from homegame.bots import Bot
from homegame.engine import Action, ActionSet, Choices, GameState, Subsets

__all__ = ["EVIDENCE", "FIRST_CUT", "LEAST_ROUNDS", "Comparison", "quick_action"]

EVIDENCE = 3.0
"""Standard errors by which a candidate must beat the guide's choice to be played instead."""
FIRST_CUT = 4
"""Rounds of playouts before the worse half of the candidates is first dropped."""
LEAST_ROUNDS = 8
"""Rounds of playouts before a candidate may replace the guide's choice: with fewer, a few equal
differences (points come in steps) would look certain."""
PASSIVE = frozenset({"check", "call", "bring-in"})


class Comparison:
    """One decision of ``seat`` among ``candidates`` (the guide's choice first), the playouts
    played by ``players`` (one bot per seat; ``None``: :func:`quick_action` in every seat)."""

    def __init__(self, seat: int, candidates: list[Action], players: list[Bot] | None,
                 rng: random.Random) -> None:
        self.seat, self.players, self.random = seat, players, rng
        self.candidates = candidates
        self.alive = list(range(len(candidates)))
        self.results: list[list[float]] = [[] for _ in candidates]
        self.rounds = 0
        self.next_cut = FIRST_CUT

    def playout(self, state: GameState[Any], deadline: float | None) -> int:
        """Every candidate still in played on from ``state``; how many playouts that was (none,
        and the round dropped so that the results stay paired, when ``deadline`` passes first)."""
        seed = self.random.getrandbits(32)
        sign = -1 if state.game.score_is_penalty else 1
        quick = random.Random()
        found: list[float] = []
        for index in self.alive:
            hand = state.clone()
            hand.apply(self.seat, self.candidates[index])
            quick.seed(seed)
            for player in self.players or ():
                player.random.seed(seed)
            while not hand.is_over:
                if deadline is not None and time.perf_counter() > deadline:
                    return 0
                mover = hand.to_act[0]
                legal = hand.legal_actions(mover)
                hand.apply(mover, quick_action(legal, quick) if self.players is None else
                           self.players[mover].act(hand.view(mover), legal))
            found.append(sign * hand.outcome.get(self.seat, 0))
        for index, result in zip(self.alive, found, strict=True):
            self.results[index].append(result)
        self.rounds += 1
        if self.rounds == self.next_cut:
            self._halve()
        return len(found)

    def _halve(self) -> None:
        """Drop the worse half of the candidates other than the guide's choice (by mean)."""
        self.next_cut *= 2
        others = sorted(self.alive[1:], key=lambda index: -sum(self.results[index]))
        self.alive = [0, *others[:max(1, len(others) // 2)]]

    def best(self) -> Action:
        """The best candidate still in if it beats the guide's choice by :data:`EVIDENCE` standard
        errors of the paired difference, else the guide's choice."""
        guide = self.results[0]
        if len(guide) < LEAST_ROUNDS:
            return self.candidates[0]
        best = max(self.alive, key=lambda index: sum(self.results[index]))
        differences = [mine - theirs for mine, theirs in zip(self.results[best], guide, strict=True)]
        mean = sum(differences) / len(differences)
        variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
        evident = mean > EVIDENCE * math.sqrt(variance / len(differences))
        return self.candidates[best] if evident else self.candidates[0]


def quick_action(legal: ActionSet, rng: random.Random) -> Action:
    """The quick playout policy: check or call (or stand pat) where possible, else at random."""
    return _passive(legal) or legal[rng.randrange(len(legal))]


def _passive(legal: ActionSet) -> Action | None:
    """The check, call or bring-in on offer, if any (a betting decision's cheapest way on), or
    else the choice of no cards from a family that allows none (standing pat)."""
    for family in legal.families:
        if isinstance(family, Choices):
            for action in family.actions:
                if action.kind in PASSIVE:
                    return action
        elif isinstance(family, Subsets) and family.sizes[0] == 0:
            return family.at(0)
    return None
