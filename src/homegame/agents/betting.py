"""Betting as action indices and observation blocks, shared by every game played for chips.

Six indices stand for every betting move, whatever the structure:

===== =========== ================================================================================
index move        the total bet it makes (amounts are a seat's total for the round, as the engine's)
===== =========== ================================================================================
0     fold
1     check/call  check, call, or the bring-in: the passive move the seat has
2     min         the smallest bet, raise or completion allowed
3     half pot    the highest bet plus half of (pot + the call), rounded down
4     pot         the highest bet plus (pot + the call): a pot-sized raise
5     max         the largest allowed: all-in in no limit, the pot in pot limit, the top of a spread
===== =========== ================================================================================

A size is legal when its total lies within the legal range; when two sizes name the same total, only
the first of them (in index order) is legal, so every legal index is a different move. In fixed
limit only ``min`` is ever legal; ``pot`` is the pot in the view (Anaconda's includes a carried pot).

>>> import homegame
>>> from homegame.agents import encoding_for
>>> game = homegame.new_game("draw", players=2, limit="no", bet=2, ante=5)
>>> state = game.deal(seed=3, dealer=0)
>>> view, legal = state.view(1), state.legal_actions(1)
>>> encoding = encoding_for(game)
>>> [(i, str(encoding.decode(view, legal, i))) for i in encoding.legal_indices(view, legal)]
[(1, 'check'), (2, 'bet 2'), (3, 'bet 5'), (4, 'bet 10'), (5, 'bet 95')]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from homegame._compile import mypyc_attr
from homegame.agents.encoding import Features, Layout, Segment
from homegame.engine import Action, ActionSet, Amounts, Choices, Family, Game
from homegame.engine.actions import amount_action
from homegame.engine.betting import AGGRESSIVE, FOLD, BettingRound, seat_to_call
from homegame.engine.money import by_seat
from homegame.engine.pots import Chips

__all__ = ["SIZES", "Betting", "BettingTurn", "MoneyBlocks", "betting_actions", "chip_range"]

SIZES = ("fold", "check/call", "min", "half pot", "pot", "max")
PASSIVE = frozenset({"check", "call", "bring-in"})


class Betting(Segment):
    """The six betting indices (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__("bet", len(SIZES), "fold, check/call, then bet or raise to: min, half pot, "
                         "pot, max (see Betting)", ("fold", *sorted(PASSIVE), *sorted(AGGRESSIVE)))
        self._sized: tuple[object, int, int, list[tuple[int, int]]] = (None, 0, 0, [])

    def sizes(self, view: Any, low: int, high: int) -> list[tuple[int, int]]:
        """:func:`_sizes`, remembered: a turn's mask and then the decoding of the index chosen ask
        for the same sizes of the same view. A :class:`BettingTurn` remembers its own (the
        tables of a vector environment share this segment, and each works its mask out between
        another's mask and decoding); a view is remembered here, the last one asked about."""
        if isinstance(view, BettingTurn):
            sized = view.sized
            if sized is None or sized[0] != low or sized[1] != high:
                sized = view.sized = (low, high, _sizes(view, low, high))
            return sized[2]
        last_view, last_low, last_high, found = self._sized
        if view is not last_view or low != last_low or high != last_high:
            found = _sizes(view, low, high)
            self._sized = (view, low, high, found)
        return found

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        kind = action.kind
        if kind == "fold":
            return 0
        if kind in PASSIVE:
            return 1
        span = _aggressive(legal)
        if span is None or span.kind != kind or action.amount is None:
            return None
        for local, amount in self.sizes(view, span.low, span.high):
            if amount == action.amount:
                return local
        return None

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        if local == 0:
            return FOLD
        if local == 1:
            return _passive(legal)
        span = _aggressive(legal)
        if span is None:
            return None
        for size, amount in self.sizes(view, span.low, span.high):
            if size == local:
                return amount_action(span.kind, amount)
        return None

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        if isinstance(family, Amounts):
            return tuple([local for local, _ in self.sizes(view, family.low, family.high)]) \
                if family.kind in AGGRESSIVE else None
        if isinstance(family, Choices):
            locals_: list[int] = []
            for action in family.actions:
                kind = action.kind
                if kind == "fold":
                    locals_.append(0)
                elif kind in PASSIVE:
                    locals_.append(1)
                else:
                    return None
            return tuple(locals_)
        return None

    def describe(self, local: int) -> str:
        return SIZES[local]


# The two searches below are loops rather than ``next()`` over a generator: they run at every step,
# and the compiled build runs a loop natively where a generator is an object made and stepped.

def _passive(legal: ActionSet) -> Action | None:
    """The seat's passive move (check, call or bring-in), if it has one."""
    for family in legal.families:
        if isinstance(family, Choices):
            for action in family.actions:
                if action.kind in PASSIVE:
                    return action
    return None


def _aggressive(legal: ActionSet) -> Amounts | None:
    """The amounts the seat may bet or raise to, if it may."""
    for family in legal.families:
        if isinstance(family, Amounts) and family.kind in AGGRESSIVE:
            return family
    return None


def _sizes(view: Any, low: int, high: int) -> list[tuple[int, int]]:
    """Each legal size's local index and total, the first of equal totals only."""
    if low > high:
        return []
    found = [(2, low)]
    if low == high:  # one amount (fixed limit): no other size can fall in the range
        return found
    bets: dict[int, int] = view.bets
    highest = 0
    for bet in bets.values():  # a loop: the compiled build calls max() as a Python function
        if bet > highest:
            highest = bet
    base = view.pot + highest - bets.get(view.seat, 0)
    # Half pot never tops pot, so the sizes in range come in rising order: a size equal to the one
    # before it is the same move and gives way.
    last = low
    for local, amount in ((3, highest + base // 2), (4, highest + base), (5, high)):
        if last < amount <= high:
            found.append((local, amount))
            last = amount
    return found


class MoneyBlocks:
    """The chips every betting game shows: each seat's stack, bet this round and fold (relative
    seats), the pot and what the observing seat has to call. Chips are raw counts times ``scale``
    (the encoding's ``chip_scale``)."""

    def __init__(self, layout: Layout, players: int, scale: float = 1.0) -> None:
        self.players, self.scale = players, scale
        self.seats = layout.add("money", (players, 3), "per relative seat: stack, bet this round, folded")
        self.pot = layout.add("pot", (2,), "the pot, the chips this seat must add to call")

    def write(self, view: Any, me: int, out: Features) -> None:
        # Stored straight, as Features stores (see there): the hottest block.
        n, base, data, at, scale = self.players, self.seats, out.data, out.positions, self.scale
        stacks: dict[int, int] = view.stacks
        bets: dict[int, int] = view.bets
        folded: tuple[int, ...] = view.folded
        for seat, stack in stacks.items():  # zeros stay as the copy of the zero observation has them
            row = base + 3 * ((seat - me) % n)
            if stack:
                data[at[row]] = stack * scale
            bet = bets.get(seat, 0)
            if bet:
                data[at[row + 1]] = bet * scale
        self._write_rest(folded, view.pot, view.to_call, me, out)

    def write_chips(self, chips: Chips, betting: BettingRound | None, me: int, out: Features) -> None:
        """:meth:`write` read from the hand's chips and the round being bet rather than a view
        (for an encoding that reads the state): the same numbers a view shows."""
        n, base, data, at, scale = self.players, self.seats, out.data, out.positions, self.scale
        stacks = chips.stacks
        bets = betting.bets if betting is not None else None
        for seat in range(n):
            row = base + 3 * ((seat - me) % n)
            stack = stacks[seat]
            if stack:
                data[at[row]] = stack * scale
            if bets is not None:
                bet = bets[seat]
                if bet:
                    data[at[row + 1]] = bet * scale
        self._write_rest(chips.folded, chips.pot, seat_to_call(chips, betting, me), me, out)

    def _write_rest(self, folded: Iterable[int], pot: int, to_call: int, me: int, out: Features) -> None:
        """The folds, the pot and the seat's call."""
        n, base, data, at, scale = self.players, self.seats, out.data, out.positions, self.scale
        for seat in folded:
            data[at[base + 3 * ((seat - me) % n) + 2]] = 1.0
        if pot:
            data[at[self.pot]] = pot * scale
        if to_call:
            data[at[self.pot + 1]] = to_call * scale


@mypyc_attr(allow_interpreted_subclasses=True)  # an environment copied mid-turn holds one
class BettingTurn:
    """The fields of a seat's view that the betting indices read (its seat, the pot and this
    round's bets size a bet), with the view's values, for an encoding that reads the state (see
    ``Encoding.turn_view``); a game's turn adds the cards its other indices name. The money is
    read from the hand when asked (a fixed-limit bet needs none of it): a turn lasts while the
    hand does not change."""

    __slots__ = ("betting", "chips", "seat", "sized")

    def __init__(self, seat: int, chips: Chips, betting: BettingRound | None) -> None:
        self.seat, self.chips, self.betting = seat, chips, betting
        self.sized: tuple[int, int, list[tuple[int, int]]] | None = None
        """The bet sizes worked out for this turn (see ``Betting.sizes``)."""

    @property
    def pot(self) -> int:
        return self.chips.pot

    @property
    def bets(self) -> dict[int, int]:
        return by_seat(self.betting.bets) if self.betting is not None else {}


def chip_range(game: Game) -> tuple[float, float]:
    """A seat can lose its stack and win every other seat's."""
    stack = game.config["stack"]
    return -float(stack), float(stack * (game.player_count - 1))


def betting_actions(game: Game, rounds: int) -> int:
    """A bound on the actions of ``rounds`` betting rounds: each seat acts at most once more than
    the number of bets and raises, which the cap or the chips on the table limit."""
    config, players = game.config, game.player_count
    if config["limit"] == "fixed" and config["cap"]:
        raises = int(config["cap"])
    else:
        raises = int(config["stack"]) * players // int(config["bet"]) + players
    return rounds * players * (raises + 2)
