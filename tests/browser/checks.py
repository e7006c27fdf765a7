"""What the browser tests check of a deal played at the table: chips and points balance, no seat's
hidden card reaches another seat's page, and nothing on a phone's screen overlaps or spills out."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page

from homegame.room.store import open_store
from homegame.room.table import TableEvent
from room_clients import chips_balance
from secrecy import Secrets

if TYPE_CHECKING:
    from browser.players import TablePlayer

RESULT = re.compile(r"Hand 1 is over|Last hand \(1\)")
"""The heading of the result screen once the first hand is over."""
OVERLAPS = """() => {
  const watched = '.card, .card-backs, .slot, button, input, select, textarea, .seat, .center > *';
  const seen = [...document.querySelectorAll(watched)]
    .filter(el => !el.closest('dialog, #symbols') && el.getClientRects().length)
    .map(el => ({el, r: el.getBoundingClientRect()}))
    .filter(({r}) => r.width > 0 && r.height > 0);
  const problems = [];
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.className || el.tagName)
    .trim().slice(0, 40);
  const width = document.documentElement.clientWidth;
  for (const {el, r} of seen) {
    if (r.left < -0.5 || r.right > width + 0.5) {
      problems.push(`${name(el)} leaves the screen (${Math.round(r.left)}..${Math.round(r.right)})`);
    }
  }
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const a = seen[i], b = seen[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      // the cards shown at a seat fan out on one row, each card's corner in sight
      if (a.el.parentElement === b.el.parentElement && a.el.closest('.seat-cards')) continue;
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 1 && y > 1) problems.push(`${name(a.el)} overlaps ${name(b.el)}`);
    }
  }
  const wide = document.documentElement.scrollWidth;
  if (wide > width) problems.push(`the page is ${wide}px wide`);
  return problems;
}"""


DECIDED_ON = ("#actions", "#actions .clock", "#own .cards", "#own .arrange")
"""What a player decides on: the controls, their own clock, their cards; and but for a setting of
cards in rows (:data:`ON_THE_TABLE`) what lies in the middle of the table."""
ON_THE_TABLE = ("#felt .center > *",)
"""What lies in the middle of the table: the pot, the board, the stock and the pile, the widow, the
trick, the bank's hand."""
OUT_OF_SIGHT = """(selectors) => {
  const height = window.innerHeight;
  return selectors.flatMap((selector) => [...document.querySelectorAll(selector)])
    .filter((el) => el.getClientRects().length && el.getBoundingClientRect().height > 0)
    .filter((el) => { const r = el.getBoundingClientRect(); return r.top < -0.5 || r.bottom > height + 0.5; })
    .map((el) => { const r = el.getBoundingClientRect(), name = el.id ? '#' + el.id : el.className;
                   return `${name} at ${Math.round(r.top)}..${Math.round(r.bottom)}`; });
}"""


def out_of_sight(page: Page, *, arranging: bool) -> list[str]:
    """What the player decides on that lies outside the window (above or below it) now; the
    middle of the table counts but for a setting of cards in rows."""
    decided_on = DECIDED_ON if arranging else DECIDED_ON + ON_THE_TABLE
    problems: list[str] = page.evaluate(OUT_OF_SIGHT, list(decided_on))
    if not page.locator("#actions .clock").count():
        problems.append("the player's own clock is not by the controls")
    return problems


AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, for the tests only (package.json; ``npm ci`` installs it, as ``make test-browser`` does)."""
AXE_RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  const where = (node) => `${node.target.join(" ")} [${(node.failureSummary || "").split("\\n").slice(1)
                                                        .join("; ")}]`;
  return found.violations.map((rule) => `${rule.id} (${rule.impact}): ${rule.help}: `
                                        + rule.nodes.slice(0, 3).map(where).join(", "));
}"""


def accessibility_problems(page: Page) -> list[str]:
    """What axe-core (WCAG 2 A and AA, and its best practices) finds wrong on the page as it is now:
    contrast, names that do not match what is shown, regions a keyboard cannot reach..."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run npm ci (make test-browser does)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # evaluated by the browser's devtools, as a page's Content-Security-Policy refuses the room's
        # own pages an inline script tag (add_script_tag is one)
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    problems: list[str] = page.evaluate(AXE_RUN)
    return problems


def layout_problems(page: Page) -> list[str]:
    """Cards, controls, seats or what lies in the middle of the felt that overlap one another or
    leave the screen sideways."""
    problems: list[str] = page.evaluate(OVERLAPS)
    return problems


def made_table(page: Page) -> str:
    """The id of the table the lobby just made, read from the invite link it shows (a table is
    private: the lobby does not list it)."""
    return page.locator("#created input[readonly]").input_value().rstrip("/").rsplit("/", 1)[1]


def shoot(page: Page, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def balance(players: list[TablePlayer], game: str) -> None:
    """Every chip accounted for at every state any page received; each finished hand's outcome sums
    as the game says (to zero, or Papayoo's 250 points)."""
    for player in players:
        for frame in player.states():
            chips_balance(frame)
            view = frame["view"]
            if view and view["is_over"]:
                outcome = next(e["data"]["outcome"] for e in view["log"] if e["kind"] == "outcome")
                assert sum(outcome.values()) == (250 if game == "papayoo" else 0), outcome


def hand_record(store: str, table: str, number: int) -> list[TableEvent]:
    """Hand ``number`` of ``table`` as the room's store keeps it: read once the room has stopped
    (an SQLite room keeps its file to itself while it runs), in a thread of its own (Playwright
    runs an event loop in this one)."""
    async def read() -> list[TableEvent]:
        kept = open_store(store)
        await kept.open()
        try:
            return await kept.hand_events(table, number)
        finally:
            await kept.close()
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(lambda: asyncio.run(read())).result()


def secrecy(players: list[TablePlayer], record: list[TableEvent], number: int, *, bot: list[dict[str, Any]],
            watcher: list[dict[str, Any]]) -> int:
    """No page's frames, nor its markup, nor a spectator's frames hold a card another seat holds
    hidden before the showdown of hand ``number`` (see tests/secrecy.py: what is public when is
    read from the hand's ``record`` at the room). ``bot``: the frames of a bot's seat at the table,
    whose hidden cards are looked for too; ``watcher``: a spectator's. Returns how many hidden
    cards were looked for, frame by frame and snapshot by snapshot."""
    secrets = Secrets({**{player.name: player.frames for player in players}, "": bot, "(watching)": watcher},
                      record, number)
    checked = 0
    for name in [player.name for player in players] + ["(watching)"]:
        looked, found = secrets.leaks(name)
        checked += looked
        assert not found, found
    for reader in players:
        by_seq = {frame["seq"]: frame for frame in secrets.frames[reader.name]}
        for hand, seq, html in reader.dom:
            if hand != number or seq not in by_seq:
                continue
            hidden = secrets.hidden_from(reader.name, by_seq[seq])
            checked += len(hidden)
            leaked = {card for card in hidden if f'data-card="{card}"' in html}
            assert not leaked, f"{reader.name}'s page shows hidden {sorted(leaked)} at {seq}"
    return checked


def record(folder: Path, name: str, figures: dict[str, Any]) -> None:
    """Add measured figures to the artifacts' figures.json (docs/performance.md reports them)."""
    path = folder / "figures.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[name] = figures
    path.write_text(json.dumps(data, indent=2, sort_keys=True))
