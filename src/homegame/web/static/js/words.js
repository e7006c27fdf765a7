// The table's log in words: one plain sentence for each event a seat may see, in the same words as
// the terminal (homegame.cli.narrate), with the players' names for seat numbers and "you" for the
// reader. Sentences are built as marked text (cards and names marked) and turned into page nodes by
// ``textNodes``, which puts every piece in as text: a name a player typed is never read as markup.

import { inlineCard, parseCard } from "./cards.js";
import { capitalize, h, plural } from "./dom.js";

const CARD = "\u0001", CARD_END = "\u0002", NAME = "\u0003", NAME_END = "\u0004";
const NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const STREETS = { flop: "The flop", turn: "The turn", river: "The river" };

/** Cards marked for ``textNodes`` ("Ah Kd", a list, or one card). */
export function cardsText(cards) {
  const list = Array.isArray(cards) ? cards : String(cards).split(/\s+/).filter(Boolean);
  return list.map((code) => CARD + code + CARD_END).join(" ");
}

const CODE_IN_TEXT = /(^|[\s(,;:|])((?:10|1[1-9]|20|[1-9TJQKA])[cdhsp]|Jk)(?=$|[\s),.;:|])/g;

/** An engine sentence written for the terminal ("throw away the 9h") with each card in it marked,
 * so that ``textNodes`` draws it ("throw away the 9♥"); words that only look like a card stay. */
export function withCards(text) {
  return String(text).replace(CODE_IN_TEXT, (whole, before, code) => (parseCard(code) ? before + cardsText([code]) : whole));
}

/** A player's name marked for ``textNodes`` (shown as it was typed, in bold). */
export function nameText(name) {
  return NAME + String(name).replace(/[\u0001-\u0004]/g, "") + NAME_END;
}

/** Marked text as page nodes: cards drawn inline, names in bold, everything as text. */
export function textNodes(marked) {
  const fragment = document.createDocumentFragment();
  const pattern = /\u0001([^\u0002]*)\u0002|\u0003([^\u0004]*)\u0004/g;
  let last = 0;
  for (const match of String(marked).matchAll(pattern)) {
    if (match.index > last) fragment.append(marked.slice(last, match.index));
    if (match[1] !== undefined) fragment.append(parseCard(match[1]) ? inlineCard(match[1]) : match[1]);
    else fragment.append(h("b", { class: "who" }, match[2]));
    last = match.index + match[0].length;
  }
  if (last < marked.length) fragment.append(marked.slice(last));
  return fragment;
}

/** Marked text as plain text (for a title or a test): cards in notation, names as typed. */
export function plainText(marked) {
  return String(marked).replace(/[\u0001-\u0004]/g, "");
}

/** ``who`` and a verb phrase in the third person, agreeing: ("you", "takes it") -> "you take it". */
export function youForm(who, rest) {
  if (who !== "you") return `${who} ${rest}`;
  const space = rest.indexOf(" ");
  let verb = space < 0 ? rest : rest.slice(0, space);
  const tail = space < 0 ? "" : rest.slice(space + 1);
  const mark = verb.match(/[,:;.]*$/)[0];
  verb = verb.slice(0, verb.length - mark.length);
  const irregular = { has: "have", is: "are", was: "were", does: "do", goes: "go" };
  if (irregular[verb]) verb = irregular[verb];
  else if (/(ss|sh|ch|x)es$/.test(verb)) verb = verb.slice(0, -2);
  else if (verb.endsWith("s") && !verb.endsWith("ss")) verb = verb.slice(0, -1);
  return `you ${verb}${mark} ${tail}`.trimEnd();
}

function count(number, thing) {
  const word = number < NUMBERS.length ? NUMBERS[number] : String(number);
  return `${word} ${thing}${number === 1 ? "" : "s"}`;
}

function sentence(text) {
  const trimmed = text.trim();
  const first = trimmed.startsWith(NAME) ? trimmed : trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(plainText(first)) ? first : first + ".";
}

/**
 * The words for one table: ``viewer`` is the reader's seat in the game (null: a spectator) and
 * ``nameOf(seat)`` the display name of a game seat.
 */
export class Words {
  constructor(viewer, nameOf) {
    this.viewer = viewer;
    this.nameOf = nameOf;
  }

  who(seat) {
    if (seat === null || seat === undefined) return "";
    return Number(seat) === this.viewer ? "you" : nameText(this.nameOf(Number(seat)));
  }

  /** ``who`` where room is short (a card's caption in a trick): a bot's name without its "(bot)". */
  shortWho(seat) {
    if (seat === null || seat === undefined || Number(seat) === this.viewer) return this.who(seat);
    return nameText(String(this.nameOf(Number(seat))).replace(/ \(bot\)$/, ""));
  }

  /** One sentence (marked text) telling ``event`` to the reader, or null for one not worth telling. */
  tell(event) {
    const who = this.who(event.seat);
    const teller = TELLERS[event.kind] || plainly;
    let text;
    try {
      text = teller.call(this, event, who);
    } catch (error) {
      text = plainly.call(this, event, who);  // an event shaped as no teller expects still reads
    }
    return text ? sentence(text) : null;
  }

  /** What taking ``action`` is, said to the one taking it: "raise to 12", "stand pat". */
  doing(action) {
    const phrase = actionPhrase(action, true) || placingPhrase(action) || action.kind;
    return youForm("you", phrase).slice(4);
  }

  /** An engine sentence that names seats ("seat 0 wins 7 ...", "Seat 2 to play") with names, and
   * "you" for the reader. */
  seatsAsYou(text) {
    let result = String(text);
    if (this.viewer !== null) {
      // the reader as the subject of a clause ("low half: seat 0 wins 7") takes "you" and its verb
      const subject = new RegExp(`(^|[:;,] +)[Ss]eat ${this.viewer} (\\S+)`, "g");
      result = result.replace(subject, (_, start, verb) => start + youForm("you", verb));
    }
    return result
      .replace(/\(seat (\d+)\)/g, (_, seat) => (Number(seat) === this.viewer ? "(yours)" : `(${nameText(this.nameOf(Number(seat)))})`))
      .replace(/\b[Ss]eat (\d+)('s)?\b/g, (_, seat, owner) => {
        if (Number(seat) === this.viewer) return owner ? "your" : "you";
        return nameText(this.nameOf(Number(seat))) + (owner || "");
      });
  }

  /** An engine line (a result, a reason) in the reader's words, begun with a capital. */
  line(text) {
    return capitalize(this.seatsAsYou(text));
  }

  bySeat(value, say) {
    return Object.entries(value).filter(([seat]) => /^\d+$/.test(seat))
      .map(([seat, item]) => `${this.who(seat)} ${say(item)}`).join(", ");
  }
}

function plainly(event, who) {
  const values = Object.values(event.data || {}).filter((v) => typeof v === "string" || (typeof v === "number"));
  const detail = values.length === 1 && Object.keys(event.data).length === 1 ? `: ${values[0]}` : "";
  return who || detail ? `${who} ${event.kind}${detail}`.trim() : event.kind;
}

function actionPhrase(action, own) {
  const { kind, amount } = action;
  const simple = { fold: "folds", check: "checks", surrender: "surrenders", knock: "knocks", bank: "takes the bank",
                   decline: "declines the bank", take: "takes the widow", muck: "mucks", "no-straddle": "does not straddle" };
  if (simple[kind]) return simple[kind];
  if (kind === "run") return action.option === "twice" ? "agrees to run the board twice" : "wants the board run once";
  if (amount !== undefined && amount !== null) {
    const verbs = { call: "calls", bet: "bets", raise: "raises to", complete: "completes the bet to",
                    "bring-in": "brings it in for" };
    return `${verbs[kind] || kind + "s"} ${amount}`;
  }
  if (kind === "discard") return action.cards && action.cards.length ? `throws away ${cardsText(action.cards)}` : "stands pat";
  if (kind === "draw") return own || action.option !== "stock" ? null : "draws from the stock";
  if ((kind === "call" || kind === "show") && !(action.groups && action.groups.length)) return null;
  return placingPhrase(action);
}

function placingPhrase(action) {
  const { kind } = action;
  const cards = cardsText(action.cards || []);
  if (kind === "pass") return action.cards && action.cards.length ? `passes ${cards}` : "passes";
  if (kind === "play") return `plays ${cards}`;
  if (kind === "place") return `places ${cards} in the ${action.option}`;
  if (kind === "swap" && action.cards && action.cards.length === 2) {
    return `swaps ${cardsText([action.cards[0]])} for ${cardsText([action.cards[1]])} from the widow`;
  }
  if (kind === "declare") return `declares ${String(action.option).replace(/-/g, " ")}`;
  const groups = action.groups || [];
  const rows = groups.map((group) => (group.length ? cardsText(group) : "-")).join(" | ");
  if (kind === "set") return action.option === "house" ? "sets by the house way" : `sets ${rows}`;
  if (kind === "show" && groups.length) return `shows ${cardsText(groups[0])}, keeping one card face down`;
  if (kind === "call") return action.cards && action.cards.length ? `calls, throwing away ${cards}` : "calls";
  const verb = /(ss|sh|ch|x)$/.test(kind) ? kind + "es" : kind + "s";
  return `${verb} ${[action.option, action.amount, cards].filter((x) => x !== undefined && x !== null && x !== "").join(" ")}`.trim();
}

/** A reason as the engine words it ("push, one hand each") as a verb phrase ("pushes, ..."). */
export function thirdPerson(reason) {
  if (reason.startsWith("push")) return "pushes" + reason.slice(4);
  if (reason.startsWith("foul")) return "fouls" + reason.slice(4);
  return reason;
}

function oneCard(phrase) {
  return function (event, who) {
    return youForm(who, phrase.replace("{card}", cardsText([event.data.card])));
  };
}

function fixed(text, verbFirst = false) {
  return function (event, who) {
    const filled = text.replace(/\{(\w+)\}/g, (_, key) => String(event.data[key]));
    return verbFirst ? youForm(who, filled) : filled;
  };
}

function bySeatCards(title) {
  return function (event) {
    return title + this.bySeat(event.data.cards, (cards) => cardsText(cards));
  };
}

const TELLERS = {
  action(event, who) {
    const phrase = actionPhrase(event.data.action, Number(event.seat) === this.viewer);
    return phrase ? youForm(who, phrase) : null;
  },
  deal(event, who) {
    const data = event.data;
    if ("widow" in data) return `${count(Number(data.widow), "card")} are dealt face down as the widow`;
    if (!("cards" in data) || data.to === "house") return null;
    return `${who} ${who === "you" ? "are" : "is"} dealt ${cardsText(data.cards)}`;
  },
  ante(event) {
    const posted = event.data.posted;
    const amounts = new Set(Object.values(posted));
    if (amounts.size === 1) return `everyone antes ${[...amounts][0]}`;
    return "antes: " + this.bySeat(posted, String);
  },
  "bomb pot"(event) {
    const posted = event.data.posted;
    const amounts = new Set(Object.values(posted));
    if (amounts.size === 1) return `a bomb pot: everyone puts in ${[...amounts][0]}`;
    return "a bomb pot: " + this.bySeat(posted, String);
  },
  "small blind"(event, who) { return youForm(who, `posts the ${event.kind} of ${event.data.amount}`); },
  "big blind"(event, who) { return youForm(who, `posts the ${event.kind} of ${event.data.amount}`); },
  drew(event, who) {
    if (Number(event.seat) === this.viewer) return null;
    const drawn = Number(event.data.count);
    return youForm(who, drawn ? `draws ${count(drawn, "card")}` : "stands pat");
  },
  draw(event, who) {
    if ("card" in event.data) return youForm(who, `draws the ${cardsText([event.data.card])} from the stock`);
    return youForm(who, `draws ${cardsText(event.data.cards)}`);
  },
  reveal(event, who) {
    const data = event.data;
    if ("natural" in data) return who === "you" ? null : `${who} declares a natural, ${String(data.natural).replace(/-/g, " ")}`;
    if ("rows" in data) {
      const shown = data.names ? data.names.join(" / ") : data.rows.map((row) => cardsText(row)).join(" | ");
      return youForm(who, `shows ${shown}` + (data.foul ? ", a foul" : ""));
    }
    if ("bank" in data) {
      const banker = data.banker === "house" ? "the house" : this.who(data.banker);
      return `the hands are shown; the bank (${banker}) set ${cardsText(data.bank.two)} | ${cardsText(data.bank.five)}`;
    }
    let text = "hands shown: " + this.bySeat(data.hands, (cards) => cardsText(cards));
    if (data.discards && Object.keys(data.discards).length) {
      text += "; thrown away: " + this.bySeat(data.discards, (cards) => cardsText(cards));
    }
    return text;
  },
  award(event, who) {
    const data = event.data;
    const reason = String(data.reason || "");
    if ("units" in data) {
      return youForm(this.who(data.from), `pays ${who} ${count(Number(data.units), "unit")}: ${this.seatsAsYou(reason)}`);
    }
    if ("result" in data) return youForm(who, thirdPerson(reason));
    if (data.game) return youForm(who, `wins the game with the ${reason}`);
    return reason ? this.seatsAsYou(reason) : youForm(who, "wins");
  },
  takes(event, who) {
    return youForm(who, `takes the trick (${cardsText(event.data.cards)}): ${count(Number(event.data.points), "point")}`);
  },
  score(event, who) {
    const data = event.data;
    if ("royalties" in data) {
      if (data.foul) return `${who}${who === "you" ? "r" : "'s"} rows foul`;
      const total = data.royalties.reduce((a, b) => a + b, 0);
      return total ? youForm(who, `scores royalties of ${total}`) : null;
    }
    const said = Number(data.points) ? `${data.reason}: ${plural(Number(data.points), "point")}` : data.reason;
    return `${who} ${said}, ${data.total} in this game`;
  },
  papayoo(event) {
    return `the die shows ${event.data.suit}: the ${cardsText([event.data.card])} is the Papayoo, worth 40 points`;
  },
  call(event, who) {
    const data = event.data;
    const thrown = data.discarded ? `, throwing away the ${cardsText([data.discarded])}` : "";
    return youForm(who, `calls ${data.combination}: ${cardsText(data.cards)}${thrown}`);
  },
  "bring-in"(event, who) {
    return youForm(who, `has the low card, the ${cardsText([event.data.card])}: the bring-in is ${event.data.amount}`);
  },
  surrender(event) {
    const seats = event.data.seats;
    const verb = seats.length > 1 || seats.includes(this.viewer) ? "surrender" : "surrenders";
    return seats.map((seat) => this.who(seat)).join(", ") + " " + verb;
  },
  bank(event) { return event.data.banker === "house" ? "the house banks" : null; },  // a player's "bank" told its own
  chance() { return null; },
  burn() { return null; },
  outcome() { return null; },
  show(event, who) { return youForm(who, `shows the ${cardsText(event.data.cards)} to draw four`); },
  board(event) {
    const street = event.data.run === 2 ? `the second run's ${event.data.street}` : STREETS[event.data.street] || event.data.street;
    return `${street}: ${cardsText(event.data.cards)}`;
  },
  up: bySeatCards("up cards: "),
  shown: bySeatCards("shown face up: "),
  discarded(event, who) { return Number(event.seat) === this.viewer ? null : youForm(who, "throws away a hole card"); },
  receive(event, who) {
    return youForm(who, `receives ${cardsText(event.data.cards)} from ${this.who(event.data.from)}`);
  },
  passing(event) { return "cards pass: " + this.bySeat(event.data.to, (taker) => `to ${this.who(taker)}`); },
  declarations(event) { return "declared: " + this.bySeat(event.data.sides, String); },
  take: oneCard("takes the {card} from the discard pile"),
  "start pile"(event) { return `the ${cardsText([event.data.card])} starts the discard pile`; },
  widow(event) { return `the widow is face up: ${cardsText(event.data.cards)}`; },
  took(event, who) { return youForm(who, `holds ${cardsText(event.data.cards)} now`); },
  commission: fixed("pays the house {amount}: {reason}", true),
  "limits doubled": fixed("bets double from here: {reason}"),
  wild: fixed("{wild}"),
  rebuild(event) { return `the stock ran out: the discards become a new stock of ${plural(event.data.stock, "card")}`; },
  void: fixed("the deal is void: {reason}"),
  "no contest": fixed("no contest: {reason}"),
  passed: fixed("everyone has passed {count} cards"),
  carry(event) {
    const pot = event.data.pot;
    return `${plural(pot, "chip")} that could not be split ${pot === 1 ? "stays" : "stay"} in the pot for the next hand`;
  },
};
