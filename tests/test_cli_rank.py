"""``homegame rank``: a hand's name, category, cards and strength, and clear errors."""

from __future__ import annotations

import json
from math import comb

import pytest

import homegame
import homegame.ranking
from homegame.analysis import standing as standing_module
from homegame.cli import main


def test_rank_prints_name_category_cards_and_strength(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "Kh", "Kd", "Ks", "9c", "9d", "2s", "3c"]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = homegame.evaluate("Kh Kd Ks 9c 9d 2s 3c")
    assert out[0] == "full house, kings over nines"
    assert "category  full house" in out[1]
    assert out[2].split() == ["cards", *map(str, expected.cards)]
    assert sorted(expected.cards) == sorted(homegame.parse_cards("Kh Kd Ks 9c 9d"))
    assert out[3].split() == ["strength", str(expected.strength)]
    assert out[5] == ("The strength orders hands of the high ranking: a greater one beats a smaller one, "
                      "equal ones tie.")
    assert out[6] == ("This hand is number 183 of the 7,462 distinct five-card hands from the top; it beats "
                      "99.96% of all 2,598,960 five-card hands (23 others tie it).")


def test_rank_json_is_the_hand_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "7c5d4h3s2c", "--ranking", "ace-to-five", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == homegame.evaluate("7c 5d 4h 3s 2c", "ace-to-five").to_json()


def test_rank_with_a_wild_rank(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "Ah Ad 3c 3s Kd Kc", "--ranking", "paiute", "--wild", "3", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown == homegame.evaluate("Ah Ad 3c 3s Kd Kc", "paiute", wild="3").to_json()
    assert shown["category"] == "four/two"  # the two wild threes make the aces four


@pytest.mark.parametrize(("argv", "message"), [
    (["rank", "Ah Kx Qh Jh Th"], "'Kx' is not a card"),
    (["rank", "AhKhQhJhTh", "--ranking", "omaha"], "unknown ranking 'omaha'"),
    (["rank", "AhKhQhJhTh", "--wild", "1x"], "'1x' is not a card"),
    (["rank", "AhKhQhJhTh", "--wild", "15"], "wild rank must be 2 to 14"),
    (["rank", "Ah Kh"], "at least five cards"),
])
def test_bad_input_is_one_clear_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("homegame rank: error: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def shipped_counts(ranking: str, size: int, jokers: int) -> dict[int, int]:
    return standing_module._strengths(ranking, size, frozenset(), jokers)


@pytest.mark.parametrize(("ranking", "size", "jokers"), [("pai-gow", 2, 1), ("front", 3, 0)])
def test_the_shipped_counts_are_the_counts(ranking: str, size: int, jokers: int) -> None:
    assert shipped_counts(ranking, size, jokers) == standing_module.count_strengths(
        ranking, size, frozenset(), jokers)


@pytest.mark.slow
def test_every_shipped_table_is_the_count() -> None:
    for ranking, size, jokers in standing_module.shipped_sizes():
        assert shipped_counts(ranking, size, jokers) == standing_module.count_strengths(
            ranking, size, frozenset(), jokers), (ranking, size)


def test_a_hand_with_wild_cards_is_counted_when_asked_for() -> None:
    wild = homegame.ranking.wild_cards("deuces")
    hand = homegame.evaluate("Ah Ad Ac As 2c", wild="deuces")
    place = standing_module.standing(hand, wild)
    assert hand.name.startswith("five of a kind") and place.place == 1
    assert place.total == comb(52, 5) and place.distinct != len(shipped_counts("high", 5, 0))
