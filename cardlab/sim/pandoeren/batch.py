"""Pandoeren's play phase for a whole batch of deals at once, in numpy.

The auction, the exchange, trumps and the call come from the scalar engine
(:meth:`PandoerenBatch.from_states` reads states in the play phase, at any point
of it), or, for whole deals made by the heuristic bot, from arrays too: the batch
deal and the bot's calls of :mod:`cardlab.sim.pandoeren.calls`
(:func:`~cardlab.sim.pandoeren.calls.deal_hands` = ``game.deal(seed=s, dealer=d)``,
:func:`~cardlab.sim.pandoeren.calls.heuristic_calls` =
:class:`cardlab.bots.pandoeren.HeuristicBot`, call for call) and :func:`opening_lead`
(= ``from_states`` at the opening lead), which :func:`whole_deals` plays and scores for
``compare_variants``. The batch then plays
every deal's tricks with array operations: the
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
Roem itself (the combinations and their denial) is read when the batch is built:
for each deal a table of the roem that counts for each set of announcers among
{declarer, partner}, from the scalar engine's facts (``from_states``) or, for whole
deals, from the rules' roem tables (:mod:`~cardlab.sim.pandoeren.roem_tables`).

Policies: ``"random"`` — the ``k``-th legal action in the engine's order with
``k = randbelow(#legal)`` from one SplitMix64 stream per deal (= ``RandomBot``);
``"heuristic"`` — the scalar ``HeuristicBot``'s play, one rule written once
(:mod:`cardlab.bots.pandoeren_play`, :func:`heuristic_choice`).

A season's matches (:func:`cardlab.sim.season`) play their deals here too
(:func:`match_results`): each deal's Result made by the game's own scoring
(``DealFacts``, ``score_facts``, ``annulled_result``) from the facts in the arrays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.pandoeren_play import choose_announcement, choose_card, play_keys, to_lose
from cardlab.engine.state import State
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.game import PandoerenGame
from cardlab.games.pandoeren.rules import NO_TRUMPS, OBJECTIVE_OF, PICCOLO_OBJECTIVES, PlayTables
from cardlab.games.pandoeren.state import PandoerenState
from cardlab.sim.batch import Batch
from cardlab.sim.bits import ZERO, kth_index, popcount

# the calls in arrays live in calls.py; tests/sim/test_pandoeren_whole_deals.py and
# test_pandoeren_fast_tables.py reach call_tables_for, deal_hands and heuristic_calls here
from cardlab.sim.pandoeren.calls import Calls, call_tables_for, deal_hands, heuristic_calls
from cardlab.sim.pandoeren.roem_tables import roem_tables_for, team_roem_table
from cardlab.sim.pandoeren.sampling import pandoeren_batch
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.sim.simulator import OPEN_LATE, Simulator

__all__ = ["PandoerenTables", "PandoerenBatch", "tables_for", "heuristic_choice",
           "KIND_CODES", "opening_lead", "whole_deals", "match_results", "SIMULATOR"]

#: contract kinds → how their objective is tested (A2.6 / A2.11): the rules' table
KIND_CODES = OBJECTIVE_OF
NUMBER, PLUS, ZWABBER, NONE_WON, PICCOLO = (K.NUMBER, K.PANDOER_PLUS, K.ZWABBER, K.NO_TRICKS,
                                            K.PICCOLO)
#: the recorded actions (:attr:`PandoerenBatch.record`) that are announcements
SAY_ROEM, SAY_STUK = -1, -2
#: the kernel tables' fields that hold card masks (the others hold ints)
_MASK_FIELDS = ("bit", "suit_mask", "trump_mask", "jas", "kq", "above")


class PandoerenTables:
    """The tables of one Pandoeren game for the batch: the kernel's
    (:class:`~cardlab.games.pandoeren.rules.PlayTables`) as numpy arrays in ``kernel``, and
    views of them by (trump table ``t``, …) for the batch's own bookkeeping: table ``t`` =
    trumps ``FRENCH_SUITS[t]`` (0-3) or no trumps (4)."""

    def __init__(self, game: PandoerenGame) -> None:
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
        #: the heuristic's tables (:mod:`cardlab.bots.pandoeren_play`)
        self.keys = play_keys(o.rank_order)
        self.zero_sum = o.scoring == "zero_sum_per_opponent"


@lru_cache(maxsize=32)
def tables_for(game: PandoerenGame) -> PandoerenTables:
    """The (cached) tables of ``game``."""
    return PandoerenTables(game)


class PandoerenBatch(Batch):
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
        #: with ``play(..., record=True)``: every step's action per deal, a card index, or
        #: :data:`SAY_ROEM` / :data:`SAY_STUK` (``n_cards`` for none: a deal already over)
        self.record: list[np.ndarray] | None = None

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

    # -- the rules --------------------------------------------------------------------------
    def legal(self) -> np.ndarray:
        """A2.8: the legal cards of the seat to move, as masks (the kernel's
        :func:`~cardlab.games.pandoeren.kernel.legal_mask`)."""
        tb = self.tb
        hand = self.hands.reshape(-1)[self._rows * 4 + self.to_move]
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
        if self.hands.flags.c_contiguous:  # (as made): one seat's hand by its flat index
            self.hands.reshape(-1)[r * 4 + p] &= ~tb.bit[card]
        else:
            self.hands[r, p] &= ~tb.bit[card]
        kt = tb.kernel
        lead = live & (self.n_played == 0)
        # (a lead is a card of the pack: the suit of "no card" is never read)
        self.led = np.where(lead, tb.suit[np.minimum(card, c - 1)], self.led)
        # A2.2 the trick's best card so far (a card not played has key 0 and wins nothing,
        # so a deal not live keeps its best card and seat)
        self.best, self.best_seat = K.trick_best(K.trick_key(kt, t, self.led, card), self.best,
                                                 self.best_seat, p, lead)
        self.top_trump = K.trick_top_trump(kt, t, card, self.top_trump, lead)
        self.trick_pts = np.where(lead, 0, self.trick_pts) + K.trick_card_points(kt, t, card)
        jas_played = live & ((tb.bit[card] & tb.jas[t]) != ZERO)
        self.decl_jas = np.where(lead, False, self.decl_jas) | (jas_played & (p == self.declarer))
        # A2.7.3 the called card (or, in Kereltje, the jas) shows the partner
        self.partner_public |= live & ((card == self.called) | (self.jas_marks & jas_played))
        self.n_played += live
        self.n_actions += live
        complete = live & (self.n_played == 4)
        self.to_move = (p + live) & 3  # the next seat where a card was played
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
        lost = [(w >= 0) & (w != d) for w in (self.winners[:, i] for i in range(4))]
        early_lost = lost[0] | lost[1] | lost[2] | lost[3]  # one of tricks 1-4
        first_lost = lost[0]
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
            say_roem, say_stuk = choose_announcement(roem, stuk)
            ann = say_roem | say_stuk
            card = heuristic_choice(self, legal)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        if self.record is not None:
            self.record.append(np.where(say_roem, SAY_ROEM, np.where(
                say_stuk, SAY_STUK, np.where(live, card, self.tb.n_cards))))
        if ann.any():
            self.announce(say_roem, say_stuk)
        self.apply(card, live & ~ann)

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
        return self.payments(self.made())

    def payments(self, made: np.ndarray) -> np.ndarray:
        """:meth:`scores` when the contracts made are ``made`` (:meth:`made`, read once)."""
        team = self.team_mask()
        n_team = team.sum(axis=1)[:, None]
        return np.asarray(K.deal_payments(made[:, None], self.value[:, None], team,
                                          n_team, 4 - n_team, self.tb.zero_sum))


def _roem_table(st: PandoerenState) -> list[int]:
    """The roem that counts for the team (A2.10.2, denial included) when the announcers are
    none / the declarer / the partner / both: the scalar engine's facts, read once."""
    from cardlab.games.pandoeren.roem import roem_instances, team_roem_by_announcers

    opts = st.game.options
    # read at the play, where the deal has its hands and its declarer
    assert st.start_hands is not None and st.declarer is not None
    inst = [roem_instances(h, opts.roem_card_reuse) for h in st.start_hands]
    bidders = {s for s, c in st.auction.calls if c != "pass"}
    return team_roem_by_announcers(inst, st.declarer, st.partner, bidders,
                                   bool(opts.roem_denial))


def _roem_counts(facts: Sequence[tuple[int, list[Any]]], d: int, p: int, bidders: set[int],
                 denial: bool) -> list[int]:
    """:func:`~cardlab.games.pandoeren.roem.team_roem_by_announcers` from each seat's
    ``(total, instances)`` (partner ``p`` -1: none)."""
    from cardlab.games.pandoeren.roem import team_roem_by_announcers

    return team_roem_by_announcers([f[1] for f in facts], d, None if p < 0 else p, bidders,
                                   denial)


def heuristic_choice(batch: PandoerenBatch, legal: np.ndarray) -> np.ndarray:
    """The heuristic level's card in every deal: the scalar bot's rule,
    :func:`cardlab.bots.pandoeren_play.choose_card`, on the whole batch (the declarer's side,
    as the seat to move knows it, leads strong and the defenders cheap; a follower wins the
    trick as cheaply as it can unless its side holds it already; in contracts to lose
    tricks the declarer ducks with her highest safe card; ties: the earlier card in the
    pack)."""
    p = batch.to_move
    known = np.where(batch.partner_public | (p == batch.partner), batch.partner, -1)
    negative, piccolo = to_lose(batch.kind)
    return choose_card(batch.tb.keys, legal, batch.table, batch.led, batch.best,
                       batch.best_seat, batch.n_played == 0, p, batch.declarer, known,
                       negative, piccolo, batch.n_tricks == 0)


def scalar_start(game: PandoerenGame, seed: int, calls: Sequence[str], dealer: int = 0,
                 bot_seed: int | None = None) -> PandoerenState:
    """The scalar engine's state at the opening lead: dealt from ``seed``, the auction's
    first calls are ``calls`` (e.g. ``["bid 120", "bid 130"]``), then everyone still in
    passes; the declarer's exchange, trumps and call are the heuristic bot's."""
    from cardlab.bots import bot_for

    st: State = game.deal(seed=seed, dealer=dealer)
    for call in calls:
        st = st.apply(call)
    while st.phase == "auction":
        st = st.apply("pass")
    bot = bot_for(game.name, "heuristic", seed=seed if bot_seed is None else bot_seed)
    while st.phase not in ("play", "done"):
        st = st.apply(bot.choose(st))
    assert isinstance(st, PandoerenState)  # a Pandoeren deal's successors are its own
    return st


# -- what the studies and the hint use ----------------------------------------------------------
def _contract_labels(states: Sequence[PandoerenState], idx: np.ndarray,
                     batch: PandoerenBatch) -> list[str]:
    """The contract each batch-played deal reports in its result: the bid's word."""
    return [states[i].bid.word for i in idx]


def _hint(state: PandoerenState, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values over ``n`` layouts of the hidden cards
    (:func:`~cardlab.sim.pandoeren.sampling.pandoeren_batch`), per legal action (a card
    or an announcement): the declaring side's points, counted for the mover if it is on
    that side in the layout and against it otherwise, or the mover's own points under
    ``scoring="zero_sum_per_opponent"``. With ``policy`` :data:`~cardlab.sim.simulator.OPEN_LATE`
    each layout is played on by :func:`~cardlab.sim.pandoeren.finish.finish_open` (the
    heuristic until the open-hands solver serves it, then its exact value), any other
    policy by the batch to the end."""
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
    me = state.to_move
    if policy == OPEN_LATE:
        from cardlab.sim.pandoeren.finish import finish_open

        # each row's origin: the real deal after its action (the row's public history; its
        # hidden hands are the layout's, which finish_open replays the deal on)
        after = [state.apply(a) for a in legal]
        value = finish_open(batch, [after[i // n] for i in range(n * k)],
                            np.full(n * k, me, dtype=np.int64))
        return [value[i * n:(i + 1) * n] for i in range(k)]
    batch.play(policy, Streams(derive_seeds(np.tile(deal_seeds(seed, 0, n), k), PLAY_STREAM)))
    pts = batch.scores()
    if state.game.options.scoring == "zero_sum_per_opponent":
        value = pts[:, me]
    else:
        side = batch.team_mask()[:, me]
        value = np.where(side, 1, -1) * pts[np.arange(n * k), batch.declarer]
    return [value[i * n:(i + 1) * n].astype(float) for i in range(k)]


def _roem_facts(game: PandoerenGame) -> Any:
    """``roem(mask) -> (total, instances)`` of the hand ``mask`` (A2.10, P-A14), memoised."""
    from cardlab.games.pandoeren.roem import roem_instances, roem_total

    deck = list(game.deck)
    reuse = game.options.roem_card_reuse
    memo: dict[int, tuple[int, list[Any]]] = {}

    def roem(mask: int) -> tuple[int, list[Any]]:
        got = memo.get(mask)
        if got is None:
            inst = roem_instances([c for i, c in enumerate(deck) if mask >> i & 1], reuse)
            got = memo[mask] = (roem_total(inst), inst)
        return got

    return roem


# -- whole deals: the calls in arrays (calls.py), then the batch at the opening lead -------------
def opening_lead(game: PandoerenGame, seeds: np.ndarray, dealers: np.ndarray
                 ) -> tuple[Calls, np.ndarray, PandoerenBatch | None]:
    """The deals of ``seeds`` by ``dealers`` with the heuristic bot's calls, and the batch
    of those that reach the play, at the opening lead: the same batch
    :meth:`PandoerenBatch.from_states` builds from the scalar engine's states there.
    Returns ``(calls, idx, batch)``: ``idx`` the deals in the batch (None if none)."""
    hands, kijk = deal_hands(game, seeds, dealers)
    calls = heuristic_calls(game, hands, kijk, dealers)
    idx = np.flatnonzero(calls.high >= 0)
    if not idx.size:
        return calls, idx, None
    ct, tb = call_tables_for(game), tables_for(game)
    out = PandoerenBatch(tb, idx.size)
    r = calls.high[idx]
    out.hands[:] = calls.hands[idx]
    out.table[:] = t = calls.table[idx]
    out.kind[:] = ct.kind[r]
    out.number[:] = ct.number[r]
    out.value[:] = ct.value[r]
    out.declarer[:] = d = calls.declarer[idx]
    out.partner[:] = p = calls.partner[idx]
    out.called[:] = calls.called[idx]
    out.counts_roem[:] = counts = ct.counts_roem[r]
    out.to_move[:] = d
    # A2.10 roem and stuk, read from the hands at the start of trick 1
    kq = tb.kq[t][:, None]
    out.stuk_held[:] = counts[:, None] & (t < NO_TRUMPS)[:, None] & (
        (out.hands & kq) == kq)
    rows = np.flatnonzero(counts)
    if rows.size:  # the hands' roem from the rules' tables, the team's by the kernel
        o = game.options
        total, best = roem_tables_for(tuple(game.deck), bool(o.roem_card_reuse)).facts(
            out.hands[rows])
        out.roem_val[rows] = total
        out.roem_counted[rows] = team_roem_table(total, best, d[rows], p[rows],
                                                 calls.bidders[idx[rows]], bool(o.roem_denial))
    return calls, idx, out


def whole_deals(game: PandoerenGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                rescore: Sequence[Mapping[str, Any]] = ({},)
                ) -> tuple[list[dict[str, Any]], np.ndarray]:
    """Whole deals at array speed (``Simulator.whole_deals``): dealt from ``seeds`` by
    ``dealers``, called by the heuristic bot
    (:func:`~cardlab.sim.pandoeren.calls.heuristic_calls`), played by the batch with
    ``policy`` on each deal's play stream and scored; the per-deal arrays of a
    ``compare_variants`` chunk: ``scores`` ``(B, 4)``, ``has_contract``, ``made``,
    ``length`` (actions) and ``contracts`` (word → count), equal to the scalar path's; no
    deal is left to the scalar path."""
    from cardlab.sim.simulator import play_on

    size = len(seeds)
    calls, idx, batch = opening_lead(game, seeds, dealers)
    scores = np.zeros((size, 4), dtype=np.int64)
    has = calls.high >= 0
    made = np.zeros(size, dtype=bool)
    length = calls.n_actions.copy()
    contracts: dict[str, int] = {}
    if batch is not None:
        play_on(batch, np.asarray(seeds)[idx], policy)
        made[idx] = made_here = batch.made()
        scores[idx] = batch.payments(made_here)
        length[idx] += batch.n_actions
        words = call_tables_for(game).words
        ranks, counts = np.unique(calls.high[idx], return_counts=True)
        contracts = {words[int(k)]: int(c) for k, c in zip(ranks, counts, strict=True)}
    # each variant is played (rescores=False): one set of scoring options, the game's own
    assert not any(rescore), "Pandoeren's batch does not rescore"
    part = {"scores": scores, "has_contract": has, "made": made, "length": length,
            "contracts": contracts, "sides": list(game.seat_names)}
    return [part], np.zeros(size, dtype=bool)


# -- matches: each deal's Result, from the arrays through the game's own scoring ---------------
def match_results(game: PandoerenGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                  matches: Sequence[Any]) -> list[Any]:
    """``Simulator.match_results``: the next deal of each match of ``matches`` played whole
    as :func:`whole_deals` plays it (a deal's Result does not depend on the match's scores),
    and its :class:`~cardlab.engine.result.Result` as the engine's ``state.result`` of the
    same deal: an all-pass deal's is the game's
    :func:`~cardlab.games.pandoeren.scoring.annulled_result` (A2.5, P-A3); a played deal's,
    its facts read from the arrays (the tricks' winners, card points, the hands at trick 1,
    the roem announced, stuk, the discard) as the game's
    :class:`~cardlab.games.pandoeren.scoring.DealFacts`, scored by its own
    :func:`~cardlab.games.pandoeren.scoring.score_facts`. No deal is left to the scalar
    path."""
    from cardlab.cards import FRENCH_SUITS
    from cardlab.games.pandoeren.rules import parse_bid
    from cardlab.games.pandoeren.scoring import DealFacts, annulled_result, score_facts
    from cardlab.sim.simulator import play_on

    seeds = np.asarray(seeds, dtype=np.uint64)
    dealers = np.asarray(dealers, dtype=np.int64)
    opts, names = game.options, game.seat_names
    out: list[Any] = [annulled_result(names, int(d), opts) for d in dealers]
    calls, idx, batch = opening_lead(game, seeds, dealers)
    if batch is None:
        return out
    start = batch.hands.copy()
    play_on(batch, seeds[idx], policy)
    ct = call_tables_for(game)
    deck = list(game.deck)
    cards = _hand_cards(deck)
    roem_ann = batch.roem_ann if batch.tb.manual_roem else None
    bids: list[Any] = [parse_bid(w) for w in ct.words]
    assert all(bid is not None for bid in bids)
    stuk = batch.roem_and_stuk()[1] > 0  # A2.10.3 the team's stuk counts
    for j, b in enumerate(idx):
        d, p = int(batch.declarer[j]), int(batch.partner[j])
        t = int(batch.table[j])
        n = int(batch.n_tricks[j])
        counts = bool(batch.counts_roem[j])
        team = (d,) if p < 0 else (d, p)
        if not counts:
            announced: tuple[int, ...] = ()
        elif roem_ann is not None:
            announced = tuple(s for s in sorted(team) if roem_ann[j, s])
        else:  # auto: the declarer as she leads, the partner once public (A2.10.2)
            announced = tuple(s for s in sorted(team)
                              if s == d or bool(batch.partner_public[j]))
        disc = int(calls.discard[b])
        facts = DealFacts(
            bid=bids[int(calls.high[b])], declarer=d, partner=None if p < 0 else p,
            trump=None if t == NO_TRUMPS else FRENCH_SUITS[t], dealer=int(dealers[b]),
            winners=tuple(int(w) for w in batch.winners[j, :n]),
            first_jas=bool(batch.first_win_jas[j]),
            card_points=tuple(int(x) for x in batch.card_points[j]),
            discarded=deck[disc] if disc >= 0 else None,
            start_hands=tuple(cards(int(m)) for m in start[j]),
            announced=announced,
            bidders=frozenset(np.flatnonzero(calls.bidders[b]).tolist()),
            stuk=counts and bool(stuk[j]))
        out[int(b)] = score_facts(facts, opts, names)
    return out


def _hand_cards(deck: Sequence[Any]) -> Any:
    """``cards(mask)``: the hand ``mask`` as the pack's cards in order, memoised."""
    memo: dict[int, tuple[Any, ...]] = {}

    def cards(mask: int) -> tuple[Any, ...]:
        got = memo.get(mask)
        if got is None:
            got = memo[mask] = tuple(c for i, c in enumerate(deck) if mask >> i & 1)
        return got

    return cards


#: the game's simulator (registered by :mod:`cardlab.sim`): each variant is played, since the
#: batch scores under the options it was built with
SIMULATOR = Simulator(batch=PandoerenBatch, rescores=False, contract_labels=_contract_labels,
                      hint=_hint, whole_deals=whole_deals,
                      match_results=match_results)
