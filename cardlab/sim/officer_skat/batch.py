"""Officer Skat's play phase for a whole batch of deals at once, in numpy.

Per deal: each seat's playable cards (the uncovered tops, OS-5.2) as a
``uint64`` mask, the card lying under each face-up card, the trick's first
card, card points and tricks. A step plays one card in every unfinished deal;
which cards may be played (OS-5.5), who wins a trick (OS-5.6) and what a finished
deal scores (OS-6, OS-7) come from the game's kernel
(:mod:`cardlab.games.officer_skat.kernel`), the same functions the teaching engine
calls, here on whole arrays; the face-down cards uncovered in a trick turn up, playable
from the next trick (OS-5.3). Suit games, Grand, Null (both ``null_mode``\\ s)
and Ramsch; every scoring method of OS-7 (:meth:`OfficerSkatBatch.scores`).

Policies as in :mod:`cardlab.sim.five_hundred`: ``"random"`` is
:class:`cardlab.bots.RandomBot` on the deal's play stream, ``"heuristic"`` the scalar
:class:`~cardlab.bots.officer_skat.HeuristicBot`'s card play, the same function on every
deal at once (:func:`cardlab.bots.officer_skat_play.play_choice`): both forms play the
same card in every position.

Kontra and Re are fixed per deal before play starts (``kontra``/``re`` flags). Under
``re_window="until_opening_lead"`` (B-6) the scalar engine still offers ``re`` beside
the opening lead while Re is open; a batch only plays cards, so it treats an open Re as
declined (as the heuristic bot does). To simulate a Re said at the lead, start the batch
with ``re=True``.

Whole deals (:func:`whole_deals`, for ``compare_variants``): the batch deal
(:func:`deal_batch`), the heuristic bot's calls in arrays
(:func:`cardlab.sim.officer_skat.calls.heuristic_calls`) and the batch at the opening lead.
The hint (``_hint``) plays on from layouts of the hidden face-down cards
(:func:`cardlab.sim.officer_skat.sampling.layout_batch`).

A season's matches (:func:`cardlab.sim.season`) play their deals here too
(:func:`match_results`): every running match's next deal called and played in one batch,
its Result made by the game's own :func:`~cardlab.games.officer_skat.scoring.score` from
the deal's facts in the arrays (a Ramsch is left to the engine, as in the studies).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.officer_skat_play import play_choice, play_tables
from cardlab.engine.state import State
from cardlab.games.officer_skat.game import OfficerSkatGame
from cardlab.games.officer_skat.kernel import (
    CARD_SLOTS,
    NO_CARD,
    NO_SUIT,
    deal_base_amount,
    deal_declarer_amount,
    deal_game_value,
    deal_kontra_factor,
    deal_loser_marks,
    deal_made,
    deal_matadors,
    deal_match_points,
    deal_ramsch_points,
    effective_suit_code,
    legal_mask,
    trick_card_points,
    trick_winner_index,
)
from cardlab.games.officer_skat.rules import (
    GAME_CALLS,
    MATADOR_RUN,
    PACK_ORDER,
    SCHNEIDER_LINE,
    TRICKS,
    kernel_tables,
)
from cardlab.sim.batch import Batch
from cardlab.sim.bits import ZERO, kth_index, popcount
from cardlab.sim.officer_skat.calls import heuristic_calls
from cardlab.sim.officer_skat.sampling import layout_batch
from cardlab.sim.rng import (
    PLAY_STREAM,
    Streams,
    deal_seeds,
    derive_seeds,
    seeds_array,
    shuffle_batch,
)
from cardlab.sim.simulator import Simulator, play_on

__all__ = ["SkatTables", "OfficerSkatBatch", "tables_for", "deal_batch", "start_play",
           "WholeDeals", "whole_deals", "match_results",
           "scalar_start", "seeded_batch", "SIMULATOR"]

#: a contract's index in the kernel's tables
_NULL = GAME_CALLS.index("null")
_RAMSCH = GAME_CALLS.index("ramsch")


class SkatTables:
    """The kernel's tables (:func:`~cardlab.games.officer_skat.rules.kernel_tables`) as numpy
    arrays for one game, and the heuristic player's
    (:mod:`cardlab.bots.officer_skat_play`)."""

    def __init__(self, game: OfficerSkatGame) -> None:
        deck = game.deck
        if tuple(deck) != PACK_ORDER:
            raise ValueError("the batch simulator needs the Skat pack in its canonical order")
        self.game = game
        self.options = game.options
        self.n_cards = c = len(deck)
        tables = kernel_tables()
        #: the kernel's tables, each a numpy array (masks ``uint64``, the rest ``int64``)
        self.kernel = kt = tables._replace(
            suit_masks=np.array(tables.suit_masks, dtype=np.uint64),
            effective_suit=np.array(tables.effective_suit, dtype=np.int64),
            strength=np.array(tables.strength, dtype=np.int64),
            card_points=np.array(tables.card_points, dtype=np.int64),
            bits=np.array(tables.bits, dtype=np.uint64),
            ladders=np.array(tables.ladders, dtype=np.int64),
            ladder_len=np.array(tables.ladder_len, dtype=np.int64),
            base_values=np.array(tables.base_values, dtype=np.int64))
        self.bit = kt.bits  # card → its bit (0 for "no card")
        self.shifts = np.arange(c, dtype=np.uint64)
        #: the heuristic player's tables as arrays (its play is written once, in the bots)
        self.play = play_tables().as_arrays()

    def contract_index(self, contract: str) -> int:
        """The index of a game kind in ``GAME_CALLS``."""
        return GAME_CALLS.index(contract)


@lru_cache(maxsize=16)
def tables_for(game: OfficerSkatGame) -> SkatTables:
    """The (cached) tables of ``game``."""
    return SkatTables(game)


class OfficerSkatBatch(Batch):
    """Many Officer Skat deals' play phases at once (arrays are public)."""

    def __init__(self, tables: SkatTables, size: int) -> None:
        b = size
        self.tb = tables
        self.size = b
        self.avail = np.zeros(b, dtype=np.uint64)  # both seats' playable cards (OS-5.2)
        self.own = np.zeros((b, 2), dtype=np.uint64)  # each seat's 16 cards
        self.under = np.full((b, CARD_SLOTS), NO_CARD, dtype=np.int64)  # card → the one beneath
        self.contract = np.zeros(b, dtype=np.int64)
        self.declarer = np.zeros(b, dtype=np.int64)  # -1 in Ramsch
        self.kontra = np.zeros(b, dtype=bool)
        self.re = np.zeros(b, dtype=bool)
        self.decl_cards = np.zeros(b, dtype=np.uint64)
        self.to_move = np.zeros(b, dtype=np.int64)
        self.lead_card = np.full(b, NO_CARD, dtype=np.int64)
        self.led = np.full(b, NO_SUIT, dtype=np.int64)  # the led card's effective suit
        self.tricks_won = np.zeros((b, 2), dtype=np.int64)
        self.card_points = np.zeros((b, 2), dtype=np.int64)
        self.n_tricks = np.zeros(b, dtype=np.int64)
        self.n_actions = np.zeros(b, dtype=np.int64)
        self.done = np.zeros(b, dtype=bool)
        self.winners = np.full((b, TRICKS), -1, dtype=np.int64)
        self._rows = np.arange(b)
        #: with ``play(..., record=True)``: every step's card per deal (``NO_CARD`` for a
        #: deal already finished), to replay the play on the engine
        self.record: list[np.ndarray] | None = None

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[Any]) -> OfficerSkatBatch:
        """A batch from scalar states in the play phase (any point of it); a Re still open
        at the opening lead (B-6) counts as declined."""
        game = states[0].game
        tb = tables_for(game)
        out = cls(tb, len(states))
        deck = game.deck
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            out._load_layout(b, st.layout.piles)
            out.avail[b] = np.uint64(sum(1 << deck.index(x) for s in range(2)
                                         for x in st.top_cards(s)))
            out.contract[b] = tb.contract_index(st.contract)
            out.declarer[b] = -1 if st.declarer is None else st.declarer
            out.kontra[b], out.re[b] = st.kontra, st.re
            if st.declarer is not None:
                out.decl_cards[b] = np.uint64(sum(
                    1 << deck.index(x) for pair in st.layout.piles[st.declarer] for x in pair))
            out.to_move[b] = st.to_move
            if st.trick is not None and st.trick.plays:
                first = st.trick.plays[0].card
                out.lead_card[b] = deck.index(first)
                out.led[b] = effective_suit_code(tb.kernel, out.contract[b], deck.index(first))
            out.tricks_won[b] = st.tricks_won
            out.card_points[b] = st.card_points
            out.n_tricks[b] = len(st.tricks)
            for i, t in enumerate(st.tricks):
                out.winners[b, i] = t.winner
        return out

    def _load_layout(self, b: int, piles: Any) -> None:
        deck = self.tb.game.deck
        for seat, row in enumerate(piles):
            for down, up in row:
                self.under[b, deck.index(up)] = deck.index(down)
                self.own[b, seat] |= np.uint64((1 << deck.index(up)) | (1 << deck.index(down)))

    # -- the rules --------------------------------------------------------------------------
    def tops(self) -> np.ndarray:
        """``(B, 2)`` each seat's playable cards now."""
        return self.avail[:, None] & self.own

    def _prep(self, force: bool = False) -> None:
        """Offsets into the flat tables, recomputed when the batch's size changes."""
        if not force and getattr(self, "_prep_key", None) is self.contract:
            return
        self._prep_key = self.contract
        self._r2 = self._rows * 2
        self._rowc = self._rows * CARD_SLOTS

    def legal(self) -> np.ndarray:
        """OS-5.5 the playable cards of the seat to move (the kernel's
        :func:`~cardlab.games.officer_skat.kernel.legal_mask` of its face-up tops)."""
        self._prep()
        tops = self.avail & self.own.reshape(-1)[self._r2 + self.to_move]
        return np.asarray(legal_mask(self.tb.kernel, tops, self.contract, self.led))

    def apply(self, card: np.ndarray, live: np.ndarray) -> None:
        """Play ``card`` in the ``live`` deals (whole arrays, finished deals masked out)."""
        self._prep()
        tb = self.tb
        kt = tb.kernel
        card = np.where(live, card, NO_CARD)
        p = self.to_move
        self.avail &= ~tb.bit[card]
        self.n_actions += live
        lead = live & (self.lead_card == NO_CARD)
        second = live & ~lead
        first = self.lead_card
        k = self.contract
        self.led = np.where(lead, effective_suit_code(kt, k, card), self.led)
        self.lead_card = np.where(lead, card, first)
        if not second.any():
            self.to_move = np.where(lead, 1 - p, p)
            return
        # OS-5.6 the kernel's winner (the second card's player p, or the leader 1 - p)
        won = trick_winner_index(kt, k, self.led, first, card)
        winner = np.where(won == 1, p, 1 - p)
        pts = np.where(second, trick_card_points(kt, first, card), 0)  # OS-2.2
        w0 = second & (winner == 0)
        w1 = second & (winner == 1)
        self.tricks_won[:, 0] += w0
        self.tricks_won[:, 1] += w1
        self.card_points[:, 0] += np.where(w0, pts, 0)
        self.card_points[:, 1] += np.where(w1, pts, 0)
        idx = np.flatnonzero(second)
        self.winners[idx, self.n_tricks[idx]] = winner[idx]
        self.n_tricks += second
        # OS-5.3 the cards uncovered in this trick turn face up, playable from the next trick
        under = self.under.reshape(-1)
        rowbase = self._rowc
        turned = tb.bit[under[rowbase + np.where(second, first, NO_CARD)]] | tb.bit[
            under[rowbase + card]]
        self.avail |= np.where(second, turned, ZERO)
        self.lead_card = np.where(second, NO_CARD, self.lead_card)
        self.led = np.where(second, NO_SUIT, self.led)
        self.to_move = np.where(second, winner, np.where(lead, 1 - p, p))
        over = self.n_tricks == TRICKS
        if tb.options.null_mode == "no_tricks":  # OS-6.4 the Null declarer loses at once
            over |= (k == _NULL) & (winner == self.declarer)
        self.done |= second & over

    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One card in every unfinished deal."""
        live = ~self.done
        legal = self.legal()
        if policy == "random":
            assert streams is not None
            n = popcount(legal)
            k = streams.randbelow(np.where(live, n, 1), where=live)
            card = kth_index(legal, k)
        elif policy == "heuristic":  # the scalar HeuristicBot's play, on every deal
            card, _ = play_choice(self.tb.play, self.contract, legal, self.lead_card,
                                  self.to_move == self.declarer)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        if self.record is not None:
            self.record.append(np.where(live, card, NO_CARD))
        self.apply(card, live)

    def _before_play(self) -> None:
        self._prep(force=True)  # the offsets of this batch's contracts

    # -- results ----------------------------------------------------------------------------
    def made(self) -> np.ndarray:
        """OS-6.1 / OS-6.4 whether the declarer won (False in Ramsch)."""
        r = self._rows
        d = np.maximum(self.declarer, 0)
        won = deal_made(self.tb.kernel, self.card_points[r, d], self.tricks_won[r, d],
                        self.contract == _NULL, self.tb.options.null_mode == "no_tricks")
        return np.asarray(np.where(self.declarer < 0, False, won))

    def matadors(self, mode: str) -> np.ndarray:
        """OS-7.1 the number of matadors "with" or "without" (0 in Null and Ramsch)."""
        _, n = deal_matadors(self.tb.kernel, self.decl_cards, self.contract, MATADOR_RUN[mode])
        return np.asarray(n, dtype=np.int64)

    def scores(self, **scoring: Any) -> np.ndarray:
        """``(B, 2)`` points per seat (OS-7), under the game's options overridden by
        ``scoring`` (any scoring option of OS-9: ``scoring_method``, ``game_value``,
        ``schneider``, ``schwarz``, ``matadors``, ``loss_factor``, ``kontra_scope`` …)."""
        o = self.tb.options
        kt = self.tb.kernel

        def get(name: str) -> Any:
            return scoring.get(name, getattr(o, name))

        r = self._rows
        won = self.made()
        d = np.maximum(self.declarer, 0)
        loser = np.where(won, 1 - d, d)
        null = self.contract == _NULL
        ramsch = self.declarer < 0
        counts = ~null & (won | bool(get("schneider_schwarz_against_declarer")))
        schneider, schwarz = deal_loser_marks(
            self.card_points[r, loser], self.tricks_won[r, loser], counts,
            SCHNEIDER_LINE[get("schneider")], get("schwarz") == "no_tricks")
        base = kt.base_values[self.contract]
        method = get("scoring_method")
        kontra = np.ones(self.size, dtype=np.int64)
        if method == "game_value" or get("kontra_scope") != "game_value_only":
            kontra = deal_kontra_factor(kt, self.kontra, self.re)  # OS-7.4
        seat = np.zeros((self.size, 2), dtype=np.int64)
        if method == "game_value":
            n = self.matadors(get("matadors"))
            value = deal_game_value(kt, base, n, schneider, schwarz,
                                    get("game_value") == "isko_levels")
            value = np.where(null, get("null_value"), value)
            seat[r, d] = deal_declarer_amount(value, won, get("loss_factor")) * kontra
        else:
            winner = np.where(won, d, 1 - d)
            tie = ~null & (self.card_points[:, 0] == self.card_points[:, 1])
            if method == "base_doubled_schneider":
                amount = deal_base_amount(kt, np.where(null, get("null_value"), base),
                                          schneider, schwarz, get("method_a_schwarz_factor"))
            elif method == "card_points":
                amount = self.card_points[r, winner]
            else:
                amount = deal_match_points(kt, schneider, schwarz, tie)
            amount = amount * kontra
            seat[r, winner] = amount
            if method == "match_points":
                seat[tie] = amount[tie][:, None]
        # B-2 Ramsch: each loses their card points; Durchmarsch scores the pack's total
        ram = np.stack([deal_ramsch_points(kt, self.card_points[:, s], self.tricks_won[:, s],
                                           self.tricks_won[:, 1 - s]) for s in (0, 1)], axis=1)
        return np.asarray(np.where(ramsch[:, None], ram, seat))


# -- dealing and the start of play ------------------------------------------------------------
@lru_cache(maxsize=16)
def _positions(game: OfficerSkatGame, dealer: int) -> tuple[tuple[int, int, int], ...]:
    """For pack position ``i``: (seat, pile, 0 down / 1 up), read off the game's own deal."""
    deck = game.deck
    st = game.deal(deck=" ".join(x.code for x in deck), dealer=dealer)
    out = {}
    for seat, row in enumerate(st.layout.piles):
        for p, pair in enumerate(row):
            for face, card in enumerate(pair):
                out[deck.index(card)] = (seat, p, face)
    return tuple(out[i] for i in range(len(deck)))


def deal_batch(game: OfficerSkatGame, seeds: Any, dealer: Any = 0) -> np.ndarray:
    """``(B, 2, 8, 2)`` card indices: ``[b, seat, pile, 0 down / 1 up]`` as
    ``game.deal(seed=s, dealer=d)`` lays them out (OS-3.2)."""
    perm = shuffle_batch(seeds, len(game.deck))
    size = perm.shape[0]
    dealers = np.broadcast_to(np.asarray(dealer), (size,))
    piles = np.zeros((size, 2, 8, 2), dtype=np.int64)
    rows = np.arange(size)
    for d in np.unique(dealers):
        sel = rows[dealers == d]
        for pos, (seat, p, face) in enumerate(_positions(game, int(d))):
            piles[sel, seat, p, face] = perm[sel, pos]
    return piles


def start_play(game: OfficerSkatGame, piles: np.ndarray, contract: str | Sequence[str], dealer: Any,
               kontra: Any = False, re: Any = False) -> OfficerSkatBatch:
    """The batch at the opening lead: forehand (the non-dealer) declared ``contract``
    (``'ramsch'``: both passed, no declarer) and leads."""
    tb = tables_for(game)
    size = piles.shape[0]
    dealers = np.broadcast_to(np.asarray(dealer), (size,))
    calls = [contract] * size if isinstance(contract, str) else list(contract)
    k = np.array([tb.contract_index(x) for x in calls], dtype=np.int64).reshape(size)
    fore = 1 - dealers
    return _at_opening_lead(tb, piles, k, np.where(k == _RAMSCH, -1, fore), fore, kontra, re)


def _at_opening_lead(tb: SkatTables, piles: np.ndarray, contract: np.ndarray,
                     declarer: np.ndarray, fore: np.ndarray, kontra: Any, re: Any
                     ) -> OfficerSkatBatch:
    """The batch at the opening lead of the dealt ``piles``: ``contract`` (indices),
    ``declarer`` (-1 in Ramsch), forehand ``fore`` to lead (OS-5.1)."""
    size = piles.shape[0]
    out = OfficerSkatBatch(tb, size)
    rows = np.arange(size)
    out.contract[:] = contract
    out.declarer[:] = declarer
    out.kontra[:] = kontra
    out.re[:] = np.asarray(re) & out.kontra
    for seat in range(2):
        for p in range(8):
            down, up = piles[:, seat, p, 0], piles[:, seat, p, 1]
            out.under[rows, up] = down
            out.avail |= tb.bit[up]
            out.own[:, seat] |= tb.bit[up] | tb.bit[down]
        out.decl_cards |= np.where(out.declarer == seat, out.own[:, seat], ZERO)
    out.to_move[:] = fore
    return out


# -- whole deals: the deal, the heuristic bot's calls (calls.py) and the opening lead ---------
@dataclass
class WholeDeals:
    """Whole Officer Skat deals dealt and called by the heuristic bot, on arrays: what
    :func:`whole_deals` returns. Every array but ``batch``'s is per deal, in the order of
    the seeds.

    Every Officer Skat deal reaches the play (two passes make Ramsch, B-2), so ``index``
    is every deal and ``scalar`` is all False; ``ramsch`` marks the deals with no
    declarer, which a caller that follows the scalar studies path plays out with the
    scalar bot rather than simulates."""

    #: the batch at the opening lead of the deals ``index`` (as ``from_states`` gives it)
    batch: OfficerSkatBatch
    #: the deals that reach the play, indices into the seeds
    index: np.ndarray
    #: how many actions each deal took before the play (``len(state.history)``)
    pre_len: np.ndarray
    #: the game chosen, an index into ``GAME_CALLS``
    contract: np.ndarray
    #: the declarer's seat (-1 in Ramsch)
    declarer: np.ndarray
    kontra: np.ndarray
    re: np.ndarray
    #: the deals with no declarer (Ramsch after two passes)
    ramsch: np.ndarray
    #: the deals the caller must run on the scalar path (none: every option vectorises)
    scalar: np.ndarray

    def contract_names(self) -> list[str]:
        """The game of each deal by name (``'C'`` … ``'ramsch'``)."""
        return [GAME_CALLS[k] for k in self.contract.tolist()]


def whole_deals(game: OfficerSkatGame, seeds: np.ndarray, dealers: np.ndarray) -> WholeDeals:
    """Deal ``seeds`` (``game.deal(seed=s, dealer=d)`` pile for pile) and make every call
    before the play as the scalar :class:`~cardlab.bots.officer_skat.HeuristicBot` seeded
    with the deal's seed does, on whole arrays: the choice of game or pass (B-2, its tie
    drawn from the bot's generator), Kontra and Re (OS-7.4). Which calls are asked and
    which games may be chosen come from the kernel (``call_*``), under every option
    (``pass_allowed``, ``ramsch_allowed``, ``null_allowed``, ``scoring_method``,
    ``choose_after_face_up``, ``kontra_re``; ``re_window`` changes no call of the bot's:
    it declines an open Re by leading). The calls are
    :func:`~cardlab.sim.officer_skat.calls.heuristic_calls`'. Returns the batch at the
    opening lead."""
    tb = tables_for(game)
    state = seeds_array(seeds)
    size = state.shape[0]
    rng = state.copy()  # SeededBot: SplitMix64(seed), the deal's own seed
    dealer = np.broadcast_to(np.asarray(dealers, dtype=np.int64), (size,)).copy()
    fore = 1 - dealer
    piles = deal_batch(game, state, dealer)
    calls = heuristic_calls(game, tb.kernel, piles, dealer, rng)
    contract, declarer = calls.contract, calls.declarer
    batch = _at_opening_lead(tb, piles, contract, declarer, fore, calls.kontra, calls.re)
    return WholeDeals(batch=batch, index=np.arange(size), pre_len=calls.pre_len,
                      contract=contract, declarer=declarer, kontra=calls.kontra, re=calls.re,
                      ramsch=declarer < 0, scalar=np.zeros(size, dtype=bool))


def scalar_start(game: OfficerSkatGame, seed: int, contract: str, dealer: int, kontra: bool = False,
                 re: bool = False) -> Any:
    """The scalar engine's state at the opening lead for the same set-up as
    :func:`start_play` (forehand declares; ``ramsch`` needs ``pass_allowed`` and
    ``ramsch_allowed``: both pass). Re is said or declined at step 10; under
    ``re_window="until_opening_lead"`` with Kontra and no Re the state's legal actions
    still hold ``re`` beside the cards (B-6), which the batch never chooses."""
    st: State = game.deal(seed=seed, dealer=dealer)
    while st.phase != "play":
        ph = st.phase
        if ph == "declare":
            st = st.apply("pass" if contract == "ramsch" else f"declare {contract}")
        elif ph == "kontra":
            st = st.apply("kontra" if kontra else "no_kontra")
        else:
            st = st.apply("re" if re else "no_re")
    return st


def seeded_batch(game: OfficerSkatGame, seeds: Sequence[int], contract: str | Sequence[str],
                 dealer: Any, kontra: Any = False, re: Any = False
                 ) -> tuple[OfficerSkatBatch, Streams]:
    """Deal ``seeds``, set up the game, and the play streams."""
    dealers = np.broadcast_to(np.asarray(dealer), (len(seeds),))
    piles = deal_batch(game, seeds, dealers)
    batch = start_play(game, piles, contract, dealers, kontra, re)
    return batch, Streams(derive_seeds(seeds, PLAY_STREAM))


# -- what the studies and the hint use ----------------------------------------------------------
def _bid_odds(g: Any, codes: list[str], contract: str, seeds: np.ndarray, policy: str,
              nominate: str | None = None) -> dict[str, np.ndarray]:
    """One chunk of ``bid_odds``: forehand sees ``codes`` face up (4 cards, or 8 under
    ``choose_after_face_up=8``, piles in order) and declares ``contract``; every other
    card is laid out at random (``nominate`` has no meaning here)."""
    deck = g.deck
    seen = g.options.choose_after_face_up
    if len(codes) != seen or len(set(codes)) != seen:
        raise ValueError(f"bid_odds needs the {seen} face-up cards forehand sees")
    mine = [deck.index(deck.parse(c)) for c in codes]
    rest = np.array([i for i in range(len(deck)) if i not in mine])
    perm = rest[shuffle_batch(seeds, len(rest))]
    size = len(seeds)
    piles = np.zeros((size, 2, 8, 2), dtype=np.int64)
    fore, dealer = 0, 1
    slots = [(fore, p, 1) for p in range(seen)]
    others = [(s, p, f) for s in (fore, dealer) for p in range(8) for f in (0, 1)
              if (s, p, f) not in slots]
    for p, (s, pile, f) in enumerate(slots):
        piles[:, s, pile, f] = mine[p]
    for k, (s, pile, f) in enumerate(others):
        piles[:, s, pile, f] = perm[:, k]
    batch = start_play(g, piles, contract, dealer)
    play_on(batch, seeds, policy)
    scores = batch.scores()
    return {"made": batch.made(), "tricks": batch.tricks_won[:, fore].copy(),
            "points": scores[:, fore], "card_points": batch.card_points[:, fore].copy()}


def hint_batch(state: Any, legal: list[str], n: int, seed: int
               ) -> tuple[OfficerSkatBatch, np.ndarray]:
    """The hint's deals: ``n`` layouts per legal play (rows ``i * n`` to ``(i + 1) * n`` for
    ``legal[i]``), that card played in each, and each row's deal seed. The face-down cards
    are unknown to both players, so they are shuffled among the face-down places still
    hidden (:func:`~cardlab.sim.officer_skat.sampling.layout_batch`)."""
    deck = state.game.deck
    k = len(legal)
    batch = layout_batch(OfficerSkatBatch.from_states([state]), state, n, seed, k)
    cards = np.repeat(np.array([deck.index(deck.parse(a.split()[1])) for a in legal]), n)
    batch.apply(cards, np.ones(batch.size, dtype=bool))
    return batch, np.tile(deal_seeds(seed, 0, n), k)


def margins(batch: OfficerSkatBatch, seats: np.ndarray) -> np.ndarray:
    """Each finished deal's points of ``seats[b]`` less the other seat's (OS-7): the hint's
    measure."""
    pts = batch.scores()
    rows = np.arange(batch.size)
    return np.asarray(pts[rows, seats] - pts[rows, 1 - seats], dtype=float)


def _hint(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    """The hint's values: per legal play, the mover's points minus the opponent's over
    ``n`` layouts (:func:`hint_batch`), the deal played out with ``policy``."""
    batch, seeds = hint_batch(state, legal, n, seed)
    play_on(batch, seeds, policy)
    diff = margins(batch, np.full(batch.size, state.to_move))
    return [diff[i * n:(i + 1) * n] for i in range(len(legal))]


def _study_deals(game: OfficerSkatGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                 rescore: Sequence[Mapping[str, Any]] = ({},)
                 ) -> tuple[list[dict[str, Any]], np.ndarray]:
    """``Simulator.whole_deals`` for the studies: :func:`whole_deals`, the batch played on
    with ``policy`` (each deal on its play stream) and scored under each set of scoring
    options of ``rescore``. A Ramsch (both passed: no declarer) is left to the scalar path,
    as the deal-by-deal studies play it (their bot plays it out)."""
    wd = whole_deals(game, seeds, dealers)
    left = wd.ramsch | wd.scalar
    idx = np.flatnonzero(~left)
    size = len(seeds)
    batch = wd.batch.take(idx)
    play_on(batch, np.asarray(seeds)[idx], policy)
    names = np.array(GAME_CALLS)[wd.contract[idx]]
    calls, counts = np.unique(names, return_counts=True)
    contracts = {str(c): int(k) for c, k in zip(calls, counts, strict=True)}
    parts = []
    for opts in rescore:
        scores = np.zeros((size, 2), dtype=np.int64)
        scores[idx] = batch.scores(**opts)
        made = np.zeros(size, dtype=bool)
        made[idx] = batch.made()
        has = np.zeros(size, dtype=bool)
        has[idx] = True
        length = wd.pre_len.astype(np.int64).copy()
        length[idx] += batch.n_actions
        parts.append({"scores": scores, "has_contract": has, "made": made, "length": length,
                      "contracts": dict(contracts), "sides": list(game.sides)})
    return parts, left


# -- matches: each deal's Result, from the arrays through the game's own scoring ---------------
def match_results(game: OfficerSkatGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                  matches: Sequence[Any]) -> list[Any]:
    """``Simulator.match_results``: the next deal of each Officer Skat match of ``matches``
    (B-21 / B-22: nothing is carried into a deal but its dealer) played whole as
    :func:`_study_deals` plays it — the heuristic bot's calls (:func:`whole_deals`), the
    batch's ``policy`` play on the deal's play stream — and its
    :class:`~cardlab.engine.result.Result` as the engine's ``state.result``: the deal's
    :class:`~cardlab.games.officer_skat.scoring.DealFacts` read from the arrays (contract,
    declarer, Kontra/Re, card points and tricks, the declarer's 16 cards, the dealer),
    scored by the game's own :func:`~cardlab.games.officer_skat.scoring.score` under the
    game's options (OS-6, OS-7). A Ramsch (both passed, B-2) is left to the scalar path
    (None), as the studies leave it."""
    from cardlab.games.officer_skat.scoring import DealFacts, score

    seeds = np.asarray(seeds, dtype=np.uint64)
    dealers = np.asarray(dealers, dtype=np.int64)
    wd = whole_deals(game, seeds, dealers)
    out: list[Any] = [None] * len(seeds)
    idx = np.flatnonzero(~(wd.ramsch | wd.scalar))
    if not idx.size:
        return out
    batch = wd.batch.take(idx)
    play_on(batch, seeds[idx], policy)
    cards = list(game.deck)
    names = (game.seat_names[0], game.seat_names[1])
    for row, b in enumerate(idx.tolist()):
        d = int(batch.declarer[row])
        mask = int(batch.decl_cards[row])
        facts = DealFacts(GAME_CALLS[int(batch.contract[row])], d, bool(batch.kontra[row]),
                          bool(batch.re[row]),
                          (int(batch.card_points[row, 0]), int(batch.card_points[row, 1])),
                          (int(batch.tricks_won[row, 0]), int(batch.tricks_won[row, 1])),
                          tuple(c for i, c in enumerate(cards) if mask >> i & 1), names,
                          game.deck.suit_name, dealer=int(dealers[b]))
        out[b] = score(facts, game.options)
    return out


#: the game's simulator (registered by :mod:`cardlab.sim`): scoring options are rescored
SIMULATOR = Simulator(batch=OfficerSkatBatch, rescores=True, hint=_hint, bid_odds=_bid_odds,
                      whole_deals=_study_deals, match_results=match_results)
