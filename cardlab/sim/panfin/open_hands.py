"""Panfin's card plays valued by the open-hands solver on sampled deals (perfect-information
Monte Carlo), as Five Hundred's are (:mod:`cardlab.sim.five_hundred.open_hands`).

For each whole deal sampled from what the seat to move can see (:func:`layouts`: the trick
phase's sampler, :func:`cardlab.sim.panfin.states.trick_states` — the other hands, their
discards, the dealer's swap and the stock dealt at random, every card played legal for
its seat, B2.10.3-B2.10.4, and no combination held when the declarations ended, B2.9), the
compiled solver (:mod:`cardlab.solve.panfin_core`, through :func:`cardlab.solve.values`)
values every legal play of the seat — a card, or the two jokers together — with every hand
of *that deal* open. One search values all the plays of a deal.

**The measure.** The value of a play on a deal is the mover's net chips for the deal (its
antes and what the settlement of the piatti pays it, B2.11): the engine's
``result.points`` of the mover's side, a Panfin side being one seat. That is the quantity
the rollout hint measured (``PanfinBatch.scores()`` of the mover, the scalar
``Result.seat_points``), so no conversion is needed. What differs is how the others play:
in a rollout each seat's heuristic bot plays for itself; with open hands the others play
together against the mover (they minimise its chips), as the solver takes every deal of
more than two sides. A value is therefore what the play is worth if everyone then plays
as though they saw every card, and the others gang up on the mover: a cautious reference,
averaged over many deals the seat cannot tell apart.

Each call has a node budget (:data:`NODES_PER_LAYOUT` for each deal asked, at most
:data:`MAX_NODES`, at least :data:`MIN_LAYOUTS` deals, :data:`LAYOUT_BUDGET` for one deal),
spent as :mod:`cardlab.sim.open_hands` says. A deal takes a few hundred positions at the
opening lead of four hands (some tens of thousands at six at most), a fraction of a
millisecond, so the budget binds only on unusually hard deals; drawing a deal and replaying
it through the engine takes longer (0.5-3 ms) and is most of a call's time.

**The choices before the tricks** (the declarations, the dealer's choice of suit and her
swap) are valued on whole states sampled from the chooser's knowledge, every seat's
heuristic bot declaring up to the play (:mod:`cardlab.sim.advice`); :func:`state_value`
values each such state at its first lead in the same measure, for the chooser's side
whichever seat leads (the ``open_hands_state`` of the simulator), within
:data:`STATE_BUDGET` positions.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

import numpy as np

from cardlab.sim.open_hands import LayoutBudget, per_action, value_within
from cardlab.sim.panfin.states import trick_states
from cardlab.solve import SolveBudgetExceeded, SolveError, compiled, values
from cardlab.solve.adapter import adapter_for

__all__ = ["NODES_PER_LAYOUT", "MAX_NODES", "MIN_LAYOUTS", "LAYOUT_BUDGET", "serves",
           "layouts", "open_hands_values", "STATE_BUDGET", "STATE_COUNTS", "state_value"]

#: the positions one call may search over all its deals, per deal asked (a hundred times a
#: four-hand opening lead's median deal; the few six-hand deals that take more are paid
#: for by the cheap deals around them) …
NODES_PER_LAYOUT: Final = 20_000
#: … and at most (about a quarter of a second of search)
MAX_NODES: Final = 4_000_000
#: the fewest deals a call values, whatever their positions
MIN_LAYOUTS: Final = 8
#: the positions one deal may take (a deal past it is left out; the largest of 7,808 deals
#: sampled at 976 card plays of 2-6 hands, in ten option sets, took 77,544)
LAYOUT_BUDGET: Final = 1_000_000


def serves(state: Any) -> bool:
    """Whether the solver values ``state``'s card plays: a seat to move in the trick phase,
    searched by the compiled loop (without numba the interpreted loop would be too slow
    for a hint, and the rollouts serve)."""
    if state.phase != "play" or state.is_over or state.to_move is None:
        return False
    try:
        return compiled(state)
    except SolveError:
        return False


def layouts(state: Any, n: int, seed: int) -> list[Any]:
    """The ``n`` whole deals :func:`open_hands_values` searches for ``seed``, in order: the
    trick phase's states sampled from what the seat to move can see (never the hidden
    cards themselves).

    :raises ValueError: when no deal fits what the seat knows."""
    return trick_states(state, n, seed)


def open_hands_values(state: Any, legal: list[str], n: int, seed: int
                      ) -> list[np.ndarray] | None:
    """Per play of ``legal`` (the seat to move's, one card or two), its value — the mover's
    net chips for the deal — on each deal searched (at most ``n`` of :func:`layouts`, the
    same deals in the same order for every play); None where :func:`serves` says no, where
    no deal fits what the seat knows, or where no deal was searched within its budget."""
    if not serves(state) or n < 1:
        return None
    try:
        deals = layouts(state, n, seed)
    except ValueError:
        return None

    def value(deal: Any, limit: int) -> tuple[list[float] | None, int]:
        """The deal's row (None past ``limit`` positions), and the positions searched."""
        try:
            got = values(deal, budget=limit)
        except SolveBudgetExceeded:
            return None, limit  # the compiled search stops at its budget
        return [got[a] for a in legal], got.nodes

    budget = LayoutBudget(NODES_PER_LAYOUT, MAX_NODES, MIN_LAYOUTS, LAYOUT_BUDGET)
    return per_action(value_within(deals, value, n, budget))


#: the positions one whole state may take when a choice before the tricks is valued
#: (:func:`state_value`; of 3,115 states at their first lead, sampled at declarations and
#: swaps of 2-6 hands, the median took 25 positions with two hands and 169 with six, the
#: largest 73,351); a state past it is valued by the batch's play, and so are the other
#: states of its call (:func:`cardlab.sim.advice.advise` keeps them paired). Read at each
#: call (not Final), so a test can lower it to see the fallback
STATE_BUDGET = 1_000_000

#: how many whole states :func:`state_value` solved and how many ran past their budget
#: (``"solved"``, ``"past budget"``), since the process started: how often the rollouts
#: still serve a choice
STATE_COUNTS: Counter[str] = Counter()


def state_value(state: Any, seat: int, budget: int | None = None) -> float | None:
    """The open-hands value, for ``seat``'s side, of a whole state at its first lead (a
    choice before the tricks applied and every seat's declarations made): its net chips
    under perfect play with every hand open, the others minimising them (the module
    docstring's measure), searched for that side from the state whatever seat leads. None
    where :func:`serves` would say no or past ``budget`` positions (default
    :data:`STATE_BUDGET`; counted in :data:`STATE_COUNTS`)."""
    if state.phase != "play" or state.is_over or state.to_move is None:
        return None
    try:
        adapter = adapter_for(state)
    except SolveError:
        return None
    if not adapter.compiled:  # the interpreted search is too slow for a hint (:func:`serves`)
        return None
    side = adapter.side_of(seat)
    try:
        limit = STATE_BUDGET if budget is None else budget
        count = adapter.search(side, limit).exact(adapter.root(state))
    except SolveBudgetExceeded:
        STATE_COUNTS["past budget"] += 1
        return None
    STATE_COUNTS["solved"] += 1
    return float(adapter.final(count, side))
