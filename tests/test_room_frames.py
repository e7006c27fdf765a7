"""The state frames a room sends, written as text from shared parts (the public table once a
change, each event of the log once a hand, the spectators' view's fields once a change:
homegame.room.views.state_text), are exactly the text of the frame built whole (state_frame), for
every seat, a spectator and the host, at every moment of played hands of every game a table deals;
and the parts shared between seats are only ever public, so no seat's frame carries another's
cards."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from homegame.cards import Card, parse_cards
from homegame.engine.view import View
from homegame.games import GAMES, game_class
from homegame.room.config import TableConfig
from homegame.room.connection import Connection
from homegame.room.host import TableHost
from homegame.room.table import Table
from homegame.room.views import EventTexts, _view_text, dumps, state_frame, state_text, table_json
from room_play import step

GAME_NAMES = sorted(GAMES)


def _table(game: str, seats: int) -> Table:
    setup = {"name": game, "seats": seats, "games": [game], "pause": 0}
    table = Table.create("t", TableConfig.from_json(setup), at=0.0)
    for seat in range(seats):
        table.join(f"p{seat}", token_hash=f"h{seat}", at=0.0)
    return table


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_frame_written_from_shared_parts_is_the_whole_frame_s_text(game: str) -> None:
    table, log = _table(game, min(max(game_class(game).players), 4)), EventTexts()
    chooser = random.Random(game)
    frames, dealt = 0, False
    for moment in range(120):
        if not step(table, chooser, 1.0 + moment):
            break
        table.take_unsaved()
        dealt |= table.hand is not None
        public = table_json(table, range(2))
        seen = None if table.hand is None else table.hand.state.view(None)
        for seat in (*range(len(table.seats)), None):
            for host in (False, True):
                whole = state_frame(table, seat, public=public, now=2.5 + moment, host=host)
                text = state_text(table, seat, public=dumps(public), now=2.5 + moment, host=host,
                                  log=log.for_hand(table.hand), seen=seen)
                assert text == json.dumps(whole, separators=(",", ":"))
                frames += 1
        if table.hand is not None:  # each event's text is kept once, not once a frame
            assert len(log) <= len(table.hand.state.history.events)
    assert dealt and frames > 40


def test_event_texts_are_kept_for_one_hand_at_a_time() -> None:
    table, chooser, log = _table("draw", 3), random.Random(3), EventTexts()
    first = table.hands_played
    while table.hands_played < first + 2:
        assert step(table, chooser, 1.0)
        if table.hand is not None:
            for event in table.hand.state.history.events:
                log.for_hand(table.hand).text(event)
        assert len(log.for_hand(table.hand)) <= (
            0 if table.hand is None else len(table.hand.state.history.events))


@dataclass(frozen=True)
class _Secret(View):
    """A view with one field that is a seat's own: its cards."""

    cards: tuple[Card, ...]
    pot: int


def _secret(seat: int | None, cards: str, pot: int = 30) -> _Secret:
    return _Secret(game="g", seat=seat, dealer=0, to_act=(0,), is_over=False, log=(),
                   cards=tuple(parse_cards(cards)), pot=pot)


def test_a_seat_s_view_takes_only_the_spectators_texts_never_another_seat_s() -> None:
    """Seats' views written one after another from the same shared texts: each field equal to the
    spectators' takes their text, every other is the seat's own, so seat 1's cards never reach
    seat 0's text, even when seat 1 is written first and the two are written from one cache."""
    log, seen = EventTexts(), _secret(None, "")
    first, second = _secret(1, "As Kd"), _secret(0, "2c 3c")
    for view in (first, second, seen):
        assert _view_text(view, log, seen) == dumps(view.to_json())
    assert "As" not in _view_text(second, log, seen) and "Kd" not in _view_text(second, log, seen)
    changed = _secret(0, "2c 3c", pot=45)  # a field that differs from the spectators': its own text
    assert _view_text(changed, log, seen) == dumps(changed.to_json())


def test_the_spectators_texts_are_written_again_for_a_new_moment() -> None:
    """A spectators' view of a later moment (a new object) is written anew, not taken from the last."""
    log = EventTexts()
    before, after = _secret(None, "", pot=30), _secret(None, "", pot=60)
    assert '"pot":30' in _view_text(_secret(0, "As", pot=30), log, before)
    assert '"pot":60' in _view_text(_secret(0, "As", pot=60), log, after)


class _QuietSocket:
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@pytest.mark.parametrize("game", ["draw", "pineapple", "soko", "paiute"])
def test_every_frame_a_table_s_host_pushes_is_the_frame_built_fresh(game: str) -> None:
    """A table's host pushing after every change, its shared texts kept from one push to the next
    through whole hands: each seat's frame (and a spectator's) is the text of that seat's frame
    built whole, with no cache, so none carries what another seat's view held."""
    table, chooser, now = _table(game, 3), random.Random(game), [1.0]
    host = TableHost(SimpleNamespace(clock=lambda: now[0]), table)  # type: ignore[arg-type]
    for seat in (0, 1, 2, None):
        connection = Connection(_QuietSocket())
        connection.seat = seat
        host.connections.add(connection)
    pushed = 0
    for moment in range(300):
        now[0] = 2.0 + moment
        if not step(table, chooser, now[0]):
            break
        table.take_unsaved()
        host.push()
        public = host.public()
        for connection in host.connections:
            sent = connection._state_box[0] if connection._state_box else None
            fresh = state_frame(table, connection.seat, public=public, now=now[0])
            assert sent == json.dumps(fresh, separators=(",", ":"))
            pushed += 1
    assert pushed > 400 and table.hands_played >= 1
