"""The coach's quality and speed: how often the hint names a best that a longer look
disowns (bad advice), how often the first bars name a best the refined bars change
(flips), how far a value shown lies from a longer look's (calibration), and how long each
round takes.

    python benchmarks/coach_bench.py                  # 30 decisions per game and kind
    python benchmarks/coach_bench.py --decisions 100 --markdown out.md

For each game (its default table), seeded deals are played by the heuristic bots, and the
decisions of one seat that the coach values (``cardlab.sim.advice.valued_options``: card
plays, calls, choices before the play) are collected, a few per deal. At each one the
hint is asked exactly as the table asks it (``hint_rounds``: the first bars, then the
refined ones; a pooled kind's rounds each with its own seed, added together; short pooled
rounds wherever the first bars were valued with open hands), and a
reference is asked with several times the layouts and another seed.

* **Flip** (issue 29's measure): of the decisions where both the first and the refined bars
  name a clear best, the share where the two differ. Beside it, the stricter count: the first
  bars name a clear best that the refined bars do not keep within reach of their best.
* **Bad advice**: the refined bars name a clear best, and another option's reference value
  beats the reference value of that best by more than their two 95% intervals together.
* **Calibration**: the mean absolute gap between the value the refined bars show for their
  best and the reference's value of the same option, in the game's unit.
* Rates carry a 95% Wilson interval. Latencies are the median and max of each round; the
  refined bars' time is the sum of the table's rounds; the longest round after the first is
  the most a click can wait behind the refinement (each round is a request of its own).

The reference is the same evaluator with more layouts, so "bad advice" and the calibration
gap measure the hint's sampling error, not the evaluator's own bias (open hands and
rollouts are each biased in their own way; the bots' strength table, ``bots_bench.py``,
measures play). Benchmarks are not tests: nothing here asserts.
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
from cardlab.engine.rng import derive_seed  # noqa: E402
from cardlab.sim.advice import Advice, advise, valued_by, valued_options  # noqa: E402
from cardlab.sim.expert import ExpertBot  # noqa: E402
from cardlab.sim.simulator import simulator_for  # noqa: E402
from cardlab.widgets._advice import (  # noqa: E402
    FINISHED_ROUNDS,
    HINT_ROUNDS,
    OPEN_HANDS_ROUNDS,
    POOLED_ROUNDS,
    hint_rounds,
)

GAMES = ("five_hundred", "officer_skat", "pandoeren", "panfin")
#: layouts of the reference, per kind (several times the hint's last round)
REFERENCE = {"play": 400, "call": 120, "choice": 60}
#: the reference player of the play-outs: the expert bot at this small budget (layouts a
#: decision, by kind), at every seat
PLAYER_BUDGET = {"play": 4, "call": 4, "choice": 4}
#: the most options played out at a decision: the coach's best and the next by its values
LEADERS = 3


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``k`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def decisions(name: str, want: int, per_deal: int = 3, play_by: str | None = None,
              kinds: tuple[str, ...] = ("play", "call", "choice")) -> dict[str, list[Any]]:
    """Up to ``want`` decision states per kind (of ``kinds``), from seeded bot-played deals;
    with ``play_by``, only card plays that the hint values that way (``"open hands"``: the
    late play where a game's solver serves)."""
    game = cardlab.load(name)
    out: dict[str, list[Any]] = {k: [] for k in kinds}
    seed = 0
    while min(len(v) for v in out.values()) < want and seed < 40 * want:
        seed += 1
        s = game.deal(seed=seed, dealer=seed % game.players)
        bots = [bot_for(name, "heuristic", seed=seed * 10 + i) for i in range(game.players)]
        taken = 0
        # the learner's seat turns round the dealer from deal to deal (a dealer's seat alone
        # would never choose Officer Skat's game: forehand does)
        learner = (seed + seed // game.players) % game.players
        while not s.is_over:
            kind, options = valued_options(s)
            if (kind in out and len(options) > 1 and s.to_move == learner
                    and len(out[kind]) < want and taken < per_deal
                    and (play_by is None or kind != "play" or valued_by(s) == play_by)):
                out[kind].append(s)
                taken += 1
            s = s.apply(bots[s.to_move].choose(s))
        if seed > 4 * want and all(len(v) == 0 for k, v in out.items() if k != "play"):
            break  # a game without calls or choices the coach values
    return out


def hint_bars(s: Any, kind: str) -> tuple[Any, Any, float, float, float]:
    """The first and the refined bars at ``s`` as the table draws them, with their ms
    (the refined: every round's, summed) and the longest later round's ms (the most a click
    waits behind the refinement: each round is a request of its own)."""
    t0 = time.perf_counter()
    first = advise(s, n=hint_rounds(kind, valued_by(s))[0][0], seed=0)
    first_ms = 1000 * (time.perf_counter() - t0)
    if first is None:
        return first, None, first_ms, first_ms, 0.0
    rounds, pooled = hint_rounds(kind, first.method)
    last, spent, longest = first, first_ms, 0.0
    for k, n in enumerate(rounds[1:], start=1):
        t0 = time.perf_counter()
        got = advise(s, n=n, seed=k if pooled else 0)
        took = 1000 * (time.perf_counter() - t0)
        spent += took
        longest = max(longest, took)
        if got is None:
            return first, None, first_ms, spent, longest
        if got.method != first.method:
            continue  # the table leaves such a round out too
        last = last.pooled(got) if pooled else got
    return first, last, first_ms, spent, longest


def _rounds(sizes: tuple[int, ...]) -> str:
    """``4+40+200``, or ``4+18×2`` for a run of equal rounds."""
    head, tail = sizes[0], sizes[1:]
    if tail and len(set(tail)) == 1:
        return f"{head}+{len(tail)}×{tail[0]}"
    return "+".join(map(str, sizes))


def measure(name: str, kind: str, states: list[Any], playouts: int = 0) -> dict[str, Any]:
    """Flips, bad advice, calibration and latencies over ``states``; with ``playouts``, the
    same against the expert's play (:func:`against_play`)."""
    flips = both_named = strict = named_first = bad = named = 0
    named_p = bad_p = 0
    gaps: list[float] = []
    gaps_p: list[float] = []
    first_ms: list[float] = []
    last_ms: list[float] = []
    round_ms: list[float] = []
    methods: set[str] = set()
    for s in states:
        first, last, f_ms, l_ms, r_ms = hint_bars(s, kind)
        first_ms.append(f_ms)
        last_ms.append(l_ms)
        round_ms.append(r_ms)
        ref = advise(s, n=REFERENCE[kind], seed=99)
        if first is None or last is None or ref is None:
            continue
        methods.add(last.method)
        if first.clear_best is not None:
            named_first += 1
            if first.clear_best not in last.close:
                strict += 1
            if last.clear_best is not None:
                both_named += 1
                if first.clear_best != last.clear_best:
                    flips += 1
        best = last.clear_best
        if best is not None and best in ref.values:
            named += 1
            # beaten by more than the two intervals together: a's low end above best's high end
            if any(ref.interval(a)[0] > ref.interval(best)[1] for a in ref.values if a != best):
                bad += 1
        top = last.best
        if top in ref.values:
            gaps.append(abs(last.values[top] - ref.values[top]))
        played = against_play(s, last, playouts, seed=7) if playouts else None
        if played is not None:
            mean, half = played["mean"], played["half"]
            gaps_p.append(abs(last.values[top] - mean[top]))
            if best is not None and best in mean:
                named_p += 1
                if any(mean[a] - half[a] > mean[best] + half[best] for a in mean if a != best):
                    bad_p += 1
    return {"n": len(states), "named_first": named_first, "flips": flips,
            "both_named": both_named, "strict": strict, "named": named, "bad": bad,
            "gap": statistics.mean(gaps) if gaps else math.nan,
            "named_p": named_p, "bad_p": bad_p,
            "gap_p": statistics.mean(gaps_p) if gaps_p else math.nan, "played": bool(gaps_p),
            "first_ms": first_ms, "last_ms": last_ms, "round_ms": round_ms, "method": "/".join(sorted(methods))}


def played_value(end: Any, seat: int, kind: str, method: str) -> float:
    """The learner's result of a finished deal in the measure the coach's values are in (each
    game's hint module says which), so that a value and its played-out mean compare:

    * Five Hundred: the side's points less the mean of the other sides' (its bids and
      passing valued with open hands, ``sim.five_hundred.open_bids``, its cards, and the
      rollouts' values);
    * Officer Skat: the learner's points less the opponent's (rollouts and open hands);
    * Pandoeren: the declaring side's points, for the learner if on that side and against
      them otherwise (a call, passing among them: what the learner is paid, nothing as a
      defender), or under zero-sum scoring the learner's own points;
    * Panfin: the learner's own net chips for the deal.
    """
    sides = end.game.sides
    mine = next(name for name, seats in sides.items() if seat in seats)
    points = end.result.points
    name = end.game.name
    if name == "panfin":
        return float(points[mine])
    if name == "pandoeren":
        if end.game.options.scoring == "zero_sum_per_opponent":
            return float(points[mine])
        if end.declarer is None:  # all four passed: annulled, nobody scores
            return 0.0
        declaring = next(n for n, seats in sides.items() if end.declarer in seats)
        if seat in end.team():
            return float(points[declaring])
        # a call's value is what the learner is paid (a defender: nothing); a card's, the
        # declaring side's points against her
        return 0.0 if kind == "call" else -float(points[declaring])
    others = [float(points[n]) for n in sides if n != mine]
    return float(points[mine]) - (sum(others) / len(others) if others else 0.0)


def play_out(s: Any, option: str, states: list[Any], kind: str, method: str, seed: int
             ) -> list[float]:
    """``option`` taken in each of ``states`` (whole deals consistent with what the seat to
    move at ``s`` sees), a bid standing as the contract (every other seat passing, as the
    coach values a bid; after a pass the others bid on, as the coach values passing), then
    the deal played to its end by the expert at every seat."""
    seat = s.to_move
    out = []
    for i, t in enumerate(states):
        u = t.apply(option)
        bots: dict[int, ExpertBot] = {}
        while not u.is_over:
            if option.startswith("bid ") and u.phase in ("auction", "bidding") and \
                    any(str(a) == "pass" for a in u.legal_actions()) and u.to_move != seat:
                u = u.apply("pass")
                continue
            who = u.to_move
            if who not in bots:
                bots[who] = ExpertBot(u.game.name, seed=derive_seed(seed, i, who),
                                      samples=PLAYER_BUDGET)
            u = u.apply(bots[who].choose(u))
        out.append(played_value(u, seat, kind, method))
    return out


def against_play(s: Any, last: Advice, playouts: int, seed: int) -> dict[str, Any] | None:
    """The coach's leading options at ``s`` played out by the expert over ``playouts``
    fresh whole deals (the game's ``sample_states``), or None where the game samples none."""
    sim = simulator_for(s.game)
    if sim.sample_states is None:
        return None
    ranked = sorted(last.values, key=lambda a: -last.values[a])[:LEADERS]
    try:
        states = sim.sample_states(s, playouts, seed)
    except (ValueError, NotImplementedError):
        return None  # a moment the game's sampler does not serve (a phase it does not sample)
    got = {a: play_out(s, a, states, last.kind, last.method, seed) for a in ranked}
    mean = {a: statistics.mean(v) for a, v in got.items()}
    half = {a: 1.96 * statistics.stdev(v) / math.sqrt(len(v)) if len(v) > 1 else math.inf
            for a, v in got.items()}
    return {"mean": mean, "half": half, "best": ranked[0]}


def rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} ({100 * lo:.0f}-{100 * hi:.0f}%)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=30, help="decisions per game and kind")
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--markdown", help="also write the table to this file")
    ap.add_argument("--playouts", type=int, default=0,
                    help="whole deals a leading option is played out on by the expert "
                         "(0: no play-outs; games without sample_states are left out)")
    ap.add_argument("--kinds", nargs="*", default=["play", "call", "choice"],
                    help="the kinds of decision measured")
    ap.add_argument("--play-by", choices=["open hands", "rollouts"],
                    help="only card plays the hint values this way (e.g. the late play, where "
                         "each game's solver serves)")
    args = ap.parse_args(argv)
    sizes = ", ".join(f"{k} {_rounds(v)}{' pooled' if k in POOLED_ROUNDS else ''}"
                      for k, v in HINT_ROUNDS.items())
    sizes += "; with open hands (pooled): " + ", ".join(
        f"{k} {_rounds(v)}" for k, v in OPEN_HANDS_ROUNDS.items())
    sizes += "; by the bots, then open hands (pooled): " + ", ".join(
        f"{k} {_rounds(v)}" for k, v in FINISHED_ROUNDS.items())
    refs = ", ".join(f"{k} {v}" for k, v in REFERENCE.items())
    print(f"decisions per game and kind: {args.decisions}; hint layouts by round: {sizes}; "
          f"reference layouts: {refs}; play-outs: {args.playouts} whole deals for each of the "
          f"{LEADERS} leading options, the expert at every seat with "
          f"{', '.join(f'{k} {v}' for k, v in PLAYER_BUDGET.items())} layouts a decision",
          flush=True)
    lines = ["| game | kind | valued by | decisions | flips (both bars name a best) | first best "
             "dropped | bad advice (of bests named) | calibration gap | first bars ms "
             "(median / max) | refined bars ms (median / max) | longest round ms (median / max) | "
             "bad advice against play | "
             "calibration gap against play |",
             "|---|---|---|---:|---|---|---|---:|---|---|---|---|---:|"]
    for name in args.games:
        for kind, states in decisions(name, args.decisions, play_by=args.play_by,
                                      kinds=tuple(args.kinds)).items():
            if not states:
                continue
            r = measure(name, kind, states, args.playouts)
            vs_play = (f"{rate(r['bad_p'], r['named_p'])} | {r['gap_p']:.1f}" if r["played"]
                       else "not played out | ")
            lines.append(
                f"| {name} | {kind} | {r['method']} | {r['n']} | "
                f"{rate(r['flips'], r['both_named'])} | {rate(r['strict'], r['named_first'])} | "
                f"{rate(r['bad'], r['named'])} | {r['gap']:.1f} | "
                f"{statistics.median(r['first_ms']):.0f} / {max(r['first_ms']):.0f} | "
                f"{statistics.median(r['last_ms']):.0f} / {max(r['last_ms']):.0f} | "
                f"{statistics.median(r['round_ms']):.0f} / {max(r['round_ms']):.0f} | "
                f"{vs_play} |")
            print(lines[-1], flush=True)
    text = "\n".join(lines)
    print("\n" + text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
