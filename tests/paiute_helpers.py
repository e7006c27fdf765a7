"""Stacked Paiute decks for the tests: exact hands, turned card, starting discard and stock top."""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card, parse_cards
from homegame.engine import Action
from homegame.engine.seats import clockwise, left_of
from homegame.games.paiute import Paiute, PaiuteState


def stacked(game: Paiute, hands: Sequence[str], *, dealer: int = 0, turned: str | None = "2c",
            pile: str | None = None, stock: str = "") -> list[Card]:
    """A deck dealing ``hands[seat]`` to each seat (one card at a time from the dealer's left), then
    the turned card (none with jokers), the denexa starting discard, then ``stock`` from the top."""
    players = game.player_count
    dealt = [parse_cards(hand) for hand in hands]
    order = clockwise(left_of(dealer, players), players)
    cards = [dealt[seat][index] for index in range(5) for seat in order]
    for extra in (turned, pile, stock):
        cards += parse_cards(extra or "")
    rest = list(game.deck)
    for used in cards:
        assert used in rest, f"the stacked deck uses the {used} twice"
        rest.remove(used)
    return cards + rest


def deal(game: Paiute, hands: Sequence[str], *, dealer: int = 0, turned: str | None = "2c",
         pile: str | None = None, stock: str = "") -> PaiuteState:
    """The first state of a deal from :func:`stacked`."""
    deck = stacked(game, hands, dealer=dealer, turned=turned, pile=pile, stock=stock)
    state = game.deal(deck=deck, dealer=dealer)
    assert isinstance(state, PaiuteState)
    return state


def play(state: PaiuteState, seat: int, *moves: str) -> None:
    """Apply ``moves`` ("draw stock", "draw pile", "discard 5h", "call", "call 5h") for ``seat``."""
    for move in moves:
        state.apply(seat, Action.parse(move))
