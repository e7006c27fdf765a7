// What the room says of a decision before it is made: what a setting being arranged is worth, why
// the cards picked so far make no legal action, and the solver's suggestion. Each answers a
// question of the decision under way and is dropped if the decision has moved on. ``page`` is the
// table page's { render, renderActions, say }.

import { call } from "./api.js";
import { $$ } from "./dom.js";
import { app, gameName, tableId, words } from "./table-state.js";

let checking = 0;

/** Ask the room what it makes of the setting being arranged, and show its answer. */
export async function checkArrangement(page) {
  const decision = app.decision;
  const action = decision.arrangementAction();
  const key = action ? JSON.stringify(action) : "";
  if (key === app.adviceKey) return;
  app.adviceKey = key;
  app.advice = null;
  if (!action || !app.seat || !["chinese", "open_face", "pai_gow"].includes(gameName())) return;
  const mine = ++checking;
  try {
    const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/check`, { method: "POST", body: { action }, token: app.seat.token });
    if (mine !== checking || app.decision !== decision) return;
    if (gameName() === "pai_gow") answer.names = paiGowNames(action);
    app.advice = answer;
    page.render();
  } catch (error) {
    // the decision moved on, or the room is busy: the setting is simply not annotated
  }
}

function paiGowNames(action) {
  const [two] = action.groups;
  const option = (app.frame.view.options || []).find((o) => o.two.length === two.length && o.two.every((c) => two.includes(c)));
  return option ? [option.two_name, option.five_name] : [];
}

let whyAsked = 0;

/** Why the cards picked so far make no legal action, in the room's words. */
export async function askWhy(page) {
  const decision = app.decision;
  if (!decision || decision.mode !== "subset" || !app.seat || decision.subsetAction() || !decision.chosen.length) return;
  const mine = ++whyAsked;
  const action = { kind: decision.subsets[0].kind, cards: [...decision.chosen] };
  try {
    const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/check`, { method: "POST", body: { action }, token: app.seat.token });
    if (mine === whyAsked && app.decision === decision && !answer.legal) {
      app.why = answer.why;
      page.renderActions();
    }
  } catch (error) {
    // no explanation this time
  }
}

/** Ask the room's solver for a suggestion, and lay it out or point to it. */
export async function suggest(page) {
  const decision = app.decision;
  try {
    const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/suggest`, { token: app.seat.token });
    if (app.decision !== decision) return;
    const action = answer.action;
    if (decision.arrangement && action.groups && action.kind === decision.arrangement.kind) {
      decision.arrange(action.groups);
      app.notice = "The solver's suggestion is laid out: set it, or change it first.";
      page.render();
    } else {
      app.notice = `Suggestion: ${words().doing(action)}`;
      page.renderActions();
      const button = $$("#actions button.act").find((b) => b.dataset.kind === action.kind);
      if (button) button.focus();
    }
  } catch (error) {
    page.say(error.message);
  }
}
