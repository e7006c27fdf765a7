"""The terminal shows every moment of every game: at each decision of hands of every game, at two
table sizes, with no variant and with each variant on its own, played to the end by the game's bot
and at random, it draws the table, lists the choices, explains them, words each legal action and
gives a hint; at the end it draws every seat's and a spectator's table and tells every event.

The rule tests stack decks for one path each; this walks the phases and variants they do not
(a hint at Chinese Poker's show-or-surrender decision once crashed here).
"""

from __future__ import annotations

import pytest

from homegame.bots import make_bot
from homegame.cli.advice import advise
from homegame.cli.choices import offers
from homegame.cli.help import action_help
from homegame.cli.narrate import doing, tell
from homegame.cli.render import Style, render_view
from homegame.games import GAMES, new_game

SEEDS = range(2)
ACTIONS_A_DECISION = 12


def tables(name: str) -> list[tuple[int, list[str]]]:
    """The game at two table sizes, with no variant and with each variant on its own."""
    game_class = GAMES[name]
    sizes = sorted({max(2, game_class.players[0]), min(4, game_class.players[-1])})
    each = [[], *([variant] for variant in game_class.variants)]
    return [(players, variants) for players in sizes for variants in each]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_terminal_shows_every_decision_and_the_end_of_every_variant(name: str) -> None:
    look = Style(colour=True, numbered=GAMES[name].numbered_cards)
    for players, variants in tables(name):
        for seed in SEEDS:
            state = new_game(name, players=players, variants=variants).deal(seed=seed)
            kind = "heuristic" if seed % 2 == 0 else "random"
            bots = [make_bot(name, kind, seed=seat) for seat in range(players)]
            while not state.is_over:
                seat = state.to_act[0]
                view, legal = state.view(seat), state.legal_actions(seat)
                assert render_view(view, look) and action_help(offers(legal, view, look), name, look)
                assert all(doing(legal[i], look) for i in range(min(len(legal), ACTIONS_A_DECISION)))
                action, hint = advise(view, legal, look)
                assert action in legal and hint.startswith("Hint: "), (variants, view.phase, hint)
                state.apply(seat, bots[seat].act(view, legal))
            for reader in (*range(players), None):
                end = state.view(reader)
                assert render_view(end, look), (variants, reader)
                told = [tell(event, reader, look) for event in end.log]
                assert any(told), (variants, reader)
