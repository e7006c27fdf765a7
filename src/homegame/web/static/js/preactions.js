// Pre-actions in a betting round: what the player will do when their turn comes (check or fold,
// check, call this amount), chosen while the others act, and taken the moment the turn comes if it
// still means what it meant. A bet clears a check, a raise clears a call of the old amount, and a new
// round (or hand) clears every choice. Only the view's own money is read: nothing is worked out here.

import { h } from "./dom.js";

const KINDS = {
  "check-fold": () => "Check/fold",
  check: () => "Check",
  call: (amount) => `Call ${amount}`,
};

/** The round the reader is in, and what calling costs in it; null where no pre-action fits: not
 * dealt in, to act already, folded or all in, or no round being bet. */
function round(frame) {
  const view = frame.view;
  const player = frame.you.player;
  if (!view || view.is_over || player === null || player === undefined || frame.you.to_act) return null;
  if (!view.bets || !Object.keys(view.bets).length) return null;
  if ((view.folded || []).includes(player) || (view.all_in || []).includes(player)) return null;
  if (!view.stacks || !view.stacks[player]) return null;
  return { key: `${frame.table.hand.number}:${view.phase}:${view.street}`, toCall: view.to_call || 0 };
}

/** The pre-actions open now, each {kind, amount}: check/fold always, check while nothing is to be
 * called, a call of what is to be called now otherwise. */
function offered(now) {
  return now.toCall ? [{ kind: "check-fold" }, { kind: "call", amount: now.toCall }]
                    : [{ kind: "check-fold" }, { kind: "check" }];
}

/** Drop the chosen pre-action where it no longer means what it meant. */
export function keepPreAction(app) {
  const chosen = app.preAction;
  if (!chosen || !app.frame) return;
  const now = round(app.frame);
  if (app.frame.you.to_act) return;  // taken by takePreAction
  const still = now && now.key === chosen.key
    && (chosen.kind === "check-fold" || (chosen.kind === "check" && !now.toCall) || (chosen.kind === "call" && now.toCall === chosen.amount));
  if (!still) app.preAction = null;
}

/** The legal action the chosen pre-action takes now that the turn has come (null: none; the player
 * decides), dropping the choice either way. */
export function takePreAction(app, legal) {
  const chosen = app.preAction;
  app.preAction = null;
  if (!chosen) return null;
  const choices = (legal || []).flatMap((family) => family.choices || []);
  const find = (kind, amount) => choices.find((action) => action.kind === kind && (amount === undefined || action.amount === amount));
  if (chosen.kind === "check-fold") return find("check") || find("fold") || null;
  if (chosen.kind === "check") return find("check") || null;
  return find("call", chosen.amount) || null;
}

/** The row of pre-actions for the reader, or null when none fits now. */
export function preActionBar(app, rerender) {
  const now = round(app.frame);
  if (!now) return null;
  const chosen = app.preAction;
  const same = (option) => chosen && chosen.kind === option.kind && chosen.amount === option.amount;
  return h("div", { class: "preactions", role: "group", "aria-label": "before your turn" },
           h("span", { class: "note" }, "Before your turn:"),
           offered(now).map((option) => h("button", {
             type: "button", class: "act preaction", "aria-pressed": same(option) ? "true" : "false", "data-pre": option.kind,
             onclick: () => { app.preAction = same(option) ? null : { ...option, key: now.key }; rerender(); },
           }, KINDS[option.kind](option.amount))));
}
