"""The game registry: game names → the modules that define them, loaded lazily.

The engine names no game. Each entry maps a registry name to the dotted path of a
module whose ``GAME`` is its :class:`~cardlab.engine.game.Game` subclass; the module
is imported only when the game is first asked for. cardlab's own games are declared
as data in :mod:`cardlab.games` (importing ``cardlab`` registers them); a new game
registers itself the same way (``docs/adding_a_game.md``). A game's other parts are
named as data too, and found here: its batch simulator by ``GameSpec.simulator``
(:func:`simulator_module`).

This is the one module of cardlab that imports modules by name
(:func:`import_module`); everything else imports statically, so the layers
(cards → engine → games → bots → sim → render → widgets) can be read off the source.

>>> register("demo", "my_games.demo")  # imported only when the game is asked for
>>> "demo" in names()
True
>>> unregister("demo")
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cardlab.errors import did_you_mean

if TYPE_CHECKING:
    from cardlab.engine.game import Game

__all__ = ["register", "unregister", "names", "module_of", "game_module", "game_class", "load",
           "simulator_module", "import_module"]

#: registry name → dotted path of the module that defines ``GAME``, in registration order
_MODULES: dict[str, str] = {}


def register(name: str, module: str) -> None:
    """Register the game ``name``, defined (as ``GAME``) by the module at ``module``.

    :raises ValueError: for a name that is not a lower-case identifier.
    """
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise ValueError(f"a game's registry name must be a lower-case identifier, not {name!r}")
    if not isinstance(module, str) or not module:
        raise ValueError(f"game {name!r}: the module must be a dotted path, not {module!r}")
    _MODULES[name] = module


def unregister(name: str) -> None:
    """Remove the game ``name`` from the registry (nothing happens if it is not there)."""
    _MODULES.pop(name, None)


def names() -> list[str]:
    """Every registered game's name, in registration order."""
    return list(_MODULES)


def module_of(name: str) -> str:
    """The dotted path of the module that defines the game ``name``.

    :raises ValueError: for an unknown name, with the closest names and the valid ones.
    """
    if not isinstance(name, str) or name not in _MODULES:
        hint = did_you_mean(name, _MODULES) if isinstance(name, str) else ""
        raise ValueError(f"unknown game {name!r}{hint}; valid games: {', '.join(_MODULES)}")
    return _MODULES[name]


def import_module(path: str) -> ModuleType:
    """The module at the dotted ``path``, imported on first use.

    For modules named as data: a registered game's package, its simulator, a game's
    bots, the subpackages ``import cardlab`` leaves unloaded. The one dynamic import
    of cardlab (a test checks that no other module uses :mod:`importlib`).
    """
    return importlib.import_module(path)


def game_module(name: str) -> ModuleType:
    """The module (package) that defines the game ``name``, imported on first use.

    :raises ValueError: for an unknown name, with the closest names and the valid ones.
    """
    return import_module(module_of(name))


def game_class(name: str) -> type[Game]:
    """The :class:`~cardlab.engine.game.Game` subclass of ``name`` (imported on first use).

    :raises ValueError: for an unknown name, with the closest names and the valid ones.
    """
    return game_module(name).GAME  # type: ignore[no-any-return]


def simulator_module(name: str) -> ModuleType | None:
    """The batch simulator module the game ``name`` declares (``GameSpec.simulator``),
    imported on first use, or ``None`` when the game declares none.

    :raises ValueError: for an unknown name, with the closest names and the valid ones.
    """
    path = game_class(name).spec.simulator
    return None if path is None else import_module(path)


def load(name: str, preset: str | None = None, **options: Any) -> Game:
    """The game ``name`` under a named ``preset`` and explicit rule ``options`` (keyword
    arguments named as in the game's options table).

    :raises ValueError: for an unknown game, preset, option or value, with the closest
        valid names and the list of valid ones.
    """
    return game_class(name).load(preset, **options)
