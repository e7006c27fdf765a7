"""make_frozen: the views it builds are the values their constructors make, as frozen as they."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, dataclass, fields

import pytest

from homegame.engine.frozen import make_frozen
from homegame.games import GAMES, new_game


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Labelled(Point):
    label: str


def test_it_makes_the_value_the_constructor_makes() -> None:
    made = make_frozen(Labelled, {"label": "a", "y": (2,), "x": 1})
    assert made == Labelled(1, (2,), "a") and repr(made) == "Labelled(x=1, y=(2,), label='a')"
    with pytest.raises(FrozenInstanceError):
        made.x = 3  # type: ignore[misc]


@pytest.mark.parametrize("values", [
    {"x": 1}, {"x": 1, "y": (), "z": 2}, {"x": 1, "z": 2}, {"x": 1, "__repr__": 2}, {},
])
def test_it_refuses_values_that_are_not_exactly_the_fields(values: dict[str, object]) -> None:
    with pytest.raises(TypeError, match="Point needs every one of its fields"):
        make_frozen(Point, values)


def test_it_makes_a_value_kept_in_an_instance_dictionary_from_the_values_themselves() -> None:
    @dataclass(frozen=True)
    class WithDict:
        x: int
        y: tuple[int, ...]

    values = {"y": (2,), "x": 1}
    made = make_frozen(WithDict, values)
    assert made == WithDict(1, (2,)) and hash(made) == hash(WithDict(1, (2,)))
    assert vars(made) is values
    with pytest.raises(FrozenInstanceError):
        made.x = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="WithDict needs every one of its fields"):
        make_frozen(WithDict, {"x": 1, "z": 2})


def test_it_refuses_classes_that_are_not_frozen_dataclasses_or_mix_slots_and_a_dictionary() -> None:
    @dataclass(slots=True)
    class Mutable:
        x: int

    @dataclass(frozen=True)
    class Mixed(Point):
        label: str

    for kind in (Mutable, int):
        with pytest.raises(TypeError, match="is not a frozen dataclass"):
            make_frozen(kind, {"x": 1})
    with pytest.raises(TypeError, match="Mixed keeps some of its fields in slots and some in a dictionary"):
        make_frozen(Mixed, {"x": 1, "y": (), "label": "a"})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_view_equals_its_constructor_made_twin(name: str) -> None:
    game = new_game(name, players=min(3, GAMES[name].players[-1]))
    chooser = random.Random(4)
    state = game.deal(seed=4)
    for _ in range(60):
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            twin = type(view)(**{field.name: getattr(view, field.name) for field in fields(view)})
            assert view == twin
            with pytest.raises(FrozenInstanceError):
                view.seat = 0  # type: ignore[misc]
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = list(state.legal_actions(seat))
        state.apply(seat, legal[chooser.randrange(len(legal))])
