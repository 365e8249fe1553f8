"""How many tricks a Five Hundred contract's side takes in play, against what it would take
with every hand open: the calibration of :data:`cardlab.sim.five_hundred.open_bids.SHORTFALL`.

    python benchmarks/declarer_shortfall.py                 # 120 deals, the expert's play
    python benchmarks/declarer_shortfall.py --level heuristic --deals 400

Seeded four-player deals are bid by the heuristic bots (the natural contracts a hand
reaches; misère and all-pass deals are left out). At the opening lead the open-hands solver
counts the contract side's tricks with perfect play and every card seen; then the bots of
``--level`` play the deal out with the hidden cards hidden, and the tricks the side took are
counted. The shortfall is the first minus the second: mostly 0 or 1, now and then negative
(the defence gave a trick away). Its distribution is printed as the Python mapping that
``open_bids.SHORTFALL`` holds. Benchmarks are not tests: nothing here asserts.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.bots import bot_for  # noqa: E402
from cardlab.solve import compiled  # noqa: E402
from cardlab.solve.five_hundred import CompiledSearch, FiveHundredAdapter  # noqa: E402
from cardlab.solve.search import SolveBudgetExceeded  # noqa: E402


def shortfall(seed: int, level: str) -> tuple[int, int] | None:
    """(open-hands count, count taken in play) of deal ``seed``'s contract side, or None."""
    game = cardlab.load("five_hundred")
    s = game.deal(seed=seed, dealer=seed % 4)
    heuristic = [bot_for("five_hundred", "heuristic", seed=seed * 10 + i) for i in range(4)]
    while not s.is_over and s.phase != "play":
        s = s.apply(heuristic[s.to_move].choose(s))
    if s.is_over or s.misere or not compiled(s):
        return None
    ad = FiveHundredAdapter(s)
    side = next(name for name, seats in game.sides.items() if s.declarer in seats)
    try:
        count = CompiledSearch(ad, side, 5_000_000).exact(ad.root(s))
    except SolveBudgetExceeded:
        return None
    bots = [bot_for("five_hundred", level, seed=seed * 10 + i) for i in range(4)]
    u = s
    while not u.is_over:
        u = u.apply(bots[u.to_move].choose(u))
    seats, sign = ad.counted(side)
    won = collections.Counter(t.winner for t in u.tricks)
    return int(count), sign * sum(won[p] for p in seats)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=120)
    ap.add_argument("--level", default="expert", help="the bots that play the deals out")
    ap.add_argument("--first", type=int, default=1, help="the first deal's seed")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    gaps = []
    for seed in range(args.first, args.first + args.deals):
        got = shortfall(seed, args.level)
        if got is not None:
            gaps.append(got[0] - got[1])
    n = len(gaps)
    counts = collections.Counter(gaps)
    print(f"{n} contracts of {args.deals} deals, played by {args.level!r}, "
          f"{time.perf_counter() - t0:.0f} s; mean shortfall {statistics.mean(gaps):.2f} tricks")
    print("| shortfall (tricks) | deals | share |\n|---:|---:|---:|")
    for d in sorted(counts):
        print(f"| {d:+d} | {counts[d]} | {counts[d] / n:.3f} |")
    print("SHORTFALL = {" + ", ".join(f"{d}: {counts[d] / n:.3f}" for d in sorted(counts)) + "}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
