"""cardlab's own pseudo-random numbers and shuffle, the same on every machine.

Deals must be reproducible from a seed on every Python and numpy version, and
by the numpy batch engine, so cardlab never uses ``random`` or numpy's
generators for dealing. The generator is **SplitMix64** (Steele, Lea and Flood,
2014): a 64-bit state advanced by the golden-ratio increment and mixed by two
xor-shift-multiply rounds. Integers below ``n`` come from rejection sampling
(draws at or above the largest multiple of ``n`` below 2**64 are discarded, so
every value is equally likely). The shuffle is the Fisher–Yates (Durstenfeld)
shuffle: for ``i`` from ``n-1`` down to ``1``, swap item ``i`` with item
``randbelow(i + 1)``.

>>> SplitMix64(0).next_u64()
16294208416658607535
>>> shuffled(range(10), seed=7)
[8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from functools import lru_cache
from operator import length_hint, mod
from struct import Struct
from typing import Any, TypeVar

__all__ = ["SplitMix64", "shuffled", "shuffle_in_place", "shuffle_bounds", "shuffle_draws",
           "derive_seed", "mix64", "randbelow_limit", "MASK64", "SMALL_BOUND", "ACCEPTED_BELOW"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
#: outputs computed ahead when ``randbelow`` runs out: the first time ``_FIRST``, then twice
#: as many each time up to ``_MOST`` (a long stream costs little per output, a short one
#: computes little it does not use); from ``_BY_ARRAY`` on they are mixed as a numpy array
_FIRST, _MOST, _BY_ARRAY = 16, 4096, 256


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    return seed & MASK64


def mix64(z: Any, mask: Any = MASK64) -> Any:
    """SplitMix64's output for the state ``z``: two xor-shift-multiply rounds and a final
    xor-shift. The one mixer of every generator: on an ``int``; on a numpy ``uint64`` array
    (one state per deal: numpy's unsigned arithmetic wraps modulo 2**64, and ``mask`` is a
    no-op); and on many states packed into 128-bit lanes of one int (``mask`` keeps each
    lane's low 64 bits: a shift cannot leak a lane into the next, and a 64-bit value times
    a 64-bit constant fits its lane).

    >>> mix64(GOLDEN_GAMMA) == SplitMix64(0).next_u64()
    True
    """
    z = ((z ^ ((z >> 30) & mask)) * MIX1) & mask
    z = ((z ^ ((z >> 27) & mask)) * MIX2) & mask
    return z ^ ((z >> 31) & mask)


def randbelow_limit(n: int) -> int:
    """Rejection sampling's bound for a draw below ``n``: an output at or above the largest
    multiple of ``n`` up to 2**64 is discarded (then ``output % n`` is uniform)."""
    return (1 << 64) - ((1 << 64) % n)


#: bounds below this are small: every legal list, every shuffle step
SMALL_BOUND = 256
#: :func:`randbelow_limit` of the small bounds
_LIMITS = tuple(0 if n == 0 else randbelow_limit(n) for n in range(SMALL_BOUND))
#: an output below this is accepted by a draw below any small bound (each limit is above
#: it), so a loop drawing inline from :meth:`SplitMix64.ahead` compares with this alone
ACCEPTED_BELOW = min(_LIMITS[1:])


@lru_cache(maxsize=8)
def _lanes(k: int) -> tuple[int, int, int, Any, int]:
    """For ``k`` outputs at once: a 1 in every 128-bit lane, ``MASK64`` in every lane, lane
    ``i`` holding ``(i + 1)·γ``, and the unpacking of the lanes."""
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum((((i + 1) * GOLDEN_GAMMA) & MASK64) << (128 * i) for i in range(k))
    return ones, MASK64 * ones, steps, Struct("<" + "Q8x" * k).unpack, 16 * k


@lru_cache(maxsize=8)
def _steps(k: int) -> Any:
    """``(i + 1)·γ`` for ``i < k`` as a numpy ``uint64`` array (wrapping mod 2**64)."""
    import numpy as np  # only a long stream comes here

    return np.arange(1, k + 1, dtype=np.uint64) * np.uint64(GOLDEN_GAMMA)


def _outputs(state: int, k: int) -> tuple[int, ...] | list[int]:
    """The next ``k`` outputs of a generator in ``state``. The ``i``-th output depends only
    on ``state + (i + 1)·γ``, so all ``k`` are mixed at once: one per 128-bit lane of one
    int, or (``k`` from :data:`_BY_ARRAY` on) as a numpy ``uint64`` array."""
    if k >= _BY_ARRAY:
        steps = _steps(k)
        return mix64(steps + steps.dtype.type(state)).tolist()  # type: ignore[no-any-return]
    ones, lanes, steps, unpack, nbytes = _lanes(k)
    x = mix64((ones * state + steps) & lanes, lanes)
    return unpack(x.to_bytes(nbytes, "little"))  # type: ignore[no-any-return]


class SplitMix64:
    """SplitMix64 generator; ``next_u64`` gives the next 64-bit output, ``randbelow`` a
    uniform int below ``n``. ``state`` is the generator's state (setting it restarts the
    stream there); ``randbelow`` computes its outputs ahead, more at a time the more it is
    used (the stream is the same, only faster)."""

    __slots__ = ("_next", "_ahead", "_chunk")

    def __init__(self, seed: int) -> None:
        self.state = _check_seed(seed)

    @property
    def state(self) -> int:
        """The state after the outputs used so far."""
        unused = length_hint(self._ahead)
        return (self._next - unused * GOLDEN_GAMMA) & MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._next = value & MASK64  # the state after the last output computed
        self._ahead: Iterator[int] = iter(())  # the outputs computed ahead, not yet used
        self._chunk = _FIRST  # how many to compute next time

    def next_u64(self) -> int:
        """The next output, an int in ``[0, 2**64)``."""
        for x in self._ahead:
            return x
        self._next = z = (self._next + GOLDEN_GAMMA) & MASK64
        return mix64(z)  # type: ignore[no-any-return]

    def ahead(self) -> Iterator[int]:
        """The stream's next outputs as an iterator, for a hot loop that draws inline
        (``for x in it: break``, then ``x % n`` when ``x`` is below :data:`ACCEPTED_BELOW`):
        each item taken is used, as ``next_u64`` would use it. It is never empty when
        returned; once it is, call ``ahead()`` again, which computes more. ``next_u64``,
        ``randbelow`` and ``choice`` take from the same iterator, so inline draws and
        calls may be mixed."""
        if not length_hint(self._ahead):
            self._compute_ahead()
        return self._ahead

    def _compute_ahead(self) -> None:
        """The next ``_chunk`` outputs, computed at once (the chunk doubles each time)."""
        k = self._chunk
        self._ahead = iter(_outputs(self._next, k))
        self._next = (self._next + k * GOLDEN_GAMMA) & MASK64
        self._chunk = min(2 * k, _MOST)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``[0, n)`` by rejection sampling (:func:`randbelow_limit`)."""
        if 0 < n < SMALL_BOUND:
            limit = _LIMITS[n]
        elif n > 0:
            limit = randbelow_limit(n)
        else:
            raise ValueError("randbelow needs n > 0")
        while True:
            for x in self._ahead:
                if x < limit:
                    return x % n
            self._compute_ahead()

    def randbelow_after(self, x: int, n: int) -> int:
        """The draw below ``n`` (> 0) whose first output, ``x``, was taken from
        :meth:`ahead`: ``x % n`` when ``x`` is below the rejection bound, else the draws go
        on as ``randbelow(n)``'s do (``x`` was rejected)."""
        limit = _LIMITS[n] if 0 < n < SMALL_BOUND else randbelow_limit(n)
        return x % n if x < limit else self.randbelow(n)

    def randbelow_each(self, bounds: range) -> list[int]:
        """``[randbelow(m) for m in bounds]``, faster: the outputs are mixed all at once, and
        when none is rejected (a draw below ``m`` rejects with odds under ``m / 2**64``)
        each is reduced at once; otherwise one draw at a time."""
        k = len(bounds)
        if k and k < _BY_ARRAY and not length_hint(self._ahead):
            draws = _outputs(self._next, k)
            if max(draws) < (1 << 64) - max(bounds[0], bounds[-1]):  # none reaches a limit
                self._next = (self._next + k * GOLDEN_GAMMA) & MASK64
                return list(map(mod, draws, bounds))
        return [self.randbelow(m) for m in bounds]

    def random(self) -> float:
        """A float in ``[0, 1)`` from the top 53 bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly: ``items[randbelow(len(items))]`` (the draw made here when
        an output computed ahead is at hand: a driver loop calls this at every step)."""
        n = len(items)
        if 0 < n < SMALL_BOUND:
            for x in self._ahead:
                if x < _LIMITS[n]:
                    return items[x % n]
        return items[self.randbelow(n)]


def shuffle_bounds(n: int) -> range:
    """The bound of each draw of the shuffle of ``n`` items: ``n``, ``n − 1`` … 2."""
    return range(n, 1, -1)


def shuffle_in_place(items: MutableSequence[Any], picks: Iterable[Any]) -> None:
    """Fisher–Yates (Durstenfeld): for ``i`` from ``n-1`` down to 1, swap item ``i`` with
    item ``j``, the next of ``picks`` (a draw below ``i + 1``, :func:`shuffle_bounds`).
    ``items`` may be any sequence whose items can be swapped: a list, or a batch's columns
    where ``j`` is an array of one position per deal."""
    for i, j in zip(range(len(items) - 1, 0, -1), picks):
        items[i], items[j] = items[j], items[i]


def shuffle_draws(seed: int, n: int) -> list[int]:
    """The draws of the shuffle of ``n`` items by ``SplitMix64(seed)``:
    ``SplitMix64(seed).randbelow_each(shuffle_bounds(n))``, without making the generator
    when no draw is rejected (every seeded deal starts here: a rollout's deal is timed)."""
    state = _check_seed(seed)
    if 1 < n <= _BY_ARRAY:
        draws = _outputs(state, n - 1)
        if max(draws) < (1 << 64) - n:  # none reaches a limit (as in randbelow_each)
            return list(map(mod, draws, range(n, 1, -1)))
    return SplitMix64(state).randbelow_each(shuffle_bounds(n))


def shuffled(items: Iterable[T], seed: int) -> list[T]:
    """A new list: ``items`` shuffled by Fisher–Yates driven by ``SplitMix64(seed)``."""
    out = list(items)
    shuffle_in_place(out, shuffle_draws(seed, len(out)))
    return out


def derive_seed(seed: int, *path: int) -> int:
    """A child seed for deal ``path`` of a match or study (stable, well mixed)."""
    state = _check_seed(seed)
    for k in path:
        rng = SplitMix64(state ^ ((k * GOLDEN_GAMMA) & MASK64))
        state = rng.next_u64()
    return state
