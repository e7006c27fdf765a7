"""A Paiute bot that builds toward the combination it is closest to, given the wild cards.

It measures a five-card hand by how many more cards its best target still needs (its *deficit*),
then by how many unseen cards would help (its *outs*), then by what the target is worth: five of a
kind, a straight flush (suited cards close together, wild cards filling gaps), four/two and
three/three (pairs and threes kept together). Each turn it:

- takes the top discard when that makes a combination it may call at once (so it never misses the
  first-turn paiute), when it is a wild card, or when it brings the hand closer to a combination;
  otherwise it draws from the stock;
- calls whenever the rules let it: a made combination seldom improves before someone else calls, a
  first-turn paiute is now or never, and on a last turn a call is only offered when it beats the best
  shown; of several five-card calls it throws away the least useful card;
- otherwise throws away the card whose loss leaves the best-measured five cards.

It sees only its view: its own hand, the wild cards, the top discard and the calls shown.

>>> from homegame.games.paiute import Paiute
>>> state = Paiute(players=3).deal(seed=5)
>>> bot = PaiuteBot(seed=1)
>>> seat = state.to_act[0]
>>> bot.act(state.view(seat), state.legal_actions(seat)).kind
'draw'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from homegame.bots import Bot
from homegame.cards import ACE, Card
from homegame.engine import Action, ActionSet
from homegame.games.paiute import DRAW_PILE, DRAW_STOCK, PaiuteView
from homegame.ranking import RANKINGS

__all__ = ["BOTS", "PaiuteBot", "measure"]

Measure = tuple[int, int, int]
"""(cards still needed, minus the outs, minus the target's worth): smaller is better."""

_WORTH = {"five of a kind": 6, "royal flush": 5, "straight flush": 4, "four/two": 3, "three/three": 2}
_WINDOWS = tuple(tuple((ACE if r == 1 else r) for r in range(top - 4, top + 1)) for top in range(5, 15))


def measure(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> Measure:
    """How close ``cards`` (five) are to a combination; smaller is closer.

    >>> from homegame.cards import parse_cards
    >>> wild = parse_cards("2c 2d 2h 2s")
    >>> measure(parse_cards("9c 9d 9h 2s 5c"), wild)[0], measure(parse_cards("9c 7d 4h Ks 5c"), wild)[0]
    (1, 3)
    """
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    wild_left = max(0, _wild_total(wild) - wilds - sum(1 for c in seen if c in wild))
    seen_ranks = Counter(c.rank for c in seen)
    counts = Counter(c.rank for c in naturals)
    ranked = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ranked += [(rank, 0) for rank in (ACE, 13, 12) if rank not in counts]
    (top, most), (second, next_most) = ranked[0], ranked[1]
    five_outs = 4 - most - seen_ranks[top] + wild_left
    options: list[Measure] = [(max(0, 5 - most - wilds), -five_outs, -_WORTH["five of a kind"])]
    for worth, need_top, need_second in ((3, 4, 2), (2, 3, 3)):
        held = min(most, need_top) + min(next_most, need_second)
        outs = (need_top > most) * (4 - most - seen_ranks[top]) + (need_second > next_most) * (
            4 - next_most - seen_ranks[second]) + wild_left
        options.append((max(1, 6 - held - wilds), -outs, -worth))
    options.append(_straight_flush(naturals, wilds, wild_left, set(seen)))
    return min(options)


def _straight_flush(naturals: Sequence[Card], wilds: int, wild_left: int, seen: set[Card]) -> Measure:
    best: Measure = (9, 0, 0)
    by_suit: dict[Any, set[int]] = {}
    for c in naturals:
        by_suit.setdefault(c.suit, set()).add(c.rank)
    for suit, ranks in by_suit.items():
        for window in _WINDOWS:
            held = len(ranks & set(window))
            missing = [r for r in window if r not in ranks]
            outs = sum(1 for r in missing if not any(c.rank == r and c.suit == suit for c in seen))
            worth = 5 if window[-1] == ACE else 4
            best = min(best, (max(0, 5 - held - wilds), -(outs + wild_left), -worth))
    return best


def _wild_total(wild: Collection[Card]) -> int:
    """How many wild cards there are: two jokers, or every wild card (the turned-up one is seen)."""
    if any(c.is_joker for c in wild):
        return 2
    return len(wild)


class PaiuteBot(Bot):
    """The heuristic Paiute player described in the module text."""

    name = "heuristic"

    def act(self, view: PaiuteView, legal: ActionSet) -> Action:
        if view.phase == "draw":
            return self._draw(view, legal)
        calls = [a for a in legal if a.kind == "call"]
        if calls:
            return self._best_call(view, calls)
        return self._discard(view, legal)

    def _draw(self, view: PaiuteView, legal: ActionSet) -> Action:
        top = view.top_discard
        if DRAW_PILE not in legal or top is None:
            return DRAW_STOCK
        wild = set(view.wild_cards)
        if top in wild or self._callable_with(view, top):
            return DRAW_PILE
        seen = self._seen(view)
        now = measure(view.hand, wild, seen)
        with_top = min(measure(_without([*view.hand, top], c), wild, seen) for c in view.hand)
        return DRAW_PILE if with_top[:2] < now[:2] else DRAW_STOCK

    def _callable_with(self, view: PaiuteView, top: Card) -> bool:
        ranking = RANKINGS[view.ranking]
        wild = set(view.wild_cards)
        hand = ranking.evaluate([*view.hand, top], wild)
        if hand.category.name == "no combination" or (len(hand.cards) == 5 and top not in hand.cards):
            return False
        if hand.category.name == "paiute" and not view.first_turn:
            return False
        return not view.calls or hand.strength > ranking.evaluate(view.calls[-1].cards, wild).strength

    def _best_call(self, view: PaiuteView, calls: list[Action]) -> Action:
        ranking = RANKINGS[view.ranking]
        wild = set(view.wild_cards)

        def worth(call: Action) -> tuple[int, bool, int]:
            kept = _without(view.hand, call.cards[0]) if call.cards else list(view.hand)
            thrown = call.cards[0] if call.cards else None
            return (ranking.strength(kept, wild), thrown not in wild,
                    -(thrown.rank if thrown is not None else 0))

        return max(calls, key=worth)

    def _discard(self, view: PaiuteView, legal: ActionSet) -> Action:
        wild = set(view.wild_cards)
        seen = self._seen(view)

        def after(action: Action) -> tuple[Measure, int]:
            card = action.cards[0]
            return measure(_without(view.hand, card), wild, seen), card in wild

        return min((a for a in legal if a.kind == "discard"), key=after)

    @staticmethod
    def _seen(view: PaiuteView) -> list[Card]:
        """Cards out of reach that this seat can see: the turned card, the top discard, calls shown."""
        seen = [c for c in (view.wild_card, view.top_discard) if c is not None]
        return seen + [c for call in view.calls for c in call.cards]


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


BOTS = {"heuristic": PaiuteBot}
