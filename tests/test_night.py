"""What a night leaves behind, read from a table's log: the ledger as files and the settle-up, the
statistics (against hands counted by hand on stacked decks), the chip graph, and the hand
histories each person may download (no card of another seat the table did not see)."""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from homegame.cards import Card, parse_cards
from homegame.engine import History
from homegame.engine.replay import replay
from homegame.games import new_game
from homegame.room.config import TableConfig
from homegame.room.night import Night, read_night
from homegame.room.night_hands import histories_jsonl
from homegame.room.night_ledger import ledger_csv, ledger_export, settle_text
from homegame.room.night_stats import stats_json
from homegame.room.seats import HOUSE
from homegame.room.table import Table, TableEvent
from homegame.room.views import ledger_json
from room_play import step

DEALERS_CHOICE = ["draw", "pineapple", "papayoo", "pai_gow", "soko", "chinese", "anaconda", "whiskey"]


def _played_night(seed: int, hands: int = 30) -> tuple[Night, list[TableEvent]]:
    """Two people and two bots play ``hands`` hands of the dealer's choice; one leaves and another
    sits down part way; the table is closed."""
    config = TableConfig.from_json({"name": "Friday", "games": DEALERS_CHOICE, "bots": 2})
    table = Table.create("t1", config, at=0.0)
    table.join("ann", token_hash="ANN", at=1.0)
    table.join("bob", token_hash="BOB", at=1.0)
    chooser, now = random.Random(seed), 2.0
    while table.hands_played < hands:
        now += 1
        if table.hands_played == hands // 2 and table.phase != "playing" and table.seats[3] is not None:
            table.leave(3, at=now)
            table.join("cy", token_hash="CY", at=now)
        assert step(table, chooser, now), f"the table stopped in phase {table.phase}"
    while not table.close(at=now):
        now += 1
        step(table, chooser, now)
    events = table.take_unsaved()
    return read_night("t1", events), events


@pytest.fixture(scope="module")
def night() -> tuple[Night, list[TableEvent]]:
    return _played_night(7)


def test_the_csv_nets_sum_to_zero_with_the_house_and_match_the_ledger_panel(night: tuple[Night, Any]) -> None:
    read, _ = night
    rows = list(csv.DictReader(io.StringIO(ledger_csv(read))))
    assert sum(int(row["net"]) for row in rows) == 0
    panel = ledger_json(read.table)
    nets = {(row["name"], int(row["net"])) for row in rows}
    assert {(line["name"], line["net"]) for line in panel["lines"]} == nets
    assert any(row["name"] == HOUSE or row["bot"] == "yes" for row in rows)
    for row in rows:
        if row["name"] == HOUSE:  # the house's chips won or lost in the hands: no buy-in, no cash-out
            continue
        parts = sum(int(row[column]) for column in ("buy_in", "rebuys", "top_ups", "adjustments"))
        assert parts == int(row["brought"])
        assert int(row["cashed_out"]) + int(row["in_front"]) - int(row["brought"]) == int(row["net"])


def test_the_settle_up_squares_every_net(night: tuple[Night, Any]) -> None:
    read, _ = night
    export = ledger_export(read)
    assert export["settle_up"] == ledger_json(read.table)["settle_up"]
    owed = {name: net for name, net in read.table.ledger.settlement(read.table.stacks_by_name()).items()}
    for transfer in export["settle_up"]:
        owed[transfer["payer"]] += transfer["chips"]
        owed[transfer["payee"]] -= transfer["chips"]
        line = f"{transfer['payer']} pays {transfer['payee']} {transfer['chips']} chip"
        assert line in export["settle_text"]
    assert set(owed.values()) <= {0}
    assert export["settle_text"].startswith("Friday, settle-up after 30 hands")


def test_the_entries_add_up_to_the_ledger(night: tuple[Night, Any]) -> None:
    read, _ = night
    ledger = read.table.ledger
    for name in ledger.bought:
        brought = sum(e.chips for e in read.entries if e.name == name and e.kind != "cash_out")
        taken = sum(e.chips for e in read.entries if e.name == name and e.kind == "cash_out")
        assert (brought, taken) == (ledger.bought[name], ledger.cashed[name])
    kinds = {entry.kind for entry in read.entries}
    assert {"buy_in", "cash_out"} <= kinds and kinds & {"rebuy", "top_up"}


def test_the_chip_graph_follows_every_stack_hand_by_hand(night: tuple[Night, Any]) -> None:
    read, _ = night
    graph = stats_json(read)["graph"]
    assert graph["hands"] == 30
    lines = {line["name"]: line["points"] for line in graph["players"]}
    assert lines["ann"][0] == [0, 100] and [p[0] for p in lines["ann"]] == list(range(31))
    assert lines["cy"][0][0] == 15 and lines["cy"][-1][0] == 30
    for hand in read.hands:
        for name, stack in hand.stacks.items():
            assert [hand.number, stack] in lines[name]


def test_a_player_s_histories_hold_no_card_the_table_did_not_show_them(night: tuple[Night, Any]) -> None:
    read, _ = night
    records = [json.loads(line) for line in histories_jsonl(read, token_hash="ANN").splitlines()]
    full = {r["number"]: r for r in map(json.loads, histories_jsonl(read, full=True).splitlines())}
    assert records and len(records) == sum("ann" in hand.names for hand in read.hands)
    assert len(full) == 30
    for record in records:
        assert record["history"]["header"]["deck"] == ""
        hidden = _hidden_from(History.from_json(full[record["number"]]["history"]), record["player"])
        shown = _cards_in(json.dumps(record))
        assert not hidden & shown, f"hand {record['number']} shows {hidden & shown} to its player"


def _hidden_from(history: History, player: int) -> set[str]:
    """The cards of a full history that ``player`` never saw: in events private to others, and in
    no public event."""
    def cards(events: Sequence[Any]) -> set[str]:
        return set().union(*(_cards_in(json.dumps(e.to_json())) for e in events))
    public = cards([e for e in history.events if e.private_to is None])
    private = cards([e for e in history.events if e.private_to is not None and player not in e.private_to])
    return private - public - cards(history.seen_by(player))


def _cards_in(text: str) -> set[str]:
    """Every card named in a JSON text (a string that reads as cards)."""
    found: set[str] = set()
    for value in _strings(json.loads(text)):
        try:
            found |= {str(card) for card in parse_cards(value)}
        except Exception:
            continue
    return found


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_the_full_histories_replay_to_what_the_table_paid(night: tuple[Night, Any]) -> None:
    read, _ = night
    rate = read.table.config.points_rate
    for line in histories_jsonl(read, full=True).splitlines():
        record = json.loads(line)
        state = replay(record["history"], new_game)
        moved = state.game.in_chips(state.outcome, rate=rate)
        assert [moved.get(player, 0) for player in range(len(record["seats"]))] == record["chips"]


# -- statistics against hands counted by hand ---------------------------------------------------

def _stacked(table: Table, seat: int, kind: str) -> None:
    """``seat`` (to act) takes its first legal action of ``kind``."""
    hand = table.hand
    assert hand is not None
    player = hand.seats.index(seat)
    assert player in hand.state.to_act, f"seat {seat} is not to act"
    action = next(a for a in hand.state.legal_actions(player) if a.kind == kind)
    table.act(seat, action, intent=None, at=1.0)


def _in_order(cards: Sequence[Card]) -> list[Card]:
    return list(cards)


def _reversed(cards: Sequence[Card]) -> list[Card]:
    return list(reversed(cards))


def _counted_night() -> Night:
    """Two hands on stacked decks, counted below by hand. Seats 0, 1, 2 are ann, bob and cy.

    Pineapple, the deck in its own order (ann on the button, bob the small blind 1, cy the big
    blind 2): ann raises to 4, bob calls 4, cy folds; bob and ann throw a card each; on the flop
    (4h 4s 5c) bob checks, ann bets 2, bob calls; turn and river checked; ann's 3d 4c makes fours
    full of fives and beats bob's straight: ann +8, bob -6, cy -2.

    Basic Draw Poker, the deck reversed (antes of 1): cy checks, ann bets 2, bob calls, cy folds;
    both stand pat and check; ann's kings beat bob's queens: ann +4, bob -3, cy -1.
    """
    config = TableConfig.from_json({"name": "Counted", "games": ["draw", "pineapple"]})
    table = Table.create("c1", config, at=0.0)
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name.upper(), at=0.0)
    moves: list[tuple[str, Callable[[Sequence[Card]], list[Card]], list[tuple[int, str]]]] = [
        ("pineapple", _in_order, [(0, "raise"), (1, "call"), (2, "fold"), (1, "discard"), (0, "discard"),
                                  (1, "check"), (0, "bet"), (1, "call"), (1, "check"), (0, "check"),
                                  (1, "check"), (0, "check")]),
        ("draw", _reversed, [(2, "check"), (0, "bet"), (1, "call"), (2, "fold"), (0, "discard"),
                             (1, "discard"), (0, "check"), (1, "check")]),
    ]
    for game, shuffle, actions in moves:
        assert table.chooser is not None
        opens = table.call_opens_at()  # once the last hand's pause is over
        table.choose(table.chooser, game, [], at=max(1.0, opens or 0.0), shuffle=shuffle)
        for seat, kind in actions:
            _stacked(table, seat, kind)
    return read_night("c1", table.take_unsaved())


def test_the_statistics_are_the_hands_counted_by_hand() -> None:
    players = {p["name"]: p for p in stats_json(_counted_night())["players"]}
    counted = {  # (dealt, played, chips, showdowns, won, vpip, raised first, raises, calls)
        ("ann", "pineapple"): (1, 1, 8, 1, 1, 1, 1, 2, 0), ("ann", "draw"): (1, 1, 4, 1, 1, 1, 1, 1, 0),
        ("bob", "pineapple"): (1, 1, -6, 1, 0, 1, 0, 0, 2), ("bob", "draw"): (1, 1, -3, 1, 0, 1, 0, 0, 1),
        ("cy", "pineapple"): (1, 0, -2, 0, 0, 0, 0, 0, 0), ("cy", "draw"): (1, 0, -1, 0, 0, 0, 0, 0, 0),
    }
    fields = ("dealt", "played", "chips", "showdowns", "showdowns_won", "vpip", "raised_first", "raises",
              "calls")
    for (name, game), figures in counted.items():
        assert tuple(players[name]["games"][game][f] for f in fields) == figures, (name, game)
    ann, bob, cy = players["ann"]["total"], players["bob"]["total"], players["cy"]["total"]
    assert (ann["chips"], bob["chips"], cy["chips"]) == (12, -9, -3)
    assert (ann["vpip_share"], bob["vpip_share"], cy["vpip_share"]) == (1.0, 1.0, 0.0)
    assert (ann["raised_first_share"], bob["raised_first_share"]) == (1.0, 0.0)
    assert ann["aggression"] is None and bob["aggression"] == 0.0  # three raises to no call; none to three


def test_a_game_without_betting_has_no_betting_figures() -> None:
    config = TableConfig.from_json({"name": "Chinese", "games": ["chinese"], "bots": 1})
    table = Table.create("x1", config, at=0.0)
    table.join("ann", token_hash="A", at=0.0)
    chooser, now = random.Random(3), 1.0
    while table.hands_played < 2:
        now += 1
        step(table, chooser, now)
    ann = next(p for p in stats_json(read_night("x1", table.take_unsaved()))["players"] if p["name"] == "ann")
    chinese = ann["games"]["chinese"]
    counts = (chinese["dealt"], chinese["played"], chinese["showdowns"], chinese["betting_hands"])
    assert counts == (2, 2, 2, 0)
    assert chinese["vpip_share"] is None and chinese["aggression"] is None


def test_the_settle_up_text_of_an_open_table_says_so() -> None:
    config = TableConfig.from_json({"name": "Open", "games": ["draw"]})
    table = Table.create("o1", config, at=0.0)
    table.join("ann", token_hash="A", at=0.0)
    assert settle_text(read_night("o1", table.take_unsaved())) == \
        "Open, so far (0 hands; the table is still open): everyone is square."
