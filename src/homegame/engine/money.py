"""The money of a betting hand as a seat's view shows it, and the antes posted before the betting.

Every betting game's view shows the same money fields (:func:`add_money_fields`); the helpers here
read the hand's :class:`~homegame.engine.pots.Chips` and the round being bet
(:class:`~homegame.engine.betting.BettingRound`) without changing either. :func:`post_antes` posts
the antes and logs them. The names are importable from :mod:`homegame.engine.betting` too.

>>> chips = Chips([10, 4, 7])
>>> chips.fold(2)
>>> money = money_fields(chips, None, 0)
>>> money["stacks"], money["bets"], money["folded"]
({0: 10, 1: 4, 2: 7}, {}, (2,))
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from homegame.engine.pots import Chips

if TYPE_CHECKING:
    from collections.abc import Iterable

    from homegame.engine.betting import BettingRound
    from homegame.engine.history import History

__all__ = ["add_money_fields", "by_seat", "money_fields", "post_antes", "seat_to_call", "sorted_seats"]


def money_fields(chips: Chips, betting: BettingRound | None, seat: int | None) -> dict[str, Any]:
    """The money every betting game's view shows a seat: ``pot``, ``stacks``, this round's ``bets``,
    what the seat has ``to_call`` (what calling would put in: at most its chips, nothing once it
    folded) and who has ``folded``.

    >>> from homegame.engine.actions import Action
    >>> from homegame.engine.betting import BettingRound, Limits
    >>> chips = Chips([10, 1])
    >>> betting = BettingRound(chips, first=0, limits=Limits.fixed(2))
    >>> betting.apply(0, Action("bet", amount=2))
    >>> money_fields(chips, betting, 1)["to_call"]
    1
    """
    return add_money_fields({}, chips, betting, seat)


def add_money_fields(fields: dict[str, Any], chips: Chips, betting: BettingRound | None,
                     seat: int | None) -> dict[str, Any]:
    """:func:`money_fields` written into ``fields``, the view's fields as a state builds them (one
    dictionary filled in place costs less than one merged from several); returns ``fields``."""
    fields["pot"] = chips.pot
    fields["stacks"] = by_seat(chips.stacks)
    fields["bets"] = by_seat(betting.bets) if betting is not None else {}
    fields["to_call"] = seat_to_call(chips, betting, seat)
    fields["folded"] = sorted_seats(chips.folded)
    return fields


def seat_to_call(chips: Chips, betting: BettingRound | None, seat: int | None) -> int:
    """What calling would put in for ``seat``: at most its chips, nothing once it folded or when no
    round is being bet (the view's ``to_call``, the one money field that is the seat's own)."""
    if betting is None or seat is None or seat in chips.folded:
        return 0
    return min(betting.to_call(seat), chips.stacks[seat])


def by_seat(values: list[int]) -> dict[int, int]:
    """Each seat's number of ``values`` (one per seat), keyed by seat, as views show stacks and bets
    (a comprehension over a list's positions: the compiled build runs it natively, where
    ``dict(enumerate(...))`` is two generic calls and ``enumerate`` over a sequence a generic loop).

    >>> by_seat([8, 10])
    {0: 8, 1: 10}
    """
    return {seat: values[seat] for seat in range(len(values))}


def sorted_seats(seats: Collection[int]) -> tuple[int, ...]:
    """``seats`` in order, as views list who folded or is all in (most often nobody or one seat:
    no sort)."""
    if not seats:
        return ()
    if len(seats) == 1:
        return tuple(seats)
    return tuple(sorted(seats))


def post_antes(history: History, chips: Chips, seats: Iterable[int], ante: int) -> None:
    """Each of ``seats`` posts an ante of ``ante`` chips (all it has, if less), logged as one
    ``"ante"`` event of what each posted.

    >>> from homegame.engine.history import History
    >>> history, chips = History({}), Chips([10, 1])
    >>> post_antes(history, chips, [0, 1], 2)
    >>> history.events[0].data, chips.stacks
    ({'posted': {'0': 2, '1': 1}}, [8, 0])
    """
    posted = tuple([(seat, chips.post(seat, ante)) for seat in seats])
    history.add_later("ante", None, _posted_data, posted)


def _posted_data(posted: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    return {"posted": {str(seat): amount for seat, amount in posted}}
