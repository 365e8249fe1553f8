"""Pandoeren's play phase for a whole batch of deals at once, in numpy.

The auction, the exchange, trumps and the call come from the scalar engine
(:meth:`PandoerenBatch.from_states` reads states in the play phase, at any point
of it), or, for whole deals made by the heuristic bot, from arrays too: the batch
deal of :func:`deal_hands` (= ``game.deal(seed=s, dealer=d)``), the bot's calls of
:func:`heuristic_calls` (= :class:`cardlab.bots.pandoeren.HeuristicBot`, call for
call) and :func:`opening_lead` (= ``from_states`` at the opening lead), which
:func:`whole_deals` plays and scores for ``compare_variants``. The batch then plays
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

from cardlab.bots.pandoeren_play import (
    card_orders,
    choose_announcement,
    choose_card,
    first_in_order,
    play_keys,
    to_lose,
)
from cardlab.engine.state import State
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.game import PandoerenGame
from cardlab.games.pandoeren.rules import NO_TRUMPS, OBJECTIVE_OF, PICCOLO_OBJECTIVES, PlayTables
from cardlab.games.pandoeren.state import PandoerenState
from cardlab.sim.batch import Batch
from cardlab.sim.bits import ZERO, kth_index, lowest_index, popcount
from cardlab.sim.pandoeren.card_sums import CardSums
from cardlab.sim.pandoeren.roem_tables import roem_tables_for, team_roem_table
from cardlab.sim.pandoeren.sampling import pandoeren_batch
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.sim.simulator import Simulator

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




# -- whole deals: the deal and the heuristic bot's calls over arrays ----------------------------
class CallTables:
    """What the vectorised calls read, for one game, as arrays: the card facts the heuristic
    bot's rules of thumb use (:mod:`cardlab.bots.pandoeren`: its weights, the plain order
    ``trick_order(None)``, A2.3 card points), the bid ladder's calls in A4.2 order with their
    contract rows and game points (:func:`~cardlab.games.pandoeren.rules.game_points`), and
    who receives each position of the shuffled pack under each dealer (A2.4, the game's
    packet schedule). So that no hand is expanded to one entry per card, the bot's sums over
    a hand are byte tables (:class:`~cardlab.sim.pandoeren.card_sums.CardSums`), its card
    orders too (:class:`~cardlab.bots.pandoeren_play.CardOrders`), and the kernel's auction
    rules are read once into tables by high bid and by the seats that passed."""

    def __init__(self, game: PandoerenGame) -> None:
        from cardlab.bots import pandoeren as bot
        from cardlab.cards import FRENCH_SUITS, Card
        from cardlab.engine.dealing import packet_schedule
        from cardlab.games.pandoeren.game import DEAL_ROUNDS
        from cardlab.games.pandoeren.rules import (
            call_rank_masks,
            game_points,
            parse_bid,
            play_tables,
            trick_order,
        )

        o = game.options
        deck = list(game.deck)
        pt = play_tables()  # card points and masks do not depend on rank_order
        self.n_cards = n = pt.n_cards
        self.suit = np.array(pt.suit, dtype=np.int64)
        self.onehot = (self.suit[:, None] == np.arange(4)).astype(np.int64)  # card → suit
        ranks = [c.rank for c in deck]
        self.weight = np.array([bot.TRUMP_WEIGHT[r] for r in ranks], dtype=np.int64)
        self.ace = np.array([r == "A" for r in ranks])
        self.side_counted = np.array([r in bot.COUNTED_SIDE_RANKS for r in ranks])
        self.high = np.array([r in bot.HIGH_RANKS for r in ranks])
        self.ten = np.array([r == "10" for r in ranks])
        self.pandoer_rank = np.array([r in bot.PANDOER_RANKS for r in ranks])
        # the bot ranks cards by the plain order of the default rank_order (its own rule)
        self.plain_power = np.array([trick_order(None).power[c] for c in deck], dtype=np.int64)
        self.points = np.array(pt.points, dtype=np.int64).reshape(NO_TRUMPS + 1, pt.stride)[:, :n]
        # A2.7.1 the discard: a misère-like declarer's order (her highest card in the plain
        # order, then the dearest); the others' (the cheapest by trump table: each card's
        # fellows in points; then the shortest suit; then the lowest in the plain order)
        assert self.plain_power.min() >= 0 and self.plain_power.max() < 100
        self.shed_order = card_orders((self.plain_power * 100 + self.points[NO_TRUMPS])[None])
        self.cheap_order = card_orders(-self.points)
        self.same_points = np.array([[sum(1 << j for j in range(n) if pts[j] == pts[i])
                                      for i in range(n)] for pts in self.points],
                                    dtype=np.uint64).reshape(-1)
        self.low_order = card_orders(-self.plain_power[None])
        self.bit = np.array(pt.bit[:n], dtype=np.uint64)
        self.ace_bit = np.array([pt.card_bit[Card("A", s)] for s in FRENCH_SUITS] + [0],
                                dtype=np.uint64)
        # the trump ace's card index per table (0 without trumps, as argmax of no card)
        self.ace_index = np.array([pt.card_index[Card("A", s)] for s in FRENCH_SUITS] + [0],
                                  dtype=np.int64)
        self.suit_mask = np.array(pt.suit_mask, dtype=np.uint64)  # per table: 4, none
        self.ace_mask = np.uint64(sum(int(b) for b in self.bit[self.ace]))
        # the sums the bot judges a hand by (card_sums), per suit or per trump suit t:
        # suit_strength (the suit's trump weights and the side aces' weight), the card
        # points estimate_points counts (trumps, and the side A and 10: points[t]), cards,
        # the Pandoer ranks; then the high cards and the tens (is_misere_hand)
        in_suit = self.onehot.astype(bool)  # (card, suit)
        counted = in_suit | self.side_counted[:, None]
        strength = np.where(in_suit, self.weight[:, None],
                            bot.SIDE_ACE_WEIGHT * self.ace[:, None])
        self.sums = CardSums(np.concatenate([
            strength, np.where(counted, self.points[:4].T, 0), self.onehot,
            self.onehot * self.pandoer_rank[:, None], self.high[:, None], self.ten[:, None]],
            axis=1))
        self.call_masks = tuple(np.uint64(m) for m in call_rank_masks())
        self.allow_trump_ace = bool(o.allow_call_trump_ace)
        self.pass_is_final = bool(o.pass_is_final)
        # the ladder (A4.2 order): position → its contract
        self.words = words = game.ladder.calls
        bids = [parse_bid(w) for w in words]
        assert all(b is not None for b in bids)
        self.rank_index = np.arange(len(words))
        self.is_number = np.array([b.kind.name == "number" for b in bids])  # type: ignore[union-attr]
        self.number = np.array([b.number for b in bids], dtype=np.int64)  # type: ignore[union-attr]
        self.pandoer = words.index("pandoer") if "pandoer" in words else -1
        self.misere = words.index("misere") if "misere" in words else -1
        kinds = [b.kind for b in bids]  # type: ignore[union-attr]
        self.kind = np.array([KIND_CODES[k.name] for k in kinds], dtype=np.int64)
        self.negative = np.array([k.name in bot.NEGATIVE for k in kinds])
        self.trumps = np.array([k.trumps for k in kinds])
        # A2.7.3 the declarer calls a partner (a Zwabber partner under "first_trick_winner"
        # is the first trick's winner instead; the bot never bids Zwabber or Kereltje)
        self.calls_partner = np.array([k.partner == "called" and not (
            k.name == "zwabber" and o.zwabber_partner == "first_trick_winner") for k in kinds])
        self.value = np.array([game_points(b, o) for b in bids], dtype=np.int64)  # type: ignore[arg-type]
        self.counts_roem = np.array([k.counts_roem for k in kinds])
        # A2.4 the deal: the seat (4: the kijkkaart) of each position of the pack, by dealer
        self.recipient = np.zeros((4, n), dtype=np.int64)
        slot: dict[Any, int] = {**{s: s for s in range(4)}, "kijkkaart": 4}
        for dealer in range(4):
            order = [(dealer + 1 + i) % 4 for i in range(4)]
            pos = 0
            for who, count in packet_schedule(order, DEAL_ROUNDS, "kijkkaart"):
                self.recipient[dealer, pos:pos + count] = slot[who]
                pos += count
            assert pos == n
        # A2.5 the auction's legal bids over each high bid (row high + 1; -1: none yet), by
        # the kernel: the lowest number bid on offer (and its number), Pandoer, Misère
        legal = np.asarray(K.auction_bid_legal(self.rank_index[None, :],
                                               np.arange(-1, len(words))[:, None]))
        numbers = legal & self.is_number
        self.first_number = np.argmax(numbers, axis=1)
        self.has_number = numbers[np.arange(len(words) + 1), self.first_number]
        self.first_number_value = self.number[self.first_number]
        no = np.zeros(len(words) + 1, dtype=bool)
        self.pandoer_ok = legal[:, self.pandoer] if self.pandoer >= 0 else no
        self.misere_ok = legal[:, self.misere] if self.misere >= 0 else no
        # A2.5 / P-A4 the seats out of the auction (bits) by the seats that passed (bits),
        # by the kernel; and the next seat clockwise after seat s among seats (bits)
        patterns = np.arange(16)
        passed = (patterns[:, None] >> np.arange(4) & 1).astype(bool)
        out = np.asarray(K.auction_seat_out(passed, self.pass_is_final)) & np.ones(4, bool)
        self.seat_out = (out << np.arange(4)).sum(axis=1)
        self.next_seat = np.array([[next(((s + k) % 4 for k in range(1, 5)
                                          if m >> (s + k) % 4 & 1), s) for m in patterns]
                                   for s in range(4)], dtype=np.int64).reshape(-1)
        # the same by seat: the positions of seat 0's cards, …, seat 3's, the kijkkaart's
        self.positions = np.argsort(self.recipient, axis=1, kind="stable")
        assert (np.bincount(self.recipient[0]) == [(n - 1) // 4] * 4 + [1]).all()


@lru_cache(maxsize=32)
def call_tables_for(game: PandoerenGame) -> CallTables:
    """The (cached) :class:`CallTables` of ``game``."""
    return CallTables(game)


def deal_hands(game: PandoerenGame, seeds: np.ndarray, dealers: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """A2.4 the deals of ``seeds`` by ``dealers``, as ``game.deal(seed=s, dealer=d)`` deals
    them: the ``(B, 4)`` hands as masks and the kijkkaart's card index per deal (the pack
    shuffled by :func:`~cardlab.sim.rng.shuffle_batch`, then dealt 4-1-4 from forehand)."""
    from cardlab.sim.rng import shuffle_batch

    ct = call_tables_for(game)
    order = shuffle_batch(seeds, ct.n_cards)  # position → card index
    # the positions each seat receives (seat by seat), then the kijkkaart's, by dealer
    at = ct.positions[np.asarray(dealers, dtype=np.int64) % 4]
    cards = np.take_along_axis(order, at, axis=1)
    per_seat = ct.bit[cards[:, :-1]].reshape(len(order), 4, -1)
    hands = per_seat[:, :, 0].copy()
    for k in range(1, per_seat.shape[2]):  # a seat's cards, one packet place at a time
        hands |= per_seat[:, :, k]
    return hands, cards[:, -1]


#: the columns of :attr:`CallTables.sums`: four per suit (its strength, the points counted
#: with it as trumps, its cards, its Pandoer ranks), then the high cards and the tens
_STRENGTH, _OWN, _CARDS, _KEYS, _HIGH, _TENS = 0, 4, 8, 12, 16, 17


def suit_strengths(sums: np.ndarray) -> np.ndarray:
    """:func:`cardlab.bots.pandoeren.suit_strength` of every suit, from hands' sums
    ``(B, F)`` (:attr:`CallTables.sums`): ``(B, 4)``."""
    return sums[:, _STRENGTH:_STRENGTH + 4]


def _first_suit(strength: np.ndarray, highest: bool = True) -> np.ndarray:
    """The first suit (column) of the highest (lowest) of four ``strength`` per row:
    ``argmax`` (``argmin``) over the suits, four columns compared at once."""
    s0, s1, s2, s3 = (strength[:, i] for i in range(4))
    top = np.maximum if highest else np.minimum
    best = top(top(s0, s1), top(s2, s3))
    return np.asarray(np.where(s0 == best, 0, np.where(s1 == best, 1,
                                                       np.where(s2 == best, 2, 3))))


def auction_features(ct: CallTables, hands: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic bot's view of a hand in the auction (``HeuristicBot._auction``): the
    points estimate with its best suit (:func:`~cardlab.bots.pandoeren.estimate_points`,
    :func:`~cardlab.bots.pandoeren.best_suit`), whether the trumps are Pandoer-strong, and
    :func:`~cardlab.bots.pandoeren.is_misere_hand`; for hands ``hands`` (masks ``(B,)``)."""
    from cardlab.bots import pandoeren as bot

    f = ct.sums(hands)
    t = _first_suit(suit_strengths(f))  # best_suit: the first of the strongest
    rows = np.arange(f.shape[0])
    own = f[rows, _OWN + t].astype(np.int64)
    trumps = f[rows, _CARDS + t].astype(np.int64)
    target = own + bot.PER_TRUMP * trumps + bot.PARTNER_HELP
    key_ranks = f[rows, _KEYS + t]
    strong = (key_ranks == len(bot.PANDOER_RANKS)) & (trumps >= bot.PANDOER_TRUMPS)
    high, tens = f[:, _HIGH], f[:, _TENS]
    misere = (high == 0) | ((high == 1) & (tens == 0))
    return np.asarray(target), np.asarray(strong), np.asarray(misere)


def auction_choice(ct: CallTables, target: np.ndarray, strong: np.ndarray,
                   misere: np.ndarray, high: np.ndarray) -> np.ndarray:
    """``HeuristicBot._auction`` over the high bids ``high`` (ladder positions, -1: none):
    the ladder position of its bid, -1 for a pass. The legal bids are the kernel's
    (:func:`~cardlab.games.pandoeren.kernel.auction_bid_legal`, A2.5), read from
    :class:`CallTables`' table of them."""
    from cardlab.bots.pandoeren import PANDOER_TARGET

    h = high + 1
    first = ct.first_number[h]  # the lowest number bid on offer
    return np.asarray(np.where(
        strong & ct.pandoer_ok[h] & (target >= PANDOER_TARGET), ct.pandoer,
        np.where(ct.has_number[h] & (ct.first_number_value[h] <= target), first,
                 np.where(misere & ct.misere_ok[h], ct.misere, -1))))


def _in_suits_by_length(ct: CallTables, cards: np.ndarray, lengths: np.ndarray,
                        longest: bool) -> np.ndarray:
    """The cards of ``cards`` (masks) in the longest (shortest) of their suits by
    ``lengths`` ``(B, 4)``, as masks."""
    in_suit = [cards & ct.suit_mask[s] for s in range(4)]
    far = np.int64(-1 if longest else 1 << 20)  # a suit without such cards
    length = [np.where(in_suit[s] != ZERO, lengths[:, s], far) for s in range(4)]
    top = np.maximum if longest else np.minimum
    best = top(top(length[0], length[1]), top(length[2], length[3]))
    out = np.where(length[0] == best, in_suit[0], ZERO)
    for s in range(1, 4):
        out |= np.where(length[s] == best, in_suit[s], ZERO)
    return np.asarray(out)


class Calls:
    """The calls of a batch of deals as the heuristic bot makes them (see
    :func:`heuristic_calls`); every array has one row per deal.

    :ivar high: the contract's ladder position (-1: all passed, the deal is annulled).
    :ivar declarer, partner: seats (-1: none); ``called`` the called card (n_cards: none).
    :ivar table: the trump table (0-3, or 4: no trumps); ``discard`` the discarded card.
    :ivar hands: ``(B, 4)`` masks at the opening lead (the dealt hands if annulled).
    :ivar bidders: ``(B, 4)`` seats that made a bid; ``n_actions``: actions before the play.
    """

    def __init__(self, **fields: np.ndarray) -> None:
        self.__dict__.update(fields)
        self.high: np.ndarray
        self.declarer: np.ndarray
        self.partner: np.ndarray
        self.called: np.ndarray
        self.table: np.ndarray
        self.discard: np.ndarray
        self.hands: np.ndarray
        self.bidders: np.ndarray
        self.n_actions: np.ndarray


def heuristic_calls(game: PandoerenGame, hands: np.ndarray, kijk: np.ndarray, dealers: np.ndarray
                    ) -> Calls:
    """Every call before the play of a batch of deals, exactly as
    :class:`cardlab.bots.pandoeren.HeuristicBot` makes them on the scalar engine (the bot
    draws nothing from its generator before the play: each of its calls there is one of
    the legal actions). The auction (A2.5: forehand first, clockwise, ``pass_is_final``
    P-A4, as :class:`cardlab.engine.auction.Auction` runs it), the kijkkaart to the
    declarer and her discard (A2.7.1), trumps (A2.7.2) and the call (A2.7.3, the kernel's
    :func:`~cardlab.games.pandoeren.kernel.call_mask`)."""
    ct = call_tables_for(game)
    size = hands.shape[0]
    rows = np.arange(size)
    seats = np.arange(4)
    # each hand's view, row b * 4 + seat
    target, strong, misere = auction_features(ct, hands.reshape(-1))
    # -- A2.5 the auction (seats as bits: passed, bid)
    high = np.full(size, -1, dtype=np.int64)
    high_seat = np.full(size, -1, dtype=np.int64)
    passed = np.zeros(size, dtype=np.int64)
    bid_bits = np.zeros(size, dtype=np.int64)
    since = np.zeros(size, dtype=np.int64)  # passes since the last bid
    n_calls = np.zeros(size, dtype=np.int64)
    to_call = (np.asarray(dealers, dtype=np.int64) + 1) % 4
    over = np.zeros(size, dtype=bool)
    while not over.all():
        live = ~over
        s = to_call
        at = rows * 4 + s
        choice = auction_choice(ct, target[at], strong[at], misere[at], high)
        bid = live & (choice >= 0)
        pass_ = live & (choice < 0)
        seat_bit = 1 << s
        passed |= seat_bit * pass_
        bid_bits |= seat_bit * bid
        high = np.where(bid, choice, high)
        high_seat = np.where(bid, s, high_seat)
        since = np.where(bid, 0, since + pass_)
        n_calls += live
        # the turn passes to the next seat still in; the auction ends when none is left
        # (or, without final passes, after a round of passes)
        still_in = 15 & ~ct.seat_out[passed] & ~((high_seat >= 0) << np.maximum(high_seat, 0))
        ended = still_in == 0
        if not ct.pass_is_final:
            ended |= since >= np.where(high < 0, 4, 3)
        over |= live & ended
        to_call = np.where(live & ~ended, ct.next_seat[s * 16 + still_in], to_call)
    bidders = (bid_bits[:, None] >> seats & 1).astype(bool)
    has = high >= 0
    hi = np.maximum(high, 0)
    d = np.where(has, high_seat, 0)
    # -- A2.7.1 the exchange: the kijkkaart joins the declarer's hand, she discards one
    hand9 = hands[rows, d] | ct.bit[kijk]
    sums9 = ct.sums(hand9)
    # a misère-like declarer sheds her highest card (plain order), then the dearest
    worst = first_in_order(ct.shed_order, np.zeros(size, dtype=np.int64), hand9)
    t9 = np.where(ct.trumps[hi], _first_suit(suit_strengths(sums9)), NO_TRUMPS)
    side = hand9 & ~ct.suit_mask[t9] & ~ct.ace_mask
    side = np.where(side != ZERO, side, hand9)
    # the others the cheapest side card: by points, then the shortest suit, then plain order
    cheapest = side & ct.same_points[t9 * ct.n_cards + first_in_order(ct.cheap_order, t9, side)]
    shortest = _in_suits_by_length(ct, cheapest, sums9[:, _CARDS:_CARDS + 4], False)
    discard = np.where(ct.negative[hi], worst,
                       first_in_order(ct.low_order, np.zeros(size, dtype=np.int64), shortest))
    hand8 = hand9 & ~ct.bit[discard]
    sums8 = ct.sums(hand8)
    # -- A2.7.2 trumps: the strongest suit (a misère-like declarer: the weakest)
    strength8 = suit_strengths(sums8)
    chosen = np.where(ct.negative[hi], _first_suit(strength8, False), _first_suit(strength8))
    table = np.where(ct.trumps[hi], chosen, NO_TRUMPS)
    # -- A2.7.3 the call: the trump ace if callable, else the first card of the longest suit
    calling = has & ct.calls_partner[hi]
    trump_ace = ct.ace_bit[table]
    callable_ = np.asarray(K.call_mask(ct.call_masks, hand9, trump_ace, ct.allow_trump_ace))
    # (the first in pack order; card 0 if none is callable)
    by_length = np.maximum(lowest_index(
        _in_suits_by_length(ct, callable_, sums8[:, _CARDS:_CARDS + 4], True)), 0)
    pick = np.where((callable_ & trump_ace) != ZERO, ct.ace_index[table], by_length)
    called = np.where(calling, pick, ct.n_cards)
    new_hands = hands.copy()
    new_hands[rows, d] = np.where(has, hand8, hands[rows, d])
    holder = (new_hands & ct.bit[np.minimum(called, ct.n_cards - 1)][:, None]) != ZERO
    partner = np.where(calling, np.argmax(holder, axis=1), -1)
    n_actions = n_calls + has * (1 + ct.trumps[hi] + calling)
    return Calls(high=high, declarer=np.where(has, d, -1), partner=partner, called=called,
                 table=np.where(has, table, NO_TRUMPS), discard=np.where(has, discard, -1),
                 hands=new_hands, bidders=bidders, n_actions=n_actions.astype(np.int64))


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
    ``dealers``, called by the heuristic bot (:func:`heuristic_calls`), played by the batch
    with ``policy`` on each deal's play stream and scored; the per-deal arrays of a
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
