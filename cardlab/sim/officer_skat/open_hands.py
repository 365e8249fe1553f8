"""Officer Skat's card plays valued by the open-hands solver on sampled layouts
(perfect-information Monte Carlo), late in the play where a layout is cheap.

Both players see every face-up card; what neither sees are the face-down cards still
lying under a face-up card (OS-2.3, OS-5.3). A layout deals those cards, in pack order
and then shuffled, to the face-down places still hidden, as the rollout hint does (both
draw them by :func:`~cardlab.sim.officer_skat.sampling.layouts`: the same layouts for the
same seed), so a layout never depends on where the hidden cards really lie. On each layout
the compiled solver (:mod:`cardlab.solve.officer_skat_core`) values every legal card of the
seat to move with every card of *that layout* open, in the hint's measure: the mover's
points minus the opponent's at the end of the deal (OS-7; Ramsch: both seats' points, B-2).

**What is searched.** The solver searches one seat's end score, and Officer Skat's score
is not zero-sum: the defender's own score is 0 whatever happens (OS-7.2), so the
defender's side searched alone would see nothing to play for. The measure is zero-sum, so
it is searched directly: the end score the compiled loop reads is the mover's margin
(its points less the other seat's at each end of the deal, from the game's own scoring),
which the mover maximises and the other seat minimises. Under the default scoring this is
the declarer's score, signed for the mover; under the methods where the winner scores
(OS-7.5) and in Ramsch both seats' points count, and the margin still is exact.

**Where it serves.** The play phase of a deal the compiled loop searches, once no seat
holds more than :data:`MAX_CARDS` cards (the last eight tricks): there a layout takes a few
milliseconds (median; tens at most), and a layout drawn again in one call (few hidden
cards lie few ways) is valued once. Earlier a layout costs more: a third of a second
(median) at the opening lead, seconds at worst, so the rollout hint stays. A Null under
``null_mode="no_tricks"`` ends at the declarer's first trick and is searched on the
engine's own states, interpreted and far slower; its hint stays the rollouts too.

Each call has a node budget (:data:`NODES_PER_LAYOUT` for each layout asked, at most
:data:`MAX_NODES`, at least :data:`MIN_LAYOUTS` layouts, :data:`LAYOUT_BUDGET` for one
layout), spent as :mod:`cardlab.sim.open_hands` says; a layout past its own budget is also
counted in :data:`LEFT_OUT`. A layout drawn again costs no positions.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Final

import numpy as np

from cardlab.games.officer_skat.rules import card_index
from cardlab.sim.officer_skat.sampling import layouts
from cardlab.sim.open_hands import LayoutBudget, per_action, value_within
from cardlab.solve import compiled
from cardlab.solve.officer_skat import CompiledSearch, OfficerSkatAdapter, adapter
from cardlab.solve.officer_skat_core import POINT_SLOTS, TRICK_SLOTS
from cardlab.solve.search import SolveBudgetExceeded

# (``layouts`` is sampling's, named here too: the tests read this module's layouts)
__all__ = ["MAX_CARDS", "NODES_PER_LAYOUT", "MAX_NODES", "MIN_LAYOUTS", "LAYOUT_BUDGET",
           "LEFT_OUT", "serves", "layouts", "open_hands_values"]

#: the most cards a seat may hold (face-up and face-down, unplayed) for the solver to
#: serve: the last eight tricks. Measured on 40 seeded deals (5 layouts each, a loaded
#: 2-core machine), a layout at 8 cards a seat costs some 700 positions and 2-5 ms (median),
#: 5,300 positions and some 35 ms at most; at 10 cards 4,500 positions and 5-9 ms (median)
#: but up to 48,000; at 12, 28,000 and 35 ms (median), up to 270,000 and a quarter second
MAX_CARDS: Final = 8
#: the positions one call may search over all its layouts, per layout asked (about the
#: slowest tenth of layouts at :data:`MAX_CARDS`: every layout asked is valued, save a
#: call whose layouts are all hard) …
NODES_PER_LAYOUT: Final = 2_000
#: … and at most (a second or so)
MAX_NODES: Final = 1_000_000
#: the fewest layouts a call values, whatever their nodes
MIN_LAYOUTS: Final = 4
#: the positions one layout may take (a layout past it is left out, and counted): ten
#: times the most seen at :data:`MAX_CARDS`, some 50 ms
LAYOUT_BUDGET: Final = 50_000
#: how many layouts ran past :data:`LAYOUT_BUDGET` since the module was loaded (a figure
#: for the benchmarks; the values never read it)
LEFT_OUT: list[int] = [0]


def serves(state: Any) -> bool:
    """Whether the solver values ``state``'s card plays: the play phase of a deal the
    compiled loop searches, no seat holding more than :data:`MAX_CARDS` cards."""
    if state.phase != "play" or state.is_over:
        return False
    if max(len(h) for h in state.hands) > MAX_CARDS:
        return False
    try:
        return compiled(state) and isinstance(adapter(state), OfficerSkatAdapter)
    except ValueError:
        return False


class _MarginEnds:
    """A deal's end scores as each seat's margin: ``table[s] = points[s] - points[1-s]``
    over the game's own end scores (:func:`cardlab.solve.officer_skat.end_scores`), filled
    as they are."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.table = base.table[[0, 1]] - base.table[[1, 0]]
        self.filled = base.filled

    def fill(self, p_lo: int, p_hi: int, t_lo: int, t_hi: int) -> bool:
        """Score the ends not scored yet (the base's), and remake the margins if any was."""
        span = self.filled.reshape(POINT_SLOTS, TRICK_SLOTS)[p_lo:p_hi + 1, t_lo:t_hi + 1]
        if span.all():  # every end asked is scored (the usual case: a quick look, no loop)
            return False
        added = bool(self.base.fill(p_lo, p_hi, t_lo, t_hi))
        if added:
            self.table = self.base.table[[0, 1]] - self.base.table[[1, 0]]
        return added


class _LayoutAdapter(OfficerSkatAdapter):
    """The deal's adapter with one layout's face-down cards, whose end score is the
    searched seat's margin (:class:`_MarginEnds`)."""

    #: the call's margins, one per table of end scores (layouts alike in their matadors
    #: share one), and this layout's, with and without Re
    margins: dict[int, tuple[Any, _MarginEnds]]
    mine: dict[bool, _MarginEnds]

    def ends(self, re: bool) -> Any:
        got = self.mine.get(re)
        if got is None:
            base = super().ends(re)
            pair = self.margins.get(id(base))
            if pair is None or pair[0] is not base:
                pair = self.margins[id(base)] = (base, _MarginEnds(base))
            got = self.mine[re] = pair[1]
        return got


def _on_layout(ad: _LayoutAdapter, places: list[tuple[int, int]], cards: np.ndarray,
               deck: dict[int, Any]) -> _LayoutAdapter:
    """``ad`` with ``cards`` dealt to the hidden ``places`` (the declarer's 16 cards, which
    the matadors read, OS-7.1, follow)."""
    out = copy.copy(ad)
    out.mine = {}
    out.pile_down = ad.pile_down.copy()
    for (seat, p), c in zip(places, cards):
        out.pile_down[seat, p] = int(c)
    d = ad.facts.declarer
    if d is not None:
        mine = [deck[int(x)] for pair in zip(out.pile_down[d], out.pile_up[d]) for x in pair]
        out.facts = replace(ad.facts, declarer_cards=tuple(mine))
    return out


def open_hands_values(state: Any, legal: list[str], n: int, seed: int
                      ) -> list[np.ndarray] | None:
    """Per action of ``legal`` (card plays of the seat to move), the mover's margin on each
    layout valued (at most ``n``, the same layouts in the same order for every action);
    None where :func:`serves` says no or no layout was valued within its budget."""
    if not serves(state) or n < 1:
        return None
    base = _LayoutAdapter(state)
    base.margins = {}
    places, perm = layouts(state, n, seed)
    # the face-down cards the true layout has are overwritten on every layout: a hidden
    # place's card is the layout's, never the deal's
    deck = {card_index(c): c for c in state.game.deck}
    root = base.root(state)
    side = base.side_of(state.to_move)
    # a layout drawn again is valued once (late in the deal few cards are hidden, and
    # their layouts repeat: two hidden cards lie one of two ways)
    seen: dict[tuple[int, ...], list[float]] = {}

    def value(cards: np.ndarray, limit: int) -> tuple[list[float] | None, int]:
        """The layout's row (None past ``limit`` positions), and the positions searched."""
        again = seen.get(key := tuple(cards.tolist()))
        if again is not None:
            return again, 0
        ad = _on_layout(base, places, cards, deck)
        search = CompiledSearch(ad, side, limit)
        try:
            by_text = search.move_values(root)
        except SolveBudgetExceeded:
            LEFT_OUT[0] += 1
            return None, search.nodes
        return seen.setdefault(key, [by_text[a] for a in legal]), search.nodes

    budget = LayoutBudget(NODES_PER_LAYOUT, MAX_NODES, MIN_LAYOUTS, LAYOUT_BUDGET)
    return per_action(value_within(perm, value, n, budget))
