"""The operations a game's ``kernel.py`` is written in, for Python ints and numpy arrays alike.

A kernel function (legal masks, trick keys, deal points) is written once and runs on
one deal (Python ``int`` card masks, ``bool`` conditions) and on a batch of deals
(numpy ``uint64``/``int64`` arrays, ``bool`` arrays) without change. It may use only
bit operations (``& | ^ ~ << >>``), comparisons, arithmetic, table lookups
(``table[index]``: a tuple indexed by an int, or a numpy array indexed by an array)
and :func:`select`, the where-style choice that stands in for ``if``.

>>> select(True, 3, 5), select(False, 3, 5)
(3, 5)
>>> import numpy as np
>>> select(np.array([True, False]), np.array([3, 3]), np.array([5, 5])).tolist()
[3, 5]
>>> nonzero(0), nonzero(0b100), nonzero(np.array([0, 4], dtype=np.uint64)).tolist()
(False, True, [False, True])
"""

from __future__ import annotations

from typing import Any

__all__ = ["select", "nonzero"]


def select(cond: Any, a: Any, b: Any) -> Any:
    """``a`` where ``cond`` holds, else ``b``: a conditional on one deal (``cond`` a Python
    ``bool``), ``numpy.where`` on a batch (``cond`` a bool array)."""
    if cond is True:
        return a
    if cond is False:
        return b
    import numpy as np  # only a batch comes here, and the batch already uses numpy

    return np.where(cond, a, b)


def nonzero(mask: Any) -> Any:
    """Whether a card mask holds any card: a ``bool`` for an int, a bool array for an array."""
    return mask != 0
