// The lobby's form for a new table: its seats, bots, buy-in and clock, the games the dealer may call
// with their variants, and the stakes (see stakes.js). It reads into the setup POST /api/tables takes,
// and checks what it can before sending: a refusal is shown by its field, the room's as the page's own.

import { $, $$, capitalize, fill, h, plural } from "./dom.js";
import { clearErrors, field, labelOf, numberProblem, showError } from "./fields.js";
import { rateWords } from "./outcome.js";
import { keptIn, settingsOf, showCounting, stakeField, stakesIn } from "./stakes.js";
import { variantOf } from "./variants.js";

const HABIT_FIELDS = [  // the room's own fields of a regular's habits, in a section of their own
  ["time_bank", 0, "Extra seconds each player draws on when a turn's clock runs out (0: none)."],
  ["time_bank_refill", 0, "Seconds put back into every bank, up to the full bank, ..."],
  ["time_bank_every", 10, "... after every this many hands."],
  ["bomb_pot", 0, "Chips everyone puts in a bomb pot, which skips the first betting round (0: none); the host calls one from the ledger panel."],
  ["bomb_pot_every", 0, "Every this many hands is a bomb pot (0: only when the host calls one)."],
];
const HOST_FLAGS = ["public", "ask_to_sit", "host_starts", "approve_chips"];
const TOURNAMENT_RUNS = ["ask_to_sit", "host_starts", "approve_chips"];  // the host settings a tournament's own rules replace
const ROOM_OWN_SETTINGS = new Set(["bomb_pot"]);  // a game setting the room sets hand by hand, from the fields above

const TABLE_FIELDS = [  // the room's own fields the form shows: name, the form's default, what it is for
  ["seats", 6, null],
  ["bots", 2, "Seats the house fills with bots, from the first seat."],
  ["buy_in", 100, "Chips each player brings; a rebuy tops a stack up to it."],
  ["clock", 30, null],
  ["points_rate", null, "What a point is worth in the games scored in points; empty: each game's own (see the games)."],
  ["pause", 3, "How long a finished hand stays on the table."],
  ["timeouts_to_sit_out", 2, "Turns in a row the clock plays before the player sits out."],
];

/** The number input of the room's field ``name``, within the bounds the room serves (/api/setup). */
function numberInput(fields, name, attributes) {
  const { least, most, kind } = fields[name];
  return h("input", { type: "number", name, "data-field": name, min: least, max: most, step: kind === "whole" ? 1 : "any",
                      ...attributes });
}

/** The form for ``games`` (as /api/games describes them) in ``form``, with the room's own fields and bot
 * levels as ``setup`` (/api/setup) describes them; ``submit(setup)`` is called with a setup the page found
 * nothing wrong with. */

export function buildForm(form, games, setup, submit) {
  let settings = [];  // the stakes' settings as last drawn, to show those the structure chosen uses
  const refresh = () => { settings = refreshDependents(form, games); };
  const { fields } = setup;
  fill(form,
       h("div", { class: "fields" },
         field(fields.name.label, h("input", { name: "name", "data-field": "name", maxlength: fields.name.most, required: true,
                                              value: "Friday game" })),
         TABLE_FIELDS.map(([name, value, note]) => field(fields[name].label, numberInput(fields, name, value === null
           ? { placeholder: "each game's own" } : { value, required: true }), note)),
         field(fields.max_buy_in.label, numberInput(fields, "max_buy_in", { placeholder: "the buy-in" }),
               "Deep stacks. Empty: everyone brings the buy-in. Otherwise a player brings, and may top up to, any amount from the buy-in to this."),
         botLevelField(setup.bot_levels)),
       h("h3", {}, "Games the dealer may call"),
       h("div", { class: "field", "data-for": "games" },
         h("div", { class: "game-list", "data-field": "games", tabindex: -1 }, games.map((game) => gameOption(game, refresh))),
         h("small", { class: "note", id: "dealing-note" }),
         h("small", { class: "notice field-error", id: "error-games", role: "alert", hidden: true })),
       field("Default game (when the dealer's clock runs out)", h("select", { name: "default_game", "data-field": "default_game" })),
       h("details", { id: "tournament-part" }, h("summary", {}, "A tournament"),
         h("label", { class: "check" }, h("input", { type: "checkbox", name: "tournament", onchange: () => { tournamentChanged(form, setup); refresh(); } }),
           " Make this a tournament: a sit-and-go with rising levels, players out when their chips are gone, and payouts"),
         h("div", { class: "fields", id: "tournament-fields", hidden: true },
           Object.entries(setup.tournament_fields).map(([name, known]) =>
             field(known.label, tournamentInput(name, known))),
           field("Payouts (percent by place)", h("input", { name: "t_payouts", "data-field": "payouts", placeholder: "by the entries: 100, 65/35 or 50/30/20" }),
                 "The percent of the prize pool each place wins, best first, such as 50/30/20."),
           h("label", { class: "check" }, h("input", { type: "checkbox", name: "t_rotation", "data-field": "rotation" }),
             " The games in turn (a rotation), instead of the dealer's choice"))),
       h("details", {}, h("summary", {}, "Time bank and bomb pots"),
         h("div", { class: "fields" },
           HABIT_FIELDS.map(([name, value, note]) => field(fields[name].label, numberInput(fields, name, { value, required: true }), note)))),
       h("details", {}, h("summary", {}, "Stakes and game settings"),
         h("p", { class: "note" }, "Each setting applies to every chosen game that has it; one you leave keeps each game's own default."),
         h("div", { id: "stakes", class: "fields" }),
         h("p", { id: "stakes-unused", class: "note", hidden: true })),
       hostSettings(fields),
       h("p", {}, h("button", { type: "submit", class: "act primary" }, "Make the table")),
       h("p", { id: "form-error", class: "notice", role: "alert" }));
  refresh();
  $("#stakes", form).addEventListener("change", () => showCounting($("#stakes", form), settings, $("#stakes-unused", form)));
  for (const name of ["seats", "points_rate"]) form.elements[name].addEventListener("input", () => showDealCosts(form, games));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearErrors(form);
    $("#form-error").textContent = "";
    const setup = checked(form, games);
    if (setup) submit(setup);
  });
}

/** The host's settings, each a box (all can be changed from the table's host panel later). */
function hostSettings(fields) {
  return h("fieldset", { class: "host-settings" }, h("legend", {}, "You host the table"),
    h("p", { class: "note" }, "The table is private: only its invite link finds it, unless it is listed in the lobby."),
    HOST_FLAGS.map((name) => h("label", { class: "check" },
      h("input", { type: "checkbox", name, "data-field": name }), ` ${fields[name].label}`)));
}

function tournamentInput(name, known) {
  return h("input", { type: "number", name: `t_${name}`, "data-field": name, min: known.least, max: known.most,
                      step: known.kind === "whole" ? 1 : "any", value: known.default, required: true });
}

/** A tournament deals only the games played for chips between its players: the others are left out. */
function tournamentChanged(form, setup) {
  const on = form.elements.tournament.checked;
  $("#tournament-fields", form).hidden = !on;
  for (const box of $$("input[name=game]", form)) {
    const left = on && !setup.tournament_games.includes(box.value);
    box.disabled = left;
    if (left) box.checked = false;
    box.closest(".game-option").classList.toggle("left-out", left);
  }
  for (const name of TOURNAMENT_RUNS) {  // a tournament seats its entries, starts on its own and has no rebuys
    const box = form.elements[name];
    box.disabled = on;
    if (on) box.checked = false;
  }
}

/** The tournament's own fields of the form (null when it makes a table). */
function tournamentPart(form) {
  if (!form.elements.tournament.checked) return null;
  const part = {};
  for (const control of $$("[name^=t_]", form)) {
    const name = control.dataset.field;
    if (control.type === "checkbox") part[name] = control.checked;
    else if (control.type === "number") part[name] = Number(control.value);
    else if (control.value.trim()) part[name] = control.value.split(/[^0-9]+/).filter(Boolean).map(Number);
  }
  return part;
}

/** The bot level: each a short name to choose among, and what the chosen one is in a note under it
 * (the words cut short in a select a phone's width). */
function botLevelField(levels) {
  const wordsOf = (value) => `${capitalize(levels.find((level) => level.value === value).words)}.`;
  const select = h("select", { name: "bot_level", "data-field": "bot_level",
                               onchange: (event) => { $("#note-bot_level").textContent = wordsOf(event.target.value); } },
                   levels.map(({ value }) => h("option", { value }, capitalize(value))));
  return field("Bot level", select, wordsOf(levels[0].value));
}

function gameOption(game, refresh) {
  return h("div", { class: "game-option" },
           h("label", {}, h("input", { type: "checkbox", name: "game", value: game.name, checked: true, onchange: refresh }),
             game.title, h("small", { class: "note" }, ` ${game.players[0]}-${game.players[1]}`)),
           game.variants.map((variant) => h("label", { class: "variant" },
             h("input", { type: "checkbox", name: `variant:${game.name}`, value: variant.name, onchange: refresh }),
             h("span", {}, h("b", {}, variant.label), ": ", variant.text))),
           game.points ? h("small", { class: "note deal-cost", "data-game": game.name }) : null);
}

/** The chosen games, each with the variants the dealer may switch on: [{game, variants}]. */
function chosen(form, games) {
  return $$("input[name=game]:checked", form).map((box) => ({
    game: games.find((g) => g.name === box.value),
    variants: $$(`input[name="variant:${box.value}"]:checked`, form).map((variant) => variant.value),
  }));
}

/** Draw again what follows from the games chosen: the default game, the note on dealing, the stakes
 * (showing those the structure chosen uses); the stakes' settings. */
function refreshDependents(form, games) {
  const choice = chosen(form, games);
  const select = $("select[name=default_game]", form);
  const before = select.value;
  fill(select, choice.map(({ game }) => h("option", { value: game.name, selected: game.name === before }, game.title)));
  select.closest(".field").hidden = choice.length < 2;
  const alone = choice.length === 1 && !choice[0].variants.length;
  $("#dealing-note", form).textContent = alone
    ? `${choice[0].game.title} alone, with no variant to call: the room deals it hand after hand, and no one calls it.`
    : "The dealer calls the next game (and its variants) between games.";
  showDealCosts(form, games);
  const kept = keptIn($$("[data-stake]", form));
  const settings = settingsOf(choice).filter((setting) => !ROOM_OWN_SETTINGS.has(setting.key));
  fill($("#stakes", form), settings.map((setting) => stakeField(setting, kept[setting.key])));
  showCounting($("#stakes", form), settings, $("#stakes-unused", form));
  return settings;
}

/** Under each game scored in points, what a point is worth at this table and the most one deal can
 * cost a player, at the most players the table can deal it to (the games' own figures, /api/games). */
function showDealCosts(form, games) {
  const seats = Number(form.elements.seats.value) || 0;
  const typed = form.elements.points_rate.value.trim();
  for (const note of $$(".deal-cost", form)) {
    const game = games.find((candidate) => candidate.name === note.dataset.game);
    const { rate: own, deal_cost: costs, variant_deal_cost: byVariant } = game.points;
    const rate = typed && Number(typed) > 0 ? Number(typed) : own;
    const players = Math.min(seats, game.players[1]);
    const cost = (table) => Math.round((table[String(players)] * rate) / own);
    const variants = $$(`input[name="variant:${game.name}"]:checked`, form).map((box) => box.value).filter((name) => byVariant[name]);
    const more = variants.map((name) => `, ${cost(byVariant[name])} with ${variantOf(game, name).label}`).join("");
    note.textContent = players < game.players[0] ? "" : `Scored in points: ${rateWords(rate)}${typed ? "" : " (its own)"}; `
      + `one deal can cost a player up to ${plural(cost(costs), "chip")}${more} at ${players} players.`;
  }
}

/** The setup the form describes, or null after showing by its field what is wrong. */
function checked(form, games) {
  for (const control of $$("input[type=number]:enabled", form)) {
    const problem = numberProblem(control);
    if (problem) return refuse(form, control.dataset.field, `${labelOf(control)}: ${problem}.`, `${problem[0].toUpperCase()}${problem.slice(1)}.`);
  }
  const name = form.elements.name.value.trim();
  if (!name) return refuse(form, "name", "Name: type the table's name.", "Type the table's name.");
  const choice = chosen(form, games);
  if (!choice.length) return refuse(form, "games", "Choose at least one game.", "Choose at least one game.");
  const whole = (field) => Number(form.elements[field].value);
  const tournament = tournamentPart(form);
  if (tournament) {
    return {  // a tournament's tables: seats a table, the bots' entries, the clock and games; its own fields
      name, seats: whole("seats"), bots: whole("bots"), bot_level: form.elements.bot_level.value, clock: whole("clock"),
      pause: whole("pause"), timeouts_to_sit_out: whole("timeouts_to_sit_out"), default_game: form.elements.default_game.value,
      ...Object.fromEntries(HABIT_FIELDS.map(([field]) => [field, whole(field)])), stakes: stakesIn($$("[data-stake]", form)),
      public: form.elements.public.checked,  // listed in the lobby, or found only by its link
      games: choice.map(({ game, variants }) => ({ game: game.name, variants })), ...tournament, tournament: true,
    };
  }
  return {
    name, seats: whole("seats"), bots: whole("bots"), bot_level: form.elements.bot_level.value, buy_in: whole("buy_in"),
    clock: whole("clock"), pause: whole("pause"),
    ...(form.elements.points_rate.value.trim() ? { points_rate: whole("points_rate") } : {}),
    timeouts_to_sit_out: whole("timeouts_to_sit_out"), default_game: form.elements.default_game.value,
    ...Object.fromEntries(HABIT_FIELDS.map(([name]) => [name, whole(name)])),
    ...(form.elements.max_buy_in.value.trim() ? { max_buy_in: whole("max_buy_in") } : {}),
    stakes: stakesIn($$("[data-stake]", form)),
    ...Object.fromEntries(HOST_FLAGS.map((name) => [name, form.elements[name].checked])),
    games: choice.map(({ game, variants }) => ({ game: game.name, variants })),
  };
}

/** Show ``summary`` under the form and ``message`` by the field the room calls ``name``; null. */
export function refuse(form, name, summary, message = summary) {
  $("#form-error").textContent = summary;
  if (name) showError(form, name, message);
  return null;
}
