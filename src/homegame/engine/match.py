"""A match: hands of one game dealt one after another at one table.

The match keeps who sits where (clockwise, by name), each player's chips (for games played for
chips) and running total, the dealer button, and what one hand leaves to the next (a carried pot,
fantasyland, running scores: ``state.carry_out``, handed to the next deal as ``carry``). Players may
join or leave between hands; the button stays with its player, and passes clockwise when its player
leaves. A player left without the chips the game needs to be dealt in (``game.least_stack``) leaves
the table by itself when ``chips`` is on.

>>> from homegame.games.draw import DrawPoker
>>> match = Match(lambda players: DrawPoker(players=players), ["ann", "bob", "cy"], stacks=50, seed=1)
>>> state = match.deal()
>>> while not state.is_over:
...     seat = state.to_act[0]
...     state.apply(seat, state.legal_actions(seat)[0])
>>> match.settle(state)
>>> sum(match.stacks.values()), match.hands_played, match.button
(150, 1, 'bob')
>>> match.join("dee", stack=50)
>>> match.seating
['ann', 'bob', 'cy', 'dee']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from homegame.cards import Card
from homegame.engine.game import Game, GameError
from homegame.engine.state import GameState

__all__ = ["Match", "MatchError"]


class MatchError(GameError):
    """A match asked to do something out of turn: deal during a hand, seat a player twice..."""


class Match:
    """A table playing hands of one game in turn.

    ``make_game(players)`` configures the game for the number of players seated; ``stacks`` (one
    number for everyone, or one per player) turns chips on: each deal gets the players' stacks and
    each outcome moves chips. ``seed`` makes the whole match reproducible (hand ``n`` is dealt from
    ``f"{seed}:{n}"``); without it every shuffle uses the operating system's randomness.
    """

    def __init__(self, make_game: Callable[[int], Game], players: Sequence[str], *,
                 stacks: int | Sequence[int] | None = None, button: str | None = None,
                 seed: int | str | None = None) -> None:
        if len(set(players)) != len(players):
            raise MatchError("every player at the table needs a different name")
        self.make_game = make_game
        self.seating = list(players)
        self.chips = stacks is not None
        if isinstance(stacks, int):
            stacks = [stacks] * len(players)
        if stacks is not None and len(stacks) != len(players):
            raise MatchError(f"{len(players)} players need {len(players)} stacks, got {len(stacks)}")
        self.stacks: dict[str, int] = dict(zip(players, stacks, strict=True)) if stacks is not None else {}
        self.totals: dict[str, int] = dict.fromkeys(players, 0)
        self.bank = 0
        self.button = button if button is not None else (players[0] if players else "")
        if players and self.button not in self.seating:
            raise MatchError(f"the button must be with a seated player, not {self.button!r}")
        self.seed = seed
        self.carry: dict[str, Any] = {}
        self.hands_played = 0
        self._penalty = False
        self.results: list[dict[str, int]] = []
        self._current: GameState[Any] | None = None
        self._current_seating: list[str] = []

    @property
    def in_hand(self) -> bool:
        """Whether a hand has been dealt and not settled yet."""
        return self._current is not None

    def deal(self, *, deck: Sequence[Card] | str | None = None) -> GameState[Any]:
        """Deal the next hand to the players seated now, the button's player dealing.

        ``deck`` stacks the deck (tests, replays); otherwise it is shuffled from the match's seed.
        """
        if self._current is not None:
            raise MatchError("settle the hand in play before dealing the next one")
        game = self.make_game(len(self.seating))
        seed = None if self.seed is None else f"{self.seed}:{self.hands_played}"
        stacks = [self.stacks[name] for name in self.seating] if self.chips else None
        state = game.deal(seed=seed, deck=deck, dealer=self.seating.index(self.button), stacks=stacks,
                          carry=self.carry)
        self._current, self._current_seating = state, list(self.seating)
        self._penalty = game.score_is_penalty and not self.chips
        return state

    def settle(self, state: GameState[Any]) -> None:
        """Book a finished hand: move chips and totals by its outcome, carry, and pass the button."""
        if state is not self._current:
            raise MatchError("that is not the hand in play at this table")
        if not state.is_over:
            raise MatchError("the hand is not over yet")
        seating = self._current_seating
        result = {seating[int(seat)]: amount for seat, amount in state.outcome.items() if seat != "bank"}
        self.bank += int(state.outcome.get("bank", 0))
        for name, amount in result.items():
            self.totals[name] += amount
            if self.chips:
                self.stacks[name] += amount
        self.results.append(result)
        self.carry = dict(state.carry_out)
        self.button = seating[state.next_dealer]
        self.hands_played += 1
        self._current = None
        if self.chips:
            for name in [n for n in self.seating if self.stacks[n] < state.game.least_stack]:
                self.leave(name)

    def join(self, name: str, *, stack: int | None = None, after: str | None = None) -> None:
        """Seat a new player between hands: after ``after`` (clockwise), or at the end."""
        if self._current is not None:
            raise MatchError("players join between hands, not during one")
        if name in self.seating:
            raise MatchError(f"{name} is already at the table")
        if self.chips and (stack is None or stack <= 0):
            raise MatchError("a player joining a game for chips brings a stack of at least one chip")
        position = self.seating.index(after) + 1 if after is not None else len(self.seating)
        self.seating.insert(position, name)
        self.totals.setdefault(name, 0)
        if self.chips:
            assert stack is not None
            self.stacks[name] = stack
        if not self.button:
            self.button = name

    def leave(self, name: str) -> None:
        """Take a player from the table between hands; the button passes on clockwise if theirs."""
        if self._current is not None:
            raise MatchError("players leave between hands, not during one")
        if name not in self.seating:
            raise MatchError(f"{name} is not at the table")
        position = self.seating.index(name)
        self.seating.remove(name)
        if self.button == name:
            self.button = self.seating[position % len(self.seating)] if self.seating else ""

    def standings(self) -> Mapping[str, int]:
        """Each player's chips (for chip games) or running total, best first: the fewest points
        first in a game of penalty points (Papayoo).

        >>> from homegame.games.papayoo import Papayoo
        >>> match = Match(lambda players: Papayoo(players=players), ["ann", "bob", "cy"], seed=2)
        >>> state = match.deal()
        >>> while not state.is_over:
        ...     seat = state.to_act[0]
        ...     state.apply(seat, state.legal_actions(seat)[0])
        >>> match.settle(state)
        >>> points = list(match.standings().values())
        >>> points == sorted(points)
        True
        """
        board = self.stacks if self.chips else self.totals
        best_first = 1 if self._penalty else -1
        return dict(sorted(board.items(), key=lambda item: best_first * item[1]))
