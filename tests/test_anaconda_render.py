"""The Anaconda terminal table: what each seat is shown at each step, and nothing it may not see."""

from __future__ import annotations

from homegame.cli.choices import offers
from homegame.cli.narrate import tell
from homegame.engine import Action
from homegame.render import Style, render_view
from test_anaconda import FIRST_PASS, SECOND_PASS, SHOW, check_round, choose_all, deal


def text(lines: list[str]) -> str:
    return "\n".join(lines)


def test_the_pass_shows_directions_who_has_chosen_and_only_your_own_cards() -> None:
    state = deal(carry={"pot": 2})
    check_round(state)
    state.apply(1, Action.parse(f"pass {FIRST_PASS[1]}"))
    mine, theirs = text(render_view(state.view(1))), text(render_view(state.view(2)))
    assert "Pot 5 (2 carried from the last hand)" in mine
    assert "Passing: you to seat 2, seat 2 to seat 0, seat 0 to you" in mine
    assert "Chosen: seat 1; waiting for you, seat 0" in theirs
    assert "You pass K♦ K♣ 7♠ once everyone has chosen" in mine and "K♦ K♣ 7♠" not in theirs
    assert "Best high: a pair of kings" in mine


def test_declarations_shown_cards_and_the_halves_with_their_reasons() -> None:
    state = deal()
    check_round(state)
    choose_all(state, "pass", FIRST_PASS)
    check_round(state)
    choose_all(state, "pass", SECOND_PASS)
    check_round(state)
    state.apply(1, Action("declare", option="low"))
    assert "You declared low (shown when everyone has declared)" in text(render_view(state.view(1)))
    choose_all(state, "declare", {2: "high", 0: "low"})
    showing = [offer.label for offer in offers(state.legal_actions(1), state.view(1))]
    assert showing == ["show FACE-UP | FACE-DOWN | THROWN-AWAY"], "the rows say what becomes of their cards"
    choose_all(state, "show", SHOW)
    table = text(render_view(state.view(1)))
    assert "Declared: you low, seat 2 high, seat 0 low" in table
    assert "seat 2 shows Q♠ Q♥ Q♦ K♦ and one card face down" in table
    assert "You show A♥ 2♥ 3♦ 4♣, keep 6♠ face down and throw away 9♣ 8♣" in table
    check_round(state)
    end = render_view(state.view(None), Style(colour=False))
    assert "  seat 2 (high) shows Q♠ Q♥ Q♦ K♦ J♠ - three of a kind, queens" in end
    assert end[-3:] == [
        "High half: seat 2 wins 1 with three of a kind, queens, the only player to declare high",
        "Low half: seat 1 wins 1 with a six-four low, beating a nine-seven low (seat 0)",
        "1 chip that could not be split evenly stays in the pot for the next hand"]
    told = [tell(event, 1, Style(colour=False)) for event in state.view(1).log]
    assert "You show A♥ 2♥ 3♦ 4♣, keeping one card face down." in told
    assert "Low half: you win 1 with a six-four low, beating a nine-seven low (seat 0)." in told


def test_the_rules_page_explains_every_setting_and_the_moves_it_names_parse() -> None:
    from homegame.games.anaconda import Anaconda
    from homegame.games.pages import rules_text

    rules = rules_text("anaconda")
    assert all(f"`{name}`" in rules for name in Anaconda.settings)
    show = Action.parse("show Ah 2h 3d 4c | 6s | 9c 8c")
    assert [len(group) for group in show.groups] == [4, 1, 2]
    assert Action.parse("declare low") == Action("declare", option="low")
    assert len(Action.parse("pass 2c 7d Kh").cards) == 3
