"""A seat at a card-room table, played from this terminal (``homegame join``, ``homegame watch``).

The room decides everything; this face only shows what the room sends the seat and sends back
what the person types. The table is drawn with the same renderers, menus and sentences as the
terminal table (:mod:`homegame.cli.terminal`): the seat's view, the numbered choices of its legal
actions, the log of the hand and the table's chat. The screen is drawn again whenever the room
pushes a change, even while a person is typing (the line typed so far is kept).

Besides the game's own actions a person can type, at any time: ``say TEXT`` (chat), ``ledger``,
``sit out``, ``back``, ``rebuy N``, ``rules``, ``help`` and ``leave`` (give the seat up: you are
played out of the hand in progress and cash out); the table's owner (``--owner-token``) also
``bomb pot``, which calls one for the next hand. ``q`` (or Ctrl-D, Ctrl-C) only disconnects: the
seat stays yours, the clock plays for it, and the same token brings you back.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from homegame.cli.advice import advise, hint_in_menu
from homegame.cli.choices import Filling, Offer, offers, understand
from homegame.cli.help import action_help, question_help
from homegame.cli.host_commands import HOST_HELP, host_action, host_waiting
from homegame.cli.keyboards import Keyboard, keyboard_for
from homegame.cli.narrate import doing, tell
from homegame.cli.room_text import (
    in_hand,
    ledger_text,
    named,
    phase_line,
    result_line,
    seat_lines,
    time_left,
    top_up,
)
from homegame.cli.screen import Frame, TableConsole
from homegame.engine import Action, ActionSet, View
from homegame.errors import HomegameError
from homegame.games import foul_warning
from homegame.render import render_view
from homegame.room.client import SeatConnection, read_view
from homegame.wording import counted

__all__ = ["Keyboard", "RemoteTable", "keyboard_for"]

TABLE_HELP: Final = ("At any time: say TEXT (chat) · ledger · hint · sit out · back · rebuy N · rules · "
                     "leave (give up the seat) · q (disconnect; your token brings you back)")
WATCH_HELP: Final = "At any time: say TEXT (chat) · ledger · rules · q (stop watching)"
TABLE_BAR: Final = " say TEXT · ledger · hint · sit out · back · rebuy N · rules · leave · ?: help"
WATCH_BAR: Final = " say TEXT · ledger · rules · q: stop watching · ?: help"
"""The toolbars under the prompt: at most 80 columns, the narrowest terminal's width."""
_TICK: Final = 5.0
"""Seconds between the redraws of a running clock on a screen drawn in place."""


class RemoteTable:
    """One connection to a room table, shown on ``console`` and played from ``keyboard``."""

    def __init__(self, connection: SeatConnection, console: TableConsole, keyboard: Keyboard, *,
                 ledger: Callable[[], dict[str, Any]],
                 host: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                 bomb_pot: Callable[[], dict[str, Any]] | None = None) -> None:
        self.connection, self.console, self.keyboard = connection, console, keyboard
        self.ledger = ledger
        self.host = host
        """Sends one of the host's actions, for a player who joined with the host's token."""
        self.bomb_pot = bomb_pot
        """The host's call of a bomb pot (``None``: this person is not the table's host)."""
        self.look = console.look
        self.note = ""
        self._log: list[str] = []
        self._hand: tuple[int, int | None] = (-1, None)
        self._events_told = 0
        self._chat_told = 0
        self._clock_told = 0
        self._result = ""
        self._hinted: tuple[int, Action] | None = None
        self._rebuy_asked = 0
        self._away = False
        self._moves_told = 0

    async def run(self) -> str:
        """Play until the person leaves or disconnects, or the room closes the connection; why."""
        state = await self.connection.first_state()
        self.keyboard.toolbar = TABLE_BAR if state["you"]["seat"] is not None else WATCH_BAR
        while True:
            if self.connection.ended:
                final = self.connection.final_ledger
                return self.connection.why_closed() + ("" if final is None else "\n" + ledger_text(final))
            state = self.connection.state or state
            menu, legal, view = self._menu(state)
            self.console.show(self._frame(state, menu, view))
            try:
                text = await self._line(self._question(state), self._words(state, menu), gone=_any_change)
            except EOFError:
                return f"input ended: {_parting(state)}"
            if text is not None:
                ending = await self._take(text, state, menu, legal, view)
                if ending:
                    return ending

    async def _line(self, question: str, words: Sequence[str],
                    gone: Callable[[dict[str, Any]], bool]) -> str | None:
        """The line typed next, or ``None`` as soon as the table changes in a way ``gone`` says
        ends the question (a clock that played for the seat, for one). While the seat's clock runs,
        the question says the time left; on a screen drawn in place ``gone`` is asked every few
        seconds too, and the question asked again with the time left (what was typed is kept)
        unless ``gone`` ends it (the main prompt does, so the table is drawn again)."""
        version = self.connection.version
        while True:
            reading = asyncio.ensure_future(self.keyboard.line(self._timed(question), words))
            while True:
                changed = asyncio.ensure_future(self.connection.wait_changed(version))
                ticking = self.keyboard.redraws and self._time_left() is not None
                tick = asyncio.ensure_future(asyncio.sleep(_TICK if ticking else 3600))
                done, _ = await asyncio.wait({reading, changed, tick}, return_when=asyncio.FIRST_COMPLETED)
                changed.cancel()
                tick.cancel()
                if reading in done:
                    return reading.result()
                version = self.connection.version
                state = self.connection.state
                if self.connection.ended or state is None or gone(state):
                    await _cancel(reading)
                    return None
                if changed in done:
                    continue
                await _cancel(reading)
                break  # the tick: ask again, with the time left as it is now

    def _time_left(self) -> int | None:
        state = self.connection.state
        if state is None or not (state["you"]["to_act"] or state["you"]["choosing"]):
            return None
        return time_left(state, time.monotonic() - self.connection.received_at)

    def _timed(self, question: str) -> str:
        """``question`` with the seat's time left in front, while its clock runs."""
        left = self._time_left()
        return question if left is None else f"({left} s left) {question}"

    # -- what was typed -----------------------------------------------------------------------------

    async def _take(self, text: str, state: dict[str, Any], menu: list[Offer], legal: ActionSet | None,
                    view: View | None) -> str:
        """Carry out one typed line; a reason to stop, or ``""`` to go on."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        seated = state["you"]["seat"] is not None
        if word in ("q", "quit", "exit"):
            return _parting(state)
        if word in ("help", "?", "h"):
            game_help = action_help(menu, state["view"]["game"]) + "\n" if menu else ""
            self.note = game_help + (TABLE_HELP if state["you"]["seat"] is not None else WATCH_HELP)
            if state["you"].get("host"):
                self.note += f"\n{HOST_HELP}"
        elif word == "rules":
            self._show_rules(state)
        elif word == "ledger":
            self.note = ledger_text(await asyncio.to_thread(self.ledger))
        elif text.lower() in ("bomb pot", "bomb-pot"):
            await self._call_bomb_pot()
        elif word in ("say", "chat"):
            await self._send({"type": "chat", "text": rest})
        elif word == "host":
            await self._host(rest, state)
        elif not seated and text:
            self.note = f"Spectators watch: join a seat to play. {WATCH_HELP}"
        elif text.lower() in ("sit out", "sitout"):
            await self._send({"type": "sit_out"})
        elif text.lower() in ("back", "come back", "i'm back"):
            await self._send({"type": "come_back"})
        elif word == "rebuy":
            await self._rebuy(rest, state)
        elif word == "leave":
            return await self._leave(state)
        elif word == "hint":
            self._hint(state, menu, legal, view)
        elif state["you"]["choosing"]:
            await self._call_game(text, state)
        elif legal is not None and view is not None:
            await self._act(text, state, menu, legal, view)
        elif text:
            self.note = f"It is not your turn. {TABLE_HELP}"
        return ""

    async def _host(self, text: str, state: dict[str, Any]) -> None:
        """One of the host's commands (``host`` alone: what waits for the host's answer)."""
        if self.host is None or not state["you"].get("host"):
            self.note = "only the table's host has host commands: join with --owner and the host's token"
            return
        if not text.strip():
            self.note = f"{host_waiting(state)}\n{HOST_HELP}"
            return
        action = host_action(text)
        if isinstance(action, str):
            self.note = action
            return
        try:
            self.note = f"Done: {(await asyncio.to_thread(self.host, action))['done']}."
        except HomegameError as error:
            self.note = f"Not done: {error}."

    async def _act(self, text: str, state: dict[str, Any], menu: list[Offer], legal: ActionSet,
                   view: View) -> None:
        reading = understand(text, menu, legal)
        if isinstance(reading, str):
            self.note = reading
            return
        def decided(new: dict[str, Any]) -> bool:
            """The seat's decision is not the one being asked about any more (its clock played)."""
            return not new["you"]["to_act"] or new["legal"] != state["legal"]

        action = await self._fill(reading, decided) if isinstance(reading, Offer) else reading
        if action is None:
            return
        warning = foul_warning(view, action, legal)
        if warning:
            answer = await self._line(f"This fouls: {warning}. Take it anyway? [y/N] ", ["yes", "no"],
                                      gone=decided)
            if answer is None:
                return
            if answer.lower() not in ("y", "yes"):
                self.note = "Not taken: choose again."
                return
        await self._send({"type": "act", "action": action.to_json(), "seq": state["seq"]})

    async def _fill(self, offer: Offer, decided: Callable[[dict[str, Any]], bool]) -> Action | None:
        """Ask for what a template lacks, one question at a time; ``None`` goes back (an empty
        answer, or the seat's time running out meanwhile)."""
        filling = Filling(offer)
        while filling.question is not None:
            text = await self._line(filling.question, [], gone=decided)
            if not text:
                return None
            if text in ("?", "help"):
                self.console.say(question_help(filling.question))
                continue
            problem = filling.take(text)
            if problem:
                self.console.say(problem)
        return filling.action()

    def _hint(self, state: dict[str, Any], menu: list[Offer], legal: ActionSet | None,
              view: View | None) -> None:
        """The play the game's bots or solvers choose from this seat's view, made a choice."""
        if legal is None or view is None:
            self.note = "A hint is for your turn: ask for it when you are to act."
            return
        hinted, note = advise(view, legal, self.look)
        self._hinted = (state["seq"], hinted)
        self.note, _ = hint_in_menu(hinted, note, menu, self.look)

    async def _call_game(self, text: str, state: dict[str, Any]) -> None:
        """The dealer's call: a game by number or name, then the variants wanted, by name."""
        games = state["table"]["choosable"]
        first, *variants = text.split()
        game = games[int(first) - 1] if first.isdigit() and 1 <= int(first) <= len(games) else first.lower()
        await self._send({"type": "choose", "game": game, "variants": variants})

    async def _call_bomb_pot(self) -> None:
        """The host's call of a bomb pot for the next hand of a game that has them."""
        if self.bomb_pot is None:
            self.note = "Only the table's host calls a bomb pot (homegame join ... --owner TOKEN)."
            return
        try:
            called = await asyncio.to_thread(self.bomb_pot)
        except HomegameError as error:
            self.note = str(error)
            return
        self.note = (f"Bomb pot called: the next hand of {' or '.join(called['games'])} starts with "
                     f"{counted(called['chips'], 'chip')} from everyone.")

    async def _rebuy(self, rest: str, state: dict[str, Any]) -> None:
        """A rebuy: made now between hands, or by the room when the hand this seat plays ends."""
        chips = int(rest) if rest.strip().isdigit() else top_up(state)
        if await self._send({"type": "rebuy", "chips": chips}):
            self.note = (f"Your rebuy of {counted(chips, 'chip')} is made when this hand ends."
                         if in_hand(state) else f"You rebought {counted(chips, 'chip')}.")

    def _rebuy_note(self, state: dict[str, Any]) -> str:
        """Said once a rebuy asked for during a hand is made, when the hand ends."""
        seat = state["you"]["seat"]
        mine = state["table"]["seats"][seat] if seat is not None else None
        asked, self._rebuy_asked = self._rebuy_asked, mine["rebuy"] if mine else 0
        if asked and mine and not mine["rebuy"]:
            return f"Your rebuy is made: you have {counted(mine['stack'], 'chip')}."
        return ""

    async def _leave(self, state: dict[str, Any]) -> str:
        if in_hand(state):
            answer = await self._line("You are in this hand: leaving gives it up (the rules play your seat "
                                      "out) and cashes you out. Leave now? [y/N] ", ["yes", "no"],
                                      gone=_no_change)
            if (answer or "").lower() not in ("y", "yes"):
                self.note = "You stay at the table."
                return ""
        if await self._send({"type": "leave"}):
            return "you left the table and cashed out"
        return ""

    async def _send(self, message: dict[str, Any]) -> bool:
        """Send an intent; the room's refusal, if any, becomes the note. Nothing is sent while the
        room is away (the person is told to send it again once it is back)."""
        if not self.connection.connected:
            self.note = "The room is away: this was not sent. Type it again once the table is back."
            return False
        answer = await self.connection.send(message)
        self.note = answer["message"] if answer["type"] == "error" else ""
        return bool(answer["type"] == "ack")

    # -- what is shown --------------------------------------------------------------------------------

    def _menu(self, state: dict[str, Any]) -> tuple[list[Offer], ActionSet | None, View | None]:
        view = read_view(state["view"]) if state["view"] is not None else None
        if not state["you"]["to_act"] or view is None:
            return [], None, view
        legal = ActionSet.from_json(state["legal"])
        menu = offers(legal, view, self.look)
        if self._hinted is not None and self._hinted[0] == state["seq"]:
            _, menu = hint_in_menu(self._hinted[1], "", menu, self.look)
        return menu, legal, view

    def _frame(self, state: dict[str, Any], menu: Sequence[Offer], view: View | None) -> Frame:
        table, you = state["table"], state["you"]
        hand = table["hand"]
        key = (hand["number"] if hand else -1, you["player"])
        self._told(state, key, view)
        playing = f"hand {hand['number']}: {hand['title']}" if hand else "dealer's choice"
        title = f"{table['name']} · {playing}"
        lines = seat_lines(state) + (render_view(view, named(self.look, state)) if view is not None else [])
        if you["choosing"]:
            choices = [f"{n}) {game}" for n, game in enumerate(table["choosable"], 1)]
        else:
            choices = [f"{n}) {offer.label}" for n, offer in enumerate(menu, 1)]
        notes = [self._connection_note(), self._clock_note(state), self._rebuy_note(state), self.note]
        self.note = ""
        return Frame(title, lines, phase_line(state), list(self._log), choices,
                     "\n".join(note for note in notes if note), key)

    def _connection_note(self) -> str:
        moves = self.connection.moves
        if len(moves) > self._moves_told:
            self._moves_told = len(moves)
            return f"The tournament moved you, with your chips, to table {moves[-1]} to balance its tables."
        if not self.connection.connected:
            self._away = True
            return ("The connection to the room was lost: connecting again by itself. Your seat is "
                    "kept and the clocks stand still until the room is back.")
        if self._away:
            self._away = False
            return "Connected again: you are back at the table."
        return ""

    def _clock_note(self, state: dict[str, Any]) -> str:
        """What the clock took for this seat when its time ran out, said once."""
        clocked = state["you"]["clock_chose"]
        if clocked is None or clocked["seq"] <= self._clock_told:
            return ""
        self._clock_told = clocked["seq"]
        chosen = doing(Action.from_json(clocked["action"]), self.look)
        return f"Time ran out: the clock chose to {chosen} for you."

    def _told(self, state: dict[str, Any], key: tuple[int, int | None], view: View | None) -> None:
        """Add to the log what is new: the hand's events as sentences, the chat said during it, and
        once it is over its result, which the next hand's log begins with."""
        if key != self._hand:
            self._hand, self._log, self._events_told = key, [self._result] if self._result else [], 0
        if view is not None:
            for event in view.log[self._events_told:]:
                sentence = tell(event, view.seat, named(self.look, state))
                if sentence:
                    self._log.append(sentence)
            self._events_told = len(view.log)
        hand = state["table"]["hand"]
        dealt = hand["dealt_seq"] if hand else 0
        for line in self.connection.chat_lines:
            if line["seq"] > self._chat_told:
                if line["seq"] > dealt:  # a line from before this hand was told with that hand
                    self._log.append(f"{line['name']} says: {line['text']}")
                self._chat_told = line["seq"]
        result = result_line(state)
        if result and result != self._result:
            self._result = result
            self._log.append(result)

    @staticmethod
    def _question(state: dict[str, Any]) -> str:
        if state["you"]["choosing"]:
            return "Your call: a game (number or name, then any variants)> "
        return "> " if state["you"]["to_act"] else ""

    @staticmethod
    def _words(state: dict[str, Any], menu: Sequence[Offer]) -> list[str]:
        words = [o.action.kind for o in menu if o.action is not None]
        return [*words, *state["table"]["choosable"], "say", "ledger", "rules", "leave", "hint", "help"]

    def _show_rules(self, state: dict[str, Any]) -> None:
        from homegame.games.pages import rules_text

        hand = state["table"]["hand"]
        names = [hand["game"]] if hand else state["table"]["choosable"][:1]
        self.console.page(rules_text(names[0]) if names else "No game is being played yet.")


def _any_change(state: dict[str, Any]) -> bool:
    return True


def _no_change(state: dict[str, Any]) -> bool:
    return False


async def _cancel(task: asyncio.Future[Any]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def _parting(state: dict[str, Any]) -> str:
    """What leaving the terminal does: a player's seat stays, played by the clock; a spectator
    simply stops watching."""
    if state["you"]["seat"] is None:
        return "you stop watching"
    return "you are disconnected; your seat is kept, and the clock plays for it"
