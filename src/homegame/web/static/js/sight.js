// Keeping a decision in sight: on a phone the page is taller than the window, so as a decision
// starts, the page is scrolled to what it is decided on, and follows it as advice redraws it, until
// the player scrolls the page themselves.

import { $$ } from "./dom.js";

// What a player decides on: the controls (with their own clock), their cards and what lies in the
// middle of the table (the pot, the board, the stock and the pile, the widow, the trick); setting
// cards in rows is done on the cards alone.
const DECIDED_ON = ["#actions", "#own .cards", "#own .arrange"];
const ON_THE_TABLE = ["#felt .center > *"];

/** From the start of a decision until the player scrolls the page themselves, keep what it is
 * decided on in sight (on a phone the whole page is taller than the window): all of it where it
 * fits, else the cards and the controls. What the room says of a setting being arranged comes a
 * moment after the decision and moves the controls down: they are followed. */
export function keepDecisionInView(app) {
  if (!app.following || !(app.decision || app.frame.you.choosing)) return;
  const arranging = app.decision && app.decision.mode === "arrange";
  const rects = [...DECIDED_ON, ...(arranging ? [] : ON_THE_TABLE)].flatMap((selector) => $$(selector))
    .map((node) => node.getBoundingClientRect()).filter((rect) => rect.height > 0);
  if (!rects.length) return;
  const margin = 4;
  const top = Math.min(...rects.map((rect) => rect.top)) - margin;
  const bottom = Math.max(...rects.map((rect) => rect.bottom)) + margin;
  let shift = 0;
  if (top < 0) shift = top;
  if (bottom - shift > window.innerHeight) shift = bottom - window.innerHeight;
  if (shift) window.scrollBy(0, shift);
}

/** A player who scrolls the page themselves is looking elsewhere: their decision is not followed. */
export function setupFollowing(app) {
  const away = () => { app.following = false; };
  for (const kind of ["wheel", "touchmove"]) window.addEventListener(kind, away, { passive: true });
  window.addEventListener("keydown", (event) => {
    if (["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "].includes(event.key)
        && event.target === document.body) away();
  });
}
