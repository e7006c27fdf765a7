"""The ``hint`` at the table: the play the project's bots or solvers choose from the seat's view,
and why, in every game.

Betting decisions are explained by the numbers the betting bots use (the hand's rating and the pot
odds, :mod:`homegame.bots.betting`); draws, discards and passes by what the bot keeps; settings by
the solvers (Chinese Poker's setting solver, Pai Gow's house way and best-value setter, the
Open-Face Monte Carlo player). Only the view and the legal actions are used, as for any bot.

>>> import homegame
>>> from homegame.render import Style
>>> state = homegame.new_game("draw", players=3).deal(seed=2)
>>> seat = state.to_act[0]
>>> action, text = advise(state.view(seat), state.legal_actions(seat), Style(colour=False))
>>> action in state.legal_actions(seat), text.startswith("Hint: ")
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from homegame.bots import make_bot
from homegame.bots.betting import BettingBot, explain_bet
from homegame.cards import Card
from homegame.cli.choices import Offer, same_action
from homegame.cli.narrate import doing
from homegame.engine import Action, ActionSet, View
from homegame.render import Style

__all__ = ["advise", "hint_in_menu"]

Adviser = Callable[[Any, ActionSet, Style], tuple[Action, str]]
BETTING = frozenset({"fold", "check", "call", "bet", "raise", "complete", "bring-in"})


def advise(view: View, legal: ActionSet, look: Style) -> tuple[Action, str]:
    """The play the bots or solvers choose for the seat ``view`` belongs to, and
    ``Hint: <the play> - <why>``."""
    from homegame.games import family_of

    family = family_of(view.game)
    adviser = _ADVISERS.get(family, _bots_play)
    if BETTING & set(legal.kinds()) and family in _BETTING_GAMES:
        adviser = _betting
    action, why = adviser(view, legal, look)
    return action, f"Hint: {doing(action, look)} - {why}"


def hint_in_menu(hinted: Action, note: str, menu: list[Offer], look: Style) -> tuple[str, list[Offer]]:
    """The advice ``note`` with the number of the hinted play among the choices, and the menu with
    that play as a choice of its own where none of the menu's is it."""
    number = next((n for n, o in enumerate(menu, 1) if o.action and same_action(o.action, hinted)), 0)
    if not number:
        menu = [*menu, Offer(f"{look.action(hinted)}  (the hint)", hinted)]
        number = len(menu)
    return f"{note} (choice {number})", menu


def _bot(view: View) -> Any:
    return make_bot(view.game, seed=0)


def _bots_play(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    bot = _bot(view)
    return bot.act(view, legal), f"the {bot.name} bot's play"


def _betting(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    bot: BettingBot = _bot(view)
    rating, odds = bot.read_bet(view)
    return explain_bet(legal, rating, odds)


# -- draws, discards, passes --------------------------------------------------------------------

def _draw(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    action = _bot(view).act(view, legal)
    kept = [card for card in view.hand if card not in action.cards]
    if not action.cards:
        return action, f"your hand ({view.hint}) is made: drawing could only spoil it"
    return action, f"keep {look.cards(kept)} and draw {len(action.cards)} (you hold {view.hint})"


def _pineapple(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    action = _bot(view).act(view, legal)
    kept = [card for card in view.hole if card not in action.cards]
    where = "with the board" if view.board else "before the flop"
    if len(kept) == 1:
        return action, f"{look.cards(kept)} is the best hole card to keep {where}"
    return action, f"{look.cards(kept)} are the best two hole cards to keep {where}"


def _whiskey(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    from homegame.bots.whiskey import best_trade
    from homegame.ranking import evaluate

    action = _bot(view).act(view, legal)
    held = view.hint
    if view.phase == "widow":
        trade = best_trade(view.hand, view.widow, legal)
        if trade is None:
            return action, f"no trade with the widow improves {held}"
        after = [trade.cards[1] if card == trade.cards[0] else card for card in view.hand] \
            if trade.kind == "swap" else list(view.widow)
        return action, f"it turns {held} into {evaluate(after).name}"
    reasons = {"knock": f"{held} is already a made hand: knocking ends the trading",
               "take": f"{held} is not worth keeping: the unseen widow is likelier to be better",
               "pass": f"{held} is worth keeping, but not yet worth knocking on"}
    return action, reasons.get(action.kind, "the heuristic bot's play")


def _anaconda(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    from homegame.bots.anaconda import high_rating, keep_for_pass, low_rating

    action = _bot(view).act(view, legal)
    if view.phase in ("pass1", "pass2"):
        kept = keep_for_pass(view.hand)
        return action, f"keep {look.cards(kept)}, the four that best serve one plan (high or low)"
    if view.phase == "declare":
        high, low = high_rating(view.hand), low_rating(view.hand)
        return action, f"your high hand rates {high:.2f} and your low {low:.2f} (0 to 1)"
    return action, "show the four that give least away, keeping the telling card face down"


def _paiute(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    """The bot's play, then the seat's own hint as a sentence of its own: the hint is the engine's
    text, names and cards as it writes them, so it is never changed to fit into another sentence."""
    action = _bot(view).act(view, legal)
    why = ""
    if action.kind == "draw" and view.top_discard is not None:
        top = look.card(view.top_discard)
        if action.option == "pile":
            wild = view.top_discard in view.wild_cards
            why = f"the {top} {'is wild' if wild else 'brings your hand closer than a blind draw'}"
        else:
            why = f"the {top} does not help your hand"
    elif action.kind == "discard":
        why = ("of your cards it is the one whose loss leaves the best chance of a combination within "
               "your next two draws, counting every card you have not seen")
    said = [part for part in (why, _facts_beside(view.hint, action)) if part]
    return action, ". ".join(said) or "the counting bot's play"


_THROW_AWAY: Final = re.compile(r"throw(?:ing)? away the (\S+?)(?=[ ,;.]|$)")


def _facts_beside(hint: str, action: Action) -> str:
    """The seat's own hint, but for its advice to throw away another card than ``action`` does
    (the view's hint reckons the nearest combination; the counting bot looks two draws ahead):
    then only what the hint says of the hand before its advice, so the two never disagree.

    >>> from homegame.cards import parse_cards
    >>> discard = Action("discard", cards=tuple(parse_cards("5d")))
    >>> _facts_beside("No combination yet: throw away the 2h and build toward a flush", discard)
    'No combination yet'
    >>> _facts_beside("No combination yet: throw away the 5d and build toward a flush", discard)
    'No combination yet: throw away the 5d and build toward a flush'
    """
    named = _THROW_AWAY.findall(hint)
    if action.kind != "discard" or not action.cards or not named or str(action.cards[0]) in named:
        return hint
    return hint.split(":")[0]


def _papayoo(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    action = _bot(view).act(view, legal)
    if view.phase == "pass":
        return action, "these are the cards most likely to cost you points: sevens, high cards, short suits"
    card = action.cards[0]
    if not view.trick:
        return action, "of the cards you may lead, it is the least likely to take a trick with points"
    led = view.trick[0].card.suit
    if card.suit is not led:
        return action, "you cannot follow suit: shed the card most likely to cost you points later"
    best = max(p.card.rank for p in view.trick if p.card.suit is led)
    if card.rank < best:
        return action, f"it stays under the trick's best card ({best}), so you do not take the trick"
    return action, "you cannot stay under the trick's best card: take it with the card that costs least"


# -- settings -----------------------------------------------------------------------------------

def _chinese(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    from homegame.bots.chinese import show_or_surrender, solve
    from homegame.games._naturals import natural_named
    from homegame.games._rows import ROW_NAMES, row_name

    if view.phase == "surrender":
        action, showing, cost = show_or_surrender(view)
        return action, (f"showing your rows is worth {showing:+.2f} chips (expected, against the "
                        f"opponents who set rows); surrendering costs {cost}")
    best = solve(view.hand)
    for name in view.available_naturals:
        natural = natural_named(name, view.hand)
        if natural is not None and natural.payment > best.value:
            return Action("declare", option=name), (
                f"the natural pays {natural.payment} units from each opponent, more than the best "
                f"setting's {best.value:+.2f}")
    named = "; ".join(f"{ROW_NAMES[i]} {row_name(i, row)}" for i, row in enumerate(best.rows))
    return Action("set", groups=tuple(best.rows)), (
        f"the solver's best of the {best.candidates:,} settings whose rows rise ({named}), worth "
        f"{best.value:+.2f} units per opponent against a typical field")


def _open_face(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    from homegame.bots.open_face import FOUL_SCORE, MonteCarloBot

    bot = MonteCarloBot(seed=0)
    if len(view.pending) == 13:
        return bot.act(view, legal), "the solver's setting, counting royalties and staying in fantasyland"
    ranked = bot.ranked(view, legal)
    (action, score), others = ranked[0], ranked[1:]
    runner = f"; next best, {doing(others[0][0], look)}: {others[0][1]:+.1f}" if others else ""
    return action, (f"it scores {score:+.1f} on average over {bot.samples} simulated finishes of your rows "
                    f"(the bot's own measure: royalties, a bonus for reaching fantasyland, {FOUL_SCORE:+.0f} "
                    f"for a foul){runner}")


def _pai_gow(view: Any, legal: ActionSet, look: Style) -> tuple[Action, str]:
    from homegame.bots.pai_gow import FastSetter
    from homegame.games.pai_gow import BANK, house_way_rule

    if BANK in legal:
        return BANK, "the bank wins every tie (a 'copy'), so the bots always take it"
    wheel = "wheel-second" in view.variants
    house, rule = house_way_rule(view.cards, wheel_second=wheel)
    best = FastSetter(wheel_second=wheel).best(view.cards)
    house_text = f"the house way ({rule}) sets {_split(house.two, house.five, look)}"
    if set(best.split.two) == set(house.two):
        return Action("set", groups=(house.two, house.five)), (
            f"{house_text}, and it is also the best by value ({best.value:+.3f} a unit against a "
            "house-way banker)")
    return Action("set", groups=(best.split.two, best.split.five)), (
        f"the best by value ({best.value:+.3f} a unit against a house-way banker, estimated); {house_text}")


def _split(two: tuple[Card, ...], five: tuple[Card, ...], look: Style) -> str:
    return f"{look.cards(two)} | {look.cards(five)}"


_BETTING_GAMES = frozenset({"draw", "soko", "pineapple", "whiskey", "anaconda"})
_ADVISERS: dict[str, Adviser] = {
    "draw": _draw, "pineapple": _pineapple, "whiskey": _whiskey, "anaconda": _anaconda,
    "paiute": _paiute, "papayoo": _papayoo, "chinese": _chinese, "open_face": _open_face,
    "pai_gow": _pai_gow,
}
