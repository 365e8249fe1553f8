"""Playing policies. A bot has ``choose(state) -> Action`` for the seat to move.

Bots see what their seat may see: heuristic bots read ``state.view(seat)``
and ``state.legal_actions()``, never another seat's hidden cards. The random bot,
the bot protocol and :func:`play_out` live in :mod:`cardlab.engine.playout` (a match
needs them to play itself out) and are re-exported here; each game's heuristic bot is
the ``HeuristicBot`` of the module ``cardlab.bots.<game>``.
"""

from __future__ import annotations

from cardlab.engine import registry
from cardlab.engine.playout import Bot, RandomBot, SeededBot, play_out

__all__ = ["Bot", "SeededBot", "RandomBot", "play_out", "bot_for"]


def bot_for(game_name: str, kind: str = "heuristic", seed: int = 0) -> Bot:
    """The ``kind`` of bot (``'random'`` or ``'heuristic'``) for a game.

    :raises ValueError: for an unknown kind, or (``'heuristic'``) an unknown game.
    """
    if kind == "random":
        return RandomBot(seed)
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}; expected 'random' or 'heuristic'")
    registry.module_of(game_name)  # an unknown game is refused by name
    module = registry.import_module(f"{__name__}.{game_name}")
    bot: Bot = module.HeuristicBot(seed=seed)
    return bot
