"""The search bot: Monte Carlo search over resampled hands, for every game.

It knows no game. At its turn it asks the table for hands as they might be (the seat's
information set deals every card the seat cannot see again, ``state.resample``) and plays on
from them through the engine's contract alone: ``to_act``, ``legal_actions``, ``apply`` and
``outcome``. It searches in one of two ways.

Guided (the default): paired playouts that improve on the game's own best bot
(:mod:`homegame.bots.paired`). That bot's choice is the first candidate; each sampled hand is
played on after every candidate, then to the end by a quick bot of the game in every seat (the
best bot itself where it is ``quick``; Open-Face's greedy placer for its slow Monte Carlo bot; the
quick policy below where the game has none, as for a solver), with the same random choices for
every candidate. The bot's choice stands unless another beats it on clear evidence.

Tree (``guided=False``): information-set Monte Carlo tree search. Each playout is one sampled
hand: down a tree of the actions tried so far, choosing by UCB1 among the actions that hand allows
(an action's count of chances is how often it was available, as in Cowling, Powley and Whitehouse's
ISMCTS), one new action added to the tree, then played out to the end by the quick policy (check
or call when it can, so a playout shows down what the hands are worth; otherwise at random), and
the result taken back up the path, each seat's own result to the actions it chose. An action
another seat takes in secret (a discard, a pass, a setting) is known to the tree only by what the
seat sees of it (its kind and how many cards). Results are scaled by the spread seen so far, so one
exploration constant suits chips and points. The action tried most often at the root is played.

Both consider a few amounts of each range of bets (the least, the most and three between) and a
sample of the ways to discard, pass or set cards (in the guided search, those one card away from
the guide's choice: one card changed, or moved to another row or swapped between two), and both
draw the sampled hands in proportion to how likely the game's bot was to bet and check as the
other seats did with the cards each sample gives them
(:mod:`homegame.bots.belief`; ``infer=False`` samples uniformly). The budget is playouts per
decision, which repeats exactly for a seed, or seconds per decision.

>>> import homegame
>>> from homegame.bots import ask
>>> state = homegame.new_game("draw", players=3).deal(seed=4)
>>> seat = state.to_act[0]
>>> ask(SearchBot(seed=1, playouts=50), state, seat) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any

from homegame.bots import Bot
from homegame.bots.belief import Belief
from homegame.bots.paired import Comparison, quick_action
from homegame.engine import Action, ActionSet, Amounts, Arrangements, GameState, Subsets
from homegame.engine.actions import amount_action
from homegame.engine.infoset import InformationSet
from homegame.errors import GameError

__all__ = ["SearchBot"]

DEFAULT_PLAYOUTS = 1000
MOST_PLAYOUTS = 1_000_000
MOST_SECONDS = 600.0
"""The largest budgets a decision may have (ten minutes), so that a typing slip ('search:3000s') or
a budget with no end ('search:infs') is refused rather than taken."""


class _Node:
    """Statistics of one action in the tree: how often it was tried and available, and what the
    seat that took it won on average (scaled later)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class SearchBot(Bot):
    """Search from hands as they might be, with a budget of ``playouts`` (or ``seconds``) per
    decision: paired playouts from the game's bot's choice, or a tree (``guided=False``). A budget
    in seconds always plays at least one round of playouts, so that a busy machine slows the
    bot's choice rather than leaving it uninformed."""

    name = "search"
    plays_from_a_view = False

    def __init__(self, seed: int | None = None, *, playouts: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, width: int = 24, infer: bool = True, guided: bool = True) -> None:
        super().__init__(seed)
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if (playouts is not None and not 1 <= playouts <= MOST_PLAYOUTS) or (
                seconds is not None and not 0 < seconds <= MOST_SECONDS):
            raise GameError(f"the search bot's budget is 1 to {MOST_PLAYOUTS:,} playouts or up to "
                            f"{MOST_SECONDS:g} seconds a decision")
        self.playouts, self.seconds = playouts, seconds
        self.exploration, self.width, self.infer, self.guided = exploration, width, infer, guided
        self.last_playouts = 0
        self._guides: dict[tuple[str, int], tuple[Bot, list[Bot] | None]] = {}

    @classmethod
    def with_budget(cls, budget: str, seed: int | None = None) -> SearchBot:
        """The bot ``make_bot`` names ``search:BUDGET``: ``800`` playouts or ``0.5s`` per decision
        (no budget: the default of 1,000 playouts).

        >>> SearchBot.with_budget("250").playouts, SearchBot.with_budget("1.5s").seconds
        (250, 1.5)
        """
        text = budget.strip().lower()
        try:
            if not text:
                return cls(seed)
            if text.endswith("s"):
                return cls(seed, seconds=float(text[:-1]))
            return cls(seed, playouts=int(text))
        except ValueError:
            raise GameError(f"a search budget is playouts ('search:800') or seconds ('search:1s'), "
                            f"not {budget!r}") from None

    def act(self, view: Any, legal: ActionSet) -> Action:
        raise GameError("the search bot plays on from hands as they might be, which a view alone "
                        "cannot give: ask it with homegame.bots.ask(bot, state, seat)")

    def decide(self, seat: InformationSet) -> Action:
        legal = seat.legal
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        guide, players = self._guides_for(seat)
        search: _Search | Comparison
        if self.guided:
            choice = guide.act(seat.view, legal)
            search = Comparison(seat.seat, self._candidates(legal, width=4 * self.width, near=choice),
                                players, self.random)
        else:
            search = _Search(self, seat.seat, self._candidates(legal, width=4 * self.width))
        belief = Belief(seat, guide if self.infer else None, self.random)
        done = search.playout(belief.sample(), None)  # the first round whatever the deadline
        while (self.playouts is None or done < self.playouts) and (
                deadline is None or time.perf_counter() < deadline):
            done += search.playout(belief.sample(), deadline)
        self.last_playouts = done
        return search.best()

    def _guides_for(self, seat: InformationSet) -> tuple[Bot, list[Bot] | None]:
        """The game's own best bot, whose choice the search starts from, and the bots that play
        the playouts, one per seat: the best bot if it is ``quick``, else the game's first quick
        bot, else none (the quick policy). Made once for a game and table size; a game outside
        the registry has no bots of its own, and is guided by the random bot."""
        from homegame.bots import RandomBot, bot_names, make_bot

        game = seat.view.game
        key = (game, seat.players)
        if key not in self._guides:
            try:
                names = bot_names(game)[:-2]
            except GameError:
                names = []
            best = make_bot(game, names[0], seed=self.random.getrandbits(32)) if names else \
                RandomBot(seed=self.random.getrandbits(32))
            quick = next((name for name in names if make_bot(game, name).quick), None)
            players = None if quick is None else \
                [make_bot(game, quick, seed=self.random.getrandbits(32)) for _ in range(seat.players)]
            self._guides[key] = (best, players)
        return self._guides[key]

    def _candidates(self, legal: ActionSet, *, width: int, near: Action | None = None) -> list[Action]:
        """The actions of ``legal`` the search considers (``near`` first, if given): a few amounts
        of each range of bets; all of a family of at most ``width`` card choices; of a larger one,
        ``width`` at random, or with ``near`` only ``self.width`` (the guided search gives each
        candidate a playout every round), one card away from ``near`` where they can be (one card
        changed, or moved to another group or swapped between two: a good choice's neighbours are
        likelier to improve on it than choices at random)."""
        found: list[Action] = [] if near is None else [near]
        for family in legal.families:
            size = len(family)
            if isinstance(family, Amounts):
                found += [amount_action(family.kind, amount) for amount in _spread(family.low, family.high)]
            elif size <= width:
                found += [family.at(index) for index in range(size)]
            elif near is not None and isinstance(family, Subsets) and near in family:
                found += _neighbours(near, family, self.width, self.random)
            elif near is not None and isinstance(family, Arrangements) and near in family:
                found += _rearrangements(near, family, self.width, self.random)
            else:
                count = width if near is None else self.width
                found += [family.at(index) for index in sorted(self.random.sample(range(size), count))]
        return list(dict.fromkeys(found))


class _Search:
    """One decision's tree, grown by :meth:`playout` on one sampled hand at a time."""

    def __init__(self, bot: SearchBot, seat: int, root_actions: list[Action]) -> None:
        self.bot, self.seat, self.random = bot, seat, bot.random
        self.root = _Node()
        self.root_actions: dict[Hashable, Action] = {action: action for action in root_actions}
        self.low = math.inf
        self.high = -math.inf

    def playout(self, state: GameState[Any], deadline: float | None) -> int:
        """One playout on ``state`` (a sampled hand); how many it was (one). A playout is short
        enough to finish past ``deadline``."""
        path: list[tuple[_Node, int]] = []
        node = self.root
        while not state.is_over:
            mover = self.seat if node is self.root else state.to_act[0]
            options = self.root_actions if node is self.root else self._options(state, mover)
            key, expanded = self._choose(node, options)
            state.apply(mover, options[key])
            node = node.children[key]
            path.append((node, mover))
            if expanded:
                break
        self._roll_out(state)
        self._back_up(path, state)
        return 1

    def _choose(self, node: _Node, options: dict[Hashable, Action]) -> tuple[Hashable, bool]:
        """The option to follow from ``node`` and whether it is new to the tree: an untried one at
        random if any (added to the tree), else the best by UCB1. Every option on offer counts one
        more chance for its child."""
        children = node.children
        untried: list[Hashable] = []
        tried: list[tuple[Hashable, _Node]] = []
        for key in options:
            child = children.get(key)
            if child is None:
                untried.append(key)
            else:
                child.available += 1
                tried.append((key, child))
        if untried:
            key = untried[self.random.randrange(len(untried))]
            child = children[key] = _Node()
            child.available = 1
            return key, True
        spread = self.high - self.low if self.high > self.low else 1.0
        low, explore = self.low, self.bot.exploration
        best, best_score = tried[0][0], -math.inf
        for key, child in tried:
            score = (child.total / child.visits - low) / spread + \
                explore * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = key, score
        return best, False

    def _options(self, state: GameState[Any], mover: int) -> dict[Hashable, Action]:
        """The actions open to ``mover`` in this hand, by what the searching seat would see of
        them: a secret action of another seat is known by its kind and size only."""
        options: dict[Hashable, Action] = {}
        for action in self.bot._candidates(state.legal_actions(mover), width=self.bot.width):
            private = state.action_private_to(mover, action) if mover != self.seat else None
            key: Hashable = action if private is None or self.seat in private else \
                (action.kind, len(action.cards), tuple(map(len, action.groups)))
            options.setdefault(key, action)
        return options

    def _roll_out(self, state: GameState[Any]) -> None:
        while not state.is_over:
            mover = state.to_act[0]
            state.apply(mover, self._policy(state, mover))

    def _policy(self, state: GameState[Any], mover: int) -> Action:
        return quick_action(state.legal_actions(mover), self.random)

    def _back_up(self, path: list[tuple[_Node, int]], state: GameState[Any]) -> None:
        outcome = state.outcome
        sign = -1 if state.game.score_is_penalty else 1
        for node, mover in path:
            reward = sign * outcome.get(mover, 0)
            node.visits += 1
            node.total += reward
            self.low, self.high = min(self.low, reward), max(self.high, reward)

    def best(self) -> Action:
        """The root action tried most often (the better average breaks ties)."""
        def rank(key: Hashable) -> tuple[int, float]:
            child = self.root.children.get(key)
            return (child.visits, child.total / child.visits) if child and child.visits else (0, -math.inf)
        return self.root_actions[max(self.root_actions, key=rank)]


def _spread(low: int, high: int) -> list[int]:
    """The least and the most of a range of amounts and three evenly between."""
    return sorted({low, high, *(low + (high - low) * step // 4 for step in (1, 2, 3))})


def _rearrangements(choice: Action, family: Arrangements, width: int, rng: random.Random) -> list[Action]:
    """Up to ``width`` of the arrangements of ``family`` that move one card of ``choice`` to
    another group or swap two cards of different groups."""
    groups = [list(group) for group in choice.groups]
    moves = [(source, index, target) for source, group in enumerate(groups) for index in range(len(group))
             for target in range(len(groups)) if target != source]
    swaps = [((one, i), (two, j)) for one in range(len(groups)) for two in range(one + 1, len(groups))
             for i in range(len(groups[one])) for j in range(len(groups[two]))]
    found = []
    for source, index, target in moves:
        moved = [list(group) for group in groups]
        moved[target].append(moved[source].pop(index))
        found.append(Action(family.kind, groups=tuple(map(tuple, moved))))
    for (one, i), (two, j) in swaps:
        swapped = [list(group) for group in groups]
        swapped[one][i], swapped[two][j] = groups[two][j], groups[one][i]
        found.append(Action(family.kind, groups=tuple(map(tuple, swapped))))
    found = [action for action in found if action in family]
    return rng.sample(found, min(width, len(found)))


def _neighbours(choice: Action, family: Subsets, width: int, rng: random.Random) -> list[Action]:
    """Up to ``width`` of the choices of ``family`` that swap one card of ``choice`` for another."""
    chosen = set(choice.cards)
    swaps = [(out, into) for out in choice.cards for into in family.cards if into not in chosen]
    found = []
    for out, into in rng.sample(swaps, min(width, len(swaps))):
        cards = (chosen - {out}) | {into}
        found.append(Action(family.kind, cards=tuple(c for c in family.cards if c in cards),
                            option=family.option))
    return found
