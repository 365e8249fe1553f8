"""Pandoeren's play phase for a whole batch of deals at once, in numpy.

The auction, the exchange, trumps and the call come from the scalar engine
(:meth:`PandoerenBatch.from_states` reads states in the play phase, at any point
of it); the batch then plays every deal's tricks with array operations: the
four hands as ``uint64`` masks (bit ``i`` = the pack's ``i``-th card, 33 cards),
the legal cards of A2.8 (follow or trump, the undertrump ban, the jas never
forced and always playable, and the options ``trump_while_able_to_follow``,
``undertrump``, ``overtrump_on_trump_lead``, ``jas_never_forced``,
``rank_order``), the trick's winner (A2.2), card points (A2.3, +5 for the last
trick), the partner becoming public (A2.7.3; ``zwabber_partner`` too), the early
stop of ``stop_when_decided`` and each contract's test and payments (A2.11,
``scoring``, ``piccolo_objective``).

Non-card actions in the play: with ``roem_announce="manual"``, ``announce roem``
and ``announce stuk`` are legal actions of the scalar engine, listed before the
cards; the batch models them in the same place of its legal list, with the same
legality (the stuk deadline, who may announce roem when), so the random policy
takes the same decision the scalar ``RandomBot`` takes. Under ``"auto"`` (the
default) there are no announce actions: roem counts as the engine announces it
and stuk whenever the declarer or the partner holds the trump K + Q (A2.10.3).
Roem itself (the combinations and their denial) is taken from the scalar
engine's facts when the batch is built: for each deal a table of the roem that
counts for each set of announcers among {declarer, partner}.

Policies: ``"random"`` — the ``k``-th legal action in the engine's order with
``k = randbelow(#legal)`` from one SplitMix64 stream per deal (= ``RandomBot``);
``"heuristic"`` — a simple deterministic player (:func:`heuristic_choice`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import NO_TRUMPS, OBJECTIVE_OF, PICCOLO_OBJECTIVES, PlayTables
from cardlab.sim.bits import ONE, ZERO, kth_index, popcount
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.sim.sampling_trick_games import pandoeren_batch
from cardlab.sim.simulator import Simulator

__all__ = ["PandoerenTables", "PandoerenBatch", "tables_for", "heuristic_choice",
           "KIND_CODES", "SIMULATOR"]

#: contract kinds → how their objective is tested (A2.6 / A2.11): the rules' table
KIND_CODES = OBJECTIVE_OF
NUMBER, PLUS, ZWABBER, NONE_WON, PICCOLO = (K.NUMBER, K.PANDOER_PLUS, K.ZWABBER, K.NO_TRICKS,
                                            K.PICCOLO)
#: the kernel tables' fields that hold card masks (the others hold ints)
_MASK_FIELDS = ("bit", "suit_mask", "trump_mask", "jas", "kq", "above")


class PandoerenTables:
    """The tables of one Pandoeren game for the batch: the kernel's
    (:class:`~cardlab.games.pandoeren.rules.PlayTables`) as numpy arrays in ``kernel``, and
    views of them by (trump table ``t``, …) for the batch's own bookkeeping: table ``t`` =
    trumps ``FRENCH_SUITS[t]`` (0-3) or no trumps (4)."""

    def __init__(self, game: Any) -> None:
        from dataclasses import replace

        from cardlab.games.pandoeren.rules import play_rules, play_tables

        o = game.options
        self.game, self.options = game, o
        pt = play_tables(o.rank_order)
        arrays: dict[str, Any] = {
            f: np.array(getattr(pt, f), dtype=np.uint64 if f in _MASK_FIELDS else np.int64)
            for f in ("bit", "suit", "suit_mask", "trump_mask", "jas", "kq", "rank", "points",
                      "strength", "above")}
        self.kernel: PlayTables = replace(pt, **arrays)
        kt = self.kernel
        self.n_cards = c = pt.n_cards
        tables = NO_TRUMPS + 1
        self.suit, self.bit, self.suitmask = kt.suit, kt.bit, kt.suit_mask
        self.trumpmask, self.jas, self.kq = kt.trump_mask, kt.jas, kt.kq
        self.rank = kt.rank.reshape(tables, c + 1)
        self.points = kt.points.reshape(tables, c + 1)
        self.strength = kt.strength.reshape(tables, 4, c + 1)
        self.shifts = np.arange(c, dtype=np.uint64)
        self.play_rules = play_rules(o)  # A2.8 the play options, as legal_mask takes them
        self.stuk_limit = 0 if o.stuk_deadline == "before_first_card" else 1
        self.manual_roem = o.roem_announce == "manual"
        self.stop_early = bool(o.stop_when_decided)
        self.zwabber_fts = o.zwabber_partner == "first_trick_winner"
        self.piccolo = PICCOLO_OBJECTIVES.index(o.piccolo_objective)
        self.zero_sum = o.scoring == "zero_sum_per_opponent"


@lru_cache(maxsize=32)
def tables_for(game: Any) -> PandoerenTables:
    """The (cached) tables of ``game``."""
    return PandoerenTables(game)


class PandoerenBatch:
    """The play phase of ``size`` Pandoeren deals, as arrays (see the module docstring)."""

    def __init__(self, tb: PandoerenTables, size: int) -> None:
        self.tb, self.size = tb, size
        i64 = np.int64
        self._rows = np.arange(size)
        self.hands = np.zeros((size, 4), dtype=np.uint64)
        self.table = np.full(size, 4, dtype=i64)  # trumps (0-3) or none (4)
        self.kind = np.zeros(size, dtype=i64)
        self.number = np.zeros(size, dtype=i64)  # the bid / the n of Pandoer + n
        self.value = np.zeros(size, dtype=i64)  # game points (A4.2)
        self.declarer = np.zeros(size, dtype=i64)
        self.partner = np.full(size, -1, dtype=i64)
        self.partner_public = np.zeros(size, dtype=bool)
        self.called = np.full(size, tb.n_cards, dtype=i64)  # "no card" index = none called
        self.jas_marks = np.zeros(size, dtype=bool)  # kereltje: playing the jas shows partner
        self.counts_roem = np.zeros(size, dtype=bool)
        self.stuk_held = np.zeros((size, 4), dtype=bool)
        self.stuk_ann = np.zeros((size, 4), dtype=bool)
        self.roem_val = np.zeros((size, 4), dtype=i64)  # roem in hand at trick 1 (manual mode)
        self.roem_ann = np.zeros((size, 4), dtype=bool)
        self.roem_counted = np.zeros((size, 4), dtype=i64)  # by announcers: bit0 d, bit1 p
        self.to_move = np.zeros(size, dtype=i64)
        self.n_played = np.zeros(size, dtype=i64)
        self.led = np.zeros(size, dtype=i64)
        self.best = np.zeros(size, dtype=i64)
        self.best_seat = np.zeros(size, dtype=i64)
        self.top_trump = np.full(size, -1, dtype=i64)
        self.trick_pts = np.zeros(size, dtype=i64)
        self.decl_jas = np.zeros(size, dtype=bool)  # the declarer played the jas this trick
        self.card_points = np.zeros((size, 4), dtype=i64)
        self.tricks_won = np.zeros((size, 4), dtype=i64)
        self.n_tricks = np.zeros(size, dtype=i64)
        self.winners = np.full((size, 8), -1, dtype=i64)
        self.team_lost = np.zeros(size, dtype=bool)  # a trick went outside the team
        self.first_win_jas = np.zeros(size, dtype=bool)
        self.done = np.zeros(size, dtype=bool)
        self.n_actions = np.zeros(size, dtype=i64)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[Any]) -> PandoerenBatch:
        """A batch from scalar states in the play phase (any point of it)."""
        from cardlab.cards import FRENCH_SUITS, Card
        from cardlab.games.pandoeren.rules import game_points, play_tables
        from cardlab.games.pandoeren.scoring import seat_card_points

        game = states[0].game
        tb = tables_for(game)
        kt = play_tables(game.options.rank_order)  # the kernel's tables, on one deal
        out = cls(tb, len(states))
        deck = game.deck
        idx = {card: i for i, card in enumerate(deck)}
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            for s in range(4):
                out.hands[b, s] = np.uint64(sum(1 << idx[c] for c in st.hands[s]))
            t = out.table[b] = FRENCH_SUITS.index(st.trump) if st.trump else NO_TRUMPS
            bid = st.bid
            out.kind[b] = KIND_CODES[bid.kind.name]
            out.number[b] = bid.number
            out.value[b] = game_points(bid, game.options)
            d = out.declarer[b] = st.declarer
            out.partner[b] = -1 if st.partner is None else st.partner
            out.partner_public[b] = st.partner_public
            if st.called is not None:
                out.called[b] = idx[st.called]
            out.jas_marks[b] = bid.kind.partner == "jas" and st.trump is not None
            out.counts_roem[b] = bid.kind.counts_roem
            if bid.kind.counts_roem:
                for s in range(4):
                    out.stuk_held[b, s] = st.holds_stuk(s)
                    out.roem_val[b, s] = st.roem_of(s)
                out.stuk_ann[b] = [s in st.stuk_announced for s in range(4)]
                out.roem_ann[b] = [s in st.roem_announced for s in range(4)]
                out.roem_counted[b] = _roem_table(st)
            out.to_move[b] = st.to_move
            plays = st.trick.plays
            out.n_played[b] = len(plays)
            if plays:
                led = out.led[b] = kt.suit[idx[plays[0].card]]
                best, seat, top, pts_so_far = 0, 0, -1, 0
                for i, p in enumerate(plays):
                    card = idx[p.card]
                    best, seat = K.trick_best(K.trick_key(kt, t, led, card), best, seat, p.seat,
                                              i == 0)
                    top = K.trick_top_trump(kt, t, card, top, i == 0)
                    pts_so_far += K.trick_card_points(kt, t, card)
                out.best[b], out.best_seat[b], out.top_trump[b] = best, seat, top
                out.trick_pts[b] = pts_so_far
                jas = Card("J", st.trump) if st.trump else None
                out.decl_jas[b] = any(p.seat == d and p.card == jas for p in plays)
            team = st.team()
            pts = seat_card_points(st.tricks, st.trump)
            won = 0
            for i, tr in enumerate(st.tricks):
                out.winners[b, i] = tr.winner
                out.tricks_won[b, tr.winner] += 1
                out.team_lost[b] |= tr.winner not in team
                if tr.winner == d:
                    if won == 0:
                        jas = Card("J", st.trump) if st.trump else None
                        out.first_win_jas[b] = any(p.seat == d and p.card == jas
                                                   for p in tr.plays)
                    won += 1
            out.card_points[b] = pts
            out.n_tricks[b] = len(st.tricks)
        return out

    def take(self, index: np.ndarray) -> PandoerenBatch:
        """A new batch of the deals ``index`` (copied; repeats allowed)."""
        out = PandoerenBatch.__new__(PandoerenBatch)
        for k, v in self.__dict__.items():
            out.__dict__[k] = v[index].copy() if isinstance(v, np.ndarray) else v
        out.size = len(index)
        out._rows = np.arange(out.size)
        return out

    # -- the rules --------------------------------------------------------------------------
    def legal(self) -> np.ndarray:
        """A2.8: the legal cards of the seat to move, as masks (the kernel's
        :func:`~cardlab.games.pandoeren.kernel.legal_mask`)."""
        tb = self.tb
        hand = self.hands[self._rows, self.to_move]
        return np.asarray(K.legal_mask(tb.kernel, hand, self.n_played == 0, self.led,
                                       self.table, self.top_trump, **tb.play_rules))

    def announcements(self) -> tuple[np.ndarray, np.ndarray]:
        """Whether ``announce roem`` / ``announce stuk`` is legal for the seat to move
        (A2.10.2, A2.10.3 with ``stuk_deadline``); the engine lists them before the cards."""
        tb, r, p = self.tb, self._rows, self.to_move
        if not tb.manual_roem:  # A2.10.3 auto: the engine announces; no actions
            none = np.zeros(self.size, dtype=bool)
            return none, none.copy()
        hand = self.hands[r, p]
        stuk = K.announce_stuk_legal(tb.kernel, self.table, hand, self.counts_roem,
                                     self.stuk_ann[r, p], self.stuk_held[r, p],
                                     tb.stuk_limit == 0)
        first = (self.n_tricks == 0) & (self.n_played == 0)
        roem = K.announce_roem_legal(self.counts_roem, self.roem_ann[r, p], p == self.declarer,
                                     first, p == self.partner, self.partner_public,
                                     self.roem_val[r, p])
        return np.asarray(roem), np.asarray(stuk)

    # -- applying ---------------------------------------------------------------------------
    def announce(self, roem: np.ndarray, stuk: np.ndarray) -> None:
        """The seat to move announces roem / stuk where asked (it stays to move)."""
        r, p = self._rows, self.to_move
        self.roem_ann[r, p] |= roem
        self.stuk_ann[r, p] |= stuk
        self.n_actions += roem | stuk

    def apply(self, card: np.ndarray, live: np.ndarray) -> None:
        """Play ``card`` in the ``live`` deals (the others are unchanged)."""
        tb, r = self.tb, self._rows
        c = tb.n_cards
        card = np.where(live, card, c)
        p = self.to_move
        t = self.table
        self.hands[r, p] &= ~tb.bit[card]
        kt = tb.kernel
        lead = live & (self.n_played == 0)
        suit = np.where(card < c, tb.suit[np.minimum(card, c - 1)], 0)
        self.led = np.where(lead, suit, self.led)
        # A2.2 the trick's best card so far (a card not played has key 0 and wins nothing)
        best, seat = K.trick_best(K.trick_key(kt, t, self.led, card), self.best,
                                  self.best_seat, p, lead)
        self.best = np.where(live, best, self.best)
        self.best_seat = np.where(live, seat, self.best_seat)
        self.top_trump = K.trick_top_trump(kt, t, card, self.top_trump, lead)
        self.trick_pts = np.where(lead, 0, self.trick_pts) + K.trick_card_points(kt, t, card)
        jas_played = live & ((tb.bit[card] & tb.jas[t]) != ZERO)
        self.decl_jas = np.where(lead, False, self.decl_jas) | (jas_played & (p == self.declarer))
        # A2.7.3 the called card (or, in Kereltje, the jas) shows the partner
        self.partner_public |= live & ((card == self.called) | (self.jas_marks & jas_played))
        self.n_played += live
        self.n_actions += live
        complete = live & (self.n_played == 4)
        self.to_move = np.where(live, (p + 1) & 3, p)
        if complete.any():
            self._finish(complete)

    def _finish(self, complete: np.ndarray) -> None:
        tb, r = self.tb, self._rows
        w = self.best_seat
        d = self.declarer
        first = complete & (self.n_tricks == 0)
        if tb.zwabber_fts:  # P-A10 (BDK): the first trick's winner is the Zwabber partner
            zw = first & (self.kind == ZWABBER)
            self.partner = np.where(zw, np.where(w != d, w, -1), self.partner)
            self.partner_public |= zw
        self.partner_public |= complete & (w == d) & (self.partner >= 0)
        last = complete & (self.n_tricks == 7)
        self.card_points[r, w] += np.where(
            complete, K.trick_points_total(tb.kernel, self.trick_pts, last), 0)
        self.tricks_won[r, w] += complete
        ci = np.flatnonzero(complete)
        self.winners[ci, self.n_tricks[ci]] = w[ci]
        in_team = (w == d) | (w == self.partner)
        self.team_lost |= complete & ~in_team
        dwin = complete & (w == d)
        first_win = dwin & (self.tricks_won[r, d] == 1)
        self.first_win_jas = np.where(first_win, self.decl_jas, self.first_win_jas)
        self.n_tricks += complete
        self.n_played = np.where(complete, 0, self.n_played)
        self.to_move = np.where(complete, w, self.to_move)
        over = complete & (self.n_tricks == 8)
        if tb.stop_early:
            over |= complete & self.failed()
        self.done |= over

    def failed(self) -> np.ndarray:
        """A2.6: the contract has certainly failed on the tricks so far (trick objectives;
        the points of number bids are settled at the end): the kernel's
        :func:`~cardlab.games.pandoeren.kernel.contract_failed` on the batch's facts."""
        d = self.declarer
        first4 = self.winners[:, :4]
        early_lost = ((first4 >= 0) & (first4 != d[:, None])).any(axis=1)
        first_lost = (self.winners[:, 0] >= 0) & (self.winners[:, 0] != d)
        return np.asarray(K.contract_failed(self.kind, self.team_lost,
                                            self.tricks_won[self._rows, d], early_lost,
                                            first_lost, self.first_win_jas, self.tb.piccolo))

    # -- playing ----------------------------------------------------------------------------
    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One action (an announcement or a card) in every unfinished deal."""
        live = ~self.done
        legal = self.legal()
        roem, stuk = self.announcements()
        roem &= live
        stuk &= live
        if policy == "random":
            assert streams is not None
            n_ann = roem.astype(np.int64) + stuk
            n = n_ann + popcount(legal)
            k = streams.randbelow(np.where(live, n, 1), where=None if live.all() else live)
            ann = live & (k < n_ann)
            say_roem = ann & roem & (k == 0)
            say_stuk = ann & ~say_roem
            card = kth_index(legal, np.maximum(k - n_ann, 0))
        elif policy == "heuristic":
            say_roem, say_stuk = roem, stuk & ~roem
            ann = say_roem | say_stuk
            card = heuristic_choice(self, legal)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        if ann.any():
            self.announce(say_roem, say_stuk)
        self.apply(card, live & ~ann)

    def play(self, policy: str = "random", streams: Streams | None = None
             ) -> PandoerenBatch:
        """Play every deal to its end (in place); returns self."""
        while not self.done.all():
            self.step(policy, streams)
        return self

    # -- results ----------------------------------------------------------------------------
    def team_mask(self) -> np.ndarray:
        """``(B, 4)`` booleans: the declaring side (declarer and partner, if any)."""
        seats = np.arange(4)
        return np.asarray((seats == self.declarer[:, None]) | (seats == self.partner[:, None]))

    def roem_and_stuk(self) -> tuple[np.ndarray, np.ndarray]:
        """The team's counted roem and stuk (A2.10) as the deal stands."""
        r, d, p = self._rows, self.declarer, self.partner
        has_p = p >= 0
        ps = np.maximum(p, 0)
        if self.tb.manual_roem:
            a_d = self.roem_ann[r, d]
            a_p = has_p & self.roem_ann[r, ps]
        else:
            a_d = (self.n_tricks > 0) | (self.n_played > 0)
            a_p = has_p & self.partner_public
        roem = self.roem_counted[r, a_d.astype(np.int64) + 2 * a_p]
        # A2.10.3 stuk: auto, whenever the team holds it; manual, only if announced
        held = self.stuk_held & self.team_mask()
        stuk = (held & self.stuk_ann if self.tb.manual_roem else held).any(axis=1)
        return np.asarray(np.where(self.counts_roem, roem, 0)), np.asarray(
            K.stuk_points(self.tb.kernel, self.counts_roem, stuk))

    def made(self) -> np.ndarray:
        """A2.11: whether each contract was made (the kernel's contract tests)."""
        kind = self.kind
        complete = self.n_tricks == 8
        dwins = self.tricks_won[self._rows, self.declarer]
        tricks_made = K.contract_tricks_made(kind, self.failed(), complete, dwins)
        roem, stuk = self.roem_and_stuk()
        team_pts = (self.card_points * self.team_mask()).sum(axis=1)
        points = K.deal_points(kind, team_pts, roem, stuk)
        return np.asarray(K.contract_made(kind, tricks_made, complete, points, self.number))

    def scores(self) -> np.ndarray:
        """``(B, 4)`` seat points (A2.11, the ``scoring`` option): the kernel's
        :func:`~cardlab.games.pandoeren.kernel.deal_payments`."""
        team = self.team_mask()
        n_team = team.sum(axis=1)[:, None]
        return np.asarray(K.deal_payments(self.made()[:, None], self.value[:, None], team,
                                          n_team, 4 - n_team, self.tb.zero_sum))


def _roem_table(st: Any) -> list[int]:
    """The roem that counts for the team (A2.10.2, denial included) when the announcers are
    none / the declarer / the partner / both: the scalar engine's facts, read once."""
    from cardlab.games.pandoeren.roem import roem_instances, roem_total, team_roem_valid

    opts = st.game.options
    hands = st.start_hands
    inst = [roem_instances(hands[s], opts.roem_card_reuse) for s in range(4)]
    team = st.team()
    bidders = {s for s, c in st.auction.calls if c != "pass"}
    deniers = [s for s in range(4) if s not in team and s in bidders]
    out = []
    for mask in range(4):
        ann = [s for i, s in enumerate((st.declarer, st.partner)) if s is not None
               and mask >> i & 1]
        total = sum(roem_total(inst[s]) for s in ann)
        valid = total > 0 and (not opts.roem_denial or team_roem_valid(
            [inst[s] for s in ann], [inst[s] for s in deniers]))
        out.append(total if valid else 0)
    return out


def heuristic_choice(batch: PandoerenBatch, legal: np.ndarray) -> np.ndarray:
    """A simple deterministic player (ties go to the earlier card in the pack): leading, the
    strongest card (a declarer who must lose tricks: the weakest); following, the cheapest
    card that wins the trick, else the cheapest card (that declarer: the strongest card
    that does not win, else the cheapest)."""
    tb = batch.tb
    bits = ((legal[:, None] >> tb.shifts) & ONE).astype(bool)
    t = batch.table
    strength = tb.strength[t, batch.led][:, :tb.n_cards]
    lead_key = tb.strength[t[:, None], tb.suit[None, :], np.arange(tb.n_cards)[None, :]]
    cheap = lead_key * 4 + tb.points[t][:, :tb.n_cards]  # lower = cheaper
    big, small = np.int64(1 << 40), np.int64(-(1 << 40))
    duck = ((batch.kind == NONE_WON) | ((batch.kind == PICCOLO) & (batch.n_tricks > 0))) & (
        batch.to_move == batch.declarer)
    cheapest = np.argmin(np.where(bits, cheap, big), axis=1)
    leading = batch.n_played == 0
    lead_pick = np.where(duck, cheapest, np.argmax(np.where(bits, cheap, small), axis=1))
    beats = bits & (strength > batch.best[:, None])
    win_pick = np.where(beats.any(axis=1), np.argmin(np.where(beats, cheap, big), axis=1),
                        cheapest)
    under = bits & (strength < batch.best[:, None])
    duck_pick = np.where(under.any(axis=1), np.argmax(np.where(under, cheap, small), axis=1),
                         cheapest)
    follow = np.where(duck, duck_pick, win_pick)
    return np.asarray(np.where(leading, lead_pick, follow))


def scalar_start(game: Any, seed: int, calls: Sequence[str], dealer: int = 0,
                 bot_seed: int | None = None) -> Any:
    """The scalar engine's state at the opening lead: dealt from ``seed``, the auction's
    first calls are ``calls`` (e.g. ``["bid 120", "bid 130"]``), then everyone still in
    passes; the declarer's exchange, trumps and call are the heuristic bot's."""
    from cardlab.bots import bot_for

    st = game.deal(seed=seed, dealer=dealer)
    for call in calls:
        st = st.apply(call)
    while st.phase == "auction":
        st = st.apply("pass")
    bot = bot_for(game.name, "heuristic", seed=seed if bot_seed is None else bot_seed)
    while st.phase not in ("play", "done"):
        st = st.apply(bot.choose(st))
    return st


# -- what the studies and the hint use ----------------------------------------------------------
def _contract_labels(states: Sequence[Any], idx: np.ndarray, batch: Any) -> list[str]:
    """The contract each batch-played deal reports in its result: the bid's word."""
    return [states[i].bid.word for i in idx]


def _hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values over ``n`` layouts of the hidden cards
    (:func:`~cardlab.sim.sampling_trick_games.pandoeren_batch`), per legal action (a card
    or an announcement): the declaring side's points, counted for the mover if it is on
    that side in the layout and against it otherwise, or the mover's own points under
    ``scoring="zero_sum_per_opponent"``."""
    deck = state.game.deck
    k = len(legal)
    batch = pandoeren_batch(state, n, seed).take(np.tile(np.arange(n), k))
    c = batch.tb.n_cards
    cards = np.full(n * k, c, dtype=np.int64)
    roem = np.zeros(n * k, dtype=bool)
    stuk = np.zeros(n * k, dtype=bool)
    for i, a in enumerate(legal):
        verb, arg = a.split()
        rows = slice(i * n, (i + 1) * n)
        if verb == "announce":
            (roem if arg == "roem" else stuk)[rows] = True
        else:
            cards[rows] = deck.index(deck.parse(arg))
    batch.announce(roem, stuk)  # the announcer stays to move; the policy plays on
    batch.apply(cards, cards < c)
    batch.play(policy, Streams(derive_seeds(np.tile(deal_seeds(seed, 0, n), k), PLAY_STREAM)))
    pts = batch.scores()
    me = state.to_move
    if state.game.options.scoring == "zero_sum_per_opponent":
        value = pts[:, me]
    else:
        side = batch.team_mask()[:, me]
        value = np.where(side, 1, -1) * pts[np.arange(n * k), batch.declarer]
    return [value[i * n:(i + 1) * n].astype(float) for i in range(k)]


#: the simulator the game names (``GameSpec.simulator``): each variant is played, since the
#: batch scores under the options it was built with
SIMULATOR = Simulator(batch=PandoerenBatch, rescores=False, contract_labels=_contract_labels,
                      hint=_hint)
