"""Panfin's adapter: four tricks, the double trick of both jokers, chips as the score.

The score is the seat's net chips (``result.points``: its antes and what the settlement of
the piatti pays it, B2.11), so :attr:`~cardlab.solve.Values.unit` is ``"chips"``; the seat
searched for plays against all the others together.

Two searches walk the same deal and give the same values:

* :class:`CompiledSearch` (what :meth:`PanfinAdapter.search` gives, so
  ``cardlab.solve.values``, ``line`` and ``par`` use it): it reads an engine state's hands,
  trick and piatti as card masks and searches on in :mod:`cardlab.solve.panfin_core`,
  compiled, over the game's kernel (the legal cards and pairs, the trick keys and winner,
  the double trick's two piatti, the Gobbo owed after the Vecia, the settlement). The legal
  actions of a position are valued together, in one compiled call.
* the generic alpha-beta of :mod:`cardlab.solve.search` over the engine's own states
  (``Search(adapter, side)``): every move alone (a hand holds four cards; the double trick
  and the duty to beat make "touching" cards a risky notion there), keyed by the state's
  fields. The tests hold the compiled search to it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from cardlab.games.panfin.judge import trick_position
from cardlab.games.panfin.rules import VECIA, card_index, card_mask, play_rules
from cardlab.solve import panfin_core as core
from cardlab.solve.adapter import Adapter, register
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.search import INF, Search, SolveBudgetExceeded

if TYPE_CHECKING:
    from cardlab.engine.state import State

__all__ = ["PanfinAdapter", "CompiledSearch"]


class PanfinAdapter(Adapter):
    """Panfin: the engine's moves and a key of the state's fields; the compiled search."""

    ignored = frozenset({"stock", "discards", "cut", "cutter", "calls", "spoken", "turnup"})
    compiled = HAVE_NUMBA

    def __init__(self, root: State) -> None:
        super().__init__(root)
        #: the state the adapter was made for (the deal's constants: seats in, pot, antes)
        self.root_state = root

    def search(self, side: str, budget: int) -> Search:
        """The compiled search (:mod:`cardlab.solve.panfin_core`) for ``side``."""
        return CompiledSearch(self, side, budget)

    def trick_start(self, state: State) -> bool:
        return not state.trick_  # type: ignore[attr-defined]


#: the compiled search's shared table (made on first use) and the number of the last search
_TABLE: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
_GEN = itertools.count(1)


class CompiledSearch(Search):
    """:class:`~cardlab.solve.search.Search`'s interface over the compiled search of
    :mod:`cardlab.solve.panfin_core`: the same values (the searched seat's net chips) from
    the engine's states, read as card masks."""

    def __init__(self, adapter: PanfinAdapter, side: str, budget: int) -> None:
        super().__init__(adapter, side, budget, tt_bytes=0)
        root: Any = adapter.root_state
        (seat,) = adapter.side_seats(side)  # a Panfin side is one seat
        self.seat = seat
        n = root.game.players
        active = tuple(not f for f in root.folded)
        #: the chips the seat has already won or paid (its antes)
        self.net = int(root.stacks[seat] - root.stacks_in[seat])
        trick = root.trick_
        leader = trick[0][0] if trick else root.to_move_
        held = len(root.hands_[leader]) + (len(trick[0][1]) if trick else 0)
        total = sum(root.piatti) + held  # the piatti of the finished deal
        weight, *rows = core.value_tables(active, int(root.pot), total)
        term, lo, hi = (r[seat] for r in rows)
        nxt = np.zeros(core.MAX_SEATS, dtype=np.int64)
        maxi = np.zeros(core.MAX_SEATS, dtype=np.bool_)
        for p in range(n):
            q = (p + 1) % n
            while not active[q]:
                q = (q + 1) % n
            nxt[p] = q
            maxi[p] = p == seat
        rules = play_rules(root.options)
        self.weight = weight
        self.ctx = (core.kernel_arrays(), rules, _dominant(root), int(sum(active)), nxt, maxi,
                    np.array(weight + (0,) * (core.MAX_SEATS - n), dtype=np.int64),
                    term, lo, hi, not rules.double_trick, card_index(VECIA), next(_GEN))
        if not _TABLE:
            _TABLE.append(core.new_table())
        self.table = _TABLE[0]
        self.stats = np.array([0, budget, 0], dtype=np.int64)

    def children(self, state: Any) -> list[tuple[list[Any], Any]]:
        """Each legal action (alone) with its position: a token that :meth:`exact` values
        with all its siblings in one compiled search, the first time one is asked."""
        groups = self.adapter.moves(state)
        siblings = _Siblings(state, [group[0] for group in groups])
        return [(group, _Child(siblings, i)) for i, group in enumerate(groups)]

    def exact(self, state: Any, guess: float | None = None) -> float:
        """The exact value of ``state`` (an engine state of this deal, or a position of
        :meth:`children`): the seat's net chips under perfect play."""
        if isinstance(state, _Child):
            sib = state.siblings
            if sib.values is None:
                card = self.adapter.card_of
                every = np.array([_move(card, a.args) for a in sib.actions], dtype=np.int64)
                sib.values = self._solve(sib.parent, every)
            return sib.values[state.at]
        st: Any = state
        if st.is_over:
            return float(st.result.points[self.side])
        return self._solve(st, _NONE)[0]

    def _solve(self, st: Any, every: np.ndarray) -> list[float]:
        """The value of the position ``st`` (a state of the play), or of each move of
        ``every`` from it."""
        hands = np.zeros(core.MAX_SEATS, dtype=np.int64)
        for s, hand in enumerate(st.hands_):
            hands[s] = card_mask(hand)
        pos = trick_position(st.trick_, st.dominant)
        pidx = sum(k * w for k, w in zip(st.piatti, self.weight))
        gdue = -1 if st.gobbo_due is None else st.gobbo_due
        trick = card_mask(c for _, cards in st.trick_ for c in cards)
        keys, bounds, moves = self.table
        out = np.zeros(len(every), dtype=np.int64)
        got = core.exact(hands, st.to_move_, len(st.trick_), pos.led, pos.led_key, pos.best_key,
                         pos.best_seat, pos.double_led, gdue, pidx, trick, self.ctx, keys,
                         bounds, moves, every, out, self.stats)
        self.nodes = int(self.stats[0])
        if self.stats[2]:
            raise SolveBudgetExceeded(self.budget)
        net = self.net
        return [float(net + v) for v in out] if len(every) else [float(net + got)]

    def value(self, state: Any, alpha: float = -INF, beta: float = INF) -> float:
        """The exact value (a bound is never needed where the value itself is cheap)."""
        return self.exact(state)


class _Siblings:
    """The moves of one position, valued together on first demand."""

    __slots__ = ("parent", "actions", "values")

    def __init__(self, parent: Any, actions: list[Any]) -> None:
        self.parent = parent
        self.actions = actions
        self.values: list[float] | None = None


class _Child(NamedTuple):
    """The position after ``siblings.actions[at]``."""

    siblings: _Siblings
    at: int


#: no moves: the position itself is valued
_NONE = np.zeros(0, dtype=np.int64)


def _move(card_of: Any, codes: tuple[str, ...]) -> int:
    """The compiled search's move of the cards ``codes``: ``first + 64 * second``."""
    first = card_index(card_of[codes[0]])
    second = card_index(card_of[codes[1]]) if len(codes) > 1 else core.NO_CARD
    return first + 64 * second


def _dominant(state: Any) -> int:
    return trick_position((), state.dominant).d


register("panfin", PanfinAdapter)
