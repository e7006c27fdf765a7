"""Paiute: draw from the stock or the pile, then discard or call, by hand position.

Indices 0 and 1 draw from the stock and take the top discard; 2 + ``i`` discards the hand's
``i``-th card (as the view lists it); 8 calls a six-card combination; 9 + ``i`` calls the five
cards left after throwing away the ``i``-th card.
"""

from __future__ import annotations

from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import Constant, OneCard
from homegame.games.paiute.game import PAY_TABLE_SETTINGS
from homegame.games.paiute.state import CALL_SIX, DRAW_PILE, DRAW_STOCK
from homegame.games.paiute.views import PaiuteView

__all__ = ["PaiuteEncoding"]

HELD = 6
MAX_ACTIONS = 1000
"""A Paiute deal has no bound of its own (players may keep taking the top discard, which never
runs the stock down); random play ends within about 400 actions. OpenSpiel needs a bound: its game
ends a deal still open after this many actions as void, every result 0."""


class PaiuteEncoding(Encoding[PaiuteView]):
    """A deal of Paiute as seen by one seat."""

    game_names = ("paiute",)
    phases = ("draw", "discard", "over")

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.hand = self.cards_block("hand", "this seat's cards, one row per position", HELD)
        self.sizes = self.block("hand_sizes", (n,), "cards each relative seat holds")
        self.wild = self.cards_block("wild_cards", "the wild cards")
        self.turned = self.cards_block("wild_card", "the card turned up for the wild rank")
        self.top = self.cards_block("top_discard", "the top of the discard pile")
        self.counts = self.block("counts", (4,), "cards in the discard pile, in the stock, rebuilds "
                                 "so far, 1 on this seat's first turn")
        self.taken = self.cards_block("taken", "the card this seat took from the pile this turn")
        self.calls = self.cards_block("calls", "the cards each relative seat laid down in a call", n)
        self.best = self.block("best_call", (n,), "one-hot: the relative seat with the best call")
        self.last = self.block("last_turns", (n,), "the relative seats that still have a last turn")
        self.won = self.block("deals_won", (n,), "deals each relative seat has won so far")
        self.void = self.block("void", (1,), "1 when the deal is void")
        hand = self.cards_field("hand")
        self.segment(Constant("draw", (DRAW_STOCK, DRAW_PILE), "draw from the stock, take the top discard"))
        self.segment(OneCard("discard", "discard", HELD, hand, "discard the card at position index - 2"))
        self.segment(Constant("call six", (CALL_SIX,), "call a six-card combination"))
        self.segment(OneCard("call five", "call", HELD, hand, "call five, throwing away position index - 9"))

    def features(self, view: PaiuteView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        vocabulary = self.vocabulary
        out.slots(self.hand, vocabulary, self.ordered(view.hand))
        self.seat_values(out, self.sizes, me, view.hand_sizes)
        out.cards(self.wild, vocabulary, view.wild_cards)
        for offset, card in ((self.turned, view.wild_card), (self.top, view.top_discard),
                             (self.taken, view.taken)):
            if card is not None:
                out.cards(offset, vocabulary, (card,))
        for position, number in enumerate((view.discards, view.stock_size, view.rebuilds,
                                           int(view.first_turn))):
            out.value(self.counts + position, number)
        self.seat_cards(out, self.calls, me, {call.seat: call.cards for call in view.calls})
        if view.calls:
            self.seat_flags(out, self.best, me, (view.calls[-1].seat,))
        self.seat_flags(out, self.last, me, view.last_turns)
        self.seat_values(out, self.won, me, view.deals_won)
        if view.void:
            out.flag(self.void)

    def utility_range(self) -> tuple[float, float]:
        game = self.game
        if game.has("pay-table"):
            most = max(game.config[key] for key in PAY_TABLE_SETTINGS.values())
        else:
            most = game.config["ante"] if game.has("ante") else 1
        return -float(most), float(most * (self.players - 1))

    def max_actions(self) -> int:
        return MAX_ACTIONS


ENCODINGS = (PaiuteEncoding,)
