"""A betting round that a game drives: whose turn, what they may bet, when the round is over.

Every betting game builds a :class:`BettingRound` on the hand's :class:`~homegame.engine.pots.Chips`
for each round, says who acts first and how the round is limited (:class:`Limits`), then asks it
for the seat to act, the legal actions and why an action is refused, and applies actions. What a
view shows of the money and the antes are in :mod:`homegame.engine.money` (importable from here too).

**Amounts.** Every amount names the total this seat has bet *in this round* after the action, as
PokerKit's "completion/betting/raising to": ``bet 20`` makes the seat's bet 20, ``raise 60`` makes it
60 (not 60 more), ``call 60`` brings it to 60 (or to less when the seat is all-in for less). Antes are
not bets of the round; blinds and a bring-in are.

**Structures** (RULINGS.md, "Betting"):

- ``fixed``: bets and raises are exactly the round's bet size; at most ``cap`` bets and raises per
  round (one bet and three raises unless the table sets another).
- ``pot``: a bet or raise from the minimum (the last raise's size, or the minimum bet) to the size of
  the pot after calling.
- ``no``: from the same minimum up to all the seat's chips.
- ``spread``: a bet, or the part of a raise above the call, of any amount from the table's minimum to
  its maximum.
- ``draw``: the Basic Draw Poker mode of seed 003: any amount (at least the minimum, at most the
  table's maximum if it sets one); a seat that has *called* in this round may not raise later in it
  (a check is not a call: checking and later raising is allowed); and a seat whose raise everyone
  else called or folded to may not raise again.

A seat that cannot match a bet calls all-in for what it has; a seat may raise all-in for less than a
full raise, and such a short raise does not reopen the betting for seats that have already acted.
The round ends when everyone still in has matched the highest bet or is all-in and everyone has had
a turn since the last raise, or when one seat is left.

>>> from homegame.engine.pots import Chips
>>> chips = Chips([100, 100, 100])
>>> betting = BettingRound(chips, first=1, limits=Limits.fixed(10))
>>> betting.to_act, betting.legal(1)
(1, ActionSet(check, bet 10))
>>> betting.apply(1, Action("bet", amount=10))
>>> betting.to_act, betting.legal(2)
(2, ActionSet(fold, call 10, raise 20))
>>> betting.apply(2, passive(betting, 2)); betting.apply(0, FOLD)
>>> betting.is_over, chips.committed
(True, [0, 10, 10])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from homegame._compile import mypyc_attr, rebuilt_from_fields
from homegame.engine.action_sets import EMPTY, ActionSet, Amounts, Choices
from homegame.engine.actions import Action, amount_action
from homegame.engine.money import (
    add_money_fields,
    by_seat,
    money_fields,
    post_antes,
    seat_to_call,
    sorted_seats,
)
from homegame.engine.pots import Chips
from homegame.errors import GameError

__all__ = ["CHECK", "FOLD", "RAISING", "STRUCTURES", "STRUCTURE_LABELS", "VOLUNTARY", "BettingRound",
           "Limits", "add_money_fields", "by_seat", "money_fields", "passive", "post_antes", "seat_to_call",
           "sorted_seats"]

FOLD = Action("fold")
CHECK = Action("check")
_CHECK_ONLY = Choices((CHECK,))
STRUCTURES = ("fixed", "pot", "no", "spread", "draw")
STRUCTURE_LABELS = ("fixed limit", "pot limit", "no limit", "spread limit",
                    "draw poker's own (any bet, no raise once called)")
"""Each of :data:`STRUCTURES` in words."""
AGGRESSIVE = frozenset({"bet", "raise", "complete", "bring-in"})
RAISING = frozenset({"bet", "raise", "complete"})
"""The actions that raise the stakes by choice (a bring-in is forced): what aggression counts."""
VOLUNTARY = RAISING | {"call"}
"""The actions that put chips in the pot by choice (a blind, an ante or a bring-in is forced)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a round lets a seat bet.

    ``bet`` is the bet size in fixed limit and the minimum bet (and smallest raise step) otherwise;
    ``maximum`` is spread limit's largest bet or raise step (optional in ``draw``); ``cap`` the
    most bets and raises in one round (``None``: no cap).

    >>> Limits.fixed(20), Limits.spread(5, 50).maximum
    (Limits(structure='fixed', bet=20, maximum=None, cap=4), 50)
    """

    structure: str
    bet: int
    maximum: int | None = None
    cap: int | None = None

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise GameError(f"unknown betting structure {self.structure!r}; known: {', '.join(STRUCTURES)}")
        if self.bet < 1:
            raise GameError(f"the bet size must be at least 1 chip, got {self.bet}")
        if self.structure == "spread" and self.maximum is None:
            raise GameError("spread limit needs a maximum")
        if self.maximum is not None and self.maximum < self.bet:
            raise GameError(f"the maximum ({self.maximum}) is below the minimum ({self.bet})")
        if self.cap is not None and self.cap < 1:
            raise GameError(f"a raise cap must allow at least one bet, got {self.cap}")

    @classmethod
    def fixed(cls, bet: int, cap: int | None = 4) -> Limits:
        return cls("fixed", bet, None, cap)

    @classmethod
    def pot_limit(cls, minimum: int, cap: int | None = None) -> Limits:
        return cls("pot", minimum, None, cap)

    @classmethod
    def no_limit(cls, minimum: int, cap: int | None = None) -> Limits:
        return cls("no", minimum, None, cap)

    @classmethod
    def spread(cls, minimum: int, maximum: int, cap: int | None = None) -> Limits:
        return cls("spread", minimum, maximum, cap)

    @classmethod
    def draw(cls, minimum: int = 1, maximum: int | None = None) -> Limits:
        return cls("draw", minimum, maximum, None)


rebuilt_from_fields(Limits)


Raising = tuple[str, int, int]
"""A bet, raise or completion a seat may make: its kind and the lowest and highest total."""

_NO_CHIPS, _ONLY_CALL, _CAPPED, _CALLED, _RAISED_LAST, _SHORT_ALL_IN = range(6)
_NO_RAISE = {
    _NO_CHIPS: "you have no chips left beyond a call",
    _ONLY_CALL: "everyone else still in is all-in, so you may only call",
    _CALLED: "you have called in this round, so you may not raise (draw poker rule)",
    _RAISED_LAST: "everyone called or folded to your raise, so you may not raise again",
    _SHORT_ALL_IN: "the last raise was a short all-in, which does not reopen the betting to you",
}
"""Why a seat may not bet or raise (:meth:`BettingRound.why_no_raise`; the cap's words name it)."""


@lru_cache(maxsize=4096)
def _betting_set(call: int | None, raising: Raising | None) -> ActionSet:
    """Check (``call`` None) or fold and call to ``call``, then the ``raising`` allowed, if any.

    Shared between rounds and hands: the same few sets come up again and again, and a shared set
    indexes and tests membership at tuple speed once it has been used (see ``ActionSet``).
    """
    calm = _CHECK_ONLY if call is None else Choices((FOLD, amount_action("call", call)))
    return ActionSet(calm) if raising is None else ActionSet(calm, Amounts(*raising))


@lru_cache(maxsize=16)
def _clockwise_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """For each ``seat`` from -1 up, at index ``seat + 1``: every seat in turn clockwise after it,
    ending with its own (worked out once per table size; a round looks them up at every action)."""
    return tuple(tuple((seat + step) % players for step in range(1, players + 1))
                 for seat in range(-1, players))


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class BettingRound:
    """One round of betting over ``chips``, first to act ``first`` (or the next seat still able to).

    ``blinds`` maps seats to forced bets posted now as their bets of this round (the largest is the
    bet to match and counts as the round's first bet). ``bring_in`` makes ``first`` open with a
    forced bring-in of that many chips or complete to the full bet (``bet`` of ``limits``).
    """

    __slots__ = ("_aggressor", "_bring_in_due", "_opened_at", "_orders", "_raise_size", "_seen_level", "bets",
                 "bring_in", "called", "chips", "highest", "limits", "needs", "raises", "turn")

    def __init__(self, chips: Chips, *, first: int, limits: Limits,
                 blinds: Mapping[int, int] | None = None, bring_in: int | None = None) -> None:
        self.chips, self.limits, self.bring_in = chips, limits, bring_in
        self._orders = _clockwise_orders(chips.players)
        self.bets = [0] * chips.players
        highest = 0
        for seat, amount in (blinds or {}).items():
            posted = self.bets[seat] = chips.post(seat, amount)
            if posted > highest:  # not max(): it parses its arguments anew at every call
                highest = posted
        self.highest = highest
        self.raises = 1 if self.highest else 0
        self._opened_at = self.highest
        self._raise_size = limits.bet
        self._seen_level: dict[int, int] = {}
        self._aggressor: int | None = None
        self._bring_in_due = bring_in is not None
        self.called: set[int] = set()
        self.needs = self._active()
        self.turn: int | None = None
        self._advance(first - 1)

    def copy(self, chips: Chips) -> BettingRound:
        """This round at the same point, betting over ``chips`` (the copy of its chips that the
        copied hand holds)."""
        twin = BettingRound.__new__(BettingRound)  # no __init__: every field is set here
        twin.chips, twin.limits, twin.bring_in, twin._orders = chips, self.limits, self.bring_in, self._orders
        twin.bets, twin.highest, twin.raises = list(self.bets), self.highest, self.raises
        twin._opened_at, twin._raise_size = self._opened_at, self._raise_size
        twin._seen_level = dict(self._seen_level)
        twin._aggressor, twin._bring_in_due = self._aggressor, self._bring_in_due
        twin.called, twin.needs = set(self.called), set(self.needs)
        twin.turn = self.turn
        return twin

    # -- who is to act --------------------------------------------------------------------------

    def _active(self) -> set[int]:
        """Seats still in the hand and not all-in (set operations: no comprehension's frame)."""
        chips = self.chips
        active = set(range(chips.players))
        active -= chips.folded
        active -= chips.all_in
        return active

    def _others_active(self, seat: int) -> bool:
        """Whether any seat but ``seat`` is still in the hand and not all-in."""
        chips = self.chips
        out = len(chips.folded) + len(chips.all_in)
        mine = seat in chips.folded or seat in chips.all_in
        return chips.players - out - (0 if mine else 1) > 0

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the round is over."""
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def to_call(self, seat: int) -> int:
        """The chips ``seat`` must add to match the highest bet (before any all-in limit)."""
        return self.highest - self.bets[seat]

    def _advance(self, after: int) -> None:
        chips, needs = self.chips, self.needs  # no folded or all-in seat: see apply
        folded, all_in = chips.folded, chips.all_in
        in_hand = chips.players - len(folded)
        if in_hand <= 1 or (in_hand - len(all_in) == 1 and not self._bring_in_due
                            and self.bets[min(self._active())] >= self.highest):
            needs.clear()
        if needs:
            for seat in self._orders[after + 1]:
                if seat in needs:
                    self.turn = seat
                    return
        self.turn = None

    # -- what a seat may do ---------------------------------------------------------------------

    def legal(self, seat: int) -> ActionSet:
        """The legal actions of ``seat`` (empty when it is not its turn)."""
        if seat != self.turn:
            return EMPTY
        if self._bring_in_due:
            return self._bring_in_legal(seat)
        stack = self.chips.stacks[seat]
        bet = self.bets[seat]
        owed = self.highest - bet
        call = bet + (owed if owed < stack else stack) if owed > 0 else None
        raising = self._raising(seat)
        return _betting_set(call, raising if isinstance(raising, tuple) else None)

    def _bring_in_legal(self, seat: int) -> ActionSet:
        """The bring-in, or a completion above it (a bring-in as large as the bet is the bet)."""
        assert self.bring_in is not None
        amount = min(self.bring_in, self.chips.stacks[seat])
        forced = Choices([amount_action("bring-in", amount)])
        raising = self._raising(seat)
        if not isinstance(raising, tuple) or raising[2] <= amount:
            return ActionSet(forced)
        return ActionSet(forced, Amounts("complete", max(raising[1], amount + 1), raising[2]))

    def why_no_raise(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now, or ``None`` if it may."""
        found = self._raising(seat)
        if isinstance(found, tuple):
            return None
        if found == _CAPPED:
            return f"the betting is capped at {self.limits.cap} bets and raises in a round"
        return _NO_RAISE[found]

    def _raising(self, seat: int) -> Raising | int:
        """The bet, raise or completion ``seat`` may make now (its kind and the lowest and highest
        total), or why it may not, a key of :data:`_NO_RAISE` (one method for both: the legal set
        asks at every action, where a second call for the reason cost 0.7% of a Draw hand)."""
        chips, limits, highest = self.chips, self.limits, self.highest
        bet = self.bets[seat]
        stack = chips.stacks[seat]
        if stack <= highest - bet:
            return _NO_CHIPS
        if (chips.all_in or len(chips.folded) >= chips.players - 1) and not self._bring_in_due \
                and not self._others_active(seat):
            return _ONLY_CALL
        cap, structure = limits.cap, limits.structure
        if cap is not None and self.raises >= cap:
            return _CAPPED
        if structure == "draw":
            if seat in self.called:
                return _CALLED
            if seat == self._aggressor:
                return _RAISED_LAST
        if highest > 0 and self._seen_level.get(seat, -1) == self._opened_at:
            return _SHORT_ALL_IN
        all_in = bet + stack
        if highest < limits.bet and (highest == 0 or self.bring_in is not None):
            kind = "bet" if highest == 0 else "complete"  # the opening bet, or completing a bring-in
            low, base = limits.bet, 0
        else:
            kind = "raise"
            low = highest + self._raise_size  # the bet size but in pot and no limit
            base = highest
        if structure == "fixed":
            high = low
        elif structure == "pot":
            high = highest + chips.pot + (highest - bet)
            if high < low:
                high = low
        elif limits.maximum is not None:
            high = base + limits.maximum
        else:
            high = all_in
        return kind, (low if low < all_in else all_in), (high if high < all_in else all_in)

    # -- acting ----------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action of the seat to act (check with :meth:`legal` first)."""
        kind = action.kind
        if kind == "fold":
            self.chips.fold(seat)
        elif kind == "call":
            assert action.amount is not None
            self._put(seat, action.amount)
            self.called.add(seat)
        elif kind in AGGRESSIVE:
            assert action.amount is not None
            self._raise(seat, kind, action.amount)
        self.needs.discard(seat)  # only the seat acting folds or goes all-in: needs holds neither
        self._seen_level[seat] = self._opened_at
        self._advance(seat)

    def straddle(self, seat: int, total: int) -> None:
        """``seat``, first to act, posts a blind raise to ``total`` before anyone acts (a straddle):
        it counts as a raise, the betting starts at the next seat, and the straddler acts last.

        >>> betting = BettingRound(Chips([50, 50, 50]), first=0, limits=Limits.no_limit(2),
        ...                        blinds={1: 1, 2: 2})
        >>> betting.straddle(0, 4)
        >>> betting.to_act, betting.highest, betting.legal(1)[2]
        (1, 4, raise 6)
        """
        increment = total - self.highest
        self._put(seat, total)
        self.raises += 1
        self._opened_at = self.highest = total
        if self.limits.structure in ("pot", "no"):
            self._raise_size = max(self._raise_size, increment)
        self.needs = self._active()
        self._advance(seat)

    def _put(self, seat: int, total: int) -> None:
        self.chips.post(seat, total - self.bets[seat])
        self.bets[seat] = total

    def _raise(self, seat: int, kind: str, total: int) -> None:
        self._put(seat, total)
        increment = total - self.highest
        if kind == "bring-in":
            self._bring_in_due = False
            self.highest = total
            self.needs = self._active()
            self.needs.discard(seat)
            if total >= self.limits.bet:  # a bring-in as large as the bet opens the betting
                self.raises += 1
                self._opened_at = total
            return
        self._bring_in_due = False
        full = self._is_full(kind, total, increment)
        if full:
            self.raises += 1
            self._opened_at = total
            if self.limits.structure in ("pot", "no"):
                self._raise_size = max(self._raise_size, increment)
            self._aggressor = seat
        if total > self.highest:  # every other seat still able to act owes chips now
            self.highest = total
            needs = self._active()
            needs.discard(seat)
            self.needs = needs
            return
        bets, highest, folded, all_in = self.bets, self.highest, self.chips.folded, self.chips.all_in
        needs = set()
        for other in range(self.chips.players):  # a loop: a comprehension here costs a closure
            if other != seat and bets[other] < highest and other not in folded and other not in all_in:
                needs.add(other)
        self.needs = needs

    def _is_full(self, kind: str, total: int, increment: int) -> bool:
        limits = self.limits
        if kind in ("bet", "complete") or limits.structure == "draw":
            return total >= limits.bet or limits.structure == "draw"
        if limits.structure == "fixed" or limits.structure == "spread":
            return increment >= limits.bet
        return increment >= self._raise_size

    # -- explaining refusals ---------------------------------------------------------------------

    def explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now, in words a player understands."""
        if seat != self.turn:
            return "the betting is over" if self.turn is None else f"it is seat {self.turn}'s turn to bet"
        owed = self.highest - self.bets[seat]
        kind = action.kind
        if self._bring_in_due and kind not in ("bring-in", "complete"):
            return f"you must open with the bring-in of {self.bring_in} or complete to {self.limits.bet}"
        if kind == "fold" and owed == 0:
            return "there is no bet to fold to: check instead"
        if kind == "check" and owed > 0:
            return f"you cannot check: the bet is {self.highest} and you have {self.bets[seat]} in"
        if kind == "call":
            return self._explain_call(seat, action)
        if kind in AGGRESSIVE:
            return self._explain_aggressive(seat, action)
        return f"{action} is not a betting action; you may {self._describe(seat)}"

    def _explain_call(self, seat: int, action: Action) -> str:
        legal = self.legal(seat)
        calls = [a for a in legal if a.kind == "call"]
        if not calls:
            return "there is nothing to call: check or bet"
        return f"a call here is 'call {calls[0].amount}' (amounts are your total bet for the round)"

    def _explain_aggressive(self, seat: int, action: Action) -> str:
        reason = self.why_no_raise(seat)
        if reason is not None:
            return reason
        raising = self._raising(seat)
        assert isinstance(raising, tuple)
        kind, low, high = raising
        if self._bring_in_due:
            kind = "complete" if action.kind == "complete" else "bring-in"
            if kind == "bring-in":
                return f"the bring-in is {self.bring_in}"
        if action.kind != kind:
            if action.kind == "raise" and kind == "bet":
                return "there is no bet to raise: bet instead"
            return f"there is already a bet of {self.highest}: {kind} instead"
        if action.amount is None:
            return f"say how much: '{kind} N' where N is your total bet for the round, {low} to {high}"
        if low == high:
            return f"{kind} must make your bet exactly {low} ({self.limits.structure} limit)"
        return f"{kind} must make your total bet for the round from {low} to {high}, not {action.amount}"

    def _describe(self, seat: int) -> str:
        legal = self.legal(seat)
        parts = [str(a) for f in legal.families if isinstance(f, Choices) for a in f.actions]
        parts += [f"{f.kind} {f.low}" + (f"-{f.high}" if f.high > f.low else "")
                  for f in legal.families if isinstance(f, Amounts)]
        return ", ".join(parts)


def passive(betting: BettingRound, seat: int) -> Action:
    """The passive action of ``seat``: check if nothing is owed, else call (for bots and tests).

    >>> from homegame.engine.pots import Chips
    >>> passive(BettingRound(Chips([5, 5]), first=0, limits=Limits.draw()), 0)
    check
    """
    return next(a for a in betting.legal(seat) if a.kind in ("check", "call", "bring-in"))
