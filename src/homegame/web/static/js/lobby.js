// The lobby (/): the open tables of this room, and a form to make a table (its seats, the games
// the dealer may call and their variants, stakes, bots and the clock) that gives the invite link.

import { call, store } from "./api.js";
import { $, capitalize, fill, h, linkRow, plural } from "./dom.js";
import { buildForm, refuse } from "./setup-form.js";

async function create(form, setup) {
  try {
    const { tournament, ...body } = setup;
    const answer = await call(tournament ? "/api/tournaments" : "/api/tables", { method: "POST", body });
    if (tournament) {
      for (const table of answer.tables) store.keepOwner(table, answer.owner_token);
    } else {
      store.keepOwner(answer.table, answer.owner_token);
    }
    showInvite(answer, tournament);
    listTables();
  } catch (failure) {
    refuse(form, failure.field, `The table was not made: ${failure.message}.`, `${capitalize(failure.message)}.`);
  }
}

function showInvite(answer, tournament) {
  const link = new URL(answer.invite, location.href).href;
  const row = linkRow("invite link", link, "Copy the link", { id: "invite-link" });
  const field = row.firstChild;
  row.lastChild.before(h("a", { class: "act primary", href: answer.invite, id: "open-table" }, tournament ? "Go to the tournament" : "Go to the table"));
  fill($("#created"),
       h("h3", {}, tournament ? "Your tournament is open for entries" : "Your table is open"),
       h("p", {}, tournament ? "Send this link to your friends; open it yourself to enter. It starts when every entry is taken (or when you start it)."
                             : "Send this link to your friends; open it yourself to take a seat."),
       row);
  // the link is what the host came for: in sight (below the form on a phone), selected to copy
  $("#created").scrollIntoView({ block: "center" });
  field.focus();
  field.select();
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
        `${table.tournament ? "tournament · " : ""}${table.taken}/${table.seats} seated · ${table.phase} · ${plural(table.games.length, "game")} · ${plural(table.hands_played, "hand")} played`)),
      table.tournament && !store.seat(table.id)
        ? h("a", { class: "act", href: `/tournament/${encodeURIComponent(table.tournament)}` }, "Enter or watch")
        : h("a", { class: "act", href: `/t/${encodeURIComponent(table.id)}` }, store.seat(table.id) ? "Back to your seat" : "Join or watch"))));
  } catch (error) {
    fill(list, h("li", { class: "notice" }, error.message));
  }
}

async function start() {
  listTables();
  setInterval(listTables, 5000);
  try {
    const [games, setup] = await Promise.all([call("/api/games"), call("/api/setup")]);
    const form = $("#new-table");
    buildForm(form, games, setup, (made) => create(form, made));
  } catch (error) {
    fill($("#new-table"), h("p", { class: "notice" }, error.message));
  }
}

start();
