"""How close five cards are to each winning combination: the advice behind the hint and the bot.

A :class:`Target` is one combination a hand could grow into, with the number of cards it still
needs and its *outs*, the unseen cards that would bring it one step closer. Wild cards count toward
every target. Only the five- and six-card combinations that can still be called are considered: the
paiute is left out, since it can only be called on a player's first turn.

>>> from homegame.cards import parse_cards
>>> wild = parse_cards("7c 7d 7h 7s")
>>> nearest(parse_cards("Kc Kd Ks 5c 9h"), wild).describe()
'four/two, kings and nines: 2 cards away'
>>> nearest(parse_cards("9h 8h 7d 5h Kc"), wild).describe()
'straight flush, nine high in hearts: 1 card away'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from homegame._compile import rebuilt_from_fields
from homegame.cards import ACE, JOKER, KING, QUEEN, Card, Suit, rank_name
from homegame.wording import counted

__all__ = ["Target", "nearest", "targets"]

_WINDOWS = tuple(tuple(ACE if r == 1 else r for r in range(top - 4, top + 1)) for top in range(5, 15))
"""Every five-rank run, lowest first; the lowest is 5-4-3-2-A."""
_RUNS = tuple((sum(1 << r for r in window), 5 if window[-1] == ACE else 4, window[-1]) for window in _WINDOWS)
"""Each run's ranks as bits of an ``int``, the worth of a straight flush on it (a royal: 5) and its
top rank."""
_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class Target:
    """A combination ``cards`` could become: what it is, how many cards it needs, how many would help."""

    combination: str
    detail: str
    needed: int
    outs: int
    worth: int

    def key(self) -> tuple[int, int, int]:
        """Sorts the closest (then the most outs, then the most valuable) first."""
        return self.needed, -self.outs, -self.worth

    def describe(self) -> str:
        away = "ready to call after any draw" if self.needed == 0 else \
            f"{counted(self.needed, 'card')} away"
        return f"{self.combination}, {self.detail}: {away}"


rebuilt_from_fields(Target)


def nearest(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> Target:
    """The target ``cards`` are closest to (see :meth:`Target.key`). Remembered for the latest
    few thousand hands: the hint of a view and the bot reading it ask about the same hands, and a
    search plays the same hands over many times."""
    return _nearest(tuple(sorted(cards)), frozenset(wild), tuple(sorted(seen)))


@lru_cache(maxsize=1 << 13)
def _nearest(cards: tuple[Card, ...], wild: frozenset[Card], seen: tuple[Card, ...]) -> Target:
    return _named(min(_plans(cards, wild, seen)))


def targets(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> list[Target]:
    """The best target of each kind for five ``cards``; ``seen`` are cards known to be out of reach."""
    return [_named(plan) for plan in _plans(cards, wild, seen)]


_Plan = tuple[int, int, int, int, int, int]
"""A target before it is put in words, ordered as :meth:`Target.key` orders targets (then by kind,
in the order :func:`targets` lists them): cards needed, minus outs, minus worth, the kind (0 five
of a kind, 1 four/two, 2 three/three, 3 straight flush), and its two ranks (for a straight flush,
its suit and top rank)."""


def _plans(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card]) -> list[_Plan]:
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    wild_total = 2 if JOKER in wild else len(wild)  # a turned-up wild card counts as seen
    wild_left = max(0, wild_total - wilds - sum(1 for c in seen if c in wild))
    counts: dict[int, int] = {}
    for c in naturals:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    gone = dict(counts)
    for c in seen:
        if c not in wild:
            gone[c.rank] = gone.get(c.rank, 0) + 1
    ranked = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    ranked += [rank for rank in (ACE, KING, QUEEN) if rank not in counts]
    top, second = ranked[0], ranked[1]
    held_top, held_second = counts.get(top, 0), counts.get(second, 0)
    plans = [(max(0, 5 - held_top - wilds), -(4 - gone.get(top, 0) + wild_left), -6, 0, top, second)]
    for kind, worth, most_top, most_second in ((1, 3, 4, 2), (2, 2, 3, 3)):
        held = min(held_top, most_top) + min(held_second, most_second)
        outs = wild_left + (4 - gone.get(top, 0) if held_top < most_top else 0) + \
            (4 - gone.get(second, 0) if held_second < most_second else 0)
        plans.append((max(1, 6 - held - wilds), -outs, -worth, kind, top, second))
    flush = _straight_flush(naturals, wilds, wild_left, seen)
    return plans if flush is None else [*plans, flush]


def _named(plan: _Plan) -> Target:
    needed, outs, worth, kind, first, second = plan
    if kind == 0:
        return Target("five of a kind", rank_name(first, plural=True), needed, -outs, -worth)
    if kind < 3:
        detail = f"{rank_name(first, plural=True)} and {rank_name(second, plural=True)}"
        return Target("four/two" if kind == 1 else "three/three", detail, needed, -outs, -worth)
    suit = Suit(first).name.lower()
    if second == ACE:
        return Target("royal flush", f"in {suit}", needed, -outs, -worth)
    return Target("straight flush", f"{rank_name(second)} high in {suit}", needed, -outs, -worth)


def _straight_flush(naturals: Sequence[Card], wilds: int, wild_left: int,
                    seen: Collection[Card]) -> _Plan | None:
    """The closest straight flush (the first in suit and run order of those equally close)."""
    held = dict.fromkeys(_SUITS, 0)
    for c in naturals:
        if c.suit in held:
            held[c.suit] |= 1 << c.rank
    gone = dict.fromkeys(_SUITS, 0)
    for c in seen:
        if c.suit in gone:
            gone[c.suit] |= 1 << c.rank
    best: _Plan | None = None
    for suit, ranks in held.items():
        if ranks:
            needed, outs, worth, top = _closest_run(ranks, gone[suit], wilds)
            plan = (needed, outs - wild_left, worth, 3, suit, top)
            if best is None or plan < best:
                best = plan
    return best


@lru_cache(maxsize=1 << 14)
def _closest_run(ranks: int, gone: int, wilds: int) -> tuple[int, int, int, int]:
    """The run of one suit closest to the ranks held in it (bits of ``ranks``), the seen cards of
    the suit being the bits of ``gone``: cards needed, minus outs (but the wild cards still to
    come), minus worth, and its top rank."""
    best = (6, 0, 0, 0)
    for mask, worth, top in _RUNS:
        missing = mask & ~ranks
        run = (max(0, missing.bit_count() - wilds), -(missing & ~gone).bit_count(), -worth, top)
        if run[:3] < best[:3]:
            best = run
    return best
