// The engine's hints and warnings as the page says them. The engine writes them for the terminal:
// cards in notation ("throw away the 9h"), seats by number, a warning for each row a card could
// go in. The page draws the cards, names the players, says a warning once for every row it
// concerns, and speaks only of what the page shows (its own Set button, not the terminal's marks).

import { capitalize, h } from "./dom.js";
import { withCards } from "./words.js";

/** A hint line: the engine's words with its cards drawn and its seats named. */
export function hintLine(text, ctx, extra = "hint") {
  return text ? h("p", { class: extra }, ctx.text(ctx.words.seatsAsYou(withCards(text)))) : null;
}

const PLACING = /^(\S+) in the (\w+): (risk|will foul): (.+)$/;

/**
 * Open-Face's warnings for the card to place ("3c in the middle: risk: the middle is stronger
 * than the back so far", and the same for the back): one line for each reason, naming every row
 * it holds for. A warning the page cannot read is shown as it is, its cards drawn.
 */
export function placingWarnings(warnings, ctx) {
  const read = (warnings || []).map((warning) => PLACING.exec(warning));
  if (read.some((match) => !match)) return (warnings || []).map((warning) => hintLine(warning, ctx, "warning"));
  const reasons = new Map();
  for (const [, card, row, kind, why] of read) {
    const key = `${kind}: ${why}`;
    if (!reasons.has(key)) reasons.set(key, { card, kind, why, rows: [] });
    reasons.get(key).rows.push(`the ${row}`);
  }
  return [...reasons.values()].map(({ card, kind, why, rows }) => h("p", { class: "warning" }, ctx.text(withCards(
    `In ${rows.join(" or ")}, the ${card} ${kind === "risk" ? "risks a foul" : "fouls"}: ${why}.`))));
}

/** How to set a Pai Gow hand on the page, and the house way for these cards (the engine's own,
 * with the rule it follows), and how many ways of setting them foul. */
export function paiGowHelp(view, ctx) {
  const help = "Pick a card, then the hand it goes in (or press its number key); cards can be dragged too.";
  const way = view.advice;
  if (!way) return h("p", { class: "hint" }, help);
  const rule = /\(([^)]*)\);/.exec(view.hint || "");
  const options = view.options || [];
  const fouls = options.filter((option) => option.foul).length;
  const warned = fouls
    ? `${fouls} of the ${options.length} ways to set these cards foul (the two-card hand must not beat the five-card hand); `
      + "the Set button says so before you set one."
    : "No way of setting these cards fouls.";
  return [h("p", { class: "hint" }, help),
          h("p", { class: "hint house-way" }, "The house way: ", ctx.row(way.two, "mini"), h("span", { class: "bar" }, " | "),
            ctx.row(way.five, "mini"), ` (${way.two_name} / ${way.five_name})`, rule ? `: ${rule[1]}.` : ".",
            " “Set by the house way” sets it."),
          h("p", { class: "hint" }, capitalize(warned))];
}
