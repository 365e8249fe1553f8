"""Whole-deal study rows (issue #19): what a teacher waits for, beside OpenSpiel's C++ loop.

* per game, the rate of a one-variant ``compare_variants`` in one process: deals per second,
  each deal whole (the seeded deal, every call, the play, the score), against OpenSpiel
  euchre's C++ ``evaluate_bots`` loop of whole games timed in the same run (target for Five
  Hundred: ≥ 1×);
* ``compare_variants`` of two Five Hundred variants over 100,000 deals (2,000 in a quick run),
  run in a child process that reports its time and its peak memory (``VmHWM``; target
  ≤ 256 MiB), and the ratio of its rate to the Five Hundred row above;
* a ``season`` of whole matches of each game (matches per second; in arrays where the
  game's simulator plays them), and Five Hundred's season on the engine beside it.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

Row = dict[str, Any]
ROOT = Path(__file__).resolve().parent.parent

#: the two variants of the big study (they differ in play, so both are played)
VARIANTS = {"standard": {}, "american": {"preset": "american"}}

_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
import cardlab.sim
t0 = time.perf_counter()
out = cardlab.sim.compare_variants("five_hundred", {variants}, n={n}, seed=1, progress=False)
took = time.perf_counter() - t0
# the peak of this program's own memory: Linux's VmHWM; ru_maxrss keeps the high-water mark
# of the parent's image forked before the exec (a benchmark run's whole process: 326 MiB for a
# study whose own peak is 149)
try:
    with open("/proc/self/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"seconds": took, "maxrss_kib": peak, "n": [r["n"] for r in out]}}))
"""


def _euchre_rate(games: int) -> float | None:
    """OpenSpiel euchre's C++ loop, whole games per second (None without open-spiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    g = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(g.num_players())]
    t0 = time.perf_counter()
    for i in range(games):
        pyspiel.evaluate_bots(g.new_initial_state(), bots, i)
    return games / (time.perf_counter() - t0)


def study_rows(quick: bool) -> list[Row]:
    """The rows above (see the module docstring)."""
    import cardlab.sim

    n = 500 if quick else 5_000
    rounds = 1 if quick else 3
    rows: list[Row] = []
    peer: list[float] = []
    rates: dict[str, list[float]] = {name: [] for name in cardlab.game_names()}
    for _ in range(rounds):  # interleaved with the peer, so a loaded machine moves both alike
        r = _euchre_rate(300 if quick else 2_000)
        if r is not None:
            peer.append(r)
        for name in rates:
            t0 = time.perf_counter()
            cardlab.sim.compare_variants(name, {"standard": {}}, n=n, seed=1, progress=False)
            rates[name].append(n / (time.perf_counter() - t0))
    peer_rate = statistics.median(peer) if peer else None
    if peer_rate is not None:
        rows.append({"benchmark": "OpenSpiel euchre: C++ loop (evaluate_bots), whole games, "
                     "interleaved with the study rows below", "value": peer_rate,
                     "unit": "games/s"})
    for name, got in rates.items():
        rate = statistics.median(got)
        target = " (target ≥ ×1)" if name == "five_hundred" else ""
        rows.append({"benchmark": f"{name}: whole-deal study rate (compare_variants, one "
                     f"variant, n={n:,}: deal, calls, play, score), one process",
                     "value": rate, "unit": "deals/s",
                     "ratio": f"×{rate / peer_rate:.3f} vs euchre C++{target}" if peer_rate
                     else ""})
    big = 2_000 if quick else 100_000
    child = _CHILD.format(root=str(ROOT), variants=repr(VARIANTS), n=big)
    proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          check=False)
    if proc.returncode == 0:
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        single = statistics.median(rates["five_hundred"])
        rate = 2 * big / got["seconds"]
        rows.append({"benchmark": f"five_hundred: compare_variants of 2 variants over {big:,} "
                     "deals (child process)", "value": got["seconds"], "unit": "s",
                     "ratio": f"{rate:,.0f} deals/s, ×{rate / single:.2f} the row above"})
        rows.append({"benchmark": f"five_hundred: peak memory of that {big:,}-deal study",
                     "value": got["maxrss_kib"] / 1024, "unit": "MiB",
                     "ratio": "target ≤ 256 MiB"})
    else:
        rows.append({"benchmark": "five_hundred: compare_variants of 2 variants",
                     "value": f"failed ({proc.stderr.strip().splitlines()[-1:]})", "unit": ""})
    rows += season_rows(quick)
    return rows


def season_rows(quick: bool) -> list[Row]:
    """Whole matches per second of each game's ``season`` (heuristic, one process): in arrays
    where the game's simulator plays matches (``"arrays"`` in the result), and Five Hundred
    on the engine too (the heuristic bots' own objects at every seat), with the ratio."""
    import cardlab.sim
    from cardlab.bots import bot_for

    rows: list[Row] = []
    for name in ("five_hundred", "officer_skat", "pandoeren", "panfin"):
        matches = 20 if quick else 400
        t0 = time.perf_counter()
        [r] = cardlab.sim.season(name, n=matches, seed=1, progress=False)
        rate = matches / (time.perf_counter() - t0)
        where = "in arrays" if r["arrays"] else "on the engine"
        rows.append({"benchmark": f"{name}: season of {matches} whole matches, heuristic, "
                     f"{where} ({r['mean_deals']:.1f} deals a match)", "value": rate,
                     "unit": "matches/s"})
        if name == "five_hundred":
            slow_n = 5 if quick else 40
            bots = [bot_for(name, "heuristic", seed=1) for _ in range(4)]
            t0 = time.perf_counter()
            cardlab.sim.season(name, n=slow_n, seed=1, bots=bots, progress=False)
            slow = slow_n / (time.perf_counter() - t0)
            rows.append({"benchmark": f"{name}: season of {slow_n} matches on the engine "
                         f"(HeuristicBot plays every card); in arrays x{rate / slow:.0f}",
                         "value": slow, "unit": "matches/s"})
    return rows
