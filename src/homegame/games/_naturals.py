"""The four naturals of Chinese Poker: thirteen-card hands that win outright when declared.

From highest to lowest: the dragon (one card of every rank, 2 to ace), three flushes (a five-card
flush in back and middle and three cards of one suit in front), three straights (the same with
straights, the front a three-card run; A-2-3 and Q-K-A both count) and six pairs (the thirteen cards
split into six pairs and one odd card; four of a kind counts as two pairs, three of a kind as a pair
and the odd card). Two naturals compare by rank, then: dragons tie; three flushes and three
straights compare back, then middle, then front; six pairs compare pair by pair from the highest.

>>> from homegame.cards import parse_cards
>>> [n.name for n in naturals_in(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"))]
['dragon', 'three-straights']
>>> best = natural_named("six-pairs", parse_cards("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac"))
>>> best.key, best.payment
((12, 10, 8, 6, 4, 2), 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Final

from homegame._compile import rebuilt_from_fields
from homegame.cards import ACE, Card, rank_counts
from homegame.errors import GameError
from homegame.ranking.high import HIGH

__all__ = ["NATURAL_NAMES", "Natural", "natural_named", "naturals_in"]

NATURAL_NAMES: Final = ("dragon", "three-flushes", "three-straights", "six-pairs")
"""Option names of the naturals, highest first."""

_LOW_RUN: Final = (2, 3, 4, 5)
_RUNS: Final = ((ACE, *_LOW_RUN), *(tuple(range(low, low + 5)) for low in range(2, 11)))
"""The ranks of every five-card straight, the wheel first."""
_PAYMENTS: Final = {"dragon": 13, "three-flushes": 3, "three-straights": 3, "six-pairs": 3}


@dataclass(frozen=True, slots=True)
class Natural:
    """A natural a hand holds: its option name, the rows it is shown as (front, middle, back; for
    the dragon and six pairs, the whole hand in one group) and its tie-break key."""

    name: str
    groups: tuple[tuple[Card, ...], ...]
    key: tuple[int, ...]

    @property
    def rank(self) -> int:
        """Higher beats lower: the dragon 4 down to six pairs 1."""
        return len(NATURAL_NAMES) - NATURAL_NAMES.index(self.name)

    @property
    def payment(self) -> int:
        """Units each beaten opponent pays: 13 for the dragon, 3 for the others."""
        return _PAYMENTS[self.name]

    @property
    def title(self) -> str:
        return self.name.replace("-", " ")

    def beats(self, other: Natural) -> int:
        """1 if this natural beats ``other``, -1 if it loses, 0 on a tie."""
        mine, theirs = (self.rank, self.key), (other.rank, other.key)
        return (mine > theirs) - (mine < theirs)


rebuilt_from_fields(Natural)


def naturals_in(cards: Sequence[Card]) -> list[Natural]:
    """Every natural thirteen cards hold, highest first, each in its best arrangement."""
    found = (natural_named(name, cards) for name in NATURAL_NAMES)
    return [natural for natural in found if natural is not None]


def natural_named(name: str, cards: Sequence[Card]) -> Natural | None:
    """The natural ``name`` in ``cards`` (best arrangement for tie-breaks), or ``None``."""
    hand = tuple(sorted(cards, reverse=True))
    if name == "dragon":
        return Natural(name, (hand,), ()) if len({c.rank for c in hand}) == 13 else None
    if name == "six-pairs":
        return _six_pairs(hand)
    if name == "three-flushes":
        suits = [0, 0, 0, 0]
        for card in hand:
            suits[card & 3] += 1
        fits = set(suits) <= {0, 3, 5, 8, 10, 13}
        return _three_rows(name, hand, _is_flush, _flushes) if fits else None
    if name == "three-straights":
        return _three_rows(name, hand, _is_straight, _straights) if _runs_could_fit(hand) else None
    raise GameError(f"no natural called {name!r}; naturals: {', '.join(NATURAL_NAMES)}")


def _six_pairs(hand: tuple[Card, ...]) -> Natural | None:
    counts = rank_counts(hand)
    pairs = sorted((rank for rank, count in counts.items() for _ in range(count // 2)), reverse=True)
    return Natural("six-pairs", (hand,), tuple(pairs)) if len(pairs) == 6 else None


def _is_flush(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def _is_straight(cards: Sequence[Card]) -> bool:
    ranks = sorted({c.rank for c in cards})
    if len(ranks) != len(cards):
        return False
    return ranks[-1] - ranks[0] == len(cards) - 1 or ranks == [*_LOW_RUN[:len(cards) - 1], ACE]


def _front_key(front: Sequence[Card], straight: bool) -> tuple[int, ...]:
    ranks = sorted((c.rank for c in front), reverse=True)
    if straight:
        return (3,) if ranks == [ACE, 3, 2] else (ranks[0],)
    return tuple(ranks)


def _flushes(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every five of ``hand`` of one suit."""
    return [five for suit in {c.suit for c in hand}
            for five in combinations([c for c in hand if c.suit == suit], 5)]


def _straights(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every five of ``hand`` that make a straight."""
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    return [five for run in _RUNS if all(rank in by_rank for rank in run)
            for five in product(*(by_rank[rank] for rank in run))]


def _runs_could_fit(hand: tuple[Card, ...]) -> bool:
    """Whether the ranks of ``hand`` split into two five-card runs and a three-card one: a quick
    test on ranks alone before the cards are tried (most hands fail it at once)."""
    counts = rank_counts(hand)
    present = [run for run in _RUNS if all(rank in counts for rank in run)]
    for back in present:
        for middle in present:
            left = dict(counts)
            for rank in (*back, *middle):
                left[rank] = left.get(rank, 0) - 1
            if min(left.values()) < 0:
                continue
            front = sorted(rank for rank, count in left.items() for _ in range(count))
            if len(set(front)) == 3 and (front[2] - front[0] == 2 or front == [2, 3, ACE]):
                return True
    return False


def _three_rows(name: str, hand: tuple[Card, ...], fits: Callable[[Sequence[Card]], bool],
                fives: Callable[[tuple[Card, ...]], list[tuple[Card, ...]]]) -> Natural | None:
    """The best way to show ``hand`` as three rows that each ``fits``; ``fives`` lists the five-card
    rows that fit, which are then taken in the order of ``combinations(hand, 5)`` so that among
    equal arrangements the same one is shown whichever way they were found."""
    best: Natural | None = None
    place = {card: index for index, card in enumerate(hand)}
    in_order = sorted(sorted(place[card] for card in five) for five in fives(hand))
    fitting = [frozenset(hand[index] for index in five) for five in in_order]
    for back in fitting:
        for middle in fitting:
            if back & middle:
                continue
            front = tuple(c for c in hand if c not in back and c not in middle)
            if not fits(front):
                continue
            key = (HIGH.strength(tuple(back)), HIGH.strength(tuple(middle)),
                   *_front_key(front, name == "three-straights"))
            if best is None or key > best.key:
                rows = (front, _ordered(middle), _ordered(back))
                best = Natural(name, rows, key)
    return best


def _ordered(cards: frozenset[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))
