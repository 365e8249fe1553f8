"""Pandoeren's deals played on as the expert plays them: the batch's heuristic until the
open-hands solver serves the deal, then every hand of the layout open
(:data:`~cardlab.sim.simulator.OPEN_LATE`, ``Simulator.finish_open``).

:func:`finish_open` takes a :class:`~cardlab.sim.pandoeren.batch.PandoerenBatch` in its
play and, for every deal (row) of it, the scalar state it was made from. Each row is played
on by the batch's ``"heuristic"`` policy, every step recorded, until the seat to move holds
:data:`~cardlab.sim.pandoeren.open_hands.MAX_CARDS` cards or fewer and the solver serves
the deal (:func:`~cardlab.sim.pandoeren.open_hands.serves`: the compiled loop searches it,
and the declaring side is settled). There the row becomes an engine state (its origin's
actions replayed on the row's own hands, :func:`~cardlab.sim.pandoeren.states` does the
same for its samples, then the recorded steps), and its value is the exact value of that
whole position, every hand open and every seat playing perfectly: the search
:mod:`~cardlab.sim.pandoeren.open_hands` runs for a layout, the seat valued and its
partners (paid alike, A2.11) maximising and the others minimising.

The value is the rollout hint's measure (:func:`cardlab.sim.pandoeren.batch._hint`) for
the row's seat: the declaring side's points, for that seat if it is on the side in the row's
layout and against it otherwise, or under ``scoring="zero_sum_per_opponent"`` the seat's own
points (A2.11 / P-A19). A search past :data:`ROW_BUDGET` positions is given up and the
heuristic plays the row's next trick before the solver tries again, a card fewer in every
hand (the last trick, one card a hand, is forced). A row the solver does not serve (a form
the compiled loop does not search, or a deal the engine refuses on the row's hands) is
played to its end by the heuristic and scored by the batch in the same measure, as the
hint scores its rollouts. Budgets are positions searched, never time, so the same rows give
the same values on any machine.

Measured on 2 shared cores, the default options, from the opening lead of a deal whose
first seat bids and the heuristic bots call the rest (seeds 1-8): at the crossover (five
cards a hand) the replay that makes a row's engine state takes ~0.6 ms and its search a
median of 0.3-1.2 ms (a tenth past 2-4 ms) in a number bid, Pandoer or Kereltje. A misère
is the costly one: its search from five cards usually passes 10,000 positions (~8 ms) and
is tried again at four. The OPEN_LATE hint of an opening lead (8 cards, 4 layouts) takes a
median of 20-70 ms (misère 47 ms, at most ~0.4 s); with 40 layouts 0.2-0.7 s (misère
~0.9 s, at most ~3 s), where the heuristic's play to the end takes ~5 ms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from cardlab.sim.bits import popcount
from cardlab.sim.pandoeren.open_hands import MAX_CARDS, allies, serves
from cardlab.sim.sampling import hand_mask
from cardlab.solve.pandoeren import CompiledSearch, PandoerenAdapter
from cardlab.solve.search import SolveBudgetExceeded

__all__ = ["ROW_BUDGET", "finish_open", "row_state", "measure_seat"]

#: the positions one row's search may take (~8 ms) before the heuristic plays another trick
#: of it (a search at the crossover takes ~1 ms at the median; a misère's from five cards
#: usually 50,000-100,000 positions, from four mostly fewer than 10,000)
ROW_BUDGET: Final = 10_000


def measure_seat(state: Any, seat: int) -> tuple[int, int]:
    """The seat whose own payment the solver searches for ``seat``'s measure on the whole
    layout ``state``, and the sign that makes it that measure: ``seat`` itself where its own
    points are the measure (zero-sum scoring, or the declaring side, whose members are paid
    alike: A2.11 / P-A19), else (a defender under ``pagat_plus_minus``, paid nothing
    whatever is played) the declarer, negated. (:func:`~cardlab.sim.pandoeren.open_hands.
    searched_seat` is this for the seat to move.)"""
    if state.game.options.scoring == "zero_sum_per_opponent" or seat in state.team():
        return seat, 1
    return state.declarer, -1


def row_state(origin: Any, hands: np.ndarray, steps: Sequence[int]) -> Any | None:
    """Row's engine state: ``origin``'s deal with the hands ``hands`` (the row's four masks
    when it was handed over, at ``origin``'s moment) and ``steps`` played after it (the
    batch's record for the row: card indices, or ``SAY_ROEM`` / ``SAY_STUK``); None if the
    engine refuses the deal or an action on those hands."""
    from cardlab.sim.pandoeren.states import _replayed

    deck = origin.game.deck
    idx = {c: i for i, c in enumerate(deck)}
    same = all(hand_mask(idx, origin.hands[s]) == int(hands[s]) for s in range(4))
    # the origin is the row's own deal (a whole sampled state): no replay needed
    state = origin if same else _replayed(origin, hands)
    return None if state is None else _applied(state, steps)


def _applied(state: Any, steps: Sequence[int]) -> Any | None:
    """``state`` after the batch's recorded ``steps`` (card indices, or ``SAY_ROEM`` /
    ``SAY_STUK``); None if the engine refuses one."""
    from cardlab.errors import IllegalAction
    from cardlab.sim.pandoeren.batch import SAY_ROEM, SAY_STUK

    deck = state.game.deck
    try:
        for code in steps:
            state = state.apply("announce roem" if code == SAY_ROEM else "announce stuk"
                                if code == SAY_STUK else f"play {deck[code].code}")
    except IllegalAction:
        return None
    return state


def _solved(state: Any, seat: int, budget: int) -> float | None:
    """``seat``'s measure on the whole position ``state`` by the open-hands search, or None
    past ``budget`` positions."""
    searched, sign = measure_seat(state, seat)
    names = state.game.seat_names
    search = CompiledSearch(PandoerenAdapter(state), names[searched], budget,
                            allies(state, searched))
    try:
        # + 0.0: a negated nought reads as 0, not -0
        return sign * search.exact(state) + 0.0
    except SolveBudgetExceeded:
        return None


def finish_open(batch: Any, origins: Sequence[Any], seats: np.ndarray,
                budget: int = ROW_BUDGET) -> np.ndarray:
    """Every row of ``batch`` (a ``PandoerenBatch`` in its play, row ``b`` at the moment of
    the scalar state ``origins[b]``: the same actions made, its hands perhaps another
    layout of the cards hidden from a seat) played on and valued for seat ``seats[b]`` as
    the module docstring says: the open-hands solver's value where it serves the row
    (``budget`` positions per search), else the heuristic's play to the end, scored. The
    batch is played on in place: at the end every row is ``done`` (a solved row where the
    solver took it over) and its ``record`` holds this play's steps."""
    size = batch.size
    seats = np.asarray(seats, dtype=np.int64)
    if len(origins) != size or seats.shape != (size,):
        raise ValueError("finish_open needs one origin and one seat per row of the batch")
    handed = batch.hands.copy()
    out = np.zeros(size, dtype=float)
    solved = np.zeros(size, dtype=bool)
    # the most cards the mover may hold for the row's next search: MAX_CARDS, then (after a
    # search past its budget) fewer, the next trick's; 0 once the solver does not serve it
    limit = np.where(batch.done, 0, MAX_CARDS)
    states: list[Any] = [None] * size  # each row's engine state as far as it is replayed
    replayed = np.zeros(size, dtype=np.int64)  # the steps replayed on it
    rows = np.arange(size)
    c = batch.tb.n_cards
    batch.record = []
    while True:
        held = popcount(batch.hands[rows, batch.to_move])
        ready = np.flatnonzero(~batch.done & (held <= limit))
        if ready.size:
            steps = np.array(batch.record, dtype=np.int64).reshape(-1, size)
            for b in ready.tolist():
                new = [int(x) for x in steps[replayed[b]:, b] if x != c]
                replayed[b] = len(steps)
                t = states[b] = (row_state(origins[b], handed[b], new) if states[b] is None
                                 else _applied(states[b], new))
                if t is None or not serves(t):
                    limit[b] = 0  # the heuristic plays it to the end
                    continue
                v = _solved(t, int(seats[b]), budget)
                if v is None:  # again at the next trick, a card fewer in every hand
                    limit[b] = held[b] - 1
                else:
                    out[b], solved[b] = v, True
            batch.done |= solved  # the solver has valued them: the heuristic stops there
        if batch.done.all():
            break
        batch.step("heuristic")
    rest = np.flatnonzero(~solved)
    if rest.size:
        out[rest] = _scored(batch, seats)[rest]
    return out


def _scored(batch: Any, seats: np.ndarray) -> np.ndarray:
    """Every row's measure for ``seats`` from the batch's scores of the finished deal (the
    rollout hint's: the declarer's points, for the seat if it is on her side and against it
    otherwise; the seat's own under zero-sum scoring)."""
    pts = batch.scores()
    rows = np.arange(batch.size)
    if batch.tb.zero_sum:
        return np.asarray(pts[rows, seats], dtype=float)
    side = batch.team_mask()[rows, seats]
    return np.asarray(np.where(side, 1, -1) * pts[rows, batch.declarer], dtype=float)
