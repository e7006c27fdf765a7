"""Anaconda: six betting indices, the passes, the declaration and the final five.

Indices 6-40 pass three of the seven cards: the rank of their hand positions among the 35 ways
(lexicographic: 6 passes positions 0 1 2, 40 passes 4 5 6). Indices 41 and 42 declare high and low.
Indices 43-147 choose the final five: the engine's order of the 105 ways to split the hand into four
cards to show, one kept down and two thrown away (see ``Arrangement``).
"""

from __future__ import annotations

from homegame.agents.betting import Betting, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import Arrangement, Combination, Constant
from homegame.games.anaconda import AnacondaView
from homegame.games.anaconda.state import DECLARE_HIGH, DECLARE_LOW, HAND, PASS, PHASES, SHOW

__all__ = ["AnacondaEncoding"]

SIDES = ("high", "low")


class AnacondaEncoding(Encoding[AnacondaView]):
    """A hand of Anaconda as seen by one seat."""

    game_names = ("anaconda",)
    phases = PHASES
    utility = "general-sum"

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.money = MoneyBlocks(self.layout, n, self.chip_scale)
        self.carried = self.block("carried_in", (1,), "chips the last hand left in the pot")
        self.hand = self.cards_block("hand", "this seat's cards, one row per position", HAND)
        self.chosen = self.block("chosen", (n,), "the relative seats that have made the current choice")
        self.passing = self.cards_block("passing", "the cards this seat set aside to pass now")
        self.passed = self.cards_block("passed", "the cards this seat passed, first and second pass", 2)
        self.received = self.cards_block("received", "the cards this seat received, first and second "
                                         "pass", 2)
        self.pass_to = self.block("pass_to", (n,), "one-hot: the relative seat this seat passes to")
        self.declared = self.block("declarations", (n, 2), "per relative seat: declared high, low")
        self.final = self.cards_block("my_final", "this seat's final choice: shown, kept down, thrown", 3)
        self.shown = self.cards_block("shown", "the four cards each relative seat shows", n)
        self.showdown = self.cards_block("showdown", "hands at the showdown, per relative seat", n)
        cards = self.cards_field("hand")
        self.segment(Betting())
        self.segment(Combination("pass", "pass", HAND, PASS, cards, "pass three: index - 6 ranks the "
                                 "hand positions among the 35 ways"))
        self.segment(Constant("declare", (DECLARE_HIGH, DECLARE_LOW), "declare high, declare low"))
        self.segment(Arrangement("show", "show", SHOW, cards, "the final five: index - 43 ranks the "
                                 "split into 4 shown, 1 down, 2 thrown among the 105 ways"))

    def features(self, view: AnacondaView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        n, vocabulary = self.players, self.vocabulary
        self.money.write(view, me, out)
        out.value(self.carried, view.carried_in * self.chip_scale)
        out.slots(self.hand, vocabulary, self.ordered(view.hand))
        self.seat_flags(out, self.chosen, me, view.chosen)
        out.cards(self.passing, vocabulary, view.passing)
        for row, cards in enumerate(view.passed):
            out.cards(self.passed + row * len(vocabulary), vocabulary, cards)
        for row, cards in enumerate(view.received):
            out.cards(self.received + row * len(vocabulary), vocabulary, cards)
        if me in view.pass_to:
            self.seat_flags(out, self.pass_to, me, (view.pass_to[me],))
        sides = dict(view.declarations)
        if view.declaration is not None:
            sides[me] = view.declaration
        for seat, side in sides.items():
            out.flag(self.declared + 2 * ((seat - me) % n) + SIDES.index(side))
        width = len(vocabulary)
        out.cards(self.final, vocabulary, view.my_show)
        if view.my_hidden is not None:
            out.cards(self.final + width, vocabulary, (view.my_hidden,))
        out.cards(self.final + 2 * width, vocabulary, view.my_discards)
        self.seat_cards(out, self.shown, me, view.shown)
        self.seat_cards(out, self.showdown, me, view.showdown)

    def utility_range(self) -> tuple[float, float]:
        return chip_range(self.game)

    def max_actions(self) -> int:
        return betting_actions(self.game, 4) + 4 * self.players


ENCODINGS = (AnacondaEncoding,)
