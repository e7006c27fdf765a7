"""The state frames a room sends, written as text from shared parts (the public table once a
change, each event of the log once a hand: homegame.room.views.state_text), are exactly the text
of the frame built whole (state_frame), for every seat, a spectator and the host, at every moment
of played hands of every game a table deals."""

from __future__ import annotations

import json
import random

import pytest

from homegame.games import GAMES, game_class
from homegame.room.config import TableConfig
from homegame.room.table import Table
from homegame.room.views import EventTexts, dumps, state_frame, state_text, table_json
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
        for seat in (*range(len(table.seats)), None):
            for host in (False, True):
                whole = state_frame(table, seat, public=public, now=2.5 + moment, host=host)
                text = state_text(table, seat, public=dumps(public), now=2.5 + moment, host=host,
                                  log=log.for_hand(table.hand))
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
