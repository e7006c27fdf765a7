"""Betting rounds of every structure: who acts, what they may bet, when the round closes, and why
an action is refused. Amounts are always the seat's total bet for the round after the action."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine.actions import Action
from homegame.engine.betting import CHECK, FOLD, BettingRound, Limits, passive
from homegame.engine.pots import Chips


def act(betting: BettingRound, *moves: str) -> None:
    """Apply moves such as "bet 10" for the seat to act, checking each is legal."""
    for text in moves:
        seat = betting.to_act
        assert seat is not None, f"the round is over before {text!r}"
        action = Action.parse(text)
        assert action in betting.legal(seat), f"{text} not legal for seat {seat}: {betting.legal(seat)}"
        betting.apply(seat, action)


def kinds(betting: BettingRound) -> list[str]:
    assert betting.to_act is not None
    return betting.legal(betting.to_act).kinds()


def test_first_to_act_is_given_by_the_game_and_play_goes_clockwise() -> None:
    betting = BettingRound(Chips([100] * 4), first=2, limits=Limits.no_limit(2))
    order = []
    while not betting.is_over:
        order.append(betting.to_act)
        act(betting, "check")
    assert order == [2, 3, 0, 1]


def test_fixed_limit_bets_one_size_and_caps_at_a_bet_and_three_raises() -> None:
    betting = BettingRound(Chips([500] * 3), first=0, limits=Limits.fixed(10))
    assert betting.explain(0, Action("bogus")).endswith("you may check, bet 10"), "one size: no range"
    act(betting, "bet 10", "raise 20", "raise 30", "raise 40")
    assert betting.to_act == 1 and kinds(betting) == ["fold", "call"]
    assert "capped at 4" in betting.explain(1, Action("raise", amount=50))
    act(betting, "call 40", "call 40")
    assert betting.is_over and betting.chips.committed == [40, 40, 40]


def test_blinds_count_as_bets_and_the_big_blind_gets_its_option() -> None:
    chips = Chips([100] * 3)
    betting = BettingRound(chips, first=0, limits=Limits.fixed(2), blinds={1: 1, 2: 2})
    assert betting.legal(0).kinds() == ["fold", "call", "raise"]
    act(betting, "call 2", "call 2")
    assert betting.to_act == 2 and kinds(betting) == ["check", "raise"]
    act(betting, "raise 4", "call 4", "call 4")
    assert betting.is_over and chips.committed == [4, 4, 4]


def test_no_limit_minimum_raise_is_the_last_raise_and_the_maximum_is_all_in() -> None:
    betting = BettingRound(Chips([100, 200, 300]), first=0, limits=Limits.no_limit(2))
    act(betting, "bet 10")
    raise_family = betting.legal(1).families[-1]
    assert (raise_family.kind, raise_family.low, raise_family.high) == ("raise", 20, 200)
    act(betting, "raise 35")
    assert betting.legal(2).families[-1].low == 60
    assert "from 60 to 300, not 50" in betting.explain(2, Action("raise", amount=50))


def test_pot_limit_raise_is_at_most_the_pot_after_calling() -> None:
    chips = Chips([1000] * 3)
    for seat in range(3):
        chips.post(seat, 5)
    betting = BettingRound(chips, first=0, limits=Limits.pot_limit(5))
    assert betting.legal(0).families[-1].high == 15
    act(betting, "bet 15")
    assert betting.legal(1).families[-1].high == 15 + 30 + 15


def test_spread_limit_allows_any_amount_between_minimum_and_maximum() -> None:
    betting = BettingRound(Chips([500] * 2), first=0, limits=Limits.spread(5, 25))
    family = betting.legal(0).families[-1]
    assert (family.low, family.high) == (5, 25)
    act(betting, "bet 17")
    family = betting.legal(1).families[-1]
    assert (family.low, family.high) == (22, 42)


def test_draw_mode_a_caller_may_not_raise_later() -> None:
    betting = BettingRound(Chips([100] * 3), first=0, limits=Limits.draw())
    act(betting, "bet 5", "call 5", "raise 20")
    assert betting.to_act == 0 and "raise" in kinds(betting)
    act(betting, "call 20")
    assert betting.to_act == 1 and kinds(betting) == ["fold", "call"]
    assert "you have called" in betting.explain(1, Action("raise", amount=40))
    act(betting, "call 20")
    assert betting.is_over


def test_draw_mode_a_check_is_not_a_call_so_check_raise_is_allowed() -> None:
    betting = BettingRound(Chips([100] * 2), first=0, limits=Limits.draw())
    act(betting, "check", "bet 3")
    assert kinds(betting) == ["fold", "call", "raise"]
    family = betting.legal(0).families[-1]
    assert (family.low, family.high) == (4, 100)


def test_draw_mode_a_raise_called_by_everyone_ends_the_round_with_no_reraise() -> None:
    betting = BettingRound(Chips([100] * 3), first=1, limits=Limits.draw())
    act(betting, "bet 10", "raise 30", "fold", "call 30")
    assert betting.is_over and betting.why_no_raise(2) is not None


def test_draw_mode_respects_a_table_maximum() -> None:
    betting = BettingRound(Chips([100] * 2), first=0, limits=Limits.draw(minimum=2, maximum=10))
    family = betting.legal(0).families[-1]
    assert (family.low, family.high) == (2, 10)


def test_a_short_stack_calls_all_in_for_less_and_is_skipped_after() -> None:
    chips = Chips([100, 15, 100])
    betting = BettingRound(chips, first=0, limits=Limits.no_limit(5))
    act(betting, "bet 40")
    assert betting.legal(1).families[0].actions == (FOLD, Action("call", amount=15))
    act(betting, "call 15", "call 40")
    assert betting.is_over and chips.all_in == {1}
    assert [p.amount for p in chips.pots()] == [45, 50]


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    chips = Chips([100, 100, 25])
    betting = BettingRound(chips, first=0, limits=Limits.no_limit(10))
    act(betting, "bet 20", "call 20", "raise 25")
    assert betting.to_act == 0 and kinds(betting) == ["fold", "call"]
    assert "short all-in" in betting.explain(0, Action("raise", amount=50))
    act(betting, "call 25", "call 25")
    assert betting.is_over


def test_no_raise_when_everyone_else_is_all_in() -> None:
    betting = BettingRound(Chips([100, 30]), first=1, limits=Limits.no_limit(5))
    act(betting, "bet 30")
    assert kinds(betting) == ["fold", "call"]
    act(betting, "call 30")
    assert betting.is_over


def test_everyone_folding_to_a_bet_ends_the_round() -> None:
    chips = Chips([100] * 4)
    betting = BettingRound(chips, first=3, limits=Limits.fixed(4))
    act(betting, "bet 4", "fold", "fold", "fold")
    assert betting.is_over and chips.in_hand == [3]


def test_bring_in_or_complete_then_the_rest_may_complete() -> None:
    chips = Chips([100] * 3)
    betting = BettingRound(chips, first=2, limits=Limits.fixed(10), bring_in=3)
    assert kinds(betting) == ["bring-in", "complete"]
    assert "bring-in of 3" in betting.explain(2, CHECK)
    act(betting, "bring-in 3")
    assert kinds(betting) == ["fold", "call", "complete"]
    act(betting, "complete 10", "raise 20", "call 20", "call 20")
    assert betting.is_over and chips.committed == [20, 20, 20] and betting.raises == 2


def test_explanations_say_why() -> None:
    betting = BettingRound(Chips([50] * 2), first=0, limits=Limits.no_limit(5))
    assert "no bet to fold" in betting.explain(0, FOLD)
    assert "no bet to raise" in betting.explain(0, Action("raise", amount=10))
    assert "nothing to call" in betting.explain(0, Action("call", amount=0))
    assert "seat 0's turn" in betting.explain(1, CHECK)
    act(betting, "bet 10")
    assert "cannot check" in betting.explain(1, CHECK)
    assert "call 10" in betting.explain(1, Action("call", amount=7))
    assert "already a bet of 10" in betting.explain(1, Action("bet", amount=20))


@pytest.mark.parametrize("limits", [Limits.fixed(4), Limits.pot_limit(2), Limits.no_limit(2),
                                    Limits.spread(2, 8), Limits.draw()])
def test_passive_play_always_closes_the_round(limits: Limits) -> None:
    chips = Chips([40, 7, 40, 3])
    betting = BettingRound(chips, first=1, limits=limits, blinds={0: 2})
    steps = 0
    while not betting.is_over:
        seat = betting.to_act
        assert seat is not None
        legal = betting.legal(seat)
        choice = legal[len(legal) - 1] if steps < 3 else passive(betting, seat)
        betting.apply(seat, choice)
        steps += 1
    live = [s for s in chips.in_hand if s not in chips.all_in]
    assert len({betting.bets[s] for s in live}) <= 1 and sum(chips.committed) + sum(chips.stacks) == 90


def test_limits_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="unknown betting structure"):
        Limits("table-stakes", 5)
    with pytest.raises(ValueError, match="needs a maximum"):
        Limits("spread", 5)
    with pytest.raises(ValueError, match="below the minimum"):
        Limits.spread(10, 5)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([Limits.fixed(4), Limits.pot_limit(2), Limits.no_limit(2), Limits.spread(2, 9),
                        Limits.draw(), Limits.draw(3, 12)]),
       st.lists(st.integers(0, 60), min_size=2, max_size=7), st.integers(0, 6),
       st.randoms(use_true_random=False))
def test_random_legal_play_closes_every_round_and_conserves_chips(
        limits: Limits, stacks: list[int], first: int, chooser: random.Random) -> None:
    chips = Chips(stacks)
    for seat in range(len(stacks)):
        if stacks[seat] == 0:
            chips.fold(seat)
    betting = BettingRound(chips, first=first % len(stacks), limits=limits)
    for _ in range(200):
        seat = betting.to_act
        if seat is None:
            break
        legal = betting.legal(seat)
        assert len(legal)
        assert all(not len(betting.legal(other)) for other in range(len(stacks)) if other != seat)
        action = legal[chooser.randrange(len(legal))]
        betting.apply(seat, action)
        assert sum(chips.stacks) + chips.pot == sum(stacks) and min(chips.stacks) >= 0
    assert betting.is_over
    live = [s for s in chips.in_hand if s not in chips.all_in]
    if len(chips.in_hand) > 1:
        assert all(betting.bets[s] == betting.highest for s in live)
        assert all(betting.bets[s] <= betting.highest for s in chips.in_hand)
    assert sum(p.amount for p in chips.pots()) == chips.pot
