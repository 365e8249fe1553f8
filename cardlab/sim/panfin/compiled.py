"""Panfin's kernel compiled for the simulator's per-deal loops, and the loops' bit helpers.

:func:`cardlab.solve.jit.compiled_kernel` compiles the kernel's own functions
(:mod:`cardlab.games.panfin.kernel`) as written, once per process, so the batch's steps
(:mod:`cardlab.sim.panfin.batch`) and the calls (:mod:`cardlab.sim.panfin.calls`) read the
same rules as the engine, here on one deal's scalars inside a compiled loop. Card masks
there are ``int64`` (the 40 Trevisane cards fit), so the kernel's bit operations keep one
integer type.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.games.panfin import kernel
from cardlab.solve.jit import compiled_kernel, jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["legal_mask", "legal_pair", "trick_led_suit", "trick_key", "trick_best",
           "trick_piatti", "hand_suit", "combination_kind", "combination_rank",
           "exchange_limit", "places", "positions"]

#: every kernel function a loop of the simulator asks (compiled together, once for the
#: whole package)
_K = compiled_kernel(kernel, ["legal_mask", "legal_pair", "trick_led_suit", "trick_key",
                              "trick_best", "trick_piatti", "hand_suit", "combination_kind",
                              "combination_rank", "exchange_limit"])
legal_mask, legal_pair, trick_led_suit = _K.legal_mask, _K.legal_pair, _K.trick_led_suit
trick_key, trick_best, trick_piatti = _K.trick_key, _K.trick_best, _K.trick_piatti
hand_suit, combination_kind = _K.hand_suit, _K.combination_kind
combination_rank, exchange_limit = _K.combination_rank, _K.exchange_limit


@jit
def places(hand: int, n_cards: int, out: Any) -> None:
    """The cards of ``hand`` in pack order into ``out`` (``n_cards`` past the last)."""
    m = hand
    for j in range(len(out)):
        if m == 0:
            out[j] = n_cards
        else:
            low = m & -m
            out[j] = lowest_bit(low)
            m ^= low


@jit
def _positions(hands: Any, n_cards: int, out: Any) -> None:
    for b in range(hands.shape[0]):
        places(hands[b], n_cards, out[b])


def positions(hands: np.ndarray, n_cards: int, size: int) -> np.ndarray:
    """``(…, size)`` the first ``size`` cards of each mask of ``hands`` in pack order
    (``n_cards`` where there is none)."""
    flat = np.ascontiguousarray(hands).reshape(-1).view(np.int64)
    out = np.empty((flat.size, size), dtype=np.int64)
    _positions(flat, n_cards, out)
    return out.reshape(*np.shape(hands), size)
