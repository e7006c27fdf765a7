"""Exact odds tables: how many of all the ``n``-card hands fall in each category of a ranking.

Every hand is counted, never sampled. Standard high hands without wild cards go through the
vectorized batch evaluator (:func:`homegame.ranking.batch.tabulate_high`); every other ranking is
counted by symmetry (:mod:`homegame.analysis.symmetry`): one evaluation per class of hands that
must share a category, weighted by the number of hands in the class.

>>> table = category_table("high", 5)
>>> table.total, table.counts["four of a kind"], table.counts["straight flush"]
(2598960, 624, 40)
>>> f"{table.probabilities['full house']:.6f}"
'0.001441'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from types import MappingProxyType
from typing import Any, Final, Literal

import homegame
from homegame._compile import rebuilt_from_fields
from homegame.analysis.progress import Progress
from homegame.analysis.symmetry import STANDARD_AVAILABILITY, availability, hand_classes
from homegame.cards import DECKS, JOKER, Card, format_cards
from homegame.errors import GameError
from homegame.ranking import Hand, Ranking, batch, wild_cards

__all__ = ["MAX_CARDS", "SUIT_THRESHOLDS", "CategoryTable", "category_table"]

SUIT_THRESHOLDS: Final[Mapping[str, int | None]] = MappingProxyType({
    "high": 5, "deuce-to-seven": 5, "ace-to-six": 5, "paiute": 5, "paiute-royal-on-top": 5,
    "pai-gow": 5, "pai-gow-wheel-second": 5, "soko": 4, "ace-to-five": None, "front": None,
})
"""For each ranking, how many cards of one suit (wild cards joining any suit) it takes before suits
can change a hand's category: a flush needs five, Soko's four-flush four; ``None`` where suits never
count. A ranking missing here is counted with every suit pattern evaluated (slower, still exact)."""

MAX_CARDS: Final = 7
"""The largest hands tabulated: seven cards, 133,784,560 hands (more would take hours by symmetry)."""
_STANDARD: Final = DECKS["standard"]
_BATCH_SIZES: Final = (5, 6, 7)


@dataclass(frozen=True)
class CategoryTable:
    """How many ``n_cards`` hands fall in each category of a ranking, best category first.

    ``counts`` includes every category of the ranking, zero where no hand makes it; ``total`` is the
    number of hands dealt from the deck (52 cards plus ``jokers``), ``wild`` the wild cards besides
    jokers in notation.
    """

    ranking: str
    n_cards: int
    counts: Mapping[str, int]
    wild: str | None = None
    jokers: int = 0
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "total", sum(self.counts.values()))

    @property
    def probabilities(self) -> Mapping[str, float]:
        """Each category's share of all hands."""
        return {name: count / self.total for name, count in self.counts.items()}

    def odds(self, category: str) -> float | None:
        """``N`` in "one hand in ``N``" for the category, or ``None`` if no hand makes it."""
        count = self.counts[category]
        return self.total / count if count else None

    def to_json(self) -> dict[str, object]:
        return {
            "ranking": self.ranking,
            "cards": self.n_cards,
            "wild": self.wild,
            "jokers": self.jokers,
            "total": self.total,
            "categories": [
                {"name": name, "count": count, "probability": count / self.total}
                for name, count in self.counts.items()
            ],
        }


rebuilt_from_fields(CategoryTable)


def category_table(ranking: str, n_cards: int, wild: str | int | Iterable[Card | str] | None = None,
                   *, jokers: int = 0, progress: Progress | None = None,
                   method: Literal["auto", "batch", "symmetry"] = "auto") -> CategoryTable:
    """The exact number of ``n_cards`` hands in each category of ``ranking``.

    The deck is the standard 52 cards plus ``jokers`` jokers (wild in every ranking but ``pai-gow``,
    where the joker is the bug); ``wild`` makes more cards wild as in :func:`homegame.evaluate`
    (``"3"``: every three). ``progress(done, total)`` hears how far the count has come (in hands
    on the batch path, in classes of hands when counting by symmetry).
    """
    chosen = _ranking(ranking)
    wild_set = wild_cards(wild)
    strangers = sorted(c for c in wild_set if c not in DECKS["standard"])
    if strangers:
        raise GameError(f"wild cards are cards of the standard deck, not {format_cards(strangers)} "
                        "(jokers, always wild, come with the jokers count)")
    if not 0 <= jokers <= 2:
        raise GameError(f"a deck holds 0, 1 or 2 jokers, got {jokers}")
    if not 1 <= n_cards <= MAX_CARDS:
        raise GameError(f"odds tables cover hands of 1 to {MAX_CARDS} cards, not {n_cards}")
    batch_applies = chosen.name == "high" and not wild_set and not jokers and n_cards in _BATCH_SIZES
    if method == "batch" and not batch_applies:
        raise GameError("the batch path counts standard high hands of 5 to 7 cards without wild cards")
    if batch_applies and method != "symmetry":
        counts = batch.tabulate_high(n_cards, progress=progress)
    else:
        counts = _counts_by_symmetry(chosen, n_cards, wild_set, jokers, progress)
    ordered = {category.name: counts.get(category.name, 0) for category in reversed(chosen.categories)}
    return CategoryTable(chosen.name, n_cards, ordered,
                         wild=format_cards(sorted(wild_set)) if wild_set else None, jokers=jokers)


def _ranking(name: str) -> Ranking:
    try:
        return homegame.RANKINGS[name]
    except KeyError:
        raise GameError(f"unknown ranking {name!r}; known: {', '.join(homegame.RANKINGS)}") from None


def _counts_by_symmetry(chosen: Ranking, n_cards: int, wild_set: frozenset[Card], jokers: int,
                        progress: Progress | None,
                        deck: tuple[int, ...] = STANDARD_AVAILABILITY,
                        key: Callable[[Hand], Hashable] = lambda hand: hand.category.name,
                        ) -> dict[Any, int]:
    """Counts by category, walking the classes of hands for each number of wild cards and jokers.

    A wild card stands for any card, so which wild cards a hand holds does not matter, only how
    many: the hands holding ``w`` of them are counted once with the first ``w`` and weighted by the
    ``C(len(wild), w)`` ways to choose them. Jokers are alike, and weighted the same way. ``deck``
    gives the suits of each rank in the deck (tests count a small deck both ways). ``key`` says
    what is counted of each hand: its category's name, or (for a hand's standing) its strength.
    """
    wild_order = [c for c in sorted(wild_set) if deck[c // 4] >> (c % 4) & 1]
    plain = tuple(mask & removed for mask, removed in zip(deck, availability(wild_order), strict=True))
    threshold = SUIT_THRESHOLDS.get(chosen.name, 0)
    walks = []
    for wilds in range(min(len(wild_order), n_cards) + 1):
        for joker_count in range(min(jokers, n_cards - wilds) + 1):
            extra = (*wild_order[:wilds], *(JOKER,) * joker_count)
            weight = comb(len(wild_order), wilds) * comb(jokers, joker_count)
            classes = list(hand_classes(plain, n_cards - wilds - joker_count, threshold=threshold,
                                        helpers=wilds + joker_count))
            walks.append((extra, weight, classes))
    total = sum(len(classes) for _, _, classes in walks)
    counts: dict[Any, int] = {}
    done = 0
    for extra, weight, classes in walks:
        for codes, hands, _ in classes:
            counted = key(_evaluate(chosen, codes, extra, wild_set))
            counts[counted] = counts.get(counted, 0) + hands * weight
            done += 1
            if progress is not None and done % 256 == 0:
                progress(done, total)
    if progress is not None:
        progress(total, total)
    return counts


def _evaluate(chosen: Ranking, codes: tuple[int, ...], extra: tuple[Card, ...],
              wild_set: frozenset[Card]) -> Hand:
    cards = [_STANDARD[code] for code in codes]
    cards.extend(extra)
    return homegame.evaluate(cards, chosen, wild_set)
