"""Chinese Poker: thirteen cards set into a front of three, a middle and a back of five.

Everyone sets at once, face down (``set front | middle | back``), or declares a natural instead
(``declare dragon``). Naturals are shown and paid first; then each player who set normally may
surrender (two units to every opponent, a natural's holder too) or show. Shown hands are compared
row by row with every opponent, one pair of players at a time: one unit a row, more for the bonus
hands, three more for a scoop; a hand whose rows do not rise is foul and loses all three rows.

>>> from homegame.cards import parse_cards
>>> game = ChinesePoker(players=2)
>>> state = game.deal(seed=4)
>>> state.to_act
(0, 1)
>>> len(state.legal_actions(0))
72072
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, deck, format_cards
from homegame.engine import (
    Action,
    ActionSet,
    Arrangements,
    Chance,
    Choices,
    GameState,
    Outcome,
    View,
)
from homegame.engine.frozen import make_frozen
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice, clockwise
from homegame.games._naturals import NATURAL_NAMES, Natural, natural_named, naturals_in
from homegame.games._rows import (
    BACK_ROW,
    FRONT_ROW,
    MIDDLE_ROW,
    ROW_NAMES,
    Ledger,
    Rows,
    category_of,
    is_foul,
    pairs_of,
    row_name,
    row_strength,
    row_versus,
)
from homegame.games._units import PairUnits, PairwiseGame
from homegame.games.chinese_view import ChineseView
from homegame.ranking import reference
from homegame.wording import capitalized

__all__ = ["GAMES", "ChinesePoker", "ChineseState", "ChineseView", "bonus_units", "foul_warning",
           "setting_hint"]

SHOW, SURRENDER = Action("show"), Action("surrender")
SURRENDER_UNITS = 2
SCOOP_UNITS = 3


def bonus_units(row: int, cards: Sequence[Card]) -> int:
    """What a winning row is paid: 1, or the bonus rate of its hand (front three of a kind 3;
    middle full house 2; middle or back four of a kind 4, straight or royal flush 5).

    >>> from homegame.cards import parse_cards
    >>> bonus_units(0, parse_cards("5h 5d 5c")), bonus_units(1, parse_cards("5h 5d 5c 2s 2d"))
    (3, 2)
    >>> bonus_units(2, parse_cards("5h 5d 5c 2s 2d")), bonus_units(2, parse_cards("9h 8h 7h 6h 5h"))
    (1, 5)
    """
    category = category_of(row_strength(row, cards))
    if row == FRONT_ROW:
        return 3 if category == reference.THREE_OF_A_KIND else 1
    if category >= reference.STRAIGHT_FLUSH:
        return 5
    if category == reference.FOUR_OF_A_KIND:
        return 4
    if category == reference.FULL_HOUSE and row == MIDDLE_ROW:
        return 2
    return 1


def setting_hint(groups: Sequence[Sequence[Card]]) -> str:
    """The rows of a setting named, with a warning if it would foul (for faces, before setting).

    >>> from homegame.cards import parse_cards
    >>> print(setting_hint([parse_cards(t) for t in ("Ah Ad 2c", "Kh Kd 3c 4c 5c", "9s 9c 9d 7h 7s")]))
    Front: a pair of aces; middle: a pair of kings; back: full house, nines over sevens
    FOUL: the middle is weaker than the front, so all three rows would lose
    """
    rows = Rows(*(tuple(g) for g in groups))
    text = capitalized("; ".join(f"{ROW_NAMES[i]}: {row_name(i, cards)}" for i, cards in enumerate(rows)))
    return text + ("\nFOUL: " + _foul_reason(rows) if is_foul(rows) else "")


def foul_warning(view: View, action: Action) -> str:
    """Why ``action`` would foul (rows that do not rise lose all three), or ``""`` if it would not:
    for a face to warn, and ask, before the setting is taken. ``view`` is the setter's view.

    >>> from homegame.cards import parse_cards
    >>> foul_warning(None, Action.parse("set Ah Ad 2c | Kh Kd 3c 4c 5c | 9s 9c 9d 7h 7s"))
    'the middle is weaker than the front, so all three rows would lose'
    >>> foul_warning(None, Action.parse("set Kh Kd 2c | Ah Ad 3c 4c 5c | 9s 9c 9d 7h 7s"))
    ''
    """
    if action.kind != "set" or [len(group) for group in action.groups] != [3, 5, 5]:
        return ""
    rows = Rows(*(tuple(group) for group in action.groups))
    return _foul_reason(rows) if is_foul(rows) else ""


def _foul_reason(rows: Rows) -> str:
    middle, back = row_strength(MIDDLE_ROW, rows.middle), row_strength(BACK_ROW, rows.back)
    weaker = "the back is weaker than the middle" if back < middle else "the middle is weaker than the front"
    return f"{weaker}, so all three rows would lose"


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class ChineseState(GameState[ChineseView]):
    """A hand of Chinese Poker in progress: setting, surrender, then the showdown."""

    def __init__(self, game: ChinesePoker, cards: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        self.units: PairUnits = game.units
        order = clockwise((self.dealer + 1) % self.players, self.players)
        self.hands: dict[int, tuple[Card, ...]] = {}
        self.undealt = cards[13 * self.players:]
        for index, seat in enumerate(order):
            self.hands[seat] = tuple(sorted(cards[13 * index:13 * index + 13], reverse=True))
            self.history.add_cards("deal", seat, self.hands[seat], private_to=(seat,))
        self.setting: SimultaneousChoice[Action] = SimultaneousChoice(range(self.players))
        self.surrender: SimultaneousChoice[Action] | None = None
        self.rows: dict[int, Rows] = {}
        self.naturals: dict[int, Natural] = {}
        self.available = {seat: tuple(n.name for n in naturals_in(hand)) for seat, hand in self.hands.items()}
        self.shown: dict[int, tuple[tuple[Card, ...], ...]] = {}
        self.ledger = Ledger(self.players)
        self.quitters: set[int] = set()
        self.finished = False

    # -- whose turn and what they may do ---------------------------------------------------------

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        return "set" if self.surrender is None else "surrender"

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        choice = self.setting if self.surrender is None else self.surrender
        return choice.waiting

    def _copy_into(self, twin: Self) -> bool:
        twin.setting = self.setting.copy()
        twin.surrender = self.surrender.copy() if self.surrender is not None else None
        twin.hands, twin.available, twin.rows = dict(self.hands), dict(self.available), dict(self.rows)
        twin.naturals, twin.shown, twin.ledger = dict(self.naturals), dict(self.shown), self.ledger.copy()
        twin.undealt = list(self.undealt)
        twin.finished, twin.quitters, twin.units = self.finished, self.quitters, self.units
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The hands not shown, and the cards not dealt. A choice another seat made in secret (a
        setting, a natural, a surrender) is made again at random from its new cards."""
        hidden = {other: list(hand) for other, hand in self.hands.items()
                  if other != seat and other not in self.shown}
        for cards in hidden.values():
            redeal.hide(cards)
        redeal.hide(self.undealt)
        redeal.deal()
        rng = redeal.rng
        for other, cards in hidden.items():
            self.hands[other] = tuple(sorted(cards, reverse=True))
            self.available[other] = tuple(natural.name for natural in naturals_in(self.hands[other]))
            if other in self.rows:
                setting = self._sets(other)
                self.setting.choices[other] = setting.at(rng.randrange(len(setting)))
                self.rows[other] = Rows(*self.setting.choices[other].groups)
            elif other in self.setting.choices:
                options = self._legal(other)
                self.setting.choices[other] = options[rng.randrange(len(options))]
        if self.surrender is not None:
            for other in self.surrender.choices:
                if other != seat:
                    self.surrender.choices[other] = (SHOW, SURRENDER)[rng.randrange(2)]

    def _sets(self, seat: int) -> Arrangements:
        return Arrangements("set", self.hands[seat], maximum=(3, 5, 5), minimum=(3, 5, 5))

    def _legal(self, seat: int) -> ActionSet:
        if self.surrender is not None:
            return ActionSet(Choices([SHOW, SURRENDER]))
        declares = Choices([Action("declare", option=name) for name in self.available[seat]])
        return ActionSet(self._sets(seat), declares)

    def default_action(self, seat: int) -> Action | None:
        """Show rather than surrender; the setting itself is the player's (a bot's) choice."""
        return SHOW if self.surrender is not None else None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.surrender is not None:
            return f"{action} is not allowed now: choose show or surrender"
        if action.kind == "declare":
            held = ", ".join(self.available[seat]) or "none"
            if action.option not in NATURAL_NAMES:
                return f"declare which natural? {', '.join(NATURAL_NAMES)} (you hold: {held})"
            return f"you hold no {action.option} natural (naturals you hold: {held})"
        if action.kind == "set":
            return _explain_setting(action, self.hands[seat])
        return f"{action} is not allowed now: set your rows (set front | middle | back) or declare a natural"

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,)

    def _apply(self, seat: int, action: Action) -> None:
        if self.surrender is None:
            self.setting.choose(seat, action)
            if self.setting.done:
                self._pay_naturals()
        else:
            self.surrender.choose(seat, action)
            if self.surrender.done:
                self._showdown()

    # -- the three stages of settling -------------------------------------------------------------

    def _pay_naturals(self) -> None:
        for seat in clockwise((self.dealer + 1) % self.players, self.players):
            action = self.setting.choices[seat]
            if action.kind == "declare":
                natural = natural_named(str(action.option), self.hands[seat])
                assert natural is not None
                self.naturals[seat] = natural
                self.shown[seat] = natural.groups
                self.history.add("reveal", seat, {"natural": natural.name,
                                                  "groups": [card_texts(g) for g in natural.groups]})
            else:
                self.rows[seat] = Rows(*action.groups)
        for a, b in pairs_of(range(self.players)):
            self._settle_naturals(a, b)
        setters = [seat for seat in range(self.players) if seat in self.rows]
        if len(setters) >= 2:
            self.surrender = SimultaneousChoice(setters)
        else:
            self._showdown()

    def _settle_naturals(self, a: int, b: int) -> None:
        first, second = self.naturals.get(a), self.naturals.get(b)
        if first is None and second is None:
            return
        if first is not None and second is not None:
            result = first.beats(second)
            if result:
                winner, loser = (a, b) if result > 0 else (b, a)
                won, lost = self.naturals[winner], self.naturals[loser]
                self._pay(loser, winner, won.payment, f"{won.title} beats {lost.title}")
            return
        holder = a if first is not None else b
        self._pay(b if holder == a else a, holder, self.naturals[holder].payment,
                  f"natural: {self.naturals[holder].title}")

    def _showdown(self) -> None:
        chosen = self.surrender.choices if self.surrender is not None else {}
        quitters = {seat for seat, action in chosen.items() if action == SURRENDER}
        self.quitters = quitters
        if quitters:
            self.history.add("surrender", None, {"seats": sorted(quitters)})
        showing = [seat for seat in self.rows if seat not in quitters]
        for seat in clockwise((self.dealer + 1) % self.players, self.players, among=set(showing)):
            rows = self.rows[seat]
            self.shown[seat] = tuple(rows)
            self.history.add("reveal", seat, {"rows": [card_texts(row) for row in rows],
                                              "names": list(_names(rows)), "foul": is_foul(rows)})
        for a, b in pairs_of(self.rows):
            if a in quitters or b in quitters:
                self._settle_surrender(a, b, quitters)
            else:
                self._settle_rows(a, b)
        for quitter in sorted(quitters):  # the flat payment goes to every opponent, whatever they hold
            for holder in sorted(self.naturals):
                self._pay(quitter, holder, SURRENDER_UNITS, "surrender")
        self.finished = True

    def _settle_surrender(self, a: int, b: int, quitters: set[int]) -> None:
        if a in quitters and b in quitters:
            return
        quitter, other = (a, b) if a in quitters else (b, a)
        self._pay(quitter, other, SURRENDER_UNITS, "surrender")

    def _settle_rows(self, a: int, b: int) -> None:
        rows_a, rows_b = self.rows[a], self.rows[b]
        foul_a, foul_b = is_foul(rows_a), is_foul(rows_b)
        if foul_a and foul_b:
            return
        wins = {a: 0, b: 0}
        for row in (FRONT_ROW, MIDDLE_ROW, BACK_ROW):
            strength_a, strength_b = row_strength(row, rows_a[row]), row_strength(row, rows_b[row])
            if foul_a or foul_b:
                winner = b if foul_a else a
                reason = f"{ROW_NAMES[row]}: seat {a if foul_a else b} fouled"
            elif strength_a == strength_b:
                continue
            else:
                winner = a if strength_a > strength_b else b
                loser_rows = rows_b if winner == a else rows_a
                reason = f"{ROW_NAMES[row]}: {row_versus(row, self.rows[winner][row], loser_rows[row])}"
            wins[winner] += 1
            units = bonus_units(row, self.rows[winner][row])
            if units > 1:
                reason += f" (bonus {units})"
            self._pay(b if winner == a else a, winner, units, reason)
        for winner, loser in ((a, b), (b, a)):
            if wins[winner] == 3:
                self._pay(loser, winner, SCOOP_UNITS, "scoop: all three rows")

    def _pay(self, payer: int, payee: int, units: int, reason: str) -> None:
        self.ledger.pay(payer, payee, units, reason)
        self.history.add("award", payee, {"from": payer, "units": units, "reason": reason})

    # -- what a seat sees --------------------------------------------------------------------------

    def _view(self, seat: int | None) -> ChineseView:
        mine = self.setting.choices.get(seat) if seat is not None else None
        natural = mine.option if mine is not None and mine.kind == "declare" else None
        shown_rows = {s: self.rows[s] for s in self.shown if s in self.rows}
        own_rows = Rows(*(tuple(g) for g in mine.groups)) if mine is not None and mine.kind == "set" else None
        named = {seat: own_rows} if seat is not None and own_rows is not None else {}
        return make_frozen(ChineseView, {
            **self.view_base(seat), "phase": self.phase, "unit": self.units.unit,
            "pair_units": self.units.as_triples(), "surrender_cost": self._surrender_cost(seat),
            "hand": self.hands[seat] if seat is not None else (),
            "my_setting": mine.groups if mine is not None and mine.kind == "set" else (),
            "my_natural": natural,
            "available_naturals": self.available[seat] if seat is not None else (),
            "decided": tuple(self.setting.choices) if self.surrender is None else tuple(range(self.players)),
            "naturals": {s: n.name for s, n in self.naturals.items()},
            "surrendered": tuple(sorted(self.quitters)),
            "shown": dict(self.shown),
            "row_names": {s: _names(rows) for s, rows in {**named, **shown_rows}.items()},
            "my_foul": _foul_reason(own_rows) if own_rows is not None and is_foul(own_rows) else "",
            "fouled": tuple(sorted(s for s, rows in shown_rows.items() if is_foul(rows))),
            "payments": tuple(self.ledger.payments),
            "totals": {s: int(v) for s, v in self._outcome().items() if isinstance(s, int)}
            if self.finished else {},
            "hint": self._hint(seat),
        })

    def _hint(self, seat: int | None) -> str:
        if seat is None:
            return ""
        mine = self.setting.choices.get(seat)
        if mine is None:
            naturals = ", ".join(n.replace("-", " ") for n in self.available[seat])
            extra = f"; you may declare a natural: {naturals}" if naturals else ""
            return "Set your rows: set front | middle | back (3, 5 and 5 cards)" + extra
        if mine.kind == "declare":
            return f"You declared {str(mine.option).replace('-', ' ')}"
        return setting_hint(mine.groups)

    def _surrender_cost(self, seat: int | None) -> int:
        return 0 if seat is None else SURRENDER_UNITS * self.units.with_everyone(seat, self.players)

    def _outcome(self) -> Outcome:
        return self.ledger.totals(self.units.between)


def _names(rows: Rows) -> tuple[str, ...]:
    return tuple(row_name(i, cards) for i, cards in enumerate(rows))


def _explain_setting(action: Action, hand: Sequence[Card]) -> str:
    sizes = [len(group) for group in action.groups]
    if sizes != [3, 5, 5]:
        given = f"not rows of {', '.join(map(str, sizes))}" if sizes else \
            f"and {len(action.cards)} cards came without a |"
        return f"a setting is three rows of 3, 5 and 5 cards split by | (front | middle | back), {given}"
    placed = [c for group in action.groups for c in group]
    foreign = [c for c in placed if c not in hand]
    if foreign:
        return f"you do not hold {format_cards(foreign)}"
    return "a setting must use each of your thirteen cards exactly once"


class ChinesePoker(PairwiseGame):
    """Chinese Poker for two to four players, settled pairwise in units."""

    name = "chinese"
    title = "Chinese Poker"
    state_class = ChineseState
    players = range(2, 5)

    @property
    def deck(self) -> list[Card]:
        return deck()



GAMES = (ChinesePoker,)
