"""The browser tests' secrecy check (tests/secrecy.py) without a browser, on a Paiute hand played at a
table: why it reads what was public when from the hand's record at the room and not from a spectator's
frames, and that a card really sent to the wrong seat still fails it.

The check once failed in a full run at Paiute and passed again. A spectator's connection is sent the
latest state only: a state it has not been sent yet when a newer one comes is replaced (the outbox
coalesces, homegame.room.connection), so a discard shown for a moment may never reach it. Read as the
record of what was public, its frames then call that discard, seen by the players when it was on the
pile, a leak. A spectator whose socket is slow for the length of a hand shows it every time."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

from homegame.room.config import TableConfig
from homegame.room.connection import Connection
from homegame.room.table import Table, TableEvent
from homegame.room.views import state_frame, table_json
from room_play import seeded_shuffle, step
from secrecy import Secrets, cards_in

NAMES = ("ann", "bob", "cy")


class StalledSocket:
    """A spectator's socket that sends nothing until ``go`` is set: the room's writer waits on it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.go = asyncio.Event()

    async def send_text(self, data: str) -> None:
        await self.go.wait()
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def _frames(table: Table, seat: int | None) -> dict[str, Any]:
    return state_frame(table, seat, public=table_json(table), now=0.0)


async def _a_paiute_hand(seed: int) -> tuple[dict[str, list[dict[str, Any]]], list[TableEvent]]:
    """Three players' frames of a Paiute hand (each sent every state), a stalled spectator's, and
    the hand's events as the room stores them."""
    table = Table.create("t", TableConfig.from_json({"name": "paiute", "seats": 3, "games": ["paiute"],
                                                     "pause": 0}), at=0.0)
    for name in NAMES:
        table.join(name, token_hash=name, at=0.0)
    socket = StalledSocket()
    spectator = Connection(socket)
    writer = asyncio.get_running_loop().create_task(spectator.write())
    table.deal(at=1.0, shuffle=seeded_shuffle(random.Random(seed)))
    frames: dict[str, list[dict[str, Any]]] = {name: [] for name in NAMES}
    chooser = random.Random(seed)
    while True:
        for seat, name in enumerate(NAMES):
            frames[name].append(_frames(table, seat))
        spectator.send_state(_frames(table, None))
        await asyncio.sleep(0)  # the writer takes the first state, and waits on the socket
        if table.phase != "playing":
            break
        assert step(table, chooser, 2.0)
    socket.go.set()
    spectator.close(1000)
    await writer
    events = [e for e in table.take_unsaved() if e.kind in ("dealt", "acted")]
    frames["(watching)"] = [json.loads(text) for text in socket.sent]
    return frames, events


def _watched_as_the_record(secrets: Secrets) -> None:
    """What the check did before: the spectator's frames taken for the record of what was public."""
    seen: set[str] = set()
    secrets.moments = []
    for frame in secrets.frames["(watching)"]:
        seen |= cards_in(frame["view"])
        secrets.moments.append((frame["seq"], set(seen)))


def test_a_stalled_spectator_misses_what_was_public_but_the_hand_s_record_does_not() -> None:
    frames, events = asyncio.run(_a_paiute_hand(seed=5))
    assert len(frames["(watching)"]) == 2 < len(frames["ann"]), "the spectator's states were coalesced"
    secrets = Secrets(frames, events, 1)
    looked = 0
    for name in (*NAMES, "(watching)"):
        checked, found = secrets.leaks(name)
        assert not found, found
        looked += checked
    assert looked > 100

    _watched_as_the_record(secrets)
    false_leaks = [leak for name in NAMES for leak in secrets.leaks(name)[1]]
    assert false_leaks, "the spectator's frames, read as the record, report public cards as leaks"


def test_a_card_sent_to_the_wrong_seat_still_fails_the_check() -> None:
    frames, events = asyncio.run(_a_paiute_hand(seed=5))
    secrets = Secrets(frames, events, 1)
    frame = secrets.frames["ann"][3]
    hidden = sorted(secrets.hidden_from("ann", frame))
    assert hidden, "bob and cy hold cards ann may not see"
    leaked = copy.deepcopy(frame)
    leaked["view"]["hand"] = [*leaked["view"]["hand"], hidden[0]]
    secrets.frames["ann"][3] = leaked
    _, found = secrets.leaks("ann")
    assert found == [f"ann was sent hidden {[hidden[0]]} at {frame['seq']}"]
    watcher = secrets.frames["(watching)"][0]
    assert secrets.hidden_from("(watching)", watcher) >= set(hidden), "a spectator may see none of them"
