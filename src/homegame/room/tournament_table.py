"""A card-room table that is one of a tournament's: what it keeps of the tournament, the events the
tournament records at it, and how its flow differs from a cash table's.

A tournament table waits for the tournament to start; then it deals on its own between breaks, at
the stakes of the level the tournament's clock is at when each hand is dealt, the games called by
the dealer (or, with ``rotation``, the table's games in turn). Nobody buys in again or cashes out:
a player stays until knocked out (no chips left) and placed, or moved to another of the
tournament's tables to balance them, or until the tournament ends. The tournament itself
(:mod:`homegame.room.tournament`) decides places and moves; a table only records them, as events
like any other, so a table read back from its log is the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from homegame.errors import RoomError
from homegame.room.hands import Series

if TYPE_CHECKING:
    from homegame.room.config import TableConfig
    from homegame.room.hands import HandInPlay
    from homegame.room.seats import Seat

__all__ = ["TournamentEvents", "TournamentPlay", "TournamentRequests"]


@dataclass
class TournamentPlay:
    """What a tournament table keeps of its tournament: when the tournament started (``None``: not
    yet), the entries made here, the players placed here (knocked out, or the winner, place 1) and
    the players moved from here to another table."""

    started_at: float | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    placed: list[dict[str, Any]] = field(default_factory=list)
    moved_out: list[dict[str, Any]] = field(default_factory=list)

    def checkpoint(self) -> dict[str, Any]:
        return {"started_at": self.started_at, "entries": self.entries, "placed": self.placed,
                "moved_out": self.moved_out}

    @classmethod
    def from_checkpoint(cls, data: dict[str, Any]) -> TournamentPlay:
        return cls(data["started_at"], list(data["entries"]), list(data["placed"]), list(data["moved_out"]))


class TournamentEvents:
    """How the tournament's events change a table (mixed into
    :class:`~homegame.room.table_state.TableState`), and the tournament's part of its flow."""

    config: TableConfig
    seats: list[Seat | None]
    tournament: TournamentPlay | None
    phase: str
    chooser: int | None
    deadlines: dict[int, float]
    wakes_at: float | None
    series: Series | None
    hand: HandInPlay | None
    hands_played: int

    # the table's own, which the tournament's flow calls (TableState has them)
    def recheck_choosing(self, at: float) -> None:
        raise NotImplementedError

    def _open_choosing(self, at: float, *, pause: float) -> None:
        raise NotImplementedError

    def _free(self, seat: int) -> None:
        raise NotImplementedError

    def choosable(self) -> list[str]:
        raise NotImplementedError

    def level_at(self, at: float) -> tuple[int, bool, float]:
        """The tournament's level at ``at``, whether it is a break, and when that changes (all
        from its start; level 0 before it)."""
        rules, play = self.config.tournament, self.tournament
        if rules is None or play is None or play.started_at is None:
            return 0, False, float("inf")
        level, pause, change = rules.schedule(max(0.0, at - play.started_at))
        return level, pause, play.started_at + change

    def _tournament_holds(self, at: float, pause: float) -> bool:
        """Whether the tournament decides what the table does next, instead of a dealer's call:
        wait before the start, break, or deal the next game of the rotation (``True``)."""
        rules, play = self.config.tournament, self.tournament
        if rules is None or play is None:
            return False
        if play.started_at is None:
            self.phase, self.chooser = "waiting", None
            return True
        _, on_break, change = self.level_at(at + pause)
        if on_break:
            self.phase, self.chooser, self.wakes_at = "break", None, change
            return True
        if rules.rotation:
            games = self.choosable()
            if not games:
                self.phase, self.chooser = "waiting", None
                return True
            listed = [choice.game for choice in self.config.games]
            game = next(name for step in range(len(listed))
                        if (name := listed[(self.hands_played + step) % len(listed)]) in games)
            self.series = Series(game, ())
            self.phase, self.chooser, self.wakes_at = "between", None, at + pause
            return True
        return False

    def moved_out_of(self, seat: int) -> dict[str, Any] | None:
        """The latest move of a player out of ``seat`` to another table (``None``: none)."""
        play = self.tournament
        if play is None:
            return None
        return next((move for move in reversed(play.moved_out) if move["seat"] == seat), None)

    def _on_tournament_started(self, data: dict[str, Any], at: float) -> None:
        assert self.tournament is not None
        self.tournament.started_at = data["at"]
        self._open_choosing(at, pause=0.0)

    def _on_break_over(self, data: dict[str, Any], at: float) -> None:
        self._open_choosing(at, pause=0.0)

    def _on_knocked_out(self, data: dict[str, Any], at: float) -> None:
        assert self.tournament is not None
        self.tournament.placed.append({"name": data["name"], "place": data["place"], "bot": data["bot"]})
        self._free(data["seat"])
        self.recheck_choosing(at)

    def _on_won(self, data: dict[str, Any], at: float) -> None:
        assert self.tournament is not None
        self.tournament.placed.append({"name": data["name"], "place": 1, "bot": data["bot"]})

    def _on_moved(self, data: dict[str, Any], at: float) -> None:
        assert self.tournament is not None
        self.tournament.moved_out.append({key: data[key] for key in ("seat", "name", "to", "chips")})
        self._free(data["seat"])
        self.recheck_choosing(at)


class TournamentRequests:
    """The tournament's requests of one of its tables (mixed into :class:`~homegame.room.table.Table`):
    each checks itself and records its event."""

    tournament: TournamentPlay | None
    seats: list[Seat | None]
    phase: str
    wakes_at: float | None

    # the table's own, which the requests call (Table has them)
    def record(self, kind: str, data: dict[str, Any], at: float) -> Any:
        raise NotImplementedError

    def occupant(self, seat: int | None) -> Seat:
        raise NotImplementedError

    def plays_on(self, seat: int) -> bool:
        raise NotImplementedError

    def _play(self) -> TournamentPlay:
        if self.tournament is None:
            raise RoomError("this table is not a tournament's")
        return self.tournament

    def start_tournament(self, *, at: float) -> None:
        """The tournament starts: its clock from ``at``, and the table deals."""
        if self._play().started_at is not None:
            raise RoomError("the tournament has started already")
        self.record("tournament_started", {"at": at}, at)

    def seat_entry(self, name: str, *, token_hash: str | None, bot: str | None, chips: int, at: float,
                   moved_from: str | None = None) -> int:
        """Seat an entry of the tournament (or, ``moved_from`` another table, a player moved here
        with ``chips``) at the first free seat; the tournament checked the name."""
        self._play()
        free = [index for index, seat in enumerate(self.seats) if seat is None]
        if not free:
            raise RoomError("this table of the tournament is full")
        self.record("seated", {"seat": free[0], "name": name, "token": token_hash, "bot": bot,
                               "buy_in": chips, "entry": moved_from is None, "moved_from": moved_from}, at)
        return free[0]

    def knock_out(self, seat: int, place: int, *, at: float) -> None:
        """``seat`` has no chips left: it finishes the tournament in ``place``."""
        occupant = self.occupant(seat)
        if occupant.stack > 0 or self.plays_on(seat):
            raise RoomError(f"{occupant.name} still has chips to play")
        self.record("knocked_out", {"seat": seat, "name": occupant.name, "place": place,
                                    "bot": occupant.bot is not None}, at)

    def declare_winner(self, seat: int, *, at: float) -> None:
        occupant = self.occupant(seat)
        self.record("won", {"seat": seat, "name": occupant.name, "bot": occupant.bot is not None}, at)

    def move_out(self, seat: int, to: str, *, at: float) -> dict[str, Any]:
        """Move ``seat``'s player, with their chips, to the tournament's table ``to``; what the
        other table seats them with."""
        occupant = self.occupant(seat)
        if self.plays_on(seat):
            raise RoomError(f"{occupant.name} is in the hand in play: moved when it ends")
        moving = {"seat": seat, "name": occupant.name, "to": to, "chips": occupant.stack,
                  "token": occupant.token_hash, "bot": occupant.bot}
        self.record("moved", moving, at)
        return moving

    def end_break(self, *, at: float) -> None:
        """The break is over: the table deals again."""
        if self.phase != "break" or self.wakes_at is None or at < self.wakes_at:
            raise RoomError("no break ends now")
        self.record("break_over", {}, at)
