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
order (:class:`CardVocabulary`), so two jokers count 2.

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
from math import comb
from typing import Any, ClassVar, Final, Generic, TypeGuard, TypeVar

import numpy as np
import numpy.typing as npt

from homegame._compile import mypyc_attr
from homegame.cards import Card
from homegame.engine import Action, ActionSet, Family, Game, GameState, View, action_sets
from homegame.errors import HomegameError

__all__ = [
    "CardVocabulary", "Encoding", "Features", "IllegalIndex", "Layout", "Legal", "Mask", "Observation",
    "Segment", "is_index", "rank_combination", "unrank_combination",
]

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
V = TypeVar("V", bound=View)


class IllegalIndex(HomegameError):
    """An action index that is out of range or not legal for the seat now."""


class CardVocabulary:
    """The distinct cards of a game's deck, in deck order: a card's index in observations.

    >>> from homegame.cards import deck, parse_cards
    >>> vocabulary = CardVocabulary(deck("standard+2jokers"))
    >>> len(vocabulary), vocabulary.index(parse_cards("Jk")[0]), vocabulary.cards[0]
    (53, 52, 2c)
    """

    def __init__(self, deck: Iterable[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(deck))
        self.numbers: dict[Card, int] = {card: number for number, card in enumerate(self.cards)}
        """Each card's index (the map :meth:`index` reads)."""

    def __len__(self) -> int:
        return len(self.cards)

    def index(self, card: Card) -> int:
        return self.numbers[card]

    def indices(self, cards: Iterable[Card]) -> list[int]:
        numbers = self.numbers
        return [numbers[card] for card in cards]


class Layout:
    """Named blocks of a flat observation, each with its shape and its meaning.

    >>> layout = Layout()
    >>> layout.add("hand", (5, 52), "the hand, card by position")
    0
    >>> layout.add("pot", (1,), "chips in the pot")
    260
    >>> layout.size, [name for name, *_ in layout.blocks]
    (261, ['hand', 'pot'])
    """

    def __init__(self) -> None:
        self.blocks: list[tuple[str, tuple[int, ...], int, str]] = []
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> int:
        """Append a block; returns its offset in the flat array."""
        offset = self.size
        self.blocks.append((name, shape, offset, meaning))
        self.size += int(np.prod(shape))
        return offset

    def split(self, array: Observation) -> dict[str, Observation]:
        """The blocks of ``array`` as named, shaped views (for OpenSpiel's observer)."""
        return {name: array[offset:offset + int(np.prod(shape))].reshape(shape)
                for name, shape, offset, _ in self.blocks}


class Features:
    """An observation being written: positions set to 1 and positions given a value, item by item
    into ``array``, zero when given (a fresh copy of the zero observation, or a row of a vector
    environment's observations cleared), through a memoryview of it (an item store there is
    far cheaper than numpy's own indexing, and any numpy call costs more than the few dozen stores
    an observation makes). With ``counts`` (a deck holding a card twice), a position set twice
    counts 2.

    A store names its position by the object ``positions[position]`` (the encoding's
    ``tuple(range(size))``): compiled, an integer is otherwise made into a new Python integer at
    every store past 256, which costs a third of the store."""

    __slots__ = ("array", "counts", "data", "positions")

    def __init__(self, array: Observation, positions: tuple[object, ...], counts: bool = False) -> None:
        self.counts = counts
        self.array = array
        self.data: Any = array.data
        self.positions = positions

    def flag(self, position: int) -> None:
        at = self.positions[position]
        if self.counts:
            self.data[at] += 1.0
        else:
            self.data[at] = 1.0

    def value(self, position: int, value: float) -> None:
        self.data[self.positions[position]] = value

    def cards(self, offset: int, vocabulary: CardVocabulary, cards: Iterable[Card]) -> None:
        """Count ``cards`` in the card block at ``offset``."""
        numbers = vocabulary.numbers
        if self.counts:
            for card in cards:
                self.flag(offset + numbers[card])
            return
        data, positions = self.data, self.positions  # stored straight: most of what is written
        for card in cards:
            data[positions[offset + numbers[card]]] = 1.0

    def slots(self, offset: int, vocabulary: CardVocabulary, cards: Sequence[Card]) -> None:
        """One card per row of the block at ``offset``: row ``i`` holds the ``i``-th card."""
        numbers, width = vocabulary.numbers, len(vocabulary.cards)
        for row in range(len(cards)):
            self.flag(offset + row * width + numbers[cards[row]])


def rank_combination(chosen: Sequence[int], n: int) -> int:
    """The lexicographic rank of the sorted positions ``chosen`` among all of ``range(n)`` of
    their size (the order of the engine's ``Subsets``).

    >>> rank_combination((0, 1, 2), 7), rank_combination((4, 5, 6), 7), comb(7, 3)
    (0, 34, 35)
    """
    rank, start, size = 0, 0, len(chosen)
    for taken, position in enumerate(chosen):
        left = size - taken - 1
        rank += sum(comb(n - candidate - 1, left) for candidate in range(start, position))
        start = position + 1
    return rank


def unrank_combination(rank: int, n: int, size: int) -> tuple[int, ...]:
    """The positions of rank ``rank`` (the inverse of :func:`rank_combination`): the engine's own
    unranking, which numbers its ``Subsets`` and ``Arrangements``.

    >>> unrank_combination(34, 7, 3)
    (4, 5, 6)
    """
    return action_sets.unrank_combination(n, size, rank)


def positions_of(cards: Sequence[Card], held: Sequence[Card]) -> tuple[int, ...] | None:
    """The positions in ``held`` of ``cards``, the earliest ones for repeated cards (so that two
    ways of naming the same cards get one index), or ``None`` if they are not all held."""
    try:
        found = sorted(held.index(card) for card in cards)
    except ValueError:
        return None
    if len(set(found)) == len(found):
        return tuple(found)
    used: set[int] = set()
    for card in cards:
        position = next((i for i, c in enumerate(held) if c == card and i not in used), None)
        if position is None:
            return None
        used.add(position)
    return tuple(sorted(used))


class Segment(ABC):
    """A contiguous run of action indices that all mean one kind of move.

    ``kinds`` are the engine action kinds it numbers. Subclasses turn an action into a local index
    (:meth:`encode`, ``None`` when it is not theirs), a local index back into the action
    (:meth:`decode`), and may number a whole legal family at once (:meth:`family`).
    """

    def __init__(self, name: str, size: int, meaning: str, kinds: Sequence[str] = ()) -> None:
        self.name, self.size, self.meaning = name, size, meaning
        self.kinds = tuple(kinds)
        self.start = 0

    @abstractmethod
    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        """The local index of ``action``, or ``None`` when this segment does not number it."""

    @abstractmethod
    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        """The action of a local index for this view, or ``None`` when it names none now."""

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        """The local indices of every action of ``family`` at once, or ``None`` to have them
        encoded one by one. A tuple or a range: the encoding knows a turn by them (see
        :meth:`Encoding.legal`). Subclasses keep this very signature: a narrower return type makes
        the compiled build convert every call through a glue method."""
        return None

    def describe(self, local: int) -> str:
        """What a local index means without a view (for OpenSpiel's action strings)."""
        return f"{self.name} {local}"


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

    def write_common(self, view: V, out: Features, phase: str) -> int:
        """Write the common blocks; returns the observing seat."""
        me, n = self.seat_of(view), self.players
        out.flag(self._phase + self._phase_number[phase])
        out.flag(self._dealer + (view.dealer - me) % n)
        self.seat_flags(out, self._to_act, me, view.to_act)
        return me

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
            found = self._legal_sets[key] = Legal(self.empty_mask(), _marks(pieces))
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
        number = int(index)
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


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class Legal:
    """The legal action indices of a turn: ``mask`` (read-only: hand out copies), ``allowed``,
    the same marks as bytes, which tell whether an index is legal without a numpy call, and
    ``indices``, the legal indices in order."""

    __slots__ = ("allowed", "indices", "mask")

    def __init__(self, empty: Mask, marks: Iterable[int | range]) -> None:
        for mark in marks:
            if isinstance(mark, range):
                empty[mark.start:mark.stop] = 1
            else:
                empty[mark] = 1
        empty.flags.writeable = False
        self.mask = empty
        self.allowed = empty.tobytes()
        self.indices: tuple[int, ...] = tuple(np.flatnonzero(empty).tolist())

    def allows(self, index: int) -> bool:
        """Whether ``index`` (an integer, any size or sign) is legal."""
        return 0 <= index < len(self.allowed) and self.allowed[index] == 1


def _marks(pieces: list[tuple[int, Sequence[int]]]) -> list[int | range]:
    """The indices a turn's pieces (each a start and local indices) mark: a whole run of local
    indices as one range."""
    marks: list[int | range] = []
    for start, local in pieces:
        if isinstance(local, range) and local.step == 1:
            marks.append(range(start + local.start, start + local.stop))
        else:
            marks.extend([start + number for number in local])
    return marks


_LEGAL_SETS: Final = 4096
"""How many different sets of legal indices an encoding remembers before it starts again."""


def is_index(value: object) -> TypeGuard[int | np.integer[Any]]:
    """Whether ``value`` is an integer index: a Python or numpy integer, not a ``bool`` (a plain
    ``int``, the usual case, is told by its type alone)."""
    return type(value) is int or (isinstance(value, _INTEGERS) and not isinstance(value, bool))


_INTEGERS: Final = (int, np.integer)
"""What :func:`is_index` accepts, as a tuple made once (a union written in the call is a new
object every time, and costs more than the rest of the test)."""


def _rebuild(kind: type[Encoding[Any]], game: Game, options: dict[str, bool]) -> Encoding[Any]:
    return kind(game, **options)


def _field(name: str) -> Callable[[Any], Sequence[Card]]:
    """A reader of the view field ``name`` holding the cards a positional segment indexes."""
    def read(view: Any) -> Sequence[Card]:
        cards: Sequence[Card] = getattr(view, name) or ()
        return cards
    return read
