"""Pai Gow solvers, bots, the paigow command and the renderer."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np
import pytest

from homegame.analysis import pai_gow as pai_gow_analysis
from homegame.analysis.pai_gow import (
    BankerTable,
    FastSetter,
    house_edge,
    result_per_unit,
    split_values,
)
from homegame.bots import pai_gow as pai_gow_bots
from homegame.bots.pai_gow import (
    BOTS,
    TABLE_FILE,
    TABLE_SEED,
    banker_strengths,
    default_table,
    sample_bankers,
    shipped_bankers,
)
from homegame.cards import Card, parse_cards
from homegame.cli.commands.paigow import main
from homegame.games.pai_gow import HOUSE_WAY, PaiGow, Split, house_way, is_foul
from homegame.games.pai_gow.hands import PAI_GOW_DECK
from homegame.render.pai_gow import render


@cache
def small_table(wheel_second: bool = False) -> BankerTable:
    return BankerTable.sample(hands=4000, seed=5, wheel_second=wheel_second)


def random_hands(count: int, seed: int) -> list[list[Card]]:
    chooser = random.Random(seed)
    return [chooser.sample(list(PAI_GOW_DECK), 7) for _ in range(count)]


def test_result_per_unit_win_push_lose_foul_and_ties() -> None:
    banker = Split.parse("Qh Jh | 8c 8d 6c 4s 3d")
    assert result_per_unit(Split.parse("Ah Kd | 9c 9d 7h 5d 2c"), banker) == 0.95
    assert result_per_unit(Split.parse("Ah Kd | 7c 7d 9h 5d 2c"), banker) == 0.0
    assert result_per_unit(Split.parse("Qs Js | 8h 8s 6d 4c 3c"), banker) == -1.0  # all ties
    assert result_per_unit(Split.parse("Ah Ad | 9c 7d 5h 4d 2c"), banker) == -1.0  # foul


def test_banker_table_counts_match_a_direct_count() -> None:
    chooser = random.Random(2)
    strengths = np.array([[chooser.randrange(50), chooser.randrange(80)] for _ in range(500)])
    table = BankerTable.from_strengths(strengths)
    for _ in range(200):
        two, five = chooser.randrange(-2, 52), chooser.randrange(-2, 82)
        win = np.sum((two > strengths[:, 0]) & (five > strengths[:, 1]))
        lose = np.sum((two <= strengths[:, 0]) & (five <= strengths[:, 1]))
        expected = (0.95 * win - lose) / len(strengths)
        got = table.values(np.array([two]), np.array([five]))[0]
        assert got == pytest.approx(expected)


@pytest.mark.parametrize("wheel_second", [False, True])
def test_the_shipped_table_is_the_documented_sample(wheel_second: bool) -> None:
    from importlib import resources

    with resources.files("homegame.bots").joinpath(TABLE_FILE).open("rb") as stream:
        stored = np.load(stream)["wheel_second" if wheel_second else "plain"]
    again = sample_bankers(PAI_GOW_DECK, 300, TABLE_SEED, wheel_second)
    assert len(stored) == 200_000
    assert np.array_equal(stored[:300], again)
    assert default_table(wheel_second).hands == 200_000


def test_fast_setter_never_fouls_and_values_are_in_range() -> None:
    setter = FastSetter(small_table())
    for cards in random_hands(400, seed=3):
        choice = setter.best(cards)
        assert not is_foul(choice.split) and -1.0 <= choice.value <= 0.95
        assert set(choice.split.two + choice.split.five) == set(cards)


def test_fast_setter_takes_the_obvious_setting() -> None:
    setter = FastSetter(small_table())
    # Two pairs without an ace: splitting them is worth far more than keeping them together.
    assert set(setter.best(parse_cards("Kh Kd 8s 8c Qh 5d 2c")).split.two) == set(parse_cards("8s 8c"))


def test_sampled_best_setting_is_at_least_the_house_way_on_the_same_banker_hands() -> None:
    for cards in random_hands(6, seed=8):
        values = split_values(cards, samples=300, seed=1)
        house = house_way(cards)
        house_value = next(v for v in values if set(v.split.two) == set(house.two))
        best = max(values, key=lambda v: (not v.foul, v.value))
        assert not best.foul and best.value >= house_value.value
        assert all(v.value == -1.0 for v in values if v.foul)
        assert all(v.error > 0 for v in values if not v.foul)


def test_house_edge_repeats_with_its_seed_and_reports_intervals() -> None:
    setter = FastSetter(small_table())
    first = house_edge(300, seed=4, setter=setter)
    second = house_edge(300, seed=4, setter=setter)
    assert first == second and first.hands == 300
    for estimate in (first.house_way, first.best, first.gain):
        assert estimate.low <= estimate.mean <= estimate.high
        assert -1.0 <= estimate.mean <= 0.95


@pytest.mark.parametrize("variants", [[], ["player-banks", "wheel-second"]])
def test_bots_play_whole_hands_legally(variants: list[str]) -> None:
    for name, bot_class in BOTS.items():
        state = PaiGow(players=3, variants=variants).deal(seed=len(name))
        bots = [bot_class(seed=seat) for seat in range(3)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        assert sum(state.outcome.values()) == 0
        assert not any(placed.foul for placed in state.view(None).shown.values())


def test_house_way_bot_sets_the_house_way() -> None:
    state = PaiGow(players=1).deal(seed=9)
    action = BOTS["house-way"](seed=0).act(state.view(0), state.legal_actions(0))
    expected = house_way(state.view(0).cards)
    assert set(action.groups[0]) == set(expected.two)


def test_paigow_set_shows_both_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["set", "Kh Kd 8s 8c Qh 5d 2c", "--samples", "300", "--all"]) == 0
    out = capsys.readouterr().out
    assert "House way:  8s 8c | Kh Kd Qh 5d 2c" in out
    assert "rule: two pairs: split, the lower pair in front" in out
    assert "Best EV:    8s 8c | Kh Kd Qh 5d 2c" in out and "(the house way)" in out
    assert out.count("value ") >= 21


def test_paigow_set_refuses_bad_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["set", "Ah Kd Qs"]) == 2
    assert "seven cards" in capsys.readouterr().err
    assert main(["set", "Ah Kx 7c 7s 9h 4d 2c"]) == 2


def test_paigow_edge_prints_estimates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--hands", "200", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "setting by the house way:" in out and "95% CI" in out and "gain on the same deals" in out


def test_render_warns_of_fouls_and_shows_payments_with_reasons() -> None:
    deck = parse_cards("Ah Kd 7c 7s 9h 4d 2c Qh Jh 8c 8d 6c 4s 3d")
    state = PaiGow(players=1).deal(deck=deck + [c for c in PAI_GOW_DECK if c not in deck])
    before = "\n".join(render(state.view(0)))
    assert "2 of the 16 ways foul" in before and "FOUL" in before
    state.apply(0, HOUSE_WAY)
    after = "\n".join(render(state.view(0)))
    assert "Bank (house)" in after and "push" in after and "one hand each" in after


@pytest.mark.parametrize("wheel_second", [False, True])
def test_the_shipped_bankers_are_the_sample_hands_that_avoid_the_held_cards(wheel_second: bool) -> None:
    held = parse_cards("Ah Kd 7c 7s 9h 4d Jk")
    rows = shipped_bankers(held, 40, wheel_second=wheel_second)
    chooser = random.Random(TABLE_SEED)
    expected = []
    while len(expected) < 40:
        hand = chooser.sample(PAI_GOW_DECK, 7)
        if not set(hand) & set(held):
            expected.append(banker_strengths(hand, wheel_second=wheel_second))
    assert rows.tolist() == [list(row) for row in expected]


def test_split_values_take_the_shipped_sample_unless_a_seed_asks_for_a_fresh_one() -> None:
    cards = parse_cards("Ah Ad Kc Kd 7h 5s 2c")
    shipped = split_values(cards, samples=300)
    assert split_values(cards, samples=300) == shipped
    assert split_values(cards, samples=300, seed=4) != shipped


def test_a_short_shipped_sample_is_topped_up_with_hands_dealt_now(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    deal_now = pai_gow_analysis.sample_bankers

    def counted(deck: list[Card], hands: int, *rest: Any) -> Any:
        asked.append(hands)
        return deal_now(deck, hands, *rest)

    def few(held: list[Card], hands: int, wheel_second: bool) -> Any:
        return shipped_bankers(held, 100, wheel_second=wheel_second)

    monkeypatch.setattr(pai_gow_analysis, "shipped_bankers", few)
    monkeypatch.setattr(pai_gow_analysis, "sample_bankers", counted)
    values = split_values(parse_cards("Ah Ad Kc Kd 7h 5s 2c"), samples=300)
    assert asked == [200] and all(v.error > 0 for v in values if not v.foul)


def test_the_shipped_deals_are_the_sample_method_draws() -> None:
    chooser = random.Random(TABLE_SEED)
    masks = pai_gow_bots._shipped_deals()
    for _ in range(500):
        hand = chooser.sample(PAI_GOW_DECK, 7)
        assert next(masks) == sum(1 << PAI_GOW_DECK.index(card) for card in hand)
