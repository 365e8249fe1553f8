"""Pandoeren property tests: random playouts keep the shared invariants, and every deal
played to the last trick accounts for all 146 (trumps) or 113 (no trumps) card points."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pandoeren_helpers import load
from support import candidate_actions, check_playout, legal_strs

from cardlab.bots import bot_for, play_out
from cardlab.engine.rng import SplitMix64

OPTION_SETS = [{}, {"preset": "butselaar"},
               {"pass_is_final": False, "roem_announce": "manual", "stop_when_decided": False},
               {"undertrump": "allowed", "overtrump_on_trump_lead": True,
                "jas_never_forced": False, "rank_order": "klaverjas"},
               {"trump_while_able_to_follow": False, "scoring": "zero_sum_per_opponent",
                "kereltje_own_jas": "play_alone", "roem_card_reuse": False}]


def views_hide(state):
    """Each seat's view shows none of the cards hidden from it, except in the mover's own
    list of legal calls: 'call AS' names a card the declarer does not hold (A2.7.3), so
    the shared checker's token test would flag it although it reveals no whereabouts."""
    for seat in range(4):
        view = state.view(seat)
        if state.phase == "call":
            view = {**view, "legal": []}
        text = json.dumps(view)
        for c in state.hidden_cards(seat):
            assert f'"{c}"' not in text, (seat, str(c))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_check_playout_random_deals(options):
    """A2.5-A2.11: the shared invariants hold over seeded random deals of each option set."""
    game = load(**options)
    for seed in range(6):
        state = check_playout(game, seed, explain_every=2, hidden_check=False)
        views_hide(state)


def sweep(game, bid, seed):
    """Forehand bids ``bid``, the others pass, then random legal actions to the end,
    checking explain ⇔ legal and the views on the way."""
    rng = SplitMix64(seed)
    state = game.deal(seed=seed, dealer=seed % 4).apply(f"bid {bid}")
    while state.phase == "auction":
        state = state.apply("pass")
    while not state.is_over:
        legal = legal_strs(state)
        for cand in candidate_actions(state):
            assert state.explain(cand).legal == (cand in legal), cand
        views_hide(state)
        state = state.apply(rng.choice(legal))
    return state


CONTRACTS = ["130", "piccolo", "misere", "kereltje", "zwabber", "solo_zwabber",
             "piccolo_ouvert", "250", "misere_ouvert", "stil_praatje", "pandoer", "pandoer+40",
             "praatje", "prive"]


@pytest.mark.parametrize("bid", CONTRACTS)
def test_a2_3_every_contract_accounts_for_all_card_points(bid):
    """A2.3 / P-A18: in every deal played to the last trick the card points taken plus the
    discard are 146 with trumps and 113 without; only the declaring side scores (A2.11)."""
    game = load(stop_when_decided=False)
    for seed in range(3):
        state = sweep(game, bid, seed)
        res = state.result
        assert len(state.tricks) == 8
        total = sum(res.figures["card_points"].values()) + res.figures["discard_points"]
        assert total == (146 if state.trump else 113)
        assert (state.trump is None) == (bid in ("zwabber", "solo_zwabber"))
        team = set(state.team())
        assert all(v == 0 for s, v in enumerate(res.seat_points) if s not in team)
        assert len({res.seat_points[s] for s in team}) == 1


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.integers(0, len(CONTRACTS) - 1))
def test_zero_sum_variant_sums_to_zero(seed, k):
    """P-A19: under scoring='zero_sum_per_opponent' every deal's points sum to 0."""
    state = sweep(load(scoring="zero_sum_per_opponent"), CONTRACTS[k], seed)
    assert sum(state.result.seat_points) == 0
    assert state.is_over and state.legal_actions() == []


def test_heuristic_bots_play_whole_deals():
    """The heuristic bot finds a legal action in every phase, for every seat."""
    bots = [bot_for("pandoeren", seed=i) for i in range(4)]
    for options in OPTION_SETS:
        game = load(**options)
        for seed in range(6):
            state = play_out(game.deal(seed=seed, dealer=seed % 4), bots)
            assert state.is_over and state.result is not None
