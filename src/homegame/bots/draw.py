"""A heuristic bot for Basic Draw Poker and lowball draw, playing from its seat's view only.

It rates its hand by its chance to win heads-up, as measured by play in
:mod:`homegame.bots.draw_equity` (a pair of twos wins some 44% of the time before the draw, a king
high 37%; in lowball, by the low cards it keeps and the highest of them), bets and raises strong
hands in proportion to the pot, calls when the rating beats the price the pot offers, and folds the
rest. In the draw it keeps what makes its hand (pairs, trips, two pair, wild cards, four to a
flush or straight, a pat hand) and throws the rest, keeping an ace to draw four; in lowball it
keeps its distinct low cards.

>>> import homegame
>>> from homegame.cards import parse_cards
>>> state = homegame.new_game("draw", players=3).deal(seed=5)
>>> bot = HeuristicDrawBot(seed=1)
>>> seat = state.to_act[0]
>>> bot.act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
True
>>> discards_for(parse_cards("Kh Kd 7c 4s 2h"), ranking="high", wild="none")
[7c, 4s, 2h]
>>> discards_for(parse_cards("Ah 9h 6h 3h Kc"), ranking="high", wild="none")
[Kc]
>>> discards_for(parse_cards("Ah 2c 3d 9s Kc"), ranking="ace-to-five", wild="none")
[Kc, 9s]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength, habit_choice
from homegame.bots.draw_equity import draw_choice, equity
from homegame.cards import ACE, Card
from homegame.engine import Action, ActionSet
from homegame.ranking import evaluate, wild_cards
from homegame.ranking.short import SHORT_HIGH

__all__ = ["BOTS", "HeuristicDrawBot", "discards_for", "rating", "short_discards", "short_rating"]

_CATEGORY_FLOOR = {"high card": 0.05, "pair": 0.3, "two pair": 0.62, "three of a kind": 0.72,
                   "straight": 0.8, "flush": 0.85, "full house": 0.9, "four of a kind": 0.95,
                   "straight flush": 0.98, "royal flush": 1.0, "five of a kind": 1.0}


def _wild_arg(wild: str) -> str | None:
    """The view's ``wild`` word as the ranking takes it: a rank's word (``deuces``, ``sevens``),
    or nothing where only jokers (or no cards) are wild."""
    return None if wild in ("none", "jokers") else wild


def _is_wild(card: Card, wild: str) -> bool:
    return card.suit is None or card.rank == _wild_rank(wild)


@cache
def _wild_rank(wild: str) -> int:
    """The rank a view's ``wild`` word makes wild (0 for none)."""
    word = _wild_arg(wild)
    return next(iter(wild_cards(word))).rank if word is not None else 0


def rating(hand: Sequence[Card], *, ranking: str, wild: str, before_draw: bool) -> float:
    """How good ``hand`` is, from 0 (hopeless) to 1 (the nuts), by its category and rank: a rough
    scale that Whiskey's and Anaconda's bots read (Draw's rates its hands by
    :func:`~homegame.bots.draw_equity.equity`, measured by play).

    >>> from homegame.cards import parse_cards
    >>> rating(parse_cards("As Ad Ac 7h 2d"), ranking="high", wild="none", before_draw=False)
    0.79
    """
    if ranking != "high":
        return _low_rating(hand, ranking, wild)
    made = evaluate(list(hand), "high", _wild_arg(wild))
    floor = _CATEGORY_FLOOR.get(made.category.name, 0.5)
    ranks = Counter(c.rank for c in made.cards if not _is_wild(c, wild))
    top = ranks.most_common(1)[0][0] if ranks else ACE
    score = floor + 0.07 * (top - 2) / 12
    if before_draw and made.category.name in ("high card", "pair") and _four_to_something(hand, wild):
        score = max(score, 0.4)
    return round(min(score, 1.0), 2)


def _low_rating(hand: Sequence[Card], ranking: str, wild: str) -> float:
    values = sorted(_low_value(c, ranking) for c in hand if not _is_wild(c, wild))
    if len(set(values)) < len(values):
        return 0.05
    highest = values[-1] if values else 5
    return round(max(0.05, 1.0 - 0.1 * max(0, highest - 5)), 2)


def _low_value(card: Card, ranking: str) -> int:
    return 1 if card.rank == ACE and ranking in ("ace-to-five", "ace-to-six") else card.rank


def _four_to_something(hand: Sequence[Card], wild: str) -> bool:
    natural = [c for c in hand if not _is_wild(c, wild)]
    wilds = len(hand) - len(natural)
    suits = Counter(c.suit for c in natural)
    if suits and suits.most_common(1)[0][1] + wilds >= 4:
        return True
    ranks = sorted({c.rank for c in natural})
    return any(sum(1 for r in ranks if low <= r < low + 5) + wilds >= 4 for low in range(1, 11))


def discards_for(hand: Sequence[Card], *, ranking: str, wild: str) -> list[Card]:
    """The cards worth throwing: all but what makes the hand or draws to one (before any limit)."""
    if ranking != "high":
        return _low_discards(hand, ranking, wild)
    natural = [c for c in hand if not _is_wild(c, wild)]
    made = evaluate(list(hand), "high", _wild_arg(wild))
    if made.category.name in ("straight", "flush", "full house", "four of a kind", "straight flush",
                              "royal flush", "five of a kind"):
        return []
    counts = Counter(c.rank for c in natural)
    matched = [c for c in natural if counts[c.rank] >= 2]
    if matched:
        return [c for c in natural if counts[c.rank] < 2]
    suit, count = Counter(c.suit for c in natural).most_common(1)[0] if natural else (None, 0)
    if count + len(hand) - len(natural) >= 4:
        return [c for c in natural if c.suit != suit]
    straight = _straight_draw(natural, len(hand) - len(natural))
    if straight is not None:
        return [c for c in natural if c not in straight]
    highest = sorted(natural, key=lambda c: -c.rank)
    if len(natural) < len(hand):
        return highest[1:]
    aces = [c for c in natural if c.rank == ACE]
    keep = aces[:1] or highest[:2]
    return sorted((c for c in natural if c not in keep), key=lambda c: -c.rank)


def _straight_draw(natural: Sequence[Card], wilds: int) -> list[Card] | None:
    by_rank = {c.rank: c for c in natural}
    if ACE in by_rank:
        by_rank[1] = by_rank[ACE]
    for low in range(10, 0, -1):
        window = [by_rank[r] for r in range(low, low + 5) if r in by_rank]
        if len(window) + wilds >= 4 and len(window) >= 3:
            return window
    return None


def _low_discards(hand: Sequence[Card], ranking: str, wild: str) -> list[Card]:
    kept: dict[int, Card] = {}
    for card in sorted((c for c in hand if not _is_wild(c, wild)), key=lambda c: _low_value(c, ranking)):
        value = _low_value(card, ranking)
        if value not in kept and value <= 8:
            kept[value] = card
    return sorted((c for c in hand if not _is_wild(c, wild) and c not in kept.values()),
                  key=lambda c: -_low_value(c, ranking))


def short_rating(hand: Sequence[Card]) -> float:
    """A rough chance to win for a hand of fewer than five cards (the small form's): a pair or
    better from 0.6 up, a high card below even, by its highest rank. Not measured: the small forms
    are for solvers, and this is what their best response is measured against.

    >>> from homegame.cards import parse_cards
    >>> [short_rating(parse_cards(hand)) for hand in ("Kh Kd", "Ah Kd", "Qh")]
    [0.68, 0.5, 0.45]
    """
    counts = Counter(card.rank for card in hand)
    rank, count = max(counts.items(), key=lambda item: (item[1], item[0]))
    if count == 1:
        return round(0.2 + 0.3 * (rank - 2) / 12, 2)
    return round(min(0.6 + 0.1 * (count - 2) + 0.04 * (rank - 11), 0.98), 2)


def short_discards(hand: Sequence[Card]) -> list[Card]:
    """The cards of a short hand worth throwing, lowest first: all but its pairs and sets, or all but
    its highest card when it has none.

    >>> from homegame.cards import parse_cards
    >>> short_discards(parse_cards("Kh Kd Qs")), short_discards(parse_cards("Qh Ad Ks"))
    ([Qs], [Qh, Ks])
    """
    counts = Counter(card.rank for card in hand)
    unmatched = sorted((card for card in hand if counts[card.rank] == 1), key=lambda card: card.rank)
    return unmatched if len(unmatched) < len(hand) else unmatched[:-1]


class HeuristicDrawBot(Bot):
    """Bets by hand rating and pot odds, draws to the best hand; sees only its view."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if view.phase == "draw":
            return self._draw(view, legal)
        if view.phase == "show":
            return habit_choice(legal)
        return self._bet(view, legal)

    def _draw(self, view: Any, legal: ActionSet) -> Action:
        if view.ranking == SHORT_HIGH.name:
            throw = short_discards(view.hand)
        else:
            throw = draw_choice(view.hand, ranking=view.ranking, wild=view.wild)
        for size in (4, 3, 2, 1):
            choice = Action("discard", cards=tuple(throw[:size]))
            if choice in legal:
                return choice
        return legal[0]

    def _bet(self, view: Any, legal: ActionSet) -> Action:
        score, odds = self.read_bet(view)
        return bet_by_strength(legal, score, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The hand's rating, its measured chance to win heads-up, and the pot odds this seat faces
        (see :mod:`homegame.bots.betting`)."""
        before_draw = view.phase == "bet1"
        if view.ranking == SHORT_HIGH.name:
            score = short_rating(view.hand)
        else:
            score = equity(view.hand, wild=view.wild, before_draw=before_draw, ranking=view.ranking)
        opponents = max(1, sum(1 for s in view.stacks if s not in view.folded and s != view.seat))
        return score, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)


BOTS = {"heuristic": HeuristicDrawBot}
