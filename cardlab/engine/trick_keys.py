"""Who holds a trick, from each card's key: the rule the trick games share, as kernel code.

A game's kernel gives every card played a key for the trick (``trick_key``: how strongly it
bids for a trick led in that suit; higher wins). Five Hundred and Pandoeren then decide the
trick alike, and say so by importing these functions into their kernels: the lead holds the
trick at first, and a later card takes it only with a greater key. Written in the kernel
subset (:mod:`cardlab.engine.bits`), so they run on one deal and on a batch, and the
solver compiles them with the kernel that imports them
(:func:`cardlab.solve.jit.compiled_kernel`).

>>> trick_winner_index([5, 9, 0, 9])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.engine.bits import select

__all__ = ["trick_best", "trick_winner_index"]


def trick_best(key: Any, best: Any, best_seat: Any, seat: Any, leading: Any) -> tuple[Any, Any]:
    """The trick's best key and the seat that holds it once ``seat`` has played a card of key
    ``key`` (``leading``: the first card, which holds it at first; a later card must be
    stronger, so of equal keys the earlier keeps it)."""
    better = leading | (key > best)
    return select(better, key, best), select(better, seat, best_seat)


def trick_winner_index(keys: Sequence[Any]) -> Any:
    """The position (0 = the lead) of the card that wins a trick of these keys."""
    best, at = keys[0], 0
    for i in range(1, len(keys)):
        best, at = trick_best(keys[i], best, at, i, False)
    return at
