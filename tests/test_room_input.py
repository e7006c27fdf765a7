"""Bad input from clients, and tokens: every kind of bad message gets a clear error to its sender
alone and changes nothing; abuse closes the connection with the fitting code; no one without the
right token ever receives a seat's view. Against a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.engine import ActionSet
from homegame.room import host
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.protocol import LARGEST_MESSAGE, read_intent
from room_server import RoomServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("room") / "room.sqlite3")) as running:
        yield running


def _table(server: RoomServer, **setup: Any) -> tuple[RoomClient, str, list[str]]:
    client = RoomClient(server.base)
    # Dealer's choice of two games: the first deal waits for the dealer's call, when all three sit.
    table = client.create_table({"name": "input", "seats": 3, "games": ["draw", "whiskey"], "clock": 120,
                                 "pause": 0, **setup})["table"]
    tokens = [client.join(table, name)[1] for name in ("ann", "bob", "cy")]
    return client, table, tokens


def _at_rest(client: RoomClient, table: str) -> str:
    """The table as everyone sees it, and its ledger: what a refused message must leave alone."""
    public = client.table(table)
    for seat in public["seats"]:
        if seat is not None:
            seat.pop("connected")
    return json.dumps([public, client.ledger(table)], sort_keys=True)


async def _to_act(connections: list[SeatConnection]) -> SeatConnection:
    """The connection whose seat is to act in the first hand (its dealer calls Draw first)."""
    state = await connections[0].wait_for(lambda s: s["table"]["phase"] in ("choosing", "playing"))
    if state["table"]["phase"] == "choosing":
        dealer = next(c for c in connections if c.seat == state["table"]["chooser"])
        await dealer.choose("draw")
    def settled(state: dict[str, Any]) -> bool:
        """Playing, with every seat seen connected: no push of the table's own is still to come."""
        seats = [seat for seat in state["table"]["seats"] if seat is not None]
        return state["table"]["phase"] == "playing" and all(seat["connected"] for seat in seats)
    states = [await connection.wait_for(settled) for connection in connections]
    for connection, state in zip(connections, states, strict=True):
        if state["you"]["to_act"]:
            return connection
    raise AssertionError("no one is to act")


BAD_MESSAGES: list[tuple[str, str, str]] = [
    ("not JSON", "{", "bad_json"),
    ("JSON but not an object", "[1, 2]", "bad_json"),
    ("deeply nested", "[" * 6_000 + "]" * 6_000, "bad_json"),
    ("no type", json.dumps({"id": "x"}), "unknown_type"),
    ("an unknown type", json.dumps({"type": "cheat", "id": "x"}), "unknown_type"),
    ("a second hello", json.dumps({"type": "hello", "table": "t"}), "hello_twice"),
    ("a field the message has not",
     json.dumps({"type": "act", "id": "x", "action": {"kind": "fold"}, "seat": 1}), "bad_message"),
    ("an action for another seat",
     json.dumps({"type": "act", "id": "x", "action": {"kind": "fold"}, "as": 2}), "bad_message"),
    ("a float amount", json.dumps({"type": "act", "id": "x", "action": {"kind": "bet", "amount": 2.5}}),
     "bad_message"),
    ("a card that is no card",
     json.dumps({"type": "act", "id": "x", "action": {"kind": "discard", "cards": ["Zz"]}}), "refused"),
    ("an illegal action",
     json.dumps({"type": "act", "id": "x", "action": {"kind": "raise", "amount": 10**12}}), "refused"),
    ("a stale event number",
     json.dumps({"type": "act", "id": "x", "action": {"kind": "fold"}, "seq": 1}), "stale"),
    ("a chat line too long", json.dumps({"type": "chat", "id": "x", "text": "a" * 501}), "bad_message"),
    ("a chat line with a lone surrogate", json.dumps({"type": "chat", "id": "x", "text": "hi \ud800"}),
     "refused"),
    ("a chat line with an escape sequence", json.dumps({"type": "chat", "id": "x", "text": "\x1b[2J hi"}),
     "refused"),
    ("a rebuy past the buy-in", json.dumps({"type": "rebuy", "id": "x", "chips": 10}), "refused"),
    ("a call of a game out of turn", json.dumps({"type": "choose", "id": "x", "game": "draw"}), "refused"),
    ("a message over the size limit",
     json.dumps({"type": "chat", "id": "x", "text": "a" * (LARGEST_MESSAGE + 10)}), "too_large"),
]


@pytest.mark.parametrize(("case", "text", "code"), BAD_MESSAGES, ids=[case for case, _, _ in BAD_MESSAGES])
def test_a_bad_message_is_refused_to_its_sender_alone_and_changes_nothing(server: RoomServer, case: str,
                                                                            text: str, code: str) -> None:
    client, table, tokens = _table(server)

    async def scenario() -> None:
        connections = [SeatConnection(server.base, table, token) for token in tokens]
        for connection in connections:
            await connection.open()
        sender = await _to_act(connections)
        before = _at_rest(client, table)
        others = [len(c.frames) for c in connections if c is not sender]
        await sender.raw(text)
        error = await _next_error(sender)
        assert error["code"] == code and len(error["message"]) > 10, error
        assert error["id"] == _intent_of(text, code), "the error names the message it refuses"
        await asyncio.sleep(0.2)
        assert _at_rest(client, table) == before, f"{case} changed the table"
        heard = [frame for c, seen in zip([c for c in connections if c is not sender], others, strict=True)
                 for frame in c.frames[seen:]]
        assert all(f["type"] == "state" and f["seq"] == sender.last_seq for f in heard), "others heard of it"
        legal = ActionSet.from_json(sender.state["legal"])  # the table still plays on
        assert (await sender.act(legal[0]))["type"] == "ack"
        for connection in connections:
            await connection.close()
    asyncio.run(scenario())


def _intent_of(text: str, code: str) -> str | None:
    """The id an error should name: the message's own, where the message could be read at all."""
    if code in ("bad_json", "too_large"):
        return None
    intent = json.loads(text).get("id")
    return intent if isinstance(intent, str) else None


async def _next_error(connection: SeatConnection) -> dict[str, Any]:
    for _ in range(100):
        errors = [f for f in connection.frames if f["type"] == "error"]
        if errors:
            return errors[-1]
        await asyncio.sleep(0.05)
    raise AssertionError("no error came back")


def test_an_intent_sent_twice_is_taken_once(server: RoomServer) -> None:
    client, table, tokens = _table(server)

    async def scenario() -> list[dict[str, Any]]:
        async with SeatConnection(server.base, table, tokens[0]) as connection:
            await connection.wait_for(lambda s: True)
            for _ in range(2):
                await connection.raw(json.dumps({"type": "chat", "id": "same", "text": "hello"}))
                await connection.raw(json.dumps({"type": "sit_out", "id": "out"}))
            for _ in range(100):
                if len([f for f in connection.frames if f["type"] == "ack"]) == 4:
                    break
                await asyncio.sleep(0.05)
            return [f for f in connection.frames if f["type"] in ("ack", "chat")]
    frames = asyncio.run(scenario())
    acks = [f for f in frames if f["type"] == "ack"]
    assert [(a["id"], a["again"]) for a in acks] == [("same", False), ("out", False), ("same", True),
                                                     ("out", True)]
    assert [f["text"] for f in frames if f["type"] == "chat"] == ["hello"]
    assert client.table(table)["seats"][0]["sitting_out"] is True


def test_a_flood_is_refused_then_closed_and_other_tables_play_on(server: RoomServer) -> None:
    _, table, tokens = _table(server)
    _, other, other_tokens = _table(server)

    async def scenario() -> None:
        flooder = SeatConnection(server.base, table, tokens[0], reconnect=False)
        await flooder.open()
        await flooder.wait_for(lambda s: True)
        for _ in range(300):
            await flooder.raw("{")
        for _ in range(100):
            if flooder.closed_with is not None:
                break
            await asyncio.sleep(0.05)
        assert flooder.closed_with == 1008
        async with SeatConnection(server.base, other, other_tokens[0]) as bystander:
            state = await bystander.wait_for(lambda s: s["table"]["phase"] == "choosing")
            assert state["table"]["id"] == other
            await bystander.choose("draw") if state["you"]["choosing"] else None
            assert (await bystander.chat("still here"))["type"] == "ack"
    asyncio.run(scenario())


def test_a_message_larger_than_the_socket_allows_closes_with_1009(server: RoomServer) -> None:
    _, table, tokens = _table(server)

    async def scenario() -> int | None:
        connection = SeatConnection(server.base, table, tokens[0], reconnect=False)
        await connection.open()
        await connection.wait_for(lambda s: True)
        await connection.raw("a" * (128 * 1024))
        for _ in range(100):
            if connection.closed_with is not None:
                break
            await asyncio.sleep(0.05)
        return connection.closed_with
    assert asyncio.run(scenario()) == 1009


@pytest.mark.parametrize("token", ["guessed-" + "x" * 40, "", "a" * 129])
def test_a_wrong_token_gets_no_seat_view_and_is_closed(server: RoomServer, token: str) -> None:
    _, table, _ = _table(server)

    async def scenario() -> SeatConnection:
        connection = SeatConnection(server.base, table, token or None, reconnect=False)
        await connection.open()
        for _ in range(100):
            if connection.closed_with is not None or connection.state is not None:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.1)
        return connection
    connection = asyncio.run(scenario())
    if token == "":  # no token: a spectator, who sees no one's cards
        assert connection.state is not None and connection.seat is None
        view = connection.state["view"]
        assert view is None or not view.get("hand")
    else:
        assert connection.closed_with in (4401, 1008) and connection.state is None
        assert not any(f["type"] in ("state", "welcome") for f in connection.frames)


def test_a_seat_sees_its_own_cards_and_no_one_else_s(server: RoomServer) -> None:
    _, table, tokens = _table(server)

    async def scenario() -> list[dict[str, Any]]:
        connections = [SeatConnection(server.base, table, token) for token in tokens]
        for connection in connections:
            await connection.open()
        await _to_act(connections)
        seen = [await c.wait_for(lambda s: s["view"] is not None) for c in connections]
        for connection in connections:
            await connection.close()
        return seen
    states = asyncio.run(scenario())
    hands = [set(state["view"]["hand"]) for state in states]
    assert all(len(hand) == 5 for hand in hands) and not (hands[0] & hands[1] or hands[1] & hands[2])
    for state, hand in zip(states, hands, strict=True):
        others = set().union(*(h for h in hands if h is not hand))
        text = json.dumps(state)
        assert not any(f'"{card}"' in text for card in others)


def test_an_unknown_table_is_a_clear_refusal(server: RoomServer) -> None:
    async def scenario() -> SeatConnection:
        connection = SeatConnection(server.base, "no-such-table", None, reconnect=False)
        await connection.open()
        for _ in range(100):
            if connection.closed_with is not None:
                break
            await asyncio.sleep(0.05)
        return connection
    connection = asyncio.run(scenario())
    assert connection.closed_with == 4404 and connection.frames[0]["code"] == "no_table"


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/tables", b"{", 400), ("/api/tables", b'{"name": "x", "seats": 99}', 400),
    ("/api/tables", b"[]", 400), ("/api/tables/nope/seats", b'{"name": "ann"}', 404),
    ("/api/tables", b'{"name": "' + b"x" * 70_000 + b'"}', 400),
    ("/api/tables", b'{"name": "Friday \\ud800"}', 400), ("/api/tables", b'{"name": "a\\u202eb"}', 400),
    ("/api/games/nosuch/rules", None, 404),
])
def test_bad_http_requests_are_json_errors(server: RoomServer, path: str, body: bytes | None,
                                           status: int) -> None:
    request = urllib.request.Request(server.base + path, data=body, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as failure:
        urllib.request.urlopen(request, timeout=10)
    assert failure.value.code == status and json.loads(failure.value.read())["error"]


def test_only_the_owner_closes_a_table(server: RoomServer, tmp_path: Path) -> None:
    client = RoomClient(server.base)
    made = client.create_table({"name": "owned", "games": ["draw"]})
    with pytest.raises(Exception, match="owner"):
        client.close(made["table"], "not-the-owner")
    assert client.close(made["table"], made["owner_token"])["closed"] is True
    assert made["table"] not in [t["id"] for t in client.tables()]


def test_a_token_never_begins_with_a_dash_so_a_command_line_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-leading-dash", "-again", "fine-token"])
    monkeypatch.setattr(host.secrets, "token_urlsafe", lambda nbytes: next(drawn))
    assert host.new_token() == "fine-token"


def test_an_act_made_before_another_seat_s_chat_line_is_not_stale(server: RoomServer) -> None:
    """Only a change of the seat's own decision makes an act stale (see test_room_table for
    choices made at the same time)."""
    _, table, tokens = _table(server)

    async def scenario() -> dict[str, Any]:
        connections = [SeatConnection(server.base, table, token) for token in tokens]
        for connection in connections:
            await connection.open()
        first = await _to_act(connections)
        state = first.state
        assert state is not None
        other = next(c for c in connections if c is not first)
        await other.chat("a line while you think")
        await first.wait_for(lambda s: s["seq"] > state["seq"])
        answer = await first.act(ActionSet.from_json(state["legal"])[0], seq=state["seq"])
        for connection in connections:
            await connection.close()
        return answer
    assert asyncio.run(scenario())["type"] == "ack"


def test_a_whole_amount_written_with_a_fraction_of_zero_is_taken_as_the_schema_allows() -> None:
    """JSON Schema counts 2.0 as an integer: the room takes it as 2, so the schema and the reply
    agree (2.5 stays a bad message, above)."""
    message = read_intent(json.dumps({"type": "act", "id": "x", "action": {"kind": "bet", "amount": 2.0},
                                      "seq": 4.0}))
    assert message["action"]["amount"] == 2 and type(message["action"]["amount"]) is int
    assert type(message["seq"]) is int


def test_an_amount_of_2_point_0_is_acted_on_at_the_table(server: RoomServer) -> None:
    _, table, tokens = _table(server)

    async def scenario() -> dict[str, Any]:
        connections = [SeatConnection(server.base, table, token) for token in tokens]
        for connection in connections:
            await connection.open()
        first = await _to_act(connections)
        assert first.state is not None
        sized = next(a for a in ActionSet.from_json(first.state["legal"]) if a.amount is not None)
        answer = await first.act({**sized.to_json(), "amount": float(sized.amount)})
        for connection in connections:
            await connection.close()
        return answer
    assert asyncio.run(scenario())["type"] == "ack"
