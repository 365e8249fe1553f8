"""Widget benchmark rows for ``benchmarks/run.py``: the Python cost of one step.

Two rows per game, over every step of one finished deal (bots bid and play):

* *Table view per step*: ``Table(finished).go(k)`` for each step ``k`` — the
  view the widget publishes (engine view, card legality with reasons,
  narration, trait assignment), which is what a click on a step button costs
  the kernel before the reply leaves.
* *static SVG per step*: ``cardlab.render.state_svg`` of the state at each step —
  the picture shown on GitHub/nbviewer and when widgets cannot load.

Each value is the median over all steps (and rounds) of one call, in ms; the
slowest step is given beside it. Benchmarks are not tests: nothing asserts on time.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import cardlab

Row = dict[str, Any]

#: the finished deal per game is the longest of these seeded deals (fixed so runs compare;
#: some seeds end at once, e.g. everybody passes in Pandoeren or Panfin's showdown)
SEEDS = range(5, 15)


def finished_deal(name: str, seed: int) -> Any:
    """A finished deal of ``name``: every seat played by a seeded bot (heuristic where the
    game has one, else random), so the record holds an auction and a full play."""
    from cardlab.bots import RandomBot, bot_for, play_out

    game = cardlab.load(name)
    state = game.deal(seed=seed, dealer=0)
    bots: list[Any] = []
    for seat in range(game.players):
        try:
            bots.append(bot_for(name, "heuristic", seed=seat))
        except (ImportError, AttributeError):
            bots.append(RandomBot(seed=seat))
    return play_out(state, bots)


def _per_step_ms(fn: Any, steps: int, rounds: int) -> list[float]:
    """Times of ``fn(k)`` for every step ``k`` in 0..steps, ``rounds`` times, in ms."""
    out: list[float] = []
    for _ in range(rounds):
        for k in range(steps + 1):
            t0 = time.perf_counter()
            fn(k)
            out.append((time.perf_counter() - t0) * 1000)
    return out


def widget_rows(quick: bool = False) -> list[Row]:
    """Table view and static SVG per step, for each of the four games."""
    try:
        from cardlab.render import state_svg
        from cardlab.widgets import Table
    except Exception as err:  # widgets extra not installed: say so, do not fail
        return [{"benchmark": "widgets", "value": f"unavailable ({type(err).__name__}: {err})",
                 "unit": ""}]
    rounds = 1 if quick else 3
    rows: list[Row] = []
    for name in cardlab.game_names():
        try:
            final = max((finished_deal(name, seed) for seed in SEEDS),
                        key=lambda st: len(st.history))
        except Exception as err:  # a game not landed yet is reported, not fatal
            rows.append({"benchmark": f"{name}: widgets", "value":
                         f"unavailable ({type(err).__name__})", "unit": ""})
            continue
        chain = final.states()
        steps = len(chain) - 1
        table = Table(final, seat=0, mode="review")
        table.go(steps)  # warm: narration sentences are memoised per state, as in real use
        table.go(0)
        views = _per_step_ms(table.go, steps, rounds)
        svgs = _per_step_ms(lambda k, c=chain: state_svg(c[k]), steps, rounds)
        t0 = time.perf_counter()
        Table(final, seat=0, mode="review")
        build = (time.perf_counter() - t0) * 1000
        rows.append({"benchmark": f"{name}: Table view per step (go(k), {steps} steps, "
                     f"seat 0; first build {build:.1f} ms)",
                     "value": statistics.median(views), "unit": "ms (median)",
                     "ratio": f"max {max(views):.1f} ms"})
        rows.append({"benchmark": f"{name}: static SVG per step (state_svg)",
                     "value": statistics.median(svgs), "unit": "ms (median)",
                     "ratio": f"max {max(svgs):.1f} ms"})
    rows += click_rows(rounds)
    return rows


def play_start() -> Any:
    """Five Hundred at the start of play, as in the browser benchmark's notebook: the first
    seeded deal the heuristic bots bid to a suit contract."""
    from cardlab.bots import bot_for

    game = cardlab.load("five_hundred")
    for seed in range(1, 50):
        state = game.deal(seed=seed, dealer=3)
        bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
        while state.phase not in ("play", "done"):
            state = state.apply(bots[state.to_move].choose(state))
        if state.phase == "play" and state.view(None)["trump"]:
            return state
    raise RuntimeError("no suit contract in seeds 1-49")


def click_rows(rounds: int) -> list[Row]:
    """The kernel's share of a browser click: ``Table.handle`` of a card (engine, the three
    bots' answers, the new view, the trait assignment) and of Undo, without a front end."""
    import json

    from cardlab.widgets import Table

    state = play_start()
    table = Table(state, seat=state.to_move, mode="play", bot_delay=0)
    start = table.step
    plays: list[float] = []
    undos: list[float] = []
    sizes: list[int] = []
    for _ in range(rounds):
        while not table.state.is_over:
            card = next(c for c, i in table.view["card_info"].items()
                        if i.get("legal") and i.get("owner") == table.seat)
            t0 = time.perf_counter()
            table.play(card)
            plays.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(json.dumps(table.view)))
        while table.step != start:
            t0 = time.perf_counter()
            table.undo()
            undos.append((time.perf_counter() - t0) * 1000)
    return [
        {"benchmark": "five_hundred: Table card click in play mode, Python side only "
         f"(handle: play + bots answer + view; view JSON ~{statistics.median(sizes) / 1024:.1f} "
         "KiB)", "value": statistics.median(plays), "unit": "ms (median)",
         "ratio": f"max {max(plays):.1f} ms"},
        {"benchmark": "five_hundred: Table Undo in play mode, Python side only",
         "value": statistics.median(undos), "unit": "ms (median)",
         "ratio": f"max {max(undos):.1f} ms"},
    ]


if __name__ == "__main__":
    for r in widget_rows():
        print(r)
