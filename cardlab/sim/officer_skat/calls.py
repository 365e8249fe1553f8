"""Officer Skat's calls before the play, for whole arrays of deals.

:class:`cardlab.bots.officer_skat.HeuristicBot` makes every call before the play one deal at
a time on the engine: the choice of game or pass (B-2, ``_declare`` on
:func:`~cardlab.bots.officer_skat.game_scores`, its tie drawn from its generator), Kontra
and Re (OS-7.4). :func:`heuristic_calls` makes the same calls for a batch of dealt deals
held as the batch simulator deals them (``(B, 2, 8, 2)`` card indices,
:func:`~cardlab.sim.officer_skat.batch.deal_batch`), each seat judging only the face-up
cards it has seen at that call (OS-3.2, in the order of the game's
:func:`~cardlab.games.officer_skat.rules.deal_events`):

* the bot's game scores are its per-card weights
  (:func:`~cardlab.bots.officer_skat.card_weight_table`) summed byte by byte of a card mask
  (:func:`_heuristic_scores`, Grand's few-jacks penalty included);
* which games may be chosen, whether a pass is legal and which of Kontra and Re are asked
  are the kernel's (``call_games_mask``, ``call_pass_legal``, ``call_kontra_asked``,
  ``call_re_asked``), under every option that changes a call of the bot's;
* the tie between equal games is drawn from each deal's own generator (the bot's
  ``SplitMix64`` seeded with the deal's seed), advanced only where the bot draws.

:func:`cardlab.sim.officer_skat.batch.whole_deals` deals, calls here and builds the batch
at the opening lead; ``tests/sim/test_officer_skat_whole_deals.py`` checks the calls deal
by deal against the scalar bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.officer_skat import (
    GRAND_FEW_JACKS,
    GRAND_FEW_JACKS_PENALTY,
    KONTRA_PER_CARD,
    PASS_THRESHOLD_PER_CARD,
    RE_TRUMP_SHARE,
    SCORED_GAMES,
    card_weight_table,
)
from cardlab.games.officer_skat.game import OfficerSkatGame
from cardlab.games.officer_skat.kernel import (
    SUIT_SLOTS,
    TRUMP_SUIT,
    call_games_mask,
    call_kontra_asked,
    call_pass_legal,
    call_re_asked,
)
from cardlab.games.officer_skat.rules import GAME_CALLS, PACK_ORDER, deal_events
from cardlab.sim.bits import popcount
from cardlab.sim.rng import randbelow

__all__ = ["Calls", "heuristic_calls"]

#: a contract's index in the kernel's tables
_NULL = GAME_CALLS.index("null")
_RAMSCH = GAME_CALLS.index("ramsch")
_GRAND = GAME_CALLS.index("grand")


@dataclass
class Calls:
    """Every call before the play of a batch of deals, per deal (in the order of the deals):
    what :func:`heuristic_calls` returns."""

    #: the game chosen, an index into ``GAME_CALLS``
    contract: np.ndarray
    #: the declarer's seat (-1 in Ramsch)
    declarer: np.ndarray
    kontra: np.ndarray
    re: np.ndarray
    #: how many actions each deal took before the play (``len(state.history)``)
    pre_len: np.ndarray


@lru_cache(maxsize=4)
def _weight_bytes() -> tuple[np.ndarray, np.ndarray]:
    """The heuristic's per-card weights (:func:`~cardlab.bots.officer_skat.card_weight_table`)
    summed per byte of a card mask: ``[byte, value, game]``, so a mask's score for every
    game is four lookups; and the mask of the jacks (Grand's few-jacks penalty)."""
    weights = np.array(card_weight_table(), dtype=np.float64).T  # [card, game]
    cards = weights.shape[0]
    out = np.zeros(((cards + 7) // 8, 256, weights.shape[1]), dtype=np.float64)
    values = np.arange(256)
    for byte in range(out.shape[0]):
        for bit in range(8):
            c = 8 * byte + bit
            if c < cards:
                out[byte] += ((values >> bit) & 1)[:, None] * weights[c][None, :]
    jacks = sum(1 << i for i, c in enumerate(PACK_ORDER) if c.rank == "J")
    return out, np.array(jacks, dtype=np.uint64)


def _heuristic_scores(mine: np.ndarray) -> np.ndarray:
    """``(B, len(SCORED_GAMES))`` :func:`~cardlab.bots.officer_skat.game_scores` of each
    deal's visible cards ``mine`` (a mask) for every game it scores."""
    table, jacks = _weight_bytes()
    out = np.zeros((mine.shape[0], table.shape[2]), dtype=np.float64)
    for byte in range(table.shape[0]):
        out += table[byte][((mine >> np.uint64(8 * byte)) & np.uint64(255)).astype(np.int64)]
    few = popcount(mine & jacks) < GRAND_FEW_JACKS
    out[:, _GRAND] -= np.where(few, GRAND_FEW_JACKS_PENALTY, 0.0)
    return out


def _declare(scores: np.ndarray, games: int, rng: np.ndarray, where: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """The bot's choice of game (``_declare``) on arrays: the best-scoring legal game
    (``games``, the kernel's mask), ties broken by ``randbelow(len(top))`` from each deal's
    generator ``rng`` (advanced only ``where``); ``(contract index, best score)``."""
    cols = [k for k in range(len(SCORED_GAMES)) if games >> k & 1]
    sc = scores[:, cols]
    best = sc.max(axis=1)
    top = sc == best[:, None]
    pick = randbelow(rng, top.sum(axis=1), where=where)
    nth = np.argmax(np.cumsum(top, axis=1) > pick[:, None], axis=1)
    return np.array(cols, dtype=np.int64)[nth], best


def heuristic_calls(game: OfficerSkatGame, kernel: Any, piles: np.ndarray, dealer: np.ndarray,
                    rng: np.ndarray) -> Calls:
    """Every call before the play of the dealt ``piles`` (``[b, seat, pile, 0 down / 1 up]``
    card indices) by ``dealer`` (per deal) as the scalar
    :class:`~cardlab.bots.officer_skat.HeuristicBot` seeded with the deal's seed makes it:
    the choice of game or pass (B-2, its tie drawn from ``rng``, each deal's generator,
    advanced in place), Kontra and Re (OS-7.4). ``kernel`` is the kernel's tables as arrays
    (:attr:`~cardlab.sim.officer_skat.batch.SkatTables.kernel`). Which calls are asked and
    which games may be chosen come from the kernel (``call_*``), under every option
    (``pass_allowed``, ``ramsch_allowed``, ``null_allowed``, ``scoring_method``,
    ``choose_after_face_up``, ``kontra_re``; ``re_window`` changes no call of the bot's:
    it declines an open Re by leading)."""
    kt = kernel
    o = game.options
    size = piles.shape[0]
    fore = 1 - dealer
    rows = np.arange(size)
    up = kt.bits[piles[:, :, :, 1]]  # (B, seat, pile) the face-up cards' bits
    # OS-3.2 each role's face-up cards dealt before each decision of the deal (its view)
    seat_of = {"F": fore, "D": dealer}
    seen = {"F": np.zeros(size, dtype=np.uint64), "D": np.zeros(size, dtype=np.uint64)}
    at: dict[str, dict[str, np.ndarray]] = {}
    for e in deal_events(o.choose_after_face_up):
        if e.kind == "cards" and e.face == "up":
            for p in range(4 * e.row, 4 * e.row + 4):
                seen[e.role] = seen[e.role] | up[rows, seat_of[e.role], p]
        elif e.kind != "cards":
            at[e.kind + e.role] = dict(seen)
    games = int(call_games_mask(kt, bool(o.null_allowed), bool(o.ramsch_allowed),
                                o.scoring_method == "card_points"))
    everyone = np.ones(size, dtype=bool)
    # B-2 forehand chooses (or passes), then, after a pass, the dealer
    mine = at["declareF"]["F"]
    choice, best = _declare(_heuristic_scores(mine), games, rng, everyone)
    passed = call_pass_legal(bool(o.pass_allowed), bool(o.ramsch_allowed), False) & (
        best < PASS_THRESHOLD_PER_CARD * popcount(mine))
    mine = at["declareD"]["D"]
    d_choice, d_best = _declare(_heuristic_scores(mine), games, rng, passed)
    d_passed = passed & (call_pass_legal(bool(o.pass_allowed), bool(o.ramsch_allowed), True)
                         & (d_best < PASS_THRESHOLD_PER_CARD * popcount(mine)))
    contract = np.where(passed, np.where(d_passed, _RAMSCH, d_choice), choice)
    declarer = np.where(passed, np.where(d_passed, -1, dealer), fore)
    by_fore = declarer == fore
    # OS-7.4 Kontra on the opponent's visible cards (never against a Null)
    asked = np.asarray(call_kontra_asked(kt, bool(o.kontra_re), contract)) & (declarer >= 0)
    mine = np.where(by_fore, at["kontra"]["D"], at["kontra"]["F"])
    n = popcount(mine)
    score = _heuristic_scores(mine)[rows, np.minimum(contract, len(SCORED_GAMES) - 1)]
    kontra = asked & (score >= KONTRA_PER_CARD * np.maximum(1, n)) & (contract != _NULL)
    # OS-7.4 / B-6 Re on the share of trumps among the declarer's visible cards
    trumps = kt.suit_masks[contract * SUIT_SLOTS + TRUMP_SUIT]
    re = np.zeros(size, dtype=bool)
    pre_len = 1 + passed.astype(np.int64) + asked
    decided = np.zeros(size, dtype=bool)
    for kind, late in (("re_early", False), ("re_late", True)):
        ask = np.asarray(call_re_asked(kontra, decided, by_fore, late))
        mine = np.where(by_fore, at[kind]["F"], at[kind]["D"])
        n = popcount(mine)
        share = popcount(mine & trumps) / np.maximum(1, n)
        re |= ask & (n > 0) & (share >= RE_TRUMP_SHARE)
        decided |= ask
        pre_len += ask
    return Calls(contract=contract, declarer=declarer, kontra=kontra, re=re, pre_len=pre_len)
