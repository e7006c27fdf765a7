// A seat's decision, read from its legal actions (the ActionSet JSON families the room sends):
// which buttons to show, which cards may be picked and what picking them means, the amounts a bet
// may take, the rows a setting fills. The page enables exactly what is legal and nothing else; it
// only ever sends one of the actions the families describe, in the engine's JSON form.

export const BETTING = new Set(["fold", "check", "call", "bet", "raise", "complete", "bring-in"]);

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const rest = [...b];
  for (const card of a) {
    const at = rest.indexOf(card);
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return true;
}

/** A subset family holds ``cards`` (any order) when their number is one of its sizes. */
export function subsetHolds(family, cards) {
  if (!family.sizes.includes(cards.length)) return false;
  const pool = [...family.cards];
  return cards.every((card) => {
    const at = pool.indexOf(card);
    if (at < 0) return false;
    pool.splice(at, 1);
    return true;
  });
}

/** An arrangement family holds ``groups`` when every card is placed and each group's size fits. */
export function arrangementHolds(family, groups) {
  if (groups.length !== family.max.length) return false;
  const sizesFit = groups.every((group, index) => family.min[index] <= group.length && group.length <= family.max[index]);
  return sizesFit && sameCards(groups.flat(), family.cards);
}

export class Decision {
  /** ``legal``: the families; ``seq``: the event the decision is made on. */
  constructor(legal, seq) {
    this.seq = seq;
    this.key = JSON.stringify(legal);
    this.bets = [];
    this.amounts = null;
    this.plain = [];
    this.picks = [];
    this.subsets = [];
    this.arrangement = null;
    for (const family of legal) {
      if (family.choices) this.sortChoices(family.choices);
      else if (family.amounts) this.amounts = family.amounts;
      else if (family.subsets) this.subsets.push(family.subsets);
      else if (family.arrangements && !this.arrangement) this.arrangement = family.arrangements;
    }
    this.slotOf = new Map();
    for (const action of this.picks) action.cards.forEach((card, index) => this.slotOf.set(card, index));
    this.picked = [];
    this.chosen = [];
    this.amount = this.amounts ? this.amounts.min : null;
    if (this.arrangement) this.groups = this.arrangement.max.map(() => []);
    this.holding = null;
  }

  sortChoices(actions) {
    // the same cards with a choice of where they go (Open-Face's rows): one button a place, even
    // when only one place is left
    const sharedCards = actions.every((a) => a.cards && a.cards.length && sameCards(a.cards, actions[0].cards) && a.option);
    for (const action of actions) {
      if (BETTING.has(action.kind)) this.bets.push(action);
      else if (action.cards && action.cards.length && !sharedCards) this.picks.push(action);
      else this.plain.push(action);
    }
  }

  get betting() {
    return this.bets.length > 0 || this.amounts !== null;
  }

  get mode() {
    if (this.arrangement) return "arrange";
    if (this.subsets.length) return "subset";
    if (this.picks.length) return "pick";
    return this.betting ? "bet" : "buttons";
  }

  // -- picking cards (a discard, a card to play, a swap) ----------------------------------------

  /** Whether ``card`` can take part in a legal action now. */
  canPick(card) {
    if (this.subsets.length) return this.subsets.some((family) => family.cards.includes(card));
    if (this.arrangement) return this.arrangement.cards.includes(card);
    return this.slotOf.has(card);
  }

  isPicked(card) {
    if (this.subsets.length) return this.chosen.includes(card);
    if (this.arrangement) return this.holding === card;
    return this.picked.includes(card);
  }

  /** Pick ``card`` or put it back. A pick keeps one card a slot (a swap: one of yours, one of the widow's). */
  toggle(card) {
    if (!this.canPick(card)) return;
    if (this.subsets.length) {
      const at = this.chosen.indexOf(card);
      if (at >= 0) this.chosen.splice(at, 1);
      else this.chosen.push(card);
    } else if (this.arrangement) {
      this.holding = this.holding === card ? null : card;
    } else {
      const slot = this.slotOf.get(card);
      this.picked[slot] = this.picked[slot] === card ? undefined : card;
    }
  }

  clear() {
    this.picked = [];
    this.chosen = [];
    this.holding = null;
  }

  /** The pick actions the cards picked so far make (a card may be thrown away or called with). */
  pickedActions() {
    const picked = this.picked.filter(Boolean);
    return this.picks.filter((action) => action.cards.length === picked.length
                                         && action.cards.every((card, slot) => this.picked[slot] === card));
  }

  /** The subset action the chosen cards make, or null when no family holds them. */
  subsetAction() {
    const family = this.subsets.find((candidate) => subsetHolds(candidate, this.chosen));
    if (!family) return null;
    const action = { kind: family.kind, cards: [...this.chosen] };
    if (family.option) action.option = family.option;
    return action;
  }

  /** The numbers of cards the subset families take ("3", "0 to 3 or 4"), for a prompt. */
  subsetSizes() {
    const sizes = [...new Set(this.subsets.flatMap((family) => family.sizes))].sort((a, b) => a - b);
    return sizes;
  }

  // -- arranging cards into groups (settings, a show) ------------------------------------------

  groupOf(card) {
    return this.groups.findIndex((group) => group.includes(card));
  }

  /** Put ``card`` in group ``index`` (-1: back among the cards not yet placed). */
  place(card, index) {
    if (!this.arrangement || !this.arrangement.cards.includes(card)) return false;
    const from = this.groupOf(card);
    if (index >= 0 && index !== from && this.groups[index].length >= this.arrangement.max[index]) return false;
    if (from >= 0) this.groups[from].splice(this.groups[from].indexOf(card), 1);
    if (index >= 0) this.groups[index].push(card);
    this.holding = null;
    return true;
  }

  unplaced() {
    return this.arrangement.cards.filter((card) => this.groupOf(card) < 0);
  }

  /** Lay out a whole arrangement (a suggestion, the house way). */
  arrange(groups) {
    this.groups = this.arrangement.max.map((_, index) => [...(groups[index] || [])]);
    this.holding = null;
  }

  arrangementAction() {
    if (!this.arrangement || !arrangementHolds(this.arrangement, this.groups)) return null;
    return { kind: this.arrangement.kind, groups: this.groups.map((group) => [...group]) };
  }

  // -- amounts ----------------------------------------------------------------------------------

  setAmount(value) {
    if (!this.amounts) return;
    const number = Math.round(Number(value));
    if (!Number.isFinite(number)) return;
    this.amount = Math.min(this.amounts.max, Math.max(this.amounts.min, number));
  }

  amountAction() {
    return this.amounts ? { kind: this.amounts.kind, amount: this.amount } : null;
  }
}
