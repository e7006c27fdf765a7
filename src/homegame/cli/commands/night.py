"""What a night at a card-room table leaves behind, at the terminal: ``homegame ledger`` (who
brought and took what, and who pays whom), ``homegame stats`` (each player's figures, and the chip
graph as a PNG), ``homegame history`` (your hands, to keep) and ``homegame replay`` (a kept hand
history, told again step by step)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from homegame.cli.commands._room import room_missing


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ledger = subparsers.add_parser(
        "ledger", help="a card-room table's ledger and settle-up, from its invite link",
        description="Show a table's ledger (each player's buy-in, rebuys, top-ups, adjustments, cash-out "
        "and net) and who pays whom, as lines to paste into a group chat; or the ledger as CSV.")
    ledger.add_argument("invite", help="the table's invite link, such as http://192.0.2.7:8000/t/abc123")
    ledger.add_argument("--csv", action="store_true",
                        help="print the ledger as CSV (to keep in a spreadsheet)")
    ledger.add_argument("--json", action="store_true", help="print the ledger as JSON, with every entry")
    ledger.set_defaults(run=_run_ledger)
    stats = subparsers.add_parser(
        "stats", help="a card-room table's statistics for the night, and its chip graph",
        description="Each player's hands dealt and played, chips won or lost, showdowns, and in the "
        "betting games VPIP, raised first round and aggression (docs/night.md defines each).")
    stats.add_argument("invite", help="the table's invite link")
    stats.add_argument("--by-game", action="store_true", help="each game's figures too, not only the night's")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.add_argument("--plot", metavar="FILE", type=Path,
                       help="draw every player's stack hand by hand into FILE, a PNG (needs matplotlib: "
                       "pip install 'homegame[plot]')")
    stats.set_defaults(run=_run_stats)
    history = subparsers.add_parser(
        "history", help="download the hands you were dealt at a card-room table",
        description="Every hand your seat was dealt at a table, as you saw it (JSON lines, one hand a "
        "line: homegame replay reads it); with the owner's token, once the table has closed, every "
        "hand in full.")
    history.add_argument("invite", help="the table's invite link")
    history.add_argument("--token", required=True, help="your seat's token (or the table owner's)")
    history.add_argument("--text", action="store_true", help="the hands in words rather than JSON lines")
    history.add_argument("-o", "--output", type=Path, help="write to this file (default: print)")
    history.set_defaults(run=_run_history)
    replay = subparsers.add_parser(
        "replay", help="play a downloaded hand history again, step by step or to the end",
        description="Tell again the hands of a file homegame history (or the table page) saved: a "
        "full history is dealt and played again through the engine and checked against what the "
        "table paid.")
    replay.add_argument("file", type=Path, help="a JSON-lines file of hands")
    replay.add_argument("--hand", type=int, help="only this hand (its number at the table)")
    replay.add_argument("--step", action="store_true",
                        help="one event at a time: Enter for the next, q to stop")
    replay.set_defaults(run=_run_replay)


def _client(invite: str) -> tuple[Any, str]:
    from homegame.room.client import RoomClient, parse_invite

    base, table = parse_invite(invite)
    return RoomClient(base), table


def _fails(command: str, work: Any) -> int:
    """Run ``work()``; a refusal or an unreachable room is one line on stderr and status 1."""
    try:
        import homegame.room.client  # noqa: F401  (the room's packages: websockets)
    except ImportError as error:
        return room_missing(command, error)
    from homegame.errors import HomegameError

    try:
        work()
    except (HomegameError, OSError) as error:
        print(f"homegame {command}: {error}", file=sys.stderr)
        return 1
    return 0


def _run_ledger(args: argparse.Namespace) -> int:
    def work() -> None:
        client, table = _client(args.invite)
        if args.csv or args.json:
            print(client.ledger_file(table, "csv" if args.csv else "json"), end="" if args.csv else "\n")
            return
        import json

        from homegame.cli.night_text import ledger_lines

        print("\n".join(ledger_lines(json.loads(client.ledger_file(table, "json")))))
    return _fails("ledger", work)


def _run_stats(args: argparse.Namespace) -> int:
    def work() -> None:
        client, table = _client(args.invite)
        stats = client.stats(table)
        if args.plot is not None:
            from homegame.cli.chip_plot import plot_night

            plot_night(stats, args.plot)
            print(f"The chip graph is in {args.plot}.", file=sys.stderr)
        if args.json:
            import json

            print(json.dumps(stats, indent=2))
        elif args.plot is None or args.by_game:
            from homegame.cli.night_text import stats_lines

            print("\n".join(stats_lines(stats, by_game=args.by_game)))
    return _fails("stats", work)


def _run_history(args: argparse.Namespace) -> int:
    def work() -> None:
        client, table = _client(args.invite)
        text = client.histories(table, args.token)
        if args.text:
            from homegame.cli.hand_text import hand_lines, read_records

            text = "\n\n".join("\n".join(hand_lines(r)) for r in read_records(text)) + "\n" if text else ""
        if args.output is None:
            sys.stdout.write(text)
        else:
            args.output.write_text(text, encoding="utf-8")
            print(f"Your hands are in {args.output}.", file=sys.stderr)
    return _fails("history", work)


def _run_replay(args: argparse.Namespace) -> int:
    from homegame.cli.hand_text import check_record, hand_lines, read_records
    from homegame.errors import HomegameError

    try:
        records = read_records(args.file.read_text(encoding="utf-8"))
        chosen = [r for r in records if args.hand is None or r["number"] == args.hand]
        if not chosen:
            raise HomegameError(f"the file has no hand {args.hand}: it has hands "
                                f"{', '.join(str(r['number']) for r in records)}")
        for record in chosen:
            found = check_record(record)
            lines = hand_lines(record, colour=sys.stdout.isatty())
            print(lines[0], f"({found})", sep="\n")
            if not _tell(lines[1:], step=args.step):
                return 0
            print()
    except (HomegameError, OSError) as error:
        print(f"homegame replay: {error}", file=sys.stderr)
        return 1
    return 0


def _tell(lines: list[str], *, step: bool) -> bool:
    """Print ``lines``, waiting for Enter before each when stepping; ``False`` if told to stop."""
    for line in lines:
        if step and input().strip().lower() in ("q", "quit"):
            return False
        print(line)
    return True
