// The lobby (/): the open tables of this room, and a form to make a table (its seats, the games
// the dealer may call and their variants, stakes, bots and the clock) that gives the invite link.

import { call, store } from "./api.js";
import { $, $$, fill, h, plural } from "./dom.js";

const HIDDEN_SETTINGS = new Set(["stack", "unit"]);  // the room gives stacks; the points rate is the unit
const BOT_LEVELS = [["heuristic", "heuristic (plays sensibly)"], ["best", "best (the strongest, solvers included)"],
                    ["random", "random (any legal move)"]];
let games = [];

function number(name, label, value, min, max, extra = {}) {
  return h("label", {}, label, h("input", { type: "number", name, value, min, max, required: true, ...extra }));
}

function gameOption(game) {
  return h("div", { class: "game-option" },
           h("label", {}, h("input", { type: "checkbox", name: "game", value: game.name, checked: true, onchange: refreshDependents }),
             game.title, h("small", { class: "note" }, ` ${game.players[0]}-${game.players[1]}`)),
           game.variants.map((variant) => h("label", { class: "variant" },
             h("input", { type: "checkbox", name: `variant:${game.name}`, value: variant.name }),
             h("span", {}, h("b", {}, variant.name), ": ", variant.text))));
}

function chosenGames() {
  return $$("input[name=game]:checked").map((box) => box.value);
}

function refreshDependents() {
  const chosen = chosenGames();
  const select = $("select[name=default_game]");
  const before = select.value;
  fill(select, chosen.map((name) => h("option", { value: name, selected: name === before ? true : null },
                                       games.find((g) => g.name === name).title)));
  const settings = new Map();
  for (const game of games.filter((g) => chosen.includes(g.name))) {
    for (const [key, setting] of Object.entries(game.settings)) {
      if (!HIDDEN_SETTINGS.has(key) && !settings.has(key)) settings.set(key, { ...setting, games: [] });
      if (settings.has(key)) settings.get(key).games.push(game.title);
    }
  }
  const kept = Object.fromEntries($$("#stakes input").map((input) => [input.name, input.value]));
  fill($("#stakes"), [...settings.entries()].map(([key, setting]) => h("label", { title: `${setting.help} (${setting.games.join(", ")})` },
    `${key}`, h("input", { name: key, type: typeof setting.default === "number" ? "number" : "text",
                           value: key in kept ? kept[key] : setting.default, "data-default": setting.default }),
    h("small", { class: "note" }, setting.help))));
}

function buildForm() {
  const form = $("#new-table");
  fill(form,
       h("div", { class: "fields" },
         h("label", {}, "Name", h("input", { name: "name", maxlength: 60, required: true, value: "Friday game" })),
         number("seats", "Seats", 6, 2, 8),
         number("bots", "Bots", 2, 0, 7),
         h("label", {}, "Bot level", h("select", { name: "bot_level" }, BOT_LEVELS.map(([value, text]) => h("option", { value }, text)))),
         number("buy_in", "Buy-in (chips)", 100, 1, 1000000000),
         number("clock", "Clock (seconds a turn)", 30, 1, 3600),
         number("points_rate", "Chips a point", 1, 1, 1000000),
         number("pause", "Pause between deals (s)", 3, 0, 60),
         number("timeouts_to_sit_out", "Timeouts before sitting out", 2, 1, 100)),
       h("h3", {}, "Games the dealer may call"),
       h("div", { class: "game-list" }, games.map(gameOption)),
       h("label", {}, "Default game (when the dealer's clock runs out)", h("select", { name: "default_game" })),
       h("details", {}, h("summary", {}, "Stakes and game settings"),
         h("p", { class: "note" }, "Each setting applies to every chosen game that has it."),
         h("div", { id: "stakes", class: "fields" })),
       h("p", {}, h("button", { type: "submit", class: "act primary" }, "Make the table")),
       h("p", { id: "form-error", class: "notice", role: "alert" }));
  refreshDependents();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(form);
  });
}

function setup(form) {
  const value = (name) => form.elements[name].value;
  const whole = (name) => Number(value(name));
  const chosen = chosenGames();
  const stakes = {};
  for (const input of $$("#stakes input")) {
    if (input.value !== input.dataset.default) stakes[input.name] = input.type === "number" ? Number(input.value) : input.value;
  }
  return {
    name: value("name").trim(), seats: whole("seats"), bots: whole("bots"), bot_level: value("bot_level"),
    buy_in: whole("buy_in"), clock: Number(value("clock")), points_rate: whole("points_rate"), pause: Number(value("pause")),
    timeouts_to_sit_out: whole("timeouts_to_sit_out"), default_game: value("default_game"), stakes,
    games: chosen.map((game) => ({ game, variants: $$(`input[name="variant:${game}"]:checked`).map((box) => box.value) })),
  };
}

async function create(form) {
  const error = $("#form-error");
  error.textContent = "";
  const empty = $$("input[type=number]", form).find((input) => input.value.trim() === "");
  if (empty) {
    error.textContent = `${empty.closest("label").firstChild.textContent}: type a number.`;
    empty.focus();
    return;
  }
  const body = setup(form);
  if (!body.games.length) {
    error.textContent = "Choose at least one game.";
    return;
  }
  try {
    const answer = await call("/api/tables", { method: "POST", body });
    store.keepOwner(answer.table, answer.owner_token);
    showInvite(answer);
    listTables();
  } catch (failure) {
    error.textContent = failure.message;
  }
}

function showInvite(answer) {
  const link = new URL(answer.invite, location.href).href;
  const field = h("input", { readonly: true, value: link, "aria-label": "invite link", id: "invite-link" });
  const status = h("span", { class: "note", role: "status" });
  fill($("#created"),
       h("h3", {}, "Your table is open"),
       h("p", {}, "Send this link to your friends; open it yourself to take a seat."),
       h("div", { class: "invite" }, field,
         h("button", { type: "button", class: "act", onclick: () => copy(field, status) }, "Copy the link"),
         h("a", { class: "act primary", href: answer.invite, id: "open-table" }, "Go to the table")),
       status);
}

async function copy(field, status) {
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = "Copied.";
  } catch (error) {
    field.select();
    status.textContent = document.execCommand && document.execCommand("copy") ? "Copied." : "Select the link and copy it.";
  }
}

async function listTables() {
  const list = $("#tables");
  try {
    const tables = await call("/api/tables");
    if (!tables.length) {
      fill(list, h("li", { class: "note" }, "No table is open yet: make one below."));
      return;
    }
    fill(list, tables.map((table) => h("li", {},
      h("span", {}, h("b", {}, table.name), " ", h("span", { class: "note" },
        `${table.taken}/${table.seats} seated · ${table.phase} · ${plural(table.games.length, "game")} · ${plural(table.hands_played, "hand")} played`)),
      h("a", { class: "act", href: `/t/${encodeURIComponent(table.id)}` }, store.seat(table.id) ? "Back to your seat" : "Join or watch"))));
  } catch (error) {
    fill(list, h("li", { class: "notice" }, error.message));
  }
}

async function start() {
  listTables();
  setInterval(listTables, 5000);
  try {
    games = await call("/api/games");
    buildForm();
  } catch (error) {
    fill($("#new-table"), h("p", { class: "notice" }, error.message));
  }
}

start();
