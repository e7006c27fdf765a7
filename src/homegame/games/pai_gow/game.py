"""Pai Gow Poker: up to six players each set seven cards against a banker who sets by the house way.

A hand goes: (with ``player-banks``) the bank is offered around the table; seven cards to every
seat and to the house when it banks; every player sets a two-card and a five-card hand at the same
time, face down; the reveal; each player is settled against the banker. Actions:

- ``set A B | C D E F G``: the two-card hand, then the five-card hand (an ``Arrangements`` family
  of the 21 ways). ``set house`` asks the dealer to set the cards by the house way.
- ``bank`` / ``decline`` when the bank is offered (``player-banks`` only).

A foul setting is legal (players may make it) and loses both hands; the view's options flag every
foul way and the hint warns of them before the choice.

>>> import homegame
>>> game = homegame.new_game("pai_gow", players=2)
>>> state = game.deal(seed=5)
>>> state.to_act
(0, 1)
>>> for seat in state.to_act:
...     state.apply(seat, HOUSE_WAY)
>>> sum(state.outcome.values())
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Self

from homegame._compile import mypyc_attr, rebuilt_from_fields
from homegame.cards import Card, card_texts, format_cards
from homegame.engine import (
    Action,
    ActionSet,
    Arrangements,
    Chance,
    Choices,
    Game,
    GameError,
    GameState,
    Variant,
)
from homegame.engine import Setting as TableSetting
from homegame.engine.frozen import make_frozen
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice, clockwise
from homegame.games.pai_gow.hands import PAI_GOW_DECK, Split, hand_name, ranking_for, splits
from homegame.games.pai_gow.house_way import house_way, house_way_rule
from homegame.games.pai_gow.settle import Settlement, commission, is_foul, settle
from homegame.games.pai_gow.view import PaiGowView, Placement, Result, distinct_ways

__all__ = ["BANK", "DECLINE", "HOUSE_WAY", "PaiGow", "PaiGowState", "foul_warning"]

HOUSE_WAY: Final = Action("set", option="house")
BANK: Final = Action("bank")
DECLINE: Final = Action("decline")
_SIZES: Final = (2, 5)


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class PaiGowState(GameState[PaiGowView]):
    """One hand of Pai Gow Poker."""

    def __init__(self, game: PaiGow, deck: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=deck, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        self.deck_order = list(deck)
        self.ranking = ranking_for(game.has("wheel-second"))
        self.wager: int = game.config["wager"]
        self.offers = [seat for seat in clockwise(self.dealer, self.players)
                       if game.has("player-banks") and self._covers_the_bank(seat)]
        self.banker: int | None = None
        self.hands: dict[int, tuple[Card, ...]] = {}
        self.house_cards: tuple[Card, ...] = ()
        self.bank_split: Split | None = None
        self.choice: SimultaneousChoice[Split] = SimultaneousChoice(())
        self.results: dict[int, Settlement] = {}
        self.bank_commission = 0
        self._advice_cache: dict[int, _Advice] = {}
        if not self.offers:
            self._deal()

    def _covers_the_bank(self, seat: int) -> bool:
        """Whether ``seat`` could pay every other player's wager in full, as a bank must."""
        return self.stacks is None or self.stacks[seat] >= self.wager * (self.players - 1)

    # -- the flow of a hand --------------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        return bool(self.hands)

    @property
    def to_act(self) -> tuple[int, ...]:
        if not self.dealt:
            return (self.offers[0],)
        return self.choice.waiting

    def _copy_into(self, twin: Self) -> bool:
        twin.offers, twin.hands, twin.choice = list(self.offers), dict(self.hands), self.choice.copy()
        twin.results, twin._advice_cache = dict(self.results), dict(self._advice_cache)
        twin.deck_order, twin.bank_commission = list(self.deck_order), self.bank_commission
        twin.bank_split, twin.banker, twin.house_cards = self.bank_split, self.banker, self.house_cards
        twin.ranking, twin.wager = self.ranking, self.wager
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """Until the reveal, the other hands and the house's; the cards not dealt. The bank's
        setting follows its new cards by the house way, and so does a setting another player has
        made in secret."""
        over = self.is_over
        hidden = {other: list(cards) for other, cards in self.hands.items() if other != seat and not over}
        house = list(self.house_cards)
        for cards in hidden.values():
            redeal.hide(cards)
        if not over:
            redeal.hide(house)
        dealt = sum(map(len, self.hands.values())) + len(house)
        rest = self.deck_order[dealt:]
        redeal.hide(rest)
        redeal.deal()
        self.hands.update((other, tuple(cards)) for other, cards in hidden.items())
        self.house_cards = tuple(house)
        order = clockwise(self.dealer + 1, self.players)
        self.deck_order = [card for other in order for card in self.hands.get(other, ())] + house + rest
        wheel_second = self.game.has("wheel-second")
        if hidden and self.bank_split is not None and self.banker != seat:
            bank = self.house_cards if self.banker is None else self.hands[self.banker]
            self.bank_split = house_way(bank, wheel_second=wheel_second)
        for other in self.choice.choices:
            if other in hidden:
                self.choice.choices[other] = house_way(self.hands[other], wheel_second=wheel_second)
        self._advice_cache = {other: advice for other, advice in self._advice_cache.items() if other == seat}

    def _legal(self, seat: int) -> ActionSet:
        if not self.dealt:
            return ActionSet(Choices([BANK, DECLINE]))
        return ActionSet(Choices([HOUSE_WAY]), Arrangements("set", self.hands[seat], _SIZES, _SIZES))

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,) if action.kind == "set" else None

    def _apply(self, seat: int, action: Action) -> None:
        if action == BANK:
            self.banker = seat
            self.history.add("bank", seat, {"banker": seat})
            self._deal()
        elif action == DECLINE:
            self.offers.pop(0)
            if not self.offers:
                self.history.add("bank", None, {"banker": "house"})
                self._deal()
        else:
            self.choice.choose(seat, self._split_of(seat, action))
            if self.choice.done:
                self._reveal_and_settle()

    def _split_of(self, seat: int, action: Action) -> Split:
        if action == HOUSE_WAY:
            return house_way(self.hands[seat], wheel_second=self.game.has("wheel-second"))
        return Split(action.groups[0], action.groups[1])

    def _deal(self) -> None:
        """Seven cards to each seat clockwise from the dealer's left, then seven to the house."""
        cards = iter(self.deck_order)
        for seat in clockwise(self.dealer + 1, self.players):
            self.hands[seat] = tuple(next(cards) for _ in range(7))
            self.history.add_cards("deal", seat, self.hands[seat], private_to=(seat,))
        wheel_second = self.game.has("wheel-second")
        if self.banker is None:
            self.house_cards = tuple(next(cards) for _ in range(7))
            self.history.add("deal", None, {"to": "house", "cards": card_texts(self.house_cards)},
                             private_to=())
            self.bank_split = house_way(self.house_cards, wheel_second=wheel_second)
        else:
            self.bank_split = house_way(self.hands[self.banker], wheel_second=wheel_second)
        self.choice = SimultaneousChoice(s for s in range(self.players) if s != self.banker)

    def _reveal_and_settle(self) -> None:
        assert self.bank_split is not None
        shown = {str(seat): _split_json(split) for seat, split in sorted(self.choice.choices.items())}
        self.history.add("reveal", None, {"hands": shown, "banker": _bank_key(self.banker),
                                          "bank": _split_json(self.bank_split)})
        for seat in clockwise(self.dealer + 1, self.players, among=set(self.choice.choices)):
            result = settle(self.choice.choices[seat], self.bank_split, wager=self.wager,
                            ranking=self.ranking)
            self.results[seat] = result
            self.history.add("award", seat, {"amount": result.amount, "result": result.verdict,
                                             "reason": result.reason})
        if self.banker is not None:
            net = -sum(r.amount + r.commission for r in self.results.values())
            self.bank_commission = commission(net) if net > 0 else 0
            if self.bank_commission:
                self.history.add("commission", self.banker, {"amount": self.bank_commission,
                                                             "reason": f"5% of the bank's win of {net}"})

    def _outcome(self) -> dict[int | str, int]:
        outcome: dict[int | str, int] = {seat: 0 for seat in range(self.players)}
        for seat, result in self.results.items():
            outcome[seat] = result.amount
        house_cut = sum(r.commission for r in self.results.values()) + self.bank_commission
        if self.banker is None:
            outcome["bank"] = -sum(r.amount for r in self.results.values())
        else:
            outcome[self.banker] = -sum(r.amount + r.commission for r in self.results.values()) \
                - self.bank_commission
            outcome["bank"] = house_cut
        return outcome

    def default_action(self, seat: int) -> Action | None:
        """Decline the bank; set by the house way."""
        return HOUSE_WAY if self.dealt else DECLINE

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if not self.dealt:
            return f"the bank is offered to seat {seat}: 'bank' or 'decline', not {action}"
        if action.kind != "set":
            return f"set your seven cards: 'set A B | C D E F G' or 'set house', not {action}"
        mine = self.hands[seat]
        if len(action.groups) != 2 or tuple(map(len, action.groups)) != _SIZES:
            return "a setting is two cards, '|', then the other five cards"
        strangers = [c for group in action.groups for c in group if c not in mine]
        if strangers:
            return f"{format_cards(strangers)} not in your hand ({format_cards(mine)})"
        return f"use each of your seven cards once: {format_cards(mine)}"

    # -- what a seat sees ----------------------------------------------------------------------

    def _view(self, seat: int | None) -> PaiGowView:
        over = self.is_over
        mine = self.hands.get(seat, ()) if seat is not None else ()
        chosen = self.choice.choices.get(seat) if seat is not None else None
        must_set = seat is not None and seat in self.to_act and self.dealt
        advice = self._advice(seat) if seat is not None and mine else None
        return make_frozen(PaiGowView, {
            **self.view_base(seat),
            "variants": tuple(sorted(self.game.chosen_variants)),
            "wager": self.wager,
            "banker": self.banker,
            "bank_decided": self.dealt,
            "cards": mine,
            "placed": self._placement(chosen) if chosen is not None else self._own_bank_split(seat),
            "options": advice.options if advice and must_set else (),
            "advice": advice.house_way if advice else None,
            "house_rule": advice.rule if advice else "",
            "hint": advice.hint if advice and must_set else "",
            "set_seats": tuple(sorted(self.choice.choices)),
            "shown": {s: self._placement(split) for s, split in self.choice.choices.items()} if over else {},
            "bank_hand": self._placement(self.bank_split) if over and self.bank_split else None,
            "results": {s: Result(r.verdict, r.amount, r.reason) for s, r in self.results.items()},
            "bank_commission": self.bank_commission if over else 0,
        })

    def _own_bank_split(self, seat: int | None) -> Placement | None:
        if seat is not None and seat == self.banker and self.bank_split is not None:
            return self._placement(self.bank_split)
        return None

    def _placement(self, split: Split) -> Placement:
        two, five = self.ranking.evaluate(split.two), self.ranking.evaluate(split.five)
        return Placement(two.cards, five.cards, two.name, five.name, five.strength <= two.strength)

    def _advice(self, seat: int) -> _Advice:
        """The house way, the rule it follows and every way to set a seat's cards (worked out once)."""
        found = self._advice_cache.get(seat)
        if found is None:
            cards = self.hands[seat]
            way, rule = house_way_rule(cards, wheel_second=self.game.has("wheel-second"))
            options = tuple(self._placement(split) for split in splits(cards))
            placed = self._placement(way)
            found = self._advice_cache[seat] = _Advice(placed, rule, options, _hint(placed, rule, options))
        return found


@dataclass(frozen=True, slots=True)
class _Advice:
    house_way: Placement
    rule: str
    options: tuple[Placement, ...]
    hint: str


rebuilt_from_fields(_Advice)


def _hint(way: Placement, rule: str, options: Sequence[Placement]) -> str:
    """The house way with its rule, and how many ways of setting the cards foul."""
    ways = distinct_ways(options)
    fouls = sum(way.foul for way in ways)
    warning = "no way of setting these cards fouls" if not fouls else (
        f"careful: {fouls} of the {len(ways)} ways foul (the two-card hand must not beat the "
        "five-card hand), marked FOUL")
    return f"House way: {format_cards(way.two)} | {format_cards(way.five)} ({rule}); {warning}"


def foul_warning(view: PaiGowView, action: Action) -> str:
    """Why setting ``action`` would foul (both hands then lose), or ``""`` if it would not: for a
    face to warn, and ask, before the setting is taken.

    >>> state = PaiGow(players=1).deal(deck="Ah Kd 7c 7s 9h 4d 2c " + " ".join(
    ...     str(c) for c in PAI_GOW_DECK if str(c) not in "Ah Kd 7c 7s 9h 4d 2c".split()))
    >>> print(foul_warning(state.view(0), Action.parse("set 7c 7s | Ah Kd 9h 4d 2c")))
    the two-card hand (a pair of sevens) beats the five-card hand (ace high): a foul, both hands would lose
    >>> foul_warning(state.view(0), HOUSE_WAY)
    ''
    """
    if action.kind != "set" or [len(group) for group in action.groups] != list(_SIZES):
        return ""
    ranking = ranking_for("wheel-second" in view.variants)
    split = Split(action.groups[0], action.groups[1])
    if not is_foul(split, ranking):
        return ""
    return (f"the two-card hand ({hand_name(split.two, ranking)}) beats the five-card hand "
            f"({hand_name(split.five, ranking)}): a foul, both hands would lose")


def _bank_key(banker: int | None) -> int | str:
    return "house" if banker is None else banker


def _split_json(split: Split) -> dict[str, list[str]]:
    return {"two": card_texts(split.two), "five": card_texts(split.five)}


class PaiGow(Game):
    """Pai Gow Poker (seed 002 and RULINGS.md)."""

    name = "pai_gow"
    title = "Pai Gow Poker"
    state_class = PaiGowState
    players = range(1, 7)
    variants = {
        "wheel-second": Variant("A-2-3-4-5 ranks just below A-K-Q-J-10 instead of lowest",
                                label="The wheel ranks second"),
        "player-banks": Variant("the bank is offered around the table each hand; a banking player sets by "
                                "the house way and takes or pays the others", label="Players bank"),
    }
    settings = {"wager": TableSetting(20, "chips each player wagers on a hand", minimum=2, maximum=10_000,
                                     label="Wager")}
    starting_stack = 1000

    def check_config(self) -> None:
        if self.has("player-banks") and self.player_count < 2:
            raise GameError("player-banks needs at least two players: someone to bank against")

    @property
    def least_stack(self) -> int:
        return int(self.config["wager"])

    def check_stacks(self, stacks: object) -> None:
        """Every seat must hold its wager (a seat that cannot cover it cannot play the hand)."""
        super().check_stacks(stacks)
        assert isinstance(stacks, list | tuple)
        short = [str(seat) for seat, chips in enumerate(stacks) if chips < self.least_stack]
        if short:
            raise GameError(f"every seat wagers {self.least_stack} chips: seat {', '.join(short)} "
                            f"holds fewer")

    @property
    def deck(self) -> list[Card]:
        return list(PAI_GOW_DECK)

