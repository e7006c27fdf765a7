"""The end of a betting hand: showing the hands, awarding every pot, and saying why.

Every betting game ends the same way: either everyone else folded to one player, or the hands
still in are shown and each pot (main and side, high and low halves) goes to its best hand. This
module does both and logs them to the history with a reason a player can read.

>>> from homegame.engine.history import History
>>> from homegame.engine.pots import Chips
>>> chips = Chips([10, 10, 10])
>>> for seat in range(3):
...     _ = chips.post(seat, 4)
>>> names = {0: "a pair of nines", 1: "two pair, kings and fours", 2: "ace high"}
>>> settle_showdown(History({}), chips, {0: 5, 1: 9, 2: 1}, names.get)
['seat 1 wins 12 with two pair, kings and fours, beating a pair of nines (seat 0)']
>>> chips.net()
{0: -4, 1: 8, 2: -4}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, Final

from homegame._compile import mypyc_attr
from homegame.cards import Card, format_cards
from homegame.engine.history import History
from homegame.engine.pots import Award, Chips, Pot, award_pots, total_shares
from homegame.ranking.core import Hand
from homegame.ranking.explain import decided_by
from homegame.ranking.high import strength_name
from homegame.wording import seats_listed

__all__ = ["Reason", "ShownHands", "award_reason", "named_by_strength", "reveal_hands", "settle_showdown",
           "settle_uncontested"]

Namer = Callable[[int], str | None]
CardsOf = Callable[[int], Sequence[Card]]
"""A seat's hand as the cards that make it, most significant first (``Hand.cards``): what
separates two hands of the same name."""


def reveal_hands(history: History, hands: Mapping[int, Sequence[Card]],
                 discards: Mapping[int, Card] | None = None) -> None:
    """Log the hands shown at the showdown (and the card each seat threw away, where a game has
    one) as a ``"reveal"`` event; the cards are written out when the history is read.

    >>> from homegame.cards import parse_cards
    >>> history = History({})
    >>> reveal_hands(history, {2: parse_cards("As Ad"), 0: parse_cards("Kc Qc")})
    >>> history.events[0].data
    {'hands': {'2': 'As Ad', '0': 'Kc Qc'}}
    """
    shown = tuple([(seat, tuple(cards)) for seat, cards in hands.items()])
    thrown = None if discards is None else tuple(discards.items())
    history.add_later("reveal", None, _revealed_data, (shown, thrown))


def _revealed_data(source: tuple[tuple[tuple[int, tuple[Card, ...]], ...],
                                 tuple[tuple[int, Card], ...] | None]) -> dict[str, Any]:
    shown, thrown = source
    data: dict[str, Any] = {"hands": {str(seat): format_cards(cards) for seat, cards in shown}}
    if thrown is not None:
        data["discards"] = {str(seat): str(card) for seat, card in thrown}
    return data


def settle_uncontested(history: History, chips: Chips) -> str:
    """The one player left takes every chip in the pot; returns the reason."""
    winner, pot = chips.in_hand[0], chips.pot
    reason = f"seat {winner} wins {pot} because everyone else folded"
    chips.pay({winner: pot})
    history.add("award", winner, {"shares": {str(winner): pot}, "reason": reason})
    return reason


def settle_showdown(history: History, chips: Chips, high: Mapping[int, int], name: Namer,
                    low: Mapping[int, int] | None = None, low_name: Namer | None = None, *,
                    cards: CardsOf | None = None, low_cards: CardsOf | None = None,
                    pots: Sequence[Pot] | None = None, run: int | None = None) -> list[Reason]:
    """Award every pot to the best hands and pay them; returns the reason for each award.

    ``high`` maps each seat still in to its strength; ``low`` (split games) maps the seats with a
    qualifying low to their low strength. ``name`` and ``low_name`` name a seat's hand; ``cards``
    and ``low_cards`` give its cards, so that a reason can say what decided between two hands of
    the same name. The reasons (and the award events' words) are worded when first read, so these
    must answer the same then, and hold nothing of the hand's state (which the reasons would then
    keep alive in a reference cycle): :class:`ShownHands` answers both from the cards alone.

    ``pots`` are the pots to award (all of the chips' by default); ``run`` numbers the run of the
    board they are for, when the board was run twice and each run settles its half of every pot.
    """
    if pots is None:
        pots = chips.pots()
    awards = award_pots(pots, high, low, dealer=chips.dealer, players=chips.players)
    reasons = []
    prefix = "" if run is None else f"{_RUNS[run]} run: "
    for award in awards:
        is_low = award.half == "low" or (award.half == "all" and not high)
        strengths = (low or {}) if is_low else high
        namer = (low_name or name) if is_low else name
        reason = Reason(award, strengths, pots[award.pot], namer, low_cards if is_low else cards,
                        prefix=prefix)
        reasons.append(reason)
        history.add_later("award", None, _award_data, (award, reason, run))
    chips.pay(total_shares(awards))
    return reasons


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class ShownHands:
    """The hands shown at a showdown, each named or evaluated when first asked: what a
    :class:`Reason` reads and a view shows, holding only the cards and how to judge them.

    ``name_of``, where a game has one, names a seat's hand more cheaply than ``evaluate`` (from
    the strength the showdown already worked out: :func:`named_by_strength`); the full
    evaluation, which orders the cards, is then made only when the cards are asked for, as a
    reason does when two hands share a name.

    >>> from homegame.cards import parse_cards
    >>> from homegame.ranking import evaluate
    >>> shown = ShownHands({0: parse_cards("Kd Kh 9s 7c 2d")}, evaluate)
    >>> shown.names([0]), shown.cards(0)[:2]
    ({0: 'a pair of kings'}, (Kh, Kd))
    """

    __slots__ = ("_evaluate", "_hands", "_held", "_name_of", "_names")

    def __init__(self, held: Mapping[int, Sequence[Card]], evaluate: Callable[[Sequence[Card]], Hand],
                 name_of: Callable[[int], str] | None = None) -> None:
        self._held = held
        self._evaluate = evaluate
        self._name_of = name_of
        self._hands: dict[int, Hand] = {}
        self._names: dict[int, str] = {}

    def hand(self, seat: int) -> Hand:
        hand = self._hands.get(seat)
        if hand is None:
            hand = self._hands[seat] = self._evaluate(self._held[seat])
        return hand

    def name(self, seat: int) -> str:
        name = self._names.get(seat)
        if name is None:
            name_of = self._name_of
            name = self._names[seat] = self.hand(seat).name if name_of is None else name_of(seat)
        return name

    def names(self, seats: Iterable[int]) -> dict[int, str]:
        """The names of the hands of ``seats`` (a view's ``hand_names``)."""
        return {seat: self.name(seat) for seat in seats}

    def cards(self, seat: int) -> tuple[Card, ...]:
        return self.hand(seat).cards


def named_by_strength(strengths: Mapping[int, int]) -> Callable[[int], str]:
    """A ``name_of`` for :class:`ShownHands` of high hands ranked the standard way: each seat's
    name follows from the strength the showdown worked out (``strengths`` must not change).

    >>> from homegame.cards import parse_cards
    >>> from homegame.ranking import strength
    >>> named_by_strength({3: strength(parse_cards("9c 9d 4h 4s Kd"))})(3)
    'two pair, nines and fours'
    """
    return partial(_strength_name, strengths)


def _strength_name(strengths: Mapping[int, int], seat: int) -> str:
    return strength_name(strengths[seat])


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class Reason:
    """Why an award went where it did, in words (``str``): worded when first read, since a hand
    played out by bots or a simulation never reads it; it reads like the text it stands for.

    >>> names = {0: "a flush", 1: "a straight"}
    >>> reason = Reason(Award(0, "high", {0: 6}), {0: 9, 1: 8}, Pot(6, (0, 1)), names.get)
    >>> reason
    'high half: seat 0 wins 6 with a flush, beating a straight (seat 1)'
    """

    __slots__ = ("_prefix", "_text", "_why")

    def __init__(self, award: Award, strengths: Mapping[int, int], pot: Pot, name: Namer,
                 cards: CardsOf | None = None, *, prefix: str = "") -> None:
        self._why: tuple[Award, Mapping[int, int], Pot, Namer, CardsOf | None] | None = (
            award, strengths, pot, name, cards)
        self._text = ""
        self._prefix = prefix

    def __str__(self) -> str:
        why = self._why
        if why is not None:
            award = why[0]
            text = award_reason(*why)
            text = f"{award.half} half: {text}" if award.half in ("high", "low") else text
            self._text = self._prefix + text
            self._why = None
        return self._text

    def __repr__(self) -> str:
        return repr(str(self))


_RUNS: Final = {1: "first", 2: "second"}


def _award_data(source: tuple[Award, Reason, int | None]) -> dict[str, Any]:
    award, reason, run = source
    data: dict[str, Any] = {"pot": award.pot, "half": award.half,
                            "shares": {str(s): a for s, a in award.shares.items()}, "reason": str(reason)}
    if run is not None:
        data["run"] = run
    return data


def award_reason(award: Award, strengths: Mapping[int, int], pot: Pot, name: Namer,
                 cards: CardsOf | None = None) -> str:
    """Why ``award`` went to its winners: the winning hand and what it beat (with what decided it
    when the two hands share a name and ``cards`` says what they hold), or the exact tie.

    >>> names = {0: "two pair, nines and fours", 1: "a pair of kings", 2: "a pair of kings"}
    >>> print(award_reason(Award(0, "all", {2: 8, 1: 7}), {0: 1, 1: 5, 2: 5}, Pot(15, (0, 1, 2)),
    ...                    names.get))
    seat 1 and seat 2 tie exactly with a pair of kings and split 15; the odd chip goes to seat 2, first \
from the dealer's left
    >>> from homegame.cards import parse_cards
    >>> held = {1: parse_cards("Kh Kd 9c 7s 2d"), 2: parse_cards("Ks Kc 9d 6h 5c")}
    >>> print(award_reason(Award(0, "all", {1: 10}), {1: 6, 2: 5}, Pot(10, (1, 2)), names.get, held.get))
    seat 1 wins 10 with a pair of kings, beating a pair of kings (seat 2) on the fourth card (a seven \
against a six)
    """
    winners = list(award.shares)
    total = sum(award.shares.values())
    others = [seat for seat in pot.eligible if seat not in award.shares and seat in strengths]
    if len(pot.eligible) == 1:
        return f"seat {winners[0]} takes back {total} that no one still in could match"
    if not any(seat in strengths for seat in winners):
        return f"no hand qualifies, so the {total} is shared by the hands still in"
    if len(winners) == 1:
        seat = winners[0]
        if not others:
            return f"seat {seat} wins {total} with {name(seat)}"
        runner = max(others, key=lambda s: strengths[s])
        winning, beaten = name(seat), name(runner)
        text = f"seat {seat} wins {total} with {winning}, beating {beaten} (seat {runner})"
        if cards is not None and winning == beaten:
            text += " " + decided_by(cards(seat), cards(runner))
        return text
    text = f"{seats_listed(sorted(winners))} tie exactly with {name(winners[0])} and split {total}"
    least = min(award.shares.values())
    odd = [seat for seat in winners if award.shares[seat] > least]
    if len(odd) == 1:
        text += f"; the odd chip goes to seat {odd[0]}, first from the dealer's left"
    elif odd:
        text += f"; the {len(odd)} odd chips go one each to {seats_listed(odd)}, first from the dealer's left"
    return text
