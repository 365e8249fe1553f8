"""A Monte Carlo hint: which card should the seat to move play?

For each legal play, :func:`hint` deals ``n`` layouts of the cards the seat to
move cannot see, consistent with what it has seen, plays the card and then the
rest of the deal with the batch simulator, and averages the result. The value
of a play is the mover's side's score minus the other side's (Five Hundred:
side points of the deal; Officer Skat: the seat's points minus the
opponent's; Pandoeren: the declaring side's points, counted for the mover if it
is on that side in the layout and against it otherwise, or the mover's own points
under ``scoring="zero_sum_per_opponent"``; Panfin: the mover's net chips), each deal
scored on its own.

Each game's simulator (:class:`~cardlab.sim.simulator.Simulator`, named by the
game's ``GameSpec.simulator``) samples the layouts and values the plays; this
module names no game. What the samplers respect: the seat's own hand, every card
seen (played, face up, the discards if it is the contractor), each hand's size,
and (Five Hundred) the voids players have shown — a seat that failed to follow a
suit gets no card of that effective suit; in misère, under J3, a seat that showed
a void cannot hold the unnominated joker (:mod:`cardlab.sim.sampling_five_hundred`).
Officer Skat: the face-down cards are unknown to both players, so they are
shuffled among the face-down places. Nothing else is inferred (no reading of the
bidding). Pandoeren and Panfin: see :mod:`cardlab.sim.sampling_trick_games` (the
kijkkaart, the called card and the partner, stuk and public roem; the turned-up
card, the cut's Gobbo, the voids).

>>> import cardlab, cardlab.sim
>>> game = cardlab.load("officer_skat")
>>> st = game.deal(seed=4, dealer=0).apply("declare grand")
>>> while st.phase != "play":
...     st = st.apply(st.legal_actions()[-1])
>>> h = cardlab.sim.hint(st, n=64, seed=1)
>>> h["best"] in h["values"] and h["best"] in [str(a) for a in st.legal_actions()]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.sim.simulator import HintValues, simulated_games, simulator_for

__all__ = ["hint", "play_samples", "sample_layouts"]


def hint(state: Any, *, n: int = 200, seed: int = 0, policy: str = "heuristic"
         ) -> dict[str, Any]:
    """The best play for the seat to move by Monte Carlo over ``n`` layouts.

    :returns: ``{"seat", "best" (action string), "values" (action → mean value),
        "stderr" (action → its standard error), "n", "policy"}``; the card plays, in the
        engine's order (a call beside them, such as Officer Skat's Re, is not valued).
        :func:`play_samples` gives each play's value layout by layout.
    :raises NotImplementedError: for a game whose simulator gives no hint.
    """
    samples = play_samples(state, n=n, seed=seed, policy=policy)
    legal = list(samples)
    if len(legal) == 1:
        return {"seat": state.to_move, "best": legal[0], "values": {legal[0]: 0.0},
                "stderr": {legal[0]: 0.0}, "n": 0, "policy": policy}
    means = {a: float(v.mean()) for a, v in samples.items()}
    errs = {a: float(v.std() / np.sqrt(len(v))) for a, v in samples.items()}
    best = max(legal, key=lambda a: means[a])  # ties: the earlier action
    return {"seat": state.to_move, "best": best, "values": means, "stderr": errs, "n": n,
            "policy": policy}


def play_samples(state: Any, *, n: int = 200, seed: int = 0, policy: str = "heuristic"
                 ) -> dict[str, np.ndarray]:
    """Each card play of the seat to move → its value on each of ``n`` layouts (the same
    layouts, in the same order, for every play: so two plays compare layout by layout).
    One legal play gets an empty array (nothing to compare).

    :raises ValueError: outside the play phase.
    :raises NotImplementedError: for a game whose simulator gives no hint.
    """
    if state.phase != "play":
        raise ValueError("hint works in the play phase")
    # the cards are valued; a call that stands beside them (Officer Skat's Re at the
    # opening lead, B-6) is not a card to play out
    legal = [str(a) for a in state.legal_actions() if a.verb == "play"]
    if len(legal) == 1:
        return {legal[0]: np.zeros(0)}
    values = _values_of(state)(state, legal, n, seed, policy)
    return {a: np.asarray(v, dtype=float) for a, v in zip(legal, values)}


def _values_of(state: Any) -> HintValues:
    """The hint function of ``state``'s game's simulator."""
    name = state.game.name
    try:
        values = simulator_for(state.game).hint
    except NotImplementedError:
        values = None
    if values is None:
        raise NotImplementedError(
            f"hint covers {', '.join(simulated_games('hint'))}, not {name}")
    return values


def sample_layouts(state: Any, n: int, seed: int) -> np.ndarray:
    """``n`` layouts of the cards the seat to move in ``state`` cannot see, as the game's
    simulator samples them (Five Hundred: ``(n, 4)`` hand masks, the seat to move's own
    and face-up hands as they are, consistent with sizes and shown voids).

    :raises NotImplementedError: for a game whose simulator offers no layouts of its own.
    """
    name = state.game.name
    try:
        sampler = simulator_for(state.game).sample_layouts
    except NotImplementedError:
        sampler = None
    if sampler is None:
        raise NotImplementedError(f"sample_layouts covers "
                                  f"{', '.join(simulated_games('sample_layouts'))}, not {name}")
    return sampler(state, n, seed)
