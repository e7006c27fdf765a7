// The lesson page's table: the learner's view drawn with the table page's game presentations
// (games.js): the other seats as a list, what lies in the middle, the learner's own cards (which
// can be picked when a decision needs cards), and the result when the hand is over. Also the
// situation of a quiz question. Nothing here decides a rule: it draws the view the room sent.

import { cardElement, cardRow } from "./cards.js";
import { capitalize, h, plural } from "./dom.js";
import { gameFor, money } from "./games.js";
import { cardsText, textNodes, Words } from "./words.js";

const TABLE_SIZE = { size: "table" };

/** The words of a lesson: "you" at the learner's seat, the lesson's names at the others. */
export function lessonWords(lesson) {
  return new Words(lesson.seat, (g) => lesson.names[g] || `seat ${g}`);
}

/** What a game's presentation draws with (the table page's ``context``, for a lesson). ``env``
 * holds the decision under way (or null), whether a step is on its way, and how to act. */
export function boardContext(lesson, view, env = {}) {
  const presentation = gameFor(lesson.game);
  const markOf = presentation.marks && view ? presentation.marks(view) : () => ({});
  const decision = env.decision || null;
  const cardOf = (code, size, extra = "") => (decision && decision.mode !== "arrange" && decision.mode !== "bet"
    ? pickable(code, size, markOf, extra, env) : cardElement(code, { size, marks: markOf(code), extra }));
  return {
    view, words: lessonWords(lesson), markOf, arranging: Boolean(decision && decision.mode === "arrange"),
    text: (marked) => textNodes(marked),
    row: (codes, size = "table", extra = "") => h("span", { class: `cards ${extra}`.trim() },
      (codes || []).map((code) => cardElement(code, { size, marks: markOf(code) }))),
    hand: (codes, size = "hand", extraOf = () => "") => h("div", { class: `cards ${size === "hand" ? "hand-cards" : ""}`.trim() },
      (codes || []).map((code) => cardOf(code, size, extraOf(code)))),
    choiceTarget: (action, node) => choiceTarget(action, node, env),
  };
}

/** A card of the learner's hand that a decision may pick: a second tap on a picked card plays it. */
function pickable(code, size, markOf, extra, env) {
  const decision = env.decision;
  if (decision.mode === "buttons") return cardElement(code, { size, marks: markOf(code), extra });
  const node = cardElement(code, { size, marks: markOf(code), extra: `${extra} pickable`, button: true,
                                   pressed: decision.isPicked(code), disabled: !decision.canPick(code) || env.busy });
  node.addEventListener("click", () => {
    if (decision.mode === "pick" && decision.isPicked(code)) {
      const [first] = decision.pickedActions();
      if (first) {
        env.act(first);
        return;
      }
    }
    decision.toggle(code);
    env.rerender();
  });
  return node;
}

/** A part of the table (the stock, the discard pile) made the button of a legal choice. */
function choiceTarget(action, node, env) {
  const decision = env.decision;
  const legal = decision && decision.plain.find((a) => a.kind === action.kind && a.option === action.option);
  if (!legal) return node;
  return h("button", { type: "button", class: "table-choice", disabled: env.busy ? true : null,
                       "aria-label": capitalize(lessonWords(env.lesson).doing(legal)), onclick: () => env.act(legal) }, node);
}

/** The table as the learner sees it: where the hand is, the other seats, the middle, the result. */
export function drawTable(lesson, view, ctx) {
  const game = gameFor(lesson.game);
  const cash = money(view, lesson.game);
  const seats = lesson.names.map((name, g) => seatLine(lesson, view, ctx, game, cash, g)).filter(Boolean);
  return [
    h("p", { class: "phase" }, textNodes(game.phase ? game.phase(view, ctx) : "")),
    h("ul", { class: "learn-seats", "aria-label": "the other players" }, seats),
    h("div", { class: "learn-middle" }, cash ? potLine(view, cash) : null, game.center ? game.center(view, ctx) : null),
  ];
}

function seatLine(lesson, view, ctx, game, cash, g) {
  if (g === lesson.seat) return null;
  const toAct = !view.is_over && view.to_act.includes(g);
  const folded = cash && cash.folded.includes(g);
  return h("li", { class: ["learn-seat", toAct ? "to-act" : "", folded ? "folded" : ""].filter(Boolean).join(" "), "data-seat": g },
           h("span", { class: "seat-name" }, lesson.names[g]),
           view.dealer === g ? h("span", { class: "dealer-button", title: "dealer" }, "D") : null,
           cash && g in cash.stacks ? h("span", { class: "stack" }, plural(cash.stacks[g], "chip")) : null,
           cash && cash.bets[g] ? h("span", { class: "bet" }, `bet ${cash.bets[g]}`) : null,
           game.seat ? h("span", { class: "seat-cards" }, game.seat(view, String(g), ctx)) : null);
}

function potLine(view, cash) {
  return view.is_over ? null : h("p", { class: "pot" }, `Pot ${cash.pot}`, cash.carried ? ` (${cash.carried} carried)` : "");
}

/** The learner's own cards and notes (as the game shows them), the learner's seat's chips. */
export function drawOwn(lesson, view, ctx) {
  const game = gameFor(lesson.game);
  const cash = money(view, lesson.game);
  const mine = cash && lesson.seat in cash.stacks
    ? h("p", { class: "note own-chips" }, `You: ${plural(cash.stacks[lesson.seat], "chip")}`,
        cash.bets[lesson.seat] ? `, bet ${cash.bets[lesson.seat]}` : "", view.dealer === lesson.seat ? " (you deal)" : "")
    : view.dealer === lesson.seat ? h("p", { class: "note own-chips" }, "You deal.") : null;
  return [mine, game.own ? game.own(view, ctx) : null];
}

/** What the game says of a finished hand. */
export function drawResult(lesson, view, ctx) {
  const game = gameFor(lesson.game);
  return game.results ? game.results(view, ctx) : null;
}

/** The log of the hand, a sentence an event. */
export function logLines(lesson, view) {
  const words = lessonWords(lesson);
  return (view.log || []).map((event) => words.tell(event)).filter(Boolean).map((line) => h("li", {}, textNodes(line)));
}

/** A quiz question's situation: the learner's view at a decision, or the hands shown at a showdown. */
export function drawSituation(lesson, question) {
  if (question.view) {
    const ctx = boardContext(lesson, question.view);
    return h("div", { class: "situation" }, drawTable(lesson, question.view, ctx), drawOwn(lesson, question.view, ctx));
  }
  const words = lessonWords(lesson);
  return h("div", { class: "situation" },
           question.board.length ? h("p", { class: "note" }, "The board: ", cardRow(question.board, TABLE_SIZE)) : null,
           h("ul", { class: "shown-hands" }, question.hands.map((shown) => h("li", {},
             h("span", { class: "who-line" }, capitalize(shown.who === "you" ? "you" : shown.who)),
             cardRow(shown.cards, TABLE_SIZE), shown.note ? h("span", { class: "note" }, textNodes(words.seatsAsYou(shown.note))) : null))));
}

/** A lesson's paragraphs (pieces of words, cards and moves to type) as page nodes. */
export function lessonText(paragraphs) {
  return paragraphs.map((pieces) => h("p", {}, pieces.map((piece) => {
    if (piece.cards) return textNodes(cardsText(piece.cards));
    if (piece.type) return h("code", { class: "typed" }, piece.type);
    return piece.text;
  })));
}
