"""The search bot: Monte Carlo search over resampled hands, for every game.

It knows no game. At its turn it asks the table for hands as they might be (the seat's
information set deals every card the seat cannot see again, ``state.resample``) and plays on
from them through the engine's contract alone: ``to_act``, ``legal_actions``, ``apply`` and
``outcome``. It searches in one of two ways.

Guided (the default, unless the game's own best bot is ``slow``):
paired playouts that improve on that bot. Each sampled hand is played on after every candidate
action, then by that bot in every seat (or, where it is not ``quick``, such as a solver, by the
quick policy below), with the same random choices for every candidate, so the candidates are
compared on the same cards and the same later play (a paired comparison, far less noisy than
separate samples). The bot's own choice stands unless another candidate beats it by ``EVIDENCE``
standard errors: a one-step improvement of a policy by roll-outs (as Tesauro and Galperin's),
which departs from the policy only on evidence.

Tree (``guided=False``, or where the game's bot is ``slow``, such as Open-Face's Monte Carlo bot):
information-set Monte Carlo tree search. Each playout is one sampled hand: down a tree of the
actions tried so far, choosing by UCB1 among the actions that hand allows (an action's count of
chances is how often it was available, as in Cowling, Powley and Whitehouse's ISMCTS), one new
action added to the tree, then played out to the end by the quick policy (check or call when it
can, so a playout shows down what the hands are worth; otherwise at random), and the result taken
back up the path, each seat's own result to the actions it chose. An action another seat takes in
secret (a discard, a pass, a setting) is known to the tree only by what the seat sees of it (its
kind and how many cards). Results are scaled by the spread seen so far, so one exploration
constant suits chips and points. The action tried most often at the root is played.

Both consider a few amounts of each range of bets (the least, the most and three between) and at
most ``4 * width`` of the ways to discard, pass or set cards, and both weigh the sampled hands by
the bets and raises the other seats made (``_plausible_sample``). The budget is playouts per
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
from collections.abc import Hashable, Sequence
from typing import Any

from homegame.bots import Bot
from homegame.engine import Action, ActionSet, Amounts, Choices, GameState, Subsets
from homegame.engine.actions import amount_action
from homegame.engine.betting import AGGRESSIVE
from homegame.engine.history import Event
from homegame.engine.infoset import InformationSet
from homegame.errors import GameError

__all__ = ["SearchBot"]

PASSIVE = frozenset({"check", "call", "bring-in"})
BLUFF = 0.35
"""How much less likely a bet or raise is from a hand that would lose a showdown than from one that
would win it (see ``SearchBot._plausible_sample``)."""
DEFAULT_PLAYOUTS = 1000
EVIDENCE = 3.0
"""Standard errors by which a candidate must beat the guide's choice to be played instead."""


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
    """Information-set MCTS with a budget of ``playouts`` (or ``seconds``) per decision."""

    name = "search"
    plays_from_a_view = False

    def __init__(self, seed: int | None = None, *, playouts: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, width: int = 24, infer: bool = True, guided: bool = True) -> None:
        super().__init__(seed)
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if (playouts is not None and playouts < 1) or (seconds is not None and seconds <= 0):
            raise GameError("the search bot needs a budget of at least one playout, or some time")
        self.playouts, self.seconds = playouts, seconds
        self.exploration, self.width, self.infer, self.guided = exploration, width, infer, guided
        self.last_playouts = 0
        self._guides: dict[tuple[str, int], list[Bot]] = {}

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
        candidates = self._candidates(legal, width=4 * self.width)
        search: _Search | _Comparison
        guides = self._guides_for(seat) if self.guided else None
        if guides is None or guides[seat.seat].slow:
            search = _Search(self, seat.seat, candidates)
        else:
            guide = guides[seat.seat].act(seat.view, legal)
            search = _Comparison(self, seat.seat, list(dict.fromkeys([guide, *candidates])),
                                 guides if guides[seat.seat].quick else None)
        raisers = _raises_by_others(seat.view.log, seat.seat) if self.infer else {}
        done = 0
        while (self.playouts is None or done < self.playouts) and (
                deadline is None or time.perf_counter() < deadline):
            done += search.playout(self._plausible_sample(seat, raisers), deadline)
        self.last_playouts = done
        return search.best()

    def _guides_for(self, seat: InformationSet) -> list[Bot]:
        """The game's own best bot for every seat (made once for a game and table size)."""
        game = seat.view.game
        key = (game, seat.players)
        if key not in self._guides:
            from homegame.bots import make_bot

            self._guides[key] = [make_bot(game, "best", seed=self.random.getrandbits(32))
                                 for _ in range(seat.players)]
        return self._guides[key]

    def _plausible_sample(self, seat: InformationSet, raisers: dict[int, int]) -> GameState[Any]:
        """A sampled hand, kept in proportion to how well it fits the bets and raises the other
        seats made: a seat that raised ``n`` times keeps a hand it would lose a showdown with
        only ``BLUFF ** n`` of the time (tried a few times, then any sample is taken)."""
        for _ in range(8):
            sample = seat.sample(self.random)
            if not raisers:
                return sample
            check = sample.clone()
            while not check.is_over:
                mover = check.to_act[0]
                legal = check.legal_actions(mover)
                check.apply(mover, _quick_action(legal, self.random))
            outcome = check.outcome
            losers = [count for other, count in raisers.items() if outcome.get(other, 0) <= 0]
            weight = BLUFF ** sum(losers)
            if self.random.random() < weight:
                return sample
        return sample

    def _candidates(self, legal: ActionSet, *, width: int) -> list[Action]:
        """The actions of ``legal`` the search considers: all of a small set; a few amounts of
        each range of bets; ``width`` sampled ways of a large family of card choices."""
        found: list[Action] = []
        for family in legal.families:
            size = len(family)
            if isinstance(family, Amounts):
                found += [amount_action(family.kind, amount) for amount in _spread(family.low, family.high)]
            elif size <= width:
                found += [family.at(index) for index in range(size)]
            else:
                found += [family.at(index) for index in sorted(self.random.sample(range(size), width))]
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
        return _quick_action(state.legal_actions(mover), self.random)

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


class _Comparison:
    """One decision by paired playouts: every candidate is tried on the same sampled hand, the
    hand then played on by the game's own bot in every seat with the same random choices, so two
    candidates' results differ by what the candidates do and not by the luck of the sample. The
    guide's own choice stands unless the best other candidate beats it by more than ``EVIDENCE``
    standard errors of the paired difference: the search departs from its guide only on evidence
    (strong evidence, as the best of many candidates looks better than it is)."""

    def __init__(self, bot: SearchBot, seat: int, candidates: list[Action], guides: list[Bot] | None) -> None:
        self.bot, self.seat, self.guides = bot, seat, guides
        self.candidates = candidates  # the guide's choice first
        self.results: list[list[float]] = [[] for _ in candidates]

    def playout(self, state: GameState[Any], deadline: float | None) -> int:
        """Every candidate played on from ``state``; how many playouts that was (none, and the
        round dropped so that the results stay paired, when ``deadline`` passes first)."""
        seed = self.bot.random.getrandbits(32)
        sign = -1 if state.game.score_is_penalty else 1
        quick = random.Random()
        found: list[float] = []
        for action in self.candidates:
            hand = state.clone()
            hand.apply(self.seat, action)
            quick.seed(seed)
            for guide in self.guides or ():
                guide.random.seed(seed)
            while not hand.is_over:
                if deadline is not None and time.perf_counter() > deadline:
                    return 0
                mover = hand.to_act[0]
                legal = hand.legal_actions(mover)
                hand.apply(mover, _quick_action(legal, quick) if self.guides is None else
                           self.guides[mover].act(hand.view(mover), legal))
            found.append(sign * hand.outcome.get(self.seat, 0))
        for results, result in zip(self.results, found, strict=True):
            results.append(result)
        return len(found)

    def best(self) -> Action:
        guide = self.results[0]
        if len(guide) < 2:
            return self.candidates[0]
        means = [sum(results) / len(results) for results in self.results]
        best = max(range(len(means)), key=means.__getitem__)
        differences = [mine - theirs for mine, theirs in zip(self.results[best], guide, strict=True)]
        mean = sum(differences) / len(differences)
        variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
        evident = mean > EVIDENCE * math.sqrt(variance / len(differences))
        return self.candidates[best] if evident else self.candidates[0]


def _quick_action(legal: ActionSet, rng: random.Random) -> Action:
    """The quick playout policy: check or call (or stand pat) where possible, else at random."""
    return _passive(legal) or legal[rng.randrange(len(legal))]


def _passive(legal: ActionSet) -> Action | None:
    """The check, call or bring-in on offer, if any (a betting decision's cheapest way on), or
    else the choice of no cards from a family that allows none (standing pat)."""
    for family in legal.families:
        if isinstance(family, Choices):
            for action in family.actions:
                if action.kind in PASSIVE:
                    return action
        elif isinstance(family, Subsets) and family.sizes[0] == 0:
            return family.at(0)
    return None


def _raises_by_others(log: Sequence[Event], seat: int) -> dict[int, int]:
    """How many times each other seat bet or raised in the events ``seat`` saw."""
    counts: dict[int, int] = {}
    for event in log:
        if event.kind == "action" and event.seat is not None and event.seat != seat \
                and event.data["action"].get("kind") in AGGRESSIVE:
            counts[event.seat] = counts.get(event.seat, 0) + 1
    return counts


def _spread(low: int, high: int) -> list[int]:
    """The least and the most of a range of amounts and three evenly between."""
    return sorted({low, high, *(low + (high - low) * step // 4 for step in (1, 2, 3))})
