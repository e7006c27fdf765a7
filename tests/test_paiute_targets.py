"""The nearest combination (the hint's advice and the bot's measure) is the straightforward one.

``targets`` counts a straight flush's missing ranks with bit masks and remembers its answers; the
reference below is the plain definition, run by window and by card, and the two must agree on
every hand, in every wild-card variant, with cards seen or not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from homegame.cards import ACE, JOKER, Card, Suit, deck, parse_cards, rank_name
from homegame.games.paiute.targets import Target, nearest, targets

WINDOWS = [[ACE if r == 1 else r for r in range(top - 4, top + 1)] for top in range(5, 15)]


def reference_flush(naturals: Sequence[Card], wilds: int, wild_left: int,
                    seen: Sequence[Card]) -> Target | None:
    best = None
    for suit in Suit:
        ranks = {c.rank for c in naturals if c.suit == suit}
        if not ranks:
            continue
        for window in WINDOWS:
            missing = [r for r in window if r not in ranks]
            outs = sum(1 for r in missing if not any(c.rank == r and c.suit == suit for c in seen))
            royal = window[-1] == ACE
            name = suit.name.lower()
            detail = f"in {name}" if royal else f"{rank_name(window[-1])} high in {name}"
            target = Target("royal flush" if royal else "straight flush", detail,
                            max(0, len(missing) - wilds), outs + wild_left, 5 if royal else 4)
            if best is None or target.key() < best.key():
                best = target
    return best


def reference_flush_of(cards: Sequence[Card], wild: frozenset[Card], seen: Sequence[Card]) -> Target | None:
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    total = 2 if JOKER in wild else len(wild)
    wild_left = max(0, total - wilds - sum(1 for c in seen if c in wild))
    return reference_flush(naturals, wilds, wild_left, seen)


def random_case(rng: random.Random) -> tuple[list[Card], frozenset[Card], list[Card]]:
    cards = list(deck())
    kind = rng.randrange(3)
    if kind == 0:
        wild = frozenset({JOKER})
        cards += [JOKER, JOKER]
    else:
        turned = rng.choice(cards)
        wild = frozenset(c for c in cards
                         if c.rank == turned.rank and (kind == 1 or c.is_red != turned.is_red))
    hand = rng.sample(cards, 5)
    rest = list(cards)
    for c in hand:
        rest.remove(c)
    return hand, wild, rng.sample(rest, rng.randrange(12))


@pytest.mark.parametrize("seed", range(4))
def test_the_straight_flush_target_is_the_plain_definitions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(500):
        hand, wild, seen = random_case(rng)
        found = [t for t in targets(hand, wild, seen) if t.combination.endswith("flush")]
        expected = reference_flush_of(hand, wild, seen)
        assert found == ([] if expected is None else [expected]), (hand, sorted(wild), seen)


def test_nearest_does_not_depend_on_the_order_of_the_cards_nor_on_what_it_remembers() -> None:
    rng = random.Random(9)
    for _ in range(300):
        hand, wild, seen = random_case(rng)
        first = nearest(hand, wild, seen)
        assert first == min(targets(hand, wild, seen), key=Target.key)
        assert nearest(list(reversed(hand)), set(wild), list(reversed(seen))) == first


def test_two_jokers_seen_leave_no_wild_card_to_come() -> None:
    hand = parse_cards("9h 8h 7d 5h Kc")
    one, both = nearest(hand, {JOKER}, [JOKER]), nearest(hand, {JOKER}, [JOKER, JOKER])
    assert one.describe() == both.describe() == "straight flush, nine high in hearts: 2 cards away"
    assert one.outs == both.outs + 1
