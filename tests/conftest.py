"""Fixtures shared by the card room's tests: a real PostgreSQL server (started once per test
worker, skipped with the reason where it cannot run, unless ``HOMEGAME_REQUIRE_POSTGRES`` is set
as in CI) and a store address of each kind; a data folder of each test's own; and the suite's
Hypothesis profile (no deadline)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from postgres_server import PostgresServer, running_postgres
from room_server import SharedRoom

# Property tests check what holds, never how fast: on a loaded machine one example can take longer
# than Hypothesis's default deadline of 200 ms, which made a test fail that was right.
settings.register_profile("homegame", deadline=None)
settings.load_profile("homegame")


@pytest.fixture(autouse=True)
def own_data_folder_and_width(tmp_path_factory: pytest.TempPathFactory,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps what the terminal saves (seat and owner tokens) in a folder of its own, never
    in the user's data folder, and draws plain transcripts 100 columns wide; the commands a test
    starts inherit both."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("COLUMNS", "100")  # a plain transcript's width, whatever runs the tests


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    with running_postgres() as server:
        if isinstance(server, str):
            if os.environ.get("HOMEGAME_REQUIRE_POSTGRES"):
                pytest.fail(f"HOMEGAME_REQUIRE_POSTGRES is set, but {server}")
            pytest.skip(server)
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_room(request: pytest.FixtureRequest, tmp_path: Path) -> SharedRoom:
    """A fresh shared store of each kind: an SQLite file served with ``--shared``, and a new
    database on the PostgreSQL server."""
    if request.param == "sqlite":
        return SharedRoom(str(tmp_path / "room.sqlite3"), ("--shared",))
    server: PostgresServer = request.getfixturevalue("postgres")
    return SharedRoom(server.database(), ())


@pytest.fixture(params=["sqlite", "postgresql"])
def store_address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store of each kind: an SQLite file, and a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "room.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.database()
