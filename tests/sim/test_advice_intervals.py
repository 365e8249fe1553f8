"""Honest uncertainty in the coach (issue 29, items 2 and 3): every value has a 95% interval,
a best is named only when it is clear of the others on the same layouts, and the look back
never charges a choice within reach of the best. Built on hand-made estimates, so each
property is checked exactly, and on real advice from seeded deals of every game."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.advice import Z95, Advice, Decision, advise, look_back


def estimate(samples: dict[str, list[float]]) -> Advice:
    """An Advice over the given per-layout values (the same layouts for every option)."""
    arrays = {a: np.asarray(v, dtype=float) for a, v in samples.items()}
    n = len(next(iter(arrays.values())))
    return Advice(0, {a: float(v.mean()) for a, v in arrays.items()},
                  {a: float(v.std() / np.sqrt(n)) for a, v in arrays.items()}, n, "play",
                  samples=arrays)


def test_interval_is_the_mean_plus_minus_z_stderr() -> None:
    adv = estimate({"a": [1, 3, 5, 7], "b": [0, 0, 0, 0]})
    lo, hi = adv.interval("a")
    assert lo == pytest.approx(4 - Z95 * adv.stderr["a"])
    assert hi == pytest.approx(4 + Z95 * adv.stderr["a"])
    assert adv.interval("b") == (0.0, 0.0)


def test_paired_differences_make_a_clear_best_that_separate_intervals_would_not() -> None:
    """On the same layouts, an option a point better on every layout is clearly best, even
    though both values swing widely from layout to layout (their own intervals overlap)."""
    rng = np.random.default_rng(1)
    luck = rng.normal(0, 50, size=40)
    adv = estimate({"good": list(luck + 1), "bad": list(luck)})
    lo_good, _ = adv.interval("good")
    _, hi_bad = adv.interval("bad")
    assert lo_good < hi_bad  # the intervals side by side overlap…
    assert adv.diff_stderr("good", "bad") == pytest.approx(0.0, abs=1e-9)
    assert adv.clear_best == "good" and adv.close == ["good"]  # …the paired test does not
    assert adv.cost("bad") == pytest.approx(1.0)


def test_about_equal_options_name_no_best_and_cost_nothing() -> None:
    """Two options whose difference is inside its own interval: no best is named, both are
    'close', and choosing either costs nothing (the look back agrees with the hint)."""
    rng = np.random.default_rng(2)
    a = rng.normal(10, 5, size=30)
    b = a + rng.normal(0, 5, size=30)  # no real difference
    adv = estimate({"a": list(a), "b": list(b), "far": list(a - 100)})
    assert adv.clear_best is None
    assert set(adv.close) == {"a", "b"} and "far" not in adv.close
    assert adv.cost("a") == 0.0 and adv.cost("b") == 0.0
    assert adv.cost("far") == pytest.approx(adv.values[adv.best] - adv.values["far"])


def test_every_option_equal_is_about_equal_not_best() -> None:
    """The case a learner met: every option worth the same (+23.0); the coach must not say
    one is best by 0.0."""
    adv = estimate({"x": [23, 23, 23], "y": [23, 23, 23], "z": [23, 23, 23]})
    assert adv.clear_best is None and set(adv.close) == {"x", "y", "z"}


def test_pooled_estimates_keep_their_layouts() -> None:
    one = estimate({"a": [1, 2, 3], "b": [0, 1, 2]})
    two = estimate({"a": [4, 5], "b": [3, 4]})
    both = one.pooled(two)
    assert both.samples is not None
    assert list(both.samples["a"]) == [1, 2, 3, 4, 5]
    assert both.values["a"] == pytest.approx(3.0)
    assert both.clear_best == "a"  # a is 1 better on every one of the 5 layouts


@pytest.mark.parametrize("cost, grade", [(0.0, None), (5.0, "small loss"), (10.0, "inaccuracy"),
                                         (39.9, "inaccuracy"), (40.0, "mistake"),
                                         (100.0, "blunder"), (400.0, "blunder")])
def test_grades_follow_the_games_thresholds(cost: float, grade: str | None) -> None:
    """Five Hundred's thresholds (10, 40, 100 points): inaccuracy, mistake, blunder."""
    grades = cardlab.load("five_hundred").spec.coach_grades
    assert grades == (10.0, 40.0, 100.0)
    adv = estimate({"best": [cost] * 4, "chosen": [0.0] * 4})
    d = Decision(0, 0, "chosen" if cost else "best", adv, grades)
    assert d.cost == pytest.approx(cost)
    assert d.grade == grade


GAMES = cardlab.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_look_back_never_charges_a_choice_the_hint_calls_about_equal(name: str) -> None:
    """Over seeded deals of every game, each look-back decision's cost is 0 exactly when the
    choice is among the options the same estimate calls about equal to the best."""
    game = cardlab.load(name)
    seen = 0
    for seed in range(1, 4):
        bot = bot_for(name, "heuristic", seed=seed)
        s = game.deal(seed=seed, dealer=0)
        while not s.is_over:
            s = s.apply(bot.choose(s))
        look = look_back(s.states(), [0], n=16, seed=seed, n_states=4)
        for d in look.decisions:
            if d.chosen not in d.advice.values:
                continue
            assert (d.cost == 0.0) == (d.chosen in d.advice.close), (seed, d.index)
            assert d.cost >= 0.0
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("name", GAMES)
def test_advice_keeps_its_layouts_for_paired_comparisons(name: str) -> None:
    """The coach's estimate of every game keeps each option's value layout by layout, the
    same number of layouts for every option, and its means are those layouts' means."""
    game = cardlab.load(name)
    bot = bot_for(name, "heuristic", seed=1)
    s = game.deal(seed=2, dealer=0)
    advice = None
    while not s.is_over and advice is None:
        advice = advise(s, n=12, seed=1)
        if advice is None:
            s = s.apply(bot.choose(s))
    assert advice is not None and advice.samples is not None
    lengths = {len(v) for v in advice.samples.values()}
    assert len(lengths) == 1
    for a, v in advice.samples.items():
        assert advice.values[a] == pytest.approx(float(np.mean(v)))
