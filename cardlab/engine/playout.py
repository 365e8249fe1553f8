"""Playing a deal out: the bot protocol, the seeded random bot and :func:`play_out`.

The engine needs these to play a match to its end (:meth:`cardlab.engine.match.Match.play`),
so they live here, below the games; :mod:`cardlab.bots` re-exports them beside the
heuristic bots of each game (``from cardlab.bots import RandomBot`` keeps working).

>>> import cardlab
>>> state = cardlab.load("officer_skat").deal(seed=3)
>>> play_out(state, RandomBot(seed=1)).is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cardlab.engine.action import Action
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State

__all__ = ["Bot", "SeededBot", "RandomBot", "play_out"]


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


def play_out(state: State, bots: Sequence[Any] | Any, *, max_actions: int = 10_000) -> State:
    """Play ``state`` to the end: ``bots`` is one bot for every seat or one per seat.

    :raises RuntimeError: after ``max_actions`` actions without an end (a game loop).
    """
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
