"""cardlab's games, one package per game: ``five_hundred``, ``officer_skat``,
``pandoeren`` and ``panfin``.

Each game package's docstring gives its seats, phases, action notation, refusal
codes and rule options (``help(cardlab.games.five_hundred)``). The packages are
imported only when first used: through :func:`cardlab.load`, by ``import
cardlab.games.five_hundred``, or by reading the attribute ``cardlab.games.five_hundred``.
This module declares them to the registry (:mod:`cardlab.engine.registry`).

>>> import cardlab
>>> cardlab.game_names()
['five_hundred', 'officer_skat', 'pandoeren', 'panfin']
>>> cardlab.games.panfin.GAME.spec.title
'Panfin'
"""

from __future__ import annotations

from types import ModuleType

from cardlab.engine import registry
from cardlab.engine.registry import game_class, load, names

__all__ = ["GAMES", "names", "load", "game_class"]

#: registry name → the package that defines ``GAME`` (its :class:`~cardlab.engine.game.Game`)
GAMES = {
    "five_hundred": "cardlab.games.five_hundred",
    "officer_skat": "cardlab.games.officer_skat",
    "pandoeren": "cardlab.games.pandoeren",
    "panfin": "cardlab.games.panfin",
}

for _name, _module in GAMES.items():
    registry.register(_name, _module)


def __getattr__(name: str) -> ModuleType:  # lazy: cardlab.games.five_hundred on first use
    if name in GAMES:
        return registry.game_module(name)
    raise AttributeError(f"module 'cardlab.games' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *GAMES})
