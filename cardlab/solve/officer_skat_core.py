"""The compiled search of Officer Skat's play: alpha-beta over the deal's end score.

A position is the mask of the cards still to be played (bit ``i`` = the kernel's card
``i``; every card's seat and pile are fixed by the deal's layout, so the mask says whose
cards are left and which face-down cards have turned up), the seat to move, the card led
to the trick so far and seat 0's card points and tricks so far (seat 1 has the rest of
those played). The rules come from the game's kernel, compiled as written
(:func:`~cardlab.solve.jit.compiled_kernel`): the playable cards are the kernel's
``legal_mask`` of the seat's face-up tops (OS-5.2, OS-5.5), a trick's winner its
``trick_winner_index`` (OS-5.6) and its card points ``trick_card_points`` (OS-2.2). A seat's
top card of a pile is its face-up card while that is unplayed, then the face-down card
beneath: a face-down card uncovered in a trick is a top card from the next trick on, and a
seat plays one card a trick, so it turns up in time (OS-5.3).

**What is searched.** The side's end score, one of two ways (``by_points`` in ``ctx``):

* **Seat 0's card points still to come**, where the caller has found that over every end
  the position can reach the side's score reads no trick and moves one way with seat 0's
  card points (so it is a monotone function of them: every scoring method of a suit game,
  Grand and Null by fewest points). The minimax of that count, with the seat that wants
  more of it maximising, turned into the score, is the minimax of the score. The count
  adds up trick by trick, so the table holds it relative to the position (the points so
  far are not in the key: positions with the same cards left meet whatever came before),
  and zero-window tests at the counts where the score changes settle it (:func:`settle`).
* **The end score itself** elsewhere (Ramsch's Durchmarsch and Schwarz by tricks read
  tricks): looked up in ``ends`` by seat 0's final card points and tricks (seat 1 holds the
  rest of the 120 points and 16 tricks), the side's seat maximising it; zero-window tests
  around a guess (MTD(f), :func:`exact`).

``ends`` is built by the caller from the game's own scoring (:mod:`cardlab.solve.officer_skat`).

What makes it fast:

* **Bounds at trick starts.** By points: none to every point still out. By score: from a
  trick start seat 0 ends with its card points so far up to those plus every point still
  out, and its tricks so far up to those plus every trick to come; the least and the most
  of ``ends`` over that rectangle (a range-min/max table per trick count,
  ``row_min``/``row_max``) bound the value, so a search stops as soon as the contract is
  decided and Schneider and Schwarz can no longer change.
* **A transposition table at trick starts**, keyed by the cards left and the leader (and,
  by score, seat 0's points and tricks so far), holding a lower and an upper bound and the
  best card, in a fixed array (a new entry replaces the old one in its slot; an entry of
  another search never matches). The last two tricks are played out by plain minimax.
* **Merged cards.** Two playable cards of one effective suit with equal card points and no
  card between them still in play, neither lying on a face-down card, lead to positions of
  equal value; only the higher is searched.
* **Move ordering.** The table's card first. A leader first cashes the cards the other
  seat cannot beat with any card it may play to them, those with most points first, then
  leads its cheapest cards, the strongest of equal points first; a follower takes the trick with the card that brings most
  points, else throws its cheapest card (a seat that wants fewer points the other way
  round: ``greedy``). Ties go to the cards that cut the search off most often before.
* **A node budget**: past it the search stops and says so (the caller raises).

The per-deal context ``ctx`` is a tuple: ``t`` (the kernel's tables as numpy arrays),
``contract`` (its index in ``GAME_CALLS``), ``pile_up``/``pile_down`` (per seat, its eight
piles' face-up and face-down cards), ``ladders``/``ladder_len`` (each effective suit's cards,
strongest first), ``ends`` (the side's score by ``points * TRICK_SLOTS + tricks`` of seat
0), ``row_min``/``row_max``/``log2`` (the range tables of ``ends``), ``maxi`` (per seat:
whether it maximises the count), ``greedy`` (per seat: whether it wants tricks, for the
ordering only), ``by_points`` and ``gen`` (the search's number).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from cardlab.games.officer_skat import kernel
from cardlab.games.officer_skat.rules import kernel_tables
from cardlab.solve.alphabeta import (
    ALPHA,
    AT,
    BEST,
    BETA,
    BIG,
    COLUMNS,
    SLOT,
    N,
    enter_frame,
    mtdf_bound,
    mtdf_narrow,
    probe,
    sort_moves,
    store,
    weigh,
)
from cardlab.solve.jit import compiled_kernel, jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["TT_BITS", "new_table", "search", "exact", "settle", "moves", "range_tables", "POINT_SLOTS",
           "TRICK_SLOTS", "DEPTH"]

_K = compiled_kernel(kernel, ["legal_mask", "effective_suit_code", "trick_winner_index",
                              "trick_card_points", "trick_key"])
_legal_mask = _K.legal_mask
_effective_suit = _K.effective_suit_code
_winner = _K.trick_winner_index
_trick_points = _K.trick_card_points
_trick_key = _K.trick_key

#: seat 0's card points at the end: 0 … 120 (OS-2.2)
POINT_SLOTS: Final = 121
#: seat 0's tricks at the end: 0 … 16 (OS-5.1)
TRICK_SLOTS: Final = 17
#: log2 of the table's slots (2**20 slots of 2 key words, 2 bounds and a card: 25 MiB)
TT_BITS: Final = 20
#: deepest search (cards of a deal) and most moves of a position (eight piles)
DEPTH: Final = 33
_MOVES: Final = 8
_LOW62: Final = (1 << 62) - 1
_NO_SUIT: Final = kernel.NO_SUIT
_SUIT_SLOTS: Final = kernel.SUIT_SLOTS
_CARD_SLOTS: Final = kernel.CARD_SLOTS
#: the frame's columns (one row per depth)
_TURN, _LEAD, _P0, _T0, _GAIN = range(COLUMNS, COLUMNS + 5)
_COLUMNS: Final = COLUMNS + 5


def _point_classes() -> tuple[np.ndarray, np.ndarray]:
    """The pack's cards by their card points (OS-2.2): each value above 0 and its cards."""
    points = kernel_tables().card_points[:kernel.CARDS]
    values = sorted(set(points) - {0})
    masks = [sum(1 << c for c, p in enumerate(points) if p == v) for v in values]
    return np.array(values, dtype=np.int64), np.array(masks, dtype=np.int64)


_CLASS_POINTS, _CLASS_MASKS = _point_classes()


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty table of ``2**bits`` slots: keys (the position's word and the search's
    number; -1 is empty), bounds (lower, upper) and the best card."""
    n = 1 << bits
    return (np.full((n, 2), -1, dtype=np.int64), np.zeros((n, 2), dtype=np.int32),
            np.full(n, -1, dtype=np.int8))


def range_tables(ends: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``row_min``, ``row_max`` (``[tricks, level, points]``: the least and most of ``ends``
    over ``2**level`` point counts from ``points``) and ``log2`` (by span length)."""
    grid = ends.reshape(POINT_SLOTS, TRICK_SLOTS).T  # [tricks, points]
    levels = int(POINT_SLOTS).bit_length()
    row_min = np.zeros((TRICK_SLOTS, levels, POINT_SLOTS), dtype=np.int64)
    row_max = np.zeros_like(row_min)
    row_min[:, 0] = grid
    row_max[:, 0] = grid
    for k in range(1, levels):
        w = 1 << (k - 1)
        row_min[:, k] = row_min[:, k - 1]
        row_max[:, k] = row_max[:, k - 1]
        row_min[:, k, :-w] = np.minimum(row_min[:, k - 1, :-w], row_min[:, k - 1, w:])
        row_max[:, k, :-w] = np.maximum(row_max[:, k - 1, :-w], row_max[:, k - 1, w:])
    log2 = np.zeros(POINT_SLOTS + 1, dtype=np.int64)
    for n in range(2, POINT_SLOTS + 1):
        log2[n] = log2[n // 2] + 1
    return row_min, row_max, log2


@jit
def _tops(remaining: int, seat: int, pile_up: Any, pile_down: Any) -> tuple[int, int]:
    """OS-5.2 the seat's top cards (each pile's face-up card while it is unplayed, then the
    card beneath) and those of them that lie on a face-down card."""
    tops = 0
    covering = 0
    for p in range(8):
        up = pile_up[seat, p]
        down = pile_down[seat, p]
        if remaining >> up & 1:
            tops |= 1 << up
            if remaining >> down & 1:
                covering |= 1 << up
        elif remaining >> down & 1:
            tops |= 1 << down
    return tops, covering


@jit
def _range(remaining: int, p0: int, t0: int, ctx: Any) -> tuple[int, int]:
    """The least and the most the side can score from a trick start: ``ends`` over seat
    0's points from ``p0`` to ``p0`` plus every point still out, and its tricks from ``t0``
    to ``t0`` plus every trick to come."""
    (t, contract, pile_up, pile_down, ladders, ladder_len, ends, row_min, row_max, log2,
     maxi, greedy, by_points, gen) = ctx
    out = _points_out(remaining, t)
    cards = _popcount(remaining)
    hi_p = p0 + out
    k = log2[hi_p - p0 + 1]
    other = hi_p - (1 << k) + 1
    lo = BIG
    hi = -BIG
    for tr in range(t0, t0 + cards // 2 + 1):
        a = row_min[tr, k, p0]
        b = row_min[tr, k, other]
        if a < lo:
            lo = a
        if b < lo:
            lo = b
        a = row_max[tr, k, p0]
        b = row_max[tr, k, other]
        if a > hi:
            hi = a
        if b > hi:
            hi = b
    return lo, hi


@jit
def _points_out(remaining: int, t: Any) -> int:
    """The card points of the cards still to be played."""
    out = 0
    for i in range(_CLASS_MASKS.shape[0]):
        out += _CLASS_POINTS[i] * _popcount(remaining & _CLASS_MASKS[i])
    return out


@jit
def _popcount(x: int) -> int:
    """The number of set bits of a card mask (32 bits)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return int((x * 0x01010101) & 0xFFFFFFFF) >> 24


@jit
def moves(remaining: int, turn: int, lead: int, ctx: Any, out: Any) -> int:
    """Write the cards the seat to move may play into ``out``, one per group of merged
    cards (its highest); their number. ``lead``: the card led to the trick, -1 for none."""
    (t, contract, pile_up, pile_down, ladders, ladder_len, ends, row_min, row_max, log2,
     maxi, greedy, by_points, gen) = ctx
    tops, covering = _tops(remaining, turn, pile_up, pile_down)
    led = _NO_SUIT if lead < 0 else _effective_suit(t, contract, lead)
    legal = _legal_mask(t, tops, contract, led)
    present = remaining
    if lead >= 0:
        present |= 1 << lead
    n = 0
    for e in range(5):
        todo = legal & t.suit_masks[contract * _SUIT_SLOTS + e]
        prev = -1  # the last card of the open group of merged cards (-1: none)
        for j in range(ladder_len[e]):
            if todo == 0:
                break  # no playable card of the suit left below
            c = ladders[e, j]
            b = 1 << c
            if not present & b:
                continue  # played: touching goes on over it
            todo &= ~b
            if legal & b and not covering & b:
                if prev >= 0 and t.card_points[prev] == t.card_points[c]:
                    prev = c
                    continue
                out[n] = c
                n += 1
                prev = c
            else:
                if legal & b:
                    out[n] = c  # on a face-down card: alone
                    n += 1
                prev = -1
    return n


@jit
def _order(remaining: int, turn: int, lead: int, ctx: Any, out: Any, n: int, first: int,
           history: Any, scores: Any) -> None:
    """Sort ``out[:n]`` best first (see the module's notes)."""
    t = ctx[0]
    contract = ctx[1]
    avoid = not ctx[11][turn]
    if lead < 0:
        # the other seat's replies: its tops (every card but those beneath another)
        other, _ = _tops(remaining, 1 - turn, ctx[2], ctx[3])
        for i in range(n):
            c = out[i]
            e = _effective_suit(t, contract, c)
            own = _trick_key(t, contract, e, c)
            reply = _legal_mask(t, other, contract, e)
            beaten = False
            while reply:
                r = lowest_bit(reply)
                reply &= reply - 1
                if _trick_key(t, contract, e, r) > own:
                    beaten = True
                    break
            pts = t.card_points[c]
            if avoid:
                score = (1 << 20) - 16 * pts - own if beaten else -16 * pts - own
            else:
                score = (1 << 20) + 16 * pts + own if not beaten else -16 * pts + own
            scores[i] = score * 1024 + min(history[turn, c], 1023)
    else:
        led = _effective_suit(t, contract, lead)
        for i in range(n):
            c = out[i]
            pts = t.card_points[c]
            key = _trick_key(t, contract, led, c)
            wins = _winner(t, contract, led, lead, c) == 1
            if avoid:
                # under the lead with the card of most points and the highest, else the
                # cheapest winner
                scores[i] = -16 * pts - key if wins else 100000 + 16 * pts + key
            else:
                # take the trick with the card that brings most points and ranks lowest,
                # else throw the cheapest card
                scores[i] = 100000 + 16 * pts - key if wins else -16 * pts - key
            scores[i] = scores[i] * 1024 + min(history[turn, c], 1023)
    sort_moves(out, scores, n, first)


@jit
def _last_trick(remaining: int, turn: int, p0: int, t0: int, own0: int, ctx: Any) -> int:
    """The value of the last trick's start: each seat plays its one card."""
    t = ctx[0]
    contract = ctx[1]
    first = lowest_bit(remaining)
    second = lowest_bit(remaining & (remaining - 1))
    a = first if ((own0 >> first) & 1) == (1 if turn == 0 else 0) else second
    b = second if a == first else first
    led = _effective_suit(t, contract, a)
    winner = 1 - turn if _winner(t, contract, led, a, b) == 1 else turn
    pts = _trick_points(t, a, b)
    if ctx[12]:  # by points
        return pts if winner == 0 else 0
    if winner == 0:
        return int(ctx[6][(p0 + pts) * TRICK_SLOTS + t0 + 1])
    return int(ctx[6][p0 * TRICK_SLOTS + t0])


@jit
def _last_tricks(remaining: int, turn: int, p0: int, t0: int, own0: int, ctx: Any) -> int:
    """The value of a trick start with two tricks (or one) to come, by plain minimax over
    the cards of the first of them (the last is forced)."""
    if _popcount(remaining) == 2:
        return _last_trick(remaining, turn, p0, t0, own0, ctx)
    t = ctx[0]
    contract = ctx[1]
    maxi = ctx[10]
    by_points = ctx[12]
    tops, _ = _tops(remaining, turn, ctx[2], ctx[3])
    leads = _legal_mask(t, tops, contract, _NO_SUIT)
    best = -BIG if maxi[turn] else BIG
    while leads:
        a = lowest_bit(leads)
        leads &= leads - 1
        led = _effective_suit(t, contract, a)
        rest = remaining & ~(1 << a)
        other, _ = _tops(rest, 1 - turn, ctx[2], ctx[3])
        replies = _legal_mask(t, other, contract, led)
        reply_best = -BIG if maxi[1 - turn] else BIG
        while replies:
            b = lowest_bit(replies)
            replies &= replies - 1
            winner = 1 - turn if _winner(t, contract, led, a, b) == 1 else turn
            pts = _trick_points(t, a, b)
            last = rest & ~(1 << b)
            if by_points:
                # np.int64(0), not 0: a literal argument is a signature of its own to numba
                v = (pts if winner == 0 else 0) + _last_trick(last, winner, np.int64(0),
                                                              np.int64(0), own0, ctx)
            elif winner == 0:
                v = _last_trick(last, winner, p0 + pts, t0 + 1, own0, ctx)
            else:
                v = _last_trick(last, winner, p0, t0, own0, ctx)
            if maxi[1 - turn]:
                if v > reply_best:
                    reply_best = v
            elif v < reply_best:
                reply_best = v
        if maxi[turn]:
            if reply_best > best:
                best = reply_best
        elif reply_best < best:
            best = reply_best
    return best


@jit
def _slot_of(word: int, mask: int) -> int:
    # the low 62 bits of each step: the same in numba's wrapping int64 and Python's ints
    h = (int(word) * 0x1E3779B97F4A7C15) & _LOW62
    h = ((h ^ (h >> 29)) * 0x3F58476D1CE4E5B9) & _LOW62
    return int(h ^ (h >> 32)) & mask


@jit
def search(remaining0: int, turn0: int, lead0: int, p00: int, t00: int, alpha0: int,
           beta0: int, ctx: Any, tt_keys: Any, tt_bounds: Any, tt_moves: Any, history: Any,
           frames: Any, stack: Any, scores: Any, keybuf: Any, stats: Any) -> int:
    """The side's end score from this position under perfect play (exact inside
    ``(alpha0, beta0)``, a bound outside it), by fail-soft alpha-beta
    (:mod:`~cardlab.solve.alphabeta`). A depth's frame holds, after the shared columns, the
    seat to play, the card led (-1: a trick starts), seat 0's card points and tricks so far
    and the gain of the move; its table key (``keybuf``) the position's word and the
    search's number. ``stats``: [nodes, budget, stopped]."""
    (t, contract, pile_up, pile_down, ladders, ladder_len, ends, row_min, row_max, log2,
     maxi, greedy, by_points, gen) = ctx
    mask = tt_keys.shape[0] - 1
    # each typed int64 from the start (not the literal constants numba would otherwise see
    # first): else it compiles the helpers again for each literal signature
    own0 = np.int64(0)  # seat 0's cards
    for p in range(8):
        own0 |= 1 << pile_up[0, p] | 1 << pile_down[0, p]
    d = 0
    remaining = np.int64(remaining0)
    turn = np.int64(turn0)
    lead = np.int64(lead0)
    p0 = np.int64(p00)
    t0 = np.int64(t00)
    alpha = np.int64(alpha0)
    beta = np.int64(beta0)
    ret = 0
    entering = True
    while True:
        if entering:
            # -- a new position at depth d: bounds, the table, the moves -------------------
            stats[0] += 1
            if stats[0] > stats[1]:
                stats[2] = 1
                return 0
            done = False
            slot = -1
            first = -1
            if remaining == 0:
                ret = 0 if by_points else ends[p0 * TRICK_SLOTS + t0]
                done = True
            elif lead < 0 and _popcount(remaining) <= 4:
                ret = _last_tricks(remaining, turn, p0, t0, own0, ctx)
                done = True
            elif lead < 0:
                if by_points:
                    lo_b, hi_b = 0, _points_out(remaining, t)
                else:
                    lo_b, hi_b = _range(remaining, p0, t0, ctx)
                if lo_b == hi_b or hi_b <= alpha:
                    ret = hi_b
                    done = True
                elif lo_b >= beta:
                    ret = lo_b
                    done = True
                else:
                    word = remaining | turn << 32
                    if not by_points:
                        word |= p0 << 33 | t0 << 40
                    key = keybuf[d]
                    key[0] = word
                    key[1] = gen
                    slot = _slot_of(word, mask)
                    done, ret, alpha, beta, first = probe(tt_keys, tt_bounds, tt_moves, slot,
                                                          key, lo_b, hi_b, alpha, beta)
            if not done:
                n = moves(remaining, turn, lead, ctx, stack[d])
                _order(remaining, turn, lead, ctx, stack[d], n, first, history, scores[d])
                f = frames[d]
                enter_frame(f, alpha, beta, maxi[turn], n, stack[d, 0], slot)
                f[_TURN] = turn
                f[_LEAD] = lead
                f[_P0] = p0
                f[_T0] = t0
            entering = False
            if done:
                if d == 0:
                    return ret
                d -= 1
                from_child = True
            else:
                from_child = False
        else:
            from_child = True
        f = frames[d]
        if from_child:
            # -- a child of depth d answered ``ret``: undo its card, weigh it --------------
            card = stack[d, f[AT]]
            remaining |= 1 << card
            if stats[2]:
                return 0
            if weigh(f, ret + f[_GAIN], card):
                history[f[_TURN], card] += 1
        if f[AT] >= f[N]:
            # -- every card weighed (or a cut): store what was proved, return --------------
            if f[SLOT] >= 0:
                store(tt_keys, tt_bounds, tt_moves, keybuf[d], f)
            ret = int(f[BEST])
            if d == 0:
                return ret
            d -= 1
            continue
        # -- play the next card of depth d and go down (or weigh the deal's end) ------------
        turn = f[_TURN]
        lead = f[_LEAD]
        p0 = f[_P0]
        t0 = f[_T0]
        card = stack[d, f[AT]]
        remaining &= ~(1 << card)
        gain = 0
        if lead < 0:
            lead = card
            turn = 1 - turn
        else:
            led = _effective_suit(t, contract, lead)
            winner = turn if _winner(t, contract, led, lead, card) == 1 else 1 - turn
            if winner == 0:
                pts = _trick_points(t, lead, card)
                if by_points:
                    gain = pts  # the count is seat 0's points from here on
                else:
                    p0 += pts
                    t0 += 1
            turn = winner
            lead = -1
        f[_GAIN] = gain
        if remaining == 0:
            ret = 0 if by_points else ends[p0 * TRICK_SLOTS + t0]
            continue  # the deal is over (weighed as a child's answer at depth d)
        alpha = f[ALPHA] - gain
        beta = f[BETA] - gain
        d += 1
        entering = True


@jit
def exact(remaining: int, turn: int, lead: int, p0: int, t0: int, guess: int, ctx: Any,
          tt_keys: Any, tt_bounds: Any, tt_moves: Any, history: Any, stats: Any) -> int:
    """The exact end score of the side, by zero-window tests around ``guess`` (MTD(f));
    ``stats[2]`` is set if the node budget ran out."""
    frames = np.zeros((DEPTH, _COLUMNS), dtype=np.int64)
    stack = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    scores = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    keybuf = np.zeros((DEPTH, 2), dtype=np.int64)
    lo = -BIG
    hi = BIG
    g = guess
    while lo < hi:
        bound = mtdf_bound(lo, g)
        g = search(remaining, turn, lead, p0, t0, bound - 1, bound, ctx, tt_keys, tt_bounds,
                   tt_moves, history, frames, stack, scores, keybuf, stats)
        if stats[2]:
            return 0
        lo, hi = mtdf_narrow(lo, hi, g, bound)
    return g


@jit
def settle(remaining: int, turn: int, lead: int, lo: int, hi: int, cuts: Any, guess: int,
           ctx: Any, tt_keys: Any, tt_bounds: Any, tt_moves: Any, history: Any, stats: Any
           ) -> int:
    """Seat 0's points still to come, known to lie in ``lo … hi``, narrowed by zero-window
    tests at the ``cuts`` (sorted: where the side's score changes) until no cut is left
    inside: the least of them then (the score is the same for any). The first tests are
    the cuts around ``guess`` (-1: none), then the middle cut left. ``stats[2]`` is set if
    the node budget ran out."""
    frames = np.zeros((DEPTH, _COLUMNS), dtype=np.int64)
    stack = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    scores = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    keybuf = np.zeros((DEPTH, 2), dtype=np.int64)
    while True:
        first = -1
        last = -1
        for i in range(cuts.shape[0]):
            if lo < cuts[i] <= hi:
                if first < 0:
                    first = i
                last = i
        if first < 0:
            return lo
        c = cuts[(first + last) // 2]
        if guess >= 0:
            # the cut at or below the guess first, then the one above it
            below = -1
            above = -1
            for i in range(first, last + 1):
                if cuts[i] <= guess:
                    below = i
                elif above < 0:
                    above = i
            c = cuts[below] if below >= 0 else cuts[above]
        g = search(remaining, turn, lead, 0, 0, c - 1, c, ctx, tt_keys, tt_bounds, tt_moves,
                   history, frames, stack, scores, keybuf, stats)
        if stats[2]:
            return 0
        if g >= c:
            lo = max(lo, g)
        else:
            hi = min(hi, g)
