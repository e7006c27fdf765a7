// A form's fields, each with its label, what it is for, and its own place for an error: a refusal
// (the page's own check, or the room's, which names the field at fault) is shown by the field.

import { $, $$, h } from "./dom.js";

/** A labelled field for ``control`` (which carries ``data-field``, the name the room gives it), with
 * an optional note under it and a place for its error. */
export function field(label, control, note = null) {
  const name = control.dataset.field;
  control.id = control.id || `field-${name}`;
  const noteNode = note ? h("small", { class: "note", id: `note-${name}` }, note) : null;
  const error = h("small", { class: "notice field-error", id: `error-${name}`, role: "alert", hidden: true });
  control.setAttribute("aria-describedby", [noteNode && noteNode.id, error.id].filter(Boolean).join(" "));
  return h("div", { class: "field", "data-for": name }, h("label", { for: control.id }, label), control, noteNode, error);
}

/** Put ``message`` by the field the room calls ``name`` (opening what hides it); false if the form has none. */
export function showError(form, name, message) {
  const box = $(`.field[data-for="${CSS.escape(name)}"]`, form);
  if (!box) return false;
  const error = $(".field-error", box);
  error.textContent = message;
  error.hidden = false;
  const control = $("[data-field]", box);
  control.setAttribute("aria-invalid", "true");
  for (let up = box.parentElement; up; up = up.parentElement) if (up.tagName === "DETAILS") up.open = true;
  control.focus();
  return true;
}

export function clearErrors(form) {
  for (const error of $$(".field-error", form)) {
    error.textContent = "";
    error.hidden = true;
  }
  for (const control of $$("[aria-invalid]", form)) control.removeAttribute("aria-invalid");
}

/** The label a field is shown under. */
export function labelOf(control) {
  return control.labels && control.labels.length ? control.labels[0].textContent : control.name;
}

/** What is wrong with a number typed in ``control`` (by its min, max and step), or null. */
export function numberProblem(control) {
  const { validity, min, max } = control;
  if (validity.badInput || (control.required && control.value.trim() === "")) return "type a number";
  if (validity.rangeUnderflow || validity.rangeOverflow) {
    return max !== "" ? `a number from ${Number(min).toLocaleString("en")} to ${Number(max).toLocaleString("en")}`
                      : `at least ${Number(min).toLocaleString("en")}`;
  }
  if (validity.stepMismatch) return "a whole number";
  return null;
}
