"""The card room under load: many websocket clients at many tables against one server process.

Three figures, each against its goal:

- **Play**: ``--tables`` tables (default 50) of dealer's choice among betting games, each with
  ``--clients`` people (default 4, so 200 clients) and a bot, all playing at once for
  ``--seconds``: random legal actions, each after a random thinking time averaging ``--think``
  seconds (a quick player: 1 s), and again with no thinking at all, as fast as the room lets them
  (a stress test: the two cores are then saturated); random bots with no delay, so that the
  figure is the room's cost, not a bot's thinking. Reported: actions
  per second (people's and the table's events), and the latency from a client sending its action
  to the moment the last client at that table has been pushed the change (p50, p99); the room's
  own event-loop lag. Goal: p99 under 50 ms. And the CPU time (from ``/proc``) the room's process
  used per client action, its event loop's thread apart, its bot worker's and the clients': the
  kernel counts it whatever else runs, so it compares runs on a shared machine where latencies
  cannot. The clients (``Seat``: as lean as the protocol allows, each a websocket read in one
  task) run in this process, the room in its own (``homegame serve`` on a socket handed over), its
  bots in one worker process (the random bots move in the room's own process): two or three
  processes on this machine's two cores. The report says which build the room ran (plain or
  compiled) on which event loop, and the load.
- **Idle tables**: the memory (Python's allocations, by tracemalloc) a room holds per table that
  waits for a player:
  ``--idle`` tables (default 1,000), each with a bot and a person seated. Goal: under 1 MiB.
- **Restart**: a room that starts on a store holding those tables, each with a hand in play,
  brings every one back (the same hand, cards and clocks). Goal: 1,000 tables in under 5 s.

    python -m benchmarks room [--tables 50] [--clients 4] [--seconds 20] [--warmup 5] [--think 1 0]
                              [--idle 1000] [--profile] [--store sqlite|postgres|postgresql://...]
                              [--processes 1] [--to-owner]
    python -m benchmarks room --instructions

``--store postgres`` plays on a PostgreSQL server started for the run (as the tests start theirs),
``--store postgresql://...`` on a server given, where the benchmark may create databases.

``--processes 2`` runs the room as two processes sharing its store (docs/scaling.md), each table
made at one of them and the clients sent to each in turn, as a front door over both would, so
about half of them reach their table through the other process; with ``--to-owner`` each client
goes straight to its table's owner, as a front door that knew the tables would.

``--instructions`` counts, instead, the room's work a table event at one table without a server
(``benchmarks/_room_pushes.py``: the event applied and a state frame written for each of the four
people, under callgrind): the same count on any machine, where the CPU times above move with it.

``--profile`` runs the room under cProfile and prints where its own CPU time went, part by part
(the store, the engine and games, views, JSON, websockets and HTTP, the event loop, the rest of
the room). The profiler slows the room several times over, so its latencies are not the room's:
read the shares, and take the latencies from a run without it.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import functools
import gc
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from benchmarks._room_process import Room, Used, cpu_seconds, room_parts
from homegame.engine import ActionSet
from homegame.room.bots import BotPool
from homegame.room.client import RoomClient
from homegame.room.service import CardRoom
from homegame.room.store import open_store
from homegame.room.table import Table

GAMES = ["draw", "pineapple", "crazy_pineapple", "soko"]


@dataclass
class Timings:
    """When each client was first pushed each event number, and when each action was sent."""

    arrivals: dict[tuple[str, int], tuple[list[int], list[float]]] = field(default_factory=dict)
    sent: list[tuple[str, int, float]] = field(default_factory=list)
    """(table, the event number the action made, when it was sent)."""

    def arrived(self, table: str, client: int, seq: int) -> None:
        seqs, times = self.arrivals.setdefault((table, client), ([], []))
        if not seqs or seq > seqs[-1]:
            seqs.append(seq)
            times.append(time.perf_counter())

    def latencies(self, clients: int) -> list[float]:
        """For each action: until the last client of its table had the change (seconds)."""
        found = []
        for table, seq, start in self.sent:
            last = 0.0
            for client in range(clients):
                seqs, times = self.arrivals.get((table, client), ([], []))
                index = bisect.bisect_left(seqs, seq)
                if index == len(seqs):
                    break
                last = max(last, times[index])
            else:
                found.append(last - start)
        return found


class Seat:
    """One client at one seat, as lean as the protocol (docs/protocol.md) allows, so that the
    clients' process costs the machine as little as it can: a websocket, the ``hello``, then for
    every ``state`` frame in which the seat is to act (or to call the game) and has no intent
    waiting for its answer, a random legal action as an ``act`` intent (a ``choose``), its ``seq``
    the state's. Its answer (``ack`` or ``error``) frees the seat to act again. It notes when each
    state arrives, and when each action went out (``timings``). The legal set is read with the
    engine's ``ActionSet.from_json``, the decoder of the compact form the protocol describes."""

    def __init__(self, url: str, table: str, token: str, client: int, timings: Timings,
                 chooser: random.Random, think: float) -> None:
        self.url, self.table, self.token, self.client = url, table, token, client
        self.timings, self.chooser, self.think = timings, chooser, think
        self.count_from, self.count_until = math.inf, math.inf
        """The actions sent in this window are counted (set once every seat is open, and when
        the counted play ends: the window of the CPU times)."""
        self.socket: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.seen = 0
        self.waiting: tuple[str, float] | None = None
        """The intent sent and not yet answered, and when it went out."""
        self.taken = 0
        self.ids = itertools.count(1)
        self.thinking: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        self.socket = await connect(self.url, max_size=2**22, compression=None)
        await self.socket.send(json.dumps({"type": "hello", "table": self.table, "token": self.token}))

    async def play(self) -> None:
        """Read frames and act on them, until the connection is closed (or the task cancelled)."""
        assert self.socket is not None
        with contextlib.suppress(ConnectionClosed):
            async for text in self.socket:
                frame = json.loads(text)
                kind = frame["type"]
                if kind == "state":
                    self.timings.arrived(self.table, self.client, frame["seq"])
                    if self.latest is None or frame["seq"] >= self.latest["seq"]:
                        self.latest = frame
                elif kind in ("ack", "error") and self.waiting and frame.get("id") == self.waiting[0]:
                    sent_at = self.waiting[1]
                    if kind == "ack" and not frame["again"] and self.count_from <= sent_at < self.count_until:
                        self.timings.sent.append((self.table, frame["seq"], sent_at))
                        self.taken += 1
                    self.waiting = None
                else:
                    continue
                await self._act_if_asked()

    async def _act_if_asked(self) -> None:
        state = self.latest
        if self.waiting or state is None or state["seq"] <= self.seen:
            return
        you = state["you"]
        if not (you["to_act"] or you["choosing"]):
            return
        self.seen = state["seq"]
        if you["choosing"]:
            await self._send({"type": "choose", "game": self.chooser.choice(state["table"]["choosable"]),
                              "variants": []})
            return
        legal = ActionSet.from_json(state["legal"])
        action = legal[self.chooser.randrange(len(legal))].to_json()
        message = {"type": "act", "action": action, "seq": state["seq"]}
        if not self.think:
            await self._send(message)
            return
        self.waiting = ("", 0.0)  # thinking: no other action until this one is answered
        pause = self.chooser.uniform(0, 2 * self.think)
        task = asyncio.get_running_loop().create_task(self._send(message, after=pause))
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)

    async def _send(self, message: dict[str, Any], after: float = 0.0) -> None:
        if after:
            await asyncio.sleep(after)
        assert self.socket is not None
        intent = str(next(self.ids))
        self.waiting = (intent, time.perf_counter())
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(json.dumps({**message, "id": intent}))

    async def close(self) -> None:
        for task in self.thinking:
            task.cancel()
        if self.socket is not None:
            await self.socket.close()


async def play(tables: int, clients: int, seconds: float, warmup: float, think: float, *,
               profile: bool = False, store: Callable[[], str] | None = None, processes: int = 1,
               to_owner: bool = False) -> dict[str, Any]:
    """One run of play against a room of ``processes`` on a new store: an SQLite file, or
    ``store()``'s address; ``to_owner``: each client connects to its table's owner."""
    with tempfile.TemporaryDirectory() as folder:
        stats = str(Path(folder) / "room.prof") if profile else None
        room = Room(store() if store else str(Path(folder) / "room.sqlite3"), stats, processes)
        try:
            played = await _play_in(room, tables, clients, seconds, warmup, think, to_owner)
        finally:
            room.stop()
        if stats:
            played["parts"] = room_parts(stats)
        return played


async def _play_in(room: Room, tables: int, clients: int, seconds: float, warmup: float,
                   think: float, to_owner: bool = False) -> dict[str, Any]:
    timings, ways = Timings(), len(room.bases)
    urls = [base.replace("http", "ws", 1) + "/ws" for base in room.bases]
    seats: list[Seat] = []
    for number in range(tables):  # as a front door would: tables made, and clients come, at any process
        client = RoomClient(room.bases[number % ways])
        setup = {"name": f"bench {number}", "seats": clients + 1, "bots": 1, "bot_level": "random",
                 "games": GAMES, "buy_in": 10**9, "clock": 300, "pause": 0}
        table = client.create_table(setup)["table"]
        for place in range(clients):
            _, token = client.join(table, f"player {place}")
            url = urls[(number if to_owner else len(seats)) % ways]
            seats.append(Seat(url, table, token, place, timings, random.Random(len(seats)), think))
    await asyncio.gather(*(seat.open() for seat in seats))
    firsts = seats[::clients]
    start = time.perf_counter()
    for seat in seats:
        seat.count_from = start + warmup
    playing = [asyncio.get_running_loop().create_task(seat.play()) for seat in seats]
    await asyncio.sleep(warmup)
    room.start_profile()
    cpu_before, mine_before = cpu_seconds(room.pids), _own_cpu()
    seqs = {seat.table: _seq(seat) for seat in firsts}
    hands = await asyncio.to_thread(_hands_played, room, firsts)
    await asyncio.sleep(max(0.0, start + warmup + seconds - time.perf_counter()))
    cpu_after, mine_after = cpu_seconds(room.pids), _own_cpu()
    end = time.perf_counter()
    for seat in seats:  # the actions sent from here on are not counted (their answers still are)
        seat.count_until = end
    elapsed = end - start - warmup
    events = sum(_seq(seat) - seqs[seat.table] for seat in firsts)
    await asyncio.sleep(0.5)  # the answers to the last actions counted
    taken = sum(seat.taken for seat in seats)
    await asyncio.to_thread(room.stop_profile)
    hands = await asyncio.to_thread(_hands_played, room, firsts) - hands
    stats, resident = room.get("/api/stats"), room.resident_mib()
    for task in playing:
        task.cancel()
    await asyncio.gather(*playing, return_exceptions=True)
    await asyncio.gather(*(seat.close() for seat in seats))
    latencies = sorted(timings.latencies(clients))
    return {"clients": len(seats), "tables": tables, "processes": ways, "to_owner": to_owner,
            "seconds": elapsed, "think": think,
            "actions_per_second": taken / elapsed, "events_per_second": events / elapsed,
            "hands_per_second": hands / elapsed, "latency_ms": _percentiles(latencies),
            "loop_lag_ms": stats["loop_lag_ms"], "server_mib": resident,
            "cpu": _cpu_used(room.pids, cpu_before, cpu_after, mine_after - mine_before)}


def _own_cpu() -> float:
    used = os.times()
    return used.user + used.system


def _cpu_used(rooms: list[int], before: dict[Used, float], after: dict[Used, float],
              clients: float) -> dict[str, float]:
    """The CPU seconds the counted play took: the room's processes (and of them, their event
    loops' threads), their bot workers, the clients."""
    spent = {key: used - before.get(key, 0.0) for key, used in after.items()}
    return {"room": sum(spent.pop(pid, 0.0) for pid in rooms),
            "loop": sum(spent.pop(("loop", pid), 0.0) for pid in rooms),
            "bots": sum(spent.values()), "clients": clients}


def _hands_played(room: Room, seats: list[Seat]) -> int:
    return sum(room.get(f"/api/tables/{seat.table}")["hands_played"] for seat in seats)


def _seq(seat: Seat) -> int:
    """The last event number ``seat`` was told of."""
    return int(seat.latest["seq"]) if seat.latest else 0


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": float("nan"), "p99": float("nan"), "count": 0}
    tail = values[min(len(values) - 1, math.ceil(0.99 * len(values)) - 1)]
    return {"p50": 1000 * statistics.median(values), "p99": 1000 * tail, "count": len(values)}


async def idle_and_restart(count: int) -> dict[str, float]:
    """Memory per idle table in a room, then the time a new room takes to bring them all back."""
    with tempfile.TemporaryDirectory() as folder:
        store = str(Path(folder) / "room.sqlite3")
        room = CardRoom(open_store(store), bots=BotPool(workers=0), bot_delay=0)
        await room.start()
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for number in range(count):
            table, _ = await room.create_table({"name": f"idle {number}", "seats": 2, "bots": 1,
                                                "games": ["draw"], "clock": 3600})
            seat = (await room.join(table, "ann"))["seat"]
            host = room.host(table)
            if host.table.chooser == seat:
                await host.change(functools.partial(_call_draw, seat=seat, room=room))
        gc.collect()
        per_table = (tracemalloc.get_traced_memory()[0] - before) / count / 2**20
        tracemalloc.stop()
        playing = sum(host.table.hand is not None for host in room.hosts.values())
        await room.stop()
        again = CardRoom(open_store(store), bots=BotPool(workers=0), bot_delay=0)
        start = time.perf_counter()
        await again.start()
        restart = time.perf_counter() - start
        back = len(again.hosts)
        await again.stop()
    return {"tables": count, "mib_per_idle_table": per_table, "with_a_hand_in_play": playing,
            "restart_seconds": restart, "tables_back": back}


def _call_draw(table: Table, *, seat: int, room: CardRoom) -> bool:
    return table.choose(seat, "draw", [], at=room.clock(), shuffle=room.shuffle)


def _report(played: dict[str, Any]) -> None:
    latency, lag = played["latency_ms"], played["loop_lag_ms"]
    pace = f"thinking {played['think']:g} s an action on average" if played["think"] else "acting at once"
    processes = f" on {played['processes']} room processes" if played["processes"] > 1 else ""
    processes += " (each client at its table's owner)" if played["to_owner"] else ""
    print(f"play: {played['clients']} clients at {played['tables']} tables{processes}, {pace}, for "
          f"{played['seconds']:.0f} s: {played['actions_per_second']:.0f} client actions/s, "
          f"{played['events_per_second']:.0f} table events/s, {played['hands_per_second']:.1f} hands/s")
    print(f"  action to the last client's push: p50 {latency['p50']:.1f} ms, "
          f"p99 {latency['p99']:.1f} ms over {latency['count']} actions (goal: p99 under 50 ms)")
    print(f"  the room's event-loop lag: p50 {lag['p50']:.1f} ms, p99 {lag['p99']:.1f} ms, "
          f"max {lag['max']:.1f} ms; its memory {played['server_mib']:.0f} MiB")
    cpu, actions = played["cpu"], max(1.0, played["actions_per_second"] * played["seconds"])
    whose = "processes" if played["processes"] > 1 else "process"
    print(f"  CPU a client action: the room's {whose} {1000 * cpu['room'] / actions:.2f} ms (event "
          f"loops' threads {1000 * cpu['loop'] / actions:.2f} ms), bot "
          f"workers {1000 * cpu['bots'] / actions:.2f} ms, the clients "
          f"{1000 * cpu['clients'] / actions:.2f} ms; "
          f"the room at {cpu['room'] / played['seconds']:.0%} of a core")
    if "parts" in played:
        parts = played["parts"]
        actions = played["actions_per_second"] * played["seconds"]
        print(f"  the room's event loop under cProfile: {parts['seconds']:.1f} s of CPU, "
              f"{1000 * parts['seconds'] / max(actions, 1):.1f} ms a client action; by part: "
              + ", ".join(f"{part} {share:.0%}" for part, share in parts["shares"].items()))
        for function, seconds in parts["top"]:
            print(f"    {seconds:8.3f} s  {function}")


def room_build() -> str:
    """Which homegame the room's process runs, and on which event loop: ``homegame serve`` starts
    with this interpreter in this folder, so it imports what this probe imports (the compiled build
    when the wheel is installed, plain Python from ``src/`` with an editable install; uvicorn runs
    on uvloop when it is installed)."""
    probe = ("import homegame.engine.state as s; print(s.__file__)\n"
             "try:\n    import uvloop; print('uvloop')\nexcept ImportError:\n    print('asyncio')")
    where, loop = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                 check=True).stdout.split()
    build = "plain Python" if where.endswith(".py") else "compiled (mypyc)"
    return f"{build}, from {Path(where).parents[2]}, on {loop}'s event loop"


def _store(kind: str, stack: contextlib.ExitStack) -> tuple[Callable[[], str] | None, str]:
    """Where each run keeps its tables: a new SQLite file (``None``), a new database on the
    PostgreSQL server at ``postgresql://...``, or (``postgres``) on one started here the way the
    tests start theirs: on a unix socket, with ``fsync`` off. Either way a commit survives the
    room's process being killed, not the machine's crash, as SQLite's ``synchronous=NORMAL``."""
    if kind == "sqlite":
        return None, "SQLite store"
    if kind.startswith(("postgresql://", "postgres://")):
        return _new_database(kind), f"PostgreSQL store at {kind}"
    sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
    from postgres_server import running_postgres  # type: ignore[import-not-found]  # the tests' helper

    server = stack.enter_context(running_postgres())
    if isinstance(server, str):
        raise SystemExit(f"benchmarks room --store postgres: {server}")
    return server.database, "PostgreSQL store (a server started here, fsync off)"


def _new_database(url: str) -> Callable[[], str]:
    """A maker of new, empty databases on the server of ``url`` (one for each run)."""
    import urllib.parse

    import psycopg

    def new() -> str:
        name = f"bench_room_{os.getpid()}_{time.monotonic_ns()}"
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        parts = urllib.parse.urlsplit(url)
        return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    return new


def print_push_instructions() -> None:
    """The room's work a table event at one table, machine-free: ``benchmarks/_room_pushes.py``
    (the table event applied, and every connection's state frame written) under callgrind."""
    from benchmarks import _callgrind
    from benchmarks._room_pushes import WORKLOAD

    if not _callgrind.available():
        raise SystemExit("benchmarks room --instructions: valgrind is not installed here")
    count = _callgrind.per_unit(WORKLOAD, 50, 350, plain=True)
    print(f"the room's work a table event (applied, and a state frame written for each of 4 seats): "
          f"{count:,.0f} instructions, plain Python (callgrind)")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks room")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=4, help="people per table (each table also has a bot)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play not counted, first")
    parser.add_argument("--think", type=float, nargs="*", default=[1.0, 0.0],
                        help="players' mean thinking time per action, one run each (0: at once)")
    parser.add_argument("--idle", type=int, default=1000,
                        help="tables for the memory and restart figures (0: none)")
    parser.add_argument("--profile", action="store_true", help="profile the room: its CPU time by part")
    parser.add_argument("--processes", type=int, default=1,
                        help="room processes sharing the store (an SQLite file with --shared), each table "
                             "made at one and each client come through one in turn, as a front door sends "
                             "them (default 1)")
    parser.add_argument("--to-owner", action="store_true",
                        help="with --processes: send each client to its table's owner, as a front door that "
                             "knew the tables would")
    parser.add_argument("--instructions", action="store_true",
                        help="only count the instructions of the room's pushes, a table event each "
                             "(callgrind, plain Python: benchmarks/_room_pushes.py)")
    parser.add_argument("--store", default="sqlite",
                        help="sqlite (default), postgres (a server started for the run, as the tests do), "
                             "or a postgresql:// URL where the benchmark may create databases")
    args = parser.parse_args(argv)
    if args.instructions:
        print_push_instructions()
        return
    if args.processes < 1 or (args.processes > 1 and args.profile):
        parser.error("--processes is 1 or more, and --profile profiles a room of one process")
    with contextlib.ExitStack() as stack:
        store, named = _store(args.store, stack)
        print(f"the room runs homegame {room_build()}; {named}; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for think in args.think:
            _report(asyncio.run(play(args.tables, args.clients, args.seconds, args.warmup, think,
                                     profile=args.profile, store=store, processes=args.processes,
                                     to_owner=args.to_owner)))
            print(f"  load average after the run: {os.getloadavg()[0]:.1f}")
    if not args.idle:
        return
    idle = asyncio.run(idle_and_restart(args.idle))
    print(f"idle: {idle['mib_per_idle_table'] * 1024:.0f} KiB a table waiting for a player ({idle['tables']} "
          f"tables, {idle['with_a_hand_in_play']} with a hand in play; goal: under 1 MiB)")
    print(f"restart: {idle['tables_back']} tables back in {idle['restart_seconds']:.2f} s "
          "(goal: 1,000 in under 5 s)")
