"""The numpy SplitMix64 / Fisher–Yates reproduce cardlab.engine.rng output for output."""

from __future__ import annotations

import numpy as np
from support import unmix

from cardlab.engine.rng import SplitMix64, derive_seed, shuffled
from cardlab.sim.bits import kth_index, lowest_index, popcount
from cardlab.sim.rng import Streams, derive_seeds, next_u64, play_seed, seeds_array, shuffle_batch

SEEDS = [0, 1, 7, -5, 2**63, 2**64 - 1, 2**70 + 3, *range(100, 160)]


def test_next_u64_matches_scalar_stream() -> None:
    """Ten outputs of each generator equal the scalar generator's."""
    state = seeds_array(SEEDS)
    rows = [next_u64(state) for _ in range(10)]
    for i, s in enumerate(SEEDS):
        scalar = SplitMix64(s)
        assert [int(r[i]) for r in rows] == [scalar.next_u64() for _ in range(10)]


def test_randbelow_matches_scalar_including_per_deal_bounds() -> None:
    """randbelow with a different bound per generator draws what the scalar one draws."""
    bounds = np.array([(i % 13) + 1 for i in range(len(SEEDS))])
    streams = Streams(SEEDS)
    got = [streams.randbelow(bounds) for _ in range(5)]
    for i, s in enumerate(SEEDS):
        scalar = SplitMix64(s)
        assert [int(g[i]) for g in got] == [scalar.randbelow(int(bounds[i])) for _ in range(5)]


def test_randbelow_where_leaves_other_streams_alone() -> None:
    """Generators outside ``where`` do not advance."""
    streams = Streams([3, 4])
    streams.randbelow(5, where=np.array([True, False]))
    assert int(streams.randbelow(7)[1]) == SplitMix64(4).randbelow(7)


def test_shuffle_batch_is_engine_shuffle() -> None:
    """Every row is cardlab.engine.rng.shuffled(range(n), seed)."""
    for n in (2, 32, 43):
        perm = shuffle_batch(SEEDS, n)
        for i, s in enumerate(SEEDS):
            assert perm[i].tolist() == shuffled(range(n), s)


def test_shuffle_batch_redoes_a_generator_whose_draw_is_rejected() -> None:
    """shuffle_batch draws all of a shuffle's outputs at once; a generator one of whose
    outputs falls in rejection sampling's discard zone (the top 2**64 mod n values) must
    draw again, shifting every later draw, exactly as the scalar shuffle does."""
    from cardlab.engine.rng import GOLDEN_GAMMA, MASK64

    top = unmix(MASK64)  # the state whose next output is 2**64 - 1: rejected below 43 …
    seeds = [(top - k * GOLDEN_GAMMA) & MASK64 for k in range(1, 43)] + SEEDS
    for n in (43, 33):
        perm = shuffle_batch(seeds, n)
        for i, s in enumerate(seeds):
            assert perm[i].tolist() == shuffled(range(n), s), (n, i)


def test_derive_seeds_and_play_seed() -> None:
    """derive_seeds is derive_seed with one path step; play_seed uses the play stream."""
    got = derive_seeds(SEEDS, 12345)
    assert [int(x) for x in got] == [derive_seed(s, 12345) for s in SEEDS]
    assert play_seed(9) == derive_seed(9, 0x504C4159)


def test_bit_helpers() -> None:
    """popcount, lowest set bit and k-th set bit on uint64 masks."""
    m = np.array([0b1011010, 1 << 63, 0], dtype=np.uint64)
    assert popcount(m).tolist() == [4, 1, 0]
    assert lowest_index(m).tolist() == [1, 63, -1]
    assert kth_index(m[:2], np.array([3, 0])).tolist() == [6, 63]
