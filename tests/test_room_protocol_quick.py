"""The quick look at a client's message (homegame.room.protocol.surely_valid) never takes a message
the schema refuses, and takes the messages clients send: a refusal is always the full check's, with
its reason, and the common intents skip the general checker."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from homegame.room.protocol import CLIENT_MESSAGES, HOST_ACTIONS, BadMessage, read_intent, surely_valid

SCHEMAS = {**CLIENT_MESSAGES, **{f"host {kind}": schema for kind, schema in HOST_ACTIONS.items()}}
NAMES = sorted({"type", "id", "kind", "amount", "cards", "groups", "option", "x", *(
    name for schema in SCHEMAS.values() for name in schema.get("properties", {}))})
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.sampled_from([2.0, 2.5, -1.0, 1e300]),
                    st.text(max_size=3), st.sampled_from(["act", "fold", "call", "As", "x" * 65, "", "draw"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(NAMES), inner, max_size=5)), max_leaves=12)


SENT: list[dict[str, Any]] = [
        {"type": "act", "id": "a-1", "action": {"kind": "raise", "amount": 40}, "seq": 12},
        {"type": "act", "id": "a-2", "action": {"kind": "discard", "cards": ["As", "Kd"]}},
        {"type": "act", "id": "a-3", "action": {"kind": "set", "groups": [["As"], ["Kd", "2c"]],
                                                "option": "o"}},
        {"type": "choose", "id": "c", "game": "draw", "variants": ["v"]},
        {"type": "chat", "id": "t", "text": "nice hand"}, {"type": "ping"},
        {"type": "rebuy", "id": "r", "chips": 5},
        {"type": "hello", "table": "abc", "token": None, "owner": "o", "last_seq": 3}]
"""Intents as clients send them (each valid)."""


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    inside = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return [at, *(path for key, item in inside for path in _paths(item, (*at, key)))]


def _changed(message: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``message`` with the value at ``path`` replaced by ``new`` (or taken out: ``DROP``)."""
    if not path:
        return new
    copy = dict(message) if isinstance(message, dict) else list(message)
    if new is DROP and len(path) == 1:
        del copy[path[0]]
    else:
        copy[path[0]] = _changed(copy[path[0]], path[1:], new)
    return copy


DROP = object()


@st.composite
def _one_change(draw: st.DrawFn) -> dict[str, Any]:
    """An intent as sent, with one of its values replaced, dropped, or a field added."""
    message = draw(st.sampled_from(SENT))
    path = draw(st.sampled_from(_paths(message)[1:]))
    target = draw(st.one_of(_edges(_at(message, path)), VALUES, st.just(DROP)))
    if target is DROP and not isinstance(_at(message, path[:-1]), dict):
        return {**message, "x": 1}
    return dict(_changed(message, path, target))


def _edges(value: Any) -> st.SearchStrategy[Any]:
    """Values of ``value``'s own type, at and around the bounds the schemas set."""
    if isinstance(value, str):
        return st.sampled_from([0, 1, 4, 5, 32, 33, 64, 65, 128, 129, 500, 501]).map(lambda size: "x" * size)
    if isinstance(value, bool) or value is None:
        return st.sampled_from([None, True, False, 0, "", 1.0])
    if isinstance(value, int):
        return st.sampled_from([-1, 0, 1, 7, 8, 10**15, 10**16, -(10**16), 2.0, 2.5])
    if isinstance(value, list):
        return st.integers(0, 70).map(lambda size: [value[0] if value else "As"] * size)
    return VALUES


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@settings(max_examples=600, deadline=None)
@given(_one_change())
def test_an_intent_changed_once_is_taken_at_a_look_only_if_its_schema_takes_it(
        message: dict[str, Any]) -> None:
    kind = message.get("type")
    schema = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if schema is not None and surely_valid(message, schema):
        assert Draft202012Validator(schema).is_valid(message), message


def test_no_intent_is_taken_at_a_look_under_another_type_s_schema() -> None:
    leave = {"type": "leave", "id": "l"}
    for kind, schema in CLIENT_MESSAGES.items():
        for message in [*SENT, leave]:
            assert surely_valid(message, schema) == (message["type"] == kind), (kind, message)


def test_the_intents_clients_send_are_taken_at_a_look() -> None:
    for message in SENT:
        assert surely_valid(message, CLIENT_MESSAGES[message["type"]]), message
        assert read_intent(json.dumps(message)) == message


def test_what_the_look_leaves_the_full_check_refuses_with_its_reason() -> None:
    refused = {'{"type": "act", "id": "a", "action": {"kind": "fold", "x": 1}}':
               "act field action has no field x",
               '{"type": "act", "id": "a", "action": {"kind": "bet", "amount": 2.5}}':
               "act field action/amount",
               '{"type": "act", "id": "a"}': "act needs 'action'"}
    for text, reason in refused.items():
        try:
            read_intent(text)
        except BadMessage as error:
            assert reason in str(error), (text, error)
        else:
            raise AssertionError(f"{text} was taken")
    assert read_intent('{"type": "act", "id": "a", "action": {"kind": "bet", "amount": 2.0}}')["action"] == {
        "kind": "bet", "amount": 2}
