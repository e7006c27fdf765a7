"""What a form needs to make a table: every game's variants and settings described in words (label,
plain help, choices, each game's own defaults and those a variant changes), and a refused setup that
names the field at fault, so the lobby can show the refusal by that field. Against a real server."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

import homegame
from homegame.bots import BOT_WORDS
from homegame.engine import Setting, Variant
from homegame.errors import GameError
from homegame.games import new_game
from homegame.room.client import RoomClient
from homegame.room.config import MOST_SEATS
from room_server import RoomServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("setup") / "room.sqlite3")) as running:
        yield running


@pytest.fixture(scope="module")
def games(server: RoomServer) -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in server.get("/api/games")}


def test_every_setting_is_described_in_words(games: dict[str, dict[str, Any]]) -> None:
    described = 0
    for name, game in games.items():
        assert set(game["settings"]) == set(homegame.GAMES[name].settings)
        for key, setting in game["settings"].items():
            assert setting["label"] and setting["label"] != key and "_" not in setting["label"], (name, key)
            assert setting["help"] and not re.search(r"[`*_]|'\w+'", setting["help"]), (name, key)
            assert all(choice["label"] and choice["value"] for choice in setting["choices"]), (name, key)
            if isinstance(setting["default"], int):
                assert setting["minimum"] <= setting["default"] <= setting["maximum"], (name, key)
            described += 1
        assert all("`" not in variant["text"] for variant in game["variants"]), name
    assert described >= 60


def test_every_variant_is_named_in_words(games: dict[str, dict[str, Any]]) -> None:
    named = 0
    for name, game in games.items():
        assert [variant["name"] for variant in game["variants"]] == list(homegame.GAMES[name].variants)
        for variant in game["variants"]:
            assert variant["label"] and variant["label"] != variant["name"], (name, variant)
            label = variant["label"]
            assert label[0].isupper() and not re.search(r"[-_`]", label), (name, variant)
            named += 1
    draw = {variant["name"]: variant["label"] for variant in games["draw"]["variants"]}
    assert draw["wild-rank"] == "Wild cards of a chosen rank" and draw["lowball"] == "Lowball"
    paiute = {variant["label"] for variant in games["paiute"]["variants"]}
    assert {"Pay table", "Royal flush on top"} <= paiute
    assert named >= 14


def test_each_game_has_its_own_defaults_and_choices(games: dict[str, dict[str, Any]]) -> None:
    limits = {name: game["settings"]["limit"] for name, game in games.items() if "limit" in game["settings"]}
    assert limits["draw"]["default"] == "draw" and limits["soko"]["default"] == "spread"
    assert limits["anaconda"]["default"] == "fixed"
    values = {name: [choice["value"] for choice in limit["choices"]] for name, limit in limits.items()}
    assert values["draw"] == [*values["soko"], "draw"] and values["soko"] == ["fixed", "pot", "no", "spread"]
    assert [choice["label"] for choice in limits["soko"]["choices"]] == \
        ["fixed limit", "pot limit", "no limit", "spread limit"]
    assert games["soko"]["settings"]["max_bet"]["default"] == 10
    assert games["whiskey"]["settings"]["max_bet"]["default"] == 0


def test_the_settings_that_count_only_under_some_betting_structures_are_told(
        games: dict[str, dict[str, Any]]) -> None:
    tagged = 0
    for game in games.values():
        for key, setting in game["settings"].items():
            if setting["structures"]:
                structure = game["settings"][game["structure_setting"]]
                assert set(setting["structures"]) < {choice["value"] for choice in structure["choices"]}, key
                tagged += 1
    assert games["soko"]["structure_setting"] == games["draw"]["structure_setting"] == "limit"
    assert games["papayoo"]["structure_setting"] is None
    assert games["soko"]["settings"]["cap"]["structures"] == ["fixed"]
    assert games["draw"]["settings"]["max_bet"]["structures"] == ["spread", "draw"]
    assert games["pineapple"]["settings"]["big_bet"]["structures"] == ["fixed", "spread"]
    assert games["soko"]["settings"]["bet"]["structures"] == []
    assert tagged >= 15


def test_a_variant_s_defaults_and_the_settings_that_count_only_with_a_variant_are_told(
        games: dict[str, dict[str, Any]]) -> None:
    paiute = games["paiute"]["settings"]
    assert paiute["pay_royal_flush"]["default"] == 5
    assert paiute["pay_royal_flush"]["variant_defaults"] == {"royal-on-top": 6}
    assert paiute["pay_straight_flush"]["variant_defaults"] == {}
    assert (paiute["pay_paiute"]["only_with"], paiute["ante"]["only_with"]) == ("pay-table", "ante")
    pineapple = games["pineapple"]["settings"]
    assert (pineapple["ante"]["only_with"], pineapple["ante"]["only_without"]) == ("ante", None)
    assert (pineapple["big_blind"]["only_with"], pineapple["big_blind"]["only_without"]) == (None, "ante")
    assert games["draw"]["settings"]["low"]["only_with"] == "lowball"
    assert games["draw"]["settings"]["bet"]["only_with"] is None


def test_the_default_a_variant_changes_is_the_one_a_hand_is_dealt_with() -> None:
    """Paiute's pay table runs 6 down to 1 in the ranking's order: royal-on-top swaps the top two."""
    plain = new_game("paiute", players=2, variants=["pay-table"]).config
    royal = new_game("paiute", players=2, variants=["pay-table", "royal-on-top"]).config
    assert (plain["pay_royal_flush"], plain["pay_five_of_a_kind"]) == (5, 6)
    assert (royal["pay_royal_flush"], royal["pay_five_of_a_kind"]) == (6, 5)
    set_by_hand = new_game("paiute", players=2, variants=["pay-table", "royal-on-top"], pay_royal_flush=9)
    assert set_by_hand.config["pay_royal_flush"] == 9
    assert new_game("paiute", players=2, variants=["royal-on-top"]).config["pay_royal_flush"] == 6


def test_a_setting_without_words_is_refused_where_it_is_declared() -> None:
    with pytest.raises(GameError, match="label"):
        Setting(1, "chips", label="")
    with pytest.raises(GameError, match="words for all its choices"):
        Setting("a", "a or b", choices=("a", "b"), choice_labels=("the a",), label="Letter")
    with pytest.raises(GameError, match="a variant needs a label"):
        Variant("every 2 is wild", label="")


def _refusal(server: RoomServer, setup: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(server.base + "/api/tables", data=json.dumps(setup).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with pytest.raises(urllib.error.HTTPError) as failure:
        urllib.request.urlopen(request, timeout=10)
    assert failure.value.code == 400
    answer: dict[str, Any] = json.loads(failure.value.read())
    return answer


@pytest.mark.parametrize(("setup", "field", "words"), [
    ({"seats": 9}, "seats", "Seats: a whole number from 2 to 8"),
    ({"name": ""}, "name", "Name: 1 to 60"),
    ({"buy_in": 0}, "buy_in", "Buy-in (chips): a whole number"),
    ({"clock": "soon"}, "clock", "seconds"),
    ({"bots": 6}, "bots", "no seat free"),
    ({"bot_level": "genius"}, "bot_level", "Bot level: no bot called 'genius'"),
    ({"games": ["go fish"]}, "games", "go fish"),
    ({"games": ["draw"], "default_game": "soko"}, "default_game", "the default game"),
    ({"stakes": {"colour": 1}}, "stakes.colour", "no game has a setting colour"),
    ({"stakes": {"ante": [1]}}, "stakes.ante", "numbers or words"),
    ({"games": [{"game": "pineapple", "variants": ["ante"]}], "stakes": {"ante": 0}}, "stakes.ante",
     "Pineapple at this table: Ante must be at least 1"),
    ({"games": ["soko"], "stakes": {"max_bet": 1}}, "stakes.max_bet", "below the small bet"),
    ({"games": ["draw"], "stakes": {"limit": "spread"}}, "stakes.max_bet",
     "spread limit needs a largest spread bet"),
    ({"games": ["pineapple"], "stakes": {"small_blind": 5}}, "stakes.small_blind", "larger than the big"),
    ({"games": ["soko"], "stakes": {"limit": "draw"}}, "stakes.limit", "must be one of fixed, pot, no"),
])
def test_a_refused_setup_names_its_field_and_makes_no_table(server: RoomServer, setup: dict[str, Any],
                                                            field: str, words: str) -> None:
    client = RoomClient(server.base)
    before = client.tables()
    answer = _refusal(server, {"name": "refused", "seats": 6, **setup})
    assert answer["field"] == field and words in answer["error"]
    assert client.tables() == before


@pytest.mark.parametrize(("setup", "field", "words"), [
    ({"buy_in": 100, "max_buy_in": 99}, "max_buy_in", "Maximum buy-in (chips): the most a player may bring"),
    ({"timeouts_to_sit_out": 0}, "timeouts_to_sit_out", "Timeouts before sitting out: a whole number from 1"),
    ({"points_rate": 0}, "points_rate", "Chips a point: a whole number from 1 to 1,000,000"),
    ({"bot_level": 7}, "bot_level", "Bot level: heuristic, best, random or search"),
    ({"games": [{"game": "draw", "variants": ["wild-rank"]}], "stakes": {"wild_rank": "ones"}},
     "stakes.wild_rank", "Basic Draw Poker at this table: Wild rank must be one of twos"),
    ({"games": ["soko"], "stakes": {"max_bet": 1}}, "stakes.max_bet",
     "the largest spread bet (1) is below the small bet (2)"),
    ({"games": ["chinese"], "stakes": {"pair_units": "0-0:5"}}, "stakes.pair_units",
     "units two players agreed on"),
    ({"stakes": {"big_bet": [1]}}, "stakes.big_bet", "Big bet: stakes are numbers or words"),
])
def test_a_refusal_words_the_field_as_a_player_knows_it_and_names_its_key_apart(
        server: RoomServer, setup: dict[str, Any], field: str, words: str) -> None:
    answer = _refusal(server, {"name": "refused", "seats": 6, **setup})
    assert answer["field"] == field and words in answer["error"]
    assert field.removeprefix("stakes.") not in answer["error"]


def test_the_room_serves_its_own_fields_and_bot_levels_as_it_checks_them(server: RoomServer) -> None:
    setup = server.get("/api/setup")
    assert setup["fields"]["seats"] == {"label": "Seats", "kind": "whole", "least": 2, "most": MOST_SEATS}
    assert setup["fields"]["name"]["most"] == 60 and setup["fields"]["clock"]["least"] == 0.05
    assert [level["value"] for level in setup["bot_levels"]] == ["heuristic", "best", "random", "search"]
    assert all(level["words"] == BOT_WORDS[level["value"]] for level in setup["bot_levels"])
    for level in setup["bot_levels"]:
        made = urllib.request.urlopen(urllib.request.Request(
            server.base + "/api/tables", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"name": level["value"], "games": ["draw"], "bots": 1,
                             "bot_level": level["value"]}).encode()), timeout=10)
        assert made.status == 201, level
    for name, room_field in setup["fields"].items():
        most = "x" * (room_field["most"] + 1) if room_field["kind"] == "text" else room_field["most"] + 1
        answer = _refusal(server, {"name": "refused", name: most} if name != "name" else {name: most})
        assert answer["field"] == name and room_field["label"] in answer["error"], name


def test_a_refusal_that_no_field_explains_has_no_field(server: RoomServer) -> None:
    answer = _refusal(server, {"name": "x", "colour": "red"})
    assert "field" not in answer and "no field colour" in answer["error"]


def test_a_game_s_rules_end_with_its_variants_and_settings_as_the_terminal_lists_them(
        server: RoomServer) -> None:
    """The page's rules panel shows what ``homegame rules`` shows, without the terminal's options:
    Anaconda's page keeps no settings table of its own."""
    from homegame.games.pages import table_settings

    rules = server.get("/api/games/anaconda/rules")["rules"]
    assert rules.endswith(table_settings("anaconda", commands=False))
    assert "- `cap` (default 4; 0 or more; counts only when `limit` is `fixed`)" in rules
    assert "--set" not in rules and rules.count("`max_bet`") == 2  # the prose names it, the list explains it


def test_head_asks_for_the_tables_as_get_does(server: RoomServer) -> None:
    """HEAD /api/tables is GET without the body (it was read as a table setup, and refused)."""
    answer = urllib.request.urlopen(urllib.request.Request(server.base + "/api/tables", method="HEAD"),
                                    timeout=10)
    assert answer.status == 200 and answer.read() == b""
