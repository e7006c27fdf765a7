"""The JSON Schemas of the clubs' requests and answers, as docs/protocol.md shows them; a test holds
the document, and the room's real answers, to them. ``python -m homegame.room.club_schemas`` prints
the section.
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["CLUB_SCHEMAS", "club_schemas_markdown"]

_WHOLE: Final = {"type": "integer"}
_NAME: Final = {"type": "string", "minLength": 1, "maxLength": 40}
_SECRET: Final = {"type": "string", "description": "shown this once; the room keeps only its hash"}


def _object(description: str, properties: dict[str, Any], *,
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "description": description,
            "required": sorted(set(properties) - set(optional)), "properties": properties,
            "additionalProperties": False}


_MEMBER_KEY: Final = _object("a member and their key (give it to them: it recognises them at any table "
                             "of the room)", {"id": _WHOLE, "name": {"type": "string"}, "key": _SECRET})
_NIGHT_LINE: Final = _object(
    "one name's result at a night: its net, and the member it was (null: a guest, a bot or the house)",
    {"name": {"type": "string"}, "member": {"type": ["integer", "null"]}, "bot": {"type": "boolean"},
     "net": _WHOLE})
_FILED: Final = {"table": {"type": "string"}, "name": {"type": "string", "description": "the table's name"},
                 "closed_at": {"type": "number"}, "hands_played": _WHOLE,
                 "lines": {"type": "array", "items": _NIGHT_LINE}}
_STANDING: Final = {
    "id": {"type": ["integer", "null"]}, "name": {"type": "string"}, "since": {"type": "number"},
    "nights": {**_WHOLE, "description": "the nights played"}, "net": _WHOLE,
    "by_night": {"type": "array", "items": {"type": ["integer", "null"]},
                 "description": "the net at each night filed, in order (null: not there)"}}

CLUB_SCHEMAS: Final[dict[str, dict[str, Any]]] = {
    "club_setup": _object(
        "POST /api/clubs: a new club, and (optional) the host's own name as its first member",
        {"name": _NAME, "member": _NAME}, optional=("member",)),
    "club_made": _object(
        "the answer to POST /api/clubs (status 201): the club's id, its page, the owner token that changes "
        "it, and the host's member key where a member was named",
        {"club": {"type": "string"}, "page": {"type": "string"}, "owner_token": _SECRET,
         "member": _MEMBER_KEY},
        optional=("member",)),
    "member_request": _object("POST /api/clubs/<club>/members (the club's owner token as the bearer)",
                              {"name": _NAME}),
    "member_key": _MEMBER_KEY,
    "filing": _object(
        "POST /api/clubs/<club>/nights (the club's owner token as the bearer): file a closed table",
        {"table": {"type": "string"},
         "owner_token": {"type": "string", "description": "the table's owner token"},
         "names": {"type": "object", "additionalProperties": _WHOLE,
                   "description": "a name at the table: the member it was (for who came without a key)"}},
        optional=("names",)),
    "filed_night": _object("the answer to a filing (status 201): the night as the club keeps it", _FILED),
    "club": _object(
        "GET /api/clubs/<club> (and its ledger?format=json): the standings, the nights, the season's graph",
        {"club": {"type": "string"}, "name": {"type": "string"}, "created_at": {"type": "number"},
         "members": {"type": "array", "items": _object("a member's line, best net first", _STANDING)},
         "others": {"oneOf": [{"type": "null"}, _object("everyone else's line: guests, bots, the house",
                                                        _STANDING)]},
         "nights": {"type": "array", "items": _object(
             "a night filed, numbered from 1 in the order filed",
             {"number": _WHOLE, "label": {"type": "string"}, **_FILED})},
         "graph": _object("each member's running net night by night: [night, chips] points from [0, 0]", {
             "nights": _WHOLE, "players": {"type": "array", "items": _object("one line", {
                 "name": {"type": "string"},
                 "points": {"type": "array", "items": {"type": "array", "items": _WHOLE,
                                                       "minItems": 2, "maxItems": 2}}})}})}),
    "member_me": _object("GET /api/clubs/<club>/me (a member key as the bearer): who it is in the club",
                         {"club": {"type": "string"}, "club_name": {"type": "string"}, "id": _WHOLE,
                          "name": {"type": "string"}}),
}


def club_schemas_markdown() -> str:
    """The schemas as docs/protocol.md shows them."""
    parts = []
    for name, schema in CLUB_SCHEMAS.items():
        shown = json.dumps(schema, indent=2)
        parts.append(f"#### `{name}`\n\n{schema['description']}.\n\n```json\n{shown}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(club_schemas_markdown(), end="")
