"""How often a Soko hand wins heads-up, street by street: the calibrated rating of Soko's bot.

As :mod:`homegame.bots.draw_equity` measures draw poker hands, this measures a seat's cards in
Soko at each street, its hole card and the up cards it has so far: many heads-up deals played to
the showdown without folding, each seat's first two, three, four and five cards counted in their
class and scored 1 for a win and 1/2 for a tie. Before the fifth card a class is what the cards
make (``pair:9``, ``two pair:11``, ``high card:14``), with ``:flush`` or ``:straight`` when three
or more of them are all of one suit or could all belong to one straight; with five cards, the Soko
hand (``four-flush:13``). :data:`EQUITY` holds the shares by the number of cards seen;
:func:`calibrate` measures them again (``python -m homegame.bots.soko_equity`` rewrites
``soko_equity.json`` beside this module).

>>> from homegame.cards import parse_cards
>>> hand_class(parse_cards("9h 9d 4c"))
'pair:9'
>>> hand_class(parse_cards("Kh 9h 4h"))
'high card:13:flush'
>>> equity(parse_cards("2h 2d")) > equity(parse_cards("Ah Kd"))
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from homegame.bots.draw_equity import class_shares
from homegame.cards import ACE, Card, deck
from homegame.ranking import RANKINGS, evaluate, strength

__all__ = ["EQUITY", "calibrate", "equity", "hand_class"]

TABLE_FILE: Final = Path(__file__).with_name("soko_equity.json")
HAND: Final = 5
_PATTERNS: Final = {(4,): "four of a kind", (3, 1): "three of a kind", (3,): "three of a kind",
                    (2, 2): "two pair", (2, 1): "pair", (2,): "pair", (3, 2): "full house"}


def hand_class(cards: Sequence[Card]) -> str:
    """The class ``cards`` (the hole card and the up cards so far) are counted in."""
    if len(cards) == HAND:
        made = evaluate(list(cards), "soko")
        counts = Counter(c.rank for c in made.cards)
        top = max(counts, key=lambda rank: (counts[rank], rank))
        return f"{made.category.name}:{top}"
    counts = Counter(c.rank for c in cards)
    shape = tuple(sorted(counts.values(), reverse=True)[:2])
    top = max(counts, key=lambda rank: (counts[rank], rank))
    key = f"{_PATTERNS.get(shape, 'high card')}:{top}"
    if len(cards) >= 3 and key.startswith("high card"):
        if len({c.suit for c in cards}) == 1:
            key += ":flush"
        elif _could_be_straight({c.rank for c in cards}):
            key += ":straight"
    return key


def _could_be_straight(ranks: set[int]) -> bool:
    lows = ranks | ({1} if ACE in ranks else set())
    return any(all(r in range(low, low + 5) for r in ranks) or all(r in range(low, low + 5) for r in lows)
               for low in range(1, 11))


def equity(cards: Sequence[Card]) -> float:
    """The measured chance that ``cards`` (hole card first, then up cards) win heads-up against
    a hand dealt at random, played to the showdown."""
    table = EQUITY[str(len(cards))]
    key = hand_class(cards)
    found = table.get(key)
    if found is None and key.count(":") == 2:
        found = table.get(key.rsplit(":", 1)[0])
    return 0.5 if found is None else found


def calibrate(*, deals: int, seed: int = 0) -> dict[str, dict[str, float]]:
    """Measure every street's shares over ``deals`` heads-up deals (see the module)."""
    chooser = random.Random(seed)
    cards = deck()
    won: dict[str, dict[str, list[float]]] = {str(seen): {} for seen in range(2, HAND + 1)}
    categories = [category.name for category in RANKINGS["soko"].categories]
    for _ in range(deals):
        shuffled = cards[:]
        chooser.shuffle(shuffled)
        hands = (shuffled[:HAND], shuffled[HAND:2 * HAND])
        first, second = (strength(hand, "soko") for hand in hands)
        results = (1.0, 0.0) if first > second else (0.0, 1.0) if second > first else (0.5, 0.5)
        for hand, result in zip(hands, results, strict=True):
            for seen in range(2, HAND + 1):
                won[str(seen)].setdefault(hand_class(hand[:seen]), []).append(result)
    return {seen: class_shares(results, categories) for seen, results in won.items()}


def _load() -> dict[str, dict[str, float]]:
    tables: dict[str, dict[str, float]] = json.loads(TABLE_FILE.read_text())
    return tables


EQUITY: Final = _load()
"""The measured shares: cards seen (``"2"`` to ``"5"``) -> hand class -> share."""


def main() -> None:
    """Measure again and rewrite ``soko_equity.json``."""
    TABLE_FILE.write_text(json.dumps(calibrate(deals=400_000), indent=1) + "\n")


if __name__ == "__main__":
    main()
