"""A card-room table without a server: dealer's choice over every game, one stack across them,
the clock, leaving and sitting out, the ledger, and a table rebuilt from its events."""

from __future__ import annotations

import random

import pytest

import homegame
from homegame import Action
from homegame.engine.game import MAX_CHIPS
from homegame.errors import RoomError
from homegame.room.config import TableConfig
from homegame.room.hands import HandInPlay
from homegame.room.settle import settle_up
from homegame.room.table import Table, TableEvent
from room_play import chips_balance, seeded_shuffle, snapshot, step

ALL_GAMES = sorted(homegame.GAMES)


def _table(**fields: object) -> Table:
    config = TableConfig.from_json({"name": "test", "clock": 10, "pause": 0, **fields})
    return Table.create("t", config, at=0.0)


def test_dealers_choice_over_every_game_keeps_chips_and_restores_exactly() -> None:
    table = _table(seats=4, bots=2, buy_in=500, games=ALL_GAMES)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    chooser, now, played, log = random.Random(7), 1.0, set(), []
    for turn in range(20_000):
        if table.hands_played >= 40 and len(played) == len(ALL_GAMES):
            break
        unplayed = [g for g in ALL_GAMES if g not in played]
        assert step(table, chooser, now, games=unplayed or None), f"stuck in {table.phase}"
        log += table.take_unsaved()
        chips_balance(table)
        if table.hand is not None:
            played.add(table.hand.game.name)
        if turn % 97 == 0:
            assert snapshot(Table.restore("t", log)) == snapshot(table)
            assert snapshot(Table.restore("t", _from_last_checkpoint(log))) == snapshot(table)
        now += 0.5
    assert played == set(ALL_GAMES) and table.hands_played >= 40
    assert snapshot(Table.restore("t", log)) == snapshot(table)
    assert snapshot(Table.restore("t", _from_last_checkpoint(log))) == snapshot(table)
    nets = table.ledger.nets(table.stacks_by_name())
    assert sum(nets.values()) == 0 and len(settle_up(nets)) <= len(nets) - 1


def _deal_its_only_game(table: Table, *, seed: int) -> None:
    """The deal a table of one game makes on its own once its pause is over (at time 1)."""
    assert table.phase == "between" and table.chooser is None
    table.deal(at=1.0, shuffle=seeded_shuffle(random.Random(seed)))


def _from_last_checkpoint(log: list[TableEvent]) -> list[TableEvent]:
    """The log as a room loads it: from the last checkpoint before the last hand was dealt."""
    dealt = max((e.seq for e in log if e.kind == "dealt"), default=0)
    start = max((i for i, e in enumerate(log) if e.kind == "checkpoint" and e.seq < dealt), default=0)
    return log[start:]


def test_a_game_of_several_deals_runs_to_its_end_before_the_next_call() -> None:
    table = _table(seats=3, bots=1, games=[{"game": "papayoo"}, "draw"], stakes={"deals": 3})
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    chooser, now = random.Random(3), 1.0
    games = []
    while table.hands_played < 4:
        if table.phase == "choosing":
            table.choose(table.chooser, "papayoo" if not games else "draw", [], at=now,
                         shuffle=seeded_shuffle(chooser))
        else:
            step(table, chooser, now)
        if table.hand is not None and (not games or games[-1][0] != table.hand.number):
            games.append((table.hand.number, table.hand.game.name))
        now += 1
    assert [name for _, name in games] == ["papayoo", "papayoo", "papayoo", "draw"]


def test_a_table_of_one_game_deals_every_hand_after_the_pause_and_no_one_calls_it() -> None:
    table = _table(seats=3, games=["draw"], pause=2)
    table.join("ann", token_hash="a", at=0.0)
    assert table.phase == "waiting"
    table.join("bob", token_hash="b", at=1.0)
    assert (table.phase, table.chooser, table.deadlines, table.wakes_at) == ("between", None, {}, 3.0)
    with pytest.raises(RoomError, match="no game is to be called now"):
        table.choose(0, "draw", [], at=1.5, shuffle=seeded_shuffle(random.Random(1)))
    table.join("cy", token_hash="c", at=2.0)  # sits down during the pause: dealt in
    table.deal(at=3.0, shuffle=seeded_shuffle(random.Random(1)))
    assert table.hand is not None and table.hand.seats == (0, 1, 2)
    chooser = random.Random(1)
    while table.phase == "playing":
        assert step(table, chooser, 5.0)
    assert (table.phase, table.chooser, table.deadlines, table.wakes_at) == ("between", None, {}, 7.0)
    log = table.take_unsaved()
    assert not [e for e in log if e.kind == "chosen"]
    assert snapshot(Table.restore("t", log)) == snapshot(table)
    assert snapshot(Table.restore("t", _from_last_checkpoint(log))) == snapshot(table)
    table.deal(at=7.0, shuffle=seeded_shuffle(random.Random(2)))
    assert table.phase == "playing" and table.hand is not None and table.hand.number == 2


def test_a_table_of_one_game_stored_by_a_room_that_had_its_dealer_call_it_reads_back_and_goes_on() -> None:
    """A room upgraded after a hand at a table of one game, whose checkpoint has the dealer about to
    call it as the room used to: the table reads back as its players last saw it, and the call is
    taken; from the next hand on the room deals on its own."""
    table = _table(seats=2, games=["draw"], pause=2, buy_in=1000)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    table.deal(at=2.0, shuffle=seeded_shuffle(random.Random(3)))
    chooser = random.Random(3)
    while table.phase == "playing":
        assert step(table, chooser, 4.0)
    log = table.take_unsaved()
    older = log[-1].data
    assert log[-1].kind == "checkpoint" and older["phase"] == "between"
    older.update(phase="choosing", chooser=older["button"], deadlines=[[older["button"], 16.0]],
                 wakes_at=None, series=None)
    restored = Table.restore("t", log)
    assert (restored.phase, restored.chooser, restored.wakes_at) == ("choosing", older["button"], None)
    restored.choose(older["button"], "draw", [], at=6.0,  # once its pause is over
                    shuffle=seeded_shuffle(random.Random(4)))
    while restored.phase == "playing":
        assert step(restored, chooser, 6.0)
    assert (restored.phase, restored.chooser, restored.wakes_at) == ("between", None, 8.0)
    log[-1].data["hands_played"] = 0
    with pytest.raises(RoomError, match="disagrees with its checkpoint"):
        Table.restore("t", log)


def test_at_a_table_of_dealer_s_choice_a_checkpoint_that_disagrees_on_the_next_call_is_a_fault() -> None:
    """Only a table of one game forgives a checkpoint on who calls next (an older room had the
    dealer call it); at a table of dealer's choice the log and its checkpoint must agree in full."""
    table = _table(seats=2, games=["draw", "papayoo"], pause=2, buy_in=1000)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    table.choose(table.chooser, "draw", [], at=1.0, shuffle=seeded_shuffle(random.Random(3)))
    chooser = random.Random(3)
    while table.phase == "playing":
        assert step(table, chooser, 4.0)
    log = table.take_unsaved()
    assert log[-1].kind == "checkpoint"
    assert snapshot(Table.restore("t", log)) == snapshot(table)
    log[-1].data.update(chooser=1 - log[-1].data["chooser"])
    with pytest.raises(RoomError, match="disagrees with its checkpoint"):
        Table.restore("t", log)


@pytest.mark.parametrize("games", [["draw", "papayoo"], [{"game": "draw", "variants": ["lowball"]}]])
def test_dealers_choice_of_several_games_or_of_variants_still_waits_for_the_call(games: list[object]) -> None:
    table = _table(seats=3, games=games, pause=2)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=1.0)
    assert (table.phase, table.chooser, table.wakes_at, table.deadlines) == ("choosing", 0, None, {0: 11.0})


def test_a_table_of_one_game_waits_when_no_one_can_be_dealt_it_at_the_end_of_the_pause() -> None:
    table = _table(seats=3, games=["draw"], pause=2)
    table.join("ann", token_hash="a", at=0.0)
    bob = table.join("bob", token_hash="b", at=0.0)
    table.leave(bob, at=1.0)
    assert (table.phase, table.wakes_at, table.series) == ("waiting", None, None)

    crowded = _table(seats=6, games=["chinese"], pause=2)  # Chinese Poker takes 2 to 4 players
    seats = [crowded.join(name, token_hash=name, at=0.0) for name in ("a", "b", "c", "d")]
    crowded.join("e", token_hash="e", at=1.0)
    assert (crowded.phase, crowded.wakes_at) == ("waiting", None), "five are too many: nothing to deal"
    with pytest.raises(RoomError, match="there is no game to deal now"):
        crowded.deal(at=2.0, shuffle=seeded_shuffle(random.Random(1)))
    crowded.leave(seats[0], at=3.0)
    assert (crowded.phase, crowded.wakes_at) == ("between", 5.0), "four can play again"


def test_the_dealer_may_call_only_a_game_of_the_list_that_fits_the_players() -> None:
    table = _table(seats=8, bots=6, games=["draw", "chinese", "papayoo"])
    table.join("ann", token_hash="a", at=0.0)
    assert table.choosable() == ["papayoo"]  # seven players: Draw seats six, Chinese Poker four
    with pytest.raises(RoomError, match="cannot be dealt now"):
        table.choose(table.chooser, "draw", [], at=1.0, shuffle=seeded_shuffle(random.Random(1)))
    with pytest.raises(RoomError, match="not your call"):
        table.choose(3, "papayoo", [], at=1.0, shuffle=seeded_shuffle(random.Random(1)))


def test_a_stake_goes_to_each_game_only_where_its_variants_count_it() -> None:
    """protocol.md: stakes go to every game that has them; Paiute's ante counts with its ante
    scoring only, so a table of every game with an ante deals Paiute with it only then."""
    table = _table(seats=3, bots=2, stakes={"ante": 2},
                   games=["draw", {"game": "paiute", "variants": ["jokers", "ante"]}])
    table.join("ann", token_hash="a", at=0.0)
    shuffle = seeded_shuffle(random.Random(1))
    table.choose(table.chooser, "paiute", ["ante"], at=1.0, shuffle=shuffle)
    assert table.hand is not None and table.hand.game.config["ante"] == 2
    assert table.config.settings_for("paiute", ["jokers"]) == {}
    assert table.config.settings_for("draw")["ante"] == 2
    assert TableConfig.from_json({"name": "every game", "stakes": {"ante": 2}}).stakes == {"ante": 2}


def test_units_two_seats_agreed_on_follow_those_seats_into_each_hand() -> None:
    """A table's ``pair_units`` names the table's seats; a hand numbers its players from zero, so
    the room hands the game the pairs of the seats dealt in, at their places in the hand."""
    table = _table(seats=4, bots=1, buy_in=500, points_rate=2, stakes={"pair_units": "1-3:5 0-2:4"},
                   games=["chinese"])
    assert table.config.settings_for("chinese", seats=[3, 2, 1]) == {"pair_units": "0-2:5", "unit": 2}
    assert table.config.settings_for("chinese", seats=[0, 3]) == {"pair_units": "", "unit": 2}
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name, at=0.0)
    _deal_its_only_game(table, seed=1)
    assert table.hand is not None
    game = table.hand.game
    assert [game.units.between(a, b) for a, b in ((0, 2), (1, 3), (0, 1))] == [4, 5, 2]


@pytest.mark.parametrize(("pairs", "says"), [("0-4:5", "names seat 4, but the seats are 0 to 3"),
                                             ("0:1-5", "is not a pair's unit")])
def test_a_table_whose_pair_units_name_no_pair_of_its_seats_is_refused(pairs: str, says: str) -> None:
    with pytest.raises(RoomError, match=says):
        _table(seats=4, stakes={"pair_units": pairs}, games=["chinese", "open_face"])


def test_deep_stacks_let_a_player_bring_and_top_up_to_the_most_the_table_allows() -> None:
    table = _table(seats=3, bots=1, buy_in=100, max_buy_in=250, games=["draw"])
    seat = table.join("ann", token_hash="a", at=0.0, chips=250)
    assert table.seats[seat] is not None and table.seats[seat].stack == 250
    with pytest.raises(RoomError, match="a rebuy tops a stack up to the most a player may bring, 250"):
        table.rebuy(seat, 1, at=0.5)
    bob = table.join("bob", token_hash="b", at=0.0)
    table.rebuy(bob, 150, at=0.5)
    assert table.seats[bob] is not None and table.seats[bob].stack == 250
    assert table.ledger.nets(table.stacks_by_name()) == {"Ada (bot)": 0, "ann": 0, "bob": 0}


@pytest.mark.parametrize(("fields", "says"), [
    ({"buy_in": 100, "max_buy_in": 99},
     "Maximum buy-in \\(chips\\): the most a player may bring, from the buy-in"),
    ({"max_buy_in": "lots"}, "Maximum buy-in \\(chips\\): the most a player may bring"),
])
def test_a_max_buy_in_below_the_buy_in_is_refused(fields: dict[str, object], says: str) -> None:
    with pytest.raises(RoomError, match=says):
        _table(games=["draw"], **fields)


def test_without_deep_stacks_everyone_brings_the_buy_in() -> None:
    table = _table(seats=2, buy_in=100, games=["draw"])
    assert table.config.max_buy_in == 100
    with pytest.raises(RoomError, match="a player brings the buy-in, 100 chips, to this table"):
        table.join("ann", token_hash="a", at=0.0, chips=150)
    assert all(s is None for s in table.seats)


def test_a_player_too_many_for_every_game_sends_the_dealer_s_call_back_to_waiting() -> None:
    """Chinese and Open-Face take four players at most: a fifth who sits down while the dealer is
    calling leaves nothing to call, so the table waits (the dealer's clock ran out into an empty
    list of games before) and calls again once a player has gone."""
    table = _table(seats=6, games=["chinese", "open_face"])
    for name in ("ann", "bob", "cy", "dee"):
        table.join(name, token_hash=name, at=0.0)
    assert table.phase == "choosing" and table.choosable() == ["chinese", "open_face"]
    table.join("eve", token_hash="eve", at=1.0)
    assert (table.phase, table.choosable(), table.deadlines) == ("waiting", [], {})
    table.leave(4, at=2.0)
    assert table.phase == "choosing" and table.chooser is not None
    assert snapshot(Table.restore("t", table.take_unsaved())) == snapshot(table)


def test_a_table_brought_back_after_the_room_was_away_runs_its_clocks_on_from_where_they_stood() -> None:
    table = _table(seats=2, games=["draw"])
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    _deal_its_only_game(table, seed=1)
    assert table.hand is not None and table.next_wake() == 11.0  # the clock of 10 from the deal
    restored = Table.restore("t", table.take_unsaved())
    assert restored.due(100.0) == list(table.deadlines), "without a pause, the outage plays for them"
    restored.resume(100.0)
    assert restored.due(100.0) == [] and restored.next_wake() == 110.0


def test_a_choice_made_at_the_same_time_leaves_the_others_facing_theirs_since_the_same_event() -> None:
    """What makes an act stale at the room: Pineapple's discards are made at the same time, so one
    player's discard does not move the event the others decide on."""
    table, hand = _three_dealt("pineapple", seed=2)
    while len(hand.state.to_act) == 1:
        player = hand.state.to_act[0]
        passive = next(a for a in hand.state.legal_actions(player) if a.kind in ("check", "call"))
        table.act(hand.seats[player], passive, intent=None, at=2.0)
        if len(hand.state.to_act) == 1:
            assert table.facing_since == {hand.seats[hand.state.to_act[0]]: table.seq}
    facing = dict(table.facing_since)
    assert len(facing) == 3 and set(facing.values()) == {table.seq}
    first = hand.seats[hand.state.to_act[0]]
    table.act(first, hand.state.legal_actions(hand.state.to_act[0])[0], intent=None, at=3.0)
    assert table.facing_since == {seat: since for seat, since in facing.items() if seat != first}
    assert table.seq > max(facing.values())


def test_a_bad_request_changes_nothing() -> None:
    table = _table(seats=3, bots=1, games=["draw"])
    seat = table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    _deal_its_only_game(table, seed=2)
    before = snapshot(table)
    hand = table.hand
    assert hand is not None
    waiting = next(s for s in hand.seats if hand.seats.index(s) not in hand.state.to_act)
    for request in (
        lambda: table.act(waiting, Action("fold"), intent="x", at=2.0),
        lambda: table.act(9, Action("fold"), intent="x", at=2.0),
        lambda: table.act(seat, "fold", intent="x", at=2.0),
        lambda: table.join("ann", token_hash="c", at=2.0),
        lambda: table.join("cy", token_hash="c", at=2.0, seat=0),
        lambda: table.join("The  House", token_hash="c", at=2.0),
        lambda: table.join("cy", token_hash="c", at=2.0, seat=-1),
        lambda: table.rebuy(seat, 10**9, at=2.0),
        lambda: table.say(seat, "x" * 501, at=2.0),
        lambda: table.come_back(seat, at=2.0),
    ):
        with pytest.raises(RoomError):
            request()
        assert snapshot(table) == before


def test_an_intent_sent_twice_is_taken_once() -> None:
    table = _table(seats=2, games=["draw"])
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    _deal_its_only_game(table, seed=2)
    hand = table.hand
    assert hand is not None
    seat = hand.seats[hand.state.to_act[0]]
    action = hand.state.legal_actions(hand.state.to_act[0])[0]
    assert table.act(seat, action, intent="one", at=2.0) is True
    seq = table.seq
    assert table.act(seat, action, intent="one", at=2.0) is False
    assert table.seq == seq


def _three_dealt(game: str, *, seed: int) -> tuple[Table, HandInPlay]:
    """ann, bob and cy dealt ``game`` at time 1."""
    table = _table(seats=3, games=[game])
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name, at=0.0)
    _deal_its_only_game(table, seed=seed)
    assert table.hand is not None
    return table, table.hand


def _heads_up_draw(timeouts_to_sit_out: int) -> tuple[Table, HandInPlay]:
    """ann and bob at Draw, dealt at time 1 with a 10 s clock."""
    table = _table(seats=2, games=["draw"], timeouts_to_sit_out=timeouts_to_sit_out)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    _deal_its_only_game(table, seed=4)
    assert table.hand is not None
    return table, table.hand


def test_the_clock_takes_the_default_and_repeated_timeouts_sit_a_player_out() -> None:
    table, hand = _heads_up_draw(timeouts_to_sit_out=2)
    seat = hand.seats[hand.state.to_act[0]]
    assert table.due(5.0) == [] and table.due(11.0) == [seat]
    with pytest.raises(RoomError, match="has not run out"):
        table.act(seat, Action("check"), intent=None, at=5.0, by="clock")
    player = hand.seats.index(seat)
    table.act(seat, hand.state.default_action(player), intent=None, at=11.0, by="clock")
    occupant = table.seats[seat]
    assert occupant is not None and occupant.timeouts == 1 and not occupant.sitting_out


def test_a_player_sat_out_by_the_clock_is_played_at_once_until_they_come_back() -> None:
    """In a hand still under way, the turns of a seat sitting out do not wait its whole clock."""
    table, hand = _heads_up_draw(timeouts_to_sit_out=1)
    slow = hand.seats[hand.state.to_act[0]]
    table.act(slow, Action("check"), intent=None, at=11.0, by="clock")
    assert table.seats[slow] is not None and table.seats[slow].sitting_out  # type: ignore[union-attr]
    other = hand.seats[hand.state.to_act[0]]
    table.act(other, Action("check"), intent="b1", at=12.0)
    assert hand.seats[hand.state.to_act[0]] == slow and table.due(12.0) == [slow]
    table.come_back(slow, at=12.5)
    assert table.due(12.5) == [] and table.due(22.5) == [slow]


def test_a_player_who_asks_to_sit_out_mid_hand_plays_it_out_with_the_whole_clock() -> None:
    """protocol.md and the page's button: sit out from the next deal on."""
    table, hand = _heads_up_draw(timeouts_to_sit_out=2)
    first = hand.seats[hand.state.to_act[0]]
    table.sit_out(first, at=2.0)
    assert table.due(2.0) == [] and table.due(11.0) == [first]
    table.act(first, Action("check"), intent="a1", at=3.0)
    other = hand.seats[hand.state.to_act[0]]
    table.act(other, Action("check"), intent="b1", at=4.0)
    assert hand.seats[hand.state.to_act[0]] == first and table.due(4.0) == [] and table.due(14.0) == [first]
    sitting = table.seats[first]
    assert sitting is not None and sitting.sitting_out, "and out of the deals after this one"


def test_a_player_who_leaves_mid_hand_is_played_at_once_and_cashed_out_after() -> None:
    table, hand = _three_dealt("draw", seed=5)
    leaver = hand.seats[hand.state.to_act[0]]
    table.leave(leaver, at=2.0)
    assert table.due(2.0) == [leaver], "a seat that left acts at once"
    chooser = random.Random(1)
    while table.hand is hand and not hand.state.is_over:
        step(table, chooser, 3.0)
    assert table.seats[leaver] is None and sum(table.ledger.cashed.values()) > 0
    chips_balance(table)


def test_settle_up_lists_the_fewest_transfers() -> None:
    assert settle_up({"a": 10, "b": -10, "c": 5, "d": -5, "e": 0}) in (
        [t for t in settle_up({"a": 10, "b": -10, "c": 5, "d": -5})],)
    assert len(settle_up({"a": 10, "b": -10, "c": 5, "d": -5})) == 2
    assert len(settle_up({"a": 9, "b": -4, "c": -5, "d": 6, "e": -6})) == 3
    with pytest.raises(RoomError):
        settle_up({"a": 1})


@pytest.mark.parametrize("fields", [
    {"seats": 9}, {"seats": 1}, {"games": ["go fish"]}, {"games": []}, {"games": "draw"},
    {"games": [{"game": "draw", "variants": ["nope"]}]}, {"stakes": {"ante": -1}}, {"stakes": {"xyz": 1}},
    {"bots": 6, "seats": 6}, {"clock": 0}, {"clock": "30"}, {"bot_level": "genius"}, {"name": ""},
    {"default_game": "papayoo", "games": ["draw"]}, {"color": "red"}, {"buy_in": 0},
    {"name": "Friday \ud800"}, {"name": "tab\there"}, {"name": "\x1b[31mred"},
    {"bot_level": "search:3000s"}, {"bot_level": "search:infs"}, {"bot_level": "search:nans"},
    {"bot_level": "search:6s"}, {"bot_level": "search:100000"}, {"buy_in": 10**15},
])
def test_a_bad_table_setup_is_refused(fields: dict[str, object]) -> None:
    with pytest.raises(RoomError):
        TableConfig.from_json({"name": "x", **fields})


def test_a_search_bot_within_the_room_s_budget_is_taken() -> None:
    for level in ("search", "search:2s", "search:5000"):
        assert TableConfig.from_json({"name": "x", "bot_level": level}).bot_level == level


def test_a_player_who_left_is_folded_where_folding_exists_else_played_by_the_game_s_default() -> None:
    table = _table(seats=3, games=["draw", "chinese"])
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name, at=0.0)
    table.choose(table.chooser, "draw", [], at=1.0, shuffle=seeded_shuffle(random.Random(5)))
    hand = table.hand
    assert hand is not None
    first = hand.seats[hand.state.to_act[0]]
    table.leave(first, at=2.0)
    assert table.default_for(first) == Action("check"), "no bet to fold to: the game's default, a check"
    table.act(first, Action("bet", amount=2), intent=None, at=2.0, by="away")
    second = hand.seats[hand.state.to_act[0]]
    assert table.default_for(second) == hand.state.default_action(hand.state.to_act[0])
    table.leave(second, at=3.0)
    assert table.default_for(second) == Action("fold"), "facing a bet, a player who left folds"


def test_a_player_who_left_a_game_with_no_folding_gets_the_game_s_default_or_a_bot_s_setting() -> None:
    table = _table(seats=3, games=["chinese"])
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name, at=0.0)
    _deal_its_only_game(table, seed=5)
    hand = table.hand
    assert hand is not None
    leaver = hand.seats[hand.state.to_act[0]]
    table.leave(leaver, at=2.0)
    assert table.default_for(leaver) is None, "Chinese Poker has no fold: the room's bot sets the hand"


def test_a_table_never_holds_more_chips_than_a_hand_may_deal() -> None:
    """At the largest buy-in eight players bring the most chips a hand may hold; a rebuy past that
    is refused, where taken it would have left a stack no hand could deal (the engine's MAX_CHIPS)."""
    table = _table(seats=8, buy_in=MAX_CHIPS // 8, games=["draw"])
    seats = [table.join(f"p{n}", token_hash=f"h{n}", at=0.0) for n in range(8)]
    loser, winner = table.seats[seats[0]], table.seats[seats[1]]
    assert loser is not None and winner is not None
    loser.stack, winner.stack = loser.stack - 5, winner.stack + 5  # as a hand between them would
    before = snapshot(table)
    with pytest.raises(RoomError, match="at most"):
        table.rebuy(seats[0], 1, at=1.0)
    assert snapshot(table) == before


def _hand_played_out(table: Table, seed: int) -> None:
    """Play the hand in play to its end, every seat choosing at random."""
    chooser = random.Random(seed)
    while table.phase == "playing":
        assert step(table, chooser, 2.0)


def test_a_rebuy_tops_a_stack_up_to_the_buy_in_and_no_further() -> None:
    table = _table(seats=3, buy_in=100, games=["papayoo"], points_rate=5)
    seats = [table.join(name, token_hash=name, at=0.0) for name in ("ann", "bob", "cy")]
    before = snapshot(table)
    with pytest.raises(RoomError, match="yours is 100 already"):
        table.rebuy(seats[0], 1, at=1.0)
    assert snapshot(table) == before
    _deal_its_only_game(table, seed=3)
    _hand_played_out(table, seed=3)
    losers = [(seat, s) for seat, s in enumerate(table.seats) if s is not None and s.stack < 0]
    assert losers, "a Papayoo hand at five chips a point takes someone below zero"
    seat, loser = losers[0]
    owed = 100 - loser.stack
    with pytest.raises(RoomError, match=f"1 to {owed} chips"):
        table.rebuy(seat, owed + 1, at=3.0)
    table.rebuy(seat, owed, at=3.0)
    assert loser.stack == 100 and owed > 100, "one rebuy brings a debt back to the buy-in"
    chips_balance(table)


def test_the_house_buys_its_broke_bots_back_in_so_a_points_game_never_stalls() -> None:
    table = _table(seats=4, bots=3, buy_in=20, games=["papayoo"], points_rate=3)
    log = table.take_unsaved()
    broke = log[1]
    assert broke.kind == "seated" and broke.data["bot"] is not None
    log[1] = TableEvent(broke.seq, "seated", {**broke.data, "buy_in": 0}, broke.at)  # a bot with no chips
    table = Table.restore("t", log)
    table.join("ann", token_hash="a", at=0.0)
    chooser, log = random.Random(5), log + table.take_unsaved()
    topped = []
    while table.hands_played < 4:
        assert step(table, chooser, 1.0), f"stuck in {table.phase}"
        events = table.take_unsaved()
        log += events
        topped += [e for e in events if e.kind == "rebuy" and e.data.get("by") == "house"]
        if table.phase != "playing":
            assert all(s.stack >= 1 for s in table.seats if s is not None and s.bot is not None)
        chips_balance(table)
    assert topped and topped[0].data == {"seat": 0, "chips": 20, "intent": None, "by": "house"}
    assert all(table.seats[e.data["seat"]].bot is not None for e in topped)  # type: ignore[union-attr]
    assert snapshot(Table.restore("t", log)) == snapshot(table)


def test_the_bots_settle_up_as_the_house() -> None:
    table = _table(seats=3, bots=2, games=["draw"])
    table.join("ann", token_hash="a", at=0.0)
    ann, ada = table.seats[2], table.seats[0]
    assert ann is not None and ada is not None
    ann.stack, ada.stack = ann.stack - 30, ada.stack + 30  # as a hand between them would
    assert table.ledger.settlement(table.stacks_by_name()) == {"ann": -30, "the house": 30}
    assert [line["bot"] for line in table.ledger.to_json(table.stacks_by_name())] == [True, True, False]


def test_closing_during_a_hand_closes_the_table_when_it_ends_and_seats_no_one_meanwhile() -> None:
    table = _table(seats=4, bots=1, games=["draw"])
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    _deal_its_only_game(table, seed=4)
    assert table.close(at=1.5) is False and table.closing and table.phase == "playing"
    assert table.close(at=1.6) is False, "a second close changes nothing"
    with pytest.raises(RoomError, match="closes when the hand in play ends"):
        table.join("cy", token_hash="c", at=1.7)
    log = table.take_unsaved()
    _hand_played_out(table, seed=4)
    log += table.take_unsaved()
    assert table.phase == "closed" and log[-1].kind == "closed"
    assert all(s is None for s in table.seats) and sum(table.ledger.nets({}).values()) == 0
    assert snapshot(Table.restore("t", log)) == snapshot(table)


def test_a_checkpoint_written_before_a_field_was_added_still_reads_back() -> None:
    """A room upgraded between hands reads the checkpoints its older version wrote."""
    table = _table(seats=3, bots=1, games=["draw"])
    table.join("ann", token_hash="a", at=0.0)
    _deal_its_only_game(table, seed=6)
    _hand_played_out(table, seed=6)
    log = table.take_unsaved()
    checkpoint = next(e for e in log if e.kind == "checkpoint")
    del checkpoint.data["ledger"]["bots"]
    for seat in checkpoint.data["seats"]:
        if seat is not None:
            del seat["away_from"], seat["joined_after"]
    assert snapshot(Table.restore("t", log)) == snapshot(table)
