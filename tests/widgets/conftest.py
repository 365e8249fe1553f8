"""Widget test fixtures: the toy game in the registry, and a way to play the front end."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import toy_game  # noqa: E402

_registry = importlib.import_module("cardlab.engine.registry")


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """Register the toy game so records of it load through ``cardlab.from_json``."""
    had = "toy" in _registry.names()
    _registry.register("toy", "toy_game")
    yield
    if not had:
        _registry.unregister("toy")


@pytest.fixture
def toy() -> toy_game.ToyGame:
    """The toy game with default options."""
    return toy_game.ToyGame.load()
