"""What the browser tests check of a deal played at the table: chips and points balance, no seat's
hidden card reaches another seat's page, and nothing on a phone's screen overlaps or spills out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from browser.players import TablePlayer, cards_in
from room_clients import chips_balance

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


def layout_problems(page: Page) -> list[str]:
    """Cards, controls, seats or what lies in the middle of the felt that overlap one another or
    leave the screen sideways."""
    problems: list[str] = page.evaluate(OVERLAPS)
    return problems


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


def _private_cards(frame: dict[str, Any], seat: int) -> set[str]:
    """The cards of the events in ``frame``'s log private to game seat ``seat``."""
    cards: set[str] = set()
    for event in (frame["view"] or {}).get("log", []):
        if event.get("private_to") == [seat]:
            cards |= cards_in(event["data"])
    return cards


def _before_showdown(frames: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    return [f for f in frames if f["type"] == "state" and f["view"] is not None and not f["view"]["is_over"]
            and f["table"]["hand"] and f["table"]["hand"]["number"] == number]


def secrecy(players: list[TablePlayer], public: list[dict[str, Any]], number: int,
            bot: list[dict[str, Any]]) -> int:
    """No page's frames, nor its markup, hold a card another seat holds hidden, before the showdown
    of hand ``number``. At event ``seq``, a card is hidden from A when it was in an event private to
    B, A did not hold it itself by then, and a spectator could not see it by then (a card played,
    thrown away face up or turned over is public from that event on). Returns how many hidden
    cards were looked for, frame by frame and snapshot by snapshot. ``bot``: the frames of a bot's
    seat at the table, whose hidden cards are looked for too."""
    watched = _before_showdown(public, number)

    def public_by(seq: int) -> set[str]:
        return set().union(*(cards_in(f["view"]) for f in watched if f["seq"] <= seq))

    frames = {player.name: _before_showdown(player.frames, number) for player in players}
    frames[""] = _before_showdown(bot, number)
    seats = {name: own[0]["you"]["player"] for name, own in frames.items() if own}
    held = {name: set().union(*(_private_cards(f, seats[name]) for f in own))
            for name, own in frames.items() if own}
    checked = 0
    for reader in [player for player in players if player.name in seats]:
        by_seq = {frame["seq"]: frame for frame in frames[reader.name]}
        others = set().union(*(cards for name, cards in held.items() if name != reader.name))
        for frame in frames[reader.name]:
            hidden = others - _private_cards(frame, seats[reader.name]) - public_by(frame["seq"])
            checked += len(hidden)
            leaked = hidden & cards_in(frame)
            assert not leaked, f"{reader.name}'s page was sent hidden {sorted(leaked)} at {frame['seq']}"
        for hand, seq, html in reader.dom:
            if hand != number or seq not in by_seq:
                continue
            hidden = others - _private_cards(by_seq[seq], seats[reader.name]) - public_by(seq)
            checked += len(hidden)
            leaked = {card for card in hidden if f'data-card="{card}"' in html}
            assert not leaked, f"{reader.name}'s page shows hidden {sorted(leaked)} at {seq}"
    return checked


def record(folder: Path, name: str, figures: dict[str, Any]) -> None:
    """Add measured figures to the artifacts' figures.json (the README reports them)."""
    path = folder / "figures.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[name] = figures
    path.write_text(json.dumps(data, indent=2, sort_keys=True))
