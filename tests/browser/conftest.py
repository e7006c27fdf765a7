"""Fixtures of the browser tests: Debian's chromium driven by Playwright, and a real card room.

pytest-playwright cannot be told where a browser is, so its launch arguments are overridden here to
start Debian's ``chromium`` (Playwright's own browser download cannot work on these machines). The
room is ``homegame serve`` on a private socket of 127.0.0.1 (see ``tests/room_server.py``), its bots
acting at once. Screenshots and the measured figures (``figures.json``) go to ``artifacts/browser/``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_server import RoomServer

ARTIFACTS = Path(__file__).parents[2] / "artifacts" / "browser"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail("the browser tests need Debian's chromium: apt-get install chromium")
    args = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--disable-sync", "--disable-quic"]
    if os.geteuid() == 0:
        args.append("--no-sandbox")
    return {**browser_type_launch_args, "executable_path": chromium, "args": args}


@pytest.fixture(scope="session")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    store = tmp_path_factory.mktemp("browser-room") / "room.sqlite3"
    with RoomServer(str(store)) as server:
        yield server


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
