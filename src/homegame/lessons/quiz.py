"""The quiz after a lesson: a few situations of real dealt hands, each answered by the engine.

A lesson's file names the kinds of question (:data:`~homegame.lessons.model.QUIZ_KINDS`); each is
drawn from hands dealt at random and played by the game's bots, at the first moment that makes a
question worth asking:

- ``allowed``: the learner's seat is to act, and of a few moves of the kind the file names, some
  made by changing a card or an amount of a legal one, exactly one is legal. The engine says which
  (``legal_actions``) and why each other is not (``explain_illegal``).
- ``fouls``: the learner's seat is to set or place cards, and of three legal settings exactly one
  fouls, as the game warns (:func:`~homegame.games.foul_warning`).
- ``showdown``: a hand ends with two or more hands shown (the view's ``showdown``, with its
  ``board`` and ``declarations`` where the game has them); the players who came out ahead are
  the answer, with the game's own account of the pot (its ``results``).

>>> from homegame.lessons.model import load_lesson
>>> questions = make_quiz(load_lesson("paiute"), seed=1)
>>> [question.kind for question in questions]
['allowed', 'allowed', 'allowed']
>>> [len(question.answers) for question in questions]
[1, 1, 1]
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from homegame.bots import Bot, ask, make_bot
from homegame.cards import Card, parse_cards
from homegame.engine import Action, GameState, View
from homegame.engine.actions import same_move
from homegame.games import foul_warning
from homegame.lessons.model import Lesson, Quiz
from homegame.lessons.player import without_advice
from homegame.lessons.seen import visible_cards
from homegame.wording import capitalized, listed

__all__ = ["DEALS", "Question", "make_quiz"]

DEALS: Final = 60
"""The most hands dealt in looking for one question's situation."""
CHOICES: Final = 4
"""The most choices a question offers."""
SAMPLED: Final = 40
"""The most legal moves looked at, in a large set of them (the ways to set thirteen cards)."""
ADVICE: Final = ("hint", "low_hint", "advice", "house_rule", "options", "warnings", "my_foul")
"""The fields of the games' views that advise the seat or say what fouls: a question's situation is
shown without them, so that its answer is read from the cards."""


@dataclass(frozen=True, slots=True)
class Question:
    """One question: its ``kind`` and words, the situation (the learner's ``view``; or the
    ``hands`` shown at a showdown, by name, with the ``board`` and each one's notes), the
    ``choices`` (moves as typed, or who wins), the ``moves`` they are (none for a showdown), the
    indexes of the right choices (``answers``) and the engine's reason for each (``reasons``)."""

    kind: str
    question: str
    view: View | None
    hands: tuple[tuple[str, tuple[Card, ...], str], ...]
    board: tuple[Card, ...]
    choices: tuple[str, ...]
    moves: tuple[Action, ...]
    answers: tuple[int, ...]
    reasons: tuple[str, ...]


def make_quiz(lesson: Lesson, *, seed: int) -> list[Question]:
    """The lesson's questions, each drawn from hands dealt from ``seed`` (a question whose
    situation does not come up in :data:`DEALS` hands is left out)."""
    questions = []
    for number, quiz in enumerate(lesson.quiz):
        found = _first(lesson, quiz, random.Random(seed * 1_000 + number))
        if found is not None:
            questions.append(found)
    return questions


def _first(lesson: Lesson, quiz: Quiz, rng: random.Random) -> Question | None:
    ask_kind = {"allowed": _allowed, "fouls": _fouls, "showdown": _showdown}[quiz.kind]
    for state in _hands(lesson, rng, learner_at_random=quiz.kind != "showdown"):
        question = ask_kind(lesson, quiz, state, rng)
        if question is not None:
            return question
    return None


def _hands(lesson: Lesson, rng: random.Random, *, learner_at_random: bool) -> Iterator[GameState[Any]]:
    """Hands of the lesson's game, yielding the state before every move (and once more when the
    hand is over), for :data:`DEALS` hands. The game's bots play; the learner's seat may play at
    random instead, to come to more kinds of decision than a bot's habits would."""
    game = lesson.make_game()
    for _ in range(DEALS):
        state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(lesson.players))
        bots = [make_bot(lesson.game_name, "random", seed=rng.getrandbits(32))
                if seat == lesson.seat and learner_at_random
                else _quick_bot(lesson.game_name, rng) for seat in range(lesson.players)]
        while not state.is_over:
            yield state
            seat = state.to_act[0]
            state.apply(seat, ask(bots[seat], state, seat))
        yield state


def _quick_bot(game: str, rng: random.Random) -> Bot:
    bot = make_bot(game, None, seed=rng.getrandbits(32))
    return bot if bot.quick else make_bot(game, "random", seed=rng.getrandbits(32))


# -- which move is allowed ----------------------------------------------------------------------

def _allowed(lesson: Lesson, quiz: Quiz, state: GameState[Any], rng: random.Random) -> Question | None:
    seat = lesson.seat
    if state.is_over or seat not in state.to_act:
        return None
    legal = state.legal_actions(seat)
    offered = [action for action in _sampled(legal, rng) if action.kind == quiz.action]
    if not offered:
        return None
    own = _held(state, seat)
    wrong = [move for move in dict.fromkeys(_changed(offered, own, legal)) if move not in legal]
    if not wrong:
        return None
    right = rng.choice(offered)
    choices = [right, *rng.sample(wrong, min(CHOICES - 1, len(wrong)))]
    rng.shuffle(choices)
    reasons = [f"{capitalized(state.explain_illegal(seat, move))}." if move is not right
               else "The rules allow it." for move in choices]
    return Question("allowed", quiz.question, _situation(state, seat), (), (), _written(choices, state),
                    tuple(choices), (choices.index(right),), tuple(reasons))


def _changed(offered: list[Action], own: list[Card], legal: Any) -> Iterator[Action]:
    """Moves like the legal ones ``offered`` with one thing changed: another option, an amount one
    past the legal ones, a card swapped for another the seat holds, a card named where none is;
    and, where the legal moves name three or more counts of cards (a draw of up to three), one
    card more than the most."""
    options = {action.option for action in offered} | _OPTIONS.get(offered[0].kind, set())
    amounts = [action.amount for action in offered if action.amount is not None]
    sizes = {len(action.cards) for action in offered}
    for action in offered:
        for option in options - {action.option}:
            yield Action(action.kind, action.amount, action.cards, option, action.groups)
        if action.amount is not None:
            for amount in (min(amounts) - 1, max(amounts) + 1):
                if amount > 0:
                    yield Action(action.kind, amount, action.cards, action.option)
        if action.groups:
            continue
        if not action.cards and sizes != {0}:
            yield from (Action(action.kind, action.amount, (card,), action.option) for card in own)
        for index in range(len(action.cards)):
            for card in own:
                if card not in action.cards:
                    cards = (*action.cards[:index], card, *action.cards[index + 1:])
                    yield Action(action.kind, action.amount, cards, action.option)
        if len(sizes) > 2 and len(action.cards) == max(sizes):
            yield from (Action(action.kind, action.amount, (*action.cards, card), action.option)
                        for card in own if card not in action.cards)


def _held(state: GameState[Any], seat: int) -> list[Card]:
    """The cards ``seat`` holds: its view's ``hand`` where the view has one (a card taken from a
    pile is held and seen by all), else the cards only it can see."""
    view = state.view(seat)
    hand = getattr(view, "hand", None)
    if isinstance(hand, tuple) and hand:
        return list(dict.fromkeys(hand))
    return sorted(visible_cards(view) - visible_cards(state.view(None)))


_OPTIONS: Final = {"draw": {"stock", "pile"}}
"""Options a move may name that a situation's legal moves may lack (the pile, before anyone has
thrown a card on it)."""


# -- which setting fouls --------------------------------------------------------------------------

def _fouls(lesson: Lesson, quiz: Quiz, state: GameState[Any], rng: random.Random) -> Question | None:
    seat = lesson.seat
    if state.is_over or seat not in state.to_act:
        return None
    legal = state.legal_actions(seat)
    if len(legal) < 3:
        return None
    view = state.view(seat)
    warned = [(action, foul_warning(view, action, legal)) for action in _sampled(legal, rng)]
    fouls = [(action, why) for action, why in warned if why]
    fine = [(action, why) for action, why in warned if not why and not any(
        same_move(action, other) for other, _ in fouls)]
    if not fouls or len(fine) < 2:
        return None
    choices = [rng.choice(fouls), *rng.sample(fine, 2)]
    rng.shuffle(choices)
    reasons = [f"This fouls: {why}." if why else "This does not foul." for _, why in choices]
    answer = next(index for index, (_, why) in enumerate(choices) if why)
    moves = [action for action, _ in choices]
    return Question("fouls", quiz.question, _situation(state, seat), (), (), _written(moves, state),
                    tuple(moves), (answer,),
                    tuple(reasons))


def _situation(state: GameState[Any], seat: int) -> View:
    return without_advice(state.view(seat), ADVICE)


def _sampled(legal: Any, rng: random.Random) -> list[Action]:
    if len(legal) <= SAMPLED:
        return list(legal)
    return [legal[index] for index in rng.sample(range(len(legal)), SAMPLED)]


# -- who wins the showdown ----------------------------------------------------------------------------

def _showdown(lesson: Lesson, quiz: Quiz, state: GameState[Any], rng: random.Random) -> Question | None:
    if not state.is_over:
        return None
    seen = state.view(None).to_json()
    shown = {int(seat): parse_cards(" ".join(cards)) for seat, cards in (seen.get("showdown") or {}).items()}
    outcome = state.outcome
    winners = sorted(seat for seat in shown if outcome.get(seat, 0) > 0)
    if len(shown) < 2 or not winners:
        return None
    names = lesson.names
    declared = seen.get("declarations") or {}
    hands = tuple((names[seat], tuple(cards), f"declared {declared[str(seat)]}" if str(seat) in declared
                   else "") for seat, cards in sorted(shown.items()))
    choices = [_who(names[seat]) for seat in sorted(shown)]
    if len(winners) > 1:
        choices.append(capitalized(listed([names[seat] for seat in winners])) + " share it")
        answer = len(choices) - 1
    else:
        answer = sorted(shown).index(winners[0])
    results = [line for line in seen.get("results") or () if isinstance(line, str)]
    account = " ".join(capitalized(_named(line, names)) + "." for line in results)
    reasons = (account,) * len(choices)
    board = tuple(parse_cards(" ".join(seen.get("board") or ())))
    return Question("showdown", quiz.question, None, hands, board, tuple(choices), (), (answer,), reasons)


def _who(name: str) -> str:
    return "You take it" if name == "you" else f"{name} takes it"


def _named(line: str, names: tuple[str, ...]) -> str:
    """An engine sentence with its seats called by the lesson's names."""
    for seat in range(len(names) - 1, -1, -1):
        line = line.replace(f"seat {seat}", names[seat])
    return line.replace("you wins", "you win")


def _written(actions: list[Action], state: GameState[Any]) -> tuple[str, ...]:
    """Moves as they are typed at the game (a ten written 10 where its cards are numbered)."""
    return tuple(action.text(numbered=type(state.game).numbered_cards) for action in actions)
