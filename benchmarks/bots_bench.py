"""How strong is each bot level? One table per game (#30).

* **Duplicate deals.** Each deal is played twice with the same cards and dealer: level A
  in the even seats and level B in the odd ones, then the other way round, so the luck of
  the cards cancels. A deal's difference is A's points minus B's (summed over the sides
  each holds: Five Hundred NS against EW, Officer Skat the two players, Pandoeren and Panfin
  seats 0 and 2 against 1 and 3), averaged over the two arrangements; the table gives its
  mean with a 95% interval, for expert vs heuristic and heuristic vs random.
* **Matches.** Whole matches (``game.match``) with A in the even seats in half of them and
  in the odd seats in the other half: A's share of the wins with its 95% interval.
* **Bad calls.** Each call a level makes in the auction (a bid, a pass, a choice of game, a
  Pandoeren contract), or in Panfin, which has no auction, each declaration (fold, tengo
  with its exchange, servito), valued by the coach's evaluator
  (:func:`cardlab.sim.advice.advise`): bad when it is worth less than the best call by more
  than the contract's worth (the largest that call scores or loses on any layout; for a
  pass, which makes no contract, the best call's), a call the evaluator leaves out (a pass
  it does not value) counting 0. Five Hundred's and Pandoeren's passes are valued (the
  others' auction played on), so there a pass is judged by its own value.

``--small`` is the size CI runs (``tests/bots/test_bots_strength.py``); the default size is
what ``benchmarks/RESULTS.md`` quotes. Every number comes from fixed seeds.

    python benchmarks/bots_bench.py [--small] [--games five_hundred,panfin] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

import cardlab
import cardlab.sim  # noqa: F401  (registers the simulators the expert needs)
from cardlab.bots import bot_for, play_out
from cardlab.engine.rng import derive_seed
from cardlab.sim.advice import advise

GAMES = ("five_hundred", "officer_skat", "pandoeren", "panfin")
#: pairs compared: (A, B)
PAIRS = (("expert", "heuristic"), ("heuristic", "random"))
#: sizes: duplicate deals per pair, matches per pair, deals per match, calls valued per level
SIZES = {"small": {"deals": 6, "matches": 2, "match_deals": 1, "calls": 6},
         "full": {"deals": 200, "matches": 200, "match_deals": 4, "calls": 200}}
#: duplicate deals in the small size where a deal against the expert is slow (Five Hundred's
#: expert values its bids and cards on the open-hands solver; Pandoeren's plays each of its
#: forty contracts out and finishes it open at every call)
SMALL_DEALS = {"five_hundred": 3, "pandoeren": 3}
Z95 = 1.959964
SEED = 2026_12_05


def _sides(game: Any, a_even: bool) -> tuple[list[str], list[str]]:
    """The sides level A holds and those B holds (A in the even seats when ``a_even``)."""
    a_seats = {s for s in range(game.players) if (s % 2 == 0) == a_even}
    a = [n for n, seats in game.sides.items() if set(seats) <= a_seats]
    b = [n for n, seats in game.sides.items() if not set(seats) & a_seats]
    return a, b


def _bots(name: str, game: Any, a: str, b: str, a_even: bool, seed: int) -> list[Any]:
    return [bot_for(name, a if (s % 2 == 0) == a_even else b, seed=derive_seed(seed, s))
            for s in range(game.players)]


def small_deals(name: str) -> int:
    """Duplicate deals per pair in the small size (what CI runs)."""
    return SMALL_DEALS.get(name, SIZES["small"]["deals"])


def duplicate_deal(name: str, a: str, b: str, k: int, seed: int = SEED) -> float:
    """Deal ``k``: A's points minus B's, averaged over both arrangements of the seats."""
    game = cardlab.load(name)
    s = derive_seed(seed, k)
    both = 0.0
    for a_even in (True, False):
        end = play_out(game.deal(seed=s, dealer=k % game.players),
                       _bots(name, game, a, b, a_even, s))
        pa, pb = _sides(game, a_even)
        pts = end.result.points
        both += sum(pts[x] for x in pa) - sum(pts[x] for x in pb)
    return both / 2


def duplicate(name: str, a: str, b: str, deals: int, seed: int = SEED,
              workers: int = 1) -> list[float]:
    """Per deal: A's points minus B's, averaged over both arrangements of the seats."""
    return _map(duplicate_deal, [(name, a, b, k, seed) for k in range(deals)], workers)


def match(name: str, a: str, b: str, k: int, max_deals: int, seed: int = SEED) -> float:
    """Match ``k``: A's share of the win (0.5 for a tie or a match unfinished after
    ``max_deals``), A in the even seats in even-numbered matches."""
    game = cardlab.load(name)
    s = derive_seed(seed + 1, k)
    a_even = k % 2 == 0
    m = game.match(seed=s, dealer=k % game.players)
    m.play(_bots(name, game, a, b, a_even, s), max_deals=max_deals)
    if m.is_over and m.winner:
        pa, _ = _sides(game, a_even)
        won = [w for w in m.winner.split(", ") if w in game.sides]
        return sum(w in pa for w in won) / max(1, len(won))
    scores = m.scores  # unfinished: who leads
    pa, pb = _sides(game, a_even)
    lead = sum(scores.get(x, 0) for x in pa) - sum(scores.get(x, 0) for x in pb)
    return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5


def matches(name: str, a: str, b: str, n: int, max_deals: int, seed: int = SEED,
            workers: int = 1) -> list[float]:
    """Per match: A's share of the win (:func:`match`)."""
    return _map(match, [(name, a, b, k, max_deals, seed) for k in range(n)], workers)


def _map(fn: Any, args: list[tuple[Any, ...]], workers: int) -> list[float]:
    """``fn`` over ``args`` in order: here, or spread over ``workers`` local processes by
    Dask (each deal and match seeded by its number, so the results are the same)."""
    if workers <= 1 or len(args) <= 1:
        return [fn(*x) for x in args]
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        futures = [client.submit(fn, *x, pure=False) for x in args]
        return [float(f.result()) for f in futures]


#: the games whose calls the evaluator values: their auction calls (bids as contracts; a
#: choice of game; Pandoeren's contracts, each played out as the contract), or the phase in
#: which a seat declares itself in or out (Panfin's fold, tengo with its discards, or
#: servito; the evaluator values them as choices, each played out to the end of the deal)
CALLS_VALUED = ("five_hundred", "officer_skat", "pandoeren", "panfin")
DECLARATION_PHASE = {"panfin": "declare"}


def bad_calls(name: str, level: str, calls: int, seed: int = SEED, n: int = 24
              ) -> tuple[int, int]:
    """(bad, valued): the level's calls the evaluator values (its auction calls, or its
    declarations where the game has them instead), and the bad ones."""
    if name not in CALLS_VALUED:
        return 0, 0
    game = cardlab.load(name)
    bad = valued = 0
    k = 0
    while valued < calls and k < 20 * calls:
        s = derive_seed(seed + 2, k)
        st = game.deal(seed=s, dealer=k % game.players)
        bots = [bot_for(name, level, seed=derive_seed(s, p)) for p in range(game.players)]
        k += 1
        while not st.is_over and st.phase != "play" and valued < calls:
            bot = bots[st.to_move]
            advice = advise(st, n=n, seed=s) if len(st.legal_actions()) > 1 else None
            action = str(bot.choose(st))
            is_call = advice is not None and (
                advice.kind == "call" or st.phase == DECLARATION_PHASE.get(name))
            if advice is not None and is_call and st.to_move is not None:
                # a call the evaluator leaves out (passing in an auction) is worth 0
                value = advice.values.get(action, 0.0)
                best_call = advice.best
                left_out = any(str(a) not in advice.values for a in st.legal_actions())
                best = max([advice.values[best_call]] + [0.0] * left_out)
                chosen = action if action in advice.values else best_call
                # the contract's worth; a pass makes none, so the best call's is at stake
                stake = best_call if action == "pass" else chosen
                worth = float(max(abs(x) for x in advice.samples[stake])) if \
                    advice.samples else 0.0
                valued += 1
                bad += best - value > worth
            st = st.apply(action)
    return bad, valued


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval."""
    m = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, m - half, m + half


def table(name: str, size: str, workers: int = 1, **sizes: int) -> dict[str, Any]:
    """The game's rows: per pair the duplicate difference and match win rate; per level
    the bad-call share; the expert's median seconds a decision. ``sizes`` overrides the
    size's deals, matches, match_deals or calls; ``workers`` local processes play the
    duplicate deals and the matches."""
    sz = dict(SIZES[size], **sizes)
    rows: dict[str, Any] = {"game": name, "size": size, "pairs": {}, "bad": {}}
    for a, b in PAIRS:
        t0 = time.perf_counter()
        d = duplicate(name, a, b, small_deals(name) if size == "small" and "deals" not in sizes
                      else sz["deals"], workers=workers)
        w = matches(name, a, b, sz["matches"], sz["match_deals"], workers=workers)
        rows["pairs"][f"{a} vs {b}"] = {"diff": mean_ci(d), "win": mean_ci(w),
                                        "deals": len(d), "matches": len(w),
                                        "seconds": time.perf_counter() - t0}
    for level in ("expert", "heuristic"):
        bad, valued = bad_calls(name, level, sz["calls"])
        rows["bad"][level] = (bad, valued)
    rows["latency"] = latency(name, 1 if size == "small" else 4)
    return rows


def latency(name: str, deals: int) -> float:
    """The expert's median seconds a decision with more than one option."""
    game = cardlab.load(name)
    times = []
    for k in range(deals):
        st = game.deal(seed=derive_seed(SEED + 3, k))
        bots = [bot_for(name, "expert", seed=p) for p in range(game.players)]
        while not st.is_over:
            t = time.perf_counter()
            action = bots[st.to_move].choose(st)
            if len(st.legal_actions()) > 1:
                times.append(time.perf_counter() - t)
            st = st.apply(action)
    return statistics.median(times)


def render(rows: dict[str, Any]) -> str:
    """The game's table in Markdown."""
    out = [f"### {rows['game']} ({rows['size']})", "",
           "| pair | duplicate deals | mean deal difference (95% interval) | matches "
           "| A's win rate (95% interval) |", "|---|---:|---|---:|---|"]
    for pair, r in rows["pairs"].items():
        m, lo, hi = r["diff"]
        wm, wlo, whi = r["win"]
        out.append(f"| {pair} | {r['deals']} | {m:+.1f} ({lo:+.1f} to {hi:+.1f}) | "
                   f"{r['matches']} | {wm:.0%} ({max(0, wlo):.0%} to {min(1, whi):.0%}) |")
    bad = rows["bad"]
    out += ["", "| level | bad calls |", "|---|---|"]
    for level, (b, v) in bad.items():
        out.append(f"| {level} | {b}/{v}" + (f" ({b / v:.1%})" if v else " (no calls "
                                               "valued)") + " |")
    out += ["", f"Expert's median decision: {rows['latency'] * 1000:.0f} ms.", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--small", action="store_true", help="the CI size")
    parser.add_argument("--games", default=",".join(GAMES))
    for key in SIZES["full"]:
        parser.add_argument(f"--{key.replace('_', '-')}", type=int, dest=key,
                            help=f"override the size's {key} (full: {SIZES['full'][key]})")
    parser.add_argument("--workers", type=int, default=1,
                        help="local processes (Dask) for the deals and matches")
    args = parser.parse_args()
    size = "small" if args.small else "full"
    sizes = {k: getattr(args, k) for k in SIZES["full"] if getattr(args, k) is not None}
    for name in args.games.split(","):
        print(render(table(name, size, args.workers, **sizes)), flush=True)


if __name__ == "__main__":
    main()
