"""Basic Draw Poker rules of seed 003 and RULINGS.md, each proven on a stacked deck."""

import json

import pytest

from homegame.cards import Card, parse_cards
from homegame.engine import Action, GameError, IllegalAction
from homegame.games.draw import DrawPoker, DrawState
from stacked import play


def stacked(game: DrawPoker, hands: dict[int, str], stock: str = "", dealer: int = 0) -> DrawState:
    """Deal ``hands`` (seat -> five cards) one card at a time from the dealer's left, then ``stock``."""
    players = game.player_count
    order = [(dealer + step) % players for step in range(1, players + 1)]
    dealt = {seat: parse_cards(text) for seat, text in hands.items()}
    top = [dealt[seat][r] for r in range(5) for seat in order]
    top += parse_cards(stock)
    rest = list(game.deck)
    for c in top:
        rest.remove(c)
    state = game.deal(deck=top + rest, dealer=dealer)
    assert isinstance(state, DrawState)
    return state


def cards(text: str) -> list[Card]:
    return parse_cards(text)


HANDS4 = {1: "Kh Kd 7c 4s 2h", 2: "Ac Ad 9h 6c 3s", 3: "Qs Js Ts 9s 2c", 0: "8h 8d 8c 5d 5c"}


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_and_antes_posted() -> None:
    state = stacked(DrawPoker(players=4, ante=2), HANDS4, dealer=0)
    for seat, text in HANDS4.items():
        assert state.view(seat).hand == tuple(cards(text))
    view = state.view(None)
    assert view.pot == 8 and view.stacks == {0: 98, 1: 98, 2: 98, 3: 98} and view.hand == ()
    assert state.to_act == (1,)


def test_first_betting_round_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    state = stacked(DrawPoker(players=4), {3: "Kh Kd 7c 4s 2h", 0: "Ac Ad 9h 6c 3s",
                                           1: "Qs Js Ts 9s 2c", 2: "8h 8d 8c 5d 5c"}, dealer=2)
    seen = []
    for _ in range(4):
        seen.append(state.to_act[0])
        play(state, "check")
    assert seen == [3, 0, 1, 2] and state.view(0).phase == "draw" and state.to_act == (3,)


def test_the_draw_replaces_discards_from_the_stock_in_clockwise_order() -> None:
    state = stacked(DrawPoker(players=3), {1: "Kh Kd 7c 4s 2h", 2: "Ac Ad 9h 6c 3s", 0: "Qs Js Ts 9s 2c"},
                    stock="Kc 5h 6h Ks 3c 8s", dealer=0)
    play(state, "check", "check", "check")
    play(state, "discard 7c 4s 2h")
    assert state.view(1).hand == tuple(cards("Kh Kd Kc 5h 6h"))
    play(state, "discard 9h 6c 3s", "discard 2c")
    assert state.view(2).hand == tuple(cards("Ac Ad Ks 3c 8s"))
    assert state.view(0).hand == tuple(cards("Qs Js Ts 9s 2d"))
    view = state.view(0)
    assert view.drawn == {1: 3, 2: 3, 0: 1} and view.phase == "bet2"
    assert state.stock.discards == cards("7c 4s 2h 9h 6c 3s 2c")


def test_discards_and_replacements_stay_private() -> None:
    state = stacked(DrawPoker(players=2), {1: "Kh Kd 7c 4s 2h", 0: "Ac Ad 9h 6c 3s"}, stock="Kc 5h 6h")
    play(state, "check", "check", "discard 7c 4s 2h")
    other = json.dumps(state.view(0).to_json())
    assert not any(token in other for token in ("7c", "4s", "2h", "Kc", "5h", "6h"))
    assert '"drawn": {"1": 3}' in other


def test_at_most_three_cards_unless_an_ace_is_kept_and_shown() -> None:
    state = stacked(DrawPoker(players=2), {1: "Ah 9d 7c 4s 2h", 0: "Kc Qd 9h 6c 3s"}, stock="Ks Qs Js Ts")
    play(state, "check", "check")
    with pytest.raises(IllegalAction, match="four only when the card you keep is an ace"):
        state.apply(1, Action.parse("discard Ah 9d 7c 4s"))
    with pytest.raises(IllegalAction, match="you do not hold 3s"):
        state.apply(1, Action.parse("discard 3s"))
    with pytest.raises(IllegalAction, match="9d named twice"):
        state.apply(1, Action.parse("discard 9d 9d"))
    play(state, "discard 9d 7c 4s 2h")
    assert state.view(0).shown_aces == {1: cards("Ah")[0]}
    assert state.view(1).hand == tuple(cards("Ah Ks Qs Js Ts"))
    with pytest.raises(IllegalAction, match="at most 3 cards, or 4 when you keep and show an ace"):
        state.apply(0, Action.parse("discard Kc Qd 9h 6c 3s"))
    play(state, "discard")
    assert state.view(None).shown_aces == {1: cards("Ah")[0]} and state.view(0).drawn == {1: 4, 0: 0}


def test_six_players_drawing_the_most_use_the_whole_stock_without_a_rebuild() -> None:
    hands = {1: "Ah 2c 3c 4c 5c", 2: "As 2d 3d 4d 5d", 3: "Ad 2h 3h 4h 5h", 4: "Ac 2s 3s 4s 5s",
             5: "6c 7c 8c 6d 7d", 0: "8d 6h 7h 8h 6s"}
    state = stacked(DrawPoker(players=6), hands)
    play(state, *["check"] * 6)
    play(state, "discard 2c 3c 4c 5c", "discard 2d 3d 4d 5d", "discard 2h 3h 4h 5h", "discard 2s 3s 4s 5s",
         "discard 6c 7c 8c", "discard 8d 6h 7h")
    assert len(state.stock) == 0 and state.stock.rebuilds == 0 and state.view(0).phase == "bet2"


def test_second_round_starts_at_the_first_seat_still_in_left_of_the_dealer() -> None:
    state = stacked(DrawPoker(players=3), {1: "Kh Kd 7c 4s 2h", 2: "Ac Ad 9h 6c 3s", 0: "Qs Js Ts 9s 2c"})
    play(state, "check", "bet 5", "call 5", "fold")
    play(state, "discard", "discard")
    assert state.view(0).phase == "bet2" and state.to_act == (2,)


def test_basic_draw_betting_a_caller_may_not_raise_later_in_the_round() -> None:
    state = stacked(DrawPoker(players=3), {1: "Kh Kd 7c 4s 2h", 2: "Ac Ad 9h 6c 3s", 0: "Qs Js Ts 9s 2c"})
    play(state, "bet 5", "call 5", "raise 20", "call 20")
    assert state.legal_actions(2).kinds() == ["fold", "call"]
    with pytest.raises(IllegalAction, match="you have called in this round"):
        state.apply(2, Action("raise", amount=40))


def test_everyone_folding_ends_the_hand_without_a_showdown() -> None:
    state = stacked(DrawPoker(players=3), {1: "Kh Kd 7c 4s 2h", 2: "Ac Ad 9h 6c 3s", 0: "Qs Js Ts 9s 2c"})
    play(state, "bet 10", "fold", "fold")
    assert state.is_over and state.outcome == {0: -1, 1: 2, 2: -1}
    assert state.view(0).showdown == {}
    assert state.view(0).results == ("seat 1 wins 13 because everyone else folded",)
    assert not list(state.history.of_kind("reveal"))


def test_showdown_kickers_decide_a_pair_against_a_pair() -> None:
    state = stacked(DrawPoker(players=2), {1: "Kh Kd Qc 4s 2h", 0: "Ks Kc Ad 6c 3s"})
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.outcome == {0: 1, 1: -1}
    view = state.view(1)
    assert view.hand_names == {1: "a pair of kings", 0: "a pair of kings"}
    assert view.results == ("seat 0 wins 2 with a pair of kings, beating a pair of kings (seat 1) on the "
                            "third card (an ace against a queen)",)


def test_a_full_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_dealer() -> None:
    game = DrawPoker(players=3, ante=1)
    state = stacked(game, {1: "Kh Qd 9c 7s 4h", 2: "Kd Qc 9h 7d 4s", 0: "2c 3d 5h 8s Jc"}, dealer=1)
    play(state, "check", "check", "check", "discard", "discard", "discard", "check", "check", "check")
    assert state.outcome == {0: -1, 1: 0, 2: 1}
    assert "odd chip goes to seat 2" in state.view(0).results[0]


def test_all_in_makes_a_side_pot_the_short_stack_cannot_win() -> None:
    game = DrawPoker(players=3, ante=0)
    hands = {1: "Ah Ad As 4s 2h", 2: "Kh Kd 9c 6c 3s", 0: "Qs Qd Ts 9s 2c"}
    order = [c for seat in (1, 2, 0) for c in parse_cards(hands[seat])]
    deck = [parse_cards(hands[s])[r] for r in range(5) for s in (1, 2, 0)]
    deck += [c for c in game.deck if c not in order]
    state = game.deal(deck=deck, dealer=0, stacks=[100, 20, 100])
    play(state, "bet 20", "raise 60", "call 60", "discard", "discard", "discard")
    assert state.to_act == (2,) and state.legal_actions(2).kinds() == ["check", "bet"]
    play(state, "check", "check")
    assert state.is_over and state.outcome == {0: -60, 1: 40, 2: 20}
    main, side = state.view(None).results
    assert main.startswith("seat 1 wins 60 with") and side.startswith("seat 2 wins 80 with")


def test_fixed_limit_setting_uses_small_then_big_bets() -> None:
    game = DrawPoker(players=2, limit="fixed", bet=2)
    state = stacked(game, {1: "Kh Kd 7c 4s 2h", 0: "Ac Ad 9h 6c 3s"})
    family = state.legal_actions(1).families[-1]
    assert (family.kind, family.low, family.high) == ("bet", 2, 2)
    play(state, "check", "check", "discard", "discard")
    family = state.legal_actions(1).families[-1]
    assert (family.kind, family.low, family.high) == ("bet", 4, 4)


def test_seats_without_chips_sit_out() -> None:
    game = DrawPoker(players=3)
    state = game.deal(seed=4, dealer=0, stacks=[50, 0, 50])
    assert state.to_act == (2,) and state.view(1).hand == () and 1 in state.view(1).folded


def test_five_of_a_kind_with_jokers_beats_a_straight_flush() -> None:
    game = DrawPoker(players=2, variants=["wild"])
    state = stacked(game, {1: "Jk 9c 9d 9h 9s", 0: "Kh Qh Jh Th 9h".replace("9h", "8h")})
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.view(0).hand_names[1] == "five of a kind, nines" and state.outcome == {0: -1, 1: 1}


@pytest.mark.parametrize("variant, settings, hand, name", [
    ("deuces", {}, "2c 2d Ah Ad 7s", "four of a kind, aces"),
    ("aces", {}, "Ac 9d 9h 9s 4c", "four of a kind, nines"),
    ("wild-rank", {"wild_rank": "sevens"}, "7c 7d Ah Ad 2s", "four of a kind, aces"),
    ("wild-rank", {"wild_rank": "jacks"}, "Jc 9d Th Qs Ks", "straight, king high"),
])
def test_a_named_wild_rank(variant: str, settings: dict[str, str], hand: str, name: str) -> None:
    """Seed 003: jokers are the usual wild cards, or the table may name a rank wild."""
    state = stacked(DrawPoker(players=2, variants=[variant], **settings), {1: hand, 0: "Kh Kd 8c 5s 3h"})
    assert state.view(1).hint == name


def test_a_wild_rank_wins_the_showdown_and_is_named_on_the_table() -> None:
    game = DrawPoker(players=2, variants=["wild-rank"], wild_rank="sevens")
    state = stacked(game, {1: "7c 7d Ah Ad 2s", 0: "Kh Kd Kc 5s 5h"})
    assert state.view(0).wild == "sevens"
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.view(0).hand_names[1] == "four of a kind, aces" and state.outcome == {0: -1, 1: 1}


@pytest.mark.parametrize("low, winner_hand, loser_hand", [
    ("ace-to-five", "Ah 2c 3d 4s 5h", "2h 3c 4d 6s 7h"),
    ("deuce-to-seven", "2h 3c 4d 5s 7h", "Ah 2c 3d 4s 6h"),
    ("ace-to-six", "Ah 2c 3d 4s 6h", "Ad 2d 3h 4h 5c"),
])
def test_lowball_the_lowest_hand_wins(low: str, winner_hand: str, loser_hand: str) -> None:
    game = DrawPoker(players=2, variants=["lowball"], low=low)
    state = stacked(game, {1: winner_hand, 0: loser_hand})
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.outcome == {1: 1, 0: -1}


def test_lowball_with_a_qualifier_shares_the_pot_when_no_hand_qualifies() -> None:
    game = DrawPoker(players=3, variants=["lowball"], qualifier=8, ante=1)
    state = stacked(game, {1: "Kh Qc 9d 4s 2h", 2: "Kd Jc 9h 5s 3h", 0: "Ah 2c 3d 4d 9c"})
    play(state, "check", "check", "check", "discard", "discard", "discard", "check", "check", "check")
    assert state.outcome == {0: 0, 1: 0, 2: 0}
    assert "no hand qualifies" in state.view(0).results[0]


def test_lowball_wild_joker_counts_as_the_lowest_card_not_pairing() -> None:
    game = DrawPoker(players=2, variants=["lowball", "wild"])
    state = stacked(game, {1: "Jk 7c 5d 4s 2h", 0: "Ah 2c 3d 4h 8c"})
    assert state.view(1).hint == "a seven-five low"
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.outcome == {1: 1, 0: -1}


def test_bad_tables_are_refused() -> None:
    with pytest.raises(GameError, match="2 to 6 players"):
        DrawPoker(players=7)
    with pytest.raises(GameError, match="cannot be played together"):
        DrawPoker(players=2, variants=["wild", "deuces"])
    with pytest.raises(GameError, match="spread limit needs a largest spread bet"):
        DrawPoker(players=2, limit="spread")
    with pytest.raises(GameError, match="low only counts with the lowball variant"):
        DrawPoker(players=2, low="deuce-to-seven")
    with pytest.raises(GameError, match="wild_rank only counts with the wild-rank variant"):
        DrawPoker(players=2, wild_rank="sevens")
    with pytest.raises(GameError, match="cannot be played together"):
        DrawPoker(players=2, variants=["deuces", "wild-rank"])
    with pytest.raises(GameError, match="Wild rank must be one of twos, threes"):
        DrawPoker(players=2, variants=["wild-rank"], wild_rank="7")


@pytest.mark.parametrize(("low", "unmeetable", "best"), [
    ("ace-to-five", 4, 5), ("deuce-to-seven", 6, 7), ("ace-to-six", 5, 6)])
def test_a_low_qualifier_no_hand_could_meet_is_refused(low: str, unmeetable: int, best: int) -> None:
    """A qualifier below the best hand's top card would share every pot that reaches a showdown."""
    with pytest.raises(GameError, match=f"from {best} to 13"):
        DrawPoker(players=2, variants=["lowball"], low=low, qualifier=unmeetable)
    assert DrawPoker(players=2, variants=["lowball"], low=low, qualifier=best).config["qualifier"] == best


def test_every_seat_s_closing_view_is_its_own_though_they_share_what_all_see() -> None:
    game = DrawPoker(players=4)
    state = stacked(game, HANDS4, stock="2d 3d 4d 6h 7h 9c")
    play(state, "check", "check", "check", "check",
         "discard 7c 4s 2h", "discard 9h 6c 3s", "discard 2c", "discard 5d 5c",
         "bet 10", "fold", "call 10", "call 10")
    assert state.is_over
    seats: list[int | None] = [None, 0, 1, 2, 3]
    # Each clone is made before any view of the finished hand, so its first view is built whole.
    alone = {seat: state.clone().view(seat) for seat in seats}
    for seat in reversed(seats):
        view = state.view(seat)
        assert view == alone[seat]
        assert view.hand == (tuple(state.hands[seat]) if seat is not None else ())
    assert state.view(1).hint != state.view(2).hint
    assert state.view(3).showdown == state.view(0).showdown and state.view(3).showdown
