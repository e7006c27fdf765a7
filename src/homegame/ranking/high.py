"""Standard high poker: the best five cards of five, six, seven or more.

The hot path, :func:`fast_strength`, adds up one precomputed number per card: the sum holds the
count of each suit (to spot a flush), a key that tells rank multisets apart (see
:mod:`homegame.ranking._high_tables`) and the number of cards. Without a flush the rank key and the
card count are hashed, without collisions, to a slot of one compact array (:data:`_SLOTS`, some
340 KB for every hand of five, six or seven cards, so that a random hand's lookup costs about one
cache miss where a dict of the same entries cost several); with a flush, the flush suit's rank mask
indexes another table. The tables are built once with numpy (:mod:`homegame.ranking._high_tables`)
and shipped with the package (``ranking/tables/``), read on first use, so that neither importing
homegame nor ranking one hand needs numpy.

>>> from homegame.cards import parse_cards
>>> hand = HIGH.evaluate(parse_cards("Kh Kd Ks 9c 9d 2s 3c"))
>>> hand.name, hand.cards
('full house, kings over nines', (Ks, Kh, Kd, 9d, 9c))
>>> HIGH.strength(parse_cards("Ah Kh Qh Jh Th")) > HIGH.strength(parse_cards("Kh Qh Jh Th 9h"))
True
"""

from __future__ import annotations

import json
import os
import zlib
from array import array
from collections.abc import Collection, Iterable, Sequence
from typing import Final, cast

from homegame.cards import ACE, DECKS, Card, rank_name
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import Category, Hand, Ranking, categories, decode

__all__ = [
    "HIGH", "HIGH_CATEGORIES", "RANK_KEYS", "SHIPPED_TABLES", "HighRanking", "fast_strength", "five_cards",
    "high_hand", "high_name", "natural_strength", "strength_name",
]

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""One number per rank index (deuce first) whose sums over up to seven cards (a rank at most four
times) differ for any two different multisets of the same size. These are the rank keys of Kennan
Hughes' SKPokerEval; ``tests/test_high_tables.py`` checks the property rather than trusting it."""

SHIPPED_TABLES: Final = os.path.join(os.path.dirname(__file__), "tables")
"""Where the shipped tables are: ``flush.zlib`` and ``rank.zlib``, the compact rank table
(written by ``python -m homegame.ranking._high_tables``)."""

HIGH_CATEGORIES = categories([
    "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush", "five of a kind",
])


def high_name(category: Category, ranks: Sequence[int]) -> str:
    """The human name of a high hand from its category and tie-break ranks.

    >>> high_name(HIGH_CATEGORIES[0], (14, 13, 9, 7, 3)), high_name(HIGH_CATEGORIES[8], (5,))
    ('ace high', 'straight flush, five high')
    """
    first = ranks[0]
    match category.value:
        case reference.HIGH_CARD:
            return f"{rank_name(first)} high"
        case reference.PAIR:
            return f"a pair of {rank_name(first, plural=True)}"
        case reference.TWO_PAIR:
            return f"two pair, {rank_name(first, plural=True)} and {rank_name(ranks[1], plural=True)}"
        case reference.THREE_OF_A_KIND:
            return f"three of a kind, {rank_name(first, plural=True)}"
        case reference.STRAIGHT:
            return f"straight, {rank_name(first)} high"
        case reference.FLUSH:
            return f"flush, {rank_name(first)} high"
        case reference.FULL_HOUSE:
            return f"full house, {rank_name(first, plural=True)} over {rank_name(ranks[1], plural=True)}"
        case reference.FOUR_OF_A_KIND:
            return f"four of a kind, {rank_name(first, plural=True)}"
        case reference.STRAIGHT_FLUSH:
            return "royal flush" if first == ACE else f"straight flush, {rank_name(first)} high"
        case _:
            return f"five of a kind, {rank_name(first, plural=True)}"


# A hand's key is the sum of its cards' keys: four 5-bit suit counters (bits 0-19, each preset to 11
# so that bit 4 of a counter is set from five cards of the suit on), then the hashed rank field
# (29 bits: the sum of up to seven 26-bit numbers), then the card count.
#
# The hashed rank field is the hand's rank multiset in a compact table's terms. Numbered plainly, a
# multiset is its card count times 2 ** 23 plus the sum of its RANK_KEYS (under 2 ** 23); times an
# odd number modulo 2 ** _HASH_BITS, that number is scrambled one to one. A product distributes over
# a sum, so each card's key carries its own scrambled number and the hand's is their sum modulo
# 2 ** _HASH_BITS: no multiplication per hand. The scrambled number's low _ROW_BITS bits pick a row,
# the rest a column, and a row's entries sit at its offset plus their columns, offsets chosen
# (``_high_tables.rank_slots``) so that no two entries share a slot. A slot holds its row above
# _INDEX_BITS and an index into _STRENGTHS: a number whose row is not its slot's is not in the
# table, since the scramble is one to one.
_SUIT_BITS: Final = 5
_RANK_SHIFT: Final = 4 * _SUIT_BITS
_RANK_SUM_BITS: Final = 23
_HASH_BITS: Final = 26
_HASH_MASK: Final = (1 << _HASH_BITS) - 1
_SCRAMBLE: Final = 0x9E3779B1
_ROW_BITS: Final = 13
_ROW_MASK: Final = (1 << _ROW_BITS) - 1
_INDEX_BITS: Final = 13
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1
_COUNT_SHIFT: Final = _RANK_SHIFT + _HASH_BITS + 3
_SUIT_PRESET: Final = sum(11 << (_SUIT_BITS * suit) for suit in range(4))
_FLUSH_BITS: Final = sum(16 << (_SUIT_BITS * suit) for suit in range(4))
_MAX_FAST_CARDS: Final = 7
"""The most cards the rank-multiset tables cover (``_high_tables.MAX_CARDS``)."""
_NOT_STANDARD: Final = 1 << (_COUNT_SHIFT + 3)
"""The key of a joker or a Papayoo card: eight cards' worth, so that the hand counts too many."""
_EIGHT_CARDS: Final = (_MAX_FAST_CARDS + 1) << _COUNT_SHIFT
"""No key of seven standard cards or fewer reaches this: a key of more cards, or with a card that is
not standard, takes the flush branch, which raises for it."""
_CODES: Final = 256
"""Key lists cover this many codes so that stray small negative ints fall on _NOT_STANDARD too."""

_CARD_KEYS: Final[list[int]] = []
_SUIT_RANK_BITS: Final[tuple[list[int], ...]] = ([], [], [], [])
_ROW_OFFSETS: Final = array("i")
_SLOTS: Final = array("I")
"""The compact rank table (see above); empty until first used."""
_STRENGTHS: Final[list[int]] = []
"""The distinct strengths of hands without a flush, ascending: what the slots index."""
_FLUSH: Final[list[int]] = []
_NAMES: Final[dict[int, tuple[Category, str]]] = {}
_STANDARD: Final = DECKS["standard"]


def scrambled_rank_key(plain: int) -> int:
    """A rank multiset's number (its card count times ``2 ** 23`` plus its rank-key sum, or one card's
    share of that) scrambled one to one for the compact rank table (see the layout above)."""
    return plain * _SCRAMBLE & _HASH_MASK


def _fill_card_keys() -> None:
    """Each card code's key (see the layout above) and its bit in its suit's rank mask."""
    for code in range(_CODES):
        standard = code < 52
        suit, rank_index = code & 3, code >> 2
        if standard:
            scrambled = scrambled_rank_key(1 << _RANK_SUM_BITS | RANK_KEYS[rank_index])
            _CARD_KEYS.append((1 << _COUNT_SHIFT) + (scrambled << _RANK_SHIFT) + (1 << (_SUIT_BITS * suit)))
        else:
            _CARD_KEYS.append(_NOT_STANDARD)
        for bits_suit, bits in enumerate(_SUIT_RANK_BITS):
            bits.append(1 << rank_index if standard and suit == bits_suit else 0)


_fill_card_keys()


def shipped_table(name: str) -> list[list[int]]:
    """A shipped table (see :data:`SHIPPED_TABLES`): ``flush`` is one list, the strength of each
    13-bit rank mask of one suit (0 under five cards); ``rank`` is three, the compact rank
    table's row offsets, its slots and the strengths they index (see the layout above)."""
    with open(os.path.join(SHIPPED_TABLES, f"{name}.zlib"), "rb") as shipped:
        loaded: list[list[int]] = json.loads(zlib.decompress(shipped.read()))
    return loaded


def _build_tables() -> None:
    """Fill the lookup tables in place (so that bound methods taken at import stay valid), once.

    The flush table and the strengths share one ``int`` per distinct strength (a few thousand)."""
    if _SLOTS:
        return
    shared: dict[int, int] = {}
    _FLUSH.extend([shared.setdefault(value, value) for value in shipped_table("flush")[0]])
    offsets, slots, strengths = shipped_table("rank")
    _STRENGTHS.extend([shared.setdefault(value, value) for value in strengths])
    _ROW_OFFSETS.extend(offsets)
    _SLOTS.extend(slots)


def fast_strength(cards: Iterable[int]) -> int:
    """The strength of five to seven standard cards, none wild, as fast as Python allows.

    Raises :class:`LookupError` or :class:`TypeError` when the fast path does not apply (a joker or
    non-standard card, fewer than five or more than seven cards, tables not built yet, things that
    are not cards); callers then fall back to :func:`natural_strength` or :meth:`HighRanking.strength`,
    which build the tables and explain bad input. Duplicate cards are not detected here.

    >>> from homegame.cards import parse_cards
    >>> hand = parse_cards("Ah Kd Qc Js Th 2c 2d")
    >>> natural_strength(hand) == fast_strength(hand)  # natural_strength builds the tables first
    True
    >>> decode(fast_strength(hand))
    (4, (14, 0, 0, 0, 0))
    """
    key = _SUIT_PRESET
    for card in cards:  # a loop of integers: compiled, it costs a third of sum(map(...))
        key += _CARD_KEYS[card]
    if key & _FLUSH_BITS or key >= _EIGHT_CARDS:
        return _flush_strength(cards, key)
    hashed = key >> _RANK_SHIFT & _HASH_MASK
    row = hashed & _ROW_MASK
    slot = _SLOTS[_ROW_OFFSETS[row] + (hashed >> _ROW_BITS)]
    if slot >> _INDEX_BITS != row:
        raise LookupError("fewer than five cards, or the same card twice")
    return _STRENGTHS[slot & _INDEX_MASK]


def _flush_strength(cards: Iterable[int], key: int) -> int:
    """The strength of five to seven cards with five of a suit: the flush table at that suit's rank
    mask; :class:`LookupError` for more cards or a card that is not standard. Plain loops rather
    than a generator and ``map``: compiled, they run natively."""
    if key >> _COUNT_SHIFT > _MAX_FAST_CARDS:
        raise LookupError("more than seven cards, or a card that is not standard")
    suit = 0
    while not key >> (_SUIT_BITS * suit + 4) & 1:
        suit += 1
    bits = _SUIT_RANK_BITS[suit]
    mask = 0
    for card in cards:
        mask += bits[card]
    return _FLUSH[mask]


def _check_natural(cards: Sequence[Card]) -> None:
    if len(cards) < 5:
        raise CardError(f"a high hand needs at least five cards, got {len(cards)}")
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < 52:
            raise CardError(f"{card!s} is not a standard card here (a joker counts only when wild)")
    if len(set(cards)) != len(cards):
        duplicates = sorted({c for c in cards if cards.count(c) > 1})
        raise CardError(f"the same card twice: {' '.join(map(str, duplicates))}")


def natural_strength(cards: Sequence[Card]) -> int:
    """The strength of any number (five or more) of standard cards, none wild, checking the input.

    >>> from homegame.cards import parse_cards
    >>> decode(natural_strength(parse_cards("2h 3h 4h 5h 7h 9h Ah 6h Kc")))
    (8, (7, 0, 0, 0, 0))
    >>> natural_strength(parse_cards("2h 3h 4h 5h 5h"))
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: the same card twice: 5h
    """
    _check_natural(cards)
    _build_tables()
    if len(cards) <= _MAX_FAST_CARDS:
        return fast_strength(cards)
    import numpy as np

    from homegame.ranking import _high_tables as tables

    counts = np.bincount([c >> 2 for c in cards], minlength=13).astype(np.int8)[None, :]
    best = int(tables.nonflush_strengths(counts)[0])
    for bits in _SUIT_RANK_BITS:
        best = max(best, _FLUSH[sum(map(bits.__getitem__, cards))])
    return best


def strength_name(strength: int) -> str:
    """The name of a high hand from its strength alone (names are kept, so naming is a lookup).

    >>> from homegame.cards import parse_cards
    >>> strength_name(natural_strength(parse_cards("9c 9d 4h 4s Kd")))
    'two pair, nines and fours'
    """
    return _naming(strength)[1]


def _naming(strength: int) -> tuple[Category, str]:
    named = _NAMES.get(strength)
    if named is None:
        category_value, ranks = decode(strength)
        category = HIGH_CATEGORIES[category_value]
        named = _NAMES[strength] = (category, high_name(category, ranks))
    return named


_SHAPES: Final = {
    reference.HIGH_CARD: (1, 1, 1, 1, 1), reference.PAIR: (2, 1, 1, 1), reference.TWO_PAIR: (2, 2, 1),
    reference.THREE_OF_A_KIND: (3, 1, 1), reference.FLUSH: (1, 1, 1, 1, 1), reference.FULL_HOUSE: (3, 2),
    reference.FOUR_OF_A_KIND: (4, 1),
}


def _needed_ranks(strength: int) -> list[tuple[int, int]]:
    """(rank, how many cards of it) for the five cards that make ``strength``, most significant first."""
    category, ranks = decode(strength)
    if category in (reference.STRAIGHT, reference.STRAIGHT_FLUSH):
        top = ranks[0]
        run = [5, 4, 3, 2, ACE] if top == 5 else list(range(top, top - 5, -1))
        return [(rank, 1) for rank in run]
    return list(zip(ranks, _SHAPES[category], strict=False))


_PLACES: Final = 64
"""Sort keys are ``place * 64 + 63 - code``: the place of the card's rank in the hand (0 most
significant, 5 for cards the hand does not use), then higher codes (suits) first."""
_UNUSED_PLACE: Final = 5
_ORDERS: Final[dict[int, list[int]]] = {}
_CARD_BY_KEY: Final = [_STANDARD[(_PLACES - 1 - key % _PLACES) % 52] for key in range(6 * _PLACES)]
_RUNS_AND_FLUSHES: Final = frozenset({reference.STRAIGHT, reference.FLUSH, reference.STRAIGHT_FLUSH})


def _card_order(strength: int) -> list[int]:
    """The sort key of every card code for the hand ``strength`` (see :data:`_PLACES`)."""
    order = _ORDERS.get(strength)
    if order is None:
        places = {rank - 2: place for place, (rank, _) in enumerate(_needed_ranks(strength))}
        order = _ORDERS[strength] = [places.get(code >> 2, _UNUSED_PLACE) * _PLACES + _PLACES - 1 - code
                                     for code in range(52)]
    return order


def five_cards(cards: Sequence[Card], strength: int) -> tuple[Card, ...]:
    """The five of ``cards`` (standard, none wild) that make ``strength``, most significant first.

    Among equal choices the higher suit (spades, hearts, diamonds, clubs) is taken.

    >>> from homegame.cards import parse_cards
    >>> cards = parse_cards("5d 3c Ah 4s 2h 9d 3h")
    >>> five_cards(cards, natural_strength(cards))
    (5d, 4s, 3h, 2h, Ah)
    """
    order = _ORDERS.get(strength) or _card_order(strength)
    if strength >> 20 not in _RUNS_AND_FLUSHES:
        # Only the last rank of these hands can have more cards than it uses, so the five
        # best-placed cards are the hand.
        return tuple(map(_CARD_BY_KEY.__getitem__, sorted(map(order.__getitem__, cards))[:5]))
    if strength >> 20 != reference.STRAIGHT:
        if not _FLUSH:
            _build_tables()
        suit = next(s for s, bits in enumerate(_SUIT_RANK_BITS)
                    if _FLUSH[sum(map(bits.__getitem__, cards))] == strength)
        cards = [c for c in cards if c & 3 == suit]
    chosen: list[Card] = []
    last_place = -1
    for key in sorted(map(order.__getitem__, cards)):
        place = key // _PLACES
        if place != last_place and place != _UNUSED_PLACE:
            chosen.append(_CARD_BY_KEY[key])
            last_place = place
    return tuple(chosen)


class HighRanking(Ranking):
    """Standard poker ranking, aces high (and low in the wheel A-2-3-4-5)."""

    name = "high"
    categories = HIGH_CATEGORIES

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        if wild and any(map(wild.__contains__, cards)):
            strength, five = self._with_wild(cards, wild)
        else:
            strength = self.strength(cards)
            five = five_cards(cards, strength)
        category, name = _naming(strength)
        return Hand(strength, category, five, name, self.name)

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        if wild and any(map(wild.__contains__, cards)):
            return self._with_wild(cards, wild)[0]
        try:
            strength = fast_strength(cards)
        except (LookupError, TypeError):
            return natural_strength(cards)
        if len(set(cards)) != len(cards):
            _check_natural(cards)
        return strength

    @staticmethod
    def _with_wild(cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        if len(cards) < 5:
            raise CardError(f"a high hand needs at least five cards, got {len(cards)}")
        from homegame.ranking.wild import best_high_with_wild

        return best_high_with_wild(cards, wild)


def high_hand(cards: Sequence[object]) -> Hand:
    """:meth:`HighRanking.evaluate` for five to seven standard cards, none wild: the fast path.

    Raises what :func:`fast_strength` raises when it does not apply, and :class:`LookupError` for a
    card given twice; callers then fall back to :meth:`HighRanking.evaluate`.

    >>> from homegame.cards import parse_cards
    >>> hand = parse_cards("9s 9h 4d 4c Kd 2s 7h")
    >>> HIGH.evaluate(hand) == high_hand(hand)  # HIGH.evaluate builds the tables first
    True
    >>> high_hand(hand).name, high_hand(hand).cards
    ('two pair, nines and fours', (9s, 9h, 4d, 4c, Kd))
    """
    strength = fast_strength(cast("Sequence[int]", cards))  # anything else raises TypeError there
    if len(set(cards)) != len(cards):
        raise LookupError("a card given twice")
    category, name = _naming(strength)
    return Hand(strength, category, five_cards(cast("Sequence[Card]", cards), strength), name, "high")


HIGH = HighRanking()
