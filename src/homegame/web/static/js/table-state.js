// The table page's own state, shared by its modules: the table it shows, the frame the room sent
// last, the decision under way, and who is who at the table (a hand numbers its players from 0;
// the table numbers its seats).

import { store } from "./api.js";
import { Words } from "./words.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

// The host's link (/t/<table>#host=TOKEN) opens the table with the host's controls on any device:
// the token is kept here and taken out of the address bar (and so the history) at once.
const HOST_LINK = /(?:^#|&)host=([A-Za-z0-9_-]{16,128})(?:&|$)/;
const hostToken = HOST_LINK.exec(location.hash);
if (hostToken && tableId) {
  store.keepOwner(tableId, hostToken[1]);
  history.replaceState(history.state, "", location.pathname + location.search);
}

export const app = {
  tableId, seat: store.seat(tableId), owner: store.owner(tableId), frame: null, decision: null, busy: false,
  notice: "", skew: 0, games: {}, advice: null, adviceKey: "", armed: null, why: "", chat: [], drawn: false,
  fourColour: store.option("fourColour", false), clocksStopped: null,
};

export function hand() {
  return app.frame && app.frame.table.hand;
}

export function tableSeatOf(g) {
  const current = hand();
  return current ? current.seats[Number(g)] : Number(g);
}

export function seatName(seat) {
  const occupant = app.frame.table.seats[seat];
  return occupant ? occupant.name : `seat ${seat}`;
}

export function words(player = app.frame.you.player, seats = hand() ? hand().seats : null) {
  return new Words(player === undefined ? null : player, (g) => seatName(seats ? seats[Number(g)] : Number(g)));
}

export function gameName() {
  const current = hand();
  return current ? current.game : null;
}
