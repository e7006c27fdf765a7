// What a finished hand moved in chips, under every game's result: the chips each player won or
// lost as the room put them into the stacks (a points game's points paid at the table's rate), and,
// where points took a stack below zero, what happens next. The room says how many chips moved;
// the page only shows them.

import { capitalize, h, plural } from "./dom.js";

/** What a rate of ``rate`` chips a point is, in words: "2 chips a point", "a chip for every 10 points". */
export function rateWords(rate) {
  return rate >= 1 ? `${plural(rate, "chip")} a point` : `a chip for every ${Math.round(1 / rate)} points`;
}

/** A number of chips won (+12) or lost (−12); a true minus sign, not a hyphen. */
export function signed(chips) {
  if (chips > 0) return `+${chips}`;
  return chips < 0 ? `\u2212${-chips}` : "0";
}

/**
 * The chips line of a result. ``chips``: each game seat's chips, in the game's seat order (null:
 * not known, and nothing is shown); ``rate``: the chips a point is worth in a points game (null
 * in a game played for chips); ``stacks``: each game seat's stack now, or null where it is not
 * known (a past hand in the history), for the note on a stack below zero.
 */
export function chipsResult(chips, rate, ctx, stacks = null) {
  if (!Array.isArray(chips)) return null;
  const moved = chips.map((amount, g) => `${ctx.words.who(g)} ${signed(amount)}`).join(", ");
  const head = rate === null || rate === undefined ? "Chips" : `Chips, at ${rateWords(rate)}`;
  return [h("p", { class: "chips-moved" }, ctx.text(`${head}: ${moved}`)),
          rate === null || rate === undefined ? null : belowZero(stacks, ctx)];
}

/** A points game can take a stack below zero: say whose, and how play goes on. */
function belowZero(stacks, ctx) {
  const under = (stacks || []).map((stack, g) => [g, stack]).filter(([, stack]) => stack !== null && stack < 0);
  if (!under.length) return null;
  const whose = under.map(([g, stack]) => `${ctx.words.who(g)} (${signed(stack)})`).join(", ");
  const mine = under.some(([g]) => ctx.words.who(g) === "you");
  const next = mine ? "To be dealt into the next game, rebuy (by your seat's note above, or under Options)"
                    : "A player rebuys under Options to be dealt into the next game";
  return h("p", { class: "note below-zero" },
           ctx.text(`${capitalize(`points can take a stack below zero: ${whose}.`)} ${next}; the house buys its bots back in.`));
}
