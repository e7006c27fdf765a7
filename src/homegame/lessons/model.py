"""A lesson as data: the lesson files (TOML, one a game) read into plain values, checked as read.

A lesson file names its game and table (players, variants, settings, the learner's seat and what
the other seats are called) and lists its hands. A hand is dealt from a stacked deck, written as
the cards each seat is dealt (``[hands.cards]``: ``you = "Kc Kd Ks 5c 9h"``) and the cards that
come after the deal in order (``then``), or as the whole order of the deck from the top
(``deck``); the cards the file leaves out follow, shuffled by the hand's ``seed``. The other
seats follow scripts of moves (``[hands.bots]``) and then play as the game's own bot. A hand may
also name its ``dealer``, the chips each seat holds (``stacks``), the ``seed`` of its chance (a die,
a shuffle) and what a last hand left it (``[hands.carry]``: a seat in fantasyland). Each of the
learner's decisions in the hand is a step: what to say before (``say``), the move the lesson asks
for (``do``: one move, several, or none for a free choice), what to say after (``then``) and what
to say when another legal move is made (``wrong``). A ``free`` hand is shuffled, has no steps and
plays with hints. ``quiet`` names the fields of the game's view that advise the learner, left
empty while a step asks for a move (the lesson speaks then). The ``[[quiz]]`` entries name the
kinds of question asked after the lesson.

Everything here is checked when the file is read: the game and table (by the game itself), every
card, every move's notation, the counts of cards dealt. A mistake is a :class:`LessonError` that
names the file, the hand and the step. Whether the moves are legal when their turn comes is the
engine's to say: the tests play every lesson through (see :mod:`homegame.lessons.player`).

>>> lesson = load_lesson("paiute")
>>> lesson.title, lesson.game_name, lesson.names[lesson.seat]
('Paiute', 'paiute', 'you')
>>> len(lesson.hands[0].deck) == len(lesson.make_game().deck)
True
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from functools import cache
from importlib import resources
from typing import Any, Final

from homegame.cards import Card, parse_cards
from homegame.engine import Action, Game
from homegame.errors import HomegameError, did_you_mean, shown
from homegame.games import GAMES, game_name, new_game, view_class
from homegame.lessons.seen import seat_cards

__all__ = ["QUIZ_KINDS", "Hand", "Lesson", "LessonError", "Quiz", "Step", "lesson_names", "load_lesson",
           "read_lesson"]

NAMES: Final = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy")
"""What the other seats are called where a lesson does not say (the terminal table's bots' names)."""
QUIZ_KINDS: Final = {
    "allowed": "which of a few moves the rules allow at a moment of a real hand",
    "fouls": "which of a few settings fouls",
    "showdown": "who takes the pot at a showdown of a real hand",
}
"""The kinds of quiz question a lesson may ask, each drawn from real dealt hands."""


class LessonError(HomegameError):
    """A lesson file that cannot be played as written; the message says where and why."""


@dataclass(frozen=True, slots=True)
class Step:
    """One of the learner's decisions: ``say`` before it, the moves ``do`` the lesson asks for
    (the first is the lesson's own path; none: any legal move), ``then`` after it, and ``wrong``
    when the learner takes another legal move."""

    say: str
    do: tuple[Action, ...]
    then: str
    wrong: str


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a lesson: dealt from ``deck`` (``None``: shuffled by ``seed``, a free hand with
    hints), with the other seats' scripted moves and the learner's steps."""

    title: str
    intro: str
    outro: str
    dealer: int
    seed: int
    deck: tuple[Card, ...] | None
    scripts: Mapping[int, tuple[Action, ...]]
    steps: tuple[Step, ...]
    stacks: tuple[int, ...] | None
    carry: Mapping[str, Any]

    @property
    def free(self) -> bool:
        return self.deck is None


@dataclass(frozen=True, slots=True)
class Quiz:
    """A kind of question (:data:`QUIZ_KINDS`), the kind of move it is about where it needs one,
    and its words."""

    kind: str
    action: str
    question: str


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson as its file describes it (see the module)."""

    name: str
    game_name: str
    title: str
    about: str
    players: int
    variants: tuple[str, ...]
    settings: Mapping[str, Any]
    seat: int
    names: tuple[str, ...]
    intro: str
    hands: tuple[Hand, ...]
    quiz: tuple[Quiz, ...]
    quiet: tuple[str, ...] = ()
    """The fields of the game's view that advise the learner, left empty while a step asks for a
    move (Paiute's ``hint``, which may name another card than the lesson does)."""

    def make_game(self) -> Game:
        """The game the lesson is played at."""
        return new_game(self.game_name, players=self.players, variants=self.variants, **self.settings)

    def seat_named(self, name: str) -> int:
        """The seat called ``name`` (``you``: the learner's)."""
        return self.names.index(name)


def lesson_names() -> list[str]:
    """Every lesson there is, by name (its file's name): the games, then the variants' lessons."""
    folder = resources.files(__package__) / "files"
    names = [item.name.removesuffix(".toml") for item in folder.iterdir() if item.name.endswith(".toml")]
    return sorted(names, key=lambda name: (name not in GAMES, name))


@cache
def load_lesson(name: str) -> Lesson:
    """The lesson called ``name`` (a game's name, or a variant's lesson such as ``draw_lowball``;
    hyphens or underscores), read and checked once."""
    key = name.strip().lower().replace("-", "_") if isinstance(name, str) else ""
    known = lesson_names()
    if key not in known:
        raise LessonError(f"no lesson called {shown(name)}{did_you_mean(key, known)}; "
                          f"lessons: {', '.join(known)}")
    text = (resources.files(__package__) / "files" / f"{key}.toml").read_text(encoding="utf-8")
    return read_lesson(key, text)


def read_lesson(name: str, text: str) -> Lesson:
    """The lesson ``text`` (a lesson file's TOML) describes, called ``name``; :class:`LessonError`
    naming the place of the first mistake."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"{name}.toml is not valid TOML: {error}") from None
    reader = _Reader(f"{name}.toml", data)
    try:
        return reader.lesson(name)
    except HomegameError as error:
        if isinstance(error, LessonError):
            raise
        raise LessonError(f"{reader.place}: {error}") from None


class _Reader:
    """Reads one lesson file's data, keeping the place being read for the error messages."""

    def __init__(self, file: str, data: dict[str, Any]) -> None:
        self.file = file
        self.place = file
        self.data = data

    def fail(self, message: str) -> LessonError:
        return LessonError(f"{self.place}: {message}")

    def lesson(self, name: str) -> Lesson:
        data = self.data
        self.only(data, {"game", "title", "about", "players", "you", "names", "variants", "settings", "intro",
                         "hands", "quiz", "quiet"}, required={"game", "title", "about", "players", "hands"})
        game = game_name(data["game"])
        players = self.whole(data, "players")
        variants = tuple(self.texts(data, "variants"))
        settings = self.table(data, "settings")
        seat = self.whole(data, "you", 0)
        if not 0 <= seat < players:
            raise self.fail(f"'you' is a seat from 0 to {players - 1}, not {seat}")
        names = self.names(data, players, seat)
        lesson = Lesson(name, game, self.text(data, "title"), self.text(data, "about"), players, variants,
                        settings, seat, names, self.text(data, "intro", ""), (), ())
        made = lesson.make_game()  # the game refuses a bad table in its own words
        hands = self.list_of(data, "hands")
        if not hands:
            raise self.fail("a lesson has at least one hand")
        read = tuple(self.hand(number, hand, lesson, made) for number, hand in enumerate(hands, 1))
        self.place = self.file
        if not read[-1].free:
            raise self.fail("a lesson ends with a free hand (free = true), played with hints")
        quiz = tuple(self.quiz(number, entry) for number, entry in enumerate(self.list_of(data, "quiz"), 1))
        quiet = tuple(self.texts(data, "quiet"))
        fields = {field.name for field in dataclass_fields(view_class(game))}
        if not set(quiet) <= fields:
            strange = sorted(set(quiet) - fields)
            raise self.fail(f"'quiet' names fields of the {game} view, not {shown(strange)}")
        return Lesson(name, game, lesson.title, lesson.about, players, variants, settings, seat, names,
                      lesson.intro, read, quiz, quiet)

    def names(self, data: dict[str, Any], players: int, seat: int) -> tuple[str, ...]:
        if "names" not in data:
            others = iter(NAMES)
            return tuple("you" if index == seat else next(others) for index in range(players))
        names = tuple(self.texts(data, "names"))
        if len(names) != players or names[seat] != "you" or len(set(names)) != players:
            raise self.fail(f"'names' gives each of the {players} seats a different name, "
                            f"'you' at seat {seat}")
        return names

    def hand(self, number: int, data: Any, lesson: Lesson, game: Game) -> Hand:
        self.place = f"{self.file}, hand {number}"
        if not isinstance(data, dict):
            raise self.fail("a hand is a table of its own ([[hands]])")
        self.only(data, {"title", "intro", "outro", "dealer", "seed", "free", "cards", "deck", "bots",
                         "steps", "stacks", "carry"}, required={"title"})
        self.place = f"{self.file}, hand {number} ({self.text(data, 'title')})"
        dealer = self.whole(data, "dealer", 0)
        if not 0 <= dealer < lesson.players:
            raise self.fail(f"the dealer is a seat from 0 to {lesson.players - 1}, not {dealer}")
        seed = self.whole(data, "seed", number)
        stacks = tuple(self.counts(data, "stacks", lesson.players)) if "stacks" in data else None
        carry = self.table(data, "carry")
        free = data.get("free", False)
        if type(free) is not bool:
            raise self.fail(f"'free' is true or false, not {shown(free)}")
        if free:
            if {"cards", "deck", "bots", "steps"} & set(data):
                raise self.fail("a free hand is shuffled and played freely: no cards, deck, bots or steps")
            return Hand(self.text(data, "title"), self.text(data, "intro", ""), self.text(data, "outro", ""),
                        dealer, seed, None, {}, (), stacks, carry)
        deck = self.deck(data, lesson, game, dealer=dealer, seed=seed, stacks=stacks, carry=carry)
        scripts = self.scripts(data, lesson)
        steps = tuple(self.step(index, step, number, data["title"])
                      for index, step in enumerate(self.list_of(data, "steps"), 1))
        self.place = f"{self.file}, hand {number} ({data['title']})"
        return Hand(self.text(data, "title"), self.text(data, "intro", ""), self.text(data, "outro", ""),
                    dealer, seed, deck, scripts, steps, stacks, carry)

    def deck(self, data: dict[str, Any], lesson: Lesson, game: Game, *, dealer: int, seed: int,
             stacks: tuple[int, ...] | None, carry: dict[str, Any]) -> tuple[Card, ...]:
        if ("cards" in data) == ("deck" in data):
            raise self.fail("a hand that is not free is stacked: give either its 'cards' or its 'deck'")
        if "deck" in data:
            return self.fill(self.cards(" ".join(self.texts(data, "deck")), "deck"), [], game, seed)
        given = self.table(data, "cards")
        unknown = [key for key in given if key != "then" and key not in lesson.names]
        if unknown:
            raise self.fail(f"'cards' names {shown(unknown[0])}, who is not at the table "
                            f"({', '.join(lesson.names)}, and 'then' for the cards after the deal)")
        places = seat_cards(game, dealer=dealer, stacks=stacks, carry=carry)
        order: list[Card | None] = [None] * len(game.deck)
        for name, cards_text in given.items():
            if name == "then":
                continue
            seat = lesson.seat_named(name)
            cards = self.cards(cards_text, f"cards.{name}")
            if len(cards) != len(places[seat]):
                raise self.fail(f"{name} is dealt {len(places[seat])} cards, and 'cards.{name}' "
                                f"gives {len(cards)}")
            for place, card in zip(places[seat], cards, strict=True):
                order[place] = card
        then = self.cards(given.get("then", ""), "cards.then")
        return self.fill(order, then, game, seed)

    def fill(self, order: Sequence[Card | None], then: Sequence[Card], game: Game,
             seed: int) -> tuple[Card, ...]:
        """The whole deck: ``order`` (the places given, ``None`` elsewhere; a shorter list leaves
        the bottom open), its open places taken from the top by ``then``, then by the cards not
        named, shuffled by ``seed``."""
        named = [card for card in [*order, *then] if card is not None]
        missing = list(game.deck)
        for card in named:
            if card not in missing:
                raise self.fail(f"{card} is named twice, or is not in this game's deck")
            missing.remove(card)
        random.Random(seed).shuffle(missing)
        rest = iter([*then, *missing])
        full = [*order, *[None] * (len(game.deck) - len(order))]
        return tuple(card if card is not None else next(rest) for card in full)

    def scripts(self, data: dict[str, Any], lesson: Lesson) -> dict[int, tuple[Action, ...]]:
        bots = self.table(data, "bots")
        scripts = {}
        for name in bots:
            if name not in lesson.names or name == "you":
                raise self.fail(f"'bots' names {shown(name)}, who is not a bot at the table "
                                f"({', '.join(n for n in lesson.names if n != 'you')})")
            moves = self.texts(bots, name)
            scripts[lesson.seat_named(name)] = tuple(self.action(move, f"bots.{name}") for move in moves)
        return scripts

    def step(self, index: int, data: Any, number: int, title: str) -> Step:
        self.place = f"{self.file}, hand {number} ({title}), step {index}"
        if not isinstance(data, dict):
            raise self.fail("a step is a table of its own ([[hands.steps]])")
        self.only(data, {"say", "do", "then", "wrong"}, required={"say"})
        moves = data.get("do", [])
        moves = [moves] if isinstance(moves, str) else self.texts(data, "do")
        return Step(self.text(data, "say"), tuple(self.action(move, "do") for move in moves),
                    self.text(data, "then", ""), self.text(data, "wrong", ""))

    def quiz(self, number: int, data: Any) -> Quiz:
        self.place = f"{self.file}, quiz question {number}"
        if not isinstance(data, dict):
            raise self.fail("a quiz question is a table of its own ([[quiz]])")
        self.only(data, {"ask", "action", "question"}, required={"ask", "question"})
        kind = self.text(data, "ask")
        if kind not in QUIZ_KINDS:
            raise self.fail(f"'ask' is one of {', '.join(QUIZ_KINDS)}, not {shown(kind)}")
        action = self.text(data, "action", "")
        if (kind == "allowed") != bool(action):
            raise self.fail("an 'allowed' question names the kind of move it asks about ('action'); "
                            "no other does")
        return Quiz(kind, action, self.text(data, "question"))

    # -- fields ------------------------------------------------------------------------------------

    def only(self, data: dict[str, Any], allowed: set[str], *, required: set[str]) -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise self.fail(f"unknown field {shown(unknown[0])}{did_you_mean(unknown[0], allowed)}; "
                            f"fields: {', '.join(sorted(allowed))}")
        missing = sorted(required - set(data))
        if missing:
            raise self.fail(f"'{missing[0]}' is missing")

    def text(self, data: dict[str, Any], key: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(f"'{key}' is text, not {shown(value)}")
        return "\n".join(" ".join(part.split()) for part in value.split("\n\n") if part.strip())

    def texts(self, data: dict[str, Any], key: str) -> list[str]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.fail(f"'{key}' is a list of texts, not {shown(value)}")
        return value

    def whole(self, data: dict[str, Any], key: str, default: int | None = None) -> int:
        value = data.get(key, default)
        if type(value) is not int or value < 0:
            raise self.fail(f"'{key}' is a whole number, not {shown(value)}")
        return value

    def counts(self, data: dict[str, Any], key: str, length: int) -> list[int]:
        value = data.get(key)
        if not isinstance(value, list) or len(value) != length or not all(
                type(item) is int and item > 0 for item in value):
            raise self.fail(f"'{key}' gives each of the {length} seats a number of chips, not {shown(value)}")
        return value

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(f"'{key}' is a table of names and values, not {shown(value)}")
        return value

    def list_of(self, data: dict[str, Any], key: str) -> list[Any]:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(f"'{key}' is a list of tables ([[{key}]]), not {shown(value)}")
        return value

    def cards(self, text: Any, key: str) -> list[Card]:
        if not isinstance(text, str):
            raise self.fail(f"'{key}' is cards written as text, not {shown(text)}")
        try:
            return parse_cards(text)
        except HomegameError as error:
            raise self.fail(f"'{key}': {error}") from None

    def action(self, text: str, key: str) -> Action:
        try:
            return Action.parse(text)
        except HomegameError as error:
            raise self.fail(f"'{key}' has {shown(text)}, which is not a move: {error}") from None
