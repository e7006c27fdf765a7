"""A Papayoo player that passes its danger away, ducks tricks with points and sheds them when void.

It sees only its seat's view: its hand, the Papayoo once rolled, the trick on the table and every
completed trick of the deal (its memory of what has been played and who could not follow suit).

>>> from homegame import new_game
>>> from homegame.analysis.simulation import play_hand
>>> state = play_hand(new_game("papayoo", players=4).deal(seed=3),
...                   [HeuristicBot(seed=s) for s in range(4)])
>>> sum(state.outcome.values())
250
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from homegame._compile import rebuilt_from_fields
from homegame.bots import Bot
from homegame.cards import Card, Suit
from homegame.engine import Action, ActionSet
from homegame.games.papayoo.state import play_action
from homegame.games.papayoo.table import PAPAYOO_RANK, deck_for, points
from homegame.games.papayoo.views import PapayooView

__all__ = ["BOTS", "HeuristicBot", "Memory", "choose_pass"]

_LOW: Final = 4
"""Ordinary cards up to this rank are safe: they duck almost any trick."""


def choose_pass(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` cards of ``hand`` most likely to cost points later (the Papayoo is not known yet).

    Sevens (one becomes the Papayoo), high cards without low ones to cover them and short suits
    (a void lets you shed points) go first; of the Payoos only the highest are passed. The weights
    were chosen by duplicate matches of variants of this bot against each other (the same deals
    played twice with the seats swapped): passing Payoos more eagerly lost points there.

    >>> from homegame.cards import parse_cards
    >>> choose_pass(parse_cards("2c 3c 4c 5c 7d 10h 2s 3s 4s 20p 2p 1p"), 3)
    (7d, Th, 20p)
    """
    danger = {c: _pass_danger(c, hand) for c in hand}
    return tuple(sorted(hand, key=lambda c: (-danger[c], -c.rank))[:count])


def _pass_danger(card: Card, hand: Sequence[Card]) -> float:
    suit = [c for c in hand if c.suit is card.suit]
    lows = sum(1 for c in suit if c.rank <= _LOW and c != card)
    if card.suit is Suit.PAYOO:
        return card.rank - 4.0 if card.rank >= 12 else card.rank * 0.3
    danger = max(0, card.rank - 5) * 3.0
    if card.rank == PAPAYOO_RANK:
        danger += 14
    if len(suit) <= 2:
        danger += 8  # passing a short suit leaves a void to shed points into
    return danger - 3 * min(lows, 3) + (len(suit) if len(suit) >= 5 and card.rank > 5 else 0)


@dataclass(frozen=True, slots=True)
class Memory:
    """What a seat can work out from its view: the cards still out, the suits seats lack, and
    where the cards it passed went (``held``: card -> seat, while they are unplayed)."""

    unseen: frozenset[Card]
    voids: dict[int, frozenset[Suit]]
    held: dict[Card, int]

    @classmethod
    def of(cls, view: PapayooView) -> Memory:
        known = set(view.hand) | set(view.played)
        unseen = frozenset(c for c in deck_for(view.players) if c not in known)
        voids: dict[int, set[Suit]] = {}
        for plays in [t.plays for t in view.tricks] + [view.trick]:
            led = plays[0].card.suit if plays else None
            for play in plays[1:]:
                if play.card.suit is not led and led is not None:
                    voids.setdefault(play.seat, set()).add(led)
        held = {c: view.pass_to for c in view.passing if c in unseen and view.pass_to is not None}
        return cls(unseen, {seat: frozenset(s) for seat, s in voids.items()}, held)

    def out_above(self, card: Card) -> int:
        """How many cards of ``card``'s suit that beat it are still held by others."""
        return sum(1 for c in self.unseen if c.suit is card.suit and c.rank > card.rank)

    def may_beat(self, card: Card, seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` may hold a card of ``card``'s suit that beats it."""
        open_seats = [s for s in seats if card.suit not in self.voids.get(s, frozenset())]
        for other in self.unseen:
            if other.suit is card.suit and other.rank > card.rank:
                holder = self.held.get(other)
                if holder in open_seats or (holder is None and open_seats):
                    return True
        return False

    def out_in(self, suit: Suit | None) -> int:
        return sum(1 for c in self.unseen if c.suit is suit)


rebuilt_from_fields(Memory)


class HeuristicBot(Bot):
    """Passes high Payoos, sevens and high cards; ducks under the trick's best card, dumps the
    Papayoo and high Payoos when void, and leads the cards least likely to win."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        assert isinstance(view, PapayooView)
        if view.phase == "pass":
            return Action("pass", cards=choose_pass(view.hand, view.pass_count))
        memory = Memory.of(view)
        playable = view.playable
        if not view.trick:
            return play_action(_lead(view, memory, playable))
        led = view.trick[0].card.suit
        if playable[0].suit is not led:
            return play_action(max(playable, key=lambda c: _shed_danger(c, view, memory)))
        return play_action(_follow(view, memory, playable))


def _follow(view: PapayooView, memory: Memory, playable: Sequence[Card]) -> Card:
    led = view.trick[0].card.suit
    best = max(p.card.rank for p in view.trick if p.card.suit is led)
    under = [c for c in playable if c.rank < best]
    if under:
        return max(under, key=lambda c: (points(c, papayoo=view.papayoo), c.rank))
    lowest = min(playable, key=lambda c: c.rank)
    if not memory.may_beat(lowest, _still_to_play(view)):
        keep = [c for c in playable if c != view.papayoo] or list(playable)
        return max(keep, key=lambda c: c.rank)
    return lowest


def _still_to_play(view: PapayooView) -> list[int]:
    """The seats that play to the trick after this one."""
    assert view.seat is not None
    return [(view.seat + step) % view.players for step in range(1, view.players - len(view.trick))]


def _shed_danger(card: Card, view: PapayooView, memory: Memory) -> float:
    if card == view.papayoo:
        return 1000.0
    above = memory.out_above(card)
    if card.suit is Suit.PAYOO:
        return card.rank * 3.0 + (10 if not above else 0)
    danger = card.rank * 2.0 - 2 * above + (20 if not above else 0)
    papayoo = view.papayoo
    if papayoo is not None and card.suit is papayoo.suit and card.rank > PAPAYOO_RANK \
            and papayoo in memory.unseen:
        danger += 15
    return danger


def _lead(view: PapayooView, memory: Memory, playable: Sequence[Card]) -> Card:
    def cost(card: Card) -> float:
        above = memory.out_above(card)
        win_chance = 1.0 / (1 + above)
        at_stake = points(card, papayoo=view.papayoo) + 15
        if not memory.out_in(card.suit):
            at_stake += 30  # nobody else holds the suit: they shed their points on this trick
        papayoo = view.papayoo
        if card == papayoo or (papayoo is not None and card.suit is papayoo.suit
                               and card.rank > PAPAYOO_RANK and papayoo in memory.unseen):
            at_stake += 40  # the Papayoo's holder ducks it under this card
        return win_chance * at_stake

    return min(playable, key=lambda c: (cost(c), c.rank))


BOTS: Final[dict[str, type[Bot]]] = {"heuristic": HeuristicBot}
