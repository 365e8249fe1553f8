"""Honest uncertainty in the coach (issue 29, items 2 and 3): every value has a 95% interval,
a best is named only when it is clear of the others on the same layouts, and the look back
never charges a choice within reach of the best. Built on hand-made estimates, so each
property is checked exactly, and on real advice from seeded deals of every game."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.advice import PSEUDO_LAYOUTS, Z95, Advice, Decision, advise, look_back, t95


def estimate(samples: dict[str, list[float]]) -> Advice:
    """An Advice over the given per-layout values (the same layouts for every option)."""
    arrays = {a: np.asarray(v, dtype=float) for a, v in samples.items()}
    n = len(next(iter(arrays.values())))
    return Advice(0, {a: float(v.mean()) for a, v in arrays.items()},
                  {a: float(v.std() / np.sqrt(n)) for a, v in arrays.items()}, n, "play",
                  samples=arrays)


def test_interval_is_the_mean_plus_minus_t_times_the_floored_stderr() -> None:
    """Many layouts: the interval is the mean ± Student's t times the standard error, with
    the pseudo-layouts' share (spread² · 2 / (n (n + 1))) added to its square."""
    rng = np.random.default_rng(5)
    adv = estimate({"a": list(rng.normal(4, 3, 400)), "b": list(rng.normal(0, 3, 400))})
    seen = np.concatenate([adv.samples["a"], adv.samples["b"]])  # type: ignore[index]
    half_spread = (seen.max() - seen.min()) / 2
    se = (adv.stderr["a"] ** 2 + PSEUDO_LAYOUTS * half_spread ** 2 / (400 * 401)) ** 0.5
    lo, hi = adv.interval("a")
    assert lo == pytest.approx(adv.values["a"] - t95(399) * se)
    assert hi == pytest.approx(adv.values["a"] + t95(399) * se)
    assert adv.half_width("a") == pytest.approx(t95(399) * se)


def test_t_quantile_matches_the_tables() -> None:
    """Student's t 95% two-sided quantiles (standard tables) and the normal's as the limit."""
    for df, t in [(1, 12.706), (4, 2.776), (10, 2.228), (12, 2.179), (20, 2.086),
                  (30, 2.042), (60, 2.000), (120, 1.980)]:
        assert t95(df) == pytest.approx(t, abs=2e-3)
    assert t95(10 ** 6) == pytest.approx(Z95, abs=1e-5)


def test_a_few_agreeing_layouts_are_not_certain() -> None:
    """The seed-7 flip's cause: eight layouts on which a bid made every time gave an
    interval of zero width and a 'clear best' that the next bars overturned. With the
    pseudo-layouts the interval is wide at 8 layouts and narrows with more, and a constant
    gap is clear only once enough layouts agree."""
    def bids(n: int) -> Advice:
        return estimate({"bid 9D": [380.0] * n, "bid 8D": [280.0] * n, "pass": [0.0] * n,
                         "bid open_misere": [-500.0] * n})
    few, many = bids(8), bids(400)
    lo, hi = few.interval("bid 9D")
    assert hi == pytest.approx(380.0)  # never past the best layout seen
    assert lo < few.values["bid 8D"]  # and reaching below the next bid
    assert few.clear_best is None and "bid 8D" in few.close
    assert many.clear_best == "bid 9D"
    assert many.half_width("bid 9D") < few.half_width("bid 9D") / 5


def test_paired_differences_make_a_clear_best_that_separate_intervals_would_not() -> None:
    """On the same layouts, an option 20 points better on every layout is clearly best,
    even though both values swing widely from layout to layout (their own intervals
    overlap): only the pseudo-layouts' floor is left in the paired error."""
    rng = np.random.default_rng(1)
    luck = rng.normal(0, 50, size=40)
    adv = estimate({"good": list(luck + 20), "bad": list(luck)})
    lo_good, _ = adv.interval("good")
    _, hi_bad = adv.interval("bad")
    assert lo_good < hi_bad  # the intervals side by side overlap…
    side_by_side = (adv.stderr["good"] ** 2 + adv.stderr["bad"] ** 2) ** 0.5
    assert adv.diff_stderr("good", "bad") < side_by_side
    assert adv.clear_best == "good" and adv.close == ["good"]  # …the paired test does not
    assert adv.cost("bad") == pytest.approx(20.0)


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
    one = estimate({"a": [1, 2, 3] * 10, "b": [0, 1, 2] * 10})
    two = estimate({"a": [4, 5] * 10, "b": [3, 4] * 10})
    both = one.pooled(two)
    assert both.samples is not None and both.n == 50
    assert list(both.samples["a"]) == [1, 2, 3] * 10 + [4, 5] * 10
    assert both.values["a"] == pytest.approx(3.0)
    assert one.clear_best is None or one.reach("b") > both.reach("b")
    assert both.clear_best == "a"  # a is 1 better on every one of the 50 layouts


@pytest.mark.parametrize("cost, grade", [(0.0, None), (5.0, "small loss"), (10.0, "inaccuracy"),
                                         (39.9, "inaccuracy"), (40.0, "mistake"),
                                         (100.0, "blunder"), (400.0, "blunder")])
def test_grades_follow_the_games_thresholds(cost: float, grade: str | None) -> None:
    """Five Hundred's thresholds (10, 40, 100 points): inaccuracy, mistake, blunder."""
    grades = cardlab.load("five_hundred").spec.coach_grades
    assert grades == (10.0, 40.0, 100.0)
    adv = estimate({"best": [cost] * 400, "chosen": [0.0] * 400})
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


@pytest.mark.parametrize("name", GAMES)
def test_look_back_says_what_a_card_cost_with_all_hands_open(name: str) -> None:
    """Issue 29 item 3: where the solver can tell, a look-back card play carries its exact
    open-hands cost, the same as the solver's own values at that moment (best minus chosen),
    and says it in words; a card that keeps the best score costs nothing."""
    from cardlab.solve import SolveBudgetExceeded, values

    game = cardlab.load(name)
    told = 0
    for seed in range(1, 4):
        bot = bot_for(name, "heuristic", seed=seed)
        s = game.deal(seed=seed, dealer=0)
        while not s.is_over:
            s = s.apply(bot.choose(s))
        line = list(s.states())
        seats = range(game.players)
        for d in look_back(line, seats, n=8, seed=seed, n_states=4).decisions:
            if d.open_hands is None:
                assert d.open_hands_words() == ""
                continue
            assert d.chosen.startswith("play ")
            try:
                exact = values(line[d.index], budget=10 ** 6)
            except SolveBudgetExceeded:
                continue
            assert d.open_hands_cost == pytest.approx(max(exact.values()) - exact[d.chosen])
            words = d.open_hands_words()
            assert words.startswith("With all hands open, this card ")
            assert ("lost nothing" in words) == (d.open_hands_cost == 0)
            told += 1
    assert told > 0
