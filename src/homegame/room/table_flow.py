"""How a card-room table moves on from each of its events: who calls the next game and when, the
clocks of the seats to act and the time banks they draw on, a hand settled into the stacks, and the
clocks stopped over a pause or while the room was away.

:class:`TableFlow` is a part of :class:`~homegame.room.table_state.TableState` (which applies the
events and holds what they made): it never records an event, it only works out what the table does
next, which is why a table read back from its log is the same table. A tournament's part of the
flow (its start, breaks and rotation) is :class:`~homegame.room.tournament_table.TournamentEvents`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from homegame.games import new_game
from homegame.room.hands import Series
from homegame.room.tournament_table import TournamentEvents

if TYPE_CHECKING:
    from homegame.engine import Game
    from homegame.room.hands import HandInPlay
    from homegame.room.seats import Ledger, Seat

__all__ = ["TableFlow"]


class TableFlow(TournamentEvents):
    """The flow of a table (see the module's docstring), mixed into
    :class:`~homegame.room.table_state.TableState`."""

    ledger: Ledger
    button: int
    seq: int
    last_at: float
    started: bool
    paused: dict[str, Any] | None
    banking: dict[int, float]
    facing_since: dict[int, int]

    # the table's own, which the flow calls (TableState has them)
    def players_for(self, name: str) -> list[int]:
        raise NotImplementedError

    def occupant(self, seat: int | None) -> Seat:
        raise NotImplementedError

    def resume(self, now: float) -> None:
        """Stop the clocks over the time the table was not served (the room was down, or its
        owner process died): a turn, the dealer's call and the pause between hands go on at
        ``now`` from where they stood at the table's last event, so no one is played for or sat
        out because the room was away."""
        away = now - self.last_at
        if away > 0:
            self.shift_clocks(away)
            if self.paused is not None:
                self.paused = {**self.paused, "at": self.paused["at"] + away}

    def shift_clocks(self, seconds: float) -> None:
        """Move every clock, every time bank drawn on and the end of the pause before the next deal
        ``seconds`` later."""
        self.deadlines = {seat: deadline + seconds for seat, deadline in self.deadlines.items()}
        self.banking = {seat: start + seconds for seat, start in self.banking.items()}
        self.wakes_at = None if self.wakes_at is None else self.wakes_at + seconds

    def call_opens_at(self) -> float | None:
        """When the dealer may call the next game (``None`` while no call is due): once the pause
        after the last hand is over, so its result stays on the table as long for everyone, however
        soon a dealer (or a bot) would call. The dealer's clock runs from then."""
        if self.phase != "choosing" or self.chooser not in self.deadlines:
            return None
        return self.deadlines[self.chooser] - self.config.clock

    def due(self, now: float) -> list[int]:
        """The seats whose clock has run out by ``now`` (none while the table is paused)."""
        if self.paused is not None:
            return []
        return [seat for seat, deadline in self.deadlines.items() if deadline <= now]

    def next_wake(self) -> float | None:
        """The next moment the table must be looked at: a clock running out, a pause ending (none
        while the host has paused the table)."""
        moments = [*self.deadlines.values(), *([self.wakes_at] if self.wakes_at is not None else [])]
        return min(moments) if moments and self.paused is None else None

    def _configure(self, name: str, variants: list[str], *, seats: Sequence[int], level: int = 0) -> Game:
        """The game ``name`` as a hand dealt to the table's ``seats`` (in the hand's order) plays it,
        at a tournament's ``level``."""
        return new_game(name, players=len(seats), variants=variants,
                        **self.config.settings_for(name, variants, seats, level=level))

    def recheck_choosing(self, at: float) -> None:
        """After someone sits down, leaves, sits out, comes back or rebuys: a new dealer if the
        caller can no longer play (a player too many for every game of the table has come, or the
        caller has gone); the table waits instead of dealing its one game if no person could play
        it now, and a waiting table looks again at who could play."""
        candidates = self._candidates()
        alone = self.dealing_alone and not self._people_among(candidates) and self.tournament is None
        if self.phase == "waiting" or (self.phase == "choosing" and self.chooser not in candidates) or alone:
            self._open_choosing(at, pause=0.0)

    @property
    def awaits_start(self) -> bool:
        """Whether the table waits for its host to start the night before it deals."""
        return self.config.host_starts and not self.started

    @property
    def dealing_alone(self) -> bool:
        """Whether the table is pausing before it deals its one game on its own (see
        :attr:`TableConfig.only_game`): no one calls it, and the players are counted at the deal."""
        return self.phase == "between" and self.series is not None and self.series.seats is None

    def _candidates(self) -> list[int]:
        """The seats that could be dealt a game of the table now, clockwise from seat 0."""
        return sorted({s for name in self.choosable() for s in self.players_for(name)})

    def _people_among(self, seats: list[int]) -> bool:
        return any(self.occupant(s).bot is None for s in seats)

    def _open_choosing(self, at: float, *, pause: float) -> None:
        """The next dealer (the button, or the next seat clockwise that can play) calls a game after
        ``pause``, under the clock; a table of one game with nothing to choose deals it on its own
        instead, after the table's pause. A table waits while no person (only bots) could play,
        but for a tournament's, whose bots play on; a tournament holds its tables before its start
        and during its breaks, and deals its rotation of games on its own."""
        self.deadlines, self.wakes_at, self.series = {}, None, None
        candidates = self._candidates()
        if not candidates or (not self._people_among(candidates) and self.tournament is None) \
                or self.awaits_start:
            self.phase, self.chooser = "waiting", None
            return
        self.button = min(candidates, key=lambda s: (s - self.button) % len(self.seats))
        if self._tournament_holds(at, pause):
            return
        only = self.config.only_game
        if only is not None:
            self.series = Series(only, ())
            self.phase, self.chooser, self.wakes_at = "between", None, at + self.config.pause
            return
        self.phase, self.chooser = "choosing", self.button
        self.deadlines[self.button] = at + pause + self.config.clock

    def _start_clocks(self, at: float) -> None:
        """A clock for every seat now to act that has none yet (run out at once for a seat that
        left or sits out: the hands it is still in do not wait for it)."""
        hand = self.hand
        assert hand is not None
        acting = {hand.seats[player] for player in hand.state.to_act}
        for seat in [s for s in self.banking if s not in acting]:
            self._spend_time_bank(seat, at)
        self.deadlines = {s: d for s, d in self.deadlines.items() if s in acting}
        self.facing_since = {s: q for s, q in self.facing_since.items() if s in self.deadlines}
        for seat in acting - set(self.deadlines):
            self.facing_since[seat] = self.seq
            occupant = self.occupant(seat)
            away = occupant.leaving or (occupant.sitting_out and hand.number >= occupant.away_from)
            self.deadlines[seat] = at if away else at + self.config.clock

    def _spend_time_bank(self, seat: int, at: float) -> None:
        """Charge ``seat``'s time bank with the time it ran, if it was drawing on it."""
        start = self.banking.pop(seat, None)
        if start is not None:
            occupant = self.occupant(seat)
            occupant.time_bank = max(0.0, occupant.time_bank - (at - start))

    def _settle(self, hand: HandInPlay, at: float) -> None:
        """Move the hand's result into the stacks, carry what the game carries, pass the button."""
        state = hand.state
        chips = hand.chips_moved(self.config.points_rate)
        for player, amount in chips.items():
            if isinstance(player, int):
                self.occupant(hand.seats[player]).stack += amount
        self.ledger.house += chips.get("bank", 0)
        self.hands_played = hand.number
        self.button = hand.seats[state.next_dealer]
        self._refill_time_banks(hand.number)
        assert self.series is not None
        if state.continues_game:
            self.series.carry, self.series.seats = dict(state.carry_out), hand.seats
            self.phase, self.deadlines, self.wakes_at = "between", {}, at + self.config.pause
            return
        self.series = None
        for seat in hand.seats:
            if self.occupant(seat).leaving:
                self._free(seat)
        self._open_choosing(at, pause=self.config.pause)

    def _refill_time_banks(self, number: int) -> None:
        """After every ``time_bank_every`` hands, each bank gets its refill, up to the full bank."""
        config = self.config
        if config.time_bank and config.time_bank_refill and number % config.time_bank_every == 0:
            for occupant in self.seats:
                if occupant is not None:
                    occupant.time_bank = min(config.time_bank, occupant.time_bank + config.time_bank_refill)
