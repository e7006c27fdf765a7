"""Chinese Poker: every one of the 72,072 settings of thirteen cards, the naturals, and the surrender.

Index ``r`` (0 to 72,071) sets the hand as the engine's ``Arrangements`` numbers the settings of
the thirteen cards (the view lists them high to low): ``r = f + 286 * m``, where ``f`` is the rank of
the front's three positions among the 286 ways and ``m`` the rank of the middle's five positions
among the 252 ways of the ten left (the back takes the rest). The next four indices declare the
naturals (dragon, three flushes, three straights, six pairs); the last two show or surrender.
"""

from __future__ import annotations

from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import Arrangement, Constant
from homegame.engine import Action
from homegame.games._naturals import NATURAL_NAMES
from homegame.games._units import PairwiseGame
from homegame.games.chinese import SHOW, SURRENDER, ChineseView

__all__ = ["ChineseEncoding"]

ROWS = (3, 5, 5)
PAIR_MOST = 3 + 5 + 5 + 3
"""The most one pair of players can settle: a bonus on every row (front trips 3, straight flushes
5) and the scoop (a dragon's 13 is less)."""


class ChineseEncoding(Encoding[ChineseView]):
    """A hand of Chinese Poker as seen by one seat."""

    game_names = ("chinese",)
    phases = ("set", "surrender", "over")

    def build(self) -> None:
        n, naturals = self.players, len(NATURAL_NAMES)
        self.common_blocks()
        self.hand = self.cards_block("hand", "this seat's thirteen cards, one row per position", 13)
        self.mine = self.cards_block("my_setting", "this seat's rows as set: front, middle, back", 3)
        self.available = self.block("available_naturals", (naturals,), "the naturals this seat holds: "
                                    + ", ".join(NATURAL_NAMES))
        self.decided = self.block("decided", (n,), "the relative seats that have set or declared")
        self.naturals = self.block("naturals", (n, naturals), "per relative seat: the natural it "
                                   "declared (this seat's own at once, the others' once shown)")
        self.surrendered = self.block("surrendered", (n,), "the relative seats that surrendered")
        self.shown = self.block("shown", (n, 3, len(self.vocabulary)), "rows shown, per relative seat "
                                "(a natural shown whole counts all its cards in the first row)")
        self.fouled = self.block("fouled", (n,), "the relative seats whose shown rows foul")
        self.totals = self.block("totals", (n,), "each relative seat's result, once over")
        self.segment(Arrangement("set", "set", ROWS, self.cards_field("hand"), "set the rows: the engine's "
                                 "rank of the split into front, middle, back"))
        self.segment(Constant("declare", [Action("declare", option=name) for name in NATURAL_NAMES],
                              "declare a natural: " + ", ".join(NATURAL_NAMES)))
        self.segment(Constant("surrender", (SHOW, SURRENDER), "show, surrender"))

    def features(self, view: ChineseView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        n, vocabulary, width = self.players, self.vocabulary, len(self.vocabulary)
        out.slots(self.hand, vocabulary, self.ordered(view.hand))
        for row, cards in enumerate(view.my_setting):
            out.cards(self.mine + row * width, vocabulary, cards)
        for name in view.available_naturals:
            out.flag(self.available + NATURAL_NAMES.index(name))
        self.seat_flags(out, self.decided, me, view.decided)
        declared = dict(view.naturals)
        if view.my_natural is not None:
            declared[me] = view.my_natural
        for seat, name in declared.items():
            out.flag(self.naturals + len(NATURAL_NAMES) * ((seat - me) % n) + NATURAL_NAMES.index(name))
        self.seat_flags(out, self.surrendered, me, view.surrendered)
        for seat, rows in view.shown.items():
            for row, cards in enumerate(rows):
                out.cards(self.shown + width * (3 * ((seat - me) % n) + row), vocabulary, cards)
        self.seat_flags(out, self.fouled, me, view.fouled)
        self.seat_values(out, self.totals, me, view.totals)

    def utility_range(self) -> tuple[float, float]:
        assert isinstance(self.game, PairwiseGame)
        most = PAIR_MOST * self.game.units.against_everyone(self.players)
        return -float(most), float(most)

    def max_actions(self) -> int:
        return 2 * self.players


ENCODINGS = (ChineseEncoding,)
