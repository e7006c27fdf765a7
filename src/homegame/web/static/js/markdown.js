// A small, safe Markdown renderer for the rules pages: headings, paragraphs, lists (nested by
// indentation), tables, code and block quotes, with **strong**, *emphasis* and `code` inside.
// Every piece of text goes into the page as a text node, so nothing in the source is ever read as
// markup: "<script>" in a rules page shows as those characters.

import { h } from "./dom.js";

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|\b_([^_\s][^_]*)_\b|\[([^\]]+)\]\(([^)\s]+)\)/g;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

/** Inline text with its emphasis and code, as nodes. */
export function inline(text) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const [, code, strong, strong2, em, em2, linkText, linkUrl] = match;
    if (code !== undefined) nodes.push(h("code", {}, code));
    else if (strong !== undefined || strong2 !== undefined) nodes.push(h("strong", {}, ...inline(strong ?? strong2)));
    else if (em !== undefined || em2 !== undefined) nodes.push(h("em", {}, ...inline(em ?? em2)));
    else if (/^https?:\/\//.test(linkUrl)) nodes.push(h("a", { href: linkUrl, rel: "noopener noreferrer", target: "_blank" }, linkText));
    else nodes.push(linkText);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function tableRow(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
}

function renderTable(lines) {
  const [head, , ...body] = lines;
  return h("div", { class: "table-scroll" },
           h("table", {},
             h("thead", {}, h("tr", {}, tableRow(head).map((cell) => h("th", {}, ...inline(cell))))),
             h("tbody", {}, body.map((line) => h("tr", {}, tableRow(line).map((cell) => h("td", {}, ...inline(cell))))))));
}

function renderList(lines) {
  const root = { children: [], indent: -1 };
  const stack = [root];
  let item = null;
  for (const line of lines) {
    const match = LIST_ITEM.exec(line);
    if (!match) {
      if (item) item.text += " " + line.trim();
      continue;
    }
    const indent = match[1].length;
    while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    const ordered = /\d/.test(match[2]);
    item = { text: match[3], ordered, indent, children: [] };
    parent.children.push(item);
    stack.push(item);
  }
  return listNode(root.children);
}

function listNode(items) {
  const groups = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.ordered === item.ordered) last.items.push(item);
    else groups.push({ ordered: item.ordered, items: [item] });
  }
  return groups.map((group) => h(group.ordered ? "ol" : "ul", {},
    group.items.map((item) => h("li", {}, ...inline(item.text), item.children.length ? listNode(item.children) : null))));
}

/** The Markdown ``source`` as a fragment of page nodes. */
export function renderMarkdown(source) {
  const fragment = document.createDocumentFragment();
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  let index = 0;
  const take = (test) => {
    const block = [];
    while (index < lines.length && test(lines[index])) block.push(lines[index++]);
    return block;
  };
  while (index < lines.length) {
    const line = lines[index];
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!line.trim()) {
      index += 1;
    } else if (heading) {
      index += 1;
      fragment.append(h(`h${Math.min(6, heading[1].length + 1)}`, {}, ...inline(heading[2])));
    } else if (line.startsWith("```")) {
      index += 1;
      const code = take((next) => !next.startsWith("```"));
      index += 1;
      fragment.append(h("pre", {}, h("code", {}, code.join("\n"))));
    } else if (line.trim().startsWith("|")) {
      fragment.append(renderTable(take((next) => next.trim().startsWith("|"))));
    } else if (LIST_ITEM.test(line)) {
      fragment.append(...renderList(take((next) => next.trim() !== "" && (LIST_ITEM.test(next) || /^\s+\S/.test(next)))));
    } else if (line.startsWith(">")) {
      const quote = take((next) => next.startsWith(">")).map((next) => next.replace(/^>\s?/, ""));
      fragment.append(h("blockquote", {}, renderMarkdown(quote.join("\n"))));
    } else {
      const paragraph = take((next) => next.trim() && !/^#{1,6}\s/.test(next) && !LIST_ITEM.test(next)
                                       && !next.trim().startsWith("|") && !next.startsWith("```") && !next.startsWith(">"));
      fragment.append(h("p", {}, ...inline(paragraph.map((text) => text.trim()).join(" "))));
    }
  }
  return fragment;
}
