"""A real card-room server for the tests: ``homegame serve`` (or uvicorn with a test app) in its
own process, on a socket the test binds itself to a free port of 127.0.0.1 and hands over, so there
is no race for the port. The same socket serves again after the process is killed, so a restarted
server answers at the same address."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

TESTS = Path(__file__).parent


@dataclass(frozen=True)
class SharedRoom:
    """A store several room processes share: its address, and what ``homegame serve`` is told
    besides to share it (``--shared`` for an SQLite file; nothing for PostgreSQL)."""

    address: str
    arguments: tuple[str, ...]

    def server(self, *arguments: str) -> RoomServer:
        """A process of the room, with ``arguments`` too."""
        return RoomServer(self.address, arguments=(*self.arguments, *arguments))


class RoomServer:
    """``homegame serve`` on a private socket, keeping its tables in ``store``; ``arguments`` are
    more options for it (``{base}`` in one stands for the server's own address)."""

    def __init__(self, store: str, *, bot_workers: int = 0, app: str | None = None,
                 env: dict[str, str] | None = None, arguments: tuple[str, ...] = ()) -> None:
        self.store, self.bot_workers, self.app, self.env = store, bot_workers, app, env or {}
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(256)
        self.port = self.listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = TESTS.parent / ".pytest_cache" / f"room-{self.port}.log"
        self.arguments = [argument.format(base=self.base) for argument in arguments]

    def command(self) -> list[str]:
        fd = str(self.listener.fileno())
        if self.app is not None:
            return [sys.executable, "-m", "uvicorn", "--factory", self.app, "--fd", fd,
                    "--log-level", "warning", "--ws-max-size", str(64 * 1024)]
        # One test client makes more tables an hour than a stranger may: no limit, unless a test sets one.
        return [sys.executable, "-m", "homegame", "serve", "--fd", fd, "--store", self.store,
                "--bot-workers", str(self.bot_workers), "--bot-delay", "0", "--tables-per-hour", "0",
                *self.arguments]

    def start(self) -> RoomServer:
        self.log.parent.mkdir(exist_ok=True)
        path = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
        environment = {**os.environ, "PYTHONPATH": path, "HOMEGAME_TEST_STORE": self.store, **self.env}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(self.command(), pass_fds=(self.listener.fileno(),), stdout=log,
                                            stderr=subprocess.STDOUT, env=environment)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text()[-2000:]
                raise RuntimeError(f"the room exited with {self.process.returncode}: {tail}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as answer:
                    if json.loads(answer.read())["ok"]:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the room did not answer within a minute")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.loads(answer.read())

    def kill(self) -> None:
        """``kill -9``: the process dies at once, in the middle of whatever it was doing."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> RoomServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
        self.listener.close()
