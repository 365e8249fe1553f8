"""Officer Skat's deals played on well: the heuristic's card play until the solver serves a
deal, then every hand of that layout open (:data:`~cardlab.sim.simulator.OPEN_LATE`).

The coach values an option by what follows it. Where the open-hands solver does not serve
the position yet (more than eight cards a seat: the first eight tricks, and every call and
choice before the play), a layout was played to its end by the heuristic at both seats,
a weaker player than the expert, whose card values in the last eight tricks are the
solver's (:mod:`cardlab.sim.officer_skat.open_hands`). :func:`finish_open` plays a batch
of layouts on with the heuristic only until no seat holds more than
:data:`~cardlab.sim.officer_skat.open_hands.MAX_CARDS` cards, then takes each layout's
exact value with every card of that layout open (both seats playing perfectly from
there), in the hint's measure: the seat's points less the other seat's at the end of the
deal (OS-7; the margin the open-hands valuer searches, exact under every scoring).

A layout the compiled loop does not search (a Null under ``null_mode="no_tricks"``, which
ends at the declarer's first trick), one past :data:`ROW_BUDGET` positions, and one that
ended before the crossover, is played to its end by the heuristic and scored by the batch,
in the same measure. The positions searched decide, not the clock: the same deals give
the same values on any machine.

What the layout's solver is given is only that layout: its face-down cards are the row's
own (the batch's ``under``), never the true deal's, so two deals a seat cannot tell apart
give the same values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from cardlab.games.officer_skat.rules import TRICKS
from cardlab.sim.officer_skat.batch import OfficerSkatBatch, hint_batch, margins
from cardlab.sim.officer_skat.open_hands import MAX_CARDS, _LayoutAdapter, _on_layout
from cardlab.sim.simulator import OPEN_LATE, play_on
from cardlab.solve import compiled
from cardlab.solve.officer_skat import CompiledSearch, OfficerSkatAdapter, Position, adapter
from cardlab.solve.search import SolveBudgetExceeded

__all__ = ["ROW_BUDGET", "CROSSOVER", "finish_open", "hint"]

#: the positions one layout's search may take at the crossover (some 700 positions at the
#: median, 5,300 at most on 40 seeded deals: ten times that; past it the heuristic plays on)
ROW_BUDGET: Final = 50_000
#: the tricks played by the heuristic before the solver takes over: then no seat holds more
#: than :data:`~cardlab.sim.officer_skat.open_hands.MAX_CARDS` cards (16 each at the start)
CROSSOVER: Final = TRICKS - MAX_CARDS


def _searched(origin: Any) -> bool:
    """Whether the compiled loop searches ``origin``'s deal (not a Null that ends at the
    declarer's first trick, nor Ramsch when the solver declines it)."""
    try:
        return compiled(origin) and isinstance(adapter(origin), OfficerSkatAdapter)
    except ValueError:
        return False


def _position(batch: OfficerSkatBatch, b: int) -> Position:
    """Row ``b`` as the solver's position: every unplayed card (the playable tops, and the
    face-down card under each face-up top), the seat to move, the card led, the points and
    tricks so far, and Re as the deal has it (settled before the play's crossover)."""
    tb = batch.tb
    avail = int(batch.avail[b])
    remaining = avail
    for c in range(len(tb.game.deck)):
        if avail >> c & 1:
            beneath = int(batch.under[b, c])
            if 0 <= beneath < len(tb.game.deck):
                remaining |= 1 << beneath
    lead = int(batch.lead_card[b])
    return Position(remaining, int(batch.to_move[b]),
                    lead if 0 <= lead < len(tb.game.deck) else -1,
                    (int(batch.card_points[b, 0]), int(batch.card_points[b, 1])),
                    (int(batch.tricks_won[b, 0]), int(batch.tricks_won[b, 1])),
                    bool(batch.re[b]), False, False)


def finish_open(batch: OfficerSkatBatch, origins: Sequence[Any], seats: np.ndarray
                ) -> np.ndarray:
    """Every deal of ``batch`` played on and valued for ``seats[b]`` (module docstring): the
    heuristic to the crossover, then the layout's exact margin with every hand open, or
    the heuristic to the end where the solver does not serve it. ``origins[b]`` is the
    engine state row ``b`` was made from (its contract, declarer, calls and face-up cards;
    the face-down cards are the row's own). ``batch`` is played on in place."""
    seats = np.asarray(seats, dtype=np.int64)
    batch._before_play()
    while True:
        live = ~batch.done & (batch.n_tricks < CROSSOVER)
        if not live.any():
            break
        batch.step("heuristic")
    out = np.zeros(batch.size)
    rest: list[int] = []
    bases: dict[int, _LayoutAdapter | None] = {}
    places = [(s, p) for s in range(2) for p in range(8)]
    deck = {i: c for i, c in enumerate(batch.tb.game.deck)}
    for b in range(batch.size):
        if batch.done[b]:
            continue
        origin = origins[b]
        key = id(origin)
        if key not in bases:
            base = _LayoutAdapter(origin) if _searched(origin) else None
            if base is not None:
                base.margins = {}
            bases[key] = base
        base = bases[key]
        if base is None:
            rest.append(b)
            continue
        # the row's face-down cards: what lies under each face-up card of its layout
        cards = batch.under[b][base.pile_up.ravel()]
        ad = _on_layout(base, places, cards, deck)
        search = CompiledSearch(ad, ad.side_of(int(seats[b])), ROW_BUDGET)
        try:
            out[b] = search.exact(_position(batch, b))
        except SolveBudgetExceeded:
            rest.append(b)
    ended = np.flatnonzero(batch.done)
    if len(ended):
        out[ended] = margins(batch.take(ended), seats[ended])
    if rest:
        idx = np.asarray(rest)
        left = batch.take(idx)
        left.play("heuristic")
        out[idx] = margins(left, seats[idx])
    return out


def hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The card hint's values (``Simulator.hint``): per legal play, the mover's margin over
    ``n`` layouts, each deal played on with ``policy``, or finished with open hands under
    :data:`~cardlab.sim.simulator.OPEN_LATE`."""
    batch, seeds = hint_batch(state, legal, n, seed)
    me = np.full(batch.size, state.to_move)
    if policy == OPEN_LATE:
        diff = finish_open(batch, [state] * batch.size, me)
    else:
        play_on(batch, seeds, policy)
        diff = margins(batch, me)
    return [diff[i * n:(i + 1) * n] for i in range(len(legal))]
