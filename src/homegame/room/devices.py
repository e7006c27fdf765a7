"""Taking a seat on another device: a short-lived, one-time code that the seat asks for with its
token, and that another device exchanges for a token of its own for the same seat.

A seat's token is shown once and kept by the room only as a hash, so the room cannot hand it on;
a code it can. The seat asks for one (``POST /api/tables/<table>/seat-codes`` with its token); the
player types it on the other device, or opens the link ``/t/<table>#seat=CODE`` there, which claims
it (``POST /api/tables/<table>/seat-codes/claim``, the code in the body, never in a URL the room
sees) and gets a token of its own: from then on the seat opens from either device. A code is good
for :data:`CODE_LIFETIME` seconds and once; a newer code replaces the seat's older one. The room
keeps only a code's hash, in the table's events, so a code survives a restart of the room.

A code is eight letters and digits, none that reads as another (no 0, O, 1 or I): about 10^12 of
them, for ten minutes, behind a limit on how fast a table takes claims.

>>> normal_code(" k7qm-4xpd ")
'K7QM4XPD'
>>> shown_code("K7QM4XPD")
'K7QM-4XPD'
"""

from __future__ import annotations

import secrets
from typing import Any, Final

from homegame.errors import NotAllowed

__all__ = ["CLAIM_ANSWER", "CLAIM_REQUEST", "CODE_ANSWER", "CODE_LIFETIME", "MOST_DEVICES", "new_code",
           "normal_code", "shown_code"]

CODE_LIFETIME: Final = 600.0
"""Seconds a seat's code may be claimed in."""
MOST_DEVICES: Final = 8
"""Devices a seat may be opened from besides the first (a claim past that is refused)."""
_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_LENGTH: Final = 8

_SCHEMA: Final = "https://json-schema.org/draft/2020-12/schema"
CODE_ANSWER: Final[dict[str, Any]] = {
    "$schema": _SCHEMA, "title": "seat code",
    "description": "The answer to POST /api/tables/<table>/seat-codes: a code that opens the asking seat on "
                   "another device, once, until 'expires' (the room's clock, seconds since the epoch).",
    "type": "object", "additionalProperties": False, "required": ["code", "expires", "seat"],
    "properties": {"code": {"type": "string", "pattern": "^[A-Z2-9]{4}-[A-Z2-9]{4}$"},
                   "expires": {"type": "number"}, "seat": {"type": "integer", "minimum": 0}},
}
CLAIM_REQUEST: Final[dict[str, Any]] = {
    "$schema": _SCHEMA, "title": "seat code claim",
    "description": "The body of POST /api/tables/<table>/seat-codes/claim: the code the seat was given, as "
                   "shown or typed (case, spaces and dashes do not matter).",
    "type": "object", "additionalProperties": False, "required": ["code"],
    "properties": {"code": {"type": "string", "minLength": 1, "maxLength": 32}},
}
CLAIM_ANSWER: Final[dict[str, Any]] = {
    "$schema": _SCHEMA, "title": "seat claimed",
    "description": "The answer to a claim: the seat the code opens, its player's name, and a token of this "
                   "device's own for the seat (shown this once, as a join's token is).",
    "type": "object", "additionalProperties": False, "required": ["seat", "name", "token"],
    "properties": {"seat": {"type": "integer", "minimum": 0}, "name": {"type": "string"},
                   "token": {"type": "string"}},
}


def new_code() -> str:
    """A fresh code: eight characters of the unambiguous alphabet."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(_LENGTH))


def normal_code(text: object) -> str:
    """The code ``text`` spells, whatever its case, spaces and dashes; :class:`NotAllowed` if it
    cannot be one (a code is never told apart from a wrong one by how it was refused)."""
    plain = "".join(str(text).split()).replace("-", "").upper() if isinstance(text, str) else ""
    if len(plain) != _LENGTH or not all(character in _ALPHABET for character in plain):
        raise NotAllowed(f"a seat code is {_LENGTH} letters and digits, as your seat shows it "
                         "(such as K7QM-4XPD)")
    return plain


def shown_code(code: str) -> str:
    """A code as a person reads it, in two halves."""
    return f"{code[:4]}-{code[4:]}"
