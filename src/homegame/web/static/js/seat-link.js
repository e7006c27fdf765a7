// Your seat on another device: the seat asks the room for a short-lived, one-time code (shown with a
// link that carries it), and the other device claims it for a token of its own (docs/protocol.md,
// "Your seat on another device"). The code travels in the link's fragment, which the browser never
// sends, and leaves the address bar the moment the page reads it; a token never appears in a URL.

import { call } from "./api.js";
import { h, linkRow } from "./dom.js";

const FRAGMENT = /(?:^#|&)seat=([A-Za-z0-9-]{4,32})(?:&|$)/;

/** The seat code the page was opened with (``/t/<table>#seat=CODE``), taken out of the address bar
 * (and so out of the history) at once; null if there is none. */
export function codeFromLink() {
  const found = FRAGMENT.exec(location.hash);
  if (!found) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  return found[1];
}

/** Claim ``code`` at ``tableId``: the seat it opens, as the page keeps a seat ({token, seat, name}). */
export async function claimSeat(tableId, code) {
  const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/seat-codes/claim`, { method: "POST", body: { code } });
  return { token: answer.token, seat: answer.seat, name: answer.name };
}

/** The join form's line for a player already seated on another device: type the seat's code. */
export function claimLine(tableId, onSeated, say) {
  const input = h("input", { id: "claim-code", name: "code", maxlength: 16, autocomplete: "off", autocapitalize: "characters",
                             spellcheck: "false", placeholder: "K7QM-4XPD", "aria-describedby": "claim-note" });
  const claim = async (event) => {
    event.preventDefault();
    if (!input.value.trim()) {
      say("Type the code your seat shows under Options on the other device.");
      input.focus();
      return;
    }
    try {
      onSeated(await claimSeat(tableId, input.value));
    } catch (error) {
      say(error.message);
    }
  };
  return h("form", { class: "join claim", onsubmit: claim },
           h("label", { for: "claim-code" }, "Seated on another device? Its code"), input,
           h("button", { type: "submit", class: "act" }, "Take my seat here"),
           h("small", { class: "note", id: "claim-note" }, "Options on your other device shows a code for this."));
}

/** The Options panel's part for a seated reader: a code (and a link) that opens this seat on
 * another device. */
export function seatLinkPanel(tableId, token) {
  const box = h("div", { class: "seat-link" });
  const ask = async () => {
    box.replaceChildren(h("p", { class: "note" }, "Asking the room…"));
    try {
      const answer = await call(`/api/tables/${encodeURIComponent(tableId)}/seat-codes`, { method: "POST", body: {}, token });
      box.replaceChildren(...shown(tableId, answer, ask));
    } catch (error) {
      box.replaceChildren(h("p", { class: "notice", role: "alert" }, error.message), askButton(ask));
    }
  };
  box.append(h("p", { class: "note" }, "Play this seat from a phone or another browser too: a code opens it there, once, for ten minutes."),
             askButton(ask));
  return [h("h3", {}, "Your seat on another device"), box];
}

function askButton(ask) {
  return h("button", { type: "button", class: "act", onclick: ask }, "Show a code for another device");
}

function shown(tableId, answer, ask) {
  const link = `${location.origin}/t/${encodeURIComponent(tableId)}#seat=${answer.code}`;
  const until = new Date(answer.expires * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return [h("p", {}, "Your code: ", h("strong", { class: "seat-code", "data-code": answer.code }, answer.code)),
          h("p", { class: "note" }, `Type it on the other device (by Take a seat), or open this link there, by ${until}. `
            + "It works once; keep it to yourself, as it opens your seat."),
          linkRow("link to this seat", link, "Copy the link", { class: "seat-link-field" }),
          h("button", { type: "button", class: "act", onclick: ask }, "A new code")];
}
