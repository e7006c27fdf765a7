"""The JSON Schemas of the answers of what a night leaves behind (the ledger as JSON, the
statistics, a hand history's record), as docs/protocol.md shows them; a test holds the document,
and the room's real answers, to them. ``python -m homegame.room.night_schemas`` prints the section.
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["NIGHT_SCHEMAS", "night_schemas_markdown"]

_WHOLE: Final = {"type": "integer"}
_SHARE: Final = {"type": ["number", "null"], "minimum": 0}


def _object(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": description, "required": sorted(properties),
            "properties": properties, "additionalProperties": False}


_TRANSFER: Final = _object("a payer gives a payee this many chips",
                           {"payer": {"type": "string"}, "payee": {"type": "string"}, "chips": _WHOLE})
_LINE: Final = _object(
    "one name's line: what it brought by kind (buy_in + rebuys + top_ups + adjustments = bought), took "
    "away (cashed), has in front of it (stack), and its net; bot: a bot playing the house's chips; "
    "member: the club member who sat down under the name",
    {"name": {"type": "string"}, "bot": {"type": "boolean"}, "member": {"type": ["string", "null"]},
     "buy_in": _WHOLE, "rebuys": _WHOLE, "top_ups": _WHOLE, "adjustments": _WHOLE, "bought": _WHOLE,
     "cashed": _WHOLE, "stack": _WHOLE, "net": _WHOLE})
_ENTRY: Final = _object(
    "chips that came to the table or left it, made by the table's event seq at a time at",
    {"seq": _WHOLE, "at": {"type": "number"}, "name": {"type": "string"},
     "kind": {"enum": ["buy_in", "rebuy", "top_up", "adjustment", "cash_out"]}, "chips": _WHOLE,
     "reason": {"type": ["string", "null"], "description": "an adjustment's reason"}})
_FIGURES: Final = _object(
    "a player's figures over some hands (docs/night.md defines each)",
    {name: _WHOLE for name in ("dealt", "played", "chips", "showdowns", "showdowns_won", "betting_hands",
                               "vpip", "raised_first", "raises", "calls")}
    | {"vpip_share": _SHARE, "raised_first_share": _SHARE, "aggression": _SHARE})
_POINTS: Final = {"type": "array", "items": {"type": "array", "items": _WHOLE, "minItems": 2, "maxItems": 2}}

NIGHT_SCHEMAS: Final[dict[str, dict[str, Any]]] = {
    "ledger": _object(
        "GET /api/tables/<table>/ledger?format=json: the night's ledger to keep",
        {"table": {"type": "string"}, "name": {"type": "string"}, "closed": {"type": "boolean"},
         "hands_played": _WHOLE, "lines": {"type": "array", "items": _LINE},
         "entries": {"type": "array", "items": _ENTRY}, "settle_up": {"type": "array", "items": _TRANSFER},
         "settle_text": {"type": "string", "description": "who pays whom, as lines to paste into a chat"}}),
    "stats": _object(
        "GET /api/tables/<table>/stats: each player's figures by game and in all, and the chip graph",
        {"table": {"type": "string"}, "name": {"type": "string"}, "hands_played": _WHOLE,
         "players": {"type": "array", "items": _object("one player (by name)", {
             "name": {"type": "string"}, "bot": {"type": "boolean"},
             "games": {"type": "object", "description": "by game name: its title and the figures",
                       "additionalProperties": {"type": "object", "required": ["title"]}},
             "total": _FIGURES})},
         "graph": _object("every player's stack, hand by hand: [hand, chips] points; a gap in the hand "
                          "numbers is a time away from the table", {
             "hands": _WHOLE, "players": {"type": "array", "items": _object("one line", {
                 "name": {"type": "string"}, "bot": {"type": "boolean"}, "points": _POINTS})}})}),
    "hand": _object(
        "one line of GET /api/tables/<table>/histories: a hand as the seat saw it, or in full",
        {"table": {"type": "string"}, "table_name": {"type": "string"}, "number": _WHOLE,
         "game": {"type": "string"}, "title": {"type": "string"}, "at": {"type": "number"},
         "seats": {"type": "array", "items": _WHOLE, "description": "the table seat of each game seat"},
         "names": {"type": "array", "items": {"type": "string"}, "description": "who sat in each game seat"},
         "player": {"type": ["integer", "null"],
                    "description": "the game seat it is seen from (null: in full)"},
         "full": {"type": "boolean", "description": "the whole history, deck order included (the host's)"},
         "chips": {"type": "array", "items": _WHOLE, "description": "each game seat's chips won or lost"},
         "points_rate": {"type": ["number", "null"],
                         "description": "the chips a point was worth (0.1: a chip for ten points)"},
         "view": {"type": "object", "description": "the seat's view at the hand's end (docs/views.md)"},
         "history": {"type": "object", "required": ["header", "events"],
                     "description": "the engine's history: the header (its deck empty for a seat) and the "
                                    "events the seat saw (every event, in full)"}}),
}


def night_schemas_markdown() -> str:
    """The schemas as docs/protocol.md shows them."""
    parts = []
    for name, schema in NIGHT_SCHEMAS.items():
        shown = json.dumps(schema, indent=2)
        parts.append(f"#### `{name}`\n\n{schema['description']}.\n\n```json\n{shown}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(night_schemas_markdown(), end="")
