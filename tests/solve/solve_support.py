"""What the solver's tests share: the tables of every registered game, positions reached
from seeded deals, and a brute-force minimax on the teaching engine."""

from __future__ import annotations

from typing import Any

from support import called_to_the_play, table_forms

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State

__all__ = ["FORMS", "form_id", "endgame", "brute_values", "brute_value", "side_of"]

#: every table of every registered game (each player count, each named form)
FORMS: list[tuple[str, dict[str, Any]]] = table_forms()


def form_id(form: tuple[str, dict[str, Any]]) -> str:
    """A test id: the game and its options."""
    name, opts = form
    return name + "".join(f"-{k}={v}" for k, v in sorted(opts.items()))


def endgame(game: cardlab.Game, seed: int, cards_left: int = 3) -> State | None:
    """A seeded deal called to its play by the heuristic bots, then played at random up to
    the first trick start where no hand holds more than ``cards_left`` cards; None when the
    deal is not played (thrown in, decided in the calls) or ends before."""
    state = called_to_the_play(game.deal(seed=seed, dealer=seed % game.players), seed)
    rng = SplitMix64(seed ^ 0x5EED)
    while state.phase == "play":
        trick = state.trick  # type: ignore[attr-defined]
        if (trick is None or not trick.plays) and max(len(h) for h in state.hands) <= cards_left:
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    return None


def side_of(state: State, seat: int) -> str:
    """The name of ``seat``'s side."""
    return next(n for n, seats in state.game.sides.items() if seat in seats)


def brute_value(state: State, side: str, memo: dict[Any, float]) -> float:
    """The open-hands value of ``state`` for ``side`` by plain minimax: every legal action,
    the engine's ``apply``, the finished deal's ``result.points`` of the side; ``side``'s
    seats maximise, all others minimise."""
    if state.is_over:
        assert state.result is not None
        return float(state.result.points[side])
    key = (state.history, side)
    if key in memo:
        return memo[key]
    kids = [brute_value(state.apply(a), side, memo) for a in state.legal_actions()]
    assert state.to_move is not None
    v = max(kids) if state.to_move in state.game.sides[side] else min(kids)
    memo[key] = v
    return v


def brute_values(state: State, memo: dict[Any, float]) -> dict[str, float]:
    """Each legal action → its brute-force value for the mover's side."""
    assert state.to_move is not None
    side = side_of(state, state.to_move)
    return {str(a): brute_value(state.apply(a), side, memo) for a in state.legal_actions()}


def values_without_numba(state: State) -> dict[str, float]:
    """``cardlab.solve.values`` of ``state`` in a fresh process with numba's compiler switched
    off: the same source of the compiled loop, run as plain Python."""
    import json
    import os
    import subprocess
    import sys

    script = ("import cardlab.solve, json, sys\n"
              "from cardlab.engine.record import from_json\n"
              "print(json.dumps(dict(cardlab.solve.values(from_json(sys.argv[1])))))\n")
    out = subprocess.run([sys.executable, "-c", script, state.to_json()], capture_output=True,
                         text=True, env={**os.environ, "NUMBA_DISABLE_JIT": "1"}, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    got: dict[str, float] = json.loads(out.stdout)
    return got
