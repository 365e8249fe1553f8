"""The parts of a fail-soft alpha-beta search that every game's compiled search shares.

Each game's compiled search (:mod:`~cardlab.solve.trick_core`,
:mod:`~cardlab.solve.officer_skat_core`, :mod:`~cardlab.solve.pandoeren_core`,
:mod:`~cardlab.solve.panfin_core`) walks its own positions: what a move changes, what is
sure from a position and how its table key is read are the game's. How a search keeps its
window, weighs a child's answer, uses and fills the transposition table, orders the moves
and closes in on an exact value by zero-window tests is the same in every game, and is
written here once.

**A depth's frame.** The recursion of each search is unrolled onto an array of frames, one
row per depth, so that numba can cache the compiled loop. The first :data:`COLUMNS` columns
of a row are kept by the functions here: the running window (:data:`ALPHA`, :data:`BETA`),
the window the moves are searched with (:data:`A_IN`, :data:`B_IN`: after the table's
bounds, what a stored result is read against), the best value so far and its move
(:data:`BEST`, :data:`CHOSEN`), the move being searched and the moves' number (:data:`AT`,
:data:`N`), the table slot (:data:`SLOT`, -1 for none) and whether the seat to move
maximises (:data:`MAXI`). A game's own columns follow from :data:`COLUMNS`.

**The table.** A slot holds a key (a row of int64 words; the search's own number belongs in
it, so that an entry of another search never matches), a lower and an upper bound on the
value searched and the move found best (-1: none). A position whose key is not in its slot
takes the slot at once (a new entry replaces the old one: the table never grows), with the
bounds that were sure before searching it.
"""

from __future__ import annotations

from typing import Any, Final

from cardlab.solve.jit import jit

__all__ = ["ALPHA", "BETA", "A_IN", "B_IN", "BEST", "CHOSEN", "AT", "N", "SLOT", "MAXI",
           "COLUMNS", "BIG", "enter_frame", "weigh", "probe", "store", "sort_moves",
           "mtdf_bound", "mtdf_narrow"]

#: the frame's shared columns
ALPHA, BETA, A_IN, B_IN, BEST, CHOSEN, AT, N, SLOT, MAXI = range(10)
#: the first column a game's own search may use
COLUMNS: Final = 10
#: beyond any value searched (a best-so-far that nothing has beaten yet)
BIG: Final = 1 << 40
#: a sort score above any other: the table's move is searched first
_FIRST: Final = 1 << 60


@jit(inline=True)
def enter_frame(f: Any, alpha: int, beta: int, maximising: bool, n: int, first_move: int,
                slot: int) -> None:
    """Set up the frame ``f`` of a position to be searched with the window
    ``(alpha, beta)``: ``n`` moves, the first of them ``first_move``, its table ``slot``."""
    f[ALPHA] = alpha
    f[BETA] = beta
    f[A_IN] = alpha
    f[B_IN] = beta
    f[BEST] = -BIG if maximising else BIG
    f[CHOSEN] = first_move
    f[AT] = 0
    f[N] = n
    f[SLOT] = slot
    f[MAXI] = 1 if maximising else 0


@jit(inline=True)
def weigh(f: Any, v: int, move: int) -> bool:
    """Weigh the answer ``v`` of the child reached by ``move`` (the frame's move
    :data:`AT`): the best so far and the window; True if it cuts the search off (the frame
    then has no move left), else the frame goes on to its next move."""
    cut = False
    if f[MAXI]:
        if v > f[BEST]:
            f[BEST] = v
            f[CHOSEN] = move
            if v > f[ALPHA]:
                f[ALPHA] = v
                cut = f[ALPHA] >= f[BETA]
    elif v < f[BEST]:
        f[BEST] = v
        f[CHOSEN] = move
        if v < f[BETA]:
            f[BETA] = v
            cut = f[ALPHA] >= f[BETA]
    f[AT] = f[N] if cut else f[AT] + 1
    return cut


@jit(inline=True)
def _same(tt_keys: Any, slot: int, key: Any) -> bool:
    # the first word first: most slots that do not hold the key differ in it already
    if tt_keys[slot, 0] != key[0]:
        return False
    for w in range(1, key.shape[0]):
        if tt_keys[slot, w] != key[w]:
            return False
    return True


@jit(inline=True)
def probe(tt_keys: Any, tt_bounds: Any, tt_moves: Any, slot: int, key: Any, lo: int, hi: int,
          alpha: int, beta: int) -> tuple[bool, int, int, int, int]:
    """Read the table at a keyed position (``key`` in ``slot``; ``lo … hi`` what is sure of
    its value without searching): ``(known, value, alpha, beta, first)`` — known, with its
    value (or the bound that settles the window), where the table's bounds answer for the
    window ``(alpha, beta)``; else the window narrowed to them and the move to search first
    (-1: none). A key not in its slot takes it, with the bounds ``lo … hi``."""
    if _same(tt_keys, slot, key):
        t_lo = int(tt_bounds[slot, 0])
        t_hi = int(tt_bounds[slot, 1])
        if t_lo >= beta or t_lo == t_hi:
            return True, t_lo, alpha, beta, -1
        if t_hi <= alpha:
            return True, t_hi, alpha, beta, -1
        return False, 0, max(alpha, t_lo), min(beta, t_hi), int(tt_moves[slot])
    for w in range(key.shape[0]):
        tt_keys[slot, w] = key[w]
    tt_bounds[slot, 0] = lo
    tt_bounds[slot, 1] = hi
    tt_moves[slot] = -1
    return False, 0, alpha, beta, -1


@jit(inline=True)
def store(tt_keys: Any, tt_bounds: Any, tt_moves: Any, key: Any, f: Any) -> None:
    """Record in the table what the search of the frame ``f`` proved, if its slot (the
    caller asks only where the frame has one) still holds ``key`` (a deeper position may
    have taken it meanwhile): against the window its moves were searched with, a fail low
    is an upper bound, a fail high a lower bound, else the value; and the move found best.
    (The caller tests the slot so that a position with none passes no arrays: in the
    compiled loop a call that takes arrays costs more than the test.)"""
    slot = f[SLOT]
    if not _same(tt_keys, slot, key):
        return
    best = f[BEST]
    if best <= f[A_IN]:
        if best < tt_bounds[slot, 1]:
            tt_bounds[slot, 1] = best
    elif best >= f[B_IN]:
        if best > tt_bounds[slot, 0]:
            tt_bounds[slot, 0] = best
    else:
        tt_bounds[slot, 0] = best
        tt_bounds[slot, 1] = best
    tt_moves[slot] = f[CHOSEN]


@jit(inline=True)
def sort_moves(moves: Any, scores: Any, n: int, first: int) -> None:
    """Sort ``moves[:n]`` by ``scores`` (one each), high first, the move ``first`` (the
    table's best, -1: none) ahead of all; moves of equal score keep their order."""
    for i in range(n):
        if moves[i] == first:
            scores[i] = _FIRST
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s


@jit(inline=True)
def mtdf_bound(lo: int, g: int) -> int:
    """MTD(f)'s next zero-window test, the value known to lie in ``lo … hi`` and ``g`` the
    last answer: the test ``(bound - 1, bound)`` with ``bound`` just above ``g`` where ``g``
    is the lower bound, else ``g``."""
    return g + 1 if g == lo else g


@jit(inline=True)
def mtdf_narrow(lo: int, hi: int, g: int, bound: int) -> tuple[int, int]:
    """What the answer ``g`` of the test at ``bound`` proves: below it an upper bound, else
    a lower bound. MTD(f) stops when ``lo`` meets ``hi``."""
    return (lo, g) if g < bound else (g, hi)
