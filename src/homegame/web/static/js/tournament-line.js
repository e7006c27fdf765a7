// What the table page says of the tournament its table is one of (the room's `tournament` of the
// table): the level and its stakes, the time to the next level or the end of a break, the players
// left, and the place a player finished in. Everything is read from what the room sent.

import { h, plural } from "./dom.js";

const ORDINALS = ["th", "st", "nd", "rd"];

/** 1st, 2nd, 3rd, 4th, 11th... */
export function ordinal(place) {
  const tens = place % 100;
  return `${place}${(tens > 10 && tens < 14) || place % 10 > 3 ? "th" : ORDINALS[place % 10]}`;
}

/** A level's stakes in words: "blinds 2/4, ante 2, bets 4". */
export function stakesText(stakes) {
  const parts = [];
  if ("big_blind" in stakes) parts.push(`blinds ${stakes.small_blind ?? 0}/${stakes.big_blind}`);
  if ("ante" in stakes) parts.push(`ante ${stakes.ante}`);
  if ("bet" in stakes) parts.push(`bets ${stakes.bet}`);
  return parts.join(", ");
}

/** A countdown the page's clock ticks (see tickClocks): "0:45" until ``until`` (the room's time). */
export function countdown(until) {
  return h("span", { class: "countdown", "data-until": until }, "");
}

/** The tournament's line under the table's name (or on its own page, under its name). */
export function tournamentLine(info) {
  if (info.finished) return ["The tournament is over"];
  if (info.started_at === null) {
    return [`Tournament: ${info.entries} of ${info.entrants} entries; it starts when they are all in`];
  }
  const left = `${plural(info.players_left, "player")} left`;
  if (info.on_break) return ["Break: play resumes in ", countdown(info.changes_at), ` · ${left}`];
  const next = info.next_stakes ? ["next level in ", countdown(info.changes_at)] : ["the last level"];
  return [`Level ${info.level}: ${stakesText(info.stakes)} · `, ...next, ` · ${left}`];
}

/** Where ``name`` finished, if the tournament has placed them: a line for them. */
export function placedLine(info, name) {
  const placed = (info.placed || []).find((line) => line.name === name);
  if (!placed) return null;
  const prize = placed.prize ? `, winning ${plural(placed.prize, "chip")}` : "";
  return placed.place === 1 ? `You won the tournament${prize}!` : `You finished ${ordinal(placed.place)} of ${info.entries}${prize}.`;
}

/** Tick every countdown on the page against the room's time ``now``. */
export function tickCountdowns(now) {
  for (const node of document.querySelectorAll(".countdown[data-until]")) {
    const left = Math.max(0, Math.ceil(Number(node.dataset.until) - now));
    node.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }
}
