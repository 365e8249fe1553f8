"""cardlab benchmarks: one command, one table.

    python benchmarks/run.py            # the standard run (a few minutes)
    python benchmarks/run.py --quick    # a smoke run (seconds)
    python benchmarks/run.py --markdown benchmarks/RESULTS.md   # also write the table
    python benchmarks/run.py --browser  # plus click round trips in JupyterLab (~1-2 min more)

Rows: seeded deals per second, random playouts (deal to result) per second,
legal-action generation and apply per second for every game, SVG render time
of a table, and — where ``open-spiel`` is installed (``pip install ".[bench]"``) —
OpenSpiel's euchre and skat driven from Python and by its C++ loop in the same run,
with the ratio. Then the numpy batch simulator (``cardlab.sim``): random playouts of
the play phase per second at batch sizes 1k, 10k and 100k for Five Hundred and
Officer Skat beside OpenSpiel's C++ ``evaluate_bots`` loop for euchre and skat (the
ratio), the Monte Carlo hint's latency, and the memory a batch of 10k deals takes. Whole-deal
studies (``study_bench.py``): each game's ``compare_variants`` rate (deal, calls, play, score)
beside euchre's C++ loop, a 100,000-deal two-variant study's time and peak memory, a season.
Widgets (``widgets_bench.py``): a Table view and a static SVG per step for every game.
The open-hands solver (``solve_bench.py``, whose full table is in RESULTS.md): the time to
value every legal card late in a deal, for each game. With ``--browser``
(``browser_bench.py``), the click → kernel → updated view round trip
of a Table in real JupyterLab + Chromium beside a bare anywidget counter (target ≤ 1.5×).
Benchmarks are not tests: nothing here asserts on time.
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


def rollout_playouts(n: int, builtin: bool = False) -> tuple[Callable[[], int], list[int]]:
    """Five Hundred random playouts on the mutable rollout state, a new rollout per game from
    ``game.rollout(seed=s, dealer=s % players)`` (so the deal is timed too; full rules:
    auction, kitty, nomination, play and scoring) and one ``SplitMix64(0)`` per run.
    Driven step by step from Python as OpenSpiel's loop is (``rng.choice(legal_ids())``,
    ``apply_id``), or with ``builtin`` by the built-in ``play_random(rng)``, which plays the
    very same games action for action. Returns the loop (it returns the games played) and a
    counter of the player actions of its last run."""
    game = cardlab.load("five_hundred")
    players = game.players
    warm = game.rollout(seed=0)  # one deal outside the timing: the tables are made on first use
    while not warm.is_over:
        warm.apply_id(warm.legal_ids()[-1])
    count = [0]

    def step_by_step() -> int:
        rng = SplitMix64(0)
        k = 0
        for s in range(n):
            r = game.rollout(seed=s, dealer=s % players)
            while not r.is_over:
                r.apply_id(rng.choice(r.legal_ids()))
                k += 1
        count[0] = k
        return n

    def built_in() -> int:
        rng = SplitMix64(0)
        k = 0
        for s in range(n):
            k += game.rollout(seed=s, dealer=s % players).play_random(rng)
        count[0] = k
        return n

    return (built_in if builtin else step_by_step), count


#: which of our rows each OpenSpiel peer's Python-driven ratio uses
RATIO_BASIS = {"five_hundred": "rollout state: built-in random playout (play_random), then "
                               "driven step by step from Python (legal_ids + apply_id); each "
                               "timed interleaved round by round with the peer",
               "officer_skat": "scalar engine (apply + legal_actions)"}


def game_rows(name: str, n: int, rounds: int) -> list[Row]:
    """Deals/s, playouts/s and actions/s for one game under its default options (Five
    Hundred also on the rollout state, whose actions/s row comes last)."""
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

    from cardlab.bots import bot_for

    def heuristic_playouts() -> int:
        k = max(n // 4, 5)
        for s in range(k):
            bots = [bot_for(name, "heuristic", seed=s * 8 + i) for i in range(game.players)]
            st = game.deal(seed=s, dealer=s % game.players)
            while not st.is_over:
                st = st.apply(bots[st.to_move].choose(st))
        return k

    rate_deal = timed(deals, rounds)
    rate_play = timed(playouts, rounds)
    per_game = actions[0] / n
    rate_legal = timed(legal_only, rounds)
    rate_heur = timed(heuristic_playouts, rounds)
    extra: list[Row] = []
    if name == "five_hundred":
        for builtin, how in ((False, "driven step by step from Python (legal_ids + apply_id)"),
                             (True, "built-in random playout (play_random)")):
            loop, count = rollout_playouts(n * 4, builtin)
            rate_roll = timed(loop, rounds)
            extra += [
                {"benchmark": f"{name}: random playouts, rollout state, {how}",
                 "value": rate_roll, "unit": "games/s",
                 "ratio": f"×{rate_roll / rate_play:.1f} vs the scalar engine"},
                {"benchmark": f"{name}: player actions, rollout state, {how}, deal and "
                 "scoring included", "value": rate_roll * count[0] / (n * 4),
                 "unit": "actions/s"},
            ]
    return [
        {"benchmark": f"{name}: seeded deals", "value": rate_deal, "unit": "deals/s"},
        {"benchmark": f"{name}: random playouts (scalar engine)", "value": rate_play,
         "unit": "games/s"},
        {"benchmark": f"{name}: player actions (apply + legal_actions)",
         "value": rate_play * per_game, "unit": "actions/s"},
        {"benchmark": f"{name}: legal_actions at the deal", "value": rate_legal, "unit": "calls/s"},
        {"benchmark": f"{name}: heuristic-bot playouts (scalar engine, every seat a bot)",
         "value": rate_heur, "unit": "games/s"},
        *extra,
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

        if mine == "five_hundred":  # our rollout (both drivers) and the peer, interleaved
            step_loop, step_count = rollout_playouts(n * 4)
            own_loop, own_count = rollout_playouts(n * 4, builtin=True)
            theirs: list[float] = []
            step_rates: list[float] = []
            own_rates: list[float] = []
            for _ in range(2 * max(rounds, 3) + 1):
                theirs.append(timed(py_loop, 1) * count[0] / n)
                step_rates.append(timed(step_loop, 1) * step_count[0] / (n * 4))
                own_rates.append(timed(own_loop, 1) * own_count[0] / (n * 4))
            step_ratio = statistics.median(s / p for s, p in zip(step_rates, theirs))
            own_ratio = statistics.median(o / p for o, p in zip(own_rates, theirs))
            rows += [
                {"benchmark": f"{mine}: player actions, rollout state driven step by step "
                 f"from Python (legal_ids + apply_id), interleaved with OpenSpiel {peer} "
                 "(median)", "value": statistics.median(step_rates), "unit": "actions/s",
                 "ratio": f"×{step_ratio:.2f} vs {peer} (Python-driven)"},
                {"benchmark": f"{mine}: player actions, rollout state, built-in random "
                 f"playout (play_random), interleaved with OpenSpiel {peer} (median)",
                 "value": statistics.median(own_rates), "unit": "actions/s",
                 "ratio": f"×{own_ratio:.2f} vs {peer} (Python-driven)"},
            ]
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
        if mine == "five_hundred":  # the headline: the built-in playout; then step by step
            rate_peer = statistics.median(theirs)
            shown = (f"{mine} ×{own_ratio:.2f} built-in play_random; ×{step_ratio:.2f} "
                     "step by step (legal_ids + apply_id)")
        else:
            rate_peer = rate_py * per_game
            ratio = our_actions / rate_peer if our_actions else 0.0
            shown = f"{mine} ×{ratio:.2f}" if ratio else ""
        rows.append({"benchmark": f"OpenSpiel {peer}: player actions (Python-driven); ratio: "
                     f"{mine}, {RATIO_BASIS[mine]}", "value": rate_peer, "unit": "actions/s",
                     "ratio": shown})
        rows.append({"benchmark": f"OpenSpiel {peer}: C++ loop (evaluate_bots)",
                     "value": rate_cpp, "unit": "games/s"})
    return rows


def _cpp_loop(peer: str) -> Callable[[int], float] | None:
    """A timer of OpenSpiel's C++ loop (``evaluate_bots``, uniform random bots): ``f(n)``
    plays ``n`` games and returns the seconds taken."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    g = pyspiel.load_game(peer)
    bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(g.num_players())]

    def loop(n: int) -> float:
        t0 = time.perf_counter()
        for i in range(n):
            pyspiel.evaluate_bots(g.new_initial_state(), bots, i)
        return time.perf_counter() - t0

    return loop


def sim_rows(quick: bool) -> list[Row]:
    """The batch simulator beside OpenSpiel's C++ loop, hint latency, memory per 10k deals.

    The peer and our batch sizes run interleaved, round by round, and each row is the
    median over rounds: on a shared machine the load moves both sides alike."""
    try:
        import numpy as np

        from cardlab.sim.five_hundred import batch as fh
        from cardlab.sim.officer_skat import batch as osk
    except Exception as err:  # the simulator not importable: say so, do not fail
        return [{"benchmark": "cardlab.sim", "value": f"unavailable ({type(err).__name__})",
                 "unit": ""}]
    sizes = (1_000, 10_000) if quick else (1_000, 10_000, 100_000)
    rounds = 1 if quick else 5
    cpp_games = 300 if quick else 2_000
    rows: list[Row] = []
    for name, peer, contract, module, players in (
            ("five_hundred", "euchre", "7H", fh, 4), ("officer_skat", "skat", "H", osk, 2)):
        game = cardlab.load(name)
        cpp = _cpp_loop(peer)
        cpp_rates: list[float] = []
        setup: dict[int, list[float]] = {size: [] for size in sizes}
        play: dict[int, list[float]] = {size: [] for size in sizes}
        module.seeded_batch(game, np.arange(10), contract, 0)  # tables built before timing
        for _ in range(rounds):
            if cpp is not None:
                cpp_rates.append(cpp_games / cpp(cpp_games))
            for size in sizes:
                seeds = np.arange(size)
                t0 = time.perf_counter()
                batch, streams = module.seeded_batch(game, seeds, contract, seeds % players)
                t1 = time.perf_counter()
                batch.play("random", streams)
                setup[size].append(size / (t1 - t0))
                play[size].append(size / (time.perf_counter() - t1))
        peer_rate = statistics.median(cpp_rates) if cpp_rates else None
        if peer_rate is not None:
            rows.append({"benchmark": f"OpenSpiel {peer}: C++ loop (evaluate_bots), whole "
                         "games incl. deal and bidding, interleaved with the rows below",
                         "value": peer_rate, "unit": "games/s"})
        for size in sizes:
            rate = statistics.median(play[size])
            rows.append({"benchmark": f"{name}: batch random playouts of the play phase, "
                         f"B={size:,}", "value": rate, "unit": "deals/s",
                         "ratio": f"×{rate / peer_rate:.1f} vs {peer} C++" if peer_rate else ""})
            rows.append({"benchmark": f"{name}: batch seeded deals + set-up to the opening "
                         f"lead, B={size:,}", "value": statistics.median(setup[size]),
                         "unit": "deals/s"})
    rows += _hint_rows(rounds)
    rows += _memory_rows(np, fh, osk)
    return rows


def _hint_rows(rounds: int) -> list[Row]:
    from cardlab.sim.five_hundred import batch as fh
    from cardlab.sim.montecarlo import hint

    out: list[Row] = []
    game = cardlab.load("five_hundred")
    st = fh.scalar_start(game, 7, "8S", 1)  # the opening lead: 10 legal cards

    def h500() -> int:
        hint(st, seed=1)
        return 1

    out.append({"benchmark": "hint latency: five_hundred opening lead, 10 cards, n=200",
                "value": 1000 / timed(h500, max(rounds, 3)), "unit": "ms"})
    skat = cardlab.load("officer_skat")
    st2 = skat.deal(seed=4, dealer=0).apply("declare grand")
    while st2.phase != "play":
        st2 = st2.apply(st2.legal_actions()[-1])

    def hskat() -> int:
        hint(st2, seed=1)
        return 1

    out.append({"benchmark": f"hint latency: officer_skat opening lead, "
                f"{len(st2.legal_actions())} cards, n=200",
                "value": 1000 / timed(hskat, max(rounds, 3)), "unit": "ms"})
    from cardlab.sim.pandoeren import batch as pd

    st3 = pd.scalar_start(cardlab.load("pandoeren"), 3, ["bid 130"])

    def hpand() -> int:
        hint(st3, seed=1)
        return 1

    out.append({"benchmark": f"hint latency: pandoeren opening lead after 'bid 130', "
                f"{len(st3.legal_actions())} actions, n=200",
                "value": 1000 / timed(hpand, max(rounds, 3)), "unit": "ms"})
    out += _advice_rows(st, rounds)
    return out


def _advice_rows(st: Any, rounds: int) -> list[Row]:
    """The table's Hint (time to the first bars: round 0 of the hint) and a look back of
    a whole deal the learner played (issue #20: ≤ 150 ms and ≤ 2 s)."""
    from cardlab.bots import bot_for
    from cardlab.sim.advice import look_back
    from cardlab.widgets import Table
    from cardlab.widgets._advice import LOOK_BACK_N, LOOK_BACK_N_OPEN_HANDS

    table = Table(st, seat=st.to_move, bot_delay=0)

    def first_bars() -> int:
        table.hint()
        return 1

    out: list[Row] = [{"benchmark": f"Table Hint: first bars, five_hundred opening lead "
                       f"({len(st.legal_actions())} cards)",
                       "value": 1000 / timed(first_bars, max(rounds, 3)), "unit": "ms",
                       "ratio": "target ≤ 150 ms"}]
    game = cardlab.load("five_hundred")
    s = game.deal(seed=7, dealer=3)
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    decisions = len(look_back(s, [0], n=1).decisions)

    def whole() -> int:
        look_back(s, [0], n=LOOK_BACK_N, n_open_hands=LOOK_BACK_N_OPEN_HANDS)
        return 1

    out.append({"benchmark": f"Look back: a five_hundred deal, {decisions} decisions of N, "
                f"n={LOOK_BACK_N} (open hands: {LOOK_BACK_N_OPEN_HANDS})", "value": timed(whole, max(1, rounds // 2)) ** -1,
                "unit": "s", "ratio": "target ≤ 3 s"})
    return out + _bid_hint_rows(rounds) + _panfin_advice_rows(rounds)


def _bid_hint_rows(rounds: int) -> list[Row]:
    """A Five Hundred bid's first bars (the seed-7 hand of ``00_start_here``) and an opening
    lead's (the seed-3 deal, played by the heuristic bots to its lead): each asked cold, and
    asked once the table, drawn by a front end, has valued that round ahead while the learner
    read the hand (:mod:`cardlab.widgets._hint_ahead`)."""
    from cardlab.bots import bot_for

    game = cardlab.load("five_hundred")
    bid = game.deal(seed=7, dealer=3)
    lead = game.deal(seed=3, dealer=3)
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
    while lead.phase != "play":
        lead = lead.apply(bots[lead.to_move].choose(lead))
    return (_cold_and_ahead(bid, "five_hundred bid (2 deals × 6 strains and a pass searched)", rounds)
            + _cold_and_ahead(lead, f"five_hundred opening lead ({len(lead.legal_actions())} "
                              "cards, 2 layouts)", rounds))


def _cold_and_ahead(st: Any, what: str, rounds: int) -> list[Row]:
    """``st``'s first bars asked cold; the time until the round valued ahead is ready; the
    first bars asked once it is (medians)."""
    from cardlab.widgets import Table

    cold: list[float] = []
    ready: list[float] = []
    click: list[float] = []
    for _ in range(max(rounds, 3)):
        table = Table(st, seat=st.to_move, bot_delay=0)
        t0 = time.perf_counter()
        table.hint()
        cold.append(time.perf_counter() - t0)
        table = Table(st, seat=st.to_move, bot_delay=0)
        t0 = time.perf_counter()
        table.handle({"type": "on_screen"})
        while table._ahead._done is None:  # the learner reads the hand meanwhile
            time.sleep(0.005)
        ready.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        table.hint()
        click.append(time.perf_counter() - t0)
        assert table._ahead.taken == 1
    return [
        {"benchmark": f"Table Hint: first bars, {what}, asked cold",
         "value": 1000 * statistics.median(cold), "unit": "ms", "ratio": "target ≤ 150 ms"},
        {"benchmark": "Table Hint: the same round valued ahead from the learner's turn "
         "(time until ready)", "value": 1000 * statistics.median(ready), "unit": "ms"},
        {"benchmark": f"Table Hint: first bars, {what}, asked once valued ahead",
         "value": 1000 * statistics.median(click), "unit": "ms", "ratio": "target ≤ 150 ms"},
    ]


def _panfin_advice_rows(rounds: int) -> list[Row]:
    """Panfin's exchanges, valued on whole deals sampled from the chooser's view: the first
    bars at the first declarer (three seats declare after it) and the look back of a deal."""
    from cardlab.bots import bot_for
    from cardlab.sim.advice import look_back
    from cardlab.widgets import Table
    from cardlab.widgets._advice import HINT_ROUNDS, LOOK_BACK_N, LOOK_BACK_N_STATES

    game = cardlab.load("panfin")
    st = game.deal(seed=3)
    table = Table(st, seat=st.to_move, bot_delay=0)

    def first_bars() -> int:
        table.hint()
        return 1

    out: list[Row] = [{"benchmark": f"Table Hint: first bars, panfin first declarer "
                       f"({len(st.legal_actions())} options, {HINT_ROUNDS['choice'][0]} sampled "
                       f"deals each)", "value": 1000 / timed(first_bars, max(rounds, 3)),
                       "unit": "ms", "ratio": "target ≤ 150 ms"}]
    me = st.to_move
    s = st
    bots = [bot_for("panfin", "heuristic", seed=i) for i in range(game.players)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    decisions = len(look_back(s, [me], n=1, n_states=1).decisions)

    def whole() -> int:
        look_back(s, [me], n=LOOK_BACK_N, n_states=LOOK_BACK_N_STATES)
        return 1

    out.append({"benchmark": f"Look back: a panfin deal, {decisions} decisions of the first "
                f"declarer, n={LOOK_BACK_N} (exchanges: {LOOK_BACK_N_STATES} sampled deals)",
                "value": timed(whole, max(1, rounds // 2)) ** -1, "unit": "s",
                "ratio": "target ≤ 2 s"})
    return out


def _memory_rows(np: Any, fh: Any, osk: Any) -> list[Row]:
    import tracemalloc

    out: list[Row] = []
    for name, module, contract, players in (("five_hundred", fh, "7H", 4),
                                            ("officer_skat", osk, "H", 2)):
        game = cardlab.load(name)
        seeds = np.arange(10_000)
        module.seeded_batch(game, seeds[:10], contract, 0)  # tables built outside the count
        tracemalloc.start()
        batch, streams = module.seeded_batch(game, seeds, contract, seeds % players)
        held = sum(v.nbytes for v in vars(batch).values() if isinstance(v, np.ndarray))
        batch.play("random", streams)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out.append({"benchmark": f"{name}: memory of a 10k-deal batch (state arrays / peak "
                    "while dealing and playing)", "value": f"{held / 2**20:.1f} / "
                    f"{peak / 2**20:.1f}", "unit": "MiB"})
    return out


def sim_trick_game_rows(quick: bool) -> list[Row]:
    """Pandoeren's play and Panfin's trick phase in the batch simulator: random playouts per
    second from states at the start of the play (the calls before it made on the scalar
    engine, outside the timing), B = 1k and 10k deals (the 1k set tiled)."""
    try:
        import numpy as np

        from cardlab.bots import bot_for
        from cardlab.sim.pandoeren import batch as pd
        from cardlab.sim.panfin import batch as pf
        from cardlab.sim.rng import Streams
    except Exception as err:  # the simulator not importable: say so, do not fail
        return [{"benchmark": "cardlab.sim pandoeren/panfin",
                 "value": f"unavailable ({type(err).__name__})", "unit": ""}]
    rounds = 1 if quick else 5
    rows: list[Row] = []
    for name, batch_cls in (("pandoeren", pd.PandoerenBatch), ("panfin", pf.PanfinBatch)):
        game = cardlab.load(name)
        starts = []
        for s in range(1000):
            bot = bot_for(name, "heuristic", seed=s)
            st = game.deal(seed=s, dealer=s % game.players)
            while not st.is_over and st.phase != "play":
                st = st.apply(bot.choose(st))
            if st.phase == "play":
                starts.append(st)
        base = batch_cls.from_states(starts)
        for size in ((1_000,) if quick else (1_000, 10_000)):
            index = np.arange(size) % base.size

            def run(index: Any = index, base: Any = base) -> int:
                batch = base.take(index)
                batch.play("random", Streams(np.arange(len(index))))
                return len(index)

            rows.append({"benchmark": f"{name}: batch random playouts of the "
                         f"{'play' if name == 'pandoeren' else 'trick'} phase, B={size:,}",
                         "value": timed(run, rounds), "unit": "deals/s"})
    return rows


NOTES = """Notes. Run with `python benchmarks/run.py --markdown benchmarks/RESULTS.md` (OpenSpiel rows
need `pip install ".[bench]"`). All rows come from one process, so the ratios compare like with
like on a shared machine even when the absolute numbers move with the load (a 2-core machine
shared with other jobs varies up to 2×). *Batch random playouts* time the play phase only
(Five Hundred: 40 cards, trump contract 7H; Officer Skat: 32 cards, hearts), from the opening
lead to the last trick, with the random policy that the differential tests prove identical to
`RandomBot` on the scalar engine; dealing and setting up the contract is the separate *set-up*
row. OpenSpiel's `evaluate_bots` rows are whole games with chance nodes for the deal (euchre: 24
cards dealt, bidding, 20 plays; skat: 32 cards, bidding, 30 plays): not the same work, so read
the ratio as simulated deals per second that a study gets from each.
*Scalar engine* rows drive cardlab's immutable, fully checked `State.apply` (every action judged,
with explanations available) against OpenSpiel's C++ states driven from Python. Memory: the
batch's state arrays, and the peak traced by `tracemalloc` while dealing and playing 10k deals.
*Widget* rows: `Table(finished).go(k)` and `cardlab.render.state_svg` at every step of one
finished deal per game (bots bid and play; the longest of seeds 5-14), median per call. *Browser*
rows (`--browser`): one JupyterLab on 127.0.0.1 and headless Debian Chromium; a notebook holds a
bare anywidget counter and a Five Hundred Table in play mode (`bot_delay=0`); clicks alternate
between the two. Each time is taken in the page, from a capture-phase click listener to the
MutationObserver that sees the kernel's reply change `data-value` / `data-step` (the parts: the
websocket frame sent, the largest frame received before the redraw, the redraw). Card clicks
play a legal card (the bots answer at once); at the end of the deal Undo steps back to the start
of play (its own row). The first server is JupyterLab as cardlab installs it: its server
extension `cardlab.serverext` sets TCP_NODELAY on the kernel websocket (jupyter_server does not,
and Nagle's algorithm with delayed ACKs holds a reply back; RECIPES §3). The "plain
jupyter_server" rows repeat it with that extension turned off in a user config."""


def machine() -> str:
    """The machine and versions, for the table's header."""
    import os
    from importlib import metadata

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass

    def version(dist: str) -> str:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return "not installed"

    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average at start {os.getloadavg()[0]:.1f}"
    return (f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} "
            f"{platform.release()}; Python {platform.python_version()}, numpy "
            f"{version('numpy')}, open-spiel {version('open-spiel')}{load}")


def fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:,.2f}"
    return str(v)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a few seconds: smoke run")
    ap.add_argument("--markdown", type=Path, help="also write the table to this Markdown file")
    ap.add_argument("--browser", action="store_true",
                    help="also the browser rows: JupyterLab + /usr/bin/chromium (~1-2 min)")
    args = ap.parse_args(argv)
    host = machine()
    n, rounds = (20, 1) if args.quick else (200, 5)
    rows: list[Row] = []
    ours: dict[str, float] = {}
    for name in cardlab.game_names():
        got = game_rows(name, n, rounds)
        rows += got
        for r in got:
            if "player actions" in r["benchmark"] and isinstance(r["value"], float):
                ours[name] = r["value"]
    rows += render_rows(rounds)
    rows += openspiel_rows(max(n // 2, 10), rounds, ours)
    rows += sim_rows(args.quick)
    rows += sim_trick_game_rows(args.quick)
    from study_bench import study_rows  # beside this file (sys.path[0])

    rows += study_rows(args.quick)
    from widgets_bench import widget_rows  # beside this file (sys.path[0])

    rows += widget_rows(args.quick)
    from solve_bench import solve_rows  # beside this file (sys.path[0])

    rows += solve_rows(args.quick)
    if args.browser:
        from browser_bench import browser_rows

        rows += browser_rows(clicks=10 if args.quick else 50)
    head = ["benchmark", "value", "unit", "ratio"]
    lines = [
        f"cardlab {cardlab.__version__} benchmarks — {datetime.date.today().isoformat()}, "
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{'quick' if args.quick else 'standard'} run ({n} games × {rounds} rounds, medians)",
        "",
        f"Machine: {host}.",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "|".join("---" for _ in head) + "|",
    ]
    for r in rows:
        lines.append("| " + " | ".join(fmt(r.get(h, "")) for h in head) + " |")
    lines += ["", NOTES]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        args.markdown.write_text("# Benchmark results\n\n" + text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
