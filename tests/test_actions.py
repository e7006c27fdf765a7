"""Actions, legal sets and events as values: equality, membership, copies and pickles.

Most of this is also in the modules' doctests; it is here too so that the compiled build, which
runs only ``tests/``, checks it.
"""

from __future__ import annotations

import copy
import pickle

from homegame.cards import parse_cards
from homegame.engine import Action, ActionSet, Amounts, Choices, Event, Subsets

FOLD, CALL = Action("fold"), Action("call", amount=4)


def test_actions_are_equal_and_hash_alike_by_value() -> None:
    cards = tuple(parse_cards("As Kd"))
    assert Action("discard", cards=cards) == Action("discard", cards=cards)
    assert hash(Action("raise", amount=8)) == hash(Action("raise", amount=8))
    assert Action("raise", amount=8) != Action("bet", amount=8)
    assert Action("raise", amount=8) != Action("raise", amount=8, option="x")
    assert len({FOLD, Action("fold"), CALL}) == 2
    assert FOLD != "fold"


def test_membership_in_a_legal_set_checks_each_family_for_what_it_is() -> None:
    legal = ActionSet(Choices([FOLD, CALL]), Amounts("raise", 8, 12),
                      Subsets("discard", parse_cards("As Kd 7c"), (1, 2)))
    assert len(legal) == 2 + 5 + 3 + 3
    assert [legal[0], legal[2], legal[7]] == [FOLD, Action("raise", amount=8), Action("discard", cards=(
        parse_cards("As")[0],))]
    assert Action("raise", amount=10) in legal and Action("raise", amount=13) not in legal
    assert Action("discard", cards=tuple(parse_cards("7c As"))) in legal
    assert Action("discard", cards=tuple(parse_cards("2c"))) not in legal
    assert Action("call", amount=5) not in legal and "fold" not in legal
    assert list(legal)[:2] == [FOLD, CALL] and legal.kinds() == ["fold", "call", "raise", "discard"]
    assert not isinstance((FOLD,), ActionSet) and not isinstance(Amounts("bet", 1, 2), Choices)


def test_actions_and_events_survive_copies_and_pickles() -> None:
    action = Action("set", groups=(tuple(parse_cards("Ah Kd")), tuple(parse_cards("2c"))))
    event = Event("deal", 1, {"cards": ["As", "Kd"]}, private_to=(1,))
    for value in (action, event, FOLD):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert Action.from_json(action.to_json()) == action and Event.from_json(event.to_json()) == event
