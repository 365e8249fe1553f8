"""Bad input gets a clear, quick error: not a state, a finished deal, a phase without card
play (named), a budget too small (named), a bad budget; the table stays under its cap."""

from __future__ import annotations

import pytest
from solve_support import endgame
from support import random_playout

import cardlab
import cardlab.solve
from cardlab.solve import SolveBudgetExceeded, SolveError
from cardlab.solve.adapter import adapter_for
from cardlab.solve.search import ENTRY_BYTES, Search


def opening(name: str, **opts: object) -> cardlab.State:
    """The first seeded deal of the game that reaches its play, at the opening lead."""
    game = cardlab.load(name, **opts)
    for seed in range(1, 50):
        state = endgame(game, seed, 99)
        if state is not None:
            return state
    raise AssertionError("no played deal")


@pytest.mark.parametrize("thing", [None, "play JD", 7, object()])
def test_not_a_state_is_refused(thing: object) -> None:
    for call in (cardlab.solve.values, cardlab.solve.line, cardlab.solve.par):
        with pytest.raises(SolveError, match="cardlab State"):
            call(thing)  # type: ignore[arg-type]


def test_a_finished_deal_is_refused() -> None:
    done = random_playout(cardlab.load("officer_skat").deal(seed=3), 3)
    with pytest.raises(SolveError, match="finished"):
        cardlab.solve.values(done)
    with pytest.raises(SolveError, match="finished"):
        cardlab.solve.line(done)


@pytest.mark.parametrize("name", cardlab.game_names())
def test_a_phase_without_card_play_is_named(name: str) -> None:
    state = cardlab.load(name).deal(seed=5)
    assert state.phase != "play"
    with pytest.raises(SolveError, match=f"phase '{state.phase}'"):
        cardlab.solve.values(state)


def test_the_auction_is_named_in_words() -> None:
    with pytest.raises(SolveError, match="in the auction"):
        cardlab.solve.values(cardlab.load("five_hundred").deal(seed=7))


def test_par_before_any_card_is_refused() -> None:
    with pytest.raises(SolveError, match="no card"):
        cardlab.solve.par(cardlab.load("five_hundred").deal(seed=7))


@pytest.mark.parametrize("name", cardlab.game_names())
def test_a_tiny_budget_stops_with_the_budget_named(name: str) -> None:
    state = opening(name)
    with pytest.raises(SolveBudgetExceeded, match="node budget of 5 positions") as err:
        cardlab.solve.values(state, budget=5)
    assert err.value.budget == 5 and isinstance(err.value, SolveError)


@pytest.mark.parametrize("budget", [0, -1, 2.5, True, "many"])
def test_a_bad_budget_is_refused(budget: object) -> None:
    with pytest.raises(SolveError, match="budget="):
        cardlab.solve.values(opening("panfin", players=2), budget=budget)  # type: ignore[arg-type]


def test_the_table_stays_under_its_cap_and_the_values_do_not_change() -> None:
    state = endgame(cardlab.load("five_hundred"), 4, 5)
    assert state is not None
    adapter = adapter_for(state)
    side = cardlab.solve.values(state).side
    small = Search(adapter, side, tt_bytes=40 * ENTRY_BYTES)
    position = adapter.root(state)
    got = [small.exact(child) for _, child in small.children(position)]
    assert len(small.tt) <= small.tt_max == 40
    big = Search(adapter, side)
    assert got == [big.exact(child) for _, child in big.children(position)]


def test_values_read_like_a_mapping() -> None:
    state = opening("panfin", players=2)
    v = cardlab.solve.values(state)
    assert list(v) == [str(a) for a in state.legal_actions()]
    assert v.unit == "chips" and v.searched in ("score", "tricks") and v.nodes > 0
    assert set(v.best) <= set(v) and repr(v).startswith("Values({")
