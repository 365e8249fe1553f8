"""The coach values Five Hundred's card plays with the open-hands solver on sampled layouts
(:mod:`cardlab.sim.five_hundred.open_hands`) where it serves, and says so.

* On the true layout, the values are the solver's own (:func:`cardlab.solve.values`), in the
  hint's measure: the mover's side's points minus the other side's.
* Every layout keeps the seat's own hand and the cards it has seen: the values do not
  depend on where the hidden cards really are (two deals that differ only there get the
  same advice; the twins test of ``test_advice.py`` covers every game).
* The forms it does not serve (three and five players, the ghost partners) keep the rollouts.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.sim.advice import advise
from cardlab.sim.five_hundred import open_hands
from cardlab.solve.five_hundred import FiveHundredAdapter


def _played(game: cardlab.Game, seed: int, plays: int) -> cardlab.State | None:
    """A bot-played deal ``plays`` cards into its play, with two or more legal cards."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = [bot_for(game.name, "heuristic", seed=i) for i in range(game.players)]
    done = 0
    while not s.is_over:
        if s.phase == "play":
            if done >= plays and len(s.legal_actions()) > 1:
                return s
            done += 1
        s = s.apply(bots[s.to_move].choose(s))
    return None


@pytest.mark.parametrize("plays", [12, 24, 32])
def test_on_the_true_layout_the_values_are_the_solvers(monkeypatch: pytest.MonkeyPatch,
                                                       plays: int) -> None:
    """Each card's value on the true layout is the deal's end under a perfect line after it
    (``cardlab.solve.line``, played on the engine): the side's points less the other's."""
    game = cardlab.load("five_hundred")
    checked = 0
    for seed in range(1, 30):
        s = _played(game, seed, plays)
        if s is None:
            continue
        truth = np.array([FiveHundredAdapter(s).root(s).hands], dtype=np.uint64)
        monkeypatch.setattr(open_hands, "sample_layouts",
                            lambda state, n, seed, t=truth: np.repeat(t, n, axis=0))
        legal = [str(a) for a in s.legal_actions()]
        got = open_hands.open_hands_values(s, legal, 2, 0)
        assert got is not None
        side = next(n for n, seats in game.sides.items() if s.to_move in seats)
        other = next(n for n in game.sides if n != side)
        for a, v in zip(legal, got):
            end = s.apply(a)
            for step in cardlab.solve.line(end, budget=10**7) if not end.is_over else []:
                end = end.apply(step)
            assert end.result is not None
            want = end.result.points[side] - end.result.points[other]
            assert list(v) == [want, want], (seed, a)
        checked += 1
    assert checked >= 10


def test_the_hint_says_how_it_valued_the_layouts() -> None:
    for players, opts, method in ((4, {}, "open hands"), (3, {}, "rollouts"),
                                  (5, {}, "rollouts")):
        game = cardlab.load("five_hundred", players=players, **opts)
        s = next(x for x in (_played(game, seed, 12) for seed in range(1, 30)) if x)
        advice = advise(s, n=12, seed=0)
        assert advice is not None and advice.method == method, players
        assert all(len(v) == advice.n for v in (advice.samples or {}).values())


def test_every_layout_asked_is_valued_late_in_the_deal() -> None:
    game = cardlab.load("five_hundred")
    s = _played(game, 4, 28)
    assert s is not None
    advice = advise(s, n=40, seed=2)
    assert advice is not None and advice.method == "open hands" and advice.n == 40
