// The lessons (/learn, /learn/<lesson>): the list of lessons, and a lesson played against the
// game's bots, a hand at a time, with the lesson's words beside the table; then the quiz. The
// room steps the lesson (POST /api/lessons/<lesson>) and keeps nothing of it: this page holds the
// progress the last answer gave and sends it back with each command. The engine decides every
// move; the page draws the view and offers only the legal moves, as the table page does.
// ?embed=1 draws the lesson for a panel beside a table (the table page's "Learn this game").

import { arrangeEditor, actionBar } from "./actions.js";
import { call } from "./api.js";
import { Decision } from "./decision.js";
import { $, capitalize, fill, h } from "./dom.js";
import { gameFor, money } from "./games.js";
import { boardContext, drawOwn, drawResult, drawSituation, drawTable, lessonText, lessonWords, logLines } from "./learn-board.js";
import { textNodes, withCards } from "./words.js";

const parts = location.pathname.split("/").filter(Boolean);
const lessonName = parts[0] === "learn" && parts[1] ? decodeURIComponent(parts[1]) : null;
const embedded = new URLSearchParams(location.search).get("embed") === "1";
const KEPT = "homegame.lesson.";  // the progress of a lesson under way, kept through a reload

const page = { answer: null, busy: false, notice: "", decision: null, quiz: null };
window.homegameLesson = page;  // read by the browser tests, as a person reads the screen

// -- the list of lessons ------------------------------------------------------------------------

async function showList() {
  document.title = "Learn a game · homegame";
  fill($("#lesson-title"), "Learn a game");
  fill($("#lesson-line"), "A few hands against bots, each showing a rule as it happens; then a hand of your own and a short quiz.");
  const lessons = await call("/api/lessons");
  fill($("#learn"), h("ul", { class: "lesson-list" }, lessons.map((lesson) => h("li", {},
    h("a", { class: "lesson-link", href: `/learn/${encodeURIComponent(lesson.name)}` },
      h("strong", {}, lesson.title), h("span", { class: "note" }, lesson.about))))));
}

// -- a lesson -----------------------------------------------------------------------------------

async function step(command, action) {
  page.busy = true;
  page.notice = "";
  render();
  const body = { progress: page.answer ? page.answer.progress : null, command };
  if (action) body.action = action;
  try {
    const answer = await call(`/api/lessons/${encodeURIComponent(lessonName)}`, { method: "POST", body });
    const turn = JSON.stringify(answer.screen.legal);
    if (!page.answer || JSON.stringify(page.answer.screen.legal) !== turn || answer.progress.moves.length !== page.answer.progress.moves.length) {
      page.decision = answer.screen.legal ? new Decision(answer.screen.legal, 0) : null;
    }
    page.answer = answer;
    page.notice = answer.refused ? `Not allowed: ${answer.refused}.` : "";
    keep(answer.progress);
  } catch (failure) {
    page.notice = capitalize(`${failure.message}.`);
  }
  page.busy = false;
  render();
}

function keep(progress) {
  try {
    sessionStorage.setItem(KEPT + lessonName, JSON.stringify(progress));
  } catch (error) {
    // a private window may keep nothing: the lesson then starts again on a reload
  }
}

function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT + lessonName) || "null");
  } catch (error) {
    return null;
  }
}

function render() {
  if (page.quiz) {
    renderQuiz();
    return;
  }
  const answer = page.answer;
  if (!answer) return;
  const { lesson, screen } = answer;
  document.title = `${lesson.title} lesson · homegame`;
  fill($("#lesson-title"), `Learn ${lesson.title}`);
  fill($("#lesson-line"), screen.stage === "done" ? "The end of the lesson" : `Hand ${screen.number} of ${screen.hands}: ${screen.title}`);
  fill($("#learn"), coach(answer), board(answer));
}

/** The lesson's words for this moment, what to do now, and the stage's buttons. */
function coach(answer) {
  const { lesson, screen } = answer;
  const words = lessonWords(lesson);
  const parts = [h("div", { class: "lesson-words" }, screen.texts.map((paragraphs) => lessonText(paragraphs)))];
  if (screen.stage === "intro") {
    parts.push(stageButtons([["Deal the hand", () => step("start"), true]]));
  } else if (screen.stage === "play" && screen.asked.length) {
    parts.push(h("p", { class: "asked" }, textNodes(`The lesson's move: ${screen.asked.map((move) => words.doing(move)).join(", or ")}.`)),
               stageButtons([["Play the lesson's move", () => step("act", screen.asked[0]), false]]));
  } else if (screen.stage === "play" && answer.hint) {
    parts.push(h("p", { class: "asked hint-line" }, textNodes(`Hint: the game's bot would ${words.doing(answer.hint)}.`)),
               stageButtons([["Play the hint", () => step("act", answer.hint), false]]));
  } else if (screen.stage === "wrong") {
    parts.push(h("p", { class: "asked" }, textNodes(`You chose to ${words.doing(screen.wrong)}; the lesson's move was to `
                                                      + `${screen.asked.map((move) => words.doing(move)).join(", or ")}.`)),
               stageButtons([["Take it back", () => step("back"), true], ["Keep it and play on", () => step("keep"), false]]));
  } else if (screen.stage === "over") {
    const last = screen.number === screen.hands;
    parts.push(stageButtons([[last ? "Finish the lesson" : "Next hand", () => step("next"), true]]));
  } else if (screen.stage === "done") {
    parts.push(stageButtons([["Take the quiz", startQuiz, true]]));
  }
  if (page.notice) parts.push(h("p", { class: "notice", role: "alert" }, page.notice));
  const step_ = screen.step ? `Step ${screen.step} of ${screen.steps}` : screen.hints && screen.stage === "play" ? "Your own play: hints on" : "";
  return h("section", { class: "coach", "aria-label": "the lesson", "aria-live": "polite", "data-stage": screen.stage },
           step_ ? h("p", { class: "step-count" }, step_) : null, parts);
}

function stageButtons(buttons) {
  return h("div", { class: "buttons" }, buttons.map(([label, run, primary]) => h("button", {
    type: "button", class: `act ${primary ? "primary" : ""}`.trim(), disabled: page.busy ? true : null, onclick: run }, label)));
}

/** The table, the learner's cards and controls, the result and the log. */
function board(answer) {
  const { lesson, screen } = answer;
  const view = screen.view;
  if (!view) return null;
  const decision = screen.stage === "play" ? page.decision : null;
  const env = { lesson, decision, busy: page.busy, act: (action) => step("act", action), rerender: render };
  const ctx = boardContext(lesson, view, env);
  const game = gameFor(lesson.game);
  const controls = [];
  if (decision) {
    const actions = { words: lessonWords(lesson), busy: page.busy, act: env.act, me: lesson.seat, money: money(view, lesson.game),
                      why: "", markOf: ctx.markOf, advice: null, armed: null, arm: () => {}, rerender: render, canSuggest: false };
    if (decision.mode === "arrange") controls.push(arrangeEditor(decision, actions, game.rows || [], game.fixedRows ? game.fixedRows(view) : []));
    controls.push(...actionBar(decision, actions));
  }
  return h("section", { class: "learn-table", "aria-label": "the table" },
           h("div", { class: "learn-felt" }, drawTable(lesson, view, ctx)),
           h("section", { class: "own", "aria-label": "your cards" }, drawOwn(lesson, view, ctx)),
           controls.length ? h("section", { class: "actions", "data-to-act": "true", "aria-label": "your move" }, controls) : null,
           view.is_over ? h("section", { class: "result" }, h("h2", {}, "The hand is over"), drawResult(lesson, view, ctx)) : null,
           h("details", { class: "learn-log", open: embedded ? null : true }, h("summary", {}, "What happened"),
             h("ol", { class: "log" }, logLines(lesson, view))));
}

// -- the quiz -----------------------------------------------------------------------------------

async function startQuiz() {
  page.busy = true;
  render();
  try {
    const seed = page.answer.progress.seed;
    const quiz = await call(`/api/lessons/${encodeURIComponent(lessonName)}/quiz?seed=${seed}`);
    page.quiz = { questions: quiz.questions, index: 0, chosen: null, right: 0 };
  } catch (failure) {
    page.notice = capitalize(`${failure.message}.`);
  }
  page.busy = false;
  render();
}

function renderQuiz() {
  const { lesson } = page.answer;
  const quiz = page.quiz;
  fill($("#lesson-line"), "The quiz");
  if (quiz.index >= quiz.questions.length) {
    fill($("#learn"), h("section", { class: "coach", "data-stage": "score" },
      h("h2", {}, `You answered ${quiz.right} of ${quiz.questions.length} right.`),
      h("p", {}, `That is ${lesson.title}. Play it at a table in the card room, or learn another game.`),
      h("div", { class: "buttons" }, h("a", { class: "act primary", href: "/", target: embedded ? "_top" : null }, "The card room"),
        h("a", { class: "act", href: "/learn" }, "Another lesson"))));
    return;
  }
  const question = quiz.questions[quiz.index];
  const words = lessonWords(lesson);
  const answered = quiz.chosen !== null;
  const choices = question.choices.map((choice, index) => {
    const label = question.moves.length ? capitalize(words.doing(question.moves[index])) : choice;
    const verdict = !answered ? "" : question.answers.includes(index) ? "right" : index === quiz.chosen ? "wrong" : "";
    return h("button", { type: "button", class: `act choice-answer ${verdict}`.trim(), disabled: answered ? true : null,
                         "data-choice": index, onclick: () => answer(index) }, textNodes(label));
  });
  fill($("#learn"), h("section", { class: "coach quiz", "data-stage": "quiz" },
    h("p", { class: "step-count" }, `Question ${quiz.index + 1} of ${quiz.questions.length}`),
    h("h2", {}, question.question),
    drawSituation(lesson, question),
    h("div", { class: "buttons choices-list" }, choices),
    answered ? h("p", { class: question.answers.includes(quiz.chosen) ? "verdict right" : "verdict wrong", role: "status" },
                 textNodes(verdict(question, quiz.chosen, words))) : null,
    answered ? h("div", { class: "buttons" }, h("button", { type: "button", class: "act primary", onclick: nextQuestion },
                                                   quiz.index + 1 < quiz.questions.length ? "Next question" : "See the score")) : null));
}

/** Right or not, the engine's reason for the choice made and, when it was wrong, the right
 * choice with its own reason where that adds something. */
function verdict(question, chosen, words) {
  const right = question.answers[0];
  const said = (reason) => words.seatsAsYou(withCards(reason));
  if (question.answers.includes(chosen)) return `Right. ${said(question.reasons[chosen])}`;
  const label = question.moves.length ? words.doing(question.moves[right]) : question.choices[right];
  const why = question.reasons[right] !== question.reasons[chosen] && question.kind !== "allowed" ? ` ${said(question.reasons[right])}` : "";
  return `Not quite. ${said(question.reasons[chosen])} The right answer: ${label}.${why}`;
}

function answer(index) {
  page.quiz.chosen = index;
  if (page.quiz.questions[page.quiz.index].answers.includes(index)) page.quiz.right += 1;
  render();
}

function nextQuestion() {
  page.quiz.index += 1;
  page.quiz.chosen = null;
  render();
  window.scrollTo(0, 0);
}

// -- starting --------------------------------------------------------------------------------------

async function start() {
  document.body.classList.toggle("embedded", embedded);
  try {
    if (!lessonName) {
      await showList();
    } else {
      const progress = kept();
      if (progress && progress.stage !== "done") {
        page.answer = { progress, screen: { legal: null } };
        await step("show");
      }
      if (!page.answer || !page.answer.lesson) {
        page.answer = null;
        await step("begin");
      }
    }
  } catch (failure) {
    fill($("#learn"), h("p", { class: "notice", role: "alert" }, capitalize(`${failure.message}.`), " ",
                        h("a", { href: "/learn" }, "The lessons")));
  }
  document.body.dataset.drawn = "true";
}

start();
