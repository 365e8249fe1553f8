"""What every game's batch simulator shares: a batch of deals as numpy arrays, one row per
deal, played on a step at a time until every deal is done.

A game's batch (``FiveHundredBatch``, ``OfficerSkatBatch``, ``PandoerenBatch``,
``PanfinBatch``) subclasses :class:`Batch` and writes its rules — ``step(policy, streams)``
(one card or announcement in every unfinished deal, by its kernel), ``scores()`` and
``made()`` — and this class gives the rest: choosing deals (:meth:`take`) and playing to
the end (:meth:`play`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, TypeVar

import numpy as np

from cardlab.sim.rng import Streams

__all__ = ["Batch"]

B = TypeVar("B", bound="Batch")


class Batch(ABC):
    """Deals as arrays. Every array attribute has one row per deal; ``done`` marks the deals
    played to their end, ``size`` is the number of deals and ``_rows`` their indices."""

    size: int
    done: np.ndarray
    _rows: np.ndarray
    #: after ``play(record=True)``: what every step played, one entry per step in the game's
    #: own form (its ``step`` appends), so the play can be replayed on the engine
    record: list[Any] | None = None

    def take(self: B, index: np.ndarray) -> B:
        """A new batch of the deals ``index`` (copied; repeats allowed): every array row by
        row, the tables and settings as they are."""
        out = type(self).__new__(type(self))
        for k, v in self.__dict__.items():
            out.__dict__[k] = v[index].copy() if isinstance(v, np.ndarray) else v
        out.size = len(index)
        out._rows = np.arange(out.size)
        out.record = None  # a taken batch has played nothing yet
        out._taken()
        return out

    def _taken(self) -> None:  # noqa: B027 - a hook: nothing to reset by default
        """What a game resets on a batch made by :meth:`take` (by default nothing)."""

    def _before_play(self) -> None:  # noqa: B027 - a hook: nothing to prepare by default
        """What a game prepares before :meth:`play` steps (by default nothing)."""

    def play(self: B, policy: str = "random", streams: Streams | None = None,
             record: bool = False) -> B:
        """Play every deal to its end (in place), a :meth:`step` at a time; returns self.
        ``record``: keep what each step played in :attr:`record` (a game may keep more,
        e.g. Five Hundred each trick's winner in ``winners``)."""
        if record:
            self.record = []
        self._before_play()
        while not self.done.all():
            self.step(policy, streams)
        return self

    @abstractmethod
    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One action in every unfinished deal, chosen by ``policy`` (``"random"`` on the
        deals' play ``streams``, or ``"heuristic"``)."""

    @abstractmethod
    def scores(self) -> np.ndarray:
        """``(size, sides)`` the points of each finished deal (a batch that rescores takes
        the scoring options as keywords)."""

    @abstractmethod
    def made(self) -> np.ndarray:
        """Per deal, whether the contract was made."""
