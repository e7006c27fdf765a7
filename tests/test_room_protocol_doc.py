"""docs/protocol.md shows the schemas the server uses, and every frame a server sends fits its own."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from homegame.room.protocol import CLIENT_MESSAGES, SERVER_MESSAGES, schemas_markdown

DOC = Path(__file__).parent.parent / "docs" / "protocol.md"


def test_the_document_shows_the_schemas_the_server_checks() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### From the client"):]
    assert section == schemas_markdown(), "regenerate the schemas: python -m homegame.room.protocol"


def test_the_schemas_are_valid_json_schemas() -> None:
    for schema in [*CLIENT_MESSAGES.values(), *SERVER_MESSAGES.values()]:
        Draft202012Validator.check_schema(schema)


def check_frame(frame: dict[str, object]) -> None:
    """A frame the server sent fits the schema of its type (used by the server tests too)."""
    Draft202012Validator(SERVER_MESSAGES[str(frame["type"])]).validate(frame)


def test_the_documented_exchange_is_valid_json_in_each_direction() -> None:
    text = DOC.read_text(encoding="utf-8")
    exchange = text[text.index("## A short exchange"):text.index("## The messages")]
    lines = [line[2:] for line in exchange.splitlines() if line.startswith(("→ ", "← "))]
    assert len(lines) == 6
    assert json.loads(lines[0])["type"] == "hello"
