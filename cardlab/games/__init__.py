"""The game registry: every cardlab game by name, loaded lazily.

>>> names()
['five_hundred', 'officer_skat', 'pandoeren', 'panfin']
"""

from __future__ import annotations

import importlib
from typing import Any

from cardlab.engine.game import Game

__all__ = ["names", "load", "game_class"]

#: name → module that defines ``GAME`` (its :class:`~cardlab.engine.game.Game` subclass)
_MODULES = {
    "five_hundred": "cardlab.games.five_hundred",
    "officer_skat": "cardlab.games.officer_skat",
    "pandoeren": "cardlab.games.pandoeren",
    "panfin": "cardlab.games.panfin",
}


def names() -> list[str]:
    """Every game's registry name."""
    return list(_MODULES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass of ``name``.

    :raises ValueError: for an unknown name, listing the valid ones.
    """
    if not isinstance(name, str) or name not in _MODULES:
        raise ValueError(f"unknown game {name!r}; valid games: {', '.join(_MODULES)}")
    module = importlib.import_module(_MODULES[name])
    return module.GAME  # type: ignore[no-any-return]


def load(name: str, preset: str | None = None, **options: Any) -> Game:
    """The game ``name`` with rule options (see :func:`cardlab.load`)."""
    return game_class(name).load(preset, **options)
