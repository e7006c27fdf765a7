// "Learn this game" at a table: beside the game line, a button that opens the lesson of the game
// being played (or called) in a drawer over the side of the table. The table stays connected and
// keeps its seat underneath; the drawer closes with its button or Escape. It reads the table page's
// state (window.homegame, kept by table.js) and never changes it.

import { $, h } from "./dom.js";

const VARIANT_LESSONS = { lowball: "draw_lowball", wild: "draw_wild", deuces: "draw_wild", aces: "draw_wild", "wild-rank": "draw_wild" };

/** The lesson of the game the table is playing, or the one its dealer called (null: none yet). */
function calledLesson() {
  const frame = window.homegame && window.homegame.frame;
  if (!frame) return null;
  const table = frame.table;
  const called = table.hand ? { game: table.hand.game, variants: table.hand.variants }
    : table.series ? table.series : null;
  if (!called) return null;
  const special = called.game === "draw" ? (called.variants || []).map((name) => VARIANT_LESSONS[name]).find(Boolean) : null;
  return special || called.game;
}

function openDrawer(lesson) {
  closeDrawer();
  const drawer = h("aside", { class: "learn-drawer", id: "learn-drawer", role: "dialog", "aria-label": "lesson" },
    h("div", { class: "learn-drawer-head" }, h("h2", {}, "Learn this game"),
      h("button", { type: "button", class: "close", "aria-label": "close the lesson", onclick: closeDrawer }, "×")),
    h("iframe", { src: `/learn/${encodeURIComponent(lesson)}?embed=1`, title: "the lesson" }));
  document.body.append(drawer);
  drawer.querySelector(".close").focus();
}

function closeDrawer() {
  const drawer = $("#learn-drawer");
  if (drawer) drawer.remove();
}

/** Keep the button beside the game line in step with the game being played. */
function update() {
  const line = $("#game-line");
  if (!line) return;
  const lesson = calledLesson();
  let button = $("#learn-this");
  if (!lesson) {
    if (button) button.remove();
    return;
  }
  if (!button) {
    button = h("button", { type: "button", id: "learn-this", class: "learn-this" }, "Learn this game");
    button.addEventListener("click", () => openDrawer(button.dataset.lesson));
  }
  button.dataset.lesson = lesson;
  if (button.previousElementSibling !== line) line.after(button);
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && $("#learn-drawer")) closeDrawer();
});
const title = document.querySelector(".topbar .title");
if (title) new MutationObserver(update).observe(title, { childList: true, subtree: true, characterData: true });
update();
