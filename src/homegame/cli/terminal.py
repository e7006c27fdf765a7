"""Playing at a terminal: a session of hands against bots (or friends taking turns at one keyboard).

A session is a :class:`~homegame.engine.match.Match`: stacks, the button and what a hand leaves to
the next (a carried pot, fantasyland, a game's running scores) go from hand to hand, the running
totals are on screen, and the session's totals are printed when it ends, however it ends.

On a person's turn the table draws their view, the log of the hand in sentences and the numbered
choices (:mod:`homegame.cli.screen`), and reads an answer (:mod:`homegame.cli.choices`). At any
prompt ``help`` or ``?`` says what can be typed, ``rules`` shows the rules, and ``q`` (or Ctrl-D,
or Ctrl-C) leaves, after a confirmation in the middle of a hand; at an action prompt ``hint`` gives
the advice of the game's bots or solvers (:mod:`homegame.cli.advice`). A setting that fouls is
taken only once confirmed: the game says whether it fouls, the table only asks. Only views and
legal actions reach the people and the bots.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from homegame.bots import Bot, ask
from homegame.cards import Card
from homegame.cli.advice import advise, hint_in_menu
from homegame.cli.choices import Filling, Offer, offers, understand
from homegame.cli.help import action_help, question_help, yes_no_help
from homegame.cli.narrate import doing, tell
from homegame.cli.screen import Frame, TableConsole
from homegame.engine import Action, ActionSet, Game, GameState, IllegalAction, View
from homegame.engine.action_sets import Arrangements, Subsets
from homegame.engine.match import Match
from homegame.games import foul_warning
from homegame.render import Style, render_view
from homegame.wording import capitalized, counted

__all__ = ["BOT_NAMES", "Quit", "Summary", "Table", "welcome"]

BOT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy")
"""The bots' names at the table: a bot keeps its name when others leave and seats renumber."""
QUIT_WORDS = frozenset({"q", "quit", "exit", "leave"})
HELP_WORDS = frozenset({"help", "?", "h"})


def welcome(game: Game, seat: int) -> str:
    """The first line of a session: the game as chosen (its variants named in words) and the
    reader's seat.

    >>> from homegame.games import new_game
    >>> welcome(new_game("draw", players=2, variants=["wild-rank", "lowball"]), 0).split(". ")[0]
    'Basic Draw Poker (Wild cards of a chosen rank, Lowball): you are seat 0'
    """
    chosen = [variant.label for name, variant in game.variants.items() if name in game.chosen_variants]
    variants = f" ({', '.join(chosen)})" if chosen else ""
    return (f"{type(game).title}{variants}: you are seat {seat}. Type ? for help, hint for advice, "
            "rules for the rules, q to leave the table.")


class Quit(Exception):
    """The person at the keyboard left the table."""


@dataclass(frozen=True, slots=True)
class Summary:
    """How a session ended: hands played, and each player's standing as a line of text."""

    hands: int
    text: str


class Table:
    """A session of ``game`` at a terminal: ``seats[i]`` is a bot, or ``None`` for a person.

    ``seed`` makes the session's shuffles repeat; ``decks`` stacks the first hands' decks (for
    tests and teaching), the hands after them being shuffled.
    """

    def __init__(self, game: Game, seats: Sequence[Bot | None], console: TableConsole, *,
                 seed: int | None = None, decks: Iterable[Sequence[Card]] = ()) -> None:
        self.game = game
        self.console = console
        self.look = replace(console.look, numbered=type(game).numbered_cards)
        humans = sum(bot is None for bot in seats)
        bots = iter(BOT_NAMES)
        self.names = [next(bots) if bot is not None else "you" if humans == 1 else f"player {seat}"
                      for seat, bot in enumerate(seats)]
        self.bots = dict(zip(self.names, seats, strict=True))
        self.match = Match(self._game_for, self.names, stacks=game.stack_each, seed=seed)
        self.decks = iter(decks)
        self.news: list[str] = []
        self.input_ended = False

    def _game_for(self, players: int) -> Game:
        if players == self.game.player_count:
            return self.game
        variants = sorted(self.game.chosen_variants)
        return type(self.game)(players=players, variants=variants, **self.game.config)

    # -- the session --------------------------------------------------------------------------------

    def play(self, hands: int | None = None) -> Summary:
        """Deal hands until ``hands`` are played, someone leaves, or a person declines another."""
        try:
            while hands is None or self.match.hands_played < hands:
                state = self.match.deal(deck=next(self.decks, None))
                seating = list(self.match.seating)
                self._play_hand(state, seating)
                self.match.settle(state)
                more = hands is None or self.match.hands_played < hands
                if not self._after_hand(state, seating, more):
                    break
        except Quit:
            if self.match.in_hand:
                self.console.say("You left in the middle of a hand: it does not count.")
        summary = self.summary()
        self.console.say(self.look.bold(summary.text))
        return summary

    def summary(self) -> Summary:
        """The session's standing: chips (or points) and the change since the start, per player."""
        played = self.match.hands_played
        unit = "deal" if self.game.score_is_penalty else "hand"
        heading = f"Totals after {counted(played, unit)}"
        if self.game.score_is_penalty:
            heading = f"Points taken in {counted(played, 'deal')} (fewer is better)"
        return Summary(played, f"{heading}: {', '.join(self._standing(list(self.match.totals)))}")

    def _standing(self, names: Sequence[str]) -> list[str]:
        totals = self.match.totals
        if self.game.score_is_penalty:
            return [f"{name} {totals[name]}" for name in names]
        if self.match.chips:
            return [f"{name} {self.match.stacks.get(name, 0)} ({totals[name]:+d})" for name in names]
        return [f"{name} {totals[name]:+d}" for name in names]

    def _status(self, seating: Sequence[str]) -> str:
        played = self.match.hands_played
        what = "points taken, fewer is better" if self.game.score_is_penalty else (
            "chips" if self.match.chips else "running total")
        seats = " · ".join(f"seat {seat} {part}" for seat, part in enumerate(self._standing(seating)))
        return f"Session, {played} {'hand' if played == 1 else 'hands'} played ({what}): {seats}"

    def _after_hand(self, state: GameState[Any], seating: Sequence[str], more: bool) -> bool:
        """Tell the result; say who left; ask for another hand. False ends the session."""
        self.news = [self._result_line(state, seating)]
        left = [name for name in seating if name not in self.match.seating]
        self.news += ["You are out of chips and leave the table." if name == "you" else
                      f"{capitalized(name)} is out of chips and leaves the table." for name in left]
        if state.ends_game:
            self.news.append("That was the last deal of this game; the next deal starts a new one.")
        humans = [seat for seat, name in enumerate(seating) if self.bots[name] is None]
        viewer = humans[0] if humans else None
        over = "you" in left or len(self.match.seating) < self.game.players[0]
        if over:
            self.news.append("The session is over: " + (
                "you have no chips left." if "you" in left else "too few players are left to deal."))
        screen = self._screen(state, viewer, seating, ())
        if not humans or not more or over:
            self.console.show(screen(""))
            return more and not over
        question = "Play a new game? [Y/n] " if state.ends_game else "Another hand? [Y/n] "
        return self._yes_no(question, default=True, yes="deal the next hand", no="end the session",
                            screen=screen, mid_hand=False)

    def _result_line(self, state: GameState[Any], seating: Sequence[str]) -> str:
        outcome = state.outcome
        if self.game.score_is_penalty:
            parts = ", ".join(f"{name} {outcome.get(seat, 0)}" for seat, name in enumerate(seating))
            return f"Deal {self.match.hands_played}, points taken (fewer is better): {parts}."
        parts = ", ".join(f"{name} {outcome.get(seat, 0):+d}" for seat, name in enumerate(seating))
        bank = int(outcome.get("bank", 0))
        return f"Hand {self.match.hands_played}: {parts}" + (f", the house {bank:+d}." if bank else ".")

    # -- one hand -------------------------------------------------------------------------------

    def _play_hand(self, state: GameState[Any], seating: Sequence[str]) -> None:
        while not state.is_over:
            for seat in state.to_act:
                if state.is_over or seat not in state.to_act:
                    break
                bot = self.bots[seating[seat]]
                if bot is None:
                    self._human_turn(state, seat, seating)
                else:
                    self._bot_turn(state, seat, bot)

    def _bot_turn(self, state: GameState[Any], seat: int, bot: Bot) -> None:
        while True:
            try:
                action = ask(bot, state, seat)
                break
            except KeyboardInterrupt:
                self._leave(mid_hand=True)
        state.apply(seat, action)

    def _human_turn(self, state: GameState[Any], seat: int, seating: Sequence[str]) -> None:
        view, legal = state.view(seat), state.legal_actions(seat)
        menu = offers(legal, view, self.look)
        screen = self._screen(state, seat, seating, menu)
        note = ""
        while True:
            text = self._answer(screen, "> ", words=_words(menu, self.look), note=note, mid_hand=True,
                                help_text=action_help(menu, self.game.name, self.look))
            if text.lower() == "hint":
                note, menu = self._hint(view, legal, menu)
                screen = self._screen(state, seat, seating, menu)
                continue
            reading = understand(text, menu, legal)
            if isinstance(reading, str):
                note = reading
                continue
            action = self._fill(reading, screen) if isinstance(reading, Offer) else reading
            note = "" if action is None else self._take(state, seat, view, action, screen)
            if action is not None and not note:
                return

    def _hint(self, view: View, legal: ActionSet, menu: list[Offer]) -> tuple[str, list[Offer]]:
        """The advice, and the menu with the advised play as a choice (added if it is not one)."""
        hinted, note = advise(view, legal, self.look)
        return hint_in_menu(hinted, note, menu, self.look)

    def _fill(self, offer: Offer, screen: Callable[[str], Frame]) -> Action | None:
        """Ask for what a template lacks, one question at a time; ``None`` goes back."""
        filling = Filling(offer, self.look)
        note = ""
        while filling.question is not None:
            question = filling.question
            text = self._answer(screen, question, words=_words([offer], self.look),
                                help_text=question_help(question), note=note, mid_hand=True)
            if not text:
                return None
            note = filling.take(text)
        return filling.action()

    def _take(self, state: GameState[Any], seat: int, view: View, action: Action,
              screen: Callable[[str], Frame]) -> str:
        """Apply ``action`` (a foul only once confirmed); returns why it was not taken, or ``""``."""
        warning = foul_warning(view, action, state.legal_actions(seat))
        if warning:
            note = self.look.bold("This fouls: ") + f"{warning}.\nYou chose: {doing(action, self.look)}"
            if not self._yes_no("Take it anyway? [y/N] ", default=False, yes="take it as it is",
                                no="choose again", screen=screen, note=note, mid_hand=True):
                return "Not taken: choose again (a numbered choice, or type it)."
        try:
            state.apply(seat, action)
        except IllegalAction as error:
            return str(error)
        return ""

    # -- asking -------------------------------------------------------------------------------------

    def _screen(self, state: GameState[Any], seat: int | None, seating: Sequence[str],
                menu: Sequence[Offer]) -> Callable[[str], Frame]:
        view = state.view(seat)
        hand = self.match.hands_played + (0 if state.is_over else 1)
        title = f"Hand {hand} of the session"
        look = replace(self.look, seat_names=tuple(name if self.bots[name] else "" for name in seating))
        log = [*self.news] if not state.is_over else []
        log += [text for text in (tell(event, seat, look) for event in view.log) if text]
        if state.is_over:
            log += self.news
        table = render_view(view, look)
        status = self._status(seating if not state.is_over else list(self.match.seating))
        width = len(str(len(menu)))
        choices = [f"{number:>{width}}) {offer.label}" for number, offer in enumerate(menu, 1)]
        return lambda note: Frame(title, table, status, log, choices, note, (hand, seat))

    def _answer(self, screen: Callable[[str], Frame] | None, question: str, *, words: Sequence[str] = (),
                help_text: str, note: str = "", mid_hand: bool) -> str:
        """One answer to ``question``, after ``help``, ``rules`` and a request to leave are dealt with."""
        while True:
            if screen is not None:
                self.console.show(screen(note))
            elif note:
                self.console.say(note)
            text = self._read(question, words)
            word = text.lower()
            if word in QUIT_WORDS:
                self._leave(mid_hand)
                note = "You stay at the table."
            elif word in HELP_WORDS:
                note = help_text
            elif word == "rules":
                self._show_rules()
                note = ""
            else:
                return text

    def _read(self, question: str, words: Sequence[str] = ()) -> str:
        if self.input_ended:
            return "q"
        try:
            return self.console.ask(question, [*words, "help", "hint", "rules", "quit"])
        except EOFError:
            # Ctrl-D at a terminal is a request to leave, asked like Ctrl-C; piped input that ran
            # out can answer nothing more.
            self.input_ended = not sys.stdin.isatty()
            return "q"
        except KeyboardInterrupt:
            return "q"

    def _leave(self, mid_hand: bool) -> None:
        """Raise :class:`Quit`, after a confirmation in the middle of a hand (unless input ended)."""
        if not mid_hand or self.input_ended:
            raise Quit
        while True:
            answer = self._read("Leave in the middle of this hand? It will not count. [y/N] ").lower()
            if answer in ("y", "yes", "q", "quit"):
                raise Quit
            if answer in ("", "n", "no"):
                return
            self.console.say("  Please answer y (leave) or n (stay).")

    def _yes_no(self, question: str, *, default: bool | None, yes: str, no: str,
                screen: Callable[[str], Frame] | None, mid_hand: bool, note: str = "") -> bool:
        while True:
            text = self._answer(screen, question, words=("yes", "no"), note=note, mid_hand=mid_hand,
                                help_text=yes_no_help(yes, no, default)).lower()
            if text in ("y", "yes"):
                return True
            if text in ("n", "no"):
                return False
            if not text and default is not None:
                return default
            note = f"Please answer y or n ('{text}' is neither); ? explains."

    def _show_rules(self) -> None:
        from homegame.games.pages import rules_text

        try:
            self.console.page(rules_text(self.game.name))
        except ValueError as error:
            self.console.say(str(error))


def _words(menu: Sequence[Offer], look: Style) -> list[str]:
    """The words worth completing at a prompt: the kinds and options on offer, and the cards."""
    words: list[str] = []
    for offer in menu:
        if offer.action is not None:
            words += [offer.action.kind, *([offer.action.option] if offer.action.option else [])]
        family = offer.family
        if isinstance(family, Subsets | Arrangements):
            words += [family.kind, *look.notation(family.cards).split()]
        elif family is not None:
            words.append(str(getattr(family, "kind", "")))
    return [word for word in dict.fromkeys(words) if word]
