"""Pineapple, Crazy Pineapple and Crazy Pineapple Hi-Lo: six betting indices, then three discards.

Index 6 + ``i`` throws away the ``i``-th hole card as the view lists it (in the order dealt).
"""

from __future__ import annotations

from homegame.agents.betting import Betting, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import OneCard
from homegame.games.pineapple import PineappleView

__all__ = ["PineappleEncoding"]

HOLE = 3
STREETS = ("preflop", "flop", "turn", "river", "showdown")
STREET_NUMBERS = {street: number for number, street in enumerate(STREETS)}


class PineappleEncoding(Encoding[PineappleView]):
    """A hand of the Pineapple family as seen by one seat."""

    game_names = ("pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo")
    phases = ("betting", "discard", "over")

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.street = self.block("street", (len(STREETS),), "one-hot: " + ", ".join(STREETS))
        self.money = MoneyBlocks(self.layout, n, self.chip_scale)
        self.blinds = self.block("blinds", (n,), "the blind each relative seat posted")
        self.hole = self.cards_block("hole", "this seat's hole cards, one row per position", HOLE)
        self.discarded = self.cards_block("discarded", "the card this seat threw away")
        self.board = self.cards_block("board", "the board")
        self.must = self.block("must_discard", (n,), "the relative seats still to discard")
        self.shown = self.cards_block("showdown", "hole cards shown at the end, per relative seat", n)
        self.shown_discards = self.cards_block("showdown_discards", "the discards of the hands shown, "
                                               "per relative seat", n)
        self.segment(Betting())
        self.segment(OneCard("discard", "discard", HOLE, self.cards_field("hole"),
                             "discard the hole card at position index - 6"))

    def features(self, view: PineappleView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        out.flag(self.street + STREET_NUMBERS[view.street])
        self.money.write(view, me, out)
        self.seat_values(out, self.blinds, me, view.blinds, self.chip_scale)
        out.slots(self.hole, self.vocabulary, self.ordered(view.hole))
        if view.discarded is not None:
            out.cards(self.discarded, self.vocabulary, (view.discarded,))
        out.cards(self.board, self.vocabulary, view.board)
        self.seat_flags(out, self.must, me, view.must_discard)
        if view.showdown:
            self.seat_cards(out, self.shown, me, view.showdown)
            self.seat_cards(out, self.shown_discards, me, {s: (c,) for s, c in view.discards.items()})

    def utility_range(self) -> tuple[float, float]:
        return chip_range(self.game)

    def max_actions(self) -> int:
        return betting_actions(self.game, 4) + self.players


ENCODINGS = (PineappleEncoding,)
