// The felt: every seat of the table around the oval (name, chips, bet, the cards the reader may
// see of it, the clock of a seat to act) and what lies in the middle, as the game draws it.

import { $, $$, fill, h, plural } from "./dom.js";
import { gameFor, money } from "./games.js";
import { tickCountdowns } from "./tournament-line.js";
import { app, gameName, hand, seatName } from "./table-state.js";
import { textNodes } from "./words.js";

// Where the seats sit around the oval, clockwise from the reader's own seat at the bottom, for
// each size of table: places chosen so that no two seats touch, even on a phone.
const PLACES = {
  2: [[50, 88], [50, 13]],
  3: [[50, 88], [16, 28], [84, 28]],
  4: [[50, 88], [15, 50], [50, 13], [85, 50]],
  5: [[50, 88], [14, 60], [27, 13], [73, 13], [86, 60]],
  6: [[50, 89], [14, 70], [14, 30], [50, 11], [86, 30], [86, 70]],
  7: [[50, 90], [14, 74], [14, 40], [30, 10], [70, 10], [86, 40], [86, 74]],
  8: [[50, 90], [15, 80], [14, 46], [17, 11], [50, 10], [83, 11], [86, 46], [85, 80]],
};

function seatPosition(index, count, mine) {
  const step = (index - mine + count) % count;
  const [left, top] = PLACES[count][step];
  // your own seat stands on the near edge and grows upward, never over the rail
  return { left, top, edge: top >= 88 ? "bottom" : "" };
}

/** Draw the seats around the felt and what lies in the middle; ``sit(seat)`` takes an empty seat. */
export function renderFelt(ctx, sit) {
  const frame = app.frame;
  const table = frame.table;
  const view = frame.view;
  const felt = $("#felt");
  const count = table.seats.length;
  const mine = frame.you.seat === null ? 0 : frame.you.seat;
  const game = gameFor(gameName());
  const cash = money(view, gameName());
  const pods = table.seats.map((occupant, seat) => {
    const place = seatPosition(seat, count, mine);
    const style = { left: `${place.left}%`, top: place.edge ? null : `${place.top}%`, bottom: place.edge ? "3%" : null };
    if (!occupant) {
      const canSit = frame.you.seat === null && table.phase !== "closed";
      return h("div", { class: "seat empty", style, "data-seat": seat },
               canSit ? h("button", { type: "button", class: "sit", onclick: () => sit(seat) }, `Sit here (seat ${seat + 1})`)
                      : h("span", { class: "note" }, "empty seat"));
    }
    const g = hand() ? hand().seats.indexOf(seat) : -1;
    const inHand = g >= 0 && view;
    const toAct = (inHand && !view.is_over && view.to_act.includes(g)) || (table.phase === "choosing" && table.chooser === seat);
    const folded = inHand && cash && cash.folded.includes(g);
    const stack = inHand && cash && g in cash.stacks ? cash.stacks[g] : occupant.stack;
    const bet = inHand && cash ? cash.bets[g] || 0 : 0;
    const dealer = inHand ? view.dealer === g : table.button === seat && !hand();
    const status = [occupant.sitting_out ? "sitting out" : "", occupant.leaving ? "leaving" : "", occupant.connected ? "" : "away"]
      .filter(Boolean).join(", ");
    const classes = ["seat", toAct ? "to-act" : "", seat === frame.you.seat ? "me" : "", folded ? "folded" : "",
                     place.edge ? `edge-${place.edge}` : ""].filter(Boolean).join(" ");
    return h("div", { class: classes, style, "data-seat": seat, role: "group",
                      "aria-label": `${occupant.name}${seat === frame.you.seat ? " (you)" : ""}, ${plural(stack, "chip")}${toAct ? ", to act" : ""}` },
             h("div", { class: "seat-head" },
               h("span", { class: "seat-name" }, occupant.name),
               dealer ? h("span", { class: "dealer-button", title: "dealer" }, "D") : null),
             h("div", { class: "seat-money" }, h("span", { class: "stack" }, `${stack}`),
               bet ? h("span", { class: "bet" }, `bet ${bet}`) : null,
               status ? h("span", { class: "away" }, status) : null,
               table.config.time_bank ? h("span", { class: "time-bank", title: "seconds left in the time bank" },
                                          `bank ${Math.floor(occupant.time_bank)}s`) : null),
             inHand && seat !== frame.you.seat && game.seat ? h("div", { class: "seat-cards" }, game.seat(view, String(g), ctx)) : null,
             toAct ? clockElement(occupant.deadline, occupant.on_time_bank
               ? { class: "clock on-bank", "data-limit": occupant.time_bank } : {}) : null);
  });
  // what is happening is a line of its own under the felt, so that it never runs under a seat
  const center = h("div", { class: "center" });
  if (view) {
    fill($("#phase"), textNodes(game.phase ? game.phase(view, ctx) : ""));
    fill(center, cash ? potLine(view, cash) : null, game.center ? game.center(view, ctx) : null);
  } else {
    fill($("#phase"), waitingLine());
  }
  felt.dataset.seats = String(count);
  felt.dataset.game = gameName() || "";
  fill(felt, center, pods);
  tickClocks();
}

/** The pot while the hand is played; once it is paid into the stacks, only what stays in it for
 * the next hand (chips that could not be split), if any. */
function potLine(view, cash) {
  if (!view.is_over) return h("p", { class: "pot" }, `Pot ${cash.pot}`, cash.carried ? ` (${cash.carried} carried)` : "");
  const carry = (view.log || []).find((event) => event.kind === "carry");
  if (!carry) return null;
  const left = carry.data.pot;
  return h("p", { class: "pot" }, `${plural(left, "chip")} ${left === 1 ? "stays" : "stay"} in the pot for the next hand`);
}

function waitingLine() {
  const table = app.frame.table;
  if (table.phase === "waiting" && table.tournament) {
    return table.tournament.started_at === null ? "Waiting for the tournament's entries" : "Waiting for players";
  }
  if (table.phase === "break") return "A break in the tournament";
  if (table.phase === "waiting") return "Waiting for players to sit down";
  if (table.phase === "choosing") return `${seatName(table.chooser)} is calling the game`;
  if (table.phase === "closed") return "The table is closed";
  return "";
}


/** A seat's clock running down to ``deadline`` (the room's time): a bar, and the seconds left beside
 * it in the ink of the text around it (over the bar they could not be read). */
export function clockElement(deadline, attrs = {}) {
  return h("div", { class: "clock", "data-deadline": deadline || "", ...attrs },
           h("span", { class: "clock-track", "aria-hidden": "true" }, h("span", { class: "clock-bar" })),
           h("span", { class: "clock-text" }));
}

/** Run down the clocks of the seats to act (and a tournament's countdowns), against the room's time. */
export function tickClocks() {
  // a paused table's clocks stand where the pause found them, as the room's do
  const paused = app.frame && app.frame.table.paused ? app.frame.table.paused.at : null;
  const now = paused !== null ? paused : app.clocksStopped === null ? Date.now() / 1000 + app.skew : app.clocksStopped;
  tickCountdowns(now);
  const turn = app.frame ? app.frame.table.config.clock : 30;
  for (const clock of $$(".clock")) {
    const deadline = Number(clock.dataset.deadline);
    if (!deadline) continue;
    const left = Math.max(0, deadline - now);
    const limit = Number(clock.dataset.limit) || turn;  // a turn drawing on its time bank runs the bank down
    clock.querySelector(".clock-bar").style.width = `${Math.min(100, (100 * left) / limit)}%`;
    const shown = `${Math.ceil(Math.min(left, limit))}s`;  // a dealer's pause runs first
    clock.querySelector(".clock-text").textContent = clock.classList.contains("on-bank") ? `time bank ${shown}` : shown;
    clock.classList.toggle("hurry", left < 10);
  }
}
