"""Study results a researcher can trust: standard errors, paired differences, the stamp,
files, frames, the same numbers whatever the chunking, and a user's own bot."""

from __future__ import annotations

import math
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardlab
import cardlab.sim
from cardlab.bots import RandomBot, bot_for
from cardlab.engine.playout import play_out
from cardlab.engine.rng import derive_seed
from cardlab.sim.rng import deal_seeds
from cardlab.version import __version__

HAND = "JK JH JD AH KH QH 10H AS KS 4D"
VARIANTS = {"standard": {}, "no_defender_points": {"defenders_score_tricks": False},
            "american": {"preset": "american"}}


@pytest.fixture(scope="module")
def study() -> list[dict[str, Any]]:
    return cardlab.sim.compare_variants("five_hundred", VARIANTS, n=60, seed=3, chunk=25,
                                        progress=False)


@pytest.fixture(scope="module")
def odds() -> dict[str, Any]:
    return cardlab.sim.bid_odds("officer_skat", "JC JS AH 10H", "H", n=120, seed=2,
                                progress=False)


def _same(a: Any, b: Any) -> bool:
    """Equal, with arrays by value and dtype, and NaN equal to NaN."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)
                and a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return bool(a == b) and type(a) is type(b)


# -- standard errors and paired differences ---------------------------------------------------
def test_every_rate_and_mean_has_its_standard_error(study) -> None:
    """A rate p over n deals: sqrt(p(1-p)/n); a mean: the sample sd over sqrt(n)."""
    for r in study:
        n, has = r["n"], r["has_contract"]
        p = r["contract_rate"]
        assert r["contract_rate_stderr"] == pytest.approx(math.sqrt(p * (1 - p) / n))
        assert r["n_contracts"] == int(has.sum())
        q = r["made_rate"]
        assert q == r["made"][has].mean()
        assert r["made_rate_stderr"] == pytest.approx(math.sqrt(q * (1 - q) / has.sum()))
        assert r["mean_length_stderr"] == pytest.approx(r["length"].std(ddof=1) / math.sqrt(n))
        for k, side in enumerate(r["sides"]):
            pts = r["scores"][:, k]
            assert r["mean_points"][side] == pytest.approx(pts.mean())
            assert r["mean_points_stderr"][side] == pytest.approx(pts.std(ddof=1) / math.sqrt(n))


def test_bid_odds_rates_and_means_carry_standard_errors(odds) -> None:
    p, n = odds["p_make"], odds["n"]
    assert odds["p_make_stderr"] == odds["stderr"] == pytest.approx(math.sqrt(p * (1 - p) / n))
    for key in ("tricks", "points", "card_points"):
        assert odds[f"mean_{key}"] == pytest.approx(odds[key].mean())
        assert odds[f"mean_{key}_stderr"] == pytest.approx(
            odds[key].std(ddof=1) / math.sqrt(n))


def test_variants_report_paired_differences_from_the_first(study) -> None:
    """vs_baseline: the mean per-deal difference from the first variant and its stderr."""
    base = study[0]
    zero = base["vs_baseline"]
    assert zero["baseline"] == "standard"
    assert zero["points"] == {"NS": 0.0, "EW": 0.0} and zero["points_stderr"]["NS"] == 0.0
    for r in study[1:]:
        vs = r["vs_baseline"]
        assert vs["baseline"] == "standard"
        for k, side in enumerate(r["sides"]):
            d = r["scores"][:, k] - base["scores"][:, k]
            assert vs["points"][side] == pytest.approx(d.mean())
            assert vs["points_stderr"][side] == pytest.approx(d.std(ddof=1) / math.sqrt(d.size))
        d = r["length"] - base["length"]
        assert vs["length"] == pytest.approx(d.mean())
        assert vs["contract_rate"] == pytest.approx(r["contract_rate"] - base["contract_rate"])
        assert vs["made_per_deal"] == pytest.approx(r["made"].mean() - base["made"].mean())
    # 5H-8.3 rescoring only: the defenders lose points, paired tighter than unpaired
    nodef = study[1]["vs_baseline"]
    assert nodef["points"]["EW"] < 0 and nodef["contract_rate_stderr"] == 0.0
    unpaired = math.hypot(study[0]["mean_points_stderr"]["EW"],
                          study[1]["mean_points_stderr"]["EW"])
    assert nodef["points_stderr"]["EW"] < unpaired


def test_baseline_can_be_named() -> None:
    out = cardlab.sim.compare_variants("five_hundred", VARIANTS, n=10, seed=1,
                                       baseline="american", progress=False)
    assert [r["vs_baseline"]["baseline"] for r in out] == ["american"] * 3
    assert out[2]["vs_baseline"]["length"] == 0.0
    with pytest.raises(ValueError, match="baseline 'nope'"):
        cardlab.sim.compare_variants("five_hundred", VARIANTS, n=10, baseline="nope")


def test_paired_difference_of_two_bid_odds_on_the_same_layouts() -> None:
    a = cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=100, seed=1, progress=False)
    b = cardlab.sim.bid_odds("five_hundred", HAND, "10H", n=100, seed=1, progress=False)
    d = cardlab.sim.paired_difference(b, a, "made")
    assert d["n"] == 100 and d["mean"] == pytest.approx(b["p_make"] - a["p_make"])
    c = cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=100, seed=2, progress=False)
    with pytest.raises(ValueError, match="same deals: seed"):
        cardlab.sim.paired_difference(c, a, "made")


# -- the stamp --------------------------------------------------------------------------------
def test_results_are_stamped_with_version_seed_and_options(study, odds) -> None:
    for r in study:
        assert r["cardlab_version"] == __version__ == cardlab.version.__version__
        assert (r["study"], r["game"], r["seed"], r["policy"]) == (
            "compare_variants", "five_hundred", 3, "heuristic")
        assert r["options"] == VARIANTS[r["variant"]]
        assert r["game_options"] == cardlab.load("five_hundred", **r["options"]).options_dict()
        assert r["complete"] is True and r["n"] == r["n_requested"] == 60
        assert r["deals"] == [[0, 60]] and r["bots"] is None
    assert (odds["study"], odds["seed"], odds["cardlab_version"]) == ("bid_odds", 2, __version__)
    assert odds["options"] == cardlab.load("officer_skat").options_dict()
    assert odds["hand"] == ["JC", "JS", "AH", "10H"] and odds["deals"] == [[0, 120]]
    assert odds["complete"] is True


# -- files and frames -------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_save_and_load_round_trip(tmp_path: Path, study, odds, suffix) -> None:
    """Arrays come back as arrays (dtype and shape), every other value as it was."""
    path = cardlab.sim.save_results(study, tmp_path / f"study{suffix}")
    back = cardlab.sim.load_results(path)
    assert len(back) == len(study)
    for a, b in zip(study, back):
        assert _same(a, b), [k for k in a if not _same(a[k], b.get(k))]
    one = cardlab.sim.load_results(cardlab.sim.save_results(odds, tmp_path / f"odds{suffix}"))
    assert len(one) == 1 and _same(odds, one[0])


def test_saved_json_holds_lists_and_csv_one_row_per_variant(tmp_path: Path, study) -> None:
    import csv
    import json

    doc = json.loads(cardlab.sim.save_results(study, tmp_path / "s.json").read_text())
    assert doc["format"] == "cardlab-sim-results"
    assert isinstance(doc["results"][0]["scores"], list)
    with open(cardlab.sim.save_results(study, tmp_path / "s.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["variant"] for r in rows] == list(VARIANTS)
    assert float(rows[1]["vs_baseline.points.EW"]) < 0
    assert rows[0]["options"] == "{}" and rows[1]["options.defenders_score_tricks"] == "false"


def test_save_results_refuses_an_unknown_suffix(tmp_path: Path, study) -> None:
    with pytest.raises(ValueError, match=r"\.json or \.csv"):
        cardlab.sim.save_results(study, tmp_path / "s.xlsx")
    (tmp_path / "x.json").write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not a cardlab study results file"):
        cardlab.sim.load_results(tmp_path / "x.json")


def test_as_frame_one_row_per_variant_or_per_deal(study) -> None:
    pytest.importorskip("pandas")
    frame = cardlab.sim.as_frame(study)
    assert list(frame["variant"]) == list(VARIANTS)
    assert "scores" not in frame.columns
    assert frame["vs_baseline.points.EW"].iloc[1] < 0
    assert frame["mean_points.NS"].iloc[0] == study[0]["mean_points"]["NS"]
    deals = cardlab.sim.as_frame(study, per_deal=True)
    assert len(deals) == 3 * 60
    first = deals[deals["variant"] == "standard"]
    assert list(first["deal"]) == list(range(60))
    assert (first["scores.NS"].to_numpy() == study[0]["scores"][:, 0]).all()
    assert (first["made"].to_numpy() == study[0]["made"]).all()


def test_as_frame_without_pandas_says_what_to_install(study, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ImportError, match=r"needs pandas \(pip install pandas\)"):
        cardlab.sim.as_frame(study)


# -- the same numbers whatever the chunking, executor or batch size ---------------------------
def test_compare_variants_same_numbers_in_any_chunking_and_executor() -> None:
    """Deal i comes from derive_seed(seed, i): chunk (= batch) size and executor change
    nothing, for the rescored and the played variants alike."""
    runs = [cardlab.sim.compare_variants("five_hundred", VARIANTS, n=36, seed=8, chunk=c,
                                         progress=False) for c in (36, 7)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs.append(cardlab.sim.compare_variants("five_hundred", VARIANTS, n=36, seed=8,
                                                 chunk=5, executor=pool, progress=False))
    for other in runs[1:]:
        for a, b in zip(runs[0], other):
            for key in ("scores", "made", "has_contract", "length"):
                assert np.array_equal(a[key], b[key]), key
            assert a["contracts"] == b["contracts"]
            assert a["vs_baseline"] == b["vs_baseline"]


# -- a user's own bot (the slow scalar path) --------------------------------------------------
class FirstLegal:
    """A user's bot: always the first legal action."""

    def choose(self, state: Any) -> Any:
        return state.legal_actions()[0]


def _by_engine(variant: dict[str, Any], n: int, seed: int, bots: Any) -> np.ndarray:
    game = cardlab.load("five_hundred", **variant)
    out = []
    for i, s in enumerate(deal_seeds(seed, 0, n)):
        st = play_out(game.deal(seed=int(s), dealer=i % 4), bots(int(s)))
        out.append([st.result.points.get(side, 0) for side in game.sides])
    return np.array(out)


def test_compare_variants_plays_whole_deals_with_the_users_bot() -> None:
    """bots=a bot: every deal is played on the engine by that bot, under each variant."""
    variants = {"standard": {}, "no_defender_points": {"defenders_score_tricks": False}}
    out = cardlab.sim.compare_variants("five_hundred", variants, n=8, seed=2, chunk=3,
                                       bots=FirstLegal(), progress=False)
    for r in out:
        assert r["bots"] == f"{__name__}.FirstLegal()"  # in words, no address
        want = _by_engine(variants[r["variant"]], 8, 2, lambda s: FirstLegal())
        assert np.array_equal(r["scores"], want)


def test_a_bot_factory_gives_the_same_numbers_in_any_chunking() -> None:
    """bots=a factory (here RandomBot): one bot per deal, seeded by the deal."""
    runs = [cardlab.sim.compare_variants("five_hundred", {"std": {}}, n=10, seed=4,
                                         chunk=c, bots=RandomBot, progress=False)[0]
            for c in (10, 3)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs.append(cardlab.sim.compare_variants("five_hundred", {"std": {}}, n=10, seed=4,
                                                 chunk=4, bots=RandomBot, executor=pool,
                                                 progress=False)[0])
    want = _by_engine({}, 10, 4, RandomBot)
    assert runs[0]["bots"] == "cardlab.engine.playout.RandomBot"
    for r in runs:
        assert np.array_equal(r["scores"], want)


def test_bots_by_kind_and_per_seat() -> None:
    """'heuristic' plays the heuristic bots on the engine; a list gives one per seat (a
    factory there seeded by derive_seed(deal seed, seat))."""
    by_kind = cardlab.sim.compare_variants("five_hundred", {"std": {}}, n=4, seed=6,
                                           bots="heuristic", progress=False)[0]
    want = _by_engine({}, 4, 6, partial(bot_for, "five_hundred", "heuristic"))
    assert np.array_equal(by_kind["scores"], want)
    seats = [FirstLegal(), RandomBot, "random", FirstLegal()]
    per_seat = cardlab.sim.compare_variants("five_hundred", {"std": {}}, n=4, seed=6,
                                            bots=seats, progress=False)[0]
    want = _by_engine({}, 4, 6, lambda s: [FirstLegal(), RandomBot(derive_seed(s, 1)),
                                           RandomBot(derive_seed(s, 2)), FirstLegal()])
    assert np.array_equal(per_seat["scores"], want)
    assert per_seat["bots"] == [f"{__name__}.FirstLegal()", "cardlab.engine.playout.RandomBot",
                                "random", f"{__name__}.FirstLegal()"]


def test_bad_bots_are_refused_before_any_work() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        cardlab.sim.compare_variants("five_hundred", {"a": {}}, n=2, bots=[FirstLegal()])
    with pytest.raises(ValueError, match="unknown kind 'clever'"):
        cardlab.sim.compare_variants("five_hundred", {"a": {}}, n=2, bots="clever")
    with pytest.raises(TypeError, match="neither a bot"):
        cardlab.sim.compare_variants("five_hundred", {"a": {}}, n=2, bots=42)
