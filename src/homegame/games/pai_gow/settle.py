"""Settling one player against the bank: win, push or lose, the commission, and the reason in words.

Each hand is compared with the banker's hand of the same size, the banker winning exact ties. A
foul loses both hands whatever the banker holds. Both won: the player is paid the wager less a 5%
commission, rounded down to a whole chip and never below one chip. One won: a push. None: the wager
is lost.

>>> from homegame.cards import parse_cards
>>> from homegame.games.pai_gow.hands import Split
>>> player = Split(tuple(parse_cards("Qs Jd")), tuple(parse_cards("9c 9d 5h 4s 2c")))
>>> banker = Split(tuple(parse_cards("Ts 9h")), tuple(parse_cards("8c 8d 6h 3s 2d")))
>>> settle(player, banker, wager=20)
Settlement(verdict='win', amount=19, commission=1, reason='wins both hands: a pair of nines beats \
a pair of eights, queen-jack high beats ten-nine high (commission 1)')
>>> commission(20), commission(100), commission(39)
(1, 5, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from homegame._compile import rebuilt_from_fields
from homegame.cards import Card
from homegame.games.pai_gow.hands import Split, five_strength, hand_name, two_strength
from homegame.ranking.explain import versus
from homegame.ranking.pai_gow import PAI_GOW, PaiGowRanking

__all__ = ["COMMISSION_PERCENT", "Settlement", "commission", "is_foul", "settle"]

COMMISSION_PERCENT: Final = 5


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one player's wager came to: ``amount`` is the player's net chips (negative: lost)."""

    verdict: str
    amount: int
    commission: int
    reason: str


rebuilt_from_fields(Settlement)


def commission(win: int) -> int:
    """The house's cut of a win of ``win`` chips: 5%, rounded down, at least one chip."""
    return max(1, win * COMMISSION_PERCENT // 100)


def is_foul(split: Split, ranking: PaiGowRanking = PAI_GOW) -> bool:
    """Whether the two-card hand is not beaten by the five-card hand (then both hands lose)."""
    return five_strength(split.five, ranking) <= two_strength(split.two)


def settle(player: Split, banker: Split, *, wager: int, ranking: PaiGowRanking = PAI_GOW) -> Settlement:
    """The result of ``player``'s setting against ``banker``'s for ``wager`` chips."""
    if is_foul(player, ranking):
        reason = (f"foul: the two-card hand ({hand_name(player.two, ranking)}) is not beaten by the "
                  f"five-card hand ({hand_name(player.five, ranking)}), so both hands lose")
        return Settlement("lose", -wager, 0, reason)
    five_won, five_text = _compare(player.five, banker.five, five_strength(player.five, ranking),
                                   five_strength(banker.five, ranking), ranking)
    two_won, two_text = _compare(player.two, banker.two, two_strength(player.two),
                                 two_strength(banker.two), ranking)
    if five_won and two_won:
        cut = commission(wager)
        return Settlement("win", wager - cut, cut, f"wins both hands: {five_text}, {two_text} "
                                                   f"(commission {cut})")
    if five_won or two_won:
        return Settlement("push", 0, 0, f"push, one hand each: {five_text}, {two_text}")
    return Settlement("lose", -wager, 0, f"loses both hands: {five_text}, {two_text}")


def _compare(mine: tuple[Card, ...], theirs: tuple[Card, ...], my_strength: int,
             their_strength: int, ranking: PaiGowRanking) -> tuple[bool, str]:
    my_name, their_name = hand_name(mine, ranking), hand_name(theirs, ranking)
    if my_strength == their_strength:
        return False, f"{my_name} ties the banker's {their_name} exactly, and the banker wins ties"
    mine_first, theirs_first = ranking.evaluate(mine).cards, ranking.evaluate(theirs).cards
    if my_strength > their_strength:
        return True, versus(my_name, mine_first, their_name, theirs_first)
    return False, versus(my_name, mine_first, their_name, theirs_first, verb="loses to")
