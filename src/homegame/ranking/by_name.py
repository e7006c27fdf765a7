"""The rankings by name and the one ``evaluate`` and ``strength`` that take any of them: compiled
in the fast build, so that the games' showdowns call them natively (see :mod:`homegame.ranking`).

>>> strength("2c 2d 5h 7s 9c", "deuce-to-seven") > 0
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Final

from homegame.cards import JOKER, Card, parse_cards
from homegame.errors import GameError
from homegame.ranking.core import Hand, Ranking
from homegame.ranking.front import FRONT
from homegame.ranking.high import HIGH, fast_strength, high_hand
from homegame.ranking.low import ACE_TO_FIVE, ACE_TO_SIX, DEUCE_TO_SEVEN
from homegame.ranking.pai_gow import PAI_GOW, PAI_GOW_WHEEL_SECOND
from homegame.ranking.paiute import PAIUTE, PAIUTE_ROYAL_ON_TOP
from homegame.ranking.soko import SOKO

__all__ = ["RANKINGS", "evaluate", "strength", "wild_cards"]

RANKINGS: Final[Mapping[str, Ranking]] = {ranking.name: ranking for ranking in (
    HIGH, ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX, SOKO, PAIUTE, PAI_GOW, FRONT,
    PAIUTE_ROYAL_ON_TOP, PAI_GOW_WHEEL_SECOND,
)}
"""Every ranking by name: the eight of the contract, then the variants (``paiute-royal-on-top``,
``pai-gow-wheel-second``). A low with a qualifier is built by :func:`homegame.ranking.low.low_ranking`."""

_WILD_RANK_WORDS: Final = {
    "deuces": 2, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7,
    "eights": 8, "nines": 9, "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14,
    "t": 10, "j": 11, "q": 12, "k": 13, "a": 14,
}


def wild_cards(wild: str | int | Iterable[Card | str] | None) -> frozenset[Card]:
    """The exact cards a ``wild`` setting makes wild, not counting jokers.

    A rank (``"3"``, ``3``, ``"deuces"``, ``"A"``) makes every card of that rank wild; a collection
    names the exact cards.

    >>> sorted(wild_cards("deuces"))
    [2c, 2d, 2h, 2s]
    >>> wild_cards("2h 2d") == wild_cards(["2d", "2h"])
    True
    """
    if wild is None:
        return frozenset()
    if isinstance(wild, int) or (isinstance(wild, str) and _is_rank_word(wild)):
        rank = _rank_of(wild)
        from homegame.cards import DECKS

        return frozenset(c for c in DECKS["standard"] if c.rank == rank)
    return frozenset(parse_cards(wild))


def _is_rank_word(text: str) -> bool:
    word = text.strip().lower()
    return word in _WILD_RANK_WORDS or word.isdigit()


def _rank_of(wild: str | int) -> int:
    rank = int(wild) if isinstance(wild, int) or wild.strip().isdigit() else \
        _WILD_RANK_WORDS[wild.strip().lower()]
    if not 2 <= rank <= 14:
        raise GameError(f"wild rank must be 2 to 14 (ace), got {wild!r}")
    return rank


def _ranking(ranking: str | Ranking) -> Ranking:
    if isinstance(ranking, Ranking):
        return ranking
    try:
        return RANKINGS[ranking]
    except KeyError:
        raise GameError(f"unknown ranking {ranking!r}; known: {', '.join(RANKINGS)}") from None


def _wild_for(chosen: Ranking, wild: str | int | Iterable[Card | str] | None) -> Collection[Card]:
    cards = wild_cards(wild)
    return cards | {JOKER} if chosen.jokers_wild else cards


def evaluate(cards: str | Iterable[Card | str], ranking: str | Ranking = "high",
             wild: str | int | Iterable[Card | str] | None = None) -> Hand:
    """The best hand ``cards`` make under ``ranking`` with ``wild`` cards (jokers are always wild,
    except in ``pai-gow`` where the joker is the bug)."""
    if wild is None and ranking == "high" and isinstance(cards, (list, tuple)):
        try:
            return high_hand(cards)
        except (LookupError, TypeError):
            pass  # not five to seven plain standard cards: the general path below handles or explains
    chosen = _ranking(ranking)
    return chosen.evaluate(parse_cards(cards), _wild_for(chosen, wild))


def strength(cards: str | Iterable[Card | str], ranking: str | Ranking = "high",
             wild: str | int | Iterable[Card | str] | None = None) -> int:
    """Only the strength of :func:`evaluate`: the fast path for loops.

    Five to seven parsed cards in a list or tuple, with the default ranking and no wild rank, go
    straight to the lookup tables of :func:`homegame.ranking.high.fast_strength`, which does not check
    for a card given twice; anything else takes the general path, which does.
    """
    if wild is None and ranking == "high" and isinstance(cards, (list, tuple)):
        try:
            return fast_strength(cards)
        except (LookupError, TypeError):
            pass  # not five to seven plain standard cards: the general path below handles or explains
    chosen = _ranking(ranking)
    return chosen.strength(parse_cards(cards), _wild_for(chosen, wild))

