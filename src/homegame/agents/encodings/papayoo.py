"""Papayoo: the pass by the rank of the hand positions passed, then a card played by the card itself.

The first C(h, k) indices pass ``k`` of the ``h`` cards of the hand (the view lists the hand sorted
by suit then rank): index ``r`` passes the positions of lexicographic rank ``r``. The next indices
play a card: one per card of the deck, in deck order. Rewards and returns are the points taken,
negated, so that more is better for a learner as everywhere else (they sum to -250 in every deal).
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from math import comb
from typing import Any

from homegame.agents.encoding import Encoding, Features
from homegame.agents.resample import Limits
from homegame.agents.segments import ByCard, Combination
from homegame.cards import Card, Suit
from homegame.engine import GameState
from homegame.games.papayoo.state import PapayooState
from homegame.games.papayoo.table import DEAL_POINTS, ORDINARY_SUITS, cards_to_pass
from homegame.games.papayoo.views import PapayooView

__all__ = ["PapayooEncoding"]

DIE_FACES = len(ORDINARY_SUITS)
"""The die names the Papayoo's suit: one face per ordinary suit."""


class PapayooEncoding(Encoding[PapayooView]):
    """A deal of Papayoo as seen by one seat."""

    game_names = ("papayoo",)
    phases = ("pass", "play", "over")
    die_faces = DIE_FACES
    utility = "constant-sum"

    def build(self) -> None:
        n = self.players
        held = len(self.game.deck) // n
        passed = cards_to_pass(n)
        self.common_blocks()
        self.deal = self.block("deal", (2,), "the deal's number and the deals in the game")
        self.hand = self.cards_block("hand", "this seat's cards, one row per position", held)
        self.playable = self.cards_block("playable", "the cards this seat may play now")
        self.sizes = self.block("hand_sizes", (n,), "cards each relative seat holds")
        self.passing = self.cards_block("passing", "the cards this seat chose to pass")
        self.passed = self.block("passed", (n,), "the relative seats that have chosen their pass")
        self.received = self.cards_block("received", "the cards this seat received")
        self.papayoo = self.cards_block("papayoo", "the Papayoo, once the die has named it")
        self.trick = self.cards_block("trick", "the card each relative seat played to this trick", n)
        self.led = self.block("led_suit", (len(Suit),), "one-hot: the suit led (clubs, diamonds, "
                              "hearts, spades, Payoo)")
        self.leader = self.block("leader", (n,), "one-hot: the relative seat that leads this trick")
        self.played = self.cards_block("played", "every card played this deal")
        self.taken = self.block("taken", (n,), "points each relative seat has taken this deal")
        self.totals = self.block("totals", (n,), "each relative seat's points in the game so far")
        self.segment(Combination("pass", "pass", held, passed, self.cards_field("hand"),
                                 f"pass {passed}: the rank of the hand positions among the "
                                 f"{comb(held, passed)} ways"))
        self.segment(ByCard("play", "play", self.vocabulary, "play a card: one index per card, in "
                            "deck order"))

    def features(self, view: PapayooView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        vocabulary = self.vocabulary
        out.value(self.deal, view.deal)
        out.value(self.deal + 1, view.deals)
        out.slots(self.hand, vocabulary, self.ordered(view.hand))
        out.cards(self.playable, vocabulary, view.playable)
        self.seat_values(out, self.sizes, me, view.hand_sizes)
        out.cards(self.passing, vocabulary, view.passing)
        self.seat_flags(out, self.passed, me, view.passed)
        out.cards(self.received, vocabulary, view.received)
        if view.papayoo is not None:
            out.cards(self.papayoo, vocabulary, (view.papayoo,))
        self.seat_cards(out, self.trick, me, {play.seat: (play.card,) for play in view.trick})
        if view.trick:
            suit = view.trick[0].card.suit
            assert suit is not None
            out.flag(self.led + int(suit))
        if view.leader is not None:
            self.seat_flags(out, self.leader, me, (view.leader,))
        out.cards(self.played, vocabulary, view.played)
        self.seat_values(out, self.taken, me, view.taken)
        self.seat_values(out, self.totals, me, view.totals)

    def utility_range(self) -> tuple[float, float]:
        return -float(DEAL_POINTS), 0.0

    def max_actions(self) -> int:
        return self.players + len(self.game.deck)

    def utility_sum(self) -> float:
        return -float(DEAL_POINTS)

    def resample_limits(self, state: GameState[Any], seat: int) -> Limits:
        """Each hidden card stays with the seat holding it; a seat that did not follow a suit it was
        led (in this seat's view) holds none of it."""
        assert isinstance(state, PapayooState)
        where = {card: holder for holder, hand in enumerate(state.hands) for card in hand}
        view = state.view(seat)
        voids: dict[int, set[Suit | None]] = defaultdict(set)
        for plays in [*(trick.plays for trick in view.tricks), view.trick]:
            for play in plays[1:]:
                if play.card.suit is not plays[0].card.suit:
                    voids[play.seat].add(plays[0].card.suit)
        return where, {holder: partial(_outside, frozenset(suits)) for holder, suits in voids.items()}


def _outside(suits: frozenset[Suit | None], card: Card) -> bool:
    return card.suit not in suits


ENCODINGS = (PapayooEncoding,)
