"""The card room as a server: a real ``homegame serve`` on 127.0.0.1, real websocket clients."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import homegame
from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from room_clients import chips_balance, play
from room_server import RoomServer
from test_room_protocol_doc import check_frame

ALL_GAMES = sorted(homegame.GAMES)
SMALL_GAMES = {"chinese", "open_face"}  # four players at most


def test_four_clients_and_a_bot_play_dealers_choice_through_every_game(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3"), bot_workers=1) as server:
        asyncio.run(_dealers_choice(server, hands=50))


async def _dealers_choice(server: RoomServer, *, hands: int) -> None:
    client = RoomClient(server.base)
    table = client.create_table({"name": "every game", "seats": 5, "bots": 1, "buy_in": 2000, "clock": 60,
                                 "pause": 0, "games": ALL_GAMES, "stakes": {"deals": 2}})["table"]
    seats = [client.join(table, name) for name in ("ann", "bob", "cy", "dee")]
    played: set[str] = set()
    frames_checked = 0

    def done() -> bool:
        return len(played) == len(ALL_GAMES) and last["hands_played"] >= hands

    last: dict[str, Any] = {"hands_played": 0}

    def pick(options: list[str]) -> str:
        unplayed = [g for g in options if g not in played]
        return random.choice(unplayed or options)

    async def watch(state: dict[str, Any]) -> None:
        nonlocal frames_checked
        chips_balance(state)
        frames_checked += 1
        hand = state["table"]["hand"]
        if hand is not None:
            played.add(hand["game"])
        last["hands_played"] = state["table"]["hands_played"]

    connections = [SeatConnection(client.base, table, token) for _, token in seats]
    for connection in connections:
        await connection.open()

    async def dee_makes_room() -> None:
        """The fourth player sits out while only four-player games are left to play."""
        dee = connections[3]
        while not done():
            await asyncio.sleep(0.2)
            unplayed = set(ALL_GAMES) - played
            sitting_out = dee.state is not None and dee.state["table"]["seats"][dee.seat]["sitting_out"]
            if unplayed and unplayed <= SMALL_GAMES and not sitting_out:
                await dee.send({"type": "sit_out"})
            elif (not unplayed or not unplayed <= SMALL_GAMES) and sitting_out:
                await dee.send({"type": "come_back"})

    chooser = random.Random(11)
    try:
        await asyncio.wait_for(asyncio.gather(
            *(play(c, random.Random(chooser.random()), done=done, pick=pick, on_state=watch)
              for c in connections),
            dee_makes_room()), timeout=600)
    finally:
        for connection in connections:
            await connection.close()
    assert played == set(ALL_GAMES) and last["hands_played"] >= hands
    for connection in connections:
        for frame in connection.frames:
            check_frame(frame)
            if frame["type"] == "state":
                chips_balance(frame)
    ledger = client.ledger(table)
    assert sum(line["net"] for line in ledger["lines"]) == 0
    assert frames_checked > hands


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_the_room_serves_both_stores(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    address = str(tmp_path / "room.sqlite3") if store == "sqlite" else \
        request.getfixturevalue("postgres").database()
    with RoomServer(address) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "two", "seats": 2, "games": ["draw"], "bots": 1,
                                     "pause": 0, "public": True})["table"]
        _, token = client.join(table, "ann")

        async def one_hand() -> int:
            async with SeatConnection(client.base, table, token) as connection:
                await play(connection, random.Random(1), done=lambda: bool(
                    connection.state and connection.state["table"]["hands_played"] >= 1))
                return int(connection.state["table"]["hands_played"]) if connection.state else 0
        assert asyncio.run(one_hand()) >= 1
        assert [t["id"] for t in client.tables()] == [table]


def _states_while_playing(client: RoomClient, table: str, token: str, *, hands: int) -> list[dict[str, Any]]:
    """The state frames a seat is sent while it plays at random until ``hands`` hands are over."""
    async def run() -> list[dict[str, Any]]:
        async with SeatConnection(client.base, table, token) as connection:
            await play(connection, random.Random(2), done=lambda: bool(
                connection.state and connection.state["table"]["hands_played"] >= hands))
            return [frame for frame in connection.frames if frame["type"] == "state"]
    return asyncio.run(run())


@pytest.mark.parametrize(("game", "rate"), [("papayoo", 3), ("draw", None)])
def test_a_finished_hand_says_what_it_moved_in_chips_live_and_in_its_history(game: str, rate: int | None,
                                                                           tmp_path: Path) -> None:
    """The table's public JSON carries a finished hand's chips by game seat (what the stacks moved),
    with the table's rate where the game scores points; the hand's history says the same."""
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "chips", "seats": 3, "games": [game], "bots": 2, "pause": 0,
                                     "points_rate": 3, "stakes": {"deals": 1}})["table"]
        _, token = client.join(table, "ann")
        states = _states_while_playing(client, table, token, hands=1)
        history = client.hand(table, 1, token)
    dealt = next(s for s in states if s["table"]["hand"] and not s["table"]["hand"]["over"])
    over = next(s for s in states if s["table"]["hand"] and s["table"]["hand"]["over"])
    assert dealt["table"]["hand"]["chips"] is None
    hand = over["table"]["hand"]
    outcome = next(e["data"]["outcome"] for e in over["view"]["log"] if e["kind"] == "outcome")
    points = {int(g): v for g, v in outcome.items() if g.isdigit()}
    moved = homegame.new_game(game, players=3).in_chips(points, rate=3)
    assert hand["chips"] == [moved[g] for g in range(3)] and sum(hand["chips"]) == 0
    assert hand["points_rate"] == rate
    ann = over["you"]["seat"]
    before, after = dealt["table"]["seats"][ann]["stack"], over["table"]["seats"][ann]["stack"]
    assert after - before == hand["chips"][hand["seats"].index(ann)]
    assert history["chips"] == hand["chips"] and history["points_rate"] == rate
    check_frame(over)


def test_a_table_that_allows_deep_stacks_seats_a_player_with_what_they_bring(tmp_path: Path) -> None:
    """Seed 004 (Pineapple): the table agrees on a buy-in and on whether a player may buy in for
    more. A join may bring chips from the buy-in to the table's max_buy_in, and nothing else."""
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "deep", "seats": 3, "games": ["draw"], "buy_in": 100,
                                     "max_buy_in": 400})["table"]
        seat, _ = client.join(table, "ann", chips=300)
        for chips in (99, 401, "300", 2.5):
            with pytest.raises(RoomError, match="a player brings 100 to 400 chips to this table"):
                client.join(table, "bob", chips=chips)  # type: ignore[arg-type]
        bob, _ = client.join(table, "bob")
        public = client.table(table)
    assert public["config"]["max_buy_in"] == 400
    assert [s and (s["name"], s["stack"]) for s in public["seats"]] == [("ann", 300), ("bob", 100), None]
    assert (seat, bob) == (0, 1)


def test_a_table_of_one_game_deals_hand_after_hand_with_no_one_calling_it(tmp_path: Path) -> None:
    """Draw alone, with a dealer's clock too long to run out in the test: the room deals each hand on
    its own once the pause after the last one is over, and no one is ever asked to call the game.
    (Fixed limit on a deep stack: no one can go broke in two hands and leave the table waiting.)"""
    with RoomServer(str(tmp_path / "room.sqlite3"), bot_workers=1) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "draw only", "seats": 2, "games": ["draw"], "bots": 1,
                                     "buy_in": 1000, "stakes": {"limit": "fixed"}, "clock": 600,
                                     "pause": 0.3})["table"]
        _, token = client.join(table, "ann")
        states = _states_while_playing(client, table, token, hands=2)
    assert not [s for s in states if s["you"]["choosing"] or s["table"]["phase"] == "choosing"]
    first_over = next(state for state in states if state["table"]["hands_played"] == 1)
    second_dealt = next(state for state in states if (state["table"]["hand"] or {}).get("number") == 2)
    assert first_over["table"]["phase"] == "between" and first_over["table"]["wakes_at"] is not None
    pause_over = first_over["table"]["wakes_at"]
    assert second_dealt["now"] >= pause_over >= first_over["now"] + 0.25, "dealt after the pause"
