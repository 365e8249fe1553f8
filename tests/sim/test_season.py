"""``cardlab.sim.season`` (#19): many matches to the end under each variant — who wins, how long.

Each number is checked against the engine's own matches: match ``k`` of a season is the
match ``game.match(seed=derive_seed(seed, k), dealer=k % players)`` played by the seeded
bots; an option that changes the length of a match changes the season's; the chunking and
the executor change nothing; bad input is refused by name.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import cardlab
import cardlab.sim
from cardlab.bots import RandomBot
from cardlab.engine.rng import derive_seed
from cardlab.sim.seasons import _bots


def test_each_match_is_the_engines_match() -> None:
    """Match k of the season is the engine's match with that seed, dealer and bots (B-22:
    an Officer Skat match is ``match_deals`` deals; the higher total wins)."""
    [r] = cardlab.sim.season("officer_skat", n=6, seed=3, progress=False)
    game = cardlab.load("officer_skat")
    for k in range(6):
        s = derive_seed(3, k)
        m = game.match(seed=s, dealer=k % 2).play(_bots("officer_skat", 2, "heuristic", s))
        assert r["deals_per_match"][k] == len(m.sheet)
        share = r["won"][k]
        winners = [] if m.winner is None else m.winner.split(", ")
        assert [share[i] > 0 for i in range(2)] == [n in winners for n in game.sides]
    assert r["win_rate"]["P1"] == pytest.approx(r["won"][:, 0].mean())


def test_an_option_that_shortens_a_match_shortens_the_season() -> None:
    """B-22 ``match_deals``: a season of 2-deal matches has exactly 2 deals a match, the
    paired difference says so, and the standard deal count is 4."""
    out = cardlab.sim.season("officer_skat", {"four": {}, "two": {"match_deals": 2}}, n=8,
                             progress=False)
    four, two = out
    assert set(four["deals_per_match"]) == {4} and set(two["deals_per_match"]) == {2}
    assert two["vs_baseline"]["deals"] == -2.0 and two["vs_baseline"]["baseline"] == "four"
    assert "vs_baseline" not in four


def test_a_lower_target_makes_five_hundred_shorter() -> None:
    """5H-9 ``target``: to 300 instead of 500, the same matches end sooner (paired)."""
    out = cardlab.sim.season("five_hundred", {"500": {}, "300": {"target": 300}}, n=10, seed=1,
                             progress=False)
    diff = out[1]["vs_baseline"]
    assert diff["deals"] < 0 and out[1]["mean_deals"] < out[0]["mean_deals"]
    for r in out:  # each finished match is won by exactly one side
        assert r["unfinished"] == 0
        assert np.allclose(r["won"].sum(axis=1), 1.0)


def test_a_shared_win_counts_as_shares() -> None:
    """Pandoeren A2.12: a match can end with two players level at the top; each takes half."""
    [r] = cardlab.sim.season("pandoeren", n=8, progress=False)
    assert np.allclose(r["won"].sum(axis=1), 1.0)
    shared = ((r["won"] > 0) & (r["won"] < 1)).any(axis=1)
    assert r["shared"] == int(shared.sum())
    assert sum(r["win_rate"].values()) == pytest.approx(1.0)


def test_chunks_and_executor_change_nothing() -> None:
    """The numbers do not depend on how the matches are split or where they run."""
    a = cardlab.sim.season("officer_skat", n=6, chunk=6, progress=False)[0]
    b = cardlab.sim.season("officer_skat", n=6, chunk=2, progress=False)[0]
    with ProcessPoolExecutor(2) as pool:
        c = cardlab.sim.season("officer_skat", n=6, chunk=3, progress=False, executor=pool)[0]
    for other in (b, c):
        assert np.array_equal(a["won"], other["won"])
        assert np.array_equal(a["deals_per_match"], other["deals_per_match"])
    assert a["deals"] == [[0, 6]] and a["study"] == "season" and a["complete"]


def test_your_own_bots() -> None:
    """A user's bot plays every seat (the stamp names it)."""
    [r] = cardlab.sim.season("officer_skat", n=2, bots=RandomBot(seed=1), progress=False)
    assert r["bots"] == "cardlab.engine.playout.RandomBot" and r["n"] == 2


@pytest.mark.parametrize("kwargs, field", [({"n": 0}, "n"), ({"max_deals": -1}, "max_deals"),
                                           ({"chunk": 1.5}, "chunk"),
                                           ({"baseline": "nope"}, "baseline"),
                                           ({"variants": {"x": {"match_deals": 3}}}, "match_deals"),
                                           ({"variants": {}}, "variants")])
def test_bad_input_is_refused_by_name(kwargs: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        cardlab.sim.season("officer_skat", progress=False, **kwargs)
