"""The Chinese Poker setting solver, its bot, its analysis and its command."""

from __future__ import annotations

import random
import time

import pytest

from homegame.analysis.chinese import RIVALS, head_to_head
from homegame.bots.chinese import (
    SetterBot,
    build_reference_field,
    greedy_setting,
    reference_field,
    setting_value,
    solve,
)
from homegame.cards import Card, deck, parse_cards
from homegame.cli.commands.chinese import RIVAL_NAMES, main
from homegame.engine import Action
from homegame.games._rows import Rows, is_foul
from homegame.games.chinese import ChinesePoker, ChineseState


def _hands(count: int, seed: int) -> list[list[Card]]:
    chooser = random.Random(seed)
    return [chooser.sample(deck(), 13) for _ in range(count)]


def test_the_solution_uses_every_card_once_and_never_fouls() -> None:
    for cards in _hands(40, 3):
        best = solve(cards)
        assert sorted(best.rows.cards) == sorted(cards)
        assert [len(row) for row in best.rows] == [3, 5, 5]
        assert not is_foul(best.rows) and 0 < best.candidates < 72072


def test_the_solution_is_worth_what_it_says_and_no_other_setting_is_worth_more() -> None:
    chooser = random.Random(5)
    for cards in _hands(8, 5):
        best = solve(cards)
        assert setting_value(best.rows) == pytest.approx(best.value)
        assert best.value >= setting_value(greedy_setting(cards))
        for _ in range(200):
            shuffled = chooser.sample(cards, 13)
            rows = Rows(tuple(shuffled[:3]), tuple(shuffled[3:8]), tuple(shuffled[8:]))
            assert setting_value(rows) <= best.value + 1e-9


def test_a_foul_is_valued_as_losing_six() -> None:
    rows = Rows(*(tuple(parse_cards(t)) for t in ("Ah Ad Ac", "2c 3d 4h 6s 8c", "Kh Qs Js 9d 7d")))
    assert setting_value(rows) == -6.0


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="thirteen different"):
        solve(parse_cards("Ah Kd"))


def test_the_bot_declares_a_dragon_and_sets_other_hands_by_the_solver() -> None:
    dragon = parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    stacked = dragon + [c for c in deck() if c not in dragon]
    state = ChinesePoker(players=2).deal(deck=stacked, dealer=1)
    assert isinstance(state, ChineseState)
    bots = [SetterBot(seed=0), SetterBot(seed=1)]
    for seat in (0, 1):
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
    assert state.naturals[0].name == "dragon" and state.outcome == {0: 13, 1: -13}
    assert state.setting.choices[1] == Action("set", groups=tuple(solve(state.hands[1]).rows))


def test_bots_play_whole_hands_and_surrender_only_weak_settings() -> None:
    for seed in range(6):
        state = ChinesePoker(players=3).deal(seed=seed)
        assert isinstance(state, ChineseState)
        bots = [SetterBot(seed=s) for s in range(3)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        assert sum(state.outcome.values()) == 0


def test_the_solver_beats_random_settings() -> None:
    result = head_to_head(30, seed=2, rival="random")
    assert result.mean - result.half_width > 0 and "solver vs random" in str(result)
    with pytest.raises(ValueError, match="no rival"):
        head_to_head(3, seed=1, rival="psychic")


def test_the_set_command_names_rows_and_refuses_bad_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["set", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"]) == 0
    out = capsys.readouterr().out
    assert "natural: dragon, paid 13 units" in out and "front:" in out
    assert main(["set", "2c 3d"]) == 2
    assert "thirteen different" in capsys.readouterr().err
    start = time.perf_counter()
    assert main(["versus", "--hands", "5", "--rival", "greedy"]) == 0
    assert "solver vs greedy" in capsys.readouterr().out and time.perf_counter() - start < 20


def test_the_command_line_offers_every_rival() -> None:
    assert set(RIVAL_NAMES) == set(RIVALS)


def test_the_shipped_reference_field_is_the_one_its_seed_builds() -> None:
    shipped, built = reference_field(), build_reference_field()
    for row in ("front", "middle", "back"):
        assert getattr(shipped, row).tolist() == getattr(built, row).tolist()
