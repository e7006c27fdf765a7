"""Paiute in words: the hint line of a seat, and why an action is refused.

The hint names the best combination a seat holds and whether it can call it now, and if not, why not
("a paiute can only be called on your first turn", "you must beat four/two, nines and kings"). It is
computed from the seat's own cards and the public table only, so it never tells more than the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.engine import Action
from homegame.games.paiute.targets import nearest
from homegame.ranking import Hand
from homegame.ranking.paiute import is_six_card
from homegame.wording import capitalized

if TYPE_CHECKING:
    from homegame.games.paiute.state import PaiuteState

__all__ = ["explain_illegal", "hint_for", "why_not_callable"]

NONE = "no combination"


def why_not_callable(hand: Hand, *, first_turn: bool, best: Hand | None) -> str | None:
    """Why ``hand`` may not be called, or ``None`` if it may.

    >>> from homegame.ranking.paiute import PAIUTE
    >>> from homegame.cards import parse_cards
    >>> pairs = PAIUTE.evaluate(parse_cards("Jc Jd 7h 7s 3d 3h"))
    >>> why_not_callable(pairs, first_turn=False, best=None)
    'a paiute can only be called on your first turn'
    >>> why_not_callable(pairs, first_turn=True, best=PAIUTE.evaluate(parse_cards("Qc Qd Qh 6s 6d 6h")))
    'you must beat three/three, queens and sixes'
    """
    if hand.category.name == NONE:
        return "these cards make no combination"
    if hand.category.name == "paiute" and not first_turn:
        return "a paiute can only be called on your first turn"
    if best is not None and hand.strength <= best.strength:
        return f"you must beat {best.name}"
    return None


def hint_for(state: PaiuteState, seat: int | None) -> str:
    """The hint line of ``seat``: what it holds, and whether (and how) it can call it now."""
    if seat is None:
        return ""
    if state.over:
        return _result_hint(state, seat)
    own_call = next((c for c in state.calls if c.seat == seat), None)
    if own_call is not None:
        waiting = ", ".join(f"seat {s}" for s in state.last_turns or ())
        return f"You called {own_call.hand.name}; " + (f"still to play: {waiting}" if waiting else "")
    if state.last_turns is not None and seat not in state.last_turns:
        waiting = ", ".join(f"seat {s}" for s in state.last_turns)
        return f"You have had your last turn; still to play: {waiting}"
    if seat in state.to_act and state.drawn:
        return _six_card_hint(state, seat)
    return _five_card_hint(state, seat)


def _result_hint(state: PaiuteState, seat: int) -> str:
    if state.winner == seat:
        return f"You won: {state.result_text()}"
    return capitalized(state.result_text())


def _six_card_hint(state: PaiuteState, seat: int) -> str:
    calls = state._calls(seat)
    hand = state.hands[seat]
    if calls:
        best = calls[0]
        if not best.cards:
            combination = state.ranking.six_card(hand, state.wild)
            return f"You hold {combination.name}: call it now (a six-card call keeps all six cards)"
        combination = state.five_without(hand, best.cards[0])
        return f"You hold {combination.name}: call it now, throwing away the {best.cards[0]}"
    whole = state.ranking.evaluate(hand, state.wild)
    if whole.category.name == NONE:
        return _advice(state, seat)
    if not is_six_card(whole) and state.taken is not None:
        return (f"You hold {whole.name}, but only by throwing away the {state.taken} you took from "
                "the pile, which you may not do this turn")
    reason = state.callable(seat, whole)
    return f"You hold {whole.name}, but {reason}; throw away a card"


def _five_card_hint(state: PaiuteState, seat: int) -> str:
    hand = state.hands[seat]
    held = state.ranking.evaluate(hand, state.wild)
    last = ""
    if state.last_turns:
        mine_now = state.last_turns[0] == seat
        last = " This is your last turn." if mine_now else " You have one last turn to come."
    must = f" To call you must beat {state.calls[-1].hand.name}." if state.calls else ""
    if held.category.name == NONE:
        target = nearest(hand, state.wild, state.seen_cards())
        return f"No combination yet; nearest is {target.describe()}." + must + last
    reason = state.callable(seat, held)
    when = "draw, then call it" if seat in state.to_act else "you can call it right after you draw"
    if reason is None:
        return f"You hold {held.name}: {when}." + last
    return f"You hold {held.name}, but {reason}." + last


def _advice(state: PaiuteState, seat: int) -> str:
    """Which card to throw away to stay closest to a combination, for a seat holding six cards."""
    hand, seen = state.hands[seat], state.seen_cards()
    options = []
    for card in dict.fromkeys(hand):
        if card != state.taken:
            rest = list(hand)
            rest.remove(card)
            target = nearest(rest, state.wild, seen)
            options.append((target.key(), card in state.wild, card, target))
    _, _, card, target = min(options, key=lambda option: option[:2])
    return f"No combination yet: throw away the {card} and build toward {target.describe()}"


def explain_illegal(state: PaiuteState, seat: int, action: Action) -> str | None:
    """A clear reason why ``action`` is refused, or ``None`` to fall back on the generic message."""
    if action.kind not in ("draw", "discard", "call"):
        return f"Paiute has no '{action.kind}' action: a turn is 'draw stock' or 'draw pile', " \
               "then 'discard CARD' or a call"
    if action.kind == "draw":
        return _explain_draw(state, action)
    if not state.drawn:
        return "draw first: 'draw stock' (the top of the stock) or 'draw pile' (the top discard)"
    hand = state.hands[seat]
    if len(action.cards) > 1 or (action.kind == "discard" and not action.cards):
        return "name exactly one card to throw away" if action.kind == "discard" else \
            "name at most one card, the one to throw away, when you call"
    if action.cards and action.cards[0] not in hand:
        return f"you do not hold the {action.cards[0]}"
    if action.cards and action.cards[0] == state.taken:
        return f"you took the {state.taken} from the discard pile this turn: throw away a different card"
    if action.kind == "call":
        return _explain_call(state, seat, action)
    return None


def _explain_draw(state: PaiuteState, action: Action) -> str | None:
    if state.drawn:
        return "you have already drawn this turn: now discard a card or call"
    if action.option == "pile" and state.table.top_discard is None:
        return "there is no discard pile yet: draw from the stock"
    if action.option == "stock" and len(state.table) == 0:
        return "the stock is empty: take the top discard"
    if action.option not in ("stock", "pile") or action.cards or action.amount is not None:
        return "draw from the 'stock' or from the 'pile' (the top discard): 'draw stock' or 'draw pile'"
    return None


def _explain_call(state: PaiuteState, seat: int, action: Action) -> str | None:
    hand = state.hands[seat]
    six = state.ranking.six_card(hand, state.wild)
    if not action.cards:
        if six.category.name != NONE:
            return state.callable(seat, six)
        whole = state.ranking.evaluate(hand, state.wild)
        if whole.category.name == NONE:
            return "your six cards make no combination"
        return f"{whole.name} is a five-card combination: call it with 'call CARD', naming the " \
               "sixth card to throw away"
    five = state.five_without(hand, action.cards[0])
    if five.category.name != NONE:
        return state.callable(seat, five)
    reason = f"without the {action.cards[0]} your cards make no five-card combination"
    if six.category.name != NONE:
        reason += f"; {six.name} is a six-card combination: call it with 'call' and keep all six cards"
    return reason
