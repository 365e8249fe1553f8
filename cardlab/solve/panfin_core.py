"""The compiled search of Panfin's trick phase, over the game's kernel.

Positions are card masks (bit ``i`` = the Treviso pack's card ``i``), changed in place and
changed back. Every rule of the play is the kernel's (:mod:`cardlab.games.panfin.kernel`,
compiled as written by :func:`~cardlab.solve.jit.compiled_kernel`): the legal cards
(``legal_mask``) and pairs (``legal_pair``: the jokers led together, the two-card answers),
the led suit and trick keys (``trick_led_suit``, ``trick_key``), the card now winning
(``trick_best``) and the piatti a trick is worth (``trick_piatti``: two for the double
trick). What a position is worth at the end comes from the kernel's settlement
(``deal_points``), tabulated in Python once per pot and table (:func:`value_tables`) over
every count of piatti the seats can end with.

The value searched is the chips the searched seat gets from the settlement (its antes,
already paid, are added by the caller); the seats in ``maxi`` maximise it and every other
seat minimises it (the other seats play together against it).

What keeps it small:

* **Bounds from the piatti.** Every position knows the best and the worst the settlement can
  still give the seat, whatever the remaining piatti go to (:func:`value_tables`: the
  kernel's settlement over every way to share them); a position whose bounds meet, or that
  a bound cuts off, is not searched.
* **A transposition table at trick starts**, keyed by the hands, the leader, the piatti and
  whether the leader owes the Gobbo's lead (``consecutive_forced``), in a fixed array (a new
  entry replaces the old one in its slot), shared by the searches: an entry of another
  search (another seat, pot or deal) never matches (``gen``).
* **Move ordering.** The table's move first; a leader's strongest cards; a follower plays low
  where its side already holds the trick, else wins it as cheaply as it can, else plays low.
* **A node budget**: past it the search stops and says so (the caller raises).

The recursion is unrolled onto ``frames`` (one row per play of the deal) so that numba can
cache the compiled loop.

The per-deal context ``ctx`` is a tuple: ``t`` (:func:`kernel_arrays`), ``rules`` (the kernel's
:class:`~cardlab.games.panfin.rules.PlayRules`), ``d`` (the dominant suit), ``n_active``,
``nxt`` (the next active seat), ``maxi`` (per seat), ``weight`` (a seat's weight in the
piatti's index: ``sum(piatti[s] * weight[s])``), ``term``/``lo``/``hi`` (by that index: the
settlement's chips for the seat of a finished deal, the least and the most it can still
get), ``consecutive`` (``both_jokers_lead="consecutive_forced"``), ``vecia`` (its index)
and ``gen`` (the search's number).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, Final

import numpy as np

from cardlab.games.panfin import kernel
from cardlab.games.panfin.rules import KernelTables, kernel_tables
from cardlab.solve.alphabeta import (
    ALPHA,
    AT,
    BEST,
    BETA,
    BIG,
    CHOSEN,
    COLUMNS,
    MAXI,
    SLOT,
    N,
    enter_frame,
    probe,
    sort_moves,
    store,
    weigh,
)
from cardlab.solve.jit import compiled_kernel, jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["MAX_SEATS", "DEPTH", "kernel_arrays", "new_table", "value_tables", "search",
           "exact", "legal_moves", "NO_CARD"]

_K = compiled_kernel(kernel, ["legal_mask", "legal_pair", "trick_led_suit", "trick_key",
                              "trick_best", "trick_piatti"])
_legal_mask, _legal_pair = _K.legal_mask, _K.legal_pair
_trick_led_suit, _trick_key, _trick_best = _K.trick_led_suit, _K.trick_key, _K.trick_best
_trick_piatti = _K.trick_piatti

#: the most seats at a Panfin table
MAX_SEATS: Final = 6
#: the deepest search: plays of a deal (four tricks of six seats)
DEPTH: Final = 4 * MAX_SEATS + 1
#: the most moves of one position: four cards alone, six pairs
_MOVES: Final = 10
#: the "no second card" of a move (a move is ``first + 64 * second``)
NO_CARD: Final = 40
#: log2 of the table's slots (2**16 slots of 7 key words, two bounds and a move: ~5 MiB)
TT_BITS: Final = 16
_MIX: Final = 0x1E3779B97F4A7C15
_LOW62: Final = (1 << 62) - 1
# a depth's own frame columns, after the shared ones (:mod:`~cardlab.solve.alphabeta`)
_TURN, _NPL, _LED, _LKEY, _BKEY, _BSEAT, _DBL, _GDUE, _PIDX, _HAND, _TRICK = range(
    COLUMNS, COLUMNS + 11)
_FIELDS: Final = COLUMNS + 11


@cache
def kernel_arrays() -> KernelTables:
    """The kernel's tables (:func:`~cardlab.games.panfin.rules.kernel_tables`) as arrays
    for the compiled loop: masks as ``int64`` (the 40 cards fit), so the kernel's bit
    operations keep one integer type."""
    t = kernel_tables()
    i64 = np.int64
    return t._replace(
        bit=np.array(t.bit, dtype=i64), jokers=int(t.jokers), vecia=int(t.vecia),
        gobbo=int(t.gobbo), suit_mask=np.array(t.suit_mask, dtype=i64),
        eff=np.array(t.eff, dtype=i64), key=np.array(t.key, dtype=i64),
        above=np.array(t.above, dtype=i64))


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty table of ``2**bits`` slots: keys (7 words; all -1 is empty), bounds
    (lower, upper) and the best move."""
    n = 1 << bits
    return (np.full((n, MAX_SEATS + 1), -1, dtype=np.int64), np.zeros((n, 2), dtype=np.int64),
            np.full(n, -1, dtype=np.int64))


@lru_cache(maxsize=64)
def value_tables(active: tuple[bool, ...], pot: int, total: int
                 ) -> tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]:
    """B2.11 by the kernel's :func:`~cardlab.games.panfin.kernel.deal_points`, for every
    count of piatti the active seats can have (up to ``total``, those of the finished deal):
    each seat's weight in the count's index (``sum(piatti[s] * weight[s])``; 0 for a seat
    out of the deal), and per seat and index the chips the seat gets from the settlement of
    a deal ending with that count (``term``, for the counts adding up to ``total``) and the
    least (``lo``) and most (``hi``) it can still get from a count below ``total``,
    whichever active seats take the rest (arrays ``(seats, indices)``)."""
    n = len(active)
    seats = [s for s in range(n) if active[s]]
    weight = [0] * n
    for k, s in enumerate(seats):
        weight[s] = (total + 1) ** k
    # every count of piatti over the active seats up to ``total``, by its index
    levels: list[list[int]] = [[] for _ in range(total + 1)]
    counts: dict[int, tuple[int, ...]] = {}

    def share(k: int, left: int, index: int, piatti: tuple[int, ...]) -> None:
        if k == len(seats):
            levels[total - left].append(index)
            counts[index] = piatti
            return
        for x in range(left + 1):
            share(k + 1, left - x, index + x * weight[seats[k]], (*piatti, x))

    share(0, total, 0, ())
    out = np.zeros((3, n, (total + 1) ** len(seats)), dtype=np.int64)
    ends = levels[total]
    per_seat = [np.zeros(len(ends), dtype=np.int64) for _ in range(n)]
    for s, column in zip(seats, zip(*(counts[i] for i in ends))):
        per_seat[s] = np.array(column, dtype=np.int64)
    # the kernel's settlement of every finished count at once (it runs on arrays)
    gains = kernel.deal_points(per_seat, [np.full(len(ends), a) for a in active], pot)[0]
    for s in range(n):
        out[:, s, ends] = np.asarray(gains[s], dtype=np.int64)
    term, lo, hi = out
    for level in range(total - 1, -1, -1):  # one more piatto to some active seat
        at = np.array(levels[level], dtype=np.int64)
        lo[:, at] = np.min([lo[:, at + weight[s]] for s in seats], axis=0)
        hi[:, at] = np.max([hi[:, at + weight[s]] for s in seats], axis=0)
    out.flags.writeable = False
    return tuple(weight), term, lo, hi


@jit
def legal_moves(hands: Any, turn: int, npl: int, dbl: bool, led: int, lkey: int, bkey: int,
                gdue: int, ctx: Any, out: Any) -> int:
    """The legal moves of ``turn`` into ``out`` (``first + 64 * second``, ``second``
    :data:`NO_CARD` for a card alone): the kernel's single cards, then its pairs (the cards
    in pack order); their count."""
    t, rules, d = ctx[0], ctx[1], ctx[2]
    hand = hands[turn]
    leading = npl == 0
    single = _legal_mask(t, hand, d, leading, dbl, led, bkey, lkey, gdue == turn, rules)
    n = 0
    m = single
    while m:
        low = m & -m
        out[n] = lowest_bit(low) + 64 * NO_CARD
        n += 1
        m ^= low
    a = hand
    while a:
        la = a & -a
        a ^= la
        b = a
        while b:
            lb = b & -b
            b ^= lb
            if _legal_pair(t, hand, la | lb, d, leading, dbl, rules):
                out[n] = lowest_bit(la) + 64 * lowest_bit(lb)
                n += 1
    return n


@jit
def _merge_touching(hand: int, live: int, ctx: Any, moves: Any, n: int) -> int:
    """Keep one of each run of touching single cards among ``moves[:n]``: cards of ``hand``
    of one effective suit, neither a joker (their leads are rules of their own), with no
    card between them in ``live`` (every hand and the trick so far). Such cards take the
    same tricks whichever is played, so only the highest is searched. The moves left; their
    count."""
    t, d = ctx[0], ctx[2]
    singles = 0  # the legal single cards (a run is merged into its legal highest card)
    for i in range(n):
        if moves[i] // 64 == NO_CARD:
            singles |= t.bit[moves[i] % 64]
    k = 0
    for i in range(n):
        mv = moves[i]
        a = mv % 64
        keep = True
        if mv // 64 == NO_CARD and (t.bit[a] & t.jokers) == 0:
            e = _trick_led_suit(t, d, a)
            row = (d * t.suits + e) * t.span
            ka = _trick_key(t, d, e, a)
            # the next card of hand above ``a`` in its suit, if nothing live lies between
            above = singles & t.above[row + ka] & t.suit_mask[d * t.suits + e] & ~t.jokers
            if above:
                b = lowest_bit(above & -above)
                kb = _trick_key(t, d, e, b)
                # the lowest of the cards above: the one with the least key
                m = above
                while m:
                    low = m & -m
                    m ^= low
                    c = lowest_bit(low)
                    kc = _trick_key(t, d, e, c)
                    if kc < kb:
                        b, kb = c, kc
                between = t.above[row + ka] & ~t.above[row + kb - 1] & live
                keep = between != 0
        if keep:
            moves[k] = mv
            k += 1
    return k


@jit
def _order(turn: int, npl: int, led: int, bkey: int, bseat: int, first: int, ctx: Any,
           moves: Any, n: int, scores: Any) -> None:
    """Sort ``moves[:n]`` best first: the table's move, then a leader's strongest cards, a
    follower's low card where its side holds the trick, else its cheapest winning card, else
    its lowest."""
    t, d, maxi = ctx[0], ctx[2], ctx[5]
    for i in range(n):
        mv = moves[i]
        f = mv % 64
        s = mv // 64
        if npl == 0:
            k = _trick_key(t, d, _trick_led_suit(t, d, f), f)
            sc = k + (1 << 20 if s != NO_CARD else 0)
        else:
            k = _trick_key(t, d, led, f)
            if s != NO_CARD:
                k += _trick_key(t, d, led, s)
                sc = -k
            elif maxi[bseat] == maxi[turn] or k <= bkey:
                sc = -k
            else:
                sc = (1 << 20) - k
        scores[i] = sc
    sort_moves(moves, scores, n, first)


@jit
def _hash(hands: Any, word: int, gen: int, keybuf: Any) -> int:
    """Fill ``keybuf`` with the key of a trick start (the hands, ``word`` and the search's
    number ``gen``); its hash."""
    # the hash keeps the low 62 bits of each step: the same in numba's wrapping int64 and in
    # Python's unbounded ints (the interpreted fallback); the search's number marks its own
    # entries but stays out of the hash, so a search meets the same slots (and visits the
    # same positions) whatever searched before it
    h = int(word)
    for p in range(MAX_SEATS):
        keybuf[p] = hands[p]
        h = ((h ^ (h >> 29)) * _MIX + int(hands[p])) & _LOW62
    keybuf[MAX_SEATS] = word | gen << 32
    return int(h ^ (h >> 32))


@jit
def search(hands: Any, turn0: int, npl0: int, led0: int, lkey0: int, bkey0: int, bseat0: int,
           dbl0: bool, gdue0: int, pidx0: int, trick0: int, alpha0: int, beta0: int, ctx: Any,
           tt_keys: Any, tt_bounds: Any, tt_moves: Any, frames: Any, stack: Any, scores: Any,
           keybuf: Any, every: Any, n_every: int, out: Any, stats: Any) -> int:
    """The chips the searched seat gets from the settlement under perfect play (exact
    inside ``(alpha0, beta0)``, a bound outside it), by fail-soft alpha-beta from the
    position: the hands, the seat to play, the plays in the trick so far (``npl0``), its led
    suit, the keys of the led and the winning card, the winning seat, whether the jokers
    were led together, the seat owing the Gobbo's lead (-1: none) and the piatti's index.
    With ``n_every`` > 0, each of the moves ``every[:n_every]`` is valued exactly instead
    (into ``out``, in their order; the window is ignored). ``stats``: [nodes, budget,
    stopped]."""
    (t, rules, d, n_active, nxt, maxi, weight, term, lo_t, hi_t, consecutive, vecia,
     gen) = ctx
    c = t.cards
    mask = tt_keys.shape[0] - 1
    dep = 0
    turn, npl, led, lkey, bkey, bseat = turn0, npl0, led0, lkey0, bkey0, bseat0
    dbl, gdue, pidx, trick, alpha, beta = dbl0, gdue0, pidx0, trick0, alpha0, beta0
    ret = 0
    entering = True
    while True:
        if entering:
            # -- a new position at depth dep: bounds, the table, the moves -----------------
            stats[0] += 1
            if stats[0] > stats[1]:
                stats[2] = 1
                return 0
            done = False
            slot = -1
            first = -1
            lo = lo_t[pidx]
            hi = hi_t[pidx]
            if dep == 0 and n_every > 0:
                pass  # every move is valued: no bound or entry answers for them all
            elif lo == hi or lo >= beta:
                ret = lo
                done = True
            elif hi <= alpha:
                ret = hi
                done = True
            elif npl == 0:
                word = (pidx << 8) | (turn << 1) | (1 if gdue == turn else 0)
                slot = _hash(hands, word, gen, keybuf[dep]) & mask
                done, ret, alpha, beta, first = probe(tt_keys, tt_bounds, tt_moves, slot,
                                                      keybuf[dep], lo, hi, alpha, beta)
            if not done:
                if dep == 0 and n_every > 0:
                    n = n_every
                    stack[0, :n] = every[:n]
                else:
                    n = legal_moves(hands, turn, npl, dbl, led, lkey, bkey, gdue, ctx,
                                    stack[dep])
                    if n > 1:
                        live = trick
                        for q in range(MAX_SEATS):
                            live |= hands[q]
                        n = _merge_touching(hands[turn], live, ctx, stack[dep], n)
                    _order(turn, npl, led, bkey, bseat, first, ctx, stack[dep], n, scores[dep])
                f = frames[dep]
                enter_frame(f, alpha, beta, maxi[turn], n, stack[dep, 0], slot)
                f[_TURN] = turn
                f[_NPL] = npl
                f[_LED] = led
                f[_LKEY] = lkey
                f[_BKEY] = bkey
                f[_BSEAT] = bseat
                f[_DBL] = 1 if dbl else 0
                f[_GDUE] = gdue
                f[_PIDX] = pidx
                f[_TRICK] = trick
            entering = False
            if done:
                if dep == 0:
                    return ret
                dep -= 1
                answered = True
            else:
                answered = False
        else:
            answered = True
        f = frames[dep]
        if answered:
            # -- a child of depth dep answered ``ret``: undo its move, weigh it -------------
            hands[f[_TURN]] = f[_HAND]
            if stats[2]:
                return 0
            mv = stack[dep, f[AT]]
            if dep == 0 and n_every > 0:
                # each root move valued exactly: the window stays whole
                out[f[AT]] = ret
                if (ret > f[BEST]) if f[MAXI] else (ret < f[BEST]):
                    f[BEST] = ret
                    f[CHOSEN] = mv
                f[AT] += 1
            else:
                weigh(f, ret, mv)
        if f[AT] >= f[N]:
            # -- every move weighed (or a cut): store what was proved, return ---------------
            if f[SLOT] >= 0:
                store(tt_keys, tt_bounds, tt_moves, keybuf[dep], f)
            ret = int(f[BEST])
            if dep == 0:
                return ret
            dep -= 1
            continue
        # -- play the next move of depth dep and go down (or weigh a finished deal) ---------
        p = f[_TURN]
        mv = stack[dep, f[AT]]
        fc = mv % 64
        sc = mv // 64
        old = hands[p]
        f[_HAND] = old
        played = t.bit[fc] | t.bit[sc]
        hands[p] = old & ~played
        trick = (f[_TRICK] if f[_NPL] else 0) | played
        gdue = f[_GDUE]
        if f[_NPL] == 0:
            led = _trick_led_suit(t, d, fc)
            dbl = sc < c
            lkey = _trick_key(t, d, led, fc)
            bkey, bseat = lkey, p
            # consecutive_forced: the Vecia led alone, the Gobbo kept, owes the next lead
            due = consecutive and fc == vecia and sc == c and (hands[p] & t.gobbo) != 0
            gdue = p if due else -1
        else:
            led = f[_LED]
            dbl = f[_DBL] == 1
            lkey = f[_LKEY]
            bkey, bseat = _trick_best(_trick_key(t, d, led, fc), f[_BKEY], f[_BSEAT], p, False)
        if sc < c:  # a second card: the jokers led together, or an answer to them
            bkey, bseat = _trick_best(_trick_key(t, d, led, sc), bkey, bseat, p, False)
        npl = f[_NPL] + 1
        pidx = f[_PIDX]
        alpha = f[ALPHA]
        beta = f[BETA]
        if npl < n_active:
            turn = nxt[p]
        else:  # the trick is complete: its winner takes the piatti and leads
            pidx += _trick_piatti(t, dbl) * weight[bseat]
            turn = bseat
            npl = 0
            trick = 0
            if hands[bseat] == 0:
                ret = term[pidx]  # the deal is over: the settlement's chips, weighed
                continue  # as a child's answer at depth dep (entering stays False)
        dep += 1
        entering = True


@jit
def exact(hands: Any, turn: int, npl: int, led: int, lkey: int, bkey: int, bseat: int,
          dbl: bool, gdue: int, pidx: int, trick: int, ctx: Any, tt_keys: Any, tt_bounds: Any,
          tt_moves: Any, every: Any, out: Any, stats: Any) -> int:
    """The exact chips of the searched seat from the position (one full-window search; the
    bounds and the table keep it small), or with ``every`` not empty, each of those moves'
    into ``out`` (and the best of them returned); 0 with ``stats[2]`` set if the budget ran
    out."""
    frames = np.zeros((DEPTH, _FIELDS), dtype=np.int64)
    stack = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    scores = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    keybuf = np.zeros((DEPTH, MAX_SEATS + 1), dtype=np.int64)
    return search(hands, turn, npl, led, lkey, bkey, bseat, dbl, gdue, pidx, trick, -BIG, BIG,
                  ctx, tt_keys, tt_bounds, tt_moves, frames, stack, scores, keybuf, every,
                  len(every), out, stats)
