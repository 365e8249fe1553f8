"""Five Hundred's play phase for a whole batch of deals at once: numpy arrays, played in
compiled per-deal loops.

A batch holds, per deal, the hands as ``uint64`` masks (bit ``i`` = the
pack's ``i``-th card; that index is the simulator's action id, with the suit a
joker lead names beside it), the cards played, the contract's card-order
table, the strength and seat of the card winning the trick so far, the suits
led, the voids shown and the contracting side's tricks. One
:meth:`FiveHundredBatch.step` plays one card in every unfinished deal: legal
masks (5H-7.1 follow the effective suit, 5H-7.3 the unnominated joker J1–J6),
the policy's choice, and the trick's winner kept up to date by comparisons of
card strengths, deal by deal in one compiled loop
(:mod:`cardlab.sim.five_hundred.compiled`); the heuristic, which draws nothing, plays
each deal out in that loop at once (:meth:`FiveHundredBatch.play`).

The rules are the game's kernel (:mod:`cardlab.games.five_hundred.kernel`): the legal
masks (``legal_mask``) and the trick's best card (``trick_best``) compiled as written and
asked on one deal's ints, the points (``contract_made``, ``contract_points``,
``deal_points``) on whole arrays; each card's strength in the trick is the kernel's
``trick_key``, tabled per contract and suit led by
:func:`~cardlab.games.five_hundred.rules.card_table` (a look-up per card). The tables
come from the game itself (``game.contract_rules``), so the batch and the scalar engine
share one effective-suit function. Supported: trump
contracts, no trumps (joker nominated or not) and the misères (the partner sits
out, 5H-6.2; the deal stops when the contractor wins a trick, 5H-7.4), under
every play option of 5H-12; with 2 to 6 players (:data:`SEAT_COUNTS`: each for
themselves, two or three partnerships; two players with the dead hand or with the ghost
partners). The contracting seats are a mask per deal (with five players the contractor
and the partner it called, 5H-2), so they take their tricks together, and each other side
scores its own (5H-8.5).

Ghost partners (two players, ``ghost_partners_43``): the batch plays the four positions
``P1 P2 G1 G2`` as four seats (sides ``(0, 2)`` and ``(1, 3)``, each ghost played by the
seat opposite), each ghost's ten cards in its hand mask. Its face-down cards are the
deal's ``hidden`` mask, out of every legal mask and out of the hand the heuristic reads
(which sees a ghost's face-up cards only, as the bot's view does); ``under`` tables, per
card, the card lying beneath it in its pile, so a ghost's card played adds that card to
``pending``, and ``pending`` is turned face up when the trick is complete (B-FR).

Policies (``policy=``): ``"random"`` — the ``k``-th legal action in the
engine's order (cards in pack order, an unnominated joker lead once per
nameable suit) with ``k = randbelow(#legal)`` from one SplitMix64 stream per
deal; that is exactly :class:`cardlab.bots.RandomBot` seeded with the same
stream seed, which the differential test checks. ``"heuristic"`` — the heuristic bot's
card play, the one function :class:`~cardlab.bots.five_hundred.HeuristicBot` plays by too
(:func:`cardlab.bots.five_hundred_play.choose_one`, compiled, asked for each deal in the
step), so the batch plays the scalar bot's card in every position.

Whole deals (:func:`whole_deals`, the simulator's ``whole_deals`` for
``compare_variants``): the deal (:func:`deal_batch`), every call of the heuristic bot
(:mod:`cardlab.sim.five_hundred.calls`), the batch at the opening lead
(:func:`opening_lead`), the play and the scores, all on arrays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from functools import lru_cache
from typing import Any, cast

import numpy as np

from cardlab.bots import bot_for
from cardlab.bots.five_hundred_play import play_tables
from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.kernel import (
    NO_SUIT,
    contract_made,
    contract_points,
    deal_points,
    trick_best,
)
from cardlab.games.five_hundred.rules import (
    MISERE_VALUES,
    SUITS,
    TABLE_KEYS,
    TRICKS,
    card_table,
    parse_bid,
    play_flags,
    scoring_flags,
)
from cardlab.games.five_hundred.scoring import DealFacts, score
from cardlab.games.five_hundred.state import FiveHundredState
from cardlab.sim.batch import Batch
from cardlab.sim.bits import ONE, ZERO, kth_index, popcount
from cardlab.sim.five_hundred.calls import Calls, call_tables, heuristic_calls, partner_call
from cardlab.sim.five_hundred.compiled import STATE, legal_all, play_step
from cardlab.sim.five_hundred.sampling import sample_layouts
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds, play_seed, shuffle_batch
from cardlab.sim.simulator import Simulator, play_on

__all__ = ["FiveHundredTables", "FiveHundredBatch", "tables_for", "deal_batch", "start_play",
           "scalar_start", "discard_choice", "play_seed", "PLAY_STREAM", "SIMULATOR",
           "opening_lead", "whole_deals", "whole_deal_facts", "match_results", "layout_batch",
           "deal_piles"]

#: the tables of a contract, ``(denomination, nominated joker suit)`` (index = position in
#: TABLE_KEYS), the effective-suit code of a free joker and the strength classes come from
#: ``cardlab.games.five_hundred.rules``, which the rollout state shares

#: the player counts the batch plays (5H-2: each seat its own hand; sides as the game has them,
#: with five players the called partner beside the contractor, per deal; with two the dead
#: hand, ``dead_hand_33``, or the ghost partners, ``ghost_partners_43``: four positions, a
#: ghost's hand in piles, face down under face up — see the module docstring)
SEAT_COUNTS = (2, 3, 4, 5, 6)
#: the arrays of :data:`~cardlab.sim.five_hundred.compiled.STATE` that are card (or suit)
#: masks, and those that are flags
_MASKS = frozenset({"hands", "played", "hidden", "pending", "under", "suits_led", "voids",
                    "gone"})
_FLAGS = frozenset({"misere", "active", "done"})


class FiveHundredTables:
    """Per-card tables of every contract of one game (built from ``game``), and its seats and
    sides: ``seats`` (the hands that play: 2 to 6, or the four positions with ghost
    partners), ``side_of`` (each seat's side, in ``game.sides`` order), ``side_seats``
    (each side's seats as a bit mask, bit ``s`` = seat ``s``), ``ghosts`` (whether the
    positions past ``players`` are ghost partners, whose hands are piles)."""

    def __init__(self, game: FiveHundredGame) -> None:
        if game.players not in SEAT_COUNTS:
            raise NotImplementedError("cardlab.sim plays Five Hundred with 2 to 6 players")
        #: two players with ghost partners: the positions past the seats play from piles
        self.ghosts = game.positions != game.players
        self.seats = n = int(game.positions)
        sides = list(game.sides.values())
        self.n_sides = len(sides)
        self.side_of = np.array([next(k for k, seats in enumerate(sides) if s in seats)
                                 for s in range(n)], dtype=np.int64)
        self.side_seats = np.array([sum(1 << s for s in seats) for seats in sides],
                                   dtype=np.int64)
        #: per seat, its side's other seats (mask): they sit out its misère (5H-6.2)
        self.mates = self.side_seats[self.side_of] & ~(1 << np.arange(n))
        #: (seat, side) 1 where the seat plays for the side (tricks per side by a product)
        self.side_matrix = (self.side_of[:, None] == np.arange(self.n_sides)).astype(np.int64)
        deck = game.deck
        self.game = game
        self.options = game.options
        self.n_cards = c = len(deck)
        if c > 64:
            raise NotImplementedError("packs above 64 cards do not fit a uint64 mask")
        jokers = [i for i, card in enumerate(deck) if card.is_joker]
        if len(jokers) > 1 or (jokers and jokers[0] != c - 1):
            raise NotImplementedError("cardlab.sim needs one joker, last in the pack")
        self.joker = jokers[0] if jokers else -1
        self.jbit = np.uint64(1 << self.joker) if jokers else ZERO
        t = len(TABLE_KEYS)
        self.eff = np.zeros((t, c), dtype=np.int64)
        self.power = np.zeros((t, c), dtype=np.int64)
        self.trump = np.full(t, -1, dtype=np.int64)
        self.suitmask = np.zeros((t, 5), dtype=np.uint64)
        self.strength = np.zeros((t, 5, c + 1), dtype=np.int64)
        self.lead_key = np.zeros((t, c), dtype=np.int64)
        self.free_joker = np.zeros(t, dtype=bool)
        for ti, (den, nom) in enumerate(TABLE_KEYS):
            ct = card_table(game, den, nom)  # 5H-3 / 5H-7.1, shared with the rollout state
            self.trump[ti] = ct.trump
            self.eff[ti] = ct.eff
            self.power[ti] = ct.power
            self.suitmask[ti] = np.array(ct.suit_masks, dtype=np.uint64)
            self.lead_key[ti] = ct.lead_key
            self.strength[ti, :4, :c] = ct.strength
            self.strength[ti, :, c] = -1  # "no card" (a seat sitting out)
            self.free_joker[ti] = bool(jokers) and self.eff[ti, self.joker] == NO_SUIT
        #: bit masks by card index (the "no card" index c gives 0), and by suit code
        self.bit = np.array([1 << i for i in range(c)] + [0], dtype=np.uint64)
        self.suit_bit = np.array([1, 2, 4, 8, 0], dtype=np.uint64)
        self.eff_pad = np.concatenate([self.eff, np.full((t, 1), NO_SUIT)], axis=1).reshape(-1)
        #: per contract, the mask of its unnominated jokers (0 in trump contracts)
        self.free_mask = np.ascontiguousarray(self.suitmask[:, NO_SUIT])
        self._zeros: dict[int, np.ndarray] = {}
        self.suitmask_flat = self.suitmask.reshape(-1)
        self.strength_flat = self.strength.reshape(-1)
        #: the heuristic policy's tables (the scalar bot's own, :mod:`cardlab.bots.five_hundred_play`)
        self.heuristic = play_tables(game)
        # 5H-12 play options, as the kernel reads them (and the misère's early end, 5H-7.4)
        o = game.options
        self.play = play_flags(o)
        self.stop_misere = bool(o.stop_misere_on_first_trick_won)
        self.lead_nomination = o.joker_lead_nomination
        i64 = np.int64
        #: the tables the compiled step reads (:mod:`cardlab.sim.five_hundred.compiled`), in
        #: its order; masks as ``int64``
        self.compiled = (self.suitmask_flat.view(i64), self.free_mask.view(i64),
                         self.bit.view(i64), self.suit_bit.view(i64),
                         np.ascontiguousarray(self.eff_pad, dtype=i64),
                         np.ascontiguousarray(self.strength_flat, dtype=i64), self.play,
                         self.lead_nomination == "not_shown_void", self.stop_misere,
                         bool(self.ghosts), int(c), int(n), self.heuristic.compiled)
        #: the compiled step's stand-in for ``under`` when there are no ghosts' piles
        self.no_under = np.zeros((1, c + 1), dtype=i64)

    def zeros(self, size: int) -> np.ndarray:
        """A zero mask per deal (cached: the step asks for it often)."""
        z = self._zeros.get(size)
        if z is None:
            z = self._zeros[size] = np.zeros(size, dtype=np.uint64)
        return z

    def table_index(self, denomination: str, nominated: str | None) -> int:
        """The index of a contract's table."""
        return TABLE_KEYS.index((denomination, nominated if denomination == "NT" else None))

    def discard_key(self, table: int, misere: bool) -> np.ndarray:
        """Per card, how much the contractor wants to keep it (the lowest three go): trumps and
        high cards in a trick contract; low cards (and never the joker) in misère."""
        key = self.lead_key[table].copy()
        if misere:
            key = -self.power[table] * 1
            if self.joker >= 0:
                key[self.joker] = -10_000
        return np.asarray(key)


@lru_cache(maxsize=16)
def _tables_cached(game: FiveHundredGame) -> FiveHundredTables:
    return FiveHundredTables(game)


def tables_for(game: FiveHundredGame) -> FiveHundredTables:
    """The (cached) tables of ``game``."""
    return _tables_cached(game)


# -- contracts --------------------------------------------------------------------------------
def contract_info(game: FiveHundredGame, call: str) -> tuple[str, int, int, bool]:
    """``'7H'`` → (denomination, tricks needed, value, misère?) (5H-8.1)."""
    base = call.split(" ", 1)[0]
    value = game.ladder.value[base]
    if base in MISERE_VALUES:
        return "NT", 0, value, True
    parsed = parse_bid(base)
    if parsed is None:
        raise ValueError(f"unknown contract {call!r}")
    return parsed[1], parsed[0], value, False


def discard_choice(game: FiveHundredGame, hand13: Sequence[Any], call: str,
                   nominate: str | None) -> list[Any]:
    """The three cards the simulator's contractor discards (scalar form of the batch rule):
    the lowest three by :meth:`FiveHundredTables.discard_key`, ties to the earlier card."""
    tb = tables_for(game)
    den, _, _, mis = contract_info(game, call)
    key = tb.discard_key(tb.table_index(den, nominate), mis)
    idx = sorted((game.deck.index(c) for c in hand13), key=lambda i: (key[i], i))[:3]
    return [game.deck[i] for i in idx]


# -- the batch --------------------------------------------------------------------------------
class FiveHundredBatch(Batch):
    """Many deals' play phases at once (see the module docstring). Arrays are public.

    ``hands`` are the hands when the batch was made; the cards played since are in
    ``played`` (one mask per deal), so a seat's hand now is ``hands & ~played``
    (:meth:`current_hands`). The trick so far is summed up by ``best`` (the strength of
    the card winning it so far) and ``best_seat``; ``ctricks`` counts the contracting
    side's tricks (the contractor's alone in misère, where the partner sits out): the seats
    of ``contractors`` (a seat mask per deal); ``tricks_won`` counts every seat's tricks."""

    def __init__(self, tables: FiveHundredTables, size: int) -> None:
        b = size
        n = tables.seats
        self.tb = tables
        self.size = b
        self.hands = np.zeros((b, n), dtype=np.uint64)
        self.played = np.zeros(b, dtype=np.uint64)
        #: the cards played in the deal before the batch was made (``from_states``)
        self.gone = np.zeros(b, dtype=np.uint64)
        self.table = np.zeros(b, dtype=np.int64)
        self.need = np.zeros(b, dtype=np.int64)
        self.value = np.zeros(b, dtype=np.int64)
        self.misere = np.zeros(b, dtype=bool)
        self.declarer = np.zeros(b, dtype=np.int64)
        self.contractors = np.zeros(b, dtype=np.int64)
        self.active = np.ones((b, n), dtype=bool)
        self.n_active = np.full(b, n, dtype=np.int64)
        self.to_move = np.zeros(b, dtype=np.int64)
        self.n_played = np.zeros(b, dtype=np.int64)
        self.led = np.zeros(b, dtype=np.int64)
        self.best = np.full(b, -1, dtype=np.int64)
        self.best_seat = np.zeros(b, dtype=np.int64)
        self.suits_led = np.zeros(b, dtype=np.uint64)
        self.voids = np.zeros((b, n), dtype=np.uint64)
        self.ctricks = np.zeros(b, dtype=np.int64)
        self.tricks_won = np.zeros((b, n), dtype=np.int64)
        self.n_tricks = np.zeros(b, dtype=np.int64)
        self.n_actions = np.zeros(b, dtype=np.int64)
        self.done = np.zeros(b, dtype=bool)
        self.winners = np.full((b, TRICKS), -1, dtype=np.int64)
        #: ghost partners (module docstring): the ghosts' face-down cards, the cards to turn
        #: face up when the trick is complete, and per card the one beneath it in its pile
        #: (``(B, cards + 1)``, 0: none; the last column for "no card"); None without ghosts
        self.hidden = np.zeros(b, dtype=np.uint64)
        self.pending = np.zeros(b, dtype=np.uint64)
        self.under: np.ndarray | None = (np.zeros((b, tables.n_cards + 1), dtype=np.uint64)
                                         if tables.ghosts else None)
        self.record: list[tuple[np.ndarray, np.ndarray]] | None = None
        self._rows = np.arange(b)

    # -- construction ---------------------------------------------------------------------
    def set_contract(self, call: str | Sequence[str], declarer: Any,
                     nominated: Any = None) -> None:
        """Set every deal's contract (one call or one per deal), contractor and nomination."""
        calls = np.broadcast_to(np.asarray(call, dtype=object), (self.size,))
        noms = np.broadcast_to(np.asarray(nominated, dtype=object), (self.size,))
        game = self.tb.game
        keys = np.array([f"{c}|{n}" for c, n in zip(calls, noms)]) if self.size else np.array([])
        for key in np.unique(keys):
            c, n = key.split("|")
            den, need, value, mis = contract_info(game, c)
            sel = keys == key
            self.table[sel] = self.tb.table_index(den, None if n == "None" else n)
            self.need[sel], self.value[sel], self.misere[sel] = need, value, mis
        self.declarer[:] = declarer
        self.seat_contract()
        self.to_move[:] = self.declarer  # first_lead = contractor (5H-7.1)

    def seat_contract(self, partner: np.ndarray | None = None) -> None:
        """The contracting seats and the seats in play, from ``declarer`` and ``misere``:
        the contractor's side (5H-8.2) and, with five players, the ``partner`` it called
        (per deal, -1: none; 5H-2); in misère the contractor alone with its partners
        sitting out (5H-6.2, 5H-8.4)."""
        tb = self.tb
        mates = tb.mates[self.declarer]
        called = 0 if partner is None else np.where(partner >= 0, 1 << np.maximum(partner, 0), 0)
        self.contractors = (1 << self.declarer) | np.where(self.misere, 0, mates | called)
        out = np.where(self.misere, mates, 0)
        self.active = ((out[:, None] >> np.arange(tb.seats)) & 1) == 0
        self.n_active = self.active.sum(axis=1)

    @classmethod
    def from_states(cls, states: Sequence[Any]) -> FiveHundredBatch:
        """A batch from scalar states in the play phase (any point of it)."""
        game = states[0].game
        tb = tables_for(game)
        out = cls(tb, len(states))
        deck = game.deck
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            if st.declarer is None:
                raise NotImplementedError("all-pass no-trump deals are not simulated")
            for s in range(tb.seats):
                out.hands[b, s] = np.uint64(sum(1 << deck.index(c) for c in st.hands[s]))
            rules = st.rules
            ti = out.table[b] = tb.table_index(rules.denomination, rules.nominated)
            _, out.need[b], out.value[b], out.misere[b] = contract_info(game, st.contract)
            out.declarer[b] = st.declarer
            out.active[b] = st.active
            out.n_active[b] = sum(st.active)
            out.to_move[b] = st.turn  # the position (with ghost partners, maybe a ghost)
            out.n_played[b] = len(st.trick.plays)
            if st.trick.plays:
                led = out.led[b] = SUITS.index(st.trick.suit)
                for i, p in enumerate(st.trick.plays):
                    out.best[b], out.best_seat[b] = trick_best(
                        int(tb.strength[ti, led, deck.index(p.card)]), int(out.best[b]),
                        int(out.best_seat[b]), p.seat, i == 0)
            out.suits_led[b] = np.uint64(sum(1 << SUITS.index(x) for x in st.suits_led))
            for s in range(tb.seats):
                out.voids[b, s] = np.uint64(sum(1 << SUITS.index(x) for x in st.shown_void[s]))
            side = st.deal_facts().contractors
            out.contractors[b] = sum(1 << s for s in side)
            out.ctricks[b] = sum(st.tricks_won[s] for s in side)
            out.tricks_won[b] = st.tricks_won
            out.gone[b] = np.uint64(sum(1 << deck.index(p.card) for t in (*st.tricks, st.trick)
                                        for p in t.plays))
            out.n_tricks[b] = len(st.tricks)
            for i, t in enumerate(st.tricks):
                out.winners[b, i] = t.winner
            if out.under is not None:  # a ghost's piles: (face down, face up), None: gone
                for piles in st.piles:
                    for down, up in piles or ():
                        if down is None:
                            continue
                        bit = np.uint64(1 << deck.index(down))
                        out.hidden[b] |= bit
                        if up is None:  # its face-up card was played in this trick
                            out.pending[b] |= bit
                        else:
                            out.under[b, deck.index(up)] = bit
        return out

    def current_hands(self) -> np.ndarray:
        """``(B, seats)`` each seat's cards now."""
        return self.hands & ~self.played[:, None]

    # -- the rules --------------------------------------------------------------------------
    def _state(self) -> tuple[np.ndarray, ...]:
        """The arrays the compiled step reads and writes, in the order of
        :data:`~cardlab.sim.five_hundred.compiled.STATE` (masks as ``int64`` views). An
        array that is not a writable contiguous one of its type is replaced by a copy that
        is first, so the step's writes land in the batch."""
        out = []
        for name in STATE:
            a = getattr(self, name)
            if a is None:  # no ghosts' piles
                out.append(self.tb.no_under)
                continue
            dtype = np.uint64 if name in _MASKS else np.bool_ if name in _FLAGS else np.int64
            if a.dtype != dtype or not a.flags.c_contiguous or not a.flags.writeable:
                a = np.array(a, dtype=dtype, order="C")
                setattr(self, name, a)
            out.append(a.view(np.int64) if name in _MASKS else a)
        return tuple(out)

    def legal(self) -> tuple[np.ndarray, np.ndarray]:
        """5H-7.1–5H-7.3: the legal cards of the seat to move (mask per deal) and, when it
        leads an unnominated joker, the suits it may name (4-bit mask; else 0); 0 in the
        deals done. The kernel's ``legal_mask``, compiled, deal by deal
        (:func:`~cardlab.sim.five_hundred.compiled.legal_all`)."""
        legal = np.zeros(self.size, dtype=np.int64)
        names = np.zeros(self.size, dtype=np.int64)
        legal_all(self.tb.compiled, self._state(), legal, names)
        return legal.view(np.uint64), names.view(np.uint64)

    def action_count(self, legal: np.ndarray, names: np.ndarray) -> np.ndarray:
        """How many legal actions each deal has (a joker lead counts once per nameable suit)."""
        jl = names != ZERO
        return np.asarray(popcount(legal) - jl + popcount(names))

    def apply(self, card: np.ndarray, named: np.ndarray, live: np.ndarray) -> None:
        """Play ``card`` (naming ``named`` for a joker lead, else -1) in the ``live`` deals,
        deal by deal in a compiled loop
        (:func:`~cardlab.sim.five_hundred.compiled.play_step`)."""
        card = np.ascontiguousarray(card, dtype=np.int64)
        # a writable copy: a read-only view (broadcast_to's) is another signature to numba,
        # so the loop would be compiled twice
        named = np.array(np.broadcast_to(named, card.shape), dtype=np.int64, order="C")
        live = np.ascontiguousarray(live, dtype=np.bool_)
        out_card, out_named = np.empty_like(card), np.empty_like(card)
        play_step(self.tb.compiled, self._state(), False, card, named, live,
                  self.record is not None, False, out_card, out_named)
        if self.record is not None:
            self.record.append((out_card, out_named))

    # -- playing ----------------------------------------------------------------------------
    def play(self, policy: str = "random", streams: Streams | None = None,
             record: bool = False) -> FiveHundredBatch:
        """:meth:`Batch.play`; the heuristic unrecorded plays each deal out in one compiled
        loop (it draws nothing, so a deal played to its end alone plays as in steps)."""
        if policy != "heuristic" or record or self.record is not None:
            return super().play(policy, streams, record)
        card = np.empty(self.size, dtype=np.int64)
        play_step(self.tb.compiled, self._state(), True, card, card, ~self.done, False, True,
                  card, card.copy())
        return self

    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One card in every unfinished deal, chosen by ``policy``."""
        if policy == "heuristic":  # the legal cards, the choice and the play in one loop
            card = np.empty(self.size, dtype=np.int64)
            named = np.empty(self.size, dtype=np.int64)
            play_step(self.tb.compiled, self._state(), True, card, named, ~self.done,
                      self.record is not None, False, card, named)
            if self.record is not None:
                self.record.append((card, named))
            return
        live = ~self.done
        legal, names = self.legal()
        if policy == "random":
            assert streams is not None
            n = self.action_count(legal, names)
            k = streams.randbelow(np.where(live, n, 1), where=None if live.all() else live)
            jl = names != ZERO
            if not jl.any():
                card, named = kth_index(legal, k), np.full(self.size, -1, dtype=np.int64)
            else:  # an unnominated joker lead: its actions come last, one per suit
                plain = np.where(jl, legal & ~self.tb.jbit, legal)
                n_plain = popcount(plain)
                is_j = jl & (k >= n_plain)
                card = np.where(is_j, self.tb.joker, kth_index(plain, np.where(is_j, 0, k)))
                named = np.where(is_j, kth_index(names, np.maximum(k - n_plain, 0)), -1)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        self.apply(card, named, live)

    # -- results ----------------------------------------------------------------------------
    def contractor_tricks(self) -> np.ndarray:
        """Tricks taken by the contracting side (the contractor alone in misère)."""
        return self.ctricks

    def made(self) -> np.ndarray:
        """5H-8.2 / 5H-8.4 whether each contract was made."""
        return np.asarray(contract_made(self.ctricks, self.need, self.misere))

    def scores(self, **scoring: Any) -> np.ndarray:
        """``(B, sides)`` points of the sides of ``game.sides`` in order (NS and EW with four
        players; 5H-8, 5H-8.5), each deal scored on its own from 0
        (as ``game.score_deal`` does); ``scoring`` overrides the game's scoring options
        (``defenders_score_tricks``, ``slam_minimum``; the caps never bite from 0)."""
        o = self.tb.options
        names = {f.name for f in fields(o)}
        flags = scoring_flags(replace(o, **{k: v for k, v in scoring.items() if k in names}))
        taken = self.ctricks
        gain = contract_points(self.value, self.need, taken, self.misere, flags.slam_minimum,
                               flags.all_tricks)
        tb = self.tb
        # a side contracts when one of its seats does; each other side scores its own tricks
        contracting = (self.contractors[:, None] & tb.side_seats[None, :]) != 0
        tricks = self.tricks_won @ tb.side_matrix
        return np.asarray(deal_points(contracting, gain[:, None], self.misere[:, None], False, 0,
                                      tricks, flags), dtype=np.int64)


# -- dealing and the start of play ------------------------------------------------------------
def _canonical(game: FiveHundredGame, dealer: int) -> FiveHundredState:
    """The game's own deal of the pack in its canonical order (pack position ``i`` holds
    the pack's ``i``-th card) by ``dealer``."""
    deck = game.deck
    return cast("FiveHundredState", game.deal(deck=" ".join(c.code for c in deck),
                                              dealer=dealer))


@lru_cache(maxsize=64)
def _positions(game: FiveHundredGame, dealer: int) -> tuple[np.ndarray, int]:
    """Where the pack's ``i``-th card goes when ``dealer`` deals (5H-4.2): a seat (with
    ghost partners, a position), the number of positions = kitty, one more = the dead hand
    (two players) — read off the game's own dealing of the canonical pack order."""
    deck = game.deck
    st = _canonical(game, dealer)
    n = game.positions
    where = np.full(len(deck), n, dtype=np.int64)
    for card in st.dead_hand:
        where[deck.index(card)] = n + 1
    for s, h in enumerate(st.hands):
        for card in h:
            where[deck.index(card)] = s
    return where, len(deck)


@lru_cache(maxsize=16)
def _pile_positions(game: FiveHundredGame) -> tuple[np.ndarray, np.ndarray]:
    """Ghost partners (5H-2, B-FR): per dealer (a seat), the pack positions of the ghosts'
    pile cards, face down and face up (``(players, piles)`` each, pile for pile, G1's then
    G2's), read off the game's own dealing of the canonical pack order."""
    deck = game.deck
    down, up = [], []
    for dealer in range(game.players):
        pairs = [(deck.index(d), deck.index(u)) for piles in _canonical(game, dealer).piles
                 for d, u in piles or () if d is not None and u is not None]
        down.append([d for d, _ in pairs])
        up.append([u for _, u in pairs])
    return np.array(down, dtype=np.int64), np.array(up, dtype=np.int64)


def deal_batch(game: FiveHundredGame, seeds: Any, dealer: Any = 0) -> tuple[np.ndarray, np.ndarray]:
    """The deals ``game.deal(seed=s, dealer=d)`` as masks: hands ``(B, seats)`` and kitty
    ``(B,)`` (with ghost partners ``(B, positions)``, a ghost's piles face down and face up
    alike: :func:`deal_piles` says which lie face down).

    5H-4.2 the packets go round from the dealer's left, so dealer ``d`` gives seat
    ``(s + d) % seats`` the cards dealer 0 gives seat ``s``: the pack is cut into dealer 0's
    hands once, and each deal's hands are turned by its dealer."""
    hands, kitty, _ = _deal(game, seeds, dealer)
    return hands, kitty


def deal_piles(game: FiveHundredGame, seeds: Any, dealer: Any = 0
               ) -> tuple[np.ndarray, np.ndarray]:
    """Ghost partners: the piles of the deals ``game.deal(seed=s, dealer=d)``, as the batch
    holds them: ``hidden`` ``(B,)`` (the ghosts' face-down cards) and ``under`` ``(B,
    cards + 1)`` (per face-up card the mask of the card beneath it)."""
    _, _, perm = _deal(game, seeds, dealer)
    dealers = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (perm.shape[0],))
    return _piles(game, perm, dealers)


def _piles(game: FiveHundredGame, perm: np.ndarray, dealers: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`deal_piles` from the shuffled packs ``perm`` (``perm[b, pos]``: the card at
    pack position ``pos``) and their dealers."""
    tb = tables_for(game)
    size = perm.shape[0]
    down_at, up_at = _pile_positions(game)
    rows = np.arange(size)[:, None]
    down = tb.bit[perm[rows, down_at[dealers]]]
    under = np.zeros((size, tb.n_cards + 1), dtype=np.uint64)
    under[rows, perm[rows, up_at[dealers]]] = down
    return np.bitwise_or.reduce(down, axis=1), under


def _deal(game: FiveHundredGame, seeds: Any, dealer: Any) -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """:func:`deal_batch`, and the shuffled packs (``perm[b, pos]``: the card at pack
    position ``pos``)."""
    tb = tables_for(game)
    perm = shuffle_batch(seeds, tb.n_cards)  # perm[b, pos] = the card at pack position pos
    size = perm.shape[0]
    dealers = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (size,))
    where, _ = _positions(game, 0)
    order = np.argsort(where, kind="stable")  # the pack positions, seat by seat
    n = tb.seats
    starts = np.searchsorted(where[order], np.arange(n + 1 + game.has_dead_hand))
    # (B, seats + 1 (+ 1)): the hands, the kitty (and the dead hand, which never plays)
    parts = np.bitwise_or.reduceat(tb.bit[perm[:, order]], starts, axis=1)
    hands = np.empty((size, n), dtype=np.uint64)
    rows = np.arange(size)
    for seat in range(n):
        hands[rows, (seat + dealers) % n] = parts[:, seat]
    return hands, parts[:, n].copy(), perm


def start_play(game: FiveHundredGame, hands: np.ndarray, kitty: np.ndarray,
               call: str | Sequence[str], declarer: Any, nominate: Any = None
               ) -> FiveHundredBatch:
    """The batch at the opening lead: ``declarer`` took the kitty and discarded by
    :meth:`FiveHundredTables.discard_key` (the scalar form is :func:`discard_choice`).
    Not with ghost partners, whose piles the hands do not say (whole deals play them:
    :func:`opening_lead`)."""
    tb = tables_for(game)
    if tb.ghosts:
        raise NotImplementedError("start_play: a ghost partner's piles are not in its hand "
                                  "mask; whole deals (opening_lead) play the ghost partners")
    size = hands.shape[0]
    batch = FiveHundredBatch(tb, size)
    batch.set_contract(call, declarer, nominate)
    rows = np.arange(size)
    d = batch.declarer
    h13 = hands[rows, d] | kitty
    bits = ((h13[:, None] >> np.arange(tb.n_cards, dtype=np.uint64)) & ONE).astype(bool)
    keys = np.empty((size, tb.n_cards), dtype=np.int64)
    for ti in np.unique(batch.table):
        for mis in (False, True):
            sel = (batch.table == ti) & (batch.misere == mis)
            if sel.any():
                keys[sel] = tb.discard_key(int(ti), mis)
    keys = np.where(bits, keys, np.int64(1 << 40))
    order = np.argsort(keys, axis=1, kind="stable")[:, :3]
    drop = np.zeros(size, dtype=np.uint64)
    for j in range(3):
        drop |= ONE << order[:, j].astype(np.uint64)
    batch.hands[:] = hands
    batch.hands[rows, d] = h13 & ~drop
    # 5H-6.3 the nomination happens only if the contractor kept the joker
    if tb.joker >= 0:
        kept = (batch.hands[rows, d] & tb.jbit) != ZERO
        unnominated = np.array([tb.table_index("NT", None)] * size)
        nt = tb.trump[batch.table] < 0
        batch.table = np.where(nt & ~kept, unnominated, batch.table)
    if game.players == 5:  # 5H-2 the contractor of a trick contract calls a partner card
        ct = call_tables(game)
        trump = tb.trump[batch.table]
        den = np.where(trump >= 0, trump, len(SUITS))  # S C D H as in DENOMINATIONS, then NT
        _, partner = partner_call(ct, batch.hands, d, den, ~batch.misere)
        batch.seat_contract(partner)
    return batch


def scalar_start(game: FiveHundredGame, seed: int | None, call: str, declarer: int,
                 nominate: str | None = None, **deal: Any) -> Any:
    """The scalar engine's state at the opening lead for the same set-up as
    :func:`start_play`: dealt with ``dealer = declarer`` (so the contractor calls last in
    the first round), everyone else passes (a defender first bids 7S when misère needs a
    seven bid), the contractor discards :func:`discard_choice`, nominates ``nominate``."""
    # walked phase by phase through the Five Hundred state's own parts (its ``bidding``)
    st: Any = game.deal(seed=seed, dealer=declarer, **deal) if seed is not None else game.deal(
        dealer=declarer, **deal)
    bid_made = False
    while st.phase == "auction":
        seat = st.to_move
        if seat == declarer and not bid_made and st.is_legal("bid " + call):
            st, bid_made = st.apply("bid " + call), True
        elif seat != declarer and st.bidding.high is None and st.is_legal("bid 7S") and (
                call.split()[0] in MISERE_VALUES):
            st = st.apply("bid 7S")  # 5H-5.4b misère may need a seven bid before it
        else:
            st = st.apply("pass")
    if st.phase == "kitty":
        hand = st.hands[declarer]
        st = st.apply("discard " + " ".join(c.code for c in discard_choice(
            game, hand, call, nominate)))
    if st.phase == "call":  # 5H-2 five players: the heuristic bot's partner call
        st = st.apply(bot_for(game.name, "heuristic", seed=0).choose(st))
    if st.phase == "nominate":
        st = st.apply("nominate " + (nominate or "none"))
    return st


def seeded_batch(game: FiveHundredGame, seeds: Sequence[int], call: str | Sequence[str],
                 declarer: Any, nominate: Any = None) -> tuple[FiveHundredBatch, Streams]:
    """Deal ``seeds`` (dealer = declarer), set up the contract, and the play streams."""
    decl = np.broadcast_to(np.asarray(declarer), (len(seeds),))
    hands, kitty = deal_batch(game, seeds, decl)
    batch = start_play(game, hands, kitty, call, decl, nominate)
    return batch, Streams(derive_seeds(seeds, PLAY_STREAM))


# -- whole deals: the deal, the heuristic bot's calls and the play in arrays -------------------
def opening_lead(game: FiveHundredGame, seeds: np.ndarray, dealers: np.ndarray
                 ) -> tuple[Calls, np.ndarray, FiveHundredBatch]:
    """Deal ``seeds`` (``game.deal(seed=s, dealer=d)`` for each dealer ``d`` of
    ``dealers``), make every call as the heuristic bot does
    (:func:`~cardlab.sim.five_hundred.calls.heuristic_calls`), and set up the batch at the
    opening lead of the deals with a contract: ``(calls, their indices, the batch)``, the
    batch field for field ``FiveHundredBatch.from_states`` of the scalar states there."""
    tb = tables_for(game)
    ct = call_tables(game)
    size = len(seeds)
    dealer = np.broadcast_to(np.asarray(dealers, dtype=np.int64), (size,))
    hands, kitty, perm = _deal(game, seeds, dealer)
    calls = heuristic_calls(game, hands, kitty, dealer)
    idx = np.flatnonzero(calls.contract >= 0)
    batch = FiveHundredBatch(tb, idx.size)
    if tb.ghosts:  # B-FR the ghosts' piles, face down under face up
        batch.hidden[:], batch.under = _piles(game, perm[idx], dealer[idx])
    place = calls.contract[idx]
    den, misere, nominated = ct.denomination[place], ct.is_misere[place], calls.nominated[idx]
    # 5H-3 the card order: the trump suit's, or NT's with the joker nominated (5H-6.3) or not
    tables = np.array([[tb.table_index(d, None if n < 0 else SUITS[n]) for n in range(-1, 4)]
                       for d in (*SUITS, "NT")], dtype=np.int64)
    batch.table[:] = tables[den, nominated + 1]
    batch.need[:], batch.value[:], batch.misere[:] = ct.need[place], ct.value[place], misere
    decl = calls.declarer[idx]
    batch.declarer[:] = decl
    batch.hands[:] = calls.hands[idx]
    rows = np.arange(idx.size)
    batch.seat_contract(calls.partner[idx])  # 5H-2 a called partner; 5H-6.2 misère
    if game.options.first_lead == "left_of_dealer":  # the next active seat after the dealer
        n = tb.seats
        left = (dealer[idx] + 1) % n
        for _ in range(n - 1):
            left = np.where(batch.active[rows, left], left, (left + 1) % n)
        batch.to_move[:] = left
    else:
        batch.to_move[:] = decl  # 5H-7.1 the contractor leads
    return calls, idx, batch


def whole_deals(game: FiveHundredGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                rescore: Sequence[Mapping[str, Any]] = ({},)
                ) -> tuple[list[dict[str, Any]], np.ndarray]:
    """Whole deals at array speed (``Simulator.whole_deals``): dealt from ``seeds`` by
    ``dealers``, called by the heuristic bot (:func:`opening_lead`), played by the batch
    with ``policy`` on each deal's play stream and scored under each set of scoring options
    of ``rescore``: the per-deal arrays of a ``compare_variants`` chunk, and the facts a
    match scores each deal from (:func:`_facts_arrays`, read by :func:`whole_deal_facts`).
    A deal everyone passed is thrown in (5H-5.5: no contract, no points, its calls its
    length); under ``all_pass='play_no_trumps'`` it is played with no contractor, which the
    batch does not simulate, so it is left to the scalar path (the returned mask)."""
    calls, idx, batch = opening_lead(game, seeds, dealers)
    seeds = np.asarray(seeds)
    size = len(seeds)
    passed_out = calls.contract < 0
    left = passed_out if game.options.all_pass == "play_no_trumps" else np.zeros(size, bool)
    play_on(batch, seeds[idx], policy)
    words = call_tables(game).call_words
    places, counts = np.unique(calls.contract[idx], return_counts=True)
    contracts = {words[int(r)]: int(k) for r, k in zip(places, counts, strict=True)}
    facts = _facts_arrays(game, calls, idx, batch)
    parts = []
    for opts in rescore:
        scores = np.zeros((size, batch.tb.n_sides), dtype=np.int64)
        scores[idx] = batch.scores(**opts)
        made = np.zeros(size, dtype=bool)
        made[idx] = batch.made()
        has = np.zeros(size, dtype=bool)
        has[idx] = True
        length = calls.n_actions.astype(np.int64)
        length[idx] += batch.n_actions
        parts.append({"scores": scores, "has_contract": has, "made": made, "length": length,
                      "contracts": dict(contracts), "sides": list(game.sides), **facts})
    return parts, left


def _facts_arrays(game: FiveHundredGame, calls: Calls, idx: np.ndarray, batch: FiveHundredBatch
                  ) -> dict[str, Any]:
    """The per-deal facts a match scores from (the keys :func:`whole_deal_facts` reads):
    ``call`` (the contract's words, None when thrown in), ``declarer`` (-1: none),
    ``contractors`` (the contracting seats as a mask, bit ``s`` = seat ``s``) and ``tricks``
    ``(B, seats)`` (each seat's tricks)."""
    size = calls.contract.size
    call = np.full(size, None, dtype=object)
    call[idx] = np.array(call_tables(game).call_words, dtype=object)[calls.contract[idx]]
    declarer = np.full(size, -1, dtype=np.int64)
    declarer[idx] = batch.declarer
    contractors = np.zeros(size, dtype=np.int64)
    contractors[idx] = batch.contractors
    tricks = np.zeros((size, batch.tb.seats), dtype=np.int64)
    tricks[idx] = batch.tricks_won
    return {"call": call, "declarer": declarer, "contractors": contractors, "tricks": tricks}


def whole_deal_facts(game: FiveHundredGame, part: Mapping[str, Any], dealers: np.ndarray
                     ) -> list[DealFacts]:
    """Per deal of a :func:`whole_deals` part, the :class:`DealFacts` the game scores it
    from (what ``state.deal_facts()`` of the finished scalar deal says), so a match can
    score each deal from its running totals (5H-8, 5H-9: ``scoring.score(facts, options,
    scores)``). The rows ``whole_deals`` left to the scalar path come out as thrown in:
    the caller replaces them."""
    seats = int(part["tricks"].shape[1])
    out = []
    for call, decl, held, tricks, dealer in zip(part["call"], part["declarer"].tolist(),
                                                part["contractors"].tolist(),
                                                part["tricks"].tolist(), np.asarray(dealers).tolist(),
                                                strict=True):
        out.append(DealFacts(call, None if decl < 0 else decl,
                             tuple(s for s in range(seats) if held >> s & 1), tuple(tricks),
                             game.sides, game.position_names, n_seats=game.players,
                             dealer=dealer))
    return out


def match_results(game: FiveHundredGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                  matches: Sequence[Any]) -> list[Any]:
    """``Simulator.match_results``: the next deal of each match played whole
    (:func:`whole_deals`) and scored from that match's running totals (5H-8, 5H-9:
    ``scoring.score(facts, options, match.scores)``, as ``FiveHundredMatch`` scores a
    finished deal); None for a deal left to the scalar path (all passed, played in no
    trumps)."""
    [part], left = whole_deals(game, seeds, dealers, policy)
    facts = whole_deal_facts(game, part, dealers)
    return [None if out else score(f, game.options, m.scores)
            for f, out, m in zip(facts, left.tolist(), matches, strict=True)]


# -- what the studies and the hint use ----------------------------------------------------------
def _whole_batchable(game: FiveHundredGame) -> bool:
    """Whole deals (``compare_variants``, seasons) play Five Hundred in arrays with 2 to 6
    players (:data:`SEAT_COUNTS`, two players' ghost partners too) and one joker, last in
    the pack (module docstring; the 46-card pack has two)."""
    if game.players not in SEAT_COUNTS:
        return False
    jokers = [i for i, card in enumerate(game.deck) if card.is_joker]
    return len(jokers) <= 1 and all(i == len(game.deck) - 1 for i in jokers)


def _batchable(game: FiveHundredGame) -> bool:
    """The hint and bid odds play the batch where whole deals do, but for two players'
    ghost partners (their sampling of the hidden cards and :func:`start_play` do not know
    the piles): those are left to the scalar engine."""
    return _whole_batchable(game) and game.positions == game.players


def _bid_odds(g: Any, codes: list[str], contract: str, seeds: np.ndarray, policy: str,
              nominate: str | None) -> dict[str, np.ndarray]:
    """One chunk of ``bid_odds``: the contractor (seat 0, N) holds ``codes`` (10 cards); the
    rest are dealt at random, ten to each other seat in turn and the kitty (then two
    players' dead hand); seat 0 takes the
    kitty, discards, nominates ``nominate`` and leads ``contract``."""
    deck = g.deck
    if len(codes) != 10 or len(set(codes)) != 10:
        raise ValueError(f"bid_odds needs the contractor's 10 cards, got {len(codes)}")
    tb = tables_for(g)
    mine = [deck.index(deck.parse(c)) for c in codes]
    rest = np.array([i for i in range(len(deck)) if i not in mine])
    perm = rest[shuffle_batch(seeds, len(rest))]
    size, n = len(seeds), tb.seats
    hands = np.zeros((size, n), dtype=np.uint64)
    hands[:, 0] = np.uint64(sum(1 << i for i in mine))
    bits = tb.bit[perm]
    for s in range(1, n):
        hands[:, s] = np.bitwise_or.reduce(bits[:, 10 * (s - 1):10 * s], axis=1)
    kitty = np.bitwise_or.reduce(bits[:, 10 * (n - 1):10 * (n - 1) + g.kitty_size], axis=1)
    batch = start_play(g, hands, kitty, contract, 0, nominate)
    play_on(batch, seeds, policy)
    scores = batch.scores()
    return {"made": batch.made(), "tricks": batch.contractor_tricks().copy(),
            "points": scores[:, 0]}


def _parse_play(game: FiveHundredGame, action: str) -> tuple[int, int]:
    """``'play JK H'`` → (the card's pack index, the named suit's index or -1)."""
    parts = action.split()
    card = game.deck.index(game.deck.parse(parts[1]))
    return card, (SUITS.index(parts[2]) if len(parts) == 3 else -1)


def layout_batch(state: Any, layouts: np.ndarray) -> FiveHundredBatch:
    """The batch of ``state`` (in the play phase) once per layout of the hands (``(B,
    seats)`` masks of the cards held now, e.g. :func:`sample_layouts`'): every other
    fact as the state has it, but with five players the partner is whoever holds the
    called card in the layout (5H-2; none if the layout leaves it among the discards), and
    the contracting side's tricks follow."""
    batch = FiveHundredBatch.from_states([state]).take(np.zeros(len(layouts), dtype=np.int64))
    batch.hands[:] = layouts
    tb = batch.tb
    card = state.partner_card
    if card is not None:
        holds = (batch.hands & tb.bit[state.game.deck.index(card)]) != ZERO
        # in no hand: played (its holder is known) or, in this layout, among the discards
        gone = all(card not in h for h in state.hands) and card not in state.discards
        known = state.partner if gone and state.partner is not None else -1
        batch.seat_contract(np.where(holds.any(axis=1), np.argmax(holds, axis=1), known))
        seats = (batch.contractors[:, None] >> np.arange(tb.seats)) & 1
        batch.ctricks = (batch.tricks_won * seats).sum(axis=1)
    return batch


def _hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values: per legal play, the mover's side's points minus the other
    side's (with more sides, minus the mean of the others) over ``n`` layouts of the
    hidden cards (:func:`sample_layouts`; with five players the called card's holder in
    each layout is the contractor's partner)."""
    k = len(legal)
    batch = layout_batch(state, np.tile(sample_layouts(state, n, seed), (k, 1)))
    tb = batch.tb
    plays = [_parse_play(state.game, a) for a in legal]
    cards = np.repeat(np.array([p[0] for p in plays]), n)
    named = np.repeat(np.array([p[1] for p in plays]), n)
    batch.apply(cards, named, np.ones(batch.size, dtype=bool))
    play_on(batch, np.tile(deal_seeds(seed, 0, n), k), policy)
    pts = batch.scores()
    side = int(tb.side_of[state.to_move])
    others = np.delete(pts, side, axis=1)
    diff = pts[:, side] - others.sum(axis=1) / others.shape[1]
    return [diff[i * n:(i + 1) * n].astype(float) for i in range(k)]


#: the game's simulator (registered by :mod:`cardlab.sim`): scoring options are rescored
SIMULATOR = Simulator(batch=FiveHundredBatch, rescores=True, batchable=_batchable,
                      hint=_hint, bid_odds=_bid_odds, sample_layouts=sample_layouts,
                      whole_deals=whole_deals, match_results=match_results,
                      whole_batchable=_whole_batchable)
