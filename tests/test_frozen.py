"""make_frozen: the views it builds are the values their constructors make, as frozen as they."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, dataclass, fields

import pytest

from homegame.engine.frozen import UNSET, make_filled, make_frozen, template
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


def test_a_template_holds_every_field_in_order_and_refuses_unknown_ones() -> None:
    made = template(Labelled, {"label": "a"})
    assert list(made) == ["x", "y", "label"] and made == {"x": UNSET, "y": UNSET, "label": "a"}
    made.update(x=1, y=(2,))
    assert make_filled(Labelled, made) == Labelled(1, (2,), "a")
    with pytest.raises(TypeError, match="Labelled has no field z"):
        template(Labelled, {"z": 1})
    with pytest.raises(TypeError, match="Labelled needs exactly its fields"):
        make_filled(Labelled, {**made, "z": 2})


TEMPLATED = [(name, variants) for name in sorted(GAMES) if hasattr(GAMES[name], "view_template")
             for variants in ([], *([variant] for variant in GAMES[name].variants))]


@pytest.mark.parametrize(("name", "variants"), TEMPLATED)
def test_views_built_in_a_template_fill_every_field(name: str, variants: list[str]) -> None:
    """make_filled leaves it to the game to fill every field: every view of random deals, at every
    turn and for every seat and a spectator, holds no UNSET."""
    game = new_game(name, players=min(4, GAMES[name].players[-1]), variants=variants)
    chooser = random.Random(7)
    for deal in range(8):
        state = game.deal(seed=deal)
        while True:
            for seat in [None, *range(state.players)]:
                left = [key for key, value in vars(state.view(seat)).items() if value is UNSET]
                assert not left, f"{name} {variants}: a view leaves {left} unset"
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = list(state.legal_actions(seat))
            state.apply(seat, legal[chooser.randrange(len(legal))])
