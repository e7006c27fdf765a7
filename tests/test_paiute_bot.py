"""The Paiute heuristic bot: legal play everywhere (the counting bot's too), the first-turn paiute,
calls that must beat, discards away from its target, and a clear edge over random play."""

from __future__ import annotations

import pytest

from homegame.bots import RandomBot
from homegame.bots.paiute import BOTS, CountingBot, PaiuteBot
from homegame.engine import Action
from homegame.games.paiute import DRAW_PILE, DRAW_STOCK, Paiute, PaiuteState
from paiute_helpers import deal, play

JUNK_1, JUNK_2, JUNK_0 = "Ac 4d 6h 8s Tc", "Ad 4h 6s 8c Td", "Ah 4s 6c 8d Th"


def bot_move(state: PaiuteState, seat: int) -> Action:
    action = PaiuteBot(seed=seat).act(state.view(seat), state.legal_actions(seat))
    state.apply(seat, action)
    return action


def test_the_bot_is_registered_by_name() -> None:
    assert BOTS["heuristic"] is PaiuteBot


@pytest.mark.parametrize("bot", [PaiuteBot, CountingBot])
@pytest.mark.parametrize("variants", [[], ["denexa"], ["jokers", "royal-on-top"], ["opposite-colour"]])
def test_bots_play_legal_moves_to_the_end(bot: type[PaiuteBot], variants: list[str]) -> None:
    for seed in range(4):
        players = 2 + seed
        state = Paiute(players=players, variants=variants).deal(seed=seed, dealer=seed % players)
        bots = [bot(seed=seat) for seat in range(players)]
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        assert state.is_over and sum(state.outcome.values()) == 0


def test_the_bot_takes_the_discard_that_makes_a_first_turn_paiute_and_calls_it() -> None:
    state = deal(Paiute(players=3, variants=["denexa"]), [JUNK_0, "Jc Jd 7h 7s 3d", JUNK_2], pile="3h")
    assert bot_move(state, 1) == DRAW_PILE
    assert bot_move(state, 1) == Action("call")
    assert state.view(2).calls[0].combination == "paiute, jacks, sevens and threes"


def test_on_its_last_turn_the_bot_takes_the_sure_call_that_beats_the_best_shown() -> None:
    ana, ben, cy = "Qh Qd 6s 6h 7d", "Kc Kd Ks 5c 9h", "Jh Js 4c 4d 8h"
    state = deal(Paiute(players=3), [ana, ben, cy], turned="7s", stock="5d 8c 6d")
    play(state, 1, "draw stock", "discard 9h")
    play(state, 2, "draw stock", "call")
    # Q Q 6 6 and a wild seven: the 9h on the pile makes a first-turn paiute that beats Cy's.
    assert bot_move(state, 0) == DRAW_PILE
    assert bot_move(state, 0) == Action("call")
    assert state.winner == 0 and state.view(0).calls[-1].combination == "paiute, queens, nines and sixes"


def test_the_bot_throws_away_the_card_that_helps_least() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "Kc Kd Ks 5c 9h", JUNK_2], turned="7s", stock="5d")
    assert bot_move(state, 1) == DRAW_STOCK
    assert bot_move(state, 1) == Action.parse("discard 9h")


def test_the_bot_keeps_a_wild_card_it_draws() -> None:
    state = deal(Paiute(players=3), [JUNK_0, "Kc Kd Ks 5c 9h", JUNK_2], turned="7s", stock="7d")
    bot_move(state, 1)
    thrown = bot_move(state, 1)
    assert thrown.kind == "discard" and str(thrown.cards[0]) != "7d"
    assert "7d" in [str(c) for c in state.view(1).hand]


def test_the_bot_beats_random_players() -> None:
    won = 0
    for seed in range(30):
        state = Paiute(players=3).deal(seed=seed, dealer=seed % 3)
        bots = {0: PaiuteBot(seed=seed), 1: RandomBot(seed=seed), 2: RandomBot(seed=seed + 1)}
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        won += isinstance(state, PaiuteState) and state.winner == 0
    assert won >= 25
