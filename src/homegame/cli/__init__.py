"""The ``homegame`` command. Each subcommand lives in its own module under
:mod:`homegame.cli.commands` and adds itself through a ``register(subparsers)`` function, so faces
and tools can grow without touching one shared file.

>>> main(["--version"])
homegame 0.1.0
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from homegame import __version__
from homegame.cli import commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="homegame",
        description="Play the games of a home card game against bots or friends, and study them.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in sorted(m.name for m in pkgutil.iter_modules(commands.__path__)
                         if not m.name.startswith("_")):
        importlib.import_module(f"{commands.__name__}.{module}").register(subparsers)
    return parser


def _has_command(name: str) -> bool:
    return any(m.name == name for m in pkgutil.iter_modules(commands.__path__))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(f"homegame {__version__}")
        return 0
    if args.command is None:
        if not _has_command("menu"):
            parser.print_help()
            return 0
        args = parser.parse_args(["menu"])
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away ('homegame rules draw | head -1'): the rest of the output is not
        # wanted, and Python must not complain when it flushes stdout on the way out. The status
        # is the one a writer stopped by SIGPIPE has.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
