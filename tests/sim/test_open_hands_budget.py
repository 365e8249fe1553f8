"""The node budget every open-hands valuer shares (:mod:`cardlab.sim.open_hands`), on fake
layouts and a fake valuer: no game, no search.

* Past the call's budget no further layout is started, but only once the fewest layouts
  are valued; under it every layout is valued.
* A layout past its own budget is left out and counted, and its positions count against
  the call.
* No layout valued gives None; the layouts kept are in the order drawn.
* On several threads a call values the same layouts as on one, and a layout that values
  layouts of its own on the shared threads does not wait for ever.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from cardlab.sim.open_hands import (
    THREADS,
    LayoutBudget,
    Valued,
    per_action,
    side_by_side,
    value_within,
)


class FakeValuer:
    """Values layout ``i`` as ``[i, -i]`` (two actions) for ``cost[i]`` positions, or past
    its budget (None) where ``cost[i]`` exceeds the layout's budget; records each call."""

    def __init__(self, cost: Sequence[int]) -> None:
        self.cost = cost
        self.calls: list[tuple[int, int]] = []

    def __call__(self, layout: int, limit: int) -> tuple[list[float] | None, int]:
        self.calls.append((layout, limit))
        if self.cost[layout] > limit:
            return None, limit  # a search stops where its budget ends
        return [float(layout), -float(layout)], self.cost[layout]


def test_every_layout_is_valued_under_the_budget() -> None:
    """Cheap layouts: all ``n`` valued, in the order drawn, each with the layout budget;
    one array per action, a column of the table."""
    value = FakeValuer([5] * 6)
    budget = LayoutBudget(per_layout=10, most=1_000, fewest=2, layout=50)
    got = value_within([3, 1, 4, 0, 5, 2], value, 6, budget)
    assert got is not None
    assert got.layouts == [3, 1, 4, 0, 5, 2]
    assert got.table.tolist() == [[x, -x] for x in (3.0, 1.0, 4.0, 0.0, 5.0, 2.0)]
    assert got.nodes == 30 and got.left_out == 0
    assert value.calls == [(x, 50) for x in [3, 1, 4, 0, 5, 2]]
    columns = per_action(got)
    assert columns is not None and len(columns) == 2
    assert columns[0].tolist() == [3.0, 1.0, 4.0, 0.0, 5.0, 2.0]
    assert columns[1].tolist() == [-3.0, -1.0, -4.0, -0.0, -5.0, -2.0]


def test_past_the_call_budget_only_after_the_fewest_layouts() -> None:
    """The first layout alone spends the call's budget (6 layouts × 10 positions), yet
    layouts are started until ``fewest`` are valued, and then no more."""
    value = FakeValuer([100] * 6)
    budget = LayoutBudget(per_layout=10, most=1_000, fewest=3, layout=500)
    got = value_within(range(6), value, 6, budget)
    assert got is not None and got.layouts == [0, 1, 2]
    assert [layout for layout, _ in value.calls] == [0, 1, 2]
    assert got.nodes == 300 and got.left_out == 0


def test_the_call_budget_is_at_most_most() -> None:
    """``n * per_layout`` is capped at ``most``: 30 positions a layout, 100 at most, stops
    after the fourth layout (120 ≥ 100) though 10 layouts × 1,000 would allow all."""
    assert LayoutBudget(1_000, 100, 1, 50).for_call(10) == 100
    assert LayoutBudget(10, 100, 1, 50).for_call(3) == 30
    value = FakeValuer([30] * 10)
    got = value_within(range(10), value, 10, LayoutBudget(1_000, 100, 1, 50))
    assert got is not None and got.layouts == [0, 1, 2, 3] and got.nodes == 120


def test_a_layout_past_its_own_budget_is_left_out_and_its_positions_spent() -> None:
    """Layouts 1 and 3 run past the layout budget (40): left out and counted, their 40
    positions each counted against the call, so the call stops sooner than it would
    without them (budget 100: 10 + 40 + 10 + 40 = 100 after four layouts)."""
    value = FakeValuer([10, 90, 10, 90, 10, 10])
    budget = LayoutBudget(per_layout=20, most=1_000, fewest=1, layout=40)
    got = value_within(range(6), value, 5, budget)
    assert got is not None
    assert got.layouts == [0, 2] and got.table[:, 0].tolist() == [0.0, 2.0]
    assert got.left_out == 2 and got.nodes == 100
    assert [layout for layout, _ in value.calls] == [0, 1, 2, 3]


def test_no_layout_valued_gives_none() -> None:
    """Every layout past its budget, or none drawn: None (the caller's rollouts serve)."""
    value = FakeValuer([90, 90, 90])
    assert value_within(range(3), value, 3, LayoutBudget(10, 1_000, 1, 40)) is None
    assert [layout for layout, _ in value.calls] == [0, 1, 2]  # each one tried
    assert value_within([], FakeValuer([]), 3, LayoutBudget(10, 1_000, 1, 40)) is None
    assert per_action(None) is None


def test_any_iterable_of_layouts_is_read_in_order() -> None:
    """Layouts from a generator (read once, one at a time) are valued in the order drawn,
    and the table's rows and the layouts kept follow it."""

    def layouts() -> Iterator[int]:
        yield from [7, 2, 9, 4, 8]

    value = FakeValuer([0] * 10)
    got = value_within(layouts(), value, 2, LayoutBudget(0, 0, 3, 5))
    assert got is not None and got.layouts == [7, 2, 9]
    assert [layout for layout, _ in value.calls] == [7, 2, 9]
    assert np.array_equal(got.table[:, 0], [7.0, 2.0, 9.0])


class SlowValuer(FakeValuer):
    """A :class:`FakeValuer` whose layouts take different times, so threads finish out of
    the order drawn."""

    def __call__(self, layout: int, limit: int) -> tuple[list[float] | None, int]:
        time.sleep(0.002 * ((layout * 7) % 5))
        return super().__call__(layout, limit)


@pytest.mark.parametrize(("cost", "budget", "n"), [
    ([5] * 9, LayoutBudget(10, 1_000, 2, 50), 9),
    ([100] * 9, LayoutBudget(10, 1_000, 3, 500), 6),
    ([30] * 12, LayoutBudget(1_000, 100, 1, 50), 10),
    ([10, 90, 10, 90, 10, 10, 10, 90], LayoutBudget(20, 1_000, 1, 40), 5),
    ([90] * 5, LayoutBudget(10, 1_000, 1, 40), 5),
])
def test_threads_value_the_same_layouts_as_one_thread(cost: list[int], budget: LayoutBudget,
                                                      n: int) -> None:
    """On 2 or 3 threads a call keeps the same layouts, rows, positions and left-out count
    as on one (the budget is read in the order drawn, whichever thread finishes first); it
    starts at most one layout a thread beyond those one thread values."""
    one = SlowValuer(cost)
    want = value_within(range(len(cost)), one, n, budget)
    for workers in (2, 3):
        value = SlowValuer(cost)
        got = value_within(range(len(cost)), value, n, budget, workers)
        if want is None:
            assert got is None
        else:
            assert got is not None and got.layouts == want.layouts
            assert np.array_equal(got.table, want.table)
            assert (got.nodes, got.left_out) == (want.nodes, want.left_out)
        started = sorted(layout for layout, _ in value.calls)
        assert started[:len(one.calls)] == [layout for layout, _ in one.calls]
        assert len(started) <= len(one.calls) + workers


def test_a_layout_that_values_layouts_of_its_own_on_the_pool_does_not_wait_for_ever() -> None:
    """A valuer whose layout values layouts itself (nested calls on the shared threads)
    finishes: the inner call runs on the outer one's thread."""
    def outer(layout: int, limit: int) -> tuple[list[float] | None, int]:
        inner = value_within(range(6), SlowValuer([1] * 6), 6,
                             LayoutBudget(10, 1_000, 1, 50), THREADS + 1)
        assert inner is not None
        return [float(layout + inner.table[:, 0].sum())], 1

    done: list[object] = []
    runner = threading.Thread(target=lambda: done.append(
        value_within(range(8), outer, 8, LayoutBudget(10, 1_000, 1, 50), THREADS + 1)))
    runner.start()
    runner.join(timeout=60)
    assert not runner.is_alive() and done and done[0] is not None
    got = done[0]
    assert isinstance(got, Valued) and got.table[:, 0].tolist() == [x + 15.0 for x in range(8)]


def test_searches_side_by_side_keep_their_order_and_errors() -> None:
    """A layout's own searches spread over threads (``side_by_side``): the answers in the
    order asked, whatever finishes first; an error of one reaches the caller; called from
    the layouts' threads (each layout spreading its searches) every call finishes."""
    def slow(x: int) -> int:
        time.sleep(0.002 * (5 - x % 5))  # the first asked finish last
        return x * x

    assert side_by_side(slow, list(range(10)), 2) == [x * x for x in range(10)]
    assert side_by_side(slow, list(range(10)), 1) == [x * x for x in range(10)]

    def fails(x: int) -> int:
        if x == 3:
            raise ValueError("layout 3")
        return x

    with pytest.raises(ValueError, match="layout 3"):
        side_by_side(fails, list(range(6)), 2)

    def outer(layout: int, limit: int) -> tuple[list[float] | None, int]:
        return [float(sum(side_by_side(slow, list(range(layout + 2)), THREADS + 1)))], 1

    done: list[object] = []
    runner = threading.Thread(target=lambda: done.append(
        value_within(range(8), outer, 8, LayoutBudget(10, 1_000, 1, 50), THREADS + 1)))
    runner.start()
    runner.join(timeout=60)
    assert not runner.is_alive() and done and isinstance(done[0], Valued)
    assert done[0].table[:, 0].tolist() == [float(sum(x * x for x in range(k + 2)))
                                            for k in range(8)]
