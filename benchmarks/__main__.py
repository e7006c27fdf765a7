"""Run every benchmark module (``bench_*.py``) in this folder, or those named on the command line.

Each module defines ``main(argv: list[str]) -> None`` that prints its figures beside the peers'.
Words that name a benchmark choose it; everything else (``--quick``, ``--seconds 2``,
``--games draw,soko``, ``--think 1 0``: from the first option on, every word) is passed on.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                   if m.name.startswith("bench_"))
    short = {name.removeprefix("bench_"): name for name in names}
    wanted = [short.get(word, word) for word in argv if word in short or word in names]
    options = [word for word in argv if word not in short and word not in names]
    first_option = next((index for index, word in enumerate(options) if word.startswith("-")), len(options))
    unknown = options[:first_option]
    if unknown:
        raise SystemExit(f"no benchmark named {' '.join(unknown)}; known: {', '.join(short)}")
    for name in wanted or names:
        print(f"== {name.removeprefix('bench_')} ==", flush=True)
        importlib.import_module(f"benchmarks.{name}").main(options)


if __name__ == "__main__":
    main(sys.argv[1:])
