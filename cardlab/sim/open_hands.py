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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

import numpy as np

__all__ = ["LayoutBudget", "Valued", "Valuer", "value_within", "per_action"]

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


def value_within(layouts: Iterable[L], value: Valuer[L], n: int, budget: LayoutBudget
                 ) -> Valued | None:
    """``value`` applied to ``layouts`` in order (each with :attr:`LayoutBudget.layout`
    positions) until the call's budget for ``n`` layouts is spent and
    :attr:`LayoutBudget.fewest` are valued; None where no layout was valued."""
    rows: list[Sequence[float]] = []
    kept: list[L] = []
    spent = left_out = 0
    limit = budget.for_call(n)
    for layout in layouts:
        if spent >= limit and len(rows) >= budget.fewest:
            break
        row, nodes = value(layout, budget.layout)
        spent += nodes
        if row is None:
            left_out += 1
            continue
        rows.append(row)
        kept.append(layout)
    if not rows:
        return None
    return Valued(np.asarray(rows, dtype=float), kept, spent, left_out)


def per_action(valued: Valued | None) -> list[np.ndarray] | None:
    """Each action's values over the layouts kept (a column of ``valued.table`` apiece, in
    the order of the actions asked), or None where no layout was valued."""
    if valued is None:
        return None
    return [valued.table[:, k].copy() for k in range(valued.table.shape[1])]
