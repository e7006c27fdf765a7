"""The Paiute table in a terminal: what each line tells, with stacked decks."""

from __future__ import annotations

import pytest

from homegame.cli.narrate import tell
from homegame.games.paiute import Paiute
from homegame.render import Style, render_view
from homegame.render.paiute import render
from paiute_helpers import deal, play

JUNK_1, JUNK_2, JUNK_0 = "Ac 4d 6h 8s Tc", "Ad 4h 6s 8c Td", "Ah 4s 6c 8d Th"


def test_the_table_shows_the_wild_cards_pile_hand_turn_and_hint() -> None:
    state = deal(Paiute(players=3, variants=["denexa"]), [JUNK_0, "Kc Kd Ks 5c 9h", JUNK_2],
                 turned="7s", pile="5d", stock="7d")
    lines = render(state.view(1))
    assert lines[1] == "Wild: all the sevens are wild (the seven of spades was turned up)"
    assert lines[2] == "Stock: 35 cards; discard pile: 5♦ on top (1 card)"
    assert "Your hand: K♣ K♦ K♠ 5♣ 9♥" in lines
    assert "Your turn: 'draw stock' or 'draw pile' to take the 5d." in lines
    assert lines[-1] == "Hint: No combination yet; nearest is four/two, kings and nines: 2 cards away."
    play(state, 1, "draw stock")
    lines = render(state.view(1))
    assert "Your hand: K♣ K♦ K♠ 5♣ 9♥ 7♦*  (* wild)" in lines
    assert render(state.view(2))[-2] == "Waiting for seat 1 to discard or call."
    plain = Style(colour=False)
    assert tell(state.view(1).log[-1], 1, plain) == "You draw the 7♦ from the stock."
    assert tell(state.view(2).log[-1], 2, plain) == "Seat 1 draws from the stock."
    told = [tell(event, 1, plain) for event in state.view(1).log]
    assert "All the sevens are wild (the seven of spades was turned up)." in told
    assert not any("wild:" in (text or "") for text in told)


def test_calls_last_turns_and_why_the_winner_won() -> None:
    state = deal(Paiute(players=3), [JUNK_0, JUNK_1, "Kc Kd Ks 5c 5d"], stock="3c 5h 9d")
    play(state, 1, "draw stock", "discard 3c")
    play(state, 2, "draw stock", "call")
    lines = render(state.view(0))
    assert "Call by seat 2: K♣ K♦ K♠ 5♣ 5♦ 5♥ - three/three, kings and fives" in lines
    assert "Last turns still to come: you" in lines
    assert "Hint: No combination yet; nearest is royal flush, in hearts: 3 cards away. To call you must " \
           "beat three/three, kings and fives. This is your last turn." in lines
    play(state, 0, "draw stock", "discard 9d")
    lines = render(state.view(0))
    assert lines[-3:] == ["The deal is over.",
                          "Result: seat 2 wins with three/three, kings and fives: no one beat it on their "
                          "last turn",
                          "Settlement: you and seat 1 each pay 1 point to seat 2"]
    assert render(state.view(2))[-2:] == [
        "Result: you win with three/three, kings and fives: no one beat it on their last turn",
        "Settlement: seat 0 and seat 1 each pay 1 point to you"]


@pytest.mark.parametrize(("variants", "paid"), [([], "1 point"), (["ante"], "2 chips"),
                                                (["pay-table"], "4 units")])
def test_the_settlement_says_each_payment_once_in_the_table_s_unit(variants: list[str], paid: str) -> None:
    """The table's own result line gives each seat's total; the settlement says who paid whom, so the
    chips (or points, or units) that change hands are not told twice over."""
    game = Paiute(players=3, variants=variants, **({"ante": 2} if "ante" in variants else {}))
    state = deal(game, [JUNK_0, "Qs Js Ts 9s 5c", JUNK_2], stock="8s")
    play(state, 1, "draw stock", "call 5c")
    play(state, 2, "draw stock", "discard Ad")
    play(state, 0, "draw stock", "discard Ah")
    assert render(state.view(0))[-1] == f"Settlement: you and seat 2 each pay {paid} to seat 1"
    assert render(state.view(1))[-1] == f"Settlement: seat 0 and seat 2 each pay {paid} to you"
    two = deal(Paiute(players=2, variants=variants, **({"ante": 2} if "ante" in variants else {})),
               [JUNK_0, "Qs Js Ts 9s 5c"], dealer=0, stock="8s")
    play(two, 1, "draw stock", "call 5c")
    play(two, 0, "draw stock", "discard Ah")
    assert render(two.view(0))[-1] == f"Settlement: you pay {paid} to seat 1"


def test_a_combination_the_pay_table_sets_at_nothing_reads_as_no_one_paying() -> None:
    """A pay setting may be 0: the settlement then says that no one pays, not that each pays 0."""
    state = deal(Paiute(players=3, variants=["pay-table"], pay_straight_flush=0),
                 [JUNK_0, "Qs Js Ts 9s 5c", JUNK_2], stock="8s")
    play(state, 1, "draw stock", "call 5c")
    play(state, 2, "draw stock", "discard Ad")
    play(state, 0, "draw stock", "discard Ah")
    assert state.outcome == {0: 0, 1: 0, 2: 0}
    why = "the pay table gives nothing for straight flush"
    assert render(state.view(0))[-1] == f"Settlement: no one pays seat 1: {why}"
    assert render(state.view(1))[-1] == f"Settlement: no one pays you: {why}"


def test_the_shared_renderer_finds_this_one_and_colours_suits() -> None:
    state = Paiute(players=2).deal(seed=3)
    assert render_view(state.view(1)) == render(state.view(1))
    coloured = render(state.view(1), Style(colour=True))
    assert any("\x1b[" in line for line in coloured)
    spectator = render(state.view(None))
    assert spectator[0].startswith("Paiute - watching") and not any("Your hand" in line for line in spectator)
