"""Whiskey Poker: six betting indices, the three moves of the exchange, then the widow swaps.

Indices 6-8 are ``take`` (the whole widow), ``pass`` and ``knock``. Index 9 + 5 * ``i`` + ``j``
swaps the ``i``-th card of the hand for the ``j``-th card of the widow, as the view lists them
(the widow face up).
"""

from __future__ import annotations

from typing import Any

from homegame.agents.betting import Betting, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features, Segment
from homegame.agents.segments import CardsOf, Constant
from homegame.engine import Action, ActionSet
from homegame.games.whiskey import KNOCK, PASS, TAKE, WhiskeyView

__all__ = ["WhiskeyEncoding"]

HAND = 5
PHASES = ("bet1", "exchange", "bet2", "widow", "bet3", "over")


class Swap(Segment):
    """``swap MINE WIDOW`` by the two positions: hand position times five plus widow position."""

    def __init__(self, hand: CardsOf, widow: CardsOf) -> None:
        super().__init__("swap", HAND * HAND, "swap hand card i for widow card j: index 9 + 5i + j",
                         ("swap",))
        self.hand, self.widow = hand, widow

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        hand, widow = self.hand(view), self.widow(view)
        if len(action.cards) != 2 or not widow or action.cards[0] not in hand or action.cards[1] not in widow:
            return None
        return HAND * list(hand).index(action.cards[0]) + list(widow).index(action.cards[1])

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        mine, theirs = divmod(local, HAND)
        hand, widow = self.hand(view), self.widow(view)
        if not widow or mine >= len(hand) or theirs >= len(widow):
            return None
        return Action("swap", cards=(hand[mine], widow[theirs]))

    def describe(self, local: int) -> str:
        mine, theirs = divmod(local, HAND)
        return f"swap hand position {mine} for widow position {theirs}"


class WhiskeyEncoding(Encoding[WhiskeyView]):
    """A hand of Whiskey Poker as seen by one seat."""

    game_names = ("whiskey",)
    phases = PHASES
    utility = "general-sum"

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.money = MoneyBlocks(self.layout, n, self.chip_scale)
        self.hand = self.cards_block("hand", "this seat's cards, one row per position", HAND)
        self.widow = self.cards_block("widow", "the widow when this seat may know it, one row per "
                                      "position", HAND)
        self.widow_flags = self.block("widow_flags", (2,), "the widow is known to this seat; it is face up")
        self.knocker = self.block("knocker", (n,), "one-hot: the relative seat that knocked")
        self.chips = self.block("chips", (n,), "each relative seat's chips, used only with the chips "
                                "variant (all 0 without it)")
        self.shown = self.cards_block("showdown", "hands shown at the end, per relative seat", n)
        self.segment(Betting())
        self.segment(Constant("trade", (TAKE, PASS, KNOCK), "take the widow, pass, knock"))
        self.segment(Swap(self.cards_field("hand"), self.cards_field("widow")))

    def features(self, view: WhiskeyView, out: Features) -> None:
        me = self.write_common(view, out, view.phase)
        self.money.write(view, me, out)
        out.slots(self.hand, self.vocabulary, self.ordered(view.hand))
        if view.widow is not None:
            out.slots(self.widow, self.vocabulary, self.ordered(view.widow))
            out.flag(self.widow_flags)
        if view.widow_face_up:
            out.flag(self.widow_flags + 1)
        if view.knocker is not None:
            self.seat_flags(out, self.knocker, me, (view.knocker,))
        self.seat_values(out, self.chips, me, view.chips, self.chip_scale)
        self.seat_cards(out, self.shown, me, view.showdown)

    def utility_range(self) -> tuple[float, float]:
        return (-1.0, 0.0) if self.game.has("chips") else chip_range(self.game)

    def max_actions(self) -> int:
        n = self.players
        orbits: int = self.game.config["orbits"]
        return betting_actions(self.game, 3) + 2 * n + (orbits + 1) * n


ENCODINGS = (WhiskeyEncoding,)
