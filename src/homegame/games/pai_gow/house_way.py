"""The house way: how the banker sets seven cards, and the advice a player can ask for.

The rules are tried in order and the first that fits the hand decides. For pairs and trips the
joker counts as an ace (it pairs only with aces); straights and flushes are found by the ranking,
so the joker completes them as it does there.

1. Five aces (four aces and the joker): keep them together behind when the other two cards are a
   pair, which goes in front; otherwise a pair of aces goes in front and three aces stay behind.
2. Four of a kind: kept together behind when it is of 2s to 6s, or when the other three cards
   hold a pair to put in front; otherwise split into two pairs, the front getting one of them.
   With the four kept, the front gets the best two of the other three cards.
3. Two three of a kinds: a pair from the higher one goes in front.
4. Three pairs: the highest pair in front.
5. Two pairs (also when a straight or a flush could be made): with a single ace, the ace and the
   highest other single card go in front and both pairs stay behind; otherwise the lower pair goes
   in front and the higher pair behind.
6. Straight flush: kept behind, with the best front the other cards allow.
7. Straight (five, six or seven cards long): kept behind, with the best front the other cards
   allow (the seed's rows for the five-card and six-card straight both come to this).
8. Flush: kept behind, with the best front the other cards allow.
9. Full house (three of a kind and a pair): the pair goes in front, the three of a kind behind;
   with a second pair, the higher pair goes in front and the full house stays together behind.
   Only the joker makes a full house that is also a straight or a flush, and then the seed's
   rows, which come before its full house row, keep the straight or flush behind.
10. Three of a kind: kept behind with the two highest single cards in front; three aces are the
    exception, a pair of aces behind and the third ace in front with the highest single card.
11. One pair: the pair behind, the two highest single cards in front.
12. No pair, straight or flush: the highest card behind, the second and third highest in front.

Rules 12, 11, 5, 4, 7, 8 and 9 (without the second pair) are the rows of the seed's table, and
where they overlap, the earlier row of the table wins, as RULINGS.md applies it; 1, 2, 3, 6, 10
and the second-pair case of 9 fill in where the table is silent.

>>> from homegame.cards import parse_cards
>>> house_way(parse_cards("Ah Kd Qs 9c 7h 5d 2c"))
Kd Qs | Ah 9c 7h 5d 2c
>>> way, rule = house_way_rule(parse_cards("Kh Kd 8s 8c Ah 5d 2c"))
>>> way, rule
(Ah 5d | Kh Kd 8s 8c 2c, 'two pairs and a single ace: the ace in front, both pairs behind')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from homegame.cards import ACE, Card
from homegame.games.pai_gow.hands import (
    ScoredSplit,
    Split,
    check_seven,
    may_hold,
    ranking_for,
    scored_splits,
    two_strength,
)
from homegame.ranking import reference
from homegame.ranking.pai_gow import PaiGowRanking

__all__ = ["house_way", "house_way_rule"]

_JOKER_CODE: Final = 52
_LOW_FOURS: Final = 6
"""Four of a kind up to this rank is never split."""


def _rank(card: Card) -> int:
    return ACE if card == _JOKER_CODE else card.rank


class _Hand:
    """Seven cards grouped by rank (the joker with the aces), highest groups first."""

    def __init__(self, cards: Sequence[Card], ranking: PaiGowRanking) -> None:
        self.cards = tuple(sorted(cards, key=lambda c: (_rank(c), c != _JOKER_CODE), reverse=True))
        self.ranking = ranking
        groups: dict[int, list[Card]] = {}
        for card in self.cards:
            groups.setdefault(_rank(card), []).append(card)
        self.groups = sorted(groups.values(), key=lambda g: (len(g), _rank(g[0])), reverse=True)
        self._scored: list[ScoredSplit] | None = None

    def of_size(self, size: int) -> list[list[Card]]:
        return [group for group in self.groups if len(group) == size]

    @property
    def singles(self) -> list[Card]:
        return [group[0] for group in self.groups if len(group) == 1]

    @property
    def scored(self) -> list[ScoredSplit]:
        if self._scored is None:
            self._scored = scored_splits(self.cards, self.ranking)
        return self._scored

    def front(self, *two: Card) -> Split:
        """The split with ``two`` in front and every other card behind."""
        return Split(tuple(two), tuple(c for c in self.cards if c not in two))

    def best_front_among(self, cards: Sequence[Card]) -> Split:
        pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]
        return self.front(*max(pairs, key=two_strength))

    def best_front_with_category(self, category: int) -> Split | None:
        """The split keeping a five-card hand of ``category`` behind with the strongest front."""
        if not may_hold(self.cards, category):
            return None
        fitting = [way for way in self.scored if way.five_category == category and not way.foul]
        if not fitting:
            return None
        return max(fitting, key=lambda way: (way.two_strength, way.five_strength)).split


_Rule = Callable[[_Hand], Split | None]


def _five_aces(hand: _Hand) -> Split | None:
    aces = hand.groups[0]
    if len(aces) != 5:
        return None
    others = [c for c in hand.cards if c not in aces]
    if _rank(others[0]) == _rank(others[1]):
        return hand.front(*others)
    naturals = [c for c in aces if c != _JOKER_CODE]
    return hand.front(naturals[0], naturals[1])


def _four_of_a_kind(hand: _Hand) -> Split | None:
    fours = hand.of_size(4)
    if not fours:
        return None
    four = fours[0]
    others = [c for c in hand.cards if c not in four]
    has_pair = len({_rank(c) for c in others}) < len(others)
    if _rank(four[0]) <= _LOW_FOURS or has_pair:
        return hand.best_front_among(others)
    return hand.front(four[0], four[1])


def _two_threes(hand: _Hand) -> Split | None:
    threes = hand.of_size(3)
    if len(threes) < 2:
        return None
    return hand.front(threes[0][0], threes[0][1])


def _full_house(hand: _Hand) -> Split | None:
    threes, pairs = hand.of_size(3), hand.of_size(2)
    if len(threes) != 1 or not pairs:
        return None
    return hand.front(*pairs[0])


def _three_pairs(hand: _Hand) -> Split | None:
    pairs = hand.of_size(2)
    return hand.front(*pairs[0]) if len(pairs) == 3 else None


def _two_pairs(hand: _Hand) -> Split | None:
    pairs = hand.of_size(2)
    if len(pairs) != 2 or hand.of_size(3):
        return None
    singles = hand.singles
    if _rank(singles[0]) == ACE:
        return hand.front(singles[0], singles[1])
    return hand.front(*pairs[1])


def _straight_flush(hand: _Hand) -> Split | None:
    return hand.best_front_with_category(reference.STRAIGHT_FLUSH)


def _straight(hand: _Hand) -> Split | None:
    return hand.best_front_with_category(reference.STRAIGHT)


def _flush(hand: _Hand) -> Split | None:
    return hand.best_front_with_category(reference.FLUSH)


def _three_of_a_kind(hand: _Hand) -> Split | None:
    threes = hand.of_size(3)
    if not threes:
        return None
    singles = hand.singles
    if _rank(threes[0][0]) == ACE:
        return hand.front(threes[0][0], singles[0])
    return hand.front(singles[0], singles[1])


def _one_pair(hand: _Hand) -> Split | None:
    if not hand.of_size(2):
        return None
    singles = hand.singles
    return hand.front(singles[0], singles[1])


def _no_pair(hand: _Hand) -> Split | None:
    return hand.front(hand.cards[1], hand.cards[2])


_RULES: Final[tuple[tuple[_Rule, str], ...]] = (
    (_five_aces, "five aces: kept together only with a pair to put in front"),
    (_four_of_a_kind, "four of a kind: kept together if 2s to 6s or a pair can go in front, "
                      "otherwise split"),
    (_two_threes, "two three of a kinds: a pair from the higher one in front"),
    (_three_pairs, "three pairs: the highest pair in front"),
    (_two_pairs, "two pairs"),
    (_straight_flush, "straight flush behind, the best front the other cards allow"),
    (_straight, "straight behind, the best front the other cards allow"),
    (_flush, "flush behind, the best front the other cards allow"),
    (_full_house, "full house: the (higher) pair in front"),
    (_three_of_a_kind, "three of a kind behind, the two highest single cards in front"),
    (_one_pair, "one pair behind, the two highest single cards in front"),
    (_no_pair, "no pair: the highest card behind, the next two in front"),
)


def house_way_rule(cards: Sequence[Card], *, wheel_second: bool = False) -> tuple[Split, str]:
    """The house way for seven cards and the rule that decided it, in words."""
    check_seven(cards)
    hand = _Hand(cards, ranking_for(wheel_second))
    for rule, text in _RULES:
        found = rule(hand)
        if found is not None:
            return found, _refine(rule, hand, text)
    raise AssertionError("the last rule fits every hand")  # pragma: no cover


def _refine(rule: _Rule, hand: _Hand, text: str) -> str:
    if rule is _two_pairs:
        if _rank(hand.singles[0]) == ACE:
            return "two pairs and a single ace: the ace in front, both pairs behind"
        return "two pairs: split, the lower pair in front"
    if rule is _three_of_a_kind and _rank(hand.of_size(3)[0][0]) == ACE:
        return "three aces: one ace in front with the highest single card"
    return text


def house_way(cards: Sequence[Card], *, wheel_second: bool = False) -> Split:
    """How the house sets seven cards (see the module text for the rules, in order)."""
    return house_way_rule(cards, wheel_second=wheel_second)[0]
