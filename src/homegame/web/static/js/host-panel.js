// The host's panel, for a browser holding the host's token (the state's "host"): the requests to
// answer first, then the night, players, settings and invite. Every button is one host action
// (docs/protocol.md); the room refuses what cannot be done now, and says why.

import { call, store } from "./api.js";
import { $, h, linkRow, plural, steady } from "./dom.js";
import { app, tableId } from "./table-state.js";

const ARMED_FOR = 5000;
let counter = 0;

/** The host's link: it opens this table with the host's controls on any device. */
function hostLink() {
  return `${location.origin}/t/${encodeURIComponent(tableId)}#host=${app.owner}`;
}

function inviteLink() {
  return `${location.origin}/t/${encodeURIComponent(tableId)}`;
}

/** The host's token this browser holds: the owner's, or a seat's the role was handed to. */
export function hostToken() {
  return app.owner || (app.seat && app.seat.token);
}

/** Send one host action; what was done (or why not) goes under the panel's head. */
async function hostAction(action) {
  counter += 1;
  const id = `host-${Math.random().toString(36).slice(2, 8)}-${counter}`;
  try {
    const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/host`, { method: "POST", body: { ...action, id }, token: hostToken() });
    tell(`Done: ${answer.done}.`, false);
  } catch (error) {
    tell(`Not done: ${error.message}.`, true);
  }
}

function tell(text, refused) {
  app.hostNote = { text, refused };
  const node = $("#host-note");
  if (node) showNote(node);
}

function showNote(node) {
  const note = app.hostNote;
  node.textContent = note ? note.text : "";
  node.className = note && note.refused ? "notice" : "note";
  node.hidden = !note;
}

function button(label, action, { kind = "act", name = null } = {}) {
  return h("button", { type: "button", class: kind, "data-host": name || action.type, onclick: () => hostAction(action) }, label);
}

/** A button that acts only when pressed twice within a few seconds (the first press says what the
 * second will do), for what cannot be taken back. */
function twice(label, really, action) {
  const node = h("button", { type: "button", class: "act danger", "data-host": action.type }, label);
  let timer = null;
  node.addEventListener("click", () => {
    clearTimeout(timer);
    const armed = node.textContent === really;
    node.textContent = armed ? label : really;
    timer = armed ? null : setTimeout(() => { node.textContent = label; }, ARMED_FOR);
    if (armed) hostAction(action);
  });
  return node;
}

/** Said once, the first time this browser opens its table as host: keep the host's link. */
function keepLinkNotice() {
  const kept = () => {
    store.keepOption(`hostLinkKept.${tableId}`, true);
    renderHost();
  };
  return h("div", { class: "host-keep", role: "note" },
    h("p", {}, h("strong", {}, "Keep your host link. "),
      "It opens the host's controls on any device and is the only way back to them: keep it to yourself."),
    linkRow("your host link", hostLink(), "Copy my host link"),
    h("button", { type: "button", class: "act", onclick: kept }, "I have kept it"));
}

function requestsPart(frame) {
  const requests = frame.host.requests;
  const asking = frame.table.seats.filter((seat) => seat && seat.chips_asked);
  if (!requests.length && !asking.length) return null;
  return h("div", { class: "host-asks", role: "group", "aria-label": "waiting for your answer" },
    requests.map((request) => h("div", { class: "host-ask", "data-request": request.id },
      h("span", {}, h("b", {}, request.name), ` asks to sit${request.seat === null ? "" : ` in seat ${request.seat}`}`,
        ` with ${plural(request.chips, "chip")}`, request.member ? `, as the club member ${request.member}` : ""),
      h("span", { class: "buttons" },
        button("Seat them", { type: "approve", request: request.id }, { kind: "act primary" }),
        button("Refuse", { type: "refuse", request: request.id })))),
    asking.map((seat) => h("div", { class: "host-ask", "data-chips": seat.seat },
      h("span", {}, h("b", {}, seat.name), ` asks for ${plural(seat.chips_asked, "chip")}`),
      h("span", { class: "buttons" },
        button("Give them", { type: "approve_chips", seat: seat.seat }, { kind: "act primary" }),
        button("Refuse", { type: "refuse_chips", seat: seat.seat })))));
}

function nightPart(table) {
  const parts = [];
  if (table.awaits_start) parts.push(button("Start the night", { type: "start" }, { kind: "act primary" }));
  if (table.paused) parts.push(button("Resume", { type: "resume" }, { kind: "act primary" }));
  else parts.push(button("Pause", { type: "pause" }));
  if (!table.closing) parts.push(twice("End the night", "Press again to end the night", { type: "end" }));
  return h("div", { class: "buttons" }, parts);
}

function adjustForm(seat) {
  const chips = h("input", { type: "number", step: 1, "aria-label": `chips for ${seat.name} (below zero to take)`, placeholder: "+/- chips", class: "host-chips" });
  const reason = h("input", { maxlength: 200, "aria-label": `why ${seat.name}'s stack changes`, placeholder: "reason (goes into the ledger)" });
  const submit = (event) => {
    event.preventDefault();
    hostAction({ type: "adjust", seat: seat.seat, chips: Number(chips.value), reason: reason.value.trim() });
  };
  return h("form", { class: "host-adjust", onsubmit: submit }, chips, reason, h("button", { type: "submit", class: "act" }, "Adjust"));
}

function playersPart(table, mine) {
  const seated = table.seats.filter(Boolean);
  if (!seated.length) return h("p", { class: "note" }, "No one is seated yet.");
  return h("ul", { class: "host-players" }, seated.map((seat) => h("li", { "data-seat": seat.seat },
    h("div", { class: "host-player" }, h("b", {}, seat.name), ` · ${plural(seat.stack, "chip")}`,
      seat.bot ? h("span", { class: "note" }, " · bot") : null,
      seat.leaving ? h("span", { class: "note" }, " · leaving") : null),
    h("div", { class: "buttons" },
      seat.leaving ? null : twice("Remove", `Press again to remove ${seat.name}`, { type: "remove", seat: seat.seat }),
      seat.bot || seat.seat === mine ? null
        : twice("Make host", `Press again: ${seat.name} becomes the host`, { type: "hand_over", seat: seat.seat })),
    adjustForm(seat))));
}

function settingsPart(config) {
  const flag = (key, label) => h("label", { class: "check" },
    h("input", { type: "checkbox", checked: config[key] ? true : null, "data-setting": key,
                 onchange: (event) => hostAction({ type: "settings", [key]: event.target.checked }) }), ` ${label}`);
  return h("fieldset", { class: "host-settings" }, h("legend", {}, "Table settings"),
    flag("public", "Listed in the lobby"), flag("ask_to_sit", "Players ask me for a seat"),
    flag("approve_chips", "I approve rebuys and top-ups"));
}

function invitePart() {
  return h("div", { class: "host-invite" },
    h("p", {}, "Friends join with the invite link, or by pointing a phone at this code:"),
    h("img", { class: "qr", src: `/api/tables/${encodeURIComponent(tableId)}/invite.svg`, width: 180, height: 180,
               alt: "QR code of the table's invite link" }),
    linkRow("invite link", inviteLink(), "Copy the invite link"),
    app.owner ? linkRow("your host link", hostLink(), "Copy my host link") : null);
}

function build(frame) {
  const table = frame.table;
  const details = h("details", { class: "host-more", open: app.hostOpen ? true : null,
                                 ontoggle: (event) => { app.hostOpen = event.target.open; } },
    h("summary", {}, "Host controls"),
    h("h3", {}, "The night"), nightPart(table),
    h("h3", {}, "Players"), playersPart(table, frame.you.seat),
    settingsPart(table.config),
    h("h3", {}, "Invite"), invitePart());
  const note = h("p", { id: "host-note", role: "status" });
  showNote(note);
  const firstTime = app.owner && !store.option(`hostLinkKept.${tableId}`, false);
  return [h("h2", { class: "host-title" }, "You host this table"),
          firstTime ? keepLinkNotice() : null, requestsPart(frame), details, note];
}

/** Draw the host's panel (hidden for everyone else); drawn again only when what it shows changes,
 * so an adjustment being typed stays. */
export function renderHost() {
  const frame = app.frame;
  const node = $("#host");
  if (!node || !frame) return;
  node.hidden = !frame.host || frame.table.phase === "closed";
  if (node.hidden) {
    delete node.dataset.built;
    return;
  }
  const table = frame.table;
  const key = JSON.stringify([frame.host, table.seats.map((s) => s && [s.name, s.stack, s.chips_asked, s.leaving, s.bot]),
                              table.paused, table.awaits_start, table.closing, table.config, frame.you.seat,
                              store.option(`hostLinkKept.${tableId}`, false)]);
  steady(node, key, () => build(frame));
}

/** The table's line while it is paused or waits for its host to start the night (for everyone). */
export function hostLine(table) {
  if (table.paused) return `Paused by ${table.paused.by}: play goes on when the host resumes`;
  if (table.awaits_start) return "Waiting for the host to start the night";
  return null;
}
