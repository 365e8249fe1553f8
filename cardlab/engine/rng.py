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

from collections.abc import Iterable
from typing import TypeVar

__all__ = ["SplitMix64", "shuffled", "derive_seed", "MASK64"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    return seed & MASK64


class SplitMix64:
    """SplitMix64 generator; ``next_u64`` gives the next 64-bit output."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = _check_seed(seed)

    def next_u64(self) -> int:
        """The next output, an int in ``[0, 2**64)``."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``[0, n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` from the top 53 bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: list[T]) -> T:
        """One item, uniformly."""
        return items[self.randbelow(len(items))]


def shuffled(items: Iterable[T], seed: int) -> list[T]:
    """A new list: ``items`` shuffled by Fisher–Yates driven by ``SplitMix64(seed)``."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def derive_seed(seed: int, *path: int) -> int:
    """A child seed for deal ``path`` of a match or study (stable, well mixed)."""
    state = _check_seed(seed)
    for k in path:
        rng = SplitMix64(state ^ ((k * GOLDEN_GAMMA) & MASK64))
        state = rng.next_u64()
    return state
