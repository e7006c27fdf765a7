// What the night leaves behind, in the ledger panel: the ledger as CSV or JSON files, the
// settle-up copied as text for a group chat, each player's statistics and the chip graph; and in
// the history panel, a player's own hands as a download (JSON lines, or text).

import { call } from "./api.js";
import { h } from "./dom.js";
import { chipGraph } from "./chip-graph.js";

const tablePath = (env) => `/api/tables/${encodeURIComponent(env.tableId)}`;

function share(value) {
  return value === null || value === undefined ? "–" : `${Math.round(100 * value)}%`;
}

function saveFile(name, text, type) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function copySettleUp(env, button) {
  try {
    const ledger = await call(`${tablePath(env)}/ledger?format=json`);
    await navigator.clipboard.writeText(ledger.settle_text);
    button.textContent = "Copied";
  } catch (error) {
    button.replaceWith(h("pre", { class: "settle-text" }, "Could not copy: select the text below.\n"));
  }
}

function statsTable(stats) {
  const head = ["Player", "Hands", "Played", "Chips", "Showdowns won", "VPIP", "Raised 1st", "Aggression"];
  return h("div", { class: "table-scroll" }, h("table", { class: "ledger stats" },
    h("thead", {}, h("tr", {}, head.map((title) => h("th", {}, title)))),
    h("tbody", {}, stats.players.map((player) => {
      const t = player.total;
      return h("tr", {}, h("td", {}, player.name), h("td", {}, t.dealt), h("td", {}, t.played),
        h("td", { class: t.chips > 0 ? "up" : t.chips < 0 ? "down" : "" }, `${t.chips > 0 ? "+" : ""}${t.chips}`),
        h("td", {}, `${t.showdowns_won}/${t.showdowns}`), h("td", {}, share(t.vpip_share)),
        h("td", {}, share(t.raised_first_share)), h("td", {}, t.aggression === null ? "–" : t.aggression.toFixed(1)));
    }))));
}

/** The ledger panel's part of the night: downloads, the settle-up to copy, statistics and graph. */
export async function nightSection(env) {
  const path = tablePath(env);
  const section = h("section", { class: "night", "aria-label": "the night" },
    h("div", { class: "buttons downloads" },
      h("a", { class: "act", href: `${path}/ledger?format=csv`, download: "" }, "Ledger as CSV"),
      h("a", { class: "act", href: `${path}/ledger?format=json`, download: "" }, "Ledger as JSON"),
      h("button", { type: "button", class: "act", onclick: (event) => copySettleUp(env, event.target) }, "Copy the settle-up")));
  try {
    const stats = await call(`${path}/stats`);
    section.append(h("h3", {}, "Stacks hand by hand"), chipGraph(stats.graph.players),
                   h("h3", {}, "Statistics"), statsTable(stats),
                   h("p", { class: "note" }, "VPIP: chips put in by choice in the first betting round; raised 1st: raised in it; aggression: bets and raises for each call."));
  } catch (error) {
    section.append(h("p", { class: "notice", role: "alert" }, error.message));
  }
  return section;
}

/** Download the hands this seat was dealt (its token), as JSON lines or, ``text``, in words. */
export async function downloadHands(env, token, words) {
  const response = await fetch(`${tablePath(env)}/histories`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(JSON.parse(body).error || `the room answered ${response.status}`);
  const name = `hands-${env.tableId}`;
  if (!words) {
    saveFile(`${name}.jsonl`, body, "application/x-ndjson");
    return;
  }
  const records = body.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  saveFile(`${name}.txt`, records.map(words).join("\n\n") + "\n", "text/plain");
}

/** The hand records of a JSON-lines file a person picked. */
export async function readHandsFile(file) {
  const records = (await file.text()).split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
  if (!records.length || !records.every((r) => r && r.view && r.history && Array.isArray(r.names))) {
    throw new Error("this is not a file of homegame hands (one hand a line, as the room downloads them)");
  }
  return records;
}
