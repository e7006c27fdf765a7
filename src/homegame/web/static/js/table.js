// The table page (/t/<table>, the invite link): the seats around the table, the cards, the log and
// the chat, and the controls of the reader's own decisions. It connects as the seat whose token
// this browser keeps for the table (or watches), draws every state the room pushes, and sends the
// actions the player picks. The room decides everything; the page shows the seat its own view.

import { actionBar, arrangeEditor } from "./actions.js";
import { askWhy, checkArrangement, suggest } from "./advice.js";
import { alertTurn } from "./alerts.js";
import { call, store } from "./api.js";
import { cardElement } from "./cards.js";
import { Decision } from "./decision.js";
import { $, $$, capitalize, fill, h, steady } from "./dom.js";
import { clockElement, renderFelt, tickClocks } from "./felt.js";
import { gameFor, money } from "./games.js";
import { hostLine, renderHost } from "./host-panel.js";
import { joinForm, requestNotice, takeSeat } from "./join.js";
import { installKeys } from "./keys.js";
import { renderChat, renderLog, setupChat } from "./log-chat.js";
import { chipsResult } from "./outcome.js";
import { openPanel, refreshLedger } from "./panels.js";
import { keepPreAction, preActionBar, takePreAction } from "./preactions.js";
import { pickerNode } from "./picker.js";
import { outNotice } from "./seat-controls.js";
import { claimSeat, codeFromLink } from "./seat-link.js";
import { keepDecisionInView, setupFollowing } from "./sight.js";
import { TableSocket } from "./socket.js";
import { app, gameName, hand, seatName, tableId, tableSeatOf, words } from "./table-state.js";
import { placedLine, tournamentLine } from "./tournament-line.js";
import { variantOf } from "./variants.js";
import { textNodes } from "./words.js";

window.homegame = app;
const page = { render, renderActions, say };  // what advice.js redraws with

// -- the connection -------------------------------------------------------------------------------

function connect() {
  if (app.socket) app.socket.close();
  app.socket = new TableSocket(tableId, app.seat ? app.seat.token : null, app.owner);
  app.socket.addEventListener("frame", (event) => receive(event.detail));
  app.socket.addEventListener("status", (event) => showStatus(event.detail));
  app.socket.connect();
}

function receive(frame) {
  if (frame.type === "state") {
    if (app.frame && frame.seq < app.frame.seq) return;
    app.frame = frame;
    if (app.seat && frame.you.seat !== null && app.seat.seat !== frame.you.seat) {
      if (app.seat.seat === null) app.notice = "";  // the host granted the seat asked for
      seated({ ...app.seat, seat: frame.you.seat }, false);
    }
    app.skew = frame.now - Date.now() / 1000;
    render();
    refreshLedger(panelEnv());
  } else if (frame.type === "chat") {
    if (!app.chat.some((line) => line.seq === frame.seq)) app.chat.push(frame);
    renderChat();
  } else if (frame.type === "closed") {
    openPanel("final", { ...panelEnv(), finalLedger: frame.ledger });
  } else if (frame.type === "moved") {
    // the tournament moved this seat to another of its tables: the same token opens it there
    if (app.seat) store.keepSeat(frame.table, app.seat);
    store.keepSeat(tableId, null);
    app.socket.close();
    location.assign(`/t/${encodeURIComponent(frame.table)}`);
  } else if (frame.type === "welcome") {
    if (app.seat && app.seat.seat !== null && frame.seat === null) {
      store.keepSeat(tableId, null);  // the seat was given up: this browser watches now
      app.seat = null;
    }
  } else if (frame.type === "error") {
    if (frame.code === "replaced") {
      say("This seat is open in another window or device now, which plays it: close this one.");
    } else if (frame.code === "bad_token") {
      store.keepSeat(tableId, null);
      app.seat = null;
      say("That seat's token no longer opens a seat here: you are watching.");
      connect();
    } else if (frame.code === "no_table") {
      say("There is no such table open in this room.");
    } else {
      say(frame.message);
    }
  }
}

function showStatus({ status, attempt, code }) {
  const text = { connecting: "Connecting…", connected: "Connected", reconnecting: `Reconnecting… (try ${attempt})`,
                 refused: { 4404: "No such table", 4409: "Open in another window", 4410: "The table is closed" }[code] || "Refused by the room" }[status] || status;
  const node = $("#status");
  node.dataset.status = status;
  fill(node, h("span", { class: "dot", "aria-hidden": "true" }), text);
  $("#banner").hidden = status !== "reconnecting";
  if (status === "reconnecting") fill($("#banner"), "The connection dropped: reconnecting… your seat is kept and the clocks wait.");
  // The room's clocks stand still while it is away: so do the ones shown, until it is back.
  if (status === "connected") app.clocksStopped = null;
  else if (app.drawn && app.clocksStopped === null) app.clocksStopped = Date.now() / 1000 + app.skew;
  document.body.dataset.clocks = app.clocksStopped === null ? "running" : "stopped";
  tickClocks();
}

function say(text) {
  app.notice = text;
  renderActions();
}

/** Send an intent; the room answers with an ack (and a new state) or an error saying why. */
async function send(message) {
  app.busy = true;
  app.notice = "";
  renderActions();
  const answer = await app.socket.send(message);
  app.busy = false;
  if (answer.type === "error") app.notice = answer.message;
  render();
  return answer;
}

function act(action) {
  app.armed = null;
  app.preAction = null;
  return send({ type: "act", action, seq: app.frame.seq });
}

// -- drawing ------------------------------------------------------------------------------------------

/** What a game's presentation draws with: the view, the words, cards with their marks. */
function context(view = app.frame.view, game = gameName(), teller = words()) {
  const presentation = gameFor(game);
  const markOf = presentation.marks && view ? presentation.marks(view) : () => ({});
  const decision = view === app.frame.view ? app.decision : null;
  return {
    view, words: teller, markOf, arranging: Boolean(decision && decision.mode === "arrange"),
    text: (marked) => textNodes(marked),
    row: (codes, size = "table", extra = "") => h("span", { class: `cards ${extra}`.trim() },
      (codes || []).map((code) => cardElement(code, { size, marks: markOf(code) }))),
    hand: (codes, size = "hand", extraOf = () => "") => h("div", { class: `cards ${size === "hand" ? "hand-cards" : ""}`.trim(),
                                                                   style: { "--per-line": Math.max(7, Math.ceil((codes || []).length / 2)) } },
      (codes || []).map((code) => (decision ? handCard(code, size, markOf, extraOf(code))
                                            : cardElement(code, { size, marks: markOf(code), extra: extraOf(code) })))),
    choiceTarget: (action, node) => choiceTarget(action, node),
  };
}

function handCard(code, size, markOf, extra) {
  const decision = app.decision;
  if (decision.mode === "arrange" || decision.mode === "bet" || decision.mode === "buttons") {
    return cardElement(code, { size, marks: markOf(code), extra });
  }
  const can = decision.canPick(code);
  const node = cardElement(code, { size, marks: markOf(code), extra: `${extra} pickable`, button: true,
                                   pressed: decision.isPicked(code), disabled: !can || app.busy });
  node.addEventListener("click", () => {
    decision.toggle(code);  // a second tap puts the card back: playing it is the button's job
    app.why = "";
    render();
    askWhy(page);
  });
  return node;
}

/** Make a part of the table (the stock, the discard pile) the button of a legal choice, named by
 * what it does and what it shows ("Draw stock: stock 29"). */
function choiceTarget(action, node) {
  const decision = app.decision;
  const legal = decision && decision.plain.find((a) => a.kind === action.kind && a.option === action.option);
  if (!legal) return node;
  const shown = node.textContent.trim();
  return h("button", { type: "button", class: "table-choice", disabled: app.busy ? true : null,
                       "aria-label": `${capitalize(words().doing(legal))}${shown ? `: ${shown}` : ""}`,
                       onclick: () => act(legal) }, node);
}

/** A name for the focused control that survives drawing the page again. */
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body || !active.closest("#felt, #own, #actions")) return null;
  if (active.dataset.card) return `[data-card="${active.dataset.card}"]`;
  if (active.dataset.key) return `#actions [data-key="${active.dataset.key}"]`;
  if (active.classList.contains("amount")) return "#actions .amount";
  if (active.classList.contains("slider")) return "#actions .slider";
  return null;
}

function render() {
  const frame = app.frame;
  if (!frame) return;
  const focused = focusKey();
  const key = frame.legal ? JSON.stringify(frame.legal) : "";
  const turnStarts = frame.you.to_act && (!app.decision || app.decision.key !== key);
  if (!frame.you.to_act) app.decision = null;
  else if (turnStarts) startDecision(frame);
  keepPreAction(app);
  const chosenEarlier = turnStarts ? takePreAction(app, frame.legal) : null;
  if (chosenEarlier) queueMicrotask(() => act(chosenEarlier));
  renderTop();
  renderHost();
  renderFelt(context(), (seat) => takeSeat(seat, seated, say));
  renderOut();
  renderOwn();
  renderActions();
  renderResult();
  renderLog();
  if (focused) {
    const again = $(focused.startsWith("[data-card") ? `#own button${focused}, #felt button${focused}` : focused);
    if (again && !again.disabled) again.focus();
  }
  const callStarts = frame.you.choosing && app.calling !== frame.seq;
  app.calling = frame.you.choosing ? frame.seq : null;
  if (turnStarts || callStarts) app.following = true;
  const turnBegins = frame.you.to_act && !app.hadTurn;  // a turn of several decisions alerts once
  app.hadTurn = frame.you.to_act;
  if ((turnBegins && !chosenEarlier) || callStarts) {
    alertTurn(tableId, frame.table.name, callStarts ? "Your deal: call the next game." : `${hand().title}: your decision.`);
  }
  keepDecisionInView(app);
  if (!app.drawn) {
    app.drawn = true;
    app.drawnAt = performance.now();
    document.body.dataset.drawn = "true";
  }
}

function startDecision(frame) {
  app.decision = new Decision(frame.legal, frame.seq);
  app.advice = null;
  app.adviceKey = "";
  app.armed = null;
  app.why = "";
  const decision = app.decision;
  // Rows of fixed sizes start filled in the order of the cards, ready to rearrange, where the
  // game weighs a setting for fouls before it is set; Anaconda's show starts empty, as cards laid
  // out by the deal would be a poor hand shown with one press (its Suggest lays out a good one).
  if (decision.arrangement && decision.arrangement.kind === "set") {
    const { min, max, cards } = decision.arrangement;
    if (min.every((low, index) => low === max[index])) {
      const order = [...cards];
      const groups = max.map(() => []);
      for (let index = max.length - 1; index >= 0; index -= 1) groups[index] = order.splice(0, max[index]);
      decision.arrange(groups);
    }
  }
}

function renderTop() {
  const table = app.frame.table;
  $("#table-name").textContent = table.name;
  const yours = app.frame.you.to_act || app.frame.you.choosing;
  document.title = `${yours ? "● Your turn · " : ""}${table.name} · homegame`;
  const current = hand();
  const hosts = hostLine(table);  // paused, or waiting for the host to start the night
  let line;
  if (hosts) {
    line = hosts;
  } else if (current && !current.over) {
    const named = current.variants.map((variant) => variantOf(app.games[current.game], variant).label);
    const variants = named.length ? ` (${named.join(", ")})` : "";
    const closing = table.closing ? " · the table closes when it ends" : "";
    line = `Hand ${current.number}: ${current.title}${variants}${closing}`;
  } else if (table.phase === "choosing") {
    line = `Dealer's choice: ${seatName(table.chooser)} calls the next game`;
  } else if (table.phase === "between") {
    line = current ? `${current.title} goes on: the next deal comes in a moment` : "The first deal comes in a moment";
  } else if (table.phase === "waiting") {
    line = "Waiting for players";
  } else if (table.phase === "closed") {
    line = "This table is closed";
  } else if (table.phase === "break") {
    line = "The tournament is on a break";
  } else {
    line = current ? `Hand ${current.number}: ${current.title} is over` : "";
  }
  const tournament = table.tournament ? [h("br"), h("span", { class: "tournament-line" }, tournamentLine(table.tournament))] : [];
  fill($("#game-line"), line, tournament);
}

/** Why the reader is not dealt in, with the way back (Come back, a rebuy), drawn again only when
 * that changes: a rebuy being typed is kept while the hand goes on. */
function renderOut() {
  const frame = app.frame;
  const node = $("#out");
  node.hidden = frame.you.seat === null;
  if (node.hidden) return;
  const mine = frame.table.seats[frame.you.seat];
  const current = hand() && !hand().over ? hand() : null;
  const key = JSON.stringify([frame.you.out, frame.you.player, mine && mine.stack, current && current.number]);
  steady(node, key, () => outNotice(frame, current && current.title, send));
  node.hidden = !node.textContent.trim();
}

function renderOwn() {
  const frame = app.frame;
  const node = $("#own");
  const view = frame.view;
  const decision = app.decision;
  const game = gameFor(gameName());
  node.hidden = false;
  if (frame.you.seat === null && frame.you.request) {
    steady(node, JSON.stringify(frame.you.request), () => requestNotice(frame.you.request, () => { seated(null); }));
    return;
  }
  if (frame.you.seat === null) {
    const table = frame.table;
    const tournament = table.tournament;
    if (tournament) {
      const placed = placedLine(tournament, app.seat ? app.seat.name : store.name());
      fill(node, h("p", { class: placed ? "notice" : "note", id: "tournament-place" },
                   placed || h("a", { href: `/tournament/${encodeURIComponent(tournament.id)}` }, "The tournament's page: its entries and standings")));
      delete node.dataset.built;
      return;
    }
    // the form is drawn again only when what it offers changes: a name being typed stays
    const key = JSON.stringify([table.phase === "closed", table.seats.some((seat) => seat === null), table.config.buy_in,
                                table.config.max_buy_in]);
    steady(node, key, () => joinForm(seated, say));
    return;
  }
  delete node.dataset.built;
  if (!view || frame.you.player === null || frame.you.player === undefined) {
    fill(node);
    node.hidden = true;  // #out says why
    return;
  }
  const ctx = context();
  const parts = [];
  if (decision && decision.mode === "arrange") {
    const labels = game.rows || [];
    const fixed = game.fixedRows ? game.fixedRows(view) : [];
    parts.push(arrangeEditor(decision, actionEnv(), labels, fixed));
  }
  parts.push(game.own ? game.own(view, ctx) : null);
  fill(node, parts);
  node.hidden = !node.textContent.trim() && !node.querySelector(".card, .slot");  // no cards left: no empty box
}

/** Keep the seat (or the seat request) this browser holds, and connect as it unless it is only
 * the seat's number that changed (a request the host granted). */
function seated(seat, reconnect = true) {
  app.seat = seat;
  store.keepSeat(tableId, seat);
  if (reconnect) connect();
}

function actionEnv() {
  const frame = app.frame;
  const game = gameFor(gameName());
  const view = frame.view;
  return {
    words: words(), busy: app.busy, act, me: frame.you.player, money: money(view, gameName()), why: app.why,
    markOf: game.marks && view ? game.marks(view) : () => ({}), advice: app.advice, armed: app.armed,
    arm: (key) => { app.armed = key; renderActions(); },
    rerender: (only) => (only ? renderActions() : render()),
    canSuggest: ["chinese", "open_face", "anaconda"].includes(gameName()) && Boolean(app.seat),
    suggest: () => suggest(page),
  };
}

function renderActions() {
  const frame = app.frame;
  const node = $("#actions");
  if (!frame) return;
  const parts = [];
  if (frame.table.paused && (frame.you.choosing || app.decision)) {
    parts.push(h("p", { class: "prompt" }, `${hostLine(frame.table)}.`));
  } else if (frame.you.choosing) parts.push(pickerNode(app, send, renderActions));
  else if (app.decision) {
    parts.push(...actionBar(app.decision, actionEnv()));
    if (app.decision.mode === "arrange") checkArrangement(page);
  } else if (frame.you.seat !== null) parts.push(h("p", { class: "prompt" }, waitingFor()), preActionBar(app, renderActions));
  if (frame.you.to_act || frame.you.choosing) parts.push(turnClock(frame));
  if (app.notice) parts.push(h("p", { class: "notice", role: "alert" }, app.notice));
  fill(node, parts);
  node.dataset.toAct = frame.you.to_act || frame.you.choosing ? "true" : "false";
  tickClocks();
  keepDecisionInView(app);
}

/** The reader's own clock by their controls (the same one their seat shows on the table), and what
 * the rules take for them when it runs out. */
function turnClock(frame) {
  const mine = frame.table.seats[frame.you.seat];
  const takes = frame.you.to_act && frame.clock_takes ? ` If it runs out: ${words().doing(frame.clock_takes)}.` : "";
  return h("div", { class: "turn-clock" },
           clockElement(mine && mine.deadline, { role: "timer", "aria-label": "your time" }),
           h("p", { class: "note clock-note" }, textNodes(`Your time.${takes}`)));
}

function waitingFor() {
  const frame = app.frame;
  const view = frame.view;
  if (view && !view.is_over && view.to_act.length) {
    const names = view.to_act.map((g) => seatName(tableSeatOf(g)));
    return `Waiting for ${names.join(", ")}…`;
  }
  if (frame.table.phase === "choosing") {
    return frame.table.chooser === frame.you.seat ? "Your deal: you call the next game once the last hand's pause is over…"
                                                  : `Waiting for ${seatName(frame.table.chooser)} to call the game…`;
  }
  if (frame.table.phase === "between") return "The next deal comes in a moment…";
  if (frame.table.phase === "break") return "The tournament is on a break: the next deal comes when it ends.";
  if (frame.table.phase === "waiting" && frame.table.tournament) return tournamentWait(frame.table.tournament);
  if (frame.table.phase === "waiting") return "Waiting for another player who can be dealt in…";
  return "";
}

function tournamentWait(info) {
  if (info.started_at === null) return "The tournament starts when every entry is taken (or when its owner starts it)…";
  return "Waiting for the tournament to seat another player at this table…";
}

function renderResult() {
  const frame = app.frame;
  const node = $("#result");
  const view = frame.view;
  const current = hand();
  if (view && view.is_over) {
    app.lastResult = { number: current.number, game: current.game, view, player: frame.you.player, seats: current.seats,
                       chips: current.chips, rate: current.points_rate };
  }
  const last = app.lastResult;
  if (!last || last.number === app.dismissed) {
    node.hidden = true;
    return;
  }
  const over = current && current.number === last.number;
  const ctx = context(last.view, last.game, words(last.player, last.seats));
  const game = gameFor(last.game);
  node.hidden = false;
  fill(node, h("div", { class: "result-head" },
                h("h2", {}, over ? `Hand ${last.number} is over` : `Last hand (${last.number})`),
                over ? null : h("button", { type: "button", class: "chip", onclick: () => { app.dismissed = last.number; renderResult(); } }, "Hide")),
       game.results ? game.results(last.view, ctx) : null,
       chipsResult(last.chips, last.rate, ctx, over ? last.seats.map((seat) => (frame.table.seats[seat] || { stack: null }).stack) : null));
}

// -- the page's own controls ---------------------------------------------------------------------------

async function loadGames() {
  try {
    const games = await call("/api/games");
    app.games = Object.fromEntries(games.map((game) => [game.name, game]));
    if (app.frame && app.frame.you.choosing) renderActions();
  } catch (error) {
    // titles fall back on the games' names
  }
}

function setupTools() {
  document.body.classList.toggle("four-colour", app.fourColour);
  for (const button of $$("[data-panel]")) button.addEventListener("click", () => openPanel(button.dataset.panel, panelEnv()));
}

function panelEnv() {
  return {
    app, tableId, words: app.frame ? words() : null, send, connect,
    toggleColours: () => {
      app.fourColour = !app.fourColour;
      store.keepOption("fourColour", app.fourColour);
      document.body.classList.toggle("four-colour", app.fourColour);
    },
  };
}

function start() {
  if (!tableId) return;
  const code = codeFromLink();  // first, so the code leaves the address bar before anything else
  setupChat();
  setupTools();
  setupFollowing(app);
  installKeys({ app, render, openPanel: (name) => openPanel(name, panelEnv()), toggleColours: () => panelEnv().toggleColours() });
  connect();
  if (code) claimSeat(tableId, code).then(seated, (error) => say(`The seat code was not taken: ${error.message}.`));
  loadGames();
  setInterval(tickClocks, 250);
}

start();
