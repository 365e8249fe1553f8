"""Sums of per-card values over the cards of many hands at once, read a byte at a time.

The heuristic bot judges a hand by sums over its cards (the trump weight of each suit, the
side aces, the card points it counts, how many cards of a kind it holds:
:mod:`cardlab.bots.pandoeren`). A hand is a ``uint64`` mask (bit ``i`` = the pack's
``i``-th card); expanding every hand to one boolean per card and multiplying costs a pass
over ``hands × cards`` per sum. :class:`CardSums` instead adds, once, the values of every
set of cards that one byte of a mask can hold, so a hand's sums are a few table rows added
together (one per byte that holds cards): the same integers, in a fraction of the time.

>>> import numpy as np
>>> sums = CardSums(np.arange(10)[:, None])  # ten cards, card i worth i
>>> sums(np.array([0b1000000101], dtype=np.uint64)).tolist()  # cards 0, 2 and 9
[[11]]
"""

from __future__ import annotations

import numpy as np

__all__ = ["CardSums", "mask_bytes"]

#: the bytes of a ``uint64`` mask
_BYTES = 8


def mask_bytes(masks: np.ndarray, n_bytes: int) -> np.ndarray:
    """``(N, n_bytes)`` the low ``n_bytes`` bytes of each mask (least significant first)."""
    flat = np.ascontiguousarray(masks, dtype="<u8").reshape(-1)
    return flat.view(np.uint8).reshape(-1, _BYTES)[:, :n_bytes]


class CardSums:
    """The sums of ``values`` (``(n_cards, F)`` integers: per card, ``F`` values) over the
    cards of masks: ``sums(masks)`` is ``(..., F)``, column ``f`` the sum of ``values[:, f]``
    over the cards each mask holds (in the narrowest integers that hold every sum)."""

    def __init__(self, values: np.ndarray) -> None:
        values = np.asarray(values, dtype=np.int64)
        c, f = values.shape
        assert c <= _BYTES * 8
        self.n_bytes = nb = (c + 7) // 8
        padded = np.zeros((nb * 8, f), dtype=np.int64)
        padded[:c] = values
        table = np.zeros((nb, 256, f), dtype=np.int64)
        for v in range(1, 256):  # a byte's value: its lowest card plus the rest
            low = (v & -v).bit_length() - 1
            table[:, v] = table[:, v & (v - 1)] + padded[low::8][:nb]
        # the narrowest integers that hold every sum of a hand (the fewer bytes a row, the
        # faster the rows are read)
        most = int(np.abs(values).sum(axis=0).max(initial=0))
        dtype = next(d for d in (np.int16, np.int32, np.int64) if most <= np.iinfo(d).max)
        self.table = table.astype(dtype).reshape(nb * 256, f)
        self.table.flags.writeable = False
        self.n_values = f

    def __call__(self, masks: np.ndarray) -> np.ndarray:
        masks = np.asarray(masks)
        by_byte = mask_bytes(masks, self.n_bytes)
        out = np.take(self.table, by_byte[:, 0], axis=0)
        for b in range(1, self.n_bytes):
            out += np.take(self.table, by_byte[:, b].astype(np.intp) + 256 * b, axis=0)
        return out.reshape(*masks.shape, self.n_values)
