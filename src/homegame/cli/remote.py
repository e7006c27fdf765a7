"""A seat at a card-room table, played from this terminal (``homegame join``, ``homegame watch``).

The room decides everything; this face only shows what the room sends the seat and sends back
what the person types. The table is drawn with the same renderers, menus and sentences as the
terminal table (:mod:`homegame.cli.terminal`): the seat's view, the numbered choices of its legal
actions, the log of the hand and the table's chat. The screen is drawn again whenever the room
pushes a change, even while a person is typing (the line typed so far is kept).

Besides the game's own actions a person can type, at any time: ``say TEXT`` (chat), ``ledger``,
``sit out``, ``back``, ``rebuy N``, ``rules``, ``help`` and ``leave`` (give the seat up: you are
played out of the hand in progress and cash out). ``q`` (or Ctrl-D, Ctrl-C) only disconnects: the
seat stays yours, the clock plays for it, and the same token brings you back.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from homegame.cli.choices import Filling, Offer, offers, understand
from homegame.cli.help import action_help, question_help
from homegame.cli.narrate import tell
from homegame.cli.screen import Frame, PlainConsole, TableConsole, TerminalConsole
from homegame.engine import Action, ActionSet, View
from homegame.games import foul_warning
from homegame.render import Style, render_view
from homegame.room.client import SeatConnection, read_view
from homegame.wording import counted

__all__ = ["Keyboard", "RemoteTable", "keyboard_for"]

TABLE_HELP = ("At any time: say TEXT (chat) · ledger · sit out · back · rebuy N · rules · leave (give up "
              "the seat) · q (disconnect; your token brings you back)")


class Keyboard(Protocol):
    """Where typed lines come from; a line being typed can be abandoned (cancelled) when the
    table changes and asked for again, keeping what was typed."""

    async def line(self, question: str, words: Sequence[str]) -> str:
        """The next line; ``EOFError`` when input has ended."""


class _PromptKeyboard:
    """prompt_toolkit's prompt, run in the event loop (so the room is heard while a person types)."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.shortcuts import CompleteStyle

        self.session: Any = PromptSession(complete_style=CompleteStyle.READLINE_LIKE,
                                          reserve_space_for_menu=0)
        self.typed = ""

    async def line(self, question: str, words: Sequence[str]) -> str:
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(list(dict.fromkeys(words)), ignore_case=True) if words else None
        try:
            text: str = await self.session.prompt_async(question, completer=completer, default=self.typed,
                                                        bottom_toolbar=" " + TABLE_HELP)
        except asyncio.CancelledError:
            self.typed = self.session.default_buffer.text
            raise
        except KeyboardInterrupt:
            text = "q"
        self.typed = ""
        return text.strip()


class _LineKeyboard:
    """Lines from a plain stream (a pipe, a file, ``TERM=dumb``), read by a thread of their own so
    that waiting for one never holds up the room's messages."""

    def __init__(self, console: PlainConsole) -> None:
        self.console = console
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                text = console.stream_in.readline()
                loop.call_soon_threadsafe(self.lines.put_nowait, text.strip() if text else None)
                if not text:
                    return
        threading.Thread(target=read, daemon=True, name="homegame-keyboard").start()

    async def line(self, question: str, words: Sequence[str]) -> str:
        if question:
            self.console.out.file.write(question)
            self.console.out.file.flush()
        text = await self.lines.get()
        if text is None:
            raise EOFError
        return text


def keyboard_for(console: TableConsole) -> Keyboard:
    """The keyboard that goes with ``console`` (call it inside the running event loop)."""
    if isinstance(console, TerminalConsole):
        return _PromptKeyboard()
    assert isinstance(console, PlainConsole)
    return _LineKeyboard(console)


class RemoteTable:
    """One connection to a room table, shown on ``console`` and played from ``keyboard``."""

    def __init__(self, connection: SeatConnection, console: TableConsole, keyboard: Keyboard, *,
                 ledger: Callable[[], dict[str, Any]]) -> None:
        self.connection, self.console, self.keyboard = connection, console, keyboard
        self.ledger = ledger
        self.look = console.look
        self.note = ""
        self.leaving = False
        self._log: list[str] = []
        self._hand: tuple[int, int | None] = (-1, None)
        self._events_told = 0
        self._chat_told = 0

    async def run(self) -> str:
        """Play until the person leaves or disconnects, or the room closes the connection; why."""
        await self.connection.first_state()
        version = -1
        while True:
            if self.connection.ended:
                final = self.connection.final_ledger
                return self.connection.why_closed() + ("" if final is None else "\n" + ledger_text(final))
            state = self.connection.state
            if state is None:
                version = await self.connection.wait_changed(version)
                continue
            version = self.connection.version
            menu, legal, view = self._menu(state)
            self.console.show(self._frame(state, menu, view))
            question, words = self._question(state), self._words(state, menu)
            reading = asyncio.ensure_future(self.keyboard.line(question, words))
            changed = asyncio.ensure_future(self.connection.wait_changed(version))
            await asyncio.wait({reading, changed}, return_when=asyncio.FIRST_COMPLETED)
            if not reading.done():
                reading.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reading
                continue
            changed.cancel()
            try:
                text = reading.result()
            except EOFError:
                return f"input ended: {_parting(state)}"
            ending = await self._take(text, state, menu, legal, view)
            if ending:
                return ending

    # -- what was typed -----------------------------------------------------------------------------

    async def _take(self, text: str, state: dict[str, Any], menu: list[Offer], legal: ActionSet | None,
                    view: View | None) -> str:
        """Carry out one typed line; a reason to stop, or ``""`` to go on."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("q", "quit", "exit"):
            return _parting(state)
        if word in ("help", "?", "h"):
            self.note = (action_help(menu, state["view"]["game"]) + "\n" if menu else "") + TABLE_HELP
        elif word == "rules":
            self._show_rules(state)
        elif word == "ledger":
            self.note = ledger_text(await asyncio.to_thread(self.ledger))
        elif word in ("say", "chat"):
            await self._send({"type": "chat", "text": rest})
        elif text.lower() in ("sit out", "sitout"):
            await self._send({"type": "sit_out"})
        elif text.lower() in ("back", "come back", "i'm back"):
            await self._send({"type": "come_back"})
        elif word == "rebuy":
            chips = int(rest) if rest.strip().isdigit() else _top_up(state)
            await self._send({"type": "rebuy", "chips": chips})
        elif word == "leave":
            if await self._send({"type": "leave"}):
                return "you left the table and cashed out"
        elif state["you"]["choosing"]:
            await self._call_game(text, state)
        elif legal is not None and view is not None:
            await self._act(text, state, menu, legal, view)
        elif text:
            self.note = f"It is not your turn. {TABLE_HELP}"
        return ""

    async def _act(self, text: str, state: dict[str, Any], menu: list[Offer], legal: ActionSet,
                   view: View) -> None:
        reading = understand(text, menu, legal)
        if isinstance(reading, str):
            self.note = reading
            return
        action = await self._fill(reading) if isinstance(reading, Offer) else reading
        if action is None:
            return
        warning = foul_warning(view, action, legal)
        question = f"This fouls: {warning}. Take it anyway? [y/N] "
        if warning and (await self.keyboard.line(question, ["yes", "no"])).lower() not in ("y", "yes"):
            self.note = "Not taken: choose again."
            return
        await self._send({"type": "act", "action": action.to_json(), "seq": state["seq"]})

    async def _fill(self, offer: Offer) -> Action | None:
        """Ask for what a template lacks, one question at a time; ``None`` goes back."""
        filling = Filling(offer)
        while filling.question is not None:
            text = await self.keyboard.line(filling.question, [])
            if not text:
                return None
            if text in ("?", "help"):
                self.console.say(question_help(filling.question))
                continue
            problem = filling.take(text)
            if problem:
                self.console.say(problem)
        return filling.action()

    async def _call_game(self, text: str, state: dict[str, Any]) -> None:
        """The dealer's call: a game by number or name, then the variants wanted, by name."""
        games = state["table"]["choosable"]
        first, *variants = text.split()
        game = games[int(first) - 1] if first.isdigit() and 1 <= int(first) <= len(games) else first.lower()
        await self._send({"type": "choose", "game": game, "variants": variants})

    async def _send(self, message: dict[str, Any]) -> bool:
        """Send an intent; the room's refusal, if any, becomes the note."""
        answer = await self.connection.send(message)
        self.note = answer["message"] if answer["type"] == "error" else ""
        return bool(answer["type"] == "ack")

    # -- what is shown --------------------------------------------------------------------------------

    def _menu(self, state: dict[str, Any]) -> tuple[list[Offer], ActionSet | None, View | None]:
        view = read_view(state["view"]) if state["view"] is not None else None
        if not state["you"]["to_act"] or view is None:
            return [], None, view
        legal = ActionSet.from_json(state["legal"])
        return offers(legal, view, self.look), legal, view

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
        note, self.note = self.note, ""
        return Frame(title, lines, phase_line(state), list(self._log), choices, note, key)

    def _told(self, state: dict[str, Any], key: tuple[int, int | None], view: View | None) -> None:
        """Add to the log what is new: the hand's events as sentences, then the chat."""
        if key != self._hand:
            self._hand, self._log, self._events_told = key, [], 0
        if view is not None:
            for event in view.log[self._events_told:]:
                sentence = tell(event, view.seat, named(self.look, state))
                if sentence:
                    self._log.append(sentence)
            self._events_told = len(view.log)
        for line in self.connection.chat_lines:
            if line["seq"] > self._chat_told:
                self._log.append(f"{line['name']} says: {line['text']}")
                self._chat_told = line["seq"]

    def _question(self, state: dict[str, Any]) -> str:
        if state["you"]["choosing"]:
            return "Your call: a game (number or name, then any variants)> "
        return "> " if state["you"]["to_act"] else ""

    @staticmethod
    def _words(state: dict[str, Any], menu: Sequence[Offer]) -> list[str]:
        words = [o.action.kind for o in menu if o.action is not None]
        return [*words, *state["table"]["choosable"], "say", "ledger", "rules", "leave", "help"]

    def _show_rules(self, state: dict[str, Any]) -> None:
        from homegame.games.pages import rules_text

        hand = state["table"]["hand"]
        names = [hand["game"]] if hand else state["table"]["choosable"][:1]
        self.console.page(rules_text(names[0]) if names else "No game is being played yet.")


def named(look: Style, state: dict[str, Any]) -> Style:
    """``look`` calling the hand's other seats by their players' names."""
    table, hand = state["table"], state["table"]["hand"]
    if not hand:
        return look
    seats = [table["seats"][seat] for seat in hand["seats"]]
    mine = state["you"]["seat"]
    return replace(look, seat_names=tuple(seat["name"] if seat and seat["seat"] != mine else ""
                                           for seat in seats))


def seat_lines(state: dict[str, Any]) -> list[str]:
    """The table's seats: name, stack, and who is dealt in, to act, away or sitting out."""
    table, now = state["table"], state["now"]
    hand = table["hand"]
    players = {seat: player for player, seat in enumerate(hand["seats"])} if hand else {}
    lines = []
    for seat in table["seats"]:
        if seat is None:
            continue
        marks = []
        if seat["seat"] in players:
            marks.append(f"seat {players[seat['seat']]} in this hand")
        if seat["seat"] == table["button"]:
            marks.append("dealer")
        if seat["deadline"] is not None:
            doing = "to call the game" if table["phase"] == "choosing" else "to act"
            marks.append(f"{doing}, {max(0, round(seat['deadline'] - now))} s")
        if seat["sitting_out"]:
            marks.append("sitting out")
        elif not seat["connected"]:
            marks.append("away")
        you = " (you)" if seat["seat"] == state["you"]["seat"] else ""
        marked = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"  {seat['name']}{you}: {counted(seat['stack'], 'chip')}{marked}")
    return lines


def phase_line(state: dict[str, Any]) -> str:
    """What the table is doing, in words."""
    table = state["table"]
    phase = table["phase"]
    if phase == "choosing" and table["chooser"] is not None:
        caller = table["seats"][table["chooser"]]
        return f"Dealer's choice: {caller['name'] if caller else 'the dealer'} calls the next game."
    if phase == "between":
        return "The next deal of this game comes in a moment."
    if phase == "waiting":
        return "Waiting for players who can be dealt in." + _short_of_chips(state)
    if phase == "closed":
        return "The table is closed."
    closing = " The table closes when this hand ends." if table.get("closing") else ""
    return f"Hands played: {table['hands_played']}.{closing}"


def _short_of_chips(state: dict[str, Any]) -> str:
    """How a seat short of a buy-in plays on, at a table waiting for players who can be dealt in.

    >>> table = {"seats": [{"stack": 0}, {"stack": 40}, {"stack": -30}], "config": {"buy_in": 100}}
    >>> _short_of_chips({"table": table, "you": {"seat": 0}})
    " You have no chips: 'rebuy 100' buys you back in."
    >>> _short_of_chips({"table": table, "you": {"seat": 1}})
    " You have 40 chips: 'rebuy 60' tops you up to a buy-in."
    >>> _short_of_chips({"table": table, "you": {"seat": 2}})
    " You owe 30 chips: 'rebuy 130' brings you back to a buy-in."
    """
    seat, table = state["you"]["seat"], state["table"]
    mine = table["seats"][seat] if seat is not None else None
    if mine is None or mine["stack"] >= table["config"]["buy_in"]:
        return ""
    stack, top_up = mine["stack"], _top_up(state)
    if stack < 0:
        return f" You owe {counted(-stack, 'chip')}: 'rebuy {top_up}' brings you back to a buy-in."
    if not stack:
        return f" You have no chips: 'rebuy {top_up}' buys you back in."
    return f" You have {counted(stack, 'chip')}: 'rebuy {top_up}' tops you up to a buy-in."


def _top_up(state: dict[str, Any]) -> int:
    """The rebuy that brings the seat's stack to the table's buy-in (the most a rebuy may be)."""
    seat, table = state["you"]["seat"], state["table"]
    mine = table["seats"][seat] if seat is not None else None
    return int(table["config"]["buy_in"]) - (mine["stack"] if mine is not None else 0)


def ledger_text(ledger: dict[str, Any]) -> str:
    """The room's ledger in lines: what each player brought, took away and has now, each net, and
    who pays whom to settle up.

    >>> print(ledger_text({"lines": [{"name": "ann", "bought": 100, "cashed": 0, "stack": 130, "net": 30},
    ...                              {"name": "bob", "bought": 100, "cashed": 70, "stack": 0, "net": -30}],
    ...                    "settle_up": [{"payer": "bob", "payee": "ann", "chips": 30}]}))
    Ledger: ann bought 100, took 0, has 130, net +30 · bob bought 100, took 70, has 0, net -30
    To settle up: bob pays ann 30
    """
    lines = " · ".join(f"{line['name']} bought {line['bought']}, took {line['cashed']}, has {line['stack']}, "
                       f"net {line['net']:+d}" for line in ledger["lines"])
    transfers = ", ".join(f"{t['payer']} pays {t['payee']} {t['chips']}" for t in ledger["settle_up"])
    return f"Ledger: {lines}\nTo settle up: {transfers or 'everyone is even'}"


def _parting(state: dict[str, Any]) -> str:
    """What leaving the terminal does: a player's seat stays, played by the clock; a spectator
    simply stops watching."""
    if state["you"]["seat"] is None:
        return "you stop watching"
    return "you are disconnected; your seat is kept, and the clock plays for it"
