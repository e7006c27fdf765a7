"""A card-room table, event-sourced: seats, the dealer's choice, the hand in play, the clock.

Everything that happens at a table is a :class:`TableEvent` (a player sat down, the dealer called
Papayoo, seat 2 raised to 8...), and :meth:`Table.apply` is the only thing that changes a table.
The requests people make (``join``, ``choose``, ``act``, ``chat``...) check themselves against the
table and the engine, then record the events they make with :meth:`Table.record`; the card room
writes those to its store before it tells anyone, and rebuilds a table after a restart by applying
its stored events again (:meth:`Table.restore`). No rule of any game is decided here: a hand is the
engine's :class:`~homegame.engine.GameState`, and an action is legal when the engine says so.

A table moves through phases: ``waiting`` (fewer than two players who can be dealt in), ``choosing``
(the dealer names the next game, under the clock), ``playing`` (a hand is on), ``between`` (the short
pause before the next deal of a game that runs over several deals, or of a table's only game, which
no one calls) and ``closed``.

>>> config = {"name": "Friday", "games": ["draw", "papayoo"], "bots": 1, "clock": 5, "pause": 2}
>>> table = Table.create("t1", TableConfig.from_json(config), at=0.0)
>>> seat = table.join("ann", token_hash="h", at=1.0)
>>> table.phase, table.chooser
('choosing', 0)
>>> table = Table.create("t2", TableConfig.from_json({**config, "games": ["draw"]}), at=0.0)
>>> seat = table.join("ann", token_hash="h", at=1.0)
>>> table.phase, table.chooser, table.wakes_at
('between', None, 3.0)
"""

from __future__ import annotations

import hmac
import math
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

from homegame.cards import Card, format_cards
from homegame.engine import Action, Chance
from homegame.errors import HomegameError, NotAllowed, RoomError, did_you_mean, shown
from homegame.room.config import BOT_NAMES, TableConfig
from homegame.room.devices import CODE_LIFETIME, MOST_DEVICES
from homegame.room.hands import chance_by_hand, start_hand
from homegame.room.names import display_name, same_name, taken_alike
from homegame.room.seats import HOUSE
from homegame.room.table_chips import TableChips
from homegame.room.table_state import TableEvent
from homegame.room.tournament_table import TournamentRequests
from homegame.wording import counted

__all__ = ["CHAT_LONGEST", "MOST_REQUESTS", "Shuffle", "Table", "TableEvent"]

CHAT_LONGEST: Final = 500
MOST_REQUESTS: Final = 12
"""The most seat requests a table keeps waiting for its host's answer at once."""
Shuffle = Callable[[Sequence[Card]], list[Card]]
"""How the room shuffles a deck for a deal (the operating system's randomness when live)."""


class Table(TableChips, TournamentRequests):
    """One table of the card room (see the module's docstring). Build it with :meth:`create` or
    :meth:`restore`."""

    # -- building a table ---------------------------------------------------------------------

    @classmethod
    def create(cls, table_id: str, config: TableConfig, *, at: float, owner_hash: str = "") -> Table:
        """A new table, with its bots seated from seat 0."""
        table = cls(table_id, config)
        table.record("created", {"config": config.to_json(), "owner": owner_hash}, at)
        for seat in range(config.bots):
            table.record("seated", {"seat": seat, "name": f"{BOT_NAMES[seat]} (bot)", "token": None,
                                    "bot": config.bot_level, "buy_in": config.buy_in}, at)
        return table

    @classmethod
    def restore(cls, table_id: str, events: Iterable[TableEvent]) -> Table:
        """The table its stored events describe, exactly as it was: same hand, cards, clock.

        The events start with the table's creation or with a checkpoint (see :meth:`checkpoint`)
        taken before the last hand was dealt, so that hand is dealt and played again too.
        """
        *_, (table, _) = cls.replaying(table_id, events)
        return table

    @classmethod
    def replaying(cls, table_id: str, events: Iterable[TableEvent]) -> Iterator[tuple[Table, TableEvent]]:
        """The table its stored events describe, read event by event: after each, the table (one
        table, changing as it goes) and the event just applied (see :meth:`restore`)."""
        events = list(events)
        if not events or events[0].kind not in ("created", "checkpoint"):
            raise RoomError(f"table {table_id}'s log starts with neither its creation nor a checkpoint")
        table = cls(table_id, TableConfig.from_stored(events[0].data["config"]))
        table.seq = events[0].seq - 1
        table._chance = chance_by_hand(events)
        for event in events:
            table.apply(event)
            yield table, event

    # -- requests -----------------------------------------------------------------------------

    def join(self, name: object, *, token_hash: str, at: float, seat: object = None,
             chips: object = None, host_hash: str | None = None, member: dict[str, Any] | None = None) -> int:
        """Seat ``name`` (at ``seat``, or the first free one) with the table's buy-in, or with
        ``chips`` up to its ``max_buy_in`` where the table allows deep stacks; ``member`` is the
        club member the player's key showed them to be (see :mod:`homegame.room.clubs`). The host
        sitting down gives ``host_hash``, the hash of the host's token, which opens the seat too (so
        the host's actions go by the seat's name)."""
        shown_name, seat, brought = self.newcomer(name, seat, chips)
        devices = {"devices": [host_hash]} if host_hash else {}
        self.record("seated", {"seat": seat, "name": shown_name, "token": token_hash, "bot": None,
                               "buy_in": brought, **devices} | ({"member": member} if member else {}), at)
        return seat

    def ask(self, name: object, *, token_hash: str, at: float, seat: object = None,
            chips: object = None, member: dict[str, Any] | None = None) -> int:
        """Ask the host for a seat (at a table where players ask to sit) under ``name``, at ``seat``
        if given, bringing ``chips`` where the table allows deep stacks, as the club ``member`` if
        their key showed one: the request's number. The asker watches until the host answers; the
        token whose hash is given opens the seat then."""
        shown_name, _, brought = self.newcomer(name, None, chips)
        if seat is not None:
            self._free_seat(seat)
        waiting = sum(not request.refused for request in self.requests.values())
        if waiting >= MOST_REQUESTS:
            raise RoomError(f"{waiting} people are waiting for the host's answer here already: ask again "
                            "once the host has answered some")
        self.record("asked", {"name": shown_name, "token": token_hash, "chips": brought, "seat": seat}
                    | ({"member": member} if member else {}), at)
        return self.seq

    def newcomer(self, name: object, seat: object, chips: object, *,
                  request: int | None = None) -> tuple[str, int, int]:
        """The name, seat and chips of someone who sits down (or asks to: ``request``, the one
        being answered, whose own name does not count against it), checked against the table."""
        self.check_open()
        if self.closing:
            raise RoomError("this table closes when the hand in play ends: it seats no one now")
        if self.tournament is not None:
            raise RoomError("a tournament's table seats its entries: enter the tournament instead")
        shown_name = display_name(name)
        names = [s.name for s in self.seats if s is not None]
        names += [r.name for number, r in self.requests.items() if not r.refused and number != request]
        alike = taken_alike(shown_name, names)
        if alike is not None:
            raise RoomError(f"someone called {alike} already sits here; choose another name", field="name")
        if same_name(shown_name, HOUSE):
            raise RoomError(f"'{HOUSE}' is the ledger's name for the house's chips; choose another name",
                            field="name")
        return shown_name, self._free_seat(seat), self.chips_brought(chips)

    def _free_seat(self, seat: object) -> int:
        """``seat`` if it is free (``None``: the first free seat); :class:`RoomError` otherwise."""
        free = [index for index, s in enumerate(self.seats) if s is None]
        if seat is None:
            if not free:
                raise RoomError(f"all {self.config.seats} seats are taken")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise RoomError(f"there is no seat {shown(seat)}: the seats are 0 to {len(self.seats) - 1}")
        if seat not in free:
            raise RoomError(f"seat {seat} is taken; free seats: {', '.join(map(str, free)) or 'none'}")
        return seat

    def leave(self, seat: int, *, at: float, intent: str | None = None) -> bool:
        """Take ``seat`` from the table: at once between hands, or when its game ends (its turns
        in the meantime fold where folding exists and take the game's default elsewhere).

        Every request of a seat takes an ``intent``, the id its client chose: a request whose intent
        was taken already changes nothing and answers ``False``."""
        if self._seen(seat, intent):
            return False
        if self.tournament is not None:
            raise RoomError("no one cashes out of a tournament: sit out, and the clock plays your hands")
        self.record("left", {"seat": seat, "intent": intent}, at)
        return True

    def sit_out(self, seat: int, *, at: float, intent: str | None = None) -> bool:
        if self._seen(seat, intent):
            return False
        if self.occupant(seat).sitting_out:
            raise RoomError("you already sit out")
        self.record("sat_out", {"seat": seat, "intent": intent}, at)
        return True

    def come_back(self, seat: int, *, at: float, intent: str | None = None) -> bool:
        if self._seen(seat, intent):
            return False
        if not self.occupant(seat).sitting_out:
            raise RoomError("you are not sitting out")
        self.record("back", {"seat": seat, "intent": intent}, at)
        return True

    def issue_code(self, seat: int, code_hash: str, *, at: float) -> float:
        """A code (kept as its hash) that opens ``seat`` on another device, once, until the moment
        returned; the seat's earlier code no longer does (see :mod:`homegame.room.devices`)."""
        self.check_open()
        occupant = self.occupant(seat)
        if len(occupant.devices) >= MOST_DEVICES:
            raise RoomError(f"your seat is open on {MOST_DEVICES + 1} devices already, the most it may be")
        expires = at + CODE_LIFETIME
        self.record("seat_code", {"seat": seat, "code": code_hash, "expires": expires}, at)
        return expires

    def claim(self, code_hash: str, token_hash: str, *, at: float) -> int:
        """The seat the code of ``code_hash`` opens, from now on with the token of ``token_hash``
        too; :class:`NotAllowed` for a code that opens no seat, or no longer does."""
        self.check_open()
        for seat, occupant in enumerate(self.seats):
            if occupant is not None and occupant.code and hmac.compare_digest(occupant.code[0], code_hash):
                if at > occupant.code[1]:
                    raise NotAllowed("that code has expired: ask your seat's device for a new one")
                self.record("seat_claimed", {"seat": seat, "code": code_hash, "token": token_hash}, at)
                return seat
        raise NotAllowed("that code opens no seat at this table (a code is used once): check it, or ask "
                         "your seat's device for a new one")

    def say(self, seat: int, text: object, *, at: float, intent: str | None = None) -> bool:
        """A line of chat from ``seat`` (text only, at most :data:`CHAT_LONGEST` characters)."""
        self.check_open()
        if self._seen(seat, intent):
            return False
        if not isinstance(text, str) or not text.strip() or len(text) > CHAT_LONGEST or not _plain(text):
            raise RoomError(f"a chat line is 1 to {CHAT_LONGEST} characters of text, without control "
                            "characters")
        self.record("chat", {"seat": seat, "name": self.occupant(seat).name, "text": text.strip(),
                             "intent": intent}, at)
        return True

    def choose(self, seat: int, game: object, variants: object, *, at: float, shuffle: Shuffle,
               by: str = "player", intent: str | None = None) -> bool:
        """The dealer calls the next game (and its variants), and its first hand is dealt."""
        if self._seen(seat, intent):
            return False
        self._not_paused()
        if self.phase != "choosing":
            raise RoomError("no game is to be called now: the dealer calls one between games")
        if seat != self.chooser:
            caller = self.seats[self.chooser] if self.chooser is not None else None
            who = caller.name if caller is not None else "the dealer"
            raise RoomError(f"it is not your call: {who} calls the next game")
        opens = self.call_opens_at()
        if opens is not None and at < opens:
            left = counted(math.ceil(opens - at), "second")
            raise RoomError(f"the last hand stays on the table for {left} more: call the next game then")
        if not isinstance(game, str) or game not in self.choosable():
            raise RoomError(f"{shown(game)} cannot be dealt now; the dealer may call "
                            f"{', '.join(self.choosable()) or 'nothing (not enough players)'}")
        allowed = self.config.choice(game).variants
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise RoomError(f"variants are a list of their names, not {shown(variants)}")
        unknown = [v for v in variants if v not in allowed]
        if unknown:
            offered = f"the dealer may switch on {', '.join(allowed)}" if allowed else "it is dealt as it is"
            raise RoomError(f"{game} has no variant {unknown[0]} at this table"
                            f"{did_you_mean(unknown[0], allowed)}; {offered}")
        try:
            self._configure(game, variants, seats=self.players_for(game))
        except HomegameError as error:
            raise RoomError(f"those variants cannot be played together: {error}") from None
        self.record("chosen", {"seat": seat, "game": game, "variants": list(dict.fromkeys(variants)),
                               "by": by, "intent": intent}, at)
        self.deal(at=at, shuffle=shuffle)
        return True

    def deal(self, *, at: float, shuffle: Shuffle) -> None:
        """Deal the next hand of the game being played, its deck shuffled by ``shuffle``; if the
        game cannot go on with its players (too few have chips left), it ends there instead, and
        a game the table deals on its own waits for players who can be dealt it."""
        series = self.series
        self._not_paused()
        if series is None or self.phase not in ("choosing", "between"):
            raise RoomError("there is no game to deal now")
        if self.dealing_alone and series.game not in self.choosable():
            self.record("game_over", {"reason": f"{series.game} cannot be dealt to the players here now"}, at)
            return
        seats = series.seats or tuple(self.players_for(series.game))
        level, _, _ = self.level_at(at)
        chips = self._configure(series.game, list(series.variants), seats=seats, level=level).starting_stack
        settings = self.config.settings_for(series.game, series.variants, seats, level=level)
        if self._bomb_pot_due(series.game):
            settings["bomb_pot"] = self.config.bomb_pot
        deal = {"number": self.hands_played + 1, "game": series.game, "variants": list(series.variants),
                "settings": settings,
                "seats": list(seats),
                "dealer": min(range(len(seats)), key=lambda i: (seats[i] - self.button) % len(self.seats)),
                "stacks": None if chips is None else [self.occupant(s).stack for s in seats],
                "carry": series.carry}
        try:
            deck = shuffle(start_hand(deal, deck=None, chance=Chance()).game.deck)
        except HomegameError as error:
            self.record("game_over", {"reason": str(error)}, at)
            return
        self.record("dealt", {**deal, "deck": format_cards(deck)}, at)

    def _bomb_pot_due(self, game: str) -> bool:
        """Whether the next hand, of ``game``, is a bomb pot: one was called, or it is the table's
        every so many hands, and the game has bomb pots."""
        config = self.config
        if game not in config.bomb_pot_games:
            return False
        return self.bomb_pot_called or bool(config.bomb_pot_every
                                            and (self.hands_played + 1) % config.bomb_pot_every == 0)

    def call_bomb_pot(self, *, at: float) -> bool:
        """The host calls a bomb pot: the next hand of a game that has bomb pots is one (everyone
        puts the table's ``bomb_pot`` in, and the hand skips its first betting round)."""
        self.check_open()
        games = self.config.bomb_pot_games
        if not games:
            raise RoomError("this table deals no bomb pots: it sets no bomb_pot amount")
        if self.bomb_pot_called:
            raise RoomError(f"a bomb pot is called already: the next hand of {' or '.join(games)}")
        self.record("bomb_pot_called", {}, at)
        return True

    def draw_time_bank(self, seat: int, *, at: float) -> bool:
        """``seat``'s clock has run out on its turn: it draws on its time bank, which keeps the turn
        open that many seconds more (``False``, and nothing changes, when it has no bank left, is
        drawing already, is away, or its clock has not run out)."""
        occupant = self.occupant(seat)
        hand = self.hand
        if self.phase != "playing" or hand is None or seat in self.banking or occupant.time_bank <= 0 \
                or at < self.deadlines.get(seat, float("inf")) or occupant.leaving \
                or (occupant.sitting_out and hand.number >= occupant.away_from):
            return False
        self.record("time_bank", {"seat": seat, "seconds": occupant.time_bank}, at)
        return True

    def act(self, seat: int, action: object, *, intent: str | None, at: float, by: str = "player") -> bool:
        """Take ``action`` (an :class:`Action`) for ``seat`` in the hand in play; ``False`` when
        ``intent`` was taken already (a resent message), which changes nothing.

        ``by`` says who took it: the player, a bot, the ``clock`` (the seat's time ran out) or
        ``away`` (the seat left, and the rules play for it)."""
        if self._seen(seat, intent):
            return False
        self._not_paused()
        if by in ("clock", "away") and at < self.deadlines.get(seat, float("inf")):
            raise RoomError(f"seat {seat}'s clock has not run out")
        hand = self._hand_of(seat)
        player = hand.seats.index(seat)
        state = hand.state
        if not isinstance(action, Action) or action not in state.legal_actions(player):
            raise RoomError(state.explain_illegal(player, action))
        mark = len(state.history.events)
        event = self.record("acted", {"seat": seat, "action": action.to_json(), "intent": intent,
                                      "by": by, "chance": []}, at)
        event.data["chance"] = [e.data["outcome"] for e in state.history.events[mark:] if e.kind == "chance"]
        if state.is_over:
            self._end_hand(at)
        return True

    def _end_hand(self, at: float) -> None:
        """After a hand: the house buys its broke bots back in, then the table closes if its owner
        asked it to, or takes a checkpoint to be read back from."""
        self.rebuys_after_the_hand(at)
        if self.closing:
            self.record("closed", {}, at)
        else:
            self.record("checkpoint", self.checkpoint(), at)

    def close(self, *, at: float) -> bool:
        """Close the table: everyone takes their stack, and it deals no more. Between hands it
        closes at once (``True``); during one, when that hand ends (``False``), and seats no one
        in the meantime."""
        self.check_open()
        if self.hand is not None and not self.hand.state.is_over:
            if not self.closing:
                self.record("closing", {}, at)
            return False
        self.record("closed", {}, at)
        return True


_UNPLAIN: Final = frozenset({"Cc", "Cs"})
"""Control characters and lone surrogates (which no UTF-8 text can carry): neither belongs in a
line of chat."""
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reverse the text after them, which would let a line pass for another."""


def _plain(text: str) -> bool:
    """Whether ``text`` is plain text to show: emoji joined with zero-width joiners are, a lone
    surrogate or an escape sequence is not."""
    return not any(unicodedata.category(c) in _UNPLAIN or c in _BIDI_CONTROLS for c in text)
