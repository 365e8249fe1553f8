"""Officer Skat: layouts of the hidden face-down cards for the hint in the play.

Both players see every face-up card; what neither sees are the face-down cards still lying
under a face-up card (OS-2.3, OS-5.3). A layout deals those cards, in pack order and then
shuffled by the hint's streams (``deal_seeds(seed, 0, n)``), to the face-down places still
hidden (:func:`layouts`), so a layout never depends on where the hidden cards really lie:
two deals the mover cannot tell apart get the same layouts. The rollout hint plays on them
(:func:`layout_batch`, for :func:`cardlab.sim.officer_skat.batch._hint`) and the
open-hands solver values the card plays on the same layouts for the same seed
(:mod:`cardlab.sim.officer_skat.open_hands`).

Whole states at any moment of the deal (the calls too) are
:func:`cardlab.sim.officer_skat.states.sample_states`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.games.officer_skat.rules import card_index
from cardlab.sim.rng import deal_seeds, shuffle_batch

if TYPE_CHECKING:
    from cardlab.sim.officer_skat.batch import OfficerSkatBatch

__all__ = ["hidden_face_down", "layouts", "layout_batch"]


def hidden_face_down(state: Any) -> tuple[list[tuple[int, int]], list[int]]:
    """The face-down places still hidden, as (seat, pile), and their cards' kernel
    indices in pack order (never in the order they lie)."""
    places, pool = [], []
    for seat, row in enumerate(state.layout.piles):
        for p, (down, _up) in enumerate(row):
            if down not in state.turned and down not in state.played:
                places.append((seat, p))
                pool.append(card_index(down))
    pool.sort()
    return places, pool


def _shuffled(pool: list[int], n: int, seed: int) -> np.ndarray:
    """``(n, len(pool))``: the cards of ``pool`` shuffled by the hint's streams."""
    return np.asarray(
        np.array(pool, dtype=np.int64)[shuffle_batch(deal_seeds(seed, 0, n), len(pool))])


def layouts(state: Any, n: int, seed: int) -> tuple[list[tuple[int, int]], np.ndarray]:
    """The hidden places and ``(n, places)`` the card dealt to each on each layout: the
    pool in pack order shuffled by the rollout hint's streams (``deal_seeds(seed, 0, n)``)."""
    places, pool = hidden_face_down(state)
    if not pool:
        return places, np.zeros((n, 0), dtype=np.int64)
    return places, _shuffled(pool, n, seed)


def layout_batch(base: OfficerSkatBatch, state: Any, n: int, seed: int, copies: int = 1
                 ) -> OfficerSkatBatch:
    """The batch ``base`` (one deal: ``state``'s, from ``from_states``) on ``n`` layouts of
    :func:`layouts`, the whole run of layouts repeated ``copies`` times (row
    ``i * n + j``: layout ``j``): each hidden face-down card under its face-up card, in its
    seat's cards (and the declarer's, which the matadors read, OS-7.1)."""
    places, pool = hidden_face_down(state)
    batch = base.take(np.zeros(n * copies, dtype=np.int64))
    if pool:
        perm = np.tile(_shuffled(pool, n, seed), (copies, 1))
        pool_bits = np.uint64(sum(1 << c for c in pool))
        batch.own &= ~pool_bits
        piles = state.layout.piles
        for j, (s, p) in enumerate(places):
            up = card_index(piles[s][p][1])
            batch.under[:, up] = perm[:, j]
            batch.own[:, s] |= np.uint64(1) << perm[:, j].astype(np.uint64)
        if state.declarer is not None:
            batch.decl_cards = batch.own[:, state.declarer].copy()
    return batch
