"""cardlab.sim studies return the documented plain data, independent of the executor."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

import cardlab
import cardlab.sim

HAND = "JK JH JD AH KH QH 10H AS KS 4D"


def test_importing_cardlab_does_not_import_sim() -> None:
    """cardlab.sim loads only when asked for (checked in a fresh interpreter)."""
    import subprocess
    import sys

    code = "import cardlab, sys; assert 'cardlab.sim' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bid_odds_five_hundred_shapes() -> None:
    """bid_odds: p_make in [0, 1] and per-deal arrays of length n."""
    odds = cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=300, seed=2)
    assert set(odds) >= {"game", "contract", "policy", "n", "p_make", "stderr", "made",
                         "tricks", "points"}
    assert odds["made"].shape == odds["tricks"].shape == odds["points"].shape == (300,)
    assert 0.0 <= odds["p_make"] <= 1.0
    assert odds["made"].mean() == odds["p_make"]
    assert ((odds["tricks"] >= 8) == odds["made"]).all()


def test_bid_odds_weak_hand_rarely_makes_ten_no_trumps() -> None:
    """A hand of low cards makes 10NT less often than a hand of top cards."""
    weak = cardlab.sim.bid_odds("five_hundred", "5S 6S 7S 5C 6C 7C 5D 6D 5H 6H", "10NT",
                                n=200, seed=1)
    strong = cardlab.sim.bid_odds("five_hundred", "JK AS KS AC KC AD KD AH KH QH", "10NT",
                                  n=200, seed=1)
    assert weak["p_make"] < strong["p_make"]


def test_bid_odds_officer_skat_and_random_policy() -> None:
    """Officer Skat: the 4 face-up cards forehand sees; policy='random' works too."""
    odds = cardlab.sim.bid_odds("officer_skat", "JC JS AH 10H", "H", n=200, seed=3,
                                policy="random")
    assert odds["card_points"].shape == (200,)
    assert ((odds["card_points"] >= 61) == odds["made"]).all()


def test_bid_odds_same_result_in_any_chunking_and_executor() -> None:
    """Deal i always comes from derive_seed(seed, i): chunks and executors change nothing."""
    one = cardlab.sim.bid_odds("five_hundred", HAND, "9H", n=240, seed=5, chunk=1000)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = cardlab.sim.bid_odds("five_hundred", HAND, "9H", n=240, seed=5, chunk=50,
                                       executor=pool)
    assert np.array_equal(one["tricks"], threads["tricks"])
    assert one["p_make"] == threads["p_make"]


def test_compare_variants_process_pool_equals_in_process(capsys) -> None:
    """A ProcessPoolExecutor gives exactly the in-process numbers (and progress prints a
    text bar on stderr outside a notebook)."""
    variants = {"standard": {}, "no_defender_points": {"defenders_score_tricks": False}}
    local = cardlab.sim.compare_variants("five_hundred", variants, n=40, seed=4, chunk=20,
                                         progress=True)
    assert "40/40 deals" in capsys.readouterr().err
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = cardlab.sim.compare_variants("five_hundred", variants, n=40, seed=4,
                                              chunk=20, executor=pool)
    for a, b in zip(local, remote):
        assert np.array_equal(a["scores"], b["scores"])
        assert np.array_equal(a["length"], b["length"])
        assert a["contracts"] == b["contracts"]


@pytest.mark.parametrize("game_name, variants", [
    ("five_hundred", {"standard": {}, "no_defender_points": {"defenders_score_tricks": False},
                      "left_of_dealer_leads": {"first_lead": "left_of_dealer"}}),
    ("officer_skat", {"game_value": {}, "isko_levels": {"game_value": "isko_levels"},
                      "match_points": {"scoring_method": "match_points"}}),
    ("panfin", {"canonical": {}, "single_dealer_ante": {"dealer_ante_multiplier": 1}}),
])
def test_compare_variants_shapes(game_name, variants) -> None:
    """One dict per variant, in order, with the documented keys and shapes."""
    n = 30
    out = cardlab.sim.compare_variants(game_name, variants, n=n, seed=1, chunk=16)
    assert [r["variant"] for r in out] == list(variants)
    for r in out:
        assert r["scores"].shape == (n, len(r["sides"]))
        assert r["length"].shape == (n,) and (r["length"] >= 0).all()
        assert 0.0 <= r["contract_rate"] <= 1.0
        assert sum(r["contracts"].values()) == round(r["contract_rate"] * n)
        assert r["mean_length"] == r["length"].mean()


def test_compare_variants_scoring_only_variant_rescores_the_same_deals() -> None:
    """5H-8.3 defenders_score_tricks=False: same deals and contracts, only defenders' points
    change."""
    a, b = cardlab.sim.compare_variants(
        "five_hundred", {"std": {}, "nodef": {"defenders_score_tricks": False}}, n=40, seed=9)
    assert a["contracts"] == b["contracts"]
    assert np.array_equal(a["made"], b["made"])
    assert (b["scores"] <= a["scores"]).all() and (b["scores"] < a["scores"]).any()
