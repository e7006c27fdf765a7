"""The lobby's form for a new table, as a host fills it in: settings under their names in words with
plain help, a choice among a setting's values, each game's own defaults (and a variant's), and every
refusal, the page's or the room's, shown by the field it concerns."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from browser.checks import layout_problems, made_table, shoot
from browser.players import DESKTOP
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 375, "height": 667}


def _lobby(browser: Browser, base: str, size: dict[str, int]) -> tuple[Page, Locator]:
    page = browser.new_context(viewport=size).new_page()
    page.goto(base + "/")
    page.wait_for_selector("#new-table input[name=game]")
    for summary in page.locator("#new-table details summary").all():  # every section of the form open
        summary.click()
    return page, page.locator("#new-table")


def _only(form: Locator, *games: str) -> None:
    for box in form.locator("input[name=game]").all():
        box.set_checked(box.get_attribute("value") in games)


def _note(form: Locator, label: str) -> str:
    field = form.locator(".field", has=form.page.get_by_label(label, exact=True))
    return field.locator(".note").inner_text()


@pytest.mark.parametrize(("size", "name"), [(PHONE, "phone"), (DESKTOP, "laptop")])
def test_settings_read_in_words_with_each_game_s_own_defaults(size: dict[str, int], name: str,
                                                             browser: Browser, room: RoomServer,
                                                             artifacts: Path) -> None:
    page, form = _lobby(browser, room.base, size)
    _only(form, "draw", "soko", "anaconda")
    structure = form.get_by_label("Betting structure", exact=True)
    assert structure.evaluate("select => select.tagName") == "SELECT"
    assert structure.locator("option:checked").inner_text() == "Each game's own"
    options = structure.locator("option").all_inner_texts()
    assert "pot limit" in options
    assert "draw poker's own (any bet, no raise once called) (Basic Draw Poker only)" in options
    note = _note(form, "Betting structure")
    assert "spread limit in Soko (Canadian Stud)" in note and "fixed limit in Anaconda" in note
    assert form.get_by_label("Largest spread bet", exact=True).input_value() == ""
    assert form.get_by_label("Small bet", exact=True).input_value() == "2"
    assert "`" not in form.inner_text() and "max_bet" not in form.inner_text()
    shoot(page, artifacts, f"lobby-settings-{name}")
    assert layout_problems(page) == []

    _only(form, "soko")
    assert structure.locator("option:checked").inner_text() == "spread limit"
    assert form.get_by_label("Largest spread bet", exact=True).input_value() == "10"
    expect(form.locator("select[name=default_game]")).to_be_hidden()
    expect(form.locator("#dealing-note")).to_contain_text("the room deals it hand after hand")
    page.context.close()


def test_a_variant_brings_its_settings_and_its_own_defaults(browser: Browser, room: RoomServer) -> None:
    page, form = _lobby(browser, room.base, DESKTOP)
    wild_rank = form.locator(".variant", has=page.locator("input[name='variant:draw'][value='wild-rank']"))
    expect(wild_rank).to_have_text("Wild cards of a chosen rank: every card of the rank the wild rank "
                                   "setting names is wild")
    paiute = form.locator(".variant", has=page.locator("input[name='variant:paiute']"))
    paiute_words = paiute.all_inner_texts()
    assert "Pay table: every other player pays the winner by the winning combination (the pay settings)" \
        in paiute_words and not any("pay-table" in words for words in paiute_words)
    _only(form, "paiute")
    royal = form.get_by_label("Pay for royal flush", exact=True)
    expect(royal).to_have_count(0)  # the pay table counts only with its variant
    form.locator("input[name='variant:paiute'][value='pay-table']").check()
    expect(royal).to_have_value("5")
    form.locator("input[name='variant:paiute'][value='royal-on-top']").check()
    expect(royal).to_have_value("")
    assert "6 in Paiute with Royal flush on top" in _note(form, "Pay for royal flush")
    assert "5 in Paiute with Pay table" in _note(form, "Pay for royal flush")
    royal.fill("8")
    form.locator("input[name='variant:paiute'][value='denexa']").check()
    expect(royal).to_have_value("8")  # what the host typed stays when the form is drawn again
    expect(form.locator("#dealing-note")).to_contain_text("dealer calls")
    page.context.close()


def test_a_refusal_is_shown_by_its_field_and_makes_no_table(browser: Browser, room: RoomServer,
                                                           artifacts: Path) -> None:
    client = RoomClient(room.base)
    before = client.tables()
    page, form = _lobby(browser, room.base, PHONE)
    form.get_by_label("Seats", exact=True).fill("9")
    form.locator("button[type=submit]").click()
    expect(page.locator("#error-seats")).to_have_text("A number from 2 to 8.")
    expect(page.locator("#form-error")).to_have_text("Seats: a number from 2 to 8.")
    expect(form.get_by_label("Seats", exact=True)).to_be_focused()
    form.get_by_label("Seats", exact=True).fill("4")

    _only(form, "soko")
    form.get_by_label("Largest spread bet", exact=True).fill("1")
    form.locator("button[type=submit]").click()
    error = page.locator("#error-stakes\\.max_bet")
    expect(error).to_contain_text("the largest spread bet (1) is below the small bet (2)")
    expect(page.locator("#error-seats")).to_be_hidden()
    summary = page.locator("#form-error")
    expect(summary).to_contain_text("The table was not made: Soko (Canadian Stud) at this table")
    assert form.get_by_label("Largest spread bet", exact=True).get_attribute("aria-invalid") == "true"
    shoot(page, artifacts, "lobby-refused-phone")
    assert client.tables() == before

    form.get_by_label("Largest spread bet", exact=True).fill("20")
    form.get_by_label("Betting structure", exact=True).select_option("pot")
    form.locator("button[type=submit]").click()
    expect(page.locator("#created input[readonly]")).to_be_visible()
    made = made_table(page)
    config = client.table(made)["config"]
    assert config["stakes"] == {"limit": "pot"} and config["seats"] == 4  # pot limit has no largest bet
    assert [entry["game"] for entry in config["games"]] == ["soko"]
    page.context.close()


def test_the_form_takes_the_room_s_own_bounds_and_bot_words_from_the_room(browser: Browser,
                                                                         room: RoomServer) -> None:
    """The page has no figures of its own: a room that served other bounds would get them on the form."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    changed: dict[str, object] = {}

    def other_bounds(route: Route) -> None:
        setup = route.fetch().json()
        setup["fields"]["seats"]["most"] = 5
        setup["fields"]["name"]["most"] = 12
        setup["fields"]["seats"]["label"] = "Chairs"
        changed.update(setup)
        route.fulfill(json=setup)

    page.route("**/api/setup", other_bounds)
    page.goto(room.base + "/")
    form = page.locator("#new-table")
    page.wait_for_selector("#new-table input[name=game]")
    chairs = form.get_by_label("Chairs", exact=True)
    assert chairs.get_attribute("max") == "5" and chairs.get_attribute("min") == "2"
    assert form.locator("input[name=name]").get_attribute("maxlength") == "12"
    fields = changed["fields"]
    assert isinstance(fields, dict)
    clock = form.get_by_label(fields["clock"]["label"], exact=True)
    assert float(clock.get_attribute("min") or 0) == fields["clock"]["least"]
    levels = form.locator("select[name=bot_level] option").all_inner_texts()
    assert levels == [str(level["value"]).capitalize() for level in changed["bot_levels"]]  # type: ignore[index]
    chairs.fill("6")
    form.locator("button[type=submit]").click()
    expect(page.locator("#error-seats")).to_have_text("A number from 2 to 5.")
    page.context.close()


def test_a_setting_only_some_structures_count_says_so(browser: Browser, room: RoomServer) -> None:
    page, form = _lobby(browser, room.base, DESKTOP)
    _only(form, "draw", "soko")
    assert "Counts in fixed limit only." in _note(form, "Raise cap")
    assert "Counts in spread limit or draw poker's own" in _note(form, "Largest spread bet")
    assert "Counts in" not in _note(form, "Small bet")
    _only(form, "soko")
    assert "Counts in" not in _note(form, "Big bet")
    page.context.close()


@pytest.mark.parametrize(("size", "name"), [(SMALL_PHONE, "phone"), (DESKTOP, "laptop")])
def test_the_fields_a_structure_does_not_use_are_hidden_and_not_sent(size: dict[str, int], name: str,
                                                                     browser: Browser, room: RoomServer,
                                                                     artifacts: Path) -> None:
    """Which fields a structure uses comes from the room (each setting's structures): the page
    follows the structure chosen, and what a hidden field holds is neither checked nor sent."""
    client = RoomClient(room.base)
    page, form = _lobby(browser, room.base, size)
    _only(form, "soko")
    structure = form.get_by_label("Betting structure", exact=True)
    cap, largest = (form.get_by_label(label, exact=True) for label in ("Raise cap", "Largest spread bet"))
    unused = form.locator("#stakes-unused")
    expect(largest).to_be_visible()  # Soko bets spread limit
    expect(cap).to_be_hidden()
    expect(unused).to_have_text("Not used under the betting structure chosen, so hidden: Raise cap.")
    largest.fill("1")  # below the small bet: spread limit refuses it, no limit does not use it
    structure.select_option("fixed")
    expect(cap).to_be_visible()
    expect(largest).to_be_hidden()
    cap.fill("-1")  # not a cap the page would send, but no limit does not use it
    structure.select_option("no")
    expect(cap).to_be_hidden()
    expect(form.get_by_label("Small bet", exact=True)).to_be_visible()
    expect(form.get_by_label("Big bet", exact=True)).to_be_visible()
    expect(unused).to_have_text("Not used under the betting structure chosen, so hidden: "
                                "Largest spread bet and Raise cap.")
    shoot(page, artifacts, f"lobby-structure-{name}")
    assert layout_problems(page) == []
    form.locator("button[type=submit]").click()
    expect(page.locator("#created input[readonly]")).to_be_visible()
    made = made_table(page)
    assert client.table(made)["config"]["stakes"] == {"limit": "no"}

    _only(form, "draw", "soko")
    expect(structure.locator("option:checked")).to_have_text("no limit")  # as the host set it
    structure.select_option(value="")  # each its own structure: Draw's own and spread limit, neither capped
    expect(largest).to_be_visible()
    expect(cap).to_be_hidden()
    structure.select_option("fixed")
    expect(cap).to_have_value("-1")  # what was typed comes back with the field
    page.context.close()


def test_the_lobby_says_what_a_deal_of_a_points_game_can_cost(browser: Browser, room: RoomServer,
                                                               artifacts: Path) -> None:
    """Papayoo at the room's one chip a point took 470 chips of a 100-chip buy-in in one deal: each
    game plays at its own rate unless the host sets one, and the lobby says what a deal can cost."""
    client = RoomClient(room.base)
    page, form = _lobby(browser, room.base, SMALL_PHONE)
    _only(form, "papayoo", "paiute", "draw")
    cost = form.locator(".deal-cost[data-game='papayoo']")
    expect(cost).to_have_text("Scored in points: a chip for every 10 points (its own); one deal can cost "
                              "a player up to 125 chips at 6 players.")
    form.get_by_label("Seats", exact=True).fill("4")
    expect(cost).to_contain_text("up to 75 chips at 4 players")
    form.locator("input[name='variant:paiute'][value='pay-table']").check()
    expect(form.locator(".deal-cost[data-game='paiute']")).to_have_text(
        "Scored in points: 2 chips a point (its own); one deal can cost a player up to 2 chips, 12 with "
        "Pay table at 4 players.")
    shoot(page, artifacts, "lobby-points-phone")
    form.locator("button[type=submit]").click()
    expect(page.locator("#created input[readonly]")).to_be_visible()
    made = made_table(page)
    assert client.table(made)["config"]["points_rate"] is None, "each game's own"
    form.get_by_label("Chips a point", exact=True).fill("3")
    expect(cost).to_contain_text("3 chips a point; one deal can cost a player up to 2250 chips")
    page.context.close()


WIDTHS = """() => [...document.querySelectorAll('#new-table input[type=checkbox]')]
  .filter((box) => box.offsetParent !== null)
  .map((box) => Math.round(box.getBoundingClientRect().width))"""  # those drawn (a tournament's wait)
CUT_SHORT = """(select) => {
  const probe = document.createElement("span");
  probe.style.font = getComputedStyle(select).font;
  probe.style.position = "absolute";
  probe.style.whiteSpace = "nowrap";
  document.body.append(probe);
  const cut = [...select.options].filter((option) => {
    probe.textContent = option.text;
    return probe.getBoundingClientRect().width > select.clientWidth - 24;  // room for its arrow
  }).map((option) => option.text);
  probe.remove();
  return cut;
}"""


def test_the_lobby_draws_its_choices_whole_and_shows_the_invite_in_sight(browser: Browser, room: RoomServer,
                                                                         artifacts: Path) -> None:
    """On a phone: checkboxes of long variants were drawn narrower than the rest, the bot level cut
    short ("heuristic: the ga..."), pair units read "Default: .", and the invite link appeared below
    the fold once the table was made."""
    page, form = _lobby(browser, room.base, SMALL_PHONE)
    widths = page.evaluate(WIDTHS)
    assert len(set(widths)) == 1, widths
    bot_level = form.get_by_label("Bot level", exact=True)
    assert bot_level.evaluate(CUT_SHORT) == []
    assert "rule-of-thumb" in _note(form, "Bot level")
    bot_level.select_option("random")
    assert _note(form, "Bot level").startswith("Any legal move")
    assert "Default: ." not in form.inner_text()
    _only(form, "chinese", "draw")
    assert "Default: none." in _note(form, "Units two players agreed on")
    form.locator("button[type=submit]").click()
    invite = page.locator("#created input[readonly]")
    expect(invite).to_be_in_viewport()
    expect(invite).to_be_focused()
    shoot(page, artifacts, "lobby-invite-phone")
    page.context.close()
