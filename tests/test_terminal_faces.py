"""The terminal shows every moment of every game: at each decision of hands of every game, at two
table sizes, with no variant and with each variant on its own, played to the end by the game's bot
and at random, it draws the table, lists the choices, explains them, words each legal action and
gives a hint; at the end it draws every seat's and a spectator's table and tells every event.

The rule tests stack decks for one path each; this walks the phases and variants they do not
(a hint at Chinese Poker's show-or-surrender decision once crashed here).
"""

from __future__ import annotations

from typing import Any

import pytest

from hands_played import play, tables
from homegame.cli.advice import advise
from homegame.cli.choices import offers
from homegame.cli.help import action_help
from homegame.cli.narrate import doing, tell
from homegame.engine import ActionSet, GameState, View
from homegame.games import GAMES
from homegame.render import Style, render_view

SEEDS = range(2)
ACTIONS_A_DECISION = 12


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_terminal_shows_every_decision_and_the_end_of_every_variant(name: str) -> None:
    look = Style(colour=True, numbered=GAMES[name].numbered_cards)

    def shown(state: GameState[Any], seat: int, view: View, legal: ActionSet) -> None:
        assert render_view(view, look) and action_help(offers(legal, view, look), name, look)
        assert all(doing(legal[i], look) for i in range(min(len(legal), ACTIONS_A_DECISION)))
        action, hint = advise(view, legal, look)
        assert action in legal and hint.startswith("Hint: "), (sorted(state.game.chosen_variants), seat, hint)
    for players, variants in tables(name):
        for seed in SEEDS:
            state = play(name, players, variants, seed, shown)
            for reader in (*range(players), None):
                end = state.view(reader)
                assert render_view(end, look), (variants, reader)
                told = [tell(event, reader, look) for event in end.log]
                assert any(told), (variants, reader)
