"""Paiute against the shared conformance suite, in every variant and scoring mode, plus the hidden
information a Paiute view must keep: other hands and the stock order, through JSON too."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from conformance import check_conformance
from homegame.games.paiute import Paiute, PaiuteState, PaiuteView

VARIANT_SETS = [[], ["denexa"], ["jokers"], ["opposite-colour", "royal-on-top"], ["ante", "denexa"],
                ["pay-table", "jokers", "royal-on-top"]]


def test_conformance_across_every_variant() -> None:
    """Random hands cycling through the variant sets; the costly per-step checks on two of them
    (those checks replay the whole log at every step, and random play makes long hands)."""
    dealt = itertools.count()

    def make_game(players: int) -> Paiute:
        return Paiute(players=players, variants=VARIANT_SETS[next(dealt) % len(VARIANT_SETS)])

    check_conformance(make_game, seeds=range(18), players=(2, 3, 4, 5), deep_every=9)


@pytest.mark.slow
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "default")
def test_conformance_at_length(variants: list[str]) -> None:
    check_conformance(lambda players: Paiute(players=players, variants=variants),
                      seeds=range(100, 124), players=(2, 3, 4, 5), deep_every=6)


def test_views_never_show_other_hands_or_the_stock() -> None:
    for seed in range(6):
        state = Paiute(players=4, variants=["denexa"]).deal(seed=seed)
        assert isinstance(state, PaiuteState)
        chooser = random.Random(seed)
        for _ in range(40):
            seat = state.to_act[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            stock = {str(c) for c in state.table.cards}
            for viewer in (*range(4), None):
                view = state.view(viewer)
                text = json.dumps(view.to_json())
                hidden = {str(c) for s, hand in enumerate(state.hands) if s != viewer for c in hand
                          if not any(c in call.cards for call in view.calls)}
                shown = set(text.replace('"', " ").replace(",", " ").split())
                assert not (hidden | stock) & shown - {str(c) for c in view.wild_cards} - _seen(view)
                assert PaiuteView.from_json(json.loads(text)) == view
            if state.is_over:
                break


def _seen(view: PaiuteView) -> set[str]:
    """Cards this viewer legitimately saw: in the events it may see (a discard taken back, say)."""
    return {token for event in view.log for token in json.dumps(event.to_json()).replace('"', " ").split()}


def test_the_spectator_holds_no_hand_and_gets_no_hint() -> None:
    view = Paiute(players=3).deal(seed=2).view(None)
    assert isinstance(view, PaiuteView)
    assert view.hand == () and view.hint == "" and view.hand_sizes == {0: 5, 1: 5, 2: 5}
