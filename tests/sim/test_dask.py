"""A Dask cluster's executor gives the numbers of one process (the ``[cluster]`` extra).

One small local cluster of two worker processes serves the module (about 10 s, most of it
starting the workers); it is closed at the end. The studies only see
``client.get_executor()``, a :class:`concurrent.futures.Executor`, as a researcher's
cluster would give them.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor

import numpy as np
import pytest

import cardlab.sim

distributed = pytest.importorskip("distributed", reason="the [cluster] extra (dask) is absent")

HAND = "JK JH JD AH KH QH 10H AS KS 4D"


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


def test_compare_variants_on_dask_equals_one_process(dask_executor) -> None:
    variants = {"standard": {}, "no_defender_points": {"defenders_score_tricks": False},
                "american": {"preset": "american"}}
    local = cardlab.sim.compare_variants("five_hundred", variants, n=40, seed=4, chunk=40,
                                         progress=False)
    remote = cardlab.sim.compare_variants("five_hundred", variants, n=40, seed=4, chunk=10,
                                          executor=dask_executor, progress=False)
    for a, b in zip(local, remote):
        assert b["complete"] and b["n"] == 40
        for key in ("scores", "made", "has_contract", "length"):
            assert np.array_equal(a[key], b[key]), key
        assert a["contracts"] == b["contracts"] and a["vs_baseline"] == b["vs_baseline"]


def test_bid_odds_on_dask_equals_one_process(dask_executor) -> None:
    local = cardlab.sim.bid_odds("officer_skat", "JC JS AH 10H", "H", n=120, seed=3,
                                 progress=False)
    remote = cardlab.sim.bid_odds("officer_skat", "JC JS AH 10H", "H", n=120, seed=3,
                                  chunk=30, executor=dask_executor, progress=False)
    for key in ("made", "tricks", "points", "card_points"):
        assert np.array_equal(local[key], remote[key]), key
    assert local["p_make"] == remote["p_make"] and remote["complete"]


def test_season_in_arrays_on_dask_equals_one_process(dask_executor) -> None:
    variants = {"to 500": {}, "to 300": {"target": 300}}
    local = cardlab.sim.season("five_hundred", variants, n=12, seed=2, progress=False)
    remote = cardlab.sim.season("five_hundred", variants, n=12, seed=2, chunk=4,
                                executor=dask_executor, progress=False)
    for a, b in zip(local, remote, strict=True):
        assert a["arrays"] and b["arrays"] and b["complete"] and b["n"] == 12
        assert np.array_equal(a["won"], b["won"])
        assert np.array_equal(a["deals_per_match"], b["deals_per_match"])
    assert local[1]["vs_baseline"] == remote[1]["vs_baseline"]
