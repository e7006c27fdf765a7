// Taking a seat from the table page: the reader's name and, where the table allows deep stacks
// (a max_buy_in above its buy-in), the chips they bring. The room checks both and says what it
// refuses; the page only asks. A player seated on another device takes the seat here with its code.
// A club member (their key kept by the club's page) sits down as that member, or as a guest.

import { call, store } from "./api.js";
import { $, h } from "./dom.js";
import { claimLine } from "./seat-link.js";
import { app, tableId } from "./table-state.js";

export function joinForm(onSeated, say) {
  const table = app.frame.table;
  if (table.phase === "closed") return h("p", { class: "note" }, "This table is closed.");
  const free = table.seats.some((occupant) => occupant === null);
  const { buy_in: least, max_buy_in: most } = table.config;
  const name = h("input", { id: "join-name", name: "name", maxlength: 24, required: true, autocomplete: "nickname",
                            value: store.name(), placeholder: "your name" });
  const chips = most > least
    ? [h("label", { for: "join-chips" }, `Chips to bring (${least} to ${most})`),
       h("input", { id: "join-chips", name: "chips", type: "number", min: least, max: most, step: 1, value: least })]
    : [];
  const memberships = store.memberships();
  const member = memberships.length
    ? [h("label", { for: "join-member" }, "Sit down as"),
       h("select", { id: "join-member", name: "member" },
         memberships.map((m, index) => h("option", { value: index }, `${m.name} of ${m.club || "your club"}`)),
         h("option", { value: "" }, "a guest (no club)"))]
    : [];
  const submit = (event) => { event.preventDefault(); takeSeat(null, onSeated, say); };
  return h("div", { class: "joining" },
           h("form", { class: "join", onsubmit: submit },
             h("p", {}, "You are watching this table."),
             free ? [h("label", { for: "join-name" }, "Name"), name, ...chips, ...member,
                     h("button", { type: "submit", class: "act primary" }, "Take a seat")]
                  : h("p", { class: "note" }, "Every seat is taken.")),
           claimLine(tableId, onSeated, say));
}

/** Take ``seat`` (null: any free one) under the name typed, with the chips asked for if any. */
export async function takeSeat(seat, onSeated, say) {
  const input = $("#join-name");
  const name = input ? input.value.trim() : store.name();
  if (!name) {
    say("Type your name first, then take a seat.");
    if (input) input.focus();
    return;
  }
  const chips = $("#join-chips");
  const body = { name };
  if (seat !== null) body.seat = seat;
  if (chips) body.chips = Number(chips.value);
  const member = $("#join-member");
  if (member && member.value !== "") body.member_key = store.memberships()[Number(member.value)].key;
  try {
    // the host sits at once where the others ask for a seat: the host's token says who asks
    const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/seats`, { method: "POST", body, token: app.owner });
    store.keepName(name);
    onSeated({ token: answer.token, seat: answer.seat, name });
    if (answer.seat === null) say("You asked the host for a seat: you watch until they answer.");
  } catch (error) {
    say(error.message);
  }
}

/** What a person who asked the host for a seat sees until the host answers (``request`` as the
 * state's ``you.request`` says it); ``forget`` drops the request, to ask again or just watch. */
export function requestNotice(request, forget) {
  if (request.status === "refused") {
    return h("div", { class: "joining", role: "status" },
             h("p", {}, `The host did not seat ${request.name}. You can watch, or ask again.`),
             h("button", { type: "button", class: "act", onclick: forget }, "Ask again"));
  }
  const seat = request.seat === null ? "a seat" : `seat ${request.seat}`;
  return h("div", { class: "joining", role: "status" },
           h("p", {}, h("strong", {}, "Waiting for the host. "),
             `You asked for ${seat} as ${request.name}, with ${request.chips} chips; you watch until the host answers.`));
}
