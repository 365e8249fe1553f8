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
(:data:`NODES_PER_LAYOUT` for each layout asked, at most :data:`MAX_NODES`, ~3 s): past
it no further layout is started, and the values are over the layouts done (at least
:data:`MIN_LAYOUTS`). A layout past :data:`LAYOUT_BUDGET` is left out (its positions still
count against the call's budget). The node count, not the clock, decides, so the same call gives the same values on any machine.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np

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


class Valued(NamedTuple):
    """What one call valued: ``table[layout, action]`` over the layouts kept, those layouts
    (engine states) in the same order, the positions searched over all the layouts tried,
    and how many layouts were left out past :data:`LAYOUT_BUDGET`."""

    table: np.ndarray
    states: list[Any]
    nodes: int
    left_out: int


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
    rows: list[list[float]] = []
    kept: list[Any] = []
    spent = left_out = 0
    budget = min(MAX_NODES, n * NODES_PER_LAYOUT)
    for t in layouts:
        if spent >= budget and len(rows) >= MIN_LAYOUTS:
            break
        seat, sign = searched_seat(t)
        ad = PandoerenAdapter(t)
        search = CompiledSearch(ad, names[seat], LAYOUT_BUDGET, allies(t, seat))
        by_text: dict[str, float] = {}
        try:
            for group, child in search.children(t):
                # + 0.0: a negated nought is shown as 0, not -0
                v = sign * search.exact(child) + 0.0
                for move in group:
                    by_text[ad.text(t, move)] = v
        except SolveBudgetExceeded:
            spent += search.nodes
            left_out += 1
            continue
        spent += search.nodes
        rows.append([by_text[a] for a in legal])
        kept.append(t)
    if not rows:
        return None
    return Valued(np.asarray(rows, dtype=float), kept, spent, left_out)


def open_hands_values(state: Any, legal: list[str], n: int, seed: int
                      ) -> list[np.ndarray] | None:
    """Per action of ``legal`` (the mover's cards or announcements), its value on each
    layout valued (at most ``n``, the same layouts in the same order for every action), in
    the rollout hint's measure; None where :func:`serves` says no."""
    got = value_layouts(state, legal, n, seed)
    if got is None:
        return None
    return [got.table[:, k].copy() for k in range(len(legal))]
