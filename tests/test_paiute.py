"""Paiute rules, each shown with a stacked deck: the deal, the wild card, turns, calls, the last round."""

from __future__ import annotations

import json

import pytest

from homegame.cards import parse_cards
from homegame.engine import GameError, IllegalAction
from homegame.games.paiute import DRAW_PILE, DRAW_STOCK, Paiute, PaiuteState
from paiute_helpers import deal, play

# Dealer 0 with three players: seat 1 plays first, then seat 2, then the dealer.
JUNK_1, JUNK_2, JUNK_0 = "Ac 4d 6h 8s Tc", "Ad 4h 6s 8c Td", "Ah 4s 6c 8d Th"


def test_deal_five_each_from_the_dealers_left_then_the_wild_card() -> None:
    state = deal(Paiute(players=3), [JUNK_0, JUNK_1, JUNK_2], turned="7s")
    view = state.view(1)
    assert view.hand == tuple(parse_cards(JUNK_1)) and state.to_act == (1,)
    assert view.wild_card == parse_cards("7s")[0]
    assert view.wild_cards == tuple(parse_cards("7c 7d 7h 7s"))
    assert view.wild == "all the sevens are wild (the seven of spades was turned up)"
    assert view.stock_size == 52 - 15 - 1 and view.top_discard is None
    assert view.hand_sizes == {0: 5, 1: 5, 2: 5} and view.first_turn


def test_without_a_discard_pile_the_first_player_must_draw_from_the_stock() -> None:
    state = deal(Paiute(players=3), [JUNK_0, JUNK_1, JUNK_2])
    assert list(state.legal_actions(1)) == [DRAW_STOCK]
    before = state.history.dumps()
    with pytest.raises(IllegalAction, match="no discard pile yet: draw from the stock"):
        state.apply(1, DRAW_PILE)
    assert state.history.dumps() == before


def test_denexa_turns_up_a_card_to_start_the_pile_that_may_be_taken_but_not_thrown_back() -> None:
    state = deal(Paiute(players=3, variants=["denexa"]), [JUNK_0, JUNK_1, JUNK_2], pile="9h", stock="5c")
    view = state.view(1)
    assert view.top_discard == parse_cards("9h")[0] and view.stock_size == 52 - 15 - 2
    play(state, 1, "draw pile")
    assert state.view(1).taken == parse_cards("9h")[0]
    with pytest.raises(IllegalAction, match="you took the 9h from the discard pile this turn"):
        play(state, 1, "discard 9h")
    play(state, 1, "discard Ac")
    assert state.view(2).top_discard == parse_cards("Ac")[0] and 1 not in state.to_act
    play(state, 2, "draw stock", "discard 5c")
    assert state.view(0).top_discard == parse_cards("5c")[0]


def test_without_a_combination_the_hint_says_what_to_throw_and_what_to_build() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "Kc Kd Ks 5c 9h", JUNK_2], turned="7s", stock="5d")
    assert state.view(1).hint == "No combination yet; nearest is four/two, kings and nines: 2 cards away."
    play(state, 1, "draw stock")
    assert state.view(1).hint == "No combination yet: throw away the 9h and build toward three/three, " \
                                 "kings and fives: 1 card away"


def test_a_card_drawn_from_the_stock_may_be_thrown_straight_back() -> None:
    state = deal(Paiute(players=3), [JUNK_0, JUNK_1, JUNK_2], stock="5c")
    play(state, 1, "draw stock")
    assert state.view(1).hand[-1] == parse_cards("5c")[0] and state.view(2).hand_sizes[1] == 6
    play(state, 1, "discard 5c")
    assert state.view(1).hand == tuple(parse_cards(JUNK_1)) and state.to_act == (2,)


def test_a_five_card_call_throws_away_the_sixth_card_and_starts_the_last_round() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "9c 9d 9h 9s 5h", JUNK_2], stock="2d")
    play(state, 1, "draw stock")
    view = state.view(1)
    assert view.hint == "You hold five of a kind, nines: call it now, throwing away the 5h"
    # the deuce is also a second five: the four/two of nines and fives may be called instead
    assert [str(a) for a in state.legal_actions(1) if a.kind == "call"] == ["call 5h", "call"]
    play(state, 1, "call 5h")
    view = state.view(2)
    assert view.calls[0].combination == "five of a kind, nines" and view.calls[0].discarded is not None
    assert set(view.calls[0].cards) == set(parse_cards("9c 9d 9h 9s 2d"))
    assert view.top_discard == parse_cards("5h")[0] and view.hand_sizes[1] == 5
    assert view.last_turns == (2, 0) and state.to_act == (2,)
    assert "To call you must beat five of a kind, nines." in view.hint
    assert state.view(0).hint.endswith("To call you must beat five of a kind, nines. You have one last turn "
                                       "to come.")
    play(state, 2, "draw pile", "discard Ad")
    assert state.view(2).hint == "You have had your last turn; still to play: seat 0"
    play(state, 0, "draw stock", "discard Ah")
    assert state.is_over and state.outcome == {0: -1, 1: 2, 2: -1}
    assert state.view(1).hint.startswith("You won: seat 1 wins with five of a kind, nines")


def test_a_six_card_call_keeps_six_and_the_next_player_may_take_the_earlier_discard() -> None:
    state = deal(Paiute(players=3), [JUNK_0, JUNK_1, "Kc Kd Ks 5c 5d"], stock="3c 5h")
    play(state, 1, "draw stock", "discard 3c")
    play(state, 2, "draw stock")
    assert state.view(2).hint == "You hold three/three, kings and fives: call it now (a six-card call " \
                                 "keeps all six cards)"
    with pytest.raises(IllegalAction, match="six-card combination: call it with 'call'"):
        play(state, 2, "call 5h")
    play(state, 2, "call")
    view = state.view(0)
    assert view.hand_sizes[2] == 6 and view.top_discard == parse_cards("3c")[0]
    assert view.calls[0].discarded is None and view.calls[0].combination == "three/three, kings and fives"
    play(state, 0, "draw pile")
    assert parse_cards("3c")[0] in state.view(0).hand


def test_calling_is_only_right_after_drawing() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "9c 9d 9h 9s 2d", JUNK_2])
    assert state.view(1).hint == "You hold five of a kind, nines: draw, then call it."
    with pytest.raises(IllegalAction, match="draw first"):
        play(state, 1, "call")
    assert state.view(2).hint == "No combination yet; nearest is royal flush, in diamonds: 3 cards away."


def test_a_paiute_may_be_called_on_the_first_turn() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "Jc Jd 7h 7s 3d", JUNK_2], stock="3h")
    play(state, 1, "draw stock")
    assert state.view(1).hint == "You hold paiute, jacks, sevens and threes: call it now (a six-card " \
                                 "call keeps all six cards)"
    play(state, 1, "call")
    assert state.view(1).calls[0].combination == "paiute, jacks, sevens and threes"


def test_a_paiute_may_not_be_called_after_the_first_turn() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "Jc Jd 7h 7s 5c", JUNK_2], stock="9c Qs Qh 5d")
    play(state, 1, "draw stock", "discard 9c")
    play(state, 2, "draw stock", "discard Qs")
    play(state, 0, "draw stock", "discard Qh")
    play(state, 1, "draw stock")
    assert state.view(1).hint == "You hold paiute, jacks, sevens and fives, but a paiute can only be " \
                                 "called on your first turn; throw away a card"
    assert not [a for a in state.legal_actions(1) if a.kind == "call"]
    with pytest.raises(IllegalAction, match="a paiute can only be called on your first turn"):
        play(state, 1, "call")


def test_in_the_last_round_a_call_must_beat_the_best_shown_so_an_equal_one_loses() -> None:
    hands = ["Qc Qd 8c 8d 4c", "Jc Jd 7h 7s 3d", "Jh Js 7c 7d 3c"]
    state = deal(Paiute(players=3), hands, stock="3h 3s 4d")
    play(state, 1, "draw stock", "call")
    play(state, 2, "draw stock")
    assert state.view(2).hint == "You hold paiute, jacks, sevens and threes, but you must beat paiute, " \
                                 "jacks, sevens and threes; throw away a card"
    with pytest.raises(IllegalAction, match="you must beat paiute, jacks, sevens and threes"):
        play(state, 2, "call")
    play(state, 2, "discard 3s")
    assert state.view(0).last_turns == (0,)
    play(state, 0, "draw stock", "call")
    assert state.is_over and state.outcome == {0: 2, 1: -1, 2: -1}
    assert state.view(None).result == ("seat 0 wins with paiute, queens, eights and fours, beating "
                                       "paiute, jacks, sevens and threes (seat 1)")
    award = next(state.history.of_kind("award"))
    assert award.seat == 0 and award.data["reason"] == state.view(None).result


def test_the_dealer_calling_first_ends_the_deal_at_once() -> None:
    state = deal(Paiute(players=2), ["Kc Kd Ks 5c 5d", JUNK_1], stock="3c 5h")
    play(state, 1, "draw stock", "discard 3c")
    play(state, 0, "draw stock", "call")
    assert state.is_over and state.winner == 0 and state.outcome == {0: 1, 1: -1}
    assert state.view(1).result == ("seat 0 wins with three/three, kings and fives: the dealer called "
                                    "first, so no one else had a turn")


def test_each_player_up_to_the_dealer_gets_exactly_one_more_turn() -> None:
    hands = ["Ac 3d 6h 7s 9c", "Ad 3h 5s 7c 9d", "Kc Kd Ks 5c 5d", "Ah 3s 6c 7d 9h"]
    state = deal(Paiute(players=4), hands, stock="3c 5h 8c 8d")
    play(state, 1, "draw stock", "discard 3c")
    play(state, 2, "draw stock", "call")
    assert state.view(3).last_turns == (3, 0)
    play(state, 3, "draw stock", "discard 8c")
    play(state, 0, "draw stock", "discard 8d")
    assert state.is_over and state.winner == 2 and 1 not in state.to_act


def test_wild_cards_of_the_turned_rank_fill_any_card() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "9c 9d 9h 5s 5d", JUNK_2], turned="Qs", stock="Qh")
    play(state, 1, "draw stock")
    assert state.view(1).hint.startswith("You hold four/two, nines and fives: call it now")


def test_opposite_colour_makes_only_the_other_colours_two_cards_wild() -> None:
    game = Paiute(players=3, variants=["opposite-colour"])
    black = deal(game, [JUNK_0, "9c 9d 9h 9s 5h", JUNK_2], turned="2c", stock="2s")
    assert black.view(1).wild_cards == tuple(parse_cards("2d 2h"))
    assert black.view(1).wild == "the red twos are wild (the two of clubs was turned up)"
    play(black, 1, "draw stock")
    assert not [a for a in black.legal_actions(1) if a.kind == "call"]
    red = deal(game, [JUNK_0, "9c 9d 9h 9s 5h", JUNK_2], turned="2c", stock="2h")
    play(red, 1, "draw stock", "call 5h")
    assert red.view(1).calls[0].combination == "five of a kind, nines"


def test_jokers_are_the_only_wild_cards_and_no_card_is_turned_up() -> None:
    game = Paiute(players=3, variants=["jokers"])
    assert len(game.deck) == 54
    state = deal(game, [JUNK_0, "9c 9d 9h 9s 2c", JUNK_2], turned=None, stock="Jk 5h")
    view = state.view(1)
    assert view.wild_card is None and view.wild_cards == tuple(parse_cards("Jk"))
    assert view.stock_size == 54 - 15 and view.wild == "the two jokers are wild"
    play(state, 1, "draw stock", "call 2c")
    assert state.view(1).calls[0].combination == "five of a kind, nines"
    plain = deal(game, [JUNK_0, "9c 9d 9h 9s 2c", JUNK_2], turned=None, stock="2d")
    play(plain, 1, "draw stock")
    assert plain.view(1).hint.startswith("You hold four/two, nines and twos")


@pytest.mark.parametrize(("variants", "dealer_may_call"), [([], False), (["royal-on-top"], True)])
def test_royal_on_top_lets_a_royal_flush_beat_five_of_a_kind(variants: list[str],
                                                             dealer_may_call: bool) -> None:
    game = Paiute(players=2, variants=variants)
    state = deal(game, ["Ah Kh Qh Jh 4c", "9c 9d 9h 9s 5h"], stock="2d Th")
    play(state, 1, "draw stock", "call 5h")
    play(state, 0, "draw stock")
    calls = [str(a) for a in state.legal_actions(0) if a.kind == "call"]
    assert calls == (["call 4c"] if dealer_may_call else [])
    if dealer_may_call:
        play(state, 0, "call 4c")
        assert state.winner == 0 and "royal flush, beating five of a kind, nines" in state.view(0).result
    else:
        assert "you must beat five of a kind, nines" in state.view(0).hint


@pytest.mark.parametrize(("settings", "royal_pays"), [({}, 6), ({"pay_royal_flush": 5}, 5)])
def test_with_royal_on_top_the_default_pay_table_pays_the_royal_flush_most(settings: dict[str, int],
                                                                          royal_pays: int) -> None:
    """Source 000: higher hands pay more; RULINGS.md: 6 down to 1 from the top combination."""
    import homegame

    game = Paiute(players=2, variants=["pay-table", "royal-on-top"], **settings)
    assert game.payment(game.ranking.evaluate(parse_cards("Ah Kh Qh Jh Th"))) == royal_pays
    assert game.config["pay_five_of_a_kind"] == 5, "second in the ranking, unless set"
    state = deal(game, ["Ah Kh Qh Jh 4c", "9c 9d 9h 9s 5h"], stock="2d Th")
    play(state, 1, "draw stock", "call 5h")
    play(state, 0, "draw stock", "call 4c")
    assert state.outcome == {0: royal_pays, 1: -royal_pays}
    assert homegame.replay(json.loads(state.history.dumps())).outcome == state.outcome
    plain = Paiute(players=2, variants=["pay-table"]).config
    assert (plain["pay_five_of_a_kind"], plain["pay_royal_flush"]) == (6, 5)


@pytest.mark.parametrize("variants", [["pay-table"], ["pay-table", "royal-on-top"]])
def test_the_rules_say_a_higher_combination_pays_more_only_by_default(variants: list[str]) -> None:
    from homegame.games.pages import rules_text
    from homegame.games.paiute import PAY_TABLE_SETTINGS

    def paid(game: Paiute) -> list[int]:
        """What each winning combination pays, from the lowest in the ranking to the highest."""
        return [game.config[PAY_TABLE_SETTINGS[category.name]] for category in game.ranking.categories[1:]]

    defaults = paid(Paiute(players=2, variants=variants))
    assert defaults == sorted(set(defaults)), "by default each combination pays more than those below it"
    assert paid(Paiute(players=2, variants=variants, pay_paiute=9))[0] == 9, "a table may pay a paiute most"
    text = " ".join(rules_text("paiute").split())
    assert "always pays more" not in text
    assert "The default amounts follow the ranking, each combination paid more than every one below" in text
    assert "Amounts the players set may pay two combinations the same, or a lower one more." in text


def _void_deal(game: Paiute) -> tuple[list[int], PaiuteState]:
    """Both seats draw from the stock and throw the card straight back until the deal ends."""
    state = deal(game, ["Ac 3d 5h 7s 9c", "Ad 3h 5s 7c 9d"])
    return _throw_back_every_draw(state), state


def _throw_back_every_draw(state: PaiuteState) -> list[int]:
    """Play ``state`` out with every seat throwing back what it draws from the stock; returns the
    rebuild count seen at each rebuild."""
    rebuilt_tops = []
    while not state.is_over:
        seat = state.to_act[0]
        play(state, seat, "draw stock")
        drawn = state.view(seat).hand[-1]
        play(state, seat, f"discard {drawn}")
        if any(e.kind == "rebuild" for e in state.history.events[-2:]):
            view = state.view(seat)
            assert view.top_discard == drawn and view.discards == 1 and view.stock_size == 40
            rebuilt_tops.append(view.rebuilds)
    return rebuilt_tops


@pytest.mark.parametrize("variants", [[], ["ante"], ["pay-table"]])
def test_no_call_before_the_second_rebuild_voids_the_deal_and_returns_stakes(variants: list[str]) -> None:
    rebuilt, state = _void_deal(Paiute(players=2, variants=variants))
    assert rebuilt == [1]
    assert state.void and state.winner is None and state.outcome == {0: 0, 1: 0}
    turns = sum(1 for e in state.history.events if e.kind == "action") // 2
    assert turns == 41 + 40
    assert "void" in state.view(0).result and state.view(0).settlement == ""


def test_a_rebuilt_stock_is_a_recorded_shuffle_that_replays() -> None:
    import homegame

    _, state = _void_deal(Paiute(players=2))
    replayed = homegame.replay(json.loads(state.history.dumps()))
    assert replayed.history.to_json() == state.history.to_json()
    assert sum(1 for e in state.history.events if e.kind == "chance") == 1


def test_a_clone_taken_before_a_rebuild_shuffles_the_discards_as_the_original_does() -> None:
    state = Paiute(players=2).deal(seed=11)
    twin = state.clone()
    assert _throw_back_every_draw(state) == _throw_back_every_draw(twin) == [1]
    assert twin.history.to_json() == state.history.to_json()


@pytest.mark.parametrize(("variants", "settings", "winner_gets"), [
    ([], {}, 2), (["ante"], {"ante": 5}, 10), (["pay-table"], {}, 6),
    (["pay-table"], {"pay_four_two": 7}, 14),
])
def test_scoring_modes(variants: list[str], settings: dict[str, int], winner_gets: int) -> None:
    game = Paiute(players=3, variants=variants, **settings)
    state = deal(game, [JUNK_0, "9c 9d 9h 9s Kd", JUNK_2], stock="Kh 5c 5d")
    play(state, 1, "draw stock", "call")
    play(state, 2, "draw stock", "discard 5c")
    play(state, 0, "draw stock", "discard 5d")
    each = winner_gets // 2
    assert state.outcome == {0: -each, 1: winner_gets, 2: -each}
    assert state.carry_out == {"wins": [0, 1, 0]}
    again = game.deal(seed=1, carry=state.carry_out)
    assert isinstance(again, PaiuteState)
    assert again.view(None).deals_won == {0: 0, 1: 1, 2: 0}


def test_bad_tables_are_refused_clearly() -> None:
    with pytest.raises(GameError, match="2 to 5 players"):
        Paiute(players=6)
    with pytest.raises(GameError, match="cannot be played together"):
        Paiute(players=3, variants=["jokers", "opposite-colour"])
    with pytest.raises(GameError, match="cannot be played together"):
        Paiute(players=3, variants=["ante", "pay-table"])
    with pytest.raises(GameError, match="pay_paiute only counts with the pay-table variant"):
        Paiute(players=3, pay_paiute=4)
    with pytest.raises(GameError, match="only counts with the ante variant"):
        Paiute(players=3, ante=4)
    with pytest.raises(GameError, match="counts of deals won"):
        Paiute(players=3).deal(seed=1, carry={"wins": [1]})


def test_illegal_moves_say_why_and_change_nothing() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "5h 6h 7h 8h Kc", JUNK_2], stock="9h")
    cases = [("discard Ac", "draw first"), ("fold", "Paiute has no 'fold' action"),
             ("draw deck", "draw from the 'stock' or from the 'pile'")]
    for move, reason in cases:
        before = state.history.dumps()
        with pytest.raises(IllegalAction, match=reason):
            play(state, 1, move)
        assert state.history.dumps() == before
    with pytest.raises(IllegalAction, match="seat 2 is not to act"):
        play(state, 2, "draw stock")
    play(state, 1, "draw stock")
    cases = [("draw stock", "already drawn"), ("discard Kd", "you do not hold the Kd"),
             ("discard 5h 9c", "exactly one card"),
             ("call", "five-card combination: call it with 'call CARD'"),
             ("call 5h", "without the 5h your cards make no five-card combination")]
    for move, reason in cases:
        before = state.history.dumps()
        with pytest.raises(IllegalAction, match=reason):
            play(state, 1, move)
        assert state.history.dumps() == before


def test_the_worked_example_of_the_rules_text_plays_as_written() -> None:
    ana, ben, cy = "Qh Qd 6s 6h 7d", "Kc Kd Ks 5c 9h", "Jh Js 4c 4d 8h"
    state = deal(Paiute(players=3, variants=["pay-table"]), [ana, ben, cy], turned="7s", stock="5d 8c 6d")
    play(state, 1, "draw stock")
    assert not [a for a in state.legal_actions(1) if a.kind == "call"]
    play(state, 1, "discard 9h")
    play(state, 2, "draw stock", "call")
    assert state.view(2).calls[0].combination == "paiute, jacks, eights and fours"
    assert state.view(0).last_turns == (0,)
    play(state, 0, "draw stock", "call")
    assert state.view(0).calls[1].combination == "four/two, sixes and queens"
    assert state.is_over and state.outcome == {0: 6, 1: -3, 2: -3}


@pytest.mark.parametrize(("cards", "name"), [
    ("Jc Jd Jh Js 7s", "five of a kind, jacks"), ("Ah Kh Qh Jh Th", "royal flush"),
    ("9h 8h 7c 6h 5h", "straight flush, nine high"), ("9c 9d 9h 7s Kh Kd", "four/two, nines and kings"),
    ("Qc Qd Qh 6s 6d 6h", "three/three, queens and sixes"),
    ("Jc Jd 8h 8s 3d 3h", "paiute, jacks, eights and threes"),
])
def test_the_examples_of_the_rules_text_rank_as_written(cards: str, name: str) -> None:
    assert Paiute(players=2).ranking.evaluate(parse_cards(cards), parse_cards("7c 7d 7h 7s")).name == name


def test_a_six_card_combination_may_be_called_when_the_five_card_one_needs_the_card_just_taken() -> None:
    # 2s wild. Seat 1 holds four nines and a wild deuce; the dealer throws the Kh and seat 1 takes it:
    # five nines would mean throwing the Kh back, which is not allowed, but the six cards hold a
    # four/two of nines and kings (the deuce a second king), and that may be called.
    state = deal(Paiute(players=3), ["Kh 4s 6c 8d Th", "9c 9d 9h 9s 2c", JUNK_2], turned="2s",
                 stock="3d 5s 7c")
    play(state, 1, "draw stock", "discard 3d")
    play(state, 2, "draw stock", "discard 5s")
    play(state, 0, "draw stock", "discard Kh")
    play(state, 1, "draw pile")
    calls = [str(a) for a in state.legal_actions(1) if a.kind == "call"]
    assert calls == ["call"]
    assert state.view(1).hint == "You hold four/two, nines and kings: call it now (a six-card call keeps " \
                                 "all six cards)"
    with pytest.raises(IllegalAction, match="you took the Kh from the discard pile this turn"):
        play(state, 1, "call Kh")
    play(state, 1, "call")
    shown = state.view(2).calls[0]
    assert shown.combination == "four/two, nines and kings" and shown.discarded is None
    assert set(shown.cards) == set(parse_cards("9c 9d 9h 9s 2c Kh"))


def test_after_a_draw_from_the_stock_every_winning_combination_is_offered_best_first() -> None:
    # The same nines and deuce drawing the Kd from the stock: five nines (throwing the Kd away) or
    # the four/two of nines and kings, keeping all six.
    state = deal(Paiute(players=3), [JUNK_0, "9c 9d 9h 9s 2c", JUNK_2], turned="2s", stock="Kd")
    play(state, 1, "draw stock")
    assert [str(a) for a in state.legal_actions(1) if a.kind == "call"] == ["call Kd", "call"]
    play(state, 1, "call")
    assert state.view(0).calls[0].combination == "four/two, nines and kings"
    assert state.view(0).hint.endswith("To call you must beat four/two, nines and kings. You have one last "
                                       "turn to come.")
