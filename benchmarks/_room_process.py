"""The card room's processes as the room benchmark runs and measures them: ``homegame serve`` on
sockets bound here (one process, or several sharing the store), what the kernel counts of their
CPU time and memory, and where cProfile found the time of one process went (its parts)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["Room", "Used", "cpu_seconds", "room_parts"]


PROFILED = """
import cProfile, runpy, signal, sys, time
profile = cProfile.Profile(time.thread_time)
def dump(*_):
    profile.disable()
    profile.dump_stats({path!r})
signal.signal(signal.SIGUSR2, lambda *_: profile.enable())
signal.signal(signal.SIGUSR1, dump)
sys.argv = {argv!r}
runpy.run_module("homegame", run_name="__main__")
"""
"""``homegame serve`` with cProfile on its event loop's thread, counting that thread's CPU time
(not the time it waits), from SIGUSR2 (the start of the counted play) to SIGUSR1, when it
writes the profile (uvicorn ends on the signal it was stopped with, before any exit handler could
write it)."""


class Room:
    """``homegame serve`` in its own process, on a socket bound here to a free loopback port; or
    ``processes`` of them sharing the store (an SQLite file with ``--shared``), each on its own."""

    def __init__(self, store: str, profile: str | None = None, processes: int = 1) -> None:
        self.listeners = [socket.create_server(("127.0.0.1", 0), backlog=1024) for _ in range(processes)]
        self.bases = [f"http://127.0.0.1:{listener.getsockname()[1]}" for listener in self.listeners]
        self.base = self.bases[0]
        self.profile = profile
        shared = ["--shared"] if processes > 1 and not store.startswith("postgres") else []
        self.processes = []
        for listener, base in zip(self.listeners, self.bases, strict=True):
            serve = ["homegame", "serve", "--fd", str(listener.fileno()), "--store", store, "--bot-workers",
                     "1", "--bot-delay", "0", "--tables-per-hour", "0", "--most-tables", "0", *shared,
                     *(["--advertise", base] if processes > 1 else [])]
            start = ["-c", PROFILED.format(path=profile, argv=serve)] if profile else ["-m", *serve]
            self.processes.append(subprocess.Popen([sys.executable, *start], pass_fds=(listener.fileno(),),
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            self._wait_for(base)

    def _wait_for(self, base: str) -> None:
        for _ in range(600):
            try:
                self.get("/api/health", base)
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the room did not start")

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self.processes]

    def get(self, path: str, base: str | None = None) -> Any:
        with urllib.request.urlopen((base or self.base) + path, timeout=60) as answer:
            return json.loads(answer.read())

    def resident_mib(self) -> float:
        return sum(_resident_mib(pid) for pid in self.pids)

    def start_profile(self) -> None:
        if self.profile:
            self.processes[0].send_signal(signal.SIGUSR2)

    def stop_profile(self) -> None:
        if self.profile:
            self.processes[0].send_signal(signal.SIGUSR1)
            for _ in range(1200):
                if Path(self.profile).exists():
                    return
                time.sleep(0.05)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process, listener in zip(self.processes, self.listeners, strict=True):
            process.wait(timeout=30)
            listener.close()


PARTS = (
    ("store", ("homegame/room/store", "sqlite3", "psycopg")),
    ("views", ("homegame/room/views", "homegame/room/view_schemas", "engine/view", "engine/frozen",
               "engine/codec", "/views.py", "/view.py")),
    ("engine and games", ("homegame/engine", "homegame/games", "homegame/ranking", "homegame/cards",
                          "homegame/bots")),
    ("JSON", ("json", "orjson")),
    ("websockets and HTTP", ("websockets", "uvicorn", "starlette", "fastapi", "h11", "httptools",
                             "wsproto", "anyio", "socket", "send", "recv")),
    ("event loop", ("asyncio", "selectors", "epoll", "concurrent/futures", "threading")),
    ("the rest of the room", ("homegame/room",)),
)
"""Each part of the room's work and what names its functions: the first part a function's file
(or, for a built-in, its name) mentions takes the function's own time; a built-in that names no
part (``len``, ``list.append``) is shared among its callers' parts."""


def _part(where: str) -> str:
    return next((label for label, marks in PARTS if any(mark in where for mark in marks)), "other")


def room_parts(stats_file: str) -> dict[str, Any]:
    """Each part's share of the room's profiled CPU time (``PARTS``; ``other`` for the rest), the
    seconds profiled, and the functions that took the most time of their own."""
    import pstats

    own: dict[str, float] = {}
    functions: dict[str, float] = {}
    stats = pstats.Stats(stats_file).stats  # type: ignore[attr-defined]
    for (filename, line, name), (_, _, total, _, callers) in stats.items():
        where = filename if filename != "~" else name
        part = _part(where)
        if part == "other" and filename == "~" and callers:  # a generic built-in: its callers' parts
            shares = {caller: timing[2] for caller, timing in callers.items()}
            whole = sum(shares.values()) or 1.0
            for (caller_file, _, caller_name), share in shares.items():
                caller_part = _part(caller_file if caller_file != "~" else caller_name)
                own[caller_part] = own.get(caller_part, 0.0) + total * share / whole
        else:
            own[part] = own.get(part, 0.0) + total
        functions[f"{where.rsplit('site-packages/', 1)[-1].rsplit('src/', 1)[-1]}:{line}({name})"] = total
    spent = sum(own.values()) or 1.0
    return {"seconds": spent,
            "shares": {part: own[part] / spent for part in sorted(own, key=own.__getitem__, reverse=True)},
            "top": sorted(functions.items(), key=lambda item: item[1], reverse=True)[:15]}


def _family(pid: int) -> list[int]:
    """``pid`` and every process under it (the room and its bot workers)."""
    found, index = [pid], 0
    while index < len(found):
        try:
            tasks = list(Path(f"/proc/{found[index]}/task").iterdir())
        except OSError:
            tasks = []
        for task in tasks:
            with contextlib.suppress(OSError):
                found.extend(int(child) for child in (task / "children").read_text().split())
        index += 1
    return found


_TICK = os.sysconf("SC_CLK_TCK")


Used = int | tuple[str, int]
"""A process (its pid), or ``("loop", pid)``: that process's main thread."""


def cpu_seconds(pids: list[int]) -> dict[Used, float]:
    """The CPU time (user and system) each process of each of ``pids``' families has used so far,
    by pid, and by ``("loop", pid)`` the time of each one's main thread (where its event loop
    runs): what the kernel counts, so the figure holds however loaded the machine is."""
    used: dict[Used, float] = {}
    for pid in pids:
        for member in _family(pid):
            with contextlib.suppress(OSError):
                used[member] = _ticks(Path(f"/proc/{member}/stat"))
        with contextlib.suppress(OSError):
            used["loop", pid] = _ticks(Path(f"/proc/{pid}/task/{pid}/stat"))
    return used


def _ticks(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK  # utime and stime


def _resident_mib(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")
