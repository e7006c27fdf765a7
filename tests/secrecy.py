"""Which cards each reader of a hand may not see yet, frame by frame: the check that no seat's frames
(nor a page's markup) show a card another seat holds hidden.

A card is hidden from a reader at table event ``seq`` when it was in an event private to another
seat, the reader did not hold it itself by then, and it was not public by then. What is public by
an event is read from the hand itself, played again from the room's record of it: the cards a
spectator's view showed after each event up to that one. A spectator's connection cannot tell it:
the room sends a connection only the latest state it has not been sent yet (its outbox coalesces
states), so a card shown briefly (a discard taken back at once) may never reach it, and a
spectator that connects after the deal never sees what came before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from homegame.room.hands import replaying
from homegame.room.table import TableEvent

CARD = re.compile(r'"((?:10|1[1-9]|20|[1-9TJQKA])[cdhsp]|Jk)"')


def cards_in(value: Any) -> set[str]:
    """Every card written in a JSON value."""
    return set(CARD.findall(json.dumps(value)))


def public_moments(events: Sequence[TableEvent]) -> list[tuple[int, set[str]]]:
    """After each event of a hand (its ``dealt`` event and its actions, as the room stores them):
    the event's number, and every card a spectator could have seen by then."""
    seen: set[str] = set()
    moments = []
    for seq, hand in replaying(events):
        seen |= cards_in(hand.state.view(None).to_json())
        moments.append((seq, set(seen)))
    return moments


def private_cards(frame: dict[str, Any], seat: int | None) -> set[str]:
    """The cards of the events in ``frame``'s log private to game seat ``seat``."""
    cards: set[str] = set()
    for event in (frame["view"] or {}).get("log", []):
        if seat is not None and event.get("private_to") == [seat]:
            cards |= cards_in(event["data"])
    return cards


def before_showdown(frames: Sequence[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The state frames of hand ``number`` while it was played."""
    return [f for f in frames if f["type"] == "state" and f["view"] is not None and not f["view"]["is_over"]
            and f["table"]["hand"] and f["table"]["hand"]["number"] == number]


class Secrets:
    """The hidden cards of hand ``number``: ``seats`` holds each seat's frames by its reader's name
    (a spectator's too, which hold no secret), ``events`` the hand's record at the room."""

    def __init__(self, seats: Mapping[str, Sequence[dict[str, Any]]], events: Sequence[TableEvent],
                 number: int) -> None:
        self.frames = {name: before_showdown(frames, number) for name, frames in seats.items()}
        self.seat = {name: own[0]["you"]["player"] for name, own in self.frames.items() if own}
        self.held = {name: set().union(*(private_cards(f, self.seat[name]) for f in own))
                     for name, own in self.frames.items() if own}
        self.moments = public_moments(events)

    def public_by(self, seq: int) -> set[str]:
        return next((cards for at, cards in reversed(self.moments) if at <= seq), set())

    def hidden_from(self, name: str, frame: dict[str, Any]) -> set[str]:
        """The cards ``name`` may not see in ``frame``: the other seats' hidden cards, less its own
        and those public by then."""
        others = set().union(*(cards for holder, cards in self.held.items() if holder != name))
        return others - private_cards(frame, self.seat.get(name)) - self.public_by(frame["seq"])

    def leaks(self, name: str) -> tuple[int, list[str]]:
        """How many hidden cards were looked for in ``name``'s frames, and each frame that showed one."""
        looked, found = 0, []
        for frame in self.frames.get(name, []):
            hidden = self.hidden_from(name, frame)
            looked += len(hidden)
            if shown := hidden & cards_in(frame):
                found.append(f"{name or 'a seat'} was sent hidden {sorted(shown)} at {frame['seq']}")
        return looked, found
