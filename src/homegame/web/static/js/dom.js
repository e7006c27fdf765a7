// Building the page's elements. Text always goes in as text (textContent or text nodes), never as
// markup: nothing a player typed, and nothing the server sent, is ever read as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function put(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") {
      for (const [name, setting] of Object.entries(value)) {
        if (setting === null || setting === undefined) continue;
        if (name.startsWith("--")) node.style.setProperty(name, String(setting));  // a custom property
        else node.style[name] = setting;
      }
    }
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child...). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  put(node, attrs);
  return append(node, children);
}

/** An SVG element, built the same way. */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  put(node, attrs);
  return append(node, children);
}

/** Replace every child of ``node`` with ``children``. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** Fill ``node`` with what ``build()`` makes, unless it holds what was built for ``key`` already: a
 * form being typed in keeps its text and its focus while the table changes around it. */
export function steady(node, key, build) {
  if (node.dataset.built === key) return node;
  fill(node, build());
  node.dataset.built = key;
  return node;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function $$(selector, root = document) {
  return [...root.querySelectorAll(selector)];
}

/** "3 cards", "1 card". */
export function plural(count, word, many = word + "s") {
  return `${count} ${count === 1 ? word : many}`;
}

/** A link to copy: its read-only field (``attrs`` its own), a button that copies it, and a line
 * saying whether it did (else the field is selected, to copy by hand). */
export function linkRow(label, value, buttonLabel, attrs = {}) {
  const field = h("input", { readonly: true, value, "aria-label": label, onfocus: (event) => event.target.select(), ...attrs });
  const status = h("span", { class: "note", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      status.textContent = "Copied.";
    } catch (error) {
      field.select();
      status.textContent = "Select the link and copy it.";
    }
  };
  return h("div", { class: "invite" }, field, h("button", { type: "button", class: "act", onclick: copy }, buttonLabel), status);
}

export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
