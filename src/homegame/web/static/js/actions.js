// The controls for a decision: the betting bar, buttons for the plain choices, the confirm buttons
// of picked cards, and the editor that arranges cards into rows. Each control sends one legal
// action; each carries a key (shown on it, listed in the help) so every action has a shortcut.

import { cardElement } from "./cards.js";
import { capitalize, h } from "./dom.js";
import { textNodes } from "./words.js";

const KEYS = {
  fold: "f", check: "c", call: "c", "bring-in": "i", bet: "r", raise: "r", complete: "r",
  "draw:stock": "s", "draw:pile": "t", knock: "k", take: "t", pass: "p", surrender: "u", show: "w",
  "declare:high": "h", "declare:low": "l", "declare:both": "b", bank: "b", decline: "n", "set:house": "h",
  "place:front": "f", "place:middle": "m", "place:back": "b", play: "p", discard: "d", swap: "w",
  muck: "m", straddle: "s", "no-straddle": "n", "run:twice": "t", "run:once": "o",
};

function keyFor(action) {
  return KEYS[`${action.kind}:${action.option}`] || KEYS[action.kind] || null;
}

/** A button that sends ``action``, labelled with what taking it is ("raise to 12"). */
function actionButton(action, env, options = {}) {
  const key = options.key === undefined ? keyFor(action) : options.key;
  const label = options.label || capitalize(env.words.doing(action)) + (goesAllIn(action, env) ? " (all in)" : "");
  const classes = ["act", options.primary ? "primary" : "", action.kind === "fold" ? "danger" : ""].filter(Boolean).join(" ");
  return h("button", { type: "button", class: classes, "data-key": key, "data-kind": action.kind,
                       "data-option": action.option || null, "data-primary": options.primary ? "true" : null, disabled: options.disabled || env.busy ? true : null,
                       title: options.title || null, onclick: () => env.act(action) },
           textNodes(label), key ? h("kbd", { "aria-hidden": "true" }, key.toUpperCase()) : null);
}

/** The most this seat's bet can reach: everything it has bet and has behind (null: not known). */
function allInAmount(env) {
  const money = env.money;
  if (!money || !(env.me in money.stacks)) return null;
  return (money.bets[env.me] || 0) + money.stacks[env.me];
}

/** Whether taking a betting action puts in every chip the seat has. */
function goesAllIn(action, env) {
  const money = env.money;
  if (!money || !(env.me in money.stacks) || !money.stacks[env.me]) return false;
  if (action.kind === "call") return money.toCall >= money.stacks[env.me];
  return ["bet", "raise", "complete"].includes(action.kind) && action.amount === allInAmount(env);
}

/**
 * The bet sizes a tap sets: the least, half the pot, the pot, and the most. A size the bet cannot
 * reach is left out rather than cut down to the most (a "Pot" that would silently go all in), and
 * the most is called "All in" when it is all the seat has. Each says the amount it sets.
 */
export function betPresets(decision, env) {
  const { min, max } = decision.amounts;
  const money = env.money;
  const level = money ? (money.bets[env.me] || 0) + money.toCall : 0;
  const potAfterCall = money ? money.pot + money.toCall : 0;
  const sized = money ? [["½ pot", level + Math.floor(potAfterCall / 2), "h"], ["Pot", level + potAfterCall, "p"]] : [];
  const top = [max === allInAmount(env) ? "All in" : "Max", max, "a"];
  const presets = [["Min", min, "m"], ...sized.filter(([, amount]) => min < amount && amount < max), top];
  const seen = new Set();
  return presets.filter(([, amount]) => !seen.has(amount) && seen.add(amount))
    .map(([label, amount, key]) => h("button", { type: "button", class: "preset", "data-key": key, "data-amount": amount,
      title: `${label}: ${decision.amounts.kind} to ${amount}`, disabled: env.busy ? true : null,
      onclick: () => { decision.setAmount(amount); env.rerender(); } },
      label, h("kbd", { "aria-hidden": "true" }, key.toUpperCase())));
}

/** The betting bar: fold, check or call, and a bet or raise of an amount (the total it reaches).
 * Typing an amount or sliding changes the bet button and the other control in place: drawing the
 * bar again when the box loses focus would replace the button a pointer is pressing, and the
 * click would be lost. Enter in the box bets what it says. */
function bettingBar(decision, env) {
  const buttons = decision.bets.map((action) => actionButton(action, env));
  if (!decision.amountAction()) return [h("div", { class: "buttons" }, buttons)];
  const amountButton = () => actionButton(decision.amountAction(), env, { primary: false });
  let betButton = amountButton();
  buttons.push(betButton);
  const { min, max } = decision.amounts;
  if (max <= min) return [h("div", { class: "buttons" }, buttons)];
  const follow = (value, other) => {
    decision.setAmount(value);
    const fresh = amountButton();
    betButton.replaceWith(fresh);
    betButton = fresh;
    other.value = decision.amount;
  };
  const slider = h("input", { type: "range", class: "slider", min, max, step: 1, value: decision.amount,
                              "aria-label": `${decision.amounts.kind} amount`, disabled: env.busy ? true : null,
                              oninput: (event) => follow(event.target.value, input) });
  const input = h("input", { type: "number", class: "amount", min, max, step: 1, value: decision.amount,
                             "aria-label": `amount: the total your ${decision.amounts.kind} reaches, ${min} to ${max}`,
                             disabled: env.busy ? true : null,
                             oninput: (event) => follow(event.target.value, slider),
                             onchange: (event) => { event.target.value = decision.amount; },
                             onkeydown: (event) => {
                               if (event.key !== "Enter") return;
                               event.preventDefault();
                               decision.setAmount(event.target.value);
                               env.act(decision.amountAction());
                             } });
  const sizing = h("div", { class: "sizing" }, h("div", { class: "presets" }, betPresets(decision, env)), slider, input);
  return [h("div", { class: "buttons" }, buttons), sizing];
}

// what a player does with the card(s) picked, in the prompt before any is picked
const PICK_VERBS = { discard: "throw it away", play: "play it", call: "call, throwing it away", swap: "swap them",
                     pass: "pass it", place: "place it" };

function pickControls(decision, env) {
  const matched = decision.pickedActions();
  const kinds = [...new Set(decision.picks.map((action) => action.kind))];
  if (!matched.length) {
    const slots = Math.max(...decision.picks.map((action) => action.cards.length));
    const what = slots > 1 ? "one of your cards and one of the widow's" : "a card";
    return h("p", { class: "prompt" }, `Tap ${what}, then ${kinds.map((kind) => PICK_VERBS[kind] || kind).join(" or ")}.`);
  }
  return matched.map((action, index) => actionButton(action, env, { primary: index === 0 }));
}

/** Showing every card of a family at once, where the family allows it: one tap shows a hand
 * (picking cards first shows only those). */
function wholeHand(family) {
  return family.sizes.includes(family.cards.length) ? { kind: family.kind, cards: [...family.cards] } : null;
}

function subsetControls(decision, env) {
  const action = decision.subsetAction();
  const sizes = decision.subsetSizes();
  const kind = decision.subsets[0].kind;
  const controls = [];
  if (sizes.includes(0) && kind === "discard") {
    controls.push(actionButton({ kind, cards: [] }, env, { key: "s", primary: decision.chosen.length === 0 }));
  }
  const whole = kind === "show" && !decision.chosen.length ? wholeHand(decision.subsets[0]) : null;
  if (whole) {
    controls.push(actionButton(whole, env, { primary: true, label: "Show your hand" }));
  } else if (decision.chosen.length || !sizes.includes(0)) {
    const shown = action || { kind, cards: [...decision.chosen] };
    controls.push(actionButton(shown, env, { primary: true, disabled: !action, key: { pass: "p", show: "w" }[kind] || "d",
                                             title: action ? null : env.why || null }));
  }
  const range = sizes.length > 1 ? `${sizes[0]} to ${sizes[sizes.length - 1]}` : String(sizes[0]);
  controls.push(h("p", { class: "prompt" }, `${decision.chosen.length} chosen: ${kind} ${range} card${sizes.at(-1) === 1 ? "" : "s"}.`,
                  env.why && !action ? h("span", { class: "why" }, ` ${env.why}`) : null));
  return controls;
}

/** Every control for ``decision``; ``env`` gives the words, the view's money and how to act. */
export function actionBar(decision, env) {
  const plain = decision.plain.map((action) => actionButton(action, env, { primary: decision.mode === "buttons" && decision.plain.length === 1 }));
  const parts = [];
  if (decision.betting) parts.push(...bettingBar(decision, env));
  if (decision.mode === "pick") parts.push(h("div", { class: "buttons" }, pickControls(decision, env)));
  if (decision.mode === "subset") parts.push(h("div", { class: "buttons" }, subsetControls(decision, env)));
  if (decision.mode === "arrange") parts.push(h("div", { class: "buttons" }, arrangeControls(decision, env)));
  if (plain.length) parts.push(h("div", { class: "buttons" }, plain));
  if (env.canSuggest && decision.mode !== "arrange") parts.push(h("div", { class: "buttons" }, suggestButton(env)));
  return parts;
}

/** Ask the game's best bot (a solver where there is one) what it would play from this seat. */
function suggestButton(env) {
  return h("button", { type: "button", class: "act", "data-key": "g", disabled: env.busy ? true : null, onclick: env.suggest },
           "Suggest", h("kbd", { "aria-hidden": "true" }, "G"));
}

// -- arranging cards into rows ------------------------------------------------------------------

function arrangeControls(decision, env) {
  const action = decision.arrangementAction();
  const warning = env.advice && env.advice.warning;
  const armed = env.armed === decision.key;
  const controls = [];
  if (env.canSuggest) controls.push(suggestButton(env));
  let label = action ? capitalize(env.words.doing(action)) : `Place every card (${decision.unplaced().length} left)`;
  if (action && decision.arrangement.kind === "set") label = "Set these rows";
  if (action && warning) label = armed ? "Set it anyway: it fouls" : "Set (it fouls!)";
  controls.push(h("button", { type: "button", class: `act primary ${warning ? "danger" : ""}`, "data-key": "e", "data-primary": "true",
                              disabled: !action || env.busy ? true : null,
                              onclick: () => (warning && !armed ? env.arm(decision.key) : env.act(action)) },
                  textNodes(label), h("kbd", { "aria-hidden": "true" }, "E")));
  return controls;
}

function movable(card, decision, env) {
  const node = cardElement(card, { button: true, size: "hand", pressed: decision.holding === card,
                                   marks: env.markOf(card), extra: "movable" });
  node.draggable = true;
  node.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", card));
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    const held = decision.holding;
    if (held && held !== card) {
      const from = decision.groupOf(held), to = decision.groupOf(card);
      if (from !== to) {
        decision.place(card, -1);
        decision.place(held, to);
        if (from >= 0) decision.place(card, from);
        env.rerender();
        return;
      }
    }
    decision.toggle(card);
    env.rerender();
  });
  return node;
}

function dropZone(node, index, decision, env) {
  node.addEventListener("dragover", (event) => event.preventDefault());
  node.addEventListener("drop", (event) => {
    event.preventDefault();
    if (decision.place(event.dataTransfer.getData("text/plain"), index)) env.rerender();
  });
  node.addEventListener("click", () => {
    if (decision.holding && decision.place(decision.holding, index)) env.rerender();
  });
  return node;
}

/**
 * The editor of an arrangement (Chinese Poker's rows, Pai Gow's two hands, Anaconda's show, the
 * first Open-Face cards): tap a card, then a row (or another card, to swap), or drag it there; a
 * focused card goes to row 1, 2 or 3 with that key. ``labels`` name the rows; ``fixed`` are cards
 * already in them (Open-Face); ``names`` and the warning come from the room.
 */
export function arrangeEditor(decision, env, labels, fixed = []) {
  const { min, max } = decision.arrangement;
  const names = (env.advice && env.advice.names) || [];
  const rows = decision.groups.map((group, index) => {
    const before = fixed[index] || [];
    const room = max[index];
    const name = labels[index] || `Row ${index + 1}`;
    const zone = h("div", { class: `group ${group.length < min[index] ? "short" : ""}`, "data-group": index,
                            role: "group", "aria-label": labels[index] || `row ${index + 1}` },
                   h("button", { type: "button", class: "group-label", disabled: env.busy ? true : null,
                                 title: `put the chosen card here (key ${index + 1})` },
                     h("span", {}, name), " ",
                     h("span", { class: "count" }, `${before.length + group.length}/${before.length + room}`,
                       h("kbd", { "aria-hidden": "true" }, String(index + 1)))),
                   h("div", { class: "group-cards" },
                     before.map((card) => cardElement(card, { size: "hand", marks: env.markOf(card), extra: "fixed" })),
                     group.map((card) => movable(card, decision, env)),
                     Array.from({ length: Math.max(0, room - group.length) }, () => h("span", { class: "slot hand" }))),
                   names[index] ? h("span", { class: "group-name" }, names[index]) : null);
    return dropZone(zone, index, decision, env);
  });
  const left = decision.unplaced();
  const pool = dropZone(h("div", { class: "group pool", "data-group": -1, role: "group", "aria-label": "cards to place" },
                          h("span", { class: "group-label" }, left.length ? `To place (${left.length})` : "All placed", h("kbd", { "aria-hidden": "true" }, "0")),
                          h("div", { class: "group-cards" }, left.map((card) => movable(card, decision, env)))), -1, decision, env);
  return h("div", { class: "arrange" }, rows, left.length || decision.holding ? pool : null,
           env.advice && env.advice.warning ? h("p", { class: "warning", role: "alert" }, `Foul: ${env.advice.warning}`) : null);
}
