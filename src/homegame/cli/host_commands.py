"""The host's commands at a ``homegame join`` table (joined with ``--owner TOKEN``): each typed
line becomes one of the host's actions of docs/protocol.md, which the room checks and carries out
as at the page's host panel; ``host`` alone shows what waits for the host's answer.

>>> host_action("approve 12")
{'type': 'approve', 'request': 12}
>>> host_action("adjust 2 -30 paid in cash")
{'type': 'adjust', 'seat': 2, 'chips': -30, 'reason': 'paid in cash'}
>>> host_action("public on")
{'type': 'settings', 'public': True}
>>> host_action("remove ann")
'remove takes a seat number, not ann'
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["HOST_HELP", "host_action", "host_waiting"]

HOST_HELP: Final = (
    "host commands (type 'host' and one of them): approve N / refuse N (seat request N), "
    "chips SEAT yes|no (the chips a seat asked for), start, pause, resume, remove SEAT, "
    "adjust SEAT CHIPS REASON (CHIPS below zero takes chips), handover SEAT, "
    "public|ask|approve-chips on|off (the table's settings), end (the night)")

_PLAIN: Final = {"start": "start", "pause": "pause", "resume": "resume", "end": "end"}
_BY_NUMBER: Final = {"approve": ("approve", "request"), "refuse": ("refuse", "request"),
                     "remove": ("remove", "seat"), "handover": ("hand_over", "seat")}
_SETTINGS: Final = {"public": "public", "ask": "ask_to_sit", "approve-chips": "approve_chips"}


def host_action(text: str) -> dict[str, Any] | str:
    """The host's action a typed line asks for, or why it cannot be read (with what can be typed)."""
    word, _, rest = text.strip().partition(" ")
    word, parts = word.lower(), rest.split()
    if word in _PLAIN and not parts:
        return {"type": _PLAIN[word]}
    if word in _BY_NUMBER and len(parts) == 1:
        kind, field = _BY_NUMBER[word]
        return _numbered(word, parts[0], {"type": kind}, field)
    if word == "chips" and len(parts) == 2 and parts[1].lower() in ("yes", "no"):
        kind = "approve_chips" if parts[1].lower() == "yes" else "refuse_chips"
        return _numbered(word, parts[0], {"type": kind}, "seat")
    if word == "adjust" and len(parts) >= 3:
        action = _numbered(word, parts[0], {"type": "adjust"}, "seat")
        if isinstance(action, str):
            return action
        chips = _numbered(word, parts[1], action, "chips")
        return chips if isinstance(chips, str) else {**chips, "reason": " ".join(parts[2:])}
    if word in _SETTINGS and len(parts) == 1 and parts[0].lower() in ("on", "off"):
        return {"type": "settings", _SETTINGS[word]: parts[0].lower() == "on"}
    return f"not a host command: {text.strip()!r}. {HOST_HELP}"


def _numbered(word: str, typed: str, action: dict[str, Any], field: str) -> dict[str, Any] | str:
    try:
        return {**action, field: int(typed)}
    except ValueError:
        what = "an amount of chips" if field == "chips" else f"a {field} number"
        return f"{word} takes {what}, not {typed}"


def host_waiting(state: dict[str, Any]) -> str:
    """What waits for the host's answer at the table, in words: the seat requests and the chips
    asked for (the state of a connection that holds the host's token)."""
    host = state.get("host") or {"requests": []}
    lines = [f"request {r['id']}: {r['name']} asks to sit"
             f"{'' if r['seat'] is None else ' in seat ' + str(r['seat'])} with {r['chips']} chips"
             f"{'' if r.get('member') is None else ', as the club member ' + r['member']}"
             for r in host["requests"]]
    lines += [f"seat {s['seat']}: {s['name']} asks for {s['chips_asked']} chips"
              for s in state["table"]["seats"] if s and s.get("chips_asked")]
    paused = state["table"].get("paused")
    if paused:
        lines.append(f"the table is paused (by {paused['by']})")
    return "\n".join(lines) or "nothing waits for your answer"
