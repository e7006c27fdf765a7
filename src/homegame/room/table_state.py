"""What a card-room table is, and how each of its events changes it.

:class:`TableState` holds a table's seats, ledger, phase, clocks and hand in play, and
:meth:`TableState.apply` is the only thing that changes them: one method per kind of event. What
follows from an event (the next dealer's call, the clocks of the seats to act, a hand settled into
the stacks) is the table's flow, :mod:`homegame.room.table_flow`; the requests that check
themselves and record events are in :mod:`homegame.room.table`.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.cards import parse_cards
from homegame.engine import Action, Chance
from homegame.errors import RoomError, shown
from homegame.games import game_class
from homegame.room.config import TableConfig
from homegame.room.hands import HandInPlay, Series, start_hand
from homegame.room.host_events import HOST_EVENTS, SeatRequest
from homegame.room.seats import INTENTS_KEPT, Ledger, Seat
from homegame.room.table_flow import TableFlow
from homegame.room.tournament_table import TournamentPlay

__all__ = ["TableEvent", "TableState"]

_FOLD: Final = Action("fold")

_CHAT_KEPT: Final = 200


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One thing that happened at a table: its number in the table's log, its kind, its data
    (plain JSON) and when (seconds since the epoch, by the room's clock)."""

    seq: int
    kind: str
    data: dict[str, Any]
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "data": self.data, "at": self.at}



_WHAT_COMES_NEXT: Final = frozenset({"phase", "button", "chooser", "deadlines", "wakes_at", "series"})


def _but_what_comes_next(checkpoint: dict[str, Any]) -> dict[str, Any]:
    """A checkpoint without the next deal or call (see :meth:`TableState._take_what_comes_next`)."""
    return {key: value for key, value in checkpoint.items() if key not in _WHAT_COMES_NEXT}


@dataclass
class TableState(TableFlow):
    """A table as its events have made it, and how each kind of event changes it (the requests
    that make events are :class:`~homegame.room.table.Table`'s)."""

    id: str
    config: TableConfig
    owner_hash: str = ""
    seats: list[Seat | None] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    seq: int = 0
    """The number of the table's last event (0 before any)."""
    unsaved: list[TableEvent] = field(default_factory=list)
    """Events recorded since the room last took them to its store (see :meth:`take_unsaved`)."""
    phase: str = "waiting"
    button: int = 0
    chooser: int | None = None
    deadlines: dict[int, float] = field(default_factory=dict)
    wakes_at: float | None = None
    series: Series | None = None
    hand: HandInPlay | None = None
    hands_played: int = 0
    last_at: float = 0.0
    facing_since: dict[int, int] = field(default_factory=dict)
    """The event since which each seat to act has faced its decision as it is: a client's act made
    on an earlier event is stale; one made after (a chat line, another seat's choice made at the
    same time) is not."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    closing: bool = False
    """The owner closed the table during a hand: it closes when that hand ends."""
    requests: dict[int, SeatRequest] = field(default_factory=dict)
    """Seat requests waiting for the host's answer (and the last few refused), by the number of
    the event that made each."""
    started: bool = False
    """Whether the host has started the night (a table whose host starts it deals only then)."""
    paused: dict[str, Any] | None = None
    """While the host has paused the table: who paused it (``by``) and when (``at``)."""
    host_intents: OrderedDict[str, int] = field(default_factory=OrderedDict)
    """The last intents of host requests, each with the event it made (so a resent one is taken once)."""
    banking: dict[int, float] = field(default_factory=dict)
    """The seats whose turn's clock ran out and who are drawing on their time bank now, each with
    the moment it started (the bank is charged the time it runs, when the seat's turn ends)."""
    bomb_pot_called: bool = False
    """The owner called a bomb pot: the next hand of a game that has bomb pots is one."""
    tournament: TournamentPlay | None = None
    """What a tournament's table keeps of it (``None`` at a cash table)."""
    _chance: dict[int, list[Any]] = field(default_factory=dict)
    _least_stack: dict[str, int] = field(default_factory=dict)

    def record(self, kind: str, data: dict[str, Any], at: float) -> TableEvent:
        """Apply a new event to the table and keep it for the room to store."""
        event = TableEvent(self.seq + 1, kind, data, at)
        self.apply(event)
        self.unsaved.append(event)
        return event

    def take_unsaved(self) -> list[TableEvent]:
        """The events recorded since the last call, for the room to store."""
        taken, self.unsaved = self.unsaved, []
        return taken

    def apply(self, event: TableEvent) -> None:
        """Change the table by one event: the one way a table ever changes."""
        if event.seq != self.seq + 1:
            raise RoomError(f"event {event.seq} does not follow event {self.seq}")
        cold = self.seq == event.seq - 1 and not self.seats
        self.seq, self.last_at = event.seq, event.at
        if event.kind == "checkpoint":
            self._on_checkpoint(event.data, cold=cold)
            return
        intent, seat = event.data.get("intent"), event.data.get("seat")
        occupant = self.seats[seat] if intent is not None and seat is not None else None
        host_event = HOST_EVENTS.get(event.kind)
        if host_event is not None:
            host_event(self, event.data, event.at)
        else:
            getattr(self, f"_on_{event.kind}")(event.data, event.at)
        if occupant is not None:
            occupant.remember(intent, event.seq)
        if (host_intent := event.data.get("host_intent")) is not None:
            self.host_intents[host_intent] = event.seq
            while len(self.host_intents) > INTENTS_KEPT:
                self.host_intents.popitem(last=False)

    def checkpoint(self) -> dict[str, Any]:
        """The whole table but the hand, as plain JSON: a log read from here on (and the hand
        after it dealt again) is the same table as the log read from the start."""
        state = {
            "config": self.config.to_json(), "owner": self.owner_hash,
            "seats": [None if s is None else s.checkpoint() for s in self.seats],
            "ledger": self.ledger.checkpoint(), "phase": self.phase, "button": self.button,
            "chooser": self.chooser, "deadlines": [[s, d] for s, d in sorted(self.deadlines.items())],
            "wakes_at": self.wakes_at, "series": None if self.series is None else self.series.checkpoint(),
            "hands_played": self.hands_played, "chat": self.chat,
            "requests": [[number, request.checkpoint()] for number, request in self.requests.items()],
            "started": self.started, "paused": self.paused,
            "host_intents": [[intent, seq] for intent, seq in self.host_intents.items()],
            "bomb_pot_called": self.bomb_pot_called,
            "tournament": None if self.tournament is None else self.tournament.checkpoint(),
        }
        copy: dict[str, Any] = json.loads(json.dumps(state))  # plain JSON, sharing nothing with the table
        return copy

    # -- what the table can do now ------------------------------------------------------------

    def players_for(self, name: str) -> list[int]:
        """The seats a hand of ``name`` would be dealt to now, clockwise from seat 0: those not
        sitting out with the chips the game needs (its stake in Pai Gow, one chip elsewhere). A
        tournament deals in its players who sit out too: the clock plays their hands."""
        needs, dealt_away = self.least_stack(name), self.tournament is not None
        return [index for index, s in enumerate(self.seats)
                if s is not None and (dealt_away or not s.sitting_out) and not s.leaving and s.stack >= needs]

    def least_stack(self, name: str) -> int:
        """The fewest chips a seat needs to be dealt a hand of ``name`` (its stake in Pai Gow, one
        chip elsewhere)."""
        needs = self._least_stack.get(name)
        if needs is None:
            players = game_class(name).players
            game = self._configure(name, [], seats=range(2 if 2 in players else players[0]))
            needs = self._least_stack[name] = game.least_stack if game.starting_stack is not None else 1
        return needs

    def out_why(self, seat: int) -> dict[str, Any] | None:
        """Why the player at ``seat`` is not dealt in, or will not be at the next deal (``None``:
        they are, or will be): ``why`` is ``leaving``, ``asked`` (they sit out), ``clock`` (the clock
        sat them out after their time ran out too often in a row), ``chips`` (their stack is below
        ``needs``, the fewest chips the game in play, or any game of the table, is dealt with) or
        ``late`` (the hand or game under way was dealt before they sat down or came back)."""
        occupant = self.occupant(seat)
        if occupant.leaving:
            return {"why": "leaving", "needs": None}
        if occupant.sitting_out:
            timed_out = occupant.timeouts >= self.config.timeouts_to_sit_out
            return {"why": "clock" if timed_out else "asked", "needs": None}
        hand, series = self.hand, self.series
        game: str | None = None
        dealt: tuple[int, ...] | None = None
        if hand is not None and not hand.state.is_over:
            game, dealt = hand.game.name, hand.seats
        elif series is not None:
            game, dealt = series.game, series.seats
        if dealt is not None and seat in dealt:
            return None
        needs = self.least_stack(game) if game else min(self.least_stack(c.game) for c in self.config.games)
        if occupant.stack < needs:
            return {"why": "chips", "needs": needs}
        return None if dealt is None else {"why": "late", "needs": None}

    def choosable(self) -> list[str]:
        """The table's games that the players who can be dealt in now could play."""
        return [choice.game for choice in self.config.games
                if len(self.players_for(choice.game)) in game_class(choice.game).players
                and len(self.players_for(choice.game)) >= 2]

    def default_for(self, seat: int) -> Action | None:
        """What plays for ``seat`` when its clock runs out: a fold for a player who left, where
        folding exists; else the game's own default (``None``: the game leaves it to a bot)."""
        hand = self.hand
        player = hand.player_of(seat) if hand is not None else None
        if hand is None or player is None or player not in hand.state.to_act:
            return None
        occupant = self.seats[seat]
        if occupant is not None and occupant.leaving and _FOLD in hand.state.legal_actions(player):
            return _FOLD
        return hand.state.default_action(player)

    def stacks_by_name(self) -> dict[str, int]:
        return {s.name: s.stack for s in self.seats if s is not None}

    # -- applying events ----------------------------------------------------------------------

    def _on_checkpoint(self, data: dict[str, Any], *, cold: bool) -> None:
        """Start from a checkpoint (a log read from one), or check that the table read so far is
        the table the checkpoint recorded."""
        if not cold:
            stored, read = self._as_read(data), self.checkpoint()
            if stored == read:
                return
            # At a table of one game, an older room had the dealer call it: the table goes on as its
            # players were told, and by today's rules after. Anywhere else, any difference is a fault.
            if self.config.only_game is None or _but_what_comes_next(stored) != _but_what_comes_next(read):
                raise RoomError(f"table {self.id}'s log disagrees with its checkpoint at event {self.seq}")
            self._take_what_comes_next(data)
            return
        self.owner_hash = data["owner"]
        self.seats = [None if s is None else Seat.from_checkpoint(s) for s in data["seats"]]
        self.ledger = Ledger.from_checkpoint(data["ledger"])
        self._take_what_comes_next(data)
        self.hands_played = data["hands_played"]
        self.chat = list(data["chat"])
        self.bomb_pot_called = data.get("bomb_pot_called", False)
        played = data.get("tournament")
        self.tournament = None if played is None else TournamentPlay.from_checkpoint(played)
        self.ledger.bots |= {s.name for s in self.seats if s is not None and s.bot is not None}
        self.requests = {number: SeatRequest.from_checkpoint(r) for number, r in data.get("requests", [])}
        self.started, self.paused = data.get("started", False), data.get("paused")
        self.host_intents = OrderedDict((intent, seq) for intent, seq in data.get("host_intents", []))

    def _take_what_comes_next(self, data: dict[str, Any]) -> None:
        """The next deal or call as a checkpoint has it: the phase, the dealer, the clocks, the game."""
        self.phase, self.button, self.chooser = data["phase"], data["button"], data["chooser"]
        self.deadlines = {seat: deadline for seat, deadline in data["deadlines"]}
        self.wakes_at = data["wakes_at"]
        self.series = None if data["series"] is None else Series.from_checkpoint(data["series"])

    def _as_read(self, data: dict[str, Any]) -> dict[str, Any]:
        """A stored checkpoint as this version reads it: one written before a field was added
        compares equal to the same table today. (A table's own config, as at every checkpoint it
        records, is taken as it is rather than read and checked again.)"""
        stored = data["config"]
        config = self.config if stored == self.config.to_json() else TableConfig.from_stored(stored)
        fresh = TableState(self.id, config)
        fresh._on_checkpoint(data, cold=True)
        return fresh.checkpoint()

    def _seen(self, seat: int, intent: str | None) -> bool:
        """Whether ``seat`` (which must be taken) sent ``intent`` before; ``None`` is never seen."""
        occupant = self.occupant(seat)
        return intent is not None and intent in occupant.intents

    def _on_created(self, data: dict[str, Any], at: float) -> None:
        self.config = TableConfig.from_stored(data["config"])
        self.owner_hash = data["owner"]
        self.seats = [None] * self.config.seats
        self.tournament = TournamentPlay() if self.config.tournament is not None else None

    def _on_seated(self, data: dict[str, Any], at: float) -> None:
        seat = data["seat"]
        self.seats[seat] = Seat(data["name"], data["token"], data["bot"], data["buy_in"],
                                joined_after=self.hands_played, devices=list(data.get("devices", ())),
                                time_bank=self.config.time_bank)
        self.requests.pop(data.get("request", -1), None)
        if data.get("entry") and self.tournament is not None:
            self.tournament.entries.append({"name": data["name"], "bot": data["bot"] is not None})
        self.ledger.buy_in(data["name"], data["buy_in"], bot=data["bot"] is not None)
        self.recheck_choosing(at)

    def _on_left(self, data: dict[str, Any], at: float) -> None:
        seat = data["seat"]
        occupant = self.occupant(seat)
        occupant.leaving = True
        if not self.plays_on(seat):
            self._free(seat)
        elif seat in self.deadlines:
            self.deadlines[seat] = at
        self.recheck_choosing(at)

    def _on_sat_out(self, data: dict[str, Any], at: float) -> None:
        occupant = self.occupant(data["seat"])
        occupant.sitting_out = True
        # From the next deal on: the hand under way keeps its clock.
        occupant.away_from = self.hands_played + (2 if self.phase == "playing" else 1)
        self.recheck_choosing(at)

    def _on_back(self, data: dict[str, Any], at: float) -> None:
        occupant = self.occupant(data["seat"])
        occupant.sitting_out, occupant.timeouts = False, 0
        if self.phase == "playing" and data["seat"] in self.deadlines:
            self.deadlines[data["seat"]] = at + self.config.clock
        self.recheck_choosing(at)

    def _on_rebuy(self, data: dict[str, Any], at: float) -> None:
        occupant = self.occupant(data["seat"])
        occupant.stack += data["chips"]
        if data.get("by") == "asked":
            occupant.rebuy = 0
        if data.get("by") == "host":
            occupant.chips_asked = 0
        self.ledger.buy_in(occupant.name, data["chips"])
        self.recheck_choosing(at)

    def _on_rebuy_asked(self, data: dict[str, Any], at: float) -> None:
        occupant = self.occupant(data["seat"])
        occupant.rebuy = data["chips"]
        if data.get("by") == "host":
            occupant.chips_asked = 0

    def _on_rebuy_dropped(self, data: dict[str, Any], at: float) -> None:
        self.occupant(data["seat"]).rebuy = 0

    def _on_seat_code(self, data: dict[str, Any], at: float) -> None:
        self.occupant(data["seat"]).code = [data["code"], data["expires"]]

    def _on_seat_claimed(self, data: dict[str, Any], at: float) -> None:
        occupant = self.occupant(data["seat"])
        occupant.code = None
        occupant.devices.append(data["token"])

    def _on_chat(self, data: dict[str, Any], at: float) -> None:
        self.chat.append({**data, "seq": self.seq, "at": at})
        del self.chat[:-_CHAT_KEPT]

    def _on_chosen(self, data: dict[str, Any], at: float) -> None:
        self.series = Series(data["game"], tuple(data["variants"]))
        chooser = self.occupant(data["seat"])
        chooser.timeouts = chooser.timeouts + 1 if data["by"] == "clock" else 0
        self.chooser = None

    def _on_time_bank(self, data: dict[str, Any], at: float) -> None:
        seat = data["seat"]
        self.banking[seat] = at
        self.deadlines[seat] = at + self.occupant(seat).time_bank

    def _on_bomb_pot_called(self, data: dict[str, Any], at: float) -> None:
        self.bomb_pot_called = True

    def _on_dealt(self, data: dict[str, Any], at: float) -> None:
        assert self.series is not None
        if data["settings"].get("bomb_pot"):
            self.bomb_pot_called = False
        chance = Chance.replaying(self._chance.pop(data["number"], []), then=Chance())
        self.hand = start_hand(data, deck=parse_cards(data["deck"]), chance=chance)
        self.hand.dealt_seq = self.seq
        self.phase, self.wakes_at, self.deadlines = "playing", None, {}
        self._start_clocks(at)

    def _on_game_over(self, data: dict[str, Any], at: float) -> None:
        self.series = None
        self._open_choosing(at, pause=0.0)

    def _on_acted(self, data: dict[str, Any], at: float) -> None:
        seat, hand = data["seat"], self.hand
        assert hand is not None
        occupant = self.occupant(seat)
        hand.state.apply(hand.seats.index(seat), Action.from_json(data["action"]))
        occupant.timeouts = occupant.timeouts + 1 if data["by"] == "clock" else 0
        if data["by"] == "clock":
            hand.clocked[seat] = {"seq": self.seq, "action": data["action"]}
        if occupant.timeouts >= self.config.timeouts_to_sit_out:
            occupant.sitting_out, occupant.away_from = True, hand.number
        self.deadlines.pop(seat, None)
        self._spend_time_bank(seat, at)
        if hand.state.is_over:
            self._settle(hand, at)
        else:
            self._start_clocks(at)

    def _on_closing(self, data: dict[str, Any], at: float) -> None:
        self.closing = True

    def _on_closed(self, data: dict[str, Any], at: float) -> None:
        for seat, occupant in enumerate(self.seats):
            if occupant is not None:
                self._free(seat)
        self.phase, self.chooser, self.deadlines, self.wakes_at = "closed", None, {}, None
        self.closing = False

    def sat_for(self, seat: int, number: int) -> bool:
        """Whether the player now in ``seat`` sat there when hand ``number`` was dealt."""
        return self.occupant(seat).joined_after < number

    def plays_on(self, seat: int) -> bool:
        """Whether ``seat`` is dealt in the hand in play or the game of several deals under way."""
        in_hand = self.hand is not None and seat in self.hand.seats and not self.hand.state.is_over
        in_series = self.series is not None and self.series.seats is not None and seat in self.series.seats
        return in_hand or in_series

    def _free(self, seat: int) -> None:
        occupant = self.occupant(seat)
        self.ledger.cash_out(occupant.name, occupant.stack)
        self.seats[seat] = None
        self.deadlines.pop(seat, None)

    def occupant(self, seat: int | None) -> Seat:
        occupant = self.seats[seat] if type(seat) is int and 0 <= seat < len(self.seats) else None
        if occupant is None:
            raise RoomError(f"no one sits at seat {shown(seat)}")
        return occupant

    def _hand_of(self, seat: int) -> HandInPlay:
        hand = self.hand
        if hand is None or hand.state.is_over or self.phase != "playing":
            raise RoomError("no hand is being played now")
        if seat not in hand.seats:
            raise RoomError(f"seat {seat} is not dealt in this hand")
        return hand

    def _not_paused(self) -> None:
        if self.paused is not None:
            raise RoomError(f"{self.paused['by']} has paused the table: play goes on when the host "
                            "resumes it")

    def check_open(self) -> None:
        if self.phase == "closed":
            raise RoomError("this table is closed")
