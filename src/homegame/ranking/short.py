"""Hands of fewer than five cards, as the small forms of the games judge them (Soko's up cards and
the short showdown of its small form, Draw's small form): sets of equal ranks first (four, three,
two pairs, a pair), then the ranks high to low. Straights and flushes do not count.

>>> from homegame.cards import parse_cards
>>> SHORT_HIGH.strength(parse_cards("Qc Qd")) > SHORT_HIGH.strength(parse_cards("Ac Kd"))
True
>>> SHORT_HIGH.evaluate(parse_cards("Kd Ks")).name, short_name(parse_cards("Jc 4d"))
('a pair of kings', 'jack high')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from homegame.cards import Card, rank_counts, rank_name
from homegame.errors import GameError
from homegame.ranking.core import Category, Hand, Ranking

__all__ = ["SHORT_HIGH", "ShortHigh", "short_hand", "short_name"]

_CATEGORIES = {1: Category(0, "high card"), 2: Category(1, "one pair"),
               3: Category(2, "three of a kind"), 4: Category(3, "four of a kind")}


def short_name(cards: Sequence[Card]) -> str:
    """A name for what ``cards`` make: "a pair of kings", "two pair, kings and fours", "jack high".

    >>> from homegame.cards import parse_cards
    >>> short_name(parse_cards("Kc Kd 4s")), short_name(parse_cards("Kc Kd 4s 4h"))
    ('a pair of kings', 'two pair, kings and fours')
    """
    counts = rank_counts(cards)
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    top = counts[ranks[0]]
    if top == 1:
        return f"{rank_name(ranks[0])} high"
    pairs = [rank for rank in ranks if counts[rank] == 2]
    if top == 2 and len(pairs) == 2:
        return f"two pair, {rank_name(pairs[0], plural=True)} and {rank_name(pairs[1], plural=True)}"
    kind = {2: "a pair of", 3: "three", 4: "four"}[top]
    return f"{kind} {rank_name(ranks[0], plural=True)}"


def short_hand(cards: Sequence[Card], ranking: str = "short-high") -> Hand:
    """The evaluated hand of one to four ``cards`` (named for ``ranking``, the game's word for it).

    >>> from homegame.cards import parse_cards
    >>> short_hand(parse_cards("Ks Kd Qc")).strength == short_hand(parse_cards("Kh Qd Kc")).strength
    True
    """
    if not 0 < len(cards) < 5:
        raise GameError(f"a short hand holds one to four cards, not {len(cards)}")
    counts = rank_counts(cards)
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    value = 0
    for digit in [*sorted(counts.values(), reverse=True), 0, 0, 0, 0][:4] + [*ranks, 0, 0, 0, 0][:4]:
        value = value * 16 + digit
    ordered = tuple(sorted(cards, key=lambda card: (counts[card.rank], card.rank), reverse=True))
    return Hand(value, _CATEGORIES[max(counts.values())], ordered, short_name(cards), ranking)


class ShortHigh(Ranking):
    """The ranking of hands of one to four cards (see the module); no card is wild."""

    name = "short-high"
    categories = tuple(_CATEGORIES.values())
    jokers_wild = False

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        if wild:
            raise GameError("a short hand has no wild cards")
        return short_hand(cards, self.name)


SHORT_HIGH = ShortHigh()
