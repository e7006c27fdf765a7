// A seat's own requests, offered where the player needs them: the rebuy (in Options, and by the
// cards of a player too short of chips to be dealt in) and the way back for a player who sits out.
// The room says why a seat is not dealt in (the state's you.out); the page only words it.

import { h, plural } from "./dom.js";

/** The rebuy form of the reader's seat ``mine`` at ``table``, suggesting enough to be dealt in
 * (``needs`` chips) and at least the top-up to the buy-in; null when the stack is full already. */
export function rebuyForm(table, mine, send, { needs = 0, prompt = "Rebuy", label = "Add chips" } = {}) {
  const { buy_in: buyIn } = table.config;
  const most = table.config.max_buy_in || buyIn;
  const topUp = most - mine.stack;  // a rebuy brings a stack up to that, no further
  if (topUp <= 0) return null;
  const suggested = Math.min(topUp, Math.max(buyIn - mine.stack, needs - mine.stack, 1));
  const chips = h("input", { type: "number", name: "rebuy", min: 1, max: topUp, step: 1, value: suggested,
                             "aria-label": "chips to add" });
  const upTo = most > buyIn ? `the most a player may bring, ${most}` : `the buy-in of ${buyIn}`;
  return h("form", { class: "inline rebuy", onsubmit: (event) => { event.preventDefault(); send({ type: "rebuy", chips: Number(chips.value) }); } },
           h("label", {}, `${prompt} `, chips), h("button", { type: "submit", class: "act" }, label),
           h("span", { class: "note" }, ` up to ${upTo}`));
}

export function comeBackButton(send) {
  return h("button", { type: "button", class: "act primary", onclick: () => send({ type: "come_back" }) }, "Come back");
}

/** Why the reader is not dealt in (``frame.you.out``), and the way back right there. */
export function outNotice(frame, gameTitle, send) {
  const out = frame.you.out;
  const table = frame.table;
  const mine = table.seats[frame.you.seat];
  const hand = table.hand && !table.hand.over ? table.hand : null;
  const dealt = Boolean(hand) && frame.you.player !== null && frame.you.player !== undefined;
  if (!out) {
    return dealt ? null : h("p", { class: "note out-note" }, "You sit here; the next deal includes you.");
  }
  const lines = {
    leaving: () => ["You are leaving: the seat is given up when the game you play ends."],
    asked: () => [dealt ? "You sit out from the next deal; this hand is yours to play out." : "You sit out.", comeBackButton(send)],
    clock: () => [`Your time ran out ${plural(table.config.timeouts_to_sit_out, "turn")} in a row, so you sit out: `
                  + (dealt ? "the rest of this hand is played for you at once." : "you are not dealt in."), comeBackButton(send)],
    chips: () => [`You have ${mine.stack ? plural(mine.stack, "chip") : "no chips"}, and ${gameTitle || "a deal here"} needs ${out.needs}: rebuy to be dealt in.`,
                  rebuyForm(table, mine, send, { needs: out.needs, prompt: "Chips", label: "Rebuy" })],
    late: () => [hand ? "This hand was dealt before you sat down (or came back): the next deal includes you."
                      : "The game under way was dealt before you sat down (or came back): you are dealt in when it ends."],
  }[out.why];
  const [text, ...controls] = lines ? lines() : [`You are not dealt in (${out.why}).`];
  return h("div", { class: "out-note", role: "status", "data-why": out.why }, h("p", {}, text), controls.filter(Boolean));
}
