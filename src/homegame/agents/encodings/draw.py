"""Basic Draw Poker (and lowball): six betting indices, then a draw named by a bit mask of positions.

The draw index is 6 plus the bit mask of the hand positions thrown away (bit ``i``: the ``i``-th
card of the hand as the view lists it), so 6 stands pat and 6 + 31 throws all five. The mask allows
exactly what the rules do: up to three cards, or four when the card kept is an ace (shown).
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame._compile import mypyc_attr
from homegame.agents.betting import Betting, BettingTurn, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import DiscardMask
from homegame.cards import Card
from homegame.engine.betting import BettingRound
from homegame.engine.pots import Chips
from homegame.games.draw import DrawView
from homegame.games.draw.state import DrawState

__all__ = ["DrawEncoding"]

HAND = 5


class DrawEncoding(Encoding[DrawView]):
    """Draw poker as seen by one seat."""

    game_names = ("draw",)
    phases = ("bet1", "draw", "bet2", "over")
    reads_state = True

    def build(self) -> None:
        self.common_blocks()
        self.money = MoneyBlocks(self.layout, self.players, self.chip_scale)
        self.hand = self.cards_block("hand", "this seat's cards, one row per hand position", HAND)
        self.drawn = self.block("drawn", (self.players, 2), "per relative seat: has drawn, cards drawn")
        self.aces = self.cards_block("shown_aces", "aces shown to draw four")
        self.shown = self.cards_block("showdown", "hands shown at the end, per relative seat", self.players)
        self.segment(Betting())
        self.segment(DiscardMask("draw", "discard", HAND, self.cards_field("hand"),
                                 "discard: bit i of (index - 6) throws the hand's i-th card"))

    def features(self, view: DrawView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        self.money.write(view, me, out)
        self._write_cards(out, me, view.hand, view.drawn, view.shown_aces, view.showdown)

    def state_features(self, state: DrawState, seat: int, out: Features) -> None:
        """:meth:`features` of the seat's view, read from the hand itself (see ``reads_state``)."""
        self.write_seat_common(out, seat, state.phase, state.dealer, state.to_act)
        self.money.write_chips(state.chips, state.betting, seat, out)
        self._write_cards(out, seat, state.hands[seat], state.drawn, state.shown_aces, state.revealed)

    def _write_cards(self, out: Features, me: int, hand: Sequence[Card], drawn: dict[int, int],
                     shown_aces: dict[int, Card], showdown: dict[int, tuple[Card, ...]]) -> None:
        """The hand, the draws, the aces shown and the hands shown at the end."""
        out.slots(self.hand, self.vocabulary, self.ordered(hand))
        for seat, count in drawn.items():
            row = self.drawn + 2 * ((seat - me) % self.players)
            out.flag(row)
            out.value(row + 1, count)
        if shown_aces:
            out.cards(self.aces, self.vocabulary, shown_aces.values())
        if showdown:
            self.seat_cards(out, self.shown, me, showdown)

    def turn_view(self, state: DrawState, seat: int) -> DrawTurn:
        """What the betting and discard indices read of the seat's view."""
        return DrawTurn(seat, state.chips, state.betting, tuple(state.hands[seat]))

    def utility_range(self) -> tuple[float, float]:
        return chip_range(self.game)

    def max_actions(self) -> int:
        return betting_actions(self.game, 2) + self.players


@mypyc_attr(allow_interpreted_subclasses=True)  # an environment copied mid-turn holds one
class DrawTurn(BettingTurn):
    """What Draw's action indices read of a seat's view: the betting's fields and the hand, which
    names a discard."""

    __slots__ = ("hand",)

    def __init__(self, seat: int, chips: Chips, betting: BettingRound | None, hand: tuple[Card, ...]) -> None:
        super().__init__(seat, chips, betting)
        self.hand = hand


ENCODINGS = (DrawEncoding,)
