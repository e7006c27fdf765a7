// Cards as the engine writes them ("Qh", "Td", "Jk", Papayoo's "1c" and "17p") read, named and drawn.
// A card is drawn as an SVG of our own: a large index (rank over suit) in the corner, readable on a
// phone even at the size of a table card, and a large suit below. The suit shapes are symbols of
// the page (<svg id="symbols"> in each page), so a card is a few elements, drawn alike everywhere.

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

function suitUse(suit, x, y, size) {
  return s("use", { href: `#suit-${suit}`, x, y, width: size, height: size });
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
    svg.append(s("text", { class: "rank", x: 37, y: 62, "text-anchor": "middle", "font-size": card.joker ? 44 : 64,
                           textLength: wide ? 64 : null, lengthAdjust: wide ? "spacingAndGlyphs" : null },
                 card.joker ? "JKR" : card.label),
               suitUse(card.joker ? "star" : card.suit, 12, 74, 50));
  } else if (card.joker) {
    svg.append(s("text", { class: "rank", x: 8, y: 40, "font-size": 32 }, "JKR"),
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
  if (marks.wild && !card.joker && !compact) {
    svg.append(s("path", { class: "wild-mark", d: "M58 1.5 H88 Q98.5 1.5 98.5 12 V42 Z" }),
               s("text", { class: "wild-letter", x: 87, y: 23, "text-anchor": "middle" }, "W"));
  }
  if (marks.papayoo && !compact) {
    svg.append(s("rect", { class: "papayoo-mark", x: 4, y: 108, width: 36, height: 26, rx: 5 }),
               s("text", { class: "papayoo-letter", x: 22, y: 127, "text-anchor": "middle" }, "40"));
  }
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
