// The table page's log and chat: the hand so far in words, the chat's lines, and the chat box and
// the tabs between the two.

import { $, $$, fill, h } from "./dom.js";
import { app, hand, words } from "./table-state.js";
import { textNodes } from "./words.js";

/** The hand so far, a line an event, kept scrolled to the end when it was there. */
export function renderLog() {
  const frame = app.frame;
  const node = $("#log");
  const view = frame.view;
  const atEnd = node.scrollHeight - node.scrollTop - node.clientHeight < 30;
  if (!view) {
    fill(node, h("li", { class: "note" }, "No hand yet."));
    return;
  }
  const teller = words();
  const lines = view.log.map((event) => teller.tell(event)).filter(Boolean);
  fill(node, h("li", { class: "log-title" }, `Hand ${hand().number}: ${hand().title}`), lines.map((line) => h("li", {}, textNodes(line))));
  if (atEnd) node.scrollTop = node.scrollHeight;
}

/** The chat's latest lines; the Chat tab is marked unread while the Log is shown. */
export function renderChat() {
  const node = $("#chat-lines");
  fill(node, app.chat.map((line) => h("li", {}, h("b", { class: "who" }, line.name), ": ", h("span", {}, line.text))));
  node.scrollTop = node.scrollHeight;
  const tab = $("#tab-chat");
  if (tab && tab.getAttribute("aria-selected") !== "true" && app.chat.length) tab.dataset.unread = "true";
}

/** Why a chat line was not sent, under the chat box (not among the table's controls). */
function chatNote(text) {
  const note = $("#chat-note");
  note.textContent = text;
  note.hidden = !text;
}

/** The chat box sends a line as the seat's; the tabs switch between the log and the chat. */
export function setupChat() {
  $("#chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (!app.seat) {
      chatNote("Take a seat to chat.");
      return;
    }
    const answer = await app.socket.send({ type: "chat", text });
    if (answer.type === "ack") input.value = "";
    chatNote(answer.type === "ack" ? "" : answer.message);
  });
  $("#chat-input").addEventListener("input", () => chatNote(""));
  for (const tab of $$(".tabs [role=tab]")) {
    tab.addEventListener("click", () => {
      for (const other of $$(".tabs [role=tab]")) {
        other.setAttribute("aria-selected", String(other === tab));
        $(`#${other.getAttribute("aria-controls")}`).hidden = other !== tab;
      }
      delete tab.dataset.unread;
    });
  }
}
