"""Pandoeren's compiled search (:mod:`cardlab.solve.pandoeren_core`) gives the generic
alpha-beta's values (:mod:`cardlab.solve.search` over the engine's states) on every legal
action, in every contract kind, under every named form from the registry and the options
that change the play or the score.

Each deal is called to its play with one contract (the forehand bids it, the others pass;
the exchange, trumps and the call are seeded choices), played at random (the contract kept
open where a card can) to the first trick start where no hand holds more than :data:`CARDS` cards, and from there along a random
path to its end: at every position on it (cards and announcements), every legal action's
compiled value must equal the generic search's (which ``test_exact.py`` checks against a
brute force). ``CARDLAB_SOLVE_SCALE`` multiplies the deals, as in ``test_exact.py``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from solve_support import endgame, side_of
from support import called_to_the_play, table_forms

import cardlab
import cardlab.solve
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.solve.adapter import adapter_for
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.pandoeren import CompiledSearch
from cardlab.solve.search import Search

SCALE = int(os.environ.get("CARDLAB_SOLVE_SCALE", "1"))
#: the most cards a hand holds where the comparison starts
CARDS = 3
#: every contract kind (a number bid twice: low and high)
BIDS = ("120", "170", "piccolo", "misere", "kereltje", "zwabber", "solo_zwabber",
        "piccolo_ouvert", "misere_ouvert", "stil_praatje", "pandoer", "pandoer+20", "praatje",
        "prive")
#: contracts the random deals rarely keep open to the last tricks (the declarer alone
#: must win all 8)
ALONE_ALL = frozenset({"prive", "solo_zwabber"})
#: the named forms of the registry, and the options that change the play or the score
OPTIONS: list[dict[str, Any]] = [opts for _, opts in table_forms("pandoeren")] + [
    {"roem_announce": "manual"},
    {"roem_announce": "manual", "stuk_deadline": "before_first_card", "roem_denial": False},
    {"scoring": "zero_sum_per_opponent"},
    {"preset": "butselaar"},
    {"stop_when_decided": False, "piccolo_objective": "any_one_trick"},
    {"piccolo_objective": "first_trick_with_jas", "kereltje_own_jas": "play_alone"},
    {"overtrump_on_trump_lead": True, "trump_while_able_to_follow": False,
     "jas_never_forced": False, "undertrump": "allowed"},
    {"rank_order": "klaverjas", "roem_card_reuse": False, "zwabber_partner": "first_trick_winner",
     "scoring": "zero_sum_per_opponent"},
]
#: deals per contract kind and options (in the first 450 seeds)
DEALS = 3

pytestmark = pytest.mark.skipif(not HAVE_NUMBA, reason="the compiled search needs numba")


def contract_deal(game: cardlab.Game, seed: int, bid: str) -> State | None:
    """A seeded deal in its play with contract ``bid`` (the first seat that may bid it does,
    every other call a pass; the declarer's choices are seeded), played at random to the
    first trick start where no hand holds more than :data:`CARDS` cards (the contract still
    open where a path keeps it so); None where the deal ends before."""
    state = game.deal(seed=seed, dealer=seed % 4)
    rng = SplitMix64(seed ^ 0xC0DE)
    while state.phase == "auction":
        calls = [str(a) for a in state.legal_actions()]
        state = state.apply(f"bid {bid}" if f"bid {bid}" in calls else "pass")
    if state.phase == "done":
        return None
    while state.phase not in ("play", "done"):
        state = state.apply(rng.choice(state.legal_actions()))
    while state.phase == "play":
        trick = state.trick  # type: ignore[attr-defined]
        if not trick.plays and max(len(h) for h in state.hands) <= CARDS:
            return state
        # a card that keeps the deal going where there is one (a trick objective would
        # mostly end the deal early under random play)
        legal = state.legal_actions()
        state = state.apply(rng.choice([a for a in legal if not state.apply(a).is_over]
                                       or legal))
    return None


def compare(state: State) -> int:
    """Compare the two searches at every position from ``state`` to the end on a random
    path; the positions compared."""
    rng = SplitMix64(len(state.history))
    checked = 0
    while not state.is_over:
        assert cardlab.solve.compiled(state)
        adapter = adapter_for(state)
        side = side_of(state, adapter.to_move(state))
        fast = adapter.search(side, 10**7)
        assert isinstance(fast, CompiledSearch)
        slow = Search(adapter, side, 10**7)
        for group, child in slow.children(state):
            want = slow.exact(child)
            got = fast.exact(child)
            assert got == want, ([str(a) for a in state.history], [str(a) for a in group])
        got_values = cardlab.solve.values(state)
        assert set(got_values) == {str(a) for a in state.legal_actions()}
        checked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    return checked


@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in
                                                                 sorted(o.items())) or "default")
def test_compiled_values_equal_the_generic_search(opts: dict[str, Any]) -> None:
    game = cardlab.load("pandoeren", **opts)
    ladder = set(game.ladder.calls)
    for bid in BIDS:
        if bid not in ladder:
            continue
        deals = seed = 0
        while deals < SCALE * DEALS and seed < 150 * SCALE * DEALS:
            seed += 1
            state = contract_deal(game, seed, bid)
            if state is None:
                continue
            deals += 1
            assert compare(state) > 0
        # the declarer alone winning every trick rarely lasts to the last tricks
        assert deals >= (0 if bid in ALONE_ALL else 1), (bid, opts)


@pytest.mark.parametrize("seed", range(1, 11))
def test_bot_called_deals_four_cards(seed: int) -> None:
    """Deals called by the heuristic bots (number bids mostly), from four cards a hand."""
    game = cardlab.load("pandoeren")
    state = called_to_the_play(game.deal(seed=seed, dealer=seed % 4), seed)
    rng = SplitMix64(seed)
    while state.phase == "play":
        trick = state.trick  # type: ignore[attr-defined]
        if not trick.plays and max(len(h) for h in state.hands) <= 4:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase == "play":
        assert compare(state) > 0


def test_a_tiny_budget_stops_the_compiled_search() -> None:
    game = cardlab.load("pandoeren")
    state = next(s for s in (endgame(game, seed, 99) for seed in range(1, 40)) if s is not None)
    with pytest.raises(cardlab.solve.SolveBudgetExceeded, match="node budget of 2 positions"):
        cardlab.solve.values(state, budget=2)
