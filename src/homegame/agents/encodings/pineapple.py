"""Pineapple, Crazy Pineapple and Crazy Pineapple Hi-Lo: six betting indices, then three discards.

Index 6 + ``i`` throws away the ``i``-th hole card as the view lists it (in the order dealt).
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame._compile import mypyc_attr
from homegame.agents.betting import Betting, BettingTurn, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features
from homegame.agents.segments import OneCard
from homegame.cards import Card
from homegame.engine.betting import BettingRound
from homegame.engine.pots import Chips
from homegame.games.pineapple import PineappleState, PineappleView

__all__ = ["PineappleEncoding"]

HOLE = 3
STREETS = ("preflop", "flop", "turn", "river", "showdown")
STREET_NUMBERS = {street: number for number, street in enumerate(STREETS)}


class PineappleEncoding(Encoding[PineappleView]):
    """A hand of the Pineapple family as seen by one seat."""

    game_names = ("pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo")
    phases = ("betting", "discard", "over")
    reads_state = True

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
        self.money.write(view, me, out)
        self._write_table(out, me, view.street, view.blinds, view.hole, view.discarded, view.board,
                          view.must_discard)
        if view.showdown:
            self._write_shown(out, me, view.showdown, view.discards)

    def state_features(self, state: PineappleState, seat: int, out: Features) -> None:
        """:meth:`features` of the seat's view, read from the hand itself (see ``reads_state``)."""
        self.write_seat_common(out, seat, state.phase(), state.dealer, state.to_act)
        self.money.write_chips(state.chips, state.betting, seat, out)
        discarding = state.discarding
        self._write_table(out, seat, state.street, state.blinds, state.hole.get(seat, ()),
                          state.discards.get(seat), state.board, discarding.waiting if discarding else ())
        if state.street == "showdown" and state.revealed:
            shown = state.shown_discards(state.fully_shown())
            self._write_shown(out, seat, state.revealed, shown)

    def _write_shown(self, out: Features, me: int, showdown: dict[int, tuple[Card, ...]],
                     discards: dict[int, Card]) -> None:
        """The hands shown at the end, and the discards of those shown whole."""
        self.seat_cards(out, self.shown, me, showdown)
        self.seat_cards(out, self.shown_discards, me, {seat: (card,) for seat, card in discards.items()})

    def _write_table(self, out: Features, me: int, street: str, blinds: dict[int, int],
                     hole: Sequence[Card], discarded: Card | None, board: Sequence[Card],
                     must_discard: tuple[int, ...]) -> None:
        """The street, the blinds, the seat's cards, the board and who is still to discard."""
        out.flag(self.street + STREET_NUMBERS[street])
        self.seat_values(out, self.blinds, me, blinds, self.chip_scale)
        out.slots(self.hole, self.vocabulary, self.ordered(hole))
        if discarded is not None:
            out.cards(self.discarded, self.vocabulary, (discarded,))
        out.cards(self.board, self.vocabulary, board)
        self.seat_flags(out, self.must, me, must_discard)

    def turn_view(self, state: PineappleState, seat: int) -> PineappleTurn:
        """What the betting and discard indices read of the seat's view."""
        return PineappleTurn(seat, state.chips, state.betting, tuple(state.hole.get(seat, ())))

    def utility_range(self) -> tuple[float, float]:
        return chip_range(self.game)

    def max_actions(self) -> int:
        return betting_actions(self.game, 4) + self.players


@mypyc_attr(allow_interpreted_subclasses=True)  # an environment copied mid-turn holds one
class PineappleTurn(BettingTurn):
    """What Pineapple's action indices read of a seat's view: the betting's fields and the hole
    cards, which name a discard."""

    __slots__ = ("hole",)

    def __init__(self, seat: int, chips: Chips, betting: BettingRound | None, hole: tuple[Card, ...]) -> None:
        super().__init__(seat, chips, betting)
        self.hole = hole


ENCODINGS = (PineappleEncoding,)
