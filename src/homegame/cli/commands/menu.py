"""``homegame menu`` (and ``homegame`` alone, and ``make play``): pick a game and play it, again
and again until you leave the menu; or, with l, learn a game first (``homegame learn``).

The menu asks only what a game makes meaningful: how many players where the game takes a range,
then one question whose Enter plays the usual rules against the game's own bot. Asking to choose
instead offers the variants in words, the settings the chosen variants bring, the table settings
(kept at one Enter) and the opponents' bot, each with its default kept by Enter. The game is made
as ``homegame play`` makes it (:func:`~homegame.games.new_game`), so it refuses what ``play``
refuses, and the menu says why and asks again.
"""

from __future__ import annotations

import argparse
import itertools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from homegame.cli.commands._options import setting_value
from homegame.errors import GameError
from homegame.games import GAMES, new_game
from homegame.wording import capitalized, counted, listed

if TYPE_CHECKING:
    from homegame.cli.screen import TableConsole
    from homegame.engine import Game, Setting

__all__ = ["menu"]

QUIT = frozenset({"q", "quit", "exit"})
CHOOSE = frozenset({"c", "choose"})


class _Leave(Exception):
    """The person left the menu."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "menu", help="choose a game from a list and play it",
        description="Pick a game, its variants, its settings and your opponents from numbered lists "
        "(Enter keeps the usual ones), then play it as 'homegame play' would.")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.cli.screen import open_console

    console = open_console()
    try:
        while menu(console):
            pass
    except _Leave:
        pass
    console.say("Goodbye.")
    return 0


def menu(console: TableConsole) -> bool:
    """Ask which game, how many players and (if the person wants to choose) its rules and
    opponents, then play a session of it; False when there is nothing to play."""
    from homegame.bots import make_bot
    from homegame.cli.terminal import Table, welcome

    games = sorted(GAMES.values(), key=lambda g: g.title)
    if not games:
        console.say("No game is playable yet. Try 'homegame --help' for the tools.")
        return False
    console.say(console.look.bold("homegame - choose a game (? for help, q to quit):"))
    for number, game in enumerate(games, 1):
        variants = f", {counted(len(game.variants), 'variant')}" if game.variants else ""
        console.say(f"  {number:>2}) {game.title:<36} {game.players[0]}-{game.players[-1]} players{variants}")
    console.say("   l) Learn a game first: a short lesson against bots, then a quiz")
    picked = _game_number(console, len(games))
    if picked is None:
        return _learn(console)
    chosen = games[picked - 1]
    low, high = chosen.players[0], chosen.players[-1]
    players = low if low == high else _number(console, f"Players ({low}-{high}): ", low, high)
    table_game, bot = _table(console, chosen, players)
    seats = [None, *(make_bot(chosen.name, bot) for _ in range(players - 1))]
    if players > 1:
        console.say(f"You play against {counted(players - 1, f'{bot} bot')}.")
    console.say(console.look.bold(welcome(table_game, 0)))
    Table(table_game, seats, console).play()
    return True


def _table(console: TableConsole, chosen: type[Game], players: int) -> tuple[Game, str]:
    """The game as the person wants it and the bot for the other seats: the usual rules and the
    game's own bot at one Enter, or each chosen in turn."""
    from homegame.bots import bot_names, bot_words

    bots = bot_names(chosen.name)
    parts = [*(["the variants"] if chosen.variants else []), *(["the settings"] if chosen.settings else []),
             *(["the opponents"] if players > 1 else [])]
    against, choices = f" against the {bots[0]} bot" if players > 1 else "", listed(parts)
    question = f"Enter plays the usual rules{against}; c chooses {choices}: "
    if not parts or not _chooses(console, question, f"press Enter to play, or type c to choose {choices}"):
        return new_game(chosen.name, players=players), bots[0]
    game = _rules(console, chosen, players, _variants(console, chosen, players))
    if players == 1:
        return game, bots[0]
    notes = [bot_words(chosen.name, bot) for bot in bots]
    return game, bots[_pick(console, "Opponents", bots, 0, notes=notes)]


def _variants(console: TableConsole, chosen: type[Game], players: int) -> list[str]:
    """The variants the person picks from the numbered list, once the game accepts them together."""
    if not chosen.variants:
        return []
    names = list(chosen.variants)
    console.say(f"Variants of {chosen.title} (any of them, or none):")
    for number, variant in enumerate(chosen.variants.values(), 1):
        console.say(f"  {number:>2}) {variant.label}: {variant.help}")
    how = f"type the numbers of the variants you want, from 1 to {len(names)}, such as 1 or 1,2"
    while True:
        answer = _read(console, "Variants by number (Enter for none): ", f"{capitalized(how)}.")
        words = [word for word in re.split(r"[\s,]+", answer) if word]
        wrong = [word for word in words if not (word.isdigit() and 1 <= int(word) <= len(names))]
        if wrong:
            console.say(f"  {wrong[0]!r} is not on the list: {how}")
            continue
        picked = list(dict.fromkeys(names[int(w) - 1] for w in words))
        try:
            new_game(chosen.name, players=players, variants=picked)
        except GameError as error:
            console.say(f"  {error}")
            continue
        return picked


def _rules(console: TableConsole, chosen: type[Game], players: int, variants: list[str]) -> Game:
    """The game with the settings the person sets: first those the chosen variants bring, then the
    table's, which one Enter keeps (the betting structure first, as it decides which others count)."""
    counting = chosen.settings_counted(variants)
    in_order = sorted((key for key in chosen.settings if key in counting),
                      key=lambda key: key != chosen.structure_setting)
    brought = [key for key in in_order if chosen.variant_settings.get(key) in variants]
    table = [key for key in in_order if key not in brought]
    values = {key: chosen.settings[key].default_under(variants) for key in counting}
    game = _asked(console, chosen, players, variants, values, brought)
    shown = [(chosen.settings[key], values[key]) for key in table if chosen.counts_at(key, values)]
    if table and _changing(console, shown):
        game = _asked(console, chosen, players, variants, values, table)
    return game


def _asked(console: TableConsole, chosen: type[Game], players: int, variants: list[str],
           values: dict[str, Any], keys: Sequence[str]) -> Game:
    """The game once the person has set those of ``keys`` that count under the structure chosen
    (``values`` keeps the answers) and the game takes them all: a refusal is explained, and the
    setting it names (else each of ``keys``) asked again."""
    again = keys
    while True:
        for key in again:
            if again is not keys or chosen.counts_at(key, values):
                values[key] = _setting(console, chosen.settings[key], values[key])
        try:
            return new_game(chosen.name, players=players, variants=variants, **values)
        except GameError as error:
            console.say(f"  {error}")
            again = [error.setting] if error.setting in values else keys


def _changing(console: TableConsole, settings: Sequence[tuple[Setting, Any]]) -> bool:
    """Whether the person wants to change the table settings, shown with their values."""
    console.say(f"Table settings: {'; '.join(f'{s.label} {_words(s, value)}' for s, value in settings)}.")
    return _chooses(console, "Enter keeps them; c changes them: ",
                    "press Enter to keep these settings, or type c to set each one")


def _chooses(console: TableConsole, question: str, how: str) -> bool:
    """False when the person presses Enter (the usual), True when they type c; anything else is
    explained and asked again."""
    while True:
        answer = _read(console, question, f"{capitalized(how)}.").lower()
        if answer in CHOOSE or not answer:
            return bool(answer)
        console.say(f"  {how}")


def _setting(console: TableConsole, setting: Setting, default: Any) -> Any:
    """One setting as the person answers it: a choice from its numbered list, or a value it takes."""
    if setting.choices:
        usual = setting.choices.index(default) if default in setting.choices else None
        return setting.choices[_pick(console, setting.label, setting.choice_words, usual, about=setting.help)]
    question = f"{setting.label} ({setting.help}; Enter for {_words(setting, default)}): "
    while True:
        text = _read(console, question, f"Type the {setting.label.lower()}, or press Enter to keep "
                     f"{_words(setting, default)}.")
        if not text:
            return default
        try:
            return setting.check(setting.label, setting_value(text))
        except GameError as error:
            console.say(f"  {error}")


def _pick(console: TableConsole, name: str, choices: Sequence[str], default: int | None, *,
          about: str = "", notes: Sequence[str] = ()) -> int:
    """The index of the choice the person picks by number from ``choices`` (each with its note, if
    any) for ``name`` (which ``about`` explains); Enter picks ``default``."""
    console.say(f"{name} ({about}):" if about else f"{name}:")
    for number, (word, note) in enumerate(itertools.zip_longest(choices, notes, fillvalue=""), 1):
        usual = " (the usual)" if number - 1 == default else ""
        console.say(f"  {number:>2}) {word}{usual}{': ' if note else ''}{note}")
    keep = f" (Enter for {choices[default]})" if default is not None else ""
    how = f"type a number from 1 to {len(choices)}{', or press Enter for the usual' if keep else ''}"
    while True:
        text = _read(console, f"{name}, by number{keep}: ", f"{capitalized(how)}.")
        if not text and default is not None:
            return default
        if text.isdigit() and 1 <= int(text) <= len(choices):
            return int(text) - 1
        console.say(f"  {how}")


def _words(setting: Setting, value: Any) -> str:
    """A setting's value as the menu shows it: a choice in its words, an empty text as none."""
    if value in setting.choices:
        return setting.choice_words[setting.choices.index(value)]
    return str(value) if value != "" else "none"


def _game_number(console: TableConsole, count: int) -> int | None:
    """The number of the game the person picks, or ``None`` when they ask for a lesson (l)."""
    while True:
        text = _read(console, "Game number: ", f"Type a number from 1 to {count}, or l for a lesson "
                     "that teaches a game.")
        if text.lower() in ("l", "learn"):
            return None
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text)
        console.say(f"  please type a number from 1 to {count}, or l to learn a game")


def _learn(console: TableConsole) -> bool:
    """A lesson the person picks (``homegame learn``), then the menu again."""
    from homegame.cli.commands.learn import choose_lesson, learn
    from homegame.lessons import load_lesson

    name = choose_lesson(console)
    if name is not None:
        learn(load_lesson(name), console)
    return True


def _number(console: TableConsole, question: str, low: int, high: int) -> int:
    while True:
        text = _read(console, question, f"Type a number from {low} to {high}.")
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        console.say(f"  please type a number from {low} to {high}")


def _read(console: TableConsole, question: str, help_text: str) -> str:
    while True:
        try:
            text = console.ask(question).strip()
        except (EOFError, KeyboardInterrupt):
            raise _Leave from None
        if text.lower() in QUIT:
            raise _Leave
        if text.lower() in ("?", "help", "h"):
            console.say(f"  {help_text} q leaves.")
            continue
        return text
