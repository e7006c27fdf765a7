"""How often a draw-poker hand wins heads-up: the calibrated rating of Draw's heuristic bot.

A bot that bets by pot odds needs its hand's real chance to win: rate a pair of nines below its
worth and the bot folds it to any bet, which a player who bets every hand exploits. The chance
here is measured by play: many heads-up deals in which both seats draw as the bot draws
(:func:`draw_choice`), each hand counted in its class before the draw (its category, the rank
that makes it, and four to a flush or a straight) and after it (category and rank), with a win
counting 1 and a tie 1/2. :data:`EQUITY` holds the measured shares for each kind of deck, ``none``
(no wild card), ``jokers`` (two jokers wild) and ``rank`` (the four cards of a rank wild, measured
with deuces), and for each way of ranking lows (``ace-to-five``, ``deuce-to-seven``,
``ace-to-six``, measured without wild cards), where a hand's class is the number of low cards it
keeps to draw to and the highest of them before the draw (``low:4:7``: four cards to a seven), and
after it the highest card of an unpaired hand, or ``paired``. :func:`calibrate` measures them
again (``python -m homegame.bots.draw_equity`` rewrites ``draw_equity.json`` beside this module).
A class too rare to measure takes the share of its category (with the same draw, or a low's the
share of the lows keeping as many cards), and every share there is at least the share of the
class just weaker.

>>> from homegame.cards import parse_cards
>>> hand_class(parse_cards("Kh Kd 7c 4s 2h"), wild="none", before_draw=True)
'pair:13'
>>> hand_class(parse_cards("Ah 9h 6h 3h Kc"), wild="none", before_draw=True)
'high card:14:flush'
>>> 0.55 < equity(parse_cards("9h 9d 7c 4s 2h"), wild="none", before_draw=True) < 0.8
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Final

from homegame.cards import ACE, Card, deck
from homegame.ranking import evaluate, strength, wild_cards
from homegame.ranking.high import HIGH_CATEGORIES

__all__ = ["DECKS", "EQUITY", "calibrate", "class_shares", "draw_choice", "equity", "hand_class"]

TABLE_FILE: Final = Path(__file__).with_name("draw_equity.json")
DECKS: Final = ("none", "jokers", "rank")
"""The kinds of deck measured: no wild card, two jokers wild, the four cards of one rank wild."""
LOWS: Final = ("ace-to-five", "deuce-to-seven", "ace-to-six")
"""The ways of ranking lows measured (lowball's ``low`` setting)."""
MEASURED_WILD: Final = {"none": "none", "jokers": "jokers", "rank": "deuces"}
"""The view's ``wild`` word each kind of deck is measured with."""
HIGH_NAMES: Final = tuple(category.name for category in HIGH_CATEGORIES)
RARE: Final = 200
"""Fewer hands of a class than this and it takes its category's share."""


def deck_kind(wild: str) -> str:
    """The kind of deck a view's ``wild`` word plays with (see :data:`DECKS`)."""
    return wild if wild in ("none", "jokers") else "rank"


def _wild_word(wild: str) -> str | None:
    return None if wild in ("none", "jokers") else wild


@cache
def _wild_rank(wild: str) -> int:
    word = _wild_word(wild)
    return next(iter(wild_cards(word))).rank if word is not None else 0


def _is_wild(card: Card, wild: str) -> bool:
    return card.suit is None or card.rank == _wild_rank(wild)


def hand_class(hand: Sequence[Card], *, wild: str, before_draw: bool, ranking: str = "high") -> str:
    """The class a hand is counted in: ``category:rank``, the rank that makes it (the most cards,
    then the highest), and before the draw ``:flush`` or ``:straight`` for a hand below two pair
    holding four to one; for a low ``ranking``, as the module says."""
    if ranking != "high":
        return _low_class(hand, wild=wild, before_draw=before_draw, ranking=ranking)
    made = evaluate(list(hand), "high", _wild_word(wild))
    ranks = Counter(c.rank for c in made.cards if not _is_wild(c, wild))
    top = max(ranks, key=lambda rank: (ranks[rank], rank)) if ranks else ACE
    key = f"{made.category.name}:{top}"
    if before_draw and made.category.name in ("high card", "pair"):
        draw = _four_to(hand, wild)
        if draw:
            key += ":" + draw
    return key


def _four_to(hand: Sequence[Card], wild: str) -> str:
    """``flush`` or ``straight`` when the hand holds four to one (wild cards helping), else ``""``."""
    natural = [c for c in hand if not _is_wild(c, wild)]
    wilds = len(hand) - len(natural)
    suits = Counter(c.suit for c in natural)
    if suits and suits.most_common(1)[0][1] + wilds >= 4:
        return "flush"
    ranks = {c.rank for c in natural} | ({1} if any(c.rank == ACE for c in natural) else set())
    if any(sum(1 for r in ranks if low <= r < low + 5) + wilds >= 4 for low in range(1, 11)):
        return "straight"
    return ""


def _low_value(card: Card, ranking: str) -> int:
    return 1 if card.rank == ACE and ranking in ("ace-to-five", "ace-to-six") else card.rank


def _low_class(hand: Sequence[Card], *, wild: str, before_draw: bool, ranking: str) -> str:
    values = [_low_value(c, ranking) for c in hand if not _is_wild(c, wild)]
    wilds = len(hand) - len(values)
    if before_draw:
        kept = {value for value in values if value <= 8}
        return f"low:{len(kept) + wilds}:{max(kept)}" if kept else f"low:{wilds}"
    if len(set(values)) < len(values):
        return "paired"
    return f"low:5:{max(values)}" if values else "low:5:0"


def equity(hand: Sequence[Card], *, wild: str, before_draw: bool, ranking: str = "high") -> float:
    """The hand's measured chance to win heads-up against a hand dealt at random, both drawing as
    the bot draws (before the draw), or after the draw against such a hand drawn already; lows
    (a ``ranking`` of lowball, its qualifier ignored) by their own tables."""
    low = ranking.split("/")[0]
    kind = low if low in LOWS else deck_kind(wild)
    table = EQUITY[kind]["before" if before_draw else "after"]
    key = hand_class(hand, wild=wild, before_draw=before_draw, ranking=low if low in LOWS else "high")
    found = table.get(key)
    if found is None:  # a draw the measurement never met: the hand as it is
        found = table.get(key.rsplit(":", 1)[0], 0.5) if key.count(":") == 2 else 0.5
    return found


def draw_choice(hand: Sequence[Card], *, ranking: str, wild: str) -> list[Card]:
    """The cards the bot throws: :func:`~homegame.bots.draw.discards_for`, at most three unless
    the card kept is an ace (the rules' limit)."""
    from homegame.bots.draw import discards_for

    throw = discards_for(hand, ranking=ranking, wild=wild)
    if len(throw) == 4:
        kept = next(c for c in hand if c not in throw)
        if kept.rank != ACE:
            throw = throw[:3]
    return throw


# -- measuring ---------------------------------------------------------------------------------

def calibrate(kind: str, *, deals: int, seed: int = 0) -> dict[str, dict[str, float]]:
    """Measure the shares of ``kind`` (a kind of deck, or a way of ranking lows) over ``deals``
    heads-up deals (see the module)."""
    ranking = kind if kind in LOWS else "high"
    wild = MEASURED_WILD.get(kind, "none")
    cards = deck("standard+2jokers") if kind == "jokers" else deck()
    word = _wild_word(wild)
    chooser = random.Random(seed)
    won: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(deals):
        shuffled = cards[:]
        chooser.shuffle(shuffled)
        hands = [shuffled[:5], shuffled[5:10]]
        stock = shuffled[10:]
        finals = []
        for hand in hands:
            throw = draw_choice(hand, ranking=ranking, wild=wild)
            kept = [c for c in hand if c not in throw]
            finals.append(kept + [stock.pop() for _ in throw])
        first, second = (strength(final, ranking, word) for final in finals)
        results = (1.0, 0.0) if first > second else (0.0, 1.0) if second > first else (0.5, 0.5)
        for hand, final, result in zip(hands, finals, results, strict=True):
            before = hand_class(hand, wild=wild, before_draw=True, ranking=ranking)
            after = hand_class(final, wild=wild, before_draw=False, ranking=ranking)
            won["before"].setdefault(before, []).append(result)
            won["after"].setdefault(after, []).append(result)
    return {phase: class_shares(results) for phase, results in won.items()}


def _group(key: str) -> str:
    """A class without its rank: its category, and its draw if any (a low: the cards it keeps)."""
    parts = key.split(":")
    return ":".join(parts[:2] if parts[0] == "low" else [parts[0], *parts[2:]])


def class_shares(results: dict[str, list[float]], categories: Sequence[str] = HIGH_NAMES) -> dict[str, float]:
    """Each class's share of the results measured for it (``category:rank``, maybe ``:draw``, or
    ``low:kept:highest``; ``categories`` those of the ranking), a rare class taking its group's
    (category and draw), rising with the rank within a group, or falling with a low's highest card
    (a hand never rates below a weaker hand of its kind)."""
    pooled: dict[str, list[float]] = {}
    for key, outcomes in results.items():
        pooled.setdefault(_group(key), []).extend(outcomes)
    shares: dict[str, float] = {}
    for key, outcomes in results.items():
        sample = outcomes if len(outcomes) >= RARE else pooled[_group(key)]
        shares[key] = round(sum(sample) / len(sample), 3)
    for category in categories:
        for suffix in ("", ":flush", ":straight"):
            best = 0.0
            for rank in range(2, ACE + 1):
                key = f"{category}:{rank}{suffix}"
                if key in shares:
                    best = shares[key] = max(best, shares[key])
    for kept in range(6):  # a low: the lower its highest card, the better
        best = 0.0
        for highest in range(ACE, -1, -1):
            key = f"low:{kept}:{highest}"
            if key in shares:
                best = shares[key] = max(best, shares[key])
    return dict(sorted(shares.items()))


def _load() -> dict[str, dict[str, dict[str, float]]]:
    tables: dict[str, dict[str, dict[str, float]]] = json.loads(TABLE_FILE.read_text())
    return tables


EQUITY: Final = _load()
"""The measured shares: deck kind -> ``before`` or ``after`` the draw -> hand class -> share."""


def main() -> None:
    """Measure every kind of deck again and rewrite ``draw_equity.json``."""
    tables = {kind: calibrate(kind, deals=300_000, seed=number) for number, kind in enumerate(DECKS + LOWS)}
    TABLE_FILE.write_text(json.dumps(tables, indent=1) + "\n")


if __name__ == "__main__":
    main()
