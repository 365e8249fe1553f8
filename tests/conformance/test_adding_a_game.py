"""The guide to adding a game (``docs/adding_a_game.md``) runs, and the parts it calls
required are required: a game or state class that lacks one fails when it is made,
with a ``TypeError`` naming the missing part.
"""

from __future__ import annotations

import doctest
from abc import ABCMeta
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardlab
from cardlab.engine import registry
from cardlab.engine.game import Game
from cardlab.engine.state import State
from cardlab.games.example import ExampleGame, ExampleState

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "adding_a_game.md"
#: class attributes that belong to the class object, not to the game's definition
_OWN = {"__dict__", "__weakref__", "__abstractmethods__", "_abc_impl"}


@pytest.fixture
def example_unregistered() -> Iterator[None]:
    """The guide registers the example itself; take it out again whatever happens."""
    had = "example" in registry.names()
    yield
    if not had:
        registry.unregister("example")


def test_the_guide_runs(example_unregistered: None) -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS,
                              raise_on_error=False, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
    assert result.attempted >= 40


def test_the_example_is_not_registered_by_default() -> None:
    assert "example" not in cardlab.games.GAMES
    assert set(cardlab.games.GAMES) <= set(registry.names())


def test_each_registry_line_names_the_package_of_its_game() -> None:
    """The one line a new game adds: ``"<name>": "cardlab.games.<name>"`` in ``GAMES``."""
    for name, module in cardlab.games.GAMES.items():
        assert module == f"cardlab.games.{name}"
        assert registry.game_class(name).spec.name == name


def without(cls: type, name: str, base: type) -> Any:
    """A class with ``cls``'s own definitions except ``name``, made directly on ``base``."""
    namespace = {k: v for k, v in vars(cls).items() if k not in _OWN and k != name}
    return ABCMeta(f"Without_{name.strip('_')}", (base,), namespace)


@pytest.mark.parametrize("name", sorted(Game.__abstractmethods__))
def test_a_game_without_a_required_part_fails_when_made(name: str) -> None:
    broken = without(ExampleGame, name, Game)
    with pytest.raises(TypeError, match=r"(?s)abstract.*\b" + name + r"\b"):
        broken.load()


@pytest.mark.parametrize("name", sorted(State.__abstractmethods__))
def test_a_state_without_a_required_part_fails_when_made(name: str) -> None:
    broken = without(ExampleState, name, State)
    game = ExampleGame.load()
    first = game.deal(seed=1)
    with pytest.raises(TypeError, match=r"(?s)abstract.*\b" + name + r"\b"):
        broken(game, dealer=0, hands=first.hands, stock=first.stock, setup=first.setup,
               seed=None)


def test_the_complete_classes_are_made() -> None:
    assert not ExampleGame.__abstractmethods__ and not ExampleState.__abstractmethods__
    for name in cardlab.game_names():
        state = cardlab.load(name).deal(seed=1)
        assert not type(state).__abstractmethods__ and not type(state.game).__abstractmethods__
