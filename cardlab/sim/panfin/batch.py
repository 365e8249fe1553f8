"""Panfin's trick phase ("la conquista dei piatti", B2.10-B2.11) for a batch of deals, in numpy.

The cut, the deal, the declarations, combinations and the dealer's swap come from
the scalar engine (:meth:`PanfinBatch.from_states` reads states in the play
phase, at any point of it) or, for whole deals (:func:`whole_deals`, what
``compare_variants`` runs), from :mod:`cardlab.sim.panfin.calls`, which deals and calls
whole arrays of deals as the heuristic bot does (:func:`opening_lead` builds the batch at
the first lead); the batch plays the tricks with array operations:
hands as ``uint64`` masks over the 40 Trevisane cards, the trump model of B2.2
(Vecia > Gobbo > the dominant suit, the jokers outside their natural suits),
the legal plays of B2.10.3 (answer the led suit and beat the winner —
``beat_reference`` — else trump and overtrump: ``must_trump_when_void``,
``must_overtrump``), the jokers' lead (B2.10.4: led together with
``both_jokers_lead="double_trick"``, answered with two cards each, trumps while
one has them; or the Vecia then the Gobbo with ``"consecutive_forced"``), the
trick winner, the piatti (2 for a double trick) and the settlement of B2.11
(most piatti takes the pot; a tie leaves it; every active player with no piatto
pays the pot into the next pot), giving each seat's net chips for the deal as
the scalar ``Result.seat_points``. Each of these rules is the game's kernel
(:mod:`cardlab.games.panfin.kernel`), compiled as written (numba,
:func:`cardlab.solve.jit.compiled_kernel`) and called on each deal of a step in a compiled
loop (:func:`_legal`, :func:`_apply`) with the kernel's tables as arrays
(:class:`PanfinTables`): the teaching engine decides with the same functions on ints, so
the two cannot disagree.

A play is one card or two; the engine lists the single cards in pack order, then
the pairs in ``itertools.combinations`` order of the sorted hand. The batch keeps
that order (pairs as slots over the hand's card positions), so the ``"random"``
policy — the ``k``-th legal action, ``k = randbelow(#legal)`` from one
SplitMix64 stream per deal — equals ``RandomBot``. ``"heuristic"``: the scalar
``HeuristicBot``'s play, one rule written once (:func:`cardlab.bots.panfin_play.choose_one`,
asked for each deal in :func:`heuristic_choice`).

A season's matches (:func:`cardlab.sim.season`) play their deals here too
(:func:`match_results`): each match's pot and stacks carried into its next deal, and the
deal's Result made by the game's own scoring (``Outcome``, ``settle``, ``make_result``)
from the facts in the arrays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.panfin_play import PAIR_SLOTS, choose_one, keep_values
from cardlab.games.panfin import kernel
from cardlab.games.panfin.game import PanfinGame
from cardlab.games.panfin.judge import trick_position
from cardlab.games.panfin.rules import (
    GOBBO,
    HAND_SIZE,
    VECIA,
    KernelTables,
    card_mask,
    kernel_tables,
    play_rules,
)
from cardlab.sim.batch import Batch
from cardlab.sim.bits import kth_index, popcount
from cardlab.sim.panfin.compiled import (
    legal_mask,
    legal_pair,
    places,
    positions,
    trick_best,
    trick_key,
    trick_led_suit,
    trick_piatti,
)
from cardlab.sim.panfin.sampling import panfin_batch, sample_states
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.sim.simulator import Simulator
from cardlab.solve.jit import jit

__all__ = ["PanfinTables", "PanfinBatch", "tables_for", "heuristic_choice", "opening_lead",
           "whole_deals", "match_results", "SIMULATOR"]

#: the pair slots over the sorted hand's positions, in the engine's (combinations) order
PAIRS = PAIR_SLOTS
_SLOTS = np.array(PAIR_SLOTS, dtype=np.int64)


class PanfinTables:
    """The kernel's tables of one Panfin game as numpy arrays
    (:class:`~cardlab.games.panfin.rules.KernelTables`), and its play rules."""

    def __init__(self, game: PanfinGame) -> None:
        t = kernel_tables()
        u64, i64 = np.uint64, np.int64
        #: the kernel's tables, as arrays for the compiled per-deal loops
        #: (:mod:`cardlab.games.panfin.kernel` reads them): masks as ``int64`` (the 40 cards
        #: fit), so the kernel's bit operations keep one integer type when compiled
        self.kernel: KernelTables = t._replace(
            bit=np.array(t.bit, dtype=i64), jokers=int(t.jokers), vecia=int(t.vecia),
            gobbo=int(t.gobbo), suit_mask=np.array(t.suit_mask, dtype=i64),
            eff=np.array(t.eff, dtype=i64), key=np.array(t.key, dtype=i64),
            above=np.array(t.above, dtype=i64))
        self.rules = play_rules(game.options)
        self.game, self.options, self.players = game, game.options, game.players
        self.n_cards = t.cards
        self.bit = np.array(t.bit, dtype=u64)
        self.vecia, self.gobbo = game.deck.index(VECIA), game.deck.index(GOBBO)
        self.cards = np.arange(t.cards, dtype=i64)
        self.shifts = np.arange(t.cards, dtype=u64)
        self.keep = np.ascontiguousarray(keep_values())  # the heuristic's values


@lru_cache(maxsize=32)
def tables_for(game: PanfinGame) -> PanfinTables:
    """The (cached) tables of ``game``."""
    return PanfinTables(game)


class PanfinBatch(Batch):
    """The trick phase of ``size`` Panfin deals, as arrays (see the module docstring)."""

    def __init__(self, tb: PanfinTables, size: int) -> None:
        self.tb, self.size = tb, size
        n = tb.players
        i64 = np.int64
        self._rows = np.arange(size)
        self.hands = np.zeros((size, n), dtype=np.uint64)
        self.active = np.zeros((size, n), dtype=bool)
        self.dominant = np.zeros(size, dtype=i64)
        self.to_move = np.zeros(size, dtype=i64)
        self.n_played = np.zeros(size, dtype=i64)  # plays (seats) in the trick so far
        self.n_active = np.zeros(size, dtype=i64)
        self.led = np.zeros(size, dtype=i64)
        self.led_key = np.zeros(size, dtype=i64)  # the kernel's trick_key of the led card
        self.best_key = np.zeros(size, dtype=i64)  # … and of the card winning the trick
        self.best_seat = np.zeros(size, dtype=i64)
        self.double = np.zeros(size, dtype=bool)
        self.gobbo_due = np.full(size, -1, dtype=i64)
        self.piatti = np.zeros((size, n), dtype=i64)
        self.pot = np.zeros(size, dtype=i64)  # the pot as it stands at the trick phase
        self.net = np.zeros((size, n), dtype=i64)  # chips won/lost so far (antes)
        self.winners = np.full((size, HAND_SIZE), -1, dtype=i64)
        self.n_tricks = np.zeros(size, dtype=i64)
        self.done = np.zeros(size, dtype=bool)
        self.n_actions = np.zeros(size, dtype=i64)
        #: with ``play(..., record=True)``: every step's ``(first, second)`` card indices per
        #: deal (``n_cards`` for none: no second card, or a deal already finished)
        self.record: list[tuple[np.ndarray, np.ndarray]] | None = None

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[Any]) -> PanfinBatch:
        """A batch from scalar states in the play phase (any point of it)."""
        game = states[0].game
        tb = tables_for(game)
        out = cls(tb, len(states))
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            for s in range(tb.players):
                out.hands[b, s] = np.uint64(card_mask(st.hands[s]))
                out.active[b, s] = not st.folded[s]
                out.net[b, s] = st.stacks[s] - st.stacks_in[s]
            pos = trick_position(st.trick_, st.dominant)
            out.dominant[b] = pos.d
            out.n_active[b] = sum(not f for f in st.folded)
            out.to_move[b] = st.to_move
            out.pot[b] = st.pot
            out.piatti[b] = st.piatti
            out.gobbo_due[b] = -1 if st.gobbo_due is None else st.gobbo_due
            for i, (_, _, w) in enumerate(st.tricks_):
                out.winners[b, i] = w
            out.n_tricks[b] = len(st.tricks_)
            out.n_played[b] = len(st.trick_)
            if st.trick_:
                out.led[b], out.led_key[b], out.double[b] = pos.led, pos.led_key, pos.double_led
                out.best_key[b], out.best_seat[b] = pos.best_key, pos.best_seat
        return out

    # -- the rules --------------------------------------------------------------------------
    def positions(self, hand: np.ndarray) -> np.ndarray:
        """``(B, HAND_SIZE)`` the hand's cards in pack order (``n_cards`` where there is
        none)."""
        return positions(hand, self.tb.n_cards, HAND_SIZE)

    def legal(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """B2.10.3-4: the legal single cards (mask), the legal pair slots ``(B, 6)`` and the
        hand's card positions ``(B, HAND_SIZE)`` the slots refer to: the kernel's
        :func:`~cardlab.games.panfin.kernel.legal_mask` and
        :func:`~cardlab.games.panfin.kernel.legal_pair` for each deal, compiled."""
        single = np.empty(self.size, dtype=np.int64)
        pairs = np.empty((self.size, len(PAIRS)), dtype=bool)
        pos = np.empty((self.size, HAND_SIZE), dtype=np.int64)
        _legal(self.tb.kernel, self.tb.rules, _SLOTS, self.hands.view(np.int64), self.to_move,
               self.dominant, self.n_played, self.double, self.led, self.best_key,
               self.led_key, self.gobbo_due, single, pairs, pos)
        return single.view(np.uint64), pairs, pos

    # -- applying ---------------------------------------------------------------------------
    def apply(self, first: np.ndarray, second: np.ndarray, live: np.ndarray) -> None:
        """Play ``first`` (and ``second``, a card index or ``n_cards`` for none) in ``live``:
        the kernel's trick keys, winner and piatti for each deal, compiled (:func:`_apply`)."""
        tb = self.tb
        _apply(tb.kernel, tb.rules.double_trick, tb.vecia, tb.gobbo, tb.players,
               np.ascontiguousarray(first, dtype=np.int64),
               np.ascontiguousarray(second, dtype=np.int64), np.ascontiguousarray(live),
               self.hands.view(np.int64), self.active, self.dominant, self.to_move,
               self.n_played, self.n_active, self.led, self.led_key, self.best_key,
               self.best_seat, self.double, self.gobbo_due, self.piatti, self.winners,
               self.n_tricks, self.done, self.n_actions)

    # -- playing ----------------------------------------------------------------------------
    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One play (one or two cards) in every unfinished deal."""
        live = ~self.done
        single, pairs, pos = self.legal()
        c = self.tb.n_cards
        if policy == "random":
            assert streams is not None
            n1 = popcount(single)
            n = n1 + pairs.sum(axis=1)
            k = streams.randbelow(np.where(live, n, 1), where=None if live.all() else live)
            is_pair = k >= n1
            one = kth_index(single, np.where(is_pair, 0, k))
            slot = np.argmax(np.cumsum(pairs, axis=1) > (k - n1)[:, None], axis=1)
            r = self._rows
            first = np.where(is_pair, pos[r, _SLOTS[slot, 0]], one)
            second = np.where(is_pair, pos[r, _SLOTS[slot, 1]], c)
        elif policy == "heuristic":
            first, second = _heuristic_plays(self, single, pairs, pos)[3:]
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        if self.record is not None:
            self.record.append((np.where(live, first, c), np.where(live, second, c)))
        self.apply(first, second, live)

    # -- results ----------------------------------------------------------------------------
    def _deal_points(self) -> tuple[tuple[Any, ...], Any, Any, tuple[Any, ...]]:
        n = self.tb.players
        return kernel.deal_points([self.piatti[:, s] for s in range(n)],
                                  [self.active[:, s] for s in range(n)], self.pot)

    def settlement(self) -> tuple[np.ndarray, np.ndarray]:
        """B2.11: ``(B, n)`` each seat's chips from the settlement, and the pot after it
        (the kernel's :func:`~cardlab.games.panfin.kernel.deal_points`)."""
        gains, pot_after, _, _ = self._deal_points()
        return np.stack(gains, axis=1).astype(np.int64), np.asarray(pot_after)

    def scores(self) -> np.ndarray:
        """``(B, n)`` each seat's net chips for the deal (antes included), as the engine's
        ``Result.seat_points``."""
        return np.asarray(self.net + self.settlement()[0])

    def made(self) -> np.ndarray:
        """B2.11 a Panfin deal has no contract to make: the result's ``made`` is None, which
        the studies count as not made (False for every deal)."""
        return np.zeros(self.size, dtype=bool)

    def winner(self) -> np.ndarray:
        """The seat that took the pot, or -1 (a tie: piatto resta)."""
        return np.asarray(self._deal_points()[2])


def heuristic_choice(batch: PanfinBatch, single: np.ndarray, pairs: np.ndarray,
                     pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic level's play in every deal: the scalar bot's rule,
    :func:`cardlab.bots.panfin_play.choose_one`, on each deal of the batch, compiled
    (leading, the card it most wants to keep; answering, the cheapest card that takes the
    trick, else the cheapest; two cards, the cheapest legal pair; ties: the earlier card in
    the pack, the earlier pair in the engine's order). Returns ``(card, is_pair, slot)``:
    the single card's index, and the pair's slot over ``pos`` (the hand's places,
    :meth:`PanfinBatch.legal`)."""
    out = _heuristic_plays(batch, single, pairs, pos)
    return out[0], out[1].astype(bool), out[2]


def _heuristic_plays(batch: PanfinBatch, single: np.ndarray, pairs: np.ndarray,
                     pos: np.ndarray) -> np.ndarray:
    """:func:`heuristic_choice` as ``(5, B)``: the card, is_pair, the slot, and the play's
    first and second card (``n_cards`` for none)."""
    out = np.empty((5, batch.size), dtype=np.int64)
    tb = batch.tb
    _heuristic(tb.kernel, tb.keep, _SLOTS, batch.dominant, batch.led, batch.n_played,
               batch.best_key, single.view(np.int64), pairs, pos, out)
    return out


# -- the compiled loops: each deal's step, the kernel's rules on scalars ------------------------
@jit
def _legal(t: Any, rules: Any, slots: Any, hands: Any, to_move: Any, dominant: Any,
           n_played: Any, double: Any, led: Any, best_key: Any, led_key: Any, gobbo_due: Any,
           single: Any, pairs: Any, pos: Any) -> None:
    """:meth:`PanfinBatch.legal` of each deal into ``single``, ``pairs`` and ``pos``."""
    c = t.cards
    for b in range(hands.shape[0]):
        p = to_move[b]
        hand = hands[b, p]
        d = dominant[b]
        leading = n_played[b] == 0
        single[b] = legal_mask(t, hand, d, leading, double[b], led[b], best_key[b],
                                  led_key[b], gobbo_due[b] == p, rules)
        places(hand, c, pos[b])
        for k in range(slots.shape[0]):
            x, y = pos[b, slots[k, 0]], pos[b, slots[k, 1]]
            pairs[b, k] = x < c and y < c and legal_pair(
                t, hand, t.bit[x] | t.bit[y], d, leading, double[b], rules)


@jit
def _heuristic(t: Any, keep: Any, slots: Any, dominant: Any, led: Any, n_played: Any,
               best_key: Any, single: Any, pairs: Any, pos: Any, out: Any) -> None:
    """:func:`heuristic_choice` of each deal into ``out`` ``(5, B)``: card, is_pair, slot,
    and the play's first and second card (``n_cards`` for none)."""
    size = pos.shape[1]
    value = np.zeros(size, dtype=np.int64)
    strength = np.zeros(size, dtype=np.int64)
    legal = np.zeros(size, dtype=np.bool_)
    cost = np.zeros(slots.shape[0], dtype=np.int64)
    for b in range(pos.shape[0]):
        d = dominant[b]
        for j in range(size):
            card = pos[b, j]
            value[j] = keep[d, card]
            strength[j] = trick_key(t, d, led[b], card)
            legal[j] = ((single[b] >> card) & 1) == 1
        for k in range(slots.shape[0]):
            cost[k] = value[slots[k, 0]] + value[slots[k, 1]]
        place, is_pair, slot = choose_one(value, strength, legal, best_key[b],
                                          n_played[b] == 0, pairs[b], cost)
        out[0, b] = pos[b, place]
        out[1, b] = 1 if is_pair else 0
        out[2, b] = slot
        out[3, b] = pos[b, slots[slot, 0]] if is_pair else pos[b, place]
        out[4, b] = pos[b, slots[slot, 1]] if is_pair else t.cards


@jit
def _apply(t: Any, double_trick: bool, vecia: int, gobbo: int, n: int, first: Any,
           second: Any, live: Any, hands: Any, active: Any, dominant: Any, to_move: Any,
           n_played: Any, n_active: Any, led: Any, led_key: Any, best_key: Any,
           best_seat: Any, double: Any, gobbo_due: Any, piatti: Any, winners: Any,
           n_tricks: Any, done: Any, n_actions: Any) -> None:
    """:meth:`PanfinBatch.apply` of each live deal, in place: the cards leave the hand, the
    led suit and keys (B2.10.5), the Gobbo due next (``consecutive_forced``), the trick's
    winner so far, the next active seat, and a complete trick's piatti (B2.10.4-5)."""
    c = t.cards
    for b in range(first.shape[0]):
        if not live[b]:
            continue
        f, s = first[b], second[b]
        p = to_move[b]
        d = dominant[b]
        hands[b, p] &= ~(t.bit[f] | t.bit[s])
        lead = n_played[b] == 0
        if lead:
            led[b] = trick_led_suit(t, d, f)
            double[b] = s < c
        k1 = trick_key(t, d, led[b], f)
        if lead:
            led_key[b] = k1
            if not double_trick:  # consecutive_forced: the Vecia led alone, the Gobbo kept
                due = f == vecia and (hands[b, p] & t.bit[gobbo]) != 0
                gobbo_due[b] = p if due else -1
            best_key[b], best_seat[b] = k1, p
        else:
            best_key[b], best_seat[b] = trick_best(k1, best_key[b], best_seat[b], p, False)
        if s < c:  # a second card: the jokers led together, or an answer to them
            best_key[b], best_seat[b] = trick_best(trick_key(t, d, led[b], s), best_key[b],
                                                      best_seat[b], p, False)
        n_played[b] += 1
        n_actions[b] += 1
        nxt = (p + 1) % n  # the next active seat in the direction of play
        for _ in range(n - 1):
            if not active[b, nxt]:
                nxt = (nxt + 1) % n
        to_move[b] = nxt
        if n_played[b] == n_active[b]:  # the trick is complete
            w = best_seat[b]
            piatti[b, w] += trick_piatti(t, double[b])
            winners[b, n_tricks[b]] = w
            n_tricks[b] += 1
            n_played[b] = 0
            to_move[b] = w
            if hands[b, w] == 0:
                done[b] = True


# -- what the studies and the hint use ----------------------------------------------------------
#: how a deal settled in the trick phase ends (``Result.contract``): the pot won, or it stays
_WON, _STAYS = "piatti", "piatto_resta"


def _contract_labels(states: Sequence[Any], idx: np.ndarray, batch: Any) -> list[str]:
    """B2.11: the settlement's name each batch-played deal reports: the pot won, or it stays."""
    return [_WON if w >= 0 else _STAYS for w in batch.winner()]


def _hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values: per legal play (one card or two), the mover's net chips over ``n``
    layouts of the hidden cards (:func:`~cardlab.sim.panfin.sampling.panfin_batch`)."""
    deck = state.game.deck
    k = len(legal)
    batch = panfin_batch(state, n, seed).take(np.tile(np.arange(n), k))
    c = batch.tb.n_cards
    first = np.full(n * k, c, dtype=np.int64)
    second = np.full(n * k, c, dtype=np.int64)
    for i, a in enumerate(legal):
        codes = a.split()[1:]
        first[i * n:(i + 1) * n] = deck.index(deck.parse(codes[0]))
        if len(codes) == 2:
            second[i * n:(i + 1) * n] = deck.index(deck.parse(codes[1]))
    batch.apply(first, second, np.ones(n * k, dtype=bool))
    batch.play(policy, Streams(derive_seeds(np.tile(deal_seeds(seed, 0, n), k), PLAY_STREAM)))
    value = batch.scores()[:, state.to_move]
    return [value[i * n:(i + 1) * n].astype(float) for i in range(k)]


# -- whole deals: the deal and the heuristic bot's calls over arrays ----------------------------
def opening_lead(game: PanfinGame, seeds: np.ndarray, dealers: np.ndarray,
                 pot: np.ndarray | None = None) -> tuple[Any, np.ndarray, PanfinBatch | None]:
    """The deals of ``seeds`` by ``dealers`` with the heuristic bot's calls
    (:mod:`cardlab.sim.panfin.calls`), and the batch of those that reach the trick phase,
    at its first lead: the batch :meth:`PanfinBatch.from_states` builds from the scalar
    engine's states there. ``pot``: the pot each deal starts with (default empty, B2.3).
    Returns ``(calls, idx, batch)``: ``idx`` the deals in the batch (None if none)."""
    from cardlab.sim.panfin.calls import deal_cards, heuristic_calls

    calls = heuristic_calls(game, deal_cards(game, seeds, dealers), dealers, seeds, pot)
    idx, batch = _trick_phase(game, calls)
    return calls, idx, batch


def _trick_phase(game: PanfinGame, calls: Any) -> tuple[np.ndarray, PanfinBatch | None]:
    """The deals of ``calls`` that reach the trick phase, and their batch at the first lead."""
    idx = np.flatnonzero(calls.outcome < 0)
    if not idx.size:
        return idx, None
    out = PanfinBatch(tables_for(game), idx.size)
    out.hands[:] = calls.hands[idx]
    out.active[:] = calls.active[idx]
    out.net[:] = -calls.antes[idx]
    out.dominant[:] = calls.dominant[idx]
    out.n_active[:] = out.active.sum(axis=1)
    out.to_move[:] = calls.leader[idx]
    out.pot[:] = calls.pot[idx]
    return idx, out


def whole_deals(game: PanfinGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                rescore: Sequence[Mapping[str, Any]] = ({},)
                ) -> tuple[list[dict[str, Any]], np.ndarray]:
    """Whole deals at array speed (``Simulator.whole_deals``): dealt from ``seeds`` by
    ``dealers``, called by the heuristic bot (:func:`~cardlab.sim.panfin.calls.heuristic_calls`),
    the trick phase played by the batch with ``policy`` on each deal's play stream, and
    settled; the per-deal arrays of a ``compare_variants`` chunk: ``scores`` ``(B, n)``,
    ``has_contract`` (every finished Panfin deal names how it ended), ``made`` (never: no
    contract is made), ``length`` (actions) and ``contracts`` (how it ended → count), equal
    to the scalar path's; no deal is left to the scalar path."""
    from cardlab.sim.panfin.calls import OUTCOMES, declaration_scores
    from cardlab.sim.simulator import play_on

    size = len(seeds)
    calls, idx, batch = opening_lead(game, seeds, dealers)
    scores = np.zeros((size, game.players), dtype=np.int64)
    length = calls.n_actions.copy()
    decided = np.flatnonzero(calls.outcome >= 0)
    contracts: dict[str, int] = {}
    if decided.size:
        scores[decided] = declaration_scores(game, calls, decided)
        codes, counts = np.unique(calls.outcome[decided], return_counts=True)
        contracts = {OUTCOMES[int(k)]: int(m) for k, m in zip(codes, counts, strict=True)}
    if batch is not None:
        play_on(batch, np.asarray(seeds)[idx], policy)
        scores[idx] = batch.scores()
        length[idx] += batch.n_actions
        won = int(np.count_nonzero(batch.winner() >= 0))
        for label, m in ((_WON, won), (_STAYS, idx.size - won)):  # _contract_labels, counted
            if m:
                contracts[label] = contracts.get(label, 0) + m
    # each variant is played (rescores=False): one set of scoring options, the game's own
    assert not any(rescore), "Panfin's batch does not rescore"
    part = {"scores": scores, "has_contract": np.ones(size, dtype=bool),
            "made": np.zeros(size, dtype=bool), "length": length,
            "contracts": dict(sorted(contracts.items())), "sides": list(game.seat_names)}
    return [part], np.zeros(size, dtype=bool)


# -- matches: each deal's Result, from the arrays through the game's own scoring ---------------
def match_results(game: PanfinGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                  matches: Sequence[Any]) -> list[Any]:
    """``Simulator.match_results``: the next deal of each Panfin match of ``matches`` played
    whole as :func:`whole_deals` plays it — but with what the match carries into it (B2.12):
    its pot (``match.pot``, which decides the antes, B2.3 / F-A22, and what is won) and its
    stacks (``match.scores``, by seat) — and its :class:`~cardlab.engine.result.Result` as
    the engine's ``state.result`` of the same deal: the deal's facts read from the arrays
    (how it ended, the hands shown, who folded, the dominant suit, the servito, the piatti,
    the cut) as the game's :class:`~cardlab.games.panfin.scoring.Outcome`, settled by the
    game's own ``antes``, :func:`~cardlab.games.panfin.scoring.settle` and
    :func:`~cardlab.games.panfin.scoring.make_result`. No deal is left to the scalar path."""
    from cardlab.sim.panfin.calls import deal_cards, heuristic_calls
    from cardlab.sim.simulator import play_on

    seeds = np.asarray(seeds, dtype=np.uint64)
    dealers = np.asarray(dealers, dtype=np.int64)
    names = list(game.seat_names)
    pots = np.array([int(m.pot) for m in matches], dtype=np.int64)
    dealt = deal_cards(game, seeds, dealers)
    calls = heuristic_calls(game, dealt, dealers, seeds, pots)
    idx, batch = _trick_phase(game, calls)
    hands = calls.hands.copy()
    piatti = np.zeros(hands.shape, dtype=np.int64)
    if batch is not None:
        play_on(batch, seeds[idx], policy)
        hands[idx], piatti[idx] = batch.hands, batch.piatti
    return [_deal_result(game, int(dealers[b]), int(pots[b]),
                         tuple(int(m.scores[s]) for s in names), dealt.cut[b],
                         int(calls.outcome[b]), int(calls.dominant[b]), hands[b],
                         calls.active[b], int(calls.servito[b]), piatti[b])
            for b, m in enumerate(matches)]


def _deal_result(game: PanfinGame, dealer: int, pot_in: int, stacks_in: tuple[int, ...],
                 cut: np.ndarray, ended: int, dominant: int, hands: np.ndarray,
                 active: np.ndarray, servito: int, piatti: np.ndarray) -> Any:
    """One deal's Result from its facts in the arrays (:func:`match_results`): the game's
    :class:`~cardlab.games.panfin.scoring.Outcome` of it, then the antes (B2.3), the
    settlement (B2.5, B2.8, B2.9, B2.11, B2.12) and the Result as the state's
    ``deal_result`` makes them."""
    from cardlab.games.panfin.chips import antes, apply_payments
    from cardlab.games.panfin.rules import SUITS
    from cardlab.games.panfin.scoring import Outcome, make_result, settle

    n = game.players
    deck = game.deck
    cards = list(deck)
    names = game.seat_names
    shown = [cards[int(i)] for i in cut if i < len(cards)]
    folded = tuple(not bool(a) for a in active)
    if ended == 0:  # B2.5 the Vecia at the cut: no hands dealt, nobody folded, no suit
        outcome = Outcome("cut", ((),) * n, (True,) * n, (), None, cutter=game._cutter(dealer))
        suit, folded, won = None, (False,) * n, (0,) * n
    else:
        suit = SUITS[dominant]
        held = tuple(tuple(deck.sort(cards[i] for i in range(len(cards))
                                     if int(hands[s]) >> i & 1)) for s in range(n))
        order = tuple((dealer + 1 + i) % n for i in range(n))
        live = tuple(bool(a) for a in active)
        if ended > 0:  # B2.8 / B2.9 / B2.12 the declarations settled the hand
            outcome = Outcome("declarations", held, live, order, suit,
                              None if servito < 0 else servito)
            won = (0,) * n
        else:  # B2.11 the trick phase
            won = tuple(int(p) for p in piatti)
            outcome = Outcome("piatti", held, live, order, suit, None, won)
    ante = tuple(antes(game.options, n, dealer, pot_in))
    pot, _ = apply_payments(pot_in, stacks_in, ante)
    settlement = settle(game.options, outcome, pot, names)
    extra = {"outcome": outcome.kind, "dominant_suit": suit, "piatti": list(won),
             "folded": list(folded), "cut": [c.code for c in shown]}
    return make_result(names, stacks_in, pot_in, ante + settlement.payments, settlement,
                       extra, dealer)


#: the game's simulator (registered by :mod:`cardlab.sim`): each variant is played, since the
#: batch settles under the options it was built with
SIMULATOR = Simulator(batch=PanfinBatch, rescores=False, contract_labels=_contract_labels,
                      hint=_hint, sample_states=sample_states, whole_deals=whole_deals,
                      match_results=match_results)
