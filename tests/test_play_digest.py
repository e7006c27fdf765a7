"""Behaviour pinned down while the engine is made faster: a digest of seeded random play.

Every game is played at random from fixed seeds at its fewest seats, four and its most, under
every combination of variants it allows and under each choice of every setting that offers
choices; hands follow one another as at a table (what a hand leaves to the next is carried). The
digest of each game hashes every hand's history (each event of every deal, action and showdown in
order, the words of its awards included), outcome and carry. A change that makes play faster must
leave every digest equal; a change of behaviour changes one, and the game it names says where to
look. Both builds must give the same digests, the compiled one included.

A deliberate change of the rules or of the history's wording changes the expected digests: print
the new ones with ``python tests/test_play_digest.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from homegame.engine import Game
from homegame.errors import GameError
from homegame.games import GAMES, new_game

HANDS = 3
"""Hands played in a row at each table."""

EXPECTED = {
    "anaconda": "10a88d216026859f",
    "chinese": "ab9a6fdc52828d2d",
    "crazy_pineapple": "9ec849512b52fe0e",
    "crazy_pineapple_hi_lo": "d8cb277f3015e9bb",
    "draw": "0930f711a0c7d6d5",
    "open_face": "73c2fd674a65f585",
    "pai_gow": "70be3f057ba9760f",
    "paiute": "ac4a281f9b0566cc",
    "papayoo": "980193ee3eac085c",
    "pineapple": "7d03a38b2f65dcb4",
    "soko": "807af04521c5e44f",
    "whiskey": "a3560ee832c6a6cd",
}


def table_sizes(name: str) -> list[int]:
    """The fewest seats (at least two), four where the game allows it, and the most."""
    seats = GAMES[name].players
    return sorted({max(2, seats[0]), min(max(4, seats[0]), seats[-1]), seats[-1]})


SETTING_NEEDS = {("limit", "spread"): {"max_bet": 6}}
"""What a setting's choice needs beside it: spread limit, its largest bet."""


def tables(name: str) -> Iterator[Game]:
    """The game at each table size under every allowed combination of its variants, then under
    each choice of each of its settings with choices that is not the default (with the first
    combination of variants under which that setting counts)."""
    game_class = GAMES[name]
    variants = list(game_class.variants)
    combined = [list(combination) for count in range(len(variants) + 1)
                for combination in combinations(variants, count)]
    chosen: list[tuple[list[str], dict[str, Any]]] = [(each, {}) for each in combined]
    for key, setting in game_class.settings.items():
        needs = next(each for each in combined if key in game_class.settings_counted(each))
        chosen += [(needs, {key: choice, **SETTING_NEEDS.get((key, choice), {})})
                   for choice in setting.choices if choice != setting.default]
    for players in table_sizes(name):
        for table_variants, settings in chosen:
            try:
                yield new_game(name, players=players, variants=table_variants, **settings)
            except GameError:  # variants that exclude each other
                continue


def hand_record(state: Any) -> bytes:
    """What a finished hand leaves: its history, outcome and carry, as canonical JSON."""
    outcome = {str(seat): amount for seat, amount in state.outcome.items()}
    record = {"history": state.history.to_json(), "outcome": outcome,
              "carry": state.carry_out, "ends": state.ends_game, "next_dealer": state.next_dealer}
    return json.dumps(record, sort_keys=True, default=str).encode()


def digest(name: str) -> str:
    """The digest of ``name``'s seeded random play at all its tables."""
    hashed = hashlib.sha256()
    for table_number, game in enumerate(tables(name)):
        chooser = random.Random(table_number)
        carry: dict[str, Any] = {}
        dealer = 0
        for hand in range(HANDS):
            state = game.deal(seed=f"{name}:{table_number}:{hand}", dealer=dealer, carry=carry)
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
            hashed.update(hand_record(state))
            carry, dealer = dict(state.carry_out), state.next_dealer
    return hashed.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seeded_random_play_is_unchanged(name: str) -> None:
    assert digest(name) == EXPECTED[name]


if __name__ == "__main__":
    for game_name in sorted(GAMES):
        print(f'    "{game_name}": "{digest(game_name)}",')
