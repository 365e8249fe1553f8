"""Bit tricks on ``uint64`` card masks (bit ``i`` = the pack's ``i``-th card in canonical order).

>>> import numpy as np
>>> m = np.array([0b101100], dtype=np.uint64)
>>> popcount(m).tolist(), lowest_index(m).tolist(), kth_index(m, np.array([2])).tolist()
([3], [2], [5])
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from cardlab.solve.jit import jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["popcount", "lowest_index", "kth_index", "mask_of", "expand", "ONE", "ZERO"]

ONE = np.uint64(1)
ZERO = np.uint64(0)
_BYTE_COUNTS = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def popcount(m: np.ndarray) -> np.ndarray:
    """The number of set bits of each mask."""
    if hasattr(np, "bitwise_count"):
        return np.asarray(np.bitwise_count(m).astype(np.int64))
    b = np.ascontiguousarray(m, dtype=np.uint64).view(np.uint8).reshape(*m.shape, 8)
    return np.asarray(_BYTE_COUNTS[b].sum(axis=-1))  # pragma: no cover  (numpy < 2.0)


#: de Bruijn multiplication: the top 6 bits of ``(1 << i) * _DEBRUIJN`` are unique per ``i``
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.full(64, -1, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 & (2**64 - 1)) >> 58] = _i
_S58 = np.uint64(58)


def lowest_index(m: np.ndarray) -> np.ndarray:
    """The index of each mask's lowest set bit (-1 for an empty mask)."""
    low = m & (~m + ONE)
    out = _DEBRUIJN_INDEX[(low * _DEBRUIJN) >> _S58]
    return np.asarray(np.where(m == ZERO, -1, out))


@jit
def _kth_each(m: np.ndarray, k: np.ndarray, out: np.ndarray) -> None:
    # deal by deal in compiled code: whole-array clears would touch every deal k times
    for i in range(m.shape[0]):
        x = m[i]
        for _ in range(k[i]):
            x &= x - 1
        out[i] = lowest_bit(x)


def kth_index(m: np.ndarray, k: np.ndarray) -> np.ndarray:
    """The index of the ``k``-th set bit (0-based, lowest first) of each mask (-1 where the
    mask has ``k`` bits or fewer)."""
    m = np.ascontiguousarray(m, dtype=np.uint64)
    kk = np.ascontiguousarray(np.broadcast_to(k, m.shape), dtype=np.int64).ravel()
    out = np.empty(m.size, dtype=np.int64)
    _kth_each(m.ravel().view(np.int64), kk, out)
    return out.reshape(m.shape)


def mask_of(indices: Iterable[int]) -> int:
    """A Python-int mask with the given bits set."""
    out = 0
    for i in indices:
        out |= 1 << int(i)
    return out


def expand(m: np.ndarray, n: int) -> np.ndarray:
    """``(…, n)`` booleans: bit ``i`` of each mask."""
    shifts = np.arange(n, dtype=np.uint64)
    return np.asarray(((m[..., None] >> shifts) & ONE).astype(bool))
