"""Officer Skat property tests: the shared playout checker over seeds and option sets, and
many random deals per game type checked against the rules from the outside (OS-2.2, OS-5.1,
OS-5.2, OS-5.3, B-24)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import check_playout

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.games.officer_skat.rules import CARD_POINTS

OPTION_SETS = [
    {},
    {"pass_allowed": True, "ramsch_allowed": True},
    {"choose_after_face_up": 8, "re_window": "until_opening_lead"},
    {"null_mode": "no_tricks", "null_value": 46, "faces": "german"},
    {"scoring_method": "card_points", "kontra_re": False},
    {"scoring_method": "match_points", "pass_allowed": True, "schwarz": "no_tricks"},
    {"scoring_method": "base_doubled_schneider", "matadors": "full_trump_sequence",
     "game_value": "isko_levels", "null_allowed": False},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("seed", range(2))
def test_check_playout_option_sets(options, seed):
    """The shared invariants (immutability, explain ⇔ legal, hidden cards, records)."""
    check_playout(cardlab.load("officer_skat", **options), seed)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choose=st.sampled_from([4, 8]),
       passing=st.booleans(), kontra=st.booleans())
def test_check_playout_hypothesis(seed, choose, passing, kontra):
    """The shared invariants over random seeds and option combinations."""
    game = cardlab.load("officer_skat", choose_after_face_up=choose, pass_allowed=passing,
                        ramsch_allowed=passing, kontra_re=kontra)
    check_playout(game, seed, explain_every=4)


def face_down_now(state) -> set[str]:
    """Face-down cards worked out from the layout and the completed tricks alone: a bottom
    card is face down until its cover was played in a *completed* trick (OS-5.3)."""
    done = {c for t in state.tricks for c in t.cards}
    return {down.code for seat in state.layout.piles for down, up in seat
            if up not in done and down not in done}


def play_random_checked(state, rng, check_views: bool):
    """Random legal play; each card played must be face up by the rules (OS-5.2, OS-5.3)."""
    piles = state.layout.piles
    under = {down: up for seat in piles for down, up in seat}
    while not state.is_over:
        acts = state.legal_actions()
        if check_views:
            hidden = face_down_now(state)
            for seat in (0, 1):
                text = json.dumps(state.view(seat))
                assert not [c for c in hidden if f'"{c}"' in text]
        act = acts[rng.randbelow(len(acts))]
        if act.verb == "play":
            card = state.game.deck.parse(act.args[0])
            if card in under:
                done = {c for t in state.tricks for c in t.cards}
                assert under[card] in done, f"{card} played while covered"
        state = state.apply(act)
    return state


CONTRACTS = ["C", "S", "H", "D", "grand", "null", "ramsch"]


@pytest.mark.parametrize("contract", CONTRACTS)
def test_many_random_deals_per_game_type(contract):
    """OS-2.2 / OS-5.1 / OS-5.2 / OS-5.3 / B-24 over 80 deals per game type: 16 tricks (a
    Null lost early under no_tricks excepted), 120 card points, only uncovered cards played,
    face-down cards never in a player's view."""
    random_deals(contract, 80)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CARDLAB_SOAK"), reason="set CARDLAB_SOAK=1 to soak")
@pytest.mark.parametrize("contract", CONTRACTS)
def test_soak_thousands_of_deals_per_game_type(contract):
    """OS-2.2 / OS-5.2 / OS-5.3 / B-24: as above over 3000 deals per game type (a soak)."""
    random_deals(contract, 3000)


def random_deals(contract: str, n: int) -> None:
    """Play ``n`` random deals of ``contract`` and check them from the outside."""
    game = cardlab.load("officer_skat", ramsch_allowed=True,
                        null_mode="no_tricks" if contract == "null" else "fewest_points")
    rng = SplitMix64(CONTRACTS.index(contract))
    for seed in range(n):
        state = game.deal(seed=seed * 7 + 1, dealer=seed % 2).apply(f"declare {contract}")
        final = play_random_checked(state, rng, check_views=seed % 10 == 0)
        pts = final.card_points
        assert sum(CARD_POINTS[c.rank] for t in final.tricks for c in t.cards) == sum(pts)
        if contract == "null" and len(final.tricks) < 16:
            assert final.tricks[-1].winner == final.declarer and not final.result.made
        else:
            assert len(final.tricks) == 16 and sum(pts) == 120
        r = final.result
        assert r is not None and r.contract == contract
        if contract != "ramsch":
            assert r.seat_points[1 - final.declarer] == 0  # only the declarer's score moves
