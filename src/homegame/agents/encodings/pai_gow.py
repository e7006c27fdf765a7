"""Pai Gow Poker: the bank offer, the house way, and the 21 ways to set seven cards.

Indices 0 and 1 bank and decline (``player-banks``); 2 asks for the house way; 3 + ``r`` sets the
two-card hand from the positions of rank ``r`` among the 21 pairs of the seven cards (as the view
lists them), the five others making the five-card hand.
"""

from __future__ import annotations

from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import Arrangement, Constant
from homegame.games.pai_gow.game import BANK, DECLINE, HOUSE_WAY
from homegame.games.pai_gow.view import PaiGowView, Placement

__all__ = ["PaiGowEncoding"]

CARDS = 7


class PaiGowEncoding(Encoding[PaiGowView]):
    """A hand of Pai Gow Poker as seen by one seat."""

    game_names = ("pai_gow",)
    phases = ("bank", "set", "over")
    utility = "general-sum"

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.banker = self.block("banker", (n + 1,), "one-hot: the banking relative seat, or the house last")
        self.wager = self.block("wager", (1,), "chips each player wagers")
        self.cards = self.cards_block("cards", "this seat's seven cards, one row per position", CARDS)
        self.placed = self.cards_block("placed", "this seat's setting: two-card hand, five-card hand", 2)
        self.advice = self.cards_block("house_way", "the house way for these cards: two, five", 2)
        self.set_seats = self.block("set_seats", (n,), "the relative seats that have set")
        self.shown = self.block("shown", (n, 2, len(self.vocabulary)), "every setting at the reveal, per "
                                "relative seat: two, five")
        self.bank_hand = self.cards_block("bank_hand", "the bank's setting at the reveal: two, five", 2)
        self.results = self.block("results", (n,), "each relative seat's result in chips")
        self.segment(Constant("bank", (BANK, DECLINE), "bank, decline the bank"))
        self.segment(Constant("house way", (HOUSE_WAY,), "set by the house way"))
        self.segment(Arrangement("set", "set", (2, 5), self.cards_field("cards"), "set: index - 3 ranks the "
                                 "two-card hand's positions among the 21 pairs"))

    def features(self, view: PaiGowView, out: Features) -> None:
        phase = "over" if view.is_over else "set" if view.bank_decided else "bank"
        me = self.write_common(view, out, phase)
        n = self.players
        out.flag(self.banker + (n if view.banker is None else (view.banker - me) % n))
        out.value(self.wager, view.wager * self.chip_scale)
        out.slots(self.cards, self.vocabulary, self.ordered(view.cards))
        self._placement(out, self.placed, view.placed)
        self._placement(out, self.advice, view.advice)
        self.seat_flags(out, self.set_seats, me, view.set_seats)
        for seat, placement in view.shown.items():
            self._placement(out, self.shown + 2 * len(self.vocabulary) * ((seat - me) % n), placement)
        self._placement(out, self.bank_hand, view.bank_hand)
        self.seat_values(out, self.results, me, {s: r.amount for s, r in view.results.items()},
                         self.chip_scale)

    def _placement(self, out: Features, offset: int, placement: Placement | None) -> None:
        if placement is not None:
            out.cards(offset, self.vocabulary, placement.two)
            out.cards(offset + len(self.vocabulary), self.vocabulary, placement.five)

    def utility_range(self) -> tuple[float, float]:
        wager = self.game.config["wager"]
        most = wager * (self.players - 1) if self.game.has("player-banks") else wager
        return -float(most), float(most)

    def max_actions(self) -> int:
        return 2 * self.players


ENCODINGS = (PaiGowEncoding,)
