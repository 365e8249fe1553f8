"""#29: Panfin's choices before the tricks — the declarations (tengo with its exchange,
B2.7; fold; servito), the dealer's choice of the dominant suit (B2.6) and her swap
(B2.10.1) — are valued by good play: on whole deals sampled from the chooser's knowledge,
every seat's heuristic bot declares up to the play, and each deal that reaches the first
lead is valued by the open-hands solver for the chooser's side (its net chips, B2.11), not
by the heuristic play-out; where the solver does not serve every deal, the rollouts do."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from support import twins

import cardlab
import cardlab.sim.panfin as sim_panfin
import cardlab.sim.panfin.open_hands as oh
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64, derive_seed
from cardlab.sim.advice import advise, valued_by, valued_options
from cardlab.sim.panfin.sampling import sample_states
from cardlab.solve.adapter import adapter_for
from cardlab.solve.jit import HAVE_NUMBA

#: without numba the solver's loop runs interpreted, too slow for a hint: the rollouts serve
pytestmark = pytest.mark.skipif(not HAVE_NUMBA, reason="the open-hands coach needs numba")

#: layouts per option: few, each state a whole search (the values are checked one by one)
N = 4


def _choice(players: int, phase: str, seeds: range = range(40)) -> Any:
    """A bot-played deal of ``players`` seats up to its first choice in ``phase`` with two
    options or more (None if no deal of ``seeds`` gets there)."""
    game = cardlab.load("panfin", players=players)
    for seed in seeds:
        s = game.deal(seed=seed, dealer=seed % players)
        bots = [bot_for("panfin", "heuristic", seed=seed * 10 + i) for i in range(players)]
        while not s.is_over and s.phase != "play":
            if s.phase == phase and len(s.legal_actions()) > 1:
                return s
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    return None


#: the moments checked: declarations of 2-6 seats, the dealer's swap and her choice of suit
MOMENTS = [(2, "declare"), (3, "declare"), (4, "declare"), (5, "declare"), (6, "declare"),
           (4, "swap"), (4, "choose")]


def _at_first_lead(t: Any, seed: int) -> Any:
    """Sampled state ``t`` after every seat's heuristic bot (seat ``s`` seeded
    ``derive_seed(seed, s)``) has declared up to the play or the end of the deal."""
    bots: dict[int, Any] = {}
    while not t.is_over and t.phase != "play":
        s = t.to_move
        bots.setdefault(s, bot_for("panfin", "heuristic", seed=derive_seed(seed, s)))
        t = t.apply(bots[s].choose(t), seat=s)
    return t


def _solved(u: Any, seat: int) -> float:
    """``seat``'s net chips in ``u`` under perfect play with every hand open: the solver's
    value where ``seat`` leads; else the search for its side, from the same lead."""
    if u.to_move == seat:
        return cardlab.solve.value(u)
    adapter = adapter_for(u)
    side = adapter.side_of(seat)
    return adapter.final(adapter.search(side, 10_000_000).exact(adapter.root(u)), side)


@pytest.mark.parametrize(("players", "phase"), MOMENTS)
def test_each_sampled_deal_is_valued_by_the_solver(players: int, phase: str) -> None:
    """Every option, on the same sampled deals in the same order: a deal that ended before
    the tricks counts its result; one that reached the first lead counts the solver's value
    for the chooser's side. The coach says "open hands" before and after valuing."""
    s = _choice(players, phase)
    assert s is not None
    kind, options = valued_options(s)
    assert kind == "choice"
    assert valued_by(s) == "open hands"
    advice = advise(s, n=N, seed=7)
    assert advice is not None and advice.method == "open hands"
    assert advice.samples is not None and set(advice.samples) == set(options)
    seat = s.to_move
    side = next(name for name, seats in s.game.sides.items() if seat in seats)
    deals = sample_states(s, N, 7)
    reached = 0
    for a in options:
        for i, t in enumerate(deals):
            u = _at_first_lead(t.apply(a), derive_seed(7, i))
            if u.is_over:
                want = u.result.points[side]
            else:
                want, reached = _solved(u, seat), reached + 1
            assert advice.samples[a][i] == pytest.approx(want), (a, i)
    assert reached > 0  # some deal was played: the solver, not only the results, was asked


def test_the_solver_and_the_play_out_differ_somewhere() -> None:
    """The solver's values are not the heuristic play-out's (else the check above would not
    tell them apart): on some declaration of six seats some option differs."""
    no_solver = replace(sim_panfin.SIMULATOR, open_hands_state=None)
    differ = False
    for seed in (range(0, 10), range(10, 20), range(20, 30)):
        s = _choice(6, "declare", seed)
        assert s is not None
        solved = advise(s, n=N, seed=3)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(sim_panfin, "SIMULATOR", no_solver)
            played = advise(s, n=N, seed=3)
        assert solved is not None and played is not None and played.method == "rollouts"
        differ = differ or solved.values != played.values
    assert differ


def test_the_advice_is_deterministic_and_hides_the_hidden_cards() -> None:
    """The same seed gives the same values; so does a twin deal that differs only in cards
    the chooser cannot see (hidden stays hidden)."""
    s = _choice(4, "declare", range(5, 40))
    assert s is not None
    first = advise(s, n=N, seed=11)
    again = advise(s, n=N, seed=11)
    assert first is not None and again is not None and first.method == "open hands"
    assert first.values == again.values
    found = twins(s, s.to_move, SplitMix64(29))
    assert found
    for twin in found:
        other = advise(twin, n=N, seed=11)
        assert other is not None and other.method == "open hands"
        assert other.values == first.values


def test_a_budget_that_serves_nothing_falls_back_to_the_rollouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the solver's budget on a deal, the whole call is valued by the batch's play-out
    as before (the options stay paired), says so, and counts the deal past its budget."""
    s = _choice(4, "declare")
    assert s is not None
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sim_panfin, "SIMULATOR", replace(sim_panfin.SIMULATOR,
                                                    open_hands_state=None))
        want = advise(s, n=N, seed=2)
    past = oh.STATE_COUNTS["past budget"]
    monkeypatch.setattr(oh, "STATE_BUDGET", 1)
    got = advise(s, n=N, seed=2)
    assert got is not None and want is not None
    assert got.method == "rollouts" and got.values == want.values
    assert oh.STATE_COUNTS["past budget"] > past
