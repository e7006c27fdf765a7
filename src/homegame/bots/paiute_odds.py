"""Exact odds of a Paiute hand: how many of the cards a seat has not seen would complete it.

A seat that holds five cards wins the race to call by drawing a card that makes six cards with a
combination it may call. :func:`unseen_cards` is every card the seat cannot place (in the stock
or in another hand), read from what the seat saw: its hand, the turned card, every card thrown on
the discard pile and not taken back, the cards another seat took from the pile and still holds,
and the cards of a call. :class:`Odds` counts exactly, among those cards, the ones that complete
five cards (:meth:`Odds.hits`), and the chance of completing within two draws, choosing the best
card to throw away in between (:meth:`Odds.two_draws`): a lookahead over the next two cards of
the stock, each equally likely to be any unseen card.

The count judges six cards as a call after a player's first turn with no call to beat: four/two
or three/three (all six cards of at most two natural ranks, wild cards filling the rest), five
of a kind, or a straight or royal flush (five cards of one suit in one run of ranks). A paiute
needs a first turn and a call to beat needs a comparison: the count leaves both out.

>>> from homegame.cards import parse_cards
>>> wild = parse_cards("2c 2d 2h 2s")
>>> odds = Odds(wild, parse_cards("9s 9h Kd 8c 2h 4d"))
>>> odds.hits(parse_cards("9c 9d Kh Kc Ks"))  # two nines, a king and a wild two of the six
4
>>> round(odds.two_draws(parse_cards("9c 8d Kh Kc Ks")), 3)  # 14 of the 30 ways to draw two
0.467
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from homegame.cards import ACE, Card, card

if TYPE_CHECKING:
    from homegame.games.paiute import PaiuteView

__all__ = ["Odds", "unseen_cards"]

_RUNS = tuple(sum(1 << rank for rank in (range(top - 4, top + 1) if top > 5 else (ACE, 2, 3, 4, 5)))
              for top in range(ACE, 4, -1))
"""The ranks of every five-rank run as bits (aces are bit 14; the lowest run is 5-4-3-2-A)."""
_Shape = tuple[bool, bool, tuple[int, ...]]
"""What completes five cards (see :func:`_completions`)."""
_ALL_RANKS = sum(1 << rank for rank in range(2, ACE + 1))


def unseen_cards(view: PaiuteView, deck: Sequence[Card]) -> list[Card]:
    """The cards of ``deck`` that the seat of ``view`` cannot place: in the stock or in another
    seat's hand, as far as everything it saw in the deal's log tells.

    >>> import homegame
    >>> state = homegame.new_game("paiute", players=2).deal(seed=1)
    >>> view = state.view(state.to_act[0])
    >>> len(unseen_cards(view, state.game.deck))  # all but its five cards and the turned one
    46
    """
    pile: list[Card] = []
    held_by_others: list[Card] = []
    for event in view.log:
        data = event.data
        if event.kind == "start pile":
            pile.append(card(data["card"]))
        elif event.kind == "take":
            taken = pile.pop()
            if event.seat != view.seat:
                held_by_others.append(taken)
        elif event.kind == "action" and data["action"].get("kind") in ("discard", "call"):
            for text in data["action"].get("cards", ()):
                thrown = card(text)
                if event.seat != view.seat and thrown in held_by_others:
                    held_by_others.remove(thrown)
                pile.append(thrown)
        elif event.kind == "call" and event.seat != view.seat:
            held_by_others += [card(text) for text in data["cards"] if card(text) not in held_by_others]
        elif event.kind == "rebuild":
            del pile[:-1]
    known = [*view.hand, *pile, *held_by_others, *([view.wild_card] if view.wild_card is not None else [])]
    unseen = list(deck)
    for placed in known:
        if placed in unseen:
            unseen.remove(placed)
    return unseen


class Odds:
    """Counts over the cards ``unseen`` (each equally likely to come next from the stock), with
    ``wild`` the wild cards of the deal."""

    def __init__(self, wild: Collection[Card], unseen: Sequence[Card]) -> None:
        self.wild = frozenset(wild)
        self.unseen = list(unseen)
        self.unseen_wild = sum(1 for c in unseen if c in self.wild)
        self.unseen_by_suit = [0, 0, 0, 0]
        for c in unseen:
            if c not in self.wild:
                self.unseen_by_suit[c & 3] |= 1 << ((c >> 2) + 2)

    def hits(self, five: Sequence[Card], *, gone: Card | None = None) -> int:
        """How many unseen cards (but ``gone``, one already drawn) make, with ``five``, six cards
        a player may call (all of them if ``five`` already hold a five-card combination)."""
        shape = _completions(tuple(sorted(five)), self.wild)
        done, with_wild, by_suit = shape
        found = len(self.unseen) if done else self.unseen_wild * with_wild + sum(
            (completing & unseen).bit_count()
            for completing, unseen in zip(by_suit, self.unseen_by_suit, strict=True))
        if gone is not None and _completes(gone, shape, self.wild):
            found -= 1
        return found

    def two_draws(self, five: Sequence[Card]) -> float:
        """The chance that one of the next two cards drawn completes ``five``, throwing away after
        the first the card that leaves the most :meth:`hits`: each card drawn equally likely to be
        any unseen card (the second any but the first)."""
        total = len(self.unseen)
        now = self.hits(five)
        if now == total or total < 2:
            return now / max(1, total)
        shape = _completions(tuple(sorted(five)), self.wild)
        later = 0
        for drawn in self.unseen:
            if not _completes(drawn, shape, self.wild):
                six = [*five, drawn]
                later += max(self.hits(_without(six, thrown), gone=drawn) for thrown in dict.fromkeys(six))
        return (now + later / (total - 1)) / total


def _completes(drawn: Card, shape: _Shape, wild: frozenset[Card]) -> bool:
    """Whether ``drawn`` completes five cards whose :func:`_completions` are ``shape``."""
    done, with_wild, by_suit = shape
    if done or drawn in wild:
        return done or with_wild
    return bool(by_suit[drawn & 3] >> ((drawn >> 2) + 2) & 1)


@lru_cache(maxsize=1 << 14)
def _completions(five: tuple[Card, ...], wild: frozenset[Card]) -> _Shape:
    """What completes five cards: whether they already hold a five-card combination, whether a
    wild card would complete them, and for each suit the ranks (bits) of the cards that would."""
    wilds = 0
    ranks = 0
    by_suit = [0, 0, 0, 0]
    for c in five:
        if c in wild:
            wilds += 1
        else:
            bit = 1 << ((c >> 2) + 2)
            ranks |= bit
            by_suit[c & 3] |= bit
    distinct = ranks.bit_count()
    runs = [_run_completions(mask, wilds) for mask in by_suit]
    if distinct <= 1 or any(done for done, _ in runs):
        return True, True, (_ALL_RANKS,) * 4
    with_wild = distinct <= 2 or any(_run_completions(mask, wilds + 1)[0] for mask in by_suit)
    same_ranks = ranks if distinct == 2 else 0
    return False, with_wild, tuple(same_ranks | completing for _, completing in runs)


@lru_cache(maxsize=1 << 12)
def _run_completions(mask: int, wilds: int) -> tuple[bool, int]:
    """For natural cards of one suit (their ranks as the bits of ``mask``) and ``wilds`` wild
    cards: whether they already hold a run of five, and the ranks of that suit one more card of
    which would make one."""
    done, completing = False, 0
    for run in _RUNS:
        held = (run & mask).bit_count() + wilds
        if held >= 5:
            done = True
        elif held == 4:
            completing |= run & ~mask
    return done, completing & _ALL_RANKS


def _without(cards: Sequence[Card], thrown: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(thrown)
    return rest
