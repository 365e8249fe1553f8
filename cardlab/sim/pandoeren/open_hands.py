"""Pandoeren's card plays valued by the open-hands solver on sampled layouts (perfect-
information Monte Carlo), late in the play where a layout is cheap.

For each whole state the seat to move cannot tell from the real one
(:func:`~cardlab.sim.pandoeren.states.sample_states`: the layouts of
:func:`~cardlab.sim.pandoeren.sampling.pandoeren_batch` — voids, the call, the kijkkaart,
the partner as the play shows her, announced roem and stuk — replayed on the engine and
kept only where the seat sees what it saw), the compiled solver
(:mod:`cardlab.solve.pandoeren` over :mod:`cardlab.solve.pandoeren_core`) values every
legal action of the seat, an announcement as well as a card, with every hand of *that
layout* open. One layout's values come from one search (one table).

The value is the rollout hint's measure (:func:`cardlab.sim.pandoeren.batch._hint`): the
declaring side's points, for the seat to move if it is on that side in the layout and
against it otherwise; under ``scoring="zero_sum_per_opponent"`` the seat's own points. The
solver values one seat's own payment, that seat and its partners on the layout (the seats
paid alike, A2.11: the declarer and her partner, or the defenders) maximising it and the
others minimising it: a team plays as one, as the rollouts' bots do. (``cardlab.solve.values``
takes Pandoeren's four seats as four sides, each against the rest; for advice a partner
who played against her own side would make every team contract look worse than it is.)
Where the seat's own payment is the measure (zero-sum scoring, or a seat of the declaring
side) that seat is searched. A defender under ``pagat_plus_minus`` is paid nothing
whatever is played (A2.11), so the declarer's payment is searched (the declaring side
maximising it, the defenders minimising it) and its negative is the defender's value.

Late in the play only (:data:`MAX_CARDS` or fewer in the mover's hand). Measured on
bot-played deals (30-40 deals, three layouts of each position; the default options, zero-sum
scoring and manual announcements): with 5 cards one layout's search takes a median of
0.6-1.0 ms, a tenth of them 20-50 ms or more, and at most ~145,000 positions (~0.2 s); with
6 the median is 2.5-6 ms but a tenth take 0.5-1.2 s and 2-7% pass 2 million positions; at
the opening lead ~0.6 s, many past 2 million. Sampling and replaying a layout's state adds
~1.3 ms. With more cards in hand the rollout hint stays. Each call has a node budget
(:data:`NODES_PER_LAYOUT` for each layout asked, at most :data:`MAX_NODES`, ~3 s; at least
:data:`MIN_LAYOUTS` layouts; :data:`LAYOUT_BUDGET` for one layout), spent as
:mod:`cardlab.sim.open_hands` says.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

import cardlab.sim.open_hands as budgeted
from cardlab.sim.open_hands import LayoutBudget, per_action, value_within
from cardlab.sim.pandoeren.states import sample_states
from cardlab.solve import compiled
from cardlab.solve.pandoeren import CompiledSearch, PandoerenAdapter
from cardlab.solve.search import SolveBudgetExceeded

__all__ = ["MAX_CARDS", "NODES_PER_LAYOUT", "MAX_NODES", "MIN_LAYOUTS", "LAYOUT_BUDGET",
           "Valued", "serves", "searched_seat", "allies", "value_layouts", "open_hands_values"]

#: the most cards in the mover's hand where the solver values the play (5: trick 4 on)
MAX_CARDS: Final = 5
#: the positions one call may search over all its layouts, per layout asked …
NODES_PER_LAYOUT: Final = 20_000
#: … and at most (a few seconds)
MAX_NODES: Final = 2_000_000
#: the fewest layouts a call values, whatever their nodes
MIN_LAYOUTS: Final = 8
#: the positions one layout may take (a layout past it is left out, and counted)
LAYOUT_BUDGET: Final = 250_000


class Valued(budgeted.Valued):
    """What one call valued (:class:`cardlab.sim.open_hands.Valued`: ``table[layout,
    action]`` over the layouts kept, those layouts, the positions searched over all the
    layouts tried, and how many were left out past :data:`LAYOUT_BUDGET`), its layouts being
    whole engine states."""

    __slots__ = ()

    @property
    def states(self) -> list[Any]:
        """The layouts kept, engine states in the order sampled (``table``'s rows)."""
        return self.layouts


def serves(state: Any) -> bool:
    """Whether the solver values ``state``'s play: a seat to move in the play with at most
    :data:`MAX_CARDS` cards, a deal the compiled loop searches, and the declaring side
    settled (a Zwabber whose partner is the first trick's winner has none before it)."""
    if state.phase != "play" or state.is_over or state.to_move is None:
        return False
    if len(state.hands[state.to_move]) > MAX_CARDS:
        return False
    opts = state.game.options
    if (state.bid.kind.name == "zwabber" and opts.zwabber_partner == "first_trick_winner"
            and not state.tricks):
        return False  # the measure reads a side nobody knows yet
    try:
        return compiled(state)
    except ValueError:
        return False


def searched_seat(state: Any) -> tuple[int, int]:
    """The seat whose own payment the solver searches for the mover's measure in
    ``state`` (one whole layout), and the sign that makes it the measure: the mover itself
    where its own points are the measure (zero-sum scoring, or the declaring side, whose
    members are paid alike: A2.11 / P-A19), else (a defender under ``pagat_plus_minus``,
    paid nothing) the declarer, negated."""
    me = state.to_move
    if state.game.options.scoring == "zero_sum_per_opponent" or me in state.team():
        return me, 1
    return state.declarer, -1


def allies(state: Any, seat: int) -> tuple[int, ...]:
    """The seats paid alike with ``seat`` on the layout ``state`` (engine truth: a whole
    layout is open), who play with it: its partner on the declaring side, or its fellow
    defenders."""
    team = state.team()
    side = team if seat in team else tuple(s for s in range(4) if s not in team)
    return tuple(s for s in side if s != seat)


def value_layouts(state: Any, legal: list[str], n: int, seed: int) -> Valued | None:
    """Each action of ``legal`` valued on each of at most ``n`` layouts (module
    docstring), or None where :func:`serves` says no, no layout fits or an action is not
    legal."""
    if not serves(state) or n <= 0:
        return None
    if not set(legal) <= {str(a) for a in state.legal_actions()}:
        return None
    try:
        layouts = sample_states(state, n, seed)
    except ValueError:
        return None
    names = state.game.seat_names

    def value(t: Any, limit: int) -> tuple[list[float] | None, int]:
        """The layout's row (None past ``limit`` positions), and the positions searched."""
        seat, sign = searched_seat(t)
        ad = PandoerenAdapter(t)
        search = CompiledSearch(ad, names[seat], limit, allies(t, seat))
        try:
            # + 0.0: a negated nought is shown as 0, not -0 (its exact ignores the guess)
            by_text = search.move_values(t, lambda v: sign * v + 0.0)
        except SolveBudgetExceeded:
            return None, search.nodes
        return [by_text[a] for a in legal], search.nodes

    budget = LayoutBudget(NODES_PER_LAYOUT, MAX_NODES, MIN_LAYOUTS, LAYOUT_BUDGET)
    got = value_within(layouts, value, n, budget)
    return None if got is None else Valued(*got)


def open_hands_values(state: Any, legal: list[str], n: int, seed: int
                      ) -> list[np.ndarray] | None:
    """Per action of ``legal`` (the mover's cards or announcements), its value on each
    layout valued (at most ``n``, the same layouts in the same order for every action), in
    the rollout hint's measure; None where :func:`serves` says no."""
    return per_action(value_layouts(state, legal, n, seed))
