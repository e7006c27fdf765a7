// A club's page (/c/<club>): each member's running net, the nights filed under the club, the
// season's graph and the standings as files; for its host, adding members (each gets a link with
// their key) and filing a closed table. /club makes a new club. A member's link (#key=...) is kept
// in this browser, so the table page can seat its holder as that member; the key leaves the
// address bar at once.

import { call, store } from "./api.js";
import { $, fill, h } from "./dom.js";
import { chipGraph } from "./chip-graph.js";

const clubId = decodeURIComponent(location.pathname.split("/")[2] || "");
const apiPath = `/api/clubs/${encodeURIComponent(clubId)}`;
const signed = (net) => `${net > 0 ? "+" : ""}${net}`;
const trend = (net) => (net > 0 ? "up" : net < 0 ? "down" : "");

/** Keep the key of a member's link, then take it out of the address (and the history); what went
 * wrong, if anything. */
async function keepLinkKey() {
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (!key) return null;
  history.replaceState(null, "", location.pathname);
  try {
    const me = await call(`${apiPath}/me`, { token: key });
    store.keepMember(clubId, { key, id: me.id, name: me.name, club: me.club_name });
    return null;
  } catch (error) {
    return `This link's key was not kept: ${error.message}`;
  }
}

function standingsTable(club) {
  const lines = club.members.concat(club.others ? [club.others] : []);
  return h("div", { class: "table-scroll" }, h("table", { class: "ledger standings" },
    h("thead", {}, h("tr", {}, ["Member", "Nights", "Net"].map((title) => h("th", { scope: "col" }, title)))),
    h("tbody", {}, lines.map((line) => h("tr", { class: line.id === null ? "others" : "" },
      h("th", { scope: "row" }, line.id === null ? line.name : `${line.name} (${line.id})`), h("td", {}, line.nights),
      h("td", { class: trend(line.net) }, signed(line.net)))))));
}

function nightsList(club) {
  if (!club.nights.length) return h("p", { class: "note" }, "No night filed yet: its host files each table once it has closed.");
  return h("ul", { class: "nights" }, club.nights.slice().reverse().map((night) =>
    h("li", {}, h("a", { href: `/t/${encodeURIComponent(night.table)}` }, night.label), ` · ${night.hands_played} hands: `,
      night.lines.slice().sort((a, b) => b.net - a.net).map((line, index) => [index ? ", " : "",
        h("span", { class: trend(line.net) }, `${line.name} ${signed(line.net)}`),
        line.member === null && line.name !== "house" && !line.bot ? " (guest)" : ""]))));
}

function hostTools(owner, say) {
  const name = h("input", { id: "member-name", maxlength: 40, required: true, placeholder: "their name" });
  const given = h("div", { id: "member-given", class: "invite", role: "status" });
  const addMember = async (event) => {
    event.preventDefault();
    try {
      const member = await call(`${apiPath}/members`, { method: "POST", body: { name: name.value }, token: owner });
      await show(say);  // the standings with the new member, and a fresh form
      const link = `${location.origin}/c/${encodeURIComponent(clubId)}#key=${encodeURIComponent(member.key)}`;
      fill($("#member-given"), h("label", { for: "member-link" }, `Give ${member.name} this link (their key, shown only now):`),
           h("input", { id: "member-link", readonly: true, value: link }));
      $("#member-link").select();
    } catch (error) {
      say(error.message);
    }
  };
  const table = h("input", { id: "night-table", required: true, placeholder: "the table's link" });
  const fileNight = async (event) => {
    event.preventDefault();
    const id = table.value.trim().split("/").filter(Boolean).pop() || "";
    const tableOwner = store.owner(id);
    if (!tableOwner) return say("Only the table's owner files it, and this browser does not hold that table's owner token.");
    try {
      await call(`${apiPath}/nights`, { method: "POST", body: { table: id, owner_token: tableOwner }, token: owner });
      table.value = "";
      await show(say);
    } catch (error) {
      say(error.message);
    }
  };
  return h("section", { "aria-labelledby": "host-title" }, h("h2", { id: "host-title" }, "For the host"),
    h("form", { class: "host-form", novalidate: true, onsubmit: addMember }, h("label", { for: "member-name" }, "Add a member"), name,
      h("button", { type: "submit", class: "act" }, "Add")), given,
    h("form", { class: "host-form", novalidate: true, onsubmit: fileNight }, h("label", { for: "night-table" }, "File a closed table you made"), table,
      h("button", { type: "submit", class: "act" }, "File the night")));
}

async function show(say) {
  const club = await call(apiPath);
  document.title = `${club.name} · homegame club`;
  $("#club-name").textContent = club.name;
  const member = store.member(clubId);
  $("#club-you").textContent = member ? `You are ${member.name}: your seat at this room's tables counts here.`
    : "A group's running account across nights.";
  const owner = store.clubOwner(clubId);
  fill($("#club"),
    h("section", { "aria-labelledby": "standings-title" }, h("h2", { id: "standings-title" }, "Standings"), standingsTable(club),
      h("div", { class: "buttons downloads" },
        h("a", { class: "act", href: `${apiPath}/ledger?format=csv`, download: "" }, "Standings as CSV"),
        h("a", { class: "act", href: `${apiPath}/ledger?format=json`, download: "" }, "…as JSON"))),
    h("section", { "aria-labelledby": "season-title" }, h("h2", { id: "season-title" }, "The season"),
      club.graph.players.length ? chipGraph(club.graph.players, { label: "chips won or lost", xLabel: "night" })
        : h("p", { class: "note" }, "The graph starts with the first night filed.")),
    h("section", { "aria-labelledby": "nights-title" }, h("h2", { id: "nights-title" }, "Nights"), nightsList(club)),
    owner ? hostTools(owner, say) : null,
    h("p", { id: "club-notice", class: "notice", role: "alert" }));
  document.body.dataset.drawn = "1";
}

function newClubForm(say) {
  const name = h("input", { id: "club-new-name", maxlength: 40, required: true, placeholder: "Friday club" });
  const you = h("input", { id: "club-new-you", maxlength: 40, value: store.name(), placeholder: "your name" });
  const submit = async (event) => {
    event.preventDefault();
    try {
      const made = await call("/api/clubs", { method: "POST", body: { name: name.value, ...(you.value.trim() ? { member: you.value } : {}) } });
      store.keepClubOwner(made.club, made.owner_token);
      if (made.member) store.keepMember(made.club, { ...made.member, club: name.value });
      location.assign(made.page);
    } catch (error) {
      say(error.message);
    }
  };
  $("#club-name").textContent = "New club";
  fill($("#club"), h("section", {}, h("form", { class: "new-club", novalidate: true, onsubmit: submit },
    h("label", { for: "club-new-name" }, "The club's name"), name,
    h("label", { for: "club-new-you" }, "Your name in it (leave empty to host without playing)"), you,
    h("button", { type: "submit", class: "act primary" }, "Make the club"))), h("p", { id: "club-notice", class: "notice", role: "alert" }));
  document.body.dataset.drawn = "1";
}

async function start() {
  const say = (text) => { const notice = $("#club-notice"); if (notice) notice.textContent = text; };
  if (!clubId) return newClubForm(say);
  const refused = await keepLinkKey();
  try {
    await show(say);
    if (refused) say(refused);
  } catch (error) {
    fill($("#club"), h("p", { class: "notice", role: "alert" }, error.message));
    document.body.dataset.drawn = "1";
  }
}

start();
