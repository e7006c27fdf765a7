// The dealer's picker: the games of the table the dealer may call now, each with the key that picks
// it, the variants of the game chosen, and the button that deals it. The room lists what may be
// called; the page only offers it.

import { h } from "./dom.js";
import { PICKER_KEYS } from "./keys.js";
import { variantOf } from "./variants.js";

/** The dealer's call: the games the dealer may call now, each with its key, the variants of the one
 * chosen, and the button that deals it; ``send`` sends the call, ``redraw`` draws the bar again. */
export function pickerNode(app, send, redraw) {
  const table = app.frame.table;
  const options = table.choosable;
  const configured = Object.fromEntries(table.config.games.map((entry) => [entry.game, entry.variants]));
  const chosen = app.pickerChoice && options.includes(app.pickerChoice.game) ? app.pickerChoice : { game: options[0], variants: [] };
  app.pickerChoice = chosen;
  const meta = (name) => app.games[name] || { title: name, variants: [] };
  return h("form", { class: "picker", onsubmit: (event) => {
    event.preventDefault();
    send({ type: "choose", game: chosen.game, variants: chosen.variants });
  } },
  h("p", { class: "prompt" }, "Your deal: call the game."),
  h("div", { class: "choices", role: "radiogroup", "aria-label": "games" }, options.map((name, index) => h("label", { class: "choice" },
    h("input", { type: "radio", name: "game", value: name, checked: name === chosen.game ? true : null,
                 onchange: () => { app.pickerChoice = { game: name, variants: [] }; redraw(); } }),
    h("span", {}, meta(name).title), PICKER_KEYS[index] ? h("kbd", { "aria-hidden": "true" }, PICKER_KEYS[index]) : null))),
  (configured[chosen.game] || []).length ? h("fieldset", { class: "variants" }, h("legend", {}, "Variants"),
    configured[chosen.game].map((name) => variantOf(app.games[chosen.game], name)).map((variant) => h("label", { class: "choice", title: variant.text },
      h("input", { type: "checkbox", value: variant.name, checked: chosen.variants.includes(variant.name) ? true : null, onchange: (event) => {
        chosen.variants = event.target.checked ? [...chosen.variants, variant.name] : chosen.variants.filter((v) => v !== variant.name);
      } }), h("span", {}, variant.label), h("small", {}, variant.text)))) : null,
  h("button", { type: "submit", class: "act primary", "data-primary": "true", disabled: app.busy ? true : null },
    `Deal ${meta(chosen.game).title}`));
}
