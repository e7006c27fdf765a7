"""Rows of Chinese Poker and Open-Face Chinese Poker: front (3 cards), middle and back (5 each).

Both games set thirteen cards into three rows that must rise in strength from front to back, compare
each row with the same row of every opponent, and settle every pair of players on its own. What they
share lives here: row strengths (the front on the ``front`` ranking, whose strengths sit in the same
space as five-card ``high`` strengths, so a foul is a plain comparison), fouls, row-by-row results,
Open-Face royalties, names for partly built rows and the pairwise settlement ledger.

>>> from homegame.cards import parse_cards
>>> rows = Rows(*(tuple(parse_cards(t)) for t in ("Qh Qd 4c", "Ah Kh 8h 6h 3h", "9s 9c 9d 2h 2s")))
>>> is_foul(rows), [row_name(i, r) for i, r in enumerate(rows)]
(False, ['a pair of queens', 'flush, ace high', 'full house, nines over twos'])
>>> royalties(rows)
(7, 8, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

from homegame._compile import mypyc_attr
from homegame.cards import ACE, QUEEN, Card, Suit, deck, format_cards, rank_counts
from homegame.games._units import Payment
from homegame.ranking import reference
from homegame.ranking.core import decode, encode
from homegame.ranking.explain import versus
from homegame.ranking.front import FRONT
from homegame.ranking.high import HIGH, HIGH_CATEGORIES, high_name

__all__ = [
    "BACK_ROW",
    "FRONT_ROW",
    "MIDDLE_ROW",
    "ROW_NAMES",
    "ROW_SIZES",
    "Ledger",
    "Rows",
    "can_still_reach",
    "category_of",
    "compare_rows",
    "describe_rows",
    "is_foul",
    "pairs_of",
    "partial_strength",
    "qualifies_for_fantasyland",
    "row_name",
    "row_strength",
    "row_versus",
    "royalties",
    "royalty",
    "royalty_of_strength",
    "stays_in_fantasyland",
]

FRONT_ROW, MIDDLE_ROW, BACK_ROW = 0, 1, 2
ROW_NAMES: Final = ("front", "middle", "back")
ROW_SIZES: Final = (3, 5, 5)


class Rows(NamedTuple):
    """The three rows of one player, front first (each a tuple of cards, possibly not yet full)."""

    front: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    back: tuple[Card, ...] = ()

    @property
    def complete(self) -> bool:
        return all(len(row) == size for row, size in zip(self, ROW_SIZES, strict=True))

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    def room(self) -> tuple[int, int, int]:
        """How many more cards each row takes."""
        return (3 - len(self.front), 5 - len(self.middle), 5 - len(self.back))

    def adding(self, row: int, cards: Sequence[Card]) -> Rows:
        """These rows with ``cards`` added to row ``row``."""
        grown = list(self)
        grown[row] = (*grown[row], *cards)
        return Rows(*grown)

    def __str__(self) -> str:
        return " | ".join(format_cards(row) for row in self)


def row_strength(row: int, cards: Sequence[Card]) -> int:
    """The strength of a complete row: the front on the ``front`` ranking, the others on ``high``."""
    return FRONT.strength(cards) if row == FRONT_ROW else HIGH.strength(cards)


def partial_strength(cards: Sequence[Card]) -> int:
    """The strength a row has so far, counting only pairs, trips and quads (missing cards lowest).

    A complete row gets its real strength; a partial one is valued by its rank groups alone, as
    the cards to come can only improve it. Used for hints while Open-Face rows are being built.

    >>> from homegame.cards import parse_cards
    >>> partial_strength(parse_cards("Kh Kd")) > partial_strength(parse_cards("Qh Qd 9c"))
    True
    """
    if len(cards) == 5:
        return HIGH.strength(cards)
    counts = rank_counts(cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ranks = [rank for rank, _ in groups]
    shape = [count for _, count in groups]
    if shape[:1] == [4]:
        category = reference.FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        category = reference.FULL_HOUSE
    elif shape[:1] == [3]:
        category = reference.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = reference.TWO_PAIR
    elif shape[:1] == [2]:
        category = reference.PAIR
    else:
        category = reference.HIGH_CARD
    return encode(category, ranks)


def can_still_reach(cards: Sequence[Card], strength: int) -> bool:
    """Whether a middle or back row holding ``cards`` can still be at least ``strength`` once full.

    Any card not in the row counts as one that may still come, even one seen elsewhere, so a
    ``False`` is certain: a lower row already that strong makes a foul whatever comes.

    >>> from homegame.cards import parse_cards
    >>> pair_of_kings = HIGH.strength(parse_cards("Kh Kd 9c 5s 2d"))
    >>> can_still_reach(parse_cards("2c 3d 4h 9s"), pair_of_kings)  # at best a pair of nines
    False
    >>> can_still_reach(parse_cards("2h 6h"), pair_of_kings)  # a flush, or a straight flush
    True
    """
    return _can_still_reach(tuple(sorted(cards)), strength)


@lru_cache(maxsize=4096)
def _can_still_reach(cards: tuple[Card, ...], strength: int) -> bool:
    return any(HIGH.strength([*cards, *more]) >= strength for more in _fillings(cards, 5 - len(cards)))


_CARDS: Final = {(card.rank, card.suit): card for card in deck()}
_RANKS: Final = range(ACE, 1, -1)
"""The ranks, aces first: a strong filling comes early."""


def _fillings(cards: Sequence[Card], room: int) -> Iterator[tuple[Card, ...]]:
    """Ways to fill ``room`` places after ``cards`` that include the strongest, strong ones first:
    one card held or none makes a straight flush; otherwise, if the cards held share a suit, every
    flush in it, then every mix of ranks (suits as they come)."""
    suits = {card.suit for card in cards}
    if len(cards) <= 1:
        suit, top = (cards[0].suit, min(ACE, cards[0].rank + 4)) if cards else (Suit.SPADES, ACE)
        yield tuple(_CARDS[rank, suit] for rank in range(top - 4, top + 1) if _CARDS[rank, suit] not in cards)
        return
    if len(suits) == 1:
        suit = next(iter(suits))
        held = {card.rank for card in cards}
        for ranks in combinations([rank for rank in _RANKS if rank not in held], room):
            yield tuple(_CARDS[rank, suit] for rank in ranks)
    for ranks in combinations_with_replacement(_RANKS, room):
        more = _of_ranks(cards, ranks)
        if more is not None:
            yield more


def _of_ranks(cards: Sequence[Card], ranks: Sequence[int]) -> tuple[Card, ...] | None:
    """Cards of ``ranks`` that are not among ``cards``, or None if a rank has too few left."""
    taken, more = set(cards), []
    for rank in ranks:
        free = [card for suit in Suit if suit is not Suit.PAYOO
                and (card := _CARDS[rank, suit]) not in taken]
        if not free:
            return None
        taken.add(free[0])
        more.append(free[0])
    return tuple(more)


def row_name(row: int, cards: Sequence[Card]) -> str:
    """The human name of a row, complete or not ("a pair of kings", "flush, ace high")."""
    if not cards:
        return "empty"
    complete = len(cards) == ROW_SIZES[row]
    value = row_strength(row, cards) if complete else partial_strength(cards)
    category, ranks = decode(value)
    name = high_name(HIGH_CATEGORIES[category], ranks)
    return name if complete else f"{name} so far"


def row_versus(row: int, winner: Sequence[Card], loser: Sequence[Card]) -> str:
    """``"<winner's row> beats <loser's row>"``, naming what decided it when the names agree.

    >>> from homegame.cards import parse_cards
    >>> row_versus(MIDDLE_ROW, parse_cards("Ah Kh 8h 6h 3h"), parse_cards("As Ks 8s 5s 4s"))
    'flush, ace high beats flush, ace high on the fourth card (a six against a five)'
    """
    ranking = FRONT if row == FRONT_ROW else HIGH
    return versus(row_name(row, winner), ranking.evaluate(winner).cards,
                  row_name(row, loser), ranking.evaluate(loser).cards)


def category_of(strength: int) -> int:
    """The category number of a strength (see :mod:`homegame.ranking.reference`)."""
    return decode(strength)[0]


def is_foul(rows: Rows) -> bool:
    """Whether complete rows fail to rise: the back must be at least the middle, the middle at
    least the front (under the standard ranking, a missing front kicker counting lowest)."""
    front, middle, back = (row_strength(i, cards) for i, cards in enumerate(rows))
    return not back >= middle >= front


def compare_rows(mine: Rows, theirs: Rows) -> tuple[int, int, int]:
    """Each row's result for ``mine``: 1 won, -1 lost, 0 tied (rows compared as they stand)."""
    results = []
    for row in range(3):
        a, b = row_strength(row, mine[row]), row_strength(row, theirs[row])
        results.append((a > b) - (a < b))
    return results[0], results[1], results[2]


# Open-Face royalties: (middle, back) by five-card category, and the front pairs 66 to AA.
_FIVE_CARD_ROYALTIES: Final = {
    reference.STRAIGHT: (4, 2), reference.FLUSH: (8, 4), reference.FULL_HOUSE: (12, 6),
    reference.FOUR_OF_A_KIND: (20, 10), reference.STRAIGHT_FLUSH: (30, 15),
}
_ROYAL_FLUSH: Final = (50, 25)
FRONT_TRIPS_FLAT: Final = 20


def royalty(row: int, cards: Sequence[Card], *, graded_front_trips: bool = False) -> int:
    """The Open-Face royalty of one complete row.

    Front: a pair of sixes 1 rising by one to a pair of aces 9; three of a kind 20 (or, with
    ``graded_front_trips``, three 2s 10 rising by one to three aces 22). Middle and back: straight
    4/2, flush 8/4, full house 12/6, four of a kind 20/10, straight flush 30/15, royal flush 50/25.

    >>> from homegame.cards import parse_cards
    >>> royalty(0, parse_cards("6h 6d 2c")), royalty(0, parse_cards("5h 5d Ac"))
    (1, 0)
    >>> royalty(0, parse_cards("2h 2d 2c")), royalty(0, parse_cards("2h 2d 2c"), graded_front_trips=True)
    (20, 10)
    >>> royalty(2, parse_cards("Ah Kh Qh Jh Th")), royalty(1, parse_cards("Ah Kh Qh Jh Th"))
    (25, 50)
    """
    return royalty_of_strength(row, row_strength(row, cards), graded_front_trips=graded_front_trips)


def royalty_of_strength(row: int, strength: int, *, graded_front_trips: bool = False) -> int:
    """The royalty of a complete row from its strength alone (see :func:`royalty`); the fast path
    for bots that already hold strengths."""
    category, ranks = decode(strength)
    if row == FRONT_ROW:
        if category == reference.THREE_OF_A_KIND:
            return ranks[0] + 8 if graded_front_trips else FRONT_TRIPS_FLAT
        if category == reference.PAIR and ranks[0] >= 6:
            return ranks[0] - 5
        return 0
    if category == reference.STRAIGHT_FLUSH and ranks[0] == ACE:
        pay = _ROYAL_FLUSH
    else:
        pay = _FIVE_CARD_ROYALTIES.get(category, (0, 0))
    return pay[0] if row == MIDDLE_ROW else pay[1]


def royalties(rows: Rows, *, graded_front_trips: bool = False) -> tuple[int, int, int]:
    """The royalty of each row of a complete, unfouled setting (a fouled one earns none)."""
    if is_foul(rows):
        return 0, 0, 0
    front, middle, back = (royalty(i, cards, graded_front_trips=graded_front_trips)
                           for i, cards in enumerate(rows))
    return front, middle, back


def qualifies_for_fantasyland(rows: Rows) -> bool:
    """Queens or better in front of an unfouled setting earns the next hand in fantasyland."""
    if is_foul(rows):
        return False
    category, ranks = decode(row_strength(FRONT_ROW, rows.front))
    return category == reference.THREE_OF_A_KIND or (category == reference.PAIR and ranks[0] >= QUEEN)


def stays_in_fantasyland(rows: Rows) -> bool:
    """A fantasyland hand keeps its place with, unfouled, four of a kind or better in back, a full
    house or better in the middle, or three of a kind in front."""
    if is_foul(rows):
        return False
    return (category_of(row_strength(BACK_ROW, rows.back)) >= reference.FOUR_OF_A_KIND
            or category_of(row_strength(MIDDLE_ROW, rows.middle)) >= reference.FULL_HOUSE
            or category_of(row_strength(FRONT_ROW, rows.front)) == reference.THREE_OF_A_KIND)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class Ledger:
    """Payments between pairs of players; every payment moves units from one seat to another, so
    the totals always sum to zero.

    >>> ledger = Ledger(3)
    >>> ledger.pay(0, 1, 2, "surrender"); ledger.pay(2, 0, 1, "front")
    >>> ledger.totals()
    {0: -1, 1: 2, 2: -1}
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.payments: list[Payment] = []

    def copy(self) -> Ledger:
        """The same payments in a ledger of its own."""
        twin = Ledger(self.players)
        twin.payments = list(self.payments)
        return twin

    def pay(self, payer: int, payee: int, units: int, reason: str) -> None:
        if units < 0:
            payer, payee, units = payee, payer, -units
        if units:
            self.payments.append(Payment(payer, payee, units, reason))

    def totals(self, unit_between: Callable[[int, int], int] = lambda a, b: 1) -> dict[int | str, int]:
        """Each seat's net in chips, every payment at the unit its two seats play for."""
        result: dict[int | str, int] = dict.fromkeys(range(self.players), 0)
        for payment in self.payments:
            chips = payment.units * unit_between(payment.payer, payment.payee)
            result[payment.payer] -= chips
            result[payment.payee] += chips
        return result

    def between(self, a: int, b: int) -> int:
        """What ``b`` paid ``a`` net (negative when ``a`` paid)."""
        return sum(p.units if p.payee == a else -p.units for p in self.payments
                   if {p.payer, p.payee} == {a, b})


def describe_rows(rows: Rows) -> str:
    """The rows with their names: ``front: a pair of queens (Qh Qd 4c); ...``."""
    return "; ".join(f"{ROW_NAMES[i]}: {row_name(i, cards)} ({format_cards(cards)})"
                     for i, cards in enumerate(rows) if cards)


def pairs_of(seats: Iterable[int]) -> list[tuple[int, int]]:
    """Every pair of the given seats, each once, lower seat first."""
    ordered = sorted(seats)
    return [(a, b) for index, a in enumerate(ordered) for b in ordered[index + 1:]]

