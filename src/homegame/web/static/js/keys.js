// Every action from the keyboard. The keys of the controls on screen are shown on them (a letter
// in a box); these are the keys that work everywhere, listed in the help panel and the README.

import { $, $$ } from "./dom.js";

export const SHORTCUTS = [
  ["?", "this help"],
  ["Tab / Shift+Tab", "move between controls; Enter or Space presses the focused one"],
  ["letter on a button", "that action (F fold, C check or call, R bet or raise, S stand pat, D discard…)"],
  ["M, H, P, A", "bet presets: minimum, half the pot and the pot (where a bet can reach them), all in (or the most allowed)"],
  ["+ / −", "raise or lower the amount by one"],
  ["1 … 9, 0", "pick the first … ninth, tenth card of your hand (to discard, pass or play)"],
  ["1 … 9, 0, -, =", "your deal: choose the first … twelfth game"],
  ["← / →", "move between your cards; Space picks the focused card"],
  ["Enter", "the main action: play, discard, pass or set what you picked"],
  ["1, 2, 3 (setting rows)", "put the focused or chosen card in row 1, 2 or 3; 0 takes it back"],
  ["G", "the solver's suggestion (Chinese and Open-Face Poker)"],
  ["Esc", "put back the cards you picked; close a panel"],
  ["/", "write in the chat"],
  ["Shift+R", "the rules of the game"],
  ["Shift+H", "the history of past hands, step by step"],
  ["Shift+L", "the ledger and settle-up"],
  ["Shift+O", "options: four-colour deck, sit out, rebuy, leave"],
  ["Shift+D", "switch the four-colour deck on or off"],
];

const PANELS = { R: "rules", H: "history", L: "ledger", O: "options" };

/** The keys of the dealer's picker, game by game: the top row of the keyboard, so that every game of
 * the book has one (twelve). */
export const PICKER_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];

/** Call the game of the picker's key ``key``; false if there is none. */
function pickGame(key) {
  const radios = $$(".picker input[type=radio]");
  const radio = radios[PICKER_KEYS.indexOf(key)];
  if (!radio) return false;
  radio.click();
  return true;
}

function typing(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !["range", "checkbox", "radio", "button", "submit"].includes(target.type);
}

function press(selector) {
  const button = $(selector);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

function cardButtons() {
  return $$("#own button.card, #center button.card, .center button.card");
}

function focusedCard() {
  const active = document.activeElement;
  return active && active.matches && active.matches("button.card") ? active.dataset.card : null;
}

function moveFocus(step) {
  const cards = cardButtons();
  if (!cards.length) return false;
  const at = cards.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
  cards[next].focus();
  return true;
}

function digit(env, key) {
  const { app } = env;
  const frame = app.frame;
  const number = key === "0" ? 10 : Number(key);
  if (frame && frame.you.choosing) return pickGame(key);
  const decision = app.decision;
  if (!decision) return false;
  if (decision.mode === "arrange") {
    const card = focusedCard() || decision.holding;
    if (!card) return false;
    const index = key === "0" ? -1 : number - 1;
    if (index >= decision.groups.length) return false;
    if (!decision.place(card, index) && index >= 0) {
      const group = decision.groups[index];
      const from = decision.groupOf(card);
      const swapped = group[group.length - 1];
      decision.place(swapped, -1);
      decision.place(card, index);
      if (from >= 0) decision.place(swapped, from);
    }
    env.render();
    const again = $(`#own button.card[data-card="${card}"]`);
    if (again) again.focus();
    return true;
  }
  const hand = $$("#own .hand-cards .card");
  const target = hand[number - 1];
  if (target && target.tagName === "BUTTON" && !target.disabled) {
    target.click();
    return true;
  }
  return false;
}

function amount(env, step) {
  const decision = env.app.decision;
  if (!decision || !decision.amounts) return false;
  decision.setAmount(decision.amount + step);
  env.render();
  return true;
}

/** Listen for the shortcuts; ``env`` gives the app, its render and the panels. */
export function installKeys(env) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if ($("dialog[open]")) return;
    const { key } = event;
    if (typing(event.target)) {
      if (key === "Escape") event.target.blur();
      return;
    }
    let done = false;
    if (key === "?") {
      env.openPanel("help");
      done = true;
    } else if (key === "/") {
      const tab = $("#tab-chat");
      if (tab) tab.click();
      $("#chat-input").focus();
      done = true;
    } else if (event.shiftKey && PANELS[key]) {
      env.openPanel(PANELS[key]);
      done = true;
    } else if (event.shiftKey && key === "D") {
      env.toggleColours();
      env.render();
      done = true;
    } else if (key === "Escape") {
      if (env.app.decision) {
        env.app.decision.clear();
        env.render();
      }
      done = true;
    } else if (/^[0-9]$/.test(key)) {
      done = digit(env, key);
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      if (!(document.activeElement && document.activeElement.type === "range")) done = moveFocus(key === "ArrowLeft" ? -1 : 1);
    } else if (key === "Enter") {
      const active = document.activeElement;
      const onControl = active && active !== document.body && active.matches("button:not(.card), a, input, select, summary");
      if (!onControl) done = press("#actions [data-primary]");
    } else if ((key === "-" || key === "=") && env.app.frame && env.app.frame.you.choosing) {
      done = pickGame(key);
    } else if (key === "+" || key === "=" || key === "-" || key === "−") {
      done = amount(env, key === "-" || key === "−" ? -1 : 1);
    } else if (!event.shiftKey && /^[a-z]$/.test(key)) {
      done = press(`#actions [data-key="${key}"]`);
    }
    if (done) event.preventDefault();
  });
}
