"""docs/views.md stays true: its schemas are the view classes', and every view of hands played by
the games' bots and at random, in every variant, for every seat and a spectator, fits its game's."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from hands_played import play, tables
from homegame.engine import ActionSet, GameState, View
from homegame.games import GAMES, family_of, new_game
from homegame.room.view_schemas import OWN_CARDS, view_schema, views_markdown

DOC = Path(__file__).parent.parent / "docs" / "views.md"


@cache
def _validator(game: str) -> Draft202012Validator:
    return Draft202012Validator(view_schema(game))


def test_the_document_shows_the_schemas_of_the_view_classes() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text[text.index("## Where the seat's cards are"):] == views_markdown(), \
        "regenerate: python -m homegame.room.view_schemas"


def test_every_schema_is_a_valid_json_schema() -> None:
    for game in GAMES:
        Draft202012Validator.check_schema(view_schema(game))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fields_the_document_names_for_the_seat_s_cards_are_the_view_s(game: str) -> None:
    field, words = OWN_CARDS[family_of(game)]
    properties = view_schema(game)["properties"]
    for named in [field, *re.findall(r"`(\w+)`", words)]:
        assert named in properties, f"{game}: docs/views.md names {named!r}, which the view has not"
    state = new_game(game, players=min(4, GAMES[game].players[-1])).deal(seed=3)
    dealt = [seat for seat in range(state.players) if state.view(seat).to_json()[field]]
    assert dealt, f"{game}: no seat holds cards in {field!r} at the deal"
    assert not state.view(None).to_json()[field], f"{game}: a spectator sees {field!r}"


def _check(game: str, view: View) -> None:
    data = json.loads(json.dumps(view.to_json()))
    errors = sorted(_validator(game).iter_errors(data), key=lambda error: list(error.path))
    assert not errors, f"{game}: {errors[0].message} at {list(errors[0].path)}"


@pytest.mark.parametrize(("game", "players", "variants"),
                         [(game, players, variants) for game in sorted(GAMES)
                          for players, variants in tables(game)])
def test_every_view_of_played_hands_fits_its_schema(game: str, players: int, variants: list[str]) -> None:
    """A hand played by the game's bots and one at random: every seat's and a spectator's view at
    the deal and at the end, and the view of the seat to act at each of the first 30 decisions and
    every tenth after (a long Paiute deal repeats its turns, each with a longer log)."""
    decisions = 0

    def watch(state: GameState[Any], seat: int, view: View, legal: ActionSet) -> None:
        nonlocal decisions
        if decisions == 0:
            for other in [None, *range(state.players)]:
                _check(game, state.view(other))
        if decisions < 30 or decisions % 10 == 0:
            _check(game, view)
        decisions += 1

    for seed in (1, 2):
        decisions = 0
        state = play(game, players, variants, seed, watch)
        for seat in [None, *range(state.players)]:
            _check(game, state.view(seat))
