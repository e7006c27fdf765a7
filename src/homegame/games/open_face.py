"""Open-Face Chinese Poker: thirteen cards set face up into front, middle and back, a few at a time.

From the dealer's left, each player sets their first five cards (``set front | middle | back``,
rows may stay empty), then, in turn, draws one card at a time and places it (``place back 9h``) until
every row is full. Rows are compared pair by pair; each player scores one point a row won, three for
a sweep, plus royalties; each pair settles the difference. A foul pays six plus the opponent's
royalties. Queens or better in front, unfouled, earns fantasyland: the next hand's thirteen cards
at once, set face down and shown when everyone else is done; the dealer then deals again.

>>> game = OpenFace(players=2)
>>> state = game.deal(seed=1, dealer=0)
>>> state.to_act, len(state.view(1).pending)
((1,), 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, deck, format_cards
from homegame.engine import (
    Action,
    ActionSet,
    Arrangements,
    Chance,
    Choices,
    GameError,
    GameState,
    Outcome,
    Variant,
)
from homegame.engine.frozen import make_frozen
from homegame.engine.redeal import Redeal
from homegame.engine.seats import clockwise
from homegame.games._rows import (
    BACK_ROW,
    FRONT_ROW,
    MIDDLE_ROW,
    ROW_NAMES,
    ROW_SIZES,
    Ledger,
    Rows,
    can_still_reach,
    is_foul,
    pairs_of,
    partial_strength,
    qualifies_for_fantasyland,
    row_name,
    row_strength,
    row_versus,
    royalties,
    stays_in_fantasyland,
)
from homegame.games._units import PairUnits, PairwiseGame
from homegame.games.open_face_view import FoulKind, OpenFaceView, PlacingWarning
from homegame.wording import capitalized

__all__ = ["FOUL_PENALTY", "GAMES", "SWEEP_POINTS", "FoulRisk", "OpenFace", "OpenFaceState", "OpenFaceView",
           "PlacingWarning", "foul_risk", "foul_warning"]

SWEEP_POINTS = 3
FOUL_PENALTY = 6
FIRST_CARDS = 5
LATER_ROUNDS = 8


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class OpenFaceState(GameState[OpenFaceView]):
    """A hand of Open-Face Chinese Poker in progress."""

    def __init__(self, game: OpenFace, cards: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        self.order = clockwise((self.dealer + 1) % self.players, self.players)
        self.fantasy = frozenset(_fantasy_seats(self.carry_in, self.players))
        self.stock = list(cards)
        self.rows = {seat: Rows() for seat in range(self.players)}
        self.pending: dict[int, tuple[Card, ...]] = {}
        for seat in self.order:
            self._deal(seat, FIRST_CARDS)
        for seat in self.order:
            if seat in self.fantasy:
                self._deal(seat, 13 - FIRST_CARDS)
        normal = [seat for seat in self.order if seat not in self.fantasy]
        self.turns = normal * (1 + LATER_ROUNDS)
        self.turn_index = 0
        self.fantasy_done: set[int] = set()
        self.fantasy_shown = False
        self.ledger = Ledger(self.players)
        self.units: PairUnits = game.units
        self.finished = False
        self._check_finished()

    def _deal(self, seat: int, count: int) -> None:
        dealt, self.stock = tuple(self.stock[:count]), self.stock[count:]
        self.pending[seat] = self.pending.get(seat, ()) + dealt
        self.history.add("deal", seat, {"cards": card_texts(dealt)}, private_to=(seat,))

    # -- whose turn and what they may do ---------------------------------------------------------

    @property
    def normal_turn(self) -> int | None:
        return self.turns[self.turn_index] if self.turn_index < len(self.turns) else None

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        current = self.normal_turn
        waiting = [seat for seat in self.order if seat in self.fantasy and seat not in self.fantasy_done]
        return tuple(([current] if current is not None else []) + waiting)

    def _copy_into(self, twin: Self) -> bool:
        twin.stock, twin.rows, twin.pending = list(self.stock), dict(self.rows), dict(self.pending)
        twin.fantasy_done, twin.ledger = set(self.fantasy_done), self.ledger.copy()
        twin.fantasy, twin.fantasy_shown, twin.finished = self.fantasy, self.fantasy_shown, self.finished
        twin.order, twin.turn_index, twin.turns = self.order, self.turn_index, self.turns
        twin.units = self.units
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The stock, the cards dealt to others and not yet placed, and the rows a player in
        fantasyland sets face down until everyone is done."""
        pending = {other: list(cards) for other, cards in self.pending.items() if other != seat}
        secret = {other: [list(row) for row in self.rows[other]] for other in self.fantasy
                  if other != seat and not self.fantasy_shown}
        for other, cards in pending.items():
            redeal.hide(cards, holder=other)
        for other, rows in secret.items():
            for row in rows:
                redeal.hide(row, holder=other)
        redeal.hide(self.stock)
        redeal.deal()
        self.pending.update((other, tuple(cards)) for other, cards in pending.items())
        self.rows.update((other, Rows(*map(tuple, rows))) for other, rows in secret.items())

    def _legal(self, seat: int) -> ActionSet:
        cards = self.pending[seat]
        if seat in self.fantasy:
            return ActionSet(Arrangements("set", cards, maximum=ROW_SIZES, minimum=ROW_SIZES))
        room = self.rows[seat].room()
        if len(cards) > 1:
            return ActionSet(Arrangements("set", cards, maximum=room))
        return ActionSet(Choices([Action("place", cards=cards, option=ROW_NAMES[row])
                                  for row in range(3) if room[row]]))

    def _explain_illegal(self, seat: int, action: Action) -> str:
        cards, room = self.pending[seat], self.rows[seat].room()
        if action.kind == "place" and action.option in ROW_NAMES and len(cards) == 1:
            row = ROW_NAMES.index(action.option)
            if action.cards == cards and not room[row]:
                size = ROW_SIZES[row]
                return f"the {action.option} is full ({size} cards); place {cards[0]} in another row"
            return f"place the card you drew, {cards[0]}: place front|middle|back {cards[0]}"
        if len(cards) == 1:
            return f"place the card you drew, {cards[0]}, in a row with room: place back {cards[0]}"
        placed = [c for group in action.groups for c in group]
        if action.kind == "set" and len(action.groups) == 3 and sorted(placed) == sorted(cards):
            full = [ROW_NAMES[r] for r in range(3) if len(action.groups[r]) > room[r]]
            return (f"too many cards for the {', '.join(full)}: the rows take {room[0]}, {room[1]} and "
                    f"{room[2]} more")
        need = "all thirteen of your cards" if seat in self.fantasy else "your cards"
        return f"set {need} {format_cards(cards)}, each once: set front | middle | back"

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,) if seat in self.fantasy else None

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "place":
            rows = self.rows[seat].adding(ROW_NAMES.index(str(action.option)), action.cards)
        else:
            grown = zip(self.rows[seat], action.groups, strict=True)
            rows = Rows(*(row + tuple(group) for row, group in grown))
        self.rows[seat] = rows
        self.pending[seat] = ()
        if seat in self.fantasy:
            self.fantasy_done.add(seat)
        else:
            self.turn_index += 1
        self._check_finished()

    def _check_finished(self) -> None:
        """Deal the next player's card, or, once every row is full, show fantasyland and settle."""
        if self.normal_turn is not None and not self.pending.get(self.normal_turn):
            self._deal(self.normal_turn, 1)
        if self.normal_turn is not None or self.fantasy_done != self.fantasy:
            return
        self.fantasy_shown = True
        for seat in self.order:
            if seat in self.fantasy:
                self.history.add("reveal", seat, {"rows": [card_texts(r) for r in self.rows[seat]]})
        self._settle()
        self.finished = True

    # -- scoring -----------------------------------------------------------------------------------

    def royalties_of(self, seat: int) -> tuple[int, int, int]:
        return royalties(self.rows[seat], graded_front_trips=self.game.has("standard-front-trips"))

    def _settle(self) -> None:
        for seat in self.order:
            scored = {"foul": is_foul(self.rows[seat]), "royalties": list(self.royalties_of(seat))}
            self.history.add("score", seat, scored)
        for a, b in pairs_of(range(self.players)):
            self._settle_pair(a, b)

    def _settle_pair(self, a: int, b: int) -> None:
        foul_a, foul_b = is_foul(self.rows[a]), is_foul(self.rows[b])
        if foul_a and foul_b:
            return
        if foul_a or foul_b:
            fouler, other = (a, b) if foul_a else (b, a)
            self._pay(fouler, other, FOUL_PENALTY, f"foul: seat {fouler}'s rows do not rise")
            self._pay_royalties(fouler, other)
            return
        wins = {a: 0, b: 0}
        for row in range(3):
            strength_a = row_strength(row, self.rows[a][row])
            strength_b = row_strength(row, self.rows[b][row])
            if strength_a != strength_b:
                winner, loser = (a, b) if strength_a > strength_b else (b, a)
                wins[winner] += 1
                compared = row_versus(row, self.rows[winner][row], self.rows[loser][row])
                self._pay(loser, winner, 1, f"{ROW_NAMES[row]}: {compared}")
        for winner, loser in ((a, b), (b, a)):
            if wins[winner] == 3:
                self._pay(loser, winner, SWEEP_POINTS, "sweep: all three rows")
            self._pay_royalties(loser, winner)

    def _pay_royalties(self, payer: int, payee: int) -> None:
        for row, points in enumerate(self.royalties_of(payee)):
            if points:
                name = row_name(row, self.rows[payee][row])
                self._pay(payer, payee, points, f"royalty: {name} in the {ROW_NAMES[row]}")

    def _pay(self, payer: int, payee: int, units: int, reason: str) -> None:
        self.ledger.pay(payer, payee, units, reason)
        self.history.add("award", payee, {"from": payer, "units": units, "reason": reason})

    def _outcome(self) -> Outcome:
        return self.ledger.totals(self.units.between)

    # -- between hands -----------------------------------------------------------------------------

    @property
    def next_fantasyland(self) -> tuple[int, ...]:
        """The seats that play the next hand in fantasyland (known once the hand is over)."""
        if not self.finished:
            return ()
        return tuple(seat for seat in range(self.players) if (
            stays_in_fantasyland(self.rows[seat]) if seat in self.fantasy
            else qualifies_for_fantasyland(self.rows[seat])))

    @property
    def carry_out(self) -> dict[str, Any]:
        return {"fantasyland": list(self.next_fantasyland)}

    @property
    def continues_game(self) -> bool:
        """A seat that stays in (or enters) fantasyland plays its fantasy hand next deal."""
        return bool(self.next_fantasyland)

    @property
    def next_dealer(self) -> int:
        return self.dealer if self.next_fantasyland else (self.dealer + 1) % self.players

    # -- what a seat sees --------------------------------------------------------------------------

    def visible_rows(self, seat: int | None) -> dict[int, Rows]:
        return {s: rows for s, rows in self.rows.items()
                if s not in self.fantasy or self.fantasy_shown or s == seat}

    def _view(self, seat: int | None) -> OpenFaceView:
        visible = self.visible_rows(seat)
        over = self.finished
        return make_frozen(OpenFaceView, {
            **self.view_base(seat), "unit": self.units.unit, "pair_units": self.units.as_triples(),
            "graded_front_trips": self.game.has("standard-front-trips"),
            "rows": {s: tuple(rows) for s, rows in visible.items()},
            "row_names": {s: _names(rows) for s, rows in visible.items()},
            "pending": self.pending.get(seat, ()) if seat is not None else (),
            "fantasyland": tuple(sorted(self.fantasy)), "fantasy_set": tuple(sorted(self.fantasy_done)),
            "stock_size": len(self.stock), "warnings": self._warnings(seat), "hint": self._hint(seat),
            "fouled": tuple(s for s in range(self.players) if over and is_foul(self.rows[s])),
            "royalties": {s: self.royalties_of(s) for s in range(self.players)} if over else {},
            "payments": tuple(self.ledger.payments),
            "totals": {int(s): v for s, v in self._outcome().items()} if over else {},
            "next_fantasyland": self.next_fantasyland,
        })

    def _hint(self, seat: int | None) -> str:
        if seat is None:
            return ""
        rows = self.rows[seat]
        named = "; ".join(f"{ROW_NAMES[i]}: {row_name(i, cards)}" for i, cards in enumerate(rows) if cards)
        cards = self.pending.get(seat, ())
        if not cards:
            return capitalized(named)
        room = rows.room()
        todo = (f"place {cards[0]} in a row with room" if len(cards) == 1 else
                f"set {format_cards(cards)}: set front | middle | back (room {room[0]}/{room[1]}/{room[2]})")
        return capitalized(f"{named}; {todo}" if named else todo)

    def _warnings(self, seat: int | None) -> tuple[PlacingWarning, ...]:
        cards = self.pending.get(seat, ()) if seat is not None else ()
        if seat is None or len(cards) != 1:
            return ()
        rows, found = self.rows[seat], []
        for row in range(3):
            if rows.room()[row]:
                risk = foul_risk(rows.adding(row, cards))
                if risk is not None:
                    found.append(PlacingWarning(cards[0], ROW_NAMES[row], risk.kind, risk.reason))
        return tuple(found)


class FoulRisk(NamedTuple):
    """A foul that rows being built risk or are sure of (``kind``), and why."""

    kind: FoulKind
    reason: str


_LOWER_AND_HIGHER: Final = ((FRONT_ROW, MIDDLE_ROW), (MIDDLE_ROW, BACK_ROW), (FRONT_ROW, BACK_ROW))


def foul_risk(rows: Rows) -> FoulRisk | None:
    """Whether rows being built will foul whatever comes, or may, and why (``None``: they rise so far).

    A foul is certain when a lower row is already stronger than a higher one can ever be (any card
    it has room for may still come); it is a risk when a lower row is ahead so far.

    >>> from homegame.cards import parse_cards
    >>> foul_risk(Rows(tuple(parse_cards("Ah Ad 2c")), tuple(parse_cards("Kh Kd 3c 4c 5c"))))
    FoulRisk(kind='will foul', reason='the middle is complete and weaker than the front')
    >>> foul_risk(Rows(tuple(parse_cards("Kh Kd 2c")), tuple(parse_cards("2d 3c 4h 7s"))))
    FoulRisk(kind='will foul', reason='the middle can no longer catch up with the front')
    >>> foul_risk(Rows(tuple(parse_cards("Ah Ad")), tuple(parse_cards("Kh Kd"))))
    FoulRisk(kind='risk', reason='the front is stronger than the middle so far')
    """
    risk = None
    for low, high in _LOWER_AND_HIGHER:
        if not rows[low] or not rows[high]:
            continue
        ahead = partial_strength(rows[low])
        if ahead <= partial_strength(rows[high]):
            continue
        lower, higher = ROW_NAMES[low], ROW_NAMES[high]
        if not can_still_reach(rows[high], ahead):
            doomed = "is complete and weaker than" if len(rows[high]) == ROW_SIZES[high] else \
                "can no longer catch up with"
            return FoulRisk("will foul", f"the {higher} {doomed} the {lower}")
        risk = risk or FoulRisk("risk", f"the {lower} is stronger than the {higher} so far")
    return risk


def foul_warning(view: OpenFaceView, action: Action) -> str:
    """Why placing ``action`` on the seat's rows makes a foul certain, or ``""`` if it does not (a
    mere risk is not a foul yet, and rows already sure to foul leave nothing to choose): for a
    face to warn, and ask, before the cards are placed.

    >>> from homegame.cards import parse_cards
    >>> state = OpenFace(players=2).deal(deck=parse_cards("Ah Ad Kh Kd 3c") + [
    ...     c for c in deck() if c not in parse_cards("Ah Ad Kh Kd 3c")], dealer=1)
    >>> foul_warning(state.view(0), Action.parse("set Ah Ad Kh | Kd 3c |"))  # a risk, not a foul yet
    ''
    """
    if view.seat is None or action.kind not in ("set", "place"):
        return ""
    rows = Rows(*view.rows.get(view.seat, ((), (), ())))
    try:
        if action.kind == "place":
            after = rows.adding(ROW_NAMES.index(str(action.option)), action.cards)
        else:
            after = Rows(*(row + tuple(group) for row, group in zip(rows, action.groups, strict=True)))
    except ValueError:
        return ""
    risk, before = foul_risk(after), foul_risk(rows)
    if risk is None or risk.kind != "will foul" or (before is not None and before.kind == "will foul"):
        return ""
    return f"with these cards placed, {risk.reason}"


def _names(rows: Rows) -> tuple[str, ...]:
    return tuple(row_name(i, cards) for i, cards in enumerate(rows))


def _fantasy_seats(carry: dict[str, Any], players: int) -> list[int]:
    seats = carry.get("fantasyland", [])
    if not isinstance(seats, list) or len(set(seats)) != len(seats) or not all(
            type(s) is int and 0 <= s < players for s in seats):
        raise GameError(f"carry 'fantasyland' must list seats from 0 to {players - 1}, got {seats!r}")
    return seats


class OpenFace(PairwiseGame):
    """Open-Face Chinese Poker for two to four players, settled pairwise in units."""

    name = "open_face"
    title = "Open-Face Chinese Poker"
    state_class = OpenFaceState
    players = range(2, 5)
    variants = {"standard-front-trips": Variant("three of a kind in front pays 10 for 2-2-2 rising to 22 "
                                                "for A-A-A instead of a flat 20",
                                                label="Front trips paid by rank")}
    carry_keys = frozenset({"fantasyland"})

    @property
    def deck(self) -> list[Card]:
        return deck()



GAMES = (OpenFace,)
