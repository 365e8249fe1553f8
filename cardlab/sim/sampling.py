"""The one sampler of hidden layouts: the cards a seat cannot see, dealt at random into the
places it cannot see, each card only where what the seat knows allows it.

Every game's hint (each game's ``sampling`` module in its simulator package, e.g.
``cardlab.sim.<game>.sampling``) states its
constraints as a table, ``allowed[place, card]`` (the hidden hands, then "elsewhere": the
stock, the kitty, discards), and :func:`fill_layouts` deals: it shuffles the unknown cards
into the places (cardlab's own shuffle over arrays, so a seed gives the same layouts on
every machine) and keeps the layouts that respect every constraint; the rare remainder is
filled greedily (most constrained card first), consistent but not exactly uniform.

>>> import numpy as np
>>> allowed = np.ones((3, 6), dtype=bool)
>>> allowed[0, 5] = False  # place 0 has shown it cannot hold card 5
>>> hands = fill_layouts(list(range(6)), [2, 2], allowed, 50, seed=1)
>>> hands.shape, bool((hands[:, 0] & np.uint64(1 << 5)).any())
((50, 2), False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from cardlab.sim.rng import deal_seeds, shuffle_batch

__all__ = ["fill_layouts", "hand_mask", "Accept"]

#: a further test of one layout's masks (e.g. a hand that must hold some roem)
Accept = Callable[[np.ndarray], bool]


def hand_mask(index: Mapping[Any, int], cards: Iterable[Any]) -> int:
    """The mask of ``cards`` (bit ``index[card]`` each), as :func:`fill_layouts` deals them."""
    return sum(1 << index[c] for c in cards)


def fill_layouts(pool: list[int], need: list[int], allowed: np.ndarray, n: int, seed: int,
                 accept: Accept | None = None) -> np.ndarray:
    """``(n, len(need))`` hands as ``uint64`` masks (bit ``i`` = card ``i``): the cards of
    ``pool`` dealt into places of sizes ``need`` (the rest go "elsewhere": stock, discards), each
    card only to a place ``allowed[place, card]`` permits (row ``len(need)`` = elsewhere),
    and, if given, only layouts ``accept(masks)`` approves (tried, not guaranteed)."""
    k = len(need)
    rest = len(pool) - sum(need)
    if rest < 0:
        raise ValueError("more hidden places than hidden cards")
    bit = np.array([1 << c for c in range(64)], dtype=np.uint64)
    out = np.zeros((n, k), dtype=np.uint64)
    # cards with a single possible place go there in every layout
    fixed = np.zeros(k, dtype=np.uint64)
    room = list(need) + [rest]
    free: list[int] = []
    for c in pool:
        places = np.flatnonzero(allowed[:, c])
        if len(places) == 1 and room[places[0]] > 0:
            room[places[0]] -= 1
            if places[0] < k:
                fixed[places[0]] |= bit[c]
        else:
            free.append(c)
    owners = np.repeat(np.arange(k + 1), room)
    pool_a = np.array(free, dtype=np.int64)
    got, rounds = 0, 0
    while got < n and rounds < 6:
        m = max(4 * (n - got), 64)
        seeds = deal_seeds(seed, 10_000 * rounds, 10_000 * rounds + m)
        cards = pool_a[shuffle_batch(seeds, len(pool_a))] if len(pool_a) else np.zeros(
            (m, 0), dtype=np.int64)
        ok = allowed[owners[None, :], cards].all(axis=1) if len(pool_a) else np.ones(
            m, dtype=bool)
        cand = cards[ok]
        masks = np.zeros((len(cand), k), dtype=np.uint64)
        for j in range(k):
            masks[:, j] = fixed[j] | np.bitwise_or.reduce(bit[cand[:, owners == j]], axis=1)
        if accept is not None:
            masks = masks[[accept(row) for row in masks]]
        take = masks[: n - got]
        out[got:got + len(take)] = take
        got += len(take)
        rounds += 1
    rng = np.random.default_rng(seed)
    while got < n:  # rare: a greedy fill that keeps the hard constraints
        row = _greedy(free, room, allowed, rng)
        for j in range(k):
            out[got, j] = fixed[j] | np.uint64(sum(1 << c for c in row[j]))
        got += 1
    return out


def _greedy(pool: list[int], room: list[int], allowed: np.ndarray, rng: np.random.Generator
            ) -> list[list[int]]:
    """Most-constrained cards first, each to a random place that may hold it and has room."""
    for _ in range(50):
        order = sorted(pool, key=lambda c: (allowed[:, c].sum(), rng.random()))
        left = list(room)
        hands: list[list[int]] = [[] for _ in left]
        for c in order:
            ok = [j for j in range(len(left)) if left[j] and allowed[j, c]]
            if not ok:
                break
            j = ok[int(rng.integers(len(ok)))]
            hands[j].append(c)
            left[j] -= 1
        else:
            return hands
    # no consistent layout found (the constraints contradict): ignore them
    shuffled = [int(c) for c in rng.permutation(pool)]
    out, pos = [], 0
    for size in room:
        out.append(shuffled[pos:pos + size])
        pos += size
    return out
