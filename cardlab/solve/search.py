"""The one search of the solver: alpha-beta over a game's positions, with a bounded
transposition table, move ordering, merged equivalent cards and a node budget.

The search knows no game. A :class:`~cardlab.solve.adapter.Adapter` makes a position of a
state (the engine's state itself, or a compact record of it) and tells the moves
of a position (grouped: equivalent cards together), the position after a move, whether
a trick starts there, the table key of such a position and the end score. The value of a
position is the end score of one side (the side solved for) when every seat plays
perfectly with every card known: that side's seats maximise it, every other seat
minimises it (with more than two sides, the others play together against it).

Search (fail-soft alpha-beta):

* **Transposition table at trick starts.** A position where a trick is about to be led
  is stored with a lower and an upper bound on its value and the best move found, keyed
  by the adapter so that equivalent positions (the same cards left, the same facts the
  score and the rules read) meet. The table holds at most ``tt_bytes`` (64 MiB by
  default, counted at an estimated size per entry); when full, the older half of the
  entries is evicted instead of growing.
* **Move ordering.** The table's best move first, then moves by how often they cut the
  search off before (a history table keyed by the action), then the adapter's order.
* **Merged equivalent cards.** The adapter groups cards whose play leads to positions of
  equal value (touching cards of one suit, where the game counts only tricks); only the
  first of a group is searched, and every card of the group gets its value.
* **Node budget.** Every position visited counts; past the budget the search stops with
  :class:`SolveBudgetExceeded`, so no search runs unbounded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardlab.solve.adapter import Adapter

__all__ = ["SolveError", "SolveBudgetExceeded", "Search", "DEFAULT_BUDGET", "DEFAULT_TT_BYTES"]

#: the node budget when none is given: a few seconds of search on the teaching engine
DEFAULT_BUDGET: Final = 2_000_000
#: the transposition table's size cap (bytes, estimated)
DEFAULT_TT_BYTES: Final = 64 * 1024 * 1024
#: estimated bytes of one table entry: the key (a tuple of hands and facts, mostly shared
#: objects), the bounds and the dict slot
ENTRY_BYTES: Final = 400
INF: Final = float("inf")


class SolveError(ValueError):
    """The solver cannot value this input: not a cardlab state, a finished deal, or a
    phase with no card play (the message names it)."""


class SolveBudgetExceeded(SolveError):
    """The search visited more positions than its node budget allows (the message names
    the budget); give a larger ``budget=`` or ask from a later position."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"the open-hands search passed its node budget of {budget:,} positions "
                         "without finishing; give a larger budget= or ask from a later position")
        self.budget = budget


class Search:
    """The search for one side of one deal. Its table and history persist across calls,
    so the values of every move, a perfect line and the par of a deal share their work.

    :param adapter: the game's adapter (:mod:`cardlab.solve.adapter`).
    :param side: the name of the side whose end score is the value.
    :param budget: the node budget of all the calls of :meth:`value` together.
    :param tt_bytes: the table's size cap.
    """

    def __init__(self, adapter: Adapter, side: str, budget: int = DEFAULT_BUDGET,
                 tt_bytes: int = DEFAULT_TT_BYTES) -> None:
        self.adapter = adapter
        self.side = side
        self.seats = frozenset(adapter.side_seats(side))
        self.budget = budget
        self.tt: dict[Any, list[Any]] = {}
        self.tt_max = max(16, tt_bytes // ENTRY_BYTES)
        self.history: dict[Any, int] = {}
        self.nodes = 0

    # -- the public entry ---------------------------------------------------------
    def value(self, state: Any, alpha: float = -INF, beta: float = INF) -> float:
        """The value of ``state`` in the searched count (exact inside ``(alpha, beta)``, a
        bound outside it).

        :raises SolveBudgetExceeded: past the node budget.
        """
        return self._search(state, alpha, beta)

    def exact(self, state: Any, guess: float | None = None) -> float:
        """The exact value of ``state`` in the searched count, by zero-window tests (MTD(f),
        as DDS does on tricks): each test says whether the value reaches a bound, and the
        table keeps what every test proved. Counts and scores are whole numbers."""
        if guess is None:
            return self._search(state, -INF, INF)  # no guess yet: one full-window search
        lo, hi = -INF, INF
        g = guess
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self._search(state, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return g

    def children(self, state: Any) -> list[tuple[list[Any], Any]]:
        """Each group of equivalent moves with the position after its first move."""
        ad = self.adapter
        return [(group, ad.child(state, group[0])) for group in ad.moves(state)]

    def move_values(self, state: Any, measure: Callable[[float], float] | None = None
                    ) -> dict[str, float]:
        """Each move of ``state`` (by its notation) → the exact value of the position after it,
        read by ``measure`` (the searched count → what the caller reports; default the
        count itself). Equivalent moves share one search, and each search starts from the
        last one's value (neighbouring moves are often worth the same)."""
        ad = self.adapter
        out: dict[str, float] = {}
        guess: float | None = None
        for group, child in self.children(state):
            guess = self.exact(child, guess)
            v = guess if measure is None else measure(guess)
            for move in group:
                out[ad.text(state, move)] = v
        return out

    # -- the search ---------------------------------------------------------------
    def _search(self, state: Any, alpha: float, beta: float) -> float:
        ad = self.adapter
        self.nodes += 1
        if self.nodes > self.budget:
            raise SolveBudgetExceeded(self.budget)
        if ad.is_over(state):
            return ad.end_value(state, self.side)
        # what the side has already and can still get (the count's later-trick bounds)
        floor, ceiling = ad.bounds(state, self.side)
        if floor >= beta:
            return floor
        if ceiling <= alpha:
            return ceiling
        key = ad.key(state) if ad.trick_start(state) else None
        entry = None
        if key is not None:
            entry = self.tt.get(key)
            if entry is not None:
                # the table holds values relative to the count so far (equal positions
                # with different pasts meet); the floor is that count
                base = ad.offset(state, self.side)
                lo, hi = entry[0] + base, entry[1] + base
                if lo >= beta or lo == hi:
                    return float(lo)
                if hi <= alpha:
                    return float(hi)
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        groups = ad.moves(state)
        if len(groups) > 1:
            hist = self.history
            first = entry[2] if entry is not None else None
            groups.sort(key=lambda g: (g[0] != first, -hist.get(g[0], 0)))
        maximize = ad.to_move(state) in self.seats
        best_group = groups[0][0]
        a, b = alpha, beta
        if maximize:
            best = -INF
            for group in groups:
                v = self._search(ad.child(state, group[0]), a, b)
                if v > best:
                    best, best_group = v, group[0]
                    if v > a:
                        a = v
                        if a >= b:
                            self.history[group[0]] = self.history.get(group[0], 0) + 1
                            break
        else:
            best = INF
            for group in groups:
                v = self._search(ad.child(state, group[0]), a, b)
                if v < best:
                    best, best_group = v, group[0]
                    if v < b:
                        b = v
                        if a >= b:
                            self.history[group[0]] = self.history.get(group[0], 0) + 1
                            break
        if key is not None:
            base = ad.offset(state, self.side)
            self._store(key, entry, best - base, alpha - base, beta - base, best_group)
        return best

    def _store(self, key: Any, entry: list[Any] | None, v: float, alpha: float, beta: float,
               move: Any) -> None:
        """Record what the search proved: an upper bound (it failed low), a lower bound
        (it failed high) or the exact value, tightening what the table knew."""
        lo, hi = (-INF, INF) if entry is None else (entry[0], entry[1])
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        if entry is not None:
            entry[0], entry[1], entry[2] = lo, hi, move
            return
        tt = self.tt
        if len(tt) >= self.tt_max:
            # evict the older half (dicts keep insertion order) rather than grow
            for old in list(tt)[: len(tt) // 2]:
                del tt[old]
        tt[key] = [lo, hi, move]
