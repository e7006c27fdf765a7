"""What the host of a card-room table may do, and how each request checks itself and records the
table events it makes.

The host is whoever holds the table's owner token (or the seat whose token the host role was
handed to: see ``hand_over``). :class:`~homegame.room.host.TableHost` checks that token once for
every host request, then :func:`host_request` runs the one asked for against the table. Each
request refuses what cannot be done now (a :class:`~homegame.errors.RoomError` saying why, the
table unchanged) or records its events, which the room stores before anyone is told, exactly as a
player's requests do. A request is an action of :data:`~homegame.room.protocol.HOST_ACTIONS`
(``{"type": "approve", "request": 12}``); one sent again with the same ``id`` is taken once.

To add a host request: its schema in :data:`~homegame.room.protocol.HOST_ACTIONS`, a function here
in :data:`_REQUESTS` that records table events (marked ``"by": "host"`` where a player's own
request makes the same kind), and, for a new kind of event, how it changes the table in
:data:`~homegame.room.host_events.HOST_EVENTS`.

>>> from homegame.room.config import TableConfig
>>> table = Table.create("t", TableConfig.from_json({"name": "Friday", "ask_to_sit": True}), at=0.0)
>>> number = table.ask("ann", token_hash="h", at=1.0)
>>> host_request(table, {"type": "approve", "request": number}, at=2.0, host="the host")
{'done': 'ann sits in seat 0 with 100 chips', 'again': False}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from homegame.engine import Action
from homegame.engine.game import MAX_CHIPS
from homegame.errors import RoomError, shown
from homegame.room.host_events import HOST_SETTINGS, SeatRequest
from homegame.room.table import Table
from homegame.wording import counted

__all__ = ["LONGEST_REASON", "host_request"]

LONGEST_REASON: Final = 200
_FOLD: Final = Action("fold")

Request = Callable[[Table, dict[str, Any], float, dict[str, Any]], str]


def host_request(table: Table, action: dict[str, Any], *, at: float, host: str) -> dict[str, Any]:
    """Carry out the host's ``action`` (checked against its schema already) at ``table``, the
    host being called ``host`` there: what was done, in words (``done``), and ``again`` when the
    action's ``id`` was taken before (nothing changes then)."""
    intent = action.get("id")
    if intent is not None and intent in table.host_intents:
        return {"done": "done already", "again": True}
    table.check_open()
    if table.tournament is not None:
        raise RoomError("a tournament's table has no host's controls: the tournament runs by its rules "
                        "(its owner may start it early)")
    marks = {"by": "host", "host_intent": intent}
    done = _REQUESTS[action["type"]](table, action, at, {**marks, "host": host})
    return {"done": done, "again": False}


def _approve(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    number = action["request"]
    request = _asking(table, number)
    name, seat, chips = table.newcomer(request.name, action.get("seat", request.seat), request.chips,
                                       request=number)
    if request.seat is not None and "seat" not in action and seat != request.seat:
        raise RoomError(f"seat {request.seat}, which {name} asked for, is taken: give another seat")
    member = {"member": request.member} if request.member else {}
    table.record("seated", {"seat": seat, "name": name, "token": request.token_hash, "bot": None,
                            "buy_in": chips, "request": number, **member, **_of(marks)}, at)
    return f"{name} sits in seat {seat} with {counted(chips, 'chip')}"


def _refuse(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    request = _asking(table, action["request"])
    table.record("request_refused", {"request": action["request"], **_of(marks)}, at)
    return f"{request.name} was not seated"


def _asking(table: Table, number: int) -> SeatRequest:
    request = table.requests.get(number)
    if request is None or request.refused:
        waiting = ", ".join(f"{n} ({r.name})" for n, r in table.requests.items() if not r.refused)
        raise RoomError(f"no one waits for an answer as request {number}; waiting: {waiting or 'no one'}")
    return request


def _remove(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    """Take a player from the table, as if they had left: at once between hands; from the hand in
    play, their hand folded at their turn where folding exists, the game's default played for
    them elsewhere, to the end of the deal (RULINGS.md, the card room). Cashed out then."""
    seat = action["seat"]
    occupant = table.occupant(seat)
    if occupant.leaving:
        raise RoomError(f"{occupant.name} is leaving already: cashed out when the game they play ends")
    hand = table.hand
    player = hand.player_of(seat) if hand is not None and not hand.state.is_over else None
    folds = hand is not None and player is not None and _FOLD in hand.state.legal_actions(player)
    stack = occupant.stack
    table.record("left", {"seat": seat, "intent": None, **_of(marks)}, at)
    if table.seats[seat] is None:
        return f"{occupant.name} is removed and cashed out with {counted(stack, 'chip')}"
    if folds:
        return f"{occupant.name}'s hand is folded; {occupant.name} is cashed out when the hand ends"
    return (f"{occupant.name} is removed from the game in play: each of their turns folds where folding "
            "is allowed and takes the game's default elsewhere, and they are cashed out when it ends")


def _start(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    if not table.config.host_starts:
        raise RoomError("this table deals as soon as two can play: there is no night to start")
    if table.started:
        raise RoomError("the night has started already")
    table.record("started", _of(marks), at)
    if table.phase == "waiting":
        return "the night is started: the first deal comes once two players can be dealt in"
    return "the night is started"


def _pause(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    if table.paused is not None:
        raise RoomError(f"{table.paused['by']} has paused the table already")
    table.record("paused", {"name": marks["host"], **_of(marks)}, at)
    return "the table is paused: every clock stands still until you resume"


def _resume(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    if table.paused is None:
        raise RoomError("the table is not paused")
    table.record("resumed", _of(marks), at)
    return "play goes on"


def _approve_chips(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    seat, occupant = action["seat"], table.occupant(action["seat"])
    asked = _chips_asked(occupant.name, occupant.chips_asked)
    room = table.config.max_buy_in - occupant.stack
    if asked > room:
        raise RoomError(f"{occupant.name} asked for {asked} chips, but a rebuy tops a stack up to "
                        f"{table.config.max_buy_in}: refuse it, and they may ask for {max(room, 0)}")
    table.make_room_for(asked)
    table.add_chips(seat, asked, at=at, **_of(marks))
    later = " when the hand they play ends" if table.occupant(seat).rebuy else ""
    return f"{occupant.name} gets {counted(asked, 'chip')}{later}"


def _refuse_chips(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    occupant = table.occupant(action["seat"])
    asked = _chips_asked(occupant.name, occupant.chips_asked)
    table.record("chips_refused", {"seat": action["seat"], **_of(marks)}, at)
    return f"{occupant.name}'s {counted(asked, 'chip')} were refused"


def _chips_asked(name: str, chips: int) -> int:
    if not chips:
        raise RoomError(f"{name} has asked for no chips")
    return chips


def _adjust(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    """Put a stack right (a miscount, chips paid for in cash): the chips and the reason go into
    the ledger. Not the stack of a player in the hand in play, which the hand holds until it ends."""
    seat, chips, reason = action["seat"], action["chips"], action["reason"].strip()
    occupant = table.occupant(seat)
    hand = table.hand
    if hand is not None and seat in hand.seats and not hand.state.is_over:
        raise RoomError(f"{occupant.name} plays the hand in play: adjust their stack when it ends")
    if not reason or not reason.isprintable():
        raise RoomError(f"say why, in 1 to {LONGEST_REASON} printable characters, not {shown(reason)}")
    if occupant.stack + chips < 0:
        raise RoomError(f"{occupant.name} has {counted(occupant.stack, 'chip')}: at most that can be taken")
    if chips > 0 and table.held() + chips > MAX_CHIPS:
        raise RoomError(f"a table holds at most {MAX_CHIPS:,} chips in all")
    table.record("adjusted", {"seat": seat, "chips": chips, "reason": reason, **_of(marks)}, at)
    return f"{occupant.name}'s stack is {occupant.stack} now ({chips:+d}: {reason})"


def _hand_over(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    occupant = table.occupant(action["seat"])
    if occupant.token_hash is None:
        raise RoomError(f"{occupant.name} is a bot: hand the host's role to a person at the table")
    table.record("host_handed", {"seat": action["seat"], "owner": occupant.token_hash, **_of(marks)}, at)
    return f"{occupant.name} is the host now: their seat's token opens the host's controls, and yours no more"


def _settings(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    changed: dict[str, Any] = {key: action[key] for key in HOST_SETTINGS if key in action}
    if not changed:
        raise RoomError(f"say which setting to change: {', '.join(HOST_SETTINGS)}")
    table.record("host_settings", {**changed, **_of(marks)}, at)
    return ", ".join(f"{key} is {'on' if value else 'off'}" for key, value in changed.items())


def _end(table: Table, action: dict[str, Any], at: float, marks: dict[str, Any]) -> str:
    if table.close(at=at):
        return "the night is over: the table is closed"
    return "the table closes when the hand in play ends"


def _of(marks: dict[str, Any]) -> dict[str, Any]:
    """What an event keeps of a host request's marks: who made it, and its intent if any."""
    return {"by": marks["by"], **({"host_intent": marks["host_intent"]} if marks["host_intent"] else {})}


_REQUESTS: Final[dict[str, Request]] = {
    "approve": _approve, "refuse": _refuse, "remove": _remove, "start": _start, "pause": _pause,
    "resume": _resume, "approve_chips": _approve_chips, "refuse_chips": _refuse_chips, "adjust": _adjust,
    "hand_over": _hand_over, "settings": _settings, "end": _end,
}
