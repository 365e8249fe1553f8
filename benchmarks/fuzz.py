"""A bigger fuzz run of bad input (issue #18): the generator of
``tests/conformance/test_bad_input.py`` with a larger count, and a table of outcomes.

    python benchmarks/fuzz.py [--seed 18] [--count 400]

Every case must load a valid state or be refused with the documented error naming the
field; ``FAILED`` and ``HUNG`` rows (and their messages, below the table) are bugs.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = importlib.util.spec_from_file_location(
    "cardlab_bad_input", HERE.parent / "tests" / "conformance" / "test_bad_input.py")
assert SPEC is not None and SPEC.loader is not None
fuzz = importlib.util.module_from_spec(SPEC)
sys.modules[SPEC.name] = fuzz  # dataclasses look their module up
SPEC.loader.exec_module(fuzz)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=fuzz.SEED)
    parser.add_argument("--count", type=int, default=400, help="record cases per game")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    cases = list(fuzz.all_cases(args.seed, args.count))
    counts, failures = fuzz.run_batch(cases)
    took = time.perf_counter() - start
    outcomes = ("loaded", "refused", "FAILED", "HUNG")
    print(f"{'game':<14}{'kind':<8}" + "".join(f"{o:>9}" for o in outcomes))
    for game in fuzz.GAMES:
        for kind in ("record", "deal", "option"):
            row = [counts.get((game, kind, o), 0) for o in outcomes]
            print(f"{game:<14}{kind:<8}" + "".join(f"{n:>9}" for n in row))
    print(f"{len(cases)} cases in {took:.1f} s (seed {args.seed})")
    for line in failures[:50]:
        print("  ", line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
