"""A dealer's-choice tournament in the card room: its rules checked, and tournaments played to their
end by bots (and a player over a real websocket) on a real server with a fast clock: levels rising,
players knocked out and placed, tables balanced and broken up as they go, payouts summing to the
prize pool; on a shared PostgreSQL room, the tournament goes on in another process when its owner
is killed."""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from typing import Any

import pytest

from homegame.engine import ActionSet
from homegame.errors import NotAllowed, RoomError
from homegame.games.pages import rules_text
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.config import TableConfig
from homegame.room.tournament_config import TournamentConfig
from room_server import RoomServer, SharedRoom
from test_room_habits_server import full_deck
from test_room_protocol_doc import check_frame

FAST_LEVELS = [{"ante": step, "small_blind": step, "big_blind": 2 * step, "bet": 2 * step,
                "max_bet": 10 * step} for step in (1, 2, 4, 8, 16, 32)]
SETUP = {"name": "Sunday", "entrants": 8, "seats": 3, "bots": 7, "games": ["pineapple", "draw", "soko"],
         "stack": 60, "buy_in": 10, "level_seconds": 1, "clock": 2, "pause": 0.4, "levels": FAST_LEVELS}


# -- the rules ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "words"), [
    ("papayoo", "Papayoo is scored in points, which a tournament leaves out"),
    ("chinese", "Chinese Poker is scored in points"),
    ("open_face", "Open-Face Chinese Poker is scored in points"),
    ("paiute", "Paiute is scored in points"),
    ("pai_gow", "banked by the house"),
    ({"game": "whiskey", "variants": ["chips"]}, "chips variant counts chips against a bank"),
])
def test_a_tournament_leaves_out_the_games_scored_in_points_or_against_a_bank(game: Any, words: str) -> None:
    with pytest.raises(RoomError, match=words) as refused:
        TableConfig.from_json({"name": "t", "games": ["draw", game], "tournament": {"entrants": 4}})
    assert refused.value.field == "games"
    TableConfig.from_json({"name": "cash", "games": ["draw", game]})  # a cash table deals it


@pytest.mark.parametrize(("rules", "field"), [
    ({"entrants": 9}, "entrants"), ({"entrants": 1}, "entrants"), ({"payouts": [60, 30]}, "payouts"),
    ({"payouts": [30, 70]}, "payouts"), ({"entrants": 2, "payouts": [50, 30, 20]}, "payouts"),
    ({"levels": []}, "levels"), ({"levels": [{"big_blind": -2}]}, "levels"),
    ({"levels": [{"no_such_stake": 2}]}, "levels"), ({"level_seconds": 0}, "level_seconds"),
    ({"rotation": "yes"}, "rotation"),
])
def test_a_tournament_set_wrong_is_refused_by_its_field(rules: dict[str, Any], field: str) -> None:
    with pytest.raises(RoomError) as refused:
        TournamentConfig.from_json(rules)
    assert refused.value.field == field


def test_a_level_a_game_refuses_is_refused_with_its_number() -> None:
    levels = [{"bet": 2, "max_bet": 10}, {"bet": 20, "max_bet": 10}]
    with pytest.raises(RoomError, match="at level 2"):
        TableConfig.from_json({"name": "t", "games": ["soko"], "tournament": {"levels": levels}})


@pytest.mark.parametrize("entries", range(2, 9))
def test_the_prizes_share_the_whole_pool_best_first(entries: int) -> None:
    for payouts in ([100], [65, 35], [50, 30, 20], [40, 25, 20, 15]):
        rules = TournamentConfig(entrants=8, buy_in=7, payouts=tuple(payouts))
        prizes = rules.prizes(pool=7 * entries, paid=entries)
        assert sum(prizes) == 7 * entries and prizes == sorted(prizes, reverse=True)
        assert len(prizes) == min(len(payouts), entries)


def test_levels_rise_on_the_clock_and_stop_for_breaks() -> None:
    rules = TournamentConfig(levels=tuple(FAST_LEVELS), level_seconds=10, break_every=2, break_seconds=5)
    seen = [rules.schedule(float(second)) for second in range(0, 60, 5)]
    assert [level for level, _, _ in seen] == [0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4]  # 20 s and 45 s: breaks
    assert [pause for _, pause, _ in seen] == [False] * 4 + [True] + [False] * 4 + [True, False, False]
    assert rules.schedule(10_000.0)[0] == len(FAST_LEVELS) - 1  # the last level goes on


# -- played to the end -----------------------------------------------------------------------------

def test_a_tournament_of_bots_and_a_player_plays_to_its_end_across_balanced_tables(store_address: str
                                                                                 ) -> None:
    with RoomServer(store_address) as server:
        client = RoomClient(server.base)
        made = client.create_tournament(SETUP)
        tournament = made["tournament"]
        assert len(made["tables"]) == 3 and made["invite"] == f"/tournament/{tournament}"
        before = client.tournament(tournament)
        assert before["entries"] == 7 and before["started_at"] is None
        with pytest.raises(RoomError, match="a tournament's table seats its entries"):
            client.join(made["tables"][0], "eve")
        entry = client.enter(tournament, "ann")  # the last entry: the tournament starts
        with pytest.raises(RoomError, match="all 8 entries are taken"):
            client.enter(tournament, "bob")
        seen = asyncio.run(_play_to_the_end(server.base, entry, tournament))
        ledger = client.ledger(made["tables"][1])
    _check_the_end(seen, ledger, entries=8)


async def _play_to_the_end(base: str, entry: dict[str, Any], tournament: str,
                           timeout: float = 300) -> list[dict[str, Any]]:
    """Play ann's seat at random, following the tournament from table to table (she may be
    knocked out early, and watch), while the tournament is read every few tenths of a second until
    it is over; what it was each time."""
    chooser, client = random.Random(11), RoomClient(base)
    async with SeatConnection(base, entry["table"], entry["token"]) as ann:
        async def play() -> None:
            answered: set[tuple[str, int]] = set()
            while not ann.ended:
                def new_turn(s: dict[str, Any]) -> bool:
                    return (s["table"]["id"], s["seq"]) not in answered and (s["you"]["to_act"] or
                                                                               s["you"]["choosing"])
                state = await ann.wait_for(new_turn, timeout=60)
                answered.add((state["table"]["id"], state["seq"]))
                if state["you"]["choosing"]:
                    await ann.choose(chooser.choice(state["table"]["choosable"]))
                elif state["you"]["to_act"]:
                    legal = ActionSet.from_json(state["legal"])
                    await ann.act(legal[chooser.randrange(len(legal))], seq=state["seq"])
        playing = asyncio.ensure_future(play())
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while not seen or not seen[-1]["finished"]:
            assert time.monotonic() < deadline, "the tournament did not end in time"
            seen.append(await asyncio.to_thread(client.tournament, tournament))
            await asyncio.sleep(0.2)
        await asyncio.wait_for(_closed(ann), timeout=30)
        playing.cancel()
        for frame in ann.frames:
            check_frame(frame)
        return seen


async def _closed(connection: SeatConnection) -> None:
    version = -1
    while connection.final_ledger is None:
        version = await connection.wait_changed(version)


def _check_the_end(seen: list[dict[str, Any]], ledger: dict[str, Any], *, entries: int,
                   rising: int = 3) -> None:
    summary = seen[-1]
    places = sorted(p["place"] for p in summary["placed"])
    assert places == list(range(1, entries + 1)), "every entry is placed once"
    pool = entries * SETUP["buy_in"]
    assert summary["prize_pool"] == pool and sum(line["cashed"] for line in ledger["lines"]) == pool
    assert [line["cashed"] for line in ledger["lines"][:3]] == [40, 24, 16]  # 50/30/20 of 80
    assert sum(line["net"] for line in ledger["lines"]) == 0 and ledger["settle_up"]
    levels = sorted({info["level"] for info in seen})
    assert len(levels) >= rising, f"the levels rose on the clock: {levels}"
    tables = [len(info["tables"]) for info in seen]
    # it starts at 3 tables (asserted where it is made): a loaded machine may read it first after a break
    assert max(tables) <= 3 and min(tables) <= 1, "the tables were broken up as players went out"
    for info in seen:
        needed = math.ceil(info["players_left"] / 3) if info["players_left"] else 1
        assert len(info["tables"]) <= needed + 1, f"a table no longer needed stays open: {info['tables']}"


def test_the_owner_starts_a_tournament_early_and_late_entry_closes_with_its_level(tmp_path: Any) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_tournament({**SETUP, "entrants": 6, "bots": 2, "late_entry": 2, "stack": 5000,
                                         "level_seconds": 2, "seats": 6})
        tournament, owner = made["tournament"], made["owner_token"]
        with pytest.raises(NotAllowed, match="only the table's host may start the tournament"):
            client.start_tournament(tournament, "not the owner")
        started = client.start_tournament(tournament, owner)
        assert started["started_at"] is not None and started["late_entry"]
        entry = client.enter(tournament, "late ann")  # during level 1: late entry is open
        with pytest.raises(RoomError, match="late ann \\(which reads as LATE \u0430nn\\) has entered"):
            client.enter(tournament, "LATE \u0430nn")  # a Cyrillic a: a look-alike is the same name
        assert client.table(entry["table"])["seats"][entry["seat"]]["stack"] == 5000
        for _ in range(200):
            if client.tournament(tournament)["level"] > 2:
                break
            time.sleep(0.1)
        with pytest.raises(RoomError, match="late entry is over"):
            client.enter(tournament, "later bob")



# Every deal of the balancing test, at either table: the player dealt three aces wins every pot.
# (Three-card hands one card at a time from the dealer's left; the board K K 6 5 4 makes no straight.)
ACES = full_deck("Ac 2c 3c Ad 7d 8d Ah 9h Ts 5d Kc Kd 6s 6d 5h 6h 4c")


def test_a_table_two_players_larger_than_another_gives_one_up_when_its_hand_ends(tmp_path: Any) -> None:
    """Two tables of three: at the first, everyone goes all in and the aces knock two out; the
    second folds its hand to the big blind, and then gives a player up: two tables of two."""
    server = RoomServer(str(tmp_path / "room.sqlite3"), app="room_stacked:make_app",
                        env={"HOMEGAME_TEST_DECKS": json.dumps([ACES] * 40)})
    with server:
        client = RoomClient(server.base)
        made = client.create_tournament({"name": "Balance", "entrants": 6, "seats": 3, "bots": 0, "stack": 20,
                                         "games": ["pineapple"], "stakes": {"limit": "no"}, "clock": 60,
                                         "pause": 0.3, "level_seconds": 600})
        names = ("ann", "bob", "cy", "dan", "eve", "fay")
        entries = [client.enter(made["tournament"], name) for name in names]
        moved = asyncio.run(_all_in_here_fold_there(server.base, client, made["tournament"], entries,
                                                     all_in_at=made["tables"][0]))
    assert moved["tables"] == [2, 2] and moved["players_left"] == 4
    assert sorted(line["place"] for line in moved["placed"]) == [5, 6]  # the two the aces knocked out


async def _all_in_here_fold_there(base: str, client: RoomClient, tournament: str,
                                  entries: list[dict[str, Any]], *, all_in_at: str) -> dict[str, Any]:
    """Play each entry by its table's rule until the tournament has balanced its tables; the
    tournament then, and who was moved where."""
    connections = [SeatConnection(base, entry["table"], entry["token"]) for entry in entries]
    for connection in connections:
        await connection.open()

    async def play(connection: SeatConnection, all_in: bool) -> None:
        answered = -1
        while True:
            state = await connection.wait_for(
                lambda s, after=answered: bool(s["you"]["to_act"]) and s["seq"] > after, timeout=120)
            answered = state["seq"]
            legal = ActionSet.from_json(state["legal"])
            kinds = legal.kinds()
            if all_in and ("raise" in kinds or "bet" in kinds):
                family = next(f for f in state["legal"] if "amounts" in f)["amounts"]
                action: Any = {"kind": family["kind"], "amount": family["max"]}
            elif all_in and "call" in kinds:
                action = next(a for a in legal if a.kind == "call")
            elif "check" in kinds:
                action = next(a for a in legal if a.kind == "check")
            elif "fold" in kinds:
                action = next(a for a in legal if a.kind == "fold")
            else:
                action = legal[0]
            await connection.act(action, seq=answered)

    players = [asyncio.ensure_future(play(connection, entry["table"] == all_in_at))
               for connection, entry in zip(connections, entries, strict=True)]
    try:
        deadline = time.monotonic() + 120
        while True:
            info = await asyncio.to_thread(client.tournament, tournament)
            if info["players_left"] == 4 and sorted(t["players"] for t in info["tables"]) == [2, 2]:
                break
            assert time.monotonic() < deadline, f"the tables were not balanced: {info['tables']}"
            await asyncio.sleep(0.1)
        went = [(entry["table"], connection.moves)
                for connection, entry in zip(connections, entries, strict=True) if connection.moves]
        assert went and all(table != all_in_at and moves == [all_in_at] for table, moves in went), went
        return {**info, "tables": [t["players"] for t in info["tables"]]}
    finally:
        for player in players:
            player.cancel()
        for connection in connections:
            await connection.close()

# -- on a room of several processes ----------------------------------------------------------------

def test_a_tournament_goes_on_in_another_process_when_its_owner_is_killed(shared_room: SharedRoom) -> None:
    shared = ("--advertise", "{base}", "--lease", "2")
    with shared_room.server(*shared) as owner, shared_room.server(*shared) as other:
        made = RoomClient(owner.base).create_tournament({**SETUP, "level_seconds": 2})
        tournament, tables = made["tournament"], made["tables"]
        entry = RoomClient(other.base).enter(tournament, "ann")  # through the other process, to the owner
        assert other.get("/api/health")["tables"] == 0 and owner.get("/api/health")["tables"] == 3
        owner.kill()
        owner.listener.close()
        seen = asyncio.run(_play_to_the_end(other.base, entry, tournament))
        ledger = RoomClient(other.base).ledger(tables[0])
    _check_the_end(seen, ledger, entries=8, rising=2)  # the takeover's lease spends a level's seconds


@pytest.mark.parametrize("game", ["papayoo", "chinese", "open_face", "paiute", "pai_gow"])
def test_the_rules_page_of_a_game_left_out_says_so(game: str) -> None:
    text = rules_text(game, commands=False)
    section = " ".join(text[text.index("## In a tournament"):].split())  # as read, not as wrapped
    assert "tournament" in section and "out of its games" in section
