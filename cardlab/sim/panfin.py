"""Panfin's trick phase ("la conquista dei piatti", B2.10-B2.11) for a batch of deals, in numpy.

The cut, the deal, the declarations, combinations and the dealer's swap come from
the scalar engine (:meth:`PanfinBatch.from_states` reads states in the play
phase, at any point of it); the batch plays the tricks with array operations:
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
the scalar ``Result.seat_points``.

A play is one card or two; the engine lists the single cards in pack order, then
the pairs in ``itertools.combinations`` order of the sorted hand. The batch keeps
that order (pairs as slots over the hand's card positions), so the ``"random"``
policy — the ``k``-th legal action, ``k = randbelow(#legal)`` from one
SplitMix64 stream per deal — equals ``RandomBot``. ``"heuristic"``: a simple
deterministic player (:func:`heuristic_choice`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from cardlab.sim.bits import ONE, ZERO, kth_index, lowest_index, popcount
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.sim.sampling_trick_games import panfin_batch
from cardlab.sim.simulator import Simulator

__all__ = ["PanfinTables", "PanfinBatch", "tables_for", "heuristic_choice", "SIMULATOR"]

SUITS = ("S", "B", "C", "D")
#: the pair slots over the sorted hand's positions, in the engine's (combinations) order
PAIRS = tuple(combinations(range(4), 2))
_TRUMP, _LED = 200, 100  # strength: a trump 200 + rank, a card of the led suit 100 + rank


class PanfinTables:
    """Per-card tables of one Panfin game, per dominant suit ``d`` (index into SUITS)."""

    def __init__(self, game: Any) -> None:
        from cardlab.games.panfin.rules import GOBBO, VECIA, trick_order

        deck = game.deck
        o = game.options
        self.game, self.options, self.players = game, o, game.players
        self.n_cards = c = len(deck)
        self.bit = np.array([1 << i for i in range(c)] + [0], dtype=np.uint64)
        self.vecia, self.gobbo = deck.index(VECIA), deck.index(GOBBO)
        self.jokers = np.uint64((1 << self.vecia) | (1 << self.gobbo))
        self.eff = np.zeros((4, c + 1), dtype=np.int64)
        self.trumpmask = np.zeros(4, dtype=np.uint64)
        self.suitmask = np.zeros((4, 4), dtype=np.uint64)  # [dominant, effective suit]
        self.strength = np.zeros((4, 4, c + 1), dtype=np.int64)  # [d, led, card]
        self.above = np.zeros((4, 4, 2 * _TRUMP), dtype=np.uint64)  # cards with strength > v
        for d, dom in enumerate(SUITS):
            order = trick_order(dom)  # B2.2 the scalar engine's order of this dominant suit
            for i, card in enumerate(deck):
                e = SUITS.index(order.suit_of[card])
                self.eff[d, i] = e
                self.suitmask[d, e] |= np.uint64(1 << i)
                for led in range(4):
                    self.strength[d, led, i] = (
                        _TRUMP + order.power[card] if e == d else
                        _LED + order.power[card] if e == led else 0)
            self.trumpmask[d] = self.suitmask[d, d]
            for led in range(4):
                for v in range(2 * _TRUMP):
                    m = 0
                    for i in range(c):
                        if self.strength[d, led, i] > v:
                            m |= 1 << i
                    self.above[d, led, v] = np.uint64(m)
        self.shifts = np.arange(c, dtype=np.uint64)
        self.led_card = o.beat_reference == "led_card"
        self.must_trump = bool(o.must_trump_when_void)
        self.overtrump = bool(o.must_overtrump)
        self.double = o.both_jokers_lead == "double_trick"


@lru_cache(maxsize=32)
def tables_for(game: Any) -> PanfinTables:
    """The (cached) tables of ``game``."""
    return PanfinTables(game)


class PanfinBatch:
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
        self.led_strength = np.zeros(size, dtype=i64)
        self.best = np.zeros(size, dtype=i64)
        self.best_seat = np.zeros(size, dtype=i64)
        self.double = np.zeros(size, dtype=bool)
        self.gobbo_due = np.full(size, -1, dtype=i64)
        self.piatti = np.zeros((size, n), dtype=i64)
        self.pot = np.zeros(size, dtype=i64)  # the pot as it stands at the trick phase
        self.net = np.zeros((size, n), dtype=i64)  # chips won/lost so far (antes)
        self.winners = np.full((size, 8), -1, dtype=i64)
        self.n_tricks = np.zeros(size, dtype=i64)
        self.done = np.zeros(size, dtype=bool)
        self.n_actions = np.zeros(size, dtype=i64)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[Any]) -> PanfinBatch:
        """A batch from scalar states in the play phase (any point of it)."""
        from cardlab.games.panfin.play import as_plays

        game = states[0].game
        tb = tables_for(game)
        out = cls(tb, len(states))
        idx = {card: i for i, card in enumerate(game.deck)}
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            for s in range(tb.players):
                out.hands[b, s] = np.uint64(sum(1 << idx[c] for c in st.hands[s]))
                out.active[b, s] = not st.folded[s]
                out.net[b, s] = st.stacks[s] - st.stacks_in[s]
            d = out.dominant[b] = SUITS.index(st.dominant)
            out.n_active[b] = sum(not f for f in st.folded)
            out.to_move[b] = st.to_move
            out.pot[b] = st.pot
            out.piatti[b] = st.piatti
            out.gobbo_due[b] = -1 if st.gobbo_due is None else st.gobbo_due
            for i, (_, _, w) in enumerate(st.tricks_):
                out.winners[b, i] = w
            out.n_tricks[b] = len(st.tricks_)
            trick = st.trick_
            out.n_played[b] = len(trick)
            if trick:
                first = idx[trick[0][1][0]]
                led = out.led[b] = tb.eff[d, first]
                out.led_strength[b] = tb.strength[d, led, first]
                out.double[b] = len(trick[0][1]) == 2
                best = st.card_order().best(as_plays(trick))
                out.best_seat[b] = best.seat
                out.best[b] = tb.strength[d, led, idx[best.card]]
        return out

    def take(self, index: np.ndarray) -> PanfinBatch:
        """A new batch of the deals ``index`` (copied; repeats allowed)."""
        out = PanfinBatch.__new__(PanfinBatch)
        for k, v in self.__dict__.items():
            out.__dict__[k] = v[index].copy() if isinstance(v, np.ndarray) else v
        out.size = len(index)
        out._rows = np.arange(out.size)
        return out

    # -- the rules --------------------------------------------------------------------------
    def positions(self, hand: np.ndarray) -> np.ndarray:
        """``(B, 4)`` the hand's cards in pack order (``n_cards`` where there is none)."""
        c = self.tb.n_cards
        out = np.full((self.size, 4), c, dtype=np.int64)
        m = hand.copy()
        for j in range(4):
            low = lowest_index(m)
            out[:, j] = np.where(low >= 0, low, c)
            m &= m - np.where(m != ZERO, ONE, ZERO)
        return out

    def legal(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """B2.10.3-4: the legal single cards (mask), the legal pair slots ``(B, 6)`` and the
        hand's card positions ``(B, 4)`` the slots refer to."""
        tb, r = self.tb, self._rows
        p = self.to_move
        hand = self.hands[r, p]
        d = self.dominant
        leading = self.n_played == 0
        trumps = hand & tb.trumpmask[d]
        # leading (B2.10.3): both jokers lead together / the Vecia first, the Gobbo next
        both = (hand & tb.jokers) == tb.jokers
        vbit, gbit = tb.bit[tb.vecia], tb.bit[tb.gobbo]
        if tb.double:
            lead_single = np.where(both, ZERO, hand)
        else:
            lead_single = np.where(both, vbit, hand)
            due = (self.gobbo_due == p) & ((hand & gbit) != ZERO) & ~both
            lead_single = np.where(due, gbit, lead_single)
        # answering (B2.10.3): the led suit, beating the winner (or the led card) if possible
        same = hand & tb.suitmask[d, self.led]
        in_led = (self.led == d) | (self.best < _TRUMP)
        target = self.led_strength if tb.led_card else self.best
        if tb.led_card:
            in_led = np.ones(self.size, dtype=bool)
        beat = same & tb.above[d, self.led, np.minimum(target, 2 * _TRUMP - 1)]
        follow = np.where(in_led & (beat != ZERO), beat, same)
        # void: trump, and overtrump the highest trump played if possible
        void = hand
        if tb.must_trump:
            over = trumps & tb.above[d, self.led, np.minimum(self.best, 2 * _TRUMP - 1)]
            pick = np.where((self.best >= _TRUMP) & (over != ZERO), over, trumps) \
                if tb.overtrump else trumps
            void = np.where(trumps != ZERO, pick, hand)
        answer = np.where(same != ZERO, follow, void)
        single = np.where(leading, lead_single, np.where(self.double, ZERO, answer))
        # pairs: the jokers led together; two-card answers to them (trumps while one has any)
        pos = self.positions(hand)
        valid = pos < tb.n_cards
        is_tr = valid & ((tb.bit[pos] & tb.trumpmask[d][:, None]) != ZERO)
        need = np.minimum(2, popcount(trumps))
        pairs = np.zeros((self.size, len(PAIRS)), dtype=bool)
        for k, (a, b) in enumerate(PAIRS):
            ok = valid[:, a] & valid[:, b]
            answer2 = self.double & ~leading & (is_tr[:, a].astype(np.int64) + is_tr[:, b]
                                                 >= need)
            jokers2 = leading & both & ((tb.bit[pos[:, a]] | tb.bit[pos[:, b]]) == tb.jokers)
            if not tb.double:
                jokers2 = np.zeros(self.size, dtype=bool)
            pairs[:, k] = ok & (answer2 | jokers2)
        return np.asarray(single), pairs, pos

    # -- applying ---------------------------------------------------------------------------
    def apply(self, first: np.ndarray, second: np.ndarray, live: np.ndarray) -> None:
        """Play ``first`` (and ``second``, a card index or ``n_cards`` for none) in ``live``."""
        tb, r = self.tb, self._rows
        c, n = tb.n_cards, tb.players
        first = np.where(live, first, c)
        second = np.where(live, second, c)
        p = self.to_move
        d = self.dominant
        hand = self.hands[r, p]
        self.hands[r, p] = hand & ~(tb.bit[first] | tb.bit[second])
        lead = live & (self.n_played == 0)
        eff = tb.eff[d, first]
        self.led = np.where(lead, eff, self.led)
        self.double = np.where(lead, second < c, self.double)
        k1 = tb.strength[d, self.led, first]
        self.led_strength = np.where(lead, k1, self.led_strength)
        if not tb.double:  # consecutive_forced: the Vecia led alone while keeping the Gobbo
            rest = self.hands[r, p]
            due = (first == tb.vecia) & ((rest & tb.bit[tb.gobbo]) != ZERO)
            self.gobbo_due = np.where(lead, np.where(due, p, -1), self.gobbo_due)
        better = live & (lead | (k1 > self.best))
        self.best = np.where(better, k1, self.best)
        self.best_seat = np.where(better, p, self.best_seat)
        k2 = tb.strength[d, self.led, second]
        better = live & (second < c) & (k2 > self.best)
        self.best = np.where(better, k2, self.best)
        self.best_seat = np.where(better, p, self.best_seat)
        self.n_played += live
        self.n_actions += live
        # the next active seat in the direction of play
        nxt = (p + 1) % n
        for _ in range(n - 1):
            nxt = np.where(self.active[r, nxt], nxt, (nxt + 1) % n)
        complete = live & (self.n_played == self.n_active)
        self.to_move = np.where(live, nxt, p)
        if not complete.any():
            return
        w = self.best_seat
        self.piatti[r, w] += np.where(complete, np.where(self.double, 2, 1), 0)
        ci = np.flatnonzero(complete)
        self.winners[ci, self.n_tricks[ci]] = w[ci]
        self.n_tricks += complete
        self.n_played = np.where(complete, 0, self.n_played)
        self.to_move = np.where(complete, w, self.to_move)
        self.done |= complete & (self.hands[r, w] == ZERO)

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
        elif policy == "heuristic":
            one, is_pair, slot = heuristic_choice(self, single, pairs)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        a = np.array([x for x, _ in PAIRS])[slot]
        b = np.array([y for _, y in PAIRS])[slot]
        r = self._rows
        first = np.where(is_pair, pos[r, a], one)
        second = np.where(is_pair, pos[r, b], c)
        self.apply(first, second, live)

    def play(self, policy: str = "random", streams: Streams | None = None) -> PanfinBatch:
        """Play every deal to its end (in place); returns self."""
        while not self.done.all():
            self.step(policy, streams)
        return self

    # -- results ----------------------------------------------------------------------------
    def settlement(self) -> tuple[np.ndarray, np.ndarray]:
        """B2.11: ``(B, n)`` each seat's chips from the settlement, and the pot after it."""
        pts = np.where(self.active, self.piatti, -1)
        most = pts.max(axis=1)
        top = pts == most[:, None]
        single = top.sum(axis=1) == 1
        pot = self.pot
        gain = np.where(top & single[:, None], pot[:, None], 0)
        zero = self.active & (self.piatti == 0)
        gain = gain - np.where(zero, pot[:, None], 0)
        pot_after = pot - np.where(single, pot, 0) + zero.sum(axis=1) * pot
        return np.asarray(gain), np.asarray(pot_after)

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
        pts = np.where(self.active, self.piatti, -1)
        top = pts == pts.max(axis=1)[:, None]
        return np.asarray(np.where(top.sum(axis=1) == 1, np.argmax(top, axis=1), -1))


def heuristic_choice(batch: PanfinBatch, single: np.ndarray, pairs: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A simple deterministic player: a legal pair if singles are not allowed (the first
    slot); leading, the strongest card; answering, the cheapest card that takes the
    trick, else the cheapest card (ties: the earlier card in the pack)."""
    tb = batch.tb
    bits = ((single[:, None] >> tb.shifts) & ONE).astype(bool)
    d = batch.dominant
    lead_key = np.take_along_axis(
        tb.strength[d][:, :, :tb.n_cards],
        tb.eff[d, :tb.n_cards][:, None, :], axis=1)[:, 0, :]
    strength = tb.strength[d, batch.led][:, :tb.n_cards]
    big, small = np.int64(1 << 40), np.int64(-(1 << 40))
    cheapest = np.argmin(np.where(bits, lead_key, big), axis=1)
    strongest = np.argmax(np.where(bits, lead_key, small), axis=1)
    beats = bits & (strength > batch.best[:, None])
    win = np.where(beats.any(axis=1), np.argmin(np.where(beats, lead_key, big), axis=1),
                   cheapest)
    one = np.where(batch.n_played == 0, strongest, win)
    is_pair = single == ZERO
    slot = np.argmax(pairs, axis=1)
    return np.asarray(one), np.asarray(is_pair), np.asarray(slot)


# -- what the studies and the hint use ----------------------------------------------------------
def _contract_labels(states: Sequence[Any], idx: np.ndarray, batch: Any) -> list[str]:
    """B2.11: the settlement's name each batch-played deal reports: the pot won, or it stays."""
    return ["piatti" if w >= 0 else "piatto_resta" for w in batch.winner()]


def _hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values: per legal play (one card or two), the mover's net chips over ``n``
    layouts of the hidden cards (:func:`~cardlab.sim.sampling_trick_games.panfin_batch`)."""
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


#: the simulator the game names (``GameSpec.simulator``): each variant is played, since the
#: batch settles under the options it was built with
SIMULATOR = Simulator(batch=PanfinBatch, rescores=False, contract_labels=_contract_labels,
                      hint=_hint)
