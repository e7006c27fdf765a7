"""What a learning agent sees and does: a fixed-shape observation and a fixed set of action indices.

Every game has an :class:`Encoding` (one module per game in this package). It turns a seat's
view, and nothing else, into a flat ``float32`` array made of named blocks (:class:`Layout`), and it
numbers every action the game can offer with an index of a fixed range made of named
:class:`Segment` s. An index is read against the seat's view and its legal actions: ``discard`` by
hand position, a bet by a documented size, a thirteen-card setting by its rank among all settings.
The same encoding serves the PettingZoo environments and the OpenSpiel games, so an index means the
same move in both.

Seats in an observation are relative: block row 0 is the observing seat itself, row 1 the next
seat clockwise (to its left), and so on. Cards are counted over the game's distinct cards in deck
order (:class:`CardVocabulary`), so two jokers count 2. The observation's parts are in
:mod:`homegame.agents.features`, the action indices' in :mod:`homegame.agents.indices`.

Two options change what a learner sees, the same in every game (``encoding_for(game, ...)``):
``scale_chips`` gives chip counts as fractions of the table's starting stack rather than raw
counts, and ``canonical`` lists a seat's own cards high to low (as Chinese Poker's view does)
rather than in the order dealt, so that the same cards are always the same observation, and an
index naming cards by position (a discard, a pass, a setting) names the same cards whatever order
they were dealt in.

>>> import homegame
>>> from homegame.agents import encoding_for
>>> game = homegame.new_game("pineapple", players=3)
>>> encoding = encoding_for(game)
>>> state = game.deal(seed=1, dealer=0)
>>> seat = state.to_act[0]
>>> view, legal = state.view(seat), state.legal_actions(seat)
>>> [encoding.decode(view, legal, index) for index in encoding.legal_indices(view, legal)]
[fold, call 2, raise 4]
>>> encoding.observe(view).shape == (encoding.layout.size,)
True
"""


from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar

import numpy as np

from homegame.agents.features import CardVocabulary, Features, Layout, Mask, Observation
from homegame.agents.indices import (
    IllegalIndex,
    Legal,
    Segment,
    is_index,
    legal_marks,
    positions_of,
    rank_combination,
    unrank_combination,
)
from homegame.cards import Card
from homegame.engine import Action, ActionSet, Family, Game, GameState, View

__all__ = [
    "CardVocabulary", "Encoding", "Features", "IllegalIndex", "Layout", "Legal", "Mask", "Observation",
    "Segment", "is_index", "positions_of", "rank_combination", "unrank_combination",
]

V = TypeVar("V", bound=View)


class Encoding(ABC, Generic[V]):
    """The observation and the action indices of one configured game (see the module's docstring).

    A game's encoding sets ``phases`` and builds its blocks and segments in :meth:`build`, then
    fills observations in :meth:`features`.
    """

    game_names: ClassVar[tuple[str, ...]] = ()
    phases: ClassVar[tuple[str, ...]] = ()
    die_faces: ClassVar[int | None] = None
    """The faces of the die the game rolls during a hand, if it rolls one (for OpenSpiel's chance)."""
    utility: ClassVar[str] = "zero-sum"
    """How the seats' results add up: ``zero-sum``, ``constant-sum`` or ``general-sum`` (a house,
    a bank or a carried pot takes part)."""

    def __init__(self, game: Game, *, scale_chips: bool = False, canonical: bool = False) -> None:
        self.game = game
        self.players = game.player_count
        stack = game.stack_each
        self.chip_scale = 1.0 / stack if scale_chips and stack else 1.0
        """What a chip count is multiplied by in an observation (see the module's docstring)."""
        self.canonical = canonical
        self.options = {"scale_chips": scale_chips, "canonical": canonical}
        self.vocabulary = CardVocabulary(game.deck)
        self._counts = len(self.vocabulary) != len(game.deck)
        self.layout = Layout()
        self.segments: list[Segment] = []
        self._by_kind: dict[str, list[Segment]] = {}
        self.build()
        self._phase_number = {phase: number for number, phase in enumerate(self.phases)}
        self._zeros = np.zeros(self.layout.size, np.float32)
        self._zero_data: Any = self._zeros.data
        self._positions: tuple[object, ...] = tuple(range(self.layout.size))
        self.actions = sum(segment.size for segment in self.segments)
        self._no_actions = np.zeros(self.actions, np.int8)
        self._legal_sets: dict[tuple[tuple[int, Sequence[int]], ...], Legal] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its game and options, and built again: what it holds
        besides is worked out from them (and memoryviews and the readers it made do not pickle)."""
        return _rebuild, (type(self), self.game, self.options)

    # -- building ------------------------------------------------------------------------------

    @abstractmethod
    def build(self) -> None:
        """Add the observation's blocks and the action segments."""

    def block(self, name: str, shape: tuple[int, ...], meaning: str) -> int:
        return self.layout.add(name, shape, meaning)

    def segment(self, segment: Segment) -> Segment:
        segment.start = sum(s.size for s in self.segments)
        self.segments.append(segment)
        for kind in segment.kinds:
            self._by_kind.setdefault(kind, []).append(segment)
        return segment

    def common_blocks(self) -> None:
        """The blocks every game starts with: the phase, the dealer and the seats to act."""
        n = self.players
        self._phase = self.block("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases))
        self._dealer = self.block("dealer", (n,), "one-hot: the dealer's seat, relative")
        self._to_act = self.block("to_act", (n,), "the seats to act now, relative")

    @abstractmethod
    def utility_range(self) -> tuple[float, float]:
        """Bounds on one seat's result in a deal (not always reached), as a reward."""

    @abstractmethod
    def max_actions(self) -> int:
        """A bound on the number of actions in one deal."""

    def utility_sum(self) -> float | None:
        """What the seats' results add up to in every deal (``None``: it varies)."""
        return 0.0 if self.utility == "zero-sum" else None

    def resample_limits(self, state: GameState[Any], seat: int) -> Any:
        """What ties hidden cards to places when other deals are sampled for ``seat`` (see
        :mod:`homegame.agents.resample`); ``None`` where nothing does."""
        return None

    # -- observing -----------------------------------------------------------------------------

    def observe(self, view: V) -> Observation:
        """The observation of ``view``'s seat: a flat ``float32`` array of ``layout.size``."""
        features = Features(self._zeros.copy(), self._positions, self._counts)
        self.features(view, features)
        return features.array

    def observe_into(self, view: V, row: Observation) -> None:
        """Write the observation of ``view`` into ``row`` (a writable ``float32`` array of
        ``layout.size``, such as a row of a vector environment's observations)."""
        features = Features(row, self._positions, self._counts)
        features.data[:] = self._zero_data
        self.features(view, features)

    @abstractmethod
    def features(self, view: V, out: Features) -> None:
        """Write the observation of ``view`` into ``out``."""

    # An environment observes a seat at every step, and a seat's full view (its log, its hints,
    # every field the page shows) costs more to build than the observation itself. An encoding
    # whose game state it knows may read the state instead (``reads_state``): it then writes the
    # same observation in :meth:`state_features` and gives its segments, in :meth:`turn_view`,
    # only the fields of the view they read. The tests hold both to the view's encoding exactly.

    reads_state: ClassVar[bool] = False
    """Whether :meth:`state_features` and :meth:`turn_view` read the game state (see above)."""

    def state_features(self, state: Any, seat: int, out: Features) -> None:
        """Write the observation of ``seat`` in ``state`` into ``out``, read from the state: the
        same as :meth:`features` of its view (only where ``reads_state``)."""
        raise NotImplementedError(f"{type(self).__name__} observes a seat by its view")

    def turn_view(self, state: Any, seat: int) -> Any:
        """What the segments read to number ``seat``'s legal actions in ``state`` and decode its
        index (:meth:`legal`, :meth:`decode`): its view, or, where ``reads_state``, a smaller
        value holding only the view's fields they read."""
        return state.view(seat)

    def observe_state(self, state: GameState[Any], seat: int, view: Any = None) -> Observation:
        """The observation of ``seat`` in ``state``, read from the state where ``reads_state``,
        else :meth:`observe` of ``view`` (its view, if the caller has one: :meth:`turn_view`'s)
        or of its view built here."""
        if self.reads_state:
            features = Features(self._zeros.copy(), self._positions, self._counts)
            self.state_features(state, seat, features)
            return features.array
        return self.observe(view if view is not None else state.view(seat))

    def writer(self, row: Observation) -> Features:
        """A writer of observations into ``row`` (a writable ``float32`` array of ``layout.size``)
        for :meth:`observe_state_into`: made once for a row written again and again, such as a
        vector environment's, since making one asks numpy for the row's memory."""
        return Features(row, self._positions, self._counts)

    def observe_state_into(self, state: GameState[Any], seat: int, out: Features, view: Any = None) -> None:
        """:meth:`observe_state` written into the row of ``out`` (a :meth:`writer`)."""
        out.data[:] = self._zero_data
        if self.reads_state:
            self.state_features(state, seat, out)
        else:
            self.features(view if view is not None else state.view(seat), out)

    def write_common(self, view: V, out: Features, phase: str) -> int:
        """Write the common blocks; returns the observing seat."""
        me = self.seat_of(view)
        self.write_seat_common(out, me, phase, view.dealer, view.to_act)
        return me

    def write_seat_common(self, out: Features, me: int, phase: str, dealer: int,
                          to_act: tuple[int, ...]) -> None:
        """The common blocks of seat ``me``'s observation (:meth:`write_common` without a view;
        each position is written once, so stored straight)."""
        data, positions, n = out.data, out.positions, self.players
        data[positions[self._phase + self._phase_number[phase]]] = 1.0
        data[positions[self._dealer + (dealer - me) % n]] = 1.0
        for seat in to_act:
            data[positions[self._to_act + (seat - me) % n]] = 1.0

    def cards_block(self, name: str, meaning: str, rows: int = 1) -> int:
        """A block counting cards over the vocabulary (``rows`` of it: one per seat or slot)."""
        shape = (rows, len(self.vocabulary)) if rows > 1 else (len(self.vocabulary),)
        return self.block(name, shape, meaning)

    # The two below take typed dictionaries: the compiled build then works the positions out with
    # its own integers rather than through Python's.

    def seat_cards(self, out: Features, offset: int, me: int, by_seat: dict[int, tuple[Card, ...]]) -> None:
        """Write each seat's cards of ``by_seat`` (seat -> cards) in its relative row."""
        vocabulary, n = self.vocabulary, self.players
        width = len(vocabulary.cards)
        for seat, cards in by_seat.items():
            out.cards(offset + width * ((seat - me) % n), vocabulary, cards)

    def seat_values(self, out: Features, offset: int, me: int, by_seat: dict[int, int],
                    scale: float = 1.0) -> None:
        """Write each seat's number of ``by_seat`` (seat -> number), times ``scale``, at its
        relative position."""
        n = self.players
        for seat, value in by_seat.items():
            if value:
                out.value(offset + (seat - me) % n, value * scale)

    def seat_flags(self, out: Features, offset: int, me: int, seats: Iterable[int]) -> None:
        n = self.players
        for seat in seats:
            out.flag(offset + (seat - me) % n)

    def ordered(self, cards: Sequence[Card]) -> Sequence[Card]:
        """A seat's own cards as the observation and the positional indices list them: high to
        low with ``canonical``, else as the view lists them."""
        return tuple(sorted(cards, reverse=True)) if self.canonical else cards

    def cards_field(self, name: str) -> Callable[[Any], Sequence[Card]]:
        """A reader of the view field ``name`` holding the cards a positional segment indexes,
        in :meth:`ordered` order."""
        if not self.canonical:
            return _field(name)

        def read(view: Any) -> Sequence[Card]:
            return tuple(sorted(getattr(view, name) or (), reverse=True))
        return read

    @staticmethod
    def seat_of(view: View) -> int:
        if view.seat is None:
            raise ValueError("an observation is of a seat: a spectator's view has no seat")
        return view.seat

    # -- actions -------------------------------------------------------------------------------

    def empty_mask(self) -> Mask:
        """A new mask with no action allowed (a seat not to act)."""
        return self._no_actions.copy()

    def legal_mask(self, view: V, legal: ActionSet) -> Mask:
        """The action mask: 1 at the index of every legal action that has one (a new array)."""
        return self.legal(view, legal).mask.copy()

    def legal(self, view: V, legal: ActionSet) -> Legal:
        """The legal indices of ``legal`` as a :class:`Legal`, shared by every turn that allows
        the same indices (a table sees the same few sets again and again, so each mask is written
        once). A turn is known by its families' pieces, each the start of the segment numbering
        the family and the local indices the segment gives at once (a tuple or a range), so a
        turn seen before is found without working out its indices one by one."""
        pieces: list[tuple[int, Sequence[int]]] = []
        for family in legal.families:
            for segment in self.segments:
                local = segment.family(view, family)
                if local is not None:
                    pieces.append((segment.start, local))
                    break
            else:
                pieces.append((0, self._encoded(view, legal, family)))
        key = tuple(pieces)
        found = self._legal_sets.get(key)
        if found is None:
            if len(self._legal_sets) >= _LEGAL_SETS:
                self._legal_sets.clear()
            found = self._legal_sets[key] = Legal(self.empty_mask(), legal_marks(pieces))
        return found

    def _encoded(self, view: V, legal: ActionSet, family: Family) -> tuple[int, ...]:
        """The indices of ``family``'s actions encoded one by one (no segment numbers it whole)."""
        indices: list[int] = []
        for position in range(len(family)):
            index = self.encode(view, legal, family.at(position))
            if index is not None:
                indices.append(index)
        return tuple(indices)

    def legal_indices(self, view: V, legal: ActionSet) -> list[int]:
        """The indices the mask marks, ascending (OpenSpiel's legal actions)."""
        indices: list[int] = np.flatnonzero(self.legal_mask(view, legal)).tolist()
        return indices

    def encode(self, view: V, legal: ActionSet, action: Action) -> int | None:
        """The index of ``action`` (``None``: it has none, as a bet of an amount between sizes)."""
        for segment in self._by_kind.get(action.kind, ()):
            local = segment.encode(view, legal, action)
            if local is not None:
                return segment.start + local
        return None

    def decode(self, view: V, legal: ActionSet, index: object, *, checked: bool = False) -> Action:
        """The action ``index`` names for ``view``'s seat now; :class:`IllegalIndex` if it is not
        legal (not an index, out of range, or a move the seat may not make). ``checked``: the caller
        has already found ``index`` among :meth:`legal_indices`, so the checks are skipped."""
        if checked and type(index) is int:
            number = index
            segment = self._segment_of(number)
        else:
            segment = self.segment_at(index)
            number = int(index)  # type: ignore[call-overload]  # segment_at found an integer
        action = segment.decode(view, legal, number - segment.start)
        if checked and action is not None:
            return action
        if action is None or action not in legal or self.encode(view, legal, action) != number:
            raise IllegalIndex(f"action {index} ({self.describe(index)}) is not legal now")
        return action

    def segment_at(self, index: object) -> Segment:
        if not is_index(index) or not 0 <= int(index) < self.actions:
            raise IllegalIndex(f"an action is an index from 0 to {self.actions - 1}, not {index!r}")
        return self._segment_of(int(index))

    def _segment_of(self, number: int) -> Segment:
        """The segment numbering the index ``number`` (in range)."""
        # A loop, not bisect: an encoding has a handful of segments, and compiled, the loop runs
        # natively where bisect_right is a call through Python.
        segments = self.segments
        found = segments[0]
        for segment in segments:
            if segment.start > number:
                break
            found = segment
        return found

    def describe(self, index: object) -> str:
        """What ``index`` means, in words, without a view (:class:`IllegalIndex` if it is none)."""
        segment = self.segment_at(index)
        return segment.describe(int(index) - segment.start)  # type: ignore[call-overload]

    # -- documentation -------------------------------------------------------------------------

    def markdown(self) -> list[str]:
        """This encoding as Markdown tables: the observation's blocks and the action indices."""
        lines = [f"Observation: {self.layout.size} numbers.", "", "| block | shape | meaning |",
                 "| --- | --- | --- |"]
        lines += [f"| `{name}` | {' x '.join(map(str, shape))} | {meaning} |"
                  for name, shape, _, meaning in self.layout.blocks]
        lines += ["", f"Actions: {self.actions} indices.", "", "| indices | move | meaning |",
                  "| --- | --- | --- |"]
        for segment in self.segments:
            last = segment.start + segment.size - 1
            span = str(segment.start) if segment.size == 1 else f"{segment.start}-{last}"
            lines.append(f"| {span} | {segment.name} | {segment.meaning} |")
        return lines


_LEGAL_SETS: Final = 4096
"""How many different sets of legal indices an encoding remembers before it starts again."""


def _rebuild(kind: type[Encoding[Any]], game: Game, options: dict[str, bool]) -> Encoding[Any]:
    return kind(game, **options)


def _field(name: str) -> Callable[[Any], Sequence[Card]]:
    """A reader of the view field ``name`` holding the cards a positional segment indexes."""
    def read(view: Any) -> Sequence[Card]:
        cards: Sequence[Card] = getattr(view, name) or ()
        return cards
    return read
