// The stakes of a new table: one field a setting, given to every chosen game that has it. Each game
// keeps its own default (and a variant its own) unless the host sets the field: a field shows the
// default when every game that takes it agrees, and leaves it to each game, saying theirs, when not.
// What a setting is called, does and takes comes from the room (/api/games: homegame's declarations),
// and so do the betting structures it counts under: a field no chosen game counts under the structure
// chosen is hidden, and its value neither checked nor sent.

import { capitalize, h } from "./dom.js";
import { field } from "./fields.js";
import { variantOf } from "./variants.js";

const ROOM_GIVES = new Set(["stack", "unit"]);  // the room gives the stacks, and its points rate is the unit
const OWN = "";  // a field left to each game's own default

/** Where ``setting`` counts in ``game`` with the ``allowed`` variants: its name there and its default,
 * once plain and once for each allowed variant that changes it (none if it counts only with a variant
 * that is not allowed). */
function places(game, setting, allowed) {
  if (setting.only_with && !allowed.includes(setting.only_with)) return [];
  const plain = setting.only_with ? `${game.title} with ${variantOf(game, setting.only_with).label}` : game.title;
  const found = [{ game, where: plain, value: setting.default }];
  for (const [variant, value] of Object.entries(setting.variant_defaults)) {
    if (allowed.includes(variant) && value !== setting.default) {
      found.push({ game, where: `${game.title} with ${variantOf(game, variant).label}`, value });
    }
  }
  return found;
}

/** Each setting the ``chosen`` games take ([{game, variants}]), in order: its description (the first
 * game's), where it counts with what default, and the choices and bounds that fit every one of them. */
export function settingsOf(chosen) {
  const settings = new Map();
  for (const { game, variants } of chosen) {
    for (const [key, setting] of Object.entries(game.settings)) {
      const found = places(game, setting, variants);
      if (ROOM_GIVES.has(key) || !found.length) continue;
      if (!settings.has(key)) settings.set(key, { key, ...setting, places: [], choices: [], takers: [], under: [], counting: [] });
      const merged = settings.get(key);
      merged.places.push(...found);
      merged.takers.push(game);
      merged.under.push(setting.structures);
      merged.counting.push(structuresOf(game, setting));
      merged.minimum = setting.minimum === null ? null : Math.max(merged.minimum, setting.minimum);
      merged.maximum = setting.maximum === null ? null : Math.min(merged.maximum, setting.maximum);
      for (const choice of setting.choices) {
        if (!merged.choices.some((known) => known.value === choice.value)) merged.choices.push({ ...choice, takers: [] });
        merged.choices.find((known) => known.value === choice.value).takers.push(game.title);
      }
    }
  }
  return [...settings.values()];
}

/** The betting structures ``setting`` counts under in ``game``, in words (none: it counts under all). */
function structuresOf(game, setting) {
  const structure = game.settings[game.structure_setting];
  return setting.structures.map((value) => structure.choices.find((choice) => choice.value === value).label);
}

/** Whether ``setting`` counts in at least one game that takes it, with each game's structure field
 * (among ``settings``) at the value ``valueOf(key)`` reads: one structure, or each game's own (its
 * defaults, plain and with its allowed variants). A game with no structure counts every setting. */
function countsSomewhere(setting, settings, valueOf) {
  return setting.takers.some((game, index) => {
    const counted = setting.under[index];
    const structure = settings.find((known) => known.key === game.structure_setting);
    if (!counted.length || !structure) return true;
    const value = valueOf(structure.key);
    const played = value === OWN ? structure.places.filter((place) => place.game === game).map((place) => place.value)
                                 : [value];
    return played.some((chosen) => counted.includes(chosen));
  });
}

/** Show in ``box`` only the fields of ``settings`` that count under the betting structure chosen there,
 * disabling the others (so they are neither checked nor sent, yet keep what was typed), and name those
 * hidden in ``note``. */
export function showCounting(box, settings, note) {
  const controls = new Map([...box.querySelectorAll("[data-stake]")].map((control) => [control.name, control]));
  const valueOf = (key) => controls.get(key).value;
  const unused = [];
  for (const setting of settings) {
    const control = controls.get(setting.key);
    const counts = countsSomewhere(setting, settings, valueOf);
    control.disabled = !counts;
    control.closest(".field").hidden = !counts;
    if (!counts) unused.push(setting.label);
  }
  note.textContent = unused.length ? `Not used under the betting structure chosen, so hidden: ${listed(unused)}.` : "";
  note.hidden = !unused.length;
}

/** " Counts in fixed limit only." for a setting no chosen game counts under every structure. */
function onlyUnder(setting) {
  if (setting.counting.some((structures) => !structures.length)) return "";
  return ` Counts in ${listed([...new Set(setting.counting.flat())], "or")} only.`;
}

function words(setting, value) {
  const choice = setting.choices.find((known) => known.value === value);
  if (choice) return choice.label;
  return value === "" ? "none" : String(value);  // an empty text setting (no pairs agreed, say)
}

/** "a, b and c" (or ``word`` before the last). */
function listed(items, word = "and") {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}` : items[0];
}

/** The setting's default where all agree, or each one's: "Defaults: spread limit in Soko; fixed limit in the others." */
export function defaultsText(setting) {
  const groups = new Map();
  for (const place of setting.places) {
    if (!groups.has(place.value)) groups.set(place.value, []);
    groups.get(place.value).push(place.where);
  }
  if (groups.size === 1) return `Default: ${words(setting, setting.places[0].value)}.`;
  const ordered = [...groups.entries()].sort((a, b) => a[1].length - b[1].length);
  const [most, rest] = [ordered[ordered.length - 1], ordered.slice(0, -1)];
  const parts = rest.map(([value, where]) => `${words(setting, value)} in ${listed(where)}`);
  parts.push(`${words(setting, most[0])} in ${most[1].length > 2 ? "the others" : listed(most[1])}`);
  return `Each game's own unless you set it: ${parts.join("; ")}.`;
}

/** The one default every game taking ``setting`` agrees on, or null where they differ. */
function agreed(setting) {
  const values = new Set(setting.places.map((place) => place.value));
  return values.size === 1 ? setting.places[0].value : null;
}

function control(setting, kept) {
  const shared = agreed(setting);
  const value = kept !== undefined ? kept : (shared === null ? OWN : shared);
  const common = { name: setting.key, id: `stake-${setting.key}`, "data-default": String(shared === null ? OWN : shared),
                   "data-field": `stakes.${setting.key}`,
                   "data-stake": "" };
  if (setting.choices.length) {
    const everyone = setting.takers.length;
    const options = setting.choices.map((choice) => h("option", { value: choice.value, selected: String(value) === String(choice.value) },
      choice.takers.length < everyone ? `${choice.label} (${listed(choice.takers)} only)` : choice.label));
    const own = shared === null ? h("option", { value: OWN, selected: value === OWN }, "Each game's own") : null;
    return h("select", common, own, options);
  }
  if (typeof setting.default === "number") {
    return h("input", { ...common, type: "number", inputmode: "numeric", step: 1, min: setting.minimum, max: setting.maximum,
                        value: value === OWN ? null : value, placeholder: shared === null ? "each game's own" : null });
  }
  return h("input", { ...common, type: "text", value, placeholder: shared === null ? "each game's own" : null });
}

/** The field of one setting: its label, its control, what it does and its defaults, and room for an error. */
export function stakeField(setting, kept) {
  return field(setting.label, control(setting, kept), `${capitalize(setting.help)}.${onlyUnder(setting)} ${defaultsText(setting)}`);
}

/** The stakes the host set: the fields changed from the one default, or set where each game had its own
 * (a field the structure chosen does not use, disabled, is left out). */
export function stakesIn(controls) {
  const stakes = {};
  for (const field of controls) {
    if (field.disabled || field.value === OWN || field.value === field.dataset.default) continue;
    stakes[field.name] = field.type === "number" ? Number(field.value) : field.value;
  }
  return stakes;
}

/** The values the host set, by setting, to keep when the fields are drawn again. */
export function keptIn(controls) {
  return Object.fromEntries(controls.filter((field) => field.value !== field.dataset.default).map((field) => [field.name, field.value]));
}
