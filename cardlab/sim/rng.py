"""SplitMix64 and the Fisher–Yates shuffle over numpy arrays: one generator per deal.

This is :mod:`cardlab.engine.rng` run on arrays, output for output: a
generator state is a ``uint64`` array (numpy's unsigned arithmetic wraps
modulo 2**64, which is exactly SplitMix64's arithmetic) mixed by the engine's
:func:`~cardlab.engine.rng.mix64`, ``randbelow`` rejects by the engine's
:func:`~cardlab.engine.rng.randbelow_limit`, and :func:`shuffle_batch` is the
engine's Fisher–Yates (:func:`~cardlab.engine.rng.shuffle_in_place`) over the
batch's columns, one draw per deal at each step. So
``shuffle_batch(seeds, n)[b]`` is the pack order ``game.deal(seed=seeds[b])``
starts from.

>>> import numpy as np
>>> from cardlab.engine.rng import SplitMix64, shuffled
>>> int(next_u64(np.array([0], dtype=np.uint64))[0]) == SplitMix64(0).next_u64()
True
>>> shuffle_batch(np.array([7]), 10)[0].tolist() == shuffled(range(10), seed=7)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.engine.rng import (
    GOLDEN_GAMMA,
    MASK64,
    mix64,
    randbelow_limit,
    shuffle_bounds,
    shuffle_in_place,
)

__all__ = ["PLAY_STREAM", "play_seed", "seeds_array", "next_u64", "randbelow", "shuffle_batch", "derive_seeds",
           "deal_seeds", "Streams"]

_GAMMA = np.uint64(GOLDEN_GAMMA)
_MAX = np.uint64(MASK64)

#: the rejection bound of randbelow(n) for small n: 2**64 mod n, and 2**64 minus that
_SMALL = 256
_REM = np.array([0] + [(1 << 64) % k for k in range(1, _SMALL)], dtype=np.uint64)
_LIMIT = np.array([0] + [randbelow_limit(k) & MASK64 for k in range(1, _SMALL)],
                  dtype=np.uint64)

#: the ``derive_seed`` path step that turns a deal's seed into its play stream's seed
PLAY_STREAM = 0x504C4159  # "PLAY"


def play_seed(seed: int) -> int:
    """The seed of the random policy's stream for the deal dealt from ``seed``: the scalar
    twin of the batch is ``RandomBot(play_seed(seed))`` playing every seat."""
    from cardlab.engine.rng import derive_seed

    return derive_seed(seed, PLAY_STREAM)


def seeds_array(seeds: Any) -> np.ndarray:
    """Python ints (any size, negative too) → a ``uint64`` array, reduced mod 2**64 as the
    scalar generator reduces them."""
    if isinstance(seeds, np.ndarray) and seeds.dtype == np.uint64:
        return np.asarray(seeds.copy())
    return np.array([int(s) & MASK64 for s in np.asarray(seeds, dtype=object).ravel()],
                    dtype=np.uint64)


def next_u64(state: np.ndarray) -> np.ndarray:
    """Advance every generator in ``state`` (in place) and return their outputs."""
    state += _GAMMA
    return np.asarray(mix64(state))


def randbelow(state: np.ndarray, n: np.ndarray | int, where: np.ndarray | None = None
              ) -> np.ndarray:
    """A uniform int in ``[0, n)`` from each generator (``n`` per generator, all > 0), by the
    scalar generator's rejection rule; generators outside ``where`` are not advanced (their
    result is 0)."""
    size = state.shape[0]
    nn = np.broadcast_to(np.asarray(n, dtype=np.uint64), (size,))
    nn_safe = np.where(nn == 0, np.uint64(1), nn)
    if size and int(nn_safe.max()) < _SMALL:
        rem, limit = _REM[nn_safe], _LIMIT[nn_safe]  # bounds below 256: from the table
    else:
        # 2**64 mod n without 2**64: ((2**64-1) mod n + 1) mod n; limit = 2**64 - that
        rem = (_MAX % nn_safe + np.uint64(1)) % nn_safe
        limit = np.uint64(0) - rem
    if where is None or where.all():
        # the common case: every generator draws; redraw only the (very rare) rejections
        x = next_u64(state)
        out = (x % nn_safe).astype(np.int64)
        todo = (rem != 0) & (x >= limit)
    else:
        out = np.zeros(size, dtype=np.int64)
        todo = where.copy()
    while todo.any():
        idx = np.flatnonzero(todo)
        sub = state[idx]
        x = next_u64(sub)
        state[idx] = sub
        ok = (rem[idx] == 0) | (x < limit[idx])
        good = idx[ok]
        out[good] = (x[ok] % nn_safe[good]).astype(np.int64)
        todo[good] = False
    if where is not None:
        out[~where] = 0
    return out


class _Columns:
    """A batch of ``B`` sequences of length ``n``, stored column-major as an ``(n, B)``
    array and seen as a sequence of its ``n`` positions, where an index may be an array of
    one position per row: so the engine's Fisher–Yates swaps every row at once. (Position
    ``i`` of every row is one contiguous row of the array, which makes the swaps cheap.)"""

    def __init__(self, t: np.ndarray) -> None:
        self.t = t
        self.flat = t.reshape(-1)  # a view: t is contiguous
        self.cols = np.arange(t.shape[1])

    def __len__(self) -> int:
        return int(self.t.shape[0])

    def __getitem__(self, i: Any) -> np.ndarray:
        if isinstance(i, np.ndarray):
            return np.asarray(self.flat[i * self.t.shape[1] + self.cols])  # a copy
        return np.array(self.t[i])  # a copy: the swap reads both sides first

    def __setitem__(self, i: Any, value: np.ndarray) -> None:
        if isinstance(i, np.ndarray):
            self.flat[i * self.t.shape[1] + self.cols] = value
        else:
            self.t[i] = value


def _shuffle_draws(state: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every draw of the shuffle of ``n`` items for each generator at once: output ``k`` of
    a SplitMix64 is ``mix64(state + k·γ)``, so all ``n − 1`` outputs are computed in one
    pass. Returns the ``(n − 1, B)`` draws and the mask of the generators whose outputs met
    a rejection (about one in 2**58: their draws shift, so the caller redoes them one draw
    at a time)."""
    bounds = np.array(list(shuffle_bounds(n)), dtype=np.uint64)
    if bounds.size == 0:
        return np.zeros((0, state.shape[0]), dtype=np.int64), np.zeros(state.shape[0], bool)
    steps = np.arange(1, bounds.size + 1, dtype=np.uint64) * _GAMMA
    x = np.asarray(mix64(state[None, :] + steps[:, None]))
    if int(bounds.max()) < _SMALL:
        rem, limit = _REM[bounds], _LIMIT[bounds]
    else:
        rem = (_MAX % bounds + np.uint64(1)) % bounds
        limit = np.uint64(0) - rem
    # a bound dividing 2**64 (a power of two) never rejects: its limit wraps to 0
    risky = rem != 0
    rejected = (x[risky] >= limit[risky][:, None]).any(axis=0)
    return (x % bounds[:, None]).astype(np.int64), rejected


def shuffle_batch(seeds: Any, n: int) -> np.ndarray:
    """``(len(seeds), n)`` int array: ``range(n)`` shuffled per seed exactly as
    :func:`cardlab.engine.rng.shuffled` shuffles it (its Fisher–Yates, one stream per seed)."""
    state = seeds_array(seeds)
    draws, rejected = _shuffle_draws(state, n)
    t = np.repeat(np.arange(n, dtype=np.int64)[:, None], state.shape[0], axis=1)
    shuffle_in_place(_Columns(t), iter(draws))  # type: ignore[arg-type]
    perm = np.ascontiguousarray(t.T)
    if rejected.any():  # a rejected output shifts every later draw: one draw at a time
        rows = np.flatnonzero(rejected)
        sub = state[rows]
        t = np.repeat(np.arange(n, dtype=np.int64)[:, None], rows.size, axis=1)
        shuffle_in_place(_Columns(t),  # type: ignore[arg-type]
                         (randbelow(sub, m) for m in shuffle_bounds(n)))
        perm[rows] = t.T
    return perm


def derive_seeds(seeds: Any, k: int) -> np.ndarray:
    """:func:`cardlab.engine.rng.derive_seed` ``(seed, k)`` for every seed (one path step)."""
    state = seeds_array(seeds) ^ np.uint64((k * GOLDEN_GAMMA) & MASK64)
    return next_u64(state)


def deal_seeds(seed: int, lo: int, hi: int) -> np.ndarray:
    """The seeds of deals ``lo … hi-1`` of a study: ``derive_seed(seed, i)`` for each ``i``."""
    i = np.arange(lo, hi, dtype=np.uint64)
    base = seeds_array([seed])[0]
    state = base ^ (i * np.uint64(GOLDEN_GAMMA & MASK64))
    return next_u64(state)


class Streams:
    """One SplitMix64 generator per deal; ``Streams(seeds).randbelow(n)`` draws for each."""

    def __init__(self, seeds: Any) -> None:
        self.state = seeds_array(seeds)

    def randbelow(self, n: np.ndarray | int, where: np.ndarray | None = None) -> np.ndarray:
        """One draw below ``n`` per generator (only where ``where``)."""
        return randbelow(self.state, n, where)

    def take(self, index: np.ndarray) -> Streams:
        """The generators of the deals ``index`` (copied)."""
        out = Streams.__new__(Streams)
        out.state = self.state[index].copy()
        return out
