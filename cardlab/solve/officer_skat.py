"""Officer Skat's adapters: compact positions over the kernel, searched compiled; the piles.

Open hands means the solver knows the face-down cards too: the engine's state holds them,
and the engine turns them up (OS-5.3). Every card's seat and pile are fixed by the deal's
layout, so a position of the play is the set of cards still to be played, the seat to move,
the card led to the trick so far and each seat's card points and tricks so far
(:class:`Position`); a seat's playable cards are its piles' top cards, through the kernel's
``legal_mask`` (OS-5.2, OS-5.5), and a trick's winner and points are the kernel's
(OS-5.6, OS-2.2). :class:`OfficerSkatAdapter` walks these positions, and its search is the
compiled loop of :mod:`cardlab.solve.officer_skat_core`.

**What is searched: the score.** Officer Skat's score reads card points (the 61 to win,
Schneider, a Null's fewest points, Ramsch's losses) and tricks (Schwarz by tricks,
Durchmarsch), so no single count is searched: the deal's end score of the side solved for
is minimaxed, looked up from a table of every end (seat 0's card points 0-120 and tricks
0-16, seat 1 the rest) built with the game's own :func:`~cardlab.games.officer_skat.scoring.score`
of the deal's facts (:func:`end_scores`). ``Values.searched`` says ``"score"``.

Two cards are merged only when their card points are equal and neither lies on a
face-down card still to turn up. A Re still open at the opening lead (B-6) is a move of its
own beside the cards; a Null under ``null_mode="no_tricks"`` ends at the declarer's first
trick, with card points that are not the whole pack's: those deals are searched on the
engine's own states (:class:`StatesAdapter`), as is any deal the compact positions cannot
hold.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import numpy as np

from cardlab.games.officer_skat.kernel import (
    CARD_SLOTS,
    NO_SUIT,
    TRUMP_SUIT,
    effective_suit_code,
    legal_mask,
    trick_card_points,
    trick_key,
    trick_winner_index,
)
from cardlab.games.officer_skat.rules import (
    GAME_CALLS,
    PACK_ORDER,
    TOTAL_POINTS,
    TRICKS,
    card_index,
    kernel_tables,
)
from cardlab.games.officer_skat.scoring import DealFacts, matadors, score
from cardlab.solve import officer_skat_core as core
from cardlab.solve.adapter import Adapter, register, touching_groups
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.search import INF, Search, SolveBudgetExceeded

if TYPE_CHECKING:
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["OfficerSkatAdapter", "StatesAdapter", "Position", "CompiledSearch", "end_scores",
           "adapter"]

#: the kernel's tables as tuples (the Python side) and as numpy arrays (the compiled loop)
_TABLES = kernel_tables()
_ARRAYS = cast(Any, _TABLES)._replace(**{
    name: np.array(getattr(_TABLES, name), dtype=np.int64)
    for name in ("suit_masks", "effective_suit", "strength", "card_points", "bits", "ladders",
                 "ladder_len", "base_values")})
#: the most card points one trick can bring (two aces, OS-2.2)
_TRICK_MOST = 2 * max(_TABLES.card_points)
_NULL = GAME_CALLS.index("null")
_RAMSCH = GAME_CALLS.index("ramsch")
_RE = "re"


class Position(NamedTuple):
    """One moment of the play, compact.

    :ivar remaining: the cards still to be played (bit ``i``: the kernel's card ``i``).
    :ivar turn: the seat to move. :ivar lead: the card led to the trick, -1 for none.
    :ivar points: each seat's card points so far. :ivar tricks: each seat's tricks so far.
    :ivar re: Re said. :ivar re_open: Re may still be said beside the opening lead (B-6).
    :ivar over: the deal has ended.
    """

    remaining: int
    turn: int
    lead: int
    points: tuple[int, int]
    tricks: tuple[int, int]
    re: bool
    re_open: bool
    over: bool


# -- the end scores -------------------------------------------------------------------------
class _Ends:
    """One deal kind's end scores, filled as searches need them: ``table[seat, points *
    TRICK_SLOTS + tricks]`` (seat 0's final card points and tricks), ``filled`` per end."""

    def __init__(self, facts: DealFacts, options: Any) -> None:
        self.facts = facts
        self.options = options
        size = core.POINT_SLOTS * core.TRICK_SLOTS
        self.table = np.zeros((2, size), dtype=np.int64)
        self.filled = np.zeros(size, dtype=bool)

    def fill(self, p_lo: int, p_hi: int, t_lo: int, t_hi: int) -> bool:
        """Score every end with seat 0's points in ``p_lo … p_hi`` and tricks in ``t_lo …
        t_hi`` not scored yet; whether any was. An end no deal can reach (a trick brings at
        most two aces' points) takes the score of the nearest end of its trick count that
        can be reached, so the table's least and most over a span of ends any position
        can reach are those of reachable ends."""
        added = False
        T = core.TRICK_SLOTS
        for tr in range(t_lo, t_hi + 1):
            low = max(0, TOTAL_POINTS - _TRICK_MOST * (TRICKS - tr))
            high = min(TOTAL_POINTS, _TRICK_MOST * tr)
            for p in range(p_lo, p_hi + 1):
                i = p * T + tr
                if self.filled[i]:
                    continue
                q = min(max(p, low), high)
                j = q * T + tr
                if not self.filled[j]:
                    result = score(replace(self.facts, card_points=(q, TOTAL_POINTS - q),
                                           tricks=(tr, TRICKS - tr)), self.options)
                    self.table[:, j] = result.seat_points
                    self.filled[j] = True
                if j != i:
                    self.table[:, i] = self.table[:, j]
                    self.filled[i] = True
                added = True
        return added


#: deal kinds → their end scores (at most 256, about 9 MiB: the oldest kind goes first)
_ENDS: dict[Hashable, _Ends] = {}
_ENDS_MAX = 256


def end_scores(facts: DealFacts, options: Any) -> _Ends:
    """The end scores of a deal with ``facts`` under ``options`` (every count but the card
    points and tricks). The score reads the declarer's cards only through their matadors
    (OS-7.1), so deals alike in the contract, the declarer, Kontra, Re and the matadors
    share one table."""
    run = (matadors(facts.declarer_cards, facts.contract, options.matadors)
           if facts.declarer is not None else None)
    key = (facts.contract, facts.declarer, facts.kontra, facts.re, run, options)
    ends = _ENDS.get(key)
    if ends is None:
        if len(_ENDS) >= _ENDS_MAX:
            del _ENDS[next(iter(_ENDS))]
        ends = _ENDS[key] = _Ends(facts, options)
    return ends


# -- the adapters ---------------------------------------------------------------------------
class StatesAdapter(Adapter):
    """Officer Skat on the engine's states (interpreted): touching cards of equal points
    merged; a key by points and tricks."""

    def moves(self, state: State) -> list[list[Action]]:
        st: Any = state
        covering = frozenset(
            up for seat_piles in st.layout.piles for down, up in seat_piles
            if down is not None and down not in st.turned and down not in st.played)
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=covering,
                               equal_value=True)

    def trick_start(self, state: State) -> bool:
        return state._cur is None  # type: ignore[attr-defined]

    def summary(self, name: str, value: Any) -> Any:
        if name == "tricks":
            points = [0, 0]
            won = [0, 0]
            for t in value:
                points[t.winner] += t.points
                won[t.winner] += 1
            return tuple(points), tuple(won)
        return value


class OfficerSkatAdapter(Adapter):
    """Officer Skat's play on compact :class:`Position` s over the kernel, searched by the
    compiled loop (every deal whose end is the sixteenth trick)."""

    searched = "score"
    compiled = HAVE_NUMBA

    def __init__(self, root: State) -> None:
        super().__init__(root)
        st: Any = root
        self.contract = st.contract_index
        self.codes = {card_index(c): c.code for c in root.game.deck}
        self.pile_up = np.zeros((2, 8), dtype=np.int64)
        self.pile_down = np.zeros((2, 8), dtype=np.int64)
        for seat, piles in enumerate(st.layout.piles):
            for p, (down, up) in enumerate(piles):
                self.pile_up[seat, p] = card_index(up)
                self.pile_down[seat, p] = card_index(down)
        self.facts = st.facts()
        self.options = root.game.options
        self.seat_of_side = {name: seats[0] for name, seats in self.sides.items()}
        # per effective suit, its cards strongest first (the kernel's trick keys)
        c = self.contract
        self.ladders: list[list[int]] = []
        for e in range(TRUMP_SUIT + 1):
            cards = [i for i in range(len(PACK_ORDER))
                     if _TABLES.effective_suit[c * CARD_SLOTS + i] == e]
            cards.sort(key=lambda i: -trick_key(_TABLES, c, e, i))
            self.ladders.append(cards)

    def search(self, side: str, budget: int) -> Search:
        """The compiled search (:mod:`cardlab.solve.officer_skat_core`) for ``side``."""
        return CompiledSearch(self, side, budget)

    def ends(self, re: bool) -> _Ends:
        """The deal's end scores, with or without Re."""
        return end_scores(replace(self.facts, re=re), self.options)

    # -- positions --------------------------------------------------------------------
    def root(self, state: State) -> Position:
        st: Any = state
        remaining = 0
        for hand in st.hands:
            for card in hand:
                remaining |= 1 << card_index(card)
        lead = -1
        if st._cur is not None and st._cur.plays:
            lead = card_index(st._cur.plays[0].card)
        # a finished deal: the last trick's winner would lead next
        turn = st.tricks[-1].winner if state.is_over else self.to_move(state)
        return Position(remaining, turn, lead, st.card_points, st.tricks_won,
                        bool(st.re), bool(st.re_open), state.is_over)

    def text(self, position: Any, move: Any) -> str:
        return _RE if move == _RE else f"play {self.codes[move]}"

    def is_over(self, state: Any) -> bool:
        return bool(state.over)

    def to_move(self, state: Any) -> int:
        if isinstance(state, Position):
            return state.turn
        return super().to_move(state)

    def end_value(self, state: Any, side: str) -> float:
        pos: Position = state
        p0, t0 = pos.points[0], pos.tricks[0]
        ends = self.ends(pos.re)
        ends.fill(p0, p0, t0, t0)
        return float(ends.table[self.seat_of_side[side], p0 * core.TRICK_SLOTS + t0])

    def trick_start(self, state: Any) -> bool:
        return int(state.lead) < 0

    def key(self, state: Any) -> Any:
        pos: Position = state
        return pos.remaining, pos.turn, pos.points, pos.tricks, pos.re, pos.re_open

    def tops(self, pos: Position, seat: int) -> tuple[int, int]:
        """OS-5.2 the seat's top cards, and those of them lying on a face-down card."""
        tops = covering = 0
        for p in range(8):
            up, down = int(self.pile_up[seat, p]), int(self.pile_down[seat, p])
            if pos.remaining >> up & 1:
                tops |= 1 << up
                if pos.remaining >> down & 1:
                    covering |= 1 << up
            elif pos.remaining >> down & 1:
                tops |= 1 << down
        return tops, covering

    def moves(self, state: Any) -> list[list[Any]]:
        """The playable cards in groups of merged cards (as the compiled loop merges them),
        and Re while it is open."""
        pos: Position = state
        c = self.contract
        tops, covering = self.tops(pos, pos.turn)
        led = NO_SUIT if pos.lead < 0 else effective_suit_code(_TABLES, c, pos.lead)
        legal = legal_mask(_TABLES, tops, c, led)
        present = pos.remaining | (1 << pos.lead if pos.lead >= 0 else 0)
        groups: list[list[Any]] = [[_RE]] if pos.re_open else []
        points = _TABLES.card_points
        for ladder in self.ladders:
            prev = -1
            for card in ladder:
                b = 1 << card
                if not present & b:
                    continue
                if legal & b and not covering & b:
                    if prev >= 0 and points[prev] == points[card]:
                        groups[-1].append(card)
                    else:
                        groups.append([card])
                    prev = card
                else:
                    if legal & b:
                        groups.append([card])
                    prev = -1
        return groups

    def child(self, state: Any, move: Any) -> Any:
        pos: Position = state
        if move == _RE:
            return pos._replace(re=True, re_open=False)
        card = int(move)
        remaining = pos.remaining & ~(1 << card)
        if pos.lead < 0:
            return pos._replace(remaining=remaining, turn=1 - pos.turn, lead=card,
                                re_open=False)
        c = self.contract
        led = effective_suit_code(_TABLES, c, pos.lead)
        winner = pos.turn if trick_winner_index(_TABLES, c, led, pos.lead, card) == 1 \
            else 1 - pos.turn
        points = list(pos.points)
        tricks = list(pos.tricks)
        points[winner] += int(trick_card_points(_TABLES, pos.lead, card))
        tricks[winner] += 1
        return Position(remaining, winner, -1, (points[0], points[1]), (tricks[0], tricks[1]),
                        pos.re, False, remaining == 0)


def adapter(state: State) -> Adapter:
    """The adapter for ``state``'s deal: compact positions searched compiled, or the
    engine's states where a deal can end before its sixteenth trick (a Null under
    ``null_mode="no_tricks"``, OS-6.4)."""
    if state.game.options.null_mode == "no_tricks" and (
            state.contract == "null"):  # type: ignore[attr-defined]
        return StatesAdapter(state)
    return OfficerSkatAdapter(state)


#: the compiled search's shared table (made on first use) and the number of the last search
_TABLE: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
_GEN = itertools.count(1)


class CompiledSearch(Search):
    """:class:`~cardlab.solve.search.Search`'s interface over the compiled loop of
    :mod:`cardlab.solve.officer_skat_core`: the side's end score from a :class:`Position`
    (the side's seat maximises it, the other seat minimises it). A Re still open is weighed
    here, between the compiled searches of the positions after it."""

    def __init__(self, adapter: OfficerSkatAdapter, side: str, budget: int) -> None:
        super().__init__(adapter, side, budget, tt_bytes=0)
        self.ad = adapter
        self.seat = adapter.seat_of_side[side]
        self.maxi = np.array([s == self.seat for s in range(2)], dtype=np.bool_)
        self.avoid = adapter.contract in (_NULL, _RAMSCH)
        width = max(len(lad) for lad in adapter.ladders)
        self.ladders = np.zeros((len(adapter.ladders), width), dtype=np.int64)
        for e, lad in enumerate(adapter.ladders):
            self.ladders[e, :len(lad)] = lad
        self.ladder_len = np.array([len(lad) for lad in adapter.ladders], dtype=np.int64)
        self.gen = next(_GEN)
        self._ctx: dict[tuple[bool, int], Any] = {}
        if not _TABLE:
            _TABLE.append(core.new_table())
        self.table = _TABLE[0]
        #: per seat and card, how often it cut the search off (the loop's move ordering)
        self.cuts = np.zeros((2, len(PACK_ORDER)), dtype=np.int64)
        self.stats = np.array([0, budget, 0], dtype=np.int64)

    def _reach(self, pos: Position) -> tuple[_Ends, int, int]:
        """The end scores of ``pos``'s Re, filled over every end ``pos`` can reach; the
        points and the tricks still out."""
        ends = self.ad.ends(pos.re)
        cards = pos.remaining | (1 << pos.lead if pos.lead >= 0 else 0)
        out = sum(_TABLES.card_points[c] for c in range(len(PACK_ORDER)) if cards >> c & 1)
        left = bin(cards).count("1") // 2
        p0, t0 = pos.points[0], pos.tricks[0]
        if ends.fill(p0, p0 + out, t0, t0 + left):
            self._ctx.clear()
        return ends, out, left

    def _by_points(self, pos: Position, ends: _Ends, out: int, left: int
                   ) -> tuple[np.ndarray, int] | None:
        """The side's score by seat 0's points still to come (0 … ``out``) where, over every
        end ``pos`` can reach, it reads no trick and only grows (1) or only falls (-1) with
        seat 0's points; None elsewhere."""
        p0, t0 = pos.points[0], pos.tricks[0]
        grid = ends.table[self.seat].reshape(core.POINT_SLOTS, core.TRICK_SLOTS)
        sub = grid[p0:p0 + out + 1, t0:t0 + left + 1]
        gain = np.arange(out + 1)[:, None]
        won = np.arange(left + 1)[None, :]
        # an end is reached only if the tricks won can hold the points, and the other
        # seat's tricks the rest (a trick brings at most two aces)
        can = (gain <= _TRICK_MOST * won) & (out - gain <= _TRICK_MOST * (left - won))
        lo = np.where(can, sub, np.iinfo(np.int64).max).min(axis=1)
        hi = np.where(can, sub, np.iinfo(np.int64).min).max(axis=1)
        some = can.any(axis=1)
        if np.any(some & (lo != hi)):
            return None
        f = lo.copy()
        for i in range(out + 1):  # an unreachable count takes the count's below it
            if not some[i]:
                f[i] = f[i - 1] if i else f[np.argmax(some)]
        step = np.diff(f)
        if np.all(step >= 0):
            return f, 1
        if np.all(step <= 0):
            return f, -1
        return None

    def _context(self, pos: Position, ends: _Ends, direction: int) -> Any:
        """The loop's context: by seat 0's points still to come (``direction`` 1: the side
        wants more of them, -1: fewer), or by the end score (``direction`` 0)."""
        key = (pos.re, direction)
        ctx = self._ctx.get(key)
        if ctx is None:
            row = np.ascontiguousarray(ends.table[self.seat])
            row_min, row_max, log2 = core.range_tables(row)
            # who wants more of the count: the side's seat, or (fewer points) the other
            up = self.seat if direction >= 0 else 1 - self.seat
            maxi = np.array([s == up for s in range(2)], dtype=np.bool_)
            if direction:
                greedy = np.array([maxi[0], not maxi[1]], dtype=np.bool_)
            else:
                greedy = np.array([not self.avoid] * 2, dtype=np.bool_)
            ctx = (_ARRAYS, self.ad.contract, self.ad.pile_up, self.ad.pile_down, self.ladders,
                   self.ladder_len, row, row_min, row_max, log2, maxi, greedy,
                   bool(direction), self.gen * 4 + direction + 1)
            self._ctx[key] = ctx
        return ctx

    def exact(self, state: Any, guess: float | None = None) -> float:
        """The exact end score of the side from ``state`` (a :class:`Position`)."""
        pos: Position = state
        if pos.over:
            return self.ad.end_value(pos, self.side)
        if pos.re_open:
            kids = [self.exact(child) for _, child in self.children(pos)]
            return max(kids) if pos.turn == self.seat else min(kids)
        ends, out, left = self._reach(pos)
        keys, bounds, moves = self.table
        self.stats[2] = 0
        by_points = self._by_points(pos, ends, out, left)
        if by_points is not None:
            f, direction = by_points
            if f.min() == f.max():
                return float(f[0])  # nothing left to play for
            cuts = np.flatnonzero(np.diff(f)).astype(np.int64) + 1
            ctx = self._context(pos, ends, direction)
            # the guess (a sibling's score) as seat 0's points to come: the least that scores it
            hit = np.flatnonzero(f == guess) if guess is not None else np.zeros(0, np.int64)
            want = int(hit[0]) if len(hit) else -1
            gain = core.settle(pos.remaining, pos.turn, pos.lead, 0, out, cuts, want, ctx,
                               keys, bounds, moves, self.cuts, self.stats)
            v = int(f[gain])
        else:
            ctx = self._context(pos, ends, 0)
            g = 0 if guess is None or guess in (INF, -INF) else int(guess)
            v = core.exact(pos.remaining, pos.turn, pos.lead, pos.points[0], pos.tricks[0], g,
                           ctx, keys, bounds, moves, self.cuts, self.stats)
        self.nodes = int(self.stats[0])
        if self.stats[2]:
            raise SolveBudgetExceeded(self.budget)
        return float(v)

    def value(self, state: Any, alpha: float = -INF, beta: float = INF) -> float:
        """The exact value (a bound is never needed where the value itself is cheap)."""
        return self.exact(state)


register("officer_skat", adapter)

