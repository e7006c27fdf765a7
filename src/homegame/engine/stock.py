"""A stock to draw from and a discard pile, rebuilt into a new stock when the stock runs out.

RULINGS.md ("Everywhere"): when a rule needs more cards than the stock holds, the discards, except
any card that must stay face up (such as the top discard in Paiute), are shuffled into a new stock;
if even that cannot give the cards needed, the hand ends as no contest. :meth:`Stock.draw` does the
rebuilding through the shuffle it is given (a game passes its state's ``shuffle``, so the new order
is recorded for replay) and raises :class:`StockExhausted`, changing nothing, when it cannot deal.

>>> from homegame.cards import parse_cards
>>> stock = Stock(parse_cards("2c 3c 4c"))
>>> stock.draw(2), len(stock)
([2c, 3c], 1)
>>> stock.discard(parse_cards("Ah Kh"))
>>> stock.draw(3, shuffle=lambda cards: sorted(cards)), stock.rebuilds
([4c, Kh, Ah], 1)
>>> stock.draw(1)
Traceback (most recent call last):
...
homegame.engine.stock.StockExhausted: the stock is empty and the discards cannot make a new one
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from homegame._compile import mypyc_attr
from homegame.cards import Card

__all__ = ["Shuffle", "Stock", "StockExhausted"]

Shuffle = Callable[[Sequence[Card]], list[Card]]
"""A shuffle that records its outcome: a game passes ``state.shuffle``."""


class StockExhausted(Exception):
    """The stock and the discards together cannot give the cards a rule needs: no contest."""


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class Stock:
    """Cards face down to draw from (in order) and a discard pile (last discarded on top)."""

    __slots__ = ("_cards", "discards", "rebuilds")

    def __init__(self, cards: Iterable[Card], discards: Iterable[Card] = ()) -> None:
        self._cards = list(cards)
        self._cards.reverse()
        self.discards = list(discards)
        self.rebuilds = 0

    def __len__(self) -> int:
        return len(self._cards)

    def copy(self) -> Stock:
        """An independent stock and pile holding the same cards in the same order."""
        twin = Stock.__new__(Stock)  # no __init__: every field is set here
        twin._cards, twin.discards, twin.rebuilds = list(self._cards), list(self.discards), self.rebuilds
        return twin

    @property
    def face_down(self) -> list[Card]:
        """The stock's own list of cards (the next card to draw last): the cards nobody sees, for
        dealing them again in a resampled state (``state.resample``)."""
        return self._cards

    @property
    def cards(self) -> list[Card]:
        """The stock in the order it will be drawn (for tests and replays; never for a view)."""
        return self._cards[::-1]

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None

    def can_draw(self, count: int, keep_face_up: int = 0) -> bool:
        """Whether ``count`` cards can be drawn, rebuilding once from the discards if needed."""
        return count <= len(self._cards) + max(0, len(self.discards) - keep_face_up)

    def draw(self, count: int, *, shuffle: Shuffle | None = None, keep_face_up: int = 0) -> list[Card]:
        """The next ``count`` cards; when the stock runs short, the rest after a rebuild.

        ``keep_face_up`` top discards stay in the pile during a rebuild. Without ``shuffle`` no
        rebuild is possible. Raises :class:`StockExhausted` (nothing drawn) if the cards are not there.
        """
        short = count - len(self._cards)
        if short > 0 and (shuffle is None or not self.can_draw(count, keep_face_up)):
            raise StockExhausted("the stock is empty and the discards cannot make a new one")
        cards = self._cards
        split = 0 if short > 0 else -short  # what stays (not min(), which parses its arguments anew)
        drawn = cards[split:]
        drawn.reverse()
        del cards[split:]
        if short > 0:
            assert shuffle is not None
            self.rebuild(shuffle, keep_face_up=keep_face_up)
            drawn += self._cards[-short:][::-1]
            del self._cards[-short:]
        return drawn

    def rebuild(self, shuffle: Shuffle, *, keep_face_up: int = 0) -> None:
        """Shuffle the discards (all but the top ``keep_face_up``) under what is left of the stock."""
        split = len(self.discards) - keep_face_up
        new = shuffle(self.discards[:split])
        self.discards = self.discards[split:]
        new.reverse()
        self._cards = new + self._cards
        self.rebuilds += 1

    def discard(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` on the discard pile, the last one on top."""
        self.discards.extend(cards)

    def take_discard(self) -> Card:
        """Take the top discard (raises ``IndexError`` on an empty pile)."""
        if not self.discards:
            raise IndexError("the discard pile is empty")
        return self.discards.pop()
