"""Progress of a study (text, notebook bar, callback, nothing) and a clean stop on Ctrl-C."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import Any

import numpy as np
import pytest

import cardlab.sim
from cardlab.sim import progress as prog

HAND = "JK JH JD AH KH QH 10H AS KS 4D"
VARIANTS = {"standard": {}, "no_defender_points": {"defenders_score_tricks": False},
            "american": {"preset": "american"}}


def test_outside_a_notebook_no_widget_bar() -> None:
    assert prog.in_notebook() is False
    assert isinstance(prog.make_progress(None, 10, "x"), prog._Text)
    assert type(prog.make_progress(False, 10, "x")) is prog.Progress


def test_progress_default_is_silent_for_a_quick_study(capsys) -> None:
    """progress=None: nothing within the first second; False: nothing at all."""
    cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=50, seed=1)
    cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=50, seed=1, progress=False)
    assert capsys.readouterr() == ("", "")


def test_progress_default_shows_text_on_stderr_after_the_delay(capsys, monkeypatch) -> None:
    monkeypatch.setattr(prog, "DELAY", 0.0)
    cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=60, seed=1, chunk=20)
    out, err = capsys.readouterr()
    assert out == "" and "bid_odds 8H [" in err and "60/60 deals" in err


def test_progress_true_shows_text_at_once(capsys) -> None:
    cardlab.sim.compare_variants("five_hundred", {"a": {}}, n=6, seed=1, chunk=3,
                                 progress=True)
    err = capsys.readouterr().err
    assert "compare_variants five_hundred [" in err and "6/6 deals" in err


def test_progress_callback_gets_deals_done() -> None:
    seen: list[tuple[int, int]] = []
    cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=50, seed=1, chunk=20,
                         progress=lambda done, total: seen.append((done, total)))
    assert seen == [(20, 50), (40, 50), (50, 50)]


def test_notebook_bar_is_a_widget_that_hides_itself(monkeypatch) -> None:
    """In a kernel: an ipywidgets bar shown as a widget view only (no text/plain for nbval
    or a saved notebook to keep), updated per chunk, then hidden (empty model id)."""
    pytest.importorskip("ipywidgets")
    import IPython.display

    shown: list[dict[str, Any]] = []

    class Handle:
        def update(self, obj: Any, raw: bool = False) -> None:
            shown.append(obj)

    def display(obj: Any, raw: bool = False, display_id: bool = False) -> Handle:
        shown.append(obj)
        return Handle()

    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setattr(prog, "in_notebook", lambda: True)
    bar = prog.make_progress(True, 40, "compare_variants x")
    assert isinstance(bar, prog._Widget)
    bar.update(20)
    assert bar._bar.value == 20 and "20/40 deals" in bar._text.value
    bar.close(True)
    view = "application/vnd.jupyter.widget-view+json"
    assert list(shown[0]) == [view] and shown[0][view]["model_id"]
    assert shown[-1] == {view: {"version_major": 2, "version_minor": 0, "model_id": ""}}


def test_notebook_bar_waits_a_second(monkeypatch) -> None:
    monkeypatch.setattr(prog, "in_notebook", lambda: True)
    bar = prog.make_progress(None, 40, "x")
    assert isinstance(bar, prog._Widget)
    bar.update(20)  # well within the second: nothing displayed
    bar.close(True)
    assert bar.shown is False and bar._box is None


# -- interrupts -------------------------------------------------------------------------------
class Stop:
    """A progress callback that raises KeyboardInterrupt once ``after`` deals are done."""

    def __init__(self, after: int) -> None:
        self.after = after

    def __call__(self, done: int, total: int) -> None:
        if done >= self.after:
            raise KeyboardInterrupt


def test_interrupted_bid_odds_returns_the_finished_deals() -> None:
    """Ctrl-C after 2 of 5 chunks: n = 40 deals, complete=False, and the numbers are those
    of the same study with n=40."""
    part = cardlab.sim.bid_odds("five_hundred", HAND, "9H", n=100, seed=5, chunk=20,
                                progress=Stop(40))
    assert part["complete"] is False and part["n"] == 40 and part["n_requested"] == 100
    assert part["deals"] == [[0, 40]] and part["made"].shape == (40,)
    whole = cardlab.sim.bid_odds("five_hundred", HAND, "9H", n=40, seed=5, progress=False)
    assert whole["complete"] is True
    assert np.array_equal(part["tricks"], whole["tricks"]) and part["p_make"] == whole["p_make"]


def test_interrupted_compare_variants_keeps_the_variants_on_the_same_deals() -> None:
    """Two play groups (standard+rescored, american): a chunk counts once both ran it."""
    # tasks run chunk by chunk, each group's task worth 10/2 deals: stop after 2.5 chunks
    part = cardlab.sim.compare_variants("five_hundred", VARIANTS, n=50, seed=2, chunk=10,
                                        progress=Stop(25))
    whole = cardlab.sim.compare_variants("five_hundred", VARIANTS, n=20, seed=2,
                                         progress=False)
    for p, w in zip(part, whole):
        assert p["complete"] is False and p["n"] == 20 and p["deals"] == [[0, 20]]
        assert np.array_equal(p["scores"], w["scores"])
        assert p["vs_baseline"] == w["vs_baseline"]


class InterruptingExecutor(Executor):
    """Runs the first ``ok`` tasks, raises KeyboardInterrupt from the next task's result
    (as Ctrl-C while waiting on it would), and leaves the rest pending."""

    def __init__(self, ok: int) -> None:
        self.ok = ok
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        k = len(self.futures)
        if k < self.ok:
            f.set_result(fn(*args, **kwargs))
        elif k == self.ok:
            f.set_exception(KeyboardInterrupt())
        self.futures.append(f)
        return f


def test_interrupt_on_an_executor_cancels_the_pending_chunks() -> None:
    pool = InterruptingExecutor(ok=2)
    odds = cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=100, seed=3, chunk=20,
                                executor=pool, progress=False)
    assert odds["complete"] is False and odds["n"] == 40 and odds["deals"] == [[0, 40]]
    assert all(f.cancelled() for f in pool.futures[3:]) and len(pool.futures) == 5


def test_interrupt_before_any_chunk_gives_an_empty_result() -> None:
    out = cardlab.sim.compare_variants("five_hundred", {"a": {}}, n=20, seed=1, chunk=10,
                                       executor=InterruptingExecutor(ok=0), progress=False)
    assert out[0]["n"] == 0 and out[0]["scores"].shape == (0, 2) and not out[0]["complete"]
    assert out[0]["deals"] == [] and np.isnan(out[0]["contract_rate"])
    odds = cardlab.sim.bid_odds("five_hundred", HAND, "8H", n=20, chunk=10,
                                executor=InterruptingExecutor(ok=0), progress=False)
    assert odds["n"] == 0 and odds["made"].shape == (0,) and np.isnan(odds["p_make"])


def test_an_error_in_a_chunk_cancels_the_rest_and_raises() -> None:
    pool = InterruptingExecutor(ok=1)

    def boom(task: int) -> int:
        raise ValueError("bad chunk")

    with pytest.raises(ValueError, match="bad chunk"):
        prog.run_chunks(boom, [1, 2], [1, 1])
    done, complete = prog.run_chunks(lambda t: t, [1, 2, 3], [1, 1, 1], executor=pool)
    assert done == {0: 1} and complete is False


def test_a_study_imports_no_widgets_and_no_pandas() -> None:
    """Layers: sim imports ipywidgets only for a notebook bar, pandas only for as_frame."""
    import subprocess
    import sys

    code = ("import sys, cardlab.sim\n"
            "cardlab.sim.compare_variants('five_hundred', {'a': {}}, n=4, progress=True)\n"
            "bad = {'ipywidgets', 'IPython', 'anywidget', 'pandas'} & set(sys.modules)\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_an_interrupted_season_reports_the_matches_every_variant_finished() -> None:
    """A season in arrays stopped after 3 of 4 chunks (two variants, two chunks each): the
    first chunk's matches, complete=False, the numbers of the same season with n=5."""
    variants = {"500": {}, "300": {"target": 300}}
    part = cardlab.sim.season("five_hundred", variants, n=10, seed=6, chunk=5,
                              progress=Stop(15))
    whole = cardlab.sim.season("five_hundred", variants, n=5, seed=6, progress=False)
    for p, w in zip(part, whole, strict=True):
        assert p["arrays"] and p["complete"] is False and p["n"] == 5
        assert p["deals"] == [[0, 5]] and w["complete"]
        assert np.array_equal(p["deals_per_match"], w["deals_per_match"])
        assert np.array_equal(p["won"], w["won"])
