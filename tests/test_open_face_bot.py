"""The Open-Face Monte Carlo bot: it avoids a certain foul, sets fantasyland hands to stay there,
and plays whole hands with legal actions only."""

from __future__ import annotations

from homegame.analysis.chinese import open_face_match
from homegame.bots import RandomBot
from homegame.bots.open_face import GreedyBot, MonteCarloBot, _after, _static, final_score
from homegame.cards import deck, parse_cards
from homegame.engine import Action
from homegame.games._rows import Rows, is_foul, stays_in_fantasyland
from homegame.games.open_face import OpenFace, OpenFaceState


def _rows(text: str) -> Rows:
    return Rows(*(tuple(parse_cards(part)) for part in text.split("|")))


def test_it_will_not_place_a_card_that_fouls_for_certain() -> None:
    mine = parse_cards("Ah 2c Jh Jd 8c 6s 4d 9h 9d 9c 5s Ad Kc")
    theirs = parse_cards("7s 7d 4h Jc Qh 8d 3s 4s Ac As 8s 6c 2h")
    stack = mine[:5] + theirs[:5] + [c for pair in zip(mine[5:], theirs[5:], strict=True) for c in pair]
    state = OpenFace(players=2).deal(deck=stack + [c for c in deck() if c not in stack], dealer=1)
    assert isinstance(state, OpenFaceState)
    plan = ["set Ah 2c | Jh Jd 8c |", "place middle 6s", "place middle 4d", "place back 9h", "place back 9d",
            "place back 9c", "place back 5s"]
    for step in plan:
        state.apply(0, Action.parse(step))
        state.apply(1, state.legal_actions(1)[0])
    assert state.pending[0] == tuple(parse_cards("Ad"))
    choice = MonteCarloBot(seed=3, samples=12).act(state.view(0), state.legal_actions(0))
    assert choice == Action.parse("place back Ad")


def test_a_fantasyland_hand_is_set_to_stay_in_fantasyland() -> None:
    cards = parse_cards("Ah Ad Ac As Kh Kd 7c 7s 2h 5d 9c Jc 3s")
    stack = cards + [c for c in deck() if c not in cards]
    state = OpenFace(players=2).deal(deck=stack, dealer=1, carry={"fantasyland": [0]})
    assert isinstance(state, OpenFaceState) and len(state.pending[0]) == 13
    action = MonteCarloBot(seed=1).act(state.view(0), state.legal_actions(0))
    rows = Rows(*action.groups)
    assert action in state.legal_actions(0) and not is_foul(rows) and stays_in_fantasyland(rows)


def test_finished_rows_are_scored_with_royalties_fantasyland_and_fouls() -> None:
    queens = final_score(_rows("Qh Qd 2c | 9h 9d 9c 5s 5d | As Ks Qs Js Ts"))
    plain = final_score(_rows("Jh Jd 2c | 9h 9d 9c 5s 5d | As Ks Qs Js Ts"))
    assert queens > plain > 0 > final_score(_rows("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))


def test_a_short_match_against_the_random_bot_keeps_the_books_straight() -> None:
    result = open_face_match(3, seed=4, samples=6)
    assert result.hands == 3 and 0 <= result.fouls[0] <= 3
    assert "monte-carlo vs random over 3 hands" in str(result)


def test_the_greedy_placer_takes_the_first_placement_its_judgement_likes_best() -> None:
    """It finds the best opening set without making all 232 actions, and plays the one ``max``
    over the legal actions would (the first of those judged best)."""
    for seed in range(6):
        state = OpenFace(players=2).deal(seed=seed)
        mover = RandomBot(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            rows = Rows(*view.rows.get(seat, ((), (), ())))
            if len(view.pending) < 13:
                assert GreedyBot().act(view, legal) == max(legal, key=lambda a: _static(_after(rows, a)))
            state.apply(seat, mover.act(view, legal))
