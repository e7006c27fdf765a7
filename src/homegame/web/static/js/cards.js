// Cards as the engine writes them ("Qh", "Td", "Jk", Papayoo's "1c" and "17p") read, named and drawn.
// A card is drawn as an SVG of our own: a large index (rank over suit) in the corner, readable on a
// phone even at the size of a table card, and a large suit below. The suit shapes are symbols this
// module puts in the page once (<svg id="symbols">), so a card is a few elements, drawn alike everywhere.

import { h, s } from "./dom.js";

const RANK_NAMES = {
  "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
  "8": "eight", "9": "nine", "10": "ten", "11": "eleven", "12": "twelve", "13": "thirteen",
  "14": "fourteen", "15": "fifteen", "16": "sixteen", "17": "seventeen", "18": "eighteen",
  "19": "nineteen", "20": "twenty", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const RANK_PLURALS = { six: "sixes" };
export const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades", p: "Payoo" };
const NOTATION = /^(?:(Jk)|(10|1[1-9]|20|[1-9TJQKA])([cdhsp]))$/;

/** The card ``text`` names: {code, rank, suit, label, name, joker}; null if it is not a card. */
export function parseCard(text) {
  const match = NOTATION.exec(String(text));
  if (!match) return null;
  if (match[1]) return { code: "Jk", rank: "Jk", suit: null, label: "Jk", name: "joker", joker: true };
  const suit = match[3];
  // a ten is "T" in the four suits, "10" among Papayoo's twenty Payoo cards
  if (suit !== "p" && /^(1[1-9]|20)$/.test(match[2])) return null;
  if (suit === "p" && match[2] === "T") return null;
  const rank = suit !== "p" && match[2] === "10" ? "T" : match[2];
  const label = rank === "T" ? "10" : rank;
  // a card shown as a number is named by it ("4 of diamonds", read "four of diamonds"), so that its
  // name holds what is shown on it; a court card or an ace by its name ("queen of hearts")
  const named = /^[0-9]+$/.test(label) ? label : RANK_NAMES[rank];
  return { code: rank + suit, rank, suit, label, name: `${named} of ${SUIT_NAMES[suit]}`, joker: false };
}

/** "ten", "queens": a rank's name. */
export function rankName(rank, plural = false) {
  const name = RANK_NAMES[rank] || String(rank);
  return plural ? RANK_PLURALS[name] || name + "s" : name;
}

/** The name a screen reader says for a card, with its marks: "two of spades, wild". */
export function cardName(code, marks = {}) {
  const card = parseCard(code);
  if (!card) return String(code);
  return [card.name, marks.wild && !card.joker ? "wild" : "", marks.papayoo ? "the Papayoo, worth 40" : ""]
    .filter(Boolean).join(", ");
}

// The shapes every card uses, put in the page once: the suits, the joker's star, a back's pattern, and the
// wild and Papayoo marks. A mark is a badge ("W", "40") standing for a word the card's name says in
// full ("wild", "worth 40"), so it is drawn from here rather than as text of each card.
const SYMBOLS = `<svg xmlns="http://www.w3.org/2000/svg" id="symbols" aria-hidden="true" focusable="false"
  width="0" height="0"><defs>
  <symbol id="suit-h" viewBox="0 0 100 100"><path fill="currentColor" d="M50 91C22 69 4 53 4 31 4 15 16 5 29 5c10 0 17 6 21 15 4-9 11-15 21-15 13 0 25 10 25 26 0 22-18 38-46 60z"/></symbol>
  <symbol id="suit-d" viewBox="0 0 100 100"><path fill="currentColor" d="M50 3 88 50 50 97 12 50z"/></symbol>
  <symbol id="suit-s" viewBox="0 0 100 100"><path fill="currentColor" d="M50 4c12 18 44 34 44 56 0 15-11 24-23 24-8 0-14-4-18-10 1 10 5 17 13 22H34c8-5 12-12 13-22-4 6-10 10-18 10C17 84 6 75 6 60 6 38 38 22 50 4z"/></symbol>
  <symbol id="suit-c" viewBox="0 0 100 100"><g fill="currentColor"><circle cx="50" cy="27" r="21"/><circle cx="27" cy="58" r="21"/><circle cx="73" cy="58" r="21"/><circle cx="50" cy="50" r="12"/><path d="M46 55 40 97h20l-6-42z"/></g></symbol>
  <symbol id="suit-p" viewBox="0 0 100 100"><path fill="currentColor" d="M50 2 57.3 32.4 83.9 16.1 67.6 42.7 98 50 67.6 57.3 83.9 83.9 57.3 67.6 50 98 42.7 67.6 16.1 83.9 32.4 57.3 2 50 32.4 42.7 16.1 16.1 42.7 32.4z"/></symbol>
  <symbol id="suit-star" viewBox="0 0 100 100"><path fill="currentColor" d="M50 2 61.8 33.8 95.7 35.2 69 56.2 78.2 88.8 50 70 21.8 88.8 31 56.2 4.3 35.2 38.2 33.8z"/></symbol>
  <pattern id="back-pattern" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <rect width="12" height="12" fill="#1f4e8c"/><path d="M0 0h12M0 0v12" stroke="#6f9bd6" stroke-width="2.5"/>
  </pattern>
  <symbol id="mark-wild" viewBox="0 0 100 140"><path fill="#ffcf4a" d="M58 1.5 H88 Q98.5 1.5 98.5 12 V42 Z"/><text x="87" y="23" text-anchor="middle" fill="#231a00" font-weight="800" font-size="20" font-family="system-ui, sans-serif">W</text></symbol>
  <symbol id="mark-papayoo" viewBox="0 0 100 140"><rect x="4" y="108" width="36" height="26" rx="5" fill="#ffd6f4" stroke="#6d2ea3" stroke-width="2"/><text x="22" y="127" text-anchor="middle" fill="#231a00" font-weight="800" font-size="20" font-family="system-ui, sans-serif">40</text></symbol>
</defs></svg>`;

function installSymbols() {
  if (document.getElementById("symbols")) return;
  const parsed = new DOMParser().parseFromString(SYMBOLS, "image/svg+xml");  // our own constant above
  document.body.prepend(document.importNode(parsed.documentElement, true));
}

installSymbols();  // a module runs once the page is parsed: once per page, not at every card drawn

function suitUse(suit, x, y, size) {
  return s("use", { href: `#suit-${suit}`, x, y, width: size, height: size });
}

function markUse(mark) {
  return s("use", { href: `#mark-${mark}`, x: 0, y: 0, width: 100, height: 140 });
}

/** The SVG of a card's face (or its back when ``code`` is null). */
export function cardSvg(code, marks = {}, compact = false) {
  const svg = s("svg", { viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" });
  const card = code ? parseCard(code) : null;
  if (!card) {
    svg.append(s("rect", { class: "back", x: 1.5, y: 1.5, width: 97, height: 137, rx: 10 }),
               s("rect", { class: "back-inner", x: 9, y: 9, width: 82, height: 122, rx: 6 }));
    return svg;
  }
  svg.append(s("rect", { class: "face", x: 1.5, y: 1.5, width: 97, height: 137, rx: 10 }));
  if (compact) {
    // A small card is all index: the rank and the suit as large as the card allows, in its left
    // two thirds, so that a card laid over its right edge (a fan at a seat) never hides a "10".
    const wide = card.label.length > 1 || card.joker;
    svg.append(s("text", { class: "rank", x: 37, y: 62, "text-anchor": "middle", "font-size": card.joker ? 46 : 64,
                           textLength: wide ? 64 : null, lengthAdjust: wide ? "spacingAndGlyphs" : null },
                 card.joker ? "JOKER" : card.label),
               suitUse(card.joker ? "star" : card.suit, 12, 74, 50));
  } else if (card.joker) {
    // the word itself, as a real joker prints it: what a card shows is part of its spoken name
    svg.append(s("text", { class: "rank", x: 8, y: 38, "font-size": 30, textLength: 84, lengthAdjust: "spacingAndGlyphs" },
                 "JOKER"),
               suitUse("star", 36, 70, 58));
  } else {
    const wide = card.label.length > 1;
    if ("JQK".includes(card.rank)) svg.append(s("rect", { class: "court", x: 38, y: 68, width: 58, height: 66, rx: 7 }));
    svg.append(s("text", { class: "rank", x: 7, y: 44, "font-size": wide ? 40 : 46,
                           textLength: wide ? 48 : null, lengthAdjust: wide ? "spacingAndGlyphs" : null },
                 card.label),
               suitUse(card.suit, 8, 52, 30),
               suitUse(card.suit, 42, 76, 52));
  }
  if (marks.wild && !card.joker && !compact) svg.append(markUse("wild"));
  if (marks.papayoo && !compact) svg.append(markUse("papayoo"));
  return svg;
}

function suitClass(card) {
  return card ? (card.joker ? "joker" : `suit-${card.suit}`) : "";
}

/**
 * A card as a page element. ``options``: ``marks`` (wild, papayoo), ``size`` (a class: "mini",
 * "table", "hand"), and for a card the player may pick, ``button: true`` with ``pressed`` and
 * ``disabled``. Every card has its accessible name ("queen of hearts") and its code in data-card.
 */
export function cardElement(code, options = {}) {
  const card = code ? parseCard(code) : null;
  const marks = options.marks || {};
  const classes = ["card", options.size || "table", card ? suitClass(card) : "back",
                   marks.wild ? "wild" : "", marks.papayoo ? "papayoo" : "", options.extra || ""];
  const label = card ? cardName(code, marks) : "a card face down";
  const attrs = { class: classes.filter(Boolean).join(" "), "aria-label": label, title: options.button ? null : label };
  if (card) attrs["data-card"] = card.code;
  let node;
  if (options.button) {
    node = h("button", { ...attrs, type: "button", "aria-pressed": options.pressed ? "true" : "false",
                         disabled: options.disabled ? true : null });
  } else {
    node = h("span", { ...attrs, role: "img" });
  }
  node.append(cardSvg(card ? card.code : null, marks, options.size === "mini"));
  return node;
}

/** A row of cards (each a ``cardElement``), or of ``count`` backs when ``codes`` is a number. */
export function cardRow(codes, options = {}) {
  const list = typeof codes === "number" ? Array(codes).fill(null) : codes;
  return h("span", { class: `cards ${options.rowClass || ""}`.trim() },
           list.map((code) => cardElement(code, { ...options, marks: options.markOf ? options.markOf(code) : options.marks })));
}

/** Several cards face down as one picture: "5 cards face down". */
export function backs(count, size = "mini") {
  const shown = Math.min(count, 5);
  const width = 100 + (shown - 1) * 22;
  const svg = s("svg", { viewBox: `0 0 ${width} 140`, "aria-hidden": "true", focusable: "false" });
  for (let index = 0; index < shown; index += 1) {
    svg.append(s("g", { transform: `translate(${index * 22} 0)` },
                 s("rect", { class: "back", x: 1.5, y: 1.5, width: 97, height: 137, rx: 10 }),
                 s("rect", { class: "back-inner", x: 9, y: 9, width: 82, height: 122, rx: 6 })));
  }
  return h("span", { class: `card-backs ${size}`, role: "img", style: { "--shown": shown },
                     "aria-label": count === 1 ? "a card face down" : `${count} cards face down` },
           svg, count > shown ? h("span", { class: "count" }, `×${count}`) : null);
}

/** A card in running text ("Q♥"), with its name for screen readers. */
export function inlineCard(code) {
  const card = parseCard(code);
  if (!card) return document.createTextNode(String(code));
  return h("span", { class: `inline-card ${suitClass(card)}`, role: "img", "aria-label": card.name, "data-card": card.code },
           card.joker ? "Jk" : card.label,
           card.joker ? null : s("svg", { class: "pip", viewBox: "0 0 100 100", "aria-hidden": "true" },
                                 s("use", { href: `#suit-${card.suit}` })));
}
