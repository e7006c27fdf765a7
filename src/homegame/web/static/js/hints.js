// The engine's hints and warnings as the page says them. A hint is a sentence the engine writes for
// the terminal too: cards in notation ("throw away the 9h"), seats by number; the page draws the
// cards and names the players. Open-Face's warnings and Pai Gow's house way come as fields, which
// the page words itself: a warning once for every row it concerns, and only what the page shows
// (its own Set button, not the terminal's marks).

import { capitalize, h } from "./dom.js";
import { cardsText, withCards } from "./words.js";

/** A hint line: the engine's words with its cards drawn and its seats named, begun with a capital
 * (a hint that is only a hand's name, "a pair of kings", too). */
export function hintLine(text, ctx, extra = "hint") {
  return text ? h("p", { class: extra }, ctx.text(ctx.words.line(withCards(text)))) : null;
}

/**
 * Open-Face's warnings for the card to place, as the view gives them (each a record: the card, the
 * row, its kind, "risk" or "will foul", and the reason): one line for each reason, naming every
 * row it holds for ("In the middle or the back, the 3♣ risks a foul: ...").
 */
export function placingWarnings(warnings, ctx) {
  const reasons = new Map();
  for (const { card, row, kind, reason } of warnings || []) {
    const key = `${kind}: ${reason}`;
    if (!reasons.has(key)) reasons.set(key, { card, kind, reason, rows: [] });
    reasons.get(key).rows.push(`the ${row}`);
  }
  return [...reasons.values()].map(({ card, kind, reason, rows }) => h("p", { class: "warning" }, ctx.text(
    `In ${rows.join(" or ")}, the ${cardsText([card])} ${kind === "will foul" ? "fouls" : "risks a foul"}: ${reason}.`)));
}

/** How to set a Pai Gow hand on the page, and the house way for these cards (the engine's own,
 * with the rule it follows), and how many ways of setting them foul. */
export function paiGowHelp(view, ctx) {
  const help = "Pick a card, then the hand it goes in (or press its number key); cards can be dragged too.";
  const way = view.advice;
  if (!way) return h("p", { class: "hint" }, help);
  const rule = view.house_rule;
  // Ways that differ for the player: one for each pair of hand names, as the engine counts them.
  const ways = new Map((view.options || []).map((option) => [`${option.two_name}/${option.five_name}`, option]));
  const fouls = [...ways.values()].filter((option) => option.foul).length;
  const warned = fouls
    ? `${fouls} of the ${ways.size} ways to set these cards foul (the two-card hand must not beat the five-card hand); `
      + "the Set button says so before you set one."
    : "No way of setting these cards fouls.";
  return [h("p", { class: "hint" }, help),
          h("p", { class: "hint house-way" }, "The house way: ", ctx.row(way.two, "mini"), h("span", { class: "bar" }, " | "),
            ctx.row(way.five, "mini"), ` (${way.two_name} / ${way.five_name})`, rule ? `: ${rule}.` : ".",
            " “Set by the house way” sets it."),
          h("p", { class: "hint" }, capitalize(warned))];
}
