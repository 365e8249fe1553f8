"""The node budget of an open-hands valuer: a seat's actions valued on sampled layouts, as
many layouts as a budget of searched positions allows.

Each game's valuer (``cardlab.sim.<game>.open_hands``) draws the layouts of the cards the
seat to move cannot see and values every action it may take on each layout with every
hand open (one search a layout). What a layout is, how it is searched and in which measure
is the game's; how many layouts a call searches is this module's, the same for every game:

* A call asked for ``n`` layouts may search :attr:`LayoutBudget.per_layout` positions for
  each, :attr:`LayoutBudget.most` at most. Once the positions searched reach that, no
  further layout is started, provided :attr:`LayoutBudget.fewest` layouts have been
  valued; the values are over the layouts done, the first ones as drawn.
* One layout's search may take :attr:`LayoutBudget.layout` positions. A layout past it is
  left out of the values, counted, and its positions still count against the call.
* A call that values no layout gives None (the caller's rollouts then serve).

The positions searched, not the clock, decide, so the same call gives the same values on
any machine, loaded or not.

**Side by side.** Where the game's search lets other threads run while it works (Five
Hundred's compiled search), a valuer may ask for its layouts to be valued on several threads
(``workers``: :data:`THREADS` by default, one per core this process may use, at most four;
``CARDLAB_THREADS=1`` in the environment keeps every call on its own thread). The layouts are
still taken in the order drawn and the budget read the same way, so the values are those of
one thread; a thread runs at most one layout ahead, whose search is wasted where the budget
stops the call first. A layout that needs several searches may run them side by side too
(:func:`side_by_side`, Five Hundred's bids: a deal's strains), on a pool of their own.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

import numpy as np

__all__ = ["LayoutBudget", "THREADS", "Valued", "Valuer", "value_within", "per_action",
           "side_by_side"]


def _threads() -> int:
    """The threads a call may value its layouts on (module docstring)."""
    asked = os.environ.get("CARDLAB_THREADS", "")
    if asked.strip().isdigit() and int(asked) >= 1:
        return int(asked)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every platform)
        cores = os.cpu_count() or 1
    return max(1, min(4, cores))


#: the threads a valuer's layouts are valued on by default
THREADS = _threads()
_POOL: list[ThreadPoolExecutor] = []
_PREFIX = "cardlab-layouts"
_POOL_LOCK = threading.Lock()


def _pool(kept: list[ThreadPoolExecutor] | None = None, prefix: str = _PREFIX
          ) -> ThreadPoolExecutor:
    """The threads every call shares (``kept``: the layouts', by default), made on first
    use; they stay for the process."""
    kept = _POOL if kept is None else kept
    with _POOL_LOCK:
        if not kept:
            kept.append(ThreadPoolExecutor(THREADS, thread_name_prefix=prefix))
        return kept[0]


#: one layout, whatever a game draws (an array of hidden cards, a whole engine state …)
L = TypeVar("L")

#: values one layout within a number of positions, giving its row (one value per action, in
#: the order of the actions asked; None where the search went past those positions) and
#: the positions it searched
Valuer = Callable[[L, int], tuple[Sequence[float] | None, int]]


@dataclass(frozen=True)
class LayoutBudget:
    """The positions an open-hands call may search (module docstring)."""

    #: the positions a call may search over all its layouts, per layout asked …
    per_layout: int
    #: … and at most
    most: int
    #: the fewest layouts a call values, whatever their positions
    fewest: int
    #: the positions one layout may take (a layout past it is left out)
    layout: int

    def for_call(self, n: int) -> int:
        """The positions a call asked for ``n`` layouts may search (past them it starts no
        further layout once it has :attr:`fewest`)."""
        return min(self.most, n * self.per_layout)


class Valued(NamedTuple):
    """What one call valued: ``table[layout, action]`` over the layouts kept, those
    layouts in the order drawn, the positions searched over all the layouts tried (those
    left out too), and how many layouts were left out past :attr:`LayoutBudget.layout`.
    (Not generic in the layout's type: a generic named tuple needs Python 3.11.)"""

    table: np.ndarray
    layouts: list[Any]
    nodes: int
    left_out: int


def value_within(layouts: Iterable[L], value: Valuer[L], n: int, budget: LayoutBudget,
                 workers: int = 1) -> Valued | None:
    """``value`` applied to ``layouts`` in order (each with :attr:`LayoutBudget.layout`
    positions) until the call's budget for ``n`` layouts is spent and
    :attr:`LayoutBudget.fewest` are valued; None where no layout was valued. ``workers`` > 1:
    the layouts are valued on that many threads, with the same result (module docstring);
    ``value`` must then be safe to call from several threads at once."""
    rows: list[Sequence[float]] = []
    kept: list[L] = []
    spent = left_out = 0
    limit = budget.for_call(n)
    valued = _in_order(layouts, value, budget.layout, workers)
    # the budget is read before the next layout is asked for (one thread values it then)
    while not (spent >= limit and len(rows) >= budget.fewest):
        item = next(valued, None)
        if item is None:
            break
        layout, (row, nodes) = item
        spent += nodes
        if row is None:
            left_out += 1
            continue
        rows.append(row)
        kept.append(layout)
    valued.close()  # (the layouts under way ahead are dropped)
    if not rows:
        return None
    return Valued(np.asarray(rows, dtype=float), kept, spent, left_out)


def _in_order(layouts: Iterable[L], value: Valuer[L], limit: int, workers: int
              ) -> Generator[tuple[L, tuple[Sequence[float] | None, int]], None, None]:
    """Each layout with what ``value`` gives it, in the order drawn and only as the caller
    asks for the next one; on ``workers`` threads, as many layouts are under way ahead of the
    one the caller reads. Those the caller does not read are dropped (a search under way
    still finishes, on its thread)."""
    if workers <= 1 or threading.current_thread().name.startswith(_PREFIX):
        # (a layout valued on the pool that values layouts of its own does so on its
        # thread: waiting there for the pool's other threads could wait for ever)
        for layout in layouts:
            yield layout, value(layout, limit)
        return
    pool = _pool()
    ahead: deque[tuple[L, Future[tuple[Sequence[float] | None, int]]]] = deque()
    it = iter(layouts)
    try:
        while True:
            while len(ahead) < workers:
                layout = next(it, _END)
                if layout is _END:
                    break
                ahead.append((layout, pool.submit(value, layout, limit)))
            if not ahead:
                return
            layout, got = ahead.popleft()
            yield layout, got.result()
    finally:
        for _, got in ahead:
            got.cancel()


#: the end of the layouts (a layout may be anything, None too)
_END: Any = object()

_SEARCHES: list[ThreadPoolExecutor] = []
_SEARCHES_PREFIX = "cardlab-searches"

T = TypeVar("T")
R = TypeVar("R")


def side_by_side(fn: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``fn`` of each of ``items``, in their order, on ``workers`` threads of a pool of its
    own where ``workers`` > 1: a layout valued on the layouts' pool may so spread its own
    searches (one deal's six strains), so that one slow layout does not keep the other
    threads idle. This pool's tasks never wait on another task, so waiting on them from the
    layouts' pool cannot wait for ever. An exception of ``fn`` is raised here."""
    if workers <= 1 or len(items) <= 1 \
            or threading.current_thread().name.startswith(_SEARCHES_PREFIX):
        return [fn(x) for x in items]
    pool = _pool(_SEARCHES, _SEARCHES_PREFIX)
    futures = [pool.submit(fn, x) for x in items]
    return [f.result() for f in futures]


def per_action(valued: Valued | None) -> list[np.ndarray] | None:
    """Each action's values over the layouts kept (a column of ``valued.table`` apiece, in
    the order of the actions asked), or None where no layout was valued."""
    if valued is None:
        return None
    return [valued.table[:, k].copy() for k in range(valued.table.shape[1])]
