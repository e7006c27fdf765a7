// How each game's view is shown: what lies in the middle of the table, what each seat shows, the
// player's own cards and notes, and the result. Everything here only reads the view the room sent
// (the engine's own fields: names of hands, hints, reasons); no rule is worked out in the page.
//
// A game's entry has: phase(view) a line saying where the hand is; center(view, ctx); seat(view,
// g, ctx) for game seat g's place at the table; own(view, ctx) the reader's cards; results(view,
// ctx) when the hand is over; marks(view) the wild cards and the Papayoo; rows for a setting;
// bets(view) false for a hand that bets nothing (the table's stacks then stand on the felt).

import { backs } from "./cards.js";
import { capitalize, h, plural } from "./dom.js";
import { hintLine, paiGowHelp, placingWarnings } from "./hints.js";
import { cardsText, thirdPerson, youForm } from "./words.js";

const SEVEN = 7;

function cardsOf(value) {
  return Array.isArray(value) ? value : [];
}

function note(text, extra = "") {
  return h("span", { class: `note ${extra}`.trim() }, text);
}

/** Who a result line is about, with a capital ("You", not "you", at the head of a line). */
function whoLine(g, ctx) {
  return h("span", { class: "who-line" }, ctx.text(capitalize(ctx.words.who(g))));
}

/** What the row editor's reader does: said once for every game that sets cards into rows. */
const ARRANGE_HELP = "Pick a card, then the row it goes in (or press the row's number key); cards can be dragged too. Suggest sets them the way the bot would.";

/** Hands shown at a showdown: who, the cards, the name of the hand; then why each pot went where. */
function showdown(view, ctx, lowNames = {}) {
  const shown = Object.entries(view.showdown || {});
  return [
    shown.length ? h("ul", { class: "shown-hands" }, shown.map(([g, cards]) => h("li", {},
      whoLine(g, ctx),
      ctx.row(cards, "table"),
      h("span", { class: "hand-name" }, [view.hand_names && view.hand_names[g], lowNames[g] ? `low: ${lowNames[g]}` : ""]
        .filter(Boolean).join("; "))))) : null,
    reasons(view.results, ctx),
  ];
}

function reasons(list, ctx) {
  const items = cardsOf(list);
  return items.length ? h("ul", { class: "reasons" }, items.map((reason) => h("li", {}, ctx.text(ctx.words.line(reason))))) : null;
}

/** The phase line of a betting game's hand once it is over: a showdown only if hands were shown. */
function ended(view) {
  return Object.keys(view.showdown || {}).length ? "Showdown" : "The hand is over";
}

/** The phase line while the table's show-or-muck habit waits for a choice. */
const SHOW_OR_MUCK = "Show or muck";

/** A bomb pot's note for a phase line (empty for a hand as usual). */
function bombNote(view) {
  return view.bomb_pot ? [`bomb pot: ${view.bomb_pot} each`] : [];
}

function seatShowdown(view, g, ctx, fallback) {
  const cards = (view.showdown || {})[g];
  if (cards) return [ctx.row(cards, "mini"), view.hand_names && view.hand_names[g] ? note(view.hand_names[g], "hand-name") : null];
  if ((view.folded || []).includes(Number(g))) return note("folded");
  if ((view.mucked || []).includes(Number(g))) return note("mucked");
  return fallback();
}

function ownHand(view, ctx, cards, hint) {
  return [ctx.hand(cards), hintLine(hint, ctx)];
}

const BETTING_PHASES = {
  bet1: "First betting round", bet2: "Second betting round", bet3: "Third betting round", bet4: "Last betting round",
};

const draw = {
  phase(view) {
    const notes = [];
    if (view.ranking !== "high" && view.ranking !== "short-high") notes.push(`lowest hand wins (${view.ranking})`);
    if (view.wild && view.wild !== "none") notes.push(`${view.wild} wild`);
    const phase = { ...BETTING_PHASES, draw: "The draw", show: SHOW_OR_MUCK, over: ended(view) }[view.phase] || view.phase;
    return [phase, ...bombNote(view), ...notes].join(" · ");
  },
  marks(view) {
    const rank = { deuces: "2", aces: "A" }[view.wild];
    return (code) => ({ wild: rank !== undefined && code.startsWith(rank) });
  },
  seat(view, g, ctx) {
    return seatShowdown(view, g, ctx, () => [
      backs(5),
      g in (view.drawn || {}) ? note(view.drawn[g] ? `drew ${view.drawn[g]}` : "stood pat") : null,
      g in (view.shown_aces || {}) ? h("span", { class: "note" }, "shows ", ctx.row([view.shown_aces[g]], "mini")) : null,
    ]);
  },
  own(view, ctx) {
    return ownHand(view, ctx, view.hand, view.hint);
  },
  results(view, ctx) {
    return showdown(view, ctx);
  },
};

const pineapple = {
  phase(view) {
    const streets = { preflop: "Pre-flop", flop: "Flop", turn: "Turn", river: "River", showdown: "Showdown" };
    const street = streets[view.street] || view.street;
    const phases = {
      discard: `${street}: each player throws away one hole card`,
      straddle: "Before the deal: the player after the big blind may straddle",
      run: "Everyone is all in: run the rest of the board twice?",
      show: SHOW_OR_MUCK,
      over: ended(view),
    };
    return [phases[view.phase] || `${street} betting · ${view.limits}`, ...bombNote(view)].join(" · ");
  },
  center(view, ctx) {
    const boardRow = (cards, label) => h("div", { class: "board", role: "group", "aria-label": label }, ctx.row(cards, "table"),
                                         Array.from({ length: 5 - cards.length }, () => h("span", { class: "slot table" })));
    const second = cardsOf(view.second_board);
    if (!second.length) return boardRow(cardsOf(view.board), "the board");
    return h("div", { class: "runs" }, boardRow(cardsOf(view.board), "the first run's board"),
             boardRow(second, "the second run's board"));
  },
  seat(view, g, ctx) {
    return seatShowdown(view, g, ctx, () => {
      if (view.phase === "straddle") return null;
      const holding = view.street === "preflop" || (view.must_discard || []).includes(Number(g)) ? 3 : 2;
      return [backs(holding), (view.must_discard || []).includes(Number(g)) ? note("to discard") : null,
              Number(g) === view.straddler && view.street === "preflop" ? note("straddled") : null];
    });
  },
  own(view, ctx) {
    const hint = [view.hint, view.hi_lo && view.low_hint ? `low: ${view.low_hint}` : ""].filter(Boolean).join(" · ");
    return [ctx.hand(view.hole),
            view.discarded ? h("p", { class: "note" }, "Thrown away: ", ctx.row([view.discarded], "mini")) : null,
            hintLine(hint, ctx)];
  },
  results(view, ctx) {
    const discards = Object.entries(view.discards || {});
    const board = cardsOf(view.board), second = cardsOf(view.second_board);
    const secondNames = Object.entries(view.second_hand_names || {});
    return [board.length ? h("p", { class: "note" }, second.length ? "First run: " : "Board: ", ctx.row(board, "mini")) : null,
            second.length ? h("p", { class: "note" }, "Second run: ", ctx.row(second, "mini"),
                              secondNames.length ? ctx.text(" · " + ctx.words.bySeat(view.second_hand_names, String)) : null) : null,
            showdown(view, ctx, view.low_names || {}),
            discards.length ? h("p", { class: "note" }, ctx.text("Thrown away: " + ctx.words.bySeat(view.discards, (c) => cardsText([c])))) : null];
  },
};

const soko = {
  phase(view) {
    if (view.show) return SHOW_OR_MUCK;
    if (view.is_over) return ended(view);
    return `Betting round ${view.street} of 4 · bets ${view.limits}${view.doubled ? " (doubled)" : ""}`;
  },
  seat(view, g, ctx) {
    return seatShowdown(view, g, ctx, () => h("span", { class: "cards" }, backs(1), ctx.row((view.up_cards || {})[g] || [], "mini")));
  },
  own(view, ctx) {
    const up = (view.up_cards || {})[view.seat] || [];
    return [h("div", { class: "own-line" }, view.hole ? ctx.row([view.hole], "hand", "hole") : null, ctx.row(up, "hand")),
            view.hint ? hintLine(`You have ${view.hint}`, ctx) : null];
  },
  results(view, ctx) {
    return showdown(view, ctx);
  },
};

const anaconda = {
  phase(view) {
    const phases = { ...BETTING_PHASES, pass1: "First pass: three cards to the next player on your left",
                     pass2: "Second pass: three cards to the second player on your right",
                     declare: "Declare high or low", show: "Keep five: four to show, one face down", over: ended(view) };
    return phases[view.phase] || view.phase;
  },
  center(view, ctx) {
    const passing = Object.entries(view.pass_to || {});
    if (!view.phase.startsWith("pass") || !passing.length) return null;
    return h("p", { class: "note" }, ctx.text("Passing: " + passing.map(([a, b]) => `${ctx.words.who(a)} → ${ctx.words.who(b)}`).join(", ")));
  },
  seat(view, g, ctx) {
    return seatShowdown(view, g, ctx, () => {
      const shown = (view.shown || {})[g];
      return [shown ? h("span", { class: "cards" }, ctx.row(shown, "mini"), backs(1)) : backs(SEVEN),
              (view.chosen || []).includes(Number(g)) ? note("has chosen") : null,
              (view.declarations || {})[g] ? note(`declared ${view.declarations[g]}`) : null];
    });
  },
  own(view, ctx) {
    // while the rows are being laid out, the cards are in them and in the pool above
    const lines = [ctx.arranging ? null : ctx.hand(view.hand), hintLine(view.hint, ctx)];
    if (cardsOf(view.passing).length) lines.push(h("p", { class: "note" }, "You pass ", ctx.row(view.passing, "mini"), " once everyone has chosen"));
    cardsOf(view.passed).forEach((gave, index) => lines.push(h("p", { class: "note" },
      `${index ? "Second" : "First"} pass: you gave `, ctx.row(gave, "mini"), " and received ", ctx.row(view.received[index] || [], "mini"))));
    if (view.declaration && !Object.keys(view.declarations || {}).length) lines.push(h("p", { class: "note" }, `You declared ${view.declaration}.`));
    if (view.my_hidden && !Object.keys(view.showdown || {}).length) {
      lines.push(h("p", { class: "note" }, "You show ", ctx.row(view.my_show, "mini"), ", keep ", ctx.row([view.my_hidden], "mini"),
                   " face down and throw away ", ctx.row(view.my_discards, "mini")));
    }
    return lines;
  },
  results(view, ctx) {
    const declared = Object.entries(view.declarations || {});
    return [declared.length ? h("p", { class: "note" }, ctx.text("Declared: " + ctx.words.bySeat(view.declarations, String))) : null,
            showdown(view, ctx)];
  },
  rows: ["Show", "Face down", "Throw away"],
};

const whiskey = {
  bets(view) {
    return !Object.keys(view.chips || {}).length;  // the chips game's chips out of five are a score
  },
  phase(view) {
    const phases = { ...BETTING_PHASES, bet3: "Last betting round", exchange: "Take the widow unseen, pass or knock",
                     widow: "Trade with the face-up widow, or knock", over: ended(view) };
    return phases[view.phase] || view.phase;
  },
  center(view, ctx) {
    const widow = view.widow;
    let shown;
    if (widow && view.widow_face_up) shown = [h("span", { class: "label" }, "Widow"), ctx.hand(widow, "table")];
    else if (widow) shown = [h("span", { class: "label" }, "Widow: your old hand, face down"), ctx.row(widow, "table")];
    else shown = [h("span", { class: "label" }, "Widow, face down"), backs(5, "table")];
    return h("div", { class: "widow" }, shown);
  },
  seat(view, g, ctx) {
    const chips = g in (view.chips || {}) ? note(plural(view.chips[g], "chip")) : null;  // the chips game's score
    return [seatShowdown(view, g, ctx, () => [backs(5), view.knocker === Number(g) ? note("knocked", "alert") : null]),
            chips];
  },
  own(view, ctx) {
    const mine = (view.chips || {})[String(view.seat)];
    return [...ownHand(view, ctx, view.hand, view.hint), mine === undefined ? null : note(`You have ${plural(mine, "chip")}`)];
  },
  results(view, ctx) {
    return showdown(view, ctx);
  },
};

const paiute = {
  phase(view) {
    if (view.is_over) return "The hand is over";
    return `${view.phase === "draw" ? "Draw from the stock or the pile" : "Discard or call"}. ${capitalize(view.scoring)}.`;
  },
  marks(view) {
    const wild = new Set(view.wild_cards || []);
    return (code) => ({ wild: wild.has(code) });
  },
  center(view, ctx) {
    const stock = ctx.choiceTarget({ kind: "draw", option: "stock" },
      h("span", { class: "pile" }, backs(1, "table"), note(`stock ${view.stock_size}`)));
    const pile = ctx.choiceTarget({ kind: "draw", option: "pile" }, h("span", { class: "pile" },
      view.top_discard ? ctx.row([view.top_discard], "table") : h("span", { class: "slot table" }),
      note(`pile ${view.discards}`)));
    return [h("p", { class: "note wild-line" }, "Wild: ", view.wild_card ? ctx.row([view.wild_card], "mini") : null, ` ${view.wild}`),
            h("div", { class: "piles" }, stock, pile)];
  },
  seat(view, g, ctx) {
    const calls = (view.calls || []).filter((call) => call.seat === Number(g));
    return [calls.length ? calls.map((call) => [ctx.row(call.cards, "mini"), note(call.combination, "hand-name")])
                         : backs(view.hand_sizes ? view.hand_sizes[g] || 0 : 5),
            note(`${plural((view.deals_won || {})[g] || 0, "deal")} won`),
            (view.last_turns || []).includes(Number(g)) ? note("last turn", "alert") : null];
  },
  own(view, ctx) {
    return [ctx.hand(view.hand),
            view.taken ? h("p", { class: "note" }, "You took ", ctx.row([view.taken], "mini"), " from the pile: keep it this turn") : null,
            view.is_over ? null : hintLine(view.hint, ctx)];
  },
  results(view, ctx) {
    return [view.result ? h("p", { class: "result-line" }, ctx.text(ctx.words.line(view.result))) : null,
            (view.calls || []).map((call) => h("p", { class: "note" }, ctx.text(capitalize(`${ctx.words.who(call.seat)}: `)), ctx.row(call.cards, "table"),
                                               ` ${call.combination}`)),
            view.settlement ? h("p", { class: "note settlement" }, ctx.text(`Settlement: ${ctx.words.seatsAsYou(view.settlement)}`)) : null];
  },
};

const papayoo = {
  phase(view, ctx) {
    // the table numbers its hands, and the heading says when one is over: a game of several
    // hands says which of them this is, in the same word
    if (view.is_over && !(view.winners || []).length) return `${view.deal} of this game's ${view.deals} hands played`;
    if ((view.winners || []).length) return ctx.words.line(view.summary);
    return ctx.words.line(`hand ${view.deal} of ${view.deals}: ${view.summary}`);
  },
  marks(view) {
    return (code) => ({ papayoo: code === view.papayoo });
  },
  center(view, ctx) {
    const papayoo = view.papayoo
      ? h("p", { class: "note papayoo-line" }, "Papayoo ", ctx.row([view.papayoo], "mini"), " 40 pts")
      : h("p", { class: "note" }, "The die names the Papayoo after the pass");
    const trick = (view.trick || []).map((play) => h("figure", { class: "trick-card" }, ctx.row([play.card], "table"),
                                                     h("figcaption", {}, ctx.text(ctx.words.shortWho(play.seat)))));
    const last = (view.tricks || []).at(-1);
    return [papayoo, h("div", { class: "trick", role: "group", "aria-label": "the trick on the table" }, trick),
            last && !trick.length ? h("p", { class: "note" }, ctx.text(`Last trick to ${ctx.words.who(last.winner)} (${plural(last.points, "point")})`)) : null];
  },
  seat(view, g, ctx) {
    return [backs((view.hand_sizes || {})[g] || 0),
            note(`${plural((view.taken || {})[g] || 0, "pt")} · total ${(view.totals || {})[g] || 0}`),
            view.phase === "pass" && (view.passed || []).includes(Number(g)) ? note("passed") : null];
  },
  own(view, ctx) {
    const received = new Set(view.tricks && view.tricks.length ? [] : view.received || []);
    const mine = String(view.seat);
    return [ctx.hand(view.hand, "hand", (code) => (received.has(code) ? "received" : "")),
            h("p", { class: "note" }, `You have taken ${plural((view.taken || {})[mine] || 0, "point")} this hand · total ${(view.totals || {})[mine] || 0}`),
            cardsOf(view.passing).length && view.phase === "pass" ? h("p", { class: "note" }, "You pass ", ctx.row(view.passing, "mini")) : null,
            received.size ? h("p", { class: "note" }, ctx.text(`Marked: the cards you received from ${ctx.words.who(view.received_from)}`)) : null,
            view.is_over ? null : hintLine(view.hint, ctx)];
  },
  results(view, ctx) {
    return [h("ul", { class: "reasons" }, (view.results || []).map((result) => h("li", {},
              ctx.text(capitalize(`${ctx.words.who(result.seat)}: ${plural(result.points, "point")} (${ctx.words.seatsAsYou(result.reason)}), total ${result.total}`))))),
            (view.winners || []).length ? h("p", { class: "result-line" }, ctx.text(ctx.words.line(view.summary))) : null];
  },
};

function placement(placed, ctx) {
  return h("span", { class: "placement" }, ctx.row(placed.two, "mini"), h("span", { class: "bar" }, "|"), ctx.row(placed.five, "mini"),
           note(`${placed.two_name} / ${placed.five_name}${placed.foul ? " · FOUL" : ""}`, "hand-name"));
}

const paiGow = {
  phase(view, ctx) {
    if (!view.bank_decided) return "The bank is offered";
    const bank = view.banker === null ? "the house banks"
      : view.banker === view.seat ? "you bank" : `${ctx.words.who(view.banker)} banks`;
    return `Wager ${view.wager} · ${bank}${view.is_over ? " · the hands are shown" : " · set two and five"}`;
  },
  center(view, ctx) {
    if (!view.bank_decided) return h("p", { class: "note" }, "No cards yet: the players are offered the bank in turn");
    if (!view.bank_hand) return h("p", { class: "note" }, view.banker === null ? "The house banks" : ctx.text(`${ctx.words.who(view.banker)} bank${view.banker === view.seat ? "" : "s"}`));
    return h("div", { class: "bank" }, h("span", { class: "label" }, "Bank"), placement(view.bank_hand, ctx));
  },
  seat(view, g, ctx) {
    const shown = (view.shown || {})[g];
    if (shown) return placement(shown, ctx);
    if (!view.bank_decided) return null;  // dealt once the bank is taken
    return [backs(SEVEN), (view.set_seats || []).includes(Number(g)) ? note("set") : null];
  },
  own(view, ctx) {
    if (ctx.arranging) return paiGowHelp(view, ctx);
    return view.placed ? placement(view.placed, ctx) : ctx.hand(view.cards);  // the hint is for setting them
  },
  results(view, ctx) {
    const banker = view.banker === null ? "the house" : ctx.words.who(view.banker);
    return [view.bank_hand ? h("p", { class: "bank-shown" }, h("span", { class: "who-line" }, ctx.text(`The bank (${banker})`)),
                               placement(view.bank_hand, ctx)) : null,
            h("ul", { class: "reasons" }, Object.entries(view.results || {}).map(([g, result]) => h("li", {},
              ctx.text(capitalize(youForm(ctx.words.who(g), ctx.words.seatsAsYou(thirdPerson(result.reason)))))))),
            view.bank_commission ? h("p", { class: "note" }, `The bank pays the house ${view.bank_commission} (5% of its win)`) : null];
  },
  rows: ["Two-card hand", "Five-card hand"],
};

const ROW_LABELS = ["Front", "Middle", "Back"];

/** A setting's three rows; your own (at ``table`` size) with each row's label. */
function threeRows(rows, names, ctx, size) {
  return h("div", { class: `rows ${size}` }, (rows || []).map((row, index) => h("div", { class: "row-line" },
    size === "table" ? h("span", { class: "row-label" }, ROW_LABELS[index]) : null,
    row.length ? ctx.row(row, size) : h("span", { class: "note", role: "img", "aria-label": "empty row" }, "–"),
    names && names[index] ? note(names[index], "hand-name") : null)));
}

const chinese = {
  phase(view) {
    // a spectator has no rows to show and no price to pay (the view's cost is a seat's own)
    const surrender = view.seat === null ? "Each player shows their rows, or surrenders and shows nothing"
      : `Show your rows, or surrender: pay ${plural(view.surrender_cost, "unit")} in all and show nothing`;
    const phases = { set: view.seat === null ? "Each player sets their thirteen cards: front 3, middle 5, back 5"
                                             : "Set your thirteen cards: front 3, middle 5, back 5",
                     surrender, over: "Showdown" };
    return phases[view.phase] || view.phase;
  },
  seat(view, g, ctx) {
    const shown = (view.shown || {})[g];
    return [shown ? threeRows(shown, null, ctx, "mini") : backs(13),
            (view.decided || []).includes(Number(g)) && !shown ? note("decided") : null,
            (view.surrendered || []).includes(Number(g)) ? note("surrendered") : null,
            (view.fouled || []).includes(Number(g)) ? note("FOUL", "alert") : null,
            (view.naturals || {})[g] ? note(view.naturals[g].replace(/-/g, " "), "hand-name") : null];
  },
  own(view, ctx) {
    if (ctx.arranging) return h("p", { class: "hint" }, ARRANGE_HELP);
    if (view.my_setting && view.my_setting.length) {
      return [threeRows(view.my_setting, (view.row_names || {})[view.seat], ctx, "table"),
              view.my_foul ? h("p", { class: "warning" }, `FOUL: ${view.my_foul}`) : null];
    }
    return [ctx.hand(view.hand), hintLine(view.hint, ctx)];
  },
  results(view, ctx) {
    return [h("div", { class: "shown-rows" }, Object.entries(view.shown || {}).map(([g, rows]) => h("div", { class: "shown-player" },
              whoLine(g, ctx), (view.fouled || []).includes(Number(g)) ? note("FOUL", "alert") : null,
              threeRows(rows, (view.row_names || {})[g], ctx, "mini")))),
            payments(view, ctx)];
  },
  rows: ["Front", "Middle", "Back"],
};

function payments(view, ctx) {
  const totals = Object.entries(view.totals || {});
  return [h("ul", { class: "reasons" }, (view.payments || []).map((payment) => h("li", {},
            ctx.text(capitalize(`${ctx.words.who(payment.payer)} ${payment.payer === view.seat ? "pay" : "pays"} ${ctx.words.who(payment.payee)} `)
                     + `${plural(payment.units, "unit")}: ${ctx.words.seatsAsYou(payment.reason)}`)))),
          totals.length ? h("p", { class: "result-line" }, ctx.text("Result: " + totals.map(([g, v]) => `${ctx.words.who(g)} ${v > 0 ? "+" : ""}${v}`).join(", "))) : null];
}

const openFace = {
  phase(view) {
    if (view.is_over) return "Showdown";
    return `Place your cards: front 3, middle 5, back 5 · ${view.stock_size} in the stock`;
  },
  seat(view, g, ctx) {
    const rows = (view.rows || {})[g];
    const royalties = (view.royalties || {})[g];
    return [rows ? threeRows(rows, null, ctx, "mini") : note((view.fantasy_set || []).includes(Number(g)) ? "set, face down" : "setting face down"),
            (view.fantasyland || []).includes(Number(g)) ? note("fantasyland", "alert") : null,
            (view.fouled || []).includes(Number(g)) ? note("FOUL", "alert") : null,
            royalties && royalties.some(Boolean) ? note(`royalties ${royalties.reduce((a, b) => a + b, 0)}`) : null];
  },
  own(view, ctx) {
    const mine = (view.rows || {})[view.seat];
    const names = (view.row_names || {})[view.seat];
    return [mine && !ctx.arranging ? threeRows(mine, names, ctx, "table") : null,
            cardsOf(view.pending).length && !ctx.arranging ? h("p", { class: "note" }, "To place: ", ctx.row(view.pending, "hand")) : null,
            placingWarnings(view.warnings, ctx),
            // No engine hint: it names the rows, which are drawn with their names, and asks for a row
            // with room, which the place buttons are; on a phone it pushed the decision out of the window.
            ctx.arranging ? h("p", { class: "hint" }, ARRANGE_HELP) : null];
  },
  results(view, ctx) {
    return [h("div", { class: "shown-rows" }, Object.entries(view.rows || {}).map(([g, rows]) => h("div", { class: "shown-player" },
              whoLine(g, ctx), (view.fouled || []).includes(Number(g)) ? note("FOUL", "alert") : null,
              ((view.royalties || {})[g] || []).some(Boolean) ? note(`royalties ${view.royalties[g].join(" / ")}`) : null,
              threeRows(rows, (view.row_names || {})[g], ctx, "mini")))),
            payments(view, ctx),
            (view.next_fantasyland || []).length ? h("p", { class: "result-line" },
              ctx.text("Fantasyland next hand: " + view.next_fantasyland.map((g) => ctx.words.who(g)).join(", "))) : null];
  },
  rows: ["Front", "Middle", "Back"],
  fixedRows(view) {
    return ((view.rows || {})[view.seat] || [[], [], []]);
  },
};

const FAMILIES = { draw, pineapple, crazy_pineapple: pineapple, crazy_pineapple_hi_lo: pineapple, soko, anaconda,
                   whiskey, paiute, papayoo, pai_gow: paiGow, chinese, open_face: openFace };

/** The presentation of the game called ``name``. */
export function gameFor(name) {
  return FAMILIES[name] || draw;
}

/** What the view of a hand of ``name`` says of money: the pot, each game seat's bet and stack, who
 * folded; ``null`` for a hand that bets nothing (the table's stacks then stand). */
export function money(view, name) {
  const game = gameFor(name);
  if (!view || view.pot === undefined || (game.bets && !game.bets(view))) return null;
  return { pot: view.pot, bets: view.bets || {}, stacks: view.stacks || {}, folded: view.folded || [],
           allIn: view.all_in || [], toCall: view.to_call || 0, carried: view.carried_in || 0 };
}
