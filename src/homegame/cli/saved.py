"""The tokens this person was given at card-room tables, kept in their data folder so that they
are never lost when the screen scrolls: a seat's token (``homegame join``) and a table's owner token
(``homegame table new``), one file per table, readable by this user alone; and a club's member
key or owner token (``homegame club``), one file per club.

The room shows a token once and keeps only its hash; this folder is where the terminal keeps it
for its user (``homegame seats`` lists them), as a browser keeps its seat in its own storage.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> saved = SavedTables(folder)
>>> saved.keep("http://127.0.0.1:8000/t/abc", seat={"name": "ann", "seat": 2, "token": "t0k"})
>>> saved.at("http://127.0.0.1:8000/t/abc")["seat"]["name"]
'ann'
>>> oct((folder / "tables").stat().st_mode & 0o777), len(saved.all())
('0o700', 1)
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

__all__ = ["SavedClubs", "SavedTables", "saved_clubs", "saved_tables"]


class SavedTables:
    """The tables this user holds a token for, under ``folder/tables``."""

    part = "tables"

    def __init__(self, folder: Path) -> None:
        self.folder = folder / self.part

    def _file(self, invite: str) -> Path:
        return self.folder / (hashlib.sha256(invite.encode()).hexdigest()[:24] + ".json")

    def at(self, invite: str) -> dict[str, Any]:
        """What is kept for the table at ``invite`` (empty if nothing)."""
        try:
            data = json.loads(self._file(invite).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) and data.get("invite") == invite else {}

    def keep(self, invite: str, **parts: Any) -> None:
        """Keep ``parts`` (``seat={...}``, ``owner_token=...``) for the table at ``invite``, beside
        what was kept before; the file is readable and writable by this user only."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o700)
        data = {**self.at(invite), "invite": invite, **parts}
        path = self._file(invite)
        descriptor = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
        path.with_suffix(".tmp").replace(path)

    def all(self) -> list[dict[str, Any]]:
        """Everything kept, one entry a table."""
        if not self.folder.is_dir():
            return []
        entries = [self.at(json.loads(path.read_text(encoding="utf-8")).get("invite", ""))
                   for path in sorted(self.folder.glob("*.json"))]
        return [entry for entry in entries if entry]


class SavedClubs(SavedTables):
    """The clubs this user holds a key for (``member={"id", "name", "key"}``) or hosts
    (``owner_token``), by the club page's link, under ``folder/clubs``, kept as the tables are.

    >>> import tempfile, pathlib
    >>> clubs = SavedClubs(pathlib.Path(tempfile.mkdtemp()))
    >>> clubs.keep("http://127.0.0.1:8000/c/xyz", member={"id": 1, "name": "ann", "key": "k"})
    >>> [entry["member"]["name"] for entry in clubs.all()]
    ['ann']
    """

    part = "clubs"


def saved_clubs() -> SavedClubs:
    """The clubs kept in this user's data folder."""
    from platformdirs import user_data_path

    return SavedClubs(user_data_path("homegame"))


def saved_tables() -> SavedTables:
    """The tables kept in this user's data folder (``platformdirs``' data folder for homegame)."""
    from platformdirs import user_data_path

    return SavedTables(user_data_path("homegame"))
