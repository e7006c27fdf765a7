"""Dealing again the cards one seat cannot see, uniformly among the deals that agree with what it knows.

Search on a hand of cards (``state.resample(seat, rng)``) needs the hand as it might be: the seat's
own cards, every card shown and everything the play so far implies stay as they are, and the hidden
cards (the other hands, the stock, cards face down) are dealt again at random. A game says where its
hidden cards lie and what the seat knows about them; :class:`Redeal` does the dealing:

- :meth:`Redeal.hide` names a list the state holds whose cards the seat cannot see (a hand, the
  stock), except the ``known`` ones (a card the seat watched another player take); the list is
  dealt again in place. Lists that belong together (a seat's hand and the cards it set aside) share
  a ``holder``.
- :meth:`Redeal.limit` says that a holder has at most ``most`` (and at least ``least``) of some
  cards: ``most=0`` for a player who did not follow suit (void in it), or who cannot have a card
  the seat passed to someone else; :meth:`Redeal.confine` says that some cards lie among certain
  holders only.

:meth:`Redeal.deal` then draws one deal uniformly among all the deals of the hidden cards to the
hidden places that keep every limit. Without limits that is a shuffle. With limits it first tries
shuffles and keeps the first that fits (each kept shuffle is uniform among the fitting deals); when
they keep missing, it counts the fitting deals exactly, class of cards by class, and draws from the
count, so the result is uniform either way.

>>> import random
>>> from homegame.cards import parse_cards
>>> west, east = parse_cards("Ah Kh 2c"), parse_cards("Qh 3c 4c")
>>> redeal = Redeal(random.Random(1))
>>> redeal.hide(west, holder="west")
>>> redeal.hide(east, holder="east")
>>> redeal.limit("west", parse_cards("Ah Kh Qh"), most=0)   # west showed out of hearts
>>> redeal.deal()
>>> sorted(west), sorted(east)
([2c, 3c, 4c], [Qh, Kh, Ah])
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Iterator, Sequence
from functools import lru_cache

from homegame.cards import Card

__all__ = ["Redeal"]

_TRIES = 24
"""Shuffles tried before counting the deals that fit (a shuffle usually fits in a few tries)."""


class Redeal:
    """The hidden cards of one state and what is known of them; :meth:`deal` deals them again."""

    __slots__ = ("_confined", "_limits", "_places", "_rng")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._places: list[tuple[list[Card], list[int], Hashable]] = []
        self._limits: list[_Limit] = []
        self._confined: list[tuple[frozenset[Card], frozenset[Hashable]]] = []

    @property
    def rng(self) -> random.Random:
        """The random source of the deal, for a game that makes other seats' secret choices again."""
        return self._rng

    def hide(self, cards: list[Card], *, holder: Hashable = None, known: Collection[Card] = ()) -> None:
        """The cards of ``cards`` (a list of the state, refilled in place) are hidden, but for the
        ``known`` ones. ``holder`` names whose they are (lists with one holder are one place for
        :meth:`limit`); by default the list is a holder of its own."""
        spots = [index for index, card in enumerate(cards) if card not in known] if known else \
            list(range(len(cards)))
        self._places.append((cards, spots, ("list", id(cards)) if holder is None else holder))

    def limit(self, holder: Hashable, cards: Collection[Card], *, most: int, least: int = 0) -> None:
        """``holder`` holds at most ``most`` of ``cards`` (0: none of them) and at least ``least``
        of those that are hidden."""
        self._limits.append((holder, frozenset(cards), least, most))

    def confine(self, cards: Collection[Card], holders: Collection[Hashable]) -> None:
        """Those of ``cards`` that are hidden lie with ``holders`` only."""
        self._confined.append((frozenset(cards), frozenset(holders)))

    # -- dealing ---------------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the hidden cards again, uniformly among the deals that keep every limit."""
        slots = [(cards, index) for cards, spots, _ in self._places for index in spots]
        owners = [holder for _, spots, holder in self._places for _ in spots]
        pool = [cards[index] for cards, index in slots]
        limits = self._resolved(pool, owners)
        if not limits:
            order = _shuffled(self._rng, pool)
        else:
            order = self._fitting_shuffle(pool, owners, limits) or self._counted_deal(pool, owners, limits)
        for (cards, index), card in zip(slots, order, strict=True):
            cards[index] = card

    def _resolved(self, pool: Sequence[Card], owners: Sequence[Hashable]) -> list[_Limit]:
        """Every limit that could bind: on a holder of hidden cards, counting hidden cards only."""
        hidden, room = frozenset(pool), _room(owners)
        stated = list(self._limits)
        for cards, holders in self._confined:
            stated += [(holder, cards, 0, 0) for holder in room if holder not in holders]
        limits = []
        for holder, cards, least, most in stated:
            cards &= hidden
            if holder in room and (least > 0 or most < min(len(cards), room[holder])):
                limits.append((holder, cards, least, most))
        return limits

    def _fitting_shuffle(self, pool: Sequence[Card], owners: Sequence[Hashable],
                         limits: Sequence[_Limit]) -> list[Card] | None:
        for _ in range(_TRIES):
            order = _shuffled(self._rng, pool)
            if all(least <= sum(1 for card, owner in zip(order, owners, strict=True)
                                if owner == holder and card in cards) <= most
                   for holder, cards, least, most in limits):
                return order
        return None

    def _counted_deal(self, pool: Sequence[Card], owners: Sequence[Hashable],
                      limits: Sequence[_Limit]) -> list[Card]:
        """A deal drawn from the exact count of fitting deals (see :class:`_Counter`)."""
        room = _room(owners)
        holders = list(room)
        classes: dict[frozenset[int], list[Card]] = {}
        for card in pool:
            classes.setdefault(frozenset(k for k, limit in enumerate(limits) if card in limit[1]),
                               []).append(card)
        free = classes.pop(frozenset(), [])
        for index, (_, _, least, most) in enumerate(limits):
            if (least or most) and sum(index in signature for signature in classes) > 1:
                raise ValueError("a limit other than 'none of these' must cover cards no other limit splits")
        bounds = [[_bounds(holder, signature, limits, room[holder]) for holder in holders]
                  for signature in classes]
        counter = _Counter([len(cards) for cards in classes.values()], bounds)
        shares = counter.draw(tuple(room[holder] for holder in holders), self._rng)
        dealt: dict[Hashable, list[Card]] = {holder: [] for holder in holders}
        for cards, counts in zip(classes.values(), shares, strict=True):
            cards = _shuffled(self._rng, cards)
            for holder, count in zip(holders, counts, strict=True):
                dealt[holder] += cards[:count]
                del cards[:count]
        free = _shuffled(self._rng, free)
        for holder in holders:
            missing = room[holder] - len(dealt[holder])
            dealt[holder] = _shuffled(self._rng, dealt[holder] + free[:missing])
            del free[:missing]
        return [dealt[owner].pop() for owner in owners]


Room = tuple[int, ...]
"""Cards per holder, in the order of the holders."""
_Limit = tuple[Hashable, frozenset[Card], int, int]
"""A holder, some cards, and the least and most of them it holds."""


def _room(owners: Sequence[Hashable]) -> dict[Hashable, int]:
    room: dict[Hashable, int] = {}
    for owner in owners:
        room[owner] = room.get(owner, 0) + 1
    return room


def _bounds(holder: Hashable, signature: frozenset[int], limits: Sequence[_Limit],
            room: int) -> tuple[int, int]:
    """The least and the most cards of one class (the cards under the limits ``signature``) that
    ``holder`` may take."""
    own = [limits[k] for k in signature if limits[k][0] == holder]
    return max([0, *(least for _, _, least, _ in own)]), min([room, *(most for _, _, _, most in own)])


class _Counter:
    """Counts the deals of classes of cards to holders with room, from ``bounds[c][h][0]`` to
    ``bounds[c][h][1]`` cards of class ``c`` to holder ``h``, the rest of the room filled from free
    cards; draws one in proportion.

    A deal giving ``n[c][h]`` cards of class ``c`` to holder ``h`` (free cards included) can be
    made in a number of ways proportional to the product of ``1 / n[c][h]!``, so the weight of
    the classes still to place, given the room left, is a sum over their shares that is worked
    out once per room (memoised).
    """

    def __init__(self, sizes: Sequence[int], bounds: Sequence[Sequence[tuple[int, int]]]) -> None:
        self.sizes, self.bounds = sizes, bounds
        self._weights: dict[tuple[int, tuple[int, ...]], float] = {}

    def weight(self, index: int, room: tuple[int, ...]) -> float:
        if index == len(self.sizes):
            return _inverse_product(room)
        key = (index, room)
        found = self._weights.get(key)
        if found is None:
            found = self._weights[key] = sum(share_weight * self.weight(index + 1, rest)
                                             for share_weight, _, rest in self._shares(index, room))
        return found

    def _shares(self, index: int, room: Room) -> Iterator[tuple[float, Room, Room]]:
        lows = tuple(low for low, _ in self.bounds[index])
        highs = tuple(min(high, space) for (_, high), space in zip(self.bounds[index], room, strict=True))
        for share in _splits(self.sizes[index], lows, highs):
            rest = tuple(space - n for space, n in zip(room, share, strict=True))
            yield _inverse_product(share), share, rest

    def draw(self, room: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
        """Each class's share of the holders, drawn in proportion to the deals it leaves."""
        chosen = []
        for index in range(len(self.sizes)):
            options = [(weight * self.weight(index + 1, rest), share, rest)
                       for weight, share, rest in self._shares(index, room)]
            total = sum(weight for weight, _, _ in options)
            if total <= 0:
                raise ValueError("no deal of the hidden cards keeps every limit")
            target = rng.random() * total
            for weight, share, rest in options:  # noqa: B007 - the loop stops at the share drawn
                target -= weight
                if target < 0:
                    break
            chosen.append(share)
            room = rest
        return chosen


@lru_cache(maxsize=4096)
def _splits(count: int, lows: tuple[int, ...], highs: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``count`` cards among holders taking from ``lows`` to ``highs`` each."""
    if not highs:
        return ((),) if count == 0 else ()
    room_after, need_after = sum(highs[1:]), sum(lows[1:])
    fits = range(max(lows[0], count - room_after), min(highs[0], count - need_after) + 1)
    return tuple((n, *tail) for n in fits for tail in _splits(count - n, lows[1:], highs[1:]))


def _inverse_product(counts: Sequence[int]) -> float:
    return math.prod(_INVERSE_FACTORIALS[n] for n in counts)


_INVERSE_FACTORIALS = tuple(1 / math.factorial(n) for n in range(128))


def _shuffled(rng: random.Random, cards: Sequence[Card]) -> list[Card]:
    """A uniformly shuffled copy of ``cards`` (Fisher-Yates on the generator's bits)."""
    order = list(cards)
    getrandbits = rng.getrandbits
    for i in range(len(order) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order
