"""The lesson player: one lesson played hand by hand, the engine dealing and deciding everything.

The player deals each hand of a lesson from its stacked deck, lets the other seats play (their
scripted moves while they are legal, then the game's own bot), and stops at each of the learner's
decisions with the step's words. The learner's move goes to the engine like any player's: an
illegal one is refused with the engine's reason and changes nothing; a legal one that is not the
move the step asks for is taken, played on to the learner's next decision so its consequence shows,
explained, and then taken back (:meth:`LessonPlayer.back`) or kept (:meth:`LessonPlayer.keep`: the
rest of that hand is played freely, with hints). The last hand is a free one, with hints.

Where a lesson has come to is a :class:`Progress`: the hand, every move of it so far and the
stage. A face keeps the player itself (the terminal) or only the progress, from which the player
is rebuilt exactly by replaying the moves through the engine (a browser, through the room).

>>> from homegame.lessons.model import load_lesson
>>> player = LessonPlayer(load_lesson("paiute"))
>>> player.screen().stage
'intro'
>>> player.start()
>>> screen = player.screen()
>>> screen.stage, screen.asked[0] in screen.legal
('play', True)
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from homegame.bots import ask, make_bot
from homegame.engine import Action, ActionSet, GameState, IllegalAction, View
from homegame.engine.actions import same_move
from homegame.errors import HomegameError, shown
from homegame.lessons.model import Hand, Lesson, LessonError, Step, load_lesson

__all__ = ["STAGES", "LessonPlayer", "Progress", "Screen", "without_advice"]

STAGES: Final = ("intro", "play", "wrong", "over", "done")
"""A lesson's stages: a hand's words before it starts, the learner's decisions, a move off the
lesson's path waiting to be taken back or kept, the end of a hand, the end of the lesson."""
MOST_MOVES: Final = 2_000
"""The most moves a hand's progress may hold: far more than any hand of the book takes."""
FREE_DECISION: Final = ("Your call: play it as you think best. The hint shows what the game's bot "
                        "would do.")
OFF_PATH: Final = "You left the lesson's path in this hand: play it out as you like, with hints."


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a lesson has come to: the ``hand`` (its index; ``len(hands)`` once done), every move
    of it so far as ``(seat, action)``, the ``stage`` (:data:`STAGES`), whether the learner
    ``kept`` a move off the lesson's path in this hand, and the ``seed`` of the free hand."""

    hand: int = 0
    moves: tuple[tuple[int, Action], ...] = ()
    stage: str = "intro"
    kept: bool = False
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "moves": [[seat, action.to_json()] for seat, action in self.moves],
                "stage": self.stage, "kept": self.kept, "seed": self.seed}

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """The progress :meth:`to_json` wrote; :class:`LessonError` saying what is wrong otherwise."""
        if not isinstance(data, dict) or set(data) != {"hand", "moves", "stage", "kept", "seed"}:
            raise LessonError("a lesson's progress is an object of hand, moves, stage, kept and seed")
        hand, moves, stage, kept, seed = (data[key] for key in ("hand", "moves", "stage", "kept", "seed"))
        if type(hand) is not int or not 0 <= hand <= 100 or type(kept) is not bool or stage not in STAGES:
            raise LessonError(f"a progress has a hand number, a stage of {', '.join(STAGES)} and kept as "
                              "true or false")
        if type(seed) is not int or not 0 <= seed < 2**32:
            raise LessonError(f"a progress's seed is a whole number from 0 to 2**32 - 1, not {shown(seed)}")
        if not isinstance(moves, list) or len(moves) > MOST_MOVES or not all(
                isinstance(move, list) and len(move) == 2 and type(move[0]) is int for move in moves):
            raise LessonError(f"a progress's moves are at most {MOST_MOVES} pairs of a seat and an action")
        try:
            read = tuple((seat, Action.from_json(action)) for seat, action in moves)
        except HomegameError as error:
            raise LessonError(f"a move of the progress is not an action: {error}") from None
        return cls(hand, read, stage, kept, seed)


@dataclass(frozen=True, slots=True)
class Screen:
    """What the learner is shown now: the stage, the hand (``number`` of ``hands``, its
    ``title``), the lesson's words (``texts``, marked up as :func:`~homegame.lessons.seen.pieces`
    reads), the learner's view, the legal moves while the learner is to act, the moves the step asks
    for (``asked``; empty for a free choice), whether hints are on (``hints``), the step (``step``
    of ``steps``; 0 outside the steps) and the move off the lesson's path (``wrong``)."""

    stage: str
    number: int
    hands: int
    title: str
    texts: tuple[str, ...]
    view: View | None
    legal: ActionSet | None = None
    asked: tuple[Action, ...] = ()
    hints: bool = False
    step: int = 0
    steps: int = 0
    wrong: Action | None = None


class LessonPlayer:
    """A lesson being played (see the module); ``strict`` refuses a scripted move the engine does
    not allow (the tests), instead of letting the game's bot play for that seat."""

    def __init__(self, lesson: Lesson | str, progress: Progress | None = None, *,
                 strict: bool = False) -> None:
        self.lesson = load_lesson(lesson) if isinstance(lesson, str) else lesson
        self.game = self.lesson.make_game()
        self.strict = strict
        self.progress = progress or Progress()
        if self.progress.hand > len(self.lesson.hands) or (
                self.progress.hand == len(self.lesson.hands)) != (self.progress.stage == "done"):
            raise LessonError(f"this lesson has {len(self.lesson.hands)} hands: its progress is past them")
        self.state: GameState[Any] | None = self._replayed()

    # -- the learner's commands ------------------------------------------------------------------

    def start(self) -> None:
        """Begin the hand whose words are shown: the others play up to the learner's decision."""
        self._expect("intro")
        self._advance("play")

    def act(self, action: Action) -> None:
        """Take the learner's move: :class:`IllegalAction` (nothing changes) if the rules refuse
        it; a legal move the step does not ask for is taken and waits to be taken back or kept."""
        self._expect("play")
        state = self._state()
        step = self.current_step()
        state.apply(self.lesson.seat, action)
        moves = (*self.progress.moves, (self.lesson.seat, action))
        on_path = step is None or not step.do or any(same_move(action, asked) for asked in step.do)
        self.progress = replace(self.progress, moves=moves)
        self._advance("play" if on_path else "wrong")

    def back(self) -> None:
        """Take back the move off the lesson's path, and what the others did after it."""
        self._expect("wrong")
        moves = self.progress.moves[:self._last_learner_move()]
        self.progress = replace(self.progress, moves=moves, stage="play")
        self.state = self._replayed()

    def keep(self) -> None:
        """Keep the move off the lesson's path: the hand goes on freely, with hints."""
        self._expect("wrong")
        self.progress = replace(self.progress, kept=True)
        self._advance("play")

    def next_hand(self) -> None:
        """Go on from a hand that is over to the next one (or to the end of the lesson)."""
        self._expect("over")
        following = self.progress.hand + 1
        done = following == len(self.lesson.hands)
        self.progress = replace(self.progress, hand=following, moves=(), kept=False,
                                stage="done" if done else "intro")
        self.state = self._replayed()

    def hint(self) -> Action:
        """What the game's own bot would play for the learner now (from the learner's view only)."""
        self._expect("play")
        return ask(make_bot(self.game.name, "best", seed=self._seed()), self._state(), self.lesson.seat)

    # -- what the learner sees -------------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        index = self.progress.hand
        return self.lesson.hands[index] if index < len(self.lesson.hands) else None

    def current_step(self) -> Step | None:
        """The step of the learner's decision now (or of the move waiting to be taken back);
        ``None`` past the hand's steps, in a free hand, or once the learner kept a move."""
        hand = self.hand
        if hand is None or self.progress.kept:
            return None
        taken = self._learner_moves()
        index = taken - 1 if self.progress.stage == "wrong" else taken
        return hand.steps[index] if index < len(hand.steps) else None

    def screen(self) -> Screen:
        """What to show the learner now."""
        hand, stage = self.hand, self.progress.stage
        if hand is None or self.state is None:
            return Screen("done", len(self.lesson.hands), len(self.lesson.hands), "The end of the lesson",
                          (f"That is {self.lesson.title}: you have played every part of it.",), None)
        view = self.state.view(self.lesson.seat)
        number = self.progress.hand + 1
        common = {"number": number, "hands": len(self.lesson.hands), "title": hand.title, "view": view,
                  "steps": len(hand.steps)}
        if stage == "intro":
            first = [self.lesson.intro] if number == 1 and self.lesson.intro else []
            return Screen("intro", texts=_texts(*first, hand.intro), hints=hand.free, **common)
        if stage == "over":
            return Screen("over", texts=_texts(self._then_before(), hand.outro), hints=hand.free, **common)
        step = self.current_step()
        learner = self._learner_moves()
        if stage == "wrong":
            wrong = self.progress.moves[self._last_learner_move()][1]
            asked = step.do if step else ()
            words = step.wrong if step and step.wrong else "That is not the move this step asks for."
            return Screen("wrong", texts=_texts(words), asked=asked, wrong=wrong, step=learner, **common)
        legal = self.state.legal_actions(self.lesson.seat)
        if step is None:
            words = OFF_PATH if self.progress.kept else FREE_DECISION
            return Screen("play", texts=_texts(self._then_before(), words), legal=legal, hints=True, **common)
        if step.do and self.lesson.quiet:
            common["view"] = without_advice(view, self.lesson.quiet)
        return Screen("play", texts=_texts(self._then_before(), step.say), legal=legal, asked=step.do,
                      hints=not step.do, step=learner + 1, **common)

    # -- inside ------------------------------------------------------------------------------------

    def _expect(self, stage: str) -> None:
        if self.progress.stage != stage:
            raise LessonError(f"the lesson is at its {self.progress.stage!r} stage, not {stage!r}")

    def _state(self) -> GameState[Any]:
        assert self.state is not None, "the lesson is over"
        return self.state

    def _learner_moves(self) -> int:
        return sum(seat == self.lesson.seat for seat, _ in self.progress.moves)

    def _last_learner_move(self) -> int:
        return max(index for index, (seat, _) in enumerate(self.progress.moves) if seat == self.lesson.seat)

    def _then_before(self) -> str:
        """The words after the learner's last step of this hand, if its move was on the path."""
        hand, taken = self.hand, self._learner_moves()
        if hand is None or self.progress.kept or not 0 < taken <= len(hand.steps):
            return ""
        return hand.steps[taken - 1].then

    def _replayed(self) -> GameState[Any] | None:
        """The hand of the progress, dealt and played through its moves (the engine checks each)."""
        hand = self.hand
        if hand is None:
            return None
        progress = self.progress
        seed = progress.seed if hand.deck is None else hand.seed
        state = self.game.deal(deck=hand.deck, seed=seed, dealer=hand.dealer, stacks=hand.stacks,
                               carry=hand.carry)
        for number, (seat, action) in enumerate(progress.moves):
            try:
                state.apply(seat, action)
            except IllegalAction as error:
                raise LessonError(f"move {number + 1} of this hand's progress is refused: {error}") from None
        if progress.stage == "play" and not state.is_over and self.lesson.seat not in state.to_act:
            raise LessonError("this hand's progress stops where the learner is not to act")
        if progress.stage == "over" and not state.is_over:
            raise LessonError("this hand's progress says it is over, and it is not")
        return state

    def _advance(self, stage: str) -> None:
        """Let the other seats play up to the learner's next decision or the end of the hand; the
        lesson is then at ``stage`` (``over`` once the hand has ended, unless a move waits to be
        taken back)."""
        state = self._state()
        learner = self.lesson.seat
        moves = list(self.progress.moves)
        while not state.is_over and any(seat != learner for seat in state.to_act):
            seat = next(seat for seat in state.to_act if seat != learner)
            action = self._bot_move(state, seat, moves, on_path=stage != "wrong")
            state.apply(seat, action)
            moves.append((seat, action))
        if state.is_over and stage == "play":
            stage = "over"
        self.progress = replace(self.progress, moves=tuple(moves), stage=stage)

    def _bot_move(self, state: GameState[Any], seat: int, moves: Sequence[tuple[int, Action]], *,
                  on_path: bool) -> Action:
        """The seat's scripted move while its script lasts and the rules allow it (a strict player
        refuses one they do not while the learner is ``on_path``), else what the game's own bot
        plays."""
        hand = self._hand()
        script = hand.scripts.get(seat, ())
        played = sum(mover == seat for mover, _ in moves)
        if played < len(script) and not self.progress.kept:
            scripted = script[played]
            if scripted in state.legal_actions(seat):
                return scripted
            if self.strict and on_path:
                why = state.explain_illegal(seat, scripted)
                who = self.lesson.names[seat]
                raise LessonError(f"hand {self.progress.hand + 1} ({hand.title}): {who}'s scripted move "
                                  f"{scripted} is refused: {why}")
        return ask(make_bot(self.game.name, None, seed=self._seed(len(moves))), state, seat)

    def _hand(self) -> Hand:
        hand = self.hand
        assert hand is not None, "the lesson is over"
        return hand

    def _seed(self, moves: int | None = None) -> int:
        """A seed for a bot's decision: the same for the same hand and moment, so that a lesson
        plays the same way each time."""
        hand = self._hand()
        base = self.progress.seed if hand.free else hand.seed
        count = len(self.progress.moves) if moves is None else moves
        return zlib.crc32(f"{self.lesson.name}/{self.progress.hand}/{base}/{count}".encode())


def without_advice(view: View, fields: Sequence[str]) -> View:
    """``view`` with those of its ``fields`` that advise the seat (a view's ``hint`` in Paiute,
    the ways marked as fouls in Pai Gow) left empty: where a step asks for a move the lesson
    speaks, and advice pointing elsewhere would only confuse; a quiz's situation asks the learner
    to read the cards.

    >>> import homegame
    >>> view = homegame.new_game("paiute", players=3).deal(seed=1).view(1)
    >>> bool(view.hint), without_advice(view, ["hint", "options"]).hint
    (True, '')
    """
    empty: dict[str, Any] = {}
    for name in fields:
        value = getattr(view, name, None)
        if isinstance(value, str | tuple):
            empty[name] = type(value)()
        elif value is not None:
            empty[name] = None
    return replace(view, **empty) if empty else view


def _texts(*texts: str) -> tuple[str, ...]:
    return tuple(text for text in texts if text)
