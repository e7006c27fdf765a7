"""The Pineapple family: every rule with a stacked deck (exact cards, exact seats)."""

from __future__ import annotations

import json

import pytest

from homegame.cards import Card, card, deck, parse_cards
from homegame.cli.narrate import tell
from homegame.engine import Action, GameError, IllegalAction
from homegame.engine.betting import Limits
from homegame.games.pineapple import CrazyPineapple, CrazyPineappleHiLo, Pineapple, PineappleState
from homegame.render import Style

GameType = type[Pineapple]


def stack(holes: dict[int, str], board: str = "", *, dealer: int = 0, burns: str = "") -> list[Card]:
    """A deck dealing each seat its three hole cards (one at a time from the dealer's left), then a
    burn and the flop, a burn and the turn, a burn and the river; unnamed burns or board cards are
    the lowest cards not named."""
    players = len(holes)
    order = [(dealer + step) % players for step in range(1, players + 1)]
    hands = {seat: parse_cards(text) for seat, text in holes.items()}
    top = [hands[seat][index] for index in range(3) for seat in order]
    named = top + parse_cards(board) + parse_cards(burns)
    spare = iter(c for c in deck() if c not in named)
    board_cards = parse_cards(board) + [next(spare) for _ in range(5 - len(parse_cards(board)))]
    burn_cards = parse_cards(burns) + [next(spare) for _ in range(3 - len(parse_cards(burns)))]
    dealt = [*top, burn_cards[0], *board_cards[:3], burn_cards[1], board_cards[3], burn_cards[2],
             board_cards[4]]
    return dealt + [c for c in deck() if c not in dealt]


def deal(game: GameType, holes: dict[int, str], board: str = "", *, dealer: int = 0, burns: str = "",
         stacks: list[int] | None = None, variants: tuple[str, ...] = (),
         **settings: object) -> PineappleState:
    table = game(players=len(holes), variants=variants, **settings)
    state = table.deal(deck=stack(holes, board, dealer=dealer, burns=burns), dealer=dealer, stacks=stacks)
    assert isinstance(state, PineappleState)
    return state


def passive(state: PineappleState, seat: int) -> Action:
    return next(a for a in state.legal_actions(seat) if a.kind in ("check", "call"))


def bet_round(state: PineappleState) -> None:
    """Everyone checks or calls until the betting round ends."""
    betting = state.betting
    while betting is not None and state.betting is betting:
        seat = state.to_act[0]
        state.apply(seat, passive(state, seat))


def discard_all(state: PineappleState, throws: dict[int, str]) -> None:
    for seat, thrown in throws.items():
        state.apply(seat, Action("discard", cards=(card(thrown),)))


def play_out(state: PineappleState, throws: dict[int, str]) -> None:
    """Check or call every round and make the given discards when the discard comes."""
    while not state.is_over:
        if state.discarding is not None:
            discard_all(state, {seat: throws[seat] for seat in state.to_act})
        else:
            seat = state.to_act[0]
            state.apply(seat, passive(state, seat))


THREE = {1: "Ah Ad 2c", 2: "Kh Kd 3c", 0: "Qh Qd 4c"}
THROWS = {1: "2c", 2: "3c", 0: "4c"}


# -- blinds, antes and who acts first -------------------------------------------------------------

def test_the_two_players_left_of_the_dealer_post_the_blinds_and_the_next_acts_first() -> None:
    state = deal(Pineapple, {0: "2c 3c 4c", 1: "5c 6c 7c", 2: "8c 9c Tc", 3: "Jc Qc Kc"}, dealer=3)
    assert state.view(None).blinds == {0: 1, 1: 2}
    assert state.chips.committed == [1, 2, 0, 0]
    assert state.to_act == (2,)


def test_the_big_blind_may_still_raise_when_everyone_just_calls() -> None:
    state = deal(Pineapple, THREE)
    assert state.to_act == (0,)
    state.apply(0, Action("call", amount=2))
    state.apply(1, Action("call", amount=2))
    assert state.to_act == (2,)
    assert list(state.legal_actions(2)) == [Action("check"), Action("raise", amount=4)]


def test_heads_up_the_dealer_posts_the_small_blind_acts_first_pre_flop_and_last_after() -> None:
    state = deal(Pineapple, {0: "Ah Ad 2c", 1: "Kh Kd 3c"}, dealer=0)
    assert state.view(None).blinds == {0: 1, 1: 2}
    assert state.to_act == (0,)
    bet_round(state)
    discard_all(state, {0: "2c", 1: "3c"})
    assert state.street == "flop" and state.to_act == (1,)
    state.apply(1, Action("check"))
    assert state.to_act == (0,)


def test_ante_variant_everyone_antes_and_the_dealers_left_opens() -> None:
    state = deal(Pineapple, THREE, variants=("ante",), ante=3)
    view = state.view(None)
    assert view.blinds == {} and view.ante == 3 and view.pot == 9
    assert state.to_act == (1,)
    assert list(state.legal_actions(1)) == [Action("check"), Action("bet", amount=2)]


def test_a_player_without_chips_sits_out() -> None:
    state = deal(Pineapple, {0: "2c 3c 4c", 1: "5c 6c 7c", 2: "8c 9c Tc"}, stacks=[50, 0, 50], dealer=0)
    assert 1 in state.chips.folded and 1 not in state.hole
    assert state.view(None).blinds == {0: 1, 2: 2}  # heads-up now: the dealer posts the small blind
    with pytest.raises(GameError, match="at least two players with chips"):
        deal(Pineapple, {0: "2c 3c 4c", 1: "5c 6c 7c", 2: "8c 9c Tc"}, stacks=[50, 0, 0])


# -- the board and the burns ----------------------------------------------------------------------

def test_a_card_is_burned_before_the_flop_the_turn_and_the_river() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s", burns="Js Jd Jh")
    play_out(state, THROWS)
    assert state.board == parse_cards("7s 8c Td 3h 5s")
    burns = [e for e in state.history.events if e.kind == "burn"]
    assert [e.data["cards"] for e in burns] == [["Js"], ["Jd"], ["Jh"]]
    assert all(e.private_to == () for e in burns)
    for seat in (None, 0, 1, 2):
        assert not {"Js", "Jd", "Jh"} & set(json.dumps(state.view(seat).to_json()).replace('"', " ").split())


# -- the discard ----------------------------------------------------------------------------------

def test_pineapple_discards_after_the_pre_flop_betting_before_the_flop() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s")
    bet_round(state)
    assert state.view(0).phase == "discard" and state.board == []
    assert state.to_act == (1, 2, 0)
    state.apply(2, Action("discard", cards=(card("Kd"),)))
    still_to_discard = state.view(None).must_discard
    assert still_to_discard == (1, 0) and state.view(2).hole == tuple(parse_cards("Kh 3c"))
    discard_all(state, {0: "4c", 1: "2c"})
    assert state.street == "flop" and state.board == parse_cards("7s 8c Td")


@pytest.mark.parametrize("game", [CrazyPineapple, CrazyPineappleHiLo])
def test_crazy_pineapple_discards_after_the_flop_betting_before_the_turn(game: GameType) -> None:
    state = deal(game, THREE, "7s 8c Td 3h 5s")
    bet_round(state)
    assert state.street == "flop" and state.discarding is None
    assert len(state.view(1).hole) == 3 and state.view(1).hint == "a pair of aces"
    bet_round(state)
    assert state.view(0).phase == "discard" and state.board == parse_cards("7s 8c Td")
    assert state.view(0).must_discard == (1, 2, 0)
    discard_all(state, THROWS)
    assert state.street == "turn" and state.board == parse_cards("7s 8c Td 3h")


def test_a_folded_player_does_not_discard() -> None:
    state = deal(Pineapple, THREE)
    state.apply(0, Action("fold"))
    bet_round(state)
    assert state.to_act == (1, 2)


def test_a_discard_stays_hidden_from_the_others_until_the_showdown() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s")
    bet_round(state)
    discard_all(state, {1: "Ad"})
    assert state.view(1).discarded == card("Ad")
    for seat in (None, 0, 2):
        text = json.dumps(state.view(seat).to_json())
        assert '"Ad"' not in text and "Ad" not in str(state.view(seat).log)
        assert state.view(seat).discarded is None
    discard_all(state, {2: "3c", 0: "4c"})
    play_out(state, THROWS)
    end = state.view(2)
    assert end.discards == {1: card("Ad"), 2: card("3c"), 0: card("4c")}
    assert end.showdown[1] == tuple(parse_cards("Ah 2c"))


def test_an_illegal_discard_is_refused_and_changes_nothing() -> None:
    state = deal(Pineapple, THREE)
    with pytest.raises(IllegalAction, match="betting round"):
        state.apply(0, Action("discard", cards=(card("Qh"),)))
    bet_round(state)

    def snapshot() -> str:
        return state.history.dumps() + json.dumps([state.view(s).to_json() for s in (None, 0, 1, 2)])

    before = snapshot()
    for wrong, reason in ((Action("discard", cards=(card("Kh"),)), "you do not hold Kh"),
                          (Action("discard", cards=(card("Ah"), card("Ad"))), "exactly one card"),
                          (Action("check"), "must discard")):
        with pytest.raises(IllegalAction, match=reason):
            state.apply(1, wrong)
        assert snapshot() == before
    discard_all(state, {1: "2c"})
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(1, Action("discard", cards=(card("Ah"),)))


# -- the showdown ---------------------------------------------------------------------------------

def test_a_discarded_card_does_not_play() -> None:
    # Keeping Ah Kh would make a royal flush; seat 1 throws the ace and has king high.
    state = deal(Pineapple, {1: "Ah Kh 2c", 2: "9s 9d 3c", 0: "6d 6c 4c"}, "Qh Jh Th 3s 5d")
    play_out(state, {1: "Ah", 2: "3c", 0: "4c"})
    view = state.view(None)
    assert view.hand_names[1] == "king high"
    assert view.hand_names[2] == "a pair of nines" and state.outcome[2] > 0


def test_the_best_five_of_seven_may_use_one_hole_card_or_none() -> None:
    state = deal(Pineapple, {1: "2h 7c 8d", 2: "Ac Kd 9c", 0: "As Ks 9d"}, "Qh Jh 9h 3h 4d")
    play_out(state, {1: "8d", 2: "9c", 0: "9d"})
    view = state.view(None)
    assert view.hand_names == {1: "flush, queen high", 2: "ace high", 0: "ace high"}
    assert state.outcome == {1: 4, 2: -2, 0: -2}


def test_equal_hands_split_the_pot_odd_chip_from_the_dealers_left() -> None:
    # Seats 1 and 2 both make a king-high straight; antes of 1 make a pot of 3 they share.
    state = deal(Pineapple, {1: "Kc 4h 3c", 2: "Kd 4c 3d", 0: "5s 6s 7d"}, "9c Td Jh Qs 2h",
                 variants=("ante",))
    play_out(state, {1: "3c", 2: "3d", 0: "5s"})
    assert state.outcome == {1: 1, 2: 0, 0: -1}
    assert state.view(None).results[0] == ("seat 1 and seat 2 tie exactly with straight, king high and split "
                                           "3; the odd chip goes to seat 1, first from the dealer's left")
    award = next(state.history.of_kind("award"))
    told = tell(award, 2, Style(colour=False, seat_names=("Ann", "Bob", "")))
    assert told == ("Bob and you tie exactly with straight, king high and split 3; "
                    "the odd chip goes to Bob, first from the dealer's left."), "each tied seat is named"


def test_everyone_folding_ends_the_hand_with_no_showdown() -> None:
    state = deal(Pineapple, THREE)
    state.apply(0, Action("fold"))
    state.apply(1, Action("fold"))
    assert state.is_over and state.outcome == {0: 0, 1: -1, 2: 1}
    view = state.view(0)
    assert view.showdown == {} and view.board == ()
    assert view.results == ("seat 2 wins 3 because everyone else folded",)
    assert not any(e.kind in ("reveal", "board") for e in state.history.events)


def test_all_in_players_still_discard_and_the_board_runs_out_with_side_pots() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s", stacks=[20, 5, 10], limit="no")
    state.apply(0, Action("raise", amount=20))
    state.apply(1, Action("call", amount=5))
    state.apply(2, Action("call", amount=10))
    assert state.to_act == (1, 2, 0)
    discard_all(state, THROWS)
    assert state.is_over and state.board == parse_cards("7s 8c Td 3h 5s")
    results = state.view(None).results
    assert results[0] == "seat 1 wins 15 with a pair of aces, beating a pair of kings (seat 2)"
    assert results[1] == "seat 2 wins 10 with a pair of kings, beating a pair of queens (seat 0)"
    assert results[2] == "seat 0 takes back 10 that no one still in could match"
    assert state.outcome == {0: -10, 1: 10, 2: 0}


# -- Hi-Lo ----------------------------------------------------------------------------------------

HI_LO = {1: "Ah 3d Qh", 2: "Kd 9s 9c", 0: "Qs Jc Td"}
HI_LO_THROWS = {1: "Qh", 2: "9c", 0: "Td"}


def test_hi_lo_splits_high_and_eight_or_better_low_odd_chip_to_high() -> None:
    state = deal(CrazyPineappleHiLo, HI_LO, "2c 5d 8h Kc Ks", variants=("ante",))
    play_out(state, HI_LO_THROWS)
    view = state.view(None)
    assert view.hand_names[2] == "three of a kind, kings" and view.low_names[1] == "an eight-five low"
    assert view.results == ("high half: seat 2 wins 2 with three of a kind, kings, beating a pair of kings "
                            "(seat 1)", "low half: seat 1 wins 1 with an eight-five low")
    assert state.outcome == {0: -1, 1: 0, 2: 1}


def test_hi_lo_with_no_qualifying_low_the_high_hand_takes_all() -> None:
    state = deal(CrazyPineappleHiLo, HI_LO, "2c 7d Jh Kc Ks")
    play_out(state, HI_LO_THROWS)
    view = state.view(1)
    assert view.low_names == {1: "no eight-or-better low", 2: "no eight-or-better low",
                              0: "no eight-or-better low"}
    assert view.results[0].startswith("no hand makes an eight-or-better low")
    assert view.results[1].startswith("seat 2 wins 6 with three of a kind, kings")
    assert state.outcome == {0: -2, 1: -2, 2: 4}


def test_hi_lo_one_hand_can_scoop_both_halves() -> None:
    # Seat 1 keeps Ah 4c: the wheel is its high (a five-high straight) and its low.
    state = deal(CrazyPineappleHiLo, {1: "Ah 4c Qh", 2: "Kd 9s 9c", 0: "Qs Jc Td"}, "2c 3d 5h Kc Ks")
    play_out(state, {1: "Qh", 2: "9c", 0: "Td"})
    view = state.view(None)
    assert view.results[0].startswith("high half: seat 1 wins 3 with straight, five high")
    assert view.results[1] == "low half: seat 1 wins 3 with a wheel"
    assert state.outcome == {0: -2, 1: 4, 2: -2}


def test_hi_lo_equal_lows_share_the_low_half_odd_chip_from_the_dealers_left() -> None:
    state = deal(CrazyPineappleHiLo, {1: "Ah 2d Kc", 2: "As 2s Qc", 0: "Kh Jc Td"}, "3c 4h 7s Kd Ks")
    play_out(state, {1: "Kc", 2: "Qc", 0: "Td"})
    results = state.view(None).results
    assert results[0].startswith("high half: seat 0 wins 3 with three of a kind, kings")
    assert results[1] == ("low half: seat 1 and seat 2 tie exactly with a seven-four low and split 3; the "
                          "odd chip goes to seat 1, first from the dealer's left")
    assert state.outcome == {0: 1, 1: 0, 2: -1}


def test_crazy_pineapple_all_in_before_the_flop_still_discards_after_the_flop() -> None:
    state = deal(CrazyPineapple, THREE, "7s 8c Td 3h 5s", stacks=[20, 5, 10], limit="no")
    state.apply(0, Action("raise", amount=20))
    state.apply(1, Action("call", amount=5))
    state.apply(2, Action("call", amount=10))
    assert state.board == parse_cards("7s 8c Td") and state.to_act == (1, 2, 0)
    discard_all(state, THROWS)
    assert state.is_over and state.outcome == {0: -10, 1: 10, 2: 0}


def test_hi_lo_hints_name_the_low_or_no_low() -> None:
    state = deal(CrazyPineappleHiLo, HI_LO, "2c 5d 8h Kc Ks")
    bet_round(state)
    assert state.view(1).low_hint == "an eight-five low" and state.view(2).low_hint == "no low"
    plain = Pineapple(players=3).deal(seed=1)
    assert isinstance(plain, PineappleState) and plain.view(0).low_hint == ""


# -- betting structures ---------------------------------------------------------------------------

def test_fixed_limit_small_bets_before_the_turn_big_bets_after_and_a_cap() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s")
    assert state.betting is not None and state.betting.limits == Limits.fixed(2)
    for total in (4, 6, 8):
        seat = state.to_act[0]
        state.apply(seat, Action("raise", amount=total))
    seat = state.to_act[0]
    assert [a.kind for a in state.legal_actions(seat)] == ["fold", "call"]
    bet_round(state)
    discard_all(state, THROWS)
    assert list(state.legal_actions(1)) == [Action("check"), Action("bet", amount=2)]
    bet_round(state)
    assert state.street == "turn"
    assert list(state.legal_actions(1)) == [Action("check"), Action("bet", amount=4)]


def test_pot_limit_raises_up_to_the_pot_and_no_limit_up_to_the_stack() -> None:
    pot = deal(Pineapple, THREE, limit="pot")
    raise_to = [a.amount for a in pot.legal_actions(0) if a.kind == "raise"]
    assert (raise_to[0], raise_to[-1]) == (4, 7)  # 2 to call, then the pot of 5 on top
    no = deal(Pineapple, THREE, limit="no")
    raise_to = [a.amount for a in no.legal_actions(0) if a.kind == "raise"]
    assert (raise_to[0], raise_to[-1]) == (4, 100)


# -- settings, views ------------------------------------------------------------------------------

def test_bad_settings_are_refused() -> None:
    with pytest.raises(GameError, match="2 to 10 players"):
        Pineapple(players=11)
    with pytest.raises(GameError, match="small blind"):
        CrazyPineapple(players=3, small_blind=5, big_blind=2)
    with pytest.raises(GameError, match="Ante must be at least 1"):
        Pineapple(players=3, variants=["ante"], ante=0)


def test_a_stake_of_the_other_way_to_start_the_pot_is_refused_not_ignored() -> None:
    """Blinds start the pot unless the ``ante`` variant is played; a setting of the way not in play
    would change nothing, so it is refused."""
    with pytest.raises(GameError, match="ante only counts with the ante variant"):
        Pineapple(players=3, ante=5)
    with pytest.raises(GameError, match="small_blind does not count with the ante variant"):
        CrazyPineapple(players=3, variants=["ante"], small_blind=5, big_blind=10)
    blinds, ante = Pineapple.settings_counted([]), Pineapple.settings_counted(["ante"])
    assert blinds - ante == {"small_blind", "big_blind", "straddle"} and ante - blinds == {"ante"}


def test_views_round_trip_and_show_what_a_face_needs() -> None:
    state = deal(CrazyPineappleHiLo, HI_LO, "2c 5d 8h Kc Ks")
    bet_round(state)
    view = state.view(1)
    assert type(view).from_json(json.loads(json.dumps(view.to_json()))) == view
    assert view.board == tuple(parse_cards("2c 5d 8h")) and view.hint == "ace high"
    assert view.street == "flop" and view.pot == 6 and view.stacks[1] == 98
    assert "fixed limit 2/4" in view.limits


def test_the_three_games_are_registered() -> None:
    import homegame

    assert {"pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo"} <= set(homegame.GAMES)
    assert homegame.new_game("crazy-pineapple-hi-lo", players=4).hi_lo  # type: ignore[attr-defined]
