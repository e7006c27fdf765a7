"""Playing at a terminal: one person against bots (or several people taking turns at one keyboard).

The table deals hands of a game one after another, asks bots for their actions, and asks people
through a :class:`Prompt` that offers the legal actions as short numbered choices, reads typed
actions too (``raise 40``, ``discard 5h 2c``, ``set Ah Kd 2c | ... | ...``) and explains any input
it cannot take before asking again. Only views and legal actions reach the people and the bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from homegame.bots import Bot
from homegame.cards import CardError
from homegame.cli.render import Style, describe_event, render_view
from homegame.engine import Action, ActionSet, Amounts, Arrangements, Choices, Game, GameState
from homegame.engine.actions import Family, Subsets

__all__ = ["Prompt", "QuitGame", "Table"]


class QuitGame(Exception):
    """The person at the keyboard asked to leave the table."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One line of the menu: a ready action, or a family that needs more typed (an amount, cards)."""

    label: str
    action: Action | None
    family: Family | None = None


def offers(legal: ActionSet) -> list[Offer]:
    """The legal actions as menu lines: each plain action, and one line per family of choices."""
    lines: list[Offer] = []
    for family in legal.families:
        if isinstance(family, Choices):
            lines.extend(Offer(str(a), a) for a in family.actions)
        elif isinstance(family, Amounts):
            if family.low == family.high:
                lines.append(Offer(str(family.at(0)), family.at(0)))
            else:
                lines.append(Offer(f"{family.kind} AMOUNT ({family.low} to {family.high})", None, family))
        elif isinstance(family, Subsets):
            sizes = f"{min(family.sizes)} to {max(family.sizes)}" if len(family.sizes) > 1 else \
                str(family.sizes[0])
            option = f" {family.option}" if family.option else ""
            if 0 in family.sizes:
                lines.append(Offer(f"{family.kind}{option} nothing", family.at(0)))
            lines.append(Offer(f"{family.kind}{option} CARDS ({sizes} of them)", None, family))
        elif isinstance(family, Arrangements):
            rows = " | ".join(f"ROW{i + 1}" for i in range(len(family.maximum)))
            lines.append(Offer(f"{family.kind} {rows} (rows of at most "
                               f"{', '.join(map(str, family.maximum))} cards)", None, family))
        else:
            lines.extend(Offer(str(family.at(i)), family.at(i)) for i in range(len(family)))
    return lines


@dataclass
class Prompt:
    """Asks a person for an action at ``stream_in`` / ``stream_out``."""

    stream_in: TextIO
    stream_out: TextIO
    look: Style

    def say(self, text: str = "") -> None:
        self.stream_out.write(text + "\n")
        self.stream_out.flush()

    def read(self, question: str) -> str:
        self.stream_out.write(question)
        self.stream_out.flush()
        line = self.stream_in.readline()
        if not line:
            raise QuitGame
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise QuitGame
        return text

    def choose(self, legal: ActionSet, try_action: Callable[[Action], str | None]) -> None:
        """Offer ``legal`` until ``try_action`` accepts one (it returns an error text otherwise)."""
        menu = offers(legal)
        for number, offer in enumerate(menu, 1):
            self.say(f"  {number}) {offer.label}")
        while True:
            text = self.read("> ")
            action, problem = self._understand(text, menu)
            if action is not None:
                refused = try_action(action)
                if refused is None:
                    return
                problem = refused
            self.say(f"  {problem}")

    def _understand(self, text: str, menu: Sequence[Offer]) -> tuple[Action | None, str]:
        if not text:
            return None, "type the number of a choice, or an action such as 'call' ('q' quits)"
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(menu):
                return None, f"choose a number from 1 to {len(menu)}"
            offer = menu[number - 1]
            if offer.action is not None:
                return offer.action, ""
            return None, f"type it out: {offer.label}"
        kinds = {o.action.kind if o.action else getattr(o.family, "kind", "") for o in menu}
        first = text.split()[0].lower()
        if first not in kinds and len(kinds) == 1:
            text = f"{next(iter(kinds))} {text}"
        try:
            return Action.parse(text), ""
        except (ValueError, CardError) as error:
            return None, f"cannot read that: {error}"


@dataclass
class Table:
    """A game at a terminal: ``seats[i]`` is a bot, or ``None`` for a person at the keyboard."""

    game: Game
    seats: Sequence[Bot | None]
    prompt: Prompt
    stacks: list[int] | None = None
    dealer: int = 0
    carry: dict[str, object] = field(default_factory=dict)
    totals: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.stacks is None and self.game.starting_stack is not None:
            self.stacks = [self.game.starting_stack] * self.game.player_count
        self.totals = [0] * self.game.player_count
        self._seen: dict[int, int] = {}

    def play(self, hands: int | None = None, seed: int | None = None) -> None:
        """Deal hands until ``hands`` are played, someone leaves, or a person declines another."""
        number = 0
        while hands is None or number < hands:
            state = self.game.deal(seed=None if seed is None else seed + number, dealer=self.dealer,
                                   stacks=self.stacks, carry=self.carry)
            self.play_hand(state)
            self._settle(state)
            number += 1
            if state.ends_game:
                self.prompt.say(self.look_bold("That was the last hand of the game."))
            if self._someone_is_broke() or (hands is None and not self._another(state.ends_game)):
                break
        sign = "" if self.game.score_is_penalty else "+"
        self.prompt.say(self.look_bold("Totals: " + ", ".join(
            f"{self._name(s)} {t:{sign}d}" for s, t in enumerate(self.totals))))

    def look_bold(self, text: str) -> str:
        return self.prompt.look.bold(text)

    def play_hand(self, state: GameState[Any]) -> None:
        self._seen = {}
        while not state.is_over:
            for seat in state.to_act:
                if state.is_over or seat not in state.to_act:
                    break
                self._turn(state, seat)
        for seat, bot in enumerate(self.seats):
            if bot is None:
                self._show(state, seat)
        if not any(bot is None for bot in self.seats):
            self._show(state, None)

    def _turn(self, state: GameState[Any], seat: int) -> None:
        bot = self.seats[seat]
        legal = state.legal_actions(seat)
        if bot is not None:
            state.apply(seat, bot.act(state.view(seat), legal))
            return
        self._show(state, seat)

        def attempt(action: Action) -> str | None:
            try:
                state.apply(seat, action)
            except ValueError as error:
                return str(error)
            return None

        self.prompt.choose(legal, attempt)

    def _show(self, state: GameState[Any], seat: int | None) -> None:
        view = state.view(seat)
        key = -1 if seat is None else seat
        start = self._seen.get(key, 0)
        news = [describe_event(e, seat) for e in view.log[start:] if e.kind not in ("chance",)]
        self._seen[key] = len(view.log)
        self.prompt.say()
        for line in news[-12:]:
            self.prompt.say(self.prompt.look.dim("  . " + line))
        for line in render_view(view, self.prompt.look):
            self.prompt.say(line)

    def _settle(self, state: GameState[Any]) -> None:
        outcome = state.outcome
        for seat in range(self.game.player_count):
            self.totals[seat] += outcome.get(seat, 0)
            if self.stacks is not None:
                self.stacks[seat] += outcome.get(seat, 0)
        self.dealer = state.next_dealer
        self.carry = state.carry_out
        unit = "points" if self.game.score_is_penalty else "chips"
        self.prompt.say(f"Result ({unit}): " + ", ".join(
            f"{self._name(s)} {outcome.get(s, 0):+d}" for s in range(self.game.player_count)))

    def _someone_is_broke(self) -> bool:
        if self.stacks is None or min(self.stacks) > 0:
            return False
        broke = [self._name(s) for s, chips in enumerate(self.stacks) if chips <= 0]
        self.prompt.say(f"{', '.join(broke)} out of chips: the match is over.")
        return True

    def _another(self, new_game: bool) -> bool:
        if all(bot is not None for bot in self.seats):
            return True
        question = "Play a new game? [Y/n] " if new_game else "Another hand? [Y/n] "
        return self.prompt.read(question).lower() not in ("n", "no")

    def _name(self, seat: int) -> str:
        bot = self.seats[seat]
        return f"seat {seat} (you)" if bot is None else f"seat {seat} ({bot.name})"
