// The panels opened from the table: the rules of each game, the history of past hands (step by
// step), the ledger and settle-up, the options (four-colour deck, sitting out, rebuying, leaving)
// and the keyboard help. One <dialog> shows them, so Esc closes any of them.

import { ordinal } from "./tournament-line.js";
import { alertOptions } from "./alerts.js";
import { call, store } from "./api.js";
import { $, fill, h, plural } from "./dom.js";
import { gameFor } from "./games.js";
import { hostToken } from "./host-panel.js";
import { SHORTCUTS } from "./keys.js";
import { renderMarkdown } from "./markdown.js";
import { comeBackButton, rebuyForm } from "./seat-controls.js";
import { seatLinkPanel } from "./seat-link.js";
import { chipsResult } from "./outcome.js";
import { cardElement } from "./cards.js";
import { Words, textNodes } from "./words.js";
import { downloadHands, nightSection, readHandsFile } from "./night.js";

let ledgerDrawnFrom = null;  // what the open ledger panel shows was read at (ledgerMark); null: not open

function show(title, ...body) {
  const dialog = $("#panel");
  ledgerDrawnFrom = null;
  fill($("#panel-title"), title);
  fill($("#panel-body"), ...body);
  if (!dialog.open) dialog.showModal();
  return $("#panel-body");
}

function failure(error) {
  return h("p", { class: "notice", role: "alert" }, error.message);
}

async function rules(env, game) {
  const { app } = env;
  const names = Object.keys(app.games).sort();
  const current = game || (app.frame && app.frame.table.hand ? app.frame.table.hand.game : names[0] || "draw");
  const picker = h("select", { "aria-label": "game", onchange: (event) => rules(env, event.target.value) },
                   names.map((name) => h("option", { value: name, selected: name === current ? true : null }, app.games[name].title)));
  const body = show("Rules", h("label", { class: "inline" }, "Game ", picker), h("p", { class: "note" }, "Loading…"));
  try {
    const page = await call(`/api/games/${encodeURIComponent(current)}/rules`);
    fill(body, h("label", { class: "inline" }, "Game ", picker), h("article", { class: "rules" }, renderMarkdown(page.rules)));
  } catch (error) {
    body.append(failure(error));
  }
}

/** The table as it stands: the latest frame's, or (a closed table sends none) as the room keeps it. */
async function tableNow(app, tableId) {
  if (app.frame) return app.frame.table;
  try {
    app.closedTable = app.closedTable || await call(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    return null;
  }
  return app.closedTable;
}

async function history(env) {
  const { app } = env;
  const table = await tableNow(app, env.tableId);
  const played = table ? table.hands_played : 0;
  if (!played) {
    show("Hand history", h("p", {}, "No hand has been finished at this table yet."));
    return;
  }
  const numbers = Array.from({ length: Math.min(played, 40) }, (_, index) => played - index);
  const list = h("div", { class: "hand-list", role: "list" }, numbers.map((number) =>
    h("button", { type: "button", class: "chip", onclick: () => oneHand(env, number) }, `Hand ${number}`)));
  show("Hand history", h("p", {}, "Pick a finished hand to step through it, as your seat saw it."), list, handFiles(env));
}

/** Your hands to keep (as JSON lines or in words), and a kept file to open in the viewer. */
function handFiles(env) {
  const token = env.app.seat ? env.app.seat.token : null;
  const note = h("p", { class: "note", role: "status" });
  const save = (words) => downloadHands(env, token, words ? (record) => handText(record).join("\n") : null)
    .then(() => { note.textContent = "Saved."; }, (error) => { note.textContent = error.message; });
  const picker = h("input", { type: "file", accept: ".jsonl,.json,application/x-ndjson", "aria-label": "a file of hands",
    onchange: async (event) => {
      try {
        const records = await readHandsFile(event.target.files[0]);
        show("Hands from a file", h("div", { class: "hand-list", role: "list" }, records.map((record) =>
          h("button", { type: "button", class: "chip", onclick: () => oneHand(env, record.number, record) }, `Hand ${record.number} · ${record.title}`))));
      } catch (error) {
        note.textContent = error.message;
      }
    } });
  return h("section", { class: "hand-files" }, h("h3", {}, "Keep your hands"),
    token ? h("div", { class: "buttons" },
      h("button", { type: "button", class: "act", onclick: () => save(false) }, "Download my hands"),
      h("button", { type: "button", class: "act", onclick: () => save(true) }, "…as text"))
      : h("p", { class: "note" }, "Take a seat to download the hands you are dealt."),
    h("label", { class: "inline" }, "Open a file ", picker), note);
}

function wordsFor(env, record) {
  const seats = record.names ? null : (env.app.frame ? env.app.frame.table : env.app.closedTable).seats;
  return new Words(record.player, (g) => {
    if (record.names) return record.names[g] || `seat ${record.seats[g] + 1}`;
    const occupant = seats[record.seats[g]];
    return occupant ? occupant.name : `seat ${record.seats[g] + 1}`;
  });
}

/** A downloaded hand in words: who sat where, every event the seat saw, and what each won or lost. */
function handText(record) {
  const words = wordsFor(null, record);
  const lines = record.view.log.map((event) => words.tell(event)).filter(Boolean);
  const result = record.names.map((name, g) => `${name} ${record.chips[g] > 0 ? "+" : ""}${record.chips[g]}`).join(", ");
  return [`Hand ${record.number} · ${record.title} · ${record.table_name}`, `Players: ${record.names.join(", ")}.`, ...lines, `Result: ${result}.`];
}

async function oneHand(env, number, loaded = null) {
  const { app, tableId } = env;
  const body = show(`Hand ${number}`, h("p", { class: "note" }, "Loading…"));
  let record = loaded;
  try {
    record = record || await call(`/api/tables/${encodeURIComponent(tableId)}/hands/${number}`, { token: app.seat ? app.seat.token : null });
  } catch (error) {
    fill(body, failure(error));
    return;
  }
  const words = wordsFor(env, record);
  const lines = record.view.log.map((event) => words.tell(event)).filter(Boolean);
  let step = lines.length;
  const game = gameFor(record.game);
  const markOf = game.marks ? game.marks(record.view) : () => ({});
  const ctx = { view: record.view, words, markOf, text: textNodes,
                row: (codes, size = "table") => h("span", { class: "cards" }, (codes || []).map((code) => cardElement(code, { size, marks: markOf(code) }))),
                hand: (codes) => h("span", { class: "cards" }, (codes || []).map((code) => cardElement(code, { size: "table", marks: markOf(code) }))),
                choiceTarget: (action, node) => node };
  const draw = () => {
    fill(body,
         h("p", {}, `${record.title} · ${plural(lines.length, "step")}`),
         h("div", { class: "stepper" },
           h("button", { type: "button", onclick: () => { step = 1; draw(); }, disabled: step <= 1 ? true : null }, "First"),
           h("button", { type: "button", class: "step-back", onclick: () => { step -= 1; draw(); }, disabled: step <= 1 ? true : null }, "← Back"),
           h("span", { "aria-live": "polite" }, `Step ${step} of ${lines.length}`),
           h("button", { type: "button", class: "step-next", onclick: () => { step += 1; draw(); }, disabled: step >= lines.length ? true : null }, "Next →"),
           h("button", { type: "button", onclick: () => { step = lines.length; draw(); }, disabled: step >= lines.length ? true : null }, "Last")),
         h("ol", { class: "log history-log" }, lines.slice(0, step).map((line, index) =>
           h("li", { class: index === step - 1 ? "current" : null }, textNodes(line)))),
         step === lines.length && game.results ? h("section", { class: "result" }, game.results(record.view, ctx),
                                                   chipsResult(record.chips, record.points_rate, ctx)) : null,
         h("button", { type: "button", class: "chip", onclick: () => history(env) }, "Other hands"));
    const current = body.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
  };
  body.onkeydown = (event) => {
    if (event.key === "ArrowLeft" && step > 1) step -= 1;
    else if (event.key === "ArrowRight" && step < lines.length) step += 1;
    else return;
    event.preventDefault();
    draw();
    const next = body.querySelector(event.key === "ArrowLeft" ? ".step-back" : ".step-next");
    if (next && !next.disabled) next.focus();
  };
  draw();
}

async function ledger(env) {
  const body = show("Ledger", h("p", { class: "note" }, "Loading…"));
  await drawLedger(env, body);
}

async function drawLedger(env, body) {
  const mark = ledgerMark(env.app);
  try {
    const data = await call(`/api/tables/${encodeURIComponent(env.tableId)}/ledger`);
    showLedger(env, body, data);
    ledgerDrawnFrom = mark;
  } catch (error) {
    fill(body, failure(error));
  }
}

/** What the ledger panel shows depends on: the money at the table, the hands played and the host's calls. */
function ledgerMark(app) {
  if (!app.frame) return "";
  const table = app.frame.table;
  return JSON.stringify([table.hands_played, table.chips, table.seats.map((seat) => seat && seat.name),
                         table.bomb_pot_called, table.closing, table.phase, Boolean(app.frame.host)]);
}

/** Draw the open ledger panel again when a frame has changed what it shows (a new player, a hand
 * over, a bomb pot called), so it never offers a stale figure or button. */
export function refreshLedger(env) {
  if (ledgerDrawnFrom === null || !$("#panel").open || ledgerMark(env.app) === ledgerDrawnFrom) return;
  ledgerDrawnFrom = ledgerMark(env.app);  // one fetch at a time for the same change
  drawLedger(env, $("#panel-body"));
}

/** The final ledger, shown when the table closes (the room's last frame carries it). */
function final(env) {
  const body = show("Ledger", h("p", { class: "note" }));
  showLedger(env, body, env.finalLedger, true);
  body.prepend(h("p", { class: "notice", role: "status" }, "The table is closed: the final ledger."));
}

function showLedger(env, body, data, closed = false) {
  const { app, tableId } = env;
  const night = h("div", { class: "night-slot" });
  nightSection(env).then((section) => night.replaceChildren(section));
  const table = app.frame ? app.frame.table : null;
  // a bomb pot is the host's call (the owner's, or the seat's the role was handed to), a
  // tournament's its owner's; the night ends from the host's panel, the one place a table closes
  const host = table && table.tournament ? store.owner(tableId) : app.frame && app.frame.host ? hostToken() : null;
  const open = !closed && table && table.phase !== "closed";
  const places = data.lines.some((line) => "place" in line);  // a tournament's: places, entry fees and prizes
  const titles = places ? ["Place", "Name", "Entry", "Prize", "Net"] : ["Name", "Brought", "Took away", "In front", "Net"];
  fill(body,
       h("div", { class: "table-scroll" }, h("table", { class: "ledger" },
         h("thead", {}, h("tr", {}, titles.map((title) => h("th", {}, title)))),
         h("tbody", {}, data.lines.map((line) => h("tr", {},
           places ? h("td", {}, line.place ? ordinal(line.place) : "in play") : null,
           h("td", {}, line.name, line.bot ? h("span", { class: "note" }, " · the house's") : null), h("td", {}, line.bought), h("td", {}, line.cashed),
           places ? null : h("td", {}, line.stack),
           h("td", { class: line.net > 0 ? "up" : line.net < 0 ? "down" : "" }, `${line.net > 0 ? "+" : ""}${line.net}`)))))),
       h("h3", {}, "Settle up"),
       data.settle_up.length ? h("ul", { class: "settle" }, data.settle_up.map((transfer) =>
         h("li", {}, h("b", {}, transfer.payer), ` pays `, h("b", {}, transfer.payee), ` ${plural(transfer.chips, "chip")}`)))
         : h("p", {}, places && data.lines.some((line) => !line.place) ? "Who pays whom is known when the tournament is over." : "Everyone is square."),
       data.lines.some((line) => line.bot) ? h("p", { class: "note" }, "Bots play the house's chips: the house settles for them.") : null,
       open && table.closing ? h("p", { class: "note" }, "The table closes when the hand in play ends.") : null,
       night,
       host && open && !table.closing ? bombPotControl(env, host, table) : null);
}

/** The host's call of a bomb pot, where the table deals them: the next hand of a game that has them. */
function bombPotControl(env, host, table) {
  if (!table.config.bomb_pot) return null;
  if (table.bomb_pot_called) return h("p", { class: "note" }, `A bomb pot of ${table.config.bomb_pot} each is called for the next hand.`);
  return h("button", { type: "button", class: "act", "data-action": "bomb-pot", onclick: () => callBombPot(env, host) },
           `Call a bomb pot (${table.config.bomb_pot} each)`);
}

async function callBombPot(env, host) {
  const body = $("#panel-body");
  try {
    const answer = await call(`/api/tables/${encodeURIComponent(env.tableId)}/bomb-pot`, { method: "POST", body: {}, token: host });
    body.prepend(h("p", { class: "notice", role: "status" },
                   `Bomb pot called: the next hand of ${answer.games.join(" or ")} starts with ${answer.chips} from everyone.`));
  } catch (error) {
    body.append(failure(error));
  }
}

function options(env) {
  const { app } = env;
  const frame = app.frame;
  const mine = frame && frame.you.seat !== null ? frame.table.seats[frame.you.seat] : null;
  const request = (message) => seatRequest(env, message);
  const seatControls = mine ? [
    h("h3", {}, `Your seat: ${mine.name}`),
    h("div", { class: "buttons" },
      mine.sitting_out
        ? comeBackButton(request)
        : h("button", { type: "button", class: "act", onclick: () => request({ type: "sit_out" }) }, "Sit out from the next deal"),
      h("button", { type: "button", class: "act danger", onclick: () => request({ type: "leave" }) }, "Leave the seat")),
    rebuyForm(frame.table, mine, request) || h("p", { class: "note" }, "A rebuy tops a stack up to the most a player may bring; yours is there already."),
    app.seat ? seatLinkPanel(env.tableId, app.seat.token) : null,
  ] : h("p", {}, "You are watching: take a seat from the table to play.");
  show("Options",
       h("label", { class: "inline" },
         h("input", { type: "checkbox", id: "toggle-colours", checked: app.fourColour ? true : null, onchange: env.toggleColours }),
         " Four-colour deck (diamonds blue, clubs green)"),
       alertOptions(),
       seatControls);
}

async function seatRequest(env, message) {
  const answer = await env.send(message);
  const body = $("#panel-body");
  body.append(h("p", { class: answer.type === "error" ? "notice" : "note", role: "status" },
                answer.type === "error" ? answer.message : "Done."));
  if (message.type === "leave" && answer.type === "ack") {
    store.keepSeat(env.tableId, null);
    env.app.seat = null;
    env.connect();
  }
}

function help() {
  show("Keyboard", h("table", { class: "keys" }, h("tbody", {}, SHORTCUTS.map(([key, what]) =>
    h("tr", {}, h("th", {}, h("kbd", {}, key)), h("td", {}, what))))),
  h("p", { class: "note" }, "Each control shows its own key in a small box."));
}

const PANELS = { rules, history, ledger, final, options, help };

/** Open the panel called ``name``. */
export function openPanel(name, env) {
  (PANELS[name] || help)(env);
}
