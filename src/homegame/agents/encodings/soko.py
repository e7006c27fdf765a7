"""Soko (Canadian Stud): betting only, the six betting indices; the bring-in is the check/call index
and a completion is a bet size."""

from __future__ import annotations

from homegame.agents.betting import Betting, MoneyBlocks, betting_actions, chip_range
from homegame.agents.encoding import Encoding, Features
from homegame.games.soko import SokoView

__all__ = ["SokoEncoding"]

ROUNDS = ("1", "2", "3", "4", "over")


class SokoEncoding(Encoding[SokoView]):
    """A hand of Soko as seen by one seat."""

    game_names = ("soko",)
    phases = ROUNDS

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.money = MoneyBlocks(self.layout, n, self.chip_scale)
        self.doubled = self.block("doubled", (1,), "1 once the limits are doubled")
        self.hole = self.cards_block("hole", "this seat's hole card")
        self.up = self.cards_block("up_cards", "the up cards, per relative seat", n)
        self.shown = self.cards_block("showdown", "hands shown at the end, per relative seat", n)
        self.segment(Betting())

    def features(self, view: SokoView, out: Features) -> None:
        me = self.write_common(view, out, ROUNDS[min(view.street, 5) - 1])
        self.money.write(view, me, out)
        if view.doubled:
            out.flag(self.doubled)
        if view.hole is not None:
            out.cards(self.hole, self.vocabulary, (view.hole,))
        self.seat_cards(out, self.up, me, view.up_cards)
        self.seat_cards(out, self.shown, me, view.showdown)

    def utility_range(self) -> tuple[float, float]:
        return chip_range(self.game)

    def max_actions(self) -> int:
        return betting_actions(self.game, 4)


ENCODINGS = (SokoEncoding,)
