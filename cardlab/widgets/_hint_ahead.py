"""The first bars of a slow hint, valued while the learner reads the hand.

A Five Hundred bid's first bars stand on a few sampled deals, each searched with every hand
open in six strains: close to a second of work, where a click should answer within 150 ms;
an opening lead's, a search on each of two layouts, some 0.2 s. So when the learner's turn
comes to a decision valued so (:func:`cardlab.sim.advice.values_in_background`: a search
that lets other threads run), the table starts that first round on a background thread
(:class:`HintAhead`), exactly as a click on Hint would ask it (the same state, layouts and
seed: the same bars). A click then takes the finished round, or waits
only for the rest of it. Nothing is published from the thread: the bars appear when the
learner asks, as before.

The solver's compiled search lets other threads run while it works (``nogil``), and each
thread searches with its own table (:mod:`cardlab.solve.five_hundred`), so the table's own
clicks and bots are not held up by the search under way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["HintAhead"]

#: a round asked ahead: the state, the layouts per option and the seed
Ask = tuple[Any, int, int]


class HintAhead:
    """One background worker that values the newest round asked ahead, one at a time.

    :param value: the valuation, ``(state, n, seed)`` → advice (the table's
        :func:`cardlab.sim.advice.advise` call)
    """

    def __init__(self, value: Callable[[Any, int, int], Any]) -> None:
        self._value = value
        self._cond = threading.Condition()
        self._pending: Ask | None = None
        self._running: Ask | None = None
        self._done: tuple[Ask, Any, BaseException | None] | None = None
        self._thread: threading.Thread | None = None
        #: rounds a click took from here (finished or waited for), for the tests
        self.taken = 0

    def ask(self, state: Any, n: int, seed: int) -> None:
        """Value this round in the background (the newest ask replaces one not yet begun)."""
        ask = (state, n, seed)
        with self._cond:
            if any(_same(ask, other) for other in (
                    self._pending, self._running, self._done[0] if self._done else None)):
                return
            self._pending = ask
            if self._thread is None:  # (a worker clears this, locked, as it stops)
                self._thread = threading.Thread(target=self._work, name="cardlab-hint-ahead",
                                                daemon=True)
                self._thread.start()

    def take(self, state: Any, n: int, seed: int) -> tuple[bool, Any]:
        """``(True, advice)`` if this round was asked ahead (waiting for it if it is still
        being valued), else ``(False, None)``: the caller values it itself. An error of the
        valuation is raised here, as a click's own call would raise it."""
        ask = (state, n, seed)
        with self._cond:
            # this round being valued, or next and the worker free to begin it: wait
            while _same(ask, self._running) or (self._running is None
                                                and _same(ask, self._pending)):
                self._cond.wait()
            if self._done is not None and _same(ask, self._done[0]):
                _, advice, error = self._done
                self.taken += 1
                if error is not None:
                    raise error
                return True, advice
            if _same(ask, self._pending):
                self._pending = None  # behind another round: the click values it itself
        return False, None

    def forget(self) -> None:
        """Drop what is asked and done (a new deal or line: none of it will be asked)."""
        with self._cond:
            self._pending = None
            self._done = None

    def _work(self) -> None:
        while True:
            with self._cond:
                ask = self._pending
                if ask is None:
                    self._thread = None
                    return
                self._pending, self._running = None, ask
            advice: Any = None
            error: BaseException | None = None
            try:
                advice = self._value(*ask)
            except Exception as err:  # kept for the click that asks this round
                error = err
            with self._cond:
                self._running = None
                self._done = (ask, advice, error)
                self._cond.notify_all()


def _same(a: Ask, b: Ask | None) -> bool:
    # the state by identity (the table's states are immutable and kept on its line)
    return b is not None and a[0] is b[0] and a[1:] == b[1:]
