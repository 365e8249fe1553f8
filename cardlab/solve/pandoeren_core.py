"""The compiled search of Pandoeren's play: the whole play phase, announcements included.

A position is one array of small integers (the *slots* below: the four hands as card masks,
the trick so far, each seat's card points, the facts the contract tests read, the partner
and whether she is public, the roem and stuk announced), changed in place and restored from
a copy kept per depth (no allocation in the recursion). Every rule comes from the game's
kernel (:mod:`cardlab.games.pandoeren.kernel`, compiled as written by
:func:`~cardlab.solve.jit.compiled_kernel`): the legal cards (``legal_mask``), the trick's
best card (``trick_key``, ``trick_best``, ``trick_top_trump``), the points
(``trick_card_points``, ``trick_points_total``), the announcements' legality
(``announce_roem_legal``, ``announce_stuk_legal``), each contract's test
(``contract_failed``, ``contract_tricks_made``, ``deal_points``, ``contract_made``,
``stuk_points``) and the payments (``deal_payments``). The value is the deal's payment to
one seat (the root seat, who maximises it; the three others minimise it), exactly as the
teaching engine's ``result.points`` gives it.

What makes it fast:

* **A number bid searched as card points.** Where the roem and stuk that count are settled
  (``roem_announce="auto"``: all 8 tricks are played, so the called card shows the partner by
  the end), the payment reads only whether the team's card points reach the least that
  makes the bid (found with the kernel's ``contract_made``). The search then values the
  team's card points still to come, the seats that gain by more maximising them, in one
  zero-window test against what is still needed (as DDS tests tricks), and its table holds
  bounds on the points to come, whatever was won before. The team's run of top trumps is
  sure to win its card points for the side that holds it (a lower or upper bound).
* **The outcome decides early.** A seat's payment reads only whether the contract is made
  and who the team is. Once the team is settled, the payment is one of two numbers: when
  they are equal (a defender under ``pagat_plus_minus``) the value is known at once, and
  as soon as the contract has failed on the tricks, or a number bid is sure to be reached
  or sure to be missed (card points so far and left, roem and stuk at their least and
  most), the search stops there.
* **A transposition table at trick starts**, keyed by the four hands, the leader and every
  fact the rest of the deal reads (the team's card points only in a number bid), or in the
  card-points search by relative ranks (who holds each card still in play, suit by suit from
  the top, with its points' class); it stores a lower and an upper bound and the best move
  in fixed arrays (2**19 slots, about 25 MiB; a new entry takes its slot).
* **The last trick** is played out at once (every hand has one card).
* **Touching cards merged**: of two cards of one suit with no card between them still in
  play and equal card points, only the higher is searched — never the called card, the
  trump king, queen or jas (the partnership, stuk and the Piccolo jas read them).
* **Move ordering**: the table's move first; a seat whose own win serves its side (the
  side it wants the tricks to go to: the partner, who plays against the declarer's
  payment, wants them away from the team) leads high and takes a trick held by the other
  side as cheaply as it can; otherwise it plays under, giving the fewest points, and gives
  the most points to a trick its side holds.
* **A node budget** (the caller raises :class:`~cardlab.solve.search.SolveBudgetExceeded`).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np

from cardlab.games.pandoeren import kernel
from cardlab.solve.alphabeta import (
    ALPHA,
    AT,
    BETA,
    COLUMNS,
    SLOT,
    N,
    enter_frame,
    probe,
    sort_moves,
    store,
    weigh,
)
from cardlab.solve.alphabeta import BEST as F_BEST  # (BEST here is a position's slot)
from cardlab.solve.jit import HAVE_NUMBA, compiled_kernel, jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["KernelTables", "kernel_tables", "new_table", "search", "exact", "slot_names",
           "TT_BITS",
           "NSLOTS", "NCFG", "ROEM_MOVE", "STUK_MOVE"]

_NAMES = ["legal_mask", "trick_key", "trick_best", "trick_top_trump", "trick_card_points",
          "trick_points_total", "contract_failed", "contract_tricks_made", "deal_points",
          "contract_made", "stuk_points", "deal_payments", "announce_stuk_legal",
          "announce_roem_legal"]
_K = compiled_kernel(kernel, _NAMES)
_legal_mask = _K.legal_mask
_trick_key = _K.trick_key
_trick_best = _K.trick_best
_trick_top_trump = _K.trick_top_trump
_trick_card_points = _K.trick_card_points
_trick_points_total = _K.trick_points_total
_contract_failed = _K.contract_failed
_contract_tricks_made = _K.contract_tricks_made
_deal_points = _K.deal_points
_contract_made = _K.contract_made
_stuk_points = _K.stuk_points
_deal_payments = _K.deal_payments
_announce_stuk_legal = _K.announce_stuk_legal
_announce_roem_legal = _K.announce_roem_legal

_ZWABBER: Final = kernel.ZWABBER
_NUMBER: Final = kernel.NUMBER
_PANDOER_PLUS: Final = kernel.PANDOER_PLUS

# -- a position's slots -------------------------------------------------------------------
H: Final = 0  # H + seat: the seat's cards (mask)
TURN: Final = 4
NPLAYED: Final = 5  # cards in the trick so far
LEADER: Final = 6
LED: Final = 7  # the led suit (4: none yet)
BEST: Final = 8  # the trick's best key so far
BEST_SEAT: Final = 9
TOP: Final = 10  # the highest trump's rank in the trick (-1: none)
TPTS: Final = 11  # the trick's card points so far
DJAS: Final = 12  # the declarer played the jas to this trick
NTRICKS: Final = 13
PTS: Final = 14  # PTS + seat: card points won
DWINS: Final = 18  # tricks the declarer won
TEAM_LOST: Final = 19
EARLY_LOST: Final = 20  # one of tricks 1-4 went to another seat than the declarer
FIRST_LOST: Final = 21
FIRST_JAS: Final = 22  # the declarer's first won trick holds her jas
PARTNER: Final = 23  # -1: none
PPUB: Final = 24  # the partnership is public
RANN: Final = 25  # seats that announced roem (bits)
SANN: Final = 26  # seats that announced stuk (bits)
TCARDS: Final = 27  # the cards in the trick (mask)
DONE: Final = 28
REM: Final = 29  # card points still in the hands
NSLOTS: Final = 30

# -- a search's configuration (one deal, one root seat) ----------------------------------
C_TABLE: Final = 0  # the trump table (0-3 a suit, 4 none)
C_KIND: Final = 1  # the objective code (kernel.NUMBER …)
C_PICCOLO: Final = 2
C_NUMBER: Final = 3  # the bid, or the n of Pandoer + n
C_VALUE: Final = 4  # game points
C_ZERO_SUM: Final = 5
C_COUNTS: Final = 6  # the contract counts roem and stuk
C_MANUAL: Final = 7  # roem_announce == "manual"
C_STUK_FIRST: Final = 8  # stuk_deadline == "before_first_card"
C_STOP: Final = 9  # stop_when_decided
C_ZW_FTS: Final = 10  # a Zwabber whose partner is the first trick's winner
C_DECL: Final = 11
C_CALLED: Final = 12  # the called card's index (-1: none)
C_JAS_MARKS: Final = 13  # Kereltje: playing the jas shows the partner
C_ROOT: Final = 14  # the seat whose payment is the value
C_RC: Final = 15  # + announcers (bit 0 declarer, bit 1 partner): the roem that counts
C_RV: Final = 19  # + seat: roem in hand at trick 1
C_SH: Final = 23  # + seat: held the trump king and queen at the start of play
C_RULES: Final = 27  # + 0..3: legal_mask's play options
C_GEN: Final = 31
C_WANT: Final = 32  # + seat: +1 wants the team to take tricks, -1 not, 0 indifferent
C_APART: Final = 36  # cards never merged (mask)
C_TEAM_GOOD: Final = 37  # the team's tricks help the contract (not a misère/Piccolo)
C_POINTS: Final = 38  # the value searched is the team's card points to come (see exact)
C_PARTNER: Final = 39  # the partner (points mode: settled)
C_MAXI: Final = 40  # + seat: the seat maximises the value searched
C_NEED: Final = 44  # points mode: the team's card points that make the bid
C_PCODE: Final = 45  # + card: its card points' class (points mode's key)
NCFG: Final = 45 + 33

#: moves that are not cards
ROEM_MOVE: Final = 40
STUK_MOVE: Final = 41
#: log2 of the table's slots (2**19 slots of 5 key words, 2 bounds and a move: 25 MiB)
TT_BITS: Final = 19
_KEYW: Final = 5
_DEPTH: Final = 48  # 32 cards and at most 8 announcements
_MOVES: Final = 12
_INF: Final = 1 << 30
_LOW62: Final = (1 << 62) - 1


def slot_names() -> dict[str, int]:
    """The slots' names → their index (for tests and debugging)."""
    return {k: v for k, v in globals().items() if k.isupper() and isinstance(v, int)
            and k in ("H", "TURN", "NPLAYED", "LEADER", "LED", "BEST", "BEST_SEAT", "TOP",
                      "TPTS", "DJAS", "NTRICKS", "PTS", "DWINS", "TEAM_LOST", "EARLY_LOST",
                      "FIRST_LOST", "FIRST_JAS", "PARTNER", "PPUB", "RANN", "SANN", "TCARDS",
                      "DONE", "REM")}


class KernelTables(NamedTuple):
    """The kernel's :class:`~cardlab.games.pandoeren.rules.PlayTables` as numpy arrays in a
    named tuple (the form compiled code reads; the kernel reads the same fields)."""

    n_cards: int
    stride: int
    above_stride: int
    last_trick_bonus: int
    stuk_value: int
    bit: Any
    suit: Any
    suit_mask: Any
    trump_mask: Any
    jas: Any
    kq: Any
    rank: Any
    points: Any
    strength: Any
    above: Any


def kernel_tables(pt: Any) -> KernelTables:
    """:class:`KernelTables` of the kernel's tables ``pt`` (``rules.play_tables``)."""
    arr = {f: np.array(getattr(pt, f), dtype=np.int64)
           for f in ("bit", "suit", "suit_mask", "trump_mask", "jas", "kq", "rank", "points",
                     "strength", "above")}
    return KernelTables(int(pt.n_cards), int(pt.stride), int(pt.above_stride),
                        int(pt.last_trick_bonus), int(pt.stuk_value), **arr)


def new_table(bits_: int = TT_BITS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty table of ``2**bits_`` slots: keys (5 words; all -1 is empty), bounds (lower,
    upper) and the best move."""
    n = 1 << bits_
    return (np.full((n, _KEYW), -1, dtype=np.int64), np.zeros((n, 2), dtype=np.int32),
            np.zeros(n, dtype=np.int16))


if HAVE_NUMBA:
    @jit
    def _legal(tb: Any, hand: int, leading: bool, led: int, table: int, top: int,
               cfg: Any) -> int:
        # numba binds the kernel's keyword-only options by position
        return int(_legal_mask(tb, hand, leading, led, table, top, cfg[C_RULES] != 0,
                               cfg[C_RULES + 1] != 0, cfg[C_RULES + 2] != 0,
                               cfg[C_RULES + 3] != 0))
else:  # pragma: no cover - exercised where numba is absent
    def _legal(tb: Any, hand: int, leading: bool, led: int, table: int, top: int,
               cfg: Any) -> int:
        return int(_legal_mask(tb, hand, leading, led, table, top,
                               jas_never_forced=cfg[C_RULES] != 0,
                               trump_while_able_to_follow=cfg[C_RULES + 1] != 0,
                               undertrump_banned=cfg[C_RULES + 2] != 0,
                               overtrump_on_trump_lead=cfg[C_RULES + 3] != 0))


# -- the rules of a move ---------------------------------------------------------------------
@jit
def _failed(s: Any, cfg: Any) -> bool:
    """A2.6 the contract has failed on the tricks so far (the kernel's test)."""
    return bool(_contract_failed(cfg[C_KIND], s[TEAM_LOST] != 0, s[DWINS], s[EARLY_LOST] != 0,
                                 s[FIRST_LOST] != 0, s[FIRST_JAS] != 0, cfg[C_PICCOLO]))


@jit
def _finish(s: Any, cfg: Any, tb: Any) -> None:
    """The trick is complete: its winner, points, the partnership, the contract's facts."""
    w = s[BEST_SEAT]
    d = cfg[C_DECL]
    if cfg[C_ZW_FTS] != 0 and s[NTRICKS] == 0:  # P-A10: the first trick's winner partners
        s[PARTNER] = w if w != d else -1
        s[PPUB] = 1
    p = s[PARTNER]
    if w == d and p >= 0:
        s[PPUB] = 1  # A2.7.3 the partner collects the declarer's trick
    s[PTS + w] += _trick_points_total(tb, s[TPTS], s[NTRICKS] == 7)
    if w != d and w != p:
        s[TEAM_LOST] = 1
    if w == d:
        s[DWINS] += 1
        if s[DWINS] == 1:
            s[FIRST_JAS] = s[DJAS]
    else:
        if s[NTRICKS] < 4:
            s[EARLY_LOST] = 1
        if s[NTRICKS] == 0:
            s[FIRST_LOST] = 1
    s[NTRICKS] += 1
    s[NPLAYED] = 0
    s[TURN] = w
    s[LEADER] = w
    s[LED] = 4
    s[TCARDS] = 0
    s[TPTS] = 0
    s[DJAS] = 0
    if s[NTRICKS] == 8 or (cfg[C_STOP] != 0 and _failed(s, cfg)):
        s[DONE] = 1


@jit
def _play(s: Any, card: int, cfg: Any, tb: Any) -> None:
    """The seat to move plays ``card`` (A2.2 the trick's best card, A2.3 its points)."""
    p = s[TURN]
    t = cfg[C_TABLE]
    b = 1 << card
    s[H + p] &= ~b
    leading = s[NPLAYED] == 0
    if leading:
        s[LED] = tb.suit[card]
        s[TPTS] = 0
        s[DJAS] = 0
    best, seat = _trick_best(_trick_key(tb, t, s[LED], card), s[BEST], s[BEST_SEAT], p,
                             leading)
    s[BEST] = best
    s[BEST_SEAT] = seat
    s[TOP] = _trick_top_trump(tb, t, card, s[TOP], leading)
    pts = _trick_card_points(tb, t, card)
    s[TPTS] += pts
    s[REM] -= pts
    s[TCARDS] |= b
    jas_played = (b & tb.jas[t]) != 0
    if jas_played and p == cfg[C_DECL]:
        s[DJAS] = 1
    if card == cfg[C_CALLED] or (cfg[C_JAS_MARKS] != 0 and jas_played):
        s[PPUB] = 1  # A2.7.3 the called card (Kereltje: the jas) shows the partner
    s[NPLAYED] += 1
    s[TURN] = (p + 1) & 3
    if s[NPLAYED] == 4:
        _finish(s, cfg, tb)


@jit
def _roem_legal(s: Any, cfg: Any) -> bool:
    p = s[TURN]
    first = s[NTRICKS] == 0 and s[NPLAYED] == 0
    return bool(_announce_roem_legal(cfg[C_COUNTS] != 0, (s[RANN] >> p & 1) != 0,
                                     p == cfg[C_DECL], first, p == s[PARTNER], s[PPUB] != 0,
                                     cfg[C_RV + p]))


@jit
def _stuk_legal(s: Any, cfg: Any, tb: Any) -> bool:
    p = s[TURN]
    return bool(_announce_stuk_legal(tb, cfg[C_TABLE], s[H + p], cfg[C_COUNTS] != 0,
                                     (s[SANN] >> p & 1) != 0, cfg[C_SH + p] != 0,
                                     cfg[C_STUK_FIRST] != 0))


# -- the score ---------------------------------------------------------------------------------
@jit
def _pay(made: bool, s: Any, cfg: Any) -> int:
    """The root seat's payment when the contract is ``made`` or not (the team as it is)."""
    d = cfg[C_DECL]
    p = s[PARTNER]
    r = cfg[C_ROOT]
    size = 2 if p >= 0 else 1
    return int(_deal_payments(made, cfg[C_VALUE], r == d or r == p, size, 4 - size,
                              cfg[C_ZERO_SUM] != 0))


@jit
def _team_roem_stuk(s: Any, cfg: Any, tb: Any, least: bool) -> tuple[int, int]:
    """The team's roem and stuk that count: as announced so far (``least``) or at most."""
    d = cfg[C_DECL]
    p = s[PARTNER]
    if least:
        if cfg[C_MANUAL] != 0:
            a_d = (s[RANN] >> d) & 1
            a_p = (s[RANN] >> p) & 1 if p >= 0 else 0
            held = ((s[SANN] >> d) & 1 & cfg[C_SH + d]) != 0 or (
                p >= 0 and ((s[SANN] >> p) & 1 & cfg[C_SH + p]) != 0)
        else:
            a_d = 1 if (s[NTRICKS] > 0 or s[NPLAYED] > 0) else 0
            a_p = 1 if (p >= 0 and s[PPUB] != 0) else 0
            held = cfg[C_SH + d] != 0 or (p >= 0 and cfg[C_SH + p] != 0)
    else:
        a_d = 1
        a_p = 1 if p >= 0 else 0
        held = cfg[C_SH + d] != 0 or (p >= 0 and cfg[C_SH + p] != 0)
    return cfg[C_RC + a_d + 2 * a_p], int(_stuk_points(tb, True, held))


@jit
def _made(s: Any, cfg: Any, tb: Any) -> bool:
    """A2.11 whether the finished deal's contract is made (the kernel's tests)."""
    kind = cfg[C_KIND]
    failed = _failed(s, cfg)
    complete = s[NTRICKS] == 8
    made = bool(_contract_tricks_made(kind, failed, complete, s[DWINS]))
    if cfg[C_COUNTS] != 0:
        roem, stuk = _team_roem_stuk(s, cfg, tb, True)
        p = s[PARTNER]
        team = s[PTS + cfg[C_DECL]] + (s[PTS + p] if p >= 0 else 0)
        made = bool(_contract_made(kind, made, complete, _deal_points(kind, team, roem, stuk),
                                   cfg[C_NUMBER]))
    return made


@jit
def _decided(s: Any, cfg: Any, tb: Any) -> int:
    """At a trick start with the team settled: 1 the contract is sure to be made, 0 sure to
    fail, -1 still open (the failed tests, and a number bid's points at their least and most:
    monotone bounds on the kernel's own test)."""
    if _failed(s, cfg):
        return 0
    kind = cfg[C_KIND]
    if cfg[C_COUNTS] == 0 or s[NPLAYED] != 0:
        return -1
    p = s[PARTNER]
    team = s[PTS + cfg[C_DECL]] + (s[PTS + p] if p >= 0 else 0)
    roem_hi, stuk_hi = _team_roem_stuk(s, cfg, tb, False)
    if kind == _NUMBER:
        roem_lo, stuk_lo = _team_roem_stuk(s, cfg, tb, True)
        if _contract_made(kind, True, True, _deal_points(kind, team, roem_lo, stuk_lo),
                          cfg[C_NUMBER]):
            return 1
        most = team + s[REM] + tb.last_trick_bonus
        if not _contract_made(kind, True, True, _deal_points(kind, most, roem_hi, stuk_hi),
                              cfg[C_NUMBER]):
            return 0
    elif kind == _PANDOER_PLUS:
        if not _contract_made(kind, True, True, _deal_points(kind, 0, roem_hi, stuk_hi),
                              cfg[C_NUMBER]):
            return 0
    return -1


@jit
def _holder(s: Any, c: int) -> int:
    """The seat whose hand holds card ``c`` (-1: played, or in the discard)."""
    b = 1 << c
    for q in range(4):
        if s[H + q] & b:
            return q
    return -1


@jit
def _trump_run(s: Any, cfg: Any, tb: Any, ladders: Any, lad_len: Any) -> tuple[int, int]:
    """At a trick start: the top trumps still in the hands held by one side in a row win
    their tricks for that side (nothing beats them but a higher one of the run), so their
    card points are sure to go to it. (1: the team, -1: the other seats, 0: no trumps left)
    and those points."""
    t = cfg[C_TABLE]
    if t >= 4:
        return 0, 0
    d = cfg[C_DECL]
    p = cfg[C_PARTNER]
    side = 0
    sure = 0
    for j in range(lad_len[t]):
        c = ladders[t, j]
        holder = _holder(s, c)
        if holder < 0:
            continue
        here = 1 if (holder == d or holder == p) else -1
        if side == 0:
            side = here
        elif here != side:
            break
        sure += tb.points[t * tb.stride + c]
    return side, sure


# -- the table -----------------------------------------------------------------------------------
@jit
def _key(s: Any, cfg: Any, ladders: Any, lad_len: Any, out: Any) -> int:
    """Fill ``out`` with the table key of a trick start; its hash.

    In the points mode the key reads, suit by suit from the top, who holds each card still
    in play and its card points' class, not the cards themselves: once the ace is played
    the king is the top card, and positions that differ only so have the same card points
    to come (legality, the trick's winner and the touching cards read only the order of
    the cards in play; the jas is the only trump of its points)."""
    if cfg[C_POINTS] != 0:
        w0 = 0
        w1 = 0
        w2 = 0
        w3 = 0
        word = 0
        units = 0
        acc = 0
        for e in range(4):
            for j in range(lad_len[e] + 1):
                code = 0  # a separator ends the suit
                if j < lad_len[e]:
                    c = ladders[e, j]
                    owner = _holder(s, c)
                    if owner < 0:
                        continue
                    code = (owner + 1) | cfg[C_PCODE + c] << 3
                acc |= code << (6 * units)
                units += 1
                if units == 10:
                    if word == 0:
                        w0 = acc
                    elif word == 1:
                        w1 = acc
                    elif word == 2:
                        w2 = acc
                    else:
                        w3 = acc
                    word += 1
                    acc = 0
                    units = 0
        if word == 0:
            w0 = acc
        elif word == 1:
            w1 = acc
        elif word == 2:
            w2 = acc
        else:
            w3 = acc
        f = s[TURN] << 28
    else:
        w0 = s[H]
        w1 = s[H + 1]
        w2 = s[H + 2]
        w3 = s[H + 3]
        d = cfg[C_DECL]
        p = s[PARTNER]
        team = 0
        if cfg[C_KIND] == _NUMBER:
            team = s[PTS + d] + (s[PTS + p] if p >= 0 else 0)
        f = (team | s[DWINS] << 8 | s[TEAM_LOST] << 12 | s[EARLY_LOST] << 13
             | s[FIRST_LOST] << 14 | s[FIRST_JAS] << 15 | (p + 1) << 16 | s[PPUB] << 19
             | s[RANN] << 20 | s[SANN] << 24 | s[TURN] << 28)
    out[0] = w0
    out[1] = w1
    out[2] = w2
    out[3] = w3
    out[4] = f | cfg[C_GEN] << 32
    h = (int(w0) * 0x1E3779B97F4A7C15 + int(w1)) & _LOW62
    h = ((h ^ (h >> 29)) * 0x3F58476D1CE4E5B9 + int(w2)) & _LOW62
    h = ((h ^ (h >> 31)) * 0x14D049BB133111EB + int(w3)) & _LOW62
    h = ((h ^ (h >> 29)) * 0x1E3779B97F4A7C15 + int(f)) & _LOW62
    return int(h ^ (h >> 32))


# -- moves -----------------------------------------------------------------------------------------
@jit
def _moves(s: Any, cfg: Any, tb: Any, ladders: Any, lad_len: Any, out: Any,
           score: Any) -> int:
    """The moves of the seat to move into ``out`` (touching cards once), each with an
    ordering score; their number."""
    n = 0
    p = s[TURN]
    t = cfg[C_TABLE]
    want = cfg[C_WANT + p]
    if cfg[C_MANUAL] != 0 and cfg[C_COUNTS] != 0:
        # announcing helps the team's count: first for a seat that wants it made
        good = want * (1 if cfg[C_TEAM_GOOD] != 0 else -1)
        if _roem_legal(s, cfg):
            out[n] = ROEM_MOVE
            score[n] = 1 << 20 if good > 0 else -(1 << 20)
            n += 1
        if _stuk_legal(s, cfg, tb):
            out[n] = STUK_MOVE
            score[n] = 1 << 20 if good > 0 else -(1 << 20)
            n += 1
    hand = s[H + p]
    leading = s[NPLAYED] == 0
    led = 4 if leading else s[LED]
    legal = _legal(tb, hand, leading, led, t, s[TOP], cfg)
    present = s[H] | s[H + 1] | s[H + 2] | s[H + 3] | s[TCARDS]
    apart = cfg[C_APART]
    # the side this seat wants the tricks to go to (the team, or the other seats), whether
    # its own card taking a trick serves that, and whether the trick is that side's so far
    d = cfg[C_DECL]
    team_good = cfg[C_TEAM_GOOD] != 0
    wants_team = (want > 0) == team_good
    mine_good = (p == d or p == s[PARTNER]) == wants_team
    ws = s[BEST_SEAT]
    friendly = (not leading) and ((ws == d or ws == s[PARTNER]) == wants_team)
    for suit in range(4):
        prev_mine = False
        prev_pts = -1
        prev_apart = False
        for j in range(lad_len[suit]):
            c = ladders[suit, j]
            b = 1 << c
            if (present & b) == 0:
                continue
            if (legal & b) == 0:
                prev_mine = False
                continue
            pts = tb.points[t * tb.stride + c]
            here_apart = (apart & b) != 0
            if prev_mine and pts == prev_pts and not here_apart and not prev_apart:
                continue  # touching the card above: the same tricks, the same points
            prev_mine = True
            prev_pts = pts
            prev_apart = here_apart
            out[n] = c
            if leading:
                k = _trick_key(tb, t, tb.suit[c], c)
                score[n] = k if mine_good else -k
            else:
                k = _trick_key(tb, t, led, c)
                wins = k > s[BEST]
                if friendly:  # keep it so (not over it unless that serves too), add points
                    score[n] = (1000 if (mine_good or not wins) else 0) + pts * 4 - k
                elif wins and mine_good:  # take it, cheaply
                    score[n] = 2000 - k
                else:  # under it, giving the fewest points
                    score[n] = (500 if not wins else 0) - pts * 4 - k
            n += 1
    return n


# -- the search ------------------------------------------------------------------------------
# a depth's own frame column, after the shared ones (:mod:`~cardlab.solve.alphabeta`): the
# card points the move gave the team (the points mode)
F_GAIN: Final = COLUMNS
_FRAME: Final = COLUMNS + 1


@jit
def _enter(s: Any, depth: int, alpha: int, beta: int, cfg: Any, tb: Any, ladders: Any,
           lad_len: Any, tt_keys: Any, tt_bounds: Any, tt_moves: Any, fr: Any, movebuf: Any,
           scorebuf: Any, keybuf: Any, scratch: Any) -> tuple[bool, int]:
    """A node is entered with the window ``(alpha, beta)``: (True, its value) where it is
    known at once (the deal over, the outcome decided, the table's bounds), else (False, 0)
    with its frame and ordered moves set up."""
    points = cfg[C_POINTS] != 0
    lo = -_INF  # what is sure of the value (kept by the table for this position's key)
    hi = _INF
    if s[DONE] == 0 and s[NTRICKS] == 7 and s[NPLAYED] == 0 and cfg[C_MANUAL] == 0:
        # the last trick: every hand plays its one card (no announcement is left to make)
        scratch[:] = s[:]
        for _ in range(4):
            _play(scratch, lowest_bit(scratch[H + scratch[TURN]]), cfg, tb)
        if not points:
            return True, _pay(_made(scratch, cfg, tb), scratch, cfg)
        d = cfg[C_DECL]
        p = cfg[C_PARTNER]
        return True, int(scratch[PTS + d] - s[PTS + d]
                         + (scratch[PTS + p] - s[PTS + p] if p >= 0 else 0))
    if points:
        if s[DONE] != 0:
            return True, 0
        least = 0
        most = s[REM] + s[TPTS] + tb.last_trick_bonus
        if s[NPLAYED] == 0:
            side, sure = _trump_run(s, cfg, tb, ladders, lad_len)
            if side > 0:
                least = sure
            elif side < 0:
                most -= sure
        if least >= beta:
            return True, least
        if most <= alpha:
            return True, most
        lo = least
        hi = most
    elif s[DONE] != 0:
        return True, _pay(_made(s, cfg, tb), s, cfg)
    elif not (cfg[C_ZW_FTS] != 0 and s[NTRICKS] == 0):  # the team is settled
        pm = _pay(True, s, cfg)
        pf = _pay(False, s, cfg)
        if pm == pf:
            return True, pm
        if s[NPLAYED] == 0:
            dec = _decided(s, cfg, tb)
            if dec >= 0:
                return True, pm if dec == 1 else pf
        lo = min(pm, pf)
        hi = max(pm, pf)
        if lo >= beta:
            return True, lo
        if hi <= alpha:
            return True, hi
    slot = -1
    first = -1
    if s[NPLAYED] == 0:
        key = keybuf[depth]
        slot = _key(s, cfg, ladders, lad_len, key) & (tt_keys.shape[0] - 1)
        known, v, alpha, beta, first = probe(tt_keys, tt_bounds, tt_moves, slot, key, lo, hi,
                                             alpha, beta)
        if known:
            return True, v
    moves = movebuf[depth]
    scores = scorebuf[depth]
    n = _moves(s, cfg, tb, ladders, lad_len, moves, scores)
    sort_moves(moves, scores, n, first)
    maximize = cfg[C_MAXI + s[TURN]] != 0
    enter_frame(fr[depth], alpha, beta, maximize, n, moves[0], slot)
    return False, 0


@jit
def _apply(s: Any, m: int, cfg: Any, tb: Any) -> int:
    """Make move ``m``: an announcement or a card; the card points it gave the team (in
    the points mode, else 0)."""
    if m == ROEM_MOVE:
        s[RANN] |= 1 << s[TURN]
        return 0
    if m == STUK_MOVE:
        s[SANN] |= 1 << s[TURN]
        return 0
    if cfg[C_POINTS] == 0:
        _play(s, m, cfg, tb)
        return 0
    d = cfg[C_DECL]
    p = cfg[C_PARTNER]
    before = s[PTS + d] + (s[PTS + p] if p >= 0 else 0)
    _play(s, m, cfg, tb)
    return int(s[PTS + d] + (s[PTS + p] if p >= 0 else 0) - before)


@jit
def search(s0: Any, alpha0: int, beta0: int, cfg: Any, tb: Any, ladders: Any, lad_len: Any,
           tt_keys: Any, tt_bounds: Any, tt_moves: Any, stats: Any) -> int:
    """The value searched from position ``s0`` (its slots; left unchanged), exact inside
    ``(alpha0, beta0)`` and a bound outside it, by a fail-soft alpha-beta on an explicit
    stack: the root seat's payment, or in the points mode the team's card points to come.
    ``stats[2]`` is set when the node budget ``stats[1]`` ran out (``stats[0]``: nodes)."""
    frames = np.zeros((_DEPTH, NSLOTS), dtype=np.int64)
    scratch = np.zeros(NSLOTS, dtype=np.int64)
    fr = np.zeros((_DEPTH, _FRAME), dtype=np.int64)
    movebuf = np.zeros((_DEPTH, _MOVES), dtype=np.int64)
    scorebuf = np.zeros((_DEPTH, _MOVES), dtype=np.int64)
    keybuf = np.zeros((_DEPTH, _KEYW), dtype=np.int64)
    s = s0.copy()
    # typed int64 from the start (not the literal constants numba would otherwise see first):
    # else it compiles _enter again for each literal signature, a second or more each
    depth = np.int64(0)
    alpha = np.int64(alpha0)
    beta = np.int64(beta0)
    ret = 0
    entering = True
    while True:
        if entering:
            stats[0] += 1
            if stats[0] > stats[1]:
                stats[2] = 1
                return 0
            known, v = _enter(s, depth, alpha, beta, cfg, tb, ladders, lad_len, tt_keys,
                              tt_bounds, tt_moves, fr, movebuf, scorebuf, keybuf, scratch)
            if known:
                ret = v
                entering = False
                continue
            f = fr[depth]
            frames[depth, :] = s[:]
            g = _apply(s, movebuf[depth, 0], cfg, tb)
            f[F_GAIN] = g
            alpha = f[ALPHA] - g
            beta = f[BETA] - g
            depth += 1
            continue
        # a child's value ``ret`` comes back to its parent
        if depth == 0:
            return ret
        depth -= 1
        f = fr[depth]
        s[:] = frames[depth, :]
        weigh(f, ret + f[F_GAIN], movebuf[depth, f[AT]])
        if f[AT] >= f[N]:
            if f[SLOT] >= 0:
                store(tt_keys, tt_bounds, tt_moves, keybuf[depth], f)
            ret = int(f[F_BEST])
            continue  # on up
        g = _apply(s, movebuf[depth, f[AT]], cfg, tb)
        f[F_GAIN] = g
        alpha = f[ALPHA] - g
        beta = f[BETA] - g
        depth += 1
        entering = True


@jit
def exact(s0: Any, cfg: Any, tb: Any, ladders: Any, lad_len: Any, tt_keys: Any,
          tt_bounds: Any, tt_moves: Any, stats: Any) -> int:
    """The root seat's exact payment from position ``s0`` (its slots; left unchanged).

    In the points mode (a number bid whose roem and stuk are settled: ``C_POINTS``) the
    payment reads only whether the team's card points reach the least that makes the bid
    (``C_NEED``, from the kernel's ``contract_made``): one zero-window test of the team's
    card points to come against what is still needed, whose table bounds (card points to
    come, whatever was won before) serve every position with the same hands and leader."""
    if cfg[C_POINTS] == 0:
        return search(s0, np.int64(-_INF), np.int64(_INF), cfg, tb, ladders, lad_len,
                      tt_keys, tt_bounds, tt_moves, stats)
    d = cfg[C_DECL]
    p = cfg[C_PARTNER]
    so_far = s0[PTS + d] + (s0[PTS + p] if p >= 0 else 0)
    need = cfg[C_NEED] - so_far
    if need <= 0:
        made = True
    else:
        v = search(s0, need - 1, need, cfg, tb, ladders, lad_len, tt_keys, tt_bounds,
                   tt_moves, stats)
        made = v >= need
    return _pay(made, s0, cfg)
