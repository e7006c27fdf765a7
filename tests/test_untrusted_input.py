"""Input from outside is refused with homegame's own error and changes nothing: the reproducers of
the hardening audit, one by one (the property-based sweep over every entry point is in
test_untrusted_fuzz.py)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

import homegame
from homegame import Action, GameError, HomegameError, IllegalAction, ReplayError, parse_cards
from homegame.cards import card
from homegame.cli import main
from homegame.engine.game import MAX_CHIPS
from homegame.engine.history import History
from toy_game import Duel, DuelState

SEAT_LOOKALIKES = [1.0, True, "1", None, [1], (1,), {"seat": 1}]


def _draw_state() -> Any:
    return homegame.new_game("draw", players=3).deal(seed=1)


def _snapshot(state: Any) -> str:
    views = [state.view(seat).to_json() for seat in [None, *range(state.players)]]
    return json.dumps({"history": state.history.to_json(), "views": views}, sort_keys=True)


# -- seats ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", SEAT_LOOKALIKES)
def test_apply_refuses_a_seat_that_only_looks_like_one(seat: object) -> None:
    state = _draw_state()
    to_act = state.to_act[0]
    action = state.legal_actions(to_act)[0]
    before = _snapshot(state)
    with pytest.raises(IllegalAction, match="a seat is a whole number"):
        state.apply(seat, action)
    assert _snapshot(state) == before
    state.apply(to_act, action)  # the hand goes on as if nothing had been tried
    assert state.history.events[-1].seat == to_act or state.history.of_kind("action")


def test_a_float_seat_no_longer_corrupts_the_hand_through_the_legal_action_cache() -> None:
    state = _draw_state()
    seat = state.to_act[0]
    legal = state.legal_actions(seat)  # fills the cache under the int seat
    with pytest.raises(IllegalAction):
        state.apply(float(seat), legal[0])
    assert all(type(event.seat) is not float for event in state.history.events)
    state.apply(seat, legal[0])
    assert homegame.replay(state.history.to_json()).history == state.history


def test_pai_gow_refuses_seat_zero_as_a_float() -> None:
    state = homegame.new_game("pai_gow", players=2).deal(seed=3)
    with pytest.raises(IllegalAction):
        state.apply(0.0, state.legal_actions(0)[0])
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[0])
    assert homegame.replay(state.history.dumps()).outcome == state.outcome


@pytest.mark.parametrize("game", ["draw", "whiskey", "paiute", "papayoo"])
def test_view_of_seat_minus_one_is_refused_instead_of_showing_the_last_seat(game: str) -> None:
    state = homegame.new_game(game, players=3).deal(seed=2)
    with pytest.raises(IllegalAction, match="there is no seat -1"):
        state.view(-1)
    for seat in (3, 1.0, True, "0", [0]):
        with pytest.raises(IllegalAction):
            state.view(seat)


@pytest.mark.parametrize("seat", [-1, 3, *SEAT_LOOKALIKES[:-1]])
def test_legal_actions_and_explain_illegal_refuse_bad_seats(seat: object) -> None:
    state = _draw_state()
    if seat is None:
        with pytest.raises(IllegalAction):
            state.legal_actions(seat)
        return
    with pytest.raises(IllegalAction):
        state.legal_actions(seat)
    with pytest.raises(IllegalAction):
        state.explain_illegal(seat, Action("fold"))


def test_explain_illegal_answers_for_any_seat_of_the_table() -> None:
    state = _draw_state()
    seat = state.to_act[0]
    waiting = (seat + 1) % 3
    assert "is not to act" in state.explain_illegal(waiting, Action("fold"))
    assert "is not an action" in state.explain_illegal(seat, {"kind": "fold"})
    assert state.explain_illegal(seat, state.legal_actions(seat)[0]).endswith("is allowed now")


class _BrokenDuelState(DuelState):
    def _apply(self, seat: int, action: Action) -> None:
        self.history.add("half-done", seat)
        raise RuntimeError("a bug in a game")


class _BrokenDuel(Duel):
    def start(self, deck: list[Any], **kwargs: Any) -> _BrokenDuelState:
        return _BrokenDuelState(self, deck, **kwargs)


def test_a_failing_action_leaves_no_event_behind() -> None:
    state = _BrokenDuel(players=2).deal(seed=1)
    events = list(state.history.events)
    with pytest.raises(RuntimeError):
        state.apply(state.to_act[0], Action("keep"))
    assert state.history.events == events


# -- actions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fields", [
    {"kind": "bet", "amount": 2.0}, {"kind": "bet", "amount": True}, {"kind": "bet", "amount": "2"},
    {"kind": 5}, {"kind": ""}, {"kind": "x" * 33}, {"kind": None},
    {"kind": "discard", "cards": (49,)}, {"kind": "discard", "cards": [card("As")]},
    {"kind": "discard", "cards": ("As",)}, {"kind": "set", "groups": ((card("As"),), [card("Kd")])},
    {"kind": "set", "groups": (("As",),)}, {"kind": "draw", "option": 3}, {"kind": "draw", "option": ""},
])
def test_an_action_refuses_mistyped_fields(fields: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        Action(**fields)


def test_no_limit_draw_refuses_a_float_bet_and_still_replays() -> None:
    state = homegame.new_game("draw", players=3, limit="no").deal(seed=1)
    seat = state.to_act[0]
    with pytest.raises(IllegalAction):
        state.apply(seat, Action("bet", amount=2.0))
    bet = next(a for a in state.legal_actions(seat) if a.kind == "bet")
    state.apply(seat, bet)
    assert all(type(chips) is int for chips in state.view(None).stacks.values())
    homegame.replay(state.history.dumps())


@pytest.mark.parametrize("data", [
    None, [], "fold", {"amount": 2}, {"kind": "fold", "extra": 1}, {"kind": "discard", "cards": "As"},
    {"kind": "discard", "cards": [1]}, {"kind": "set", "groups": ["As"]}, {"kind": "bet", "amount": 1.5},
])
def test_action_from_json_refuses_malformed_data(data: Any) -> None:
    with pytest.raises(HomegameError):
        Action.from_json(data)


@pytest.mark.parametrize("text", [None, 5, "", "   ", "bet " + "9" * 5000, "discard Zz"])
def test_action_parse_refuses_what_it_cannot_read(text: Any) -> None:
    with pytest.raises(HomegameError):
        Action.parse(text)


def test_membership_of_an_unhashable_object_is_false() -> None:
    state = homegame.new_game("papayoo", players=4).deal(seed=1)
    legal = state.legal_actions(state.to_act[0])
    assert [] not in legal and {"kind": "pass"} not in legal and None not in legal


# -- histories ------------------------------------------------------------------------------------

def _finished_history() -> dict[str, Any]:
    state = homegame.new_game("draw", players=3).deal(seed=4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    data: dict[str, Any] = state.history.to_json()
    return data


def _without(mapping: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if k != key}


def _with_event(history: dict[str, Any], kind: str, change: Any) -> dict[str, Any]:
    events = [dict(e) for e in history["events"]]
    index = next(i for i, e in enumerate(events) if e["kind"] == kind)
    events[index] = change(events[index])
    return {**history, "events": events}


def _malformed_histories() -> list[tuple[str, Any]]:
    good = _finished_history()
    header = good["header"]
    cases: list[tuple[str, Any]] = [(f"no {key}", {**good, "header": _without(header, key)})
                                    for key in ("deck", "game", "players")]
    cases += [(f"{key} of the wrong type", {**good, "header": {**header, key: value}})
              for key, value in [("game", 5), ("variants", "lowball"), ("settings", []), ("deck", ["As"]),
                                 ("stacks", "100"), ("carry", [1]), ("players", True), ("dealer", 0.0)]]
    cases += [
        ("an action event without its action",
         _with_event(good, "action", lambda e: {**e, "data": {}})),
        ("an action event with no seat", _with_event(good, "action", lambda e: {**e, "seat": None})),
        ("a private_to that is not a list", _with_event(good, "deal", lambda e: {**e, "private_to": 0})),
        ("a chance event with no outcome",
         {**good, "events": [*good["events"], {"kind": "chance", "seat": None, "data": {}}]}),
        ("a seat of the wrong type", _with_event(good, "action", lambda e: {**e, "seat": "0"})),
        ("deep nesting", "[" * 100_000 + "]" * 100_000),
        ("deep nesting inside an event",
         json.dumps(good)[:-2] + ', {"kind": "x", "seat": null, "data": {"a": ' + "[" * 50_000 + "]" * 50_000
         + "}}]}"),
        ("not JSON", "{"), ("not an object", [1, 2]), ("no events", {"header": header}),
        ("events not a list", {**good, "events": {}}),
        ("an unknown game", {**good, "header": {**header, "game": "go fish"}}),
        ("a bad deck", {**good, "header": {**header, "deck": "As As"}}),
        ("a refused action", _with_event(good, "action", lambda e: {**e, "data": {"action": {"kind": "x"}}})),
    ]
    return cases


@pytest.mark.parametrize(("case", "history"), _malformed_histories(), ids=lambda v: v if isinstance(v, str)
                         and len(v) < 60 else "")
def test_replay_turns_every_malformed_history_into_a_replay_error(case: str, history: Any) -> None:
    with pytest.raises(ReplayError):
        homegame.replay(history)
    if not isinstance(history, str) or history.startswith("{"):
        with contextlib.suppress(ReplayError):
            History.from_json(history)


def test_a_good_history_still_replays() -> None:
    good = _finished_history()
    assert homegame.replay(json.dumps(good)).history.to_json() == good


# -- configuration --------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "settings"), [
    (("draw", True), {}), (("pai_gow", True), {}), (("draw", 3.0), {}), ((5, 3), {}), ((None, 3), {}),
    (("draw", 3), {"variants": "lowball"}), (("draw", 3), {"variants": [5]}),
    (("draw", 3), {"variants": None}),
    (("draw", 3), {"stack": 2**63}), (("draw", 3), {"stack": MAX_CHIPS + 1}), (("draw", 3), {"ante": 1.5}),
    (("draw", 3), {"ante": True}), (("draw", 3), {"ante": "²"}), (("draw", 3), {"limit": 5}),
    (("whiskey", 3), {"orbits": 10**9}), (("papayoo", 4), {"deals": 0}),
])
def test_new_game_refuses_mistyped_arguments(args: tuple[Any, Any], settings: dict[str, Any]) -> None:
    name, players = args
    with pytest.raises(GameError):
        homegame.new_game(name, players, **settings)


@pytest.mark.parametrize("kwargs", [
    {"seed": [1]}, {"seed": 1.5}, {"seed": True}, {"dealer": True}, {"dealer": 3}, {"dealer": "0"},
    {"stacks": [100, 100]}, {"stacks": [100, 100, 2**63]}, {"stacks": [100, 100, -1]},
    {"stacks": [100, 100, True]}, {"stacks": "100"}, {"carry": {"pot": 5}}, {"carry": [1]},
    {"carry": {1: 2}}, {"deck": 5}, {"deck": ["As"]}, {"deck": "As"},
])
def test_deal_refuses_mistyped_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(HomegameError):
        homegame.new_game("draw", players=3).deal(**kwargs)


def test_the_largest_stacks_still_make_a_playable_hand() -> None:
    state = homegame.new_game("draw", players=3, limit="no").deal(seed=1, stacks=[MAX_CHIPS] * 3)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[len(legal) - 1])
    assert sum(state.outcome.values()) == 0


@pytest.mark.parametrize("value", [None, 5, [None], [1], {"As": 1}, b"As"])
def test_cards_from_anything_but_text_or_a_list_of_cards_are_refused(value: Any) -> None:
    with pytest.raises(homegame.CardError):
        parse_cards(value)
    with pytest.raises(homegame.CardError):
        card(value)


def test_whiskey_checks_its_chips_carry() -> None:
    game = homegame.new_game("whiskey", players=3, variants=["chips"])
    game.deal(seed=1, carry={"chips": {"0": 5, "1": 4, "2": 0}})
    for chips in ({"0": 5, "1": 4}, {"0": 5, "1": 4, "2": 6}, {"0": 5, "1": 4, "2": -1},
                  {"0": 5, "1": 4, "2": True}, [5, 5, 5], {0: 5, 1: 5, 2: 5}):
        with pytest.raises(GameError, match="Whiskey Poker carry"):
            game.deal(seed=1, carry={"chips": chips})
    with pytest.raises(GameError, match="Whiskey Poker carry"):
        homegame.new_game("whiskey", players=3).deal(seed=1, carry={"chips": {"0": 5, "1": 5, "2": 5}})


def test_open_face_and_paiute_carries_refuse_bools_and_repeats() -> None:
    with pytest.raises(GameError):
        homegame.new_game("open_face", players=2).deal(seed=1, carry={"fantasyland": [True]})
    with pytest.raises(GameError):
        homegame.new_game("open_face", players=2).deal(seed=1, carry={"fantasyland": [0, 0]})
    with pytest.raises(GameError):
        homegame.new_game("paiute", players=2).deal(seed=1, carry={"wins": [True, 0]})


def test_draw_with_one_player_holding_chips_is_a_game_error() -> None:
    with pytest.raises(GameError, match="at least two players with chips"):
        homegame.new_game("draw", players=3).deal(seed=1, stacks=[0, 0, 50])


def test_pai_gow_refuses_stacks_below_the_wager() -> None:
    game = homegame.new_game("pai_gow", players=2, wager=20)
    with pytest.raises(GameError, match="every seat wagers 20 chips: seat 1 holds fewer"):
        game.deal(seed=1, stacks=[100, 0])
    game.deal(seed=1, stacks=[20, 20])


def test_a_player_bank_is_offered_only_to_a_seat_that_covers_every_wager() -> None:
    game = homegame.new_game("pai_gow", players=3, variants=["player-banks"], wager=20)
    state = game.deal(seed=1, stacks=[39, 40, 100], dealer=0)
    assert state.to_act == (1,)
    state.apply(1, Action("decline"))
    assert state.to_act == (2,)


# -- the command line -----------------------------------------------------------------------------

def test_rank_refuses_more_jokers_than_a_deck_holds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "Jk Jk Jk Jk Jk"]) != 0
    assert "5 jokers: a deck holds at most 2" in capsys.readouterr().err
    assert main(["rank", "Jk Jk As Ks Qs"]) == 0


def test_open_face_match_refuses_zero_samples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chinese", "open-face", "--samples", "0", "--hands", "2"]) != 0
    assert "at least one sample" in capsys.readouterr().err
