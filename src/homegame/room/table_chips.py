"""The chips players bring to a card-room table and add to it (mixed into
:class:`~homegame.room.table.Table`): the buy-in a newcomer brings, rebuys asked for between hands
or during one, the host's approval where the table asks for it, and the rebuys made when a hand
ends, for the players who asked and for the house's bots. No table may hold more chips in all
than a hand can be dealt with (:data:`~homegame.engine.game.MAX_CHIPS`).
"""

from __future__ import annotations

from typing import Any

from homegame.engine.game import MAX_CHIPS
from homegame.errors import RoomError, shown
from homegame.room.table_state import TableState

__all__ = ["TableChips"]


class TableChips(TableState):
    """A table's chip requests; each checks itself and records its events."""

    def chips_brought(self, chips: object) -> int:
        """The chips a newcomer brings: the buy-in (``None``), or ``chips`` where the table allows
        deep stacks, up to its ``max_buy_in``; :class:`RoomError` for anything else."""
        least, most = self.config.buy_in, self.config.max_buy_in
        if chips is None:
            self.make_room_for(least)
            return least
        if type(chips) is not int or not least <= chips <= most:
            allowed = f"{least} to {most} chips" if most > least else f"the buy-in, {least} chips,"
            raise RoomError(f"a player brings {allowed} to this table, not {shown(chips)}")
        self.make_room_for(chips)
        return chips

    def rebuy(self, seat: int, chips: object, *, at: float, intent: str | None = None) -> bool:
        """Add chips to ``seat``'s stack between hands, up to the table's buy-in, or its
        ``max_buy_in`` where it allows deep stacks (a stack a points game took below zero may take
        more than one buy-in to get there). Asked for during a hand the seat plays, the rebuy is
        made when that hand ends (as much of it as the stack then has room for)."""
        if self._seen(seat, intent):
            return False
        if self.tournament is not None:
            raise RoomError("a tournament has no rebuys: a player with no chips left is out")
        stack, most = self.occupant(seat).stack, self.config.max_buy_in
        limit = "the buy-in" if most == self.config.buy_in else "the most a player may bring,"
        if stack >= most:
            raise RoomError(f"a rebuy tops a stack up to {limit} {most}, and yours is {stack} already")
        if type(chips) is not int or not 1 <= chips <= most - stack:
            raise RoomError(f"a rebuy tops your stack of {stack} up to {limit} {most}: 1 to "
                            f"{most - stack} chips, not {shown(chips)}")
        self.make_room_for(chips)
        if self.config.approve_chips:
            self.record("chips_asked", {"seat": seat, "chips": chips, "intent": intent}, at)
        else:
            self.add_chips(seat, chips, at=at, intent=intent)
        return True

    def add_chips(self, seat: int, chips: int, *, at: float, intent: str | None = None,
                  **marks: Any) -> None:
        """Add ``chips`` to ``seat``'s stack: now, or when the hand it plays ends."""
        in_hand = self.hand is not None and seat in self.hand.seats and not self.hand.state.is_over
        data = {"seat": seat, "chips": chips, "intent": intent, **marks}
        self.record("rebuy_asked" if in_hand else "rebuy", data, at)

    def make_room_for(self, chips: int) -> None:
        """Refuse chips that would take the table past the most any hand may hold: a stack that won
        them all could not be dealt in."""
        held = self.held()
        if held + chips > MAX_CHIPS:
            raise RoomError(f"a table holds at most {MAX_CHIPS:,} chips in all, and this one has {held:,}")

    def held(self) -> int:
        return sum(s.stack for s in self.seats if s is not None)

    def rebuys_after_the_hand(self, at: float) -> None:
        """After a hand: the rebuys asked for during it, then the house buys its broke bots back in
        (a tournament's bots are knocked out instead)."""
        self._asked_rebuys(at)
        needed = self._most_needed() if self.tournament is None else 0
        for seat, occupant in enumerate(self.seats):
            if occupant is not None and occupant.bot is not None and occupant.stack < needed:
                chips = max(needed, self.config.buy_in) - occupant.stack
                if self.held() + chips <= MAX_CHIPS:
                    self.record("rebuy", {"seat": seat, "chips": chips, "intent": None, "by": "house"}, at)

    def _asked_rebuys(self, at: float) -> None:
        """The rebuys asked for during the hand: each as far as the stack now has room for."""
        for seat, occupant in enumerate(self.seats):
            if occupant is None or not occupant.rebuy:
                continue
            chips = min(occupant.rebuy, self.config.max_buy_in - occupant.stack)
            if chips > 0 and self.held() + chips <= MAX_CHIPS:
                self.record("rebuy", {"seat": seat, "chips": chips, "intent": None, "by": "asked"}, at)
            else:
                self.record("rebuy_dropped", {"seat": seat}, at)

    def _most_needed(self) -> int:
        """The stack that can be dealt into every game of the table."""
        return max(self.least_stack(choice.game) for choice in self.config.games)
