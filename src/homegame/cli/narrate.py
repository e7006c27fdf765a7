"""The table's log in words: one plain sentence for each event a seat may see, told once.

The engine records what happened as events with JSON data (the hand history); a person reads
sentences. :func:`tell` turns one event into one sentence from a seat's point of view ("You bet 4.",
"Seat 2 draws 3 cards.", "The flop: T♦ 2♣ 3♣."), or ``None`` for an event that says nothing a
player needs (a shuffle, a burned card) or that another sentence already tells (your own draw count
after "You throw away ...").

>>> from homegame.engine import Event
>>> from homegame.render import Style
>>> tell(Event("action", 1, {"action": {"kind": "raise", "amount": 10}}), 0, Style(colour=False))
'Seat 1 raises to 10.'
>>> tell(Event("action", 0, {"action": {"kind": "discard", "cards": ["7c", "4s"]}}), 0, Style(colour=False))
'You throw away 7♣ 4♠.'
>>> tell(Event("award", 0, {"shares": {"0": 7}, "reason": "seat 0 wins 7 because everyone else folded"}),
...      0, Style(colour=False))
'You win 7 because everyone else folded.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from homegame.cards import parse_cards
from homegame.engine import Action, Event
from homegame.render import Style
from homegame.wording import capitalized, counted, seats_as_you, you_form

__all__ = ["doing", "tell"]

Teller = Callable[[Event, str, int | None, Style], str | None]
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_STREETS = {"flop": "The flop", "turn": "The turn", "river": "The river"}


def tell(event: Event, viewer: int | None, look: Style) -> str | None:
    """One sentence telling ``event`` to ``viewer`` (``None``: a spectator), or ``None``; the other
    seats are called by the names ``look`` knows."""
    who = _who(event.seat, viewer)
    teller = _TELLERS.get(event.kind, _plainly)
    try:
        text = teller(event, who, viewer, look)
    except (KeyError, TypeError, ValueError, AttributeError):
        text = _plainly(event, who)  # an event shaped as no teller expects (a new game's) still reads
    return _sentence(look.named(text)) if text else None


def doing(action: Action, look: Style) -> str:
    """What taking ``action`` is, said to the person taking it: ``raise to 12``, ``stand pat``.

    >>> doing(Action("discard"), Style(colour=False)), doing(Action("raise", amount=12), Style(colour=False))
    ('stand pat', 'raise to 12')
    """
    phrase = _action_phrase(action, look, own=True) or _placing_phrase(action, look, own=True) or \
        look.action(action)
    return you_form("you", phrase)[len("you "):]


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return ""
    return "you" if seat == viewer else f"seat {seat}"


def _sentence(text: str) -> str:
    text = text.strip()
    return capitalized(text) + ("" if text.endswith((".", "!", "?")) else ".")


def _cards(cards: Sequence[str] | str, look: Style) -> str:
    return look.cards(parse_cards(cards if isinstance(cards, str) else " ".join(cards)))


def _count(number: int, thing: str) -> str:
    word = _NUMBERS[number] if number < len(_NUMBERS) else str(number)
    return f"{word} {thing}{'' if number == 1 else 's'}"


def _by_seat(value: Mapping[str, Any], viewer: int | None, say: Callable[[Any], str]) -> str:
    """Each seat's item in seat order (the order the page, reading JSON, lists them in too)."""
    seats = sorted((int(seat), item) for seat, item in value.items() if str(seat).isdigit())
    return ", ".join(f"{_who(seat, viewer)} {say(item)}" for seat, item in seats)


def _plainly(event: Event, who: str, viewer: int | None = None, look: Style | None = None) -> str | None:
    """An event no teller knows: its kind, and its data only if it is one short plain value."""
    values = [v for v in event.data.values() if isinstance(v, str | int) and not isinstance(v, bool)]
    detail = f": {values[0]}" if len(values) == 1 == len(event.data) else ""
    return f"{who} {event.kind}{detail}".strip() if who or detail else event.kind


# -- actions ------------------------------------------------------------------------------------

def _action(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    action = Action.from_json(event.data["action"])
    phrase = _action_phrase(action, look, own=event.seat == viewer)
    return you_form(who, phrase) if phrase else None


def _action_phrase(action: Action, look: Style, *, own: bool) -> str | None:
    kind, amount, cards = action.kind, action.amount, look.cards(action.cards)
    simple = {"fold": "folds", "check": "checks", "surrender": "surrenders", "knock": "knocks",
              "bank": "takes the bank", "decline": "declines the bank", "take": "takes the widow",
              "muck": "mucks", "no-straddle": "does not straddle"}
    if kind in simple:
        return simple[kind]
    if amount is not None:
        verbs = {"call": "calls", "bet": "bets", "raise": "raises to", "complete": "completes the bet to",
                 "bring-in": "brings it in for"}
        return f"{verbs.get(kind, kind + 's')} {amount}"
    if kind == "discard":
        return f"throws away {cards}" if action.cards else "stands pat"
    if kind == "draw":
        return None if own or action.option != "stock" else "draws from the stock"
    if kind in ("call", "show") and not action.groups:
        return None  # a Paiute call and a Chinese Poker show are told by the events that follow
    return _placing_phrase(action, look, own=own)


def _placing_phrase(action: Action, look: Style, *, own: bool) -> str | None:
    kind, cards = action.kind, look.cards(action.cards)
    if kind == "pass":
        return f"passes {cards}" if action.cards else "passes"
    if kind == "play":
        return f"plays {cards}"
    if kind == "place":
        return f"places {cards} in the {action.option}"
    if kind == "swap" and len(action.cards) == 2:
        mine, wanted = action.cards
        return f"swaps {look.card(mine)} for {look.card(wanted)} from the widow"
    if kind == "run":
        return "agrees to run the board twice" if action.option == "twice" else "wants the board run once"
    if kind == "declare":
        return f"declares {str(action.option).replace('-', ' ')}"
    rows = " | ".join(look.cards(group) or "-" for group in action.groups)
    if kind == "set":
        return "sets by the house way" if action.option == "house" else f"sets {rows}"
    if kind == "show" and action.groups:
        return f"shows {look.cards(action.groups[0])}, keeping one card face down"
    if kind == "call":
        return f"calls, throwing away {cards}" if action.cards else "calls"
    verb, _, rest = look.action(action).partition(" ")
    return f"{_third_person_verb(verb)} {rest}".rstrip()


def _third_person_verb(verb: str) -> str:
    """``keep`` -> ``keeps``, ``pass`` -> ``passes``: an unknown action's kind as a verb."""
    return verb + ("es" if re.search(r"(ss|sh|ch|x)$", verb) else "s")


# -- everything else, kind by kind ------------------------------------------------------------

def _deal(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    data = event.data
    if "widow" in data:
        return f"{_count(int(data['widow']), 'card')} are dealt face down as the widow"
    if "cards" not in data or data.get("to") == "house":
        return None
    return f"{who} {'are' if who == 'you' else 'is'} dealt {_cards(data['cards'], look)}"


def _posted(event: Event, who: str, viewer: int | None, look: Style) -> str:
    posted = event.data["posted"]
    amounts = set(posted.values())
    bomb = event.kind == "bomb pot"
    if len(amounts) == 1:
        return f"a bomb pot: everyone puts in {amounts.pop()}" if bomb else f"everyone antes {amounts.pop()}"
    return ("a bomb pot: " if bomb else "antes: ") + _by_seat(posted, viewer, str)


def _blind(event: Event, who: str, viewer: int | None, look: Style) -> str:
    return you_form(who, f"posts the {event.kind} of {event.data['amount']}")


def _drew(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    if event.seat == viewer:
        return None  # "You throw away ..." and "You draw ..." already say it
    count = int(event.data["count"])
    return you_form(who, f"draws {_count(count, 'card')}" if count else "stands pat")


def _draw(event: Event, who: str, viewer: int | None, look: Style) -> str:
    data = event.data
    if "card" in data:
        return you_form(who, f"draws the {_cards([data['card']], look)} from the stock")
    return you_form(who, f"draws {_cards(data['cards'], look)}")


def _reveal(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    data = event.data
    if "natural" in data:  # the declarer heard their own declaration when they made it
        return None if who == "you" else f"{who} declares a natural, {str(data['natural']).replace('-', ' ')}"
    if "rows" in data:
        names = data.get("names")
        shown = " / ".join(names) if names else " | ".join(_cards(row, look) for row in data["rows"])
        return you_form(who, f"shows {shown}" + (", a foul" if data.get("foul") else ""))
    if "bank" in data:
        bank = data["bank"]
        banker = "the house" if data["banker"] == "house" else _who(int(data["banker"]), viewer)
        return (f"the hands are shown; the bank ({banker}) set {_cards(bank['two'], look)} | "
                f"{_cards(bank['five'], look)}")
    text = "hands shown: " + _by_seat(data["hands"], viewer, lambda cards: _cards(cards, look))
    if data.get("discards"):
        text += "; thrown away: " + _by_seat(data["discards"], viewer, lambda cards: _cards(cards, look))
    return text


def _award(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    data = event.data
    reason = str(data.get("reason", ""))
    if "units" in data:
        payer = _who(int(data["from"]), viewer)
        units = _count(int(data["units"]), "unit")
        return you_form(payer, f"pays {who} {units}: {seats_as_you(reason, viewer)}")
    if "result" in data:
        return you_form(who, _third_person(reason))
    if data.get("game"):
        return you_form(who, f"wins the game with the {reason}")
    return seats_as_you(reason, viewer) if reason else you_form(who, "wins")


def _third_person(reason: str) -> str:
    """A Pai Gow result reason ("wins both hands: ...", "push, ...") as a verb phrase."""
    if reason.startswith("push"):
        return "pushes" + reason[len("push"):]
    if reason.startswith("foul"):
        return "fouls" + reason[len("foul"):]
    return reason


def _takes(event: Event, who: str, viewer: int | None, look: Style) -> str:
    points = int(event.data["points"])
    return you_form(who, f"takes the trick ({_cards(event.data['cards'], look)}): {_count(points, 'point')}")


def _score(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    data = event.data
    if "royalties" in data:
        if data["foul"]:
            return f"{who}{'r' if who == 'you' else chr(39) + 's'} rows foul"
        total = sum(data["royalties"])
        return you_form(who, f"scores royalties of {total}") if total else None
    points = int(data["points"])
    said = f"{data['reason']}: {counted(points, 'point')}" if points else data["reason"]
    return f"{who} {said}, {data['total']} in this game"


def _papayoo(event: Event, who: str, viewer: int | None, look: Style) -> str:
    card = _cards([event.data["card"]], look)
    return f"the die shows {event.data['suit']}: the {card} is the Papayoo, worth 40 points"


def _paiute_call(event: Event, who: str, viewer: int | None, look: Style) -> str:
    data = event.data
    thrown = f", throwing away the {_cards([data['discarded']], look)}" if data.get("discarded") else ""
    return you_form(who, f"calls {data['combination']}: {_cards(data['cards'], look)}{thrown}")


def _bring_in(event: Event, who: str, viewer: int | None, look: Style) -> str:
    card = _cards([event.data["card"]], look)
    return you_form(who, f"has the low card, the {card}: the bring-in is {event.data['amount']}")


def _by_seat_cards(title: str) -> Teller:
    return lambda event, who, viewer, look: title + _by_seat(
        event.data["cards"], viewer, lambda cards: _cards(cards, look))


def _surrender(event: Event, who: str, viewer: int | None, look: Style) -> str:
    seats = event.data["seats"]
    verb = "surrender" if len(seats) > 1 or viewer in seats else "surrenders"
    return ", ".join(_who(int(seat), viewer) for seat in seats) + " " + verb


def _one_card(phrase: str) -> Teller:
    """A sentence about one card: ``phrase`` with ``{card}`` and the subject's verb first."""
    return lambda event, who, viewer, look: you_form(
        who, phrase.format(card=_cards([event.data["card"]], look)))


def _bank(event: Event, who: str, viewer: int | None, look: Style) -> str | None:
    """Who banks: the house, when every player declined (a player's "bank" told its own)."""
    return "the house banks" if event.data["banker"] == "house" else None


def _carried(chips: int) -> str:
    stay = "stays" if chips == 1 else "stay"
    return f"{counted(chips, 'chip')} that could not be split {stay} in the pot for the next hand"


def _fixed(text: str, *, verb_first: bool = False) -> Teller:
    """A sentence from the event's data; with ``verb_first`` the seat is its subject."""
    if verb_first:
        return lambda event, who, viewer, look: you_form(who, text.format(**event.data))
    return lambda event, who, viewer, look: text.format(**event.data)


_TELLERS: dict[str, Teller] = {
    "action": _action, "deal": _deal, "ante": _posted, "bomb pot": _posted, "small blind": _blind,
    "big blind": _blind,
    "drew": _drew, "draw": _draw, "reveal": _reveal, "award": _award, "takes": _takes, "score": _score,
    "papayoo": _papayoo, "call": _paiute_call, "bring-in": _bring_in, "surrender": _surrender,
    "bank": _bank,
    "chance": lambda *_: None, "burn": lambda *_: None, "outcome": lambda *_: None,
    "show": lambda e, who, v, look: you_form(who, f"shows the {_cards(e.data['cards'], look)} to draw four"),
    "board": lambda e, who, v, look: (f"the second run's {e.data['street']}" if e.data.get("run") == 2 else
                                      _STREETS.get(e.data['street'], e.data['street']))
                                     + f": {_cards(e.data['cards'], look)}",
    "up": _by_seat_cards("up cards: "),
    "shown": _by_seat_cards("shown face up: "),
    "discarded": lambda e, who, v, look: None if e.seat == v else you_form(who, "throws away a hole card"),
    "receive": lambda e, who, v, look: you_form(
        who, f"receives {_cards(e.data['cards'], look)} from {_who(int(e.data['from']), v)}"),
    "passing": lambda e, who, v, look: "cards pass: " + _by_seat(
        e.data["to"], v, lambda taker: f"to {_who(int(taker), v)}"),
    "declarations": lambda e, who, v, look: "declared: " + _by_seat(e.data["sides"], v, str),
    "take": _one_card("takes the {card} from the discard pile"),
    "start pile": lambda e, who, v, look: f"the {_cards([e.data['card']], look)} starts the discard pile",
    "widow": lambda e, who, v, look: f"the widow is face up: {_cards(e.data['cards'], look)}",
    "took": lambda e, who, v, look: you_form(who, f"holds {_cards(e.data['cards'], look)} now"),
    "commission": _fixed("pays the house {amount}: {reason}", verb_first=True),
    "limits doubled": _fixed("bets double from here: {reason}"),
    "wild": _fixed("{wild}"),
    "rebuild": lambda e, who, v, look: f"the stock ran out: the discards become a new stock of "
                                       f"{counted(e.data['stock'], 'card')}",
    "void": _fixed("the deal is void: {reason}"),
    "no contest": _fixed("no contest: {reason}"),
    "passed": _fixed("everyone has passed {count} cards"),
    "carry": lambda e, who, v, look: _carried(e.data["pot"]),
}
