"""cardlab benchmarks: one command, one table.

    python benchmarks/run.py            # the standard run (about a minute)
    python benchmarks/run.py --quick    # a smoke run (seconds)
    python benchmarks/run.py --markdown benchmarks/RESULTS.md   # also write the table

Rows: seeded deals per second, random playouts (deal to result) per second,
legal-action generation and apply per second for every game, SVG render time
of a table, and — where ``open-spiel`` is installed (``pip install ".[bench]"``) —
OpenSpiel's euchre and skat driven from Python and by its C++ loop in the same run,
with the ratio. Benchmarks are not tests: nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.engine.rng import SplitMix64  # noqa: E402

Row = dict[str, Any]


def timed(fn: Callable[[], int], rounds: int) -> float:
    """Median units per second of ``fn`` (which returns how many units it did)."""
    rates = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def game_rows(name: str, n: int, rounds: int) -> list[Row]:
    """Deals/s, playouts/s and actions/s for one game under its default options."""
    try:
        game = cardlab.load(name)
    except Exception as err:  # a game not landed yet is reported, not fatal
        return [{"benchmark": f"{name}", "value": f"unavailable ({type(err).__name__})",
                 "unit": "", "peer": "", "ratio": ""}]
    rng = SplitMix64(1)
    actions = [0]

    def deals() -> int:
        for s in range(n):
            game.deal(seed=s)
        return n

    def playouts() -> int:
        actions[0] = 0
        for s in range(n):
            st = game.deal(seed=s, dealer=s % game.players)
            while not st.is_over:
                st = st.apply(rng.choice(st.legal_actions()))
                actions[0] += 1
        return n

    def legal_only() -> int:
        st = game.deal(seed=3)
        k = 0
        for _ in range(n * 5):
            st.legal_actions()
            k += 1
        return k

    rate_deal = timed(deals, rounds)
    rate_play = timed(playouts, rounds)
    per_game = actions[0] / n
    rate_legal = timed(legal_only, rounds)
    return [
        {"benchmark": f"{name}: seeded deals", "value": rate_deal, "unit": "deals/s"},
        {"benchmark": f"{name}: random playouts (scalar engine)", "value": rate_play,
         "unit": "games/s"},
        {"benchmark": f"{name}: player actions (apply + legal_actions)",
         "value": rate_play * per_game, "unit": "actions/s"},
        {"benchmark": f"{name}: legal_actions at the deal", "value": rate_legal, "unit": "calls/s"},
    ]


def render_rows(rounds: int) -> list[Row]:
    """Time to draw a full table and a hand as SVG."""
    try:
        from cardlab.render import state_svg

        game = cardlab.load("five_hundred")
    except Exception as err:
        return [{"benchmark": "render", "value": f"unavailable ({type(err).__name__})",
                 "unit": ""}]
    state = game.deal(seed=1)

    def draw() -> int:
        for _ in range(20):
            state_svg(state)
        return 20

    return [{"benchmark": "five_hundred: table SVG", "value": 1000 / timed(draw, rounds),
             "unit": "ms each"}]


def openspiel_rows(n: int, rounds: int, ours: dict[str, float]) -> list[Row]:
    """OpenSpiel's euchre and skat in the same run, and our ratio against them."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return [{"benchmark": "OpenSpiel peers", "value": "not installed (pip install '.[bench]')",
                 "unit": ""}]
    import random

    rows: list[Row] = []
    for peer, mine in (("euchre", "five_hundred"), ("skat", "officer_skat")):
        g = pyspiel.load_game(peer)
        r = random.Random(0)
        count = [0]

        def py_loop(g: Any = g, r: random.Random = r, count: list[int] = count) -> int:
            count[0] = 0
            for _ in range(n):
                s = g.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        outcomes = s.chance_outcomes()
                        x, acc, pick = r.random(), 0.0, outcomes[-1][0]
                        for outcome, p in outcomes:
                            acc += p
                            if x < acc:
                                pick = outcome
                                break
                        s.apply_action(pick)
                    else:
                        s.apply_action(r.choice(s.legal_actions()))
                        count[0] += 1
            return n

        rate_py = timed(py_loop, rounds)
        per_game = count[0] / n
        bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(g.num_players())]

        def cpp_loop(g: Any = g, bots: Any = bots) -> int:
            for i in range(n):
                pyspiel.evaluate_bots(g.new_initial_state(), bots, i)
            return n

        rate_cpp = timed(cpp_loop, rounds)
        our_actions = ours.get(mine)
        rows.append({"benchmark": f"OpenSpiel {peer}: Python-driven random games",
                     "value": rate_py, "unit": "games/s"})
        rows.append({"benchmark": f"OpenSpiel {peer}: player actions (Python-driven)",
                     "value": rate_py * per_game, "unit": "actions/s",
                     "ratio": f"{mine} ×{our_actions / (rate_py * per_game):.2f}"
                     if our_actions else ""})
        rows.append({"benchmark": f"OpenSpiel {peer}: C++ loop (evaluate_bots)",
                     "value": rate_cpp, "unit": "games/s"})
    return rows


def fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:,.2f}"
    return str(v)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a few seconds: smoke run")
    ap.add_argument("--markdown", type=Path, help="also write the table to this Markdown file")
    args = ap.parse_args(argv)
    n, rounds = (20, 1) if args.quick else (200, 5)
    rows: list[Row] = []
    ours: dict[str, float] = {}
    for name in cardlab.games():
        got = game_rows(name, n, rounds)
        rows += got
        for r in got:
            if "player actions" in r["benchmark"] and isinstance(r["value"], float):
                ours[name] = r["value"]
    rows += render_rows(rounds)
    rows += openspiel_rows(max(n // 2, 10), rounds, ours)
    head = ["benchmark", "value", "unit", "ratio"]
    lines = [
        f"cardlab {cardlab.__version__} benchmarks — {datetime.date.today().isoformat()}, "
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{'quick' if args.quick else 'standard'} run ({n} games × {rounds} rounds, medians)",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "|".join("---" for _ in head) + "|",
    ]
    for r in rows:
        lines.append("| " + " | ".join(fmt(r.get(h, "")) for h in head) + " |")
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        args.markdown.write_text("# Benchmark results\n\n" + text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
