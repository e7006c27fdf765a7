"""Open-Face Chinese Poker: the first five cards set by row codes, one card placed by its row, and
a fantasyland hand set whole.

Indices 0-242 set the first five cards: the index written in base 3 gives each card its row, the
``i``-th digit (from the lowest) for the ``i``-th card the view lists (0 front, 1 middle, 2 back);
codes that overfill a row are never legal. Indices 243-245 place the one card drawn in the front,
middle or back. Indices from 246 set a fantasyland hand of thirteen cards, numbered as Chinese
Poker's settings are.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from homegame.agents.encoding import Encoding, Features, Segment
from homegame.agents.segments import Arrangement, CardsOf
from homegame.engine import Action, ActionSet, Arrangements, Family
from homegame.games._rows import ROW_NAMES, ROW_SIZES
from homegame.games._units import PairwiseGame
from homegame.games.open_face import FIRST_CARDS, FOUL_PENALTY, LATER_ROUNDS, OpenFaceView

__all__ = ["OpenFaceEncoding"]

HAND = 13
PAIR_MOST = FOUL_PENALTY + 22 + 50 + 25
"""The most one pair of players can settle: the six of a sweep (or a foul) and the top royalties,
trips in front (22 graded), a royal flush in the middle (50) and in back (25)."""


@cache
def _codes(room: tuple[int, ...]) -> tuple[int, ...]:
    """The row codes of the first five cards that fit ``room``."""
    fits = []
    for code in range(3 ** FIRST_CARDS):
        counts = [0, 0, 0]
        for position in range(FIRST_CARDS):
            counts[code // 3 ** position % 3] += 1
        if all(count <= space for count, space in zip(counts, room, strict=True)):
            fits.append(code)
    return tuple(fits)


class RowCodes(Segment):
    """The first five cards set: one base-3 digit per card names its row."""

    def __init__(self, pending: CardsOf) -> None:
        super().__init__("first set", 3 ** FIRST_CARDS, "set the first five: base-3 digit i is the row "
                         "(0 front, 1 middle, 2 back) of the i-th card", ("set",))
        self.pending = pending

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        pending: Sequence[Any] = self.pending(view)
        placed = sorted(c for group in action.groups for c in group)
        if len(pending) != FIRST_CARDS or len(action.groups) != 3 or action.cards \
                or action.option is not None or placed != sorted(pending):
            return None
        code = 0
        for row, group in enumerate(action.groups):
            for card in group:
                code += row * 3 ** pending.index(card)
        return code

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        pending = self.pending(view)
        if len(pending) != FIRST_CARDS:
            return None
        rows = [local // 3 ** position % 3 for position in range(FIRST_CARDS)]
        return Action("set", groups=tuple(tuple(c for c, r in zip(pending, rows, strict=True) if r == row)
                                          for row in range(3)))

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        if isinstance(family, Arrangements) and family.kind == "set" and family.minimum == (0, 0, 0) \
                and sorted(family.cards) == sorted(view.pending) and len(set(view.pending)) == FIRST_CARDS:
            return _codes(tuple(family.maximum))
        return None

    def describe(self, local: int) -> str:
        rows = [ROW_NAMES[local // 3 ** position % 3] for position in range(FIRST_CARDS)]
        return "set " + " ".join(rows)


class Place(Segment):
    """``place ROW CARD``: the one card drawn, into a row."""

    def __init__(self) -> None:
        super().__init__("place", 3, "place the card drawn: front, middle, back", ("place",))

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        return ROW_NAMES.index(action.option) if action.option in ROW_NAMES else None

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        if len(view.pending) != 1:
            return None
        return Action("place", cards=tuple(view.pending), option=ROW_NAMES[local])

    def describe(self, local: int) -> str:
        return f"place {ROW_NAMES[local]}"


class OpenFaceEncoding(Encoding[OpenFaceView]):
    """A hand of Open-Face Chinese Poker as seen by one seat."""

    game_names = ("open_face",)
    phases = ("set", "place", "wait", "over")

    def build(self) -> None:
        n = self.players
        self.common_blocks()
        self.rows = self.block("rows", (n, 3, len(self.vocabulary)), "the rows each relative seat has "
                               "set so far (a fantasyland hand once shown): front, middle, back")
        self.pending = self.cards_block("pending", "this seat's cards to set, one row per position", HAND)
        self.room = self.block("room", (3,), "the cards this seat's rows still take")
        self.fantasy = self.block("fantasyland", (n, 2), "per relative seat: plays fantasyland, has set it")
        self.stock = self.block("stock_size", (1,), "cards left in the stock")
        self.fouled = self.block("fouled", (n,), "the relative seats that fouled, once over")
        self.royalties = self.block("royalties", (n, 3), "each relative seat's royalties, once over")
        self.totals = self.block("totals", (n,), "each relative seat's result, once over")
        self.segment(RowCodes(self.cards_field("pending")))
        self.segment(Place())
        self.segment(Arrangement("fantasyland", "set", ROW_SIZES, self.cards_field("pending"),
                                 "set a fantasyland hand: index - 246 ranks the split as in Chinese Poker"))

    def features(self, view: OpenFaceView, out: Features) -> None:
        pending = view.pending
        phase = "over" if view.is_over else "set" if len(pending) > 1 else "place" if pending else "wait"
        me = self.write_common(view, out, phase)
        n, vocabulary, width = self.players, self.vocabulary, len(self.vocabulary)
        for seat, rows in view.rows.items():
            for row, cards in enumerate(rows):
                out.cards(self.rows + width * (3 * ((seat - me) % n) + row), vocabulary, cards)
        out.slots(self.pending, vocabulary, self.ordered(pending))
        mine = view.rows.get(me, ((), (), ()))
        for row, size in enumerate(ROW_SIZES):
            out.value(self.room + row, size - len(mine[row]))
        for seat in view.fantasyland:
            out.flag(self.fantasy + 2 * ((seat - me) % n))
        for seat in view.fantasy_set:
            out.flag(self.fantasy + 2 * ((seat - me) % n) + 1)
        out.value(self.stock, view.stock_size)
        self.seat_flags(out, self.fouled, me, view.fouled)
        for seat, points in view.royalties.items():
            for row, value in enumerate(points):
                out.value(self.royalties + 3 * ((seat - me) % n) + row, value)
        self.seat_values(out, self.totals, me, view.totals)

    def utility_range(self) -> tuple[float, float]:
        assert isinstance(self.game, PairwiseGame)
        most = PAIR_MOST * self.game.units.against_everyone(self.players)
        return -float(most), float(most)

    def max_actions(self) -> int:
        return (1 + LATER_ROUNDS + 1) * self.players


ENCODINGS = (OpenFaceEncoding,)
