"""ScoreCompare over many seeded deals: the distribution of points per variant in the view,
drawn as an SVG, refused with plain words when the arguments are wrong, the same every run."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from widget_support import send, synced_view

import cardlab
import cardlab.sim
from cardlab.bots import bot_for, play_out
from cardlab.widgets import ScoreCompare
from cardlab.widgets._base import STATIC

N = 40  # deals per variant: enough to show a shape, small enough for a fast test


@pytest.fixture(scope="module")
def skat_deal() -> cardlab.engine.state.State:
    game = cardlab.load("officer_skat")
    return play_out(game.deal(seed=11), bot_for("officer_skat", "heuristic", seed=11))


@pytest.fixture(scope="module")
def fh_deal() -> cardlab.engine.state.State:
    game = cardlab.load("five_hundred")
    return play_out(game.deal(seed=4), bot_for("five_hundred", "heuristic", seed=4))


def test_without_deals_there_is_no_distribution(skat_deal):
    sc = ScoreCompare(skat_deal)
    assert synced_view(sc)["distribution"] is None
    assert sc.distribution() is None
    assert "cardlab-distribution" not in sc._static_html()


def test_view_holds_the_distribution_of_each_variant(skat_deal):
    sc = ScoreCompare(skat_deal, deals=N, seed=5)
    dist = synced_view(sc)["distribution"]
    variants = cardlab.load("officer_skat").scoring_variants()
    assert [r["variant"] for r in dist["rows"]] == list(variants)
    assert dist["n"] == N and dist["seed"] == 5 and dist["side"] is None
    # the numbers are those of the simulator run on its own with the same seed
    studies = cardlab.sim.compare_variants("officer_skat", dict(variants), n=N, seed=5)
    for row, study in zip(dist["rows"], studies, strict=True):
        assert row["mean"] == pytest.approx(float(np.mean(study["scores"])), abs=1e-4)
        assert row["made_rate"] == pytest.approx(study["made_rate"], abs=1e-4)
        assert row["contract_rate"] == pytest.approx(study["contract_rate"], abs=1e-4)
        assert row["mean_length"] == pytest.approx(study["mean_length"], abs=1e-4)
        assert row["n"] == N
    root = ET.fromstring(dist["svg"])
    assert root.tag.endswith("svg")
    for name in variants:
        assert f">{name}</text>" in dist["svg"]


def test_one_side_and_the_as_played_baseline(fh_deal):
    sc = ScoreCompare(fh_deal, variants={"cap_490": {"defensive_cap": 490}})
    assert sc.with_distribution(N, seed=2, side="NS") is sc
    dist = sc.distribution()
    assert [r["variant"] for r in dist["rows"]] == ["as played", "cap_490"]
    assert dist["side"] == "NS" and "NS's points" in dist["svg"]
    study = cardlab.sim.compare_variants("five_hundred", {"as played": {}}, n=N, seed=2)[0]
    ns = study["sides"].index("NS")
    assert dist["rows"][0]["mean"] == pytest.approx(float(study["scores"][:, ns].mean()),
                                                    abs=1e-4)
    assert repr(sc) == "ScoreCompare(five_hundred, 1 variants: cap_490; 40 deals per variant)"


def test_the_same_arguments_give_the_same_view_and_picture(skat_deal):
    a = ScoreCompare(skat_deal, variants=["game_value", "card_points"], deals=N, seed=9)
    b = ScoreCompare(skat_deal, variants=["game_value", "card_points"], deals=N, seed=9)
    assert synced_view(a) == synced_view(b)
    assert a._static_html() == b._static_html()
    c = ScoreCompare(skat_deal, variants=["game_value", "card_points"], deals=N, seed=10)
    assert synced_view(c)["distribution"] != synced_view(a)["distribution"]


def test_choosing_variants_filters_the_distribution(skat_deal):
    sc = ScoreCompare(skat_deal, deals=N, seed=1)
    send(sc, {"type": "variants", "names": ["match_points"]})
    dist = synced_view(sc)["distribution"]
    assert [r["variant"] for r in dist["rows"]] == ["match_points"]
    assert ">game_value</text>" not in dist["svg"]


def test_static_html_shows_the_plot_and_the_table(skat_deal):
    sc = ScoreCompare(skat_deal, variants=["game_value"], deals=N, seed=3)
    html = sc._static_html()
    assert "cardlab-summary" in html and "contract made" in html
    # the plot is an <img> of the SVG: an untrusted notebook drops inline SVG (#28 item 14)
    assert "<svg" not in html and '<img alt="' in html and "data:image/svg+xml;base64," in html
    bundle, _ = sc._repr_mimebundle_()
    assert bundle["text/html"] == html


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"deals": 0}, ValueError, "deals must be between 1"),
    ({"deals": -5}, ValueError, "deals must be between 1"),
    ({"deals": 10**7}, ValueError, "deals must be between 1"),
    ({"deals": 2.5}, TypeError, "whole number of deals"),
    ({"deals": True}, TypeError, "whole number of deals"),
    ({"deals": "100"}, TypeError, "whole number of deals"),
    ({"deals": 10, "seed": -1}, ValueError, "seed must be"),
    ({"deals": 10, "seed": 1.5}, ValueError, "seed must be"),
    ({"deals": 10, "side": "NS"}, ValueError, "side must be one of P1, P2"),
])
def test_bad_arguments_are_refused_with_plain_words(skat_deal, kwargs, error, words):
    with pytest.raises(error, match=words):
        ScoreCompare(skat_deal, **kwargs)


def test_bad_policy_and_a_game_without_players_are_refused(skat_deal, toy):
    sc = ScoreCompare(skat_deal)
    with pytest.raises(ValueError, match="policy must be one of heuristic, random"):
        sc.with_distribution(10, policy="expert")
    assert sc.distribution() is None  # a refusal changes nothing
    toy_deal = toy.deal_from_string("N: JH AS KS / S: QS JS AH / kitty: KH QH")
    for action in ["bid H", "pass", "discard QS JS", "play AH", "play JH", "play AS",
                   "play KH", "play QH", "play KS"]:
        toy_deal = toy_deal.apply(action)
    with pytest.raises(ValueError, match="cannot simulate many deals of toy"):
        ScoreCompare(toy_deal).with_distribution(5)  # the toy game has no bots


def test_the_front_end_draws_the_distribution():
    js = (STATIC / "cardlab.js").read_text(encoding="utf-8")
    assert "function drawDistribution" in js and "view.distribution" in js
    assert not re.search(r"^\s*import\s", js, re.MULTILINE)  # self-contained: no imports
