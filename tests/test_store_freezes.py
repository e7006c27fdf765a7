"""A room process that freezes (stopped, swapped out, stuck) at any moment of its work with the
shared PostgreSQL store loses its tables within its lease: nothing it leaves half done on the
server may keep another process from taking them over."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time

from homegame.room.store.postgres import PostgresStore
from postgres_server import PostgresServer

LEASE = 1.0
PROCESSES = 8

BUSY = """
import asyncio, sys
from homegame.room.store.postgres import PostgresStore
from homegame.room.table_state import TableEvent

async def main(url: str, table: str, lease: float) -> None:
    store = PostgresStore(url)
    await store.open()
    await store.enter("http://127.0.0.1:9", lease=lease)
    await store.append(table, [TableEvent(1, "created", {}, 0.0)])
    print("ready", flush=True)
    seq = 1
    while True:  # what a room process asks of its store, over and over, as fast as it can
        await store.append(table, [TableEvent(seq + n, "acted", {"n": n}, 0.0) for n in range(1, 9)])
        seq += 8
        await store.publish({table: {"seq": seq}})
        await store.beat()
        await store.claim_orphans()
        await store.owned()
        await store.owner(table)
        await store.load(table)

asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
"""


def test_a_process_frozen_at_any_moment_loses_its_tables_within_its_lease(postgres: PostgresServer) -> None:
    """Several busy processes, each frozen at a random moment (``SIGSTOP``): another takes every
    table over soon after the lease (an unfinished pipeline of statements once held a table's row
    lock for as long as its process stayed frozen)."""
    address, pause = postgres.database(), random.Random(5)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY, address, f"t{n}", str(LEASE)],
                             stdout=subprocess.PIPE, text=True) for n in range(PROCESSES)]
    try:
        for process in busy:
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        for process in busy:
            time.sleep(pause.uniform(0.0, 0.1))
            process.send_signal(signal.SIGSTOP)
        waited = asyncio.run(_take_over(address, {f"t{n}" for n in range(PROCESSES)}))
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert waited < 6 * LEASE, f"the tables of frozen processes were taken over only after {waited:.1f} s"


async def _take_over(address: str, tables: set[str]) -> float:
    """Seconds until a new process has taken all of ``tables`` over (or ten leases, if it cannot)."""
    other = PostgresStore(address)
    await other.open()
    await other.enter("http://127.0.0.1:8", lease=5)
    start = time.monotonic()
    try:
        while tables and time.monotonic() - start < 10 * LEASE:
            tables -= set(await other.claim_orphans())
            await asyncio.sleep(0.02)
        return time.monotonic() - start
    finally:
        await other.close()
