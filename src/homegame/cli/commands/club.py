"""``homegame club``: a group's running account across nights, at the terminal (docs/night.md).

``new`` makes a club (its owner token and the host's member key are kept in the data folder, as
seats are), ``add`` gives a member their key as a link, ``key`` a new key to a member who lost
theirs, ``keep`` keeps the key of a member's link, ``file`` files a closed table under the club,
and ``show`` prints the standings (or the CSV, or the season's graph as a PNG). ``homegame join
--club LINK`` sits down as that club's member.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from homegame.cli.commands._room import room_missing


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    club = subparsers.add_parser(
        "club", help="a club: your group's running account across nights",
        description="Keep a group's standings across nights: make a club, give each member a key (they "
        "bring it to every table: homegame join LINK --club CLUB-LINK), file each closed table under the "
        "club, and see each member's running net, the nights and the season's graph.")
    actions = club.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = actions.add_parser("new", help="make a club at a card room")
    new.add_argument("room", help="the room's address, such as http://192.0.2.7:8000")
    new.add_argument("name", help="the club's name")
    new.add_argument("--as", dest="member", metavar="NAME", help="join it yourself, under NAME")
    add = actions.add_parser("add", help="add a member: prints the link with their key, to give them")
    add.add_argument("link", help="the club's link (http://HOST:PORT/c/CLUB)")
    add.add_argument("name", help="the member's name in the club")
    key = actions.add_parser("key", help="a new key for a member who lost theirs (the old one stops working)")
    key.add_argument("link", help="the club's link")
    key.add_argument("member", type=int, help="the member's number (homegame club show lists them)")
    keep = actions.add_parser("keep", help="keep the key of a member's link you were given")
    keep.add_argument("link", help="your member link (http://HOST:PORT/c/CLUB#key=...)")
    file = actions.add_parser("file", help="file a closed table you made under the club")
    file.add_argument("link", help="the club's link")
    file.add_argument("invite", help="the table's invite link")
    file.add_argument("--name", action="append", default=[], metavar="NAME=MEMBER",
                      help="a name at the table that was this member (by number), for who came without "
                      "a key; may be given again")
    show = actions.add_parser("show", help="the standings, each night, or the CSV or graph")
    show.add_argument("link", help="the club's link")
    show.add_argument("--csv", action="store_true", help="print the standings as CSV (to keep)")
    show.add_argument("--json", action="store_true", help="print the club as JSON")
    show.add_argument("--plot", metavar="FILE", type=Path,
                      help="draw each member's running net, night by night, into FILE, a PNG (needs "
                      "matplotlib: pip install 'homegame[plot]')")
    club.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from homegame.room.client import RoomClient, parse_club_link
    except ImportError as error:
        return room_missing("club", error)
    from homegame.cli.saved import saved_clubs
    from homegame.errors import HomegameError

    try:
        if args.action == "new":
            _new(RoomClient(args.room), args)
            return 0
        base, club, key = parse_club_link(args.link)
        page = f"{base}/c/{club}"
        work = {"add": _add, "key": _key, "keep": _keep, "file": _file, "show": _show}[args.action]
        work(RoomClient(base), club, page, key, saved_clubs().at(page), args)
    except (HomegameError, OSError, ValueError) as error:
        print(f"homegame club {args.action}: {error}", file=sys.stderr)
        return 1
    return 0


def _owner(kept: dict[str, Any], page: str) -> str:
    from homegame.errors import NotAllowed

    if not kept.get("owner_token"):
        raise NotAllowed(f"only the club's host changes it, and no owner token for {page} is kept here")
    return str(kept["owner_token"])


def _new(client: Any, args: argparse.Namespace) -> None:
    from homegame.cli.saved import saved_clubs

    made = client.create_club(args.name, args.member)
    page = client.base + made["page"]
    saved = saved_clubs()
    saved.keep(page, owner_token=made["owner_token"],
               **({"member": made["member"]} if "member" in made else {}))
    print(f"{args.name} is at {page} (its owner token is kept in {saved.folder}).")
    if "member" in made:
        print(f"You are its member {made['member']['name']}: 'homegame join LINK --club {page}' sits you "
              "down as that member.")
    print(f"Add members with: homegame club add {page} NAME")


def _add(client: Any, club: str, page: str, key: str | None, kept: dict[str, Any],
         args: argparse.Namespace) -> None:
    member = client.add_member(club, _owner(kept, page), args.name)
    print(f"{member['name']} is member {member['id']}. Give them this link (it is their key, shown only "
          f"now): {page}#key={member['key']}")
    print("They open it in a browser, or keep it with: homegame club keep LINK")


def _key(client: Any, club: str, page: str, key: str | None, kept: dict[str, Any],
         args: argparse.Namespace) -> None:
    member = client.renew_key(club, _owner(kept, page), args.member)
    print(f"A new key for {member['name']} (the old one opens nothing now): {page}#key={member['key']}")


def _keep(client: Any, club: str, page: str, key: str | None, kept: dict[str, Any],
          args: argparse.Namespace) -> None:
    from homegame.cli.saved import saved_clubs
    from homegame.errors import RoomError

    if not key:
        raise RoomError("a member's link ends with #key=...: ask the club's host for yours")
    member = client.club_member(club, key)
    saved_clubs().keep(page, member={"id": member["id"], "name": member["name"], "key": key})
    print(f"You are {member['name']} of {member['club_name']}: 'homegame join LINK --club {page}' sits you "
          "down as that member.")


def _file(client: Any, club: str, page: str, key: str | None, kept: dict[str, Any],
          args: argparse.Namespace) -> None:
    from homegame.cli.saved import saved_tables
    from homegame.errors import NotAllowed, RoomError
    from homegame.room.client import parse_invite

    base, table = parse_invite(args.invite)
    table_owner = saved_tables().at(f"{base}/t/{table}").get("owner_token")
    if not table_owner:
        raise NotAllowed(f"only the table's owner files it, and no owner token for {args.invite} is kept "
                         "here")
    names: dict[str, int] = {}
    for given in args.name:
        name, _, number = given.rpartition("=")
        if not name or not number.isdigit():
            raise RoomError(f"--name is NAME=MEMBER (a member's number), not {given!r}")
        names[name] = int(number)
    night = client.file_night(club, _owner(kept, page), table, table_owner, names)
    members = sum(line["member"] is not None for line in night["lines"])
    print(f"{night['name']} ({night['hands_played']} hands) is filed, with {members} of its players as "
          "members.")


def _show(client: Any, club: str, page: str, key: str | None, kept: dict[str, Any],
          args: argparse.Namespace) -> None:
    if args.csv:
        sys.stdout.write(client.club_csv(club))
        return
    standings = client.club(club)
    if args.plot is not None:
        from homegame.cli.chip_plot import plot_club

        plot_club(standings, args.plot)
        print(f"The season's graph is in {args.plot}.", file=sys.stderr)
    if args.json:
        import json

        print(json.dumps(standings, indent=2))
    elif args.plot is None:
        from homegame.cli.club_text import club_lines

        print("\n".join(club_lines(standings)))
