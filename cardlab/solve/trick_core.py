"""The compiled search for games whose score reads only tricks (Five Hundred).

Positions are card masks (bit ``i`` = the deal's ``deck[i]``), changed in place and changed
back (no allocation in the recursion). The legal cards come from the game's kernel
(:func:`~cardlab.games.five_hundred.kernel.legal_mask`, compiled as written by
:func:`~cardlab.solve.jit.compiled_kernel`); a trick's winner from the contract's
strength table, made of the kernel's ``trick_key``. The value searched is the number of
tricks still to be won by the *counted* positions (those the score reads), with the
positions in ``maxi`` maximising it and every other position minimising it.

What makes it fast, after DDS:

* **A transposition table keyed by relative ranks.** At a trick start a position is keyed by
  who holds each card still in play, suit by suit from the top, and by the leader, not by
  the cards themselves: once the ace is gone the king is the top card, and positions whose
  hands differ only so meet. It stores a lower and an upper bound on the tricks still to
  come and the move found best, in a fixed array (no growth: a new entry replaces the old
  one in its slot).
* **Touching cards merged.** Of two cards of one effective suit with no card between them
  still in play, only the higher is searched.
* **Move ordering.** The table's move first. A leader reads, suit by suit, the best card
  each other hand can put on its lead: first its lowest cards of suits where a later hand
  of its side can take the trick over everything the other side can play, then the cards
  that take the trick themselves (cash), then the rest; within each its strongest cards,
  ranked by how often they cut the search off before (history). A follower reads the best
  card each later hand can put on the trick: it plays low where the trick is its side's
  already or a later hand of its side can take it over everything, wins as cheaply as it
  can where it can be sure of the trick, else takes it cheaply from the other side, else
  plays low. In a misère the contractor goes under the trick with its highest card that
  does, and a defender under the contractor's card with its highest, else plays low.
* **Bounds.** A trick start knows the tricks left (no more can come) and what is sure
  (:func:`_sure`: top trumps, quick tricks, a stopped misère's one trick), and the window
  is cut to what the table proved.
* **A node budget**: past it the search stops and says so (the caller raises).

The per-deal context ``ctx`` is a tuple: ``strength`` (rows 0-3: a card's strength in a
trick led in that suit; row 4: as a lead; row 5: its power within its suit), ``eff`` (each
card's effective suit, 4 for an unnominated joker), ``suit_masks`` (the cards of each
effective suit), ``ladders``/``ladder_len`` (each effective suit's cards, strongest first),
``free`` (the unnominated jokers), ``flags`` (the kernel's play flags), ``misere``,
``stop_pos`` (the position whose first trick ends the deal, or -1), ``maxi`` and ``counted``
(per position), ``nxt`` (the next active position), ``n_active``, ``trump_e`` (the effective
suit whose top cards always win their trick: trumps, 4 for a free joker, -1 for none) and ``gen`` (the search's
number: the table is shared between searches, and an entry of another search never matches).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from cardlab.games.five_hundred import kernel
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
from cardlab.solve.mask_bits import lowest_bit, popcount

__all__ = ["TT_BITS", "new_table", "search", "exact", "MAX_POS", "DEPTH"]

_K = compiled_kernel(kernel, ["legal_mask"])
_legal_mask = _K.legal_mask

#: the most positions at a table
MAX_POS: Final = 6
#: log2 of the table's slots (2**20 slots of 4 key words, bounds and a move: about 36 MiB)
TT_BITS: Final = 20
#: most moves of one position (cards, or a joker lead naming one of four suits)
_MOVES: Final = 72
#: deepest search (cards of a deal)
DEPTH: Final = 72
#: a depth's own frame columns, after the shared ones (:mod:`~cardlab.solve.alphabeta`)
_TURN, _NPLAYS, _LED, _SLED, _GAIN, _VOID = range(COLUMNS, COLUMNS + 6)
_COLUMNS: Final = COLUMNS + 6
#: a leader's order: leads to a later hand of its side that takes the trick over everything
#: the other side can play first, then leads that take it themselves
_LEAD_MATE: Final = 1 << 35
_LEAD_WIN: Final = 1 << 34
_LOW62: Final = (1 << 62) - 1


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty table of ``2**bits`` slots: keys (4 words; all -1 is empty), bounds
    (lower, upper) and the best move."""
    n = 1 << bits
    keys = np.full((n, 4), -1, dtype=np.int64)
    bounds = np.zeros((n, 2), dtype=np.int8)
    moves = np.zeros(n, dtype=np.int16)
    return keys, bounds, moves


@jit
def _key(hands: Any, turn: int, suits_led: int, voids: Any, ctx: Any, out: Any) -> int:
    """Fill ``out`` (4 words) with the relative-rank key of a trick start; its hash."""
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    w0 = 0
    w1 = 0
    w2 = 0
    word = 0
    shift = 0
    acc = 0
    for e in range(5):
        for j in range(ladder_len[e]):
            c = ladders[e, j]
            b = 1 << c
            owner = 0
            for p in range(MAX_POS):
                if hands[p] & b:
                    owner = p + 1
                    break
            if owner == 0:
                continue
            acc |= owner << shift
            shift += 3
            if shift >= 63:
                if word == 0:
                    w0 = acc
                elif word == 1:
                    w1 = acc
                else:
                    w2 = acc
                word += 1
                acc = 0
                shift = 0
        shift += 3  # an empty code ends the suit
        if shift >= 63:
            if word == 0:
                w0 = acc
            elif word == 1:
                w1 = acc
            else:
                w2 = acc
            word += 1
            acc = 0
            shift = 0
    if word == 0:
        w0 = acc
    elif word == 1:
        w1 = acc
    else:
        w2 = acc
    w3 = turn
    held = 0
    for p in range(MAX_POS):
        held |= hands[p]
    if held & free:
        # an unnominated joker still to come reads the suits led and shown void (J4, J5)
        w3 |= suits_led << 3
        for p in range(MAX_POS):
            w3 |= voids[p] << (7 + 4 * p)
    out[0] = w0
    out[1] = w1
    out[2] = w2
    # the search's number marks its own entries (a new search needs no clearing); it stays
    # out of the hash, so a search meets the same slots, and searches the same positions,
    # whatever searched before it
    out[3] = w3 | gen << 32
    # the hash keeps the low 62 bits of each step: the same in numba's wrapping int64 and
    # in Python's unbounded ints (the interpreted fallback)
    h = (int(w0) * 0x1E3779B97F4A7C15 + int(w1)) & _LOW62
    h = ((h ^ (h >> 29)) * 0x3F58476D1CE4E5B9 + int(w2)) & _LOW62
    h = ((h ^ (h >> 31)) * 0x14D049BB133111EB + int(w3)) & _LOW62
    return int(h ^ (h >> 32))


@jit
def _last_trick(hands: Any, turn: int, ctx: Any) -> int:
    """The counted tricks of the last trick: every position plays its one card."""
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    card = lowest_bit(hands[turn])
    led = eff[card]
    if led == 4:  # a free joker led names a suit, and wins whatever it names
        return 1 if counted[turn] else 0
    winner = turn
    top = strength[led, card]
    p = turn
    for _ in range(n_active - 1):
        p = nxt[p]
        c = lowest_bit(hands[p])
        s = strength[led, c]
        if s > top:
            top = s
            winner = p
    return 1 if counted[winner] else 0


@jit
def _top_run(hands: Any, e: int, ctx: Any) -> tuple[int, int]:
    """The holder of the top card still in play of effective suit ``e`` and how many of the
    suit's top cards it holds in a row; (-1, 0) when the suit is out."""
    ladders = ctx[3]
    ladder_len = ctx[4]
    owner = -1
    run = 0
    for j in range(ladder_len[e]):
        b = 1 << ladders[e, j]
        holder = -1
        for p in range(MAX_POS):
            if hands[p] & b:
                holder = p
                break
        if holder < 0:
            continue  # played
        if owner < 0:
            owner = holder
        if holder != owner:
            break
        run += 1
    return owner, run


@jit
def _sure(hands: Any, turn: int, left: int, ctx: Any) -> tuple[int, int]:
    """Bounds on the counted tricks still to come at a trick start, by what is sure:

    * the top trumps (a free joker, in no trumps and misère): those of the group (counted
      positions, or the others) holding the best one, down to the other group's best,
      each take the trick they are played to for their group (only the group's own cards
      beat them), and every card of a hand in play is played (unless a misère can end the
      deal first; a misère's dead hand keeps its cards), so the most of them in one hand
      (its cards go to different tricks) count for the group;
    * the leader's quick tricks: the top cards of a plain suit it holds in a row win their
      tricks when it cashes them, for as many rounds as every opponent able to trump (or
      to play a free joker) still follows suit. Only the leader's choice makes them, so
      they bound the count from its side: up for a counted leader that wants more, down
      for an uncounted one that wants fewer.
      A partner's top cards in a suit the leader holds count the same way, cashed by
      the partner after the leader's lead of the suit: the more of the two (the lead then
      stays with the partner).
    * a misère stopped by the contractor's first trick (the stop rule): counting only
      the contractor's tricks, at most one is still to come (and no other bound holds:
      they assume every card is played).
    """
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    lo = 0
    hi = left
    if stop_pos >= 0:
        # the deal ends on the stopping position's first trick: counting only its tricks,
        # at most one is still to come (the other bounds assume every card is played)
        alone = True
        for p in range(MAX_POS):
            if counted[p] and p != stop_pos:
                alone = False
        if alone and hi > 1:
            hi = 1
        return lo, hi
    quick = 0
    live = 0  # the cards of the hands in play
    p = turn
    for _ in range(n_active):
        live |= hands[p]
        p = nxt[p]
    if trump_e >= 0:
        # the top trumps held by one group (the counted positions, or the others) down to
        # the other group's best: any trick one of them is played to goes to that group
        # (only its own cards beat it), and one hand's cards go to different tricks. A
        # hand out of the play (a misère's dead hand) keeps cards that are never played.
        above = 0
        top_group = -1
        for j in range(ladder_len[trump_e]):
            b = 1 << ladders[trump_e, j]
            if not live & b:
                continue  # played, or out of the play
            holder = -1
            for p in range(MAX_POS):
                if hands[p] & b:
                    holder = p
                    break
            group = 1 if counted[holder] else 0
            if top_group < 0:
                top_group = group
            elif group != top_group:
                break
            above |= b
        if top_group >= 0:
            sure = 0
            for p in range(MAX_POS):
                if (1 if counted[p] else 0) == top_group:
                    k = popcount(hands[p] & above)
                    if k > sure:
                        sure = k
            if top_group == 1:
                lo = sure
            else:
                hi = left - sure
            if (1 if counted[turn] else 0) == top_group:
                quick = popcount(hands[turn] & above)
    if maxi[turn] != counted[turn]:
        return lo, hi
    ruff = suit_masks[trump_e] if trump_e >= 0 else 0
    entry = 0
    for e in range(4):
        if e == trump_e:
            continue
        owner, k = _top_run(hands, e, ctx)
        if owner < 0:
            continue
        if owner != turn:
            # a partner's top cards: the leader leads the suit to them, and they cash it
            if not (maxi[owner] == maxi[turn] and counted[owner] == counted[turn]):
                continue
            if not hands[turn] & suit_masks[e] or not hands[owner] & live:
                continue  # (a misère's dead hand never plays)
        for p in range(MAX_POS):
            if p == turn or hands[p] == 0:
                continue
            if maxi[p] == maxi[turn] and counted[p] == counted[turn]:
                continue  # the leader's own side lets its winners stand
            if hands[p] & ruff:
                length = popcount(hands[p] & suit_masks[e])
                if length < k:
                    k = length
        if owner == turn:
            quick += k
        elif k > entry:
            entry = k
    if entry > quick:
        quick = entry  # the one or the other: the lead passes to the partner
    if quick > left:
        quick = left
    if counted[turn]:
        if quick > lo:
            lo = quick
    elif left - quick < hi:
        hi = left - quick
    return lo, hi


@jit
def _moves(hands: Any, turn: int, plays_card: Any, start: int, nplays: int, led: int,
           suits_led: int, voids: Any, ctx: Any, out: Any) -> int:
    """Write the moves of the seat to move into ``out`` (card * 8, plus the named suit + 1
    for a led joker), one per group of touching cards; their number."""
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    hand = hands[turn]
    leading = nplays == 0
    suit_cards = 0 if leading else suit_masks[led]
    present = 0
    for p in range(MAX_POS):
        present |= hands[p]
    for i in range(start, start + nplays):
        present |= 1 << plays_card[i]
    tricks_left = popcount(hand)
    trick_no = flags.last_trick - tricks_left + 1
    cards, names = _legal_mask(hand, suit_cards, leading, free, suits_led, voids[turn],
                               trick_no, misere, flags)
    n = 0
    for e in range(5):
        open_group = False
        for j in range(ladder_len[e]):
            c = ladders[e, j]
            b = 1 << c
            if not present & b:
                continue  # played: touching goes on over it
            if cards & b and not free & b:
                if not open_group:
                    out[n] = c * 8
                    n += 1
                    open_group = True
            else:
                open_group = False
                if cards & b:  # an unnominated joker: led once per suit it may name
                    if leading:
                        for k in range(4):
                            if names >> k & 1:
                                out[n] = c * 8 + k + 1
                                n += 1
                    else:
                        out[n] = c * 8
                        n += 1
    return n


@jit
def _best_to_come(hands: Any, turn: int, later: int, e: int, ctx: Any) -> tuple[int, int]:
    """The strongest card in a trick of effective suit ``e`` that the ``later`` positions
    after ``turn`` can put on it (any card of a hand void in ``e``: a bound, good enough
    for ordering), for ``turn``'s side (-1 if none) and for the other side."""
    strength, suit_masks, maxi, counted, nxt = ctx[0], ctx[2], ctx[9], ctx[10], ctx[11]
    mate_best = -1
    foe_best = -1
    p = turn
    for _ in range(later):
        p = nxt[p]
        cand = hands[p] & suit_masks[e]
        if cand == 0:
            cand = hands[p]
        best = -1
        while cand:
            c = lowest_bit(cand)
            cand &= cand - 1
            if strength[e, c] > best:
                best = strength[e, c]
        if counted[p] == maxi[turn]:
            if best > mate_best:
                mate_best = best
        elif best > foe_best:
            foe_best = best
    return mate_best, foe_best


@jit
def _order(hands: Any, turn: int, plays_pos: Any, plays_card: Any, start: int, nplays: int,
           led: int, ctx: Any, moves: Any, n: int, first: int, history: Any, scores: Any
           ) -> None:
    """Sort ``moves[:n]`` best first (see the module's notes)."""
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    if nplays == 0:
        # moves come suit by suit: per suit, the best card each side's other hands can put
        # on the lead (as a follower's below)
        mine_wins = counted[turn] == maxi[turn]
        cur = -1
        mate_best = -1
        foe_best = -1
        for i in range(n):
            c = moves[i] // 8
            e = eff[c]
            score = history[turn, c] * 1024 + strength[4, c]
            if mine_wins and e < 4:
                if e != cur:
                    cur = e
                    mate_best, foe_best = _best_to_come(hands, turn, n_active - 1, e, ctx)
                if strength[e, c] > foe_best:
                    score += _LEAD_WIN  # a sure winner: cash it
                elif mate_best > foe_best:
                    score += _LEAD_MATE - 2 * strength[4, c]  # low, to the side's winner
            scores[i] = score
    else:
        top = -1
        top_pos = 0
        for i in range(start, start + nplays):
            s = strength[led, plays_card[i]]
            if s > top:
                top = s
                top_pos = plays_pos[i]
        # the best card each position still to play can put on the trick (any card of a
        # hand void in the suit led: a bound, good enough for ordering), by whether its
        # winning the trick is good for the position to move
        good = counted[top_pos] == maxi[turn]
        mate_best, foe_best = _best_to_come(hands, turn, n_active - 1 - nplays, led, ctx)
        if counted[turn] != maxi[turn]:
            # a misère (the contractor minimises its own tricks): the contractor goes under
            # the trick with its highest card that does, else plays its highest (the trick
            # is its own anyway); a defender goes under the contractor's card with its
            # highest, else plays its lowest, so that the contractor must take the trick
            for i in range(n):
                c = moves[i] // 8
                s = strength[led, c]
                under = s if s > 0 else strength[5, c]
                if counted[turn] or good:
                    scores[i] = under + (100000 if s < top else 0)
                else:
                    scores[i] = -strength[5, c]
        else:
            if good and top > foe_best:
                bar = BIG  # the trick is won already: play low
            elif mate_best > top and mate_best > foe_best:
                bar = BIG  # a later hand of the side can win it: play low
            else:
                bar = top if top > foe_best else foe_best
            for i in range(n):
                c = moves[i] // 8
                s = strength[led, c]
                if s > bar:
                    scores[i] = 200000 - s  # win it for sure, as cheaply as possible
                elif s > top and not good:
                    scores[i] = 100000 - s  # take it as cheaply as possible
                else:
                    scores[i] = -strength[5, c]  # else throw the lowest card
    sort_moves(moves, scores, n, first)


@jit
def search(hands: Any, voids: Any, plays_pos: Any, plays_card: Any, turn0: int, nplays0: int,
           led0: int, suits_led0: int, alpha0: int, beta0: int, ctx: Any, tt_keys: Any,
           tt_bounds: Any, tt_moves: Any, history: Any, frames: Any, stack: Any, scores: Any,
           keybuf: Any, stats: Any) -> int:
    """The counted tricks still to come from this position under perfect play (exact inside
    ``(alpha0, beta0)``, a bound outside it), by fail-soft alpha-beta
    (:mod:`~cardlab.solve.alphabeta`).

    A depth's frame holds, after the shared columns, the position's turn, cards of the
    trick so far, suit led, suits led, the trick's gain and the void before the move. The
    card played at depth ``d`` is ``plays_*[d]``: the trick so far is the ``nplays`` entries
    before it (the root's trick sits at ``0 … nplays0 - 1``). ``stats``: [nodes, budget,
    stopped]."""
    (strength, eff, suit_masks, ladders, ladder_len, free, flags, misere, stop_pos,
     maxi, counted, nxt, n_active, trump_e, gen) = ctx
    mask = tt_keys.shape[0] - 1
    root = nplays0
    d = root
    turn = turn0
    nplays = nplays0
    led = led0
    suits_led = suits_led0
    alpha = alpha0
    beta = beta0
    ret = 0
    entering = True
    while True:
        if entering:
            # -- a new position at depth d: bounds, the table, the moves ---------------
            stats[0] += 1
            if stats[0] > stats[1]:
                stats[2] = 1
                return 0
            done = False
            slot = -1
            first = -1
            if nplays == 0:
                left = popcount(hands[turn])
                lo_sure, hi_sure = _sure(hands, turn, left, ctx)
                if left <= 1:
                    ret = _last_trick(hands, turn, ctx) if left else 0
                    done = True
                elif hi_sure <= alpha or lo_sure == hi_sure:
                    ret = hi_sure
                    done = True
                elif lo_sure >= beta:
                    ret = lo_sure
                    done = True
                else:
                    slot = _key(hands, turn, suits_led, voids, ctx, keybuf[d]) & mask
                    done, ret, alpha, beta, first = probe(tt_keys, tt_bounds, tt_moves, slot,
                                                          keybuf[d], lo_sure, hi_sure, alpha,
                                                          beta)
            if not done:
                start = d - nplays
                n = _moves(hands, turn, plays_card, start, nplays, led, suits_led, voids, ctx,
                           stack[d])
                _order(hands, turn, plays_pos, plays_card, start, nplays, led, ctx, stack[d], n,
                       first, history, scores[d])
                f = frames[d]
                enter_frame(f, alpha, beta, maxi[turn], n, stack[d, 0], slot)
                f[_TURN] = turn
                f[_NPLAYS] = nplays
                f[_LED] = led
                f[_SLED] = suits_led
            entering = False
            if done:
                if d == root:
                    return ret
                d -= 1
                ret_from_child = True
            else:
                ret_from_child = False
        else:
            ret_from_child = True
        f = frames[d]
        if ret_from_child:
            # -- a child of depth d answered ``ret``: undo its move, weigh it ----------
            turn = f[_TURN]
            mv = stack[d, f[AT]]
            card = mv // 8
            hands[turn] |= 1 << card
            voids[turn] = f[_VOID]
            if stats[2]:
                return 0
            if weigh(f, ret + f[_GAIN], mv):
                history[turn, card] += 1
        if f[AT] >= f[N]:
            # -- every move weighed (or a cut): store what was proved, return ----------
            if f[SLOT] >= 0:
                store(tt_keys, tt_bounds, tt_moves, keybuf[d], f)
            ret = int(f[BEST])
            if d == root:
                return ret
            d -= 1
            continue
        # -- play the next move of depth d and go down (or weigh a finished deal) --------
        turn = f[_TURN]
        nplays = f[_NPLAYS]
        led = f[_LED]
        suits_led = f[_SLED]
        mv = stack[d, f[AT]]
        card = mv // 8
        named = mv % 8
        hands[turn] &= ~(1 << card)
        f[_VOID] = voids[turn]
        new_led = led
        new_sled = suits_led
        if nplays == 0:
            new_led = named - 1 if named else eff[card]
            if new_led < 4:
                new_sled |= 1 << new_led
        elif eff[card] != led:
            voids[turn] |= 1 << led
        plays_pos[d] = turn
        plays_card[d] = card
        if nplays + 1 < n_active:
            f[_GAIN] = 0
            turn = nxt[turn]
            nplays = nplays + 1
            led = new_led
            suits_led = new_sled
            alpha = f[ALPHA]
            beta = f[BETA]
        else:
            start = d - nplays
            winner = plays_pos[start]
            top = -1
            for k in range(start, start + n_active):
                s = strength[new_led, plays_card[k]]
                if s > top:
                    top = s
                    winner = plays_pos[k]
            gain = 1 if counted[winner] else 0
            f[_GAIN] = gain
            if hands[winner] == 0 or winner == stop_pos:
                ret = 0  # the deal is over: the trick's gain is all
                continue  # (weighed as a child's answer at depth d)
            turn = winner
            nplays = 0
            led = -1
            suits_led = new_sled
            alpha = f[ALPHA] - gain
            beta = f[BETA] - gain
        d += 1
        entering = True


@jit(nogil=True)  # a hint valued in the background leaves the main thread free
def exact(hands: Any, voids: Any, plays_pos: Any, plays_card: Any, turn: int, nplays: int,
          led: int, suits_led: int, guess: int, ctx: Any, tt_keys: Any, tt_bounds: Any,
          tt_moves: Any, history: Any, stats: Any) -> int:
    """The exact counted tricks still to come, by zero-window tests around ``guess``
    (MTD(f)); -1 if the node budget ran out. ``plays_*[:nplays]`` hold the trick so far."""
    frames = np.zeros((DEPTH, _COLUMNS), dtype=np.int64)
    stack = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    scores = np.zeros((DEPTH, _MOVES), dtype=np.int64)
    keybuf = np.zeros((DEPTH, 4), dtype=np.int64)
    lo = -1
    hi = BIG
    g = guess
    while lo < hi:
        bound = mtdf_bound(lo, g)
        g = search(hands, voids, plays_pos, plays_card, turn, nplays, led, suits_led,
                   bound - 1, bound, ctx, tt_keys, tt_bounds, tt_moves, history, frames,
                   stack, scores, keybuf, stats)
        if stats[2]:
            return -1
        lo, hi = mtdf_narrow(lo, hi, g, bound)
    return g
