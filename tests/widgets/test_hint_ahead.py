"""A slow hint's first round valued ahead (cardlab.widgets._hint_ahead): the worker hands a
click exactly what the click would have computed, and the table starts it only on the
learner's turn at a Five Hundred bid or card (a search that lets other threads run), once a
front end draws it."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import cardlab
from cardlab.widgets import Table
from cardlab.widgets._hint_ahead import HintAhead


class Gate:
    """A valuation that waits until released, and counts its calls."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls: list[tuple[Any, int, int]] = []

    def __call__(self, state: Any, n: int, seed: int) -> Any:
        self.calls.append((state, n, seed))
        self.started.set()
        assert self.release.wait(10)
        if n < 0:
            raise ValueError("n must be positive")
        return ("advice", state, n, seed)


def test_a_round_asked_ahead_is_taken_once_done() -> None:
    gate = Gate()
    ahead = HintAhead(gate)
    state = object()
    ahead.ask(state, 4, 0)
    assert gate.started.wait(10)
    gate.release.set()
    assert ahead.take(state, 4, 0) == (True, ("advice", state, 4, 0))
    assert ahead.taken == 1
    ahead.ask(state, 4, 0)  # the same round again: valued once
    assert len(gate.calls) == 1


def test_another_round_or_state_is_not_taken() -> None:
    gate = Gate()
    gate.release.set()
    ahead = HintAhead(gate)
    state = object()
    ahead.ask(state, 4, 0)
    assert ahead.take(state, 4, 0)[0]
    assert ahead.take(state, 8, 0) == (False, None)
    assert ahead.take(state, 4, 1) == (False, None)
    assert ahead.take(object(), 4, 0) == (False, None)  # an equal-looking other state
    assert ahead.taken == 1


def test_a_click_waits_for_the_round_being_valued() -> None:
    gate = Gate()
    ahead = HintAhead(gate)
    state = object()
    ahead.ask(state, 4, 0)
    assert gate.started.wait(10)
    got: list[Any] = []
    clicker = threading.Thread(target=lambda: got.append(ahead.take(state, 4, 0)))
    clicker.start()
    clicker.join(0.2)
    assert clicker.is_alive()  # still valuing: the click waits for it
    gate.release.set()
    clicker.join(10)
    assert got == [(True, ("advice", state, 4, 0))]


def test_the_newest_ask_replaces_one_not_begun_and_a_click_drops_its_own() -> None:
    gate = Gate()
    ahead = HintAhead(gate)
    first, second, third = object(), object(), object()
    ahead.ask(first, 4, 0)
    assert gate.started.wait(10)
    ahead.ask(second, 4, 0)  # waits behind the first …
    ahead.ask(third, 4, 0)  # … and is replaced by the newest
    assert ahead.take(third, 4, 0) == (False, None)  # not begun: the click values it itself
    gate.release.set()
    assert ahead.take(first, 4, 0)[0]
    for _ in range(100):  # the worker stops once nothing is asked
        if ahead._thread is None:
            break
        threading.Event().wait(0.05)
    assert [c[0] for c in gate.calls] == [first]


def test_an_error_reaches_the_click_that_asks() -> None:
    gate = Gate()
    gate.release.set()
    ahead = HintAhead(gate)
    state = object()
    ahead.ask(state, -1, 0)
    with pytest.raises(ValueError, match="n must be positive"):
        ahead.take(state, -1, 0)


def _auction() -> Any:
    game = cardlab.load("five_hundred")
    state = game.deal(seed=7, dealer=3)
    assert state.phase == "auction"
    return state


def test_the_table_values_ahead_only_once_drawn_and_gives_the_same_bars() -> None:
    # 5H-4 (the auction): a bid's first bars, valued with open hands (issue 29)
    state = _auction()
    drawn = Table(state, seat=state.to_move, bot_delay=0)
    plain = Table(state, seat=state.to_move, bot_delay=0)
    assert drawn._ahead._thread is None  # nothing until a front end draws it
    drawn.handle({"type": "on_screen"})
    ahead = drawn._ahead
    assert any(x is not None for x in (ahead._pending, ahead._running, ahead._done))
    plain.hint()
    drawn.hint()
    assert drawn._ahead.taken == 1
    assert plain._ahead.taken == 0 and plain._ahead._thread is None
    assert drawn.view["hint"] == plain.view["hint"]


def test_a_card_play_is_valued_ahead_too() -> None:
    # 5H-7 (the play): an opening lead's first bars are a search per layout (some 0.2 s)
    from cardlab.bots import bot_for

    state = _auction()
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
    while state.phase != "play" or state.to_move != 0:
        state = state.apply(bots[state.to_move].choose(state))
    drawn = Table(state, seat=0, bot_delay=0)
    plain = Table(state, seat=0, bot_delay=0)
    drawn.handle({"type": "on_screen"})
    plain.hint()
    drawn.hint()
    assert drawn._ahead.taken == 1
    assert drawn.view["hint"] == plain.view["hint"]


def test_no_round_ahead_off_the_learners_turn_or_where_the_search_holds_the_thread() -> None:
    # stepping through a record asks no hint; another game's solver holds the GIL while it
    # searches (a round ahead would hold up the table's own clicks), so none is started
    state = _auction()
    review = Table(state, seat=state.to_move, mode="review", bot_delay=0)
    review.handle({"type": "on_screen"})
    assert review._ahead._thread is None  # stepping through a record: no hint asked
    skat = cardlab.load("officer_skat").deal(seed=4, dealer=0)
    table = Table(skat, seat=skat.to_move, bot_delay=0)
    table.handle({"type": "on_screen"})
    assert table._ahead._thread is None
    from cardlab.bots import bot_for
    from cardlab.sim.advice import valued_by

    game = cardlab.load("pandoeren")
    s = game.deal(seed=3)
    bots = [bot_for("pandoeren", "heuristic", seed=i) for i in range(game.players)]
    while valued_by(s) != "open hands" or len(s.legal_actions()) < 2:
        s = s.apply(bots[s.to_move].choose(s))
    table = Table(s, seat=s.to_move, bot_delay=0)  # its cards valued with open hands …
    table.handle({"type": "on_screen"})
    assert table._ahead._thread is None  # … by a search that holds the thread


def test_a_round_that_leaves_an_option_out_keeps_the_bars_before(monkeypatch: Any) -> None:
    # a refinement round whose layouts left passing unvalued (its deal past the solver's
    # budget) cannot be pooled with rounds that value it: the bars stay those before
    import dataclasses

    from cardlab.widgets import _table_coach

    state = _auction()
    table = Table(state, seat=state.to_move, bot_delay=0)
    table.hint()
    before = table.view["hint"]
    assert "pass" in {b["action"] for b in before["bars"]}
    _, first, _, _ = table._hint

    def without_pass(s: Any, n: int, seed: int) -> Any:
        keep = [a for a in first.values if a != "pass"]
        return dataclasses.replace(first, values={a: first.values[a] for a in keep},
                                   stderr={a: first.stderr[a] for a in keep},
                                   samples={a: first.samples[a] for a in keep})

    monkeypatch.setattr(_table_coach, "hint_round_value", without_pass)
    table.handle({"type": "hint_more", "step": table.step})
    assert table._hint[3] == 1  # the round was taken …
    assert table._hint[1] is first  # … and left out: the bars are the first round's
    assert {b["action"] for b in table.view["hint"]["bars"]} == \
        {b["action"] for b in before["bars"]}
