"""Whiskey Poker: every rule with a stacked deck, and the conformance suite."""

from __future__ import annotations

import pytest

import homegame
from conformance import check_conformance
from homegame.cards import Card, deck, parse_cards
from homegame.cli.narrate import tell
from homegame.engine import Action, IllegalAction
from homegame.games.whiskey import WhiskeyPoker, WhiskeyState
from homegame.render import Style, render_view

TAKE, PASS, KNOCK, CHECK = Action("take"), Action("pass"), Action("knock"), Action("check")


def stacked(hands: dict[int | str, str], players: int, dealer: int = 0) -> list[Card]:
    """A deck dealing ``hands`` (seat -> cards, "widow" -> cards) in the game's dealing order."""
    order = [(dealer + step) % players for step in range(1, players + 1)]
    receivers: list[int | str] = [*order[:-1], "widow", order[-1]]
    packets = {r: parse_cards(hands[r]) for r in receivers}
    dealt = [packets[r][i] for i in range(5) for r in receivers]
    return dealt + [c for c in deck() if c not in dealt]


HANDS = {1: "Ah Ad 7c 4s 2h", 2: "Kc Kd Ks 9h 9c", "widow": "Qs Jh 8d 6c 3s", 0: "Tc Td 5h 5d 2c"}


def pass_then_knock(state: WhiskeyState) -> None:
    """Three players, dealer 0: everyone passes the exchange, then knocks, so the hands dealt go
    to the showdown (a chips game's)."""
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    for seat in (1, 2, 0):
        state.apply(seat, KNOCK)


def deal(players: int = 3, variants: tuple[str, ...] = (), **settings: object) -> WhiskeyState:
    game = WhiskeyPoker(players=players, variants=variants, **settings)
    state = game.deal(deck=stacked(HANDS, players), dealer=0)
    assert isinstance(state, WhiskeyState)
    return state


def check_round(state: WhiskeyState) -> None:
    while state.betting is not None:
        state.apply(state.to_act[0], CHECK)


def test_the_widow_is_dealt_between_the_dealers_right_and_the_dealer() -> None:
    state = deal()
    assert [state.view(s).hand for s in (1, 2, 0)] == [tuple(parse_cards(HANDS[s])) for s in (1, 2, 0)]
    assert state.widow == parse_cards(HANDS["widow"])
    assert state.view(1).widow is None and state.view(None).widow is None


def test_ante_then_betting_from_the_dealers_left() -> None:
    state = deal(ante=2)
    assert state.view(None).pot == 6 and state.to_act == (1,)
    assert state.phase == "bet1"


def test_taking_the_widow_unseen_swaps_whole_hands() -> None:
    state = deal()
    check_round(state)
    assert state.phase == "exchange" and state.to_act == (1,)
    state.apply(1, TAKE)
    assert state.view(1).hand == tuple(parse_cards(HANDS["widow"]))
    assert state.view(1).widow == tuple(parse_cards(HANDS[1]))
    assert state.view(2).widow is None
    state.apply(2, TAKE)
    assert state.view(2).hand == tuple(parse_cards(HANDS[1]))
    assert state.view(1).widow is None and state.view(2).widow == tuple(parse_cards(HANDS[2]))
    told = [tell(event, 1, Style(colour=False)) for event in state.view(1).log]
    assert "You take the widow." in told and "You hold Q♠ J♥ 8♦ 6♣ 3♠ now." in told


def test_exchange_ends_after_one_orbit_without_a_knock() -> None:
    state = deal()
    check_round(state)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    assert state.phase == "bet2"


def test_a_knock_gives_everyone_one_more_turn_then_ends_the_exchange() -> None:
    state = deal()
    check_round(state)
    state.apply(1, PASS)
    state.apply(2, KNOCK)
    assert state.view(0).knocker == 2
    with pytest.raises(IllegalAction, match="seat 2 has already knocked"):
        state.apply(0, KNOCK)
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.phase == "bet2"


def test_widow_phase_trades_and_no_passing() -> None:
    state = deal()
    check_round(state)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    check_round(state)
    assert state.phase == "widow" and state.view(2).widow == tuple(parse_cards(HANDS["widow"]))
    with pytest.raises(IllegalAction, match="no passing"):
        state.apply(1, PASS)
    state.apply(1, Action("swap", cards=tuple(parse_cards("2h Qs"))))
    assert "Qs" in str(state.view(1).hand) and "2h" in str(state.view(0).widow)
    with pytest.raises(IllegalAction, match="one of your cards then one widow card"):
        state.apply(2, Action("swap", cards=tuple(parse_cards("Qs 2h"))))
    state.apply(2, TAKE)
    assert state.view(2).hand == tuple(parse_cards("2h Jh 8d 6c 3s"))
    assert state.view(1).widow == tuple(parse_cards(HANDS[2]))


def test_the_widow_phase_ends_when_the_turn_returns_to_the_first_knocker() -> None:
    state = deal()
    check_round(state)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    check_round(state)
    state.apply(1, KNOCK)
    state.apply(2, KNOCK)
    state.apply(0, Action("swap", cards=tuple(parse_cards("2c Qs"))))
    assert state.phase == "bet3"


def test_the_widow_phase_ends_after_the_set_number_of_orbits() -> None:
    state = deal(orbits=2)
    check_round(state)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    check_round(state)
    swaps = 0
    while state.phase == "widow":
        seat = state.to_act[0]
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.kind == "swap"))
        swaps += 1
    assert swaps == 6 and state.phase == "bet3"


def test_showdown_best_hand_takes_the_pot_with_a_reason() -> None:
    state = deal()
    while not state.is_over:
        seat = state.to_act[0]
        quiet = PASS if state.phase == "exchange" else KNOCK
        state.apply(seat, CHECK if state.betting is not None else quiet)
    assert state.outcome == {0: -1, 1: -1, 2: 2}
    view = state.view(None)
    assert view.hand_names[2] == "full house, kings over nines"
    assert "seat 2 wins 3 with full house, kings over nines" in view.results[0]


def test_everyone_folding_ends_the_hand_without_showdown() -> None:
    state = deal()
    state.apply(1, Action("bet", amount=2))
    state.apply(2, Action("fold"))
    state.apply(0, Action("fold"))
    assert state.is_over and state.outcome == {0: -1, 1: 2, 2: -1}
    assert state.view(None).showdown == {}


def test_the_table_says_who_knocked_to_the_knocker_and_to_the_others() -> None:
    state = deal(variants=("chips",))
    for seat in (1, 2):
        state.apply(seat, PASS)
    state.apply(0, KNOCK)
    ends = "knocked: this phase ends when the turn comes back to"
    assert f"You {ends} you" in render_view(state.view(0))
    assert f"Ann {ends} them" in render_view(state.view(1), Style(colour=False, seat_names=("Ann", "", "")))
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert not any("knocked" in line for line in render_view(state.view(0))), "gone by the showdown"


def test_chips_variant_lowest_hand_pays_the_bank_and_carries_over() -> None:
    state = deal(variants=("chips",))
    assert state.phase == "exchange" and state.view(None).pot == 0
    pass_then_knock(state)
    assert state.outcome == {0: 0, 1: -1, 2: 0, "bank": 1}
    assert state.carry_out == {"chips": {"0": 5, "1": 4, "2": 5}}
    assert "seat 1 gives a chip to the bank" in state.view(1).results[0]


def test_chips_variant_the_first_player_out_loses_and_a_new_game_starts() -> None:
    game = WhiskeyPoker(players=3, variants=["chips"])
    state = game.deal(deck=stacked(HANDS, 3), carry={"chips": {"0": 5, "1": 1, "2": 3}})
    pass_then_knock(state)
    assert "seat 1 is out of chips and loses the game" in state.view(None).results
    fresh = game.deal(seed=1, carry=state.carry_out)
    assert fresh.view(None).chips == {0: 5, 1: 5, 2: 5}


def test_chips_variant_two_seats_out_at_once_both_lose() -> None:
    # Seats 1 and 2 hold the same lowest hand (ace high, the same ranks), each with its last chip.
    tied = {1: "Ah Jd 8c 6s 3h", 2: "Ac Js 8d 6h 3c", "widow": "Qs Qh 9d 9s 2s", 0: "Tc Td 5h 5d 2c"}
    game = WhiskeyPoker(players=3, variants=["chips"])
    state = game.deal(deck=stacked(tied, 3), carry={"chips": {"0": 5, "1": 1, "2": 1}})
    pass_then_knock(state)
    assert state.losers == [1, 2]
    assert "seat 1 and seat 2 are out of chips and lose the game" in state.view(None).results


def test_chips_variant_starts_each_game_with_the_chips_the_table_chose() -> None:
    """Seed 004: five chips each is only an example; the table hands out what it likes."""
    game = WhiskeyPoker(players=3, variants=["chips"], starting_chips=2)
    state = game.deal(deck=stacked(HANDS, 3))
    assert state.view(None).chips == {0: 2, 1: 2, 2: 2}
    pass_then_knock(state)
    assert state.carry_out == {"chips": {"0": 2, "1": 1, "2": 2}}
    with pytest.raises(ValueError, match="0 to 2 chips"):
        game.deal(seed=1, carry={"chips": {"0": 5, "1": 5, "2": 5}})


@pytest.mark.parametrize(("variants", "settings", "says"), [
    ((), {"starting_chips": 3}, "starting_chips only counts with the chips variant"),
    (("chips",), {"ante": 2}, "ante does not count with the chips variant"),
    (("chips",), {"limit": "no"}, "limit does not count with the chips variant"),
])
def test_a_setting_the_game_would_not_use_is_refused(variants: tuple[str, ...], settings: dict[str, object],
                                                     says: str) -> None:
    with pytest.raises(ValueError, match=says):
        WhiskeyPoker(players=3, variants=variants, **settings)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 9 players"):
        WhiskeyPoker(players=10)
    with pytest.raises(ValueError, match="spread limit needs a largest spread bet"):
        WhiskeyPoker(players=3, limit="spread")


@pytest.mark.parametrize(("variants", "settings"), [
    ((), {}), (("chips",), {}), ((), {"limit": "no"}), ((), {"limit": "pot", "orbits": 2}),
    ((), {"limit": "spread", "max_bet": 6}),
])
def test_conformance(variants: tuple[str, ...], settings: dict[str, object]) -> None:
    check_conformance(lambda players: WhiskeyPoker(players=players, variants=variants, **settings),
                      seeds=range(24), players=(2, 3, 5, 9), deep_every=4)


@pytest.mark.slow
@pytest.mark.parametrize("variants", [(), ("chips",)])
def test_conformance_exhaustively(variants: tuple[str, ...]) -> None:
    check_conformance(lambda players: WhiskeyPoker(players=players, variants=variants),
                      seeds=range(300), players=(2, 3, 4, 5, 6, 7, 8, 9))


def test_registered_and_bots_play_it() -> None:
    from homegame.analysis.simulation import simulate
    from homegame.bots import make_bot

    game = homegame.new_game("whiskey", players=4)
    result = simulate(game, [make_bot("whiskey", "heuristic", seed=s) for s in range(4)], 30, seed=1)
    assert sum(seat.total for seat in result.seats) == 0
