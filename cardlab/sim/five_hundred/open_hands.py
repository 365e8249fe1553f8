"""Five Hundred's card plays valued by the open-hands solver on sampled layouts
(perfect-information Monte Carlo, as bridge programs value a card with DDS).

For each layout of the cards the seat to move cannot see (:func:`~.sampling.sample_layouts`:
sizes, shown voids and the called card respected; the seat's own hand as it is), the
compiled solver (:mod:`cardlab.solve.trick_core`) values every legal card of the seat with
every hand of *that layout* open. The value of a card on a layout is the hint's measure:
the mover's side's points minus the other side's. The values of one layout come from one
search (one table), so the layouts cost little once the first few cards are played.

This serves the forms with two sides and a known contract side: four players, six players
in two partnerships, and two players with a dead hand. Three and five players (defenders
who score apart, a called partner whose seat differs from layout to layout) and the ghost
partners keep the rollout hint. The open-hands value of a card is what it is worth if
everyone then plays as though they could see all the cards; it favours the side that
would need to guess (a finesse always "works" on the layouts where it does), which is why
it is averaged over many layouts drawn from what the seat knows.

Each call has a node budget (:data:`NODES_PER_LAYOUT` for each layout asked, at most
:data:`MAX_NODES`, at least :data:`MIN_LAYOUTS` layouts, :data:`LAYOUT_BUDGET` for one layout),
spent as :mod:`cardlab.sim.open_hands` says; where fewer layouts are valued than asked, the
interval the hint shows widens accordingly. Late in a deal a layout costs a few hundred
positions and every layout asked is valued; at the opening lead of four hands one costs
some hundred thousand. The layouts are valued on several threads where the machine has the
cores (:data:`cardlab.sim.open_hands.THREADS`): the search lets other threads run.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from cardlab.sim.five_hundred.sampling import sample_layouts
from cardlab.sim.open_hands import THREADS, LayoutBudget, per_action, value_within
from cardlab.solve import compiled
from cardlab.solve.five_hundred import CompiledSearch, FiveHundredAdapter
from cardlab.solve.search import SolveBudgetExceeded

__all__ = ["NODES_PER_LAYOUT", "MAX_NODES", "MIN_LAYOUTS", "LAYOUT_BUDGET", "serves",
           "open_hands_values"]

#: the positions one call may search over all its layouts, per layout asked … (halved when
#: the search learnt to need some 2-3× fewer positions a layout: about as many layouts as
#: before are valued, in less than half the time)
NODES_PER_LAYOUT: Final = 75_000
#: … and at most (a few seconds)
MAX_NODES: Final = 6_000_000
#: the fewest layouts a call values, whatever their nodes
MIN_LAYOUTS: Final = 8
#: the positions one layout may take (a layout past it is left out, and counted)
LAYOUT_BUDGET: Final = 2_000_000


def serves(state: Any) -> bool:
    """Whether the solver values ``state``'s card plays: the play phase of a form with two
    sides searched by the compiled loop, with no face-down piles."""
    game = state.game
    if state.phase != "play" or len(game.sides) != 2 or game.players in (3, 5):
        return False
    if any(p is not None for p in getattr(state, "piles", ())):
        return False
    try:
        return compiled(state)
    except ValueError:
        return False


def open_hands_values(state: Any, legal: list[str], n: int, seed: int,
                      workers: int = THREADS) -> list[np.ndarray] | None:
    """Per action of ``legal`` (card plays of the seat to move), its value on each layout
    valued (at most ``n``, the same layouts in the same order for every action); None where
    :func:`serves` says no. ``workers``: the threads the layouts are valued on
    (:mod:`cardlab.sim.open_hands`; the values are the same)."""
    if not serves(state):
        return None
    ad = FiveHundredAdapter(state)
    seat = state.to_move
    side = ad.side_of(seat)
    other = next(name for name in ad.sides if name != side)
    root = ad.root(state)
    layouts = sample_layouts(state, n, seed)
    if layouts.shape[1] != len(root.hands) or int(layouts[0, seat]) != root.hands[seat]:
        return None  # a form whose layouts are not the solver's positions

    def value(layout: np.ndarray, limit: int) -> tuple[list[float] | None, int]:
        """The layout's row (None past ``limit`` positions), and the positions searched."""
        pos = root._replace(hands=tuple(int(h) for h in layout))
        search = CompiledSearch(ad, side, limit)

        def margin(count: float) -> float:
            pts = ad.points(count, side)
            return float(pts[side] - pts[other])

        try:
            by_text = search.move_values(pos, margin)
        except SolveBudgetExceeded:
            return None, search.nodes
        return [by_text[a] for a in legal], search.nodes

    budget = LayoutBudget(NODES_PER_LAYOUT, MAX_NODES, MIN_LAYOUTS, LAYOUT_BUDGET)
    return per_action(value_within(layouts, value, n, budget, workers))
