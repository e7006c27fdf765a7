"""What one seat knows when it is to act: the handle a table gives a bot that searches.

A bot sees a seat's view, never the state. A search bot needs more than a view: hands to play on
from, as they might be. :class:`InformationSet` gives it exactly that and nothing else: the seat's
view and legal actions, and :meth:`InformationSet.sample`, a state in which every card the seat
cannot see has been dealt again (``state.resample``). The hand itself stays with the table.

>>> import random
>>> import homegame
>>> state = homegame.new_game("draw", players=3).deal(seed=2)
>>> seat = InformationSet(state, state.to_act[0])
>>> seat.view.hand == seat.sample(random.Random(1)).view(seat.seat).hand
True
"""

from __future__ import annotations

import random
from typing import Any

from homegame.engine.action_sets import ActionSet
from homegame.engine.state import GameState
from homegame.errors import GameError

__all__ = ["InformationSet"]


class InformationSet:
    """One seat's knowledge of a hand in progress."""

    __slots__ = ("_state", "_view", "seat")

    def __init__(self, state: GameState[Any], seat: int) -> None:
        self._state = state
        self.seat = state.checked_seat(seat)
        self._view: Any = None

    @property
    def view(self) -> Any:
        """The seat's view (``state.view(seat)``)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def legal(self) -> ActionSet:
        """The seat's legal actions now."""
        return self._state.legal_actions(self.seat)

    @property
    def players(self) -> int:
        return self._state.players

    def sample(self, rng: random.Random) -> GameState[Any]:
        """A hand as it might be, given all the seat knows (see ``GameState.resample``);
        :class:`GameError` for a game that cannot deal its hidden cards again."""
        try:
            return self._state.resample(self.seat, rng)
        except NotImplementedError as error:
            raise GameError(f"{error}: the search bot cannot play it") from None
