"""CFR+ and exact exploitability on the whole tree of a small two-player game.

:class:`CFRPlus` runs counterfactual regret minimisation with regret matching+, alternating
updates and linearly weighted averages (Tammelin's CFR+) over a :class:`GameTree`, all of it at once
with numpy, level by level of the tree. :func:`exploitability` computes, exactly, how much a best
response gains against a strategy profile: each seat's best response is worked out bottom up
against the other's strategy, and the exploitability is the mean of the two gains (half of
NashConv; in a two-player zero-sum game, 0 exactly at an equilibrium).

A strategy is an array over the tree's slots: for each information set, the probability of each of
its actions (:attr:`Infoset.slot` is its first).

>>> import homegame
>>> from homegame.analysis.game_tree import GameTree
>>> tree = GameTree.build(homegame.new_game("soko", players=2, ranks=2, streets=1, limit="fixed", cap=1))
>>> solver = CFRPlus(tree)
>>> start = exploitability(tree, solver.average())
>>> solver.iterate(200)
>>> exploitability(tree, solver.average()) < start / 20
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.analysis.game_tree import TERMINAL, GameTree, Infoset

__all__ = ["CFRPlus", "Strategy", "best_response_value", "exploitability", "profile_value", "strategy_of"]

Strategy = npt.NDArray[np.float64]


class CFRPlus:
    """CFR+ on ``tree``: :meth:`iterate`, then :meth:`average`, the strategy that converges."""

    def __init__(self, tree: GameTree) -> None:
        tree.check_depths()
        self.tree = tree
        self.regrets = np.zeros(tree.slots)
        self.weights = np.zeros(tree.slots)
        self.iterations = 0

    def current(self) -> Strategy:
        """The strategy of regret matching: each action in proportion to its positive regret."""
        return _normalised(self.tree, np.maximum(self.regrets, 0.0))

    def average(self) -> Strategy:
        """The average strategy, weighted by iteration (uniform before the first)."""
        return _normalised(self.tree, self.weights)

    def iterate(self, iterations: int = 1) -> None:
        """Run ``iterations`` iterations, each updating seat 0 then seat 1."""
        for _ in range(iterations):
            self.iterations += 1
            for seat in (0, 1):
                self._update(seat)

    def _update(self, seat: int) -> None:
        tree = self.tree
        strategy = self.current()
        chances = _edge_probabilities(tree, strategy)
        own, other = _reaches(tree, chances, seat)
        values = _values(tree, chances, seat)
        mine = tree.player[tree.parent] == seat
        parents, slots = tree.parent[mine], tree.slot[mine]
        gains = other[parents] * (values[tree.child[mine]] - values[parents])
        self.regrets += np.bincount(slots, gains, minlength=tree.slots)
        np.maximum(self.regrets, 0.0, out=self.regrets)
        reach = np.zeros(tree.slots)
        reach[slots] = own[parents]  # the same for every node of a set (perfect recall)
        self.weights += self.iterations * reach * strategy * (tree.seat_of_slot == seat)


def profile_value(tree: GameTree, strategy: Strategy) -> float:
    """Seat 0's expected result per deal when both seats play ``strategy``."""
    return float(_values(tree, _edge_probabilities(tree, strategy), 0)[0])


def best_response_value(tree: GameTree, strategy: Strategy, seat: int) -> float:
    """What ``seat`` expects per deal playing its best response to the other seat's ``strategy``."""
    chances = _edge_probabilities(tree, strategy)
    _, other = _reaches(tree, chances, seat)
    values = np.where(tree.player == TERMINAL, tree.leaf_value * (1.0 if seat == 0 else -1.0), 0.0)
    starts = np.array([infoset.slot for infoset in tree.infosets], np.int64)
    for level in reversed(tree.levels):
        parents, children, slots = tree.parent[level], tree.child[level], tree.slot[level]
        mine = tree.player[parents] == seat
        worth = np.asarray(np.bincount(slots[mine], other[parents[mine]] * values[children[mine]],
                                       minlength=tree.slots), np.float64)
        chosen = _first_best(tree, worth, starts)
        share = np.where(mine, chosen[np.maximum(slots, 0)], chances[level])
        values += np.bincount(parents, share * values[children], minlength=tree.nodes)
    return float(values[0])


def exploitability(tree: GameTree, strategy: Strategy) -> float:
    """How much a best response gains against ``strategy``, averaged over the two seats, in the
    game's unit per deal: 0 exactly at an equilibrium."""
    return (best_response_value(tree, strategy, 0) + best_response_value(tree, strategy, 1)) / 2


def strategy_of(tree: GameTree, policy: Callable[[Infoset], dict[Any, float]]) -> Strategy:
    """The strategy array of ``policy``, which gives each information set's actions their
    probabilities (actions it leaves out get 0)."""
    strategy = np.zeros(tree.slots)
    for infoset in tree.infosets:
        chances = policy(infoset)
        for number, action in enumerate(infoset.actions):
            strategy[infoset.slot + number] = chances.get(action, 0.0)
    return _normalised(tree, strategy)


def _normalised(tree: GameTree, weights: Strategy) -> Strategy:
    """``weights`` made into probabilities per information set; uniform where they are all 0."""
    totals = np.bincount(tree.infoset_of_slot, weights, minlength=len(tree.infosets))
    counts = np.bincount(tree.infoset_of_slot, minlength=len(tree.infosets))
    total = totals[tree.infoset_of_slot]
    return np.where(total > 0, weights / np.where(total > 0, total, 1.0), 1.0 / counts[tree.infoset_of_slot])


def _edge_probabilities(tree: GameTree, strategy: Strategy) -> Strategy:
    """Each edge's probability: chance's, or the acting seat's under ``strategy``."""
    return np.where(tree.slot >= 0, strategy[np.maximum(tree.slot, 0)], tree.chance)


def _reaches(tree: GameTree, chances: Strategy, seat: int) -> tuple[Strategy, Strategy]:
    """Each node's probability of being reached by ``seat``'s own choices, and by everything else
    (chance and the other seat)."""
    own, other = np.ones(tree.nodes), np.ones(tree.nodes)
    for level in tree.levels:
        parents, children = tree.parent[level], tree.child[level]
        mine = tree.player[parents] == seat
        own[children] = own[parents] * np.where(mine, chances[level], 1.0)
        other[children] = other[parents] * np.where(mine, 1.0, chances[level])
    return own, other


def _values(tree: GameTree, chances: Strategy, seat: int) -> Strategy:
    """Each node's expected result for ``seat`` when play goes on by ``chances``."""
    values = np.where(tree.player == TERMINAL, tree.leaf_value * (1.0 if seat == 0 else -1.0), 0.0)
    for level in reversed(tree.levels):
        parents, children = tree.parent[level], tree.child[level]
        values += np.bincount(parents, chances[level] * values[children], minlength=tree.nodes)
    return values


def _first_best(tree: GameTree, worth: Strategy, starts: npt.NDArray[np.int64]) -> Strategy:
    """1 at the first action of highest ``worth`` of every information set, 0 elsewhere."""
    best = np.maximum.reduceat(worth, starts)[tree.infoset_of_slot]
    top = np.flatnonzero(worth >= best - 1e-12)
    _, first = np.unique(tree.infoset_of_slot[top], return_index=True)
    chosen = np.zeros(tree.slots)
    chosen[top[first]] = 1.0
    return chosen
