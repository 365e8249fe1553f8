"""cardlab's own PRNG and shuffle (cardlab/engine/rng.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import five_hundred_pack, format_cards
from cardlab.engine.rng import SplitMix64, derive_seed, shuffled


def test_splitmix64_reference_outputs():
    # Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    rng = SplitMix64(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_golden_shuffle_is_pinned():
    """A change to the shuffle must be caught: this order is part of every seeded deal."""
    assert format_cards(shuffled(five_hundred_pack(43), seed=7)[:10]) == (
        "JK 5H JD KD 7H 8S 9H 5S JH KC")
    assert format_cards(shuffled(five_hundred_pack(43), seed=2026)[:10]) == (
        "6C 4H QH QD AC 10D 10S JS 6S JH")


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=60))
def test_shuffle_is_a_permutation_and_deterministic(seed, n):
    items = list(range(n))
    a = shuffled(items, seed)
    assert sorted(a) == items
    assert a == shuffled(items, seed)


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=2**32))
def test_randbelow_in_range(n, seed):
    assert 0 <= SplitMix64(seed).randbelow(n) < n


def test_randbelow_is_roughly_uniform():
    rng = SplitMix64(123)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_bad_seeds_are_refused():
    for bad in ("7", 1.5, True, None):
        with pytest.raises(ValueError):
            SplitMix64(bad)  # type: ignore[arg-type]


def test_derive_seed_is_stable_and_distinct():
    assert derive_seed(1, 0) == derive_seed(1, 0)
    assert len({derive_seed(1, k) for k in range(100)}) == 100
    assert derive_seed(1, 0) != derive_seed(2, 0)


@pytest.mark.parametrize("n", [0, 1, 2, 33, 43, 63, 256, 300])
def test_shuffle_draws_are_the_generators_draws_even_when_one_is_rejected(n):
    """shuffle_draws skips making a generator when no output is rejected; with or without a
    rejected output (one in the discard zone at the top of 2**64) it draws exactly what
    ``SplitMix64(seed).randbelow_each(shuffle_bounds(n))`` draws."""
    from support import unmix

    from cardlab.engine.rng import GOLDEN_GAMMA, MASK64, shuffle_bounds, shuffle_draws

    top = unmix(MASK64)  # the state whose next output is 2**64 - 1
    seeds = [0, 7, 2026, -5, 2**70, *((top - k * GOLDEN_GAMMA) & MASK64 for k in (1, 5, 40))]
    for seed in seeds:
        want = SplitMix64(seed).randbelow_each(shuffle_bounds(n))
        assert shuffle_draws(seed, n) == want, (seed, n)
