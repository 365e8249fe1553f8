"""Differential tests: the batch simulator and the scalar engine agree deal for deal.

Both sides deal from the same seeds, reach the opening lead the same way (a fixed
contract and contractor, the simulator's discard rule, a fixed joker nomination), and
play with the same random policy: every seat takes the k-th legal action,
``k = randbelow(#legal)``, from one SplitMix64 stream per deal seeded
``play_seed(seed)`` — on the scalar side that is ``RandomBot(play_seed(seed))``. The
tricks' winners and the scores must be identical.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.games.officer_skat.scoring import SCORING_VARIANTS
from cardlab.sim.five_hundred import batch as fh
from cardlab.sim.officer_skat import batch as osk
from cardlab.sim.rng import PLAY_STREAM, Streams, derive_seeds, play_seed


def _scalar_play(state, seed):
    rng = SplitMix64(play_seed(seed))
    while not state.is_over:
        legal = state.legal_actions()
        state = state._successor(legal[rng.randbelow(len(legal))])  # legal by construction
    return state


def _masks(game, hands):
    return [sum(1 << game.deck.index(c) for c in h) for h in hands]


def _check_500(game, seeds, calls, noms):
    decl = np.array([i % 4 for i in range(len(seeds))])
    hands, kitty = fh.deal_batch(game, seeds, decl)
    batch = fh.start_play(game, hands, kitty, calls, decl, noms)
    start = batch.hands.copy()
    batch.play("random", Streams(derive_seeds(seeds, PLAY_STREAM)), record=True)
    scores = batch.scores()
    for b, s in enumerate(seeds):
        dealt = game.deal(seed=s, dealer=int(decl[b]))
        assert _masks(game, dealt.hands) == hands[b].tolist()
        st = fh.scalar_start(game, s, calls[b], int(decl[b]), noms[b])
        assert _masks(game, st.hands) == start[b].tolist(), (s, "discard")
        st = _scalar_play(st, s)
        assert [t.winner for t in st.tricks] == [w for w in batch.winners[b] if w >= 0], s
        assert [st.result.points["NS"], st.result.points["EW"]] == scores[b].tolist(), s
        assert bool(st.result.made) == bool(batch.made()[b])


def test_five_hundred_batch_equals_engine_over_1260_deals() -> None:
    """5H-7 / 5H-8: trump, NT (joker nominated or not) and misère contracts, default rules."""
    game = cardlab.load("five_hundred")
    calls = ["7H", "6S", "8NT", "misere", "9C", "7NT", "open_misere", "10D", "8NT"]
    noms = [None, None, None, None, None, "H", None, None, "S"]
    n = 1260
    seeds = list(range(n))
    _check_500(game, seeds, [calls[i % 9] for i in range(n)], [noms[i % 9] for i in range(n)])


@pytest.mark.parametrize("options", [
    {"joker_lead_nomination": "not_shown_void", "misere_void_must_play_joker": False},
    {"joker_after_all_suits_led": "no_play_before_last_trick", "joker_lead_only_last_trick": True},
    {"joker_lead_nomination": "any", "joker_after_all_suits_led": "none",
     "stop_misere_on_first_trick_won": False, "slam_minimum": 0},
])
def test_five_hundred_play_options_match_engine(options) -> None:
    """5H-12: the joker and misère play options change the batch exactly as the engine."""
    game = cardlab.load("five_hundred", **options)
    calls = ["7NT", "misere", "10NT", "6H"]
    n = 100
    seeds = list(range(5000, 5000 + n))
    _check_500(game, seeds, [calls[i % 4] for i in range(n)], [None] * n)


def _check_skat(game, seeds, contracts, kontra, re, rescore=()):
    dealer = np.array([i % 2 for i in range(len(seeds))])
    piles = osk.deal_batch(game, seeds, dealer)
    batch = osk.start_play(game, piles, contracts, dealer, kontra, re)
    batch.play("random", Streams(derive_seeds(seeds, PLAY_STREAM)))
    scores = batch.scores()
    rescored = [batch.scores(**o) for o in rescore]
    for b, s in enumerate(seeds):
        dealt = game.deal(seed=s, dealer=int(dealer[b]))
        assert [[[game.deck.index(c) for c in pair] for pair in row]
                for row in dealt.layout.piles] == piles[b].tolist()
        re_b = bool(re[b]) if isinstance(re, list) else re
        st = osk.scalar_start(game, s, contracts[b], int(dealer[b]), kontra, re_b)
        st = _scalar_play(st, s)
        assert [t.winner for t in st.tricks] == [w for w in batch.winners[b] if w >= 0], s
        assert list(st.result.seat_points) == scores[b].tolist(), s
        for opts, sc in zip(rescore, rescored):
            assert list(game.score_deal(st, **opts).seat_points) == sc[b].tolist(), (s, opts)


def test_officer_skat_batch_equals_engine_over_1200_deals() -> None:
    """OS-5 / OS-7: suit games, Grand and Null, with and without Kontra/Re; every scoring
    method rescored by the batch equals game.score_deal."""
    game = cardlab.load("officer_skat")
    kinds = ["C", "S", "H", "D", "grand", "null"]
    n = 600
    rescore = [v for k, v in SCORING_VARIANTS.items() if k != "card_points"] + [
        {"schneider": "le30", "schwarz": "no_tricks", "matadors": "full_trump_sequence",
         "loss_factor": 1, "kontra_scope": "game_value_only",
         "scoring_method": "base_doubled_schneider"}]
    _check_skat(game, list(range(n)), [kinds[i % 6] for i in range(n)], False, False, rescore)
    _check_skat(game, list(range(n, 2 * n)), [kinds[i % 6] for i in range(n)], True,
                [i % 2 == 0 for i in range(n)], rescore[:2])


def test_officer_skat_null_no_tricks_and_ramsch_match_engine() -> None:
    """OS-6.4 null_mode no_tricks (the deal stops at the declarer's first trick) and B-2
    Ramsch (both pass)."""
    game = cardlab.load("officer_skat", null_mode="no_tricks", pass_allowed=True,
                        ramsch_allowed=True)
    kinds = ["null", "ramsch", "grand"]
    n = 150
    _check_skat(game, list(range(9000, 9000 + n)), [kinds[i % 3] for i in range(n)], False,
                False)
