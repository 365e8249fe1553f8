"""Pandoeren's adapter: roem and stuk announced during the play are moves like the cards.

The positions are the engine's own states, and the moves its actions (announcements
included), for the generic search and for the top of the compiled one: where numba is
installed, :meth:`PandoerenAdapter.search` gives :class:`CompiledSearch`, which values
each position with :mod:`cardlab.solve.pandoeren_core` (the whole play, announcements
included, over the game's kernel compiled as written) from the position's facts read off
the state. The value is the same either way: the seat's payment, ``result.points``.

The score and the rules of the rest of the deal read the completed tricks only through the
winner of every trick in order (A2.11: the pit, a misère's first trick), each seat's card
points (A2.3) and whether the declarer's first won trick holds her jas, so the key keeps
those of the tricks (and the announcements, which are fields of their own). Touching cards are merged only when their points are equal and neither is the
called ace, a card of the stuk (the king and queen of trumps) or the jas.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.cards import FRENCH_SUITS, Card
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.roem import roem_instances, team_roem_by_announcers
from cardlab.games.pandoeren.rules import (
    NO_TRUMPS,
    OBJECTIVE_OF,
    PICCOLO_OBJECTIVES,
    game_points,
    play_rules,
    play_tables,
)
from cardlab.games.pandoeren.scoring import seat_card_points
from cardlab.solve import pandoeren_core as core
from cardlab.solve.adapter import Adapter, register, touching_groups
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.search import INF, Search, SolveBudgetExceeded

if TYPE_CHECKING:
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["PandoerenAdapter", "CompiledSearch", "roem_counts"]


class PandoerenAdapter(Adapter):
    """Pandoeren: the engine's moves (announcements included); careful merging."""

    ignored = frozenset({"auction", "dealt_hands", "kijkkaart"})
    compiled = HAVE_NUMBA

    def __init__(self, root: State) -> None:
        super().__init__(root)
        st: Any = root
        apart = {st.called} if st.called is not None else set()
        if st.trump is not None:
            apart.update(c for c in (self.card_of.get(f"{r}{st.trump}") for r in ("K", "Q", "J")) if c is not None)
        self.apart = frozenset(apart)
        self.declarer = st.declarer
        self.jas = self.card_of.get(f"J{st.trump}") if st.trump is not None else None
        #: the state the adapter was made for (the compiled search reads the deal's facts)
        self.root_state = root

    def search(self, side: str, budget: int) -> Search:
        """The compiled search (:mod:`cardlab.solve.pandoeren_core`) for ``side`` where numba
        is installed, else the generic one."""
        if not HAVE_NUMBA:  # pragma: no cover
            return Search(self, side, budget)
        return CompiledSearch(self, side, budget)

    def summary(self, name: str, value: Any) -> Any:
        if name != "tricks":
            return value
        points = [0, 0, 0, 0]
        for t in value:
            points[t.winner] += t.points
        won = [t for t in value if t.winner == self.declarer]
        first_jas = bool(won) and any(p.seat == self.declarer and p.card == self.jas
                                      for p in won[0].plays)
        return tuple(t.winner for t in value), tuple(points), first_jas

    def moves(self, state: State) -> list[list[Action]]:
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=self.apart,
                               equal_value=True)



def roem_counts(state: Any) -> list[int]:
    """A2.10.2 the roem that counts for the team when its announcers are none / the declarer
    / the partner / both, from the hands at trick 1
    (:func:`~cardlab.games.pandoeren.roem.team_roem_by_announcers`)."""
    opts = state.game.options
    inst = [roem_instances(h, opts.roem_card_reuse) for h in state.start_hands]
    bidders = {s for s, c in state.auction.calls if c != "pass"}
    return team_roem_by_announcers(inst, state.declarer, state.partner, bidders,
                                   bool(opts.roem_denial))


#: the compiled search's shared table (made on first use) and the number of the last search
_TABLE: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
_GEN = itertools.count(1)


class CompiledSearch(Search):
    """:class:`~cardlab.solve.search.Search`'s interface over the compiled search of
    :mod:`cardlab.solve.pandoeren_core`: each position (an engine state) is read into the
    core's slots and valued there, the side's seat maximising its payment and the three
    others minimising it. The table is shared between searches (each search's entries are
    its own, by its number) and bounded (:data:`~cardlab.solve.pandoeren_core.TT_BITS`).

    ``allies``: seats that play *with* the side's seat (maximise with it) instead of against
    it. :func:`cardlab.solve.values` gives none (Pandoeren's sides are its four seats, and
    the mover's side plays against all the others); the hint gives a seat's partners, who
    are paid alike (A2.11), so that a team plays as one."""

    def __init__(self, adapter: PandoerenAdapter, side: str, budget: int,
                 allies: tuple[int, ...] = ()) -> None:
        super().__init__(adapter, side, budget, tt_bytes=0)
        st: Any = adapter.root_state
        game = st.game
        opts = game.options
        pt = play_tables(opts.rank_order)
        self.pt = pt
        self.tb = core.kernel_tables(pt)
        self.index = pt.card_index
        self.table_no = NO_TRUMPS if st.trump is None else FRENCH_SUITS.index(st.trump)
        t = self.table_no
        bid = st.bid
        kind = OBJECTIVE_OF[bid.kind.name]
        root = adapter.sides[side][0]
        cfg = np.zeros(core.NCFG, dtype=np.int64)
        cfg[core.C_TABLE] = t
        cfg[core.C_KIND] = kind
        cfg[core.C_PICCOLO] = PICCOLO_OBJECTIVES.index(opts.piccolo_objective)
        cfg[core.C_NUMBER] = bid.number
        cfg[core.C_VALUE] = game_points(bid, opts)
        cfg[core.C_ZERO_SUM] = opts.scoring == "zero_sum_per_opponent"
        counts = bool(bid.kind.counts_roem)
        cfg[core.C_COUNTS] = counts
        cfg[core.C_MANUAL] = opts.roem_announce == "manual"
        cfg[core.C_STUK_FIRST] = opts.stuk_deadline == "before_first_card"
        cfg[core.C_STOP] = bool(opts.stop_when_decided)
        cfg[core.C_ZW_FTS] = (bid.kind.name == "zwabber"
                              and opts.zwabber_partner == "first_trick_winner")
        d = st.declarer
        cfg[core.C_DECL] = d
        cfg[core.C_CALLED] = -1 if st.called is None else self.index[st.called]
        cfg[core.C_JAS_MARKS] = bid.kind.partner == "jas" and st.trump is not None
        cfg[core.C_ROOT] = root
        if counts:
            cfg[core.C_RC:core.C_RC + 4] = roem_counts(st)
            for s in range(4):
                cfg[core.C_RV + s] = st.roem_of(s)
                cfg[core.C_SH + s] = st.holds_stuk(s)
        rules = play_rules(opts)
        for i, name in enumerate(("jas_never_forced", "trump_while_able_to_follow",
                                  "undertrump_banned", "overtrump_on_trump_lead")):
            cfg[core.C_RULES + i] = rules[name]
        cfg[core.C_GEN] = next(_GEN)
        # the ordering's guess of who wants the contract made (the root seat, and the others
        # against her)
        p = -1 if st.partner is None else st.partner
        size = 2 if p >= 0 else 1
        zero_sum = opts.scoring == "zero_sum_per_opponent"
        pay = [int(K.deal_payments(made, int(cfg[core.C_VALUE]), root in (d, p), size,
                                   4 - size, zero_sum)) for made in (True, False)]
        gain = (pay[0] > pay[1]) - (pay[0] < pay[1])
        ours = {root, *allies}
        for s in range(4):
            cfg[core.C_WANT + s] = gain if s in ours else -gain
            cfg[core.C_MAXI + s] = s in ours  # (a number bid's points, below: its own)
        cfg[core.C_TEAM_GOOD] = kind not in (K.NO_TRICKS, K.PICCOLO)
        cfg[core.C_PARTNER] = p
        if kind == K.NUMBER and opts.roem_announce != "manual" and gain != 0:
            # a number bid with the roem and stuk the engine announces: the payment reads
            # only whether the team's card points reach the least that makes the bid (all
            # 8 tricks are played, so the called card shows the partner by the end)
            roem = int(cfg[core.C_RC + 1 + (2 if p >= 0 else 0)])
            held = bool(cfg[core.C_SH + d]) or (p >= 0 and bool(cfg[core.C_SH + p]))
            stuk = int(K.stuk_points(pt, True, held))
            cfg[core.C_NEED] = next(
                (x for x in range(pt.stride * 11) if K.contract_made(
                    kind, True, True, K.deal_points(kind, x, roem, stuk), bid.number)),
                1 << 20)
            cfg[core.C_POINTS] = 1
            classes = sorted({pt.points[t * pt.stride + c] for c in range(pt.n_cards)})
            assert len(classes) <= 8  # three bits of the key
            for c in range(pt.n_cards):
                cfg[core.C_PCODE + c] = classes.index(pt.points[t * pt.stride + c])
            for s in range(4):
                cfg[core.C_MAXI + s] = (s in ours) == (gain > 0)
        cfg[core.C_APART] = sum(1 << self.index[c] for c in adapter.apart)
        self.cfg = cfg
        ladders = np.zeros((4, 12), dtype=np.int64)
        lens = np.zeros(4, dtype=np.int64)
        for suit in range(4):
            cards = [c for c in range(pt.n_cards) if pt.suit[c] == suit]
            cards.sort(key=lambda c: -pt.rank[t * pt.stride + c])
            ladders[suit, :len(cards)] = cards
            lens[suit] = len(cards)
        self.ladders, self.lens = ladders, lens
        if not _TABLE:
            _TABLE.append(core.new_table())
        self.table = _TABLE[0]
        self.stats = np.array([0, budget, 0], dtype=np.int64)

    def slots(self, state: Any) -> np.ndarray:
        """The core's slots of ``state`` (a state of this deal in its play)."""
        pt, index, t = self.pt, self.index, self.table_no
        s = np.zeros(core.NSLOTS, dtype=np.int64)
        rem = 0
        for seat in range(4):
            hand = state.hands[seat]
            s[core.H + seat] = sum(1 << index[c] for c in hand)
            rem += sum(K.trick_card_points(pt, t, index[c]) for c in hand)
        s[core.REM] = rem
        d = state.declarer
        trick = state.trick
        plays = trick.plays
        s[core.TURN] = state.to_move
        s[core.LEADER] = trick.leader
        s[core.NPLAYED] = len(plays)
        led, best, best_seat, top, tpts, tcards, djas = 4, 0, 0, -1, 0, 0, 0
        jas = Card("J", state.trump) if state.trump is not None else None
        for i, play in enumerate(plays):
            c = index[play.card]
            if i == 0:
                led = pt.suit[c]
            best, best_seat = K.trick_best(K.trick_key(pt, t, led, c), best, best_seat,
                                           play.seat, i == 0)
            top = K.trick_top_trump(pt, t, c, top, i == 0)
            tpts += K.trick_card_points(pt, t, c)
            tcards |= 1 << c
            djas |= play.seat == d and play.card == jas
        s[core.LED], s[core.BEST], s[core.BEST_SEAT], s[core.TOP] = led, best, best_seat, top
        s[core.TPTS], s[core.TCARDS], s[core.DJAS] = tpts, tcards, djas
        s[core.NTRICKS] = len(state.tricks)
        team = state.team()
        won = 0
        for i, tr in enumerate(state.tricks):
            w = tr.winner
            if w not in team:
                s[core.TEAM_LOST] = 1
            if w == d:
                if won == 0:
                    s[core.FIRST_JAS] = any(p.seat == d and p.card == jas for p in tr.plays)
                won += 1
            else:
                if i < 4:
                    s[core.EARLY_LOST] = 1
                if i == 0:
                    s[core.FIRST_LOST] = 1
        s[core.DWINS] = won
        s[core.PTS:core.PTS + 4] = seat_card_points(state.tricks, state.trump)
        s[core.PARTNER] = -1 if state.partner is None else state.partner
        s[core.PPUB] = state.partner_public
        s[core.RANN] = sum(1 << x for x in state.roem_announced)
        s[core.SANN] = sum(1 << x for x in state.stuk_announced)
        return s

    def exact(self, state: Any, guess: float | None = None) -> float:
        """The exact value of ``state`` (an engine state of this deal): the side's payment."""
        if state.is_over:
            return float(state.result.points[self.side])
        s = self.slots(state)
        keys, bounds, moves = self.table
        self.stats[2] = 0
        v = core.exact(s, self.cfg, self.tb, self.ladders, self.lens, keys, bounds, moves,
                       self.stats)
        self.nodes = int(self.stats[0])
        if self.stats[2]:
            raise SolveBudgetExceeded(self.budget)
        return float(v)

    def value(self, state: Any, alpha: float = -INF, beta: float = INF) -> float:
        """The exact value (a bound is never needed where the value itself is cheap)."""
        return self.exact(state)


register("pandoeren", PandoerenAdapter)
