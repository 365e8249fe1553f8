"""Playing policies. A bot has ``choose(state) -> Action`` for the seat to move.

Bots see what their seat may see: heuristic bots read ``state.view(seat)``
and ``state.legal_actions()``, never another seat's hidden cards. The random bot,
the bot protocol and :func:`play_out` live in :mod:`cardlab.engine.playout` (a match
needs them to play itself out) and are re-exported here; each game's heuristic bot is
the ``HeuristicBot`` of the module ``cardlab.bots.<game>``.

A bot's strength has a name, its **level**, the same in every game: ``"random"``,
``"heuristic"`` and ``"expert"`` (:data:`LEVELS`). :func:`bot_for` makes the bot of a
level, and :func:`as_bot` turns anything a user may pass as ``bots=`` (a level's name, a
bot, a factory) into a bot, refusing the rest in words. A level is a factory registered
by name (:func:`register_level`); the expert decides by the coach's evaluator, which lives
in :mod:`cardlab.sim` above the bots, so that module registers the level itself when it is
imported, and this one only names the module that provides it (:func:`provide_level`).

>>> bot_for("five_hundred", "heuristc")
Traceback (most recent call last):
...
ValueError: unknown bot level 'heuristc'; did you mean 'heuristic'? The levels: 'random', 'heuristic', 'expert'
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Callable
from typing import NoReturn

from cardlab.engine import registry
from cardlab.engine.playout import Bot, RandomBot, SeededBot, play_out

__all__ = ["Bot", "SeededBot", "RandomBot", "play_out", "bot_for", "as_bot", "LEVELS",
           "register_level", "provide_level", "levels", "peek"]

#: a level's factory: ``factory(game_name, seed) -> bot``
LevelFactory = Callable[[str, int], Bot]

#: the levels by name, weakest first (the names a user sees everywhere)
LEVELS = ("random", "heuristic", "expert")

_FACTORIES: dict[str, LevelFactory] = {}
#: a level that lives above the bots → the module whose import registers it
_PROVIDERS: dict[str, str] = {"expert": "cardlab.sim.expert"}


def register_level(name: str, factory: LevelFactory) -> None:
    """Register ``factory(game_name, seed) -> bot`` as the level ``name`` (a level
    registered again replaces the earlier factory).

    :raises ValueError: for a name that is not a lower-case identifier.
    """
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise ValueError(f"a bot level's name must be a lower-case identifier, not {name!r}")
    _FACTORIES[name] = factory


def provide_level(name: str, module: str) -> None:
    """Name the module (a dotted path) whose import registers the level ``name``; it is
    imported the first time the level is asked for."""
    _PROVIDERS[name] = module


def levels() -> tuple[str, ...]:
    """Every level a bot can be asked for by name: :data:`LEVELS`, then any other."""
    known = set(_FACTORIES) | set(_PROVIDERS)
    return tuple(x for x in LEVELS if x in known) + tuple(sorted(known - set(LEVELS)))


def peek(bot: Bot, state: object) -> object:
    """The action ``bot`` would choose in ``state``, leaving ``bot`` as it was (its
    generator does not move), so an explanation never changes what the bot does next."""
    return copy.deepcopy(bot).choose(state)  # type: ignore[arg-type]


def _heuristic(game_name: str, seed: int) -> Bot:
    registry.module_of(game_name)  # an unknown game is refused by name
    module = registry.import_module(f"{__name__}.{game_name}")
    bot: Bot = module.HeuristicBot(seed=seed)
    return bot


register_level("random", lambda game_name, seed: RandomBot(seed))
register_level("heuristic", _heuristic)


def _factory(level: str) -> LevelFactory:
    """The factory of ``level``, importing the module that provides it on first use.

    :raises ValueError: for an unknown level, with the closest name.
    """
    if level not in _FACTORIES and level in _PROVIDERS:
        registry.import_module(_PROVIDERS[level])  # it registers the level
    found = _FACTORIES.get(level)
    if found is None:
        names = levels()
        close = difflib.get_close_matches(str(level), names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"unknown bot level {level!r}{hint} The levels: "
                         + ", ".join(repr(n) for n in names))
    return found


def bot_for(game_name: str, level: str = "heuristic", seed: int = 0) -> Bot:
    """The bot of ``level`` (``'random'``, ``'heuristic'``, ``'expert'``) for a game.

    :raises ValueError: for an unknown level (saying which level was meant) or game.
    """
    if not isinstance(level, str):
        raise TypeError(f"a bot level is a name such as 'heuristic', not {level!r}")
    return _factory(level)(game_name, seed)


def as_bot(spec: object, game_name: str, seat: int = 0, seed: int = 0) -> Bot:
    """The bot ``spec`` stands for at ``seat``: a level's name (:func:`bot_for`, seeded
    ``seed``), a bot (anything with ``choose(state)``, returned as it is) or a factory
    (a bot class or a function, called as ``factory(seed)``). ``seat`` names the seat in
    an error; a caller seeds each seat's bot apart through ``seed``.

    :raises ValueError: for an unknown level's name (with "did you mean").
    :raises TypeError: for anything else, naming it and the seat.
    """
    if isinstance(spec, str):
        return bot_for(game_name, spec, seed=seed)
    if hasattr(spec, "choose") and not isinstance(spec, type):
        if not callable(spec.choose):
            _not_a_bot(spec, seat)
        return spec  # type: ignore[return-value,unused-ignore]
    if callable(spec):
        made = spec(seed)
        if not callable(getattr(made, "choose", None)):
            raise TypeError(f"bots: seat {seat}: the factory {_name(spec)} made {made!r}, "
                            f"which has no choose(state) method")
        return made  # type: ignore[no-any-return]
    _not_a_bot(spec, seat)


def _name(spec: object) -> str:
    named = getattr(spec, "__qualname__", None)
    return f"{getattr(spec, '__module__', '')}.{named}" if named else repr(spec)


def _not_a_bot(spec: object, seat: int) -> NoReturn:
    raise TypeError(f"bots: seat {seat}: {spec!r} (a {type(spec).__name__}) has no "
                    f"choose(state) method: it is neither a bot, nor a factory "
                    f"(factory(seed) -> bot), nor a level ({', '.join(map(repr, levels()))})")
