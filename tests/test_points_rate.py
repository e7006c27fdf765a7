"""What a point is worth at a card-room table (issue 40, point 11): a game scored in points declares
its own sensible rate (Papayoo a chip for every ten points: one deal had taken 470 chips of a
100-chip buy-in at the room's one chip a point), a table that sets none plays each game at its own,
whole chips still sum to zero, and the lobby is told what a deal can cost."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from homegame import new_game
from homegame.engine.points import points_in_chips
from homegame.room.config import TableConfig
from homegame.room.table import Table
from homegame.room.views import game_json, table_json
from room_play import chips_balance, seeded_shuffle, step


def test_papayoo_pays_a_chip_for_every_ten_points_unless_the_table_says_otherwise() -> None:
    papayoo = new_game("papayoo", players=4)
    taken = {0: 150, 1: 50, 2: 30, 3: 20}
    assert papayoo.points_rate == Fraction(1, 10)
    assert papayoo.in_chips(taken) == {0: -35, 1: 5, 2: 13, 3: 17}
    assert papayoo.in_chips(taken, rate=1) == {0: -350, 1: 50, 2: 130, 3: 170}
    assert papayoo.deal_cost() == 75 and new_game("papayoo", players=8).deal_cost() == 175


@given(st.lists(st.integers(min_value=0, max_value=250), min_size=3, max_size=8),
       st.fractions(min_value=Fraction(1, 100), max_value=5))
def test_whole_chips_at_any_rate_sum_to_zero_and_stay_within_a_chip(scores: list[int],
                                                                     rate: Fraction) -> None:
    by_seat = dict(enumerate(scores))
    paid = points_in_chips(by_seat, rate=rate)
    assert sum(paid.values()) == 0
    total, count = sum(scores), len(scores)
    for seat, score in by_seat.items():
        assert abs(paid[seat] - rate * (count * score - total)) < 1


def test_a_table_that_sets_no_rate_plays_each_game_at_its_own() -> None:
    config = TableConfig.from_json({"name": "night", "seats": 4, "games": ["papayoo", "draw"], "bots": 3,
                                    "stakes": {"deals": 1}, "clock": 10, "pause": 0})
    assert config.points_rate is None and config.to_json()["points_rate"] is None
    table = Table.create("t", config, at=0.0)
    table.join("ann", token_hash="a", at=0.0)
    table.choose(table.chooser, "papayoo", [], at=0.0, shuffle=seeded_shuffle(random.Random(3)))
    hand = table.hand
    assert hand is not None
    before = [table.seats[seat].stack for seat in hand.seats]  # type: ignore[union-attr]
    chooser = random.Random(4)
    while table.phase == "playing":
        assert step(table, chooser, 1.0)
    chips_balance(table)
    moved = hand.game.in_chips(hand.state.outcome)
    after = [table.seats[seat].stack for seat in hand.seats]  # type: ignore[union-attr]
    assert [b - a for a, b in zip(before, after, strict=True)] == [moved[g] for g in range(4)]
    assert max(-amount for amount in moved.values()) <= 75
    assert table_json(table)["hand"]["points_rate"] == 0.1


def test_a_table_s_own_rate_holds_for_every_game() -> None:
    config = TableConfig.from_json({"name": "dear", "games": ["papayoo", "chinese"], "points_rate": 3})
    assert config.points_rate == 3 and config.settings_for("chinese")["unit"] == 3
    assert "unit" not in TableConfig.from_json({"name": "own", "games": ["chinese"]}).settings_for("chinese")


def test_the_lobby_is_told_what_a_deal_can_cost() -> None:
    papayoo, paiute, draw = game_json("papayoo"), game_json("paiute"), game_json("draw")
    assert papayoo["points"] == {"rate": 0.1, "variant_deal_cost": {},
                                 "deal_cost": {"3": 50, "4": 75, "5": 100, "6": 125, "7": 150, "8": 175}}
    assert paiute["points"]["rate"] == 2 and paiute["points"]["deal_cost"]["4"] == 2
    assert paiute["points"]["variant_deal_cost"]["pay-table"]["4"] == 12
    assert draw["points"] is None
