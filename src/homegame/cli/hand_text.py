"""A downloaded hand history in words, and played again: the text form of the records the card
room gives (see :mod:`homegame.room.night_hands`), one sentence an event as the seat saw it.

A record with the full history (the host's, once the table closed) is first dealt and played
again through the engine, which must come to the same events and pay the same chips as the table
did; a player's record, which has no deck to deal from, must at least agree with itself (its
history is the log of its view).

>>> from homegame import new_game
>>> from homegame.engine import Action
>>> state = new_game("draw", players=2).deal(seed=1)
>>> state.apply(1, Action("bet", amount=2)); state.apply(0, Action("fold"))
>>> record = {"number": 1, "title": "Basic Draw Poker", "table_name": "Friday", "names": ["ann", "bob"],
...           "player": None, "full": True, "chips": [-1, 1], "points_rate": None,
...           "history": state.history.to_json()}
>>> check_record(record)
'replayed through the engine: the same events and the same result'
>>> print("\\n".join(hand_lines(record)[-2:]))
Bob wins 4 because everyone else folded.
Result: ann -1, bob +1.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from homegame.cli.narrate import tell
from homegame.engine import History
from homegame.engine.replay import replay
from homegame.errors import ReplayError
from homegame.games import new_game
from homegame.render import Style

__all__ = ["check_record", "hand_lines", "read_records"]


def read_records(text: str) -> list[dict[str, Any]]:
    """The records of a JSON-lines file of hands, each checked for what a replay reads."""
    import json

    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise ReplayError(f"line {number} is not JSON: a hand history file has one hand a line") from None
        needed = {"number", "title", "names", "player", "chips", "history"}
        if not isinstance(record, dict) or not needed <= set(record):
            raise ReplayError(f"line {number} is not a hand of a card-room table: it needs "
                              f"{', '.join(sorted(needed))}")
        records.append(record)
    if not records:
        raise ReplayError("the file holds no hand")
    return records


def check_record(record: dict[str, Any]) -> str:
    """Play the hand of a full record again through the engine (or check a player's record against
    itself); what was found, or :class:`~homegame.errors.ReplayError` saying what differs."""
    history = History.from_json(record["history"])
    if not history.header.get("deck"):
        view = record.get("view")
        if isinstance(view, dict) and view.get("log") != [event.to_json() for event in history.events]:
            raise ReplayError(f"hand {record['number']}: the history and the seat's view disagree")
        return "as the seat saw it (the deck order is the host's): its own log, told again"
    state = replay(history, new_game)
    rate = record.get("points_rate")  # null for a game played for chips, which has no rate
    moved = state.game.in_chips(state.outcome, rate=None if rate is None else Fraction(str(rate)))
    chips = [moved.get(player, 0) for player in range(state.players)]
    if chips != record["chips"]:
        raise ReplayError(f"hand {record['number']} replays to {chips}, not to the {record['chips']} "
                          f"the table paid")
    return "replayed through the engine: the same events and the same result"


def _result(record: dict[str, Any]) -> str:
    parts = [f"{name or f'seat {seat}'} {chips:+d}" for seat, (name, chips) in
             enumerate(zip(record["names"], record["chips"], strict=True))]
    unit = "" if record.get("points_rate") is None else f" (chips, at {record['points_rate']} a point)"
    return f"Result: {', '.join(parts)}{unit}."


def told(record: dict[str, Any], *, colour: bool = False) -> Iterator[str]:
    """The hand's events in words, one sentence each, as the record's seat saw them."""
    look = Style(colour=colour, seat_names=tuple(record["names"]))
    for event in History.from_json(record["history"]).events:
        line = tell(event, record["player"], look)
        if line:
            yield line


def hand_lines(record: dict[str, Any], *, colour: bool = False) -> list[str]:
    """The whole hand as text: who sat where, every event told, and the result."""
    player = record["player"]
    names = record["names"]
    seats = ", ".join(f"{name}{' (you)' if seat == player else ''}" for seat, name in enumerate(names))
    title = f"Hand {record['number']} · {record['title']}"
    if record.get("table_name"):
        title += f" · {record['table_name']}"
    return [title, f"Players: {seats}.", *told(record, colour=colour), _result(record)]
