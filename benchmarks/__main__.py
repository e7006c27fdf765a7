"""Run every benchmark module (``bench_*.py``) in this folder, or those named on the command line.

Each module defines ``main(argv: list[str]) -> None`` that prints its figures beside the peers'.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                   if m.name.startswith("bench_"))
    chosen = [n for n in names if not argv or n.removeprefix("bench_") in argv or n in argv]
    if argv and not chosen:
        raise SystemExit(f"no benchmark named {' '.join(argv)}; known: {', '.join(names)}")
    for name in chosen:
        print(f"== {name.removeprefix('bench_')} ==", flush=True)
        importlib.import_module(f"benchmarks.{name}").main([a for a in argv if a.startswith("-")])


if __name__ == "__main__":
    main(sys.argv[1:])
