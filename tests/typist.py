"""A ``homegame`` command typed at through pipes, as a person at a terminal would (``TERM=dumb``:
the plain transcript), for the tests of the terminal faces against a real room."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time


class Typist:
    """A ``homegame`` command run with pipes: everything it prints is kept, and lines are typed
    into it when it asks."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        environment = {**os.environ, "TERM": "dumb", "COLUMNS": "120", **(env or {})}
        self.process = subprocess.Popen([sys.executable, "-m", "homegame", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment)
        self.output = ""
        self._typed_at = 0
        self._chunks: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            self._chunks.put(chunk)

    def wait_for(self, *endings: str, timeout: float = 60) -> str:
        """Read until what was printed since the last line typed holds one of ``endings`` (a
        question asked, a line told)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            fresh = self.output[self._typed_at:]
            for ending in endings:
                if ending in fresh:
                    return ending
            try:
                self.output += self._chunks.get(timeout=0.2).decode()
            except queue.Empty:
                if self.process.poll() is not None and self._chunks.empty():
                    break
        raise AssertionError(f"no {endings!r} in time; the output ends:\n{self.output[-3000:]}")

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()
        self._typed_at = len(self.output)

    def finish(self, timeout: float = 60) -> int:
        code = self.process.wait(timeout=timeout)
        while not self._chunks.empty():
            self.output += self._chunks.get().decode()
        return code
