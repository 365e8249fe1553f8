"""The game registry: game names → the modules that define them, loaded lazily.

The engine names no game. Each entry maps a registry name to the dotted path of a
module whose ``GAME`` is its :class:`~cardlab.engine.game.Game` subclass; the module
is imported only when the game is first asked for. cardlab's own games are declared
as data in :mod:`cardlab.games` (importing ``cardlab`` registers them); a new game
registers itself the same way (``docs/adding_a_game.md``).

A game's fast paths (its batch simulator, Five Hundred's rollout) live above the games, in
:mod:`cardlab.sim`, and register themselves here (:func:`register_simulator`): the games
name no simulator. The package root names, as data, the packages whose import registers
simulators (:func:`provide_simulators`), so asking for a simulator
(:func:`simulator_module`, :func:`fast_path`) imports that package on first use and
``import cardlab`` stays light.

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
           "register_simulator", "provide_simulators", "simulators", "simulator_module",
           "fast_path", "import_module"]

#: registry name → dotted path of the module that defines ``GAME``, in registration order
_MODULES: dict[str, str] = {}
#: registry name → dotted path of the game's simulator module (it declares ``SIMULATOR``)
_SIMULATORS: dict[str, str] = {}
#: packages whose import registers simulators, not yet imported
_PROVIDERS: list[str] = []


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


def register_simulator(name: str, module: str) -> None:
    """Register ``module`` (a dotted path, imported on first use) as the simulator of the
    game ``name``: it declares ``SIMULATOR`` (a ``cardlab.sim.simulator.Simulator``) and
    the game's fast paths (e.g. Five Hundred's ``new_rollout``). Called from the
    simulators' side, never by a game.

    :raises ValueError: for a name that is not a lower-case identifier or an empty path.
    """
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise ValueError(f"a game's registry name must be a lower-case identifier, not {name!r}")
    if not isinstance(module, str) or not module:
        raise ValueError(f"game {name!r}: the simulator must be a dotted path, not {module!r}")
    _SIMULATORS[name] = module


def provide_simulators(package: str) -> None:
    """Name a package whose import registers simulators (:func:`register_simulator`); it is
    imported the first time a simulator is asked for (``cardlab`` names ``cardlab.sim``)."""
    if package not in _PROVIDERS:
        _PROVIDERS.append(package)


def _load_providers() -> None:
    while _PROVIDERS:
        import_module(_PROVIDERS.pop(0))


def simulators() -> dict[str, str]:
    """Every registered simulator: game name → the dotted path of its module."""
    _load_providers()
    return dict(_SIMULATORS)


def simulator_module(name: str) -> ModuleType | None:
    """The simulator module registered for the game ``name``, imported on first use, or
    ``None`` when none is (the studies then play the game by its bots).

    :raises ValueError: for an unknown name, with the closest names and the valid ones.
    """
    module_of(name)
    if name not in _SIMULATORS:
        _load_providers()
    path = _SIMULATORS.get(name)
    return None if path is None else import_module(path)


def fast_path(name: str, attribute: str) -> Any:
    """The fast path ``attribute`` of the game ``name``'s simulator (e.g. Five Hundred's
    ``new_rollout``), for a game method that hands its work to it.

    :raises ValueError: for an unknown game.
    :raises LookupError: when no simulator is registered for the game, or it has no such
        fast path, saying which.
    """
    module = simulator_module(name)
    if module is None:
        raise LookupError(f"game {name!r} has no simulator registered (import cardlab.sim, or "
                          f"register one with cardlab.engine.registry.register_simulator)")
    found = getattr(module, attribute, None)
    if found is None:
        raise LookupError(f"game {name!r}: its simulator {module.__name__} has no fast path "
                          f"{attribute!r}")
    return found


def load(name: str, preset: str | None = None, **options: Any) -> Game:
    """The game ``name`` under a named ``preset`` and explicit rule ``options`` (keyword
    arguments named as in the game's options table).

    :raises ValueError: for an unknown game, preset, option or value, with the closest
        valid names and the list of valid ones.
    """
    return game_class(name).load(preset, **options)
