"""Cards, suits, ranks, jokers, the named decks, and the notation people type.

A :class:`Card` is a small ``int`` (so it can index lookup tables directly in the hot paths of the
evaluators) that prints as its notation: ``As``, ``Td``, ``Jk``.  Standard cards are numbered 0-51
as ``(rank - 2) * 4 + suit``, the joker is 52, and the cards only Papayoo uses follow: the four 1s of
the ordinary suits, then the Payoo suit numbered 1 to 20.

>>> cards = parse_cards("As 10h, Td jk")
>>> cards
[As, Th, Td, Jk]
>>> " ".join(map(str, cards))
'As Th Td Jk'
>>> parse_cards(" ".join(map(str, cards))) == cards
True
>>> cards[0].rank, cards[0].suit
(14, <Suit.SPADES: 3>)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from enum import IntEnum
from typing import Final, TypeGuard

from homegame._compile import mypyc_attr
from homegame.errors import CardError, shown

__all__ = [
    "ACE",
    "DECKS",
    "JACK",
    "JOKER",
    "KING",
    "QUEEN",
    "TEN",
    "Card",
    "CardError",
    "Suit",
    "card",
    "card_texts",
    "deck",
    "format_cards",
    "is_card",
    "parse_cards",
    "rank_counts",
    "rank_name",
    "short_deck",
]

TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14


class Suit(IntEnum):
    """The four ordinary suits (in bridge order, clubs lowest) and Papayoo's Payoo suit."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    PAYOO = 4

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``c``, ``d``, ``h``, ``s`` or ``p``."""
        return "cdhsp"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol for display (``P`` for Payoo, which has none)."""
        return "♣♦♥♠P"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; clubs, spades and Payoo are not."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_JOKER_CODE: Final = 52
_PAPAYOO_ONES: Final = 53
_PAYOO: Final = 57
_CARD_COUNT: Final = _PAYOO + 20

_RANK_LETTERS: Final = {10: "T", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_NUMBER_WORDS: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                        "seventeen", "eighteen", "nineteen", "twenty")
"""Papayoo's numbers in words (its Payoo suit runs to twenty)."""
_RANK_NAMES: Final = {**{n: _NUMBER_WORDS[n] for n in range(1, 11)},
                      JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace"}
_RANK_PLURALS: Final = {rank: name + ("es" if name == "six" else "s")
                        for rank, name in _RANK_NAMES.items()}


def rank_name(rank: int, *, plural: bool = False) -> str:
    """The English name of a rank: ``rank_name(12, plural=True) == 'queens'``.

    >>> rank_name(14), rank_name(6, plural=True)
    ('ace', 'sixes')
    """
    names = _RANK_PLURALS if plural else _RANK_NAMES
    return names.get(rank, str(rank) + ("s" if plural else ""))


@mypyc_attr(native_class=False)
class Card(int):
    """One card; an ``int`` code that prints (and ``repr``s) as its notation.

    Build cards with :func:`card` or :func:`parse_cards`; every card value is a shared instance.

    >>> card("Qh").rank, card("Qh").suit.letter, card("Qh").is_joker
    (12, 'h', False)
    >>> card("Jk").is_joker
    True
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        """2-14 for standard cards (ace 14), 1-10 / 1-20 for Papayoo cards, 0 for a joker."""
        return _RANKS[self]

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for a joker."""
        return _SUITS[self]

    @property
    def is_joker(self) -> bool:
        return int(self) == _JOKER_CODE

    @property
    def name(self) -> str:
        """The card in words, as a sentence says it.

        >>> card("Qh").name, card("Td").name, card("17p").name, card("Jk").name
        ('queen of hearts', 'ten of diamonds', 'seventeen of Payoo', 'joker')
        """
        suit, rank = _SUITS[self], _RANKS[self]
        if suit is None:
            return "joker"
        if suit is Suit.PAYOO:
            return f"{_NUMBER_WORDS[rank]} of Payoo"
        return f"{rank_name(rank)} of {suit.name.lower()}"

    @property
    def is_red(self) -> bool:
        suit = _SUITS[self]
        return suit is not None and suit.is_red

    def __str__(self) -> str:
        return _NOTATION[self]

    def __repr__(self) -> str:
        return _NOTATION[self]

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _code_rank_suit(code: int) -> tuple[int, Suit | None]:
    if code < _JOKER_CODE:
        return code // 4 + 2, Suit(code % 4)
    if code == _JOKER_CODE:
        return 0, None
    if code < _PAYOO:
        return 1, Suit(code - _PAPAYOO_ONES)
    return code - _PAYOO + 1, Suit.PAYOO


def _notation(rank: int, suit: Suit | None) -> str:
    if suit is None:
        return "Jk"
    if suit is Suit.PAYOO or rank == 1:
        return f"{rank}{suit.letter}"
    return _RANK_LETTERS.get(rank, str(rank)) + suit.letter


_RANKS: Final[list[int]] = []
_SUITS: Final[list[Suit | None]] = []
_NOTATION: Final[list[str]] = []
for _code in range(_CARD_COUNT):
    _rank, _suit = _code_rank_suit(_code)
    _RANKS.append(_rank)
    _SUITS.append(_suit)
    _NOTATION.append(_notation(_rank, _suit))
_NUMBERED: Final = ["10" + text[1:] if text[0] == "T" else text for text in _NOTATION]
"""The notation with a ten written 10, as games whose cards are numbered show it (Papayoo)."""
_ALL: Final = tuple(Card(code) for code in range(_CARD_COUNT))
_BY_NOTATION: Final = {text.lower(): c for text, c in zip(_NOTATION, _ALL, strict=True)}
_BY_NOTATION.update({f"10{s}": _BY_NOTATION[f"t{s}"] for s in "cdhs"})

JOKER: Final = _ALL[_JOKER_CODE]

_TOKEN: Final = re.compile(r"[^\s,]+")
_CARD_TEXT: Final = re.compile(r"jk|(?:20|1\d|10|[1-9tjqka])[cdhsp♣♦♥♠♧♢♡♤]", re.IGNORECASE)
_SUIT_SYMBOLS: Final = str.maketrans("♣♦♥♠♧♢♡♤", "cdhscdhs")
"""The suits as the tables draw them, read as their letters: a card is typed as it is seen."""


def card(text: object) -> Card:
    """The card written ``text`` (``"As"``, ``"10h"``, ``"Th"``, ``"jk"``, ``"13p"``, or with the
    suit's symbol as the tables show it, ``"A♠"``).

    >>> card("10h") == card("th") == card("T♥")
    True
    >>> card("Xx")
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: 'Xx' is not a card (write rank then suit, as As, 10h, Jk)
    """
    if not isinstance(text, str):
        raise CardError(f"a card is written as a string such as 'Ah', not {shown(text)}")
    found = _BY_NOTATION.get(text.lower().translate(_SUIT_SYMBOLS))
    if found is None:
        raise CardError(_bad(text), position=0)
    return found


def _bad(token: str) -> str:
    return f"{shown(token)} is not a card (write rank then suit, as As, 10h, Jk)"


def parse_cards(text: object) -> list[Card]:
    """Read cards separated by spaces, commas or nothing: ``"AsKd"``, ``"As, Kd"``, ``"as kd"``.

    A list (or any other collection) of card strings or cards is accepted too; anything else
    raises :class:`CardError`, whose ``position`` counts characters to the bad token.

    >>> parse_cards("AsKh10d"), parse_cards("8♠ 10♦")
    ([As, Kh, Td], [8s, Td])
    >>> parse_cards("As Kx")
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: 'Kx' is not a card (write rank then suit, as As, 10h, Jk)
    """
    if not isinstance(text, str):
        if not isinstance(text, Iterable) or isinstance(text, bytes | bytearray | Mapping):
            raise CardError(f"cards are a string such as 'As Kd' or a list of cards, not {shown(text)}")
        return [c if is_card(c) else card(c) for c in text]
    cards: list[Card] = []
    for token in _TOKEN.finditer(text):
        cards.extend(_split_token(token.group(), token.start()))
    return cards


def _split_token(token: str, start: int) -> list[Card]:
    cards: list[Card] = []
    position = 0
    while position < len(token):
        match = _CARD_TEXT.match(token, position)
        # A lone "1" before "0" would read "10" first; the regex prefers the longest rank.
        found = _BY_NOTATION.get(match.group().lower().translate(_SUIT_SYMBOLS)) if match else None
        if found is None:
            bad = token[position:] if match is None else match.group()
            raise CardError(_bad(bad), position=start + position)
        cards.append(found)
        position = match.end() if match else len(token)
    return cards


def is_card(value: object) -> TypeGuard[Card]:
    """Whether ``value`` is one of the cards (a :class:`Card` with a card's code).

    >>> is_card(card("As")), is_card("As"), is_card(12)
    (True, False, False)
    """
    return type(value) is Card and 0 <= value < _CARD_COUNT


def rank_counts(cards: Iterable[Card]) -> dict[int, int]:
    """How many of ``cards`` there are of each rank, ranks in the order they first come (a plain
    loop: ``collections.Counter`` costs several times more in the evaluators' loops).

    >>> rank_counts(parse_cards("Kh 9c Kd"))
    {13: 2, 9: 1}
    """
    counts: dict[int, int] = {}
    for card in cards:
        rank = _RANKS[card]
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def format_cards(cards: Iterable[Card], *, numbered: bool = False) -> str:
    """Cards in notation separated by spaces; :func:`parse_cards` reads it back. ``numbered``
    writes a ten as 10, as in a game whose cards are numbered (Papayoo's run from 1 to 20).

    >>> format_cards(parse_cards("ah kd th")), format_cards(parse_cards("th 1c 10p"), numbered=True)
    ('Ah Kd Th', '10h 1c 10p')
    """
    notation = _NUMBERED if numbered else _NOTATION
    return " ".join(notation[c] for c in cards)


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Each card's notation, as a hand history writes cards (``[str(c) for c in cards]``, without a
    call to ``str`` per card).

    >>> card_texts(parse_cards("ah 10d"))
    ['Ah', 'Td']
    """
    return [_NOTATION[c] for c in cards]


def _standard() -> tuple[Card, ...]:
    return _ALL[:_JOKER_CODE]


def _papayoo(with_ones: bool) -> tuple[Card, ...]:
    ordinary = [c for c in _ALL[:_JOKER_CODE] if c.rank <= 10]
    ones = list(_ALL[_PAPAYOO_ONES:_PAYOO]) if with_ones else []
    return tuple(ones + ordinary + list(_ALL[_PAYOO:]))


DECKS: Final[dict[str, tuple[Card, ...]]] = {
    "standard": _standard(),
    "standard+joker": (*_standard(), JOKER),
    "standard+2jokers": (*_standard(), JOKER, JOKER),
    "papayoo": _papayoo(with_ones=True),
    "papayoo-56": _papayoo(with_ones=False),
}
"""The named decks, each an ordered tuple of cards (the order a fresh pack comes in)."""


def deck(name: str = "standard") -> list[Card]:
    """A fresh copy of the named deck (see :data:`DECKS`).

    >>> len(deck()), len(deck("standard+2jokers")), len(deck("papayoo")), len(deck("papayoo-56"))
    (52, 54, 60, 56)
    >>> deck("pinochle")
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: unknown deck 'pinochle'; known decks: standard, standard+joker, ...
    """
    if name not in DECKS:
        raise CardError(f"unknown deck {name!r}; known decks: {', '.join(DECKS)}")
    return list(DECKS[name])


def short_deck(ranks: int = 13, suits: int = 4) -> list[Card]:
    """The standard deck cut down for a small game: the ``ranks`` highest ranks (the ace down) in
    the first ``suits`` suits of spades, hearts, diamonds and clubs, in deck order.

    >>> short_deck(3, 2)
    [Qh, Qs, Kh, Ks, Ah, As]
    >>> len(short_deck()), len(short_deck(13, 3))
    (52, 39)
    """
    if not (1 <= ranks <= 13 and 1 <= suits <= 4):
        raise CardError(f"a short deck keeps 1 to 13 ranks and 1 to 4 suits, not {ranks} and {suits}")
    return list(_short_deck(ranks, suits))


def _short_deck(ranks: int, suits: int) -> tuple[Card, ...]:
    cached = _SHORT_DECKS.get((ranks, suits))
    if cached is None:
        cached = _SHORT_DECKS[(ranks, suits)] = tuple(
            card for card in DECKS["standard"] if card.rank > 14 - ranks and card % 4 >= 4 - suits)
    return cached


_SHORT_DECKS: Final[dict[tuple[int, int], tuple[Card, ...]]] = {}
"""The short decks made so far (a game asks for its deck often)."""


def is_permutation(cards: Sequence[Card], of: Sequence[Card]) -> bool:
    """Whether ``cards`` holds exactly the cards of ``of`` (as a multiset: two jokers are alike)."""
    return len(cards) == len(of) and sorted(cards) == sorted(of)
