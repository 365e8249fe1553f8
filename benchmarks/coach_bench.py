"""The coach's quality and speed: how often the hint names a best that a longer look
disowns (bad advice), how often the first bars name a best the refined bars drop (flips),
and how long each round takes.

    python benchmarks/coach_bench.py                  # 30 decisions per game and kind
    python benchmarks/coach_bench.py --decisions 100 --markdown out.md

For each game (its default table), seeded deals are played by the heuristic bots, and the
decisions of one seat that the coach values (``cardlab.sim.advice.valued_options``: card
plays, calls, choices before the play) are collected, a few per deal. At each one the
hint is asked as the table asks it (``HINT_ROUNDS``: the first bars, then the refined
ones), and a reference is asked with many more layouts and another seed.

* **Flip**: the first bars name a clear best that the refined bars do not keep among the
  options within reach of their best.
* **Bad advice**: the refined bars name a clear best whose reference value lies below the
  reference's best by more than the game's first grade (an inaccuracy,
  ``GameSpec.coach_grades``).
* Rates carry a 95% Wilson interval. Latencies are the median and max of each round.

The reference is the same evaluator with more layouts, so "bad advice" measures the
hint's sampling error, not the evaluator's own bias (open hands and rollouts are each
biased in their own way; the bots' strength table, ``bots_bench.py``, measures play).
Benchmarks are not tests: nothing here asserts.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.bots import bot_for  # noqa: E402
from cardlab.sim.advice import advise, valued_options  # noqa: E402
from cardlab.widgets._advice import HINT_ROUNDS  # noqa: E402

GAMES = ("five_hundred", "officer_skat", "pandoeren", "panfin")
#: layouts of the reference, per kind (several times the hint's last round)
REFERENCE = {"play": 400, "call": 120, "choice": 60}


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``k`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def decisions(name: str, want: int, per_deal: int = 3) -> dict[str, list[Any]]:
    """Up to ``want`` decision states per kind, from seeded bot-played deals."""
    game = cardlab.load(name)
    out: dict[str, list[Any]] = {"play": [], "call": [], "choice": []}
    seed = 0
    while min(len(v) for v in out.values()) < want and seed < 40 * want:
        seed += 1
        s = game.deal(seed=seed, dealer=seed % game.players)
        bots = [bot_for(name, "heuristic", seed=seed * 10 + i) for i in range(game.players)]
        taken = 0
        while not s.is_over:
            kind, options = valued_options(s)
            if (kind and len(options) > 1 and s.to_move == seed % game.players
                    and len(out[kind]) < want and taken < per_deal):
                out[kind].append(s)
                taken += 1
            s = s.apply(bots[s.to_move].choose(s))
        if seed > 4 * want and all(len(v) == 0 for k, v in out.items() if k != "play"):
            break  # a game without calls or choices the coach values
    return out


def measure(name: str, kind: str, states: list[Any]) -> dict[str, Any]:
    """Flips, bad advice and latencies over ``states``."""
    grade = cardlab.load(name).spec.coach_grades[0]
    rounds = HINT_ROUNDS[kind]
    flips = named_first = bad = named = 0
    first_ms: list[float] = []
    last_ms: list[float] = []
    methods: set[str] = set()
    for s in states:
        t0 = time.perf_counter()
        first = advise(s, n=rounds[0], seed=0)
        first_ms.append(1000 * (time.perf_counter() - t0))
        t0 = time.perf_counter()
        last = advise(s, n=rounds[-1], seed=0)
        last_ms.append(1000 * (time.perf_counter() - t0))
        ref = advise(s, n=REFERENCE[kind], seed=99)
        if first is None or last is None or ref is None:
            continue
        methods.add(last.method)
        if first.clear_best is not None:
            named_first += 1
            if first.clear_best not in last.close:
                flips += 1
        if last.clear_best is not None:
            named += 1
            top = max(ref.values.values())
            if ref.values[last.clear_best] < top - grade:
                bad += 1
    return {"n": len(states), "named_first": named_first, "flips": flips, "named": named,
            "bad": bad, "first_ms": first_ms, "last_ms": last_ms,
            "method": "/".join(sorted(methods))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=30, help="decisions per game and kind")
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--markdown", help="also write the table to this file")
    args = ap.parse_args(argv)
    lines = ["| game | kind | valued by | decisions | flips (of first bests) | bad advice (of "
             "bests named) | first bars ms (median / max) | refined bars ms (median / max) |",
             "|---|---|---|---:|---|---|---|---|"]
    for name in args.games:
        for kind, states in decisions(name, args.decisions).items():
            if not states:
                continue
            r = measure(name, kind, states)
            flo, fhi = wilson(r["flips"], r["named_first"])
            blo, bhi = wilson(r["bad"], r["named"])
            lines.append(
                f"| {name} | {kind} | {r['method']} | {r['n']} | {r['flips']}/{r['named_first']}"
                f" ({100 * flo:.0f}-{100 * fhi:.0f}%) | {r['bad']}/{r['named']} "
                f"({100 * blo:.0f}-{100 * bhi:.0f}%) | {statistics.median(r['first_ms']):.0f} / "
                f"{max(r['first_ms']):.0f} | {statistics.median(r['last_ms']):.0f} / "
                f"{max(r['last_ms']):.0f} |")
            print(lines[-1], flush=True)
    text = "\n".join(lines)
    print("\n" + text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
