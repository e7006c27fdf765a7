"""The whole game tree of a small two-player game, walked through the engine, as flat arrays.

A deal is a chance node at the root: every ordered choice of the ``cards`` top cards of the deck
(the cards a hand can deal: :attr:`~homegame.games.soko.Soko.cards_dealt` for Soko), equally
likely, the rest of the deck below them in deck order, never seen. Below each deal the engine's own
state is played out by every legal action of the seat to act (:meth:`GameState.clone`), down to the
end of the hand, whose outcome is the leaf's value.

Nodes are grouped into information sets by what the acting seat sees: its view, log included, so
two nodes share a set exactly when the seat cannot tell them apart (perfect recall, since the log
holds everything the seat has seen in order). The arrays are what :mod:`homegame.analysis.cfr`
computes with: one row per node and one per edge, the edges ordered by the depth of their parent.

>>> import homegame
>>> game = homegame.new_game("soko", players=2, ranks=2, streets=1, limit="fixed", cap=1)
>>> tree = GameTree.build(game)
>>> tree.deals, len(tree.infosets) > 0, tree.players
(1680, True, 2)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise, permutations
from math import perm
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import Card
from homegame.engine import Action, ActionSet, Game, GameState, View
from homegame.errors import GameError

__all__ = ["CHANCE", "TERMINAL", "GameTree", "Infoset"]

CHANCE = -1
"""The player of a chance node."""
TERMINAL = -2
"""The player of a leaf."""

MAX_NODES = 3_000_000
"""The most nodes a tree may hold (a game too large to walk is refused, not walked for hours)."""


class Infoset:
    """One information set: the seat to act, the view it acts on (and as JSON, its key), its
    legal actions, and the first of its slots in the tree's strategy arrays (one per action)."""

    __slots__ = ("actions", "key", "legal", "seat", "slot", "view")

    def __init__(self, seat: int, view: View, legal: ActionSet, slot: int) -> None:
        self.seat, self.view, self.legal, self.slot = seat, view, legal, slot
        self.key = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
        self.actions: tuple[Action, ...] = tuple(legal)


class GameTree:
    """The tree of a two-player zero-sum game (see the module's docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.player_count
        self.infosets: list[Infoset] = []
        self._by_key: dict[tuple[int, str], Infoset] = {}
        self.deals = 0
        # Nodes: the acting player (or CHANCE, TERMINAL), depth, seat 0's result at a leaf.
        self._player: list[int] = []
        self._depth: list[int] = []
        self._value: list[float] = []
        # Edges: parent, child, the strategy slot (-1 for chance), the chance probability.
        self._edges: list[tuple[int, int, int, float]] = []

    @classmethod
    def build(cls, game: Game, *, cards: int | None = None, dealer: int = 0) -> GameTree:
        """Walk every deal of ``game`` (two players, results adding up to zero) and every line of
        play. ``cards``: how many top cards of the deck a hand can deal (by default the game's
        ``cards_dealt``); the rest are never seen, so they are left in deck order."""
        if game.player_count != 2:
            raise GameError(f"a game tree is of two players, not {game.player_count}")
        dealt = cards if cards is not None else getattr(game, "cards_dealt", None)
        if dealt is None:
            raise GameError(f"{game.title} does not say how many cards a hand deals: give cards=")
        tree = cls(game)
        root = tree._node(CHANCE, 0, 0.0)
        deals = _deals(game.deck, dealt)
        total = sum(deals.values())
        tree.deals = len(deals)
        for prefix, count in deals.items():
            rest = list(game.deck)
            for card in prefix:
                rest.remove(card)
            state = game.deal(deck=[*prefix, *rest], dealer=dealer)
            tree._edges.append((root, tree._walk(state, 1), -1, count / total))
        tree._freeze()
        return tree

    # -- walking ------------------------------------------------------------------------------------

    def _node(self, player: int, depth: int, value: float) -> int:
        if len(self._player) >= MAX_NODES:
            raise GameError(f"the tree of {self.game.title} holds more than {MAX_NODES:,} nodes: "
                            "too large to solve")
        self._player.append(player)
        self._depth.append(depth)
        self._value.append(value)
        return len(self._player) - 1

    def _walk(self, state: GameState[Any], depth: int) -> int:
        if state.is_over:
            outcome = state.outcome
            if outcome[0] + outcome[1] != 0:
                raise GameError(f"{self.game.title} is not zero-sum here: {outcome}")
            return self._node(TERMINAL, depth, float(outcome[0]))
        seat = min(state.to_act)
        infoset = self._infoset(state, seat)
        node = self._node(seat, depth, 0.0)
        for number, action in enumerate(infoset.actions):
            child = state.clone()
            child.apply(seat, action)
            self._edges.append((node, self._walk(child, depth + 1), infoset.slot + number, 0.0))
        return node

    def _infoset(self, state: GameState[Any], seat: int) -> Infoset:
        slot = self.infosets[-1].slot + len(self.infosets[-1].actions) if self.infosets else 0
        made = Infoset(seat, state.view(seat), state.legal_actions(seat), slot)
        found = self._by_key.setdefault((seat, made.key), made)
        if found is made:
            self.infosets.append(made)
        return found

    # -- arrays -------------------------------------------------------------------------------------

    def _freeze(self) -> None:
        self.player: npt.NDArray[np.int64] = np.array(self._player, np.int64)
        self.depth: npt.NDArray[np.int64] = np.array(self._depth, np.int64)
        self.leaf_value: npt.NDArray[np.float64] = np.array(self._value, np.float64)
        """Seat 0's result at each leaf (seat 1's is its negative), 0 elsewhere."""
        edges = sorted(self._edges, key=lambda edge: self._depth[edge[0]])
        self.parent = np.array([edge[0] for edge in edges], np.int64)
        self.child = np.array([edge[1] for edge in edges], np.int64)
        self.slot = np.array([edge[2] for edge in edges], np.int64)
        self.chance = np.array([edge[3] for edge in edges], np.float64)
        self.slots = self.infosets[-1].slot + len(self.infosets[-1].actions) if self.infosets else 0
        self.infoset_of_slot = np.repeat(np.arange(len(self.infosets)),
                                         [len(infoset.actions) for infoset in self.infosets])
        seats = np.array([infoset.seat for infoset in self.infosets], np.int64)
        self.seat_of_slot = seats[self.infoset_of_slot]
        self.levels = _levels(self.depth[self.parent])
        """For each parent depth, from the root down, the range of edges leaving that depth."""
        del self._player, self._depth, self._value, self._edges

    @property
    def nodes(self) -> int:
        return len(self.player)

    def check_depths(self) -> None:
        """Refuse a tree where one information set's nodes lie at different depths (a seat unable
        to tell a line of play from one with more moves in it), which the exact best response
        computed depth by depth cannot hold."""
        depths: dict[int, set[int]] = {}
        for parent, slot in zip(self.parent.tolist(), self.slot.tolist(), strict=True):
            if slot >= 0:
                depths.setdefault(int(self.infoset_of_slot[slot]), set()).add(int(self.depth[parent]))
        mixed = [index for index, found in depths.items() if len(found) > 1]
        if mixed:
            raise GameError(f"{len(mixed)} information sets span several depths of the tree")


def _deals(deck: Sequence[Card], cards: int) -> Counter[tuple[Card, ...]]:
    """Every ordered choice of ``cards`` cards of ``deck``, with how many orders of the deck give it
    (a card the deck holds twice gives the same choice twice)."""
    if not 0 < cards <= len(deck):
        raise GameError(f"a hand deals 1 to {len(deck)} cards of this deck, not {cards}")
    if perm(len(deck), cards) > MAX_NODES:
        raise GameError(f"{cards} cards of a deck of {len(deck)} are {perm(len(deck), cards):,} deals: "
                        "too many to solve")
    found: Counter[tuple[Card, ...]] = Counter()
    for positions in permutations(range(len(deck)), cards):
        found[tuple(deck[position] for position in positions)] += 1
    return found


def _levels(depths: npt.NDArray[np.int64]) -> list[slice]:
    """The runs of equal values in the sorted ``depths``, as slices."""
    if not len(depths):
        return []
    starts = [0, *(np.flatnonzero(np.diff(depths)) + 1).tolist(), len(depths)]
    return [slice(start, stop) for start, stop in pairwise(starts)]
