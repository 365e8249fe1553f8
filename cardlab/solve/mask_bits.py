"""Card masks' bits in compiled code: the lowest-set-bit and bit-count helpers that the
solver's searches, the bots' compiled card rules and the simulators' compiled steps share."""

from __future__ import annotations

import numpy as np

from cardlab.solve.jit import jit

__all__ = ["lowest_bit", "popcount"]

#: the index of each power of two below 2**64 by its remainder mod 67 (a prime above 64
#: whose powers of two are all distinct mod 67), -1 elsewhere
_BIT_AT = np.full(67, -1, dtype=np.int64)
for _i in range(64):
    _BIT_AT[(1 << _i) % 67] = _i
_BIT_AT.flags.writeable = False


@jit
def lowest_bit(m: int) -> int:
    """The index of the lowest set bit of the mask ``m`` (-1: none)."""
    low = m & -m
    # compiled, a mask is an int64: bit 63 alone reads as the most negative number
    return -1 if m == 0 else 63 if low < 0 else int(_BIT_AT[low % 67])


@jit
def popcount(x: int) -> int:
    """The number of set bits of the mask ``x`` (cards in a hand)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n
