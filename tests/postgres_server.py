"""A real PostgreSQL server for the tests, from the machine's own PostgreSQL programs.

Debian's ``postgresql`` package keeps ``initdb`` and ``pg_ctl`` off the PATH (under
``/usr/lib/postgresql/<version>/bin``), and PostgreSQL refuses to run as root, so as root the server
runs as the ``postgres`` user, in a temporary folder that user may enter. It listens on a unix
socket in that folder only (no TCP port, so nothing to race for and nothing on the network), and it
is stopped and removed afterwards. Each test gets a database of its own.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PostgresServer", "postgres_programs"]


def postgres_programs() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest version installed), if any."""
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(found[-1]).parent if found else None


class PostgresServer:
    """One running PostgreSQL server; :meth:`database` makes a fresh database on it."""

    def __init__(self, programs: Path, folder: Path) -> None:
        self.programs, self.folder = programs, folder
        self.data = folder / "data"
        self._names = itertools.count()

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return subprocess.run([*prefix, *command], check=True, capture_output=True, text=True, timeout=180)

    def start(self) -> None:
        self._run(str(self.programs / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync")
        options = f"-c listen_addresses='' -k {self.folder} -c fsync=off"
        self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "30",
                  "-l", str(self.folder / "log"), "start")

    def stop(self) -> None:
        self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@contextmanager
def running_postgres() -> Iterator[PostgresServer | str]:
    """A started server, or the reason there cannot be one here."""
    programs = postgres_programs()
    if programs is None:
        yield "PostgreSQL's server programs are not installed (apt-get install postgresql)"
        return
    folder = Path(tempfile.mkdtemp(prefix="hg-pg-", dir="/tmp"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    folder.chmod(0o755)
    server = PostgresServer(programs, folder)
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
