// A tournament's page (/tournament/<id>, its invite link): where it stands (entries, level, players
// left, its tables), a form to enter it, its owner's start, and the standings and prizes. An entry
// keeps its seat's token for the table it is seated at and goes there; the table page follows the
// player to every table the tournament moves them to.

import { call, store } from "./api.js";
import { $, fill, h, plural } from "./dom.js";
import { ordinal, stakesText, tickCountdowns, tournamentLine } from "./tournament-line.js";

const tournamentId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let skew = 0;

async function refresh() {
  let info;
  try {
    info = await call(`/api/tournaments/${encodeURIComponent(tournamentId)}`);
  } catch (error) {
    fill($("#entry"), h("p", { class: "notice" }, error.message));
    return;
  }
  skew = (info.now || Date.now() / 1000) - Date.now() / 1000;
  document.title = `${info.name} · homegame tournament`;
  $("#tournament-name").textContent = info.name;
  fill($("#tournament-status"), tournamentLine(info));
  fill($("#entry"), entry(info));
  fill($("#tournament-tables"), info.tables.length ? info.tables.map((table, index) => h("li", {},
    h("span", {}, h("b", {}, `Table ${index + 1}`), " ", h("span", { class: "note" }, plural(table.players, "player"))),
    h("a", { class: "act", href: `/t/${encodeURIComponent(table.id)}` }, store.seat(table.id) ? "Back to your seat" : "Watch")))
    : h("li", { class: "note" }, "Every table is closed: the tournament is over."));
  fill($("#standings"), standings(info));
  fill($("#levels"), levels(info));
}

/** The reader's entry: their seat if this browser has one, else the form to enter (while entries
 * are taken), and the owner's start. */
function entry(info) {
  const mine = info.tables.find((table) => store.seat(table.id));
  const parts = [];
  if (mine) parts.push(h("p", {}, h("a", { class: "act primary", href: `/t/${encodeURIComponent(mine.id)}`, id: "to-my-table" }, "Go to your table")));
  else if (info.late_entry) parts.push(entryForm(info));
  else parts.push(h("p", { class: "note" }, info.finished ? "The tournament is over." : "No more entries are taken."));
  const owner = store.owner(tournamentId);
  if (owner && info.started_at === null && info.entries >= 2) {
    parts.push(h("p", {}, h("button", { type: "button", class: "act", id: "start-now", onclick: () => start(owner) },
                            `Start now with ${plural(info.entries, "entry", "entries")}`)));
  }
  return parts;
}

function entryForm(info) {
  const name = h("input", { id: "entry-name", maxlength: 24, required: true, autocomplete: "nickname", value: store.name(),
                            placeholder: "your name" });
  const said = h("p", { class: "notice", role: "alert" });
  const submit = async (event) => {
    event.preventDefault();
    try {
      const answer = await call(`/api/tournaments/${encodeURIComponent(tournamentId)}/entries`, { method: "POST", body: { name: name.value.trim() } });
      store.keepName(name.value.trim());
      store.keepSeat(answer.table, { token: answer.token, seat: answer.seat, name: name.value.trim() });
      location.assign(answer.invite);
    } catch (error) {
      said.textContent = error.message;
    }
  };
  const fee = info.rules.buy_in ? `The entry is ${plural(info.rules.buy_in, "chip")}; ` : "";
  return h("form", { class: "join", onsubmit: submit },
           h("p", {}, `${fee}you start with ${plural(info.rules.stack, "tournament chip")}. ${info.entries} of ${info.entrants} entries are taken.`),
           h("label", { for: "entry-name" }, "Name"), name,
           h("button", { type: "submit", class: "act primary", id: "enter" }, "Enter the tournament"), said);
}

async function start(owner) {
  try {
    await call(`/api/tournaments/${encodeURIComponent(tournamentId)}/start`, { method: "POST", body: {}, token: owner });
  } catch (error) {
    fill($("#entry"), h("p", { class: "notice" }, error.message));
  }
  refresh();
}

function standings(info) {
  const prizes = info.prizes.map((prize, index) => `${ordinal(index + 1)} ${prize}`).join(", ");
  return [h("p", {}, `Prize pool ${info.prize_pool}: ${prizes}.`),
          info.placed.length
            ? h("table", { class: "standings" }, h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Name"), h("th", {}, "Prize"))),
                h("tbody", {}, info.placed.map((line) => h("tr", {},
                  h("td", {}, ordinal(line.place)), h("td", {}, line.name),
                  h("td", {}, line.prize || "")))))
            : h("p", { class: "note" }, "No one is out yet.")];
}

function levels(info) {
  const rules = info.rules;
  const minutes = rules.level_seconds >= 60 ? `${Math.round(rules.level_seconds / 60)} minutes` : `${rules.level_seconds} seconds`;
  const breaks = rules.break_every ? `, a break of ${rules.break_seconds} seconds after every ${plural(rules.break_every, "level")}` : "";
  const late = rules.late_entry ? `; entries until level ${rules.late_entry} is over` : "";
  return [h("p", {}, `Each level lasts ${minutes}${breaks}${late}. ${rules.rotation ? "The games are dealt in turn." : "The dealer calls the game each deal."}`),
          h("ol", { class: "levels" }, rules.levels.map((stakes, index) =>
            h("li", { class: index + 1 === info.level && info.started_at !== null ? "current" : "" }, stakesText(stakes))))];
}

refresh();
setInterval(refresh, 3000);
setInterval(() => tickCountdowns(Date.now() / 1000 + skew), 500);
