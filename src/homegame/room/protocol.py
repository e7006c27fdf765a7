"""The card room's websocket protocol: the messages, their JSON Schemas, and the check of what a
client sends.

A client sends *intents*; the server answers each with an ``ack`` or an ``error`` and, after every
change at the table, pushes each connection a ``state``: its own seat's view and nothing more,
numbered with the table's event number (``seq``). ``docs/protocol.md`` documents every message
with the schemas below (a test keeps the two the same).

>>> read_intent('{"type": "act", "id": "a1", "action": {"kind": "call", "amount": 4}}')["action"]
{'kind': 'call', 'amount': 4}
>>> read_intent('{"type": "act", "id": "a1"}')
Traceback (most recent call last):
...
homegame.room.protocol.BadMessage: bad_message: act needs 'action'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from jsonschema import Draft202012Validator

from homegame.errors import RoomError

__all__ = ["CLIENT_MESSAGES", "HOST_ACTIONS", "LARGEST_MESSAGE", "PROTOCOL", "SERVER_MESSAGES", "BadMessage",
           "read_host_action", "read_intent", "schemas_markdown"]

PROTOCOL: Final = 1
"""The protocol's version, sent in ``welcome``."""

LARGEST_MESSAGE: Final = 16 * 1024
"""The longest message (in characters) a client may send."""


class BadMessage(RoomError):
    """A message the protocol refuses: ``code`` names the kind of fault for the client's program,
    ``intent`` the message's id where it had one, so that the client knows which was refused."""

    def __init__(self, code: str, message: str, intent: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.intent = code, message, intent


_LONGEST_ID: Final = 64
_ID: Final = {"type": "string", "minLength": 1, "maxLength": _LONGEST_ID,
              "description": "chosen by the client; an intent sent again with the same id is taken once"}
_SEAT: Final = {"type": ["integer", "null"], "minimum": 0, "maximum": 7}
_CARD_LIST: Final = {"type": "array", "maxItems": 60, "items": {"type": "string", "maxLength": 4}}
_ACTION: Final = {
    "type": "object", "additionalProperties": False, "required": ["kind"],
    "description": "an action in the engine's JSON form (see homegame.Action.to_json)",
    "properties": {
        "kind": {"type": "string", "minLength": 1, "maxLength": 32},
        "amount": {"type": "integer"},
        "cards": _CARD_LIST,
        "option": {"type": "string", "minLength": 1, "maxLength": 32},
        "groups": {"type": "array", "maxItems": 8, "items": _CARD_LIST},
    },
}


def _message(kind: str, description: str, fields: dict[str, Any] | None = None,
             required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": kind, "description": description, "type": "object", "additionalProperties": False,
        "required": ["type", *required],
        "properties": {"type": {"const": kind}, **(fields or {})},
    }


_REQUEST: Final = {
    "type": "object", "additionalProperties": False,
    "required": ["id", "name", "chips", "seat", "at", "member", "status"],
    "description": "a seat request: its number, the name and chips asked with, the seat asked for "
                   "(null: any), when, the club member the asker's key showed them to be (null: none), "
                   "and 'asking' (waiting for the host) or 'refused'",
    "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "chips": {"type": "integer"},
                   "seat": _SEAT, "at": {"type": "number"}, "member": {"type": ["string", "null"]},
                   "status": {"enum": ["asking", "refused"]}},
}

CLIENT_MESSAGES: Final[dict[str, dict[str, Any]]] = {
    "hello": _message("hello", "The first message on a connection: which table, whose seat (its token, or "
                      "the token of a seat request; none for a spectator), the host's token if the client "
                      "holds it (its states then carry 'host'), and the last event the client has seen "
                      "when it reconnects.",
                      {"table": {"type": "string", "minLength": 1, "maxLength": 64},
                       "token": {"type": ["string", "null"], "maxLength": 128},
                       "owner": {"type": ["string", "null"], "maxLength": 128},
                       "last_seq": {"type": "integer", "minimum": 0}}, ("table",)),
    "act": _message("act", "Take an action in the hand in play. With 'seq', it is refused as stale if the "
                    "seat's decision has changed since that event (a chat line, a seat joining or "
                    "another seat's choice made at the same time change nothing).",
                    {"id": _ID, "action": _ACTION, "seq": {"type": "integer", "minimum": 0}},
                    ("id", "action")),
    "choose": _message("choose", "The dealer calls the next game and the variants to play it with.",
                       {"id": _ID, "game": {"type": "string", "maxLength": 32},
                        "variants": {"type": "array", "maxItems": 16,
                                     "items": {"type": "string", "maxLength": 32}}}, ("id", "game")),
    "chat": _message("chat", "A line of table chat (text only, never read as markup).",
                     {"id": _ID, "text": {"type": "string", "minLength": 1, "maxLength": 500}},
                     ("id", "text")),
    "sit_out": _message("sit_out", "Sit out from the next deal on.", {"id": _ID}, ("id",)),
    "come_back": _message("come_back", "Be dealt in again.", {"id": _ID}, ("id",)),
    "rebuy": _message("rebuy", "Add chips to the stack, up to what brings it to the buy-in (or the table's "
                      "max_buy_in); asked for during a hand you play, it is made when that hand ends.",
                      {"id": _ID, "chips": {"type": "integer", "minimum": 1}}, ("id", "chips")),
    "leave": _message("leave", "Leave the seat: at once between hands, else when the game ends.",
                      {"id": _ID}, ("id",)),
    "ping": _message("ping", "Keeps the connection alive; answered by pong."),
}

SERVER_MESSAGES: Final[dict[str, dict[str, Any]]] = {
    "welcome": _message("welcome", "The answer to hello: the seat this connection plays (null: watching, "
                        "or waiting for the host's answer to a seat request), and whether it holds the "
                        "host's token.",
                        {"protocol": {"const": PROTOCOL}, "table": {"type": "string"}, "seat": _SEAT,
                         "name": {"type": ["string", "null"]}, "host": {"type": "boolean"}},
                        ("protocol", "table", "seat", "name", "host")),
    "state": _message("state", "Everything this connection may know now, pushed after every change: the "
                      "table for everyone, the view and legal actions of its own seat only, and for the "
                      "host's connections what only the host sees ('host': the seat requests waiting).",
                      {"seq": {"type": "integer"}, "now": {"type": "number"},
                       "table": {"type": "object"}, "you": {"type": "object"},
                       "view": {"type": ["object", "null"]}, "legal": {"type": ["array", "null"]},
                       "clock_takes": {"type": ["object", "null"]},
                       "host": {"type": ["object", "null"], "required": ["requests"],
                                "properties": {"requests": {"type": "array", "items": _REQUEST}}}},
                      ("seq", "now", "table", "you", "view", "legal", "clock_takes", "host")),
    "chat": _message("chat", "A line of table chat, as it was said.",
                     {"seq": {"type": "integer"}, "seat": _SEAT, "name": {"type": "string"},
                      "text": {"type": "string"}, "at": {"type": "number"}},
                     ("seq", "seat", "name", "text", "at")),
    "ack": _message("ack", "An intent was taken (or had been taken: a resend changes nothing).",
                    {"id": _ID, "seq": {"type": "integer"}, "again": {"type": "boolean"}},
                    ("id", "seq", "again")),
    "error": _message("error", "An intent or message refused; nothing changed. 'code' is for programs, "
                      "'message' for people.",
                      {"id": {"type": ["string", "null"]}, "code": {"type": "string"},
                       "message": {"type": "string"}}, ("id", "code", "message")),
    "pong": _message("pong", "The answer to ping."),
    "moved": _message("moved", "A tournament moved this connection's player, with their chips and token, to "
                      "another of its tables to balance them: connect there (hello with the same token). "
                      "This connection watches from now on.",
                      {"table": {"type": "string"}, "name": {"type": "string"}}, ("table", "name")),
    "closed": _message("closed", "The table has closed (or had closed when the client said hello): its "
                       "final ledger, the same as GET /api/tables/<table>/ledger. The server then closes "
                       "the connection with code 4410.",
                       {"table": {"type": "string"}, "ledger": {"type": "object"}}, ("table", "ledger")),
}

_HOST_ID: Final = {**_ID, "description": "chosen by the host's client (optional); an action sent again with "
                                          "the same id is taken once"}
_TABLE_SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 7}
_REQUEST_NUMBER: Final = {"type": "integer", "minimum": 1,
                          "description": "the request's number, its 'id' in the host's state"}

HOST_ACTIONS: Final[dict[str, dict[str, Any]]] = {
    "approve": _message("approve", "Seat the person of a seat request, at the seat they asked for (or the "
                        "one given here, or the first free one), with the chips they asked to bring.",
                        {"id": _HOST_ID, "request": _REQUEST_NUMBER, "seat": _TABLE_SEAT}, ("request",)),
    "refuse": _message("refuse", "Refuse a seat request: its token opens nothing, and its asker is told.",
                       {"id": _HOST_ID, "request": _REQUEST_NUMBER}, ("request",)),
    "remove": _message("remove", "Take a player from the table, cashed out into the ledger: at once between "
                       "hands; from a hand in play, their hand folded at their turn where the game folds, "
                       "the game's default played for them elsewhere, to the end of the deal.",
                       {"id": _HOST_ID, "seat": _TABLE_SEAT}, ("seat",)),
    "start": _message("start", "Start the night at a table whose host starts it: it deals once two can play.",
                      {"id": _HOST_ID}),
    "pause": _message("pause", "Pause the table: no one may act, and every clock stands still.",
                      {"id": _HOST_ID}),
    "resume": _message("resume", "Resume a paused table: the clocks go on from where they stood.",
                       {"id": _HOST_ID}),
    "approve_chips": _message("approve_chips", "Grant the chips a seat asked for (a rebuy or top-up at a "
                              "table whose host approves them): now, or when the hand it plays ends.",
                              {"id": _HOST_ID, "seat": _TABLE_SEAT}, ("seat",)),
    "refuse_chips": _message("refuse_chips", "Refuse the chips a seat asked for.",
                             {"id": _HOST_ID, "seat": _TABLE_SEAT}, ("seat",)),
    "adjust": _message("adjust", "Put a stack right between its hands: chips added (above zero) count "
                       "as brought, chips taken (below zero) as taken away, and the reason goes into the "
                       "ledger.",
                       {"id": _HOST_ID, "seat": _TABLE_SEAT,
                        "chips": {"type": "integer", "not": {"const": 0}, "minimum": -(10**15),
                                  "maximum": 10**15},
                        "reason": {"type": "string", "minLength": 1, "maxLength": 200}},
                       ("seat", "chips", "reason")),
    "hand_over": _message("hand_over", "Hand the host's role to a person seated at the table: their seat's "
                          "token is the host's token from then on, and the old one opens nothing.",
                          {"id": _HOST_ID, "seat": _TABLE_SEAT}, ("seat",)),
    "settings": _message("settings", "Change the table's host settings: listed in the lobby ('public'), "
                         "players ask to sit ('ask_to_sit'), the host approves rebuys ('approve_chips').",
                         {"id": _HOST_ID, "public": {"type": "boolean"}, "ask_to_sit": {"type": "boolean"},
                          "approve_chips": {"type": "boolean"}}),
    "end": _message("end", "End the night: the table closes at once between hands, else when the hand in "
                    "play ends (as POST /api/tables/<table>/close).", {"id": _HOST_ID}),
}

_VALIDATORS: Final = {kind: Draft202012Validator(schema) for kind, schema in CLIENT_MESSAGES.items()}
_HOST_VALIDATORS: Final = {kind: Draft202012Validator(schema) for kind, schema in HOST_ACTIONS.items()}


def read_intent(text: str | bytes) -> dict[str, Any]:
    """The message ``text`` holds, checked against its schema; :class:`BadMessage` otherwise."""
    if len(text) > LARGEST_MESSAGE:
        raise BadMessage("too_large", f"messages are at most {LARGEST_MESSAGE} characters")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("bad_json", "a message is one JSON object") from None
    return _checked(message, _VALIDATORS, "message")


def read_host_action(action: Any) -> dict[str, Any]:
    """A host's action (the body of ``POST /api/tables/<table>/host``) checked against its schema.

    >>> read_host_action({"type": "remove", "seat": 2})
    {'type': 'remove', 'seat': 2}
    >>> read_host_action({"type": "remove"})
    Traceback (most recent call last):
    ...
    homegame.room.protocol.BadMessage: bad_message: remove needs 'seat'
    """
    return _checked(action, _HOST_VALIDATORS, "host action")


def _checked(message: Any, validators: dict[str, Draft202012Validator], what: str) -> dict[str, Any]:
    if not isinstance(message, dict):
        raise BadMessage("bad_json", f"a {what} is one JSON object")
    kind, intent = message.get("type"), message.get("id")
    if not (isinstance(intent, str) and 1 <= len(intent) <= _LONGEST_ID):
        intent = None
    validator = validators.get(kind) if isinstance(kind, str) else None
    if validator is None:
        raise BadMessage("unknown_type",
                         f"no {what} type {str(kind)[:32]!r}; types: {', '.join(validators)}", intent)
    schema = validator.schema
    error = None if isinstance(schema, dict) and surely_valid(message, schema) else next(
        iter(sorted(validator.iter_errors(message), key=lambda e: list(e.path))), None)
    if error is not None:
        raise BadMessage("bad_message", f"{kind} {_explain(error)}", intent)
    whole: dict[str, Any] = _whole(message)
    return whole


def surely_valid(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` is valid under ``schema`` by a quick look that knows only the few
    keywords the protocol's messages use: ``True`` only when it is (every intent a room takes is
    checked, and jsonschema's general checker cost more than the action it carried); ``False``
    when it is not, or may not be, and the full check is left to decide and to say why. An integer
    is only ever an ``int`` here (a ``2.0`` goes to the full check, and on to :func:`_whole`).

    >>> surely_valid({"type": "act", "id": "a1", "action": {"kind": "fold"}}, CLIENT_MESSAGES["act"])
    True
    >>> surely_valid({"type": "act", "id": "a1", "action": {"kind": "fold", "x": 1}}, CLIENT_MESSAGES["act"])
    False
    """
    if not _QUICK_KEYWORDS.issuperset(schema):
        return False
    kinds = schema.get("type", ())
    if kinds and not any(_TYPES[name](value) for name in ((kinds,) if isinstance(kinds, str) else kinds)):
        return False
    if "const" in schema and not (type(value) is type(schema["const"]) and value == schema["const"]):
        return False
    if isinstance(value, str):
        return bool(schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)))
    if isinstance(value, int | float) and not isinstance(value, bool):
        least, most = schema.get("minimum", value), schema.get("maximum", value)
        return type(value) is int and bool(least <= value <= most)
    if isinstance(value, list):
        return len(value) <= schema.get("maxItems", len(value)) and all(
            surely_valid(item, schema.get("items", {})) for item in value)
    if isinstance(value, dict):
        return _surely_valid_object(value, schema)
    return True


def _surely_valid_object(value: dict[Any, Any], schema: dict[str, Any]) -> bool:
    properties: dict[str, Any] = schema.get("properties", {})
    if schema.get("additionalProperties", True) is not True and not properties.keys() >= value.keys():
        return False
    return (all(name in value for name in schema.get("required", ()))
            and all(surely_valid(item, properties[name]) for name, item in value.items()
                    if name in properties))


_QUICK_KEYWORDS: Final = frozenset({"$schema", "title", "description", "type", "const", "required",
                                    "additionalProperties", "properties", "minLength", "maxLength",
                                    "minimum", "maximum", "maxItems", "items"})
_TYPES: Final[dict[str, Callable[[Any], bool]]] = {
    "object": lambda value: isinstance(value, dict), "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str), "integer": lambda value: type(value) is int,
    "number": lambda value: type(value) in (int, float), "boolean": lambda value: type(value) is bool,
    "null": lambda value: value is None,
}


def _whole(value: Any) -> Any:
    """``value`` with every number written with a fraction of zero (``2.0``) as the integer it is.

    JSON Schema counts ``2.0`` as an integer, so the schemas take it; the engine takes only
    ``int`` amounts and seats. A client message has no field of any other number type, so every
    float left after the schema check is a whole number."""
    if isinstance(value, float):
        return int(value)
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole(item) for item in value]
    return value


def schemas_markdown() -> str:
    """Every message with its schema, as the message section of ``docs/protocol.md`` shows them
    (``python -m homegame.room.protocol`` prints it)."""
    parts = []
    for heading, messages in (("From the client", CLIENT_MESSAGES), ("From the server", SERVER_MESSAGES),
                              ("The host's actions", HOST_ACTIONS)):
        parts.append(f"### {heading}\n")
        for kind, schema in messages.items():
            shown = json.dumps(schema, indent=2)
            parts.append(f"#### `{kind}`\n\n{schema['description']}\n\n```json\n{shown}\n```\n")
    return "\n".join(parts)


def _explain(error: Any) -> str:
    """A schema error in a sentence: which field, and what is wrong with it."""
    if error.validator == "required":
        missing = next(name for name in error.validator_value if name not in error.instance)
        return f"needs {missing!r}"
    if error.validator == "additionalProperties":
        extra = ", ".join(sorted(set(error.instance) - set(error.schema["properties"])))
        inside = "/".join(map(str, error.path))
        return f"field {inside} has no field {extra}" if inside else f"has no field {extra}"
    where = "/".join(map(str, error.path)) or "message"
    return f"field {where}: {error.message[:120]}"


if __name__ == "__main__":
    print(schemas_markdown(), end="")
