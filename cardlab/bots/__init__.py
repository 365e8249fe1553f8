"""Playing policies. A bot has ``choose(state) -> Action`` for the seat to move.

Bots see what their seat may see: heuristic bots read ``state.view(seat)``
and ``state.legal_actions()``, never another seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cardlab.engine.action import Action
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State

__all__ = ["Bot", "SeededBot", "RandomBot", "play_out", "bot_for"]


class Bot(Protocol):
    """Anything that picks an action for the seat to move."""

    def choose(self, state: State) -> Action: ...


class SeededBot:
    """A bot with its own seeded generator, for random choices and tie-breaks, so the same
    seed replays the same deal the same way."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(SeededBot):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def choose(self, state: State) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(state.legal_actions())


def bot_for(game_name: str, kind: str = "heuristic", seed: int = 0) -> Any:
    """The ``kind`` of bot (``'random'`` or ``'heuristic'``) for a game."""
    if kind == "random":
        return RandomBot(seed)
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}; expected 'random' or 'heuristic'")
    import importlib

    module = importlib.import_module(f"cardlab.bots.{game_name}")
    return module.HeuristicBot(seed=seed)


def play_out(state: State, bots: Sequence[Any] | Any, *, max_actions: int = 10_000) -> State:
    """Play ``state`` to the end: ``bots`` is one bot for every seat or one per seat."""
    per_seat = list(bots) if isinstance(bots, Sequence) else None
    n = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        bot: Any = per_seat[seat] if per_seat is not None else bots
        state = state.apply(bot.choose(state))
        n += 1
        if n > max_actions:
            raise RuntimeError("play_out: too many actions; a game loop?")
    return state
