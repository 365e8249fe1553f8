"""Every game package has the same shape (#17), read off the files: a reader who knows one
game's package knows them all, and a fifth game starts from the example's.

Each package has the seven modules — ``rules`` (options, tables, card order, pack), ``game``,
``state`` (facts and transitions), ``judge`` (legality and reasons), ``view`` (the view and
the words), ``scoring``, ``match`` — and ``kernel`` (each rule's arithmetic, once). Any other
module is a mechanic named in the game's own vocabulary: the package lists it in
``MECHANICS`` and its docstring uses the word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardlab
from cardlab.engine import registry

SHAPE = ("rules", "game", "state", "judge", "view", "scoring", "match", "kernel")
PACKAGES = sorted({registry.module_of(n) for n in registry.names()} | {"cardlab.games.example"})


def _modules(package: str) -> set[str]:
    root = Path(cardlab.__file__).parent.parent.joinpath(*package.split("."))
    return {p.stem for p in root.glob("*.py")} - {"__init__"}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_seven_modules_and_a_kernel(package: str) -> None:
    assert sorted(set(SHAPE) - _modules(package)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_any_other_module_is_a_mechanic_the_game_names(package: str) -> None:
    module = registry.import_module(package)
    declared = tuple(getattr(module, "MECHANICS", ()))
    assert sorted(_modules(package) - set(SHAPE)) == sorted(declared)
    doc = (module.__doc__ or "").lower()
    for name in declared:
        assert name.replace("_", " ") in doc, f"{package}: {name!r} is not a word of its docstring"


@pytest.mark.parametrize("name", cardlab.game_names())
def test_game_classes_are_named_for_their_game(name: str) -> None:
    """``FiveHundredGame``, ``OfficerSkatGame``, ``PandoerenGame``, ``PanfinGame``: the game's
    title, without spaces (or its registry name in capitals: the example's ``ExampleGame``),
    and ``Game``; its match class likewise with ``Match``."""
    cls = registry.game_class(name)
    titles = {cls.spec.title.replace(" ", ""), "".join(w.title() for w in name.split("_"))}
    title = cls.__name__.removesuffix("Game")
    assert cls.__name__ == f"{title}Game" and title in titles, (cls.__name__, titles)
    match = type(cls.load().match(seed=0))
    assert match.__name__ == f"{title}Match" and match.__module__ == f"{registry.module_of(name)}.match"
