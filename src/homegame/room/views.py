"""What a card-room connection is sent: the table as everyone may see it, and its own seat's view.

:func:`table_json` is the table in public (seats, stacks, whose turn, the clocks, the game being
played); :func:`state_frame` adds what one seat, or a spectator, may know of the hand in play,
straight from the engine's ``view``, and the seat's legal actions when it is to act. Nothing else of
the hand ever leaves the room while it is played.
"""

from __future__ import annotations

import dataclasses
import json
from _json import make_encoder  # json's C encoder, as json.dumps makes it for every call
from collections.abc import Callable, Collection
from functools import cache
from operator import attrgetter
from typing import Any, Final, NamedTuple

from homegame.cards import Card
from homegame.engine.codec import to_json
from homegame.engine.history import Event
from homegame.engine.view import View
from homegame.games import game_class, new_game
from homegame.room.hands import HandInPlay, rate_json
from homegame.room.settle import settle_up
from homegame.room.table import Table

__all__ = ["EventTexts", "closed_frame", "dumps", "game_json", "hand_chips", "ledger_json", "state_frame",
           "state_text", "table_json"]


def game_json(name: str) -> dict[str, Any]:
    """A game as a lobby or the dealer's picker shows it: title, seats, variants in words with what
    they do, settings as a form shows them (:meth:`~homegame.engine.Game.settings_json`), the
    setting that chooses the betting structure the others' ``structures`` name (``None``: none),
    and what a deal can cost where the game scores points (:func:`points_json`)."""
    game = game_class(name)
    return {"name": game.name, "title": game.title, "players": [game.players[0], game.players[-1]],
            "variants": [variant.to_json(name) for name, variant in game.variants.items()],
            "settings": game.settings_json(), "structure_setting": game.structure_setting,
            "points": points_json(name)}


@cache  # the games' own figures: worked out once
def points_json(name: str) -> dict[str, Any] | None:
    """For a game scored in points: ``rate``, the chips a point is worth at a table that leaves it to
    the game, and ``deal_cost``, the most chips one player can lose in one deal at that rate, by the
    number of players (and ``variant_deal_cost``, the same under each variant that changes it);
    ``None`` for a game played for chips.

    >>> points_json("papayoo")["deal_cost"]["4"], points_json("draw")
    (75, None)
    """
    game = game_class(name)

    def costs(variants: tuple[str, ...]) -> dict[str, int] | None:
        found = {players: new_game(name, players=players, variants=variants).deal_cost()
                 for players in game.players}
        return {str(players): cost for players, cost in found.items() if cost is not None} or None

    plain = costs(())
    if plain is None:
        return None
    changed = {variant: cost for variant in game.variants if (cost := costs((variant,))) not in (None, plain)}
    return {"rate": rate_json(game.points_rate), "deal_cost": plain, "variant_deal_cost": changed}


def table_json(table: Table, connected: Collection[int] = (), *,
               tournament: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table as every seat and spectator sees it (``tournament``: the tournament it is one of,
    as everyone sees it)."""
    hand, series = table.hand, table.series
    # A bot plays at the table's level (one stored under older limits was brought within them).
    seats = [None if s is None else {**s.to_json(), "seat": index, "deadline": table.deadlines.get(index),
                                     "on_time_bank": index in table.banking,
                                     "connected": index in connected or s.bot is not None,
                                     "bot": None if s.bot is None else table.config.bot_level}
             for index, s in enumerate(table.seats)]
    return {
        "id": table.id, "name": table.config.name, "phase": table.phase, "button": table.button,
        "chooser": table.chooser, "hands_played": table.hands_played, "seats": seats,
        "wakes_at": table.wakes_at, "closing": table.closing, "bomb_pot_called": table.bomb_pot_called,
        "paused": table.paused, "awaits_start": table.awaits_start,
        "requests": sum(not request.refused for request in table.requests.values()),
        "series": None if series is None else {"game": series.game, "variants": list(series.variants)},
        "hand": None if hand is None else {"number": hand.number, "dealt_seq": hand.dealt_seq,
                                            "game": hand.game.name, "title": hand.game.title,
                                            "seats": list(hand.seats),
                                            "variants": sorted(hand.game.chosen_variants),
                                            "over": hand.state.is_over, **hand_chips(table)},
        "choosable": table.choosable() if table.phase == "choosing" else [],
        "chips": {"bought": sum(table.ledger.bought.values()), "cashed": sum(table.ledger.cashed.values()),
                  "house": table.ledger.house},
        "config": table.config.to_json(),
        "tournament": tournament,
    }


def hand_chips(table: Table, hand: HandInPlay | None = None) -> dict[str, Any]:
    """What ``hand`` (the table's hand by default) moved in chips, for its result: ``chips``, each
    game seat's chips won or lost (``None`` until it is over), and ``points_rate``, the chips a
    point is worth when the game scores points (``None`` for a game played for chips)."""
    hand = hand or table.hand
    assert hand is not None
    rate = table.config.points_rate
    return {"chips": hand.chips_by_seat(rate), "points_rate": hand.points_rate(rate)}


def state_frame(table: Table, seat: int | None, *, public: dict[str, Any], now: float, host: bool = False,
                request: int | None = None) -> dict[str, Any]:
    """The ``state`` message for a connection at ``seat`` (``None``: a spectator), given the
    table's public part (built once per change for every connection); ``host`` when it holds the
    host's token, ``request`` the number of the seat request it made, while the table keeps it."""
    you, view, legal, clock_takes = _seat_parts(table, seat, now=now, request=request, host=host)
    return {"type": "state", "seq": table.seq, "now": now, "table": public, "you": you,
            "view": None if view is None else view.to_json(), "legal": legal, "clock_takes": clock_takes,
            "host": host_json(table) if host else None}


def state_text(table: Table, seat: int | None, *, public: str, now: float, host: bool = False,
               request: int | None = None, log: EventTexts, seen: View | None = None) -> str:
    """:func:`state_frame` as the JSON text a connection is sent (the same text as
    ``json.dumps(state_frame(...), separators=(",", ":"))``), written from parts shared with
    other frames: ``public``, the public table's text, written once per change for every
    connection; the events of the hand's log, each written once a hand (``log``); and ``seen``,
    the spectators' view of the hand as it is now (``table.hand.state.view(None)``), when the
    caller has it: its fields are written once a change (:meth:`EventTexts.public`), and a seat's
    view takes the text of each of its fields equal to the spectators' (most of them: the pot,
    the board, the bets...), writing only the rest (its own cards, its hints). A room writes a
    frame for every seat after every action: the shared parts are most of its text.

    >>> from homegame.room.config import TableConfig
    >>> table = Table.create("t", TableConfig.from_json({"name": "t", "seats": 2, "games": ["draw"]}), at=0.0)
    >>> public = table_json(table)
    >>> text = state_text(table, None, public=dumps(public), now=1.0, log=EventTexts())
    >>> text == dumps(state_frame(table, None, public=public, now=1.0))
    True
    """
    you, view, legal, clock_takes = _seat_parts(table, seat, now=now, request=request, host=host, seen=seen)
    head = dumps({"type": "state", "seq": table.seq, "now": now})[:-1]
    tail = _ONLOOKER_TAIL if legal is None and clock_takes is None and not host else \
        dumps({"legal": legal, "clock_takes": clock_takes, "host": host_json(table) if host else None})[1:]
    return f'{head},"table":{public},"you":{dumps(you)},"view":{_view_text(view, log, seen)},{tail}'


_ONLOOKER_TAIL: Final = '"legal":null,"clock_takes":null,"host":null}'
"""The end of a frame for a connection that is not to act and is not the host's (most of them)."""


def dumps(value: Any) -> str:
    """``value`` as the compact JSON text every frame is sent as: ``json.dumps(value,
    separators=(",", ":"))``, through json's C encoder made once rather than once a call (a
    frame is written in a few dozen pieces).

    >>> dumps({"seat": 1, "cards": ("As", "Kd"), "pot": 2.5, "over": None})
    '{"seat":1,"cards":["As","Kd"],"pot":2.5,"over":null}'
    """
    return "".join(_ENCODE(value, 0))


_ENCODE: Final = make_encoder(None, json.JSONEncoder().default, json.encoder.encode_basestring_ascii, None,
                              ":", ",", False, False, True)


class EventTexts:
    """The JSON text shared by the state frames of a table's connections, kept for one hand at a
    time (:meth:`for_hand`): the hand's log as each seat sees it, each event written the first time
    a view shows it (an event never changes, and every seat's view shows its log again after every
    action, longer by an event or two), and the fields of the spectators' view, written once a
    change (:meth:`public`). Texts are kept with what they were written from, so an object's
    identity stays its own while its text is kept."""

    def __init__(self) -> None:
        self._hand: object = None
        self._texts: dict[int, tuple[Event, str]] = {}
        self._logs: dict[int | None, tuple[int, Event, str]] = {}
        self._seen: tuple[View, tuple[Any, ...], tuple[str, ...]] | None = None

    def for_hand(self, hand: object) -> EventTexts:
        """These texts, forgotten first if they were kept for another hand than ``hand``."""
        if hand is not self._hand:
            self._hand, self._texts, self._logs, self._seen = hand, {}, {}, None
        return self

    def __len__(self) -> int:
        return len(self._texts)

    def text(self, event: Event) -> str:
        kept = self._texts.get(id(event))
        if kept is None or kept[0] is not event:
            kept = self._texts[id(event)] = (event, dumps(event.to_json()))
        return kept[1]

    def log_text(self, seat: int | None, log: tuple[Event, ...]) -> str:
        """The events of ``log``, ``seat``'s view of the hand's log, as the inside of a JSON list:
        what this seat was last shown of it, and the events since."""
        count, last, text = self._logs.get(seat, (0, None, ""))
        if not (0 < count <= len(log) and log[count - 1] is last):
            count, text = 0, ""
        new = [self.text(event) for event in log[count:]]
        if new:
            text = ",".join([text, *new]) if count else ",".join(new)
            self._logs[seat] = (len(log), log[-1], text)
        return text

    def public(self, seen: View) -> tuple[tuple[Any, ...], tuple[str, ...]]:
        """The fields of ``seen``, the spectators' view (what everyone may know), in order, and
        their JSON texts (the log's empty: each seat has its own): written once for the view,
        however many seats' views take them."""
        if self._seen is None or self._seen[0] is not seen:
            fields = _fields_of(type(seen))
            values = fields.get(seen)
            texts = tuple("" if key is None else _text(value)
                          for key, value in zip(fields.keys, values, strict=True))
            self._seen = (seen, values, texts)
        return self._seen[1], self._seen[2]


def _view_text(view: View | None, log: EventTexts, seen: View | None = None) -> str:
    """``view.to_json()`` as JSON text, its log's events written by ``log``, and each field equal
    to that of ``seen`` (the spectators' view of the same moment) given the text of ``seen``'s:
    only ever public text, so nothing of one seat's can reach another through it."""
    if view is None:
        return "null"
    kind = type(view)
    if kind.to_json is not View.to_json:  # a view that writes itself its own way
        return dumps(view.to_json())
    fields = _fields_of(kind)
    values = fields.get(view)
    if seen is None or type(seen) is not kind:
        parts = [key + _text(value) for key, value in zip(fields.keys, values, strict=True)
                 if key is not None]
    else:
        public_values, texts = log.public(seen)
        parts = [key + (text if value is public or _same(value, public) else _text(value))
                 for key, value, public, text in zip(fields.keys, values, public_values, texts, strict=True)
                 if key is not None]
    parts.insert(fields.log_at, f"{_LOG_KEY}[{log.log_text(view.seat, view.log)}]")
    return "{" + ",".join(parts) + "}"


_LOG_KEY: Final = '"log":'


def _same(value: Any, public: Any) -> bool:
    """Whether ``value`` is written as the same text as ``public``: equal, of one type, and a
    dictionary with its keys in the same order (equal dictionaries may differ in order; a view
    builds each field the same way for every seat, so the types within are the same)."""
    kind = type(value)
    return kind is type(public) and value == public and (kind is not dict or list(value) == list(public))


def _text(value: Any) -> str:
    """A view's field as JSON text: the numbers, words and flags of most fields written at once,
    the rest through :func:`_plain`."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is str:
        return _ENCODE_WORD(value)
    if kind is bool or value is None:
        return _WORDS[value]
    return dumps(_plain(value))


_ENCODE_WORD: Final = json.encoder.encode_basestring_ascii  # as ``dumps`` writes a string
_WORDS: Final = {True: "true", False: "false", None: "null"}


def _plain(value: Any) -> Any:
    """:func:`~homegame.engine.codec.to_json` of a view's field, the same data, with the shapes
    views are mostly made of (numbers, words, cards, and tuples, lists and dicts of them) written
    here without a lookup a value; anything else is the codec's."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    if kind is Card:
        return str(value)
    if kind is tuple or kind is list:
        return [_plain(item) for item in value]
    if kind is dict:
        return {str(key): _plain(item) for key, item in value.items()}
    return to_json(value)


_AS_IS: Final = frozenset({int, str, bool, float, type(None)})


class _Fields(NamedTuple):
    """A view class's fields, in order: each one's JSON key (``"name":``; the log's ``None``, its
    text written apart), where the log comes among them, and a getter of all their values at once."""

    keys: tuple[str | None, ...]
    log_at: int
    get: Callable[[View], tuple[Any, ...]]


def _fields_of(kind: type[View]) -> _Fields:
    fields = _FIELDS.get(kind)
    if fields is None:
        names = tuple(field.name for field in dataclasses.fields(kind))
        keys = tuple(None if name == "log" else dumps(name) + ":" for name in names)
        fields = _FIELDS[kind] = _Fields(keys, names.index("log"), attrgetter(*names))
    return fields


_FIELDS: dict[type[View], _Fields] = {}


def _seat_parts(table: Table, seat: int | None, *, now: float, request: int | None, host: bool,
                seen: View | None = None) -> tuple[dict[str, Any], View | None, Any, Any]:
    """What a state frame shows ``seat`` of itself and the hand: ``you``, its view of the hand in
    play (``seen``, the spectators' view, when given and the seat plays no part in the hand), its
    legal actions and what its clock would play (``None`` when not its turn)."""
    hand = table.hand
    occupant = table.seats[seat] if seat is not None else None
    # A seat sees a hand as its player only if that player sat there when it was dealt: whoever
    # sits down after it (in a seat freed between hands) sees it as a spectator does.
    player = None
    if hand is not None and seat is not None and occupant is not None and table.sat_for(seat, hand.number):
        player = hand.player_of(seat)
    opens = table.call_opens_at()
    choosing = seat is not None and seat == table.chooser and opens is not None and now >= opens
    clocked = hand.clocked.get(seat) if hand is not None and player is not None and seat is not None else None
    you = {"seat": seat, "name": occupant.name if occupant else None, "player": player, "to_act": False,
           "choosing": choosing, "clock_chose": clocked, "host": host,
           "request": None if request is None else table.requests[request].to_json(request),
           "out": table.out_why(seat) if seat is not None and occupant is not None else None}
    view = legal = clock_takes = None
    if hand is not None:
        view = seen if player is None and seen is not None else hand.state.view(player)
        if player is not None and player in hand.state.to_act:
            you["to_act"] = True
            legal = hand.state.legal_actions(player).to_json()
            default = hand.state.default_action(player)
            clock_takes = default.to_json() if default is not None else None
    return you, view, legal, clock_takes


def host_json(table: Table) -> dict[str, Any]:
    """What the host's connections see besides the table: the seat requests waiting for an answer
    (the chips asked for at the seats themselves are in the table, for everyone)."""
    return {"requests": [request.to_json(number) for number, request in table.requests.items()
                         if not request.refused]}


def ledger_json(table: Table) -> dict[str, Any]:
    """Who brought and took what, each net, and who pays whom to settle up (the bots' nets are
    the house's: they play its chips)."""
    stacks = table.stacks_by_name()
    return {"lines": table.ledger.to_json(stacks), "adjustments": list(table.ledger.adjustments),
            "settle_up": [transfer.to_json() for transfer in settle_up(table.ledger.settlement(stacks))]}


def closed_frame(table: Table, ledger: dict[str, Any] | None = None) -> dict[str, Any]:
    """The last message of every connection to a table that has closed: its final ledger (a
    tournament's, given as ``ledger``, at one of its tables)."""
    return {"type": "closed", "table": table.id,
            "ledger": ledger if ledger is not None else ledger_json(table)}
