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

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from homegame.cards import ACE, KING, QUEEN, Card, Suit, rank_name

__all__ = ["Target", "nearest", "targets"]

_WINDOWS = tuple(tuple(ACE if r == 1 else r for r in range(top - 4, top + 1)) for top in range(5, 15))
"""Every five-rank run, lowest first; the lowest is 5-4-3-2-A."""


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
            f"{self.needed} card{'s' if self.needed > 1 else ''} away"
        return f"{self.combination}, {self.detail}: {away}"


def nearest(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> Target:
    """The target ``cards`` are closest to (see :meth:`Target.key`)."""
    return min(targets(cards, wild, seen), key=Target.key)


def targets(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> list[Target]:
    """The best target of each kind for five ``cards``; ``seen`` are cards known to be out of reach."""
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    wild_left = max(0, _wild_total(wild) - wilds - sum(1 for c in seen if c in wild))
    gone = Counter(c.rank for c in seen if c not in wild) + Counter(c.rank for c in naturals)
    counts = Counter(c.rank for c in naturals)
    ranked = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    ranked += [rank for rank in (ACE, KING, QUEEN) if rank not in counts]
    top, second = ranked[0], ranked[1]
    found = [Target("five of a kind", rank_name(top, plural=True), max(0, 5 - counts[top] - wilds),
                    4 - gone[top] + wild_left, 6)]
    for name, worth, sizes in (("four/two", 3, (4, 2)), ("three/three", 2, (3, 3))):
        held = min(counts[top], sizes[0]) + min(counts[second], sizes[1])
        outs = wild_left + sum(4 - gone[rank] for rank, size in zip((top, second), sizes, strict=True)
                               if counts[rank] < size)
        detail = f"{rank_name(top, plural=True)} and {rank_name(second, plural=True)}"
        found.append(Target(name, detail, max(1, 6 - held - wilds), outs, worth))
    flush = _straight_flush(naturals, wilds, wild_left, set(seen))
    return found if flush is None else [*found, flush]


def _straight_flush(naturals: Sequence[Card], wilds: int, wild_left: int, seen: set[Card]) -> Target | None:
    best: Target | None = None
    for suit in Suit:
        ranks = {c.rank for c in naturals if c.suit == suit}
        if not ranks:
            continue
        for window in _WINDOWS:
            missing = [r for r in window if r not in ranks]
            outs = sum(1 for r in missing if not any(c.rank == r and c.suit == suit for c in seen))
            royal = window[-1] == ACE
            name = "royal flush" if royal else "straight flush"
            suit_name = suit.name.lower()
            detail = f"in {suit_name}" if royal else f"{rank_name(window[-1])} high in {suit_name}"
            target = Target(name, detail, max(0, len(missing) - wilds), outs + wild_left, 5 if royal else 4)
            if best is None or target.key() < best.key():
                best = target
    return best


def _wild_total(wild: Collection[Card]) -> int:
    """How many wild cards there are: two jokers, or each wild card (a turned-up one counts as seen)."""
    return 2 if any(c.is_joker for c in wild) else len(wild)
