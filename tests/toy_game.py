"""A tiny game used to test the engine contract on its own: each seat holds one card, may keep it
or swap it once for the next card of the deck, and the highest card takes one chip from each other
seat (ties share by exact equality, the odd chip to the first winner clockwise from the dealer's
left). A die roll picks a bonus rank; holding it doubles the win."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from homegame.cards import Card, deck
from homegame.engine import Action, ActionSet, Chance, Choices, Game, GameState, Outcome, Setting, View

KEEP, SWAP = Action("keep"), Action("swap")


@dataclass(frozen=True)
class DuelView(View):
    my_card: Card | None
    shown: dict[int, Card]
    bonus_rank: int


class DuelState(GameState[DuelView]):
    def __init__(self, game: Duel, deck: list[Card], **kwargs: Any) -> None:
        super().__init__(game, deck=deck, **kwargs)
        self.stock = list(deck)
        self.hands = [self.stock.pop(0) for _ in range(self.players)]
        for seat, dealt in enumerate(self.hands):
            self.history.add("deal", seat, {"cards": [str(dealt)]}, private_to=(seat,))
        self.bonus = self.roll(13) + 1
        self.history.add("bonus", None, {"rank": self.bonus})
        self.turn = (self.dealer + 1) % self.players
        self.acted = 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.acted == self.players else (self.turn,)

    def _legal(self, seat: int) -> ActionSet:
        return ActionSet(Choices([KEEP, SWAP]))

    def _apply(self, seat: int, action: Action) -> None:
        if action == SWAP:
            self.hands[seat] = self.stock.pop(0)
            self.history.add("draw", seat, {"cards": [str(self.hands[seat])]}, private_to=(seat,))
        self.turn = (self.turn + 1) % self.players
        self.acted += 1
        if self.acted == self.players:
            self.history.add("reveal", None, {"hands": [str(c) for c in self.hands]})

    def _view(self, seat: int | None) -> DuelView:
        over = self.is_over
        return DuelView(**self.view_base(seat), my_card=None if seat is None else self.hands[seat],
                        shown=dict(enumerate(self.hands)) if over else {}, bonus_rank=self.bonus)

    def _outcome(self) -> Outcome:
        stake = self.game.config["stake"]
        best = max(c.rank for c in self.hands)
        winners = [s for s in range(self.players) if self.hands[s].rank == best]
        pot = stake * (self.players - len(winners))
        share, odd = divmod(pot, len(winners))
        result: Outcome = {s: (0 if s in winners else -stake) for s in range(self.players)}
        order = sorted(winners, key=lambda s: (s - self.dealer - 1) % self.players)
        for index, seat in enumerate(order):
            result[seat] += share + (1 if index < odd else 0)
        return result


class Duel(Game):
    name = "duel"
    title = "Duel"
    players = range(2, 6)
    settings = {"stake": Setting(1, "chips each loser pays", minimum=1, label="Stake")}

    @property
    def deck(self) -> list[Card]:
        return deck()

    def start(self, deck: list[Card], *, dealer: int, stacks: Sequence[int] | None,
              carry: dict[str, Any], chance: Chance) -> DuelState:
        return DuelState(self, deck, dealer=dealer, stacks=stacks, carry=carry, chance=chance)


def make_game(name: str, players: int, variants: Sequence[str] = (), **settings: Any) -> Game:
    assert name == "duel"
    return Duel(players=players, variants=variants, **settings)
