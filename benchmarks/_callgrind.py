"""Instructions per unit of work, counted by callgrind: the measure that does not move with the
machine or its load.

A workload is a piece of Python run twice in a fresh interpreter under ``valgrind
--tool=callgrind``, once for a short run and once for a long one; the instructions per unit are
the difference of the two totals over the difference of the run lengths, so that starting Python,
importing and building tables cancel out. The long run repeats the short one's work and goes on,
so the difference is exactly the work of the units past the short run's end.

``plain`` runs the sources in ``src/`` (plain Python) whatever is installed; otherwise the
installed homegame runs (the compiled build in ``.venv-fast``). Hash randomisation is fixed and
numpy's BLAS threads are off, so that a count repeats to within a few hundredths of a percent.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "src"
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def available() -> bool:
    """Whether valgrind is installed here."""
    return shutil.which("valgrind") is not None


def environment(*, plain: bool) -> dict[str, str]:
    """The environment of a counted (or timed) run: plain Python from ``src/``, or as installed."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    if plain:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(SOURCES), os.environ.get("PYTHONPATH"))))
    return env


def total(code: str, *, plain: bool) -> int:
    """The instructions a fresh interpreter runs to execute ``code``, start-up included."""
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/callgrind.out",
             sys.executable, "-c", code],
            cwd=ROOT, env=environment(plain=plain), capture_output=True, text=True, check=False)
    found = _COLLECTED.search(run.stderr)
    if run.returncode or found is None:
        raise SystemExit(f"callgrind failed (exit status {run.returncode}):\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_unit(workload: str, short: int, long: int, *, plain: bool) -> float:
    """Instructions per unit of ``workload``, a format string whose ``{units}`` is the run length:
    the difference between runs of ``long`` and ``short`` units, over ``long - short``."""
    return (total(workload.format(units=long), plain=plain)
            - total(workload.format(units=short), plain=plain)) / (long - short)


def installed_is_compiled() -> bool:
    """Whether the homegame this interpreter imports (outside ``src/``) is the compiled build."""
    probe = "import homegame.engine.state as s; print(s.__file__.endswith('.py'))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=environment(plain=False),
                         capture_output=True, text=True, check=True).stdout
    return out.strip() == "False"
