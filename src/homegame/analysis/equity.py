"""Hold'em-style equity: each hand's share of the pot over the boards still to come.

Every hand holds two hole cards and plays the best five of its two and the five board cards,
standard high; with ``hi_lo`` the pot is split with the best ace-to-five low of 8 or better (Crazy
Pineapple Hi-Lo), the high hand scooping when no low qualifies. When the remaining boards number at
most :data:`EXACT_RUNOUTS` every one is dealt out (exact); otherwise, or when ``trials`` is given,
a seeded Monte Carlo sample is drawn and each equity comes with its standard error.

Pineapple hands hold three cards until one is discarded: :func:`discard_equity` shows, for a hand
of three, the equity of each pair it could keep (the discarded card is then out of play) against
the other hands as they are. Which discard is "optimal" depends on what the others keep, so the
choice is shown, not made.

>>> result = equity(["AhKh", "QsQd"], board="Qh Jh 2c 3d")
>>> result.exact, result.runouts
(True, 44)
>>> [round(player.equity, 4) for player in result.players]
[0.2273, 0.7727]
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb, sqrt
from typing import Final

import numpy as np
import numpy.typing as npt

from homegame.analysis.progress import Progress
from homegame.analysis.runouts import CodeArray, every_runout, sample_runouts
from homegame.analysis.showdown import low8_strengths, pot_shares, split_pot_shares
from homegame.cards import Card, format_cards, parse_cards
from homegame.errors import CardError, GameError
from homegame.ranking import batch

__all__ = [
    "DEFAULT_TRIALS", "EXACT_RUNOUTS", "DiscardChoice", "EquityResult", "PlayerEquity",
    "discard_equity", "equity",
]

EXACT_RUNOUTS: Final = 2_000_000
"""Boards up to which equity is exact (heads-up before the flop, 1,712,304 boards, is exact)."""
DEFAULT_TRIALS: Final = 200_000
"""Monte Carlo boards when there are too many to deal them all and no ``trials`` is given."""
MOST_TRIALS: Final = 2_000_000
"""The most Monte Carlo boards asked for at once (each is held in memory while it is dealt)."""
BOARD_SIZE: Final = 5
HOLE_CARDS: Final = 2
_CHUNK: Final = 200_000

CardsLike = str | Iterable[Card | str]


@dataclass(frozen=True)
class PlayerEquity:
    """One hand's results: ``win`` is the share of boards on which it takes the whole pot alone
    (scoops, in hi-lo), ``tie`` the share on which it takes part of it, ``equity`` its expected share
    of the pot, and ``standard_error`` that estimate's standard error (``None`` when exact)."""

    cards: tuple[Card, ...]
    win: float
    tie: float
    equity: float
    standard_error: float | None = None

    def to_json(self) -> dict[str, object]:
        return {"cards": format_cards(self.cards), "win": self.win, "tie": self.tie,
                "equity": self.equity, "standard_error": self.standard_error}


@dataclass(frozen=True)
class EquityResult:
    """Equity of every hand; ``runouts`` boards were dealt out (all of them when ``exact``, else a
    sample drawn from ``seed``). ``low_qualifies`` is the share of boards with a qualifying low
    (hi-lo only)."""

    players: tuple[PlayerEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    runouts: int
    seed: int | None
    hi_lo: bool = False
    low_qualifies: float | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "players": [player.to_json() for player in self.players],
            "board": format_cards(self.board), "dead": format_cards(self.dead),
            "method": "exact" if self.exact else "monte-carlo", "runouts": self.runouts,
            "seed": self.seed, "hi_lo": self.hi_lo, "low_qualifies": self.low_qualifies,
        }


@dataclass(frozen=True)
class DiscardChoice:
    """One way to play a three-card Pineapple hand: the pair ``kept``, the card ``discarded``, and
    the equity of every hand with that choice (the chooser's hand at ``seat``)."""

    kept: tuple[Card, ...]
    discarded: Card
    seat: int
    result: EquityResult

    def to_json(self) -> dict[str, object]:
        return {"kept": format_cards(self.kept), "discarded": str(self.discarded), "seat": self.seat,
                "result": self.result.to_json()}


def equity(hands: Sequence[CardsLike], board: CardsLike = (), dead: CardsLike = (),
           trials: int | None = None, seed: int | None = None, hi_lo: bool = False,
           *, progress: Progress | None = None) -> EquityResult:
    """Each two-card hand's win, tie and equity over the boards still to come (see the module).

    ``dead`` cards are out of play (folded or burned, as far as anyone knows). ``trials`` asks for
    a Monte Carlo estimate of that many boards; ``seed`` makes it reproducible (one is drawn and
    reported when none is given). ``progress(done, total)`` hears how many boards are dealt.
    """
    held = [tuple(parse_cards(hand)) for hand in hands]
    for cards in held:
        if len(cards) != HOLE_CARDS:
            raise CardError(f"each hand holds {HOLE_CARDS} cards, got {format_cards(cards) or 'none'}"
                             + (" (use discard_equity for a three-card Pineapple hand)"
                                if len(cards) == HOLE_CARDS + 1 else ""))
    return _equity(held, tuple(parse_cards(board)), tuple(parse_cards(dead)), trials, seed, hi_lo,
                   progress)


def discard_equity(hands: Sequence[CardsLike], board: CardsLike = (), dead: CardsLike = (),
                   trials: int | None = None, seed: int | None = None, hi_lo: bool = False,
                   *, progress: Progress | None = None) -> tuple[DiscardChoice, ...]:
    """The equity of each of the three discards of the one three-card hand among ``hands``.

    Every choice deals the same boards (one seed for all when sampling), so they compare fairly.

    >>> choices = discard_equity(["AhKhQd", "7c7d"], board="Ac 7s 2h Qh 9h")
    >>> [(format_cards(choice.kept), choice.result.players[0].equity) for choice in choices]
    [('Ah Kh', 1.0), ('Ah Qd', 0.0), ('Kh Qd', 0.0)]
    """
    held = [tuple(parse_cards(hand)) for hand in hands]
    seats = [seat for seat, cards in enumerate(held) if len(cards) == HOLE_CARDS + 1]
    if len(seats) != 1 or any(len(c) not in (HOLE_CARDS, HOLE_CARDS + 1) for c in held):
        raise CardError("discard equity needs exactly one three-card hand, the others two cards each")
    seat = seats[0]
    chosen_seed = _seed(seed)
    choices = []
    for index, kept in enumerate(combinations(held[seat], HOLE_CARDS)):
        discarded = next(c for c in held[seat] if c not in kept)
        trial = [*held[:seat], kept, *held[seat + 1:]]
        result = _equity(trial, tuple(parse_cards(board)), (*parse_cards(dead), discarded),
                         trials, chosen_seed, hi_lo, _part(progress, index, HOLE_CARDS + 1))
        choices.append(DiscardChoice(kept, discarded, seat, result))
    return tuple(choices)


def _part(progress: Progress | None, index: int, parts: int) -> Progress | None:
    """Progress of part ``index`` of ``parts`` equal jobs, reported as progress of the whole."""
    if progress is None:
        return None
    whole = progress
    return lambda done, total: whole(index * total + done, parts * total)


def _equity(held: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...],
            trials: int | None, seed: int | None, hi_lo: bool,
            progress: Progress | None = None) -> EquityResult:
    _check(held, board, dead, trials)
    used = {int(c) for cards in (*held, board, dead) for c in cards}
    remaining = [code for code in range(52) if code not in used]
    missing = BOARD_SIZE - len(board)
    if missing > len(remaining):
        raise CardError(f"only {len(remaining)} cards are left to deal {missing} board cards")
    boards = comb(len(remaining), missing)
    exact = boards == 1 or (trials is None and boards <= EXACT_RUNOUTS)  # a full board needs no sample
    if exact:
        runouts = every_runout(remaining, missing)
        used_seed = None
    else:
        used_seed = _seed(seed)
        runouts = sample_runouts(remaining, missing, trials=trials or DEFAULT_TRIALS, seed=used_seed)
    shares, low_seen = _shares(held, board, runouts, hi_lo, progress)
    count = len(runouts)
    players = tuple(
        PlayerEquity(cards, win=float(np.mean(row == 1.0)), tie=float(np.mean((row > 0) & (row < 1))),
                     equity=float(np.mean(row)),
                     standard_error=None if exact else _standard_error(row))
        for cards, row in zip(held, shares, strict=True)
    )
    return EquityResult(players, board, dead, exact, count, used_seed, hi_lo,
                        low_seen / count if hi_lo else None)


def _check(held: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...],
           trials: int | None) -> None:
    if len(held) < 2:
        raise GameError("equity needs at least two hands")
    if len(board) > BOARD_SIZE:
        raise CardError(f"a board has at most {BOARD_SIZE} cards, got {len(board)}")
    if trials is not None and not 1 <= trials <= MOST_TRIALS:
        raise GameError(f"trials are 1 to {MOST_TRIALS:,} boards, not {trials}")
    seen: set[Card] = set()
    for cards in (*held, board, dead):
        for c in cards:
            if c.is_joker or int(c) >= 52:
                raise CardError(f"{c} is not a card of the standard deck")
            if c in seen:
                raise CardError(f"{c} is dealt twice")
            seen.add(c)


def _seed(seed: int | None) -> int:
    return secrets.randbits(32) if seed is None else seed


def _standard_error(row: npt.NDArray[np.float64]) -> float:
    return float(np.std(row, ddof=1) / sqrt(len(row))) if len(row) > 1 else float("inf")


def _shares(held: list[tuple[Card, ...]], board: tuple[Card, ...], runouts: CodeArray,
            hi_lo: bool, progress: Progress | None) -> tuple[npt.NDArray[np.float64], int]:
    """Each player's pot share on each runout, and how many runouts had a qualifying low."""
    parts = []
    low_seen = 0
    for start in range(0, max(len(runouts), 1), _CHUNK):
        chunk = runouts[start:start + _CHUNK]
        sevens = [_sevens(cards, board, chunk) for cards in held]
        high = np.stack([batch.high_strengths(seven) for seven in sevens])
        if hi_lo:
            low = np.stack([low8_strengths(seven) for seven in sevens])
            low_seen += int(np.count_nonzero(low.max(axis=0)))
            parts.append(split_pot_shares(high, low))
        else:
            parts.append(pot_shares(high))
        if progress is not None:
            progress(start + len(chunk), len(runouts))
    return np.concatenate(parts, axis=1), low_seen


def _sevens(cards: tuple[Card, ...], board: tuple[Card, ...], runouts: CodeArray) -> CodeArray:
    fixed = np.array([*cards, *board], dtype=np.int8)
    return np.concatenate([np.broadcast_to(fixed, (len(runouts), len(fixed))), runouts], axis=1)
