"""Run ``homegame`` in a pseudo-terminal and read its screen as a person sees it (pyte emulates the
terminal: cursor moves, clears and colours are applied, not just collected)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

import pyte

COLUMNS, ROWS = 100, 30


class Terminal:
    """A ``COLUMNS`` x ``ROWS`` terminal running ``homegame args``; ``screen`` is what it shows."""

    def __init__(self, args: Sequence[str], *, term: str = "xterm-256color") -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {**os.environ, "TERM": term, "COLUMNS": str(COLUMNS), "LINES": str(ROWS),
               "PROMPT_TOOLKIT_NO_CPR": "1", "PAGER": "cat"}
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen([sys.executable, "-m", "homegame", *args], stdin=slave,
                                        stdout=slave, stderr=slave, env=env, close_fds=True,
                                        start_new_session=True)
        os.close(slave)
        self.raw = b""
        self._screen = pyte.Screen(COLUMNS, ROWS)
        self._stream = pyte.ByteStream(self._screen)

    @property
    def screen(self) -> str:
        return "\n".join(line.rstrip() for line in self._screen.display)

    def read(self, seconds: float = 0.2) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.raw += chunk
            self._stream.feed(chunk)

    def settle(self, quiet: float = 0.3, timeout: float = 30.0) -> str:
        """Read until the program has written nothing for ``quiet`` seconds; returns the screen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            before = len(self.raw)
            self.read(quiet)
            if len(self.raw) == before:
                break
        return self.screen

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` is on the screen; returns the screen."""
        deadline = time.monotonic() + timeout
        while text not in self.screen:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen}")
            self.read(0.1)
        return self.screen

    def type(self, text: str, enter: bool = True) -> None:
        os.write(self.master, (text + ("\r" if enter else "")).encode())
        self.read(0.05)

    def interrupt(self) -> None:
        os.write(self.master, b"\x03")

    def close(self) -> int:
        try:
            return self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGTERM)
            os.close(self.master)
